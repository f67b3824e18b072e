"""Every scenario under tests/scenarios holds: the rules tests written as data; and so do the
worked examples a game's rulebook replays (rules/<game>/examples)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario

ROOT = Path(__file__).parent.parent
SCENARIOS = sorted([*(ROOT / "tests" / "scenarios").rglob("*.yaml"),
                    *(ROOT / "rules").glob("*/examples/*.yaml")])


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_holds(path):
    failures = run_scenario(load_scenario(path))
    report = "\n".join(
        f"step {f.step} (line {f.line}): {f.what.format(**f.params)}\n"
        f"  expected: {f.expected}\n  actual:   {f.actual}" for f in failures)
    assert not failures, report
