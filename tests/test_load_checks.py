"""Everything in a data file is checked when it is loaded, never at play time.

Each mistake is written as a variant (or a changed copy) of a shipped ruleset
and must be refused by ``regelwerk rules validate`` with exit 2 and a located
message in the chosen language, quickly.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from regelwerk.engine import DataError, load_ruleset, new_game
from regelwerk.engine.model.builder import ZoneNeeds
from regelwerk.engine.common.limits import SCHEMA_MAXIMA
from regelwerk.engine.data.shipped import shipped_games, shipped_variants
from regelwerk.engine.mechanisms import ACTIONS, STEPS
from regelwerk.engine.mechanisms.base import SENTENCE_WORDS
from regelwerk.engine.model.ruleset import Phase
from regelwerk.engine.data.schema import load_schema
from regelwerk.engine.mechanisms.params import zone_parameters
from regelwerk.engine.common.templates import substitute, template_names
from regelwerk.engine.compiler.trial import TRIAL_SECONDS, trial_setup
from regelwerk.locales import LANGUAGES

#: a small game of the tests that uses the mechanisms no shipped game uses
COLLECT = Path(__file__).parent / "rulesets" / "collect.yaml"
ROWS = COLLECT.with_name("rows.yaml")
TRICKS = COLLECT.with_name("tricks.yaml")
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): ", re.MULTILINE)


def _variant(tmp_path: Path, base: str, changes: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"format: 1\nvariant: v\nbase: {base}\nchanges:\n{changes}",
                    encoding="utf-8")
    return path


def _refused(cli, path: Path, *words: str, lang: str = "en", in_base: bool = False) -> str:
    """Validate ``path``: exit 2, a message located in ``path`` (or in the shipped base
    file, where the mistake shows), quickly; the message."""
    started = time.process_time()
    code, _, err = cli("rules", "validate", str(path), "--lang", lang)
    assert time.process_time() - started < 2, "validation took too long"
    assert code == 2, err
    located = LOCATED.search(err)
    assert located, err
    if in_base:
        assert located["file"].startswith("rules/"), err
    else:
        assert located["file"] == str(path), err
    for word in words:
        assert word in err, err
    return err


def _line(err: str) -> int:
    return int(LOCATED.search(err)["line"])  # type: ignore[index]


def _line_of(path: Path, fragment: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if fragment in line)


# -- 1. the phase graph ------------------------------------------------------

def test_a_loop_of_next_is_refused_where_it_closes(cli, tmp_path):
    path = _variant(tmp_path, "okavango", "  turn:\n    phases:\n      main: {next: take}\n"
                                          "      take: {next: main}\n")
    err = _refused(cli, path, "main → take → main")
    assert _line(err) == _line_of(path, "take: {next: main}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loop_is_told_in_every_language(cli, tmp_path, lang):
    path = _variant(tmp_path, "okavango", "  turn:\n    phases:\n      main: {next: main}\n")
    err = _refused(cli, path, "main → main", lang=lang)
    if lang != "en":
        assert "follow one another" not in err


def test_the_turn_machine_never_spins(okavango):
    """Even a ruleset built around the loader, whose phases loop and offer nothing, ends
    each turn after as many skipped phases as it has: the idle guard then ends the game."""
    looping = {"prepare": Phase("prepare", (), True, "main"), "main": Phase("main", (), False,
                                                                            "prepare")}
    rules = dataclasses.replace(okavango, phases=looping, start_phase="prepare",
                                probe_order={"prepare": (), "main": ()})
    state = new_game(rules, ["a", "b"], seed=3)
    assert state.game_over and state.idle_turns == 2


def test_a_phase_no_turn_reaches_is_refused(cli, tmp_path):
    path = _variant(tmp_path, "okavango",
                    "  turn:\n    phases:\n      extra: {actions: [take]}\n")
    _refused(cli, path, "no turn ever reaches phase 'extra'")


def test_an_action_in_no_phase_is_refused(cli, tmp_path):
    path = _variant(tmp_path, "okavango", "  actions:\n    hoard: {mechanism: take-one, "
                                          "from: river, to: reserve}\n")
    _refused(cli, path, "action 'hoard' is in no phase")


# -- 2. zone capabilities -----------------------------------------------------

def test_an_unordered_zone_where_pieces_are_taken_from_the_top(cli, tmp_path):
    path = _variant(tmp_path, "ogallala", "  zones:\n    pending: {ordered: false}\n")
    err = _refused(cli, path, "zone 'pending' must be ordered here", in_base=True)
    assert "actions.place.from" in err  # the first action that takes from its top


def _zone_lacking(needs: ZoneNeeds, capability: str) -> dict[str, Any]:
    """A zone that has everything ``needs`` asks except ``capability``."""
    scope = needs.scope or ("player" if needs.grid else "shared")
    zone: dict[str, Any] = {"scope": scope, "visibility": "public"}
    if needs.ordered:
        zone["ordered"] = True
    if needs.grid:
        zone["grid"] = {"rows": 2, "columns": 2}
    if needs.capacity:
        zone["capacity"] = 3
    if capability == "scope":
        zone["scope"] = "player" if scope == "shared" else "shared"
        zone.pop("ordered" if zone["scope"] == "player" else "grid", None)
    elif capability == "ordered":
        zone.pop("ordered")
    elif capability == "grid" and needs.grid:
        zone.pop("grid")
    elif capability == "grid":
        zone["grid"] = {"rows": 2, "columns": 2}  # of the scope asked for: any zone may be a grid
        zone.pop("ordered", None)
    elif capability == "capacity":
        zone.pop("capacity")
    elif capability == "seen":
        zone["visibility"] = "hidden"
    return zone


def _capabilities(needs: ZoneNeeds) -> dict[str, str]:
    """Each capability ``needs`` asks for, with the words refusing a zone that lacks it."""
    said = {"scope": "must be shared here" if needs.scope == "shared"
            else "must belong to each player here",
            "ordered": "must be ordered here",
            "grid": "must be a grid here" if needs.grid else "is a grid, but here",
            "capacity": "needs a capacity here",
            "seen": "is hidden, but what it holds decides the moves here"}
    wanted = {"scope": needs.scope, "ordered": needs.ordered, "grid": needs.grid is not None,
              "capacity": needs.capacity, "seen": needs.seen}
    return {name: said[name] for name, asked in wanted.items() if asked}


def _zone_parameters():
    """(game, section, element id, mechanism, key, needs) for every zone parameter a
    shipped ruleset uses."""
    found = []
    for game in (*shipped_games(), str(COLLECT), str(ROWS), str(TRICKS)):
        data = load_ruleset(game).document.data
        sections = [(("actions",), data["actions"], ACTIONS, "mechanism"),
                    (("setup",), data.get("setup", {}), STEPS, "step"),
                    *((("turn", after), data["turn"].get(after, {}), STEPS, "step")
                      for after in ("after", "after_round")),
                    (("hands", "deal"), data.get("hands", {}).get("deal", {}), STEPS, "step")]
        for section, elements, registry, key in sections:
            for element_id, spec in elements.items():
                cls = registry[spec[key]]
                for parameter, needs in zone_parameters(cls.params).items():
                    if parameter.split(".")[0] in spec:
                        found.append((game, section, element_id, spec[key], parameter, needs))
    return found


ZONE_PARAMETERS = _zone_parameters()


def test_every_declared_zone_parameter_is_tried():
    declared = {(name, parameter) for registry in (ACTIONS, STEPS)
                for name, cls in registry.items() for parameter in zone_parameters(cls.params)}
    tried = {(mechanism, parameter) for _, _, _, mechanism, parameter, _ in ZONE_PARAMETERS}
    assert declared == tried


@pytest.mark.parametrize("game,section,element,mechanism,parameter,needs",
                         ZONE_PARAMETERS, ids=lambda v: v if isinstance(v, str) else "")
def test_a_zone_lacking_what_a_mechanism_needs_is_refused(tmp_path, game, section, element,
                                                          mechanism, parameter, needs):
    for capability, words in _capabilities(needs).items():
        wrong = _zone_lacking(needs, capability)
        data = load_ruleset(game).document.data
        spec = data
        for key in section:
            spec = spec[key]
        value: Any = "wrong"
        if isinstance(spec[element].get(parameter), list):
            value = ["wrong"]
        change: dict[str, Any] = {}
        target = change
        for key in (*section, element, *parameter.split(".")[:-1]):
            target = target.setdefault(key, {})
        target[parameter.split(".")[-1]] = value
        change["zones"] = {"wrong": wrong}
        path = tmp_path / f"{capability}.yaml"
        path.write_text(json.dumps({"format": 1, "variant": "v", "base": game,
                                    "changes": change}), encoding="utf-8")
        with pytest.raises(DataError) as caught:
            load_ruleset(path)
        error = caught.value
        assert f"zone 'wrong' {words}" in error.render(), (capability, error.render())
        assert error.location.path[:len(section) + 2] == (*section, element,
                                                         parameter.split(".")[0])


def test_a_step_moving_a_grid_whole_is_refused_where_it_names_the_grid(tmp_path):
    """Pieces go into and out of a grid cell by cell: this validated, then every game
    played with it ended in a TypeError."""
    path = tmp_path / "sweep.yaml"
    path.write_text("format: 1\nvariant: sweep\nbase: connect-four\nchanges:\n  turn:\n"
                    "    after:\n      sweep: {step: move-all, from: grid, to: box}\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    assert caught.value.location.path == ("turn", "after", "sweep", "from")
    assert "is a grid, but here pieces go into it or out of it together" in \
        caught.value.render()


@pytest.mark.parametrize("game,zones,words,in_base", [
    # the kinds lying in the river are the moves of taking and passing
    ("okavango", "    river: {visibility: hidden}\n",
     "zone 'river' is hidden, but what it holds decides the moves here", True),
    # the card on top of an expedition says which cards may follow it
    ("lost-cities", "    expedition: {visibility: hidden}\n",
     "zone 'expedition-yellow' is hidden, but what it holds decides the moves here", True),
    # a hand held facing away: its owner could not choose which card to play
    ("lost-cities", "    hand: {visibility: others}\n",
     "zone 'hand' is held facing away from its owner, but what it holds decides the moves "
     "here", True),
    ("connect-four", "    grid: {visibility: hidden}\n",
     "a grid lies open on the table: its visibility must be 'public'", False),
    ("ogallala", "    site: {visibility: owner}\n",
     "a grid lies open on the table: its visibility must be 'public'", False),
])
def test_a_zone_the_moves_depend_on_must_be_seen(cli, tmp_path, game, zones, words, in_base):
    """What a player may not see is drawn at random for a bot's possible world: moves that
    depend on it would be legal in one world and not in the game."""
    _refused(cli, _variant(tmp_path, game, "  zones:\n" + zones), words, in_base=in_base)


@pytest.mark.parametrize("game,change,words", [
    ("okavango", "  components:\n    lion: {name: [Meerkat, meerkats]}\n",
     "components.lion.name: 'Meerkat' is also the name of 'meerkat'"),
    ("okavango", "  areas:\n    waterhole-2: {name: waterhole 3}\n",
     "'waterhole 3' is also the name of 'waterhole-2'"),
    ("ogallala", "  zones:\n    discard: {name: deck}\n",
     "'deck' is also the name of 'deck'"),
])
def test_two_things_of_one_name_are_refused(cli, tmp_path, game, change, words):
    """Players tell kinds, zones and areas apart by their names, on the screen and in typed
    moves: two of one name (in either form, whatever the case) are refused."""
    _refused(cli, _variant(tmp_path, game, change), words, in_base="areas" in change)


def test_ranks_that_no_condition_compares_are_refused(cli, tmp_path):
    """Connect Four compares no ranks: ranked discs would change nothing, yet the rulebook
    would tell a ranking. Okavango's ranks, which its waterholes compare, load."""
    _refused(cli, _variant(tmp_path, "connect-four", "  components:\n    red: {rank: 2}\n"),
             "components.red.rank: the pieces are ranked, but no condition of this game "
             "compares ranks")
    assert cli("rules", "validate", str(_variant(tmp_path, "okavango", "  components:\n"
                                                 "    lion: {rank: 12}\n", "ok.yaml")))[0] == 0


