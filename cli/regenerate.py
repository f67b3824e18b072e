"""Rewrite every generated file of the repository, in the order they depend on one another:
the ruleset schema's mechanism part, the digests of the shipped rules and of their catalogs, the
program's catalog template and the help screens. After adding or changing a mechanism, a
shipped game, a schema, a catalog or a command: ``python -m regelwerk.cli.regenerate``. Each
file has a test that fails while it is stale."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (what it writes, the module that writes it, its arguments)
STEPS = (
    ("schemas/ruleset.schema.json", "regelwerk.engine.compiler.schemas", ()),
    ("rules/checked.json", "regelwerk.engine.compiler.shippedrecord", ()),
    ("rules/checked-catalogs.json", "regelwerk.locales.gamecatalog", ()),
    ("locales/regelwerk.pot", "babel.messages.frontend",
     ("extract", "-F", "babel.cfg", "-k", "say", "-k", "NN_:1,2",
      "--add-comments=TRANSLATORS:", "--sort-by-file", "--no-wrap", "--project=regelwerk",
      "-o", "locales/regelwerk.pot", ".")),
    ("cli/helpdata.py", "regelwerk.cli.helpgen", ()),
)


def main() -> None:
    environment = {**os.environ, "LANGUAGE": "en"}  # the help screens hold message ids
    for written, module, arguments in STEPS:
        print(f"{written} ({module})", flush=True)
        done = subprocess.run([sys.executable, "-m", module, *arguments], cwd=ROOT,
                              env=environment, capture_output=True, text=True)
        if done.returncode:
            sys.exit(done.stdout + done.stderr)


if __name__ == "__main__":
    main()
