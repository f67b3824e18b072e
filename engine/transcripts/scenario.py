"""Scenario files: games described as data, with the expectations that must hold.

A scenario names a game and its players, optionally lays out a position
(zones, areas, scores, who moves), then plays steps: a move (which may be
expected to be refused) and expectations checked after it. Nothing here knows
a game: zone, area, kind and action names all come from the ruleset.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from ..common.errors import N_, DataError, IllegalMove
from ..common.moves import Move
from ..compiler.loading import load_ruleset
from ..compiler.schemas import validate
from ..data.shipped import resolve
from ..data.yamlload import Document, load_yaml
from ..model.ruleset import Ruleset, Zone
from ..play.game import (SetupError, acting, apply, blank_data, check_players, legal_moves,
                         new_game, settle)
from ..play.notation import NotationError, format_group, parse_pieces
from ..play.rounds import HANDS, PLACED, is_out
from ..play.state import GameState, put
from ..play.statedata import StateDataError
from ..zones.grid import Grid
from ..zones.groups import Group, make_group

#: a move whose notation breaks a rule: it stands in a scenario as a refused move
Unplayable = IllegalMove


@dataclass(frozen=True)
class Step:
    number: int  # 1-based, as people count
    line: int
    move: Move | Unplayable | None
    rejected: bool
    expect: Mapping[str, Any]
    by: str | None = None  # the player making the move, where several may act now


@dataclass
class Scenario:
    file: str
    document: Document
    rules: Ruleset
    initial: GameState
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class Failure:
    file: str
    step: int
    line: int
    what: str  # a message id
    expected: str = ""
    actual: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


def load_scenario(path: str | Path, rules: Ruleset | None = None) -> Scenario:
    """Read, validate and resolve a scenario file; mistakes raise a located DataError.
    Given ``rules``, the scenario is read against them instead of its own game (a worked
    example of a rulebook, replayed in a variant to see whether it still holds)."""
    path = Path(path)
    document = load_yaml(path)
    validate(document, "scenario")
    data = document.data
    if rules is None:
        game = resolve(data["game"], path.parent)
        if not os.path.isfile(game):  # never raises: a name too long is no game either
            raise DataError(document.locate(("game",)),
                            N_("unknown game '{name}': not a ruleset id nor a file"),
                            {"name": data["game"]})
        rules = load_ruleset(game)
    players = data["players"]
    try:
        check_players(rules, players)
    except SetupError as error:
        raise DataError(document.locate(("players",)), error.message, error.params) from None
    seed = data.get("seed", 0)
    if "state" in data:
        initial = _position(document, rules, players, seed)
    else:
        initial = new_game(rules, players, seed)
    scenario = Scenario(str(path), document, rules, initial)
    for i, step in enumerate(data["steps"]):
        where = ("steps", i)
        move = _move(document, rules, step["move"], (*where, "move")) if "move" in step else None
        expect = step.get("expect", {})
        _check_expect_names(document, rules, players, expect, (*where, "expect"))
        if "by" in step:
            _player_index(document, players, step["by"], (*where, "by"))
        scenario.steps.append(Step(i + 1, document.locate(where).line, move,
                                   step.get("rejected", False), expect, step.get("by")))
    return scenario


def _move(document: Document, rules: Ruleset, data: Mapping[str, Any],
          path: tuple) -> Move | Unplayable:
    action = rules.actions.get(data["action"])
    if action is None:
        raise DataError(document.locate((*path, "action")),
                        N_("unknown action '{name}'; known: {known}"),
                        {"name": data["action"], "known": ", ".join(sorted(rules.actions))})
    try:
        return action.parse(data, rules)
    except NotationError as error:
        if error.refusal:
            return Unplayable("notation", error.message, error.params)
        raise DataError(document.locate((*path, *error.path)), error.message,
                        error.params) from None


def _pieces(document: Document, rules: Ruleset, data: Any, path: tuple,
            *, declared: bool) -> list[tuple[str, str | None]]:
    """Parsed pieces; in areas wilds must say what they stand for, elsewhere they may not."""
    try:
        pieces = parse_pieces(data, rules)
    except NotationError as error:
        raise DataError(document.locate((*path, *error.path)), error.message,
                        error.params) from None
    for kind, stands in pieces:
        if declared and stands is None:
            raise DataError(document.locate((*path, kind)),
                            N_("say which kind this wild piece stands for, e.g. "
                               "{wild}: {{KIND: 1}}"), {"wild": kind})
        if not declared and stands not in (None, kind):
            raise DataError(document.locate((*path, kind)),
                            N_("a wild piece stands for a kind only in an area"))
    return pieces


def _area_group(document: Document, rules: Ruleset, data: Any, path: tuple) -> Group:
    pieces = _pieces(document, rules, data, path, declared=True)
    return make_group(pieces)  # type: ignore[arg-type]  # declared: each says what it stands for


def _counts(document: Document, rules: Ruleset, data: Any, path: tuple) -> dict[str, int]:
    return dict(Counter(kind for kind, _ in _pieces(document, rules, data, path, declared=False)))


def _player_index(document: Document, players: Sequence[str], name: Any, path: tuple) -> int:
    if name not in players:
        raise DataError(document.locate(path), N_("unknown player '{name}'; players: {known}"),
                        {"name": name, "known": ", ".join(players)})
    return list(players).index(name)


def _position(document: Document, rules: Ruleset, players: Sequence[str],
              seed: int) -> GameState:
    """The state a scenario's ``state`` section lays out."""
    data = document.data["state"]
    position = blank_data(players, seed)
    areas: dict[str, Group] = {}
    shared: dict[str, Any] = {}
    owned: dict[str, list[Any]] = {}
    position.update(areas=areas, shared=shared, owned=owned)
    used: Counter[str] = Counter()
    mixed_in: list[tuple[str, dict[str, int]]] = []
    supply_given = False
    for name, content in data.get("zones", {}).items():
        path = ("state", "zones", name)
        if name in rules.areas:
            group = _area_group(document, rules, content, path)
            areas[name] = group
            used.update({kind: n for kind, _, n in group})
            continue
        zone = rules.zones.get(name)
        if zone is None:
            raise DataError(document.key_location(path),
                            N_("unknown zone or area '{name}'; known: {known}"),
                            {"name": name, "known": ", ".join([*rules.zones, *rules.areas])})
        read = _zone_content(document, rules, players, name, content, path)
        if zone.scope == "player":
            per_player = owned[name] = [[] if zone.ordered else {} for _ in players]
            for index, pieces in read.items():
                per_player[index] = pieces.to_data() if zone.grid else \
                    _in_order(pieces) if zone.ordered else pieces
                used.update(pieces.counts() if zone.grid else pieces)
            continue
        supply_given |= name == rules.supply
        if zone.grid is not None:
            shared[name] = read.to_data()
            used.update(read.counts())
            continue
        if isinstance(content, list) or not zone.ordered:
            shared[name] = read
        else:
            mixed_in.append((name, read))  # counts for a pile: mixed in below, in order
        used.update(Counter(read))
    scores = position["scores"] = [0] * len(players)
    for player, score in data.get("scores", {}).items():
        scores[_player_index(document, players, player, ("state", "scores", player))] = score
    if "start_player" in data:
        position["start_player"] = _player_index(document, players, data["start_player"],
                                                 ("state", "start_player"))
    position["to_move"] = position.get("start_player", 0)
    if "to_move" in data:
        position["to_move"] = _player_index(document, players, data["to_move"],
                                            ("state", "to_move"))
    counters = position.setdefault("counters", {})
    if "hands" in data:
        counters[HANDS] = data["hands"]
    places = data.get("places", {})
    for player, place in places.items():
        seat = _player_index(document, players, player, ("state", "places", player))
        counters[PLACED + str(seat)] = place
    if places and sorted(places.values()) != list(range(1, len(players) + 1)):
        raise DataError(document.locate(("state", "places")),
                        N_("the places must be 1 to {count}, one for each player"),
                        {"count": len(players)})
    _not_too_many(document, rules, used)  # before the state is made, which refuses it too
    if "told" in data:
        position["told"] = _told(document, rules, players, data["told"], ("state", "told"))
    for key in FACES:
        if key in data:
            position[key] = _places(document, rules, players, data[key], ("state", key))
    try:
        state = GameState.from_data(rules, position)
    except StateDataError:  # what is left to refuse: faces on places without a piece
        if not any(key in data for key in FACES):
            raise
        raise DataError(document.locate(("state", next(k for k in FACES if k in data))),
                        N_("the places face up and remembered must each hold a piece of "
                           "their zone, be named once, and not be both face up and "
                           "remembered"), {}) from None
    for name, counts in mixed_in:
        put(state, name, counts)
    _account(document, rules, state, used, supply_given)
    if data.get("dealt"):
        rules.order.begin(state)
    settle(state, rules.order.first_phase(state), [])
    return state


