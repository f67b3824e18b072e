"""Test functions run in a process of a language's own, one process a language a session.

The command chooses its catalog when its modules are imported, so what it says in a
language is seen only in a process started in that language. Starting one (Python, the
command's modules, the catalogs) costs more than most of what it is then asked, so each
language's process is started once and answers every call it is sent.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

TESTS = Path(__file__).parent

#: reads calls (module, function, arguments) a line each and answers each with a line of
#: JSON: the value, or the traceback; what the function prints is kept off the answers
SERVE = """
import contextlib, importlib, json, sys, traceback
sys.path.insert(0, sys.argv[1])
answers = sys.stdout
for call in sys.stdin:
    module, function, arguments = json.loads(call)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            answer = {"value": getattr(importlib.import_module(module), function)(*arguments)}
    except Exception:
        answer = {"error": traceback.format_exc()}
    answers.write(json.dumps(answer) + "\\n")
    answers.flush()
"""


class LanguageProcesses:
    """The processes of the languages called so far."""

    def __init__(self) -> None:
        self.processes: dict[str, subprocess.Popen[str]] = {}

    def call(self, language: str, module: str, function: str, *arguments: Any) -> Any:
        """``module.function(*arguments)`` (a test module's, with JSON arguments and value)
        in the process of ``language``."""
        process = self.processes.get(language) or self._start(language)
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps([module, function, arguments]) + "\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        assert answer, f"the process of {language} ended"
        told = json.loads(answer)
        assert "error" not in told, f"{module}.{function} in {language}:\n{told.get('error')}"
        return told["value"]

    def _start(self, language: str) -> subprocess.Popen[str]:
        env = {**os.environ, "LANGUAGE": language, "LC_ALL": "", "LANG": ""}
        process = subprocess.Popen([sys.executable, "-c", SERVE, str(TESTS)], env=env,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        self.processes[language] = process
        return process

    def close(self) -> None:
        for process in self.processes.values():
            assert process.stdin is not None
            process.stdin.close()
            process.wait(timeout=60)
