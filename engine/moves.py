"""Moves (decisions a player makes) and events (what happened, for narration)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .content import Group


class Move(NamedTuple):
    """One decision. Which fields an action uses is up to its mechanism.

    Moves are tuples so that equality and hashing are cheap: legal-move
    generation creates many of them.
    """

    action: str
    area: str | None = None
    kind: str | None = None
    group: Group | None = None
    zone: str | None = None  # a zone chosen, e.g. the stack drawn from
    cell: tuple[int, int] | None = None  # (row, column) in a grid zone, from 1
    player: str | None = None  # another player aimed at
    shift: str | None = None  # "left" or "right": pieces pushed aside along a row


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: a stable code plus parameters, rendered later.

    ``action`` names the action whose move caused it; automatic events (a
    refill, the end of the game) have none.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)
    action: str | None = None
