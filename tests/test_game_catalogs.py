"""A game's translations travel with it: ``locales/<lang>.po`` beside its ruleset.

Every shipped game's catalogs are complete, current and sound; a user's game is translated
from its own folder; ``rules translations`` creates and updates them; and a catalog is
outside input, so every flaw in one is a located error when the game is loaded.
"""

from __future__ import annotations

import os

import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from regelwerk.engine import load_ruleset, shipped_games
from regelwerk.engine.data.shipped import rules_root, shipped_variants
from regelwerk.engine.common.templates import template_names
from regelwerk.engine.data.yamlload import MAX_BYTES
from regelwerk.locales import LANGUAGES, catalog_path, translations
from regelwerk.locales.catalogs import update_catalogs
from regelwerk.locales.extract import game_strings
from regelwerk.locales.gametext import GameText
from regelwerk.locales.gamecatalog import (GAME_LANGUAGES, catalog_file, game_catalog,
                                           language_plural_forms)

GAMES = shipped_games()


def _strings(game: str) -> set:
    """Every translatable string of a shipped game's ruleset and variants."""
    files = [rules_root() / game / f"{game}.yaml", *shipped_variants(game)]
    return {found.message for file in files for found in game_strings(file)}


def _entries(path: Path, language: str) -> list:
    with path.open("rb") as po:
        return [m for m in read_po(po, locale=language) if m.id]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", GAME_LANGUAGES)
def test_every_string_of_a_shipped_game_is_translated(game, language):
    catalog = game_catalog(load_ruleset(game), language)
    untranslated = [m for m in _strings(game)
                    if not (catalog.singular.get(m) if isinstance(m, str)
                            else all(catalog.plural.get(m, ())))]
    assert not untranslated, f"{game} {language}: untranslated: {untranslated[:5]}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", GAME_LANGUAGES)
def test_a_shipped_catalog_has_no_stale_entry_and_the_same_placeholders(game, language):
    strings = _strings(game)
    singulars = {m if isinstance(m, str) else m[0] for m in strings}
    path = catalog_file(rules_root() / game, language)
    for message in _entries(path, language):
        if message.context == "grammar":  # a name's grammar: tests/test_nouns.py
            continue
        assert message.context is None
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        assert (message.id if isinstance(message.id, str) else tuple(message.id)) in strings \
            or ids[0] in singulars, f"{path}: stale entry {message.id!r}"
        forms = [message.string] if isinstance(message.string, str) else message.string
        for form in forms:
            assert set(template_names(form)) in ({*template_names(i)} for i in ids), \
                (message.id, form)
    with path.open("rb") as po:
        header = read_po(po, locale=language).plural_forms
    assert header.replace(" ", "") == language_plural_forms(language).replace(" ", "")


@pytest.mark.parametrize("game", GAMES)
def test_the_command_keeps_every_translation_of_a_shipped_game(game, tmp_path):
    copy = tmp_path / game
    shutil.copytree(rules_root() / game, copy)
    before = {lang: game_catalog(load_ruleset(str(copy / f"{game}.yaml")), lang)
              for lang in GAME_LANGUAGES}
    reports = update_catalogs(str(copy / f"{game}.yaml"), GAME_LANGUAGES)
    assert not [r for r in reports if r.missing or r.removed]
    for language in GAME_LANGUAGES:
        after = game_catalog(load_ruleset(str(copy / f"{game}.yaml")), language)
        assert (after.singular, after.plural) == (before[language].singular,
                                                  before[language].plural)


def test_the_programs_catalogs_hold_no_game_strings():
    for language in LANGUAGES:
        with catalog_path(language).open("rb") as po:
            assert not [m.id for m in read_po(po, locale=language) if m.context], language


# -- a user's own game ------------------------------------------------------------------

GAME = """\
format: 1
id: colours
title: Colours
players: {min: 2, max: 2}
components:
  card:
    each:
      colour:
        yellow: {name: ["yellow card {value}", "yellow cards {value}"]}
        blue: {name: ["blue card {value}", "blue cards {value}"]}
      value: {from: 1, to: 3}
    id: "{colour}-{value}"
    copies: 1
    attributes: {value: "{value}"}
supply: deck
zones:
  deck: {scope: shared, visibility: hidden, ordered: true, name: deck}
turn:
  start: wait
  phases:
    wait: {actions: [pass]}
actions:
  pass: {mechanism: skip, name: pass}
end:
  when: "turns >= 2"
"""

VARIANT = """\
format: 1
variant: short
base: ../colours.yaml
title: Short colours
description: One turn each.
changes:
  end: {when: "turns >= 1"}
"""