def _zone_that(document: Document, rules: Ruleset, zone_id: str, path: tuple, capability: str,
               refusal: str) -> Zone:
    """The zone ``zone_id`` a scenario names at ``path``, refused with ``refusal`` unless
    its content has ``capability`` (``noted``, ``seen``, ``faced``)."""
    zone = rules.zones.get(zone_id)
    if zone is None or not getattr(zone.content, capability):
        raise DataError(document.key_location(path), refusal, {
            "name": zone_id, "known": ", ".join(z.id for z in rules.zones.values()
                                                if getattr(z.content, capability)) or "-"})
    return zone


def _told(document: Document, rules: Ruleset, players: Sequence[str], data: Mapping[str, Any],
          path: tuple) -> dict[str, list[list[dict[str, list[Any]]]]]:
    """What a scenario says the pieces of zones that keep notes were told, as state data
    (per zone, per player, per place: attribute -> the values it may still have; one value
    may be written alone)."""
    told: dict[str, list[list[dict[str, list[Any]]]]] = {}
    for zone_id, per_player in data.items():
        _zone_that(document, rules, zone_id, (*path, zone_id), "noted",
                   N_("zone '{name}' keeps no notes of what was told; those that do: {known}"))
        told[zone_id] = [[] for _ in players]
        for player, notes in per_player.items():
            seat = _player_index(document, players, player, (*path, zone_id, player))
            told[zone_id][seat] = [
                {attribute: values if isinstance(values, list) else [values]
                 for attribute, values in place.items()} for place in notes]
    return told


