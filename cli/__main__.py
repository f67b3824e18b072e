"""``python -m regelwerk.cli``: the same as the ``regelwerk`` command."""

from regelwerk.cli.launch import run

run()
