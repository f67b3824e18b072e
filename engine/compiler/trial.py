"""Trial games: the last checks of a ruleset before anyone plays it.

Whatever the loader's checks let through and a game would only meet at its
start (a setup that cannot run for some number of players, a first turn that
cannot be offered) shows up in a trial setup, as a located error instead of a
traceback. ``rules validate`` also plays a few random games (``trial_games``): a
mechanism failing in one is a located error, and an end that never came is a warning.
"""

from __future__ import annotations

import random
import time
import traceback
from typing import Any

from ..common.errors import N_, DataError, Phrase
from ..mechanisms.base import ActionMechanism, StepMechanism, StepSettingError
from ..model.protocols import Step
from ..model.ruleset import Area, Ruleset
from ..play.game import apply, legal_moves, new_game
from ..play.state import GameState
from ..zones.groups import GroupStats

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


#: how many random games ``trial_games`` plays for each number of players, the most
#: decisions it plays in one, and the time it may take in all
TRIAL_GAMES, TRIAL_DECISIONS, TRIAL_SECONDS = 8, 2_000, 3.0


def trial_games(rules: Ruleset) -> list[DataError]:
    """Play a few seeded random games for every number of players, within a few seconds:
    a mechanism that fails in one is a located error (raised); an end whose condition held
    in none of them, each ended by the idle check or still going, is a warning (returned).
    (Random players often let a game stall: only an end that never came is a sign.)"""
    started = time.monotonic()
    endings = [_trial_game(rules, count, seed)
               for seed in range(1, TRIAL_GAMES + 1)
               for count in range(rules.min_players, rules.max_players + 1)
               if time.monotonic() - started < TRIAL_SECONDS]
    if not endings or END_REACHED in endings:
        return []
    return [DataError(rules.document.locate(("end", "when")),
                      N_("in {games} random trial games the end's condition never held: "
                         "each ended because nothing moved, or went on past {decisions} "
                         "decisions; the game may never end as it should"),
                      {"games": len(endings), "decisions": TRIAL_DECISIONS})]


#: how a trial game ended: by the end's own condition, by the idle check, or not at all
END_REACHED, STALLED, GOING_ON = "end", "stalled", "going on"


def _trial_game(rules: Ruleset, count: int, seed: int) -> str:
    rng = random.Random(seed)
    state = new_game(rules, _players(count), seed)
    for _ in range(TRIAL_DECISIONS):
        if state.game_over:
            return END_REACHED
        move = None
        try:
            move = rng.choice(list(legal_moves(state)))
            state, events = apply(state, move)
        except Exception as error:  # whatever it is, the author gets a place and words
            raise _failure(rules, count, seed, move, error) from error
        if any(event.code == "stalled" for event in events):
            return STALLED
    return GOING_ON


def _failure(rules: Ruleset, count: int, seed: int, move: Any, error: Exception) -> DataError:
    """Where a trial game failed: the innermost step or action of the data at work when it
    did (else the move's action), and the error."""
    path: tuple = ("actions", move.action) if move is not None else ("turn",)
    frames = traceback.walk_tb(error.__traceback__)
    for frame, _ in frames:
        mechanism = frame.f_locals.get("self")
        if isinstance(mechanism, StepMechanism):
            path = mechanism.path
        elif isinstance(mechanism, ActionMechanism):
            path = ("actions", mechanism.id)
    return DataError(rules.document.locate(path),
                     N_("a random trial game of {count} players (seed {seed}) fails here: "
                        "{error}"),
                     {"count": count, "seed": seed, "error": f"{type(error).__name__}: {error}"})


def unfillable_areas(rules: Ruleset) -> list[DataError]:
    """An area of one kind of piece whose first fields no group could ever fill: more of
    them than the most pieces of one kind the game has, with the wild pieces its type's
    condition lets into a group (a warning: the end or the points may wait for it for
    ever; later fields, a bonus, may stay empty by design)."""
    wilds = sum(rules.components[kind].copies for kind in rules.wild_kinds)
    real = [c for c in rules.components.values() if not c.wild]
    warnings = []
    for area in rules.areas.values():
        if area.type.grouping != "same-kind" or not real or not area.counts:
            continue
        first = next(iter(area.counts))
        most = max(_largest_group(area, component.copies, component.rank, wilds)
                   for component in real)
        if most < area.filled_at[first]:
            warnings.append(DataError(
                rules.document.locate(("areas", area.id, "fields", first)),
                N_("area '{area}' can never fill its fields '{kind}': there are {fields}, but "
                   "a group placed there holds at most {most} pieces (of one kind, with the "
                   "wild pieces its type's 'replace_when' lets in)"),
                {"area": area.id, "kind": first, "fields": area.filled_at[first],
                 "most": most}))
    return warnings


def _largest_group(area: Area, copies: int, rank: int, wilds: int) -> int:
    """The most pieces of a kind with ``copies`` and ``rank`` (and up to ``wilds`` wild
    ones) that may go onto the empty ``area``."""
    empty = GroupStats(0, 0)
    allowed = [copies + w for w in range(wilds + 1)
               if area.type.may_replace(empty, GroupStats(copies + w, rank, w, 1))]
    return max(allowed, default=0)