#: what a scenario may say of the pieces of a zone with faces, by their places: those
#: face up, and those face down that the table remembers (``GameState.up``, ``remembered``)
FACES = ("up", "remembered")


def _places(document: Document, rules: Ruleset, players: Sequence[str],
            data: Mapping[str, Any], path: tuple) -> dict[str, Any]:
    """Places a scenario gives of zones whose pieces have faces, as state data: per zone,
    the places from 0 (per player, for a player's zone); they are written from 1."""
    places: dict[str, Any] = {}
    for zone_id, given in data.items():
        zone = _zone_that(document, rules, zone_id, (*path, zone_id), "faced",
                          N_("zone '{name}' has no pieces face up or face down; those that "
                             "do: {known}"))
        if zone.scope == "shared":
            if not isinstance(given, list):
                raise DataError(document.locate((*path, zone_id)),
                                N_("zone '{name}' is shared: give its places as a list"),
                                {"name": zone_id})
            places[zone_id] = sorted(place - 1 for place in given)
            continue
        if not isinstance(given, Mapping):
            raise DataError(document.locate((*path, zone_id)),
                            N_("zone '{name}' belongs to each player: give its places by "
                               "player"), {"name": zone_id})
        places[zone_id] = [[] for _ in players]
        for player, own in given.items():
            seat = _player_index(document, players, player, (*path, zone_id, player))
            places[zone_id][seat] = sorted(place - 1 for place in own)
    return places


def _from_one(places: Sequence[int]) -> list[int]:
    """Places from 0 as a scenario writes them, from 1."""
    return [place + 1 for place in places]


def _as_sets(notes: Sequence[Mapping[str, Sequence[Any]]]) -> list[dict[str, frozenset[Any]]]:
    """Notes compared whatever order their values are listed in."""
    return [{attribute: frozenset(values) for attribute, values in place.items()}
            for place in notes]


def _not_too_many(document: Document, rules: Ruleset, used: Counter[str]) -> None:
    """No more pieces of a kind are listed than the game has (a variant with fewer copies
    than an example's scenario lays out: the example does not hold there)."""
    for kind, component in rules.components.items():
        if used[kind] > component.copies:
            raise DataError(document.locate(("state", "zones")),
                            N_("{count} pieces of '{kind}' are listed, but the game has "
                               "only {copies}"),
                            {"count": used[kind], "kind": kind, "copies": component.copies})


def _account(document: Document, rules: Ruleset, state: GameState, used: Counter[str],
             supply_given: bool) -> None:
    """Every piece must be somewhere: the supply holds those not listed elsewhere."""
    missing = {kind: c.copies - used[kind] for kind, c in rules.components.items()
               if c.copies > used[kind]}
    if supply_given:
        if missing:
            raise DataError(document.locate(("state", "zones", rules.supply)),
                            N_("these pieces are not listed anywhere: {missing}"),
                            {"missing": _flow(missing)})
        return
    supply = state.writable(rules.supply)
    supply.lay([kind for kind in rules.components for _ in range(missing.get(kind, 0))],
               on_top=False)
    state.rng = supply.shuffle(state.rng)


