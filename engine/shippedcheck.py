"""The shipped rulesets and variants are checked against their schemas once, not on every load.

Validating a document with jsonschema costs far more than reading and compiling
it (importing jsonschema and checking the schema itself alone take longer than
the rest of a load), and the files that come with regelwerk do not change
between loads. ``rules/checked.json`` records, for each shipped file, a digest
of its bytes (a variant's together with its base's) and of the schemas it was
checked against; a test checks every shipped file in full and keeps the record
current (``python -m regelwerk.engine.shippedcheck`` rewrites it). A load skips
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
from pathlib import Path

from .yamlload import Document

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
    from .loading import rules_root

    real = os.path.realpath(path)
    root = os.path.realpath(rules_root())
    if os.path.commonpath((real, root)) != root:
        return None
    return Path(os.path.relpath(real, root)).as_posix()


@cache
def _schemas_digest() -> str:
    from importlib.resources import files

    whole = hashlib.sha256()
    for name in _SCHEMAS:
        whole.update(files("regelwerk.schemas").joinpath(f"{name}.schema.json").read_bytes())
    return whole.hexdigest()


@cache
def _record(name: str) -> dict[str, str]:
    from .loading import rules_root

    try:
        recorded = json.loads((rules_root() / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def checked_record() -> dict[str, str]:
    """Validate every shipped ruleset and variant in full (raising the first error) and
    give the record that vouches for them."""
    from .loading import rules_root, shipped_games, shipped_variants, validated_variant
    from .schema import validate
    from .yamlload import load_yaml

    root = rules_root()
    record = {}
    for game in shipped_games():
        path = root / game / f"{game}.yaml"
        ruleset = load_yaml(path)
        validate(ruleset, "ruleset")
        record[path.relative_to(root).as_posix()] = digest(ruleset)
        for variant_path in shipped_variants(game):
            variant = load_yaml(variant_path)
            base, _ = validated_variant(variant, variant_path)
            record[variant_path.relative_to(root).as_posix()] = digest(variant, base)
    return record


def write_record(name: str, record: dict[str, str]) -> None:
    from .loading import rules_root

    path = rules_root() / name
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def main() -> None:
    write_record(RECORD, checked_record())


if __name__ == "__main__":
    main()
