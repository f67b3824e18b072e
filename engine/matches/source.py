"""Rules as data: the texts of a ruleset file and of a variant file.

Workers, in another process or on another machine, compile the rules from these texts
themselves; no compiled ruleset is ever pickled, and a worker needs no copy of the files.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..compiler.loading import load_ruleset_text
from ..data.safefile import read_bounded
from ..data.shipped import resolve
from ..data.yamlload import MAX_BYTES, load_yaml
from ..model.ruleset import Ruleset


@dataclass(frozen=True)
class RuleSource:
    """A ruleset's text, and the text of a variant of it (None for the base game)."""

    ruleset: str
    ruleset_file: str
    variant: str | None = None
    variant_file: str = ""

    @classmethod
    def of(cls, rules: Ruleset) -> RuleSource:
        """The texts a loaded ruleset was read from (a variant's and its base's)."""
        text = _read(rules.source)
        if rules.variant is None:
            return cls(text, rules.source.name)
        base = resolve(load_yaml(rules.source).data["base"], rules.source.parent)
        return cls(_read(base), base.name, text, rules.source.name)

    @property
    def key(self) -> str:
        """Names these texts: equal keys, equal rules."""
        digest = hashlib.sha256()
        for part in (self.ruleset, "\0", self.variant or "", "\0"):
            digest.update(part.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def load(self) -> Ruleset:
        """The compiled rules; compiled once per process and kept."""
        return _compiled(self)


@lru_cache(maxsize=16)
def _compiled(source: RuleSource) -> Ruleset:
    return load_ruleset_text(source.ruleset, source.ruleset_file, source.variant,
                             source.variant_file)


def _read(path: Path) -> str:
    return read_bounded(path, MAX_BYTES).decode("utf-8")
