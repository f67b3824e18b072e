"""A game played one option at a time, as a learner plays it.

A decision is built step by step (``engine/play/choices.py``): each step offers a few options,
each with an id of the ruleset's ``ActionSpace``; the last option of a move applies it.
A ``Position`` is the game between two such steps: the state, the options the player to
move has chosen so far, and the record of every move made (moves are public: everyone sees
what was played, while the options of a move being built are the mover's own until it is
made). It is immutable, so copying one costs nothing.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ..bots.worlds import possible_world
from ..common.moves import Move
from ..compiler.loading import load_ruleset
from ..model.ruleset import Ruleset
from ..play.choices import ActionSpace, Choices
from ..play.game import apply, new_game
from ..play.state import GameState
from ..play.view import PlayerView, view

#: how many possible worlds are drawn, at most, to find one in which the options the mover
#: has chosen so far are still a beginning of a legal move
WORLD_TRIES = 200


@dataclass(frozen=True)
class Position:
    rules: Ruleset
    space: ActionSpace
    state: GameState
    choices: Choices  # the decision at ``state`` as narrowed so far (no moves: game over)
    record: tuple[str, ...]  # every move made, in notation (each a line of JSON)

    @classmethod
    def start(cls, rules: Ruleset, players: Sequence[str], seed: int,
              space: ActionSpace | None = None) -> Position:
        return cls.at(rules, space or ActionSpace.of(rules), new_game(rules, list(players), seed),
                      ())

    @classmethod
    def at(cls, rules: Ruleset, space: ActionSpace, state: GameState,
           record: tuple[str, ...]) -> Position:
        """The position at the start of the decision at ``state``."""
        return cls(rules, space, state, decision(rules, state, space), record)

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        return self  # immutable: a copy may share everything

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the ruleset's file, the state's data, the options chosen and the
        record: a ruleset holds compiled conditions, which do not pickle."""
        return (restore, (str(self.rules.source), self.state.to_data(),
                          tuple(self.choices.chosen_ids()), self.record))

    @property
    def seat(self) -> int | None:
        """The seat of the player to move; None once the game is over."""
        return None if self.state.game_over else self.state.to_move

    def legal_ids(self) -> list[int]:
        """The ids of the options this step offers, ascending (none once the game is over)."""
        return [] if self.state.game_over else self.choices.legal_ids()

    def choose(self, id_: int) -> Position:
        """The position after choosing the option ``id_``: the move applied when it is whole.
        ValueError when this step does not offer it."""
        narrowed = self.choices.choose_id(id_)
        if narrowed.move is None:
            return replace(self, choices=narrowed)
        return self.play(narrowed.move)

    def play(self, move: Move) -> Position:
        """The position after the whole move ``move`` of the player to move (a bot's, chosen
        from its view rather than option by option)."""
        state, _ = apply(self.state, move)
        return Position.at(self.rules, self.space, state, self.record + (self.notation(move),))

    def notation(self, move: Move) -> str:
        """A move as one line of JSON, as scenario files and saves write it."""
        return json.dumps({"action": move.action, **self.rules.actions[move.action].notation(move)},
                          sort_keys=True, ensure_ascii=False, default=list)

    def option_text(self, id_: int) -> str:
        """What an option id chooses, as ``domain:value`` (a player by seat)."""
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
        for _ in range(WORLD_TRIES):
            state = possible_world(self.view(seat), self.rules, rng)
            choices = decision(self.rules, state, self.space)
            try:
                for option in chosen:
                    choices = choices.choose(option)
            except ValueError:
                continue
            return Position(self.rules, self.space, state, choices, self.record)
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
            record: tuple[str, ...]) -> Position:
    """The position ``Position.__reduce__`` describes (its ruleset read again from its file)."""
    rules = rules_from(source)
    position = Position.at(rules, ActionSpace.of(rules), GameState.from_data(rules, data),
                           record)
    for id_ in chosen_ids:
        position = replace(position, choices=position.choices.choose_id(id_))
    return position