def test_a_pile_too_small_for_the_depth_of_a_card_is_refused(cli, tmp_path):
    """Coloretto's last-round card goes 15 cards from the bottom of the deck; 500 cards deep
    would have left it on top, ending every game after a few turns. The trial setup for
    each number of players finds it, at validation and before play."""
    path = _variant(tmp_path, "coloretto", "  setup:\n    last-round-in: {from_bottom: 500}\n")
    _refused(cli, path, "setup.last-round-in.from_bottom: in a game of 3 players: zone 'deck' "
                        "holds only 64 pieces here")
    code, _, err = cli("play", str(path), "--players", "bot:easy,bot:easy,bot:easy")
    assert code == 2 and "too few to lay pieces with 500 beneath them" in err


def test_a_kind_of_field_without_a_name_is_refused(cli, tmp_path):
    """The board's legend and the rulebook name every kind of field in the reader's
    language: a kind the terms do not name would show as its bare id."""
    path = _variant(tmp_path, "okavango", "  areas:\n    waterhole-2: {fields: {blue: 3}}\n")
    _refused(cli, path, "areas.waterhole-2.fields.blue: a kind of field needs its name among "
                        "the terms")


def test_a_zone_whose_pieces_are_counted_cannot_be_ordered(cli, tmp_path):
    path = _variant(tmp_path, "okavango", "  zones:\n    reserve: {ordered: true}\n")
    _refused(cli, path, "zone 'reserve' is ordered, but here its pieces are counted by kind",
             in_base=True)


