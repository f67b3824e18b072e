"""Other libraries' game interfaces over any ruleset: OpenSpiel (``openspiel``) and
PettingZoo (``pettingzoo``), installed as the extras ``regelwerk[openspiel]`` and
``regelwerk[pettingzoo]``.

Each of those two modules imports its library; nothing else in regelwerk imports them, so the
base install needs neither. ``position`` (a game played one option id at a time) and
``encoding`` (a view as numbers and text) are what both are built on, and need no library.
"""
