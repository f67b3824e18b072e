"""A trial setup: the last check of a ruleset before anyone plays it.

Whatever the loader's checks let through and a game would only meet at its
start (a setup that cannot run for some number of players, a first turn that
cannot be offered) shows up here, as a located error instead of a traceback.
"""

from __future__ import annotations

from ..common.errors import N_, DataError, Phrase
from ..mechanisms.base import StepSettingError
from ..model.protocols import Step
from ..model.ruleset import Ruleset
from ..play.game import legal_moves, new_game
from ..play.state import GameState

TRIAL_SEED = 1
#: the seeds of the setups ``kinds_drawn`` watches: a zone that holds one kind by chance in
#: one of them is unlikely to in all
WATCHED_SEEDS = (1, 2, 3)


def trial_setup(rules: Ruleset) -> None:
    """Set up a game for every player count the ruleset allows and list the first moves."""
    for count in range(rules.min_players, rules.max_players + 1):
        players = _players(count)
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


def kinds_drawn(rules: Ruleset) -> dict[tuple, frozenset[str]]:
    """Per setup step that takes pieces from a zone (its ``from``), the kinds that zone held
    when the step ran, over setups for every player count: a step that only ever found one
    kind there gives out that kind (a deal of counters only), which its sentence can
    name."""
    found: dict[tuple, set[str]] = {}

    def note(step: Step, state: GameState) -> None:
        source = step.settings.get("from")
        content = state.shared.get(source) if isinstance(source, str) else None
        if content is not None:
            found.setdefault(step.path, set()).update(content.counts())

    for count in range(rules.min_players, rules.max_players + 1):
        for seed in WATCHED_SEEDS:
            new_game(rules, _players(count), seed, before_step=note)
    return {path: frozenset(kinds) for path, kinds in found.items()}


def _players(count: int) -> list[str]:
    """The names of a trial table of ``count`` players."""
    return [f"P{number}" for number in range(1, count + 1)]
