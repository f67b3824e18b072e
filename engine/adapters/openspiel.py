"""Any ruleset as an OpenSpiel game (``pip install 'regelwerk[openspiel]'``).

Importing this module registers every shipped game as ``regelwerk_<id>`` (``-`` written
``_``: ``regelwerk_my_game``); ``register(path)`` registers a ruleset of your own. Game
parameters: ``players`` (the fewest the rules allow by default), ``variant`` (a shipped
variant's name or a variant file; "" for none), ``seed`` and ``actions`` ("moves", "steps",
or "" for whichever suits the game).

- An OpenSpiel action is a whole move where the ruleset's moves fit a bounded space (its id
  in the ``MoveSpace``, ``engine/play/movespace.py``: a column to drop a piece in), else
  one option of a step of the decision (``engine/play/choices.py``): its id in the ruleset's
  ``ActionSpace``, the last option of a move applying it. Either way ``num_distinct_actions``
  is small and fixed.
- The game's type is the rules' own (``Ruleset.game_type``, of the variant loaded): a game
  without chance is ``DETERMINISTIC``, one where everyone sees everything
  ``PERFECT_INFORMATION`` (a game of open zones, never shuffled, is both, so OpenSpiel's
  minimax and alpha-beta search play it). Choices made at once are asked one seat at a time, each unseen by the
  others: the dynamics are ``SEQUENTIAL`` and the information imperfect.
- Chance is *sampled* (``SAMPLED_STOCHASTIC``) where there is any: shuffles and draws come
  from the generator the state carries, seeded by ``seed``. Explicit chance nodes would have to stop the engine
  inside a setup step or a move (a shuffle of a whole pile is one draw among more outcomes
  than any list could hold); sampled chance keeps the engine whole, and a state stays a
  function of the game's parameters and its history (so OpenSpiel's serialisation by history
  holds). A new deal is a new seed.
- Observations are read from the player's view only (``engine/adapters/encoding.py``), the
  tensor's fields in their shapes in the observer's ``dict`` (a grid as planes of rows ×
  columns × kinds); the information state adds the record of every move made to the text
  and the player's own actions to the tensor. ``resample_from_infostate`` deals
  what the player cannot see again (``engine/bots/worlds.py``), so IS-MCTS searches worlds the
  player cannot tell apart from the real one.
- Returns are zero-sum: a player's share of the win (``api.returns``: the winners share 1)
  times the number of players, less 1. Of two players the winner gets 1 and the loser -1,
  a draw 0 each, as in OpenSpiel's own games. Where the players play together (the end's
  ``points``), the utility is ``IDENTICAL``: each one's return is the table's points.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import needs_extra

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # installed without the extra
    raise needs_extra(missing, "openspiel") from None

from ..api import returns, table_points
from ..common.limits import SCORE
from ..compiler.loading import load_game
from ..data.shipped import shipped_games
from ..matches.play import MAX_DECISIONS
from ..model.ruleset import Ruleset
from ..play.choices import ActionSpace
from .encoding import ViewEncoding
from .position import Position, move_space
from .tensors import fields

#: OpenSpiel's names of the games registered here, by the source they were loaded from
REGISTERED: dict[str, str] = {}


def game_name(rules: Ruleset) -> str:
    """The name a ruleset is registered under: ``regelwerk_`` and its id, in the letters
    OpenSpiel reads in a game string."""
    return "regelwerk_" + re.sub(r"[^A-Za-z0-9_]", "_", rules.id)


@lru_cache(maxsize=64)
def ruleset(source: str, variant: str) -> Ruleset:
    return load_game(source, variant or None)


def longest_move(rules: Ruleset) -> int:
    """The most steps one move can take: its action, then each part's choices (a group
    names each kind and its count, then each wild kind's count and what it stands for)."""
    kinds, wilds = len(rules.kinds), len(rules.wild_kinds)
    steps = {"group": 2 * kinds + 1 + wilds * (1 + 2 * kinds), "cell": 2}
    return 1 + max((sum(steps.get(part.type.kind, 1) for part in action.parts)
                    for action in rules.actions.values()), default=0)


def register(source: str | Path) -> str:
    """Register a ruleset (a shipped game's id or a ruleset file) with OpenSpiel; returns
    its name. Registering it again changes nothing."""
    key = str(source)
    if key in REGISTERED:
        return REGISTERED[key]
    rules = ruleset(key, "")
    name = game_name(rules)
    game_type = spiel_type(rules, name, {"players": rules.min_players, "variant": "",
                                         "seed": 0, "actions": ""})
    # a class of its own, as OpenSpiel's Python games register theirs (a function held only
    # by OpenSpiel's registry would be freed as the interpreter exits, and crash it)
    pyspiel.register_game(game_type, type(name, (RegelwerkGame,),
                                          {"game_type": game_type, "source": key}))
    REGISTERED[key] = name
    return name


