"""``play-from-hand``: a move names a piece of the player's own zone and puts it on top of a
zone, or of the zone its attribute chooses in a family (``by``), when ``allows`` holds after
the piece on top there."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import (DataError, GameState, IllegalMove, Move, apply, legal_moves,
                              load_ruleset)
from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario
from regelwerk.cli.play import reason
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = """\
format: 1
id: rows
players: {min: 2, max: 2}
terms: {red: red, blue: blue}
components:
  red-bet: {copies: 2, attributes: {colour: red, bet: true}}
  red-1: {copies: 1, attributes: {colour: red, value: 1}}
  red-2: {copies: 1, attributes: {colour: red, value: 2}}
  red-3: {copies: 1, attributes: {colour: red, value: 3}}
  blue-1: {copies: 1, attributes: {colour: blue, value: 1}}
  blue-2: {copies: 4, attributes: {colour: blue, value: 2}}
  joker: {copies: 1}
supply: deck
zones:
  deck: {scope: shared, visibility: hidden, ordered: true}
  hand: {scope: player, visibility: owner}
  row: {scope: player, visibility: public, ordered: true, by: colour, name: "{value} row"}
  pile: {scope: shared, visibility: public, ordered: true, by: colour, name: "{value} pile"}
  heap: {scope: shared, visibility: public, ordered: true}
setup:
  shuffle: {step: shuffle, zone: deck}
  deal: {step: deal, from: deck, to: hand, count: 2}
turn:
  start: play
  phases:
    play: {actions: [lay, drop, dump]}
actions:
  lay:
    mechanism: play-from-hand
    from: hand
    to: row
    allows: "card.bet and top.value == 0 or card.value > top.value"
    names: {kind: card}
  drop: {mechanism: play-from-hand, from: hand, to: pile, names: {kind: card}}
  dump: {mechanism: play-from-hand, from: hand, to: heap, names: {kind: card}}
end:
  when: "zone.hand == 0"
"""


def write(tmp_path: Path, text: str = RULES) -> Path:
    path = tmp_path / "rows.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(tmp_path: Path, scenario: str) -> list:
    write(tmp_path)
    path = tmp_path / "scenario.yaml"
    path.write_text("game: rows.yaml\nplayers: [anna, bram]\n" + scenario, encoding="utf-8")
    return run_scenario(load_scenario(path))


def test_a_row_takes_bets_first_then_rising_values(tmp_path):
    assert run(tmp_path, """\
state:
  zones:
    hand: {anna: {red-bet: 1, red-2: 1, blue-1: 1}, bram: {red-1: 1, red-3: 1, red-bet: 1}}
steps:
  - expect:
      legal: [{action: lay, card: red-bet}, {action: lay, card: red-2},
              {action: lay, card: blue-1}, {action: dump, card: red-2}]
  - move: {action: lay, card: red-2}
    expect:
      zones: {row-red: {anna: [red-2]}, hand: {anna: {red-bet: 1, blue-1: 1}}}
  - expect:
      legal: [{action: lay, card: red-1}, {action: lay, card: red-3},
              {action: lay, card: red-bet}]
  - move: {action: lay, card: red-bet}
  - expect:
      illegal: [{action: lay, card: red-bet}]
      legal: [{action: lay, card: blue-1}]
  - move: {action: lay, card: blue-1}
  - move: {action: lay, card: red-3}
    expect:
      zones: {row-red: {bram: [red-3, red-bet]}}
""") == []


def test_a_piece_goes_to_the_pile_of_its_own_value_and_not_without_one(tmp_path):
    assert run(tmp_path, """\
state:
  zones:
    hand: {anna: {blue-2: 1, joker: 1}, bram: {red-1: 1}}
    pile-red: [red-3]
steps:
  - expect:
      illegal: [{action: drop, card: joker}, {action: lay, card: joker}]
      legal: [{action: dump, card: joker}]
  - move: {action: drop, card: blue-2}
    expect:
      zones: {pile-blue: [blue-2], pile-red: [red-3]}
""") == []


def test_refusals_say_why(tmp_path):
    rules = load_ruleset(str(write(tmp_path)))
    state = GameState.from_data(rules, {"players": ["anna", "bram"], "owned": {
        "hand": [{"red-1": 1, "joker": 1}, {}], "row-red": [["red-2"], []]},
        "shared": {"deck": ["red-3"]}})
    codes = []
    for kind, action in (("red-3", "lay"), ("joker", "drop"), ("red-1", "lay")):
        with pytest.raises(IllegalMove) as refused:
            apply(state, Move.of(action, kind=kind))
        codes.append(refused.value.code)
    assert codes == ["pieces-missing", "no-zone-for-piece", "not-allowed-here"]
    assert [m.get("kind") for m in legal_moves(state) if m.action == "lay"] == []
    # the last refusal tells the rule, in words: the red 1 is not above the red 2 on top
    told = reason(refused.value, GameText(rules, translations("en"), "en"))
    assert told.startswith("The red-1 cannot go on the red row now (rule: ")
    assert "is greater than the property of the piece on top there)" in told


def test_top_needs_an_ordered_zone(tmp_path):
    broken = RULES.replace("  heap: {scope: shared, visibility: public, ordered: true}",
                           "  heap: {scope: shared, visibility: public}").replace(
        "to: heap, names", 'to: heap, allows: "top.value < card.value", names')
    with pytest.raises(DataError) as caught:
        load_ruleset(str(write(tmp_path, broken)))
    assert caught.value.location.path == ("actions", "dump", "allows")
    assert "zone 'heap' has no order" in caught.value.render()


def test_pieces_are_not_laid_on_a_grid(tmp_path):
    broken = RULES.replace("  heap: {scope: shared, visibility: public, ordered: true}",
                           "  heap: {scope: player, visibility: public, grid: {rows: 1, "
                           "columns: 3}}")
    with pytest.raises(DataError) as caught:
        load_ruleset(str(write(tmp_path, broken)))
    assert caught.value.location.path == ("actions", "dump", "to")
    assert "zone 'heap' is a grid, but here pieces go into it or out of it together" in caught.value.render()
