"""Every shipped data file reads the same with libyaml and with PyYAML's own parser,
since PyYAML may be installed without libyaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from regelwerk.engine.data import yamlload

ROOT = Path(__file__).parent.parent
FILES = sorted([*ROOT.glob("rules/**/*.yaml"), *ROOT.glob("tests/scenarios/**/*.yaml")])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_both_parsers_read_the_same(path, monkeypatch):
    with_libyaml = yamlload.load_yaml(path)
    monkeypatch.setattr(yamlload, "_Loader", yaml.SafeLoader)
    monkeypatch.setattr(yamlload, "_READER_COUNTS_BYTES", False)
    pure = yamlload.load_yaml(path)
    assert pure.data == with_libyaml.data
    assert pure.positions == with_libyaml.positions
