"""What every action and step mechanism offers the turn machine."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence

from ..common import shown
from ..common.errors import N_, IllegalMove
from ..common.events import EventType, by_code
from ..common.moves import Event, Move
from ..conditions.expressions import Expression
from ..conditions.turnnames import EVERY_PART
from ..play.notation import NotationError
from ..play.parts import Part
from ..play.state import GameState
from ..play.turncontext import TurnContext
from .exchange import EVENTS as EXCHANGE_EVENTS, EXCHANGE, Exchange
from .params import Condition, Param, resolve_params

if TYPE_CHECKING:
    from ..model.builder import Builder
    from ..model.ruleset import Ruleset


#: the names a step's ``when`` may read
STEP_NAMES = {"players": int}

#: the mechanisms a ruleset can choose, by the name used in data (filled as they are defined)
ACTIONS: dict[str, type[ActionMechanism]] = {}
#: the words of a game a mechanism's rulebook sentence may use besides its parameters, each
#: filled in with the game's own noun: its players, pieces, points, hands, groups, areas,
#: wild kinds, and one piece or one wild piece counted in words
SENTENCE_WORDS = ("player", "players", "piece", "pieces", "point", "hand", "hands", "group",
                  "groups", "area", "areas", "wild", "wilds", "one", "one_wild")
STEPS: dict[str, type[StepMechanism]] = {}
ORDERS: dict[str, type[OrderMechanism]] = {}


class Sealed:
    """A part of a ruleset: configured while the ruleset is compiled (``__init__``,
    ``bind``), then sealed, so that a loaded ruleset cannot change under its games. Each
    also says what of its play is left to chance (``chance``)."""

    _sealed = False
    params: ClassVar[tuple[Param, ...]] = ()
    #: the attributes naming the zones it draws pieces from (``play.state.draw``: from a
    #: zone counted by kind, a piece at random) and those it puts pieces into
    #: (``play.state.put``: an ordered zone is shuffled after); and whether it shuffles
    draws_from: ClassVar[tuple[str, ...]] = ()
    puts_into: ClassVar[tuple[str, ...]] = ()
    shuffles: ClassVar[bool] = False
    #: the attributes naming a zone of each player it gives each player pieces of their own
    #: kind only (``own-pieces``), and those naming zones it only takes pieces out of: a
    #: zone no mechanism names otherwise holds one kind per player (``mixes_kinds_into``)
    own_kind_into: ClassVar[tuple[str, ...]] = ()
    takes_only_from: ClassVar[tuple[str, ...]] = ()

    def chance(self, ruleset: Ruleset) -> bool:
        """Whether its play may draw at random: it shuffles, draws from a zone counted by
        kind or mixes pieces into an ordered one (the game's type reads it)."""
        zones = ruleset.zones
        return (self.shuffles
                or any(zones[z].grid is None and not zones[z].ordered
                       for z in self._zones_named(self.draws_from))
                or any(zones[z].ordered for z in self._zones_named(self.puts_into)))

    def mixes_kinds_into(self, zone: str) -> bool:
        """Whether it may put into a player's ``zone`` pieces of another kind than that
        player's own: whether a setting names the zone but those that give each player their
        own kind or only take out of it (any other setting naming it may put anything)."""
        keys = {param.key for param in type(self).params
                if param.attribute in self.own_kind_into + self.takes_only_from}
        return any(names(value, zone) for key, value in self.settings.items()
                   if key not in keys)

    def _zones_named(self, attributes: tuple[str, ...]) -> Iterable[str]:
        for attribute in attributes:
            value = getattr(self, attribute)
            yield from ((value,) if isinstance(value, str) else value or ())

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed:
            raise FrozenInstanceError(f"cannot assign to field {name!r} of a loaded ruleset")
        object.__setattr__(self, name, value)

    def seal(self) -> None:
        object.__setattr__(self, "_sealed", True)

    def configure(self, params: tuple[Param, ...], spec: Mapping[str, Any], build: Builder,
                  path: tuple) -> None:
        """Resolve ``params`` from ``spec`` into ``settings`` and an attribute each."""
        self.settings = resolve_params(params, spec, build, path)
        for param in params:
            setattr(self, param.attribute, self.settings[param.key])


class ActionMechanism(Sealed):
    """A kind of decision. Subclasses generate, check and perform moves.

    A subclass declares, in one place, everything the rest of regelwerk reads:
    its ``name`` in data, a ``description`` and its ``params`` (from which the
    schema is generated and its settings are resolved), and the ``parts`` of
    its moves (how notation reads and writes them). A ruleset's ``names``
    maps a part to the key it wants in notation (e.g. ``group`` as ``band``).
    """

    name: ClassVar[str]
    description: ClassVar[str]
    params: ClassVar[tuple[Param, ...]] = ()
    parts: ClassVar[tuple[Part, ...]] = ()
    #: what the action remembers within a turn: field -> its value when the turn starts
    memory: ClassVar[Mapping[str, Any]] = {}
    #: the remembered fields that hold ids (or lists of ids), by the part of the ruleset that
    #: knows them ("areas", "components", "zones"): a state read from data is checked by it
    memory_ids: ClassVar[Mapping[str, str]] = {}
    #: the remembered fields conditions may read as ``ACTION.FIELD``: field -> type, or
    #: ``context.CARD`` for a remembered kind read through its attributes
    #: (``draw.card.effect``)
    facts: ClassVar[Mapping[str, Any]] = {}
    #: the events its moves record, by code: their sentences and what they show
    events: ClassVar[Mapping[str, EventType]] = {}
    #: the rulebook's general sentence for the action: a message id whose placeholders
    #: are parameter keys (see ``params``) or ``SENTENCE_WORDS``
    sentence: ClassVar[str] = ""
    #: whether its moves let wild pieces stand for others (a wild kind in a game where no
    #: action does, nor a setting about wild pieces, nor group scoring, is refused)
    reads_wild: ClassVar[bool] = False
    #: how costly ``any_move`` is; the turn machine probes cheap actions first
    probe_cost: ClassVar[int] = 1
    #: whether its moves may give points during play (a game where none does and nothing
    #: is counted at the end keeps no score: the rulebook says how it is drawn instead)
    scores: ClassVar[bool] = False
    #: whether the action puts its player out for the round (such an action needs a turn
    #: order that brings players back, ``OrderMechanism.brings_back``, and such an order
    #: needs one: see ``engine/play/rounds.py``)
    leaves_round: bool = False
    #: whether the only test for a move is listing them all (``any_move`` is not
    #: overridden): the turn machine then keeps the list it made for deciding to skip a
    #: phase, instead of making it again (set for each class as it is defined)
    probes_by_listing: ClassVar[bool] = True
    #: the parts of a state (``context.GRIDS``, ``ZONES``, ``AREAS``) its moves may change;
    #: conditions over parts it leaves alone are not evaluated again after its moves
    changes: ClassVar[frozenset[str]] = EVERY_PART
    #: whether each of its moves moves a piece or a mark: a game of such actions only can
    #: never stall, so its rulebook leaves out the end after a round of nothing moving
    always_moves: ClassVar[bool] = False
    #: the keys of its settings that name a zone its moves tell players about: the pieces
    #: of such a zone carry notes of what they were told (``zones.contents.NotedPile``)
    tells_about: ClassVar[tuple[str, ...]] = ()
    #: the settings naming zones of each player this action shows to another player: such
    #: a zone remembers who has seen it as it is (``zones.contents.SeenTally``)
    shows: ClassVar[tuple[str, ...]] = ()
    #: whether what a move does turns on pieces another player holds unseen (a guess at
    #: their hand, hands compared): bots weigh such moves over several possible worlds
    turns_on_unseen: ClassVar[bool] = False
    #: whether its moves compare the pieces' ranks (so that ranks are not idle)
    reads_rank: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.probes_by_listing = cls.any_move is ActionMechanism.any_move
        if "name" in cls.__dict__:
            ACTIONS[cls.name] = cls

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        self.id = action_id
        part_names = [part.name for part in self.parts]
        names = spec.get("names", {})
        for part in names:
            if part not in part_names:
                build.fail((*path, "names", part), N_("'{role}' is not a part of this action; "
                                                      "its parts are: {roles}"),
                           role=part, roles=", ".join(part_names) or "-")
        self.names: dict[str, str] = {part: names.get(part, part) for part in part_names}
        self.configure(self.params, spec, build, path)

    # -- turn memory -------------------------------------------------------
    def recalled(self, state: GameState, action_id: str | None = None) -> Mapping[str, Any]:
        """What an action (this one unless named) remembers this turn."""
        return state.turn.memory.get(action_id or self.id, self.memory)

    def remember(self, state: GameState, **fields: Any) -> None:
        """Record fields of this action's memory (a new mapping: copies share the old)."""
        memory = state.turn.memory
        memory[self.id] = {**memory.get(self.id, self.memory), **fields}

    # -- rules -------------------------------------------------------------
    def moves(self, state: GameState) -> Sequence[Move]:
        raise NotImplementedError

    def any_move(self, state: GameState) -> bool:
        return bool(self.moves(state))

    def check(self, state: GameState, move: Move) -> None:
        """Raise IllegalMove when ``move`` is not allowed in ``state``."""
        raise NotImplementedError

    def perform(self, state: GameState, move: Move, events: list[Event]) -> None:
        """Carry out a checked move on a copy of the state."""
        raise NotImplementedError

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        """Derive read-only configuration from the whole ruleset (tables, conditions over
        its lines); called once while compiling, before ``check_ruleset``."""

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        """Semantic checks that need the whole ruleset."""

    def canonical(self, state: GameState, move: Move) -> Move:
        """The one way of writing the decision ``move`` denotes (e.g. a run named by any of
        its cells is named by its first); moves are compared in this form."""
        return move

    def implied(self) -> frozenset[str]:
        """The parts this action's moves leave out because only one value is possible (so
        typed input does not expect them)."""
        return frozenset()

    def prospects(self, state: GameState, player: int) -> Iterable[tuple[str, str, int]]:
        """The pieces ``player`` holds that this action could put on one of their own zones
        now, each judged on its own, as (zone, kind, how many): what those zones may still
        become, for bots weighing zones counted at the end (``worlds.measure``)."""
        return ()

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        """The pieces the move brings the player, when the action is about taking
        (so that a menu can say how many pieces of a kind, not just which kind)."""
        return None

    # -- notation ----------------------------------------------------------
    def parse(self, data: Mapping[str, Any], ruleset: Ruleset) -> Move:
        """The Move for notation such as ``{action: ID, area: x, group: {...}}``."""
        known = {"action", *self.names.values()}
        for key in data:
            if key not in known:
                raise NotationError(N_("'{key}' is not a part of '{action}'; its parts are: "
                                       "{parts}"), {"key": key, "action": self.id,
                                                   "parts": ", ".join(sorted(known))}, (key,))

        def sibling(part: str) -> Any:
            return data.get(self.names.get(part, part))

        values: dict[str, Any] = {}
        for part in self.parts:
            key = self.names[part.name]
            if key not in data:
                if part.optional:
                    continue
                raise NotationError(N_("'{action}' needs '{key}'"),
                                    {"action": self.id, "key": key}, ())
            values[part.name] = part.type.parse(data[key], ruleset, sibling, key)
        return Move.of(self.id, **values)

    def notation(self, move: Move) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.id}
        for part in self.parts:
            value = move.get(part.name)
            if value is not None:
                data[self.names[part.name]] = part.type.write(value)
        return data


