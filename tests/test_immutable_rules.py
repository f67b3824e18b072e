"""A loaded ruleset cannot change, and what play learns lives in its PlayCache."""

from __future__ import annotations

import random
import threading
from dataclasses import FrozenInstanceError

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.model.playcache import PlayCache

GAMES = ("okavango", "ogallala")


def mechanisms(rules):
    return [*rules.actions.values(), *rules.setup, *rules.after_turn]


def random_game(rules, seed: int) -> list[dict]:
    """The states of a random game, as data."""
    choose = random.Random(seed)
    state = new_game(rules, ["anna", "bram", "cleo"], seed=seed)
    seen = [state.to_data()]
    while not state.game_over:
        moves = legal_moves(state)
        state, _ = apply(state, moves[choose.randrange(len(moves))])
        seen.append(state.to_data())
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_setting_an_attribute_of_a_loaded_ruleset_fails(game: str) -> None:
    rules = load_ruleset(game)
    with pytest.raises(FrozenInstanceError):
        rules.title = "another"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        rules.anything = 1  # type: ignore[attr-defined]
    for mechanism in mechanisms(rules):
        for name in ("id", "learnt", *vars(mechanism)):
            with pytest.raises(FrozenInstanceError):
                setattr(mechanism, name, None)


@pytest.mark.parametrize("game", GAMES)
def test_playing_adds_nothing_to_the_rules(game: str) -> None:
    rules = load_ruleset(game)
    before = [dict(vars(mechanism)) for mechanism in mechanisms(rules)]
    random_game(rules, 3)
    assert [dict(vars(mechanism)) for mechanism in mechanisms(rules)] == before


@pytest.mark.parametrize("game", GAMES)
def test_threads_sharing_a_ruleset_play_as_one_thread_does(game: str) -> None:
    """Threads share what is learnt, each change under the cache's lock: games played side
    by side are the games played alone."""
    alone = {seed: random_game(load_ruleset(game), seed) for seed in (1, 2)}
    shared = load_ruleset(game)
    together: dict[int, list[dict]] = {}
    threads = [threading.Thread(target=lambda s=seed: together.__setitem__(
        s, random_game(shared, s))) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone


def test_a_learnt_table_stays_within_its_bound() -> None:
    table = PlayCache().bounded(3)
    for key in range(10):
        assert table.remember(key, key * key) == key * key
        assert len(table) <= 3
    assert table[9] == 81


def test_a_table_may_be_made_from_another_table_and_a_learnt_answer() -> None:
    """A factory runs under the cache's lock and may itself read tables and learn (a bot's
    weights made from points the scoring remembers); done in a thread, so that a lock
    taken twice fails the test instead of hanging it."""
    cache = PlayCache()

    def outer(made: PlayCache) -> int:
        memo = made.tables("memo", lambda again: again.bounded(4))
        return memo.remember("inner", made.tables("inner", lambda _: 20)) + 1

    found: list[int] = []
    thread = threading.Thread(target=lambda: found.append(cache.tables("outer", outer)),
                              daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert found == [21]
    assert cache.tables("inner", lambda _: 0) == 20


@pytest.mark.parametrize("game", ["okavango", "ogallala"])
def test_the_tables_of_a_loaded_ruleset_cannot_be_changed(game: str) -> None:
    rules = load_ruleset(game)
    first, first_kind = next(iter(rules.actions)), next(iter(rules.components))
    with pytest.raises(TypeError):
        del rules.actions[first]
    with pytest.raises(TypeError):
        rules.components["new"] = rules.components[first_kind]
    for area in rules.areas.values():
        if not isinstance(area.points, int):
            with pytest.raises(TypeError):
                area.points[1] = 100
    with pytest.raises(AttributeError):
        rules.card_records[first_kind].rank = 3
    assert first in rules.actions