def test_a_zone_is_not_dealt_into_itself(cli, tmp_path):
    path = _variant(tmp_path, "ogallala", "  setup:\n    stacks:\n      to: [stack-1, deck]\n")
    _refused(cli, path, "zone 'deck' cannot be dealt into itself")


# -- 3. templates ---------------------------------------------------------------

@pytest.mark.parametrize("where,words", [
    ("  actions:\n    pass:\n      narration: {took: '{playr} passes.'}\n",
     ["unknown name 'playr'", "player"]),
    ("  zones:\n    river: {text: 'Up to {capacity:>999999999} cards.'}\n",
     ["capacity:>999999999", "plain name"]),
    ("  actions:\n    drink:\n      narration:\n        scored: ['{player.__class__}', "
     "'{player}']\n", ["player.__class__"]),
    ("  actions:\n    take: {text: 'Take {count!r} cards.'}\n", ["count!r"]),
    ("  setup:\n    deal: {text: 'Each ranger draws { cards.'}\n", ["brace"]),
    ("  components:\n    ranger: {text: 'A {name} is wild.'}\n",
     ["unknown name 'name'", "-"]),
    ("  actions:\n    pass:\n      narration: {scored: '{player} scores.'}\n",
     ["no event 'scored'", "took, took-nothing"]),
])
def test_a_template_mistake_is_refused(cli, tmp_path, where, words):
    path = _variant(tmp_path, "okavango", where)
    err = _refused(cli, path, *words)
    assert _line(err) >= 5  # in the variant's changes, not in the base


