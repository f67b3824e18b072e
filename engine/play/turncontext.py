"""What conditions about the course of a turn read in a state, computed only when read.

The names and their types are declared in ``conditions/turnnames.py``; here each is worked
out for one state (``TurnContext``), and the records conditions read of a state (an
action's, ``zone``, ``areas``) are made.
"""

from __future__ import annotations

from operator import itemgetter
from types import SimpleNamespace
from typing import (TYPE_CHECKING, Any, Callable, Iterable, Mapping, NamedTuple,
                    Sequence, cast)

from ..conditions.turnnames import CARD, field_name
from ..zones.grid import Grid, Run, find_row_runs
from ..model.ruleset import field_kinds
from ..zones.groups import group_size
from .rounds import HANDS, PLACED, players_in
from .state import seated
from .straight import line_counts

if TYPE_CHECKING:
    from ..conditions.expressions import Expression
    from ..model.protocols import Action
    from ..model.ruleset import Area, Line, PieceCount, Ruleset
    from .state import GameState


def worked_out_for(state: GameState, seat: int, formula: Expression) -> int:
    """A formula over what conditions read of the state, for one player (``mine``: theirs)."""
    with seated(state, seat):
        return int(formula(TurnContext(state)))


def card_record(rules: Ruleset, kind: str | None) -> SimpleNamespace:
    """A kind's attributes, with every attribute the ruleset knows (defaults when absent)."""
    record: SimpleNamespace = rules.card_records.get(kind, rules.card_records[None])
    return record


def runs_of(state: GameState, player: int, line: Line) -> list[Run]:
    """The runs of ``line`` in a player's grid: remembered by the grid, row by row (a
    piece placed changes one row, whose runs alone are found again)."""
    # An annotation, not ``cast``: a call at run time, many times a move.
    grid: Grid = state.owned[line.zone][player]  # type: ignore[assignment]  # a line's zone: a grid
    runs = grid.runs(line.id)
    if runs is None:
        runs = []
        shape = state.rules.zones[line.zone].grid
        assert shape is not None  # a line lies in a grid zone
        for row in range(1, shape[0] + 1):
            found = grid.row_runs(line.id, row)
            if found is None:
                found = find_row_runs(grid, row, line.starts.__contains__,
                                      line.ends.__contains__, line.gap)
                grid.remember_row_runs(line.id, row, found)
            runs.extend(found)
        grid.remember_runs(line.id, runs)
    return runs


def run_record(state: GameState, player: int, line: Line, run: Run) -> SimpleNamespace:
    """What conditions and scoring may ask of a run: its length, completeness, sums, etc."""
    grid = cast(Grid, state.owned[line.zone][player])
    cards = [state.rules.card_records[grid[cell]] for cell in run.cells()]
    fields: dict[str, Any] = {"length": len(cards), "complete": run.complete}
    for name, expression in line.sums.items():
        fields[name] = sum(int(expression.evaluate({"card": c})) for c in cards)
    for name, expression in line.anys.items():
        fields[name] = any(expression.evaluate({"card": c}) for c in cards)
    for name, expression in line.kinds_of.items():
        values = {expression.evaluate({"card": c}) for c in cards} - {""}
        fields[name] = len(values)
        fields[f"{name}_one"] = next(iter(values)) if len(values) == 1 else ""
    return SimpleNamespace(**fields)


class RunCounts(NamedTuple):
    """What ``me`` and ``best`` hold: complete runs and all runs."""

    complete: int
    runs: int


def _run_counts(state: GameState, player: int) -> RunCounts:
    complete = runs = 0
    for line in state.rules.lines.values():
        grid: Grid = state.owned[line.zone][player]  # type: ignore[assignment]  # a line's zone: a grid
        counts = grid.run_counts(line.id) or _counted(state, player, line)
        complete += counts[0]
        runs += counts[1]
    return RunCounts(complete, runs)


def _best_counts(state: GameState) -> RunCounts:
    """The most complete runs and the most runs any player has (asked after every piece
    placed: with one line, the common case, each player's grid is read once in one loop,
    with no sums per player to make)."""
    lines = state.rules.lines.values()
    if len(lines) > 1:
        return RunCounts(*map(max, zip(*(_run_counts(state, player)
                                         for player in range(len(state.players))))))
    complete = runs = 0
    for line in lines:  # the one line
        for player, grid in enumerate(state.owned[line.zone]):
            counts = grid.run_counts(line.id)  # type: ignore[attr-defined]  # a line's zone: a grid
            if counts is None:
                counts = _counted(state, player, line)
            if counts[0] > complete:
                complete = counts[0]
            if counts[1] > runs:
                runs = counts[1]
    return RunCounts(complete, runs)


