"""Walking a loaded document: every path into it, and the value at one (for tests that
change data files at random)."""

from __future__ import annotations

from typing import Any, Iterator


def paths_in(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into ``value``, itself (``()``) first, mappings' keys and lists' indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_in(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_in(item, (*path, index))


def value_at(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value