def test_texts_fill_in_plain_names_only():
    values = {"player": "Ann", "capacity": 13}
    assert substitute("{player} has {capacity}; {{braces}}", values) == \
        "Ann has 13; {braces}"
    assert substitute("{player.__class__} {capacity:>99} {other}", values) == \
        "{player.__class__} {capacity:>99} {other}"
    assert substitute("a lone { brace", values) == "a lone { brace"


def test_every_rulebook_sentence_of_a_mechanism_names_only_its_parameters():
    for registry in (ACTIONS, STEPS):
        for name, cls in registry.items():
            keys = {param.key for param in cls.params} | {"capacity", *SENTENCE_WORDS}
            assert set(template_names(cls.sentence)) <= keys, name
            for flag in cls.params:
                assert set(template_names(getattr(flag, "sentence", ""))) <= keys, name


def test_every_event_sentence_fills_in_only_the_values_it_declares():
    from regelwerk.engine.play.game import EVENTS

    declared = [*EVENTS.values(), *(event for registry in (ACTIONS, STEPS)
                                    for cls in registry.values() for event in cls.events.values())]
    assert len(declared) > 15
    for event in declared:
        assert set(template_names(event.sentence)) <= set(event.values), event.code


@pytest.mark.parametrize("game", ["okavango", "ogallala"])
def test_narration_receives_every_declared_name(tmp_path, game):
    """With every action narrating every event it has, using every name declared for it,
    the narrator fills in them all, whatever happens in a game."""
    from regelwerk.cli.narrate import tell
    from regelwerk.engine import apply, legal_moves
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    base = load_ruleset(game)
    actions = {action_id: {"narration": {code: " ".join(f"<{{{name}}}>" for name in event.values)
                                         for code, event in action.events.items()
                                         if event.sentence}}
               for action_id, action in base.actions.items() if action.events}
    path = tmp_path / "told.yaml"
    path.write_text(json.dumps({"format": 1, "variant": "told", "base": game,
                                "changes": {"actions": actions}}), encoding="utf-8")
    rules = load_ruleset(path)
    text = GameText(rules, translations("en"), "en")
    codes = set()
    for seed in range(3):
        state = new_game(rules, ["a", "b", "c"], seed=seed)
        for turn in range(400):
            if state.game_over:
                break
            moves = list(legal_moves(state))
            state, events = apply(state, moves[(seed + turn) % len(moves)])
            for event in events:
                line = tell(event, text)
                if line is not None and "<" in line:
                    assert "{" not in line, line
                    codes.add(event.code)
    assert len(codes) >= 5, codes  # events were told by the ruleset's own words


