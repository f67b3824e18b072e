"""Any ruleset as a single-agent Gymnasium environment whose other seats are regelwerk bots
(engine/adapters/gymnasium.py): observations within their space, an option the mask does not
offer refused, whole games to their reward, seeds that replay the same opponents, and
refusals of a seat or lineup that cannot be. (Gymnasium's own checker steps with actions
drawn from the whole space, which a game with a mask refuses.)"""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

from regelwerk.engine import returns  # noqa: E402
from regelwerk.engine.adapters.gymnasium import env  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checker's advice


def _play(game, seed, **settings):
    """A whole game, the agent always taking its last legal option: the observations seen
    and the rewards."""
    learner = env(game, **settings)
    observation, _ = learner.reset(seed=seed)
    seen, rewards, over = [observation["observation"].tolist()], [], False
    while not over:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0  # the agent is asked only when it has something to choose
        observation, reward, over, truncated, _ = learner.step(int(legal[-1]))
        assert not truncated
        seen.append(observation["observation"].tolist())
        rewards.append(reward)
    return learner, seen, rewards


def test_every_observation_lies_in_its_space_and_an_option_not_offered_is_refused():
    learner = env("lost-cities", opponents="random")
    observation, _ = learner.reset(seed=5)
    assert learner.observation_space.contains(observation)
    assert learner.action_space.n == 113  # whole moves: a card played or discarded, a draw
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        learner.step(illegal)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    observation, *_ = learner.step(legal)
    assert learner.observation_space.contains(observation)


@pytest.mark.parametrize("game, players, seat", [("connect-four", 2, 1), ("no-thanks", 3, 0),
                                                 ("love-letter", 2, 0)])
def test_a_game_is_played_to_its_end_and_rewarded_as_its_result(game, players, seat):
    learner, _, rewards = _play(game, 3, players=players, seat=seat, opponents="random")
    assert all(reward == 0.0 for reward in rewards[:-1])
    assert rewards[-1] == returns(learner.position.state)[seat]
    assert learner.position.state.game_over


def test_the_environment_says_what_kind_of_game_the_rules_make():
    kind = env("love-letter", opponents="random").metadata["game_type"]
    assert (kind["chance"], kind["perfect_information"], kind["simultaneous"]) == \
        (True, False, False)


def test_steps_of_a_move_are_asked_for_by_name():
    learner = env("connect-four", opponents="random", actions="steps")
    observation, _ = learner.reset(seed=5)
    assert learner.action_space.n == learner.space.size
    assert observation["action_mask"].sum() == 1  # the one action, before its column
    observation, *_ = learner.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert observation["action_mask"].sum() == 7


def test_a_seed_replays_the_same_game_and_opponents():
    first = _play("no-thanks", 11, players=3, opponents="greedy")[1]
    again = _play("no-thanks", 11, players=3, opponents="greedy")[1]
    other = _play("no-thanks", 12, players=3, opponents="greedy")[1]
    assert first == again and first != other


@pytest.mark.parametrize("settings, said", [
    ({"seat": 2}, "seat 2 is not one of the 2 seats"),
    ({"opponents": ["greedy", "random"]}, "give one bot for each of the 1 other seats"),
    ({"opponents": "nobody"}, "give one bot for each"),
])
def test_a_seat_or_a_lineup_that_cannot_be_is_refused(settings, said):
    with pytest.raises(ValueError) as refused:
        env("connect-four", **settings)
    assert said in str(refused.value)


def test_the_documented_example_plays_a_game_to_its_reward():
    from test_ai_doc import run_example
    names, printed = run_example("gymnasium")
    assert printed.startswith("reward ") and names["over"]


def test_rendered_as_text_the_table_shows_the_board():
    learner = env("connect-four", opponents="random", render_mode="ansi")
    learner.reset(seed=2)
    learner.step(3)
    drawn = learner.render().splitlines()
    assert drawn[0].startswith("connect-four: player_0 to move (play), turn 3")
    assert sum(row.count("R") + row.count("Y") for row in drawn[-7:-1]) == 2
