"""Any ruleset as an OpenSpiel game (engine/adapters/openspiel.py): OpenSpiel's own checks,
its bots, the game parameters, and observations that show only what their player sees."""

from __future__ import annotations

import random
import signal
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy  # noqa: E402  (after the skip; installed with OpenSpiel)
from open_spiel.python.algorithms import ismcts, mcts, minimax  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402
from test_ai_doc import run_example  # noqa: E402
from test_bots import _midgame, _shuffle_hidden  # noqa: E402

from regelwerk.engine import load_ruleset, shipped_games  # noqa: E402
from regelwerk.engine.adapters import openspiel  # noqa: E402
from regelwerk.engine.adapters.position import Position  # noqa: E402
from regelwerk.engine.play.choices import ActionSpace  # noqa: E402

#: the players each game is simulated with (the fewest where a game plays slowly, else the most)
PLAYERS = {"okavango": 2, "ogallala": 2, "lost-cities": 2, "coloretto": 5,
           "connect-four": 2, "no-thanks": 7, "president": 4, "hearts": 4,
           "sushi-go": 3, "hanabi": 3, "love-letter": 3, "concentration": 3}
#: games quick enough to be simulated twice
QUICK = {"connect-four", "no-thanks", "coloretto", "president"}


def test_every_shipped_game_is_registered_under_its_name():
    assert set(PLAYERS) == set(shipped_games())
    registered = {t.short_name for t in pyspiel.registered_games()}
    for game in shipped_games():
        assert f"regelwerk_{game.replace('-', '_')}" in registered


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_random_simulation_test(game):
    """OpenSpiel's own test of a game: cloning, legal actions sorted and masked, unique
    action strings, observations and information states of every player at every step,
    returns within the utilities and summing to 1."""
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}",
                               {"players": PLAYERS[game], "seed": 3})
    pyspiel.random_sim_test(loaded, num_sims=2 if game in QUICK else 1,
                            serialize=False, verbose=False)


def play_randomly(state, steps, rng):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game,steps", [("lost-cities", 120), ("ogallala", 120),
                                        ("okavango", 12)])
def test_a_resampled_state_has_the_same_information_state(game, steps):
    """What OpenSpiel's ResampleInfostateTest checks, for every player as play goes on; and
    the player to move has the same choices in the world drawn for it."""
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}", {"seed": 5})
    state, rng = loaded.new_initial_state(), random.Random(5)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(steps):
        if state.is_terminal():
            break
        for player in range(loaded.num_players()):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == \
                state.information_state_string(player)
            assert other.information_state_tensor(player) == \
                state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
            if player == state.current_player():
                assert other.legal_actions() == state.legal_actions()
        play_randomly(state, 3, rng)


@pytest.mark.parametrize("game", ["connect-four", "lost-cities"])
def test_openspiel_mcts_plays_moves(game):
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, max_length=30,
                                            random_state=numpy.random.RandomState(1))
    bot = mcts.MCTSBot(loaded, uct_c=2.0, max_simulations=15, evaluator=evaluator, solve=False)
    state = loaded.new_initial_state()
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("game", ["lost-cities", "ogallala"])
def test_openspiel_ismcts_plays_moves(game):
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, max_length=20,
                                            random_state=numpy.random.RandomState(1))
    bot = ismcts.ISMCTSBot(loaded, evaluator, uct_c=2.0, max_simulations=15,
                           random_state=numpy.random.RandomState(1))
    state = loaded.new_initial_state()
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_same_seed_gives_the_same_game():
    def played(seed):
        state = pyspiel.load_game("regelwerk_lost_cities", {"seed": seed}).new_initial_state()
        return str(play_randomly(state, 60, random.Random(1)))

    assert played(7) == played(7)
    assert played(7) != played(8)


def test_players_and_variant_are_game_parameters():
    game = pyspiel.load_game("regelwerk_ogallala(players=4,variant=two-tribes,seed=2)")
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.position.rules.variant is not None
    assert len(state.position.state.players) == 4
    with pytest.raises(ValueError, match="played by"):
        pyspiel.load_game("regelwerk_ogallala", {"players": 9})


def test_the_game_type_is_read_from_the_rules_of_the_variant_loaded(tmp_path):
    spiel = pyspiel.GameType
    four = pyspiel.load_game("regelwerk_connect_four").get_type()
    assert (four.chance_mode, four.information, four.utility) == (
        spiel.ChanceMode.DETERMINISTIC, spiel.Information.PERFECT_INFORMATION,
        spiel.Utility.ZERO_SUM)
    cards = pyspiel.load_game("regelwerk_lost_cities").get_type()
    assert (cards.chance_mode, cards.information) == (
        spiel.ChanceMode.SAMPLED_STOCHASTIC, spiel.Information.IMPERFECT_INFORMATION)
    variant = tmp_path / "hidden.yaml"
    variant.write_text("format: 1\nvariant: hidden\nbase: connect-four\nchanges:\n"
                       "  zones:\n    discs: {visibility: owner}\n", encoding="utf-8")
    hidden = pyspiel.load_game("regelwerk_connect_four", {"variant": str(variant)}).get_type()
    assert hidden.information == spiel.Information.IMPERFECT_INFORMATION


