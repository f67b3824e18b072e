"""The mechanisms a ruleset can choose from, by the name used in data.

An action's ``mechanism`` and a step's ``step`` pick a class here; its other
keys configure it. Each mechanism is one module in ``actions/`` or ``steps/``
and declares, on its class, its name, parameters, move parts, turn memory,
facts, events and rulebook sentence; it registers itself when its module is
imported. ``base`` and ``params`` (with ``play/parts.py``, the parts of a move)
are what the declarations are made of; ``forming`` lists the groups a pool can
form. A new game needing something new adds a general mechanism module, never a
game-specific branch.
"""

from .base import ACTIONS, STEPS, ActionMechanism, StepMechanism
from . import actions, steps  # noqa: F401  (their modules register themselves)

__all__ = ["ACTIONS", "STEPS", "ActionMechanism", "StepMechanism"]
