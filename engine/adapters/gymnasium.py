"""Any ruleset as a single-agent Gymnasium environment, the other seats played by regelwerk
bots (``pip install 'regelwerk[pettingzoo]'``, which brings Gymnasium).

    from regelwerk.engine.adapters.gymnasium import env
    game = env("GAME", opponents="greedy")   # the learner in seat 0; and seat=, players=
    observation, info = game.reset(seed=7)

The agent acts a whole move or one option of a step at a time (``actions``), with the
same action space, observation
(``observation`` and ``action_mask``) and end reward as the PettingZoo environment
(``pettingzoo.py``): the share of the win of the agent's seat, given when the game ends.
Between the agent's steps the bots make their whole moves, each seeded by its seat and the
game's seed, so that ``reset(seed=S)`` replays the same opponents.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from pathlib import Path
from typing import Any, Sequence

from . import needs_extra

try:
    import gymnasium
    import numpy  # noqa: F401  (its observations are arrays: arrays.py)
    from gymnasium import spaces
except ModuleNotFoundError as missing:  # installed without the extra
    raise needs_extra(missing, "pettingzoo") from None

from ..api import returns
from ..compiler.loading import load_game
from ..matches.play import is_bot_spec, make_bot
from ..play.choices import ActionSpace
from .arrays import Observation, observation, observation_space
from .encoding import ViewEncoding
from .picture import RENDER_MODES, Renderer, rendering
from .position import Position, move_space


def env(game: str | Path, players: int | None = None, seat: int = 0,
        opponents: str | Sequence[str] = "greedy", variant: str | Path | None = None,
        actions: str | None = None, shaped: bool = False, render_mode: str | None = None,
        renderer: Renderer | None = None) -> RegelwerkSingleEnv:
    """The environment of a game (a shipped game's id or a ruleset file) for one learner;
    ``actions``: "moves", "steps" or None (whole moves where they fit); ``shaped``: the
    observation as named fields in their shapes, not one flat vector; ``renderer``: what
    draws the table for ``render_mode="ansi"`` (``picture.table_text`` unless given)."""
    return RegelwerkSingleEnv(game, players, seat, opponents, variant, actions, shaped,
                              render_mode, renderer)


class RegelwerkSingleEnv(gymnasium.Env):
    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, game: str | Path, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] = "greedy",
                 variant: str | Path | None = None, actions: str | None = None,
                 shaped: bool = False, render_mode: str | None = None,
                 renderer: Renderer | None = None) -> None:
        self.rules = load_game(str(game), variant)
        count = players if players is not None else self.rules.min_players
        if not self.rules.min_players <= count <= self.rules.max_players:
            raise ValueError(f"{self.rules.id} is played by {self.rules.min_players} to "
                             f"{self.rules.max_players} players, not {count}")
        if not 0 <= seat < count:
            raise ValueError(f"seat {seat} is not one of the {count} seats (0 to {count - 1})")
        specs = [opponents] * (count - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != count - 1 or not all(map(is_bot_spec, specs)):
            raise ValueError(f"give one bot for each of the {count - 1} other seats, or one "
                             f"for all: random, greedy, mcts, mcts:N or a level")
        self.seat, self.opponents = seat, specs
        self.render_mode, self.renderer = rendering(render_mode, renderer)
        #: the kind of game the rules make (``Ruleset.game_type``): simultaneous, chance,
        #: perfect_information, utility
        self.metadata = {**self.metadata, "game_type": asdict(self.rules.game_type)}
        self.players = [f"player_{n}" for n in range(count)]
        self.space = ActionSpace.of(self.rules)
        self.moves = move_space(self.rules, self.space, actions)
        self.encoding = ViewEncoding(self.rules, count, self.space, self.moves is not None)
        self.shaped = shaped
        size = self.space.size if self.moves is None else self.moves.size
        self.observation_space = observation_space(self.encoding, size, shaped)
        self.action_space = spaces.Discrete(size)
        self.seeds = random.Random()
        self.position: Position | None = None
        self.bots: dict[int, Any] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.seeds = random.Random(seed)
        game = self.seeds.randrange(2**63)
        others = [n for n in range(len(self.players)) if n != self.seat]
        self.bots = {n: make_bot(spec, f"{game}:{n}") for n, spec in zip(others, self.opponents)}
        self.position = self._bots_play(Position.start(self.rules, self.players, game,
                                                       self.space, self.moves))
        return self._observation(), {}

    def step(self, action: int) -> tuple[Observation, float, bool, bool,
                                          dict[str, Any]]:
        if self.position is None:
            raise RuntimeError("call reset() before playing")
        if self.position.seat is None:
            raise RuntimeError("the game is over: call reset()")
        self.position = self._bots_play(self.position.choose(int(action)))
        over = self.position.seat is None
        reward = returns(self.position.state)[self.seat] if over else 0.0
        return self._observation(), float(reward), over, False, {}

    def _bots_play(self, position: Position) -> Position:
        """The game on until it is the agent's turn or over: each bot moves from its view."""
        while position.seat is not None and position.seat != self.seat:
            seat = position.seat
            position = position.play(self.bots[seat].choose(position.view(seat), self.rules))
        return position

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the table as text, for someone watching."""
        if self.render_mode is None or self.position is None:
            return None
        return self.renderer(self.position.state)

    def _observation(self) -> Observation:
        assert self.position is not None
        return observation(self.position, self.seat, self.encoding, self.shaped)
