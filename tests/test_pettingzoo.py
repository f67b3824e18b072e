"""Any ruleset as a PettingZoo AEC environment (engine/adapters/pettingzoo.py): PettingZoo's
api_test, seeds, action masks, and observations that show only what their agent sees."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402
from test_ai_doc import run_example  # noqa: E402
from test_bots import _midgame, _shuffle_hidden  # noqa: E402

from regelwerk.engine import load_ruleset, shipped_games  # noqa: E402
from regelwerk.engine.adapters.pettingzoo import env, parallel_env  # noqa: E402
from regelwerk.engine.adapters.position import Position  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dicts


@pytest.mark.parametrize("game", sorted(shipped_games()))
def test_api_test(game):
    """PettingZoo's test of an environment; a whole game is played in each but Okavango,
    whose decisions take longest to build (a hundred rounds of it are played)."""
    api_test(env(game), num_cycles=100 if game == "okavango" else 1000)


@pytest.mark.parametrize("game", ["connect-four", "love-letter", "ogallala"])
def test_api_test_played_in_steps(game):
    api_test(env(game, actions="steps"), num_cycles=1000)


def test_a_move_is_one_step_where_the_moves_fit_a_bounded_space():
    """As PettingZoo's connect_four_v3: Discrete(7), one step a disc; every seat's move
    lands one disc. A game of groups of pieces is played in steps, and asked for whole
    moves says why it cannot be."""
    four = env("connect-four")
    four.reset(seed=3)
    assert four.action_space("player_0").n == 7
    assert four.observation_space("player_0")["action_mask"].shape == (7,)
    for turn, agent in enumerate(["player_0", "player_1"] * 3):
        assert four.agent_selection == agent
        assert four.observe(agent)["action_mask"].tolist() == [1] * 7
        four.step(turn % 2)
    assert dict(four.position.state.shared["grid"]) == {
        (row, column): colour for row in (6, 5, 4)
        for column, colour in ((1, "red"), (2, "yellow"))}
    assert env("okavango").action_space("player_0").n == env(
        "okavango", actions="steps").action_space("player_0").n
    with pytest.raises(ValueError, match="cannot be numbered"):
        env("president", actions="moves")
    with pytest.raises(ValueError, match="actions are one of"):
        env("connect-four", actions="whole")


def play(game, seed, steps, rewards=None):
    """The agents and options of a game played by always taking the last legal option
    (each agent's reward at the end into ``rewards``)."""
    played = env(game, players=3)
    played.reset(seed=seed)
    taken = []
    for agent in played.agent_iter(steps):
        observation, reward, terminated, _, _ = played.last()
        if terminated:
            if rewards is not None:
                rewards[agent] = reward
            played.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        taken.append((agent, int(legal[-1])))
        played.step(int(legal[-1]))
    return taken, played


def test_the_same_seed_gives_the_same_game():
    first, second = play("ogallala", 4, 200), play("ogallala", 4, 200)
    assert first[0] == second[0]
    assert first[1].position.state.to_data() == second[1].position.state.to_data()
    assert play("ogallala", 5, 200)[1].position.state.to_data() != \
        first[1].position.state.to_data()


def test_a_whole_game_ends_with_the_winners_rewarded():
    rewards = {}
    _, played = play("no-thanks", 1, 10_000, rewards)
    assert not played.agents
    state = played.position.state
    assert state.game_over
    winners = state.winners()
    assert rewards == {agent: 1 / len(winners) if name in winners else 0.0
                       for agent, name in zip(played.possible_agents, state.players)}


def test_only_the_agent_to_move_has_legal_options():
    played = env("coloretto", players=4)
    played.reset(seed=2)
    for agent in played.agents:
        mask = played.observe(agent)["action_mask"]
        assert mask.any() == (agent == played.agent_selection)


@pytest.mark.parametrize("game", ["lost-cities", "ogallala", "okavango"])
def test_observations_show_only_what_the_agent_sees(game):
    rules = load_ruleset(game)
    state = _midgame(rules)
    played = env(game, players=len(state.players))
    played.reset(seed=1)
    me = f"player_{state.to_move}"
    seen = []
    for dealt in (state, _shuffle_hidden(state)):
        played.position = Position.at(rules, played.space, dealt, ())
        seen.append(played.observe(me))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_the_example_in_the_ai_doc_runs():
    namespace, printed = run_example("pettingzoo")
    rewards = {line.split()[0]: float(line.split()[1]) for line in printed.splitlines()}
    assert set(rewards) == {"player_0", "player_1", "player_2"}
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert namespace["game"].position.state.game_over


def test_a_variant_and_a_ruleset_file_make_environments():
    variant = env("ogallala", players=4, variant="two-tribes")
    assert variant.rules.variant is not None and len(variant.possible_agents) == 4
    own = env(load_ruleset("connect-four").source, actions="steps")
    own.reset(seed=1)
    (action,) = np.flatnonzero(own.observe(own.agent_selection)["action_mask"])
    own.step(int(action))  # the one action, then its column: any of seven
    assert own.observe(own.agent_selection)["action_mask"].sum() == 7
    with pytest.raises(ValueError, match="played by"):
        env("connect-four", players=3)


@pytest.mark.parametrize("game", ["connect-four", "lost-cities", "concentration"])
def test_api_test_of_observations_in_their_shapes(game):
    api_test(env(game, shaped=True), num_cycles=300)


def test_a_shaped_observation_holds_the_grid_as_planes():
    four = env("connect-four", shaped=True)
    four.reset(seed=1)
    four.step(3)
    seen = four.observe("player_1")["observation"]
    assert four.observation_space("player_1")["observation"]["grid.cells"].shape == (6, 7, 2)
    assert seen["grid.cells"][5, 3].tolist() == [1, 0] and seen["grid.cells"].sum() == 1
    flat = env("connect-four")
    flat.reset(seed=1)
    flat.step(3)
    assert np.concatenate([field.ravel() for field in seen.values()]).tolist() == \
        flat.observe("player_1")["observation"].tolist()


def test_the_environment_says_what_kind_of_game_the_rules_make():
    assert env("connect-four").metadata["game_type"] == {
        "simultaneous": False, "chance": False, "perfect_information": True,
        "utility": "constant-sum"}
    cards = env("lost-cities").metadata["game_type"]
    assert (cards["chance"], cards["perfect_information"]) == (True, False)
    assert env("sushi-go").metadata["game_type"]["simultaneous"]
    assert env("hanabi", players=3).metadata["game_type"]["utility"] == "shared"


@pytest.mark.parametrize("game, players", [("sushi-go", 2), ("sushi-go", 4), ("hearts", 4),
                                           ("love-letter", 3)])
def test_parallel_api_test(game, players):
    parallel_api_test(parallel_env(game, players=players), num_cycles=2000)


def _lowest_everywhere(played, parallel):
    """A whole game, every agent asked taking its lowest legal action: the final state."""
    if parallel:
        observations, _ = played.reset(seed=8)
        while played.agents:
            observations, *_ = played.step({
                agent: int(np.flatnonzero(seen["action_mask"])[0])
                for agent, seen in observations.items() if seen["action_mask"].any()})
        return played.position.state
    played.reset(seed=8)
    for agent in played.agent_iter():
        seen, _, terminated, _, _ = played.last()
        played.step(None if terminated else int(np.flatnonzero(seen["action_mask"])[0]))
    return played.position.state


def test_choices_made_at_once_are_asked_of_everyone_together():
    """At the start of a round of Sushi Go! every agent is asked, each from what it sees
    before anyone has picked; their picks are played in the rules' order, so a game played
    in parallel is the game the AEC environment plays with the same choices."""
    together = parallel_env("sushi-go", players=3)
    observations, _ = together.reset(seed=8)
    assert all(seen["action_mask"].any() for seen in observations.values())
    before = together.position.state
    picks = {agent: int(np.flatnonzero(seen["action_mask"])[-1])
             for agent, seen in observations.items()}
    together.step(picks)
    assert len(together.position.record) >= 3  # all three picks are played
    assert {seat: ids[0] for seat, ids in ((s, together.position.taken_by(s))
                                           for s in range(3))} == \
        {seat: picks[f"player_{seat}"] for seat in range(3)}
    assert together.position.state.turns_played > before.turns_played
    assert _lowest_everywhere(parallel_env("sushi-go", players=3), True).to_data() == \
        _lowest_everywhere(env("sushi-go", players=3), False).to_data()


def test_a_turn_that_goes_on_after_a_pick_asks_its_player_alone():
    """Where a player picks again in its turn (chopsticks), the others wait, asked nothing,
    their picks made and not yet played."""
    together = parallel_env("sushi-go", players=2)
    observations, _ = together.reset(seed=1)
    players = together.position.state.players

    def wanted(id_):  # chopsticks, and a second pick with them, first
        move = together.moves.move(id_, players)
        return move.action != "second" and move.get("kind") != "chopsticks", id_

    alone = 0
    while together.agents:
        asked = [agent for agent, seen in observations.items() if seen["action_mask"].any()]
        if len(asked) == 1:
            alone += 1
            assert together.position.seat == int(asked[0][-1])
        observations, *_ = together.step({
            agent: min(map(int, np.flatnonzero(observations[agent]["action_mask"])), key=wanted)
            for agent in asked})
    assert alone and together.position.state.game_over


def test_a_parallel_environment_takes_whole_moves():
    with pytest.raises(ValueError, match="cannot be numbered"):
        parallel_env("okavango")


def test_the_parallel_example_in_the_ai_doc_runs():
    namespace, printed = run_example("parallel")
    assert not namespace["table"].agents and namespace["table"].position.state.game_over
    assert sum(namespace["rewards"].values()) == pytest.approx(1.0)


def test_rendered_as_text_the_table_shows_the_board():
    four = env("connect-four", render_mode="ansi")
    four.reset(seed=1)
    for column in (3, 3, 2):
        four.step(column)
    drawn = four.render().splitlines()
    assert drawn[0] == "connect-four: player_1 to move (play), turn 4"
    assert "grid: (R red · Y yellow)" in drawn
    assert drawn[-3:] == ["  . . . Y . . .", "  . . R R . . .", "points: player_0 0, player_1 0"]
    assert "discs of player_0: red ×19" in drawn


def test_rendered_as_text_every_zone_is_shown_as_someone_who_sees_it_sees_it():
    """A hand as its owner sees it; Hanabi's hands, which their owners do not see, as the
    others do; a face-down deck by how many cards it holds."""
    cards = env("lost-cities", render_mode="ansi")
    cards.reset(seed=2)
    state, drawn = cards.position.state, cards.render()
    for seat, agent in enumerate(cards.possible_agents):
        hand = state.owned["hand"][seat].counts()
        assert f"hand of {agent}: " + ", ".join(f"{kind} ×{n}" for kind, n in sorted(
            hand.items())) in drawn
    assert f"deck: {len(state.shared['deck'])} unseen" in drawn
    fireworks = env("hanabi", players=3, render_mode="ansi")
    fireworks.reset(seed=2)
    hand = list(fireworks.position.state.owned["hand"][0])
    assert f"hand of player_0: {', '.join(hand)} (top first)" in fireworks.render()


def test_the_terminals_board_is_a_renderer_an_environment_takes():
    """The engine draws no words of any language; the command line's board does, and an
    environment takes it (or any function of a state) as its renderer."""
    from regelwerk.cli.board import board_text

    four = env("connect-four", render_mode="ansi", renderer=board_text)
    four.reset(seed=1)
    four.step(3)
    drawn = four.render()
    assert drawn.startswith("Connect Four") and "│ 6│ · │ · │ · │ R │" in drawn
    assert env("connect-four").render() is None
    with pytest.raises(ValueError, match="render modes: ansi"):
        env("connect-four", render_mode="human")
    table = parallel_env("sushi-go", render_mode="ansi", renderer=lambda state: state.phase)
    table.reset(seed=1)
    assert table.render() == "pick"