# -- 4. points tables ---------------------------------------------------------------

def test_a_points_table_replaces_the_base_table_whole(tmp_path):
    path = _variant(tmp_path, "okavango", "  areas:\n    delta-1: {points: {4: 4, 5: 6}}\n")
    assert load_ruleset(path).areas["delta-1"].points == {4: 4, 5: 6}


@pytest.mark.parametrize("change,words", [
    ("    delta-1: {fields: {white: 4}}\n", ["3 pieces", "placed.count >= area.white"]),
    ("    delta-1: {fields: {dark: 0}, points: {3: 3, 4: 4}}\n", ["4 pieces", "3 fields"]),
    ("    delta-1: {fields: {dark: 20}, points: {3: 3, 12: 12}}\n", ["12 pieces", "formed"]),
])
def test_a_points_entry_that_can_never_be_scored_is_refused(cli, tmp_path, change, words):
    path = _variant(tmp_path, "okavango", "  areas:\n" + change)
    in_base = "points" not in change  # the base's table, no longer reachable
    err = _refused(cli, path, *words, in_base=in_base)
    assert "delta-1.points" in err


# -- 5. numbers ----------------------------------------------------------------------

@pytest.mark.parametrize("value,words", [
    ("8.0", ["expected a whole number, found 8.0"]),
    ("1.0e+9", ["whole number"]),
    ("1000000000", ["at most 10000"]),
    ("1.0e+29", ["whole number"]),
    ("100000", ["at most 10000"]),
])
def test_copies_must_be_a_whole_number_within_bounds(cli, tmp_path, value, words):
    path = _variant(tmp_path, "okavango", f"  components:\n    lion: {{copies: {value}}}\n")
    err = _refused(cli, path, *words)
    assert _line(err) == 6


