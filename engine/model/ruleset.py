"""The records of a compiled game: what the compiler makes of a ruleset document and every
other part of regelwerk reads.

They are small frozen records (conditions in them are compiled closures); the mechanisms
an action or step names are held through what ``protocols`` says of them. Making them from
data is the compiler's job (``engine/compiler/``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from ..common.errors import N_
from ..conditions.expressions import Expression
from ..zones.contents import Tally, ZoneContent
from ..zones.groups import GroupStats
from .playcache import PlayCache
from .protocols import Action, Mechanism, Step, TurnOrder

#: the step from one cell of a line to the next, by the direction's name in data
DIRECTIONS: Mapping[str, tuple[int, int]] = {
    "row": (0, 1),  # along a row, left to right
    "column": (1, 0),  # along a column, top to bottom
    "diagonal": (1, 1),  # down to the right
    "antidiagonal": (1, -1),  # down to the left
}
#: how each direction is told in a rulebook ("… make a line: in a row or a column")
DIRECTION_WORDS: Mapping[tuple[int, int], str] = {
    DIRECTIONS["row"]: N_("in a row"),
    DIRECTIONS["column"]: N_("in a column"),
    DIRECTIONS["diagonal"]: N_("in a diagonal going down to the right"),
    DIRECTIONS["antidiagonal"]: N_("in a diagonal going down to the left"),
}
#: both diagonals, told together
EITHER_DIAGONAL = N_("in a diagonal")


@dataclass(frozen=True, slots=True)
class Component:
    id: str
    copies: int
    rank: int = 0
    wild: bool = False
    attributes: Mapping[str, Any] = field(default_factory=dict)
    #: the axis values a generated kind was made of (see ``generators``); its name fills
    #: in the numbers among them
    axes: Mapping[str, Any] = field(default_factory=dict)


#: who sees what a zone holds, by its visibility: everyone; its owner alone (the others see
#: how many pieces; with "secret" not even that); everyone but its owner, who sees how many
#: (cards held facing away); nobody (a face-down pile: everyone sees how many)
VISIBILITIES: Mapping[str, str] = {"public": "all", "owner": "owner", "secret": "owner",
                                   "others": "others", "hidden": "none"}


@dataclass(frozen=True, slots=True)
class Zone:
    id: str
    scope: str  # "shared" or "player"
    #: who sees what it holds (``VISIBILITIES``); the others see how many pieces, but
    #: where it is "secret"
    visibility: str
    capacity: int | None = None
    ordered: bool = False
    grid: tuple[int, int] | None = None  # (rows, columns) for a zone laid out in cells
    family: str | None = None  # the numbered family the zone belongs to (see ``_zones``)
    number: int = 0  # its number in the family, from 1
    #: the fewest players with whom the zone is in play (a family counted by players)
    from_players: int = 0
    #: the type of what the zone holds, chosen by ``ordered`` and ``grid`` (see ``zones/contents.py``)
    content: type[ZoneContent] = field(default=Tally, repr=False)
    #: in a family with one zone per value of an attribute: that attribute, and this zone's
    #: value of it (see ``zonefamilies``)
    by: str = ""
    value: str = ""

    @property
    def room(self) -> int | None:
        """How many pieces fit in it: its capacity, a grid's cells; None: no limit."""
        if self.grid is not None:
            return self.grid[0] * self.grid[1]
        return self.capacity

    def shown_to(self, viewer: int, owner: int | None = None) -> bool:
        """Whether the player in seat ``viewer`` sees what the zone holds (``owner``: the
        seat a player's zone belongs to)."""
        seen_by = VISIBILITIES[self.visibility]
        return seen_by == "all" or (seen_by != "none" and (viewer == owner) == (seen_by == "owner"))

    def size_shown_to(self, viewer: int, owner: int | None = None) -> bool:
        """Whether ``viewer`` knows how many pieces it holds: all but a secret zone's others."""
        return self.visibility != "secret" or viewer == owner


