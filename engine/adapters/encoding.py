"""A player's view as a fixed-size vector of numbers and as text, for learners.

Everything here is read from a ``PlayerView`` (``engine/play/view.py``), never from the state, so an
observation holds only what its player may see. The vector's layout depends on the ruleset
and the number of players alone (``ViewEncoding.size``):

- whose observation it is and who moves (a one-hot of seats each), the phase (one-hot), each
  seat's points, whether the game is over and whether it is ending, turns played, idle turns;
- for every zone (a shared one once, a zone of each player once per seat): whether its content
  is seen, how many pieces it holds (-1 when not even that is shown), how many of each kind it
  holds as seen, the kind on top of an ordered pile (one-hot), and for a grid the kind in each
  cell (one-hot per cell);
- for every area: how many of each kind lie there, how many stand for each kind, whether it is
  closed;
- the decision being built: how often each option id was chosen so far (the observer's own
  decision only).

What the rules remember within a turn and the counters of rounds are left out of the vector (a
step's legal options already follow from them); the text has everything the view shows.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any, Mapping, Sequence

from ..model.ruleset import Ruleset, Zone
from ..play.choices import ActionSpace
from ..play.view import UNSEEN, PlayerView


@dataclass(frozen=True)
class ViewEncoding:
    rules: Ruleset
    players: int
    space: ActionSpace

    @cached_property
    def kinds(self) -> dict[str, int]:
        """Each kind's place in the counts of a zone or an area."""
        return {kind: i for i, kind in enumerate(self.rules.kinds)}

    def zone_size(self, zone: Zone) -> int:
        kinds = len(self.rules.kinds)
        if zone.content.faced:  # place by place, a grid's cells among them
            return 2 + kinds + (kinds if zone.ordered else 0) + self.places(zone) * (kinds + 2)
        cells = zone.grid[0] * zone.grid[1] * kinds if zone.grid is not None else 0
        return 2 + kinds + (kinds if zone.ordered else 0) + cells

    def places(self, zone: Zone) -> int:
        """How many places of a zone whose pieces have faces are told one by one: as many as
        it may have (none of any other zone)."""
        return self.rules.places(zone) if zone.content.faced else 0

    @property
    def size(self) -> int:
        """The length of every vector of this ruleset and number of players."""
        n, rules = self.players, self.rules
        head = 3 * n + len(rules.phases) + 4
        zones = sum(self.zone_size(z) * (n if z.scope == "player" else 1)
                    for z in rules.zones.values())
        return head + zones + len(rules.areas) * (2 * len(rules.kinds) + 1) + self.space.size

    def vector(self, seen: PlayerView, chosen_ids: Sequence[int]) -> list[float]:
        """``seen`` as numbers, with the ids of the options its player chose so far."""
        seats = seen.players
        out: list[float] = []
        out += one_hot(seats.index(seen.player), len(seats))
        out += one_hot(seats.index(seen.to_move), len(seats))
        out += one_hot(list(self.rules.phases).index(seen.phase), len(self.rules.phases))
        out += [float(seen.scores[p]) for p in seats]
        out += [float(seen.game_over), float(seen.ending), float(seen.turns_played),
                float(seen.idle_turns)]
        for zone in self.rules.zones.values():
            shown = seen.zones[zone.id]
            viewer = seats.index(seen.player)
            up, known = seen.up.get(zone.id, {}), seen.remembered.get(zone.id, {})
            if zone.scope == "shared":
                out += self.zone_vector(zone, shown, zone.shown_to(viewer), up, known)
                continue
            for owner, name in enumerate(seats):
                out += self.zone_vector(zone, shown[name], seen.shows(zone, owner),
                                        up.get(name, ()) if up else (),
                                        known.get(name, {}) if known else {})
        kinds = self.kinds
        for area_id in self.rules.areas:
            placed, stood = [0.0] * len(kinds), [0.0] * len(kinds)
            for kind, value in seen.areas[area_id].items():
                for stands, n in (value.items() if isinstance(value, dict) else [(kind, value)]):
                    placed[kinds[kind]] += n
                    stood[kinds[stands]] += n
            out += placed + stood + [float(area_id in seen.closed)]
        chosen = [0.0] * self.space.size
        for id_ in chosen_ids:
            chosen[id_] += 1
        return out + chosen

    def zone_vector(self, zone: Zone, content: Any, visible: bool, up: Sequence[int],
                    remembered: Mapping[int, str]) -> list[float]:
        """One zone as one player sees it (the view's data: a pile as a list, top first;
        counts by kind; rows of a grid; or ``{"count": n}`` when not ``visible``). A zone
        whose pieces have faces is told place by place: the kind where it is seen or
        ``remembered``, whether a piece lies there, and whether face up (``up``: those
        places)."""
        kinds = self.kinds
        counts = [0.0] * len(kinds)
        top = [0.0] * len(kinds) if zone.ordered else []
        cells = [0.0] * (zone.grid[0] * zone.grid[1] * len(kinds) if zone.grid else 0)
        if zone.content.faced:
            return self._faced_vector(zone, content, up, remembered, counts, top)
        if not visible:
            size = -1.0 if content["count"] is None else float(content["count"])
            return [0.0, size] + counts + top + cells
        if zone.grid is not None:
            pieces = [kind for row in content for kind in row]
            for cell, kind in enumerate(pieces):
                if kind is not None:
                    cells[cell * len(kinds) + kinds[kind]] = 1.0
            pieces = [kind for kind in pieces if kind is not None]
        elif isinstance(content, list):
            pieces = content
        else:
            pieces = [kind for kind, n in content.items() for _ in range(n)]
        for kind in pieces:
            counts[kinds[kind]] += 1
        if top and isinstance(content, list) and content:
            top[kinds[content[0]]] = 1.0
        return [1.0, float(len(pieces))] + counts + top + cells

    def _faced_vector(self, zone: Zone, content: Any, up: Sequence[int],
                      remembered: Mapping[int, str], counts: list[float], top: list[float]
                      ) -> list[float]:
        """A zone whose pieces have faces, place by place (a grid's cells in reading order):
        the kind where it is seen, whether a piece lies there, and whether face up."""
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
        if top and content and content[0] not in (None, UNSEEN):
            top[kinds[content[0]]] = 1.0
        return [1.0, float(pieces)] + counts + top + places

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
