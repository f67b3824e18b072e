"""A family of zones may hold one zone per value of a piece attribute (``by``): declared
once, named as a whole in lists of zones and conditions, each zone named by the game's term
for its value."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, load_ruleset, new_game
from regelwerk.engine.play.turncontext import TurnContext
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = """\
format: 1
id: colour-piles
players: {min: 2, max: 2}
terms: {red: red, blue: blue}
components:
  red-1: {copies: 2, attributes: {colour: red}}
  blue-1: {copies: 2, attributes: {colour: blue}}
  red-2: {copies: 2, attributes: {colour: red}}
  joker: {copies: 1}
supply: box
zones:
  box: {scope: shared, visibility: hidden, ordered: true}
  pile: {scope: shared, visibility: public, ordered: true, by: colour, name: "{value} pile"}
  spot: {scope: shared, visibility: public, ordered: true}
setup:
  split: {step: split, from: box, to: [pile]}
turn:
  start: draw
  phases:
    draw: {actions: [draw]}
actions:
  draw: {mechanism: draw-to, from: [pile], to: spot}
end:
  when: "zone.pile == 0 or zone.pile_red == 0"
"""


def load(tmp_path: Path, text: str = RULES):
    path = tmp_path / "colour-piles.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(str(path))


def test_one_zone_per_value_in_the_order_values_first_appear(tmp_path):
    rules = load(tmp_path)
    assert rules.zone_families == {"pile": ("pile-red", "pile-blue")}
    assert [(z.by, z.value, z.number) for z in map(rules.zones.get, ("pile-red", "pile-blue"))] \
        == [("colour", "red", 1), ("colour", "blue", 2)]
    assert rules.actions["draw"].stacks == ("pile-red", "pile-blue")
    state = new_game(rules, ["anna", "bram"], 3)
    zone = TurnContext(state)["zone"]
    assert zone.pile == 7 and zone.pile_red + zone.pile_blue == 7


def test_each_zone_is_named_by_the_term_for_its_value(tmp_path):
    text = GameText(load(tmp_path), translations("en"), "en")
    assert text.zone("pile-blue") == "blue pile"
    unnamed = GameText(load(tmp_path, RULES.replace(', name: "{value} pile"', ", name: pile")
                            .replace("terms: {red: red, blue: blue}\n", "")),
                       translations("en"), "en")
    assert unnamed.zone("pile-red") == "pile red"


@pytest.mark.parametrize("change, where, words", [
    ((", by: colour", ", by: colour, count: 2"), ("zones", "pile", "by"), "not both"),
    ((", by: colour", ", by: shade"), ("zones", "pile", "by"), "attribute 'shade'"),
    (("{colour: blue}", "{colour: Blue}"), ("components", "blue-1", "attributes", "colour"),
     "small letters"),
    (("  spot: {", "  pile-blue: {scope: shared, visibility: public}\n  spot: {"),
     ("zones", "pile", "by"), "'pile-blue' is declared twice"),
])
def test_mistakes_are_located(tmp_path, change, where, words):
    with pytest.raises(DataError) as caught:
        load(tmp_path, RULES.replace(*change, 1))
    assert caught.value.location.path == where
    assert words in caught.value.render()
