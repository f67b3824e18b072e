"""What one player may see of a game.

Bots and screens work from a view, never from the state itself: what a player does not
see of a zone (``Zone.shown_to``: a hidden pile, another's hand, one's own hand held facing
away) appears only as a count, a secret zone not even as that (``{"count": None}``). A
player's zone another was shown (``SeenTally``) is seen by them as it lies, until it changes.
A zone whose pieces have faces (``play/faces.py``) is seen piece by piece: those face up, and
those face down the zone's visibility lets the player see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..zones.contents import ZoneContent
from ..zones.grid import Grid
from .notation import format_group
from . import faces
from .game import acting
from .state import GameState

if TYPE_CHECKING:
    from ..model.ruleset import Zone


#: in a zone whose pieces have faces, a piece face down the player does not see
UNSEEN = "?"


@dataclass(frozen=True)
class PlayerView:
    player: str
    players: tuple[str, ...]
    to_move: str
    acting: tuple[str, ...]  # who may act now: to_move, or all who have yet to choose
    phase: str
    scores: dict[str, int]
    zones: dict[str, Any]  # visible content, or {"count": n} for what is hidden (None: secret)
    areas: dict[str, dict[str, Any]]  # area -> content notation
    closed: tuple[str, ...]
    game_over: bool
    winners: tuple[str, ...]
    start_player: str
    turn: dict[str, Any]  # what the rules remember within this turn (public)
    turns_played: int
    idle_turns: int
    ending: bool
    counters: dict[str, int]
    #: what each player's pieces were told, per zone whose pieces carry notes: per player,
    #: per piece from the top, attribute -> the values it may still have
    told: dict[str, dict[str, list[dict[str, list[Any]]]]]
    #: the other players whose zone (by zone) this player was shown, as it is now
    seen: dict[str, tuple[str, ...]]
    #: the places (from 0, the top) of the pieces face up, per zone whose pieces have
    #: faces (per player for a player's zone, ``play/faces.py``); in ``zones`` such a zone
    #: is a pile or a grid's rows, ``UNSEEN`` for each piece face down this player does not
    #: see
    up: dict[str, Any]
    #: what the table remembers of such a zone: the pieces face down everyone saw face up,
    #: by place (per player for a player's zone); ``zones`` shows the zone as it lies
    remembered: dict[str, Any]

    def shows(self, zone: Zone, owner: int | None = None) -> bool:
        """Whether this view shows what ``zone`` holds (``owner``: the seat of the player
        it belongs to); once the game is over, every player's zones."""
        viewer = self.players.index(self.player)
        return zone.shown_to(viewer, owner) or (owner is not None and (
            self.game_over or self.players[owner] in self.seen.get(zone.id, ())))


def _faced(content: ZoneContent, zone: Zone, viewer: int, owner: int | None) -> list[Any]:
    """A zone whose pieces have faces: a pile as it lies, a grid as rows, ``UNSEEN`` for
    each piece face down that ``viewer`` does not see."""
    shown = _shown(content, zone)
    if zone.shown_to(viewer, owner):
        return cast(list, shown)
    up = set(faces.face_up(zone, content))
    if zone.grid is None:
        return [kind if place in up else UNSEEN for place, kind in enumerate(shown)]
    columns = zone.grid[1]
    return [[kind if kind is None or r * columns + c in up else UNSEEN
             for c, kind in enumerate(row)] for r, row in enumerate(shown)]


def _shown(content: ZoneContent, zone: Zone) -> Any:
    """A zone a player may see: a pile as it lies (top first), counts by kind, or a grid
    as rows (None for empty cells)."""
    if zone.grid is not None:
        return cast(Grid, content).rows_notation(*zone.grid)
    return content.to_data()


def view(state: GameState, player: str) -> PlayerView:
    """The game as ``player`` sees it; ValueError for a name that is not a player's. Once
    the game is over, every player's zones are shown to everyone: nothing a hand held is
    hidden from the table any more."""
    if player not in state.players:
        raise ValueError(f"{str(player)[:40]!r} is not a player of this game")
    me = state.players.index(player)
    zones: dict[str, Any] = {}
    seen: dict[str, tuple[str, ...]] = {}
    for zone in state.rules.zones.values():
        if zone.scope == "shared":
            content = state.shared[zone.id]
            zones[zone.id] = (_faced(content, zone, me, None) if zone.content.faced
                              else _shown(content, zone) if zone.visibility == "public"
                              else {"count": content.size()})
            continue
        per_player = state.owned[zone.id]
        if zone.content.faced:
            zones[zone.id] = {name: _faced(per_player[i], zone, me, i)
                              for i, name in enumerate(state.players)}
            continue
        if zone.content.seen:
            seen[zone.id] = tuple(name for i, name in enumerate(state.players) if
                                  me in per_player[i].seen_by)  # type: ignore[attr-defined]
        zones[zone.id] = {
            name: (_shown(per_player[i], zone)
                   if zone.shown_to(me, i) or state.game_over or name in seen.get(zone.id, ())
                   else {"count": per_player[i].size() if zone.size_shown_to(me, i) else None})
            for i, name in enumerate(state.players)
        }
    return PlayerView(
        player=player,
        players=state.players,
        to_move=state.player,
        acting=acting(state),
        phase=state.phase,
        scores=dict(zip(state.players, state.scores)),
        zones=zones,
        areas={a: format_group(g) for a, g in state.areas.items()},
        closed=tuple(sorted(state.closed)),
        game_over=state.game_over,
        winners=state.winners(),
        start_player=state.players[state.start_player],
        turn=state.to_data()["turn"],
        turns_played=state.turns_played,
        idle_turns=state.idle_turns,
        ending=state.ending,
        counters=dict(state.counters),
        told={zone: dict(zip(state.players, per_player))
              for zone, per_player in state.told().items()},
        seen={zone: names for zone, names in seen.items() if names},
        up=_per_player(state, state.up()),
        remembered=_per_player(state, state.of_faced_zones(faces.remembered_pieces)),
    )


def _per_player(state: GameState, by_zone: dict[str, Any]) -> dict[str, Any]:
    """Per zone, a player's zone's entries by player name."""
    return {zone: entry if state.rules.zones[zone].scope == "shared"
            else dict(zip(state.players, entry)) for zone, entry in by_zone.items()}
