"""Finding, reading, validating and compiling rulesets and their variants.

A variant names its base and lists only its changes; they are merged into the
base by key (``null`` removes a key), and the result is validated and compiled
like any ruleset. Errors point into whichever file the value came from.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from ..common.errors import N_, DataError, Location
from ..data.shipped import is_checked, is_recorded, resolve, rules_root
from ..data.yamlload import Document, load_yaml, load_yaml_text
from ..model.ruleset import Ruleset
from .compile import compile_ruleset
from .schemas import validate
from .trial import trial_games, trial_setup, unfillable_areas


def load_game(game: str | None, variant: str | Path | None = None) -> Ruleset:
    """A game by id or file, with a variant given by file or by the name of a shipped one."""
    source = variant if variant is not None else game
    if source is None:
        raise ValueError("a game or a variant is needed")
    if variant is not None and game is not None and not os.path.isfile(variant):
        shipped = rules_root() / game / "variants" / f"{variant}.yaml"
        if os.path.isfile(shipped):
            source = shipped
    return load_ruleset(source)


def variant_reference(rules: Ruleset) -> str | None:
    """How a saved game names its variant: a shipped variant by name, others by path."""
    if rules.variant is None:
        return None
    try:
        _real(rules.source).relative_to(_real(rules_root()))
    except ValueError:
        return str(_real(rules.source))
    return rules.source.stem


def load_ruleset(source: str | Path, relative_to: Path | None = None) -> Ruleset:
    """Load a shipped ruleset by id, or a ruleset or variant file by path."""
    return _loaded(source, relative_to)[0]


def validated_ruleset(source: str | Path) -> tuple[Ruleset, list[DataError]]:
    """Load a ruleset as ``load_ruleset`` does, then play random trial games with it (a
    few seconds at most; not for a shipped file as a test checked it): a mechanism failing
    in one is a located error; what they make doubtful (an end that never came), warnings."""
    rules, checked = _loaded(source, None)
    return rules, [] if checked else [*unfillable_areas(rules), *trial_games(rules)]


def _loaded(source: str | Path, relative_to: Path | None) -> tuple[Ruleset, bool]:
    """The ruleset, and whether it is a shipped file as a test checked it in full."""
    path = resolve(source, relative_to)
    document = load_yaml(path, display_name=_display(path))
    if isinstance(document.data, dict) and "base" in document.data:
        rules, checked = _load_variant(document, path)
    else:
        checked = is_checked(path, document)
        if not checked:  # a shipped file as a test checked it: no schema
            validate(document, "ruleset")
        rules = compile_ruleset(document, source=path)
    if not checked:  # nor a trial: the test that checked it set it up too
        trial_setup(rules)
    return rules, checked


def _display(path: Path) -> str:
    """Shipped files are shown relative to the rules folder, others as given."""
    try:
        return str(Path("rules") / _real(path).relative_to(_real(rules_root())))
    except ValueError:
        return str(path)


def _load_variant(variant: Document, path: Path) -> tuple[Ruleset, bool]:
    """The variant's ruleset, and whether a test checked it (a shipped variant)."""
    base = _checked_base(variant, path)
    if base is None:
        _, merged = validated_variant(variant, path)
    else:  # a shipped variant and its base as a test checked them: no schema
        merged = MergedDocument.of(base, variant)
    return _compiled_variant(merged, variant, path), base is not None


def _compiled_variant(merged: MergedDocument, variant: Document, path: Path) -> Ruleset:
    return compile_ruleset(merged, variant=variant.data["variant"],
                           variant_title=variant.data.get("title"), source=path)


def load_ruleset_text(ruleset: str, file: str, variant: str | None = None,
                      variant_file: str = "") -> Ruleset:
    """A ruleset, and a variant of it, from their texts: how rules travel as data to
    another process or machine (the variant's ``base`` is not looked up; ``ruleset`` is
    its base). ``file`` and ``variant_file`` name the texts in errors."""
    base = load_yaml_text(ruleset, file)
    validate(base, "ruleset")
    if variant is None:
        return compile_ruleset(base, source=Path(file))
    document = load_yaml_text(variant, variant_file)
    validate(document, "variant")
    _keeps_the_game(document)
    merged = MergedDocument.of(base, document)
    validate(merged, "ruleset")
    return _compiled_variant(merged, document, Path(variant_file))


