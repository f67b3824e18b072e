"""Checking state data before ``GameState.from_data`` builds a state from it.

State data comes from saves, scenario positions, bots and library users: what
would make a game fail later (a player to move who does not exist, an unknown
phase or kind, a negative count, a cell off the grid) is refused here, with a
message that says which part of the data is wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ..zones.groups import may_stand_for

if TYPE_CHECKING:
    from ..model.ruleset import Ruleset, Zone

_CELL = re.compile(r"^[1-9][0-9]{0,2}\.[1-9][0-9]{0,2}$")
#: the largest number a state keeps: the generator's 64 bits
_WORD = 2**64 - 1
#: the sections of state data that are mappings or lists, when given
_SECTIONS: dict[str, type | tuple[type, ...]] = {
    "shared": Mapping, "owned": Mapping, "areas": Mapping, "turn": Mapping,
    "counters": Mapping, "closed": (list, tuple), "told": Mapping,
    "seen": Mapping, "up": Mapping, "remembered": Mapping}
_KIND_NAMES = {Mapping: "a mapping", (list, tuple): "a list"}


class StateDataError(ValueError):
    """State data that does not describe a state of its ruleset."""


def check_state_data(rules: Ruleset, data: Mapping[str, Any]) -> None:
    """Raise StateDataError when ``data`` is not a sound state of ``rules``."""
    players = data.get("players")
    if not (isinstance(players, (list, tuple)) and all(isinstance(p, str) and p for p in players)):
        raise StateDataError("'players' must be a list of names")
    if len(set(players)) != len(players):
        raise StateDataError("every player needs a different name")
    if not rules.min_players <= len(players) <= rules.max_players:
        raise StateDataError(f"{rules.id} is played by {rules.min_players} to "
                             f"{rules.max_players} players, not {len(players)}")
    for key, kind in _SECTIONS.items():
        if key in data and not isinstance(data[key], kind):
            raise StateDataError(f"'{key}' must be {_KIND_NAMES[kind]}")
    for key in ("turns_played", "idle_turns", "rng"):
        number = data.get(key, 0)
        if type(number) is not int or not 0 <= number <= _WORD:
            raise StateDataError(f"'{key}' must be a whole number from 0 to 2^64 - 1")
    for key in ("ending", "game_over"):
        if type(data.get(key, False)) is not bool:
            raise StateDataError(f"'{key}' must be true or false")
    if not all(isinstance(k, str) and type(n) is int and 0 <= n <= _WORD
               for k, n in data.get("counters", {}).items()):
        raise StateDataError("'counters' must give a whole number from 0 to 2^64 - 1 by name")
    _check_turn(rules, data.get("turn", {}))
    for key in ("to_move", "start_player"):
        index = data.get(key, 0)
        if type(index) is not int or not 0 <= index < len(players):
            raise StateDataError(f"'{key}' must be a player's place, 0 to {len(players) - 1}")
    phase = data.get("phase", rules.start_phase)
    if not isinstance(phase, str) or phase not in rules.phases:
        raise StateDataError(f"unknown phase {shown(phase)}")
    scores = data.get("scores", [0] * len(players))
    if not (isinstance(scores, (list, tuple)) and len(scores) == len(players)
            and all(type(s) is int and -_WORD <= s <= _WORD for s in scores)):
        raise StateDataError("'scores' must be a whole number for each player, of at most "
                             "64 bits")
    for area_id in data.get("closed", ()):
        if not isinstance(area_id, str) or area_id not in rules.areas:
            raise StateDataError(f"unknown area {shown(area_id)} in 'closed'")
    for area_id, group in data.get("areas", {}).items():
        if area_id not in rules.areas:
            raise StateDataError(f"unknown area {shown(area_id)}")
        if not isinstance(group, (list, tuple)):
            raise StateDataError(f"area {area_id!r} must hold a list of [kind, kind it stands "
                                 f"for, count]")
        for piece in group:
            if not (isinstance(piece, (list, tuple)) and len(piece) == 3
                    and _is_kind(rules, piece[0]) and _is_kind(rules, piece[1])
                    and type(piece[2]) is int and 0 < piece[2] <= _WORD):
                raise StateDataError(f"area {area_id!r} holds {shown(piece)}, not [kind, kind "
                                     f"it stands for, count]")
    for section, shared in (("shared", True), ("owned", False)):
        for zone_id, content in data.get(section, {}).items():
            zone = rules.zones.get(zone_id)
            if zone is None or (zone.scope == "shared") != shared:
                raise StateDataError(f"unknown {section} zone {shown(zone_id)}")
            if shared:
                _check_content(rules, zone, content)
            elif not (isinstance(content, (list, tuple)) and len(content) == len(players)):
                raise StateDataError(f"zone {zone_id!r} needs a content for each player")
            else:
                for each in content:
                    _check_content(rules, zone, each)
    _check_told(rules, data)
    _check_seen(rules, data)
    _check_faces(rules, data, "up")
    _check_faces(rules, data, "remembered")
    _check_groups(rules, data.get("areas", {}))
    _check_copies(rules, data)


def _check_told(rules: Ruleset, data: Mapping[str, Any]) -> None:
    """What pieces were told (``told``: per zone whose pieces carry notes, per player, per
    piece from the top, attribute -> the values it may still have): no more notes than
    pieces, and values of attributes the pieces have."""
    players = len(data["players"])
    for zone_id, per_player in data.get("told", {}).items():
        zone = rules.zones.get(zone_id)
        if zone is None or not zone.content.noted:
            raise StateDataError(f"zone {shown(zone_id)} keeps no notes of what was told")
        held = data.get("owned", {}).get(zone_id, [[]] * players)
        if not (isinstance(per_player, (list, tuple)) and len(per_player) == players):
            raise StateDataError(f"'told' needs a list for each player in zone {zone_id!r}")
        for notes, pieces in zip(per_player, held):
            if not (isinstance(notes, (list, tuple)) and len(notes) <= len(pieces)
                    and all(_sound_notes(rules, each) for each in notes)):
                raise StateDataError(f"zone {zone_id!r} has notes that are not, for each of "
                                     f"its pieces, an attribute's possible values")


def _check_seen(rules: Ruleset, data: Mapping[str, Any]) -> None:
    """Who has seen a player's zone (``seen``: per zone that knows it, per player, the
    names of other players)."""
    players = list(data["players"])
    for zone_id, per_player in data.get("seen", {}).items():
        zone = rules.zones.get(zone_id)
        if zone is None or not zone.content.seen:
            raise StateDataError(f"zone {shown(zone_id)} keeps no note of who has seen it")
        if not (isinstance(per_player, (list, tuple)) and len(per_player) == len(players)):
            raise StateDataError(f"'seen' needs a list for each player in zone {zone_id!r}")
        for owner, viewers in zip(players, per_player):
            if not (isinstance(viewers, (list, tuple))
                    and all(v in players and v != owner for v in viewers)
                    and len(set(viewers)) == len(viewers)):
                raise StateDataError(f"zone {zone_id!r} says it was seen by someone who is "
                                     f"not another player of the game")


def _check_faces(rules: Ruleset, data: Mapping[str, Any], key: str) -> None:
    """Which pieces lie face up (``up``: per zone whose pieces have faces, their places
    from 0, or a list of them per player for a player's zone), or face down remembered
    (``remembered``, alike): places that hold a piece, each once, none in both."""
    players = len(data["players"])
    for zone_id, places in data.get(key, {}).items():
        zone = rules.zones.get(zone_id)
        if zone is None or not zone.content.faced:
            raise StateDataError(f"zone {shown(zone_id)} has no pieces face up or down")
        other = data.get("up" if key == "remembered" else "remembered", {}).get(zone_id)
        held: Sequence[Any]
        lists: Sequence[Any] | None
        others: Sequence[Any]
        if zone.scope == "shared":
            held, lists, others = [data.get("shared", {}).get(zone_id)], [places], [other]
        else:
            held = data.get("owned", {}).get(zone_id) or [None] * players
            lists = places if isinstance(places, (list, tuple)) and len(places) == players \
                else None
            if lists is None:
                raise StateDataError(f"{key!r} needs a list for each player in zone "
                                     f"{zone_id!r}")
            others = other if isinstance(other, (list, tuple)) else [None] * players
        for listed, pieces, also in zip(lists, held, others):
            filled = _filled_places(zone, pieces)
            if not (isinstance(listed, (list, tuple))
                    and all(type(i) is int and i in filled for i in listed)
                    and len(set(listed)) == len(listed)
                    and not set(listed) & _ints(also)):
                said = "face up" if key == "up" else "remembered"
                raise StateDataError(f"zone {zone_id!r} has {said} places that are not "
                                     f"places of its pieces, each once and lying one way")


def _ints(listed: Any) -> set[int]:
    return {i for i in listed if type(i) is int} if isinstance(listed, (list, tuple)) else set()


def _filled_places(zone: Zone, pieces: Any) -> set[int]:
    """The places (from 0) that hold a piece in a zone's data (checked before)."""
    if not pieces:
        return set()
    if zone.grid is None:
        return set(range(len(pieces)))
    columns = zone.grid[1]
    return {(int(row) - 1) * columns + int(column) - 1
            for row, column in (key.split(".") for key in pieces)}


def _sound_notes(rules: Ruleset, notes: Any) -> bool:
    return isinstance(notes, Mapping) and all(
        attribute in rules.attribute_types and isinstance(values, (list, tuple))
        and all(type(value) is rules.attribute_types[attribute] for value in values)
        for attribute, values in notes.items())

def _check_groups(rules: Ruleset, areas: Mapping[str, Any]) -> None:
    """Each area's group as its type forms groups: real pieces stand for themselves, a wild
    one for a real kind; one kind at a same-kind area, different kinds at a different-kinds
    one; no more pieces than the area has fields."""
    for area_id, group in areas.items():
        area = rules.areas[area_id]
        for kind, stands, n in group:
            if not may_stand_for(rules.components, kind, stands):
                raise StateDataError(f"area {area_id!r} holds {kind!r} standing for "
                                     f"{stands!r}: only a wild piece stands for another "
                                     f"kind, and always for a real one")
        count = sum(n for _, _, n in group)
        if count > area.fields:
            raise StateDataError(f"area {area_id!r} holds {count} pieces on "
                                 f"{area.fields} fields")
        if not area.type.forms([stands for _, stands, n in group for _ in range(n)]):
            raise StateDataError(f"area {area_id!r} holds a group its type does not form "
                                 f"({area.type.grouping})")


def _check_copies(rules: Ruleset, data: Mapping[str, Any]) -> None:
    """No kind has more pieces in play than the game has copies of it."""
    held: Counter[str] = Counter()
    for group in data.get("areas", {}).values():
        for kind, _, n in group:
            held[kind] += n
    contents = [*data.get("shared", {}).values(),
                *(each for per_player in data.get("owned", {}).values() for each in per_player)]
    for content in contents:
        if isinstance(content, list):
            held.update(content)
        elif isinstance(content, Mapping) and all(type(n) is int for n in content.values()):
            held.update(content)  # counts by kind
        elif isinstance(content, Mapping):
            held.update(content.values())  # cells: the kind in each
    for kind, count in held.items():
        if count > rules.components[kind].copies:
            raise StateDataError(f"there are {count} pieces of {kind!r}, but the game has "
                                 f"{rules.components[kind].copies}")


def _check_content(rules: Ruleset, zone: Zone, content: Any) -> None:
    """A zone's content as its type writes it: a list of kinds, counts by kind, or cells."""
    if zone.grid is not None:
        rows, columns = zone.grid
        sound = isinstance(content, Mapping) and all(
            isinstance(cell, str) and _CELL.match(cell) and _is_kind(rules, kind)
            and int(cell.split(".")[0]) <= rows and int(cell.split(".")[1]) <= columns
            for cell, kind in content.items())
        shape = "cells (ROW.COLUMN) of kinds"
    elif zone.ordered:
        sound = isinstance(content, list) and all(_is_kind(rules, kind) for kind in content)
        shape = "a list of kinds"
    else:
        sound = isinstance(content, Mapping) and all(
            _is_kind(rules, kind) and type(n) is int and 0 <= n <= _WORD
            for kind, n in content.items())
        shape = "counts by kind"
    if not sound:
        raise StateDataError(f"zone {zone.id!r} holds {shown(content)}, which is not {shape}")


def _is_kind(rules: Ruleset, kind: Any) -> bool:
    return isinstance(kind, str) and kind in rules.components


def _check_turn(rules: Ruleset, turn: Mapping[str, Any]) -> None:
    """The turn's memory as ``TurnMemory.to_data`` writes it: times by action, and each
    action's remembered fields as its mechanism declares them (``memory``,
    ``memory_ids``)."""
    done, memory = turn.get("done", {}), turn.get("memory", {})
    if not (type(turn.get("moved", False)) is bool and type(turn.get("offered_end", False)) is bool
            and isinstance(done, Mapping)
            and all(k in rules.actions and type(n) is int and 0 <= n <= _WORD
                    for k, n in done.items())
            and isinstance(memory, Mapping)
            and all(k in rules.actions and isinstance(fields, Mapping)
                    for k, fields in memory.items())):
        raise StateDataError("'turn' must hold moved and offered_end (true or false), done "
                             "(times by action) and memory (fields by action)")
    for action_id, fields in memory.items():
        action = rules.actions[action_id]
        for field, value in fields.items():
            if field not in action.memory:
                raise StateDataError(f"{action_id!r} remembers no {shown(field)}; it "
                                     f"remembers: {', '.join(action.memory) or '-'}")
            if not _fits_field(rules, action.memory[field], action.memory_ids.get(field),
                               value):
                raise StateDataError(f"{action_id!r} cannot remember {shown(value)} as "
                                     f"{field!r}")


def _fits_field(rules: Ruleset, default: Any, ids: str | None, value: Any) -> bool:
    """Whether ``value`` is one an action's field may hold: its default's type, or the id
    (or the ids) of a part of the ruleset the field names."""
    if ids is not None:
        known = getattr(rules, ids)
        named = value if isinstance(value, list) else [value]
        return all(isinstance(v, str) and v in known for v in named if v is not None)
    if isinstance(default, bool):
        return type(value) is bool
    if isinstance(default, int):
        return type(value) is int and -_WORD <= value <= _WORD
    if isinstance(default, list):
        return isinstance(value, list)
    return value is None or isinstance(value, (list, str, int))


def shown(value: Any) -> str:
    """A value in a message, cut short: data may hold a text of a million characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"
