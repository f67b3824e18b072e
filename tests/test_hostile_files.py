"""Hostile data files get a clean, located error and exit code 2, quickly.

Time bounds count CPU time, which other work on a busy machine does not stretch; only the test
that a special file is not waited for measures wall time, since waiting costs no CPU.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

ALIAS_BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]" for i in range(8)]
) + "\n"


def _write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


HOSTILE = {
    "alias-bomb.yaml": ALIAS_BOMB.encode(),
    "deep-lists.yaml": b"[" * 20_000 + b"]" * 20_000,
    "deep-maps.yaml": b"{a: " * 20_000 + b"}" * 20_000,
    "python-tag.yaml": b"format: !!python/object/apply:os.system ['touch pwned']\n",
    "duplicate-keys.yaml": b"format: 1\nid: x\nid: y\n",
    "not-utf8.yaml": b"format: 1\ntitle: \"caf\xe9\"\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", [("rules", "validate"), ("scenario", "run")])
def test_hostile_file_is_refused_with_a_location(cli, tmp_path, name, command):
    path = _write(tmp_path, name, HOSTILE[name])
    started = time.process_time()
    code, out, err = cli(*command, str(path))
    elapsed = time.process_time() - started
    assert code == 2
    assert err.startswith(f"{path}:"), err
    line, column = err[len(str(path)) + 1:].split(":")[:2]
    assert line.isdigit() and column.isdigit(), err
    assert "Traceback" not in err
    assert elapsed < 1.0, f"{name} took {elapsed:.2f} s"
    assert not (tmp_path / "pwned").exists()


def test_a_50_mb_file_is_refused_before_reading(cli, tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.write(b"format: 1\n")
        f.write(b"# " + b"x" * 1_000_000 + b"\n")
        f.truncate(50 * 1024 * 1024)
    started = time.process_time()
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2
    assert err.startswith(f"{path}:1:1:") and "too large" in err
    assert time.process_time() - started < 1.0


def test_duplicate_key_names_both_lines(cli, tmp_path):
    path = _write(tmp_path, "dup.yaml", HOSTILE["duplicate-keys.yaml"])
    _, _, err = cli("rules", "validate", str(path))
    assert err.startswith(f"{path}:3:1:") and "'id'" in err and "line 2" in err


def test_non_utf8_byte_is_located(cli, tmp_path):
    path = _write(tmp_path, "bad.yaml", HOSTILE["not-utf8.yaml"])
    _, _, err = cli("rules", "validate", str(path))
    assert err.startswith(f"{path}:2:12:"), err  # the byte after "caf"


def _special_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Paths that are not regular files, with the words their error must contain."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    device = tmp_path / "zero.yaml"
    device.symlink_to("/dev/zero")
    return {"fifo": (fifo, "not a regular file"), "symlink loop": (loop, "loop"),
            "endless device": (device, "not a regular file"),
            "folder": (tmp_path, "folder")}


@pytest.mark.parametrize("kind", ["fifo", "symlink loop", "endless device", "folder"])
@pytest.mark.parametrize("command", [("rules", "validate"), ("rules", "show"),
                                     ("scenario", "run"), ("replay",)])
def test_special_files_are_refused_without_waiting(cli, tmp_path, kind, command):
    path, words = _special_files(tmp_path)[kind]
    started = time.perf_counter()
    code, _, err = cli(*command, str(path))
    assert code == 2, err
    assert words in err and "Traceback" not in err
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize("content", [
    b"[" * 100_000 + b"]" * 100_000,  # nested beyond the JSON parser's depth
    b'{"format": "regelwerk-game-log", "version": 1, "seed": ' + b"9" * 5_000 + b"}",
    b'{"format": "regelwerk-game-log", "version": "1"}',
], ids=["deep", "long-integer", "version-text"])
def test_unsound_json_saves_are_refused_cleanly(cli, tmp_path, content):
    path = _write(tmp_path, "save.json", content)
    code, _, err = cli("replay", str(path))
    assert code == 2
    assert "save.json" in err and "Traceback" not in err


def test_an_oversized_save_is_refused_before_reading(cli, tmp_path):
    path = tmp_path / "save.json"
    with path.open("wb") as f:
        f.truncate(100 * 1024 * 1024)
    code, _, err = cli("replay", str(path))
    assert code == 2 and "too large" in err


@pytest.mark.parametrize(("escaped", "character"), [
    ("\\e]0;owned\\a", "U+001B"), ("\\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\\u200b", "U+200B ZERO WIDTH SPACE"), ("\\r", "U+000D"),
])
def test_a_data_text_a_terminal_would_obey_is_refused(cli, tmp_path, okavango_file, escaped,
                                                     character):
    text = okavango_file.read_text(encoding="utf-8")
    path = _write(tmp_path, "rules.yaml",
                  text.replace("\ntitle: Okavango", f'\ntitle: "Oka{escaped}vango"').encode())
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2
    assert f"{path}:" in err and ": title: " in err and character in err
    assert "\x1b" not in err and "\u202e" not in err


@pytest.mark.parametrize(("players", "words"), [
    ("anna,ANNA", "too alike"), ("anna,Ａｎｎａ", "too alike"),
    ("anna\u200b,bot:random", "U+200B"),
    ("\x1b[2Janna,bram", "U+001B"), ("a" * 25 + ",bram", "at most 24"),
    ("r\u0430ndom-2,bot:random", "U+0430 CYRILLIC SMALL LETTER A"),
    ("\u041e\u041a\u041e,oko", "too alike"), ("\u0391\u039d\u039d\u0391,anna", "too alike"),
    ("\u0301\u0301\u0301,bram", "needs a letter or a digit"),
    ("\u0301anna,bram", "an accent standing alone"), ("-_-,bram", "needs a letter or a digit"),
])
def test_unfit_or_look_alike_names_are_refused(cli, tmp_path, players, words):
    code, out, err = cli("play", "okavango", "--players", players, "--save",
                         str(tmp_path / "game.json"))
    assert code == 2
    assert words in err and "Traceback" not in err
    assert "\x1b" not in out + err and "\u200b" not in out + err


def test_a_bot_takes_a_name_no_person_at_the_table_has():
    """A bot is named by its level and seat ('Easy Bot 2'); where a person typed that name,
    the bot takes the next free number, never the person's name."""
    from regelwerk.cli.seats import parse_seats

    seats = parse_seats("easy bot 2,bot:random,Easy-Bot-5,bot:greedy")
    assert [(s.name, s.kind) for s in seats] == [
        ("easy bot 2", "human"), ("Easy Bot 6", "bot:random"), ("Easy-Bot-5", "human"),
        ("Medium Bot 4", "bot:greedy")]