def spiel_type(rules: Ruleset, name: str, parameters: dict[str, Any]) -> Any:
    """OpenSpiel's ``GameType`` of ``rules`` (a variant's may differ from its game's)."""
    kind, spiel = rules.game_type, pyspiel.GameType
    return spiel(
        short_name=name,
        long_name=f"regelwerk {rules.title}",
        dynamics=spiel.Dynamics.SEQUENTIAL,
        chance_mode=(spiel.ChanceMode.SAMPLED_STOCHASTIC if kind.chance
                     else spiel.ChanceMode.DETERMINISTIC),
        information=(spiel.Information.PERFECT_INFORMATION if kind.perfect_information
                     else spiel.Information.IMPERFECT_INFORMATION),
        utility=(spiel.Utility.IDENTICAL if kind.utility == "shared"
                 else spiel.Utility.ZERO_SUM),
        reward_model=spiel.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class RegelwerkGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """A ruleset, a number of players, a variant and a seed: one OpenSpiel game. Each
    registered ruleset has a subclass that sets ``game_type`` and ``source``."""

    game_type: Any
    source: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.game_type
        params = {**game_type.parameter_specification, **(params or {})}
        rules = ruleset(self.source, str(params["variant"]))
        players = int(params["players"])
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"{rules.id} is played by {rules.min_players} to "
                             f"{rules.max_players} players, not {players}")
        space = ActionSpace.of(rules)
        moves = move_space(rules, space, str(params["actions"]) or None)
        #: played together, every player's return is the table's points (``end.points``)
        self.shared = rules.game_type.utility == "shared"
        if params["variant"]:
            game_type = spiel_type(rules, game_type.short_name,
                                   game_type.parameter_specification)
        super().__init__(game_type, pyspiel.GameInfo(
            num_distinct_actions=space.size if moves is None else moves.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-float(SCORE) if self.shared else -1.0,
            max_utility=float(SCORE) if self.shared else players - 1.0,
            utility_sum=None if self.shared else 0.0,
            max_game_length=MAX_DECISIONS * (longest_move(rules) if moves is None else 1),
        ), params)
        self.encoding = ViewEncoding(rules, players, space, moves is not None)
        self.start = Position.start(rules, [f"player-{seat}" for seat in range(players)],
                                    int(params["seed"]), space, moves)

    def new_initial_state(self) -> RegelwerkState:
        return RegelwerkState(self, self.start)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        return Observer(self.encoding, self.num_distinct_actions(), iig_obs_type, params)


class RegelwerkState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A position of the game; OpenSpiel copies a state by copying its ``position``, which
    is immutable and so shared."""

    def __init__(self, game: RegelwerkGame, position: Position) -> None:
        super().__init__(game)
        self.position = position

    def current_player(self) -> int:
        seat = self.position.seat
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.legal_ids()

    def _apply_action(self, action: int) -> None:
        self.position = self.position.choose(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.position.option_text(action)

    def is_terminal(self) -> bool:
        return self.position.seat is None

    def returns(self) -> list[float]:
        if self.get_game().shared:
            points = table_points(self.position.state) if self.is_terminal() else 0
            return [float(points or 0)] * self.get_game().num_players()
        shares = returns(self.position.state)
        if not any(shares):  # still playing
            return [0.0] * len(shares)
        return [len(shares) * share - 1 for share in shares]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any
                                ) -> RegelwerkState:
        """A state ``player_id`` cannot tell from this one (the sampler seeds the deal)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        return RegelwerkState(self.get_game(), self.position.world(player_id, rng))

    def __str__(self) -> str:
        """The whole state, hidden parts and all (for debugging and OpenSpiel's checks)."""
        return json.dumps({"state": self.position.state.to_data(),
                           "choosing": [option.value for option in self.position.choices.chosen],
                           "moves": list(self.position.record)},
                          sort_keys=True, ensure_ascii=False, default=list)


class Observer:
    """What one player sees, as OpenSpiel's observers give it: ``tensor`` and ``dict`` (its
    fields by name, in their shapes: views of the tensor) set by ``set_from``, text by
    ``string_from``. The information state (``perfect_recall``) adds the moves made so far
    to the text, and the player's own history to the tensor (``history.taken``,
    ``history.last``: ``encoding.py``)."""

    def __init__(self, encoding: ViewEncoding, actions: int, iig_obs_type: Any,
                 params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only a player's own observation is supported: "
                             "public and the player's private information")
        self.encoding, self.actions = encoding, actions
        self.perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        layout = encoding.layout + (encoding.history_layout(actions) if self.perfect_recall
                                    else ())
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in layout), np.float32)
        self.dict = fields(self.tensor, layout)

    def set_from(self, state: RegelwerkState, player: int) -> None:
        position = state.position
        vector = self.encoding.vector(position.view(player), position.chosen_ids(player))
        if self.perfect_recall:
            vector += self.encoding.history(position.taken_by(player), self.actions)
        self.tensor[:] = vector

    def string_from(self, state: RegelwerkState, player: int) -> str:
        position = state.position
        chosen = [position.option_text(id_) for id_ in position.chosen_ids(player)]
        return self.encoding.text(position.view(player), chosen,
                                  position.record if self.perfect_recall else None)


for _game in shipped_games():
    register(_game)
