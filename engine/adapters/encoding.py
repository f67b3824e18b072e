"""A player's view as numbers in named fields of fixed shapes, and as text, for learners.

Everything here is read from a ``PlayerView`` (``engine/play/view.py``), never from the state, so an
observation holds only what its player may see. The fields and their shapes depend on the
ruleset and the number of players alone (``ViewEncoding.layout``); the vector is the fields
flattened one after the other, in that order (``size`` numbers). A zone of each player has
one more axis in front, the seats in order; ``K`` is the number of kinds of piece:

- ``observer``, ``to_move`` (one-hot of seats), ``phase`` (one-hot), ``scores`` (per seat),
  ``progress`` (whether the game is over, whether it is ending, turns played, idle turns);
- for every zone ``Z``: ``Z.shown`` (whether its content is seen, and how many pieces it
  holds: -1 when not even that is shown) and ``Z.counts`` (how many of each kind it holds
  as seen: a hand of pieces of one copy each is multi-hot); an ordered pile adds ``Z.top``
  (the kind on top, one-hot); a grid adds ``Z.cells``, planes of rows × columns × K (1 where
  a cell holds that kind: 6 rows and 7 columns of two kinds are 6 × 7 × 2); a zone whose
  pieces lie face up or face down, place by place, has ``Z.places`` instead, each place (a
  grid's rows × columns) as K + 2 channels: the kind where it is seen or the table
  remembers it, whether a piece lies there, whether face up;
- ``areas.placed``, ``areas.stood`` (per area, how many of each kind lie there and stand for
  each kind) and ``areas.closed``;
- ``choosing``, where actions are steps of a move: how often each option id was chosen so far
  in the decision being built (the observer's own decision only).

The information state adds the player's own history (``history_layout``): how often it took
each action (``history.taken``), and its last ``HISTORY`` actions, one-hot, the latest first
(``history.last``).

What the rules remember within a turn and the counters of rounds are left out of the numbers
(a step's legal options already follow from them); the text has everything the view shows.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cached_property
from math import prod
from typing import Any, Mapping, Sequence

from ..model.ruleset import Ruleset, Zone
from ..play.choices import ActionSpace
from ..play.view import UNSEEN, PlayerView

#: how many of a player's latest actions its information state holds one by one
HISTORY = 16

#: a field's name and shape
Layout = tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class ViewEncoding:
    rules: Ruleset
    players: int
    space: ActionSpace
    whole: bool = False  # actions are whole moves: no move is ever half chosen

    @cached_property
    def kinds(self) -> dict[str, int]:
        """Each kind's place in the counts of a zone or an area."""
        return {kind: i for i, kind in enumerate(self.rules.kinds)}

    def places(self, zone: Zone) -> int:
        """How many places of a zone whose pieces have faces are told one by one: as many as
        it may have (none of any other zone)."""
        return self.rules.places(zone) if zone.content.faced else 0

    @cached_property
    def layout(self) -> Layout:
        """Every field's name and shape, in the order of the vector."""
        n, rules, kinds = self.players, self.rules, len(self.rules.kinds)
        fields: list[tuple[str, tuple[int, ...]]] = [
            ("observer", (n,)), ("to_move", (n,)), ("phase", (len(rules.phases),)),
            ("scores", (n,)), ("progress", (4,))]
        for zone in rules.zones.values():
            seats = (n,) if zone.scope == "player" else ()
            fields += [(f"{zone.id}.shown", (*seats, 2)), (f"{zone.id}.counts", (*seats, kinds))]
            if zone.ordered:
                fields.append((f"{zone.id}.top", (*seats, kinds)))
            lay = zone.grid if zone.grid is not None else ()
            if zone.content.faced:
                fields.append((f"{zone.id}.places", (*seats, *(lay or (self.places(zone),)),
                                                     kinds + 2)))
            elif zone.grid is not None:
                fields.append((f"{zone.id}.cells", (*seats, *lay, kinds)))
        areas = len(rules.areas)
        fields += [("areas.placed", (areas, kinds)), ("areas.stood", (areas, kinds)),
                   ("areas.closed", (areas,))]
        if not self.whole:
            fields.append(("choosing", (self.space.size,)))
        return tuple((name, shape) for name, shape in fields if prod(shape))

    @property
    def size(self) -> int:
        """The length of every vector of this ruleset and number of players."""
        return sum(prod(shape) for _, shape in self.layout)

    def history_layout(self, actions: int) -> Layout:
        """The fields the information state adds, of a game of ``actions`` actions."""
        return (("history.taken", (actions,)), ("history.last", (HISTORY, actions)))

    def history(self, taken: Sequence[int], actions: int) -> list[float]:
        """The player's own ``taken`` actions, oldest first, as ``history_layout`` says."""
        counts, last = [0.0] * actions, [0.0] * (HISTORY * actions)
        for id_ in taken:
            counts[id_] += 1
        for row, id_ in enumerate(reversed(taken[-HISTORY:])):
            last[row * actions + id_] = 1.0
        return counts + last

    def vector(self, seen: PlayerView, chosen_ids: Sequence[int]) -> list[float]:
        """``seen`` as numbers, with the ids of the options its player chose so far."""
        fields = self.fields(seen, chosen_ids)
        return [x for name, _ in self.layout for x in fields[name]]  # empty fields left out

    def fields(self, seen: PlayerView, chosen_ids: Sequence[int]) -> dict[str, list[float]]:
        """``seen`` as the fields of ``layout``, each flat."""
        seats = seen.players
        out: dict[str, list[float]] = {
            "observer": one_hot(seats.index(seen.player), len(seats)),
            "to_move": one_hot(seats.index(seen.to_move), len(seats)),
            "phase": one_hot(list(self.rules.phases).index(seen.phase), len(self.rules.phases)),
            "scores": [float(seen.scores[p]) for p in seats],
            "progress": [float(seen.game_over), float(seen.ending), float(seen.turns_played),
                         float(seen.idle_turns)]}
        viewer = seats.index(seen.player)
        for zone in self.rules.zones.values():
            shown = seen.zones[zone.id]
            up, known = seen.up.get(zone.id, {}), seen.remembered.get(zone.id, {})
            if zone.scope == "shared":
                parts = [self.zone_fields(zone, shown, zone.shown_to(viewer), up, known)]
            else:
                parts = [self.zone_fields(zone, shown[name], seen.shows(zone, owner),
                                          up.get(name, ()) if up else (),
                                          known.get(name, {}) if known else {})
                         for owner, name in enumerate(seats)]
            for suffix in parts[0]:
                out[f"{zone.id}.{suffix}"] = [x for part in parts for x in part[suffix]]
        kinds = self.kinds
        placed: list[float] = []
        stood: list[float] = []
        for area_id in self.rules.areas:
            here, standing = [0.0] * len(kinds), [0.0] * len(kinds)
            for kind, value in seen.areas[area_id].items():
                for stands, n in (value.items() if isinstance(value, dict) else [(kind, value)]):
                    here[kinds[kind]] += n
                    standing[kinds[stands]] += n
            placed += here
            stood += standing
        out["areas.placed"], out["areas.stood"] = placed, stood
        out["areas.closed"] = [float(area_id in seen.closed) for area_id in self.rules.areas]
        if not self.whole:
            chosen = [0.0] * self.space.size
            for id_ in chosen_ids:
                chosen[id_] += 1
            out["choosing"] = chosen
        return out

    def zone_fields(self, zone: Zone, content: Any, visible: bool, up: Sequence[int],
                    remembered: Mapping[int, str]) -> dict[str, list[float]]:
        """One zone as one player sees it (the view's data: a pile as a list, top first;
        counts by kind; rows of a grid; or ``{"count": n}`` when not ``visible``), by the
        last part of its fields' names. A zone whose pieces have faces is told place by
        place: the kind where it is seen or ``remembered``, whether a piece lies there, and
        whether face up (``up``: those places)."""
        kinds = self.kinds
        counts = [0.0] * len(kinds)
        top = [0.0] * len(kinds)
        cells = [0.0] * (zone.grid[0] * zone.grid[1] * len(kinds) if zone.grid else 0)
        out: dict[str, list[float]] = {}
        if zone.content.faced:
            out["places"], lying = self._places(zone, content, up, remembered, counts, top)
            out["shown"] = [1.0, float(lying)]
        elif not visible:
            out["shown"] = [0.0, -1.0 if content["count"] is None else float(content["count"])]
        else:
            if zone.grid is not None:  # the view's rows end at their last piece
                columns = zone.grid[1]
                held = [kind for row in content for kind in row + [None] * (columns - len(row))]
                for cell, kind in enumerate(held):
                    if kind is not None:
                        cells[cell * len(kinds) + kinds[kind]] = 1.0
                pieces = [kind for kind in held if kind is not None]
            elif isinstance(content, list):
                pieces = content
            else:
                pieces = [kind for kind, n in content.items() for _ in range(n)]
            for kind in pieces:
                counts[kinds[kind]] += 1
            if zone.ordered and isinstance(content, list) and content:
                top[kinds[content[0]]] = 1.0
            out["shown"] = [1.0, float(len(pieces))]
        out["counts"] = counts
        if zone.ordered:
            out["top"] = top
        if zone.grid is not None and not zone.content.faced:
            out["cells"] = cells
        return out

    def _places(self, zone: Zone, content: Any, up: Sequence[int],
                remembered: Mapping[int, str], counts: list[float], top: list[float]
                ) -> tuple[list[float], int]:
        """A zone whose pieces have faces, place by place (a grid's cells in reading order):
        the kind where it is seen, whether a piece lies there, and whether face up; and how
        many pieces lie there."""
        kinds, width = self.kinds, len(self.kinds) + 2
        if zone.grid is not None:
            columns = zone.grid[1]
            content = [kind for row in content for kind in row + [None] * (columns - len(row))]
        places = [0.0] * (self.places(zone) * width)
        pieces = 0
        for place, kind in enumerate(content[:self.places(zone)]):
            kind = remembered.get(place, kind)
            pieces += kind is not None
            if kind is not None and kind != UNSEEN:
                places[place * width + kinds[kind]] = 1.0
                counts[kinds[kind]] += 1
            places[place * width + width - 2] = float(kind is not None)
            places[place * width + width - 1] = float(place in up)
        if zone.ordered and content and content[0] not in (None, UNSEEN):
            top[kinds[content[0]]] = 1.0
        return places, pieces

    def text(self, seen: PlayerView, chosen: Sequence[str], record: Sequence[str] | None = None
             ) -> str:
        """``seen`` as one JSON document, with the options chosen so far and, when given,
        the moves made so far."""
        data: dict[str, Any] = {"view": asdict(seen), "choosing": list(chosen)}
        if record is not None:
            data["moves"] = [json.loads(move) for move in record]
        return json.dumps(data, sort_keys=True, ensure_ascii=False, default=sorted)


def one_hot(index: int, size: int) -> list[float]:
    vector = [0.0] * size
    vector[index] = 1.0
    return vector