@pytest.mark.parametrize("content", [b"[" + b"0," * 1_000_000 + b"0]", b"- 0\n" * 500_000],
                         ids=["flow", "block"])
def test_a_file_of_a_million_values_is_refused_quickly(cli, tmp_path, content):
    path = _write(tmp_path, "flat.yaml", content)
    started = time.process_time()
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2 and "more than 50000 values" in err
    assert time.process_time() - started < 3.0


# -- the user's data folder, locks and the saves folder ------------------------------------

def _regelwerk(tmp_path: Path, *args: str) -> tuple[int, str, float]:
    """Run regelwerk in a process of its own with its data in tmp_path/data: a hang is a
    failed test, not a stuck run. Returns (exit code, stderr, CPU seconds it used)."""
    import subprocess
    import sys

    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "NO_COLOR": "1"}
    before = os.times()
    result = subprocess.run([sys.executable, "-m", "regelwerk.cli", *args], env=env,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=60)
    after = os.times()
    used = (after.children_user - before.children_user
            + after.children_system - before.children_system)
    return result.returncode, result.stderr, used


BOTS = ("okavango", "--players", "bot:random,bot:random", "--seed", "1")


def _unusable_key(folder: Path) -> str:
    key = folder / "regelwerk" / "save-key"
    key.parent.mkdir(parents=True)
    os.mkfifo(key)
    return "cannot be read"


