"""The mechanisms a ruleset can choose from, by the name used in data.

An action's ``mechanism`` and a step's ``step`` pick a class here; its other
keys configure it. A new game needing something new adds a general mechanism
here (and to the schema), never a game-specific branch.
"""

from .base import ActionMechanism, StepMechanism
from .groups import ReplaceGroup
from .steps import Deal, Fill, SeedAreas, Shuffle
from .taking import TakeKind, TakeOne
from .wilds import SwapWild

ACTIONS: dict[str, type[ActionMechanism]] = {
    "replace-group": ReplaceGroup,
    "swap-wild": SwapWild,
    "take-kind": TakeKind,
    "take-one": TakeOne,
}

STEPS: dict[str, type[StepMechanism]] = {
    "shuffle": Shuffle,
    "deal": Deal,
    "seed-areas": SeedAreas,
    "fill": Fill,
}

__all__ = ["ACTIONS", "STEPS", "ActionMechanism", "StepMechanism"]