def test_a_game_played_together_has_one_return_for_the_table():
    """Hanabi's players win or lose together: the utility is identical, and every player's
    return is the table's points."""
    game = pyspiel.load_game("regelwerk_hanabi", {"players": 3, "seed": 2})
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    state, rng = game.new_initial_state(), random.Random(2)
    while not state.is_terminal():  # cards that fit are played (read from the whole state)
        options = {state.action_to_string(a): a for a in state.legal_actions()}
        fitting = _fitting_places(state.position.state)
        wanted = [f'{{"action": "play", "place": {place}}}' for place in fitting] if fitting \
            else [text for text in options if '"play"' not in text]
        chosen = [options[text] for text in wanted if text in options]
        state.apply_action(chosen[0] if chosen else rng.choice(list(options.values())))
    points = state.position.state.scores[0]
    assert points > 0 and state.returns() == [float(points)] * 3


def _fitting_places(game):
    """The places of the mover's hand whose card continues its firework."""
    hand = game.owned["hand"][game.to_move]
    rules = game.rules
    return [place for place, kind in enumerate(hand, 1)
            if rules.components[kind].attributes["value"] == 1 + len(
                game.shared["firework-" + rules.components[kind].attributes["colour"]])]


def drop(state, column):
    """Drop a disc in ``column``: one action, the whole move."""
    (action,) = (a for a in state.legal_actions()
                 if state.action_to_string(a) == f'{{"action": "drop", "column": {column}}}')
    state.apply_action(action)


def test_a_move_is_one_action_where_the_moves_fit_a_bounded_space():
    """Connect Four's moves are its seven columns, one action each (as PettingZoo's
    connect_four_v3); asked for steps, a drop is its action, then its column."""
    game = pyspiel.load_game("regelwerk_connect_four")
    assert game.num_distinct_actions() == 7
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(7))
    state.apply_action(3)
    assert state.current_player() == 1 and len(state.position.record) == 1
    stepped = pyspiel.load_game("regelwerk_connect_four(actions=steps)")
    assert stepped.num_distinct_actions() == ActionSpace.of(load_ruleset("connect-four")).size
    state = stepped.new_initial_state()
    (action,) = state.legal_actions()
    assert state.action_to_string(action) == "action:drop"
    state.apply_action(action)
    assert len(state.legal_actions()) == 7 and state.current_player() == 0


def test_the_steps_are_kept_where_a_move_names_pieces_of_a_group():
    """Okavango's herds are groups of pieces: thousands of moves, no bounded list of them."""
    assert pyspiel.load_game("regelwerk_okavango").num_distinct_actions() == \
        ActionSpace.of(load_ruleset("okavango")).size
    with pytest.raises(ValueError, match="cannot be numbered"):
        pyspiel.load_game("regelwerk_okavango(actions=moves)")


@pytest.mark.parametrize("game", sorted(QUICK))
def test_random_simulation_test_played_in_steps(game):
    """The steps of a move, asked for where whole moves would be chosen."""
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}",
                               {"players": PLAYERS[game], "seed": 4, "actions": "steps"})
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def test_alpha_beta_search_finds_the_winning_drop_in_connect_four():
    """Deterministic, perfect information and zero-sum: OpenSpiel's exact search plays it."""
    game = pyspiel.load_game("regelwerk_connect_four")
    state = game.new_initial_state()
    for column in (1, 2, 1, 2, 1, 2):
        drop(state, column)
    me = state.current_player()
    while not state.is_terminal():
        value, action = minimax.alpha_beta_search(
            game, state, maximum_depth=4, value_function=lambda _: 0.0,
            maximizing_player_id=me)
        assert value == 1.0
        state.apply_action(action)
    assert state.returns()[me] == 1.0 and state.returns()[1 - me] == -1.0
    assert len(state.position.record) == 7  # the seventh disc won


def test_expectiminimax_finds_the_winning_drop_too():
    state = pyspiel.load_game("regelwerk_connect_four").new_initial_state()
    for column in (1, 2, 1, 2, 1, 2):
        drop(state, column)
    assert minimax.expectiminimax(state, 2, lambda _: 0.0, state.current_player()) == (1.0, 0)