def _empty_key(folder: Path) -> str:
    key = folder / "regelwerk" / "save-key"
    key.parent.mkdir(parents=True)
    key.write_bytes(b"")  # an empty key would seal with no secret at all
    return "damaged"


def _data_folder_is_a_file(folder: Path) -> str:
    folder.write_text("", encoding="utf-8")
    return "Cannot save the game in"


@pytest.mark.parametrize("spoil", [_unusable_key, _empty_key, _data_folder_is_a_file],
                         ids=["key is a fifo", "key is empty", "data folder is a file"])
def test_an_unusable_data_folder_is_a_clear_error(tmp_path, spoil):
    words = spoil(tmp_path / "data")
    code, err, used = _regelwerk(tmp_path, "play", *BOTS, "--save", str(tmp_path / "g.json"))
    assert code == 2, err
    assert words in err and "Traceback" not in err
    assert used < 10.0


def test_a_lock_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    os.mkfifo(tmp_path / ".g.json.lock")
    code, err, _ = _regelwerk(tmp_path, "play", *BOTS, "--save", str(tmp_path / "g.json"))
    assert code == 2 and "cannot be locked" in err and "Traceback" not in err


def test_a_lock_that_is_a_symbolic_link_is_not_followed(cli, tmp_path):
    target = tmp_path / "elsewhere"
    (tmp_path / ".g.json.lock").symlink_to(target)
    started = time.process_time()
    code, _, err = cli("play", *BOTS, "--save", str(tmp_path / "g.json"))
    assert code == 2 and "cannot be locked" in err and "Traceback" not in err
    assert not target.exists()
    assert time.process_time() - started < 5.0


@pytest.mark.parametrize("link", ["dangling", "loop"])
def test_resuming_the_latest_game_passes_over_broken_links(cli, tmp_path, monkeypatch, link):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    games = tmp_path / "data" / "regelwerk" / "games"
    games.mkdir(parents=True)
    broken = games / f"{link}.json"
    broken.symlink_to(tmp_path / "nowhere" if link == "dangling" else broken)
    started = time.process_time()
    code, _, err = cli("play", "--resume")
    assert code == 2 and "no unfinished saved game" in err and "Traceback" not in err
    assert time.process_time() - started < 5.0


# -- texts shown as one line -------------------------------------------------------------

@pytest.mark.parametrize(("old", "new", "where"), [
    ("\ntitle: Okavango", '\ntitle: "Okavango\\nThe game is over."', "title"),
    ("name: [lion, lions]", 'name: ["lion\\n\\nWinner: anna", lions]', "components.lion.name[0]"),
    ("lion:     {rank: 11, copies: 8, name: [lion, lions]}",
     "lion:\n    rank: 11\n    copies: 8\n    name: |\n      lion", "components.lion.name"),
    ("name: waterhole 2}", 'name: "waterhole\\t2"}', "areas.waterhole-2.name"),
])
def test_a_line_break_in_a_one_line_text_is_refused(cli, tmp_path, okavango_file, old, new,
                                                    where):
    text = okavango_file.read_text(encoding="utf-8")
    assert old in text
    path = _write(tmp_path, "rules.yaml", text.replace(old, new, 1).encode())
    started = time.process_time()
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2
    assert err.startswith(f"{path}:") and f": {where}: " in err and "one line" in err
    assert time.process_time() - started < 5.0