class StepMechanism(Sealed):
    """Something that happens without a decision: setup steps and after-turn steps.

    Like an action, a step declares its ``name``, ``description`` and ``params``.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    params: ClassVar[tuple[Param, ...]] = ()
    events: ClassVar[Mapping[str, EventType]] = {}
    sentence: ClassVar[str] = ""
    #: the parts of a state it may change (see ``ActionMechanism.changes``)
    changes: ClassVar[frozenset[str]] = EVERY_PART

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            STEPS[cls.name] = cls

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        self.path = path  # where the step is written (``StepSettingError``, the rulebook)
        self.key = ".".join(path)  # the same, as its events name it (``Event.element``)
        self.configure(self.params, spec, build, path)
        #: a step after each turn or round may read what conditions about a turn read
        #: (``play.missed``: a card just played did not fit)
        self.after_turn = path[0] == "turn"
        #: whether the step happens: in a game of so many players (``when`` over
        #: ``players``; always when absent), or as a turn or round ends, where it holds
        self.when: Expression | None = (
            build.expression((*path, "when"), spec["when"],
                             build.turn_condition_names if self.after_turn else STEP_NAMES)
            if "when" in spec else None)

    def own_sentence(self) -> str:
        """The rulebook's general sentence for this step: its mechanism's, unless its
        settings call for another."""
        return self.sentence

    def happens(self, players: int) -> bool:
        """Whether a step of the setup or of a hand's deal happens in a game of ``players``
        players."""
        return self.when is None or bool(self.when.evaluate({"players": players}))

    def happens_now(self, state: GameState) -> bool:
        """Whether the step happens now, in ``state``."""
        if not self.after_turn:
            return self.happens(len(state.players))
        return self.when is None or bool(self.when(TurnContext(state)))

    def run(self, state: GameState, events: list[Event]) -> None:
        raise NotImplementedError

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        """How many pieces this step takes from the supply at most (for setup checks)."""
        return 0

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        """Derive read-only configuration from the whole ruleset (see ActionMechanism)."""

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        """Semantic checks that need the whole ruleset."""


#: another turn for the same player, a setting every turn order takes
AGAIN_WHEN = Condition(
    "again_when", "Checked when a turn ends, over the same names as an action's 'then' (e.g. "
    "'take.times > 0'): when it holds, the same player takes another turn.", optional=True,
    names=lambda at: at.build.turn_condition_names)
AGAIN = by_code(
    EventType("again", N_("{player} plays again, because {reason}."),
              {"player": shown.player(), "reason": shown.rule("again_when", "turn.order")}),
)
#: what every turn order may tell: another turn, an exchange
ORDER_EVENTS = {**AGAIN, **EXCHANGE_EVENTS}


class OrderMechanism(Sealed):
    """Who plays when: who moves after a turn, and whether a round is over. A ruleset's
    ``turn.order`` picks one by its ``mechanism`` (``clockwise`` when it has none).

    Every order takes ``again_when`` (while it holds as a turn ends, the same player takes
    another turn, within the round) and ``exchange`` (``mechanisms/exchange.py``: secret
    choices passed on before the play of each hand). The turn machine calls the public
    methods; while an exchange is under way they answer for it, else each order's own
    hooks (``_following``, ``_acting``, ...) do.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    params: ClassVar[tuple[Param, ...]] = (AGAIN_WHEN, EXCHANGE)
    events: ClassVar[Mapping[str, EventType]] = ORDER_EVENTS
    #: how turns go round, told after the preparation (placeholders as an action's)
    sentence: ClassVar[str] = ""
    #: whether how play goes is a rule of its own (tricks, choosing together), told in a
    #: section of the rulebook, not as a remark after the preparation
    told_apart: ClassVar[bool] = False
    #: whether players may go out for the rest of a round: an action that puts its player
    #: out (``ActionMechanism.leaves_round``) needs an order that brings them back
    brings_back: ClassVar[bool] = False
    changes: ClassVar[frozenset[str]] = frozenset()
    again_when: Expression | None  # set from the setting (``AGAIN_WHEN``)
    exchange: Exchange | None  # set from the setting (``EXCHANGE``)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "name" in cls.__dict__:
            ORDERS[cls.name] = cls

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        self.configure(self.params, spec, build, path)

    def own_sentence(self) -> str:
        """The rulebook's sentence for how turns go round: its mechanism's, unless its
        settings call for another."""
        return self.sentence

    def _exchanging(self, state: GameState) -> Exchange | None:
        """The exchange, while it is under way."""
        exchange = self.exchange
        return exchange if exchange is not None and exchange.under_way(state) else None

    @property
    def finishing_order(self) -> bool:
        """Whether players go out for good, one after another, in a finishing order."""
        return False

    def exchanging(self, state: GameState) -> bool:
        """Whether the exchange before play is under way."""
        return self._exchanging(state) is not None

    def passing(self, state: GameState, seat: int) -> tuple[int, int | None, int] | None:
        """While an exchange is under way and the player passes pieces: to whom, how many
        they choose (None: as many as the phases' own transitions make them) and how many
        they have chosen; else None."""
        exchange = self._exchanging(state)
        partner = None if exchange is None else exchange.partner(state, seat)
        if exchange is None or partner is None:
            return None
        return (partner, exchange.owed(state, seat),
                state.zone(exchange.zone, seat).size())

    def plays_again(self, state: GameState) -> bool:
        """Whether the player whose turn just ended takes another."""
        return self.again_when is not None and self._exchanging(state) is None \
            and bool(self.again_when(TurnContext(state)))

    def following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        """Who moves after the player to move, and whether a round ends with this turn (an
        order whose rounds start anew sets the next round up on ``state``); what the order
        itself sets off is told in ``events``."""
        exchange = self._exchanging(state)
        if exchange is not None:
            chooser = exchange.chose(state, events)
            if chooser is not None:
                return chooser, False
            state.to_move = state.start_player  # play begins
            self._begin(state)
            return state.to_move, False
        return self._following(state, events)

    def acting(self, state: GameState) -> tuple[int, ...]:
        """The players who may act now: the player to move, or, where choices are made at
        the same time, everyone who has not made theirs (the player to move first)."""
        exchange = self._exchanging(state)
        if exchange is not None:
            return exchange.acting(state)
        return self._acting(state)

    def first_phase(self, state: GameState) -> str:
        """The phase the next turn starts in (a turn of an exchange, or resolving a
        choice, may start in another)."""
        exchange = self._exchanging(state)
        if exchange is not None:
            return exchange.phase
        return self._first_phase(state)

    def phases_started(self) -> tuple[str, ...]:
        """The phases besides the turn's start that this order starts turns in."""
        exchanged = () if self.exchange is None else (self.exchange.phase,)
        return (*exchanged, *self._phases_started())

    def new_hand(self, state: GameState) -> None:
        """Forget what this order kept of the hand that ended (its marks in the counters)."""
        if self.exchange is not None:
            self.exchange.forget(state)
        self._new_hand(state)

    def begin(self, state: GameState) -> None:
        """Set up who begins a hand, once it is dealt: its exchange first, where it has one
        in this hand, else the order's own play."""
        if self.exchange is None or not self.exchange.start(state):
            self._begin(state)

    def round_ended(self, state: GameState, events: list[Event]) -> None:
        """Tell that a round ended and the game goes on (most orders have nothing to say)."""

    # The hooks each order overrides.

    def _following(self, state: GameState, events: list[Event]) -> tuple[int, bool]:
        raise NotImplementedError

    def _acting(self, state: GameState) -> tuple[int, ...]:
        return (state.to_move,)

    def _first_phase(self, state: GameState) -> str:
        return state.rules.start_phase

    def _phases_started(self) -> tuple[str, ...]:
        return ()

    def _new_hand(self, state: GameState) -> None:
        pass

    def _begin(self, state: GameState) -> None:
        pass

    def chance(self, ruleset: Ruleset) -> bool:
        """Also where an exchange mixes what is passed on into an ordered zone."""
        exchange = self.exchange
        return super().chance(ruleset) or (exchange is not None
                                           and ruleset.zones[exchange.to].ordered)

    @property
    def simultaneous(self) -> bool:
        """Whether some players choose at once, each unseen by the others: an exchange, or
        the order's own (``Simultaneous``)."""
        return self.exchange is not None

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        """Derive read-only configuration from the whole ruleset (see ActionMechanism)."""

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        """Semantic checks that need the whole ruleset."""
        if self.exchange is not None:
            self.exchange.check_ruleset(ruleset, build, ("turn", "order", "exchange"),
                                        self.finishing_order)


class StepSettingError(ValueError):
    """A setting of a step that cannot take effect in the game being set up (a pile too
    small to lay pieces that deep in it): the trial setup at load reports it at ``path``."""

    def __init__(self, path: tuple, message: str, **params: Any) -> None:
        super().__init__(message.format(**params))
        self.path, self.message, self.params = path, message, params


def names(setting: Any, name: str) -> bool:
    """Whether a setting's value (a text, a list or a section of settings) holds ``name``."""
    if isinstance(setting, str):
        return setting == name
    if isinstance(setting, Mapping):
        return any(names(value, name) for value in setting.values())
    if isinstance(setting, (list, tuple)):
        return any(names(value, name) for value in setting)
    return False


def refuse(code: str, message: str, **params: Any) -> IllegalMove:
    return IllegalMove(code, message, params)
