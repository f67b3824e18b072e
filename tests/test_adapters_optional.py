"""The adapters are optional: the engine, the command line and the bots import none of the
adapters' libraries, so the base install works without them."""

from __future__ import annotations

import subprocess
import sys

#: what only the extras ``openspiel`` and ``pettingzoo`` install
EXTRAS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")


def test_the_base_package_imports_no_adapter_library():
    code = ("import sys\n"
            "import regelwerk.engine, regelwerk.engine.bots, regelwerk.engine.bots.mcts\n"
            "import regelwerk.engine.play.choices, regelwerk.engine.matches, regelwerk.cli.main\n"
            "import regelwerk.engine.adapters, regelwerk.engine.adapters.position\n"
            "import regelwerk.engine.adapters.encoding, regelwerk.engine.adapters.picture\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {EXTRAS!r}))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"
