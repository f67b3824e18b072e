"""The state of a game: plain data, copied on every move.

A state holds the compiled ruleset only by reference (``rules``); everything
else is JSON-compatible data, so a game is fully described by the ruleset, the
players, the seed and the moves, and can be compared, saved and replayed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from .content import Counts, Group
from .grid import Grid

if TYPE_CHECKING:
    from .ruleset import Ruleset

ZoneContent = Counts | list[str]


@dataclass(slots=True)
class TurnMemory:
    """What the rules remember within one turn.

    ``memory`` holds, per action id, the fields its mechanism declares
    (``ActionMechanism.memory``); conditions read them as ``ACTION.FIELD``. Values
    are plain data (numbers, text, true/false, lists), replaced, never changed in
    place, so a copy of the per-action mappings is a full copy.
    """

    moved: bool = False  # whether any piece moved this turn (for the idle guard)
    done: dict[str, int] = field(default_factory=dict)  # action id -> times taken this turn
    memory: dict[str, dict[str, Any]] = field(default_factory=dict)
    locked_areas: frozenset[str] = frozenset()  # areas the player may not place at this turn
    offered_end: bool = False  # whether the offer before the end of the turn was made

    def copy(self) -> TurnMemory:
        return TurnMemory(self.moved, self.done.copy(),
                          {owner: fields.copy() for owner, fields in self.memory.items()},
                          self.locked_areas, self.offered_end)

    def to_data(self) -> dict[str, Any]:
        return {"moved": self.moved, "done": dict(sorted(self.done.items())),
                "memory": {owner: dict(sorted(fields.items()))
                           for owner, fields in sorted(self.memory.items())},
                "locked_areas": sorted(self.locked_areas), "offered_end": self.offered_end}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TurnMemory:
        return cls(data["moved"], dict(data["done"]),
                   {owner: dict(fields) for owner, fields in data["memory"].items()},
                   frozenset(data["locked_areas"]), data["offered_end"])


@dataclass(slots=True)
class GameState:
    rules: Ruleset = field(repr=False, compare=False)
    players: tuple[str, ...]
    shared: dict[str, ZoneContent]  # zone id -> content (a list when ordered)
    owned: dict[str, list[Counts]]  # zone id -> content per player
    areas: dict[str, Group]
    closed: frozenset[str] = frozenset()
    scores: list[int] = field(default_factory=list)
    to_move: int = 0
    start_player: int = 0
    phase: str = ""
    turn: TurnMemory = field(default_factory=TurnMemory)
    turns_played: int = 0
    idle_turns: int = 0
    ending: bool = False
    game_over: bool = False
    rng: int = 0
    counters: dict[str, int] = field(default_factory=dict)  # e.g. refills of a stack so far
    #: the legal moves last listed for this state (not part of its data; see ``apply``)
    offered: Any = field(default=None, repr=False, compare=False)

    def copy(self) -> GameState:
        return GameState(
            rules=self.rules,
            players=self.players,
            shared={z: c.copy() for z, c in self.shared.items()},
            owned={z: [c.copy() for c in per_player] for z, per_player in self.owned.items()},
            areas=self.areas.copy(),
            closed=self.closed,
            scores=self.scores.copy(),
            to_move=self.to_move,
            start_player=self.start_player,
            phase=self.phase,
            turn=self.turn.copy(),
            turns_played=self.turns_played,
            idle_turns=self.idle_turns,
            ending=self.ending,
            game_over=self.game_over,
            rng=self.rng,
            counters=self.counters.copy(),
        )

    @property
    def player(self) -> str:
        """The player to move."""
        return self.players[self.to_move]

    def winners(self) -> tuple[str, ...]:
        """The players with the most points (ties are shared); empty while playing."""
        if not self.game_over:
            return ()
        best = max(self.scores)
        return tuple(p for p, s in zip(self.players, self.scores) if s == best)

    def to_data(self) -> dict[str, Any]:
        """A JSON-compatible snapshot (the ruleset is named, not embedded)."""
        return {
            "ruleset": self.rules.id,
            "players": list(self.players),
            "shared": {z: (c.copy() if isinstance(c, list) else dict(sorted(c.items())))
                       for z, c in self.shared.items()},
            "owned": {z: [_owned_data(c) for c in per_player]
                      for z, per_player in self.owned.items()},
            "areas": {a: [list(piece) for piece in g] for a, g in self.areas.items()},
            "closed": sorted(self.closed),
            "scores": list(self.scores),
            "to_move": self.to_move,
            "start_player": self.start_player,
            "phase": self.phase,
            "turn": self.turn.to_data(),
            "turns_played": self.turns_played,
            "idle_turns": self.idle_turns,
            "ending": self.ending,
            "game_over": self.game_over,
            "rng": self.rng,
            "counters": dict(sorted(self.counters.items())),
        }


def _owned_data(content: Any) -> Any:
    """A player's zone as data: counts by kind, or for a grid its cells as "row.column"."""
    if isinstance(content, Grid):
        return {f"{row}.{column}": kind for (row, column), kind in sorted(content.items())}
    return dict(sorted(content.items()))
