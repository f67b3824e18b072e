"""A decision's moves chosen one small step at a time, with fixed integer ids for learners.

A move is a path of options: its action, then each part its mechanism declares
(``ActionMechanism.parts``), in order, each as the small choices its part type
makes of a value (``PartType.steps``: a cell is a row, then a column; a group of
pieces is a kind, how many, another kind or none, how many wild pieces and what
they stand for). An optional part a move leaves out is one option, ``None``.
Every option belongs to a *domain*, a fixed set of values enumerated from the
ruleset alone (its actions, areas, kinds, zones, seats, rows, columns, counts up
to the most copies of a kind, the words of choice parts, and "none"), so that
each option has an id that never changes for a ruleset: a bounded action space.

    choices = Choices.of(rules, state)           # or Choices(rules, moves, players)
    while not choices.complete:
        options = choices.options                 # this step's options, in id order
        choices = choices.choose(options[0])      # or choices.choose_id(some legal id)
    move = choices.move

    space = ActionSpace.of(rules)                 # ids: space.size, space.id(option, players)
    choices.legal_ids()                           # this step's ids, ascending
    choices.chosen_ids()                          # the ids chosen so far in this decision
    choices.mask()                                # a list of space.size booleans

``Choices`` is immutable: ``choose`` returns the narrower decision, so going back
is keeping the one before. A step never offers an option that leads nowhere: every
path leads to a legal move, and every legal move has exactly one path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple, Sequence

from .mechanisms.parts import ChoiceType, SubStep
from .moves import Move

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import GameState

#: the domains of options, in the order their ids are numbered
DOMAINS = ("none", "action", "area", "kind", "zone", "player", "row", "column", "count",
           "choice")
#: the step that chooses the action, before any part
ACTION = "action"


class Option(NamedTuple):
    """One option of one step: the part it belongs to ("" for the action), what the step
    chooses (``SubStep.name``), the domain of its value, the value (None: no such part,
    or no more) and what a count counts (``SubStep.about``)."""

    part: str
    step: str
    domain: str
    value: Any
    about: Any = None


Path = tuple[Option, ...]


@dataclass(frozen=True)
class ActionSpace:
    """Every option any decision of a ruleset can offer, numbered: ``id`` ↔ (domain,
    value). Players are numbered by their seat (``state.players``); "none" is id 0."""

    values: dict[str, tuple[Any, ...]]
    offsets: dict[str, int]
    size: int

    @classmethod
    def of(cls, rules: Ruleset) -> ActionSpace:
        grids = [zone.grid for zone in rules.zones.values() if zone.grid is not None]
        words: dict[str, None] = {}
        for action in rules.actions.values():
            for part in action.parts:
                if isinstance(part.type, ChoiceType):
                    words.update(dict.fromkeys(part.type.values))
        values: dict[str, tuple[Any, ...]] = {
            "none": (None,),
            "action": tuple(rules.actions),
            "area": tuple(rules.areas),
            "kind": rules.kinds,
            "zone": tuple(rules.zones),
            "player": tuple(range(rules.max_players)),
            "row": tuple(range(1, max((rows for rows, _ in grids), default=0) + 1)),
            "column": tuple(range(1, max((cols for _, cols in grids), default=0) + 1)),
            "count": tuple(range(max((c.copies for c in rules.components.values()),
                                     default=0) + 1)),
            "choice": tuple(words),
        }
        offsets, total = {}, 0
        for domain in DOMAINS:
            offsets[domain] = total
            total += len(values[domain])
        return cls(values, offsets, total)

    def id(self, option: Option, players: Sequence[str] = ()) -> int:
        """The option's id; a player is given by name and numbered by seat in ``players``."""
        if option.value is None:
            return self.offsets["none"]
        value = players.index(option.value) if option.domain == "player" else option.value
        return self.offsets[option.domain] + self.values[option.domain].index(value)

    def option(self, id_: int) -> tuple[str, Any]:
        """``(domain, value)`` of an id (a player as a seat number)."""
        if not 0 <= id_ < self.size:
            raise IndexError(f"no option has the id {id_}")
        domain = next(d for d in reversed(DOMAINS) if self.offsets[d] <= id_)
        return domain, self.values[domain][id_ - self.offsets[domain]]


