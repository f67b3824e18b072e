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

Paths are not laid out for every move up front: a decision may have thousands of
moves, nearly all of them in a few segments of the move list (``engine/play/movelist.py``:
one action, the same parts but one, any of many values for that one). A segment's
moves share the options of its fixed parts, so a step before its varying part sees
the segment as one; only a step that reaches the varying part splits that segment's
values (once per ruleset and value, ``Steps``), and only of the segments still left.
The options, their order and their ids are those of the whole paths laid out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, NamedTuple, Sequence

from ..common.moves import Move
from .movelist import MoveList, Segment, build, ready
from .parts import ChoiceType, Part

if TYPE_CHECKING:
    from ..model.playcache import Bounded
    from ..model.ruleset import Ruleset
    from .state import GameState

#: the domains of options, in the order their ids are numbered
DOMAINS = ("none", "action", "area", "kind", "zone", "player", "row", "column", "count",
           "choice", "place")
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
        places = False
        for action in rules.actions.values():
            for part in action.parts:
                if isinstance(part.type, ChoiceType):
                    words.update(dict.fromkeys(part.type.values))
                places = places or part.type.kind == "place"
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
            # a place some action names: in an ordered zone with a capacity (a hand held
            # facing away), or in one whose pieces have faces
            "place": tuple(range(1, max((rules.places(z) for z in rules.zones.values()
                                         if places and (z.capacity and z.ordered
                                                        or z.content.faced)),
                                        default=0) + 1)),
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
    """The moves of one decision narrowed by the options chosen so far.

    The moves are held as bundles (``_Bundle``), not as one path per move: a decision
    can have thousands of legal moves, and a step looks at a move's own options only
    once it has reached the part in which that move differs from its segment's others."""

    __slots__ = ("rules", "players", "space", "_steps", "_bundles", "_chosen", "_options")

    def __init__(self, rules: Ruleset, moves: Iterable[Move], players: Sequence[str] = (),
                 space: ActionSpace | None = None) -> None:
        self.rules, self.players = rules, tuple(players)
        self.space = space or ActionSpace.of(rules)
        self._steps = Steps.of(rules)
        self._bundles = self._steps.bundles(moves)
        self._chosen: Path = ()
        self._options: tuple[Option, ...] | None = None

    @classmethod
    def of(cls, rules: Ruleset, state: GameState, space: ActionSpace | None = None) -> Choices:
        """The choices of the decision at ``state``."""
        from .game import legal_moves
        return cls(rules, legal_moves(state), state.players, space)

    def path(self, move: Move) -> Path:
        """The options that lead to ``move``."""
        return self._steps.path(move)

    @property
    def complete(self) -> bool:
        """Whether the options chosen make one whole move (or the decision has none)."""
        if not self._bundles:
            return True
        first, depth = self._bundles[0], len(self._chosen)
        if len(first.head) > depth:
            return False
        return len(first.head) + len(first.tails(self._steps)[0][0]) == depth

    @property
    def move(self) -> Move | None:
        """The move the options chosen make, once they make a whole one."""
        if not self._bundles or not self.complete:
            return None
        first = self._bundles[0]
        return first.move(first.tails(self._steps)[0][1])

    @property
    def moves(self) -> list[Move]:
        """The legal moves the options chosen so far still allow."""
        return [move for bundle in self._bundles for move in bundle.moves()]

    @property
    def chosen(self) -> Path:
        return self._chosen

    @property
    def options(self) -> tuple[Option, ...]:
        """This step's options, in the order of their ids; empty once complete."""
        if self._options is None:
            if self.complete:
                self._options = ()
            else:
                found = dict.fromkeys(self._next_options())
                self._options = tuple(sorted(found, key=self.id))
        return self._options

    def _next_options(self) -> Iterator[Option]:
        """The option each remaining move takes at this step, in the moves' order: once
        for a bundle still in its head (all its moves take the same one)."""
        depth, steps = len(self._chosen), self._steps
        for bundle in self._bundles:
            head = bundle.head
            if depth < len(head):
                yield head[depth]
            else:
                at = depth - len(head)
                for tail, _ in bundle.tails(steps):
                    yield tail[at]

    def choose(self, option: Option) -> Choices:
        """The decision narrowed by one more option (one of ``options``)."""
        if option not in self.options:
            raise ValueError(f"{option} is not an option of this step")
        depth, steps = len(self._chosen), self._steps
        bundles = []
        for bundle in self._bundles:
            head = bundle.head
            if depth < len(head):
                if head[depth] == option:
                    bundles.append(bundle)
                continue
            at = depth - len(head)
            tails = tuple(entry for entry in bundle.tails(steps) if entry[0][at] == option)
            if tails:
                bundles.append(bundle.narrowed(tails))
        narrower = object.__new__(Choices)
        narrower.rules, narrower.players, narrower.space = self.rules, self.players, self.space
        narrower._steps, narrower._bundles = steps, bundles
        narrower._chosen = (*self._chosen, option)
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


