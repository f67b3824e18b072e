"""The mechanisms a ruleset can choose from, by the name used in data.

An action's ``mechanism`` and a step's ``step`` pick a class here; its other
keys configure it. Each mechanism declares its name, parameters and move
parts on its class, and registers itself when its module is imported (below).
A new game needing something new adds a general mechanism module here, never
a game-specific branch.
"""

from .base import ACTIONS, STEPS, ActionMechanism, StepMechanism
from . import cards, groups, raids, steps, taking, wilds  # noqa: F401  (they register)

__all__ = ["ACTIONS", "STEPS", "ActionMechanism", "StepMechanism"]