def test_too_many_pieces_in_all_are_refused(cli, tmp_path):
    kinds = "".join(f"    k{i}: {{copies: 10000}}\n" for i in range(3))
    path = _variant(tmp_path, "okavango", "  components:\n" + kinds)
    _refused(cli, path, "at most 20000", in_base=True)


def test_a_big_legal_number_costs_nothing_until_used(cli, tmp_path):
    path = _variant(tmp_path, "okavango", "  areas:\n    waterhole-2: {fields: {white: 2500}}\n")
    started = time.process_time()
    code, out, err = cli("rules", "validate", str(path))
    assert code == 0, err
    assert time.process_time() - started < 2 + TRIAL_SECONDS  # the random games' budget


def _numbers(node: Any, key: str | None = None, outer: str | None = None):
    """Every number schema in ``node``, with the key of the property it belongs to, as
    ``OUTER.KEY`` where the limits name it so (``zones.count``)."""
    if isinstance(node, dict):
        types = node.get("type")
        if "integer" in ([types] if isinstance(types, str) else types or []):
            yield (f"{outer}.{key}" if f"{outer}.{key}" in SCHEMA_MAXIMA else key), node
        for name, child in node.items():
            if name == "properties" and isinstance(child, dict):
                for property_name, property_schema in child.items():
                    yield from _numbers(property_schema, property_name, key)
            else:
                yield from _numbers(child, key, outer)
    elif isinstance(node, list):
        for child in node:
            yield from _numbers(child, key, outer)


def test_every_number_in_the_schemas_is_bounded_from_one_place():
    for name in ("ruleset", "scenario", "variant"):
        for key, node in _numbers(load_schema(name)):
            assert node.get("maximum") == SCHEMA_MAXIMA[key], (name, key, node)
            assert node.get("minimum", -1) >= -SCHEMA_MAXIMA[key], (name, key, node)
            assert str(SCHEMA_MAXIMA[key]) in node.get("description", ""), (name, key)


# -- 6. every setting effective or refused -------------------------------------------

@pytest.mark.parametrize("game,change,words", [
    ("okavango", "  zones:\n    river: {visibility: owner}\n", ["a shared zone has no owner"]),
    ("connect-four", "  zones:\n    box: {visibility: others}\n", ["a shared zone has no owner"]),
    ("okavango", "  components:\n    ranger: {rank: 3}\n", ["a wild piece has no rank"]),
    ("ogallala", "  lines:\n    canoe:\n      labels: {speed: fast}\n",
     ["'speed' is not a field", "strength"]),
    ("ogallala", "  scoring:\n    canoe:\n      sets:\n        bonus:\n"
                 "          - {parts: [left, middle], points: 5}\n",
     ["no component is the part 'middle'"]),
    ("ogallala", "  actions:\n    place-taken: {line: null, shift_joins: 'card.set != \"\"'}\n",
     ["'shift_joins' needs a 'line'"]),
    ("ogallala", "  actions:\n    sink: {to: out, put_on: top}\n",
     ["zone 'out' has no order"]),
])
def test_a_setting_that_would_do_nothing_is_refused(cli, tmp_path, game, change, words):
    _refused(cli, _variant(tmp_path, game, change), *words)


@pytest.mark.parametrize("command", [("rules", "show", "FILE"),
                                     ("play", "FILE", "--players", "bot:random,bot:random")])
def test_every_command_that_loads_a_file_refuses_its_mistakes(cli, tmp_path, command):
    path = _variant(tmp_path, "okavango", "  turn:\n    phases:\n      main: {next: main}\n")
    code, out, err = cli(*(str(path) if word == "FILE" else word for word in command))
    assert code == 2, out
    assert LOCATED.search(err) and "main → main" in err, err


