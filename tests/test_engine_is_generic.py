"""The engine knows no game: no word of a shipped game appears in its code or docstrings."""

from __future__ import annotations

import re
from pathlib import Path

from regelwerk.engine import load_ruleset
from regelwerk.engine.data.shipped import shipped_games

ENGINE = Path(__file__).parent.parent / "engine"


#: words of shipped games that their data does not list as ids or names of the elements read
#: below (zone names, rulebook words)
WORDS_NOT_IN_DATA = {"expedition", "expeditions", "wager", "wagers", "Lost Cities", "yellow",
                     "green", "white"}


#: words a game names its things by that are the engine's own vocabulary too: numbers (a
#: card's rank), a table of data or a card table, set bonuses, the trick climbing is about,
#: a round of turns (a game may call its hands rounds) and a position of a game (a game may
#: name the places in a hand positions)
GENERAL_WORDS = {"three", "four", "five", "seven", "eight", "nine", "tens", "table", "tables",
                 "sets", "trick", "tricks", "round", "rounds", "position", "positions"}


def game_words() -> set[str]:
    """The ids of each shipped game, its components, area types, areas and lines, and its
    own words for them."""
    words: set[str] = set()
    for game in shipped_games():
        rules = load_ruleset(game)
        data = rules.document.data
        words.add(game)
        for section in ("components", "area_types", "areas", "lines"):
            for element_id, spec in data.get(section, {}).items():
                words.add(element_id)
                name = spec.get("name")
                words.update(name if isinstance(name, list) else [name] if name else [])
        # (a term for an attribute of the pieces, 'value' or 'role', is a general word, and so
        # is a term that keeps the general notion's own word: Okavango's areas)
        attributes = {name for kind in rules.components.values() for name in kind.attributes}
        words.update(word for key, term in data.get("terms", {}).items() for word in term
                     if term[0] not in ("player", "card", "point", key)
                     and key not in attributes)
    words |= WORDS_NOT_IN_DATA
    return {word.lower() for word in words if len(word) > 3} - GENERAL_WORDS


def test_no_game_word_in_the_engine():
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(game_words()))) + r")\b",
                         re.IGNORECASE)
    found = [f"{path.relative_to(ENGINE)}:{number}: {line.strip()}"
             for path in sorted(ENGINE.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "game words in engine/:\n" + "\n".join(found)
