"""The translatable strings of a rules file (a ruleset or a variant), in file order.

The names, texts, terms, narration and labels a game shows are English in its rules file;
these are the strings its own catalogs translate (``gamecatalog``; ``catalogs`` writes them).
So are the symbols of its kinds, as a grid shows them ('R' for a red disc), each kind's own
(a generator's, as it makes them: 'r3').
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from regelwerk.engine.common.errors import DataError
from regelwerk.engine.compiler.generators import expand_components
from regelwerk.engine.data.yamlload import Document, load_yaml

#: keys whose values are translatable wherever they appear
TRANSLATABLE = frozenset({"title", "subtitle", "description", "name", "text", "reason"})
#: mappings all of whose values are translatable
TERMS = frozenset({"terms", "narration", "labels", "headings", "reasons"})
#: mappings that hold no words at all, whatever their keys (``rulebook.mentions`` names
#: settings by their paths, and ``description`` is one of them)
NO_WORDS = frozenset({"mentions"})


@dataclass(frozen=True)
class GameString:
    message: str | tuple[str, str]  # a text, or a [singular, plural] pair
    line: int
    where: str  # its path in the document, e.g. components.lion.name


def game_strings(path: Path) -> Iterator[GameString]:
    document = load_yaml(path)
    yield from _walk(document, document.data, (), in_terms=False)
    yield from _symbols(document)


def _symbols(document: Document) -> Iterator[GameString]:
    """Each kind's symbol, once the generators have made theirs, in a game that has a grid
    to show them in (elsewhere no one sees them)."""
    data = document.data if isinstance(document.data, dict) else {}
    components, zones = data.get("components"), data.get("zones")
    if not isinstance(components, dict) or not all(isinstance(spec, dict)
                                                   for spec in components.values()):
        return
    if not isinstance(zones, dict) or not any(isinstance(zone, dict) and "grid" in zone
                                              for zone in zones.values()):
        return
    try:
        expanded = expand_components(document)
    except DataError:
        return  # the rules' own check tells the mistake
    for kind, spec in expanded.data["components"].items():
        if isinstance(spec.get("symbol"), str):
            path = ("components", kind, "symbol")
            yield GameString(spec["symbol"], expanded.locate(path).line, ".".join(path))


def _walk(document: Document, value: Any, path: tuple, in_terms: bool
          ) -> Iterator[GameString]:
    if isinstance(value, dict):
        for key, item in value.items():
            child = (*path, key)
            if key in NO_WORDS:
                continue
            if in_terms and path[-1:] == ("reasons",) and isinstance(item, list):
                for index, clause in enumerate(item):  # a clause for each alternative
                    yield from _strings(document, clause, (*child, index))
            elif in_terms or key in TRANSLATABLE:
                yield from _strings(document, item, child)
            else:
                yield from _walk(document, item, child, in_terms=key in TERMS)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(document, item, (*path, index), in_terms=False)


def _strings(document: Document, value: Any, path: tuple) -> Iterator[GameString]:
    line = document.locate(path).line
    where = ".".join(map(str, path))
    if isinstance(value, str):
        yield GameString(value, line, where)
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        yield GameString((value[0], value[1]), line, where)


def data_strings(value: Any, in_terms: bool = False) -> Iterator[str]:
    """The English texts of loaded rules data (each pair's singular), for telling which
    game's catalogs a copy of it was made from."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in NO_WORDS:
                continue
            if in_terms or key in TRANSLATABLE:
                if isinstance(item, str):
                    yield item
                elif isinstance(item, list) and item and isinstance(item[0], str):
                    yield item[0]
            else:
                yield from data_strings(item, key in TERMS)
    elif isinstance(value, list):
        for item in value:
            yield from data_strings(item)

