"""Variants written for a test: a few changes to a ruleset, loaded as a user's file."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, Ruleset, load_ruleset


def load_variant(folder: Path, base: Path, changes: str) -> Ruleset:
    """The variant of ``base`` with ``changes`` (YAML, indented under ``changes:``)."""
    path = folder / "variant.yaml"
    path.write_text(f"format: 1\nvariant: test\nbase: {base}\nchanges:\n{changes}",
                    encoding="utf-8")
    return load_ruleset(path)


def refusal(folder: Path, base: Path, changes: str) -> DataError:
    """The error a variant with ``changes`` is refused with (the test fails if it loads)."""
    with pytest.raises(DataError) as refused:
        load_variant(folder, base, changes)
    return refused.value


def said(error: DataError) -> str:
    """An error's message with its values filled in (in English)."""
    return error.message.format(**error.params)