# -- 7. the trial setup --------------------------------------------------------------

def test_a_trial_that_fails_is_a_located_error(okavango):
    """A ruleset put together around the loader (a setup step of another game, whose zone
    this one lacks) fails its trial with a located error, not a traceback."""
    foreign = load_ruleset("ogallala").setup
    rules = dataclasses.replace(okavango, setup=foreign)
    with pytest.raises(DataError) as caught:
        trial_setup(rules)
    assert "trial game for 2 players fails at its start: KeyError" in caught.value.render()
    assert caught.value.location.path == ("setup",)
    assert caught.value.location.line > 1


def test_a_variant_may_leave_a_term_of_its_base_without_use(cli, tmp_path):
    """Without dark fields, the base's term for them names nothing; the variant is sound."""
    fields = "".join(f"    waterhole-{n}: {{fields: {{white: {n}, dark: null}}}}\n"
                     for n in range(2, 10))
    variant = _variant(tmp_path, "okavango", f"  areas:\n{fields}")
    code, out, err = cli("rules", "validate", str(variant))
    assert code == 0, err


@pytest.mark.parametrize("base,where,words,in_base", [
    ("okavango", "  zones:\n    reserve: {capacity: 5}\n", ["nothing fills zone 'reserve'"],
     False),
    ("okavango", "  areas:\n    delta-1: null\n    delta-2: null\n    delta-3: null\n",
     ["no area is of the type 'delta'"], True),
    ("okavango", "  components:\n    ranger: {wild: false}\n", ["is about wild pieces"], True),
    ("no-thanks", "  components:\n    chip: {wild: true}\n",
     ["'chip' is wild, but nothing in this game lets a piece stand for another"], False),
    # an end counted for a larger board than there is: play would end only when idle
    ("connect-four", "  end:\n    when: 'zone.grid == 48'\n",
     ["end.when: this never holds: zone 'grid' has room for 42 at most, not 48"], False),
    ("okavango", "  areas:\n    waterhole-2: {text: 'A small waterhole.'}\n",
     ["unknown key 'text'"], False),
    ("ogallala", "  zones:\n    discard: {text: 'Up to {rows} rows.'}\n",
     ["unknown name 'rows'"], False),
    # a slip of the pen in a term's key would leave the general word everywhere
    ("okavango", "  terms:\n    pleyer: [warden, wardens]\n",
     ["'pleyer' names nothing in this game", "did you mean 'player'?"], False),
    ("lost-cities", "  terms:\n    purple: purple\n",
     ["'purple' names nothing in this game", "a kind of field of the areas"], False),
    # a word of a condition's own ("the rank of the new herd") is no term's to give
    ("okavango", "  terms:\n    rank: [standing, standings]\n",
     ["'rank' names nothing in this game"], False),
])
def test_a_setting_with_nothing_to_act_on_is_refused(cli, tmp_path, base, where, words,
                                                      in_base):
    _refused(cli, _variant(tmp_path, base, where), *words, in_base=in_base)


def test_every_mistake_the_schema_finds_is_told_at_once(cli, tmp_path):
    """Three misspelt keys: three lines, in file order, each at its place (it took three
    runs of validate to find them)."""
    variant = _variant(tmp_path, "okavango", "  zones:\n    river: {capacty: 5}\n"
                       "    bag: {cuont: 2}\n  actions:\n    drink: {pice: 3}\n")
    code, _, err = cli("rules", "validate", str(variant))
    lines = [line for line in err.splitlines() if line.startswith(str(variant))]
    assert code == 2 and len(lines) == 3, err
    assert ["capacty" in lines[0], "cuont" in lines[1], "pice" in lines[2]] == [True] * 3