def validated_variant(variant: Document, path: Path) -> tuple[Document, MergedDocument]:
    """The variant's base and the two merged, each validated against its schema."""
    validate(variant, "variant")
    _keeps_the_game(variant)
    base = _read_base(variant, path)
    validate(base, "ruleset")
    merged = MergedDocument.of(base, variant)
    validate(merged, "ruleset")
    return base, merged


def _keeps_the_game(variant: Document) -> None:
    """A variant is of its base's game: its id (how saves, commands and catalogs know the
    game) is the base's, so changing it would make the variant another game."""
    if "id" in variant.data["changes"]:
        raise DataError(variant.locate(("changes", "id")),
                        N_("a variant cannot change the game's id: it stays a variant of its "
                           "base game"))


def _read_base(variant: Document, path: Path) -> Document:
    base_path = resolve(variant.data["base"], path.parent)
    if _real(base_path) == _real(path):
        raise DataError(variant.locate(("base",)), N_("a variant cannot be based on itself"))
    if not base_path.is_file():
        raise DataError(variant.locate(("base",)),
                        N_("unknown base ruleset '{name}'"), {"name": variant.data["base"]})
    base = load_yaml(base_path, display_name=_display(base_path))
    if isinstance(base.data, dict) and "base" in base.data:
        raise DataError(variant.locate(("base",)), N_("a variant must be based on a ruleset, "
                                                      "not on another variant"))
    return base


def _checked_base(variant: Document, path: Path) -> Document | None:
    """The base of a shipped variant when both are the files a test checked; else None
    (and the variant is validated in full, its errors in their usual order)."""
    if not is_recorded(path) or not isinstance(variant.data, dict) \
            or not isinstance(variant.data.get("base"), str):
        return None
    try:
        base = _read_base(variant, path)
    except DataError:
        return None
    return base if is_checked(path, variant, base) else None


def _is_value(path: tuple) -> bool:
    """Mappings a variant replaces whole: a points table is one value (an entry the
    variant leaves out must not survive from the base)."""
    return len(path) == 3 and path[0] == "areas" and path[2] == "points"


@dataclass
class MergedDocument:
    """A base document with a variant's changes applied, locating values in either file."""

    data: Any
    base: Document
    variant: Document
    file: str = ""
    overridden: set[tuple] = field(default_factory=set)

    @classmethod
    def of(cls, base: Document, variant: Document) -> MergedDocument:
        merged = cls(None, base, variant, variant.file)
        merged.data = merged._merge(base.data, variant.data.get("changes", {}), ())
        return merged

    def _merge(self, base: Any, change: Any, path: tuple) -> Any:
        if isinstance(base, dict) and isinstance(change, dict) and not _is_value(path):
            result = dict(base)
            for key, value in change.items():
                if value is None:
                    result.pop(key, None)
                elif key in base:
                    result[key] = self._merge(base[key], value, (*path, key))
                else:
                    result[key] = value
                    self.overridden.add((*path, key))
            return result
        self.overridden.add(path)
        return change

    def _source(self, path: Sequence[str | int]) -> tuple[Document, tuple]:
        path = tuple(path)
        for i in range(len(path), -1, -1):
            if path[:i] in self.overridden:
                return self.variant, ("changes", *path)
        return self.base, path

    def locate(self, path: Sequence[str | int]) -> Location:
        document, inner = self._source(path)
        return self._located(document, document.locate(inner), path)

    def key_location(self, path: Sequence[str | int]) -> Location:
        document, inner = self._source(path)
        return self._located(document, document.key_location(inner), path)

    def _located(self, document: Document, found: Location, path: Sequence[str | int]
                 ) -> Location:
        """A place in either file; one in the base names the variant it was read with."""
        via = self.variant.file if document is self.base else ""
        return Location(found.file, found.line, found.column, tuple(path), via)

    def value_place(self, path: Sequence[str | int], offset: int = 0) -> tuple[int, int]:
        document, inner = self._source(path)
        return document.value_place(inner, offset)


def _real(path: Path) -> Path:
    """The path with symbolic links followed, as far as they lead (a loop is not an error here:
    reading the file reports it)."""
    return Path(os.path.realpath(path))
