"""The turn machine: setup, legal moves, applying a move, ending turns and games.

A turn moves through the ruleset's phases. A phase offers the moves of its
actions; an optional phase also offers those of the phases after it; a phase
without any move is skipped. When the turn ends, the after-turn steps run and
the end rule is consulted.
"""

from __future__ import annotations

from typing import Any, Iterator, Sequence

from .context import TurnContext
from .scoring import final_points
from .errors import IllegalMove, N_
from .movelist import MoveList
from .moves import Event, Move
from .rng import seed_state
from .ruleset import END_OF_TURN, Phase, Ruleset
from .state import GameState, TurnMemory


class SetupError(ValueError):
    """A game that cannot start as asked (e.g. the wrong number of players)."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


def new_game(rules: Ruleset, players: Sequence[str], seed: int = 0) -> GameState:
    """A game after setup; the first listed player starts."""
    check_players(rules, players)
    state = empty_state(rules, players, seed)
    supply = state.shared[rules.supply]
    for component in rules.components.values():
        supply.lay([component.id] * component.copies, on_top=False)
    events: list[Event] = []
    for step in rules.setup:
        step.run(state, events)
    state.turn = TurnMemory()
    settle(state, rules.start_phase, [])
    return state


def check_players(rules: Ruleset, players: Sequence[str]) -> None:
    if not rules.min_players <= len(players) <= rules.max_players:
        raise SetupError(N_("{game} is played by {min} to {max} players, not {count}"),
                         game=rules.title, min=rules.min_players, max=rules.max_players,
                         count=len(players))
    if len(set(players)) != len(players):
        raise SetupError(N_("every player needs a different name"))


def empty_state(rules: Ruleset, players: Sequence[str], seed: int) -> GameState:
    """A state with every zone and area empty, at the start of the first turn."""
    return GameState.from_data(rules, blank_data(players, seed))


def blank_data(players: Sequence[str], seed: int) -> dict[str, Any]:
    """The data of a state with every zone and area empty, at the start of the first turn,
    for filling in what a position has and passing to ``GameState.from_data``."""
    return {"players": list(players), "rng": seed_state(seed)}


#: how many move lists ``apply`` remembers for trusting the moves they handed out: a few
#: (a game, a bot's possible world); each keeps its moves and its state's containers alive,
#: and keeping many costs every game more in memory than the checks it saves
OFFERED_KEPT = 8


def reachable_phases(state: GameState) -> Iterator[Phase]:
    """The current phase and, while phases are optional, the ones after it."""
    phases = state.rules.phases
    phase = phases[state.phase]
    yield phase
    while phase.optional and phase.next != END_OF_TURN:
        phase = phases[phase.next]
        yield phase


def legal_moves(state: GameState) -> MoveList:
    """Every decision the player to move may take now."""
    if state.game_over:
        return []
    rules = state.rules
    actions = rules.actions
    moves = MoveList(token=state.token)
    for phase in reachable_phases(state):
        for action_id in phase.actions:
            moves.extend(actions[action_id].moves(state))
    offered = rules.cache.offered  # no lock: tokens are unique, a lost entry costs a check
    if len(offered) >= OFFERED_KEPT:
        offered.clear()
    offered[state.token] = (moves, state.fields())
    return moves


def apply(state: GameState, move: Move) -> tuple[GameState, list[Event]]:
    """The state after ``move`` and what happened; IllegalMove leaves ``state`` as it was."""
    if state.game_over:
        raise IllegalMove("game-over", N_("the game is over"))
    rules = state.rules
    action = rules.actions.get(move.action)
    if action is None:
        raise IllegalMove("unknown-action", N_("there is no action '{action}'"),
                          {"action": move.action})
    move = action.canonical(state, move)
    phase = rules.phases[state.phase]
    if move.action not in phase.actions:
        phase = next((p for p in reachable_phases(state) if move.action in p.actions), None)
    if phase is None:
        raise IllegalMove("not-now", N_("'{action}' is not possible now"),
                          {"action": move.action})
    listed = rules.cache.offered.get(state.token)
    if listed is None or not listed[0].handed_out(move, state.token) \
            or listed[1] != state.fields():
        # Trusted without the check: the very moves listed for this state (its token),
        # none of whose fields has been given another value since.
        action.check(state, move)
    new = state.copy()
    new.phase = phase.id
    events: list[Event] = []
    action.perform(new, move, events)
    new.turn.done[move.action] = new.turn.done.get(move.action, 0) + 1
    if rules.end.after_each_move and rules.end.when(TurnContext(new)):
        finish(new, events)
        return new, events
    settle(new, _next_phase(new, rules.transitions[move.action]), events)
    return new, events


def _next_phase(state: GameState, transitions) -> str:
    if transitions[0].when is None:
        return transitions[0].phase  # the common case: no condition to read
    context = TurnContext(state)
    return next(t.phase for t in transitions if t.when is None or t.when(context))


def settle(state: GameState, target: str, events: list[Event]) -> None:
    """Move on to ``target``, skipping phases without moves and ending turns as needed."""
    rules = state.rules
    while not state.game_over:
        if target == END_OF_TURN:
            offer = rules.before_end
            if offer is not None and not state.turn.facts.get("offered") \
                    and offer.when(TurnContext(state)):
                state.turn.facts["offered"] = 1
                target = offer.phase
                continue
            end_turn(state, events)
            target = rules.start_phase
            continue
        phase = rules.phases[target]
        if _has_moves(state, phase):
            state.phase = target
            return
        target = phase.next


def _has_moves(state: GameState, phase: Phase) -> bool:
    return any(action.any_move(state) for action in state.rules.probe_order[phase.id])


def end_turn(state: GameState, events: list[Event]) -> None:
    rules = state.rules
    for step in rules.after_turn:
        step.run(state, events)
    player = state.player
    state.turns_played += 1
    state.idle_turns = 0 if state.turn.moved else state.idle_turns + 1
    events.append(Event("turn-ended", {"player": player}))
    following = (state.to_move + 1) % len(state.players)
    if not state.ending and rules.end.when(TurnContext(state)):
        state.ending = True
        events.append(Event("end-triggered", {"player": player}))
    if state.ending and (not rules.end.finish_round or following == state.start_player):
        finish(state, events)
    elif state.idle_turns >= len(state.players) * rules.end.idle_rounds:
        events.append(Event("stalled", {"turns": state.idle_turns}))
        finish(state, events)
    else:
        state.to_move = following
        state.turn = TurnMemory()


def finish(state: GameState, events: list[Event]) -> None:
    if state.rules.scoring:
        for player, points in enumerate(final_points(state)):
            state.scores[player] += points["total"]
            events.append(Event("final-points", {"player": state.players[player], **points}))
    state.game_over = True
    events.append(Event("game-over", {"scores": dict(zip(state.players, state.scores)),
                                      "winners": list(state.winners())}))


