"""What the table is told and shown once a game is over, for every shipped game and variant
played to its end: nothing a player's zones hold is hidden any more, the game ended for the
reason that came about (of an end condition of alternatives, only those that held), and
the lines of the end write a number below zero with a minus sign, never as "scores -9"."""

from __future__ import annotations

import io
import random
import re
from functools import lru_cache

import pytest
from rich.console import Console

from regelwerk.cli.narrate import tell
from regelwerk.cli.reasons import END, reason
from regelwerk.cli.screen import screen
from regelwerk.engine import (TurnContext, apply, legal_moves, load_ruleset, new_game,
                              shipped_games, view)
from regelwerk.engine.data.shipped import shipped_variants
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText

PLAYERS = ("Anna", "Bram", "Eva", "Ines")
#: random moves enough to end every shipped game (the longest needs about 750)
MOVES = 5000
#: a number below zero written with a hyphen, or a gain of one below zero
HYPHEN_MINUS = re.compile(r"(?:^|[\s(:/|])-\d")


def _sources() -> list[str]:
    return [source for game in shipped_games()
            for source in (game, *map(str, shipped_variants(game)))]


@lru_cache(maxsize=None)
def finished(source: str, seed: int = 1):
    """A game of random moves played to its end: its rules, last state and every event."""
    rules = load_ruleset(source)
    state = new_game(rules, list(PLAYERS[:max(rules.min_players, min(3, rules.max_players))]),
                     seed)
    rng, events = random.Random(seed), []
    for _ in range(MOVES):
        if state.game_over:
            break
        moves = legal_moves(state)
        state, told = apply(state, moves[rng.randrange(len(moves))])
        events += told
    assert state.game_over, source
    return rules, state, tuple(events)


def end_screen(rules, state, text: GameText) -> str:
    """The screen the first player sees as the game ends, as text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen(state, state.players[0], rules, text))
    return console.export_text()


@pytest.mark.parametrize("source", _sources())
def test_nothing_a_player_holds_is_hidden_once_the_game_is_over(source):
    rules, state, _ = finished(source)
    for player in state.players:
        seen = view(state, player)
        for zone in rules.zones.values():
            if zone.scope != "player" or zone.content.faced:
                continue
            hidden = {name: shown for name, shown in seen.zones[zone.id].items()
                      if isinstance(shown, dict) and set(shown) == {"count"}}
            assert not hidden, (player, zone.id, hidden)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", _sources())
def test_the_end_screen_says_no_zone_is_secret(source, language):
    rules, state, _ = finished(source)
    text = GameText(rules, translations(language), language)
    shown = end_screen(rules, state, text)
    secret = [text.secret(zone.id) for zone in rules.zones.values() if zone.scope == "player"]
    assert not [word for word in secret if word in shown], shown


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", _sources())
def test_a_game_is_told_to_have_ended_for_what_came_about(source, language):
    """Of an end condition of alternatives joined by 'or', only those that held are told."""
    rules, state, _ = finished(source)
    text = GameText(rules, translations(language), language)
    context = TurnContext(state)
    for key in ("at_once", "when"):
        condition = getattr(rules.end, key)
        alternatives = rules.end.alternatives.get(key, ())
        if condition is None or not condition(context) or not alternatives:
            continue
        held = [alternative(context) for alternative in alternatives]
        told, whole = reason(text, END, key, state), reason(text, END, key)
        assert (told == whole) == all(held), (key, told)


def test_hanabi_tells_the_fuse_alone_when_it_burnt_out():
    rules, state, _ = finished("hanabi")
    text = GameText(rules, translations("en"), "en")
    assert state.shared["fuses"].size() == 0  # the random game burnt the fuse
    assert reason(text, END, "at_once", state) == "the last fuse token has burnt"
    assert reason(text, END, "at_once") == \
        "the last fuse token has burnt or every firework is complete"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", _sources())
def test_numbers_below_zero_are_written_with_a_minus_sign(source, language):
    rules, state, events = finished(source)
    text = GameText(rules, translations(language), language)
    lines = [line for line in (tell(event, text) for event in events) if line]
    lines += end_screen(rules, state, text).splitlines()
    assert not [line for line in lines if HYPHEN_MINUS.search(line)]


def test_points_lost_are_told_as_lost():
    rules, state, events = finished("no-thanks")
    text = GameText(rules, translations("en"), "en")
    chips = [tell(event, text) for event in events
             if event.code == "zone-points" and event.params["zone"] == "chips"]
    assert chips and all(" loses " in line and "−" not in line for line in chips), chips