@dataclass(frozen=True)
class Line:
    """A pattern of runs along the rows of a grid zone (see ``grid.find_row_runs``)."""

    id: str
    zone: str
    start: Expression
    end: Expression
    gap: int
    sums: Mapping[str, Expression]  # run field -> int over each card, summed
    anys: Mapping[str, Expression]  # run field -> true when it holds for any card
    kinds_of: Mapping[str, Expression]  # run field -> how many different texts (and the one)
    #: the kinds that start a run and those that end one (``start``, ``end`` of each kind)
    starts: frozenset[str] = frozenset()
    ends: frozenset[str] = frozenset()


@dataclass(frozen=True)
class SetBonus:
    parts: frozenset[str]
    points: int


@dataclass(frozen=True)
class LineScoring:
    """Points for the runs of a line at the end of the game."""

    line: str
    complete_only: bool
    run: Expression | None  # over ``run``
    card: Expression | None  # over ``card``, for each card of a run
    set_by: str | None  # cards of one run with the same value of this attribute form a set
    part_by: str | None  # the attribute naming a card's part of its set
    bonuses: tuple[SetBonus, ...]  # largest first; a set earns the largest it completes


@dataclass(frozen=True, slots=True)
class Transition:
    """Where a turn goes next: ``phase`` when ``when`` holds (always when it is None)."""

    when: Expression | None
    phase: str


@dataclass(frozen=True, slots=True)
class WhenFull:
    move_to: str | None
    close: bool


@dataclass(frozen=True)
class AreaType:
    id: str
    grouping: str  # "same-kind" or "different-kinds"
    replace_when: Expression
    score_when: Expression | None  # None: placing never scores
    when_full: WhenFull | None

    def may_replace(self, old: GroupStats, new: GroupStats) -> bool:
        """Whether a group with ``new`` stats may replace one with ``old`` stats."""
        return bool(self.replace_when({"old": old, "new": new}))

    def forms(self, stood_for: Sequence[str]) -> bool:
        """Whether a group whose pieces stand for these kinds (one entry a piece) is one
        this type forms: of one kind, or of different kinds."""
        if self.grouping == "same-kind":
            return len(set(stood_for)) <= 1
        return len(set(stood_for)) == len(stood_for)



@dataclass(frozen=True, slots=True)
class Area:
    """A place on the board. Its fields are named by kind (``counts``, in the order they
    are filled); ``record`` is what conditions read as ``area``: each kind of the board
    (0 where this area has none) and ``fields``, the sum."""

    id: str
    type: AreaType
    counts: Mapping[str, int]
    points: int | Mapping[int, int] | None  # None: its type never scores
    fields: int = 0  # all its fields together
    record: Any = field(repr=False, compare=False, default=None)
    #: per kind, how many pieces fill the fields up to and including those of that kind
    filled_at: Mapping[str, int] = field(repr=False, compare=False, default_factory=dict)

    def points_for(self, count: int) -> int:
        if self.points is None or isinstance(self.points, int):
            return self.points or 0
        return self.points.get(count, 0)


@dataclass(frozen=True, slots=True)
class Phase:
    id: str
    actions: tuple[str, ...]
    optional: bool
    next: str  # a phase id, or END_OF_TURN
    #: an optional phase the turn ends after: its player may end the turn instead
    may_end_turn: bool = False


END_OF_TURN = "end"
#: the built-in decision that ends the turn, offered where an optional phase leads to its end
END_TURN = "end-turn"


