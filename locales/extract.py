"""A Babel extractor for the translatable strings inside rules YAML files.

Registered as ``regelwerk_rules`` (entry point group ``babel.extractors``), so
``pybabel extract -F babel.cfg`` finds the names and texts of every shipped
game next to the program's own messages. Strings are extracted with the
game's id as message context, since one English word may need different
translations in two games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO, Collection, Iterator, Mapping

from regelwerk.engine.yamlload import Document, load_yaml_text

#: keys whose values are translatable wherever they appear
TRANSLATABLE = frozenset({"title", "subtitle", "description", "name", "text"})
#: mappings all of whose values are translatable
TERMS = frozenset({"terms", "narration", "labels"})

Extracted = tuple[int, str, tuple[str, ...], list[str]]


def extract_rules(fileobj: BinaryIO, keywords: Collection[str], comment_tags: Collection[str],
                  options: Mapping[str, Any]) -> Iterator[Extracted]:
    document = load_yaml_text(fileobj.read(), getattr(fileobj, "name", "<rules>"))
    context = game_context(document.data, Path(getattr(fileobj, "name", ".")))
    if context is None:
        return
    yield from _walk(document, document.data, (), context, in_terms=False)


def game_context(data: Any, path: Path) -> str | None:
    """The id of the game a ruleset or variant file belongs to."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("id"), str):
        game: str = data["id"]
        return game
    base = data.get("base")
    if not isinstance(base, str):
        return None
    base_file = path.parent / base
    if base_file.is_file():
        return game_context(load_yaml_text(base_file.read_bytes(), str(base_file)).data,
                            base_file)
    return base


def _walk(document: Document, value: Any, path: tuple, context: str,
          in_terms: bool) -> Iterator[Extracted]:
    if isinstance(value, dict):
        for key, item in value.items():
            child = (*path, key)
            if in_terms or key in TRANSLATABLE:
                yield from _strings(document, item, child, context)
            else:
                yield from _walk(document, item, child, context, in_terms=key in TERMS)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _walk(document, item, (*path, index), context, in_terms=False)


def _strings(document: Document, value: Any, path: tuple, context: str) -> Iterator[Extracted]:
    line = document.locate(path).line
    comment = [".".join(map(str, path))]
    if isinstance(value, str):
        yield line, "pgettext", (context, value), comment
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value):
        yield line, "npgettext", (context, value[0], value[1]), comment
