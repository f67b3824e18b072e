"""Loading YAML data files: plain data, exact positions, and refusal of hostile input."""

from __future__ import annotations

import textwrap
import time
from pathlib import Path

import pytest

from regelwerk.engine.common.errors import DataError, Location
from regelwerk.engine.data.yamlload import (MAX_BYTES, MAX_DEPTH, Document, load_yaml,
                                            load_yaml_text)

FAST = 0.5  # CPU seconds, which a busy machine does not stretch; hostile input is refused well within


def load(text: str) -> Document:
    return load_yaml_text(textwrap.dedent(text), "board.yaml")


def refusal(text: str | bytes) -> DataError:
    with pytest.raises(DataError) as caught:
        load_yaml_text(text, "board.yaml")
    return caught.value


def where(error: DataError) -> tuple[int, int]:
    return error.location.line, error.location.column


# Plain data and positions


def test_data_is_plain_json_like_values() -> None:
    document = load(
        """\
        name: Okavango
        players: 2
        ratio: 0.5
        open: yes
        nothing: ~
        quoted: '7'
        infinite: .inf
        list: [a, 1]
        """
    )
    assert document.data == {
        "name": "Okavango",
        "players": 2,
        "ratio": 0.5,
        "open": True,
        "nothing": None,
        "quoted": "7",
        "infinite": float("inf"),
        "list": ["a", 1],
    }
    assert document.file == "board.yaml"


def test_value_deep_in_the_document_has_its_exact_position() -> None:
    document = load(
        """\
        areas:
          delta:
            - name: swamp
              exits: [north, {to: river, cost: 3}]
        """
    )
    path = ("areas", "delta", 0, "exits", 1, "cost")
    assert document.data["areas"]["delta"][0]["exits"][1]["cost"] == 3
    assert document.positions[path] == (4, 40)
    assert document.locate(path) == Location("board.yaml", 4, 40, path)
    assert document.key_location(path) == Location("board.yaml", 4, 34, path)


def test_every_value_has_a_position() -> None:
    document = load(
        """\
        a:
          - 1
          - b: x
        c: ''
        """
    )
    assert document.positions == {
        (): (1, 1),
        ("a",): (2, 3),
        ("a", 0): (2, 5),
        ("a", 1): (3, 5),
        ("a", 1, "b"): (3, 8),
        ("c",): (4, 4),
    }


def test_locate_falls_back_to_the_nearest_recorded_ancestor_but_keeps_the_path() -> None:
    document = load(
        """\
        pieces:
          pawn: {size: 1}
        """
    )
    assert document.locate(("pieces", "pawn", "colour")) == Location(
        "board.yaml", 2, 9, ("pieces", "pawn", "colour")
    )
    assert document.key_location(("pieces", "king")) == Location(
        "board.yaml", 2, 3, ("pieces", "king")
    )


def test_keys_are_stored_as_their_source_text() -> None:
    document = load(
        """\
        3: three
        true: yes
        null: nothing
        1.5: half
        "quoted": q
        """
    )
    assert document.data == {
        "3": "three",
        "true": True,
        "null": "nothing",
        "1.5": "half",
        "quoted": "q",
    }
    assert all(isinstance(key, str) for key in document.data)


def test_timestamps_stay_text() -> None:
    document = load(
        """\
        day: 2024-05-01
        moment: 2001-12-14t21:59:43.10-05:00
        """
    )
    assert document.data == {"day": "2024-05-01", "moment": "2001-12-14t21:59:43.10-05:00"}


def test_standard_explicit_tags_are_constructed_by_yaml_rules() -> None:
    document = load("[!!str 3, !!float 1, !!int '12', !!bool 'off', !!null '', !!map {}, !!seq []]")
    assert document.data == ["3", 1.0, 12, False, None, {}, []]


def test_empty_and_comment_only_files_hold_nothing() -> None:
    for text in ("", "# only a comment\n", b""):
        document = load_yaml_text(text, "empty.yaml")
        assert document.data is None
        assert document.positions == {}
        assert document.locate(("any",)) == Location("empty.yaml", 1, 1, ("any",))


def test_a_byte_order_mark_is_accepted_and_not_counted() -> None:
    document = load_yaml_text(b"\xef\xbb\xbfname: x\n", "bom.yaml")
    assert document.data == {"name": "x"}
    assert document.positions[("name",)] == (1, 7)


def test_columns_count_characters_not_bytes() -> None:
    document = load_yaml_text("größe: [ä, ö]\n".encode(), "umlaut.yaml")
    assert document.positions[("größe", 1)] == (1, 12)


