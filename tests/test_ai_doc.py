"""docs/ai.md: its example runs as written, and its table of levels names the bots there are."""

from __future__ import annotations

import ast
import re
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path

from regelwerk.engine.bots.levels import BOTS

AI_DOC = Path(__file__).resolve().parents[1] / "docs" / "ai.md"


def run_example(info: str = "") -> tuple[dict, str]:
    """Run the one code block of docs/ai.md marked ```python INFO; its names and what it
    printed."""
    text = AI_DOC.read_text(encoding="utf-8")
    (block,) = re.findall(rf"```python{' ' + info if info else ''}\n(.*?)```", text,
                          flags=re.DOTALL)
    printed = StringIO()
    namespace: dict = {}
    with redirect_stdout(printed):
        exec(compile(block, str(AI_DOC), "exec"), namespace)
    return namespace, printed.getvalue()


def test_the_example_plays_a_game_between_the_search_and_the_greedy_bot() -> None:
    namespace, printed = run_example()
    state = namespace["state"]
    assert state.game_over
    assert ast.literal_eval(printed.strip()) == state.winners()


def test_every_level_and_bot_is_in_the_table() -> None:
    text = AI_DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `bot:(\w+)` \| `(\w+)` \|", text, flags=re.MULTILINE)
    assert {level: name for level, name in rows} == {
        level: next(n for n in ("random", "greedy", "mcts") if BOTS[n] is BOTS[level])
        for level in ("easy", "medium", "hard")}
