"""The public interface: what docs/api.md promises, run as written there."""

from __future__ import annotations

import pytest

import ast
import re
import subprocess
import sys
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

import regelwerk.engine as engine

API_DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", markdown, flags=re.DOTALL)


def test_the_example_in_the_docs_plays_a_game_to_its_end() -> None:
    blocks = python_blocks(API_DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 2
    printed = StringIO()
    namespace: dict = {}
    with redirect_stdout(printed):
        exec(compile(blocks[0], str(API_DOC), "exec"), namespace)
    state = namespace["state"]
    assert engine.is_terminal(state) and engine.current_player(state) is None
    scores, returns = (ast.literal_eval(line) for line in printed.getvalue().splitlines())
    assert scores == engine.scores(state) == dict(zip(state.players, state.scores))
    winners = state.winners()
    assert returns == tuple(1 / len(winners) if p in winners else 0.0 for p in state.players)
    assert sum(returns) == 1


def test_the_example_of_moves_step_by_step_plays_a_game_to_its_end() -> None:
    blocks = python_blocks(API_DOC.read_text(encoding="utf-8"))
    namespace: dict = {}
    exec(compile(blocks[1], str(API_DOC), "exec"), namespace)
    assert engine.is_terminal(namespace["state"])


def test_every_public_name_is_documented() -> None:
    documented = API_DOC.read_text(encoding="utf-8")
    for name in engine.__all__:
        assert f"`{name}" in documented, f"{name} is public but not in docs/api.md"


def test_returns_are_zero_while_playing() -> None:
    rules = engine.load_ruleset("ogallala")
    state = engine.new_game(rules, ["anna", "bram"], seed=3)
    assert not engine.is_terminal(state) and engine.current_player(state) == "anna"
    assert engine.returns(state) == (0.0, 0.0)


def test_help_does_not_load_the_engine() -> None:
    """``regelwerk --help`` imports only what help needs: the engine loads for commands
    that play or read games."""
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, regelwerk.cli.main; "
         "print(sorted(m for m in sys.modules if m.startswith('regelwerk.engine')))"],
        capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


@pytest.mark.parametrize(("call", "args"), [
    ("new_game", ("no-thanks", ["anna", "bram", "cas"])), ("legal_moves", (None,)),
    ("scores", (None,)), ("is_terminal", ({},)), ("current_player", ("state",)),
    ("returns", (None,)), ("to_data", (0,)), ("from_data", ("okavango", {"players": ["a"]})),
    ("apply", (None, None))])
def test_a_call_with_no_game_or_ruleset_is_told_so(call, args) -> None:
    """A program that passes a name or None where a ruleset or state belongs gets a
    TypeError that says what was expected, not an AttributeError from deep inside."""
    import regelwerk.engine as engine

    with pytest.raises(TypeError, match="Ruleset|GameState"):
        getattr(engine, call)(*args)
