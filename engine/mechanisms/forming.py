"""Which groups a pool of pieces can form, bucketed by the group's stats.

``same-kind`` groups are few (one kind, some wilds standing in) and are listed.
``different-kinds`` groups are many once wild pieces may stand for any
missing kind, so when the area's condition ignores rank they are counted and
built on demand by :class:`SpreadFamily`; otherwise they are listed. Groups
are told apart by how many wild pieces they hold only when a condition reads
it (``by_wilds``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, permutations, product
from math import comb
from typing import Iterator, Mapping, Sequence, overload

from ..zones.groups import Group, GroupStats

Buckets = Mapping[GroupStats, Sequence[Group]]


def same_kind(pool: Mapping[str, int], kinds: Sequence[str], ranks: Mapping[str, int],
              wilds: Sequence[tuple[str, int]], widest: int, by_rank: bool,
              by_wilds: bool = False) -> Buckets:
    """Groups of one kind, real pieces and wilds standing in for it."""
    buckets: dict[GroupStats, Sequence[Group]] = {}
    wild_key = tuple(wilds)
    for kind in kinds:
        real = pool.get(kind, 0)
        if not (real or wild_key):
            continue
        for stats, groups in _one_kind(kind, min(real, widest), wild_key, widest,
                                       ranks[kind] if by_rank else 0, by_wilds):
            present = buckets.get(stats)
            buckets[stats] = groups if present is None else (*present, *groups)
    return buckets


@lru_cache(maxsize=4096)
def _one_kind(kind: str, real: int, wilds: tuple[tuple[str, int], ...], widest: int,
              rank: int, by_wilds: bool) -> tuple[tuple[GroupStats, tuple[Group, ...]], ...]:
    """The groups of ``kind`` by size (and wild pieces used, with ``by_wilds``; memoised:
    pools repeat across turns and games)."""
    by_size: dict[tuple[int, int], list[Group]] = {}
    for split in product(*(range(n + 1) for _, n in wilds)):
        wild_part = [(w, kind, k) for (w, _), k in zip(wilds, split) if k]
        used = sum(split)
        for r in range(real + 1):
            size = r + used
            if 0 < size <= widest:
                parts = [*wild_part, (kind, kind, r)] if r else wild_part
                key = (size, used if by_wilds else 0)
                by_size.setdefault(key, []).append(tuple(sorted(parts)))
    return tuple((GroupStats(size, rank, used), tuple(groups))
                 for (size, used), groups in sorted(by_size.items()))


def different_kinds(pool: Mapping[str, int], kinds: Sequence[str], ranks: Mapping[str, int],
                    wilds: Sequence[tuple[str, int]], widest: int, by_rank: bool,
                    by_wilds: bool = False) -> Buckets:
    """Groups of mutually different kinds; wild pieces declare kinds not otherwise present."""
    present = tuple(k for k in kinds if pool.get(k))
    wild_pieces = tuple(w for w, n in wilds for _ in range(n))
    if not by_rank:
        return _spread_families(present, tuple(kinds), wild_pieces, widest, by_wilds)
    buckets: dict[GroupStats, list[Group]] = {}
    for group in SpreadFamily.every(present, tuple(kinds), wild_pieces, widest):
        top = max(ranks[stands] for _, stands, _ in group)
        used = sum(1 for kind, stands, _ in group if kind != stands) if by_wilds else 0
        buckets.setdefault(GroupStats(len(group), top, used), []).append(group)
    return buckets


@lru_cache(maxsize=4096)
def _spread_families(present: tuple[str, ...], kinds: tuple[str, ...],
                     wild_pieces: tuple[str, ...], widest: int, by_wilds: bool) -> Buckets:
    """The families by size, and by wild pieces used with ``by_wilds`` (memoised: the same
    kinds are present again and again)."""
    if not by_wilds:
        families = (SpreadFamily(present, kinds, wild_pieces, size)
                    for size in range(1, widest + 1))
        return {GroupStats(f.size, 0): f for f in families if len(f)}
    split = (SpreadFamily(present, kinds, wild_pieces, size, used)
             for size in range(1, widest + 1) for used in range(min(size, len(wild_pieces)) + 1))
    return {GroupStats(f.size, 0, f.wilds or 0): f for f in split if len(f)}


class SpreadFamily(Sequence[Group]):
    """Every group of ``size`` pieces of mutually different kinds a pool can form.

    The family is a sum over ``s`` real pieces and ``m = size - s`` wild ones:
    C(present, s) choices of real kinds, C(kinds - s, m) choices of kinds the
    wilds declare, and the distinct ways to line up the wild pieces. The i-th
    group is found by unranking those choices, so nothing is built up front.
    With ``wilds``, only the groups holding exactly that many wild pieces.
    """

    def __init__(self, present: tuple[str, ...], kinds: tuple[str, ...],
                 wild_pieces: tuple[str, ...], size: int, wilds: int | None = None) -> None:
        self.present, self.kinds, self.size, self.wilds = present, kinds, size, wilds
        self._parts, self._lineups, self._size = _shape(len(present), len(kinds), wild_pieces,
                                                        size, wilds)

    @staticmethod
    def every(present: tuple[str, ...], kinds: tuple[str, ...], wild_pieces: tuple[str, ...],
              widest: int) -> Iterator[Group]:
        for size in range(1, widest + 1):
            yield from SpreadFamily(present, kinds, wild_pieces, size)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Group: ...
    @overload
    def __getitem__(self, index: slice) -> list[Group]: ...

    def __getitem__(self, index: int | slice) -> Group | list[Group]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("group index out of range")
        start = 0
        for s, m, end in self._parts:
            if index < end:
                break
            start = end
        index -= start
        lineups = self._lineups[m]
        index, lineup_at = divmod(index, len(lineups))
        others_count = comb(len(self.kinds) - s, m)
        real_at, declared_at = divmod(index, others_count)
        chosen = _nth_combination(self.present, s, real_at)
        others = tuple(k for k in self.kinds if k not in chosen)
        declared = _nth_combination(others, m, declared_at)
        parts = [(k, k, 1) for k in chosen]
        parts.extend((w, k, 1) for w, k in zip(lineups[lineup_at], declared))
        parts.sort()
        return tuple(parts)

    def __iter__(self) -> Iterator[Group]:
        for s, m, _ in self._parts:
            lineups = self._lineups[m]
            for chosen in combinations(self.present, s):
                real = [(k, k, 1) for k in chosen]
                others = [k for k in self.kinds if k not in chosen]
                for declared in combinations(others, m):
                    for lineup in lineups:
                        yield tuple(sorted(real + [(w, k, 1) for w, k in zip(lineup, declared)]))

    def __contains__(self, group: object) -> bool:
        if not isinstance(group, tuple) or len(group) != self.size:
            return False
        real = [k for k, stands, n in group if k == stands and n == 1]
        declared = {stands for _, stands, _ in group}
        wild = sorted(k for k, stands, _ in group if k != stands)
        if len(declared) != self.size or any(n != 1 for _, _, n in group):
            return False
        if not set(real) <= set(self.present) or not declared <= set(self.kinds):
            return False
        return tuple(wild) in {tuple(sorted(x)) for x in self._lineups.get(len(wild), [])}


@lru_cache(maxsize=4096)
def _shape(present: int, kinds: int, wild_pieces: tuple[str, ...], size: int,
           wilds: int | None = None
           ) -> tuple[tuple[tuple[int, int, int], ...], dict[int, list[tuple[str, ...]]], int]:
    """How a family splits into real and wild pieces: ((s, m, end index), ...), lineups, size.

    It depends only on how many kinds are present, not which, so it is shared.
    """
    lineups: dict[int, list[tuple[str, ...]]] = {}
    parts = []
    total = 0
    for s in range(min(present, size) + 1):
        m = size - s
        if m > len(wild_pieces) or (wilds is not None and m != wilds):
            continue
        lineups[m] = _lineups(wild_pieces, m)
        total += comb(present, s) * comb(kinds - s, m) * len(lineups[m])
        parts.append((s, m, total))
    return tuple(parts), lineups, total


def _lineups(wild_pieces: tuple[str, ...], m: int) -> list[tuple[str, ...]]:
    """The distinct sequences of ``m`` of the available wild pieces."""
    if m == 0:
        return [()]
    if len(set(wild_pieces)) == 1:
        return [(wild_pieces[0],) * m]
    return sorted({p for chosen in combinations(wild_pieces, m) for p in permutations(chosen)})


def _nth_combination(pool: tuple[str, ...], r: int, index: int) -> tuple[str, ...]:
    """The ``index``-th r-combination of ``pool`` in ``itertools.combinations`` order."""
    n = len(pool)
    result = []
    c = comb(n, r)
    while r:
        c, n, r = c * r // n, n - 1, r - 1
        while index >= c:
            index -= c
            c, n = c * (n - r) // n, n - 1
        result.append(pool[-1 - n])
    return tuple(result)