def test_a_line_break_in_the_translation_of_a_name_is_refused(cli, tmp_path, okavango_file):
    import shutil

    shutil.copy(okavango_file, tmp_path / "okavango.yaml")
    shutil.copytree(okavango_file.parent / "locales", tmp_path / "locales")
    _examples(tmp_path, okavango_file)
    catalog = tmp_path / "locales" / "nl.po"
    text = catalog.read_text(encoding="utf-8")
    entry = 'msgid "lion"\nmsgid_plural "lions"\nmsgstr[0] "leeuw"'
    assert entry in text
    catalog.write_text(text.replace(entry, entry[:-1] + '\\n\\nWinnaar: anna"'),
                       encoding="utf-8")
    line = text[:text.index(entry)].count("\n") + 1
    code, _, err = cli("rules", "validate", str(tmp_path / "okavango.yaml"))
    assert code == 2
    assert err.startswith(f"{catalog}:{line}:1: ") and "one line" in err


# -- what reaches the terminal -------------------------------------------------------------

def test_brackets_in_names_and_paths_are_printed_as_they_are(cli, tmp_path):
    """The console reads no markup: '[/b]' in a player's name, a game's term or a file's name
    was taken for a closing tag and stopped the game with a traceback."""
    save = tmp_path / "game[/bold].json"
    code, out, err = cli("play", "ogallala", "--players", "x[/b],bot:random", "--seed", "1",
                         "--save", str(save))
    assert code == 0 and "Traceback" not in err
    assert "x[/b]" in out and f"{save}" in out


def _examples(folder: Path, okavango_file: Path) -> None:
    """The worked examples' scenarios beside a copy of the rules, which loading requires."""
    import shutil

    shutil.copytree(okavango_file.parent / "examples", folder / "examples")


def test_brackets_in_a_game_term_are_printed_as_they_are(cli, tmp_path, okavango_file):
    _examples(tmp_path, okavango_file)
    text = okavango_file.read_text(encoding="utf-8")
    path = _write(tmp_path, "rules.yaml", text.replace(
        "player: [Ranger, Rangers]", 'player: ["[/b]Ranger", Rangers]').encode())
    code, out, err = cli("play", str(path), "--players", "bot:random,bot:random", "--seed", "1",
                         "--save", str(tmp_path / "game.json"))
    assert code == 0 and "Traceback" not in err and "[/b]Ranger" in out


def test_escape_sequences_in_file_names_and_options_are_shown_not_obeyed(cli, tmp_path):
    scenario = Path(__file__).parent.parent / "rules" / "okavango" / "examples" / "delta.yaml"
    hostile = _write(tmp_path, "\x1b]0;owned\x07.yaml", scenario.read_bytes())
    for command in (("scenario", "run", str(hostile)), ("rules", "validate", str(hostile)),
                    ("rules", "schema", "\x1b[2J"), ("games", "--lang", "\x1b]52;c;eA==\x07")):
        code, out, err = cli(*command)
        assert "\x1b" not in out + err and "\x07" not in out + err, command
        assert "<U+001B>" in out + err, command


@pytest.mark.parametrize("at_its_name", ["fifo", "folder", "dangling link", "loop of links",
                                         "locales a file"])
def test_a_catalog_is_written_only_in_place_of_a_regular_file(tmp_path, okavango_file,
                                                            at_its_name):
    """'rules translations' waited forever on a FIFO, followed a link to create a file
    elsewhere, and met a folder with a traceback."""
    import shutil

    game = tmp_path / "game"
    game.mkdir()
    shutil.copy(okavango_file, game / "okavango.yaml")
    _examples(game, okavango_file)
    catalog, elsewhere = game / "locales" / "nl.po", tmp_path / "elsewhere.po"
    if at_its_name == "locales a file":
        catalog.parent.write_text("", encoding="utf-8")
    else:
        catalog.parent.mkdir()
        {"fifo": os.mkfifo, "folder": os.mkdir,
         "dangling link": lambda path: path.symlink_to(elsewhere),
         "loop of links": lambda path: path.symlink_to(path)}[at_its_name](catalog)
    code, err, used = _regelwerk(tmp_path, "rules", "translations", str(game / "okavango.yaml"),
                                 "--only", "nl")
    assert code == 2, err
    # refused when read (what lies there is no regular file) or when written
    assert err.startswith((f"{catalog}:1:1: cannot write the catalog: ",
                           f"{catalog}:1:1: cannot read the file: ")), err
    assert "Traceback" not in err and not elsewhere.exists()
    assert used < 10.0