@dataclass(frozen=True, slots=True)
class EndRule:
    when: Expression
    finish_round: bool
    idle_rounds: int
    after_each_move: bool = False  # checked after every move, not only after a turn
    at_once: Expression | None = None  # checked after every move; ends the game at once
    #: "highest": the most points win; "lowest": the fewest; "mover": when ``at_once`` ends
    #: the game, the player whose move made it hold wins (else the most points);
    #: "together": the players share one result, ``points``
    winner: str = "highest"
    #: per condition ("when", "at_once"), the parts of a state it reads (None: also what
    #: changes with every move or turn; see ``context.parts_read``)
    reads: Mapping[str, frozenset[str] | None] = field(default_factory=dict)
    #: with ``winner: mover``, whether a finished game's state was ended by its mover's
    #: move (``at_once`` holds in it)
    mover_won: Callable[[Any], bool] | None = field(default=None, compare=False)
    #: among players with equal points, the highest of this wins (over what conditions read
    #: of the state, ``mine`` being each player's own), worked out as the game ends
    tiebreak: Expression | None = None
    #: a player's value of it in a state (``state.tiebreak_of``)
    tiebreak_of: Callable[[Any, int], int] | None = field(default=None, compare=False)
    #: once ``when`` holds, every player takes one more turn (the one who made it hold
    #: last), then the game ends
    last_turns: bool = False
    #: with ``winner: together``: the table's points, one result for every player, worked
    #: out as the game ends
    points: Expression | None = None
    #: per condition ("when", "at_once") of alternatives joined by ``or``, each of them
    #: alone: what is told of why the game ended is the one that held
    alternatives: Mapping[str, tuple[Expression, ...]] = field(default_factory=dict)

    @property
    def lowest_wins(self) -> bool:
        return self.winner == "lowest"


@dataclass(frozen=True)
class PieceCount:
    """One of the ruleset's own counts (``counts``): the pieces of ``zone`` of a kind in
    ``kinds`` (those for which its condition holds), of every player or, with ``mine``, of
    the player to move."""

    zone: str
    kinds: frozenset[str]
    mine: bool
    #: with ``sum``: what each kind counted adds (else one each)
    weights: Mapping[str, int] | None = None


@dataclass(frozen=True)
class HandRule:
    """A game played over several hands: when ``over`` holds after a turn, the hand is
    scored, and unless the end's condition then holds, the ``deal`` steps set up the next
    hand, started by the same player or the next (``starts``). With ``points``, what each
    player scores for a hand is that formula of what the scoring gives them and the
    others (``HAND_POINTS``)."""

    over: Expression
    deal: tuple[Step, ...]
    starts: str  # "next", "same", "winner", or "lowest" or "highest" of ``starter``
    points: Expression | None = None
    #: with ``starts`` lowest or highest: the formula worked out for every player (``mine``
    #: each one's own) whose lowest or highest value begins the next hand
    starter: Expression | None = None
    #: who wins a hand, scoring a point: of the players still in, the highest by the first
    #: formula (each worked out for every player, ``mine`` their own), ties by the next
    won_by: tuple[Expression, ...] = ()
    #: the zones of each player, not open, that ``won_by`` reads: shown when a hand is won
    shown: tuple[str, ...] = ()


#: what a hand's ``points`` formula reads: what the scoring gives the player (``mine``), the
#: most and fewest any player gets, and all players' together
HAND_POINTS = {"points": {"mine": int, "highest": int, "lowest": int, "total": int}}


