"""The mechanisms a ruleset can choose from, by the name used in data.

An action's ``mechanism``, a step's ``step`` and the turn order's ``mechanism`` pick a
class here; its other keys configure it. Each mechanism is one module in ``actions/``,
``steps/`` or ``orders/``
and declares, on its class, its name, parameters, move parts, turn memory,
facts, events and rulebook sentence; it registers itself when its module is
imported. ``base`` and ``params`` (with ``play/parts.py``, the parts of a move)
are what the declarations are made of; ``forming`` lists the groups a pool can
form. A new game needing something new adds a general mechanism module, never a
game-specific branch.
"""

from .base import ACTIONS, ORDERS, STEPS, ActionMechanism, OrderMechanism, StepMechanism
from . import actions, orders, steps  # noqa: F401  (their modules register themselves)

__all__ = ["ACTIONS", "ORDERS", "STEPS", "ActionMechanism", "OrderMechanism", "StepMechanism"]