def test_a_catalog_that_is_a_loop_of_links_is_a_located_error(tmp_path, okavango_file):
    """Looked at before it was read, it ended loading the game with a traceback."""
    import shutil

    game = tmp_path / "game"
    (game / "locales").mkdir(parents=True)
    shutil.copy(okavango_file, game / "okavango.yaml")
    _examples(game, okavango_file)
    catalog = game / "locales" / "de.po"
    catalog.symlink_to(catalog)
    for command in (("rules", "validate"), ("rules", "show")):
        code, err, _ = _regelwerk(tmp_path, *command, str(game / "okavango.yaml"))
        assert code == 2 and "Traceback" not in err, err
        assert err.startswith(f"{catalog}:1:1: cannot read the file: the path is a loop of "
                              "symbolic links"), err


LONG = "a" * 5_000  # longer than any file name the system allows


@pytest.mark.parametrize("command", [
    ("rules", "show", LONG), ("play", LONG), ("rules", "show", "okavango", "--variant", LONG),
    ("rules", "translations", LONG), ("play", "okavango", "--save", f"/tmp/{LONG}.json"),
    ("play", "--resume", f"/tmp/{LONG}.json"), ("replay", f"{LONG}.json"),
], ids=["show", "play", "variant", "translations", "save", "resume", "replay"])
def test_a_name_too_long_for_the_system_is_a_clear_error(cli, command):
    started = time.process_time()
    code, _, err = cli(*command)
    assert code == 2, err
    assert "Traceback" not in err and len(err) < 2_000
    assert time.process_time() - started < 5.0


def test_a_scenario_naming_a_game_too_long_for_the_system_is_located(cli, tmp_path):
    scenario = Path(__file__).parent.parent / "rules" / "okavango" / "examples" / "delta.yaml"
    text = scenario.read_text(encoding="utf-8").replace("game: okavango", f"game: {LONG}", 1)
    path = _write(tmp_path, "long.yaml", text.encode())
    code, _, err = cli("scenario", "run", str(path))
    assert code == 2 and err.startswith(f"{path}:1:7: game: unknown game")


def test_a_link_in_a_game_text_shows_its_address_in_a_terminal(tmp_path, okavango_file):
    """On a terminal the rulebook is rendered as Markdown, which made a link in a text a
    terminal hyperlink (OSC 8): an escape sequence that hides where it leads."""
    import sys

    import pexpect

    _examples(tmp_path, okavango_file)
    text = okavango_file.read_text(encoding="utf-8")
    old = "The bag is the hidden stock."
    assert old in text
    path = _write(tmp_path, "rules.yaml", text.replace(
        old, "The bag is the [hidden stock](https://example.invalid/x).").encode())
    env = {**os.environ, "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", "rules", "show", str(path)],
                          env=env, encoding="utf-8", timeout=30, dimensions=(50, 150))
    child.expect(pexpect.EOF)
    shown = child.before
    assert "hidden stock" in shown and "https://example.invalid/x" in shown
    assert "\x1b]" not in shown


def _note_progress(folder: Path, prefix: str) -> None:
    from regelwerk.cli import saveguard
    from regelwerk.engine.transcripts.savegame import GameLog

    for number in range(150):
        saveguard.save(GameLog(game="okavango", variant=None, digest="", players=[], seats={},
                               seed=0, language="en", moves=[{}] * number,
                               game_id=f"{prefix}-{number}"), folder / f"{prefix}.json")


