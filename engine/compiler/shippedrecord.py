"""Writing the record of the shipped files a test validated in full (``rules/checked.json``;
``data/shipped.py`` reads it on every load)."""

from __future__ import annotations

import json

from ..data.shipped import RECORD, digest, rules_root, shipped_games, shipped_variants
from ..data.yamlload import load_yaml
from .loading import validated_variant
from .schemas import validate


def checked_record() -> dict[str, str]:
    """Validate every shipped ruleset and variant in full (raising the first error) and
    give the record that vouches for them."""
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
    path = rules_root() / name
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def main() -> None:
    write_record(RECORD, checked_record())


if __name__ == "__main__":
    main()