def test_load_yaml_reads_a_file_under_its_display_name(tmp_path: Path) -> None:
    path = tmp_path / "ruleset.yaml"
    path.write_text("players: 2\n", encoding="utf-8")
    document = load_yaml(path, display_name="rules/okavango/ruleset.yaml")
    assert document.data == {"players": 2}
    expected = Location("rules/okavango/ruleset.yaml", 1, 10, ("players",))
    assert document.locate(("players",)) == expected
    assert load_yaml(str(path)).file == str(path)


# Refused input


def test_duplicate_key_is_reported_at_the_second_occurrence() -> None:
    error = refusal("pieces:\n  pawn: 1\n  king: 2\n  pawn: 3\n")
    assert error.message == "duplicate key '{key}'; it was first used on line {line}"
    assert error.params == {"key": "pawn", "line": 2}
    assert error.location == Location("board.yaml", 4, 3, ("pieces", "pawn"))


def test_keys_with_the_same_text_are_duplicates_whatever_their_quoting() -> None:
    error = refusal("3: a\n'3': b\n")
    assert error.params == {"key": "3", "line": 1}


def test_python_object_tag_is_refused_and_nothing_runs(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    for command in ("echo hi", f"touch {marker}"):
        error = refusal(f'!!python/object/apply:os.system ["{command}"]\n')
        assert error.message == "the tag {tag} is not supported in data files"
        assert error.params == {"tag": "!!python/object/apply:os.system"}
        assert where(error) == (1, 1)
    assert not marker.exists()
    assert capfd.readouterr().out == ""


@pytest.mark.parametrize(
    ("text", "tag", "position"),
    [
        ("a: !custom 1\n", "!custom", (1, 4)),
        ("a: !!binary aGk=\n", "!!binary", (1, 4)),
        ("a: !!timestamp 2024-01-01\n", "!!timestamp", (1, 4)),
        ("- !!set {a: null}\n", "!!set", (1, 3)),
        ("- !!map scalar\n", "!!map", (1, 3)),
        ("- !!python/name:os.system x\n", "!!python/name:os.system", (1, 3)),
        ("!!python/object:os.system {}\n", "!!python/object:os.system", (1, 1)),
        ("!custom key: value\n", "!custom", (1, 1)),
    ],
)
def test_tags_other_than_plain_data_tags_are_refused(
    text: str, tag: str, position: tuple[int, int]
) -> None:
    error = refusal(text)
    assert error.message == "the tag {tag} is not supported in data files"
    assert error.params == {"tag": tag}
    assert where(error) == position


def test_a_value_that_does_not_fit_its_explicit_tag_is_refused() -> None:
    error = refusal("count: !!int many\n")
    assert error.message == "'{value}' is not a valid value for the tag {tag}"
    assert error.params == {"value": "many", "tag": "!!int"}
    assert error.location == Location("board.yaml", 1, 8, ("count",))


def test_aliases_and_anchors_are_refused() -> None:
    anchor = refusal("base: &b {size: 1}\nother: *b\n")
    assert anchor.message == "anchors are not supported in data files"
    assert anchor.location == Location("board.yaml", 1, 7, ("base",))
    alias = refusal("other: *b\n")
    assert alias.message == "aliases are not supported in data files"
    assert alias.location == Location("board.yaml", 1, 8, ("other",))


def test_billion_laughs_is_refused_quickly() -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, 10):
        aliases = ",".join([f"*a{level - 1}"] * 9)
        lines.append(f"a{level}: &a{level} [{aliases}]")
    started = time.process_time()
    error = refusal("\n".join(lines) + "\n")
    assert time.process_time() - started < FAST
    assert error.message == "anchors are not supported in data files"
    assert where(error) == (1, 5)


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("[" * 20_000 + "]" * 20_000, MAX_DEPTH + 1),
        ("{a: " * 20_000 + "1" + "}" * 20_000, 4 * MAX_DEPTH + 1),
    ],
    ids=["lists", "mappings"],
)
def test_deep_nesting_is_refused_quickly_at_the_first_level_too_deep(
    text: str, column: int
) -> None:
    started = time.process_time()
    error = refusal(text)
    # PyYAML's scanner reads about a thousand open brackets ahead, each time looking at
    # every one still open: some 0.3 s, whatever the depth beyond that
    assert time.process_time() - started < 2 * FAST
    assert error.message == "nesting is deeper than {limit} levels"
    assert error.params == {"limit": 64}
    assert where(error) == (1, column)
    assert len(error.location.path) == MAX_DEPTH


def test_nesting_up_to_the_limit_is_accepted() -> None:
    document = load_yaml_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, "deep.yaml")
    assert document.positions[(0,) * (MAX_DEPTH - 1)] == (1, MAX_DEPTH)


