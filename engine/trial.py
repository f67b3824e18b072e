"""A trial setup: the last check of a ruleset before anyone plays it.

Whatever the loader's checks let through and a game would only meet at its
start (a setup that cannot run for some number of players, a first turn that
cannot be offered) shows up here, as a located error instead of a traceback.
"""

from __future__ import annotations

from .errors import DataError, N_, Phrase
from .game import legal_moves, new_game
from .mechanisms.base import StepSettingError
from .ruleset import Ruleset

TRIAL_SEED = 1


def trial_setup(rules: Ruleset) -> None:
    """Set up a game for every player count the ruleset allows and list the first moves."""
    for count in range(rules.min_players, rules.max_players + 1):
        players = [f"P{number}" for number in range(1, count + 1)]
        try:
            state = new_game(rules, players, TRIAL_SEED)
            len(legal_moves(state))
        except StepSettingError as error:
            raise DataError(rules.document.locate(error.path),
                            N_("in a game of {count} players: {problem}"),
                            {"count": count, "problem": Phrase(error.message, error.params)}
                            ) from None
        except Exception as error:  # whatever it is, the author gets a place and words
            raise DataError(rules.document.locate(("setup",) if "setup" in rules.document.data
                                                  else ("players",)),
                            N_("a trial game for {count} players fails at its start: {error}"),
                            {"count": count, "error": f"{type(error).__name__}: {error}"}
                            ) from error