@pytest.fixture
def game(tmp_path) -> Path:
    folder = tmp_path / "colours"
    (folder / "variants").mkdir(parents=True)
    (folder / "colours.yaml").write_text(GAME, encoding="utf-8")
    (folder / "variants" / "short.yaml").write_text(VARIANT, encoding="utf-8")
    return folder / "colours.yaml"


def _translate(path: Path, table: dict[str, str | tuple[str, ...]]) -> None:
    text = path.read_text(encoding="utf-8")
    for message, translation in table.items():
        if isinstance(translation, str):
            old = f'msgid "{message}"\nmsgstr ""\n'
            assert old in text, message
            # the first: a name's grammar entry (msgctxt "grammar") comes after its text
            text = text.replace(old, f'msgid "{message}"\nmsgstr "{translation}"\n', 1)
        else:
            head = f'msgid "{message}"\n'
            start = text.index(head)
            end = text.index("\n\n", start) if "\n\n" in text[start:] else len(text)
            block = text[start:end].splitlines()
            forms = [f'msgstr[{i}] "{form}"' for i, form in enumerate(translation)]
            text = text[:start] + "\n".join(block[:2] + forms) + text[end:]
    path.write_text(text, encoding="utf-8")


def test_the_command_creates_keeps_and_reports(cli, game):
    code, out, err = cli("rules", "translations", str(game))
    assert code == 0, err
    nl = game.parent / "locales" / "nl.po"
    assert sorted(p.name for p in nl.parent.iterdir()) == ["de.po", "es.po", "fr.po", "nl.po"]
    assert f"{nl}: 10 strings, 10 without a translation" in out
    assert "  - Short colours" in out  # the variant's strings are the game's too
    _translate(nl, {"Colours": "Kleuren", "deck": "trekstapel",
                    "yellow card {value}": ("gele kaart {value}", "gele kaarten {value}")})
    game.write_text(GAME.replace("name: pass", "name: wait"), encoding="utf-8")
    code, out, _ = cli("rules", "translations", str(game), "--only", "nl")
    assert f"{nl}: 10 strings, 7 without a translation" in out
    assert "removed 1 string the game no longer has" in out
    assert "  - wait" in out and "  - pass" not in out
    text = nl.read_text(encoding="utf-8")
    nl.write_text(text.replace('msgid "deck"', '#, fuzzy\nmsgid "deck"'), encoding="utf-8")
    code, out, _ = cli("rules", "translations", str(game), "--only", "nl")
    assert f"{nl}: 10 strings, 8 without a translation" in out and "  - deck" in out
    code, shown, _ = cli("rules", "show", str(game), "--lang", "nl")
    assert "**Deck**" in shown  # a translation still marked fuzzy is not used
    text = nl.read_text(encoding="utf-8")
    assert '#, fuzzy\nmsgid "deck"\nmsgstr "trekstapel"' in text
    assert 'msgstr "Kleuren"' in text and 'msgstr[1] "gele kaarten {value}"' in text
    assert "msgctxt" not in text.replace('msgctxt "grammar"', "")  # only names' grammar
    before = nl.read_bytes()
    assert cli("rules", "translations", str(game), "--only", "nl")[0] == 0
    assert nl.read_bytes() == before  # nothing changed, nothing written


def test_a_users_game_speaks_from_its_own_folder(cli, game):
    cli("rules", "translations", str(game))
    nl = game.parent / "locales" / "nl.po"
    _translate(nl, {"Colours": "Kleuren", "Short colours": "Korte kleuren",
                    "blue card {value}": ("blauwe kaart {value}", "blauwe kaarten {value}")})
    code, shown, err = cli("rules", "show", str(game), "--lang", "nl")
    assert code == 0, err
    assert "# Kleuren" in shown and "3 blauwe kaarten 1" in shown  # the family, 1 to 3
    assert "3 yellow cards 1" in shown  # untranslated: the English
    code, shown, err = cli("rules", "show", str(game.parent / "variants" / "short.yaml"),
                           "--lang", "nl")
    assert code == 0, err
    assert "# Korte kleuren" in shown


def test_a_variant_in_its_own_folder_brings_its_own_words(cli, game, tmp_path):
    cli("rules", "translations", str(game), "--only", "de")
    _translate(game.parent / "locales" / "de.po", {"deck": "Nachziehstapel"})
    mine = tmp_path / "mine"
    mine.mkdir()
    variant = mine / "long.yaml"
    variant.write_text(VARIANT.replace("base: ../colours.yaml", f"base: {game}")
                       .replace("Short colours", "Long colours"), encoding="utf-8")
    code, out, err = cli("rules", "translations", str(variant), "--only", "de")
    assert code == 0, err
    assert "2 strings, 2 without a translation" in out
    _translate(mine / "locales" / "de.po", {"Long colours": "Lange Farben"})
    code, shown, err = cli("rules", "show", str(variant), "--lang", "de")
    assert code == 0, err
    assert "# Lange Farben" in shown and "Nachziehstapel" in shown


