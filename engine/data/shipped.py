"""The shipped rulesets and variants are checked against their schemas once, not on every load.

Validating a document with jsonschema costs far more than reading and compiling
it (importing jsonschema and checking the schema itself alone take longer than
the rest of a load), and the files that come with regelwerk do not change
between loads. ``rules/checked.json`` records, for each shipped file, a digest
of its bytes (a variant's together with its base's) and of the schemas it was
checked against; a test checks every shipped file in full and keeps the record
current (``compiler/shippedrecord.py`` writes it). A load skips
the schema only for a file inside the installed rules folder whose digest is the
one recorded: an edited shipped file, or any file elsewhere, is validated in
full, with every located error. Compiling and the soundness checks run on every
load all the same. The games' own catalogs are recorded the same way, in
``rules/checked-catalogs.json`` (``locales/gamecatalog.py`` reads and writes it).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from functools import cache
from importlib.resources import files
from pathlib import Path

from .yamlload import Document

RULES_PACKAGE = "regelwerk.rules"


def rules_root() -> Path:
    return Path(str(files(RULES_PACKAGE)))


def shipped_games() -> list[str]:
    """The ids of the rulesets that come with regelwerk."""
    return sorted(p.name for p in rules_root().iterdir()
                  if (p / f"{p.name}.yaml").is_file())


def shipped_variants(game: str) -> list[Path]:
    folder = rules_root() / game / "variants"
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def is_name(text: str) -> bool:
    """Whether ``text`` is written as the name of a shipped game or variant, not as a path."""
    return "/" not in text and "\\" not in text and not text.endswith((".yaml", ".yml"))


def resolve(source: str | Path, relative_to: Path | None = None) -> Path:
    """A ruleset id, or a path (relative to ``relative_to`` when given)."""
    text = str(source)
    if is_name(text):
        path = rules_root() / text / f"{text}.yaml"
        if os.path.isfile(path):  # never raises: a name too long for the system is no game
            return path
    path = Path(text)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    return path


RECORD = "checked.json"
CATALOGS_RECORD = "checked-catalogs.json"
_SCHEMAS = ("ruleset", "variant")


def digest(*documents: Document) -> str:
    """The digest a checked file is recorded by: its bytes (and its base's), and the
    schemas they were validated against."""
    return _combined(document.digest for document in documents)


def _combined(digests: Iterable[str]) -> str:
    whole = hashlib.sha256(_schemas_digest().encode())
    for part in digests:
        whole.update(part.encode())
    return whole.hexdigest()


def file_digest(raw: bytes) -> str:
    """The digest a checked file other than a ruleset (a catalog) is recorded by."""
    return _combined([hashlib.sha256(raw).hexdigest()])


def is_checked(path: Path, *documents: Document) -> bool:
    """Whether the shipped file at ``path`` (read as ``documents``: the file, then the base
    of a variant) is the one the record vouches for."""
    key = _shipped_key(path)
    return key is not None and _record(RECORD).get(key) == digest(*documents)


def is_checked_file(path: Path, raw: bytes) -> bool:
    """Whether the shipped catalog at ``path``, read as ``raw``, is the one recorded."""
    key = _shipped_key(path)
    return key is not None and _record(CATALOGS_RECORD).get(key) == file_digest(raw)


def is_recorded(path: Path) -> bool:
    """Whether the record vouches for some version of the file at ``path``."""
    key = _shipped_key(path)
    return key is not None and key in _record(RECORD)


def _shipped_key(path: Path) -> str | None:
    """The path of a file inside the installed rules folder, relative to it; else None."""
    real = os.path.realpath(path)
    root = os.path.realpath(rules_root())
    if os.path.commonpath((real, root)) != root:
        return None
    return Path(os.path.relpath(real, root)).as_posix()


@cache
def _schemas_digest() -> str:
    whole = hashlib.sha256()
    for name in _SCHEMAS:
        whole.update(files("regelwerk.schemas").joinpath(f"{name}.schema.json").read_bytes())
    return whole.hexdigest()


@cache
def _record(name: str) -> dict[str, str]:
    try:
        recorded = json.loads((rules_root() / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}
