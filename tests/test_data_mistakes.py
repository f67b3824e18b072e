"""Whatever is wrong in a rules file, loading it ends in a located DataError, never a crash.

Mutations of the shipped ruleset — a value replaced by one of another type, a
key removed, an id renamed — are generated at random; each must either load
or be refused with a DataError that points into the file.
"""

from __future__ import annotations

import copy
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regelwerk.engine import DataError, load_ruleset

from documents import paths_in

from_file = Path(__file__).parent.parent / "rules" / "okavango" / "okavango.yaml"
ORIGINAL = yaml.safe_load(from_file.read_text(encoding="utf-8"))
REPLACEMENTS = st.sampled_from([None, 0, -1, 999, "x", "lake", "new.count >", True, [], {},
                                ["a", "b"], {"step": "fill"}, "waterhole", "1 + true"])


PATHS = [p for p in paths_in(ORIGINAL) if p]


def _mutated(path, replacement, remove: bool, original=ORIGINAL):
    """A deep copy of ``original`` with the value at ``path`` replaced or removed."""
    data = copy.deepcopy(original)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if remove and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), replacement=REPLACEMENTS, remove=st.booleans())
def test_a_mutated_ruleset_loads_or_is_refused_with_a_location(tmp_path_factory, path,
                                                               replacement, remove):
    file = tmp_path_factory.mktemp("mutant") / "okavango.yaml"
    file.write_text(yaml.safe_dump(_mutated(path, replacement, remove), allow_unicode=True),
                    encoding="utf-8")
    try:
        load_ruleset(file)
    except DataError as error:
        assert error.location.file == str(file)
        assert error.location.line >= 1 and error.location.column >= 1
        assert error.render()


SCENARIO_FOLDER = Path(__file__).parent / "scenarios" / "okavango"
EXAMPLE = Path(__file__).parent.parent / "rules" / "okavango" / "examples" / "waterhole.yaml"
SCENARIOS = {path.name: yaml.safe_load(path.read_text(encoding="utf-8"))
             for path in (EXAMPLE, *(SCENARIO_FOLDER / name for name in (
                 "rule-refill-river.yaml", "rule-end-finish-round.yaml",
                 "rule-exchange-ranger.yaml")))}
MUTATIONS = [(name, p) for name, data in SCENARIOS.items() for p in paths_in(data)
             if p and p[0] != "game"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(MUTATIONS), replacement=REPLACEMENTS, remove=st.booleans())
def test_a_mutated_scenario_runs_or_is_refused_with_a_location(tmp_path_factory, where,
                                                               replacement, remove):
    from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario

    name, path = where
    data = _mutated(path, replacement, remove, SCENARIOS[name])
    file = tmp_path_factory.mktemp("mutant") / "scenario.yaml"
    file.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        scenario = load_scenario(file)
    except DataError as error:
        assert error.location.file == str(file) and error.render()
    else:
        run_scenario(scenario)  # failures are reported, not raised
