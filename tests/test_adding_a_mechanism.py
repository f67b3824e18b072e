"""The worked example of docs/architecture.md: a mechanism defined outside the engine's
package, and a game that uses it, work end to end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.mechanisms import ACTIONS
from regelwerk.engine import bundled_schema

DOC = (Path(__file__).parent.parent / "docs" / "architecture.md").read_text(encoding="utf-8")


def block(info: str) -> str:
    found = re.search(rf"```{info}\n(.*?)```", DOC, re.S)
    assert found, f"docs/architecture.md has no ```{info} block"
    return found.group(1)


@pytest.fixture
def example(tmp_path):
    """The example mechanism, registered while the test runs, and its game's file."""
    namespace: dict = {}
    exec(compile(block("python example-mechanism"), "architecture.md", "exec"), namespace)
    game = tmp_path / "hand-over.yaml"
    game.write_text(block("yaml example-game"), encoding="utf-8")
    yield namespace["GiveAway"], game
    del ACTIONS["give-away"]


def test_the_example_mechanism_registers_and_enters_the_schema(example):
    definition = bundled_schema("ruleset")["$defs"]["action"]
    assert "give-away" in definition["properties"]["mechanism"]["enum"]
    branch = next(b["then"] for b in definition["allOf"]
                  if b["if"]["properties"]["mechanism"]["const"] == "give-away")
    assert branch["required"] == ["mechanism", "zone"]


def test_a_game_with_the_example_mechanism_plays_to_its_end(example):
    mechanism, game = example
    rules = load_ruleset(game)
    assert isinstance(rules.actions["give"], mechanism)
    state = new_game(rules, ["anna", "bram"], seed=3)
    picker = random.Random(3)
    given_twice = False
    while not state.game_over:
        moves = legal_moves(state)
        move = moves[picker.randrange(len(moves))]
        action = rules.actions[move.action]
        assert action.parse(action.notation(move), rules) == move
        before = state.to_move
        state, events = apply(state, move)
        gave = [e for e in events if e.code == "gave"]
        assert len(gave) == 1 and gave[0].params["kind"] == move.get("kind")
        if not state.game_over and state.to_move == before and state.turn.done["give"] == 1:
            given_twice = True  # a blue piece lets the same player give again
            assert move.get("kind") == "blue"
    assert state.turns_played == 6
    assert sum(sum(hand.values()) for hand in state.owned["hand"]) == 6
    assert given_twice, "with this seed a blue piece is given at least once"


def test_a_condition_on_a_fact_the_mechanism_does_not_offer_is_a_located_error(example,
                                                                                 tmp_path):
    from regelwerk.engine.common.errors import DataError

    _, game = example
    broken = tmp_path / "broken.yaml"
    broken.write_text(game.read_text(encoding="utf-8").replace("give.card.again", "give.kind"),
                      encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(broken)
    assert caught.value.message == "'{name}' has no field '{field}'; its fields are: {fields}"
    assert caught.value.params == {"name": "give", "field": "kind", "fields": "card, times"}
    assert caught.value.location.line == 24


def test_the_example_passes_the_type_check_as_written(tmp_path, monkeypatch):
    """The page's code is what a contributor copies: it must pass the project's own mypy."""
    from mypy import api

    root = Path(__file__).resolve().parents[1]
    package = tmp_path / "regelwerk"
    package.mkdir()
    for name in ("engine", "cli", "locales", "rules", "schemas"):
        (package / name).symlink_to(root / name, target_is_directory=True)
    example = tmp_path / "give_away.py"
    example.write_text(block("python example-mechanism"), encoding="utf-8")
    monkeypatch.setenv("MYPYPATH", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    report, errors, status = api.run(["--config-file", str(root / "pyproject.toml"),
                                      "--cache-dir", str(tmp_path / "cache"),
                                      "--explicit-package-bases", str(example)])
    assert status == 0, report + errors
