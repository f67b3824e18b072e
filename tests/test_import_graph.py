"""The layers stay layers: no module of the engine or of the command line imports itself back,
through any chain of imports (at module level, inside functions or for type checking only), and
the command line reaches the engine through its public interface alone (docs/api.md)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the folders as the installed package names them (pyproject's package-dir)
PACKAGES = {"engine": "regelwerk.engine", "cli": "regelwerk.cli", "locales": "regelwerk.locales"}


def _modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


def _imported(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours that ``module`` imports anywhere in its text; ``from P import X``
    counts as importing P (whose ``__init__`` runs first), and P.X too where that is a
    module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.update((name, base) if name in modules else (base,))
    return (found & modules.keys()) - {module}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {module: _imported(module, path, modules) for module, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative),
    each as one cycle through it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(_cycle_through(group, graph))
    return groups


def _cycle_through(group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """One path that leaves the group's first module and comes back to it, inside the group."""
    first = min(group)
    paths = {first: [first]}
    frontier = [first]
    while frontier:
        following = []
        for node in frontier:
            for successor in sorted(graph[node] & group):
                if successor == first:
                    return [*paths[node], first]
                if successor not in paths:
                    paths[successor] = [*paths[node], successor]
                    following.append(successor)
        frontier = following
    raise AssertionError(f"no cycle through {sorted(group)}")


def test_no_module_of_the_engine_or_the_command_line_imports_itself_back() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_the_cycle_finder_names_a_cycle_it_is_given() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}
    assert _cycles(graph) == [["a", "b", "c", "a"]]


def test_relative_imports_are_read_as_the_modules_they_name() -> None:
    graph = _graph()
    assert "regelwerk.engine.model.ruleset" in graph["regelwerk.engine.play.state"]
    assert "regelwerk.engine.common.shown" in graph["regelwerk.engine.mechanisms.actions.drop"]


def test_the_command_line_imports_no_engine_submodule() -> None:
    graph = _graph()
    reaching = sorted(f"{module} imports {target}"
                      for module, targets in graph.items() if module.startswith("regelwerk.cli")
                      for target in targets if target.startswith("regelwerk.engine."))
    assert not reaching, "use regelwerk.engine instead:\n" + "\n".join(reaching)


#: the engine's layers from the bottom (docs/architecture.md): each imports only from itself and
#: those before it
LAYERS = ("common", "data", "conditions", "zones", "model", "play", "mechanisms", "compiler",
          "bots", "matches", "transcripts", "adapters")


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] != ["regelwerk", "engine"] or len(parts) < 3 or parts[2] not in LAYERS:
        return None
    return LAYERS.index(parts[2])


def test_every_folder_of_the_engine_is_a_layer() -> None:
    folders = {path.name for path in (ROOT / "engine").iterdir()
               if (path / "__init__.py").is_file()}
    assert folders == set(LAYERS)


def test_a_layer_imports_only_from_itself_and_the_layers_below() -> None:
    upward = sorted(f"{module} imports {target}" for module, targets in _graph().items()
                    for target in targets
                    if (_layer(module) or 0) < (_layer(target) or 0) and _layer(module) is not None)
    assert not upward, "imports into a later layer:\n" + "\n".join(upward)


def test_every_package_is_installed():
    """A folder of modules missing from pyproject's packages would be left out of a wheel:
    the engine would import in a checkout and fail once installed."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    folders = {module for module, path in _modules().items() if path.name == "__init__.py"}
    assert folders <= listed, f"not in pyproject's packages: {sorted(folders - listed)}"
