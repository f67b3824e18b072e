"""Shared fixtures: the shipped rules, and a CLI runner."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from regelwerk.engine import load_ruleset
from regelwerk.engine.data.shipped import rules_root

from inlanguage import LanguageProcesses

# In CI, property tests draw the same examples on every run, so that a result does not
# depend on luck; locally they keep exploring.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

TESTS = Path(__file__).parent
OKAVANGO_FILE = rules_root() / "okavango" / "okavango.yaml"


@pytest.fixture(autouse=True, scope="session")
def own_folders(tmp_path_factory):
    """Saved games and cached catalogs go to a temporary home, not the user's."""
    home = tmp_path_factory.mktemp("home")
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_DATA_HOME", str(home / "data"))
    patch.setenv("XDG_CACHE_HOME", str(home / "cache"))
    yield
    patch.undo()


@pytest.fixture(scope="session")
def in_language():
    """Call a test module's function in a process of a language's own (``inlanguage``):
    ``in_language(language, module, function, *arguments)``."""
    processes = LanguageProcesses()
    yield processes.call
    processes.close()


@pytest.fixture(scope="session")
def okavango():
    return load_ruleset("okavango")


@pytest.fixture
def cli():
    """Invoke ``regelwerk`` in-process; returns (exit code, stdout, stderr)."""
    from regelwerk.cli.main import app

    runner = CliRunner()

    def invoke(*args: str):
        result = runner.invoke(app, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    return invoke


@pytest.fixture
def okavango_file() -> Path:
    return OKAVANGO_FILE


@pytest.fixture
def ruleset_text() -> str:
    return OKAVANGO_FILE.read_text(encoding="utf-8")


#: a small game of the tests that uses mechanisms no shipped game needs all of
COLLECT_FILE = TESTS / "rulesets" / "collect.yaml"


@pytest.fixture
def collect_refused(tmp_path):
    """The DataError that a copy of the small test game raises with each (old, new) of
    ``changes`` replaced once (each ``old`` must be in it)."""
    from regelwerk.engine import DataError

    def refused(*changes: tuple[str, str]) -> DataError:
        source = COLLECT_FILE.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in source, old
            source = source.replace(old, new, 1)
        path = tmp_path / "changed.yaml"
        path.write_text(source, encoding="utf-8")
        with pytest.raises(DataError) as caught:
            load_ruleset(path)
        return caught.value

    return refused