#: a move's options after its bundle's head, and the item it is built from
Tail = tuple[Path, object]


class _Bundle:
    """Moves whose paths all begin with ``head``. A segment of the move list (the moves of
    one action with the same parts but one, ``engine/play/movelist.py``) is one bundle: its head
    is the action and the parts declared before the one that varies, and each move's tail
    is that part's options then those of the parts declared after it. The tails are
    split only when a step reaches past the head: the thousands of moves of one segment
    cost nothing until its own part is being chosen. A ready move is a bundle of itself."""

    __slots__ = ("head", "segment", "varying", "after", "_tails")

    def __init__(self, head: Path, segment: Segment, varying: Part | None, after: Path,
                 tails: tuple[Tail, ...] | None = None) -> None:
        self.head, self.segment, self.varying, self.after = head, segment, varying, after
        self._tails = tails

    def tails(self, steps: Steps) -> tuple[Tail, ...]:
        """Each remaining move's options after the head, with its item, in the segment's
        order (split once, then kept: the bundle's moves never change)."""
        tails = self._tails
        if tails is None:
            action, after, part = self.segment[0], self.after, self.varying
            if part is None:  # the part that varies is not one the action declares
                tails = tuple((after, item) for item in self.segment[4])
            else:
                tails = tuple((steps.part(action, part, item) + after, item)
                              for item in self.segment[4])
            self._tails = tails
        return tails

    def narrowed(self, tails: tuple[Tail, ...]) -> _Bundle:
        return _Bundle(self.head, self.segment, self.varying, self.after, tails)

    def move(self, item: object) -> Move:
        return build(self.segment, item) if self.segment[0] else item  # type: ignore[return-value]

    def moves(self) -> Iterator[Move]:
        items = self.segment[4] if self._tails is None else [item for _, item in self._tails]
        return (self.move(item) for item in items)


class Steps:
    """How a ruleset's moves are split into options, learnt once per ruleset: a part's
    value (a group of pieces, a cell) splits the same way in every decision, and the
    moves of one segment share most of it."""

    def __init__(self, rules: Ruleset, split: Bounded) -> None:
        self.rules, self._split = rules, split

    @classmethod
    def of(cls, rules: Ruleset) -> Steps:
        # not an action id: those have no dot
        return rules.cache.tables("choices.steps", lambda cache: cls(rules, cache.bounded(20_000)))

    def part(self, action: str, part: Part, value: Any) -> Path:
        """The options of one part's value (one option, None, for a part left out)."""
        if value is None:
            return (Option(part.name, part.type.kind, "none", None),)
        key = (action, part.name, value)
        split = self._split.get(key)
        if split is None:
            split = self._split.remember(key, tuple(
                Option(part.name, s.name, "none" if s.value is None else s.domain,
                       s.value, s.about)
                for s in part.type.steps(value, self.rules)))
        return split

    def path(self, move: Move) -> Path:
        """The options that lead to ``move``: its action, then each declared part's."""
        path: Path = (Option("", ACTION, ACTION, move.action),)
        for part in self.rules.actions[move.action].parts:
            path += self.part(move.action, part, move.get(part.name))
        return path

    def bundles(self, moves: Iterable[Move]) -> list[_Bundle]:
        """The moves as bundles, in their order: a segment of a move list whole, any other
        move alone."""
        segments = moves.segments if isinstance(moves, MoveList) else [ready(list(moves))]
        bundles = []
        for segment in segments:
            if segment[0]:
                bundles.append(self._segment(segment))
            else:
                bundles.extend(_Bundle(self.path(move), segment, None, (), (((), move),))
                               for move in segment[4])
        return bundles

    def _segment(self, segment: Segment) -> _Bundle:
        """A segment's bundle: the options of the parts declared before its varying part
        are its head, those declared after it end every tail."""
        action, before, varying, after, _ = segment
        fixed = dict(before + after)
        head: Path = (Option("", ACTION, ACTION, action),)
        rest: Path = ()
        varying_part = None
        for part in self.rules.actions[action].parts:
            if part.name == varying:
                varying_part = part
            elif varying_part is None:
                head += self.part(action, part, fixed.get(part.name))
            else:
                rest += self.part(action, part, fixed.get(part.name))
        return _Bundle(head, segment, varying_part, rest)
