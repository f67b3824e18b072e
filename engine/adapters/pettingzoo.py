"""Any ruleset as a PettingZoo environment (``pip install 'regelwerk[pettingzoo]'``): the AEC
environment, one agent acting at a time, and the parallel one, where choices made at once
(cards picked or passed all at once) are asked of every agent together.

    from regelwerk.engine.adapters.pettingzoo import env, parallel_env
    game = env("GAME", players=3)   # a shipped game's id or a ruleset file; and variant=...
    game.reset(seed=7)

An agent's action is a whole move where the ruleset's moves fit a bounded space (the
``MoveSpace`` of ``engine/play/movespace.py``: a column to drop a piece in), else one option
of a step of a move (the ruleset's ``ActionSpace``, ``engine/play/choices.py``); ``actions=
"moves"`` or ``"steps"`` chooses (the parallel environment takes whole moves). Every
observation is a dict of ``observation`` (the agent's view as numbers,
``engine/adapters/encoding.py``) and ``action_mask`` (1 for each action the agent may take
now; all 0 for an agent not asked). Rewards come at the end: the winners share 1
(``api.returns``). ``reset(seed=S)`` deals game S's way and seeds the games that later
``reset()`` calls deal.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from pathlib import Path
from typing import Any

from . import needs_extra

try:
    import numpy  # noqa: F401  (its observations are arrays: arrays.py)
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ModuleNotFoundError as missing:  # installed without the extra
    raise needs_extra(missing, "pettingzoo") from None

from ..api import returns
from ..compiler.loading import load_game
from ..play.choices import ActionSpace
from .arrays import Observation, observation, observation_space
from .encoding import ViewEncoding
from .picture import RENDER_MODES, Renderer, rendering
from .position import Position, move_space


def env(game: str | Path, players: int | None = None, variant: str | Path | None = None,
        render_mode: str | None = None, actions: str | None = None, shaped: bool = False,
        renderer: Renderer | None = None) -> RegelwerkEnv:
    """The AEC environment of a game (a shipped game's id or a ruleset file); ``actions``:
    "moves", "steps" or None (whole moves where they fit); ``shaped``: the observation as
    named fields in their shapes, not one flat vector; ``renderer``: what draws the table
    for ``render_mode="ansi"`` (``picture.table_text`` unless given)."""
    return RegelwerkEnv(game, players, variant, render_mode, actions, shaped, renderer)


def parallel_env(game: str | Path, players: int | None = None,
                 variant: str | Path | None = None, render_mode: str | None = None,
                 shaped: bool = False, renderer: Renderer | None = None
                 ) -> RegelwerkParallelEnv:
    """The parallel environment of a game whose moves fit a bounded space (whole moves)."""
    return RegelwerkParallelEnv(game, players, variant, render_mode, shaped, renderer)


class Table:
    """What both environments set up alike: the rules, the seats as agents, the spaces,
    the game's type, and a position dealt by ``reset``'s seeds."""

    metadata: dict[str, Any]

    def _seat(self, game: str | Path, players: int | None, variant: str | Path | None,
              render_mode: str | None, actions: str | None, shaped: bool,
              renderer: Renderer | None) -> None:
        self.rules = load_game(str(game), variant)
        count = players if players is not None else self.rules.min_players
        if not self.rules.min_players <= count <= self.rules.max_players:
            raise ValueError(f"{self.rules.id} is played by {self.rules.min_players} to "
                             f"{self.rules.max_players} players, not {count}")
        self.render_mode, self.renderer = rendering(render_mode, renderer)
        #: the kind of game the rules make (``Ruleset.game_type``): simultaneous, chance,
        #: perfect_information, utility
        self.metadata = {**self.metadata, "game_type": asdict(self.rules.game_type)}
        self.space = ActionSpace.of(self.rules)
        self.moves = move_space(self.rules, self.space, actions)
        self.encoding = ViewEncoding(self.rules, count, self.space, self.moves is not None)
        self.shaped = shaped
        self.possible_agents = [f"player_{seat}" for seat in range(count)]
        size = self.space.size if self.moves is None else self.moves.size
        observed = observation_space(self.encoding, size, shaped)
        self.observation_spaces = {agent: observed for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self.seeds = random.Random()
        self.position: Position | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _deal(self, seed: int | None) -> Position:
        if seed is not None:
            self.seeds = random.Random(seed)
        self.position = Position.start(self.rules, self.possible_agents,
                                       self.seeds.randrange(2**63), self.space, self.moves)
        return self.position

    @property
    def _position(self) -> Position:
        if self.position is None:
            raise RuntimeError("call reset() before playing")
        return self.position

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the table as text, for someone watching (every
        zone as someone who sees it sees it; not for an agent)."""
        return None if self.render_mode is None else self.renderer(self._position.state)

    def close(self) -> None:
        pass


class RegelwerkEnv(Table, AECEnv):  # type: ignore[misc]  # pettingzoo's classes are not typed
    metadata = {"name": "regelwerk_v0", "render_modes": list(RENDER_MODES),
                "is_parallelizable": False}

    def __init__(self, game: str | Path, players: int | None = None,
                 variant: str | Path | None = None, render_mode: str | None = None,
                 actions: str | None = None, shaped: bool = False,
                 renderer: Renderer | None = None) -> None:
        super().__init__()
        self._seat(game, players, variant, render_mode, actions, shaped, renderer)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        position = self._deal(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[position.seat or 0]

    def observe(self, agent: str) -> Observation:
        return observation(self._position, self.possible_agents.index(agent), self.encoding,
                           self.shaped)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.position = position = self._position.choose(int(action))
        if position.seat is None:
            self.rewards = dict(zip(self.possible_agents, returns(position.state)))
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[position.seat]
        self._accumulate_rewards()


class RegelwerkParallelEnv(Table, ParallelEnv):  # type: ignore[misc]  # not typed
    """Every agent asked at once where choices are made at once: all who have yet to choose
    while the mover has not begun its turn (``Position.asked``), each choosing from what it
    sees before any of those choices is made; otherwise the mover alone (a turn that goes
    on after a pick, a second pick in the same turn). A choice is played when the rules come to
    its player's turn; until then that agent is not asked again."""

    metadata = {"name": "regelwerk_parallel_v0", "render_modes": list(RENDER_MODES)}

    def __init__(self, game: str | Path, players: int | None = None,
                 variant: str | Path | None = None, render_mode: str | None = None,
                 shaped: bool = False, renderer: Renderer | None = None) -> None:
        self._seat(game, players, variant, render_mode, "moves", shaped, renderer)
        self.waiting: dict[int, int] = {}  # the choices made and not yet played, by seat
        self.asked: tuple[int, ...] = ()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self._deal(seed)
        self.agents = list(self.possible_agents)
        self.waiting = {}
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        position = self._position
        for seat in self.asked:
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is asked to choose an action")
            self.waiting[seat] = int(actions[agent])
        while position.seat is not None and position.seat in self.waiting:
            position = position.choose(self.waiting.pop(position.seat))
        self.position = position
        over = position.seat is None
        agents = self.agents
        rewards = dict(zip(self.possible_agents, returns(position.state))) if over \
            else dict.fromkeys(agents, 0.0)
        observations = self._observations()
        self.agents = [] if over else agents
        return (observations, rewards, dict.fromkeys(agents, over),
                dict.fromkeys(agents, False), {agent: {} for agent in agents})

    def _observations(self) -> dict[str, Observation]:
        """Every agent's observation; the agents asked now (``asked``) have legal actions."""
        position = self._position
        self.asked = tuple(seat for seat in position.asked() if seat not in self.waiting)
        return {agent: observation(position, seat, self.encoding, self.shaped,
                                   position.legal_ids_of(seat) if seat in self.asked else ())
                for seat, agent in enumerate(self.possible_agents)}
