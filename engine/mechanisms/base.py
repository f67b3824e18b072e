"""What every action and step mechanism offers the turn machine."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from ..errors import IllegalMove, N_
from ..moves import Event, Move
from ..notation import NotationError, format_group, parse_group
from ..state import GameState

if TYPE_CHECKING:
    from ..build import Builder
    from ..ruleset import Ruleset


class Sealed:
    """A part of a ruleset: configured while the ruleset is compiled (``__init__``,
    ``bind``), then sealed, so that a loaded ruleset cannot change under its games."""

    _sealed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed:
            raise FrozenInstanceError(f"cannot assign to field {name!r} of a loaded ruleset")
        object.__setattr__(self, name, value)

    def seal(self) -> None:
        object.__setattr__(self, "_sealed", True)


class ActionMechanism(Sealed):
    """A kind of decision. Subclasses generate, check and perform moves.

    ``roles`` are the Move fields the action uses; ``names`` maps each role to
    the key a ruleset wants in move notation (e.g. ``group`` shown as ``herd``).
    """

    roles: ClassVar[tuple[str, ...]] = ()
    optional_roles: ClassVar[frozenset[str]] = frozenset()
    #: how costly ``any_move`` is; the turn machine probes cheap actions first
    probe_cost: ClassVar[int] = 1

    def __init__(self, action_id: str, spec: Mapping[str, Any], build: Builder,
                 path: tuple) -> None:
        self.id = action_id
        names = spec.get("names", {})
        for role in names:
            if role not in self.roles:
                build.fail((*path, "names", role), N_("'{role}' is not a part of this action; "
                                                      "its parts are: {roles}"),
                           role=role, roles=", ".join(self.roles) or "-")
        self.names: dict[str, str] = {role: names.get(role, role) for role in self.roles}

    # -- rules -------------------------------------------------------------
    def moves(self, state: GameState) -> list[Move]:
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

    def gains(self, state: GameState, move: Move) -> dict[str, int] | None:
        """The pieces the move brings the player, when the action is about taking
        (so that a menu can say how many pieces of a kind, not just which kind)."""
        return None

    # -- notation ----------------------------------------------------------
    def parse(self, data: Mapping[str, Any], ruleset: Ruleset) -> Move:
        """The Move for notation such as ``{action: drink, area: x, herd: {...}}``."""
        known = {"action", *self.names.values()}
        for key in data:
            if key not in known:
                raise NotationError(N_("'{key}' is not a part of '{action}'; its parts are: "
                                       "{parts}"), {"key": key, "action": self.id,
                                                   "parts": ", ".join(sorted(known))}, (key,))
        fields: dict[str, Any] = {}
        for role, key in self.names.items():
            if key not in data:
                if role in self.optional_roles:
                    continue
                raise NotationError(N_("'{action}' needs '{key}'"),
                                    {"action": self.id, "key": key}, ())
            fields[role] = self.parse_role(role, data[key], data, ruleset, key)
        return Move(self.id, **fields)

    def parse_role(self, role: str, value: Any, data: Mapping[str, Any], ruleset: Ruleset,
                   key: str) -> Any:
        if role in ("area", "kind", "zone") and not isinstance(value, str):
            raise NotationError(N_("expected a name here, found {value}"), {"value": value},
                                (key,))
        if role == "area":
            if value not in ruleset.areas:
                raise NotationError(N_("unknown area '{name}'"), {"name": value}, (key,))
            return value
        if role == "kind":
            if value not in ruleset.components:
                raise NotationError(N_("unknown kind '{name}'"), {"name": value}, (key,))
            return value
        if role == "group":
            return parse_group(value, ruleset, False, (key,))
        if role == "zone":
            if value not in ruleset.zones:
                raise NotationError(N_("unknown zone '{name}'"), {"name": value}, (key,))
            return value
        if role == "cell":
            if not (isinstance(value, list) and len(value) == 2
                    and all(type(v) is int for v in value)):
                raise NotationError(N_("expected a cell as [row, column], found {value}"),
                                    {"value": value}, (key,))
            return (value[0], value[1])
        if role == "player":
            if not isinstance(value, str):
                raise NotationError(N_("expected a name here, found {value}"),
                                    {"value": value}, (key,))
            return value
        if role == "shift":
            if value not in ("left", "right"):
                raise NotationError(N_("expected left or right, found {value}"),
                                    {"value": value}, (key,))
            return value
        raise AssertionError(f"no notation for role {role}")

    def notation(self, move: Move) -> dict[str, Any]:
        data: dict[str, Any] = {"action": self.id}
        for role, key in self.names.items():
            value = getattr(move, role)
            if value is None:
                continue
            if role == "group":
                value = format_group(value)
            elif role == "cell":
                value = list(value)
            data[key] = value
        return data


class StepMechanism(Sealed):
    """Something that happens without a decision: setup steps and after-turn steps."""

    def __init__(self, spec: Mapping[str, Any], build: Builder, path: tuple) -> None:
        self.spec = spec

    def run(self, state: GameState, events: list[Event]) -> None:
        raise NotImplementedError

    def pieces_needed(self, ruleset: Ruleset, players: int) -> int:
        """How many pieces this step takes from the supply at most (for setup checks)."""
        return 0

    def bind(self, ruleset: Ruleset, build: Builder) -> None:
        """Derive read-only configuration from the whole ruleset (see ActionMechanism)."""

    def check_ruleset(self, ruleset: Ruleset, build: Builder) -> None:
        """Semantic checks that need the whole ruleset."""


def refuse(code: str, message: str, **params: Any) -> IllegalMove:
    return IllegalMove(code, message, params)