@pytest.mark.parametrize("written, line, column", [
    ("when: >-\n        areas.held > 0\n        and players_in > 1\n        and zone.hadn > 0\n",
     10, 13),
    ("when: \"areas.held > 0 and\n        players_in > 1 and zone.hadn > 0\"\n", 8, 28),
    ("when: |-\n        (areas.held > 0 and\n        zone.hadn > 0)\n", 9, 9),
])
def test_a_mistake_in_a_condition_written_over_several_lines_is_shown_where_it_is(
        tmp_path, written, line, column):
    """It was shown on the key's line, at a column past the end of it."""
    path = tmp_path / "folded.yaml"
    path.write_text("format: 1\nvariant: folded\nbase: president\nchanges:\n  actions:\n"
                    "    pass:\n      " + written, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_ruleset(path)
    where = caught.value.location
    assert (where.line, where.column) == (line, column), caught.value.render()
    assert path.read_text().splitlines()[line - 1][column - 1:].startswith("zone.hadn")


def _variant_of(tmp_path, base: str, changes: str):
    path = tmp_path / "trial.yaml"
    path.write_text(f"format: 1\nvariant: trial\nbase: {base}\nchanges:\n{changes}",
                    encoding="utf-8")
    return path


def test_validation_warns_of_areas_never_filled_and_an_end_that_never_comes(tmp_path):
    """With rangers barred from every herd, a waterhole needing nine animals of one kind
    (there are eight) never fills, and each random game ends only because nothing moves."""
    from regelwerk.engine import validated_ruleset

    barred = ("  area_types:\n    waterhole:\n      replace_when: 'new.wilds == 0 and "
              "(new.count > old.count or (new.count == old.count and new.rank > old.rank))'\n"
              "    delta:\n      replace_when: 'new.wilds == 0 and new.count > old.count'\n")
    _, warnings = validated_ruleset(_variant_of(tmp_path, "okavango", barred))
    assert [warning.location.path for warning in warnings] == [
        ("areas", "waterhole-9", "fields", "white"), ("end", "when")]
    assert "area 'waterhole-9' can never fill its fields 'white': there are 9, but a group " \
           "placed there holds at most 8 pieces" in warnings[0].render()
    assert "the end's condition never held" in warnings[-1].render()
    _, warnings = validated_ruleset(_variant_of(tmp_path, "okavango",
                                                "  title: Okavango again\n"))
    assert warnings == []


def test_a_mechanism_failing_in_a_random_trial_game_is_a_located_error(tmp_path, monkeypatch):
    """Whatever a mechanism raises while a game is played, validation names where it is
    written, never a traceback."""
    from regelwerk.engine import validated_ruleset
    from regelwerk.engine.mechanisms.actions.drop import Drop

    def broken(self, state, move, events):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(Drop, "perform", broken)
    with pytest.raises(DataError) as caught:
        validated_ruleset(_variant_of(tmp_path, "connect-four", "  title: Four again\n"))
    assert caught.value.location.path == ("actions", "drop")
    assert "a random trial game of 2 players (seed 1) fails here: ZeroDivisionError" in \
        caught.value.render()


def test_validate_shows_the_warning_and_strict_counts_it_as_an_error(cli, tmp_path):
    never = _variant_of(tmp_path, "no-thanks", "  end: {when: 'turns < 0'}\n")
    code, out, err = cli("rules", "validate", str(never))
    assert code == 0 and "valid: " in out and "warning: " in err and "end.when" in err
    code, out, err = cli("rules", "validate", "--strict", str(never))
    assert code == 2 and "valid: " not in out and "warning: " in err


@pytest.mark.parametrize("path", [shipped for game in shipped_games()
                                  for shipped in (game, *map(str, shipped_variants(game)))],
                         ids=lambda path: Path(path).stem)
def test_no_shipped_game_or_variant_gets_a_warning(path):
    """What `rules validate` warns of for a user's file holds for none of the shipped ones
    (their validation skips the random games: a test checked them, this one)."""
    from regelwerk.engine.compiler.trial import trial_games, unfillable_areas

    rules = load_ruleset(path)
    assert unfillable_areas(rules) == [] and trial_games(rules) == []
