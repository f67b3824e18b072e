"""Other libraries' game interfaces over any ruleset: OpenSpiel (``openspiel``) and
PettingZoo (``pettingzoo``), installed as the extras ``regelwerk[openspiel]`` and
``regelwerk[pettingzoo]``.

Each of those two modules imports its library; nothing else in regelwerk imports them, so the
base install needs neither, and where one is missing, importing its adapter says which extra
to install (``needs_extra``). ``position`` (a game played one action id at a time) and
``encoding`` (a view as numbers and text) are what both are built on, and need no library.
"""

from __future__ import annotations


def needs_extra(missing: ModuleNotFoundError, extra: str) -> ModuleNotFoundError:
    """The error of an adapter imported without its library: which module is missing and
    the extra that installs it (not a bare "No module named 'numpy'")."""
    return ModuleNotFoundError(
        f"No module named {missing.name!r}: this adapter needs the extra regelwerk[{extra}]; "
        f"install it with: pip install 'regelwerk[{extra}]'", name=missing.name)