def test_invalid_utf8_is_located_at_the_first_bad_byte() -> None:
    error = refusal(b"name: ok\nplace: caf\xc3\xa9 \xff\xfe\n")
    assert error.message == "the file is not valid UTF-8 text"
    assert error.location == Location("board.yaml", 2, 13)


def test_control_characters_are_located() -> None:
    error = refusal("name: ok\nplace: é\x01\n")
    assert error.message == "the file holds a character YAML does not accept: {character}"
    assert error.params == {"character": "U+0001"}
    assert where(error) == (2, 9)


def test_a_large_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"x: 1\n" * (10 * 1024 * 1024))  # 50 MiB
    started = time.process_time()
    with pytest.raises(DataError) as caught:
        load_yaml(path, display_name="huge.yaml")
    assert time.process_time() - started < FAST
    assert caught.value.message == "the file is too large ({size}); the limit is {limit}"
    assert caught.value.params == {"size": "50.0 MiB", "limit": "2.0 MiB"}
    assert caught.value.location == Location("huge.yaml", 1, 1)


def test_large_text_is_refused_too() -> None:
    error = refusal(b"#" * (MAX_BYTES + 1))
    assert error.message == "the file is too large ({size}); the limit is {limit}"


def test_more_than_one_document_is_refused_at_the_second() -> None:
    error = refusal("a: 1\n---\nb: 2\n")
    assert error.message == "the file contains more than one YAML document"
    assert where(error) == (2, 1)


def test_a_mapping_or_list_as_key_is_refused() -> None:
    error = refusal("? [a, b]\n: value\n")
    assert error.message == "a mapping key must be a single value, not a mapping or a list"
    assert where(error) == (1, 3)
    assert refusal("{[a]: 1}").message == error.message


def test_syntax_errors_are_located_at_the_problem() -> None:
    error = refusal("areas:\n  delta: north: 2\n")
    assert error.message.startswith("a ': ' is not allowed here")
    assert error.location == Location("board.yaml", 2, 15, ("areas",))


def test_bad_indentation_is_located() -> None:
    error = refusal("a:\n  b: 1\n c: 2\n")
    assert error.message == "this line is not indented like the other entries of its mapping or list"
    assert where(error) == (3, 2)


@pytest.mark.parametrize("kind", ["missing", "directory"])
def test_an_unreadable_file_is_a_located_error(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "absent.yaml" if kind == "missing" else tmp_path
    with pytest.raises(DataError) as caught:
        load_yaml(path, display_name="rules.yaml")
    assert caught.value.message == "cannot read the file: {reason}"
    assert caught.value.params["reason"]
    assert caught.value.location == Location("rules.yaml", 1, 1)


def test_the_pure_python_parser_gives_the_same_locations(monkeypatch: pytest.MonkeyPatch) -> None:
    """PyYAML may be installed without libyaml; reader offsets then count characters."""
    import yaml

    from regelwerk.engine.data import yamlload

    monkeypatch.setattr(yamlload, "_Loader", yaml.SafeLoader)
    monkeypatch.setattr(yamlload, "_READER_COUNTS_BYTES", False)
    assert where(refusal("name: ok\nplace: é\x01\n")) == (2, 9)
    assert where(refusal("a: 1\na: 2\n")) == (2, 1)
    assert where(refusal("[" * 1000 + "]" * 1000)) == (1, MAX_DEPTH + 1)
    assert load("a: [b, {c: 2024-01-01}]\n").positions[("a", 1, "c")] == (1, 12)


@pytest.mark.parametrize(("text", "number"), [("copies: 012\n", 10), ("at: 1:30\n", 90),
                                              ("copies: -07\n", -7), ("copies: 0x15\n", 21),
                                              ("copies: 0b101\n", 5), ("copies: 2_1\n", 21)])
def test_a_number_yaml_would_read_otherwise_than_written_is_refused(text: str,
                                                                     number: int) -> None:
    """YAML 1.1 reads a leading 0 as base 8, 0x as base 16, 0b as base 2 and a colon as
    base 60, and leaves _ out: 012 lions would be ten, 0x15 twenty-one."""
    error = refusal(text)
    assert error.message.startswith("'{value}' would be read as the number {number}")
    assert error.params == {"value": text.split(": ")[1].strip(), "number": number}
    assert where(error) == (1, len(text.split(": ")[0]) + 3)


def test_plain_whole_numbers_are_read_as_written() -> None:
    assert load("a: 0\nb: -3\nc: 120\nd: '012'\n").data == {"a": 0, "b": -3, "c": 120,
                                                             "d": "012"}
