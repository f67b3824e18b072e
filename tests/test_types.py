"""The package's type annotations hold: mypy, configured in pyproject.toml, finds no error.

The folders are installed as `regelwerk.engine`, `regelwerk.cli`, … (pyproject's package-dir),
a layout mypy cannot see in the repository itself nor through an editable install; so a
temporary `regelwerk` folder links to them, and its files are what mypy checks (named as files,
not as a package, so that a copy installed in site-packages is never checked in their place)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "cli", "locales", "rules", "schemas")


def test_mypy_finds_no_type_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "regelwerk"
    package.mkdir()
    for name in PACKAGES:
        (package / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))  # module names are taken from here
    monkeypatch.chdir(tmp_path)
    report, errors, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(tmp_path / "cache"),
        "--explicit-package-bases",
        "regelwerk",
    ])
    # paths as they are in the repository: regelwerk/engine/x.py is engine/x.py
    report = re.sub(r"^regelwerk/", "", report, flags=re.MULTILINE)
    assert status == 0, report + errors
    modules = len(list(package.glob("*/**/*.py")))
    assert f"no issues found in {modules} source files" in report  # none was left out
