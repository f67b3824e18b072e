"""An adapter imported without its extra says which extra to install."""

from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize("adapter, library, extra", [
    ("openspiel", "pyspiel", "openspiel"), ("openspiel", "numpy", "openspiel"),
    ("pettingzoo", "pettingzoo", "pettingzoo"), ("pettingzoo", "gymnasium", "pettingzoo"),
    ("gymnasium", "gymnasium", "pettingzoo"), ("gymnasium", "numpy", "pettingzoo")])
def test_an_adapter_without_its_library_names_the_extra(monkeypatch, adapter, library, extra):
    module = f"regelwerk.engine.adapters.{adapter}"
    monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setitem(sys.modules, library, None)  # as if it were not installed
    with pytest.raises(ModuleNotFoundError) as missing:
        importlib.import_module(module)
    assert f"pip install 'regelwerk[{extra}]'" in str(missing.value)
    assert missing.value.name == library
    monkeypatch.delitem(sys.modules, module, raising=False)  # imported whole by later tests
