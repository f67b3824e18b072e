"""Help is answered before Typer is imported, from screens written from the Typer app.

``regelwerk --help`` must cost little more than Python's start: the command
line that asks only for help is read by ``cli/launch.py`` and drawn from
``cli/helpdata.py``. These tests hold the written screens to the app, the
quick answer to the one Typer gives, and the quick path to its imports.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from regelwerk.cli import helpdata
from regelwerk.cli.launch import help_asked
from regelwerk.locales import LANGUAGES

SCREENS = sorted(helpdata.SCREENS)

TYPER = """
import json, sys
from typer.testing import CliRunner
from regelwerk.cli.main import app

print(json.dumps([CliRunner().invoke(app, [*path, "--help"], prog_name="regelwerk").output
                  for path in json.loads(sys.argv[1])]))
"""


def _env(language: str) -> dict[str, str]:
    return {**os.environ, "LANGUAGE": language, "NO_COLOR": "1", "COLUMNS": "90"}


def test_the_written_screens_are_those_of_the_app():
    """Rewrite them with `LANGUAGE=en python -m regelwerk.cli.helpgen` after changing a
    command."""
    written = subprocess.run(
        [sys.executable, "-c", "from regelwerk.cli.helpgen import written; "
                               "print(written(), end='')"],
        env=_env("en"), capture_output=True, text=True, check=True).stdout
    assert written == Path(helpdata.__file__).read_text(encoding="utf-8"), \
        "cli/helpdata.py is stale: run LANGUAGE=en python -m regelwerk.cli.helpgen"


@pytest.mark.parametrize("language", LANGUAGES)
def test_quick_help_is_what_typer_shows(language):
    typer_shows = json.loads(subprocess.run(
        [sys.executable, "-c", TYPER, json.dumps(SCREENS)], env=_env(language),
        capture_output=True, text=True, check=True).stdout)
    for path, expected in zip(SCREENS, typer_shows):
        quick = subprocess.run([sys.executable, "-m", "regelwerk.cli", *path, "--help"],
                               env=_env(language), capture_output=True, text=True)
        assert (quick.returncode, quick.stdout) == (0, expected), (language, path)


def test_quick_help_loads_neither_typer_nor_the_engine():
    heavy = ("typer", "click", "rich", "babel", "yaml", "jsonschema", "regelwerk.engine",
             "regelwerk.cli.main")
    probe = ("import sys\n"
             "from regelwerk.cli.launch import quick_help\n"
             "assert quick_help(sys.argv[1:]) == 0\n"
             f"print(sorted(m for m in sys.modules if m.startswith({heavy!r})))")
    for words in (["--help"], ["--lang", "fr", "play", "--help"], ["rules", "show", "--help"]):
        # the first start in a language compiles its catalog into the cache (with Babel)
        subprocess.run([sys.executable, "-c", probe, *words], env=_env("nl"), check=True,
                       capture_output=True)
        loaded = subprocess.run([sys.executable, "-c", probe, *words], env=_env("nl"),
                                capture_output=True, text=True, check=True).stdout
        assert loaded.splitlines()[-1] == "[]", (words, loaded)


@pytest.mark.parametrize(("words", "asked"), [
    ([], ((), 2)),
    (["--help"], ((), 0)),
    (["rules"], (("rules",), 2)),
    (["--lang", "fr", "rules"], (("rules",), 2)),
    (["--lang=de", "rules", "show", "--help"], (("rules", "show"), 0)),
    (["play", "--lang", "es", "--help"], (("play",), 0)),
    (["--lang", "xx", "--help"], None),  # the command refuses the language, in words
    (["--lang", "fr"], ((), 2)),  # a missing command: the program's help, as with no words
    (["play", "okavango", "--help"], None),
    (["play", "--help", "okavango"], None),
    # the language of the messages, anywhere on the line and in either order with --help
    (["rules", "schema", "--lang", "fr", "--help"], (("rules", "schema"), 0)),
    (["rules", "--help", "--lang", "en"], (("rules",), 0)),
    (["plya", "--help"], None),
])
def test_which_command_lines_ask_only_for_help(words, asked):
    assert help_asked(words, helpdata.SCREENS) == asked
