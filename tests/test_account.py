"""The account of the turns since a person last chose, fitted to the rows left on screen."""

from __future__ import annotations

from regelwerk.cli.account import Accounts, fitted, wrapped

WIDTH = 40


def _table() -> Accounts:
    accounts = Accounts(["anna"])
    accounts.add("anna", ["anna takes three monkeys from the river."], "take — 3 monkeys")
    accounts.add("bob", ["bob brings a lion, a zebra and a giraffe to waterhole 3 to drink.",
                         "bob scores 3 points at waterhole 3.",
                         "The river is topped up with three cards."],
                 "drink — waterhole 3, 3 cards, +3 points")
    accounts.add("bob", ["bob takes a ranger card from the river."], "take — 1 ranger card")
    accounts.add("cleo", ["cleo passes and takes a lion."], "pass — 1 lion",
                 notices=["The end is reached: this round is played to its end."])
    return accounts


def test_a_players_moves_in_a_row_make_one_turn():
    turns = _table().of("anna")
    assert [turn.player for turn in turns] == ["anna", "bob", "cleo"]
    assert turns[1].moves == ["drink — waterhole 3, 3 cards, +3 points", "take — 1 ranger card"]


def test_with_room_every_sentence_is_told_whole():
    lines = fitted(_table().of("anna"), 20, WIDTH)
    told = " ".join(line.strip() for line in lines)
    assert "The river is topped up with three cards." in told
    assert all(len(line) <= WIDTH for line in lines)
    assert lines[0].startswith("anna takes") and not lines[1].startswith(" ")


def test_short_of_room_each_turn_is_told_in_brief():
    lines = fitted(_table().of("anna"), 6, WIDTH)
    assert len(lines) <= 6
    told = " ".join(line.strip() for line in lines)
    assert "bob: drink — waterhole 3, 3 cards, +3 points · take — 1 ranger card" in told
    assert "cleo: pass — 1 lion The end is reached" in told
    assert "topped up" not in told


def test_shorter_still_each_turn_keeps_its_share_cut_with_an_ellipsis():
    lines = fitted(_table().of("anna"), 3, WIDTH)
    assert [line[:4] for line in lines] == ["anna", "bob:", "cleo"]
    assert lines[1].endswith("…") and len(lines[1]) <= WIDTH


def test_with_fewer_rows_than_turns_the_latest_are_told():
    assert [line[:4] for line in fitted(_table().of("anna"), 2, WIDTH)] == ["bob:", "cleo"]
    assert fitted(_table().of("anna"), 0, WIDTH) == []


def test_choosing_empties_a_persons_account_only():
    accounts = Accounts(["anna", "bob"])
    accounts.add("cleo", ["cleo passes."], "pass")
    accounts.chose("anna")
    assert accounts.of("anna") == [] and len(accounts.of("bob")) == 1


def test_lines_break_between_words_and_indent_what_follows():
    lines = wrapped("one two three four five six seven eight nine ten", 15)
    assert lines == ["one two three", "  four five six", "  seven eight", "  nine ten"]
    assert wrapped("a" * 30, 15)[0] == "a" * 13