def test_two_games_saving_at_once_both_keep_their_progress(tmp_path, monkeypatch):
    """The record of how far each game was saved was read and rewritten whole by each
    save: with two games saving at once, the last writer dropped the other's notes, and an
    older copy of that game would have been resumed."""
    import json
    import multiprocessing

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "data" / "regelwerk"
    folder.mkdir(parents=True)
    workers = [multiprocessing.get_context("fork").Process(target=_note_progress,
                                                           args=(tmp_path, name))
               for name in ("a", "b")]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    progress = json.loads((folder / "progress.json").read_text(encoding="utf-8"))
    assert all(progress.get(f"{name}-{n}") == n for name in ("a", "b") for n in range(150))
    assert not list(folder.glob(".progress.*.tmp"))


def test_a_game_without_a_seed_gets_one_of_64_bits(cli, tmp_path):
    """A seed below 2^32 could be found by trying each against the board on the table."""
    import json

    seeds = []
    for number in range(3):
        save = tmp_path / f"game-{number}.json"
        code, _, _ = cli("play", "okavango", "--players", "bot:random,bot:random", "--save",
                         str(save))
        assert code == 0
        seeds.append(json.loads(save.read_text(encoding="utf-8"))["seed"])
    assert max(seeds) >= 2**32  # all three below it: a chance of 2^-96


def test_clearing_stale_writes_touches_only_this_saves_files(cli, tmp_path):
    """A save named with a wildcard swept up the temporary files of other saves: '*' in
    'a*.json' matched another game's write in progress."""
    others = tmp_path / ".ab.json.x1y2.tmp"
    others.write_text("{}", encoding="utf-8")
    stale = tmp_path / ".a*.json.x1y2.tmp"
    stale.write_text("{}", encoding="utf-8")
    code, _, err = cli("play", "okavango", "--players", "bot:random,bot:random", "--seed", "1",
                       "--save", str(tmp_path / "a*.json"))
    assert code == 0, err
    assert others.exists() and not stale.exists()


def test_a_rules_file_named_in_bytes_that_are_not_utf8_is_saved_and_resumed(cli, tmp_path,
                                                                           okavango_file):
    """Its path in the save could not be written as UTF-8: play stopped with a
    UnicodeEncodeError at the first save. It is kept as escapes that read back the same."""
    import json

    from test_cli import write_sealed

    rules = Path(os.fsdecode(bytes(tmp_path) + b"/\xff.yaml"))
    rules.write_bytes(okavango_file.read_bytes())
    _examples(tmp_path, okavango_file)
    save = tmp_path / "game.json"
    code, _, err = cli("play", str(rules), "--players", "bot:random,bot:random", "--seed", "1",
                       "--save", str(save))
    assert code == 0 and "Traceback" not in err
    played = json.loads(save.read_text(encoding="utf-8"))
    assert played["game"] == str(rules)
    cut = tmp_path / "cut.json"
    write_sealed(cut, {**played, "moves": played["moves"][:10], "finished": False,
                       "game_id": "not utf-8"})
    code, out, err = cli("play", "--resume", str(cut))
    assert code == 0 and "Resuming" in out and "Traceback" not in err