def _counted(state: GameState, player: int, line: Line) -> tuple[int, int]:
    """A player's complete runs and runs of ``line``, once its grid has found them."""
    runs_of(state, player, line)  # remembered by the grid, counted too
    counts = cast(Grid, state.owned[line.zone][player]).run_counts(line.id)
    assert counts is not None
    return counts


class TurnContext(dict[str, Any]):
    """The names above for one state, each computed on first use. A dict whose missing
    names are computed (``__missing__``): a condition's ``env[name]`` is a lookup in C,
    and a name read twice is computed once (conditions are evaluated after nearly every
    move)."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state

    def __missing__(self, name: str) -> Any:
        value = self[name] = self._compute(name)
        return value

    def _compute(self, name: str) -> Any:
        state = self._state
        rules = state.rules
        record = rules.records.get(name)
        if record is not None:  # an action's, ``zone`` or ``mine``
            return record(state)
        if name == "me":
            return _run_counts(state, state.to_move)
        if name == "best":
            return _best_counts(state)
        if name == "areas":
            return rules.area_summary(state)
        if name == "lines":
            return SimpleNamespace(**{field_name(line): n
                                      for line, n in line_counts(state).items()})
        if name == "players":
            return len(state.players)
        if name == "players_in":
            return players_in(state)
        if name == "hands":
            return state.counters.get(HANDS, 0)
        if name == "scores":
            return SimpleNamespace(highest=max(state.scores), lowest=min(state.scores),
                                   mine=state.scores[state.to_move])
        if name == "places":
            return SimpleNamespace(mine=state.counters.get(PLACED + str(state.to_move), 0))
        if name == "turns":
            return state.turns_played
        if name == "room":
            return SimpleNamespace(**{field_name(zone.id): zone.room
                                      for zone in rules.zones.values() if zone.room is not None})
        raise KeyError(name)


def _zone_size(state: GameState, zone_id: str) -> int:
    content = state.shared.get(zone_id)
    if content is not None:
        return content.size()
    return sum([content.size() for content in state.owned[zone_id]])


class StateRecord:
    """A record conditions read of a state (an action's, ``zone``, ``mine``, ``areas``),
    each field computed when it is read: a condition reads one or two fields of a record
    that may have dozens, and a record is made anew for every condition evaluated."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state


def record_type(name: str, fields: Mapping[str, Callable[[GameState], Any]]
                ) -> type[StateRecord]:
    """A type of ``StateRecord`` with these fields, each a property of the type (through
    ``__getattr__``, every read would first raise and format an AttributeError: a whole
    microsecond, many times a turn)."""
    def read(compute: Callable[[GameState], Any]) -> property:
        return property(lambda record: compute(record._state))

    return type(name, (StateRecord,),
                {"__slots__": (), **{field: read(compute) for field, compute in fields.items()}})


class ActionRecord(tuple):
    """An action's record: a pair of what it remembers this turn and the times it was
    taken, its fields read from the pair. A tuple, made in C: transitions read an
    action's record after nearly every move, one or two of its fields."""

    __slots__ = ()


def action_record_type(action: Action, cards: Mapping[str | None, Any]
                       ) -> Callable[[GameState], ActionRecord]:
    """How to make the record of an action: ``times`` and the facts its mechanism declares
    (a fact that holds a kind reads as the kind's record, from ``cards``)."""
    action_id, defaults = action.id, action.memory
    blank = cards[None]

    def fact(name: str, is_card: bool) -> property:
        if is_card:
            return property(lambda record: cards.get(record[0][name], blank))
        return property(lambda record: record[0][name])

    kind: type[ActionRecord] = type("ActionRecord", (ActionRecord,), {
        "__slots__": (), "times": property(itemgetter(1)),
        **{name: fact(name, type_ == CARD) for name, type_ in action.facts.items()}})

    def record(state: GameState) -> ActionRecord:
        turn = state.turn
        return kind((turn.memory.get(action_id, defaults), turn.done.get(action_id, 0)))

    return record


def zone_record_type(zones: Iterable[str], families: Mapping[str, Sequence[str]]
                     ) -> type[StateRecord]:
    """The ``zone`` record: how many pieces each zone holds, all players together, and each
    family of zones all together."""
    def size(members: Sequence[str]) -> Callable[[GameState], int]:
        if len(members) == 1:  # a zone: read at the end of every turn, no sum to make
            zone = members[0]
            return lambda state: _zone_size(state, zone)
        return lambda state: sum([_zone_size(state, zone) for zone in members])

    return record_type("ZoneRecord", {
        **{field_name(zone): size((zone,)) for zone in zones},
        **{field_name(family): size(members) for family, members in families.items()}})


def own_zones_record_type(zones: Iterable[str]) -> type[StateRecord]:
    """The ``mine`` record: how many pieces each of the player to move's zones holds."""
    def size(zone: str) -> Callable[[GameState], int]:
        return lambda state: state.owned[zone][state.to_move].size()

    return record_type("OwnZones", {field_name(zone): size(zone) for zone in zones})


def others_record_types(zones: Iterable[str]) -> dict[str, type[StateRecord]]:
    """The records of the other players' zones (``turnnames.OTHERS``): how many pieces each
    zone holds for the next player in seat order and the one before, and the most and the
    fewest any other player has there."""
    def neighbour(zone: str, step: int) -> Callable[[GameState], int]:
        return lambda state: state.owned[zone][(state.to_move + step)
                                               % len(state.players)].size()

    def others(zone: str, pick: Callable[..., int]) -> Callable[[GameState], int]:
        return lambda state: pick([content.size() for seat, content
                                   in enumerate(state.owned[zone]) if seat != state.to_move],
                                  default=0)

    zones = tuple(zones)
    return {"left": record_type("Left", {field_name(z): neighbour(z, 1) for z in zones}),
            "right": record_type("Right", {field_name(z): neighbour(z, -1) for z in zones}),
            "others_most": record_type("OthersMost", {field_name(z): others(z, max)
                                                      for z in zones}),
            "others_fewest": record_type("OthersFewest", {field_name(z): others(z, min)
                                                          for z in zones})}


def extremes_record_types(zones: Iterable[str], fields: Mapping[str, type],
                          cards: Mapping[str | None, Any]) -> dict[str, type[StateRecord]]:
    """The ``highest`` and ``lowest`` records: for each of these zones of the player to
    move, the highest and the lowest of each number field of its pieces (0: empty)."""
    numbers = [name for name, type_ in fields.items() if type_ is int]

    def extreme(zone: str, pick: Callable[..., int]) -> Callable[[GameState], Any]:
        def compute(state: GameState) -> SimpleNamespace:
            held = [cards[kind] for kind, n in state.owned[zone][state.to_move].counts().items()
                    if n]
            return SimpleNamespace(**{name: pick([getattr(card, name) for card in held],
                                                 default=0) for name in numbers})
        return compute

    zones = tuple(zones)
    return {"highest": record_type("Highest", {field_name(z): extreme(z, max) for z in zones}),
            "lowest": record_type("Lowest", {field_name(z): extreme(z, min) for z in zones})}


def counts_record_type(counts: Mapping[str, PieceCount]) -> type[StateRecord]:
    """The ``counts`` record: each of the ruleset's own counts of pieces (``counts``)."""
    def count(rule: PieceCount) -> Callable[[GameState], int]:
        zone, kinds, weights = rule.zone, rule.kinds, rule.weights

        def counted(content: Any) -> int:
            if weights is not None:
                return sum([n * weights[kind] for kind, n in content.counts().items()
                            if kind in kinds])
            return sum([n for kind, n in content.counts().items() if kind in kinds])
        if rule.mine:
            return lambda state: counted(state.owned[zone][state.to_move])
        return lambda state: (counted(state.shared[zone]) if zone in state.shared
                              else sum([counted(content) for content in state.owned[zone]]))

    return record_type("Counts", {field_name(count_id): count(rule)
                                  for count_id, rule in counts.items()})


def area_summary_type(areas: Mapping[str, Area]) -> type[StateRecord]:
    """The ``areas`` record of a board: open and closed areas, how many open ones are full
    and filled up to each kind of field (``KIND_filled``)."""
    def filled(kind: str) -> Callable[[GameState], int]:
        needed = tuple((area_id, area.filled_at[kind]) for area_id, area in areas.items())
        return lambda state: _filled(state, needed)

    return record_type("AreaSummary", {
        "open": lambda state: len(state.rules.areas) - len(state.closed),
        "closed": lambda state: len(state.closed),
        "held": _held,
        "full": filled(""),
        **{f"{kind}_filled": filled(kind) for kind in field_kinds(areas.values())}})


def _held(state: GameState) -> int:
    """How many open areas hold a group."""
    closed = state.closed
    return sum(1 for area_id, group in state.areas.items() if group and area_id not in closed)


def _filled(state: GameState, needed: Sequence[tuple[str, int]]) -> int:
    """How many open areas hold at least the pieces ``needed`` there (read after most
    turns: a group of one kind's size is read in place)."""
    closed, standing = state.closed, state.areas
    filled = 0
    for area_id, fields in needed:
        if area_id not in closed:
            group = standing[area_id]
            if (group[0][2] if len(group) == 1 else group_size(group)) >= fields:
                filled += 1
    return filled
