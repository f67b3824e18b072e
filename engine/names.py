"""Players' names: typed by people, read back from saves, shown to everyone at the table."""

from __future__ import annotations

from collections.abc import Iterable

from .cleantext import character_name, first_unsafe, name_key
from .errors import N_, Phrase

#: long enough for any name, short enough for a table's column
MAX_NAME_LENGTH = 24


def name_problem(name: str) -> Phrase | None:
    """Why ``name`` cannot be a player's name, or None."""
    if not name.strip():
        return Phrase(N_("a player's name cannot be empty"))
    if len(name) > MAX_NAME_LENGTH:
        return Phrase(N_("a player's name has at most {limit} characters"),
                      {"limit": MAX_NAME_LENGTH})
    index = first_unsafe(name, allow_breaks=False)
    if index is not None:
        return Phrase(N_("a player's name cannot hold a control or invisible character ({character})"),
                      {"character": character_name(name[index])})
    return None


def names_problem(names: Iterable[str]) -> Phrase | None:
    """Why these names cannot sit at one table: one is unfit, or two look alike."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
        key = name_key(name)
        if key in seen:
            return Phrase(N_("every player needs a different name: '{name}' and '{other}' are "
                             "too alike"), {"name": name, "other": seen[key]})
        seen[key] = name
    return None
