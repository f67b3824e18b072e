"""The regelwerk command, through Typer's test runner."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from regelwerk.engine import shipped_variants

PASSING = """\
game: okavango
players: [anna, bram]
state:
  zones:
    reserve: {anna: {lion: 3}}
    waterhole-4: {meerkat: 1}
steps:
  - move: {action: drink, area: waterhole-4, herd: {lion: 3}}
    expect:
      zones: {waterhole-4: {lion: 3}, reserve: {anna: {meerkat: 1}}}
      scores: {anna: 0}
"""


def _scenario(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_help_lists_the_commands(cli):
    code, out, _ = cli("--help")
    assert code == 0
    for command in ("play", "games", "rules", "scenario"):
        assert command in out


def test_scenario_that_holds_exits_0(cli, tmp_path):
    code, out, err = cli("scenario", "run", str(_scenario(tmp_path, PASSING)))
    assert (code, err) == (0, "")
    assert out == f"ok {tmp_path / 's.yaml'} (1 step)\n"


def test_failed_expectation_exits_1_and_says_where(cli, tmp_path):
    path = _scenario(tmp_path, PASSING.replace("scores: {anna: 0}", "scores: {anna: 4}"))
    code, _, err = cli("scenario", "run", str(path))
    assert code == 1
    assert f"{path}:8: step 1: the score of anna differs" in err
    assert "expected: 4" in err and "actual:   0" in err


def test_refused_move_exits_1_with_the_reason(cli, tmp_path):
    path = _scenario(tmp_path, PASSING.replace("herd: {lion: 3}}", "herd: {lion: 4}}"))
    code, _, err = cli("scenario", "run", str(path))
    assert code == 1
    assert "step 1: the move was refused: you do not have" in err


def test_rejected_move_that_is_accepted_fails(cli, tmp_path):
    path = _scenario(tmp_path, PASSING.replace("    expect:", "    rejected: true\n    expect:"))
    code, _, err = cli("scenario", "run", str(path))
    assert code == 1
    assert "accepted, but it should be refused" in err


def test_invalid_scenario_exits_2_with_a_location(cli, tmp_path):
    path = _scenario(tmp_path, PASSING.replace("herd: {lion: 3}", "herd: {lino: 3}"))
    code, _, err = cli("scenario", "run", str(path))
    assert code == 2
    assert err.startswith(f"{path}:8:") and "unknown kind 'lino'" in err


def test_unaccounted_bag_is_invalid(cli, tmp_path):
    path = _scenario(tmp_path,
                     PASSING.replace("    waterhole-4:", "    bag: [lion]\n    waterhole-4:"))
    code, _, err = cli("scenario", "run", str(path))
    assert code == 2
    assert "not listed anywhere" in err and "zebra" in err


def test_invalid_wins_over_failed(cli, tmp_path):
    good = _scenario(tmp_path, PASSING.replace("scores: {anna: 0}", "scores: {anna: 4}"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: nowhere\nplayers: [a, b]\nsteps: []\n", encoding="utf-8")
    code, _, err = cli("scenario", "run", str(good), str(bad))
    assert code == 2
    assert "unknown game 'nowhere'" in err


def test_validate_shipped_rules(cli, okavango_file):
    files = [str(okavango_file), *map(str, shipped_variants("okavango"))]
    code, out, err = cli("rules", "validate", *files)
    assert (code, err) == (0, "")
    assert out.count("valid:") == len(files) >= 3


def test_schema_is_json_schema(cli):
    from jsonschema import Draft202012Validator

    for kind in ("ruleset", "variant", "scenario"):
        code, out, _ = cli("rules", "schema", kind)
        assert code == 0
        schema = json.loads(out)
        assert schema["$schema"].endswith("2020-12/schema")
        Draft202012Validator.check_schema(schema)
    code, _, err = cli("rules", "schema", "board")
    assert code == 2 and "ruleset, variant, scenario" in err


def test_games_lists_okavango_and_its_variants(cli):
    code, out, _ = cli("games")
    assert code == 0
    assert "okavango" in out and "small-savanna" in out and "generous-river" in out


def test_bots_play_a_whole_game(cli, tmp_path):
    log = tmp_path / "game.json"
    code, out, _ = cli("play", "okavango", "--players", "bot:random,bot:greedy", "--seed", "3",
                       "--save", str(log))
    assert code == 0
    assert "The game is over." in out and "Winner" in out
    assert f"The game log is in {log}." in out
    code, told, _ = cli("replay", str(log))
    assert code == 0 and told.splitlines()[-1].startswith("Winner")


@pytest.mark.parametrize("command", [["play", "connect-four", "--players", "bot:easy,bot:easy"],
                                     ["rules", "show", "connect-four"],
                                     ["simulate", "connect-four", "--games", "1"]])
def test_a_variant_of_another_game_is_refused(cli, tmp_path, command):
    """A No Thanks! variant named with Connect Four would play or tell No Thanks!."""
    variant = tmp_path / "fewer-chips.yaml"
    variant.write_text("format: 1\nvariant: fewer-chips\nbase: no-thanks\nchanges:\n"
                       "  setup:\n    chips: {count: 5}\n", encoding="utf-8")
    code, _, err = cli(*command, "--variant", str(variant))
    assert code == 2 and f"'{variant}' is not a variant of connect-four" in err


@pytest.mark.parametrize("command", [["rules", "validate"], ["rules", "show", "okavango", "--variant"],
                                     ["play", "okavango", "--players", "bot:easy,bot:easy",
                                      "--variant"]])
def test_a_variant_that_changes_the_games_id_is_refused(cli, tmp_path, command):
    """A variant with another id would be told and saved as another game, and refused by
    the commands that ask which game it belongs to: it is refused by every one, at once."""
    variant = tmp_path / "renamed.yaml"
    variant.write_text("format: 1\nvariant: renamed\nbase: okavango\nchanges:\n  id: other\n",
                       encoding="utf-8")
    code, _, err = cli(*command, str(variant))
    assert code == 2 and f"{variant}:5:7: changes.id: a variant cannot change the game's id" in err


def test_unknown_language_is_refused(cli):
    code, _, err = cli("play", "okavango", "--lang", "it")
    assert code == 2
    assert "nl, fr, de, en, es" in err


def test_a_resumed_game_goes_on_as_it_would_have(cli, tmp_path):
    whole = tmp_path / "whole.json"
    cli("play", "okavango", "--players", "bot:greedy,bot:random", "--seed", "5",
        "--save", str(whole))
    played = json.loads(whole.read_text(encoding="utf-8"))
    cut = tmp_path / "cut.json"
    write_sealed(cut, {**played, "moves": played["moves"][:10], "finished": False,
                       "game_id": "another game"})
    code, out, _ = cli("play", "--resume", str(cut))
    assert code == 0 and "Resuming" in out
    assert json.loads(cut.read_text(encoding="utf-8"))["moves"] == played["moves"]


def test_a_resumed_game_goes_on_in_its_own_language(cli, tmp_path):
    """A game started with --lang es goes on in Spanish when resumed without --lang, and in
    the language the command line names when it names one."""
    from regelwerk.cli.text import use_language

    whole = tmp_path / "whole.json"
    played = _bot_game(cli, whole)
    cut = tmp_path / "cut.json"
    write_sealed(cut, {**played, "moves": played["moves"][:4], "finished": False,
                       "language": "es", "game_id": "a game resumed in its language"})
    try:
        code, out, _ = cli("play", "--resume", str(cut))
        assert code == 0 and "Se reanuda" in out and "Resuming" not in out
    finally:
        use_language("en")  # the language of the other tests run in this process
    write_sealed(cut, {**played, "moves": played["moves"][:4], "finished": False,
                       "language": "es", "game_id": "a game resumed in another language"})
    code, out, _ = cli("play", "--resume", str(cut), "--lang", "en")
    assert code == 0 and "Resuming" in out


def test_the_log_of_a_resumed_game_tells_the_moves_before_it(cli, tmp_path):
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    whole = tmp_path / "whole.json"
    played = _bot_game(cli, whole)
    cut = tmp_path / "cut.json"
    write_sealed(cut, {**played, "moves": played["moves"][:4], "finished": False,
                       "game_id": "a game resumed to read its log",
                       "seats": {"Medium Bot 1": "human", "Easy Bot 2": "bot:random"}})
    _, told, _ = cli("replay", str(cut))
    out = CliRunner().invoke(app, ["play", "--resume", str(cut)], input="log\nquit\n").stdout
    logged = out[out.index("Resuming"):]
    assert "Nothing has happened yet." not in logged
    narrated = [line.strip() for line in told.splitlines() if line.startswith("   ")]
    assert narrated and all(line in logged for line in narrated)  # what replay tells of them


def test_resume_refuses_the_options_of_a_new_game(cli, tmp_path):
    """A saved game goes on as it was started: a seed or players given with --resume would
    be passed over without a word, so they are refused."""
    code, _, err = cli("play", "--resume", str(tmp_path / "game.json"), "--seed", "3",
                       "--players", "anna,bram")
    assert code == 2 and "leave out --players and --seed" in err


def test_a_save_naming_a_variant_its_game_does_not_have_is_called_damaged(cli, tmp_path):
    path = tmp_path / "game.json"
    cli("play", "connect-four", "--players", "bot:easy,bot:easy", "--seed", "1",
        "--save", str(path))
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")),
                                "variant": "pure-herds"}), encoding="utf-8")
    code, _, err = cli("replay", str(path), "--unsealed")
    assert code == 2 and "is damaged: connect-four has no variant 'pure-herds'" in err


def test_a_refused_move_of_a_save_is_told_in_the_game_s_words(cli, tmp_path):
    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    first = {"action": "drink", "area": "waterhole-9", "herd": {"lion": 8}}  # nobody has 8
    path.write_text(json.dumps({**played, "moves": [first, *played["moves"][1:]]}),
                    encoding="utf-8")
    code, _, err = cli("replay", str(path), "--unsealed")
    assert code == 2 and "move 1 cannot be played (you do not have eight lions)" in err


@pytest.mark.parametrize("edit", [
    lambda log: {**log, "moves": log["moves"][1:]},
    lambda log: {**log, "moves": [log["moves"][1], log["moves"][0], *log["moves"][2:]]},
    lambda log: {**log, "seed": log["seed"] + 1},
    lambda log: {**log, "players": list(reversed(log["players"]))},
    lambda log: {**log, "seats": {name: "human" for name in log["seats"]}},
    lambda log: {**log, "seal": ""},
], ids=["dropped", "reordered", "seed", "renamed", "seats", "blank seal"])
def test_a_save_changed_outside_regelwerk_is_told_only_when_asked_and_then_with_a_warning(
        cli, tmp_path, edit):
    """Replay told any edited save as a real game, though resume refused it."""
    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    path.write_text(json.dumps(edit(played)), encoding="utf-8")
    code, told, err = cli("replay", str(path))
    assert code == 2 and "was changed outside regelwerk" in err and "--unsealed" in err
    assert told == ""
    code, told, err = cli("replay", str(path), "--unsealed")
    assert told.startswith("Warning: ") and "may not be the game played" in told.splitlines()[0]


def test_a_save_as_regelwerk_wrote_it_is_told_without_a_warning(cli, tmp_path):
    path = tmp_path / "game.json"
    _bot_game(cli, path)
    code, told, err = cli("replay", str(path))
    assert code == 0 and "Warning" not in told and "changed outside" not in err


def test_an_unsound_save_is_refused_without_a_traceback(cli, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "regelwerk-game-log", "version": 2, "game": ', encoding="utf-8")
    before = path.read_bytes()
    for command in (("play", "--resume", str(path)), ("replay", str(path))):
        code, _, err = cli(*command)
        assert code == 2 and "damaged" in err and "Traceback" not in err
    assert path.read_bytes() == before


def write_sealed(path, data):
    """Write a log as regelwerk itself would have saved it."""
    from regelwerk.cli import saveguard
    from regelwerk.engine.transcripts.savegame import GameLog, write_atomic

    log = GameLog(**{k: v for k, v in data.items() if k not in ("format", "version")})
    saveguard.seal(log)
    write_atomic(path, log)


def test_a_seed_plays_alike_in_every_language(tmp_path):
    """Bots are named in the reader's language but seeded by what they are, so one seed
    makes one game whatever the language (the language is chosen as a process starts)."""
    logs = {}
    for language in ("en", "de"):
        path = tmp_path / f"{language}.json"
        subprocess.run([sys.executable, "-m", "regelwerk.cli", "play", "connect-four",
                        "--players", "bot:greedy,bot:random", "--seed", "5",
                        "--save", str(path), "--lang", language],
                       capture_output=True, check=True, stdin=subprocess.DEVNULL,
                       env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")})
        logs[language] = json.loads(path.read_text(encoding="utf-8"))
    assert logs["en"]["players"] == ["Medium Bot 1", "Easy Bot 2"]
    assert logs["de"]["players"] == ["Standard-Bot 1", "Einsteiger-Bot 2"]
    assert logs["en"]["moves"] == logs["de"]["moves"] and len(logs["en"]["moves"]) > 5


def _bot_game(cli, path):
    code, _, _ = cli("play", "okavango", "--players", "bot:greedy,bot:random", "--seed", "5",
                     "--save", str(path))
    assert code == 0
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("edit", [{"seats": {"Medium Bot 1": "human", "Easy Bot 2": "bot:random"}},
                                  {"seed": 6}, {"moves": []}, {"finished": True}])
def test_a_save_edited_outside_regelwerk_is_refused(cli, tmp_path, edit):
    path = tmp_path / "game.json"
    played = {**_bot_game(cli, path), "finished": False}
    write_sealed(path, {**played, "moves": played["moves"][:10]})
    path.write_text(json.dumps({**json.loads(path.read_text(encoding="utf-8")), **edit}),
                    encoding="utf-8")
    code, _, err = cli("play", "--resume", str(path))
    assert code == 2 and "changed outside regelwerk" in err


def test_an_older_copy_of_a_game_is_refused(cli, tmp_path):
    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    write_sealed(path, {**played, "moves": played["moves"][:10], "finished": False})
    code, _, err = cli("play", "--resume", str(path))
    assert code == 2 and "older copy" in err and str(len(played["moves"])) in err


def test_a_game_in_play_cannot_be_resumed_twice(cli, tmp_path):
    from regelwerk.cli.saveguard import GameLock

    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    write_sealed(path, {**played, "moves": played["moves"][:10], "finished": False,
                        "game_id": "in play"})
    lock = GameLock(path)
    lock.acquire()
    try:
        code, _, err = cli("play", "--resume", str(path))
    finally:
        lock.release()
    assert code == 2 and "another window" in err
    code, _, _ = cli("play", "--resume", str(path))
    assert code == 0


def test_the_save_name_keeps_the_seed_secret_and_is_new(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for _ in range(2):
        code, out, _ = cli("play", "okavango", "--players", "bot:greedy,bot:random",
                           "--seed", "987654321")
        assert code == 0 and "987654321" not in out
    saves = sorted((tmp_path / "data" / "regelwerk" / "games").glob("*.json"))
    assert len(saves) == 2 and not any("987654321" in p.name for p in saves)


@pytest.mark.parametrize("where", ["existing", "under a file", "folder"])
def test_a_save_that_cannot_be_made_is_a_clear_error(cli, tmp_path, where):
    target = {"existing": tmp_path / "old.json", "under a file": tmp_path / "old.json" / "x.json",
              "folder": tmp_path}[where]
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    code, _, err = cli("play", "okavango", "--players", "bot:greedy,bot:random",
                       "--save", str(target))
    assert code == 2 and "Traceback" not in err and str(target) in err
    assert (tmp_path / "old.json").read_text(encoding="utf-8") == "{}"


@pytest.mark.parametrize("game", ["secret.txt", "secret.yaml"])
def test_a_save_never_shows_the_words_of_the_file_it_points_at(cli, tmp_path, game):
    secret = tmp_path / game
    secret.write_text("password: hunter2\n", encoding="utf-8")
    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    write_sealed(path, {**played, "game": str(secret), "moves": [], "finished": False,
                        "game_id": f"pointing at {game}"})
    for command in (("play", "--resume", str(path)), ("replay", str(path))):
        code, out, err = cli(*command)
        assert code == 2 and "Traceback" not in err
        assert "hunter2" not in out + err and "password" not in out + err


@pytest.mark.parametrize("seed", ["9" * 5_000, "-5", "²", str(2**64), "0x10"])
def test_a_seed_out_of_bounds_is_refused(cli, tmp_path, seed):
    code, _, err = cli("play", "okavango", "--players", "bot:greedy,bot:random", "--seed", seed,
                       "--save", str(tmp_path / "game.json"))
    assert code == 2 and "from 0 to 2^64 - 1" in err and "Traceback" not in err
    assert not (tmp_path / "game.json").exists()


def test_every_shipped_game_is_listed_and_validates_by_its_id(cli):
    from regelwerk.engine import shipped_games

    code, listed, _ = cli("games")
    assert code == 0
    for game in ("lost-cities", "no-thanks", "connect-four", "coloretto", *shipped_games()):
        assert f"{game}:" in listed
        code, out, err = cli("rules", "validate", game)
        assert code == 0 and out.strip() == f"valid: {game}", err


@pytest.mark.parametrize("confirm", [False, True])
def test_a_move_without_choice_is_made_and_said_unless_asked_to_confirm(tmp_path, confirm):
    """In No Thanks! a player who has paid out every chip can only take the card."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    args = ["play", "no-thanks", "--players", "anna,bot:greedy,bot:greedy", "--seed", "3",
            "--save", str(tmp_path / "game.json"), *(["--confirm-forced"] if confirm else [])]
    result = CliRunner().invoke(app, args, input="1\n" * 12 + "quit\n")
    said = "anna has one possible move (take the card" in result.stdout
    assert said is not confirm
    if confirm:  # the twelfth answer took the card from the menu instead
        assert re.search(r"\b1\. +take the card", result.stdout)