def _check_expect_names(document: Document, rules: Ruleset, players: Sequence[str],
                        expect: Mapping[str, Any], path: tuple) -> None:
    """Names in expectations must exist, so a typo is an error, not a silent pass."""
    for name, content in expect.get("zones", {}).items():
        zpath = (*path, "zones", name)
        if name in rules.areas:
            _area_group(document, rules, content, zpath)
        elif name in rules.zones:
            _zone_content(document, rules, players, name, content, zpath)
        else:
            raise DataError(document.key_location(zpath),
                            N_("unknown zone or area '{name}'; known: {known}"),
                            {"name": name, "known": ", ".join([*rules.zones, *rules.areas])})
    for key in ("scores",):
        for player in expect.get(key, {}):
            _player_index(document, players, player, (*path, key, player))
    if "told" in expect:
        _told(document, rules, players, expect["told"], (*path, "told"))
    for key in FACES:
        if key in expect:
            _places(document, rules, players, expect[key], (*path, key))
    for key in ("to_move",):
        if key in expect:
            _player_index(document, players, expect[key], (*path, key))
    for i, player in enumerate(expect.get("acting", [])):
        _player_index(document, players, player, (*path, "acting", i))
    for key in ("winners", "out"):
        for i, player in enumerate(expect.get(key, [])):
            _player_index(document, players, player, (*path, key, i))
    for zone_id, per_viewer in expect.get("seen", {}).items():
        _zone_that(document, rules, zone_id, (*path, "seen", zone_id), "seen",
                   N_("no action shows zone '{name}' to others; those it shows: {known}"))
        for viewer, owners in per_viewer.items():
            _player_index(document, players, viewer, (*path, "seen", zone_id, viewer))
            for i, owner in enumerate(owners):
                _player_index(document, players, owner, (*path, "seen", zone_id, viewer, i))
    for i, area in enumerate(expect.get("closed", [])):
        if area not in rules.areas:
            raise DataError(document.locate((*path, "closed", i)), N_("unknown area '{name}'"),
                            {"name": area})
    if "phase" in expect and expect["phase"] not in rules.phases:
        raise DataError(document.locate((*path, "phase")),
                        N_("unknown phase '{name}'; known: {known}"),
                        {"name": expect["phase"], "known": ", ".join(rules.phases)})
    for key in ("legal", "illegal"):
        for i, move in enumerate(expect.get(key, [])):
            _move(document, rules, move, (*path, key, i))


def _zone_content(document: Document, rules: Ruleset, players: Sequence[str], name: str,
                  content: Any, path: tuple) -> Any:
    """A zone's content as a scenario writes it, read: per player (counts or a grid), a
    draw order, or counts by kind."""
    zone = rules.zones[name]
    if zone.scope == "player":
        if not isinstance(content, Mapping):
            raise DataError(document.locate(path),
                            N_("zone '{name}' belongs to each player: write player: content"),
                            {"name": name})
        per_player = {}
        for player, pieces in content.items():
            where = (*path, player)
            per_player[_player_index(document, players, player, where)] = (
                _grid(document, rules, zone, pieces, where) if zone.grid is not None
                else _order(document, rules, zone, pieces, where) if isinstance(pieces, list)
                else _counts(document, rules, pieces, where))
        return per_player
    if zone.grid is not None:
        return _grid(document, rules, zone, content, path)
    if isinstance(content, list):
        return _order(document, rules, zone, content, path)
    return _counts(document, rules, content, path)


def _in_order(pieces: Any) -> list[str]:
    """An ordered zone's content: as listed, or counts laid out kind after kind."""
    if isinstance(pieces, list):
        return pieces
    return [kind for kind, n in sorted(pieces.items()) for _ in range(n)]


def _order(document: Document, rules: Ruleset, zone: Zone, content: list[Any],
           path: tuple) -> list[str]:
    """The pieces of an ordered zone, top first."""
    if not zone.ordered:
        raise DataError(document.locate(path),
                        N_("zone '{name}' has no order; write its content as a mapping"),
                        {"name": zone.id})
    for i, kind in enumerate(content):
        if not isinstance(kind, str) or kind not in rules.components:
            raise DataError(document.locate((*path, i)), N_("unknown kind '{name}'"),
                            {"name": kind})
    return list(content)


