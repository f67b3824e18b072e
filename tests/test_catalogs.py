"""The program's five catalogs are complete, consistent with the sources, and in use."""

from __future__ import annotations

import re
import shutil
import subprocess
from configparser import ConfigParser
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from regelwerk.locales import LANGUAGES, catalog_path

ROOT = Path(__file__).parent.parent
#: a placeholder's name: its form (``{zone:Def}``, ``{zone:de+def}``) is the language's own
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}:]*)(?::[^{}]*)?\}(?!\})")
KEYWORDS = {**DEFAULT_KEYWORDS, "say": None, "NN_": (1, 2)}


def _catalog(language: str):
    with catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def _entries(catalog):
    return [m for m in catalog if m.id]


def _key(message) -> tuple:
    ids = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, ids


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_not_fuzzy(language):
    gaps = [m.id for m in _entries(_catalog(language))
            if m.fuzzy or not (m.string if isinstance(m.string, str) else all(m.string))]
    assert not gaps, f"{language}: {len(gaps)} untranslated or fuzzy, e.g. {gaps[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_match_the_source(language):
    wrong = []
    for message in _entries(_catalog(language)):
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        allowed = {frozenset(PLACEHOLDER.findall(i)) for i in ids}
        for string in strings:
            if frozenset(PLACEHOLDER.findall(string)) not in allowed:
                wrong.append((message.id, string))
    assert not wrong, f"{language}: placeholders differ: {wrong[:5]}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")
@pytest.mark.parametrize("path", [*map(catalog_path, LANGUAGES),
                                  *sorted(ROOT.glob("rules/*/locales/*.po"))],
                         ids=lambda path: f"{path.parent.parent.name}/{path.stem}")
def test_gnu_msgfmt_check_accepts_the_catalog(path):
    """``msgfmt -c`` reads a grammar form (``{zone:def}``) as a broken directive: a
    translation may use one only where the English gives that placeholder a form too."""
    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(path)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def _extracted() -> set[tuple]:
    config = ConfigParser()
    config.read(ROOT / "babel.cfg")
    method_map = [(pattern.split(":", 1)[1].strip(), pattern.split(":", 1)[0])
                  for pattern in config.sections()]
    found = set()
    for _filename, _lineno, message, _comments, context in extract_from_dir(
            ROOT, method_map=method_map, keywords=KEYWORDS):
        found.add((context, message if isinstance(message, str) else message[0]))
    return found


@pytest.fixture(scope="module")
def extracted():
    return _extracted()


def test_extraction_finds_the_programs_strings_and_no_games(extracted):
    """A game's strings live in its own catalogs (tests/test_game_catalogs.py)."""
    assert (None, "Show this message and exit.") in extracted
    assert not {context for context, _ in extracted} - {None}
    assert len(extracted) > 300


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_holds_every_extracted_string(language, extracted):
    have = {_key(m) for m in _entries(_catalog(language))}
    missing = sorted(extracted - have, key=str)
    assert not missing, f"{language}: the catalog lacks {len(missing)} strings: {missing[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalog_has_no_stale_strings(language, extracted):
    stale = sorted({_key(m) for m in _entries(_catalog(language))} - extracted, key=str)
    assert not stale, f"{language}: strings no longer in the sources: {stale[:5]}"
