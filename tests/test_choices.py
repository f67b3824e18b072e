"""Moves built step by step from their parts (engine/play/choices.py), with fixed ids per ruleset."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import Move, apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.play.choices import ACTION, ActionSpace, Choices, Option
from regelwerk.engine.data.shipped import shipped_games

#: the most options one step of a shipped game may offer: a screenful (the kinds of a group
#: and "no more" at most; Ogallala's 14 columns are split by the terminal)
SCREENFUL = 12
PLAYERS = {"okavango": 4, "ogallala": 5, "lost-cities": 2, "coloretto": 4,
           "connect-four": 2, "no-thanks": 3, "president": 5, "hearts": 4,
           "sushi-go": 5, "hanabi": 5, "love-letter": 4, "concentration": 4}


def positions(game: str, count: int, seed: int = 1):
    """The first ``count`` decisions of a seeded random game (a new game when one ends)."""
    rules = load_ruleset(game)
    rng = random.Random(seed)
    state = new_game(rules, [f"p{i}" for i in range(PLAYERS[game])], seed)
    for _ in range(count):
        if state.game_over:
            seed += 1
            state = new_game(rules, list(state.players), seed)
        yield rules, state
        moves = legal_moves(state)
        state, _ = apply(state, moves[rng.randrange(len(moves))])


def leaves(choices: Choices) -> list[Move]:
    """Every move reachable by choosing options, depth first."""
    if choices.complete:
        return [choices.move] if choices.move is not None else []
    return [move for option in choices.options for move in leaves(choices.choose(option))]


def test_every_game_is_in_the_table():
    assert set(PLAYERS) == set(shipped_games())


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_steps_reach_every_legal_move_once_and_nothing_else(game):
    for rules, state in positions(game, 60):
        moves = legal_moves(state)
        choices = Choices.of(rules, state)
        reached = leaves(choices)
        assert sorted(reached) == sorted(moves), "each legal move has exactly one path"
        for move in moves[:50]:
            path = choices.path(move)
            walked = choices
            for option in path:
                walked = walked.choose(option)
            assert walked.complete and walked.move == move


@pytest.mark.parametrize("game", ["okavango", "ogallala", "lost-cities", "coloretto"])
def test_no_step_offers_more_than_a_screenful(game):
    rng = random.Random(3)
    for rules, state in positions(game, 150, seed=3):
        choices = Choices.of(rules, state)
        while not choices.complete:
            limit = 14 if choices.options[0].step == "column" else SCREENFUL
            assert len(choices.options) <= limit, (choices.chosen, choices.options)
            choices = choices.choose(rng.choice(choices.options))


def test_a_group_is_chosen_as_kinds_counts_and_what_wild_pieces_stand_for():
    rules = load_ruleset("okavango")
    herd = Move.of("drink", area="waterhole-4", group=(("lion", "lion", 3),
                                                       ("ranger", "lion", 1)))
    mixed = Move.of("drink", area="delta-1", group=(("flamingo", "flamingo", 1),
                                                    ("lion", "lion", 1),
                                                    ("ranger", "meerkat", 1),
                                                    ("ranger", "zebra", 1)))
    choices = Choices(rules, [herd, mixed], ["anna", "bram"])
    assert [(o.step, o.value) for o in choices.path(herd)] == [
        ("action", "drink"), ("area", "waterhole-4"), ("kind", "lion"), ("count", 3),
        ("kind", None), ("wilds", 1), ("stands", "lion"), ("stand-count", 1)]
    # kinds in the order of the components, then the wild pieces in the same order
    assert [(o.step, o.value) for o in choices.path(mixed)][2:] == [
        ("kind", "flamingo"), ("count", 1), ("kind", "lion"), ("count", 1), ("kind", None),
        ("wilds", 2), ("stands", "meerkat"), ("stand-count", 1), ("stands", "zebra"),
        ("stand-count", 1)]
    at = choices.choose(choices.options[0])
    assert [o.value for o in at.options] == ["waterhole-4", "delta-1"]
    assert at.choose(at.options[0]).settled().move == herd, \
        "the steps of one remaining move leave nothing to choose"


def test_an_optional_part_left_out_is_the_option_none():
    rules = load_ruleset("ogallala")
    plain = Move.of("place", cell=(2, 5))
    pushing = Move.of("place", cell=(2, 5), shift="left")
    choices = Choices(rules, [plain, pushing]).settled()
    assert [o.value for o in choices.options] == [None, "left"]
    assert choices.choose(choices.options[0]).move == plain


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_ids_are_fixed_per_ruleset_and_name_each_option(game):
    rules = load_ruleset(game)
    space = ActionSpace.of(rules)
    assert space == ActionSpace.of(load_ruleset(game)), "the same ids every time"
    assert space.option(0) == ("none", None)
    with pytest.raises(IndexError):
        space.option(space.size)
    for rules, state in positions(game, 40):
        choices = Choices.of(rules, state, space)
        while not choices.complete:
            ids = choices.legal_ids()
            assert ids == sorted(set(ids)) and all(0 <= i < space.size for i in ids)
            mask = choices.mask()
            assert len(mask) == space.size and [i for i, on in enumerate(mask) if on] == ids
            for option, id_ in zip(choices.options, ids):
                domain, value = space.option(id_)
                shown = state.players[value] if domain == "player" else value
                assert (domain, shown) == (option.domain, option.value)
            illegal = next(i for i in range(space.size) if not mask[i])
            with pytest.raises(ValueError):
                choices.choose_id(illegal)
            before = choices.chosen_ids()
            choices = choices.choose_id(ids[-1])
            assert choices.chosen_ids() == [*before, ids[-1]]
        assert choices.move in legal_moves(state)


def test_players_are_numbered_by_their_seat():
    rules = load_ruleset("ogallala")
    space = ActionSpace.of(rules)
    option = Option("player", "player", "player", "carla")
    assert space.id(option, ["anna", "bram", "carla"]) == space.offsets["player"] + 2
    assert space.option(space.offsets["player"] + 2) == ("player", 2)
    assert space.values["player"] == tuple(range(rules.max_players))


def test_a_decision_without_moves_is_complete_and_offers_nothing():
    choices = Choices(load_ruleset("okavango"), [])
    assert choices.complete and choices.move is None and choices.options == ()
    assert not any(choices.mask())


def whole_path(rules, move) -> tuple[Option, ...]:
    """The straightforward path of a move: its action, then every declared part's steps."""
    path = [Option("", ACTION, ACTION, move.action)]
    for part in rules.actions[move.action].parts:
        value = move.get(part.name)
        if value is None:
            path.append(Option(part.name, part.type.kind, "none", None))
            continue
        path += [Option(part.name, s.name, "none" if s.value is None else s.domain, s.value,
                        s.about) for s in part.type.steps(value, rules)]
    return tuple(path)


