"""Conditions on groups read what a group holds (``wilds``, ``kinds``); the engine tells
groups apart by those fields only where a condition reads them, and still offers exactly
the groups the condition allows."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.common.errors import IllegalMove, fill
from regelwerk.engine.mechanisms.actions.replace_group import group_stats
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

RULES = Path(__file__).parents[1] / "rules" / "okavango"

#: the base conditions, restated through ``kinds``: at a waterhole a group stands for one
#: kind; at a river delta for as many kinds as it has pieces
BY_KINDS = """\
format: 1
variant: by-kinds
base: {base}
changes:
  area_types:
    waterhole:
      replace_when: >-
        new.kinds == 1 and old.kinds <= 1
        and (new.count > old.count or (new.count == old.count and new.rank > old.rank))
    delta:
      replace_when: "new.kinds == new.count and new.kinds > old.kinds"
  actions:
    take:
      when:
        waterhole: >-
          played.kinds == 1 and taken.kinds == 1 and taken.wilds == 0
          and (taken.count < played.count
               or (taken.count == played.count and taken.rank < played.rank))
        delta: "played.kinds == played.count and taken.count < played.count"
"""


def _decisions(rules, seed: int, count: int = 120):
    state = new_game(rules, ["anna", "bram", "cas"], seed)
    rng = random.Random(seed)
    for _ in range(count):
        if state.game_over:
            return
        moves = legal_moves(state)
        yield state, moves
        state, _ = apply(state, moves[rng.randrange(len(moves))])


def _drinks(moves) -> set:
    return {m for m in moves if m.action == "drink"}


@pytest.mark.parametrize("seed", [1, 2])
def test_pure_herds_offer_exactly_the_herds_without_wild_pieces(seed):
    base = load_ruleset("okavango")
    pure = load_ruleset(str(RULES / "variants" / "pure-herds.yaml"))
    compared = 0
    for state, moves in _decisions(base, seed):
        if state.phase != "prepare":
            continue  # a turn's start, before any exchange could lock an area
        twin = state.copy()
        twin.rules = pure  # which has no exchange: its turn begins with drinking
        twin.phase = "main"
        wanted = {m for m in _drinks(moves) if group_stats(base, m.get("group")).wilds == 0}
        assert _drinks(legal_moves(twin)) == wanted
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("seed", [3, 4])
def test_conditions_on_kinds_are_read_as_meant(tmp_path, seed):
    base = load_ruleset("okavango")
    variant = tmp_path / "by-kinds.yaml"
    variant.write_text(BY_KINDS.format(base=RULES / "okavango.yaml"), encoding="utf-8")
    by_kinds = load_ruleset(str(variant))
    compared = 0
    for state, moves in _decisions(base, seed):
        twin = state.copy()
        twin.rules = by_kinds
        assert set(legal_moves(twin)) == set(moves)
        compared += 1
    assert compared > 50


def test_group_stats_count_wild_pieces_and_kinds():
    rules = load_ruleset("okavango")
    stats = group_stats(rules, (("lion", "lion", 2), ("ranger", "lion", 1),
                                ("ranger", "zebra", 1)))
    assert (stats.count, stats.rank, stats.wilds, stats.kinds) == (4, 11, 2, 2)


def test_a_herd_with_a_ranger_card_is_refused_with_the_rule():
    pure = load_ruleset(str(RULES / "variants" / "pure-herds.yaml"))
    state = new_game(pure, ["anna", "bram"], 5)
    reserve = state.owned["reserve"][0]
    reserve.clear()
    reserve.update({"lion": 2, "ranger": 1})
    state.phase = "main"
    drink = next(m for m in legal_moves(state) if m.action == "drink")
    with pytest.raises(IllegalMove) as refused:
        apply(state, drink.replace(group=(("lion", "lion", 2), ("ranger", "lion", 1)),
                                   area="waterhole-9"))
    assert refused.value.code == "group-not-allowed"
    text = GameText(pure, translations("en"), "en")
    # the rule in words, never its code, with the game's words for its group and wild cards
    told = fill("{rule}", {"rule": text.label(refused.value.params["rule"])})
    assert "the number of Ranger cards in the new herd is equal to 0" in told
    assert "new.wilds" not in told