def test_people_sharing_a_keyboard_need_a_terminal(cli, tmp_path):
    """Written to a file or a pipe, the screens are never cleared: each person's hand would
    stay readable to the next."""
    code, out, err = cli("play", "lost-cities", "--players", "anna,bram", "--save",
                         str(tmp_path / "game.json"))
    assert code == 2 and "need a terminal" in err
    assert not (tmp_path / "game.json").exists() and "hand" not in out.lower()


def test_people_at_a_game_without_hidden_pieces_may_share_a_pipe(cli, tmp_path):
    """Connect Four hides nothing: two people may play it through a pipe. A table the game
    does not allow is told as such before anything else."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    result = CliRunner().invoke(app, ["play", "connect-four", "--players", "anna,bram",
                                      "--save", str(tmp_path / "game.json")], input="4\nquit\n")
    assert result.exit_code == 0 and "need a terminal" not in result.stderr
    code, _, err = cli("play", "connect-four", "--players", "anna,bram,cas,dirk")
    assert code == 2 and "Connect Four is played by exactly 2 players" in err


def test_a_move_is_built_step_by_step_with_a_way_back(tmp_path):
    """Okavango's first turn: the action, then the place, then the kind of the herd, each a
    short menu; b goes back one step, and a number beyond the menu is refused."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    args = ["play", "okavango", "--players", "anna,bot:greedy", "--seed", "5",
            "--save", str(tmp_path / "game.json")]
    out = CliRunner().invoke(app, args, input="1\n1\nb\nb\n99\nquit\n").stdout
    actions = out.index("What do you do?")
    places = out.index("drink — Where?", actions)
    kinds = out.index("drink — waterhole 2 — Which animal?", places)
    assert "b to go back" in out[places:kinds] and "b to go back" in out[kinds:]
    again = out.index("drink — Where?", kinds)  # back at the places
    first = out.index("What do you do?", again)  # and back at the actions
    assert "Choose a number from 1 to 2." in out[first:]
    assert re.search(r"\b1\. +drink +2\. +pass", out[actions:places])