class Choices:
    """The moves of one decision narrowed by the options chosen so far."""

    __slots__ = ("rules", "players", "space", "_entries", "_depth", "_options")

    def __init__(self, rules: Ruleset, moves: Iterable[Move], players: Sequence[str] = (),
                 space: ActionSpace | None = None) -> None:
        self.rules, self.players = rules, tuple(players)
        self.space = space or ActionSpace.of(rules)
        steps: dict[tuple[str, str, Any], Path] = {}  # a part's value is split once
        self._entries = [(self._path(move, steps), move) for move in moves]
        self._depth = 0
        self._options: tuple[Option, ...] | None = None

    @classmethod
    def of(cls, rules: Ruleset, state: GameState, space: ActionSpace | None = None) -> Choices:
        """The choices of the decision at ``state``."""
        from .game import legal_moves
        return cls(rules, legal_moves(state), state.players, space)

    def _path(self, move: Move, cache: dict[tuple[str, str, Any], Path]) -> Path:
        path: list[Option] = [Option("", ACTION, ACTION, move.action)]
        for part in self.rules.actions[move.action].parts:
            value = move.get(part.name)
            if value is None:
                path.append(Option(part.name, part.type.kind, "none", None))
                continue
            key = (move.action, part.name, value)
            split = cache.get(key)
            if split is None:
                split = cache[key] = tuple(
                    Option(part.name, s.name, "none" if s.value is None else s.domain,
                           s.value, s.about)
                    for s in part.type.steps(value, self.rules))
            path.extend(split)
        return tuple(path)

    def path(self, move: Move) -> Path:
        """The options that lead to ``move``."""
        return self._path(move, {})

    @property
    def complete(self) -> bool:
        """Whether the options chosen make one whole move (or the decision has none)."""
        return not self._entries or len(self._entries[0][0]) == self._depth

    @property
    def move(self) -> Move | None:
        """The move the options chosen make, once they make a whole one."""
        return self._entries[0][1] if self._entries and self.complete else None

    @property
    def moves(self) -> list[Move]:
        """The legal moves the options chosen so far still allow."""
        return [move for _, move in self._entries]

    @property
    def chosen(self) -> Path:
        return self._entries[0][0][:self._depth] if self._entries else ()

    @property
    def options(self) -> tuple[Option, ...]:
        """This step's options, in the order of their ids; empty once complete."""
        if self._options is None:
            if self.complete:
                self._options = ()
            else:
                found = dict.fromkeys(path[self._depth] for path, _ in self._entries)
                self._options = tuple(sorted(found, key=self.id))
        return self._options

    def choose(self, option: Option) -> Choices:
        """The decision narrowed by one more option (one of ``options``)."""
        if option not in self.options:
            raise ValueError(f"{option} is not an option of this step")
        narrower = object.__new__(Choices)
        narrower.rules, narrower.players, narrower.space = self.rules, self.players, self.space
        narrower._entries = [entry for entry in self._entries
                             if entry[0][self._depth] == option]
        narrower._depth = self._depth + 1
        narrower._options = None
        return narrower

    def settled(self, options_needed: int = 2) -> Choices:
        """Further along every step that offers fewer than ``options_needed`` options
        (with the default, every step that leaves nothing to choose)."""
        choices = self
        while not choices.complete and len(choices.options) < options_needed:
            choices = choices.choose(choices.options[0])
        return choices

    # -- ids ------------------------------------------------------------------
    def id(self, option: Option) -> int:
        return self.space.id(option, self.players)

    def chosen_ids(self) -> list[int]:
        """The ids of the options chosen so far (a learner's view of the move begun)."""
        return [self.id(option) for option in self.chosen]

    def legal_ids(self) -> list[int]:
        """The ids of this step's options, ascending."""
        return [self.id(option) for option in self.options]

    def mask(self) -> list[bool]:
        """For every id of the ruleset's space, whether this step offers it."""
        mask = [False] * self.space.size
        for id_ in self.legal_ids():
            mask[id_] = True
        return mask

    def choose_id(self, id_: int) -> Choices:
        """``choose`` the option with this id; ValueError when this step does not offer it."""
        for option in self.options:
            if self.id(option) == id_:
                return self.choose(option)
        raise ValueError(f"the id {id_} is not an option of this step")
