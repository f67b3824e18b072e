"""A game played one action at a time, as a learner plays it: a step of a move, or a whole move.

A decision is built step by step (``engine/play/choices.py``): each step offers a few options,
each with an id of the ruleset's ``ActionSpace``; the last option of a move applies it.
A ``Position`` is the game between two such steps: the state, the options the player to
move has chosen so far, and the record of every move made (moves are public: everyone sees
what was played, while the options of a move being built are the mover's own until it is
made). It is immutable, so copying one costs nothing.

Where a ruleset's whole moves fit a bounded space (``engine/play/movespace.py``), a position
may be played one whole move per action instead (``moves``): an action is then a move's id,
and no move is ever half built. ``move_space`` chooses, per game or as asked.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, Mapping, Sequence

from ..bots.worlds import possible_world
from ..common.moves import Move
from ..compiler.loading import load_ruleset
from ..model.ruleset import Ruleset
from ..play.choices import ActionSpace, Choices
from ..play.game import acting, apply, legal_moves, new_game
from ..play.movespace import MoveSpace
from ..play.state import GameState
from ..play.view import PlayerView, view

#: how many possible worlds are drawn, at most, to find one in which the options the mover
#: has chosen so far are still a beginning of a legal move
WORLD_TRIES = 200
#: how a learner's actions are read: whole moves, or the steps of a move
ACTIONS = ("moves", "steps")


def move_space(rules: Ruleset, space: ActionSpace, actions: str | None = None
               ) -> MoveSpace | None:
    """The whole moves a learner's actions stand for, or None where an action is a step of a
    move: ``actions`` "moves" or "steps", or None for whole moves wherever they fit a
    bounded space. ValueError for whole moves a ruleset's parts cannot number."""
    if actions not in (None, *ACTIONS):
        raise ValueError(f"actions are one of: {', '.join(ACTIONS)} (or None: as the game suits)")
    moves = MoveSpace.of(rules, space) if actions != "steps" else None
    if moves is None and actions == "moves":
        raise ValueError(f"the moves of {rules.id} cannot be numbered (a part of some move has "
                         f"more values than can be listed): its actions are steps")
    return moves