# -- a catalog is outside input -----------------------------------------------------

HEADER = ('msgid ""\nmsgstr ""\n"Language: nl\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
          '"Content-Type: text/plain; charset=UTF-8\\n"\n\n')

FLAWS = [
    # (the catalog after its header, words of the message, the line of the flaw)
    ('msgid "deck"\nmsgstr "stapel"\nmsgid "pass"\n', "each msgid needs its msgstr", 9),
    ('msgid "deck\nmsgstr "stapel"\n', "no part of a catalog entry", 7),
    ('msgid "deck"\nmsgstr "stapel"\n<<<<<<< HEAD\n', "no part of a catalog entry", 9),
    ('msgctxt "colours"\nmsgid "deck"\nmsgstr "stapel"\n', "msgctxt", 8),
    ('msgid "yellow card {value}"\nmsgid_plural "yellow cards {value}"\n'
     'msgstr[0] "gele kaart {waarde}"\nmsgstr[1] "gele kaarten {waarde}"\n',
     "fills in {waarde}, but the English text fills in {value}", 7),
    ('msgid "deck"\nmsgstr "stapel {kleur}"\n', "fills in {kleur}, but the English text "
     "fills in nothing", 7),
    ('msgid "yellow card {value}"\nmsgid_plural "yellow cards {value}"\n'
     'msgstr[0] "gele kaart {value}"\nmsgstr[1] "gele kaarten {value}"\nmsgstr[2] "x"\n',
     "more plural forms than its language has: 2", 7),
    ('msgid "deck"\nmsgstr "stapel {"\n', "no partner", 7),
    ('msgid "deck"\nmsgstr "sta\x1bpel"\n', "U+001B", 7),
    ('msgid "deck"\nmsgstr "sta\u202epel"\n', "U+202E RIGHT-TO-LEFT OVERRIDE", 7),
]


def _validate_with(cli, game: Path, body: str | bytes, header: str = HEADER,
                   lang: str = "en") -> tuple:
    path = game.parent / "locales" / "nl.po"
    path.parent.mkdir(exist_ok=True)
    if isinstance(body, bytes):
        path.write_bytes(header.encode() + body)
    else:
        path.write_text(header + body, encoding="utf-8")
    return path, cli("rules", "validate", str(game), "--lang", lang)


@pytest.mark.parametrize("body, words, line", FLAWS)
def test_every_flaw_of_a_catalog_is_a_located_error(cli, game, body, words, line):
    path, (code, _, err) = _validate_with(cli, game, body)
    assert code == 2, err
    assert err.startswith(f"{path}:{line}:1: "), err
    assert words in err, err


def test_the_error_speaks_the_readers_language(cli, game):
    path, (code, _, err) = _validate_with(cli, game, 'msgid "deck"\nmsgstr "stapel {"\n',
                                          lang="nl")
    assert code == 2 and err.startswith(f"{path}:7:1: ") and "accolade" in err, err


def test_a_catalog_with_other_plural_forms_is_refused(cli, game):
    header = HEADER.replace("nplurals=2; plural=(n != 1);", "nplurals=1; plural=0;")
    path, (code, _, err) = _validate_with(cli, game, 'msgid "deck"\nmsgstr "stapel"\n', header)
    assert code == 2 and err.startswith(f"{path}:4:1: ") and "Plural-Forms" in err, err


def test_a_catalog_that_is_not_utf8_or_too_large_is_refused(cli, game):
    path, (code, _, err) = _validate_with(cli, game, b'msgid "deck"\nmsgstr "\xff"\n')
    assert code == 2 and err.startswith(f"{path}:8:1: ") and "UTF-8" in err, err
    path, (code, _, err) = _validate_with(cli, game, "#" * MAX_BYTES + "\n")
    assert code == 2 and err.startswith(f"{path}:1:1: ") and str(MAX_BYTES) in err, err


def test_a_flawed_catalog_stops_the_rulebook_with_a_located_error(cli, game):
    path, _ = _validate_with(cli, game, 'msgctxt "x"\nmsgid "deck"\nmsgstr "stapel"\n')
    for args in (("rules", "show", str(game), "--lang", "en"),
                 ("play", str(game), "--players", "bot,bot", "--lang", "nl")):
        code, _, err = cli(*args)
        assert code == 2, err
        assert re.match(rf"^{re.escape(str(path))}:8:1: ", err), err


def test_a_catalog_saved_with_a_byte_order_mark_is_read(cli, game):
    path, (code, _, err) = _validate_with(cli, game, "\ufeff" + HEADER + 'msgid "deck"\n'
                                          'msgstr "trekstapel"\n', header="")
    assert code == 0, err
    code, shown, err = cli("rules", "show", str(game), "--lang", "nl")
    assert code == 0 and "**Trekstapel**" in shown, err


