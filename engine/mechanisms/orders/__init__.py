"""The turn orders: who moves after a turn and when a round is over, one module each. Every
module of this folder is imported here, in the order of their names, and each registers its
classes: a new turn order is a new module, with nothing to add elsewhere."""

from importlib import import_module
from pkgutil import iter_modules

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")