@dataclass(frozen=True)
class Position:
    rules: Ruleset
    space: ActionSpace
    state: GameState
    choices: Choices  # the decision at ``state`` as narrowed so far (no moves: game over)
    record: tuple[str, ...]  # every move made, in notation (each a line of JSON)
    moves: MoveSpace | None = None  # an action is a whole move's id; None: a step's option
    taken: tuple[tuple[int, int], ...] = ()  # every action taken, in order: (seat, id)

    @classmethod
    def start(cls, rules: Ruleset, players: Sequence[str], seed: int,
              space: ActionSpace | None = None, moves: MoveSpace | None = None) -> Position:
        return cls.at(rules, space or ActionSpace.of(rules), new_game(rules, list(players), seed),
                      (), moves)

    @classmethod
    def at(cls, rules: Ruleset, space: ActionSpace, state: GameState,
           record: tuple[str, ...], moves: MoveSpace | None = None) -> Position:
        """The position at the start of the decision at ``state``."""
        return cls(rules, space, state, decision(rules, state, space), record, moves)

    @property
    def actions(self) -> int:
        """How many actions there are: whole moves, or options of the steps of a move."""
        return self.space.size if self.moves is None else self.moves.size

    @cached_property
    def by_id(self) -> dict[int, Move]:
        """The legal moves by their ids in ``moves`` (whole moves only)."""
        assert self.moves is not None
        if self.state.game_over:
            return {}
        players = self.state.players
        return {self.moves.id(move, players): move for move in self.choices.moves}

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self  # immutable: a copy may share everything

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the ruleset's file, the state's data, the options chosen and the
        record: a ruleset holds compiled conditions, which do not pickle."""
        return (restore, (str(self.rules.source), self.state.to_data(),
                          tuple(self.choices.chosen_ids()), self.record,
                          self.moves is not None, self.taken))

    @property
    def seat(self) -> int | None:
        """The seat of the player to move; None once the game is over."""
        return None if self.state.game_over else self.state.to_move

    def legal_ids(self) -> list[int]:
        """The ids of the options this step offers (of the legal moves, with ``moves``),
        ascending (none once the game is over)."""
        if self.moves is not None:
            return sorted(self.by_id)
        return [] if self.state.game_over else self.choices.legal_ids()

    def choose(self, id_: int) -> Position:
        """The position after choosing the option ``id_``: the move applied when it is whole
        (at once, with ``moves``). ValueError when this step does not offer it."""
        taken = self.taken + ((self.state.to_move, id_),)
        if self.moves is not None:
            if id_ not in self.by_id:
                raise ValueError(f"the id {id_} is not a legal move now")
            return self._applied(self.by_id[id_], taken)
        narrowed = self.choices.choose_id(id_)
        if narrowed.move is None:
            return replace(self, choices=narrowed, taken=taken)
        return self._applied(narrowed.move, taken)

    def play(self, move: Move) -> Position:
        """The position after the whole move ``move`` of the player to move (a bot's, chosen
        from its view rather than option by option), taken as the actions that make it."""
        players, seat = self.state.players, self.state.to_move
        ids = [self.moves.id(move, players)] if self.moves is not None else \
            [self.space.id(option, players) for option in self.choices.path(move)]
        return self._applied(move, self.taken + tuple((seat, id_) for id_ in ids))

    def _applied(self, move: Move, taken: tuple[tuple[int, int], ...]) -> Position:
        state, _ = apply(self.state, move)
        return replace(Position.at(self.rules, self.space, state,
                                   self.record + (self.notation(move),), self.moves),
                       taken=taken)

    def asked(self) -> tuple[int, ...]:
        """The seats asked for a decision now, none seeing another's: the mover, and where
        choices are made at once (``game.acting``) and the mover has not begun its turn,
        every other seat yet to choose (its decision is the one it would be asked first)."""
        if self.seat is None:
            return ()
        if self.state.turn.done:
            return (self.seat,)
        players = self.state.players
        return (self.seat, *(players.index(name) for name in acting(self.state)
                             if name != players[self.seat]))

    def legal_ids_of(self, seat: int) -> list[int]:
        """The ids of the whole moves ``seat``, one of those ``asked``, may make, ascending."""
        if seat == self.seat:
            return self.legal_ids()
        assert self.moves is not None
        players = self.state.players
        return sorted(self.moves.id(move, players)
                      for move in legal_moves(self.state, players[seat]))

    def taken_by(self, seat: int) -> list[int]:
        """The actions ``seat`` has taken so far, oldest first."""
        return [id_ for who, id_ in self.taken if who == seat]

    def notation(self, move: Move) -> str:
        """A move as one line of JSON, as scenario files and saves write it."""
        return json.dumps({"action": move.action, **self.rules.actions[move.action].notation(move)},
                          sort_keys=True, ensure_ascii=False, default=list)

    def option_text(self, id_: int) -> str:
        """What an option id chooses, as ``domain:value`` (a player by seat); with
        ``moves``, the move's notation."""
        if self.moves is not None:
            return self.notation(self.moves.move(id_, self.state.players))
        domain, value = self.space.option(id_)
        return domain if value is None else f"{domain}:{value}"

    def view(self, seat: int) -> PlayerView:
        return view(self.state, self.state.players[seat])

    def chosen_ids(self, seat: int) -> list[int]:
        """The options chosen so far in the decision being built, as ``seat`` knows them:
        its own, or none while another player chooses."""
        return self.choices.chosen_ids() if seat == self.seat else []

    def world(self, seat: int, rng: random.Random) -> Position:
        """A position ``seat`` cannot tell from this one: what its view hides is dealt again
        at random (``worlds.possible_world``), with another generator for what is drawn later.
        The mover's options chosen so far are kept when ``seat`` is the mover; another player
        does not know them, and the mover begins the decision again."""
        chosen = self.choices.chosen if seat == self.seat else ()
        # another player does not know the options of the move being built
        taken = self.taken[:len(self.taken) - len(self.choices.chosen) + len(chosen)]
        for _ in range(WORLD_TRIES):
            state = possible_world(self.view(seat), self.rules, rng)
            choices = decision(self.rules, state, self.space)
            try:
                for option in chosen:
                    choices = choices.choose(option)
            except ValueError:
                continue
            return Position(self.rules, self.space, state, choices, self.record, self.moves,
                            taken)
        raise RuntimeError(f"no possible world in {WORLD_TRIES} allows the options chosen")


def decision(rules: Ruleset, state: GameState, space: ActionSpace) -> Choices:
    """The choices of the decision at ``state``; none once the game is over."""
    if state.game_over:
        return Choices(rules, (), state.players, space)
    return Choices.of(rules, state, space)


@lru_cache(maxsize=16)
def rules_from(source: str) -> Ruleset:
    return load_ruleset(source)


def restore(source: str, data: Mapping[str, Any], chosen_ids: Sequence[int],
            record: tuple[str, ...], whole: bool = False,
            taken: tuple[tuple[int, int], ...] = ()) -> Position:
    """The position ``Position.__reduce__`` describes (its ruleset read again from its file;
    ``whole``: played a whole move per action)."""
    rules = rules_from(source)
    space = ActionSpace.of(rules)
    position = replace(Position.at(rules, space, GameState.from_data(rules, data), record,
                                   move_space(rules, space, "moves") if whole else None),
                       taken=taken)
    for id_ in chosen_ids:
        position = replace(position, choices=position.choices.choose_id(id_))
    return position