def test_a_ruleset_file_of_ones_own_can_be_registered(tmp_path):
    source = load_ruleset("no-thanks").source
    name = openspiel.register(source)
    assert name == "regelwerk_no_thanks" and openspiel.register(source) == name
    game = pyspiel.load_game(name, {"players": 3})
    assert game.num_distinct_actions() == 2  # take the card, or decline it


@pytest.mark.parametrize("game", ["lost-cities", "ogallala", "okavango"])
def test_observations_show_only_what_the_player_sees(game):
    """Dealing again everything the player to move cannot see changes none of its
    observations; the player whose hidden zone changed sees the difference."""
    rules = load_ruleset(game)
    state = _midgame(rules)
    loaded = pyspiel.load_game(f"regelwerk_{game.replace('-', '_')}",
                               {"players": len(state.players)})
    space, record = ActionSpace.of(rules), ('{"action": "an earlier move"}',)
    real = openspiel.RegelwerkState(loaded, Position.at(rules, space, state, record))
    other = openspiel.RegelwerkState(loaded, Position.at(rules, space, _shuffle_hidden(state),
                                                         record))
    me = state.to_move
    assert str(real) != str(other)
    assert real.observation_string(me) == other.observation_string(me)
    assert real.observation_tensor(me) == other.observation_tensor(me)
    assert real.information_state_string(me) == other.information_state_string(me)
    assert real.information_state_tensor(me) == other.information_state_tensor(me)
    if game == "lost-cities":  # the other's hand was dealt again
        them = (me + 1) % len(state.players)
        assert real.observation_tensor(them) != other.observation_tensor(them)


def test_the_example_in_the_ai_doc_runs():
    namespace, printed = run_example("openspiel")
    state = namespace["state"]
    assert len(state.history()) == 20
    lines = printed.splitlines()
    assert len(lines) == 20 and {line.split()[0] for line in lines} == {"0", "1"}


def test_a_state_is_serialised_and_read_back_at_any_step():
    """``state.serialize()`` and ``game.deserialize_state`` (OpenSpiel's pickling of a Python
    state), in the middle of a move too; both copies then play on alike."""
    game = pyspiel.load_game(
        "regelwerk_ogallala(players=3,variant=two-tribes,seed=4,actions=steps)")
    state, rng = game.new_initial_state(), random.Random(2)
    mid_move = 0
    for _ in range(60):
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state) and copy.history() == state.history()
        mid_move += bool(state.position.choices.chosen)
        play_randomly(state, 1, random.Random(rng.random()))
    assert mid_move
    copy = game.deserialize_state(state.serialize())
    assert str(play_randomly(copy, 40, random.Random(9))) == \
        str(play_randomly(state, 40, random.Random(9)))


def test_a_move_being_built_is_seen_by_its_player_alone():
    """The options chosen so far are in the mover's observation; the others see the move
    once it is made."""
    game = pyspiel.load_game("regelwerk_lost_cities", {"seed": 6, "actions": "steps"})
    state = game.new_initial_state()
    mover, other = state.current_player(), 1 - state.current_player()
    before = [state.observation_string(p) for p in (mover, other)]
    while True:
        state.apply_action(state.legal_actions()[0])
        if state.current_player() != mover or not state.position.choices.chosen:
            break
        assert state.observation_string(mover) != before[0]
        assert state.observation_string(other) == before[1]
        assert state.information_state_tensor(other) == \
            game.new_initial_state().information_state_tensor(other)
        assert state.information_state_tensor(mover) != \
            game.new_initial_state().information_state_tensor(mover)
        assert state.information_state_string(other) == \
            game.new_initial_state().information_state_string(other)
    assert state.observation_string(other) != before[1]


def test_an_observation_has_its_fields_in_their_shapes():
    """The observer's ``dict``: Connect Four's grid as planes of 6 rows, 7 columns and a
    channel per colour (row 1 at the top: a disc falls to row 6), each player's discs as
    counts; the flat tensor is the fields one after the other."""
    game = pyspiel.load_game("regelwerk_connect_four")
    state = game.new_initial_state()
    drop(state, 4)
    drop(state, 3)
    drop(state, 4)
    seen = make_observation(game)
    seen.set_from(state, 1)
    cells = seen.dict["grid.cells"]
    assert cells.shape == (6, 7, 2)
    red, yellow = cells[..., 0], cells[..., 1]
    assert red.sum() == 2 and red[5, 3] == red[4, 3] == 1
    assert yellow.sum() == 1 and yellow[5, 2] == 1
    assert seen.dict["discs.counts"].tolist() == [[19, 0], [0, 20]]  # seats × kinds
    assert seen.dict["observer"].tolist() == [0, 1]
    assert numpy.concatenate([field.ravel() for field in seen.dict.values()]).tolist() == \
        state.observation_tensor(1)