def test_a_folder_the_user_may_not_write_is_a_message(cli, game):
    folder = game.parent / "locales"
    folder.write_text("", encoding="utf-8")  # a file where the folder should be
    code, _, err = cli("rules", "translations", str(game), "--only", "nl")
    assert code == 2 and err.startswith(f"{folder / 'nl.po'}:1:1: cannot write the catalog"), err


def test_a_catalog_that_is_a_fifo_is_refused_without_waiting(cli, game):
    path = game.parent / "locales" / "nl.po"
    path.parent.mkdir(exist_ok=True)
    os.mkfifo(path)
    code, _, err = cli("rules", "validate", str(game), "--lang", "en")
    assert code == 2 and err.startswith(f"{path}:1:1: ") and "not a regular file" in err


def test_a_text_translated_twice_in_a_catalog_is_refused_where_it_stands(cli, tmp_path):
    """Gettext would use one of the two translations without a word: the second entry is
    pointed at, with the line of the first."""
    copy = tmp_path / "connect-four"
    shutil.copytree(rules_root() / "connect-four", copy)
    catalog = copy / "locales" / "de.po"
    text = catalog.read_text(encoding="utf-8")
    first = text.splitlines().index('msgid "red disc"') + 1
    catalog.write_text(text + '\nmsgid ""\n"red "\n"disc"\nmsgstr "Scheibe"\n', encoding="utf-8")
    code, _, err = cli("rules", "validate", str(copy / "connect-four.yaml"))
    line = len(text.splitlines()) + 2
    assert code == 2
    assert f"de.po:{line}:1: this text is translated twice in the catalog; its first entry is " \
           f"at line {first}" in err


@pytest.mark.parametrize("language", ["nl", "fr", "de", "es"])
@pytest.mark.parametrize("game", ["connect-four", "ogallala"])
def test_a_grid_shows_each_kind_by_a_mark_of_the_readers_language(game, language):
    """The marks in a grid come from the game's catalog (Connect Four's yellow disc is 'G' in
    Dutch): every one translated, 1 to 3 characters, no two alike, and the legend says them."""
    from regelwerk.cli.screen import legend

    rules = load_ruleset(game)
    text = GameText(rules, translations(language), language)
    english = GameText(rules, translations("en"), "en")
    marks = {kind: text.symbol(kind) for kind in rules.components}
    assert all(1 <= len(mark) <= 3 for mark in marks.values())
    assert len(set(marks.values())) == len(set(english.symbol(k) for k in rules.components))
    assert any(mark != english.symbol(kind) for kind, mark in marks.items())
    told = legend(rules, text)
    assert all(f"{mark} {text.component(kind)}" in " ".join(told.split())
               for kind, mark in marks.items())


class _Marks:
    """A game catalog that translates only marks, as a table says."""

    def __init__(self, table: dict[str, str]) -> None:
        self.table = table

    def gettext(self, message: str) -> str:
        return self.table.get(message, message)


@pytest.mark.parametrize("table", [{"R": "G", "Y": "G"}, {"Y": "GEEL"}, {"Y": " "}])
def test_marks_a_catalog_gets_wrong_give_way_to_the_rules_files(table):
    """A catalog that would show two kinds by one mark, or a mark too long or blank, is not
    followed: the rules file's marks are shown instead, all of them."""
    rules = load_ruleset("connect-four")
    text = GameText(rules, translations("nl"), "nl")
    text.words = _Marks(table)  # type: ignore[assignment]
    assert [text.symbol(kind) for kind in rules.components] == ["R", "Y"]


def test_validate_warns_of_names_a_variant_adds_without_translations(cli, tmp_path):
    variant = tmp_path / "renamed.yaml"
    variant.write_text("format: 1\nvariant: renamed\nbase: love-letter\nchanges:\n"
                       "  components:\n    guard: {name: [Watchman, Watchmen]}\n",
                       encoding="utf-8")
    code, out, err = cli("rules", "validate", str(variant))
    assert code == 0 and "valid: " in out
    for language in GAME_LANGUAGES:
        assert f"renamed.yaml:6:1: 1 of the 1 names and texts of this file have no " \
               f"translation into '{language}'" in err and "'Watchman'" in err
    code, _, _ = cli("rules", "validate", "--strict", str(variant))
    assert code == 2


@pytest.mark.parametrize("game", shipped_games())
def test_no_shipped_game_leaves_a_name_untranslated(game):
    from regelwerk.locales.catalogs import untranslated

    rules = load_ruleset(game)
    assert untranslated(rules.source, rules, game) == []
