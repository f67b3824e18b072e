"""``draw-to`` into a hand: the drawn piece goes to the player's own zone; with ``not_back``,
the pile another action put a piece on this turn cannot be drawn from (the piece just
discarded is not taken back)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, load_ruleset
from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario

from test_play_from_hand import RULES as PLAY_RULES

RULES = PLAY_RULES.replace("""    play: {actions: [lay, drop, dump]}
""", """    play: {actions: [lay, drop, dump]}
    draw: {actions: [draw]}
""").replace("""    names: {kind: card}
  drop: {mechanism: play-from-hand, from: hand, to: pile, names: {kind: card}}
  dump: {mechanism: play-from-hand, from: hand, to: heap, names: {kind: card}}
""", """    names: {kind: card}
    then: draw
  drop: {mechanism: play-from-hand, from: hand, to: pile, names: {kind: card}, then: draw}
  dump: {mechanism: play-from-hand, from: hand, to: heap, names: {kind: card}, then: draw}
  draw: {mechanism: draw-to, from: [deck, pile], to: hand, not_back: [drop]}
""").replace('when: "zone.hand == 0"', 'when: "zone.deck == 0"')


def run(tmp_path: Path, rules: str, scenario: str) -> list:
    (tmp_path / "rows.yaml").write_text(rules, encoding="utf-8")
    path = tmp_path / "scenario.yaml"
    path.write_text("game: rows.yaml\nplayers: [anna, bram]\n" + scenario, encoding="utf-8")
    return run_scenario(load_scenario(path))


def test_the_piece_just_discarded_is_not_drawn_back(tmp_path):
    assert RULES != PLAY_RULES
    assert run(tmp_path, RULES, """\
state:
  zones:
    deck: [blue-2, blue-2, red-3]
    hand: {anna: {blue-1: 1, red-1: 1}, bram: {red-2: 1}}
    pile-red: [red-bet]
    heap: [blue-2, blue-2, joker, red-bet]
steps:
  - move: {action: drop, card: blue-1}
    expect:
      legal: [{action: draw, zone: deck}, {action: draw, zone: pile-red}]
      illegal: [{action: draw, zone: pile-blue}]
  - move: {action: draw, zone: pile-red}
    expect:
      zones: {hand: {anna: {red-1: 1, red-bet: 1}}, pile-red: {}}
      to_move: bram
  - move: {action: dump, card: red-2}
    expect:
      legal: [{action: draw, zone: pile-blue}, {action: draw, zone: deck}]
      zones: {heap: [red-2, blue-2, blue-2, joker, red-bet]}
  - move: {action: draw, zone: pile-blue}
    expect:
      zones: {hand: {bram: {blue-1: 1}}}
  - move: {action: drop, card: red-1}
  - move: {action: draw, zone: deck}
    expect:
      zones: {hand: {anna: {red-bet: 1, blue-2: 1}}, deck: [blue-2, red-3]}
""") == []


def test_not_back_names_an_action_that_remembers_a_zone(tmp_path):
    path = tmp_path / "rows.yaml"
    path.write_text(RULES.replace("not_back: [drop]", "not_back: [draw]"), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(str(path))
    assert caught.value.location.path == ("actions", "draw", "not_back", 0)
    assert "'draw' does not remember a zone" in caught.value.render()
