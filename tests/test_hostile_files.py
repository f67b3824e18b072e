"""Hostile data files get a clean, located error and exit code 2, quickly."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

ALIAS_BOMB = "\n".join(
    ["a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]" for i in range(8)]
) + "\n"


def _write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


HOSTILE = {
    "alias-bomb.yaml": ALIAS_BOMB.encode(),
    "deep-lists.yaml": b"[" * 20_000 + b"]" * 20_000,
    "deep-maps.yaml": b"{a: " * 20_000 + b"}" * 20_000,
    "python-tag.yaml": b"format: !!python/object/apply:os.system ['touch pwned']\n",
    "duplicate-keys.yaml": b"format: 1\nid: x\nid: y\n",
    "not-utf8.yaml": b"format: 1\ntitle: \"caf\xe9\"\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("command", [("rules", "validate"), ("scenario", "run")])
def test_hostile_file_is_refused_with_a_location(cli, tmp_path, name, command):
    path = _write(tmp_path, name, HOSTILE[name])
    started = time.perf_counter()
    code, out, err = cli(*command, str(path))
    elapsed = time.perf_counter() - started
    assert code == 2
    assert err.startswith(f"{path}:"), err
    line, column = err[len(str(path)) + 1:].split(":")[:2]
    assert line.isdigit() and column.isdigit(), err
    assert "Traceback" not in err
    assert elapsed < 1.0, f"{name} took {elapsed:.2f} s"
    assert not (tmp_path / "pwned").exists()


def test_a_50_mb_file_is_refused_before_reading(cli, tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.write(b"format: 1\n")
        f.write(b"# " + b"x" * 1_000_000 + b"\n")
        f.truncate(50 * 1024 * 1024)
    started = time.perf_counter()
    code, _, err = cli("rules", "validate", str(path))
    assert code == 2
    assert err.startswith(f"{path}:1:1:") and "too large" in err
    assert time.perf_counter() - started < 1.0


def test_duplicate_key_names_both_lines(cli, tmp_path):
    path = _write(tmp_path, "dup.yaml", HOSTILE["duplicate-keys.yaml"])
    _, _, err = cli("rules", "validate", str(path))
    assert err.startswith(f"{path}:3:1:") and "'id'" in err and "line 2" in err


def test_non_utf8_byte_is_located(cli, tmp_path):
    path = _write(tmp_path, "bad.yaml", HOSTILE["not-utf8.yaml"])
    _, _, err = cli("rules", "validate", str(path))
    assert err.startswith(f"{path}:2:12:"), err  # the byte after "caf"
