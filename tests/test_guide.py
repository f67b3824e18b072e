"""The guide "Writing a new game" quotes the ruleset it walks through: every excerpt is in
the file as it is, and its example scenario holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "writing-a-new-game.md").read_text(encoding="utf-8")
RULESET = (ROOT / "rules" / "connect-four" / "connect-four.yaml").read_text(encoding="utf-8")


def _blocks(tag: str) -> list[str]:
    return re.findall(rf"```{tag}\n(.*?)```", GUIDE, re.DOTALL)


def test_every_excerpt_is_part_of_the_ruleset():
    excerpts = _blocks("yaml excerpt")
    assert len(excerpts) >= 8
    for excerpt in excerpts:
        assert excerpt in RULESET, f"not in the ruleset as it is:\n{excerpt}"


def test_the_example_scenario_holds(tmp_path):
    [scenario] = _blocks("yaml")
    path = tmp_path / "example.yaml"
    path.write_text(scenario, encoding="utf-8")
    assert run_scenario(load_scenario(path)) == []


@pytest.mark.parametrize("guide, game", [("writing-a-game-played-together.md", "hanabi"),
                                         ("writing-a-game-of-knock-outs.md", "love-letter")])
def test_a_guide_quotes_its_game_as_it_is(guide, game):
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    ruleset = (ROOT / "rules" / game / f"{game}.yaml").read_text(encoding="utf-8")
    excerpts = re.findall(r"```yaml excerpt\n(.*?)```", text, re.DOTALL)
    assert len(excerpts) >= 4
    for excerpt in excerpts:
        assert excerpt in ruleset, f"not in the ruleset as it is:\n{excerpt}"


def test_the_guide_is_linked_from_the_readme_and_the_map():
    for page in ("README.md", "docs/architecture.md"):
        assert "writing-a-new-game.md" in (ROOT / page).read_text(encoding="utf-8"), page