def test_a_copy_played_in_a_second_window_stops_when_the_first_has_gone_on(cli, tmp_path):
    """Two copies of one game, resumed at once, both went on: a player could try a turn in
    one window, see the draws, and choose in the other."""
    import shutil
    import sys

    import pexpect

    from test_cli import _bot_game, write_sealed

    from regelwerk.cli import saveguard
    from regelwerk.engine import read_log

    first, second = tmp_path / "game.json", tmp_path / "copy.json"
    played = _bot_game(cli, first)
    write_sealed(first, {**played, "moves": played["moves"][:10], "finished": False,
                         "seats": {"Medium Bot 1": "human", "Easy Bot 2": "human"},
                         "game_id": "played twice"})
    shutil.copy(first, second)
    env = {**os.environ, "NO_COLOR": "1"}

    def to_prompt(window: pexpect.spawn) -> bool:
        """Answer handovers until the window asks for a move (True) or ends (False)."""
        while (seen := window.expect(["Your move", "press Enter", pexpect.EOF])) == 1:
            window.sendline("")
        return seen == 0

    windows = [pexpect.spawn(sys.executable, ["-m", "regelwerk.cli", "play", "--resume",
                                              str(path)], env=env, encoding="utf-8",
                             timeout=30, dimensions=(60, 160)) for path in (first, second)]
    assert all(to_prompt(window) for window in windows)  # both resumed at move 10
    def moves(path):  # the moves of a game that goes on are concealed by this user's key
        return read_log(path, saveguard.key()).moves

    while len(moves(first)) == 10:
        windows[0].sendline("1")
        assert to_prompt(windows[0])
    while True:
        windows[1].sendline("1")
        if not to_prompt(windows[1]):
            break
    assert "played further in another window or copy" in windows[1].before
    windows[1].close()
    assert windows[1].exitstatus == 2
    assert moves(second) == played["moves"][:10]
    windows[0].sendline("quit")
    windows[0].expect(pexpect.EOF)


@pytest.mark.parametrize("forms", [
    '"Plural-Forms: nplurals=99999999999; plural=n;\\n"',
    '"Plural-"\n"Forms: nplurals=99999999999; plural=n;\\n"',
], ids=["one line", "split"])
def test_a_catalog_claiming_endless_plural_forms_is_refused_before_it_is_read(
        tmp_path, okavango_file, forms):
    """Babel makes a list of nplurals forms for every plural entry: a catalog claiming
    99,999,999,999 of them kept 'rules validate' busy without end."""
    import re
    import shutil

    shutil.copy(okavango_file, tmp_path / "okavango.yaml")
    shutil.copytree(okavango_file.parent / "locales", tmp_path / "locales")
    _examples(tmp_path, okavango_file)
    catalog = tmp_path / "locales" / "fr.po"
    text, count = re.subn(r'"Plural-Forms: [^"]*"', lambda _: forms,
                          catalog.read_text(encoding="utf-8"), count=1)
    assert count == 1
    catalog.write_text(text, encoding="utf-8")
    line = text[:text.index("Forms: nplurals")].count("\n") + 1
    code, err, used = _regelwerk(tmp_path, "rules", "validate", str(tmp_path / "okavango.yaml"))
    assert code == 2 and err.startswith(f"{catalog}:{line}:1: ") and "Plural-Forms" in err
    assert used < 10.0


def test_a_catalog_claiming_another_charset_is_read_as_the_utf8_it_is(cli, tmp_path,
                                                                    okavango_file):
    """Babel decoded the bytes again in the charset the header claims: 'charset=utf-16' over
    a UTF-8 file ended in a UnicodeDecodeError traceback."""
    import shutil

    shutil.copy(okavango_file, tmp_path / "okavango.yaml")
    shutil.copytree(okavango_file.parent / "locales", tmp_path / "locales")
    _examples(tmp_path, okavango_file)
    catalog = tmp_path / "locales" / "nl.po"
    text = catalog.read_text(encoding="utf-8")
    assert "charset=utf-8" in text
    catalog.write_text(text.replace("charset=utf-8", "charset=utf-16"), encoding="utf-8")
    code, out, err = cli("rules", "show", str(tmp_path / "okavango.yaml"), "--lang", "nl")
    assert code == 0 and "Traceback" not in err and "De strijd om het drinkwater" in out


