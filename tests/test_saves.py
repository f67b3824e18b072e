"""Saved games: written whole or not at all, resumed exactly, refused when unsound."""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.common.errors import Phrase, fill
from regelwerk.locales import translations
from regelwerk.engine.transcripts.savegame import (VERSION, GameLog, SaveError, read_log, replay,
                                                   rules_of, write_atomic)


def _played_log(rules, moves: int = 12) -> tuple[GameLog, object]:
    log = GameLog(game="okavango", variant=None, digest=rules.digest, players=["anna", "bram"],
                  seats={"anna": "human", "bram": "bot:greedy"}, seed=4, language="nl")
    state = new_game(rules, log.players, log.seed)
    for i in range(moves):
        move = legal_moves(state)[i % 3]
        state, _ = apply(state, move)
        log.moves.append(rules.actions[move.action].notation(move))
    return log, state


def test_a_saved_game_replays_to_the_same_state(tmp_path, okavango):
    log, state = _played_log(okavango)
    path = tmp_path / "game.json"
    write_atomic(path, log)
    loaded = read_log(path)
    assert loaded == log
    final = replay(loaded, rules_of(loaded, path), path)[-1][0]
    assert final.to_data() == state.to_data()


def test_writing_leaves_no_temporary_files(tmp_path, okavango):
    log, _ = _played_log(okavango, moves=2)
    for _ in range(3):
        write_atomic(tmp_path / "game.json", log)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_write_keeps_the_previous_save(tmp_path, okavango, monkeypatch):
    log, _ = _played_log(okavango, moves=2)
    path = tmp_path / "game.json"
    write_atomic(path, log)
    before = path.read_bytes()
    log.moves.append({"action": "pass"})

    def broken_fsync(_descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr("os.fsync", broken_fsync)
    with pytest.raises(SaveError) as caught:
        write_atomic(path, log)
    assert caught.value.params["reason"] == Phrase("the disk is full")
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_damaged_save_says_why_in_the_catalogs_words(tmp_path, okavango):
    log, _ = _played_log(okavango, moves=2)
    log.players = log.players * 3
    with pytest.raises(SaveError) as caught:
        replay(log, okavango, tmp_path / "game.json")
    reason = caught.value.params["reason"]
    assert reason.message == "{game} is played by {min} to {max} players, not {count}"
    assert reason.params["count"] == 6
    log, _ = _played_log(okavango, moves=2)
    log.moves.append({"action": "drink", "area": "waterhole-99", "herd": {"lion": 1}})
    with pytest.raises(SaveError) as caught:
        replay(log, okavango, tmp_path / "game.json")
    reason = caught.value.params["reason"]
    assert reason == Phrase("unknown area '{name}'", {"name": "waterhole-99"})
    german = translations("de").gettext
    assert fill(caught.value.message, caught.value.params, german).endswith(
        "(" + german(reason.message).format(name="waterhole-99") + ")")


def _refused(path: Path, okavango) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        log = read_log(path)
        replay(log, rules_of(log, path), path)
    assert path.read_bytes() == before  # refused, and left as it was
    return caught.value.message


def test_unsound_saves_are_refused(tmp_path, okavango):
    log, _ = _played_log(okavango)
    good = json.dumps(log.to_json())
    cases = {
        "truncated": good[: len(good) // 2],
        "not json": "\x00\x01binary",
        "foreign": json.dumps({"name": "some other program", "moves": []}),
        "newer version": good.replace(f'"version": {VERSION}', '"version": 9'),
        "wrong fields": good.replace('"seed": 4', '"seed": "four"'),
        "impossible move": good.replace('"action": "drink"', '"action": "fly"', 1),
        "rules changed": good.replace(log.digest, "0" * 64),
    }
    messages = {}
    for name, text in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        messages[name] = _refused(path, okavango)
    assert "damaged" in messages["truncated"] and "not JSON" in messages["not json"]
    assert "not a regelwerk saved game" in messages["foreign"]
    assert "version" in messages["newer version"]
    assert "rules of this game have changed" in messages["rules changed"]
    assert "only with the rules as they were: put them back" in messages["rules changed"]
    assert "cannot be played" in messages["impossible move"]


def test_prose_changes_do_not_invalidate_saves(tmp_path, okavango, ruleset_text):
    shutil.copytree(okavango.source.parent / "examples", tmp_path / "examples")
    edited = tmp_path / "okavango.yaml"
    edited.write_text(ruleset_text.replace("name: waterhole 6", "name: the big waterhole"),
                      encoding="utf-8")
    assert load_ruleset(edited).digest == okavango.digest
    changed = tmp_path / "changed.yaml"
    changed.write_text(ruleset_text.replace("count: 13", "count: 12", 1), encoding="utf-8")
    assert load_ruleset(changed).digest != okavango.digest


def test_a_save_whose_rules_file_is_gone_says_so(tmp_path, okavango, ruleset_text):
    """Its variant or ruleset moved away: the save names the file to put back (it said the
    rules 'cannot be loaded', pointing at line 1 of a file that is not there)."""
    shutil.copytree(okavango.source.parent / "examples", tmp_path / "examples")
    rules_file = tmp_path / "okavango.yaml"
    rules_file.write_text(ruleset_text, encoding="utf-8")
    log, _ = _played_log(okavango)
    log.game = str(rules_file)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log.to_json()), encoding="utf-8")
    rules_file.unlink()
    with pytest.raises(SaveError) as refused:
        rules_of(read_log(path), path)
    assert refused.value.message.startswith("{file}: the rules of this game are in {rules}")
    assert refused.value.params["rules"] == str(rules_file)


