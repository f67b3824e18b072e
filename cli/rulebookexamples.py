"""Which of a game's worked examples its rulebook may tell: those that still hold.

An example (``rulebook.examples`` of a ruleset) is prose with a scenario beside it, the
same moves and expectations written as data. The rulebook of a ruleset or a variant replays
each scenario against exactly the rules it tells: an example whose moves are refused or whose
expectations fail there (a variant forbids ranger cards in herds, or lets more be taken) is
left out, never told wrongly.
"""

from __future__ import annotations

from pathlib import Path

from regelwerk.engine import Ruleset
from regelwerk.engine.errors import DataError
from regelwerk.engine.loading import resolve
from regelwerk.engine.scenario import load_scenario, run_scenario


def examples_that_hold(rules: Ruleset) -> list[str]:
    """The ids of the ruleset's examples whose scenarios hold in ``rules``, in order."""
    examples = rules.document.data.get("rulebook", {}).get("examples", {})
    return [example_id for example_id, example in examples.items() if "text" in example
            and _holds(rules, _folder(rules, example_id) / example["scenario"])]


def _holds(rules: Ruleset, path: Path) -> bool:
    try:
        return not run_scenario(load_scenario(path, rules))
    except DataError:  # a place, kind or action the example needs is gone from these rules
        return False


def _folder(rules: Ruleset, example_id: str) -> Path:
    """The folder of the file the example was written in: a variant's, or its base's."""
    document = rules.document
    variant = getattr(document, "variant", None)
    if variant is None:
        return rules.source.parent
    path = ("rulebook", "examples", example_id)
    if any(path[:i] in document.overridden for i in range(1, len(path) + 1)):
        return rules.source.parent
    return resolve(variant.data["base"], rules.source.parent).parent
