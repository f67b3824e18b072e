"""Groups of pieces: the canonical form shared by areas, moves and notation.

A group is a sorted tuple of ``(kind, stands_for, count)`` triples. A real
piece stands for its own kind; a wild piece stands for the kind it was
declared as. The sorted tuple is hashable and compares equal exactly when two
groups denote the same pieces, which is what move matching needs.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Iterable, Mapping, NamedTuple

from ..common.errors import N_

Group = tuple[tuple[str, str, int], ...]
Counts = dict[str, int]


#: what the names of an area type's conditions stand for, told to players (conditions/wording.py;
#: ``{area}``: the kind of area, where the teller names it)
AREA_WORDS = {
    "new.count": N_("the number of {pieces} in the new {group:bare}"),
    "new.rank": N_("the rank of the new {group:bare}"),
    "new.wilds": N_("the number of {wilds} in the new {group:bare}"),
    "new.kinds": N_("the number of kinds in the new {group:bare}"),
    "old.count": N_("the number of {pieces} in the {group:bare} already there"),
    "old.rank": N_("the rank of the {group:bare} already there"),
    "old.wilds": N_("the number of {wilds} in the {group:bare} already there"),
    "old.kinds": N_("the number of kinds in the {group:bare} already there"),
    "placed.count": N_("the number of {pieces} in the {group:bare} placed"),
    "placed.rank": N_("the rank of the {group:bare} placed"),
    "placed.wilds": N_("the number of {wilds} in the {group:bare} placed"),
    "placed.kinds": N_("the number of kinds in the {group:bare} placed"),
    "area.fields": N_("the number of fields of {area:def}"),
    "area.": N_("the number of {fields} of {area:def}"),
}


class GroupStats(NamedTuple):
    """What conditions in data may ask of a group (``new.count``, ``old.rank``...).

    ``wilds`` is how many wild pieces it holds and ``kinds`` how many different kinds
    it stands for; where no condition reads them they may be left at 0.
    """

    count: int  # type: ignore[assignment]  # read as new.count: hides tuple.count
    rank: int
    wilds: int = 0
    kinds: int = 0



def make_group(pieces: Iterable[tuple[str, str]]) -> Group:
    """The canonical group of ``(kind, stands_for)`` pieces."""
    tally = Counter(pieces)
    return tuple(sorted((kind, stands, n) for (kind, stands), n in tally.items()))


def may_stand_for(components: Mapping[str, Any], kind: str, stands: str) -> bool:
    """Whether a piece of ``kind`` may stand for ``stands`` in a group (both known
    components): a real piece for itself, a wild one for a real kind."""
    return not components[stands].wild and (kind == stands or components[kind].wild)


@lru_cache(maxsize=65536)
def group_size(group: Group) -> int:
    if len(group) == 1:  # most groups are one kind: read after every turn, area by area
        return group[0][2]
    return sum([n for _, _, n in group])


def piece_counts(group: Group) -> Counts:
    """The pieces by their own kind (how a group looks in an unordered zone)."""
    counts: Counts = {}
    for kind, _, n in group:
        counts[kind] = counts.get(kind, 0) + n
    return counts


def contains(have: Mapping[str, int], need: Mapping[str, int]) -> bool:
    return all(have.get(kind, 0) >= n for kind, n in need.items())