def test_a_game_that_goes_on_is_saved_with_its_seed_and_moves_concealed(tmp_path, okavango):
    """At a shared table the file is readable: it must not tell the seed (which deals every
    hidden piece) nor the moves (which may name what only their player saw)."""
    log, _ = _played_log(okavango)
    log.seed = 987654321987654321
    path = tmp_path / "game.json"
    key = bytes(range(32))
    write_atomic(path, log, key)
    written = path.read_text(encoding="utf-8")
    data = json.loads(written)
    assert "seed" not in data and "moves" not in data and data["hidden"]
    assert str(log.seed) not in written and '"action"' not in written
    assert read_log(path, key) == log
    with pytest.raises(SaveError) as unopened:
        read_log(path)
    assert "still being played" in unopened.value.message
    with pytest.raises(SaveError) as other_key:
        read_log(path, bytes(32))
    assert "cannot be opened" in other_key.value.message
    write_atomic(path, log, key)  # a fresh nonce each time: the same game, other bytes
    assert path.read_text(encoding="utf-8") != written and read_log(path, key) == log


def test_a_concealed_part_changed_by_hand_is_refused(tmp_path, okavango):
    log, _ = _played_log(okavango)
    path = tmp_path / "game.json"
    key = bytes(range(32))
    write_atomic(path, log, key)
    data = json.loads(path.read_text(encoding="utf-8"))
    for hidden in ("not base64!", data["hidden"][:-8] + "AAAAAAA=", ""):
        path.write_text(json.dumps({**data, "hidden": hidden}), encoding="utf-8")
        with pytest.raises(SaveError):
            read_log(path, key)
    path.write_text(json.dumps({**data, "seed": 3}), encoding="utf-8")  # beside it: refused
    with pytest.raises(SaveError):
        read_log(path, key)


def test_a_finished_game_is_saved_in_the_open(tmp_path, okavango):
    log, _ = _played_log(okavango)
    log.finished = True
    path = tmp_path / "game.json"
    write_atomic(path, log, bytes(range(32)))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["seed"] == log.seed and data["moves"] == log.moves and "hidden" not in data
    assert read_log(path) == log


def test_a_save_of_the_version_before_is_read(tmp_path, okavango):
    log, _ = _played_log(okavango)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**log.to_json(), "version": 2}), encoding="utf-8")
    assert read_log(path).version == 2 and read_log(path).moves == log.moves
