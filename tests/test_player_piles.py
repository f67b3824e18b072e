"""A zone of each player may be ordered: its pieces keep the order they were laid in, the
top first, in the state, its data, the players' views and scenario files."""

from __future__ import annotations

from pathlib import Path

from regelwerk.engine import GameState, load_ruleset, view
from regelwerk.engine.transcripts.scenario import load_scenario, run_scenario

RULES = """\
format: 1
id: row-game
players: {min: 2, max: 2}
components:
  low: {copies: 4}
  high: {copies: 4}
supply: box
zones:
  box: {scope: shared, visibility: hidden, ordered: true}
  row: {scope: player, visibility: public, ordered: true}
turn:
  start: pass
  phases:
    pass: {actions: [pass]}
actions:
  pass: {mechanism: skip}
end:
  when: "turns >= 2"
"""


def write_rules(tmp_path: Path) -> Path:
    path = tmp_path / "row-game.yaml"
    path.write_text(RULES, encoding="utf-8")
    return path


def test_a_players_pile_keeps_its_order_in_data_and_view(tmp_path):
    rules = load_ruleset(str(write_rules(tmp_path)))
    state = GameState.from_data(rules, {"players": ["anna", "bram"],
                                        "owned": {"row": [["high", "low", "low"], []]}})
    assert list(state.owned["row"][0]) == ["high", "low", "low"]
    state.owned["row"][1].lay(["low"], on_top=True)
    state.owned["row"][1].lay(["high"], on_top=True)
    assert state.to_data()["owned"]["row"] == [["high", "low", "low"], ["high", "low"]]
    assert view(state, "bram").zones["row"] == {"anna": ["high", "low", "low"],
                                                "bram": ["high", "low"]}


def test_scenarios_write_a_players_pile_as_a_list(tmp_path):
    write_rules(tmp_path)
    scenario = tmp_path / "pile.yaml"
    scenario.write_text("""\
game: row-game.yaml
players: [anna, bram]
state:
  zones:
    row: {anna: [high, low], bram: {low: 2}}
steps:
  - expect:
      zones:
        row: {anna: [high, low], bram: [low, low]}
  - move: {action: pass}
    expect:
      zones:
        row: {anna: {low: 1, high: 1}}
""", encoding="utf-8")
    assert run_scenario(load_scenario(scenario)) == []
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(scenario.read_text(encoding="utf-8").replace(
        "bram: [low, low]", "bram: [low, high]", 1).replace("{low: 2}", "{low: 1, high: 1}"),
        encoding="utf-8")
    failures = run_scenario(load_scenario(wrong))
    assert [f.step for f in failures] == [1]
