"""The parameters a mechanism takes in data, declared once.

A mechanism lists its parameters (``params``); from that one declaration come
the JSON Schema for rulesets (``engine/compiler/schemas.py``), the resolution of
each value when a ruleset is compiled (references checked, conditions
compiled, located errors), and the values a rulebook sentence may quote.
A resolved value is set on the mechanism as the attribute ``attr``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping

from ..common import limits
from ..common.errors import N_
from ..conditions.expressions import Names, Type
from ..model.builder import ZoneNeeds

if TYPE_CHECKING:
    from ..model.builder import Builder

#: the pattern of every id in a data file
ID_PATTERN = "^[a-z][a-z0-9_-]*$"
CONDITION_SCHEMA = {"type": "string", "minLength": 1, "maxLength": 500,
                    "description": "A condition in the expression language."}


@dataclass(frozen=True)
class Context:
    """What resolving one parameter may use: the compile context, where the value stands,
    the whole element and the parameters resolved before it (by key)."""

    build: Builder
    path: tuple
    spec: Mapping[str, Any]
    resolved: Mapping[str, Any]


@dataclass(frozen=True)
class Param:
    key: str
    description: str
    optional: bool = False
    default: Any = None
    attr: str = ""  # the mechanism's attribute; the key when empty
    #: what the rulebook adds to the mechanism's general sentence when the setting is given
    #: (a message id; its own key is filled in with the value, e.g. ``{which}``)
    sentence: str = ""

    schema_type: ClassVar[dict[str, Any]] = {}

    @property
    def attribute(self) -> str:
        return self.attr or self.key

    @property
    def required(self) -> bool:
        """A parameter with a default (other than nothing) may be left out."""
        return not self.optional and self.default is None

    def json_schema(self) -> dict[str, Any]:
        return {**self.schema_type, "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        return value

    def sentence_for(self, value: Any) -> str:
        """What the rulebook adds to the action's general sentence for this setting (a
        message id), or nothing: the ``sentence`` where a value is given (not false)."""
        return self.sentence if value is not None and value is not False else ""


@dataclass(frozen=True)
class Flag(Param):
    """Yes or no; ``sentence`` is what the rulebook adds when it is set (a message id)."""

    default: Any = False
    about_wild: bool = False  # setting it does something only when some component is wild
    schema_type: ClassVar[dict[str, Any]] = {"type": "boolean"}


@dataclass(frozen=True)
class Count(Param):
    """A whole number from ``minimum`` to ``maximum`` (see ``engine/common/limits.py``); told as a
    number of the pieces the mechanism moves, or of pieces in general unless ``moved``."""

    minimum: int = 0
    maximum: int = limits.STEP_COUNT
    moved: bool = True

    def json_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum,
                "description": f"{self.description} At most {self.maximum}."}


@dataclass(frozen=True)
class CountByPlayers(Count):
    """A whole number, or a table of them by the number of players (one for every number
    the game allows); resolves to a table from each number of players."""

    def json_schema(self) -> dict[str, Any]:
        number = {"type": "integer", "minimum": self.minimum, "maximum": self.maximum,
                  "description": f"At most {self.maximum}."}
        return {"oneOf": [number, {"type": "object", "minProperties": 1,
                                   "propertyNames": {"pattern": "^[1-9][0-9]{0,1}$"},
                                   "additionalProperties": number}],
                "description": f"{self.description} A number, or a table by the number of "
                               f"players ({{3: 11, 6: 9}}) with an entry for every number "
                               f"the game allows. At most {self.maximum}."}

    def resolve(self, value: Any, at: Context) -> Any:
        players = at.build.document.data["players"]
        allowed = range(players["min"], players["max"] + 1)
        if isinstance(value, int):
            return {n: value for n in allowed}
        table = {int(key): count for key, count in value.items()}
        for key in value:
            if int(key) not in allowed:
                at.build.fail((*at.path, key), N_("this game is not played by {count} "
                                                  "players"), count=int(key))
        missing = [str(n) for n in allowed if n not in table]
        if missing:
            at.build.fail(at.path, N_("no number for {missing} players"),
                          missing=", ".join(missing))
        return table


@dataclass(frozen=True)
class Choice(Param):
    """One of ``values``; ``sentences`` are what the rulebook adds for each (message ids)."""

    values: tuple[str, ...] = ()
    sentences: Mapping[str, str] = field(default_factory=dict)

    def sentence_for(self, value: Any) -> str:
        return self.sentences.get(value, "")

    def json_schema(self) -> dict[str, Any]:
        return {"enum": list(self.values), "description": self.description}


@dataclass(frozen=True)
class ZoneRef(Param):
    """A zone by id; ``scope`` and ``needs`` (see ``check_zone``) are checked at load."""

    scope: str | None = None
    needs: tuple[str, ...] = ()
    #: the zone may have a capacity, and then the mechanism puts pieces in only while it
    #: has room (a capacity is then not a setting that does nothing)
    honours_capacity: bool = False
    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": ID_PATTERN}

    def resolve(self, value: Any, at: Context) -> Any:
        return check_zone(at.build, at.path, value, self.scope, self.needs).id

    @staticmethod
    def zones_in(value: Any) -> list[str]:
        """The zones (or families) a value of it names, as written."""
        return [value] if isinstance(value, str) else list(value)


def id_list_schema(description: str) -> dict[str, Any]:
    """A list of one or more ids."""
    return {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": ID_PATTERN},
            "description": description}


@dataclass(frozen=True)
class ZoneList(ZoneRef):
    def json_schema(self) -> dict[str, Any]:
        return id_list_schema(self.description)

    def resolve(self, value: Any, at: Context) -> Any:
        """The zones listed; a numbered family stands for all its zones."""
        zones = at.build.zones_listed(at.path, value, zone_needs(self.scope, self.needs))
        return tuple(zone.id for zone in zones)


def zone_needs(scope: str | None, needs: tuple[str, ...]) -> ZoneNeeds:
    """What a zone parameter asks of its zone: of ``scope``, and ``ordered`` (taken from
    its top), ``grid`` (laid out in cells), ``counted`` (pieces counted by kind, neither a
    grid nor ordered), ``capacity``, ``seen`` (what it holds decides the moves: the player
    to move sees it), ``faced`` (its pieces lie face up or down, in its places or a grid's
    cells), ``grid-too`` (a grid is welcome as well). Pieces go into and out of a grid cell by cell, so a zone that is not
    asked to be one must not be a grid."""
    counted = "counted" in needs
    grid = True if "grid" in needs else None if {"faced", "grid-too"} & set(needs) else False
    return ZoneNeeds(scope=scope, ordered="ordered" in needs, grid=grid,
                     capacity="capacity" in needs, counted=counted, seen="seen" in needs,
                     faced="faced" in needs)


def check_zone(build: Builder, path: tuple, zone_id: str, scope: str | None,
               needs: tuple[str, ...]) -> Any:
    """The zone ``zone_id``, refused unless it has what the parameter asks."""
    return build.zone(path, zone_id, zone_needs(scope, needs))


def zone_parameters(params: tuple[Param, ...], prefix: str = "") -> dict[str, ZoneNeeds]:
    """Every zone parameter among ``params`` (``refill.from`` inside a section), with what
    it asks of its zone."""
    found: dict[str, ZoneNeeds] = {}
    for param in params:
        if isinstance(param, ZoneRef):
            found[prefix + param.key] = zone_needs(param.scope, param.needs)
        elif isinstance(param, Section):
            found.update(zone_parameters(param.params, f"{prefix}{param.key}."))
    return found


@dataclass(frozen=True)
class LineRef(Param):
    """A line of runs by id; resolves to the Line."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": ID_PATTERN}

    def resolve(self, value: Any, at: Context) -> Any:
        line = at.build.lines.get(value)
        if line is None:
            at.build.fail(at.path, N_("unknown line '{name}'; known: {known}"), name=value,
                          known=", ".join(sorted(at.build.lines)) or "-")
        return line


