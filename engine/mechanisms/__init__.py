"""The mechanisms a ruleset can choose from, by the name used in data.

An action's ``mechanism`` and a step's ``step`` pick a class here; its other
keys configure it. A new game needing something new adds a general mechanism
here (and to the schema), never a game-specific branch.
"""

from .base import ActionMechanism, StepMechanism
from .cards import DiscardPending, DrawTo, EndGame, PlaceOnGrid, Skip
from .groups import ReplaceGroup
from .raids import AttackRun, DiscardOwnRun, FromOthersRuns
from .steps import Deal, Fill, MoveAll, SeedAreas, Shuffle, Split
from .taking import TakeKind, TakeOne
from .wilds import SwapWild

ACTIONS: dict[str, type[ActionMechanism]] = {
    "replace-group": ReplaceGroup,
    "swap-wild": SwapWild,
    "take-kind": TakeKind,
    "take-one": TakeOne,
    "draw-to": DrawTo,
    "place-on-grid": PlaceOnGrid,
    "discard-pending": DiscardPending,
    "skip": Skip,
    "end-game": EndGame,
    "from-others-run": FromOthersRuns,
    "discard-own-run": DiscardOwnRun,
    "attack-run": AttackRun,
}

STEPS: dict[str, type[StepMechanism]] = {
    "shuffle": Shuffle,
    "deal": Deal,
    "seed-areas": SeedAreas,
    "fill": Fill,
    "split": Split,
    "move-all": MoveAll,
}

__all__ = ["ACTIONS", "STEPS", "ActionMechanism", "StepMechanism"]