@dataclass(frozen=True)
class Ruleset:
    id: str
    title: str
    min_players: int
    max_players: int
    components: Mapping[str, Component]
    supply: str
    zones: Mapping[str, Zone]
    zone_families: Mapping[str, tuple[str, ...]]  # family id -> its zones, in order
    area_types: Mapping[str, AreaType]
    areas: Mapping[str, Area]
    setup: tuple[Step, ...]
    lines: Mapping[str, Line]
    scoring: tuple[LineScoring, ...]
    attribute_types: Mapping[str, type]
    card_records: Mapping[str | None, Any]
    phases: Mapping[str, Phase]
    start_phase: str
    after_turn: tuple[Step, ...]
    after_round: tuple[Step, ...]  # run when a round of the turn order ends
    hands: HandRule | None  # a game of several hands
    actions: Mapping[str, Action]
    action_fields: Mapping[str, Action]  # by the name conditions use (see context)
    transitions: Mapping[str, tuple[Transition, ...]]  # action id -> where the turn goes
    before_end: Transition | None
    end: EndRule
    #: who moves after a turn, and when a round is over (``mechanisms/orders/``)
    order: TurnOrder
    #: points for the groups in players' zones at the end (``engine/play/scoring.py``)
    group_scoring: tuple[GroupScoring, ...]
    digest: str
    #: each phase's actions, cheapest to probe first (for skipping phases without moves)
    probe_order: Mapping[str, tuple[Action, ...]]
    #: per phase, the actions whose moves a decision in it offers, in order (``_offered``)
    offers: Mapping[str, tuple[Action, ...]]
    #: per (phase, action offered there), the phase a move of it is played in: the first
    #: reached that has it (ending the turn: the last reached)
    played_in: Mapping[tuple[str, str], Phase]
    #: the type of the record conditions read as ``areas`` (a field per kind of field)
    area_summary: type = field(repr=False, compare=False)
    #: how to make the records conditions read as each action (by its field name), as
    #: ``zone`` and as ``mine`` from a state (see ``play/turncontext.py``)
    records: Mapping[str, Callable[[Any], Any]] = field(repr=False, compare=False)
    document: Any = field(repr=False, compare=False)
    variant: str | None = None
    variant_title: str | None = None
    source: Path = Path()
    #: what mechanisms learn during play; the only part of a ruleset that changes
    cache: PlayCache = field(default_factory=PlayCache, repr=False, compare=False)
    #: points at the end over what zones of each player hold (see ``compiler/scoring.py``)
    zone_scoring: tuple[ZoneScoring, ...] = ()
    #: straight lines of alike pieces (``lines:`` with a ``length``; see ``compiler/lines.py``)
    straight_lines: Mapping[str, StraightLine] = field(
        default_factory=lambda: MappingProxyType({}))
    #: partners by the number of players: the teams, each its seats (``team_of``)
    teams: Mapping[int, tuple[tuple[int, ...], ...]] = field(
        default_factory=lambda: MappingProxyType({}))

    def team_of(self, players: int, seat: int) -> tuple[int, ...]:
        """The seats of the partners of the player at ``seat`` (themselves included), in a
        game of ``players``; the seat alone where everyone plays alone."""
        for team in self.teams.get(players, ()):
            if seat in team:
                return team
        return (seat,)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.components)

    def rank(self, kind: str) -> int:
        return self.components[kind].rank

    @cached_property
    def wild_kinds(self) -> tuple[str, ...]:
        """The kinds that stand in for others (asked for every move a menu lays out)."""
        return tuple(c.id for c in self.components.values() if c.wild)

    @property
    def scored_at_end(self) -> bool:
        """Whether points are counted when the game ends (runs of lines, zones, groups)."""
        return bool(self.scoring or self.zone_scoring or self.group_scoring)

    @property
    def keeps_score(self) -> bool:
        """Whether points can be won at all: counted at the end, for winning a hand, or by an
        action's moves."""
        return (self.scored_at_end or self.end.points is not None
                or (self.hands is not None and bool(self.hands.won_by))
                or any(action.scores for action in self.actions.values()))

    def total_pieces(self) -> int:
        return sum(c.copies for c in self.components.values())

    def places(self, zone: Zone) -> int:
        """How many places a zone may have: a grid's cells, an ordered zone's capacity, or
        as many as there are pieces."""
        return zone.room or self.total_pieces()

    @property
    def mechanisms(self) -> tuple[Mechanism, ...]:
        """Every mechanism the rules configure: the actions, the steps (of the setup, after
        a turn or a round, of each hand's deal) and the turn order."""
        return (*self.actions.values(), *self.setup, *self.after_turn, *self.after_round,
                *(self.hands.deal if self.hands else ()), self.order)

    @cached_property
    def game_type(self) -> GameType:
        """What kind of game the rules make, derived from them (see ``GameType``)."""
        simultaneous = self.order.simultaneous
        return GameType(
            simultaneous=simultaneous,
            chance=any(mechanism.chance(self) for mechanism in self.mechanisms),
            perfect_information=not simultaneous and all(
                zone.visibility == "public" for zone in self.zones.values()),
            utility="shared" if self.end.winner == "together" else "constant-sum")


