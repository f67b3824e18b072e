"""Moves (decisions a player makes) and events (what happened, for narration)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

Parts = tuple[tuple[str, Any], ...]


class Move(NamedTuple):
    """One decision: an action and its parts by name, e.g. ``area`` and ``group``.

    Which parts a move has is declared by its action's mechanism (see
    ``play.parts``). ``parts`` holds ``(name, value)`` pairs sorted by
    name, with absent parts left out, so that two moves denoting the same
    decision are equal; build moves with :meth:`of` unless the pairs are
    already in that form (hot paths). Moves are tuples so that equality and
    hashing are cheap: legal-move generation creates many of them.
    """

    action: str
    parts: Parts = ()

    @classmethod
    def of(cls, action: str, **parts: Any) -> Move:
        return cls(action, tuple(sorted((k, v) for k, v in parts.items() if v is not None)))

    def get(self, name: str) -> Any:
        """The value of the part ``name``, or None when the move has no such part."""
        for key, value in self.parts:
            if key == name:
                return value
        return None

    def replace(self, **parts: Any) -> Move:
        """The same move with some parts changed (None removes a part)."""
        return Move.of(self.action, **{**dict(self.parts), **parts})


@dataclass(slots=True)
class Event:
    """Something that happened: a stable code plus parameters, rendered later.

    ``action`` names the action whose move caused it; automatic events (a
    refill, the end of the game) have none, and ``element`` names where the
    element that made one is written, where the game may tell it in its own words:
    a step after a turn or round (``turn.after.refill``), a phase passed over
    (``turn.phases.take``), the scoring of a line (``scoring.LINE``). Not changed once
    told, but not a frozen dataclass: every move makes a few, and a frozen one sets each
    field through ``object.__setattr__`` (a call per field).
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    action: str | None = None
    element: str | None = None