def _grid(document: Document, rules: Ruleset, zone: Zone, rows: Any, path: tuple) -> Grid:
    """A grid written as rows: lists of kinds, with null (~) for an empty cell."""
    assert zone.grid is not None  # only grid zones are written as rows
    height, width = zone.grid
    if not isinstance(rows, list) or len(rows) > height or not all(
            isinstance(row, list) for row in rows):
        raise DataError(document.locate(path),
                        N_("write the grid as at most {rows} rows, each a list of kinds or ~"),
                        {"rows": height})
    for r, row in enumerate(rows):
        if len(row) > width:
            raise DataError(document.locate((*path, r)),
                            N_("a row has at most {columns} cells"), {"columns": width})
        for c, kind in enumerate(row):
            if kind is not None and (not isinstance(kind, str) or kind not in rules.components):
                raise DataError(document.locate((*path, r, c)), N_("unknown kind '{name}'"),
                                {"name": kind})
    return Grid.from_rows(rows)


def run_scenario(scenario: Scenario) -> list[Failure]:
    """Play the steps; every expectation that does not hold is a Failure."""
    state = scenario.initial
    failures: list[Failure] = []
    for step in scenario.steps:
        def fail(what: str, expected: Any = "", actual: Any = "", **params: Any) -> None:
            failures.append(Failure(scenario.file, step.number, step.line, what,
                                    _flow(expected), _flow(actual), params))
        if step.move is not None:
            before = state.to_data()
            try:
                if isinstance(step.move, Unplayable):
                    raise step.move
                after, _ = apply(state, step.move, step.by)
            except IllegalMove as refusal:
                if state.to_data() != before:
                    fail(N_("a refused move changed the state"))
                if not step.rejected:
                    fail(N_("the move was refused: {reason}"), reason=refusal.render(),
                         code=refusal.code)
                    return failures  # the steps after it assume the move happened
            else:
                if step.rejected:
                    fail(N_("the move was accepted, but it should be refused"))
                else:
                    state = after
        _expect(scenario, state, step.expect, fail)
    return failures


