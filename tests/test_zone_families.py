"""A numbered family of zones is declared once (``count``) and named as a whole in lists of
zones and in conditions; its zones keep their ids (``stack-1`` …), so scenarios and saves
that name them still work."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, load_ruleset, new_game
from regelwerk.engine.play.turncontext import TurnContext
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parents[1] / "rules" / "ogallala"


@pytest.mark.parametrize("variant, stacks", [(None, 3), ("four-stacks", 4)])
def test_the_count_alone_sets_the_stacks(variant, stacks):
    rules = load_ruleset(str(RULES / "variants" / f"{variant}.yaml") if variant else "ogallala")
    ids = tuple(f"stack-{n}" for n in range(1, stacks + 1))
    assert rules.zone_families == {"stack": ids}
    assert rules.actions["draw"].stacks == ids
    state = new_game(rules, ["anna", "bram"], 1)
    sizes = [len(state.shared[z]) for z in ids]
    assert sum(sizes) == 112 and max(sizes) - min(sizes) <= 1
    context = TurnContext(state)
    assert context["zone"].stack == 112 and context["zone"].stack_1 == sizes[0]


def test_the_zones_of_a_family_are_named_by_number():
    rules = load_ruleset(str(RULES / "variants" / "four-stacks.yaml"))
    text = GameText(rules, translations("nl"), "nl")
    assert text.zone("stack-4") == "stapel 4"
    assert GameText(rules, translations("en"), "en").zone("stack-2") == "stack 2"


def test_a_family_cannot_stand_where_one_zone_is_meant(tmp_path):
    source = (RULES / "ogallala.yaml").read_text(encoding="utf-8")
    broken = source.replace("    from: pending\n    to: discard\n",
                            "    from: pending\n    to: stack\n", 1)  # where a card is discarded
    assert broken != source
    path = tmp_path / "broken.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_ruleset(str(path))
    assert error.value.params == {"name": "stack", "count": 3, "first": "stack-1"}
    assert error.value.location.line == broken.splitlines().index("    to: stack") + 1


def test_a_zone_of_a_family_cannot_be_declared_again(tmp_path):
    source = (RULES / "ogallala.yaml").read_text(encoding="utf-8")
    broken = source.replace("  discard:\n", "  stack-2: {scope: shared, visibility: public}\n"
                            "  discard:\n", 1)
    path = tmp_path / "broken.yaml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_ruleset(str(path))
    assert error.value.params == {"name": "stack-2"}