def test_a_hand_is_multi_hot_and_another_players_hand_only_its_size():
    game = pyspiel.load_game("regelwerk_lost_cities", {"seed": 3})
    state = game.new_initial_state()
    seen = make_observation(game)
    seen.set_from(state, 0)
    hand = seen.dict["hand.counts"]
    assert hand.shape == (2, 50) and hand[0].sum() == 8 and set(hand[0].tolist()) <= {0, 1}
    assert hand[1].sum() == 0 and seen.dict["hand.shown"].tolist() == [[1, 8], [0, 8]]


def test_the_information_state_tensor_adds_the_players_own_actions():
    """The observation's fields, then how often the player took each action and its latest
    actions, the latest first; another player's actions are not among them."""
    game = pyspiel.load_game("regelwerk_connect_four")
    state = game.new_initial_state()
    for column in (4, 3, 6):
        drop(state, column)
    informed = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    informed.set_from(state, 0)
    observed = len(state.observation_tensor(0))
    assert state.information_state_tensor(0)[:observed] == state.observation_tensor(0)
    assert len(state.information_state_tensor(0)) == observed + 7 + 16 * 7
    assert informed.dict["history.taken"].tolist() == [0, 0, 0, 1, 0, 1, 0]
    last = informed.dict["history.last"]
    assert last.shape == (16, 7) and last[0, 5] == last[1, 3] == 1 and last[2:].sum() == 0
    informed.set_from(state, 1)
    assert informed.dict["history.taken"].tolist() == [0, 0, 1, 0, 0, 0, 0]


def test_a_game_and_state_are_serialised_together_where_nothing_is_left_to_chance():
    """``pyspiel.serialize_game_and_state`` writes the game's string (its parameters) and
    the state; read back, both play on alike, in the middle of a move too."""
    for actions, steps in (("moves", 9), ("steps", 7)):
        game = pyspiel.load_game(f"regelwerk_connect_four(actions={actions})")
        state = play_randomly(game.new_initial_state(), steps, random.Random(steps))
        text = pyspiel.serialize_game_and_state(game, state)
        again, copy = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(game) and again.num_distinct_actions() == \
            game.num_distinct_actions()
        assert str(copy) == str(state) and copy.history() == state.history()
        assert str(play_randomly(copy, 30, random.Random(1))) == \
            str(play_randomly(state, 30, random.Random(1)))


def test_a_game_of_sampled_chance_is_not_serialised_with_its_state():
    """OpenSpiel writes a sampled-chance game's generator beside the state, and its Python
    games cannot give one (``GetRNGState``): the state alone is serialised instead (the
    game's generator is the state's own, seeded by the game's ``seed``)."""
    game = pyspiel.load_game("regelwerk_lost_cities", {"seed": 2})
    state = play_randomly(game.new_initial_state(), 5, random.Random(2))
    with pytest.raises(pyspiel.SpielError, match="GetRNGState"):
        pyspiel.serialize_game_and_state(game, state)
    assert str(game.deserialize_state(state.serialize())) == str(state)


def test_openspiel_cpp_code_that_keeps_the_interpreter_lock_plays_connect_four():
    """A C++ loop over the game (``evaluate_bots``, with OpenSpiel's C++ random bots)
    plays it to the end, with zero-sum returns."""
    game = pyspiel.load_game("regelwerk_connect_four")
    for seed in range(3):
        bots = [pyspiel.make_uniform_random_bot(player, seed) for player in range(2)]
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
        assert sum(returns) == 0 and set(returns) <= {-1.0, 0.0, 1.0}


CPP_MCTS = """
import pyspiel
import regelwerk.engine.adapters.openspiel
from open_spiel.python.games import tic_tac_toe
game = pyspiel.load_game({name!r})
bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 10, 100, False, 1, False)
print("searching", flush=True)
print(bot.step(game.new_initial_state()))
"""


@pytest.mark.parametrize("name", ["regelwerk_connect_four", "python_tic_tac_toe"])
def test_openspiel_cpp_search_cannot_play_a_game_written_in_python(name):
    """``pyspiel.MCTSBot.step`` lets go of Python's interpreter lock while it searches, and
    the search copies the state, which for a game written in Python is Python code
    (``PyState::Clone``): the process dies of a segmentation fault, on regelwerk's games
    and on OpenSpiel's own Python tic-tac-toe alike (docs/ai.md). Should OpenSpiel lift
    this, this test fails and the documentation is to be changed."""
    ran = subprocess.run([sys.executable, "-c", CPP_MCTS.format(name=name)],
                         capture_output=True, text=True, timeout=120)
    assert ran.stdout == "searching\n" and ran.returncode == -signal.SIGSEGV
