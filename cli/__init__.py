"""The ``regelwerk`` command."""