@dataclass(frozen=True, slots=True)
class GameType:
    """The kind of game a ruleset makes, as game theory sorts games (the adapters tell
    OpenSpiel and PettingZoo so): read from the rules, never declared beside them."""

    #: some players choose at once, none seeing the others' choices (an order or exchange)
    simultaneous: bool
    #: something is left to chance: a shuffle, a piece drawn at random, pieces mixed in
    chance: bool
    #: every player sees everything at every moment: no zone is hidden from anyone and
    #: nobody chooses unseen
    perfect_information: bool
    #: how results add up: "constant-sum" (the winners share one, ``api.returns``), or
    #: "shared" (the players play together for one result, ``end.points``)
    utility: str


@dataclass(frozen=True)
class StraightLine:
    """At least ``length`` pieces of one kind in a row, along any of ``steps``."""

    id: str
    zone: str
    length: int
    steps: tuple[tuple[int, int], ...]

    def directions_told(self) -> list[str]:
        """The messages telling the directions it runs in, both diagonals as one."""
        diagonals = {DIRECTIONS["diagonal"], DIRECTIONS["antidiagonal"]}
        both = diagonals <= set(self.steps)
        told = [DIRECTION_WORDS[step] for step in self.steps if not (both and step in diagonals)]
        return [*told, EITHER_DIAGONAL] if both else told


@dataclass(frozen=True)
class ZoneScoring:
    """Points for each of the zones ``zones`` of every player: the parts that are given."""

    id: str
    zones: tuple[str, ...]
    points: Expression | None  # over count, sum, having
    card: Expression | None  # over ``card``, for each piece
    runs_of: str | None  # an attribute with whole numbers
    run: Expression | None  # over ``run``, for each run of consecutive ``runs_of`` values
    #: the players ranked by ``by`` (a formula like ``points``; how many pieces without it),
    #: those with the most and those with the fewest scoring by place
    by: Expression | None = None
    most: Placing | None = None
    fewest: Placing | None = None
    #: when every player is tied, nobody scores by place (else they share the first place)
    none_when_all_tied: bool = False
    #: counted only when the game ends, not after every hand (a game of several)
    at_end: bool = False


@dataclass(frozen=True)
class Placing:
    """Points by place, first first: players tied share their place's points (each the
    share rounded towards zero) and take up the places after it; ``when`` (over
    ``players``) says in which games it counts. Having none of what is ranked is never
    having the most."""

    points: tuple[int, ...]
    when: Expression | None = None

    def award(self, measures: Sequence[int], player: int, most: bool) -> int:
        """What ``player`` scores by place among ``measures`` (every player's)."""
        mine = measures[player]
        if most and mine <= 0:
            return 0
        ahead = sum(1 for measure in measures if (measure > mine if most else measure < mine))
        if ahead >= len(self.points) or (self.when is not None
                                         and not self.when.evaluate({"players": len(measures)})):
            return 0
        award, tied = self.points[ahead], measures.count(mine)
        return abs(award) // tied * (1 if award >= 0 else -1)


@dataclass(frozen=True)
class GroupScoring:
    zone: str
    by: str
    table: tuple[int, ...]
    best: int | None  # None: every group counts for the player
    card: Expression | None

    def points(self, size: int) -> int:
        if size <= 0:
            return 0
        return self.table[min(size, len(self.table)) - 1]


def run_fields(line: Line) -> dict[str, type]:
    """The fields of a run record of ``line`` (see ``play/turncontext.run_record``)."""
    fields: dict[str, type] = {"length": int, "complete": bool}
    fields.update({name: int for name in line.sums})
    fields.update({name: bool for name in line.anys})
    for name in line.kinds_of:
        fields[name] = int
        fields[f"{name}_one"] = str
    return fields


def phases_from(phases: Mapping[str, Phase], phase_id: str) -> Iterator[Phase]:
    """A phase and, while phases are optional, the ones after it: those a decision in it
    reaches."""
    phase = phases[phase_id]
    yield phase
    while phase.optional and phase.next != END_OF_TURN:  # no loop: the loader refuses them
        phase = phases[phase.next]
        yield phase


def field_kinds(areas: Iterable[Area]) -> tuple[str, ...]:
    """The kinds of fields of a board, in the order its areas name them."""
    return tuple(dict.fromkeys(kind for area in areas for kind in area.counts))