def _expect(scenario: Scenario, state: GameState, expect: Mapping[str, Any],
            fail: Callable[..., None]) -> None:
    rules, document = scenario.rules, scenario.document
    path = ("steps",)
    for name, content in expect.get("zones", {}).items():
        if name in rules.areas:
            wanted = _area_group(document, rules, content, path)
            if wanted != state.areas[name]:
                fail(N_("{zone} differs"), {name: format_group(wanted)},
                     {name: format_group(state.areas[name])}, zone=name)
            continue
        zone = rules.zones[name]
        if zone.scope == "player":
            for player, pieces in content.items():
                index = state.players.index(player)
                actual: Any = state.owned[name][index]  # a Grid, Pile or Tally, to compare
                if zone.grid is not None:
                    wanted_rows = _grid(document, rules, zone, pieces, path).rows_notation(
                        *zone.grid)
                    if wanted_rows != actual.rows_notation(*zone.grid):
                        fail(N_("{zone} of {player} differs"), wanted_rows,
                             actual.rows_notation(*zone.grid), zone=name, player=player)
                    continue
                if isinstance(pieces, list):
                    if pieces != list(actual):
                        fail(N_("{zone} of {player} differs"), pieces, list(actual), zone=name,
                             player=player)
                    continue
                wanted_counts = _counts(document, rules, pieces, path)
                if wanted_counts != actual.counts():
                    fail(N_("{zone} of {player} differs"), wanted_counts,
                         dict(sorted(actual.counts().items())), zone=name, player=player)
            continue
        actual_content: Any = state.shared[name]  # a Pile, Tally or Grid, to compare
        if zone.grid is not None:
            wanted_rows = _grid(document, rules, zone, content, path).rows_notation(*zone.grid)
            if wanted_rows != actual_content.rows_notation(*zone.grid):
                fail(N_("{zone} differs"), wanted_rows, actual_content.rows_notation(*zone.grid),
                     zone=name)
        elif isinstance(content, list):
            if content != actual_content:
                fail(N_("{zone} differs"), content, actual_content, zone=name)
        else:
            wanted_counts = _counts(document, rules, content, path)
            actual_counts = dict(actual_content.counts())
            if wanted_counts != actual_counts:
                fail(N_("{zone} differs"), wanted_counts, dict(sorted(actual_counts.items())),
                     zone=name)
    if "told" in expect:
        actual_told = state.told()
        for zone_id, per_player in _told(document, rules, state.players, expect["told"],
                                         (*path, "told")).items():
            for seat, wanted_notes in enumerate(per_player):
                player = state.players[seat]
                if player not in expect["told"][zone_id]:
                    continue
                actual_notes = actual_told[zone_id][seat]
                if _as_sets(wanted_notes) != _as_sets(actual_notes):
                    fail(N_("what {player} was told of their {zone} differs"), wanted_notes,
                         actual_notes, zone=zone_id, player=player)
    for key, actual, what, whose in (
            ("up", state.up(), N_("the pieces face up in {zone} differ"),
             N_("the pieces face up in {player}'s {zone} differ")),
            ("remembered", state.remembered(), N_("the pieces remembered in {zone} differ"),
             N_("the pieces remembered in {player}'s {zone} differ"))):
        if key not in expect:
            continue
        for zone_id, places in _places(document, rules, state.players, expect[key],
                                       (*path, key)).items():
            if state.rules.zones[zone_id].scope == "shared":
                if places != actual[zone_id]:
                    fail(what, _from_one(places), _from_one(actual[zone_id]), zone=zone_id)
                continue
            for player in expect[key][zone_id]:
                seat = state.players.index(player)
                if places[seat] != actual[zone_id][seat]:
                    fail(whose, _from_one(places[seat]), _from_one(actual[zone_id][seat]),
                         zone=zone_id, player=player)
    for player, score in expect.get("scores", {}).items():
        actual_score = state.scores[state.players.index(player)]
        if actual_score != score:
            fail(N_("the score of {player} differs"), score, actual_score, player=player)
    if "to_move" in expect and expect["to_move"] != state.player:
        fail(N_("a different player is to move"), expect["to_move"], state.player)
    if "acting" in expect and list(expect["acting"]) != list(acting(state)):
        fail(N_("different players may act"), expect["acting"], list(acting(state)))
    if "phase" in expect and expect["phase"] != state.phase:
        fail(N_("the phase differs"), expect["phase"], state.phase)
    if "game_over" in expect and expect["game_over"] != state.game_over:
        fail(N_("whether the game is over differs"), expect["game_over"], state.game_over)
    if "winners" in expect and sorted(expect["winners"]) != sorted(state.winners()):
        fail(N_("the winners differ"), sorted(expect["winners"]), sorted(state.winners()))
    if "closed" in expect and sorted(expect["closed"]) != sorted(state.closed):
        fail(N_("the areas out of play differ"), sorted(expect["closed"]), sorted(state.closed))
    if "out" in expect:
        out = sorted(name for seat, name in enumerate(state.players)
                     if is_out(state.counters, seat))
        if sorted(expect["out"]) != out:
            fail(N_("the players out of the round differ"), sorted(expect["out"]), out)
    seen = state.seen()
    for zone_id, per_viewer in expect.get("seen", {}).items():
        for viewer, owners in per_viewer.items():
            actual_owners = sorted(owner for owner, viewers in zip(state.players, seen[zone_id])
                                   if viewer in viewers)
            if sorted(owners) != actual_owners:
                fail(N_("whose {zone} {player} has seen differs"), sorted(owners),
                     actual_owners, zone=zone_id, player=viewer)
    if "legal" in expect or "illegal" in expect:
        moves = legal_moves(state)

        def canonical(move: Move) -> Move:
            action = rules.actions.get(move.action)
            return move if action is None else action.canonical(state, move)
        for data in expect.get("legal", []):
            move = _move(document, rules, data, path)
            if isinstance(move, Unplayable):
                fail(N_("a move that should be legal is not"), data, move.render())
            elif canonical(move) not in moves:
                fail(N_("a move that should be legal is not"), data, _refusal(state, move))
        for data in expect.get("illegal", []):
            move = _move(document, rules, data, path)
            if not isinstance(move, Unplayable) and canonical(move) in moves:
                fail(N_("a move that should be illegal is legal"), data, "legal")


def _refusal(state: GameState, move: Move) -> str:
    """Why the engine refuses a move, for a failure report."""
    try:
        apply(state, move)
    except IllegalMove as refusal:
        return refusal.render()
    return "accepted by apply, but not listed by legal_moves"


def _flow(value: Any) -> str:
    """A compact one-line rendering of expected and actual values."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
