"""Fuzzing: random rulesets and random saves; nothing that loads fails at play.

Each shipped game's file is changed at random (a value replaced by another of the game's own
values or of the schema's vocabulary, a key removed); a ruleset that still loads must play
random games to their end without an error, and one that does not load is refused with a
located DataError. Saved games are changed at random too: reading and replaying one either
works or is refused with a SaveError, never anything else.

The budget is small by default, so that the suite stays quick; a longer run is
``REGELWERK_FUZZ=2000 python -m pytest tests/test_fuzz.py -p no:cacheprovider`` (examples
per test; ``docs/data-checks.md``).
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from regelwerk.engine import (DataError, SaveError, apply, legal_moves, load_ruleset, new_game,
                              read_log, replay, rules_of)
from regelwerk.engine.data.schema import load_schema
from regelwerk.engine.data.shipped import resolve, shipped_games

from documents import paths_in, value_at

EXAMPLES = int(os.environ.get("REGELWERK_FUZZ", "40"))
#: the most decisions of one random game of a mutant
DECISIONS = 400
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _scalars(value: Any) -> Iterator[Any]:
    """Every scalar of a document: the game's own ids, names, numbers and conditions."""
    for path in paths_in(value):
        item = value_at(value, path)
        if not isinstance(item, (dict, list)):
            yield item
        if isinstance(item, dict):
            yield from item  # keys too: ids of zones, kinds, actions


def _enums(schema: Any) -> Iterator[Any]:
    """The words the schema allows (mechanism names, groupings, directions...)."""
    if isinstance(schema, dict):
        yield from schema.get("enum", ())
        if "const" in schema:
            yield schema["const"]
        for item in schema.values():
            yield from _enums(item)
    elif isinstance(schema, list):
        for item in schema:
            yield from _enums(item)


GAMES = {game: yaml.safe_load(resolve(game).read_text(encoding="utf-8"))
         for game in shipped_games()}
SCHEMA_WORDS = sorted({word for word in _enums(load_schema("ruleset")) if isinstance(word, str)})
VOCABULARY = {game: sorted({repr(s): s for s in (*_scalars(data), *SCHEMA_WORDS, 0, 1, -1,
                                                   2, 50, 10_000, True, False, None, [], {})
                            if s is None or isinstance(s, (str, int, bool, list, dict))
                            }.values(), key=repr)
              for game, data in GAMES.items()}
MUTATIONS = [(game, path) for game, data in GAMES.items() for path in paths_in(data) if path]


def _mutant(game: str, path: tuple, replacement: Any, remove: bool) -> Any:
    data = copy.deepcopy(GAMES[game])
    parent = value_at(data, path[:-1])
    if remove and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(replacement)
    return data


@st.composite
def mutants(draw: Any) -> tuple[str, tuple, Any]:
    """A shipped game with one or two of its values changed."""
    game, path = draw(st.sampled_from(MUTATIONS))
    data = _mutant(game, path, draw(st.sampled_from(VOCABULARY[game])), draw(st.booleans()))
    if draw(st.booleans()):  # a second change, anywhere it still fits
        paths = [p for p in paths_in(data) if p]
        second = draw(st.sampled_from(paths))
        parent = value_at(data, second[:-1])
        parent[second[-1]] = copy.deepcopy(draw(st.sampled_from(VOCABULARY[game])))
        path = (*path, "+", *second)
    return game, path, data


@FUZZ
@given(mutant=mutants(), seed=st.integers(0, 2**32))
def test_a_random_ruleset_that_loads_plays_to_its_end(tmp_path_factory, mutant, seed):
    game, path, data = mutant
    file = tmp_path_factory.mktemp("fuzz") / f"{game}.yaml"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    try:
        rules = load_ruleset(file)
    except DataError as error:
        assert error.location.file == str(file) and error.location.line >= 1
        assert error.render()
        event("refused at load")
        return
    event("loaded and played")
    rng = random.Random(seed)
    for players in sorted({rules.min_players, rules.max_players}):
        state = new_game(rules, [f"p{n}" for n in range(players)], seed)
        for _ in range(DECISIONS):
            if state.game_over:
                break
            moves = list(legal_moves(state))
            assert moves, f"{game} changed at {path}: no move offered, and the game goes on"
            state, _ = apply(state, rng.choice(moves))


def _saved_games(root: Path) -> dict[str, dict]:
    """A few saves of whole games between bots, made once."""
    from typer.testing import CliRunner

    from regelwerk.cli.main import app

    saves = {}
    for game in ("okavango", "president", "connect-four", "sushi-go"):
        path = root / f"{game}.json"
        result = CliRunner().invoke(app, ["play", game, "--players", "bot:random,bot:random,"
                                          "bot:random" if game != "connect-four" else
                                          "bot:random,bot:random", "--seed", "3", "--save",
                                          str(path)])
        assert result.exit_code == 0, result.output
        saves[game] = json.loads(path.read_text(encoding="utf-8"))
    return saves


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    return _saved_games(tmp_path_factory.mktemp("saves"))


SAVE_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                        st.text(max_size=30), st.lists(st.integers(0, 9), max_size=3),
                        st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


@FUZZ
@given(data=st.data())
def test_a_random_save_is_replayed_or_refused_with_a_reason(tmp_path_factory, saved, data):
    game = data.draw(st.sampled_from(sorted(saved)))
    log = copy.deepcopy(saved[game])
    paths = [p for p in paths_in(log) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = value_at(log, path[:-1])
        if isinstance(parent, dict) and data.draw(st.booleans()):
            parent.pop(path[-1], None)
        else:
            parent[path[-1]] = data.draw(SAVE_VALUES)
        paths = [p for p in paths_in(log) if p]
    file = tmp_path_factory.mktemp("save") / "game.json"
    file.write_text(json.dumps(log), encoding="utf-8")
    try:
        read = read_log(file)
        replay(read, rules_of(read, file), file)
    except (SaveError, DataError) as error:  # DataError: the rules file it names
        assert error.message
        event("refused")
    else:
        event("replayed")
