"""The shipped rulesets and variants are validated here, once, and loaded without the schema.

``rules/checked.json`` vouches for each shipped file by a digest of its bytes (a
variant's with its base's) and of the schemas; a load skips jsonschema only for
a file inside the rules folder that is still the one vouched for.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from regelwerk.engine import DataError, load_ruleset
from regelwerk.engine.compiler import loading
from regelwerk.engine.compiler import shippedrecord
from regelwerk.engine.data import shipped
from regelwerk.engine.data.shipped import rules_root


def test_every_shipped_file_is_valid_and_the_record_is_current():
    """Rewrite it with `python -m regelwerk.cli.regenerate` after changing a shipped
    ruleset, a variant or a schema."""
    recorded = json.loads((rules_root() / shipped.RECORD).read_text(encoding="utf-8"))
    assert shippedrecord.checked_record() == recorded, \
        "rules/checked.json is stale: run python -m regelwerk.cli.regenerate"


def _loaded_after(work: str, prefix: str) -> list[str]:
    """The modules named ``prefix...`` that a fresh process has loaded after ``work``."""
    probe = (f"import sys\n"
             f"from regelwerk.engine import load_ruleset, shipped_games, shipped_variants\n"
             f"from regelwerk.locales.gamecatalog import check_game_catalogs\n"
             f"for game in shipped_games():\n"
             f"    {work}\n"
             f"print(sorted(m for m in sys.modules if m.startswith({prefix!r})))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout
    return json.loads(loaded.replace("'", '"'))


def test_shipped_games_and_variants_load_without_jsonschema():
    work = "[load_ruleset(source) for source in (game, *shipped_variants(game))]"
    assert _loaded_after(work, "jsonschema") == []


@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """The rules folder copied, and read as the installed one."""
    copy = tmp_path / "rules"
    shutil.copytree(rules_root(), copy)
    for module in (shipped, loading):
        monkeypatch.setattr(module, "rules_root", lambda: copy)
    shipped._record.cache_clear()
    yield copy
    shipped._record.cache_clear()


def _spoil(path):
    text = path.read_text(encoding="utf-8")
    assert "players: {min: 2, max: 4}" in text
    path.write_text(text.replace("players: {min: 2, max: 4}", "players: {min: two, max: 4}"),
                    encoding="utf-8")
    line = text[:text.index("players: {min: 2")].count("\n") + 1
    return line


def test_an_edited_shipped_file_is_validated_in_full(rules_copy):
    assert shipped.is_checked(rules_copy / "okavango" / "okavango.yaml",
                                   loading.load_yaml(rules_copy / "okavango" / "okavango.yaml"))
    line = _spoil(rules_copy / "okavango" / "okavango.yaml")
    with pytest.raises(DataError) as raised:
        load_ruleset("okavango")
    assert (raised.value.location.line, raised.value.location.path) == \
        (line, ("players", "min"))


def test_a_shipped_variant_of_an_edited_base_is_validated_in_full(rules_copy):
    variant = sorted((rules_copy / "okavango" / "variants").glob("*.yaml"))[0]
    load_ruleset(variant)
    _spoil(rules_copy / "okavango" / "okavango.yaml")
    with pytest.raises(DataError) as raised:
        load_ruleset(variant)
    assert raised.value.location.path == ("players", "min")


def test_a_copy_outside_the_rules_folder_is_validated_in_full(tmp_path):
    copy = tmp_path / "okavango.yaml"
    shutil.copy(rules_root() / "okavango" / "okavango.yaml", copy)
    assert not shipped.is_checked(copy, loading.load_yaml(copy))
    line = _spoil(copy)
    with pytest.raises(DataError) as raised:
        load_ruleset(copy)
    assert (raised.value.location.line, raised.value.location.path) == \
        (line, ("players", "min"))


def test_every_shipped_catalog_is_valid_read_alike_without_babel_and_recorded():
    """Rewrite the record with `python -m regelwerk.locales.gamecatalog` after changing a
    game's catalog."""
    from regelwerk.locales.gamecatalog import checked_catalogs

    recorded = json.loads((rules_root() / shipped.CATALOGS_RECORD)
                          .read_text(encoding="utf-8"))
    assert checked_catalogs() == recorded, \
        "rules/checked-catalogs.json is stale: run python -m regelwerk.locales.gamecatalog"


def test_shipped_catalogs_are_read_without_babel():
    assert _loaded_after("check_game_catalogs(load_ruleset(game))", "babel") == []


def test_an_edited_shipped_catalog_is_checked_in_full(rules_copy):
    from regelwerk.locales import gamecatalog

    catalog = rules_copy / "okavango" / "locales" / "nl.po"
    text = catalog.read_text(encoding="utf-8")
    entry = text.index('msgstr "', text.index("{"))  # the translation of a template
    catalog.write_text(text[:entry] + 'msgstr "{nergens}"' + text[text.index("\n", entry):],
                       encoding="utf-8")
    line = text[:entry].count("\n") + 1
    with pytest.raises(DataError) as raised:
        gamecatalog.check_game_catalogs(load_ruleset("okavango"))
    assert raised.value.location.line <= line and "nl.po" in raised.value.location.file
