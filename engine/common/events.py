"""What an event says, declared where the event is made.

A mechanism (or the turn machine) declares each event it records: a code, a
general sentence (an English message id whose placeholders are the values
below) and, for each placeholder, which of the event's parameters it shows
and as what: a player, an area, a zone, a kind, pieces, a number and so on.
The terminal renders the values in the reader's language and uses the
ruleset's own narration for the action when it has one, else the sentence;
the ruleset check knows from the same declaration which placeholders a
narration may use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .shown import Value


@dataclass(frozen=True)
class EventType:
    """An event's code, its general sentence and what its placeholders show. ``count``
    names the parameter whose number picks the singular or plural form of a ruleset's
    own narration; ``detail``, that the event follows from others as a matter of course
    (a row topped up), so a short account of a turn leaves it out (the log keeps it);
    ``lost``, the sentence for a ``count`` below zero, which tells the number without its
    sign ("loses 9 points", not "scores -9 points")."""

    code: str
    sentence: str
    values: Mapping[str, Value] = field(default_factory=dict)
    count: str = ""
    detail: bool = False
    lost: str = ""


def by_code(*types: EventType) -> dict[str, EventType]:
    return {event.code: event for event in types}