@dataclass(frozen=True)
class ActionRef(Param):
    """Another action of the ruleset, by id."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": ID_PATTERN}

    def resolve(self, value: Any, at: Context) -> Any:
        return check_action(at.build, at.path, value)


@dataclass(frozen=True)
class ActionList(Param):
    def json_schema(self) -> dict[str, Any]:
        return id_list_schema(self.description)

    def resolve(self, value: Any, at: Context) -> Any:
        return tuple(check_action(at.build, (*at.path, i), action)
                     for i, action in enumerate(value))


def check_action(build: Builder, path: tuple, action_id: str) -> str:
    if action_id not in build.action_ids:
        build.fail(path, N_("unknown action '{name}'; known: {known}"), name=action_id,
                   known=", ".join(sorted(build.action_ids)))
    return action_id


def card_names(at: Context) -> Names:
    """``card``: a piece's attributes, for conditions about one piece."""
    return {"card": at.build.card_fields()}


#: what ``card_names`` stand for, told to players (``conditions/wording.py``)
CARD_WORDS = {"card.": N_("{piece:def}'s {field}")}


@dataclass(frozen=True)
class Condition(Param):
    """A condition (or, with ``result=int``, a formula) over the names ``names`` gives."""

    names: Callable[[Context], Names] = lambda at: {}
    result: Type = bool
    #: what the names stand for, told to players (``conditions/wording.py``); the condition
    #: in words fills in its ``sentence``
    words: Mapping[str, str] = field(default_factory=dict)

    def json_schema(self) -> dict[str, Any]:
        return {**CONDITION_SCHEMA, "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        return at.build.expression(at.path, value, self.names(at), self.result)


@dataclass(frozen=True)
class ConditionPerAreaType(Condition):
    """A condition for each area type of the board (every type needs one)."""

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "minProperties": 1,
                "additionalProperties": {**CONDITION_SCHEMA},
                "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        build = at.build
        known = build.area_types
        for type_id in value:
            if type_id not in known:
                build.fail((*at.path, type_id),
                           N_("unknown area type '{name}'; known types: {known}"),
                           name=type_id, known=", ".join(sorted(known)))
        missing = sorted(set(known) - set(value))
        if missing:
            build.fail(at.path, N_("no condition for the area types: {missing}"),
                       missing=", ".join(missing))
        return {type_id: build.expression((*at.path, type_id), source, self.names(at),
                                          self.result)
                for type_id, source in value.items()}


@dataclass(frozen=True)
class Section(Param):
    """A mapping of parameters of its own; resolves to a dict by key (None when absent)."""

    params: tuple[Param, ...] = field(default=())

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": False,
                "required": [p.key for p in self.params if p.required],
                "properties": {p.key: p.json_schema() for p in self.params},
                "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        return resolve_params(self.params, value, at.build, at.path)


def resolve_params(params: tuple[Param, ...], spec: Mapping[str, Any], build: Builder,
                   path: tuple) -> dict[str, Any]:
    """Every parameter's value, resolved in declaration order (absent: its default)."""
    resolved: dict[str, Any] = {}
    for param in params:
        if param.key in spec:
            at = Context(build, (*path, param.key), spec, resolved)
            resolved[param.key] = param.resolve(spec[param.key], at)
        else:
            resolved[param.key] = param.default
    return resolved


@dataclass(frozen=True)
class KindRef(Param):
    """A kind of piece (a component) by id."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": ID_PATTERN}

    def resolve(self, value: Any, at: Context) -> Any:
        if value not in at.build.components:
            at.build.fail(at.path, N_("unknown kind '{name}'; known kinds: {known}"),
                          name=value, known=", ".join(sorted(at.build.components)))
        return value


@dataclass(frozen=True)
class Word(Param):
    """A word of the data, such as a value an attribute takes (checked by its mechanism)."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "minLength": 1, "maxLength": 80}


@dataclass(frozen=True)
class PhaseRef(Param):
    """A phase of the turn by id (checked once the phases are known: ``check_ruleset``)."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": ID_PATTERN}


@dataclass(frozen=True)
class Attribute(Param):
    """The name of an attribute some component has (see ``components.*.attributes``)."""

    schema_type: ClassVar[dict[str, Any]] = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}

    def resolve(self, value: Any, at: Context) -> Any:
        if value not in at.build.attribute_types:
            at.build.fail(at.path, N_("unknown attribute '{name}'"), name=value)
        return value


@dataclass(frozen=True)
class ZonePairs(Param):
    """Zones paired: each zone of scope ``scope`` (a key) with one of scope ``paired`` (its
    value) that has what ``needs`` asks; resolves to a tuple of (key, value) ids."""

    scope: str = "shared"
    paired: str = "player"
    needs: tuple[str, ...] = ()

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object", "minProperties": 1,
                "propertyNames": {"type": "string", "pattern": ID_PATTERN},
                "additionalProperties": {"type": "string", "pattern": ID_PATTERN},
                "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        return tuple((check_zone(at.build, (*at.path, key), key, self.scope, ()).id,
                      check_zone(at.build, (*at.path, key), other, self.paired, self.needs).id)
                     for key, other in value.items())


@dataclass(frozen=True)
class ZoneChoice(ZoneList):
    """One zone, or a list of zones (a numbered family stands for all its zones) the
    player chooses among; resolves to a tuple of ids either way (the zones, joined by "or",
    fill in its ``sentence``)."""

    def json_schema(self) -> dict[str, Any]:
        return {"oneOf": [{"type": "string", "pattern": ID_PATTERN},
                          id_list_schema("")], "description": self.description}

    def resolve(self, value: Any, at: Context) -> Any:
        return super().resolve([value] if isinstance(value, str) else value, at)


@dataclass(frozen=True)
class KindList(Param):
    """Kinds of pieces by id, each at most once; resolves to a tuple."""

    def json_schema(self) -> dict[str, Any]:
        return {**id_list_schema(self.description), "uniqueItems": True}

    def resolve(self, value: Any, at: Context) -> Any:
        for i, kind in enumerate(value):
            if kind not in at.build.components:
                at.build.fail((*at.path, i), N_("unknown kind '{name}'"), name=kind)
        return tuple(value)