@pytest.mark.parametrize(("game", "words"), [
    ("connect-four", "The game ends because a player has made a line of four of their own "
                     "discs."),
    ("lost-cities", "The game ends because the last card of the draw pile has been drawn."),
])
def test_the_end_of_a_game_says_why(cli, tmp_path, game, words):
    code, out, _ = cli("play", game, "--players", "bot:greedy,bot:random", "--seed", "2",
                       "--save", str(tmp_path / "game.json"))
    assert code == 0 and words in out
    assert out.index("The game is over.") < out.index(words)


def test_the_default_table_fits_the_game_and_a_search_bot_may_be_given_its_iterations(cli,
                                                                                    tmp_path):
    """Without --players: you and two bots, or one bot in a game for two (Connect Four was
    refused: 'played by exactly 2 players, not 3'); bot:mcts:N as simulate takes it; a bot
    written without 'bot:' is not taken for a person."""
    from regelwerk.cli.seats import default_players, parse_seats

    assert default_players(2, 2) == "Alex,bot:greedy"
    assert default_players(2, 4) == "Alex,bot:greedy,bot:greedy"
    assert default_players(4, 5).count("bot:") == 3
    seats = parse_seats("Ana,bot:mcts:5")
    assert seats[1].name == "Hard Bot 2" and seats[1].is_bot and seats[1].bot(1).choose
    code, _, err = cli("play", "connect-four", "--players", "Ana,mcts:30")
    assert code == 2 and "'mcts:30' is no name for a person; a bot is written bot:mcts:30" in err
    log = tmp_path / "game.json"
    code, out, err = cli("play", "connect-four", "--players", "bot:mcts:3,bot:easy", "--seed",
                         "2", "--save", str(log))
    assert code == 0 and "The game is over." in out, err
    code, _, _ = cli("replay", str(log))
    assert code == 0