@pytest.mark.parametrize("spoil", ["damaged", "fifo"])
def test_a_broken_compiled_catalog_in_the_cache_is_compiled_anew(tmp_path, spoil):
    """The program reads its compiled catalog from the user's cache before anything else:
    a damaged one stopped every command with a struct.error traceback, a FIFO there made
    every command wait."""
    import subprocess
    import sys

    from regelwerk.locales import catalog_path, compiled_path

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "LANGUAGE": "nl"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", env["XDG_CACHE_HOME"])
        cached = Path(compiled_path("nl", catalog_path("nl").read_bytes()))
    assert cached.is_relative_to(tmp_path / "cache")
    cached.parent.mkdir(parents=True)
    if spoil == "fifo":
        os.mkfifo(cached)
    else:
        # the right magic number and version, then garbage
        cached.write_bytes(b"\xde\x12\x04\x95" + b"\x00" * 4 + b"\xff" * 40)
    result = subprocess.run([sys.executable, "-m", "regelwerk.cli", "games"], env=env,
                            capture_output=True, text=True, timeout=60,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert "drinkplaatsen" in result.stdout and cached.is_file()


@pytest.mark.parametrize(("edit", "reason", "params"), [
    ({"players": ["anna"], "seats": {"anna": "human"}},
     "{game} is played by {min} to {max} players, not {count}",
     {"game": "Okavango", "min": 2, "max": 4, "count": 1}),
    ({"moves": [{"action": "drink", "area": "waterhole-2", "herd": {"lion": 10**30}}]},
     "more pieces of '{name}' than the game has ({copies})", {"name": "leeuw", "copies": 8}),
], ids=["players", "move"])
def test_why_a_save_is_damaged_is_said_in_the_readers_language(cli, tmp_path, edit, reason,
                                                               params):
    """The reason was Python's English text of the error, inside a translated sentence."""
    import json

    from regelwerk.locales import translations

    from test_cli import _bot_game

    path = tmp_path / "game.json"
    path.write_text(json.dumps({**_bot_game(cli, path), **edit}), encoding="utf-8")
    code, err, _ = _regelwerk(tmp_path, "replay", str(path), "--lang", "nl", "--unsealed")
    assert code == 2
    assert translations("nl").gettext(reason).format(**params) in err


def test_another_installations_compiled_catalog_is_left_in_the_cache(tmp_path):
    """Two installations (a release and a working copy) share the user's cache: each removed
    the other's compiled catalog, so both compiled theirs with Babel on every run."""
    import subprocess
    import sys

    other = tmp_path / "cache" / "regelwerk" / "catalogs" / "nl-1-00000000.mo"
    other.parent.mkdir(parents=True)
    other.write_bytes(b"another installation's catalog")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "LANGUAGE": "nl"}
    subprocess.run([sys.executable, "-m", "regelwerk.cli", "--help"], env=env, check=True,
                   capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert other.is_file() and len(list(other.parent.glob("nl-*.mo"))) == 2


def test_markdown_in_a_data_text_stays_the_authors_words(cli, tmp_path):
    """A rulebook is Markdown: a description that makes a heading, a code block, a table
    cell or a link of its own would pass off its words as the program's ("Winner: anna")."""
    variant = tmp_path / "spoof.yaml"
    variant.write_text(
        "format: 1\nvariant: spoof\nbase: okavango\ntitle: Spoof\n"
        "description: \"Plain.\\n\\n# Winner: anna\\n\\n```\\nThe game is over.\\n```\\n"
        "    indented | cell [link](http://x) *loud*\"\nchanges: {}\n", encoding="utf-8")
    code, out, err = cli("rules", "show", "okavango", "--variant", str(variant), "--lang", "en")
    assert code == 0, err
    lines = out.splitlines()
    assert "\\# Winner: anna" in lines and "# Winner: anna" not in lines
    assert "```" not in out and "\\`\\`\\`" in out
    assert "indented \\| cell \\[link\\](http://x) \\*loud\\*" in lines
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console(width=100, record=True, force_terminal=False)
    console.print(Markdown(out, hyperlinks=False))
    shown = console.export_text()
    assert "# Winner: anna" in shown and "| cell [link](http://x) *loud*" in shown
