"""Rounds that players leave one by one: a family of zones counted by the players, drawing
onto a zone with room, taking a zone's whole content and going out, turns that pass over
players who are out, and the round's end (everyone back, the last one out starts); a piece
set aside when drawn announces the last round."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import GameState, IllegalMove, apply, legal_moves, load_ruleset
from regelwerk.engine.common.moves import Move

COLLECT = Path(__file__).parent / "rulesets" / "collect.yaml"


@pytest.fixture(scope="module")
def rules():
    return load_ruleset(COLLECT)


def position(rules, players=3, **data):
    deck = data.pop("deck", ["blue"] * 6)
    return GameState.from_data(rules, {"players": ["ann", "bob", "cy", "dee"][:players],
                                       "shared": {"deck": deck, **data.pop("shared", {})},
                                       **data})


def draw(into):
    return Move.of("draw", into=into)  # the only zone drawn from needs no naming


def take(heap):
    return Move.of("take", zone=heap)


def test_a_family_counted_by_players_has_a_zone_in_play_per_player(rules):
    assert rules.zone_families["heap"] == ("heap-1", "heap-2", "heap-3", "heap-4")
    state = position(rules, players=3)
    assert set(legal_moves(state)) == {draw("heap-1"), draw("heap-2"), draw("heap-3")}
    with pytest.raises(IllegalMove) as refused:
        apply(state, draw("heap-4"))
    assert refused.value.code == "no-room"


def test_a_drawn_piece_goes_only_to_a_zone_with_room(rules):
    state = position(rules, shared={"heap-1": {"red": 2}, "heap-2": {"green": 1}})
    moves = set(legal_moves(state))
    assert draw("heap-1") not in moves and {draw("heap-2"), draw("heap-3")} <= moves
    with pytest.raises(IllegalMove):
        apply(state, draw("heap-1"))
    after, events = apply(state, draw("heap-2"))
    assert after.shared["heap-2"] == {"green": 1, "blue": 1}
    assert events[0].code == "drew-into" and events[0].params["into"] == "heap-2"


def test_naming_the_only_zone_drawn_from_means_the_same_move(rules):
    state = position(rules)
    named, _ = apply(state, Move.of("draw", zone="deck", into="heap-1"))
    assert named.to_data() == apply(state, draw("heap-1"))[0].to_data()
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move.of("draw", zone="aside", into="heap-1"))
    assert refused.value.code == "not-a-stack"


def test_only_a_zone_holding_a_piece_can_be_taken(rules):
    state = position(rules, shared={"heap-2": {"green": 1, "star": 1}})
    assert {m for m in legal_moves(state) if m.action == "take"} == {take("heap-2")}
    with pytest.raises(IllegalMove) as refused:
        apply(state, take("heap-1"))
    assert refused.value.code == "too-few"


def test_taking_a_zone_puts_the_player_out_and_closes_the_zone(rules):
    state = position(rules, shared={"heap-2": {"green": 1, "star": 1}, "heap-3": {"red": 1}})
    after, events = apply(state, take("heap-2"))
    assert after.owned["hand"][0].counts() == {"green": 1, "star": 1}
    assert [e.code for e in events][:2] == ["took-all", "went-out"]
    assert after.to_move == 1
    assert draw("heap-2") not in set(legal_moves(after))  # closed: no piece goes there
    assert take("heap-2") not in set(legal_moves(after))
    for move in (take("heap-2"), draw("heap-2")):  # told why, not just "you cannot"
        with pytest.raises(IllegalMove) as refused:
            apply(after, move)
        assert refused.value.code == "out-of-play"


def test_turns_pass_over_players_who_are_out_and_the_last_out_starts_again(rules):
    state = position(rules, deck=["blue"] * 5,  # the sixth blue piece lies on heap 3
                     shared={"heap-1": {"red": 1}, "heap-2": {"green": 1},
                             "heap-3": {"blue": 1}})
    state, _ = apply(state, take("heap-1"))  # ann out
    state, _ = apply(state, draw("heap-2"))  # bob
    state, _ = apply(state, take("heap-3"))  # cy out
    assert state.player == "bob"
    state, events = apply(state, take("heap-2"))  # bob out, the last: the round ends
    assert "round-ended" in [e.code for e in events]
    assert state.player == "bob" and state.start_player == 1
    assert state.counters == {}  # everyone back, every zone open
    assert set(legal_moves(state)) == {draw("heap-1"), draw("heap-2"), draw("heap-3")}


def test_with_start_next_the_player_after_the_rounds_first_starts_again(tmp_path):
    """The order's ``start`` takes effect: ``next`` passes the start on, whoever went out
    last."""
    source = COLLECT.read_text(encoding="utf-8").replace("start: last-out}", "start: next}")
    (tmp_path / "next.yaml").write_text(source, encoding="utf-8")
    state = position(load_ruleset(tmp_path / "next.yaml"), deck=["blue"] * 5,
                     shared={"heap-1": {"red": 1}, "heap-2": {"green": 1},
                             "heap-3": {"blue": 1}})
    state, _ = apply(state, take("heap-1"))  # ann out
    state, _ = apply(state, take("heap-2"))  # bob out
    state, events = apply(state, take("heap-3"))  # cy out, the last
    assert "round-ended" in [e.code for e in events]
    assert state.player == "bob" and state.start_player == 1  # the one after ann, not cy


def test_a_condition_reads_the_zones_of_the_player_to_move(tmp_path):
    """``mine.hand`` counts the hand of the player whose turn it is, not every hand: here
    a player who draws with an empty hand plays again."""
    source = COLLECT.read_text(encoding="utf-8").replace(
        "start: last-out}", 'start: last-out, again_when: "draw.times > 0 and mine.hand == 0"}')
    (tmp_path / "again.yaml").write_text(source, encoding="utf-8")
    state = position(load_ruleset(tmp_path / "again.yaml"),
                     owned={"hand": [{}, {"red": 1}, {"green": 1}]})
    state, events = apply(state, draw("heap-1"))
    assert state.player == "ann" and "again" in [e.code for e in events]
    state = GameState.from_data(state.rules, {**state.to_data(), "to_move": 1})
    state, events = apply(state, draw("heap-2"))
    assert state.player == "cy" and "again" not in [e.code for e in events]


def test_the_piece_set_aside_is_replaced_and_the_round_finishes(rules):
    state = position(rules, deck=["bell", "green", "blue", "blue"],
                     shared={"heap-1": {"red": 1}})
    state, events = apply(state, draw("heap-2"))
    assert [e.code for e in events][:2] == ["set-aside", "drew-into"]
    assert state.shared["aside"] == ["bell"] and state.shared["heap-2"] == {"green": 1}
    assert "end-triggered" in [e.code for e in events] and state.ending
    state, _ = apply(state, take("heap-1"))
    state, _ = apply(state, take("heap-2"))
    assert not state.game_over
    state, events = apply(state, draw("heap-3"))
    state, events = apply(state, take("heap-3"))
    assert state.game_over and events[-1].code == "game-over"
    assert "round-ended" not in [e.code for e in events]  # no next round to announce


@pytest.mark.parametrize("old,new,words", [
    ("  order: {mechanism: until-all-out, start: last-out}\n", "",
     "puts players out for the round, but the turn order does not bring them back"),
    ("    out: true\n", "", "no action puts a player out"),
    ("    to: [heap]\n", "    to: [heap, hand]\n", "zone 'hand' must be shared here"),
    ("    from: [heap]\n", "    from: [hand]\n", "zone 'hand' must be shared here"),
    ("start: last-out}", "start: first}", "last-out"),
    ("set_aside: {which: card.bell, to: aside}", "set_aside: {which: card.bell, to: deck}",
     "pieces set aside on 'deck' would come back to be drawn"),
])
def test_mistakes_about_rounds_are_refused_where_they_stand(collect_refused, old, new, words):
    error = collect_refused((old, new))
    assert words in error.render(), error.render()


def test_a_zone_closed_for_the_round_needs_rounds(collect_refused):
    error = collect_refused(("  order: {mechanism: until-all-out, start: last-out}\n", ""),
                            ("    out: true\n", ""))
    assert "a zone closed for the round" in error.render()
    assert error.location.path[-1] == "close"


def test_typed_moves_leave_out_the_zone_that_needs_no_naming(rules):
    from regelwerk.cli.words import Words
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    words = Words(rules, GameText(rules, translations("en"), "en"))
    state = position(rules)
    assert words.read("draw heap-2", state) == draw("heap-2")
    assert words.notation(draw("heap-2")) == "draw heap 2"
    assert words.read("draw heap 2", state) == draw("heap-2")


# -- a piece drawn face up first, its zone chosen afterwards (draw-to's needs_room) ----------

SHOWN_CHANGES = (
    ("  aside: {scope: shared, visibility: public, ordered: true}\n",
     "  aside: {scope: shared, visibility: public, ordered: true}\n"
     "  shown: {scope: shared, visibility: public, ordered: true, capacity: 1}\n"),
    ("    play: {actions: [draw, take]}\n",
     "    play: {actions: [draw, take]}\n    place: {actions: [place]}\n"),
    ("    to: [heap]\n    set_aside:",
     "    to: shown\n    needs_room: [heap]\n    then: place\n    set_aside:"),
    ("  take:\n", "  place:\n    mechanism: draw-to\n    from: [shown]\n    to: [heap]\n"
                  "    then: end\n  take:\n"),
)


@pytest.fixture(scope="module")
def shown_rules(tmp_path_factory):
    source = COLLECT.read_text(encoding="utf-8")
    for old, new in SHOWN_CHANGES:
        assert old in source, old
        source = source.replace(old, new, 1)
    path = tmp_path_factory.mktemp("shown") / "shown.yaml"
    path.write_text(source, encoding="utf-8")
    return load_ruleset(path)


def test_a_piece_drawn_face_up_is_seen_by_all_before_its_zone_is_chosen(shown_rules):
    from regelwerk.engine import view

    state = position(shown_rules, deck=["green", "blue"], shared={"heap-1": {"red": 2}})
    assert set(legal_moves(state)) == {Move.of("draw"), take("heap-1")}
    state, events = apply(state, Move.of("draw"))
    assert [e.code for e in events] == ["drew-shown"] and events[0].params["kind"] == "green"
    assert state.player == "ann" and state.phase == "place"
    for player in ("ann", "bob", "cy"):
        assert view(state, player).zones["shown"] == ["green"]
    assert set(legal_moves(state)) == {Move.of("place", into="heap-2"),
                                      Move.of("place", into="heap-3")}  # heap 1 is full
    state, events = apply(state, Move.of("place", into="heap-3"))
    assert events[0].code == "drew-into" and state.shared["heap-3"] == {"green": 1}
    assert state.shared["shown"] == [] and state.player == "bob"


def test_no_piece_is_drawn_while_no_zone_in_play_has_room(shown_rules):
    state = position(shown_rules, deck=["blue"] * 5,
                     shared={"heap-1": {"red": 2}, "heap-2": {"green": 2},
                             "heap-3": {"blue": 1}})
    state, _ = apply(state, take("heap-3"))  # heap 3, empty now, is out of the round
    assert state.shared["heap-3"] == {}
    assert set(legal_moves(state)) == {take("heap-1"), take("heap-2")}
    with pytest.raises(IllegalMove) as refused:
        apply(state, Move.of("draw"))
    assert refused.value.code == "no-room-anywhere"


def test_a_piece_set_aside_lets_the_next_one_be_drawn_face_up(shown_rules):
    state = position(shown_rules, deck=["bell", "green", "blue"])
    state, events = apply(state, Move.of("draw"))
    assert [e.code for e in events][:2] == ["set-aside", "drew-shown"]
    assert state.shared["aside"] == ["bell"] and state.shared["shown"] == ["green"]
    assert state.ending is False and state.phase == "place"
    state, events = apply(state, Move.of("place", into="heap-1"))
    assert "end-triggered" in [e.code for e in events] and state.ending


@pytest.mark.parametrize("needs_room, words", [
    ("[hand]", "zone 'hand' must be shared here"),
    ("[aside]", "capacity"),
    ("[pile]", "pile"),
])
def test_mistakes_in_needs_room_are_refused_where_they_stand(collect_refused, needs_room,
                                                            words):
    error = collect_refused(("    to: [heap]\n    set_aside:",
                             f"    to: [heap]\n    needs_room: {needs_room}\n    set_aside:"))
    assert words in error.render(), error.render()
    assert error.location.path[:3] == ("actions", "draw", "needs_room"), error.location.path


def test_a_general_sentence_tells_when_drawing_needs_room(shown_rules):
    from regelwerk.cli.rulebook import Rulebook
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    told = "\n".join(Rulebook(shown_rules, GameText(shown_rules, translations("en"), "en"))
                     .lines())
    assert "You may draw only while heap 1, heap 2, heap 3 or heap 4 has room." in told, told


@pytest.mark.parametrize("lineup", [("greedy", "random", "greedy"),
                                    ("random", "greedy", "random", "greedy", "random")])
def test_a_game_of_coloretto_between_bots_ends(lineup):
    """Coloretto turns its card up before the row card is chosen (two decisions of one
    turn): bots still play a whole game to its end, drawing and laying."""
    from regelwerk.engine.matches import play_game

    record = play_game(load_ruleset("coloretto"), lineup, seed=4, stream="", number=0)
    assert record.ended_by == "when", record  # the last-round card was drawn
    assert record.actions["draw"] == record.actions["lay"] > 0 and record.actions["take"] > 0
