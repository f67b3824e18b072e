"""Which of a game's worked examples its rulebook may tell: those that still hold.

An example (``rulebook.examples`` of a ruleset) is prose with a scenario beside it, the
same moves and expectations written as data. The rulebook of a ruleset or a variant replays
each scenario against exactly the rules it tells: an example whose moves are refused or whose
expectations fail there (a variant forbids ranger cards in herds, or lets more be taken) is
left out, never told wrongly; so is one whose text states a setting the variant changed
(``rulebook.mentions``: Okavango's waterhole example tells the ranking). (A scenario file
that is missing is an error when the rules are loaded, ``engine.rulebookcheck``.)
"""

from __future__ import annotations

from pathlib import Path

from regelwerk.engine import DataError, Ruleset, load_scenario, run_scenario, written_folder

from .prosefit import text_fits


def examples_that_hold(rules: Ruleset) -> list[str]:
    """The ids of the ruleset's examples whose scenarios hold in ``rules``, in order."""
    examples = rules.document.data.get("rulebook", {}).get("examples", {})
    return [example_id for example_id, example in examples.items() if "text" in example
            and text_fits(rules.document, ("rulebook", "examples", example_id))
            and _holds(rules, written_folder(rules.document, rules.source,
                                             ("rulebook", "examples", example_id))
                       / example["scenario"])]


def _holds(rules: Ruleset, path: Path) -> bool:
    try:
        return not run_scenario(load_scenario(path, rules))
    except DataError:  # a place, kind or action the example needs is gone from these rules
        return False
