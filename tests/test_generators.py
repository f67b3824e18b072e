"""A family of kinds written as one generator entry behaves exactly like the same kinds
written one by one: in conditions, play, saves, the rulebook and the extraction of names;
and every misuse of a generator is a located error when the file is loaded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from regelwerk.engine import DataError, apply, is_terminal, legal_moves, load_ruleset, new_game
from regelwerk.engine.common.limits import KINDS
from regelwerk.locales import LANGUAGES
from regelwerk.locales.extract import game_strings

GAME = """\
format: 1
id: colours
title: Colours
players: {min: 2, max: 3}
components:
COMPONENTS
  joker: {copies: 2, name: [joker, jokers]}
supply: deck
zones:
  deck: {scope: shared, visibility: hidden, ordered: true}
  table: {scope: shared, visibility: public, ordered: true}
setup:
  shuffle: {step: shuffle, zone: deck}
turn:
  start: draw
  phases:
    draw: {actions: [draw]}
    again: {actions: [draw]}
actions:
  draw:
    mechanism: draw-to
    from: [deck]
    to: table
    then:
      - {when: "draw.card.value >= 3 and draw.times < 2", phase: again}
      - {phase: end}
end:
  when: "zone.deck == 0"
"""

GENERATED = """\
  expedition:
    each:
      colour:
        yellow: {name: ["yellow card {value}", "yellow cards {value}"], symbol: Y}
        blue: {name: ["blue card {value}", "blue cards {value}"], symbol: B}
      value: {from: 2, to: 4}
    id: "{colour}-{value}"
    copies: 1
    symbol: "{colour}{value}"
    text: An expedition card is worth its value.
    attributes: {colour: "{colour}", value: "{value}", wager: false}"""

WRITTEN = "\n".join(
    f"  {colour}-{value}: {{copies: 1, symbol: {colour[0].upper()}{value}, "
    f"name: [\"{colour} card {value}\", \"{colour} cards {value}\"], "
    f"text: An expedition card is worth its value., "
    f"attributes: {{colour: {colour}, value: {value}, wager: false}}}}"
    for colour in ("yellow", "blue") for value in (2, 3, 4))


def _write(tmp_path: Path, components: str, name: str = "colours.yaml") -> Path:
    path = tmp_path / name
    path.write_text(GAME.replace("COMPONENTS", components), encoding="utf-8")
    return path


def test_generated_kinds_are_the_written_ones(tmp_path):
    generated = load_ruleset(_write(tmp_path, GENERATED, "generated.yaml"))
    written = load_ruleset(_write(tmp_path, WRITTEN, "written.yaml"))
    assert list(generated.components) == ["yellow-2", "yellow-3", "yellow-4", "blue-2",
                                           "blue-3", "blue-4", "joker"]
    for kind, component in written.components.items():
        assert generated.components[kind].attributes == component.attributes
        assert (generated.components[kind].copies, generated.components[kind].rank) == \
            (component.copies, component.rank)
    assert generated.components["blue-3"].attributes == {"colour": "blue", "value": 3,
                                                         "wager": False}
    assert dict(generated.attribute_types) == {"colour": str, "value": int, "wager": bool}
    # the same rules: a save of one is a save of the other
    assert generated.digest == written.digest


def test_generated_kinds_play_as_the_written_ones(tmp_path):
    games = [load_ruleset(_write(tmp_path, components, f"{i}.yaml"))
             for i, components in enumerate((GENERATED, WRITTEN))]
    states = [new_game(rules, ["anna", "bram"], 7) for rules in games]
    while not is_terminal(states[0]):
        moves = [legal_moves(state) for state in states]
        assert [str(m) for m in moves[0]] == [str(m) for m in moves[1]]
        states = [apply(state, list(found)[0])[0] for state, found in zip(states, moves)]
        assert states[0].to_data() == states[1].to_data()
    assert is_terminal(states[1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rulebook_tells_them_alike_but_lists_a_run_of_numbers_once(cli, tmp_path, lang):
    shown = [cli("rules", "show", str(_write(tmp_path, components)), "--lang", lang)[1]
             for components in (GENERATED, WRITTEN)]
    generated, written = ([line for line in text.splitlines() if not line.startswith("- ")]
                          for text in shown)
    assert generated == written  # all but the list of components
    assert "yellow card 3" in shown[1] or lang != "en"
    if lang == "en":
        assert "- 3 yellow cards 2 to 4" in shown[0], shown[0]
    assert shown[0].count("An expedition card is worth its value.") <= 1


def test_names_fill_in_numbers_only(tmp_path):
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load_ruleset(_write(tmp_path, GENERATED))
    text = GameText(rules, translations("en"), "en")
    assert text.component("blue-4") == "blue card 4"
    assert text.component("blue-4", 2) == "blue cards 4"
    assert text.count_of("yellow-2", 1) == "1 yellow card 2"


def test_the_names_are_extracted_once_as_templates(tmp_path):
    found = {s.message for s in game_strings(_write(tmp_path, GENERATED))}
    assert ("yellow card {value}", "yellow cards {value}") in found
    assert "An expedition card is worth its value." in found
    assert not any("yellow card 2" in str(message) for message in found)


NUMBERED = """\
  card:
    each: {number: {from: 3, to: 35}}
    id: "card-{number}"
    name: ["card {number}", "cards {number}"]
    copies: 1
    attributes: {value: "{number}"}"""


def test_a_range_alone_makes_numbered_cards(tmp_path):
    rules = load_ruleset(_write(tmp_path, NUMBERED))
    assert [k for k in rules.components if k.startswith("card-")] == \
        [f"card-{n}" for n in range(3, 36)]
    assert rules.components["card-35"].attributes["value"] == 35


def test_an_attribute_may_be_computed_from_the_axes(tmp_path):
    """Bull heads by the card's number (1, 2 for multiples of 5, 3 of 10, 5 of 11, 7 for
    55): one formula instead of a generator per rule; a word axis may be compared too."""
    heads = ("7 if value == 55 else 5 if value % 11 == 0 else 3 if value % 10 == 0 "
             "else 2 if value % 5 == 0 else 1")
    rules = load_ruleset(_write(tmp_path, _generator(
        'each: {colour: [red, blue], value: {from: 1, to: 55}}\nid: "{colour}-{value}"\n'
        f'copies: 1\nattributes:\n  value: "{{value}}"\n  heads: {{formula: "{heads}"}}\n'
        '  warm: {formula: "1 if colour == \'red\' else 0"}')))
    heads_of = {kind: rules.components[kind].attributes["heads"] for kind in rules.components
                if kind.startswith("red-")}
    assert [heads_of[f"red-{n}"] for n in (1, 5, 10, 11, 20, 22, 55)] == [1, 2, 3, 5, 3, 5, 7]
    assert rules.components["blue-3"].attributes == {"value": 3, "heads": 1, "warm": 0}
    assert rules.components["red-3"].attributes["warm"] == 1


def _generator(body: str) -> str:
    return "  family:\n" + "".join(f"    {line}\n" for line in body.splitlines()).rstrip("\n")


MISTAKES = [
    # (what the generator says, words of the message, the line of the mistake in it)
    ('each: {colour: [red, blue]}\nid: "{color}"\ncopies: 1', "unknown name 'color'", 2),
    ('each: {colour: [red, blue], value: [1, 2]}\nid: "{colour}"\ncopies: 1',
     "does not show the axis 'value'", 2),
    ('each: {colour: []}\nid: "{colour}"\ncopies: 1', "", 1),
    ('each: {colour: {}}\nid: "{colour}"\ncopies: 1', "", 1),
    ('each: {value: {from: 5, to: 2}}\nid: "v{value}"\ncopies: 1', "ends (2) before", 1),
    ('each: {colour: [red, 2]}\nid: "c{colour}"\ncopies: 1', "not both", 1),
    ('each: {colour: [red, red]}\nid: "{colour}"\ncopies: 1', "twice", 1),
    ('each: {colour: [red, joker]}\nid: "{colour}"\ncopies: 1', "also written", 2),
    ('each: {value: [1, 2]}\nid: "{value}"\ncopies: 1', "not an id", 2),
    ('each: {a: [1, 11], b: [1, 11]}\nid: "v{a}{b}"\ncopies: 1', "makes 'v111' twice", 2),
    (f'each: {{colour: [{", ".join(f"c{i}" for i in range(KINDS + 1))}]}}\nid: "{{colour}}"\n'
     'copies: 1', f"at most {KINDS}", 1),
    ('each: {colour: [red, blue]}\nid: "{colour}"\ncopies: "{colour}"', "whole number", 3),
    ('each: {value: [0, 1]}\nid: "v{value}"\ncopies: "{value}"', "between 1 and", 3),
    ('each: {colour: [red, blue]}\nid: "{colour}"\ncopies: 1\nname: "{colour} card"',
     "not glued from words", 4),
    ('each: {value: [1, 2]}\nid: "v{value}"\ncopies: 1\nname: card', "does not show", 4),
    ('each:\n  colour: {red: {name: red card}, blue: {name: blue card}}\n'
     '  suit: {a: {name: a}, b: {name: b}}\nid: "{colour}-{suit}"\ncopies: 1',
     "only one axis", 3),
    ('each:\n  colour: {red: {name: red card}, blue: {}}\nid: "{colour}"\ncopies: 1',
     "'blue' has no name", 2),
    ('each:\n  colour: {red: {name: red card}, blue: {name: blue card}}\n  suit: [a, b]\n'
     'id: "{colour}-{suit}"\ncopies: 1', "cannot tell the values of the axis 'suit'", 3),
    ('each:\n  colour: {red: {name: red card}, blue: {name: blue card}}\n'
     'id: "{colour}"\ncopies: 1\nname: card', "name the kinds already", 5),
    ('each: {colour: [red, blue]}\nid: "{colour}"\ncopies: 1\nsymbol: "{colour}"',
     "1 to 3 characters", 4),
    ('each: {colour: [red, blue]}\nid: "{colour}"\ncopies: 1\nattributes: {x: "{size}"}',
     "unknown name 'size'", 4),
    (f'each: {{value: {{from: 1, to: {KINDS}}}}}\nid: "v{{value}}"\ncopies: 1',
     f"at most {KINDS}", 1),
    ('each: {value: [1, 2]}\nid: "v{value}"\ncopies: 1\nattributes: {x: {formula: "valu % 5"}}',
     "unknown name 'valu'", 4),
    ('each: {value: [1, 2]}\nid: "v{value}"\ncopies: 1\nattributes: {x: {formula: "value > 1"}}',
     "expected a number", 4),
    ('each: {value: [1, 2000]}\nid: "v{value}"\ncopies: 1\n'
     'attributes: {x: {formula: "value * 1000"}}', "'v2000' would have 2000000 here", 4),
    ('each: {a: {from: 1, to: 100}, b: {from: 1, to: 100}}\nid: "v{a}-{b}"\ncopies: 1',
     f"at most {KINDS}", 1),
]


@pytest.mark.parametrize("body, words, line", MISTAKES)
def test_every_misuse_is_a_located_error(cli, tmp_path, body, words, line):
    path = _write(tmp_path, _generator(body))
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2, err
    first_line = GAME.splitlines().index("COMPONENTS") + 2  # the line after "family:"
    located = re.match(rf"^{re.escape(str(path))}:(\d+):\d+: components\.family", err)
    assert located, err
    assert int(located[1]) == first_line + line - 1, err
    assert words in err, err


def test_two_generators_cannot_make_the_same_kind(tmp_path):
    twice = GENERATED + "\n" + GENERATED.replace("  expedition:", "  again:", 1)
    with pytest.raises(DataError) as error:
        load_ruleset(_write(tmp_path, twice))
    assert error.value.params == {"name": "yellow-2", "other": "expedition"}
    assert error.value.location.path == ("components", "again", "id")


def test_errors_about_a_generated_kind_point_at_its_generator(tmp_path):
    wild = GENERATED.replace("    copies: 1", '    copies: 1\n    wild: true\n    rank: "{value}"',
                             1)
    path = _write(tmp_path, wild)
    with pytest.raises(DataError) as error:
        load_ruleset(path)
    assert error.value.location.path == ("components", "expedition", "rank")
    assert error.value.location.line == path.read_text().splitlines().index(
        '    rank: "{value}"') + 1


def test_a_variant_changes_a_generator_like_any_entry(tmp_path):
    _write(tmp_path, GENERATED)
    variant = tmp_path / "more.yaml"
    variant.write_text("format: 1\nvariant: more\nbase: colours.yaml\nchanges:\n"
                       "  components:\n    expedition:\n      copies: 2\n", encoding="utf-8")
    rules = load_ruleset(variant)
    assert rules.components["blue-4"].copies == 2
    assert rules.total_pieces() == 14
    assert list(game_strings(variant)) == []
