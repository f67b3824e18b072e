"""The state of a game: plain data, copied on every move.

A state holds the compiled ruleset only by reference (``rules``); everything
else is JSON-compatible data, so a game is fully described by the ruleset, the
players, the seed and the moves, and can be compared, saved and replayed.

A copy costs a few small containers: it shares every zone's content with the
original, and a content is copied only when one of the two is about to change
it (``writable``). A move changes two or three zones of many, and search and
random players copy a state on every move.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, cast

from ..zones.contents import NotedPile, SeenTally, ZoneContent
from ..zones.groups import Group
from . import faces
from .statedata import StateDataError, check_state_data, shown

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset, Zone

#: the version of the data form of a state (``to_data`` / ``from_data``)
DATA_VERSION = 1


@dataclass(slots=True)
class TurnMemory:
    """What the rules remember within one turn.

    ``memory`` holds, per action id, the fields its mechanism declares
    (``ActionMechanism.memory``); conditions read them as ``ACTION.FIELD``. Values
    are plain data (numbers, text, true/false, lists); an action's fields are replaced
    whole, never changed in place, so copies of the memory share them.
    """

    moved: bool = False  # whether any piece moved this turn (for the idle check)
    done: dict[str, int] = field(default_factory=dict)  # action id -> times taken this turn
    memory: dict[str, dict[str, Any]] = field(default_factory=dict)
    offered_end: bool = False  # whether the offer before the end of the turn was made

    def copy(self) -> TurnMemory:
        # Each action's fields are replaced whole when it remembers (``remember``), never
        # changed in place, so the copies may share them.
        return TurnMemory(self.moved, self.done.copy(), self.memory.copy(), self.offered_end)

    def to_data(self) -> dict[str, Any]:
        return {"moved": self.moved, "done": dict(sorted(self.done.items())),
                "memory": {owner: dict(sorted(fields.items()))
                           for owner, fields in sorted(self.memory.items())},
                "offered_end": self.offered_end}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TurnMemory:
        """What ``to_data`` gives back; what it leaves out is as at the start of a turn."""
        return cls(data.get("moved", False), dict(data.get("done", {})),
                   {owner: dict(fields) for owner, fields in data.get("memory", {}).items()},
                   data.get("offered_end", False))


#: tokens of states, unique in the process (``next`` on a count is atomic in CPython)
_next_token = count(1).__next__


@dataclass(slots=True)
class GameState:
    """The data of a position. Every state gets a ``token`` when it is created or
    copied, unique in the process and never changed: what was learnt about one state
    (the moves it offered) is kept by its token, so it is never taken for another
    state, however equal (see ``game.apply``)."""

    rules: Ruleset = field(repr=False, compare=False)
    players: tuple[str, ...]
    shared: dict[str, ZoneContent]  # zone id -> content (its zone's content type)
    owned: dict[str, list[ZoneContent]]  # zone id -> content per player
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
    _token: int = field(default_factory=_next_token, init=False, repr=False, compare=False)
    #: the moves the turn machine listed while settling this state on its phase, by action,
    #: with the objects its fields held then (see ``game.settle``); never copied
    probed: tuple[tuple[Any, ...], dict[str, Sequence[Any]]] | None = field(
        default=None, init=False, repr=False, compare=False)
    #: per end condition ("when", "at_once"): the parts of the state (``context.GRIDS`` ...)
    #: changed since it was last found false (see ``game``); replaced whole, so copies share it
    since_false: dict[str, frozenset[str]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    #: what this state may change in place, being the only state that holds it (see
    #: ``writable``): a shared zone's id, (zone id, player) for a player's content, and a
    #: zone of each player's id for its list of contents
    _own: set[Any] = field(default_factory=set, init=False, repr=False, compare=False)

    @property
    def token(self) -> int:
        """This state's token (read only)."""
        return self._token

    def renew_token(self) -> None:
        """Give this state a new token, for a state about to be changed in place (what was
        learnt about it by its token no longer holds; see ``game.advance``)."""
        self._token = _next_token()

    def fields(self) -> tuple[Any, ...]:
        """The objects this state's fields hold now: equal to an earlier result exactly
        when no field has been given another value since (a field assigned a new object
        of equal content counts as unchanged)."""
        return (self.players, self.shared, self.owned, self.areas, self.closed, self.scores,
                self.to_move, self.start_player, self.phase, self.turn, self.turns_played,
                self.idle_turns, self.ending, self.game_over, self.rng, self.counters)

    def copy(self) -> GameState:
        """An equal state with a new token. The two share every zone's content until one of
        them changes it (``writable``)."""
        # Arguments by position, in the order of the fields (as ``trial``): cheaper than by
        # keyword, and a state is copied on every move.
        new = GameState(self.rules, self.players, self.shared.copy(), self.owned.copy(),
                        self.areas.copy(), self.closed, self.scores.copy(), self.to_move,
                        self.start_player, self.phase, self.turn.copy(), self.turns_played,
                        self.idle_turns, self.ending, self.game_over, self.rng,
                        self.counters.copy())
        new.since_false = self.since_false
        if self._own:  # shared from now on: neither may change them in place
            self._own = set()
        return new

    def writable(self, zone_id: str, player: int | None = None) -> ZoneContent:
        """A zone's content to change in place (a player's zone: the player to move's by
        default). Every change to a zone goes through here: a content this state may still
        share with a copy is copied first, once (every content type copies by construction,
        ``type(c)(c)``: for a pile or a tally one call into C)."""
        own = self._own
        content: ZoneContent
        if zone_id in self.shared:
            content = self.shared[zone_id]
            if zone_id not in own:
                content = self.shared[zone_id] = type(content)(content)
                own.add(zone_id)
            return content
        place = self.to_move if player is None else player
        per_player = self._own_list(zone_id)
        content = per_player[place]
        if (zone_id, place) not in own:
            content = per_player[place] = type(content)(content)
            own.add((zone_id, place))
        return content

    def replace(self, zone_id: str, player: int, content: ZoneContent) -> None:
        """Give a player's zone a new content (made for this state, held by no other)."""
        self._own_list(zone_id)[player] = content
        self._own.add((zone_id, player))

    def _own_list(self, zone_id: str) -> list[ZoneContent]:
        """The list of a zone of each player's contents, copied first unless this state's."""
        if zone_id in self._own:
            return self.owned[zone_id]
        per_player = self.owned[zone_id] = [*self.owned[zone_id]]
        self._own.add(zone_id)
        return per_player

    def trial(self, zone_id: str, player: int, content: ZoneContent) -> GameState:
        """A state to read, not to change: this one with ``content`` in a player's zone.
        It shares every other container with this state (trial placements ask it about
        runs many times a move, and a full copy each time would cost more than the
        question)."""
        owned = dict(self.owned)
        owned[zone_id] = [*owned[zone_id]]
        owned[zone_id][player] = content
        return GameState(self.rules, self.players, self.shared, owned, self.areas, self.closed,
                         self.scores, self.to_move, self.start_player, self.phase, self.turn,
                         self.turns_played, self.idle_turns, self.ending, self.game_over,
                         self.rng, self.counters)

    @property
    def player(self) -> str:
        """The player to move."""
        return self.players[self.to_move]

    def winners(self) -> tuple[str, ...]:
        """The players with the most points, or the fewest where the rules say so (ties are
        shared); empty while playing. When the end rule names the mover as winner and its
        ``at_once`` condition holds, the player whose move ended the game (the game ends
        before the turn passes on)."""
        if not self.game_over:
            return ()
        end, rules, players = self.rules.end, self.rules, len(self.players)
        if end.mover_won is not None and end.mover_won(self):
            return tuple(self.players[seat] for seat in rules.team_of(players, self.to_move))
        totals = self.team_scores()
        best = min(totals) if end.lowest_wins else max(totals)
        tied = [seat for seat, score in enumerate(totals) if score == best]
        if len(tied) > 1 and end.tiebreak is not None:
            broken = {seat: self.tiebreak_of(seat) for seat in tied}
            tied = [seat for seat in tied if broken[seat] == max(broken.values())]
        return tuple(self.players[seat] for seat in tied)

    def team_scores(self) -> list[int]:
        """Each player's points together with their partners' (``Ruleset.teams``): their
        own where everyone plays alone."""
        players, team_of, scores = len(self.players), self.rules.team_of, self.scores
        if players not in self.rules.teams:
            return list(scores)
        return [sum(scores[mate] for mate in team_of(players, seat)) for seat in range(players)]

    def tiebreak_of(self, seat: int) -> int:
        """A player's value of the end's ``tiebreak`` (their own zones read as ``mine``)."""
        tiebreak_of = self.rules.end.tiebreak_of
        assert tiebreak_of is not None
        return tiebreak_of(self, seat)

    def zone(self, zone_id: str, player: int | None = None) -> ZoneContent:
        """A shared zone's content, or a player's (the player to move's by default), to read;
        to change it, ``writable``."""
        if zone_id in self.shared:
            return self.shared[zone_id]
        return self.owned[zone_id][self.to_move if player is None else player]

    def to_data(self) -> dict[str, Any]:
        """A JSON-compatible snapshot (the ruleset is named, not embedded); ``from_data``
        reads it back."""
        return {
            "version": DATA_VERSION,
            "ruleset": self.rules.id,
            "players": list(self.players),
            "shared": {z: c.to_data() for z, c in self.shared.items()},
            "owned": {z: [c.to_data() for c in per_player]
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
            **({"told": told} if (told := self.told()) else {}),
            **({"seen": seen} if (seen := self.seen()) else {}),
            **({"up": up, "remembered": self.remembered()} if (up := self.up()) else {}),
        }

    def told(self) -> dict[str, list[list[dict[str, list[Any]]]]]:
        """What the pieces of each zone whose pieces carry notes were told, per player, as
        data: everyone at the table heard it."""
        return {z: [cast(NotedPile, c).told() for c in per_player]
                for z, per_player in self.owned.items() if self.rules.zones[z].content.noted}

    def seen(self) -> dict[str, list[list[str]]]:
        """Who has seen each player's zone that others may be shown (``SeenTally``) as it
        is now, by name, per player: the table saw who looked."""
        return {z: [[self.players[seat] for seat in sorted(cast(SeenTally, c).seen_by)]
                    for c in per_player]
                for z, per_player in self.owned.items() if self.rules.zones[z].content.seen}

    def up(self) -> dict[str, Any]:
        """Which pieces lie face up in each zone whose pieces have faces: their places from
        0 (``play/faces.py``), a list of them per player for a player's zone."""
        return self.of_faced_zones(faces.face_up)

    def remembered(self) -> dict[str, Any]:
        """Which pieces face down everyone saw face up, as ``up`` gives those face up."""
        return self.of_faced_zones(faces.remembered)

    def of_faced_zones(self, which: Callable[[Zone, ZoneContent], Any]) -> dict[str, Any]:
        """``which`` of each zone whose pieces have faces, a list of it per player for a
        player's zone."""
        return {zone.id: which(zone, self.shared[zone.id]) if zone.scope == "shared"
                else [which(zone, c) for c in self.owned[zone.id]]
                for zone in self.rules.zones.values() if zone.content.faced}

    def show(self, zone_id: str, owner: int, viewer: int) -> None:
        """Let ``viewer`` see a player's zone as it is now (until it changes)."""
        content = self.writable(zone_id, owner)
        assert isinstance(content, SeenTally)  # a zone an action shows knows who saw it
        content.seen_by |= {viewer}

    @classmethod
    def from_data(cls, rules: Ruleset, data: Mapping[str, Any]) -> GameState:
        """The state ``data`` describes, in the form ``to_data`` gives.

        Only ``players`` is required: a zone or field left out is empty or as at the
        start of a game (so a position can be written as just what differs). Data of
        another ruleset or version, or that no state of the ruleset could hold, raises
        ValueError (``statedata.StateDataError`` says what is wrong).
        """
        if not isinstance(data, Mapping):
            raise StateDataError(f"state data is a mapping, not {shown(data)}")
        version = data.get("version", DATA_VERSION)
        if version != DATA_VERSION:
            raise ValueError(f"state data of version {shown(version)}; this engine reads "
                             f"version {DATA_VERSION}")
        if data.get("ruleset", rules.id) != rules.id:
            raise ValueError(f"state data of {shown(data['ruleset'])}, not of '{rules.id}'")
        check_state_data(rules, data)
        players = tuple(data["players"])
        shared, owned = data.get("shared", {}), data.get("owned", {})
        return cls(
            rules=rules,
            players=players,
            shared={z.id: _content(z, shared.get(z.id), faced=(
                        data.get("up", {}).get(z.id, ()),
                        data.get("remembered", {}).get(z.id, ())))
                    for z in rules.zones.values() if z.scope == "shared"},
            owned={z.id: [_content(z, c, told, seen, players, faced)
                          for c, told, seen, faced in zip(
                              owned.get(z.id, [None] * len(players)),
                              data.get("told", {}).get(z.id, [[]] * len(players)),
                              data.get("seen", {}).get(z.id, [[]] * len(players)),
                              zip(data.get("up", {}).get(z.id, [[]] * len(players)),
                                  data.get("remembered", {}).get(z.id, [[]] * len(players))))]
                   for z in rules.zones.values() if z.scope == "player"},
            areas={a: tuple(tuple(piece) for piece in data.get("areas", {}).get(a, ()))
                   for a in rules.areas},
            closed=frozenset(data.get("closed", ())),
            scores=list(data.get("scores", [0] * len(players))),
            to_move=data.get("to_move", 0),
            start_player=data.get("start_player", 0),
            phase=data.get("phase", rules.start_phase),
            turn=_remembered(rules, TurnMemory.from_data(data.get("turn", {}))),
            turns_played=data.get("turns_played", 0),
            idle_turns=data.get("idle_turns", 0),
            ending=data.get("ending", False),
            game_over=data.get("game_over", False),
            rng=data.get("rng", 0),
            counters=dict(data.get("counters", {})),
        )


# Moving pieces in and out of zones with the state's generator: the only place that draws
# at random. What each kind of content does is its own (see ``zones/contents.py``).

def draw(state: GameState, zone_id: str) -> str | None:
    """Take one piece from a shared zone: the top of a pile, a random one of a tally."""
    kind, state.rng = state.writable(zone_id).take(state.rng)
    return kind


def put(state: GameState, zone_id: str, pieces: Mapping[str, int],
        player: int | None = None) -> None:
    """Add pieces to a zone; a pile is shuffled afterwards (pieces are mixed in)."""
    state.rng = state.writable(zone_id, player).put(pieces, state.rng)


@contextmanager
def seated(state: GameState, seat: int) -> Iterator[GameState]:
    """The state as conditions read it for ``seat``: ``mine`` (and a count of the player's
    own) is that player's, for what happens to every player in turn, not to the mover."""
    mover = state.to_move
    state.to_move = seat
    try:
        yield state
    finally:
        state.to_move = mover


def _remembered(rules: Ruleset, turn: TurnMemory) -> TurnMemory:
    """The turn's memory with every action's fields, those the data leaves out at their
    start-of-turn values (as ``ActionMechanism.remember`` keeps them)."""
    turn.memory = {owner: {**rules.actions[owner].memory, **fields}
                   for owner, fields in turn.memory.items()}
    return turn


def _content(zone: Zone, data: Any, told: Sequence[Mapping[str, Any]] = (),
             seen: Sequence[str] = (), players: Sequence[str] = (),
             faced: tuple[Sequence[int], Sequence[int]] = ((), ())) -> ZoneContent:
    if data is None:
        return zone.content()
    if told:  # checked: a zone whose pieces carry notes
        return NotedPile.with_notes(data, told)
    if any(faced):  # checked: a zone whose pieces have faces
        return faces.with_faces(zone, data, *faced)
    content = zone.content.from_data(data)
    if seen:  # checked: a zone that knows who saw it
        cast(SeenTally, content).seen_by = frozenset(players.index(name) for name in seen)
    return content