class Enumerated:
    """The reference the lazy steps must match: every legal move's whole path laid out up
    front, a step's options the distinct next options of the paths that begin with the
    options chosen, in the order of their ids (ties in the order of the moves)."""

    def __init__(self, rules, moves, players, space):
        self.paths = [(whole_path(rules, move), move) for move in moves]
        self.players, self.space = players, space

    def following(self, chosen):
        return [(path, move) for path, move in self.paths if path[:len(chosen)] == chosen]

    def options(self, chosen):
        found = dict.fromkeys(path[len(chosen)] for path, _ in self.following(chosen)
                              if len(path) > len(chosen))
        return tuple(sorted(found, key=lambda option: self.space.id(option, self.players)))


def agree(choices: Choices, reference: Enumerated) -> None:
    chosen = choices.chosen
    following = reference.following(chosen)
    assert choices.options == reference.options(chosen), chosen
    assert choices.legal_ids() == [reference.space.id(o, reference.players)
                                   for o in choices.options]
    whole = [move for path, move in following if len(path) == len(chosen)]
    assert choices.complete == bool(whole)
    assert choices.move == (whole[0] if whole else None)
    assert choices.moves == [move for _, move in following]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_steps_match_every_legal_moves_whole_path_laid_out(game):
    """Property: on many seeded positions, every step of a few random walks (and of every
    walk where the moves are few) offers exactly the options, ids and moves of the
    straightforward enumeration, although the steps split a move only when they reach it."""
    rng = random.Random(7)
    for rules, state in positions(game, 80, seed=7):
        space = ActionSpace.of(rules)
        moves = legal_moves(state)
        reference = Enumerated(rules, moves, state.players, space)
        root = Choices.of(rules, state, space)
        if len(moves) <= 60:
            stack = [root]
            while stack:
                choices = stack.pop()
                agree(choices, reference)
                stack += [choices.choose(option) for option in choices.options]
            continue
        for _ in range(3):
            choices = root
            while True:
                agree(choices, reference)
                if choices.complete:
                    break
                choices = choices.choose_id(rng.choice(choices.legal_ids()))
