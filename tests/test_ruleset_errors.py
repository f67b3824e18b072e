"""Mistakes in rulesets and variants: each is a DataError that points at the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.engine import DataError, load_ruleset


def _broken(tmp_path: Path, text: str, old: str, new: str) -> Path:
    assert old in text, old
    path = tmp_path / "broken.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _line_of(path: Path, fragment: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


CASES = [
    # (old text, new text, fragment on the reported line, words in the message)
    ('replace_when: "new.count > old.count"', 'replace_when: "new.count > old.size"',
     "old.size", ["'old' has no field 'size'"]),
    ("rank: 11, copies: 8", "rank: 11, copies: many", "copies: many",
     ["expected a whole number"]),
    ("to: river\n    text: Finally", "to: lake\n    text: Finally", "to: lake",
     ["unknown zone 'lake'"]),
    ("actions: [drink, pass]", "actions: [drink, jump]", "jump", ["unknown action 'jump'"]),
    ("delta: \"taken.count < played.count\"", "lagoon: \"taken.count < played.count\"",
     "lagoon", ["unknown area type 'lagoon'"]),
    ("    count: 13\n", "    count: 23\n", "count: 23", ["needs", "pieces"]),
    ("mechanism: take-one", "mechanism: take-two", "take-two", ["not allowed here"]),
    ("players: {min: 2, max: 4}", "players: {min: 2, max: 4, most: 5}", "most: 5",
     ["unknown key 'most'"]),
]


@pytest.mark.parametrize("old,new,fragment,words", CASES)
def test_mistakes_are_located(tmp_path, ruleset_text, old, new, fragment, words):
    path = _broken(tmp_path, ruleset_text, old, new)
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    error = caught.value
    assert error.location.file == str(path)
    if fragment != "count: 23":  # the setup total is reported at the setup section
        assert error.location.line == _line_of(path, fragment), error.render()
    for word in words:
        assert word in error.render(), error.render()


def test_condition_errors_point_at_the_column(tmp_path, ruleset_text):
    path = _broken(tmp_path, ruleset_text, 'score_when: "placed.count >= area.white"',
                   'score_when: "placed.count >= area.wite"')
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    line = path.read_text(encoding="utf-8").splitlines()[caught.value.location.line - 1]
    assert line[caught.value.location.column - 1:].startswith("area.wite")


def test_variant_errors_point_into_the_variant(tmp_path):
    variant = tmp_path / "v.yaml"
    variant.write_text(
        "format: 1\nvariant: v\nbase: okavango\nchanges:\n  areas:\n"
        "    waterhole-2: {fields: {white: two}}\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(variant)
    assert caught.value.location.file == str(variant)
    assert caught.value.location.line == 6
    assert caught.value.location.path == ("areas", "waterhole-2", "fields", "white")


def test_variant_can_remove_and_change(tmp_path, okavango_file):
    variant = tmp_path / "v.yaml"
    variant.write_text(
        f"format: 1\nvariant: v\nbase: {okavango_file}\nchanges:\n  areas:\n"
        "    delta-3: null\n    waterhole-2: {points: 12}\n", encoding="utf-8")
    rules = load_ruleset(variant)
    assert "delta-3" not in rules.areas
    assert rules.areas["waterhole-2"].points == 12
    assert rules.areas["waterhole-2"].counts == {"white": 2, "dark": 2}
    assert rules.variant == "v"
    assert rules.digest != load_ruleset("okavango").digest
