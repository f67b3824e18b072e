"""Replace the group standing at an area by a group from the player's zone.

The area's type says how a group is formed (``same-kind``: pieces of one kind,
wilds standing in; ``different-kinds``: one piece of each kind) and, as a
condition, which groups may replace which. Scoring and closing a full area
follow from the area type too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..content import Group, GroupStats, contains, piece_counts
from ..errors import N_
from ..movelist import MoveList
from ..moves import Event, Move
from ..playcache import Bounded, PlayCache
from ..notation import format_group, parse_group
from ..state import GameState, Played
from .. import zoneops
from .base import ActionMechanism, refuse
from .forming import different_kinds, same_kind

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Area, AreaType, Ruleset

SAME_KIND = "same-kind"
DIFFERENT_KINDS = "different-kinds"
FORMING = {SAME_KIND: same_kind, DIFFERENT_KINDS: different_kinds}


def group_stats(ruleset: Ruleset, group: Group) -> GroupStats:
    """Size, and rank of the highest kind the group stands for."""
    if not group:
        return GroupStats(0, 0)
    components = ruleset.components
    return GroupStats(sum(n for _, _, n in group),
                      max(components[stands].rank for _, stands, _ in group))


class _Verdicts:
    """Which group stats may replace a given group at an area, learnt as they come up.

    ``known`` and ``allowed`` are bit sets over all stats (see ``ReplaceGroup._bit``):
    the area's condition is evaluated once for each stats a pool actually forms.
    """

    __slots__ = ("area", "old", "known", "allowed")

    def __init__(self, area: Area, old: GroupStats) -> None:
        self.area, self.old = area, old
        self.known = self.allowed = 0

    def learn(self, bits: int, stats_at: Mapping[int, GroupStats]) -> None:
        area, old = self.area, self.old
        unknown = bits & ~self.known
        while unknown:
            low = unknown & -unknown
            new = stats_at[low]
            if new.count <= area.fields and area.type.may_replace(old, new):
                self.allowed |= low
            self.known |= low
            unknown ^= low


class _Learnt:
    """What a replace-group action learns during play (kept in the ruleset's PlayCache):
    verdicts by (area type, room, stats standing there), and per area the verdicts by
    the group standing there (groups at an area recur all game long)."""

    __slots__ = ("lock", "verdicts", "by_area")

    def __init__(self, cache: PlayCache, areas: int) -> None:
        self.lock = cache.lock  # held while a verdict learns (see ``playcache``)
        self.verdicts = cache.bounded(20_000)
        self.by_area = tuple(cache.bounded(20_000) for _ in range(areas))


class ReplaceGroup(ActionMechanism):
    roles = ("area", "group")
    probe_cost = 3

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        super().__init__(action_id, spec, build, path)
        self.source = build.zone((*path, "from"), spec["from"], scope="player").id
        self.displaced_to = build.zone((*path, "displaced_to"), spec["displaced_to"]).id

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        self.areas: tuple[Area, ...] = tuple(ruleset.areas.values())
        self.real_kinds = tuple(c.id for c in ruleset.components.values() if not c.wild)
        self.wild_kinds = ruleset.wild_kinds
        self.ranks = {kind: c.rank for kind, c in ruleset.components.items()}
        self.rank_values = sorted(set(self.ranks.values()))
        self.widest = {type_id: max((a.fields for a in self.areas if a.type.id == type_id),
                                    default=0)
                       for type_id in ruleset.area_types}
        # Groups need telling apart by rank only where a condition reads it.
        self.by_rank = {type_id: t.replace_when.reads("new", "rank")
                        or t.replace_when.reads("old", "rank")
                        for type_id, t in ruleset.area_types.items()}
        real_ranks = [self.ranks[k] for k in self.real_kinds]
        self._ranks_distinct = len(set(real_ranks)) == len(real_ranks)

        # Every possible stats value gets a bit, so that "which formed groups may
        # replace this one" is one AND of two integers.
        counts = range(1, max(self.widest.values(), default=0) + 1)
        self._bit = {GroupStats(c, r): 1 << i for i, (c, r) in
                     enumerate((c, r) for c in counts for r in sorted({0, *self.rank_values}))}
        self._stats_at = {bit: stats for stats, bit in self._bit.items()}
        # For single-kind groups without wilds: kind -> the bits of 1..n of it, and the
        # group each of those bits stands for.
        self._plain_masks = {
            widest: {kind: [sum(self._bit[GroupStats(n, self.ranks[kind])]
                                for n in range(1, real + 1)) for real in range(widest + 1)]
                     for kind in self.real_kinds}
            for widest in set(self.widest.values()) if widest}
        self._plain_groups = {self._bit[GroupStats(n, self.ranks[kind])]: (((kind, kind, n),),)
                              for kind in self.real_kinds
                              for n in range(1, max(self.widest.values(), default=0) + 1)}
        self.learnt: _Learnt = ruleset.cache.tables(
            self.id, lambda cache: _Learnt(cache, len(self.areas)))
        # Per area: its type, whether rank matters there, and its learnt verdicts by the
        # group standing there (see ``_Learnt``).
        self._rows = tuple((area, area.type, self.by_rank[area.type.id], by_group)
                           for area, by_group in zip(self.areas, self.learnt.by_area))


    # -- generation --------------------------------------------------------
    def moves(self, state: GameState) -> MoveList:
        pool = state.owned[self.source][state.to_move]
        closed, locked = state.closed, state.turn.locked_area
        wilds = [(w, pool[w]) for w in self.wild_kinds if pool.get(w)]
        formed: dict[str, tuple[int, dict[int, Sequence[Group]]]] = {}
        segments: list = []
        push, action, standing = segments.append, self.id, state.areas
        learnt = self.learnt
        for area, area_type, by_rank, by_group in self._rows:
            area_id = area.id
            if area_id in closed or area_id == locked:
                continue
            bits = formed.get(area_type.id)
            if bits is None:
                bits = formed[area_type.id] = self._form(area_type, pool, wilds, by_rank)
            group = standing[area_id]
            verdicts = by_group.get(group)
            if verdicts is None:
                verdicts = by_group.remember(group, self._verdicts_for(
                    state.rules, learnt.verdicts, area, group))
            mask, groups_at = bits
            if mask & ~verdicts.known:
                with learnt.lock:
                    verdicts.learn(mask, self._stats_at)
            passing = mask & verdicts.allowed
            while passing:
                low = passing & -passing
                push((action, area_id, groups_at[low]))
                passing ^= low
        return MoveList(segments)

    def _form(self, area_type: AreaType, pool: Mapping[str, int], wilds: list[tuple[str, int]],
              by_rank: bool) -> tuple[int, dict[int, Sequence[Group]]]:
        """The groups the pool can form for an area type, keyed by their stats' bits."""
        widest = self.widest[area_type.id]
        if area_type.grouping == SAME_KIND and not wilds and by_rank and self._ranks_distinct:
            return self._form_plain(pool, widest)
        form = FORMING[area_type.grouping]
        buckets = form(pool, self.real_kinds, self.ranks, wilds, widest, by_rank)
        bit = self._bit
        groups_at = {bit[stats]: groups for stats, groups in buckets.items()}
        return sum(groups_at), groups_at

    def _form_plain(self, pool: Mapping[str, int], widest: int
                    ) -> tuple[int, dict[int, Sequence[Group]]]:
        """The common case: one kind per group, no wilds, every kind its own rank.

        Then the stats of a group name it (n pieces of the kind of that rank), so
        the bit-to-groups map is the same for every pool and only the mask of
        which bits the pool can fill is built: an OR per kind held.
        """
        masks = self._plain_masks[widest]
        mask = 0
        for kind, real in pool.items():
            prefix = masks.get(kind)
            if prefix is not None:
                mask |= prefix[min(real, widest)]
        return mask, self._plain_groups

    def _verdicts_for(self, rules: Ruleset, learnt: Bounded, area: Area,
                      group: Group) -> _Verdicts:
        """What may replace ``group`` at ``area``: shared by every area and group with the
        same type, room and stats that matter."""
        old = group_stats(rules, group)
        by_rank = self.by_rank[area.type.id]
        old = GroupStats(old.count, old.rank if by_rank else 0)
        key = (area.type.id, area.fields, old)
        verdicts = learnt.get(key)
        if verdicts is None:
            verdicts = learnt.remember(key, _Verdicts(area, old))
        return verdicts

    # -- checking and performing ----------------------------------------
    def check(self, state: GameState, move: Move) -> None:
        rules = state.rules
        area = rules.areas.get(move.area or "")
        group = move.group
        if area is None:
            raise refuse("unknown-area", N_("there is no area '{area}'"), area=move.area)
        if area.id in state.closed:
            raise refuse("area-closed", N_("{area} is out of play"), area=area.id)
        if area.id == state.turn.locked_area:
            raise refuse("area-locked", N_("{area} cannot be played again this turn"),
                         area=area.id)
        if not group:
            raise refuse("group-empty", N_("a group needs at least one piece"))
        if not _well_formed(rules, group):
            raise refuse("bad-group", N_("this is not a valid group of pieces"))
        pool = state.owned[self.source][state.to_move]
        if not contains(pool, piece_counts(group)):
            raise refuse("pieces-missing", N_("you do not have {pieces}"),
                         pieces=format_group(group))
        self._check_shape(area, group)
        new = group_stats(rules, group)
        if new.count > area.fields:
            raise refuse("area-too-small", N_("{area} has room for {fields} pieces, not {count}"),
                         area=area.id, fields=area.fields, count=new.count)
        standing = state.areas[area.id]
        if not area.type.may_replace(group_stats(rules, standing), new):
            raise refuse("replace-not-allowed",
                         N_("{group} may not replace {standing} at {area} (rule: {rule})"),
                         group=format_group(group), standing=format_group(standing),
                         area=area.id, rule=area.type.replace_when.source)

    def _check_shape(self, area: Area, group: Group) -> None:
        kinds = [stands for _, stands, n in group for _ in range(n)]
        if area.type.grouping == SAME_KIND and len(set(kinds)) != 1:
            raise refuse("group-not-same-kind",
                         N_("the pieces at {area} must all be of one kind"), area=area.id)
        if area.type.grouping == DIFFERENT_KINDS and len(set(kinds)) != len(kinds):
            raise refuse("group-not-different",
                         N_("the pieces at {area} must all be of different kinds"), area=area.id)

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        rules = state.rules
        area = rules.areas[move.area]  # type: ignore[index]
        group: Group = move.group  # type: ignore[assignment]
        player = state.to_move
        old = state.areas[area.id]
        pool = state.owned[self.source][player]
        for kind, n in piece_counts(group).items():
            pool.remove(kind, n)
        zoneops.put(state, self.displaced_to, piece_counts(old), player)
        state.areas[area.id] = group
        stats = group_stats(rules, group)
        state.turn.played = Played(area.id, stats.count, stats.rank)
        state.turn.moved = True
        events.append(Event("placed", {"player": state.player, "area": area.id,
                                       "group": format_group(group),
                                       "displaced": format_group(old)}, self.id))
        if area.type.score_when({"placed": stats, "area": area}):
            points = area.points_for(stats.count)
            state.scores[player] += points
            events.append(Event("scored", {"player": state.player, "area": area.id,
                                           "points": points}, self.id))
        when_full = area.type.when_full
        if when_full is not None and stats.count >= area.fields:
            if when_full.move_to is not None:
                zoneops.put(state, when_full.move_to, piece_counts(group))
                state.areas[area.id] = ()
            if when_full.close:
                state.closed = state.closed | {area.id}
            events.append(Event("area-full", {"area": area.id, "to": when_full.move_to,
                                              "closed": when_full.close}, self.id))

    # -- notation ----------------------------------------------------------
    def parse_role(self, role: str, value: Any, data: Mapping[str, Any], ruleset: Ruleset,
                   key: str) -> Any:
        if role != "group":
            return super().parse_role(role, value, data, ruleset, key)
        area = ruleset.areas.get(data.get(self.names["area"], ""))
        implied = area is not None and area.type.grouping == SAME_KIND
        return parse_group(value, ruleset, implied, (key,))


def _well_formed(rules: Ruleset, group: Group) -> bool:
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
        component, target = components.get(kind), components.get(stands)
        if component is None or target is None or target.wild:
            return False
        if kind != stands and not component.wild:
            return False
        if type(n) is not int or n < 1:
            return False
    keys = [(kind, stands) for kind, stands, _ in group]
    return all(a < b for a, b in zip(keys, keys[1:]))  # sorted, each piece once