def test_a_table_the_game_does_not_allow_is_told_with_the_game_s_title_in_the_language():
    """'Vier gewinnt wird von genau 2 Spielern gespielt', not 'Connect Four wird …'."""
    from regelwerk.cli.checks import titled
    from regelwerk.engine import SetupError, load_ruleset, new_game

    rules = load_ruleset("connect-four")
    with pytest.raises(SetupError) as refused:
        new_game(rules, ["a", "b", "c"])
    assert titled(refused.value.params, rules, "de")["game"] == "Vier gewinnt"
    assert titled({"count": 3}, rules, "de") == {"count": 3}


def test_a_save_an_editor_gave_a_byte_order_mark_is_read(cli, tmp_path):
    """A BOM first (as some editors write UTF-8) is no damage: the game is read, and only
    then found to have been changed outside regelwerk, or replayed where it was not."""
    path = tmp_path / "game.json"
    _bot_game(cli, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, err = cli("replay", str(path))
    assert code == 0 and "damaged" not in err, err


def test_a_game_that_goes_on_keeps_what_is_hidden_out_of_its_save_and_replay(cli, tmp_path):
    """The seed deals every hand, and a move names the cards its player passed: neither may
    be read from the save by the others at the table, nor told by ``replay`` before the end."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    path = tmp_path / "game.json"
    runner = CliRunner()

    runner.invoke(app, ["play", "hearts", "--players", "ann,bot:greedy,bot:greedy,bot:greedy",
                        "--seed", "3", "--save", str(path)], input="1\n1\n1\n1\nquit\n")
    saved = path.read_text(encoding="utf-8")
    assert '"seed"' not in saved and '"moves"' not in saved and "clubs" not in saved
    code, told, _ = cli("replay", str(path))
    assert code == 0 and "The game goes on" in told
    assert "ann lays a card aside to pass." in told
    assert not re.search(r"^\d+\. ann: ", told, re.MULTILINE)  # no move told as it was made


def test_a_save_of_the_version_before_resumes_and_is_saved_in_this_one(cli, tmp_path):
    path = tmp_path / "game.json"
    played = _bot_game(cli, path)
    from regelwerk.cli import saveguard
    from regelwerk.engine.transcripts.savegame import GameLog, write_atomic

    log = GameLog(**{k: v for k, v in played.items() if k != "format"})
    log.moves, log.finished, log.version = log.moves[:6], False, 2
    log.seats = {name: "bot:random" for name in log.players}
    log.game_id = "from version 2"
    saveguard.seal(log)
    write_atomic(path, log)  # as the version before wrote it: all in the open
    code, _, err = cli("play", "--resume", str(path))
    assert code == 0, err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3 and data["finished"] and data["seed"] == played["seed"]
