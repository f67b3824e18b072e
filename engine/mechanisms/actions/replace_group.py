"""``replace-group``: place a group from the player's zone at an area, replacing the group
there.

The area's type says how a group is formed (``same-kind``: pieces of one kind,
wilds standing in; ``different-kinds``: one piece of each kind) and, as a
condition, which groups may replace which. Scoring and closing a full area
follow from the area type too.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ...common import shown
from ...common.errors import N_
from ...common.events import EventType, by_code
from ...common.moves import Event, Move
from ...conditions.turnnames import AREAS, ZONES
from ...conditions.wording import GROUP_TERM, PIECE_TERM, PIECES_TERM, Id, in_words
from ...model.playcache import Bounded, PlayCache
from ...play.movelist import SINGLE, MaskedItems, MoveList, bit_planes
from ...play.notation import format_group
from ...play.parts import AREA, GROUP, Part
from ...play.state import GameState, put
from ...zones.contents import Tally
from ...zones.groups import (AREA_WORDS, Group, GroupStats, contains, group_size, may_stand_for,
                             piece_counts)
from ..base import ActionMechanism, refuse
from ..forming import different_kinds, same_kind
from ..params import ZoneRef

if TYPE_CHECKING:
    from ...model.builder import Builder
    from ...model.ruleset import Area, AreaType, Ruleset


#: the groups a pool forms for an area type: the mask of their stats' bits, the groups by
#: bit, and the bit planes of how many groups each bit stands for
Formed = tuple[int, Mapping[int, Sequence[Group]], tuple[int, ...]]

#: a part's mask and its bit planes (``Formed``)
_MASK, _PLANES = itemgetter(0), itemgetter(2)

SAME_KIND = "same-kind"
DIFFERENT_KINDS = "different-kinds"
FORMING = {SAME_KIND: same_kind, DIFFERENT_KINDS: different_kinds}


def group_stats(ruleset: Ruleset, group: Group) -> GroupStats:
    """Size, rank of the highest kind the group stands for, wild pieces, kinds stood for."""
    if not group:
        return GroupStats(0, 0)
    components = ruleset.components
    count = wilds = rank = 0
    stood_for = set()
    for kind, stands, n in group:
        count += n
        rank = max(rank, components[stands].rank)
        if kind != stands:
            wilds += n
        stood_for.add(stands)
    return GroupStats(count, rank, wilds, len(stood_for))


def kinds_formed(grouping: str, count: int) -> int:
    """How many kinds a group formed for ``grouping`` stands for: one, or one per piece."""
    return 1 if grouping == SAME_KIND else count


class _Verdicts:
    """Which group stats may replace a given group under an area type's condition,
    learnt as they come up.

    ``known`` and ``allowed`` are bit sets over all stats (see ``ReplaceGroup._bit``):
    the condition is evaluated once for each stats a pool actually forms. Whether a
    group fits an area is not part of it (that is one mask per area, ``_room``), so
    areas of one type but different sizes share their verdicts. Bits do not tell
    kinds apart (the grouping fixes them); with ``by_kinds`` they are filled in
    before the condition reads them.
    """

    __slots__ = ("area_type", "old", "known", "allowed", "by_kinds")

    def __init__(self, area_type: AreaType, old: GroupStats, by_kinds: bool) -> None:
        self.area_type, self.old, self.by_kinds = area_type, old, by_kinds
        self.known = self.allowed = 0

    def learn(self, bits: int, stats_at: Mapping[int, GroupStats]) -> None:
        area_type, old = self.area_type, self.old
        unknown = bits & ~self.known
        while unknown:
            low = unknown & -unknown
            new = stats_at[low]
            if self.by_kinds:
                new = new._replace(kinds=kinds_formed(area_type.grouping, new.count))
            if area_type.may_replace(old, new):
                self.allowed |= low
            self.known |= low
            unknown ^= low


class _Parts(Mapping[int, Sequence[Group]]):
    """The groups by bit of several kinds' parts (bits of different parts never meet),
    looked up in the part whose mask holds the bit: a decision counts the groups of every
    area but builds a move at one at most. Merging every part's table on every decision
    cost more than the counting; a table is merged only to be walked (``__iter__``)."""

    __slots__ = ("parts", "_merged")

    def __init__(self, parts: list[Formed]) -> None:
        self.parts = parts  # (mask, groups by bit, planes) per kind
        self._merged: dict[int, Sequence[Group]] | None = None

    def _table(self) -> dict[int, Sequence[Group]]:
        merged = self._merged
        if merged is None:
            merged = {}
            for _, part, _ in self.parts:
                merged.update(part)
            self._merged = merged
        return merged

    def __getitem__(self, bit: int) -> Sequence[Group]:
        for mask, part, _ in self.parts:
            if bit & mask:
                return part[bit]
        raise KeyError(bit)

    def __iter__(self) -> Iterator[int]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


class _Learnt:
    """What a replace-group action learns during play (kept in the ruleset's PlayCache).

    ``verdicts`` by (area type, stats standing there), and per area type the verdicts
    by the group standing there (groups at an area recur all game long). ``bit`` gives
    every group stats that comes up a bit, in the order of count, then rank, then wild
    pieces (the order moves are listed in), so that "which formed groups may replace
    this one" is one AND of two integers; bits are made as stats come up, so that a huge
    area costs nothing until groups that large are formed. ``plain_masks``: for groups
    of one kind without wilds, per widest area, kind -> the bits of 1..n of it (grown as
    pools grow), and ``plain_groups`` the group each of those bits stands for. ``by_kind``:
    groups of one kind with wilds standing in, per (area type, wilds): per kind, its part by
    the pieces held (``ReplaceGroup._kind_table``); and ``formed`` every other pool's groups,
    per (area type, what of the pool matters), each as the mask, groups by bit and bit
    planes of ``Formed``. ``stats``: the stats of the
    groups placed (the same groups are placed again and again). Per area, ``last``: one
    slot holding the group last seen standing there and its verdicts (replaced whole, so
    that threads read a pair that belongs together).
    """

    __slots__ = ("lock", "verdicts", "by_type", "bit", "stats_at", "plain_masks",
                 "plain_groups", "formed", "by_kind", "stats", "last")

    def __init__(self, cache: PlayCache, area_types: Sequence[str], widths: set[int],
                 kinds: tuple[str, ...]) -> None:
        self.lock = cache.lock  # held while anything here changes (see ``playcache``)
        self.verdicts = cache.bounded(20_000)
        self.by_type = {type_id: cache.bounded(20_000) for type_id in area_types}
        self.bit: dict[GroupStats, int] = {}
        self.stats_at: dict[int, GroupStats] = {}
        self.plain_masks = {widest: {kind: [0] for kind in kinds} for widest in widths if widest}
        self.plain_groups: dict[int, tuple[Group, ...]] = {}
        self.formed = cache.bounded(20_000)
        self.by_kind = cache.bounded(20_000)
        self.stats = cache.bounded(20_000)
        self.last: dict[str, list[tuple[Group, _Verdicts]]] = {}  # filled by ``bind``


class ReplaceGroup(ActionMechanism):
    name = "replace-group"
    always_moves = True
    description = ("Replace the group at an area by a group from the player's zone 'from'; "
                   "the pieces replaced go to 'displaced_to'. The area type says how groups "
                   "are formed and which may replace which.")
    params = (
        ZoneRef("from", "The player's zone the group comes from.", attr="source",
                scope="player", needs=("counted", "seen")),
        ZoneRef("displaced_to", "Where the pieces replaced go (a zone of each player: "
                                "the player's own).", needs=("counted",)),
    )
    parts = (Part("area", AREA), Part("group", GROUP))
    sentence = N_("Place {group:indef} from your {from} at {area:indef}, replacing the one "
                  "there; the replaced {pieces} go to your {displaced_to}.")
    events = by_code(
        EventType("placed", N_("{player}: {group} → {area}"),
                  {"player": shown.player(), "area": shown.area(), "group": shown.pieces("group"),
                   "displaced": shown.pieces("displaced")}, count="displaced_count"),
        EventType("scored", N_("{player}: +{points} {unit} ({area})"),
                  {"player": shown.player(), "points": shown.number("points"),
                   "unit": shown.term("point", "points"), "area": shown.area()}, count="points"),
        EventType("scored-nothing", N_("{player} scores nothing at {area:def}: points come "
                                       "only when {rule}."),
                  {"player": shown.player(), "area": shown.area(),
                   "rule": shown.area_rule("score_when")}),
        EventType("area-full", N_("{area:Def} is full and out of play."), {"area": shown.area()}),
    )
    memory = {"area": None, "count": 0, "rank": 0, "wilds": 0, "kinds": 0}  # the group placed
    memory_ids = {"area": "areas"}
    facts = {"count": int, "rank": int, "wilds": int, "kinds": int}
    probe_cost = 3
    reads_wild = True
    scores = True
    changes = frozenset({AREAS, ZONES})  # counted zones only (``from``, ``displaced_to``)
    puts_into = ("displaced_to",)
    source: str
    displaced_to: str

    def chance(self, ruleset: Ruleset) -> bool:
        """Also where a full area's pieces are mixed into an ordered zone."""
        return super().chance(ruleset) or any(
            full is not None and full.move_to is not None and ruleset.zones[full.move_to].ordered
            for full in (area_type.when_full for area_type in ruleset.area_types.values()))

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        # Actions that lock areas for the rest of a turn remember them as ``locked``.
        self.lockers = tuple(action.id for action in ruleset.actions.values()
                             if "locked" in action.memory)
        self.areas: tuple[Area, ...] = tuple(ruleset.areas.values())
        self.real_kinds = tuple(c.id for c in ruleset.components.values() if not c.wild)
        self.wild_kinds = ruleset.wild_kinds
        self.ranks = {kind: c.rank for kind, c in ruleset.components.items()}
        self.copies = {kind: c.copies for kind, c in ruleset.components.items()}
        # No group is larger than all the pieces together, however large an area.
        most = ruleset.total_pieces()
        self.widest = {type_id: min(most, max((a.fields for a in self.areas
                                                if a.type.id == type_id), default=0))
                       for type_id in ruleset.area_types}
        # Groups need telling apart by rank, wilds or kinds only where a condition reads it.
        self.by_rank, self.by_wilds, self.by_kinds = (
            {type_id: _reads(t, field) for type_id, t in ruleset.area_types.items()}
            for field in ("rank", "wilds", "kinds"))
        real_ranks = [self.ranks[k] for k in self.real_kinds]
        self._ranks_distinct = len(set(real_ranks)) == len(real_ranks)
        self._rank_index = {rank: i for i, rank in enumerate(sorted({0, *self.ranks.values()}))}
        self._wild_span = (sum(ruleset.components[w].copies for w in self.wild_kinds) + 1
                           if any(self.by_wilds.values()) else 1)
        self.learnt: _Learnt = ruleset.cache.tables(
            self.id, lambda cache: _Learnt(cache, tuple(ruleset.area_types),
                                           set(self.widest.values()), self.real_kinds))
        # Per area: its type (by its place among the area types), whether rank matters
        # there, its part of the moves, where a group its type forms may not fit the mask
        # of the bits of those that do (else None), and the group last seen standing there
        # with its verdicts (``_standing``).
        type_place = {type_id: place for place, type_id in enumerate(self.widest)}
        for area in self.areas:  # every area starts with the empty group's verdicts
            self.learnt.last.setdefault(area.id, [((), self._verdicts_for(
                ruleset, self.learnt.verdicts, area.type, ()))])
        self._rows = tuple(
            (area, area.id, type_place[area.type.id], self.by_rank[area.type.id],
             (("area", area.id),),
             self._room(area.fields) if area.fields < self.widest[area.type.id] else None,
             self.learnt.last[area.id])
            for area in self.areas)

    # -- generation --------------------------------------------------------
    def moves(self, state: GameState) -> MoveList:
        # An annotation, not ``cast``: a call at run time, on every decision.
        pool: Tally = state.owned[self.source][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        memory = state.turn.memory  # empty until an action of this turn remembers something
        closed = state.closed
        if memory:
            locked = self._locked(memory)
            if locked:
                closed = closed.union(locked)
        wilds = [(w, pool[w]) for w in self.wild_kinds if w in pool]
        formed: list[Formed | None] = [None] * len(self.widest)  # by area type
        segments: list = []
        push, action, standing = segments.append, self.id, state.areas
        learnt = self.learnt
        for area, area_id, of_type, by_rank, at_area, room, last in self._rows:
            if area_id in closed:
                continue
            bits = formed[of_type]
            if bits is None:
                bits = formed[of_type] = self._form(area.type, pool, wilds, by_rank)
            group = standing[area_id]
            # The group standing at an area stays for many turns: its verdicts are kept
            # with it, found again by identity rather than by hashing the group.
            seen = last[0]
            verdicts = seen[1] if seen[0] is group else self._standing(state, area, group, last)
            mask, groups_at, planes = bits
            if mask & ~verdicts.known:
                with learnt.lock:
                    verdicts.learn(mask, learnt.stats_at)
            passing = mask & verdicts.allowed
            if room is not None:
                passing &= room
            if passing:  # one segment per area: its groups are counted, not listed
                push((action, at_area, "group", (), MaskedItems(passing, groups_at, planes)))
        return MoveList(segments)

    def _standing(self, state: GameState, area: Area, group: Group,
                  last: list[tuple[Group, _Verdicts]]) -> _Verdicts:
        """What may replace ``group`` at ``area``, kept with it in the area's slot ``last``
        (a group stands for many turns: found again by identity, not by hashing it)."""
        by_group = self.learnt.by_type[area.type.id]
        verdicts = by_group.get(group)
        if verdicts is None:
            verdicts = by_group.remember(group, self._verdicts_for(
                state.rules, self.learnt.verdicts, area.type, group))
        last[0] = (group, verdicts)
        return verdicts

    def _form(self, area_type: AreaType, pool: Mapping[str, int], wilds: list[tuple[str, int]],
              by_rank: bool) -> Formed:
        """The groups the pool can form for an area type: the mask of their stats' bits, the
        groups by bit, and how many groups each bit stands for (``movelist.bit_planes``)."""
        widest = self.widest[area_type.id]
        if area_type.grouping == SAME_KIND and by_rank and self._ranks_distinct:
            if not wilds:
                return self._form_plain(pool, widest)
            return self._form_by_kind(area_type, pool, tuple(wilds), widest)
        if area_type.grouping == DIFFERENT_KINDS:  # only which kinds are present matters
            # a tally keeps no kind with a count of 0: its keys are the kinds present
            key: tuple = (area_type.id, frozenset(pool), tuple(wilds))
        else:
            key = (area_type.id, tuple(min(pool.get(k, 0), widest) for k in self.real_kinds),
                   tuple(wilds))
        learnt = self.learnt
        formed = learnt.formed.get(key)
        if formed is None:
            buckets = FORMING[area_type.grouping](pool, self.real_kinds, self.ranks, wilds,
                                                  widest, by_rank, self.by_wilds[area_type.id])
            with learnt.lock:
                groups_at = {self._bit_for(stats): groups for stats, groups in buckets.items()}
            formed = learnt.formed.remember(key, (sum(groups_at), groups_at, bit_planes(
                {bit: len(groups) for bit, groups in groups_at.items()})))
        return formed

    def _form_by_kind(self, area_type: AreaType, pool: Mapping[str, int],
                      wilds: tuple[tuple[str, int], ...], widest: int) -> Formed:
        """Groups of one kind with wilds standing in, every kind its own rank: the bits of
        different kinds never meet, so each kind's part is looked up by the pieces held in
        a table made once per (area type, wilds) (``_kind_table``), and the parts are merged
        only when a group is looked up (``_Parts``)."""
        table = self.learnt.by_kind.get((area_type.id, wilds))
        if table is None:
            table = self._kind_table(area_type, wilds, widest)
        held = pool.get
        parts = [part for kind, by_pieces in table
                 if (part := by_pieces[held(kind, 0)]) is not None]
        # Bits of different kinds never meet: the mask of the whole is the sum of the parts',
        # and so is each of its planes (padded to one length, ``_kind_table``).
        return (sum(map(_MASK, parts)), _Parts(parts),
                tuple(map(sum, zip(*map(_PLANES, parts)))))

    def _kind_table(self, area_type: AreaType, wilds: tuple[tuple[str, int], ...],
                    widest: int) -> tuple[tuple[str, list[Formed | None]], ...]:
        """Per kind, its groups by the pieces of it held (0 up to every copy: more than the
        widest area holds form the same groups as that many; None where they form none),
        each part's bit planes padded to the longest, learnt."""
        by_kinds: list[tuple[str, list[Formed | None]]] = []
        longest = 1
        with self.learnt.lock:
            for kind in self.real_kinds:
                by_pieces: list[Formed | None] = []
                for real in range(self.copies[kind] + 1):
                    buckets = same_kind({kind: min(real, widest)}, (kind,), self.ranks, wilds,
                                        widest, True, self.by_wilds[area_type.id])
                    groups_at = {self._bit_for(stats): groups
                                 for stats, groups in buckets.items()}
                    planes = bit_planes({bit: len(groups) for bit, groups in groups_at.items()})
                    longest = max(longest, len(planes))
                    by_pieces.append((sum(groups_at), groups_at, planes) if groups_at else None)
                by_kinds.append((kind, by_pieces))
        table = tuple((kind, [part if part is None else
                              (part[0], part[1], (*part[2], *[0] * (longest - len(part[2]))))
                              for part in by_pieces]) for kind, by_pieces in by_kinds)
        return self.learnt.by_kind.remember((area_type.id, wilds), table)

    def _form_plain(self, pool: Mapping[str, int], widest: int) -> Formed:
        """The common case: one kind per group, no wilds, every kind its own rank.

        Then the stats of a group name it (n pieces of the kind of that rank), so
        the bit-to-groups map is the same for every pool and only the mask of
        which bits the pool can fill is built: an OR per kind held.
        """
        learnt = self.learnt
        masks = learnt.plain_masks[widest]
        mask = 0
        for kind, real in pool.items():
            prefix = masks.get(kind)
            if prefix is not None:
                if real >= len(prefix):
                    with learnt.lock:
                        self._grow(kind, prefix, min(real, widest))
                mask |= prefix[min(real, widest)]
        return mask, learnt.plain_groups, SINGLE

    def _room(self, fields: int) -> int:
        """The mask of every bit of a group of at most ``fields`` pieces (bits are ordered by
        count first, see ``_bit_for``)."""
        return (1 << fields * len(self._rank_index) * self._wild_span) - 1

    def _grow(self, kind: str, prefix: list[int], size: int) -> None:
        """Extend a kind's masks of 1..n pieces up to ``size`` pieces (under the lock)."""
        rank = self.ranks[kind]
        for n in range(len(prefix), size + 1):
            bit = self._bit_for(GroupStats(n, rank))
            self.learnt.plain_groups[bit] = (((kind, kind, n),),)
            prefix.append(prefix[-1] | bit)

    def _bit_for(self, stats: GroupStats) -> int:
        """The bit of ``stats``, made when it first comes up (under the lock)."""
        learnt = self.learnt
        bit = learnt.bit.get(stats)
        if bit is None:
            slot = (stats.count - 1) * len(self._rank_index) + self._rank_index[stats.rank]
            bit = learnt.bit[stats] = 1 << (slot * self._wild_span + stats.wilds)
            learnt.stats_at[bit] = stats
        return bit

    def _locked(self, memory: Mapping[str, Mapping[str, Any]]) -> tuple[str, ...]:
        """The areas no group may be placed at for the rest of this turn (a few at most),
        by what this turn's actions remember."""
        locked: tuple[str, ...] = ()
        for locker in self.lockers:
            remembered = memory.get(locker)
            if remembered is not None and remembered["locked"]:
                locked = (*locked, *remembered["locked"])
        return locked

    def _verdicts_for(self, rules: Ruleset, learnt: Bounded, area_type: AreaType,
                      group: Group) -> _Verdicts:
        """What may replace ``group`` at an area of ``area_type``: shared by every group
        with the same stats that matter there."""
        old = group_stats(rules, group)
        type_id = area_type.id
        by_kinds = self.by_kinds[type_id]
        old = GroupStats(old.count, old.rank if self.by_rank[type_id] else 0,
                         old.wilds if self.by_wilds[type_id] else 0,
                         old.kinds if by_kinds else 0)
        key = (type_id, old)
        verdicts = learnt.get(key)
        if verdicts is None:
            verdicts = learnt.remember(key, _Verdicts(area_type, old, by_kinds))
        return verdicts

    # -- checking and performing ----------------------------------------
    def check(self, state: GameState, move: Move) -> None:
        rules = state.rules
        area = rules.areas.get(move.get("area") or "")
        group = move.get("group")
        if area is None:
            raise refuse("unknown-area", N_("there is no area '{area}'"), area=move.get("area"))
        if area.id in state.closed:
            raise refuse("area-closed", N_("{area:Def} is out of play"), area=area.id)
        if area.id in self._locked(state.turn.memory):
            raise refuse("area-locked", N_("{area:Def} cannot be played again this turn"),
                         area=area.id)
        if not group:
            raise refuse("group-empty", N_("{group:indef} needs at least one {piece:bare}"),
                         group=GROUP_TERM, piece=PIECE_TERM)
        if not _well_formed(rules, group):
            raise refuse("bad-group", N_("this is not a valid group of pieces"))
        pool: Tally = state.owned[self.source][state.to_move]  # type: ignore[assignment]  # counted: a Tally
        if not contains(pool, piece_counts(group)):
            raise refuse("pieces-missing", N_("you do not have {pieces}"),
                         pieces=format_group(group))
        self._check_shape(area, group)
        new = group_stats(rules, group)
        if new.count > area.fields:
            raise refuse("area-too-small",
                         N_("{area:Def} has room for {fields} {pieces:bare}, not {count}"),
                         area=area.id, fields=area.fields, count=new.count, pieces=PIECES_TERM)
        standing = state.areas[area.id]
        if not area.type.may_replace(group_stats(rules, standing), new):
            rule = in_words(area.type.replace_when, AREA_WORDS, area=Id(area.type.id))
            if not area.type.may_replace(GroupStats(0, 0), new):  # the group itself is refused
                raise refuse("group-not-allowed",
                             N_("{group} may not be placed at {area:def}, whatever stands there "
                                "(rule: {rule})"), group=format_group(group), area=area.id,
                             rule=rule, area_type=area.type.id, condition="replace_when")
            raise refuse("replace-not-allowed",
                         N_("{group:acc} may not replace {standing:acc} at {area:def} (rule: "
                            "{rule})"),
                         group=format_group(group), standing=format_group(standing),
                         area=area.id, rule=rule, area_type=area.type.id,
                         condition="replace_when")

    def _check_shape(self, area: Area, group: Group) -> None:
        if area.type.forms([stands for _, stands, n in group for _ in range(n)]):
            return
        if area.type.grouping == SAME_KIND:
            raise refuse("group-not-same-kind",
                         N_("the {pieces:bare} at {area:def} must all be of one kind"),
                         area=area.id, pieces=PIECES_TERM)
        raise refuse("group-not-different",
                     N_("the {pieces:bare} at {area:def} must all be of different kinds"),
                     area=area.id, pieces=PIECES_TERM)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        rules = state.rules
        area = rules.areas[move.get("area")]
        group: Group = move.get("group")
        player = state.to_move
        old = state.areas[area.id]
        pool = state.writable(self.source, player)
        for kind, n in piece_counts(group).items():
            pool.remove(kind, n)
        put(state, self.displaced_to, piece_counts(old), player)
        state.areas[area.id] = group
        stats = self.learnt.stats.get(group)
        if stats is None:
            stats = self.learnt.stats.remember(group, group_stats(rules, group))
        self.remember(state, area=area.id, count=stats.count, rank=stats.rank,
                      wilds=stats.wilds, kinds=stats.kinds)
        state.turn.moved = True
        events.append(Event("placed", {"player": state.player, "area": area.id,
                                       "group": format_group(group),
                                       "displaced": format_group(old),
                                       "displaced_count": group_size(old)}, self.id))
        score_when = area.type.score_when
        if score_when is not None and score_when.evaluate({"placed": stats,
                                                           "area": area.record}):
            points = area.points_for(stats.count)
            state.scores[player] += points
            events.append(Event("scored", {"player": state.player, "area": area.id,
                                           "points": points}, self.id))
        elif score_when is not None and area.points is not None:  # why nothing was scored
            events.append(Event("scored-nothing", {"player": state.player, "area": area.id,
                                                   "area_type": area.type.id}, self.id))
        when_full = area.type.when_full
        if when_full is not None and stats.count >= area.fields:
            if when_full.move_to is not None:
                put(state, when_full.move_to, piece_counts(group))
                state.areas[area.id] = ()
            if when_full.close:
                state.closed = state.closed | {area.id}
            events.append(Event("area-full", {"area": area.id, "to": when_full.move_to,
                                              "closed": when_full.close}, self.id))


def _reads(area_type: AreaType, field: str) -> bool:
    return area_type.replace_when.reads("new", field) or area_type.replace_when.reads("old", field)


def _well_formed(rules: Ruleset, group: object) -> bool:
    """Whether ``group`` is in canonical form: known kinds, positive counts, sorted, merged.

    Moves built by programs (not parsed from notation) reach ``check`` as they
    are, so a negative count or a repeated piece must not slip through.
    """
    components = rules.components
    if not isinstance(group, tuple):
        return False
    for piece in group:
        if not (isinstance(piece, tuple) and len(piece) == 3):
            return False
        kind, stands, n = piece
        if kind not in components or stands not in components or \
                not may_stand_for(components, kind, stands):
            return False
        if type(n) is not int or n < 1:
            return False
    keys = [(kind, stands) for kind, stands, _ in group]
    return all(a < b for a, b in zip(keys, keys[1:]))  # sorted, each piece once
