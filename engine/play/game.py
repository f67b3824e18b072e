"""The turn machine: setup, legal moves, applying a move, ending turns and games.

A turn moves through the ruleset's phases. A phase offers the moves of its
actions; an optional phase also offers those of the phases after it, and when
the turn ends after it, the built-in decision to end the turn; a phase without
any move of its actions is skipped. When the turn ends, the after-turn steps run, the
end rule is consulted and the turn order (``mechanisms/orders/``) names who moves next.
"""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from ..common import shown
from ..common.errors import N_, IllegalMove, Phrase
from ..common.events import EventType, by_code
from ..common.limits import SEED
from ..common.moves import Event, Move
from ..common.playernames import names_problem
from ..common.rng import seed_state
from ..conditions.expressions import Expression
from ..model.ruleset import END_OF_TURN, HandRule, Phase, Ruleset, phases_from
from . import scoring
from .movelist import MoveList
from .rounds import HANDS, new_hand, seats_in
from .scoring import final_points, scored_zones
from .state import GameState, TurnMemory
from .turncontext import TurnContext, worked_out_for

if TYPE_CHECKING:
    from ..model.protocols import Action, Step


#: the counter of the turns left once the end has come, with the end's ``last_turns``
LAST_TURNS = "last-turns"

#: the events of the turn machine itself (see ``events``)
EVENTS = by_code(
    EventType("turn-ended", ""),
    # why a step of the turn did not happen: it had no possible move (an optional one is
    # passed over without a word)
    EventType("skipped", N_("No move is possible for {player} at this step ({phase}); it is "
                            "skipped."), {"player": shown.player(), "phase": shown.phase()}),
    # the end's condition holds, and the round, or one more turn each, is still played
    EventType("end-triggered", N_("This is the last round: {reason}."),
              {"reason": shown.rule("when", "end")}),
    EventType("last-turns", N_("Every player takes one last turn: {reason}."),
              {"reason": shown.rule("when", "end")}),
    # a condition of an action's ``then`` ended the turn: the game's reason, else it in words
    EventType("turn-over", N_("{player}'s turn ends, because {reason}."),
              {"player": shown.player(), "reason": shown.branch_reason()}),
    EventType("stalled", N_("The game ends, because {reason}."),
              {"reason": shown.rule("idle_rounds", "end")}),
    EventType("final-points",
              N_("{player}: {total} {unit} ({runs} for the {groups}, {cards} for the {pieces}, "
                 "{sets} for sets)"),
              {"player": shown.player(), "total": shown.number("total"),
               "unit": shown.term("point", "total"), "runs": shown.number("runs"),
               "groups": shown.term("group", plural=True), "cards": shown.number("cards"),
               "pieces": shown.term("piece", plural=True), "sets": shown.number("sets")},
              count="total"),
    EventType("zone-points", N_("{player} scores {points} {unit} for {zone:def}."),
              {"player": shown.player(), "points": shown.number("points"),
               "unit": shown.term("point", "points"), "zone": shown.zone()}, count="points",
              lost=N_("{player} loses {points} {unit} for {zone:def}.")),
    EventType("total-points", N_("{player}: {total} {unit} in all."),
              {"player": shown.player(), "total": shown.number("total"),
               "unit": shown.term("point", "total")}, count="total"),
    EventType("hand-points", N_("{player}: {points} {unit} for this {hand:bare}; in all: {total}."),
              {"player": shown.player(), "points": shown.number("points"),
               "unit": shown.term("point", "points"), "hand": shown.term("hand"),
               "total": shown.number("total")}, count="points"),
    EventType("game-over", ""),
    EventType("hand-over", N_("{hand:Def} is over."),
              {"number": shown.number("number"), "hand": shown.term("hand")}),
    # a hand's own ``points`` changed what was counted, told once for the hand (a game's
    # own words, ``hands.narration``, say what happened)
    EventType("points-instead", N_("By the rule of {hand:def}, the points counted change: "
                                   "{player}, who counted the most, scores {points} {unit}."),
              {"player": shown.player(), "points": shown.number("points"),
               "hand": shown.term("hand"), "unit": shown.term("point", "points"),
               "counted": shown.number("counted")}, count="points"),
    EventType("hand-shown", N_("{player} shows {pieces:acc}."),
              {"player": shown.player(), "pieces": shown.pieces("pieces")}),
    EventType("hand-won", N_("{player} wins {hand:def} and scores {point:indef}."),
              {"player": shown.player(), "hand": shown.term("hand"),
               "point": shown.term("point")}),
    EventType("hand-dealt", N_("The next {hand:bare} is dealt; {player} begins."),
              {"number": shown.number("number"), "player": shown.player(),
               "hand": shown.term("hand")}),
    EventType("hand-dealt-exchange", N_("The next {hand:bare} is dealt; first, the "
                                        "{pieces:bare} to pass on are chosen."),
              {"number": shown.number("number"), "hand": shown.term("hand"),
               "pieces": shown.term("piece", plural=True)}),
    *scoring.EVENTS.values(),
)

#: the events a phase of the turn makes, which its ``narration`` may tell in the game's words
PHASE_EVENTS = {code: EVENTS[code] for code in ("skipped",)}
#: what a line's scoring tells in the game's words, where it is the game's only scoring
LINE_SCORING_EVENTS = {code: EVENTS[code] for code in ("final-points",)}
#: the events of a game's hands, which ``hands.narration`` may tell in the game's words
HAND_EVENTS = {code: EVENTS[code] for code in ("points-instead",)}


class SetupError(ValueError):
    """A game that cannot start as asked (e.g. the wrong number of players)."""

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message.format(**params))
        self.message = message
        self.params = params


def new_game(rules: Ruleset, players: Sequence[str], seed: int = 0, *,
             before_step: Callable[[Step, GameState], None] | None = None
             ) -> GameState:
    """A game after setup; the first listed player starts. ``before_step`` is shown each
    setup step that happens and the state just before it (the rulebook learns what a step
    deals from it)."""
    if not isinstance(rules, Ruleset):
        raise TypeError(f"new_game needs a Ruleset (see load_ruleset), not "
                        f"{type(rules).__name__}")
    check_players(rules, players)
    if type(seed) is not int or not 0 <= seed <= SEED:
        raise SetupError(N_("a seed is a whole number from 0 to 2^64 - 1"))
    state = empty_state(rules, players, seed)
    supply = state.writable(rules.supply)
    for component in rules.components.values():
        supply.lay([component.id] * component.copies, on_top=False)
    events: list[Event] = []
    for step in rules.setup:
        if step.happens(len(players)):
            if before_step is not None:
                before_step(step, state)
            step.run(state, events)
    state.turn = TurnMemory()
    rules.order.begin(state)
    settle(state, rules.order.first_phase(state), [])
    return state


def check_players(rules: Ruleset, players: Sequence[str]) -> None:
    if not (isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players)):
        raise SetupError(N_("the players are a list of names"))
    wrong = player_count_problem(rules, len(players))
    if wrong is not None:
        raise SetupError(wrong.message, **wrong.params)
    problem = _names_problem(tuple(players))
    if problem is not None:
        raise SetupError(problem.message, **problem.params)


@lru_cache(maxsize=256)
def _names_problem(names: tuple[str, ...]) -> Phrase | None:
    """``names_problem``, remembered: the same table plays game after game (its Unicode
    checks cost more than a short game's setup)."""
    return names_problem(names)


def player_count_problem(rules: Ruleset, count: int) -> Phrase | None:
    """Why ``count`` players cannot play ``rules`` (None when they can)."""
    low, high = rules.min_players, rules.max_players
    if low <= count <= high:
        return None
    params = {"game": rules.title, "min": low, "max": high, "count": count}
    if low == high:
        return Phrase(N_("{game} is played alone, not by {count}") if low == 1 else
                      N_("{game} is played by exactly {min} players, not {count}"), params)
    return Phrase(N_("{game} is played by {min} to {max} players, not {count}"), params)


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
    return phases_from(state.rules.phases, state.phase)


def checked(state: GameState) -> GameState:
    """``state``, where it is one: a program that passes something else is told so here,
    not by an AttributeError from deep inside."""
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState (see new_game and from_data), not "
                        f"{type(state).__name__}")
    return state


def acting(state: GameState) -> tuple[str, ...]:
    """The players who may act now: the player to move, and where choices are made at the
    same time (``orders/simultaneous``) everyone who has not yet made theirs."""
    if checked(state).game_over:
        return ()
    return tuple(state.players[seat] for seat in state.rules.order.acting(state))


def as_player(state: GameState, player: str | None) -> GameState:
    """``state``, or a copy with ``player`` to move where they may act now, though they are
    not the player the turn machine asks first; IllegalMove where they may not act."""
    if player is None or player == state.player:
        return state
    if player not in acting(state):
        raise IllegalMove("not-acting", N_("{player} may not act now"), {"player": player})
    new = state.copy()
    new.to_move = state.players.index(player)
    return new


def legal_moves(state: GameState, player: str | None = None) -> MoveList:
    """Every decision the player to move may take now (or ``player``, one of those who may
    act now: ``acting``)."""
    if type(state) is not GameState:  # else no need to ask (every decision)
        checked(state)
    if state.game_over:
        return MoveList()
    if player is not None:
        state = as_player(state, player)
    rules, token = state.rules, state.token
    fields = state.fields()
    probed = state.probed
    kept = probed[1] if probed is not None and probed[0] == fields else {}
    moves = MoveList(token=token)
    for action in rules.offers[state.phase]:
        listed = kept.get(action.id)
        moves.extend(action.moves(state) if listed is None else listed)
    offered = rules.cache.offered  # no lock: tokens are unique, a lost entry costs a check
    if len(offered) >= OFFERED_KEPT:
        offered.clear()
    offered[token] = (moves, fields)
    return moves


def apply(state: GameState, move: Move, player: str | None = None
          ) -> tuple[GameState, list[Event]]:
    """The state after ``move`` (by the player to move, or by ``player``, one of those who
    may act now) and what happened; IllegalMove leaves ``state`` as it was."""
    state = as_player(checked(state), player)
    action, phase, move = _admitted(state, move)
    new = state.copy()
    events: list[Event] = []
    _play(new, action, phase, move, events)
    return new, events


def advance(state: GameState, move: Move) -> None:
    """Play ``move`` on ``state`` itself, for a state that only the caller holds (a copy
    made for a random playout or a rollout): ``apply`` without the copy and without
    telling what happened. ``state`` gets a new token, as a copy would, and moves listed
    for it before are no longer trusted; IllegalMove leaves it as it was."""
    action, phase, move = _admitted(state, move)
    state.renew_token()
    state.probed = None  # listed for the position before the move
    _play(state, action, phase, move, [])


def _admitted(state: GameState, move: Move) -> tuple[Action, Phase, Move]:
    """The action and phase that ``move`` is played in, and the move in canonical form;
    IllegalMove if it may not be played now."""
    if not (isinstance(move, Move) and isinstance(move.parts, tuple)):  # built by a program
        raise IllegalMove("not-a-move", N_("this is not a move"))
    if state.game_over:
        raise IllegalMove("game-over", N_("the game is over"))
    rules = state.rules
    action = rules.actions.get(move.action)
    if action is None:
        raise IllegalMove("unknown-action", N_("there is no action '{action}'"),
                          {"action": move.action})
    move = action.canonical(state, move)
    phase = rules.played_in.get((state.phase, move.action))
    if phase is None:
        raise IllegalMove("not-now", N_("'{action}' is not possible now"),
                          {"action": move.action})
    token = state.token
    listed = rules.cache.offered.get(token)
    if listed is None or not listed[0].handed_out(move, token) or listed[1] != state.fields():
        # Trusted without the check: the very moves listed for this state (its token),
        # none of whose fields has been given another value since.
        _check_parts(action, move)
        action.check(state, move)
    return action, phase, move


def _check_parts(action: Action, move: Move) -> None:
    """Refuse a move with a part its action does not have (the check would pass over it)."""
    declared = {part.name for part in action.parts}
    for part in move.parts:
        if not (isinstance(part, tuple) and len(part) == 2 and part[0] in declared):
            raise IllegalMove("unknown-part", N_("'{action}' has no such part: {part}"),
                              {"action": move.action, "part": str(part)[:80]})


def _play(state: GameState, action: Action, phase: Phase, move: Move,
          events: list[Event]) -> None:
    """Perform an admitted move on ``state`` and settle the turn after it."""
    rules = state.rules
    state.phase = phase.id
    action.perform(state, move, events)
    state.turn.done[move.action] = state.turn.done.get(move.action, 0) + 1
    _changed(state, action.changes)
    if (rules.end.at_once is not None or rules.end.after_each_move) and _ends_at_once(state):
        state.turns_played += 1  # the turn ends with the game: it was played
        finish(state, events)
        return
    settle(state, _next_phase(state, move.action, events), events)


def _ends_at_once(state: GameState) -> bool:
    """Whether the move just made ends the game before anything else of the turn happens."""
    end = state.rules.end
    # one context for both conditions; with one, ``_holds`` makes it only if it evaluates
    context = TurnContext(state) if end.at_once is not None and end.after_each_move else None
    return ((end.at_once is not None and _holds(state, "at_once", end.at_once, context))
            or (end.after_each_move and _holds(state, "when", end.when, context)))


def _changed(state: GameState, parts: frozenset[str]) -> None:
    """Note that a move or step may have changed ``parts`` of the state (see ``_holds``).
    Most moves change parts already noted: then nothing new is made (it is every move)."""
    since_false = state.since_false
    for seen in since_false.values():
        if not parts <= seen:
            state.since_false = {check: seen | parts for check, seen in since_false.items()}
            return


def _holds(state: GameState, check: str, condition: Expression,
           context: TurnContext | None = None) -> bool:
    """Whether an end condition (``check``: "when" or "at_once") holds now. Found false, it
    is not evaluated again until a move or step has changed a part of the state it reads
    (``Action.changes``): most moves leave what it reads as it was. The context
    is made when the condition is evaluated, unless one is given."""
    seen = state.since_false.get(check)
    reads = state.rules.end.reads.get(check)
    if seen is not None and reads is not None and seen.isdisjoint(reads):
        return False
    if condition.evaluate(TurnContext(state) if context is None else context):
        return True
    state.since_false = {**state.since_false, check: frozenset()}
    return False


def _next_phase(state: GameState, action: str, events: list[Event]) -> str:
    """The phase ``action``'s ``then`` leads to; a condition that ends the turn is told."""
    transitions = state.rules.transitions[action]
    if transitions[0].when is None:
        return transitions[0].phase  # the common case: no condition to read
    context = TurnContext(state)
    for branch, transition in enumerate(transitions):  # a plain loop and ``evaluate``:
        if transition.when is None or transition.when.evaluate(context):  # every move
            if transition.when is not None and transition.phase == END_OF_TURN:
                events.append(Event("turn-over", {"player": state.player, "branch": branch},
                                    action))
            return transition.phase
    raise AssertionError("unreachable: the last transition has no condition")


def settle(state: GameState, target: str, events: list[Event]) -> None:
    """Move on to ``target``, skipping phases without moves and ending turns as needed.

    A turn skips at most as many phases as the ruleset has; then it ends (the loader
    refuses loops of ``next``, so this limit only ever holds back a spin)."""
    rules = state.rules
    skipped = 0
    while not state.game_over:
        if target == END_OF_TURN:
            offer = rules.before_end
            if offer is not None and not state.turn.offered_end \
                    and (offer.when is None or offer.when(TurnContext(state))):
                state.turn.offered_end = True
                target = offer.phase
                continue
            end_turn(state, events)
            state.probed = None  # listed for the turn that ended
            target = rules.order.first_phase(state)
            skipped = 0
            continue
        phase = rules.phases[target]
        if _has_moves(state, phase):
            state.phase = target
            if state.probed is not None:  # what was listed holds for the state as it is now
                state.probed = (state.fields(), state.probed[1])
            return
        skipped += 1
        if not phase.optional:
            events.append(Event("skipped", {"player": state.player, "phase": target},
                                element=f"turn.phases.{target}"))
        target = phase.next if skipped < len(rules.phases) else END_OF_TURN


def _has_moves(state: GameState, phase: Phase) -> bool:
    """Whether an action of ``phase`` has a move now. An action whose only test is listing
    its moves keeps the list on the state (``probed``), for ``legal_moves`` to hand out
    unless a field of the state has been given another value since."""
    for action in state.rules.probe_order[phase.id]:
        if action.probes_by_listing:
            listed = action.moves(state)
            probed = state.probed
            if probed is None:  # the fields are noted when the state is settled
                probed = state.probed = ((), {})
            probed[1][action.id] = listed
            if listed:
                return True
        elif action.any_move(state):
            return True
    return False


def end_turn(state: GameState, events: list[Event]) -> None:
    rules = state.rules
    _run_steps(state, rules.after_turn, events)
    if rules.after_turn and rules.end.at_once is not None \
            and _holds(state, "at_once", rules.end.at_once):  # a step made it hold
        state.turns_played += 1
        finish(state, events)
        return
    player = state.player
    state.turns_played += 1
    state.idle_turns = 0 if state.turn.moved else state.idle_turns + 1
    events.append(Event("turn-ended", {"player": player}))
    order = rules.order
    again = order.plays_again(state)
    if again:  # another turn for the same player, within the round (told if it comes)
        following, round_over = state.to_move, False
    else:
        following, round_over = order.following(state, events)
    if round_over:  # a round's own steps finish it, before a hand or the game is over
        _run_steps(state, rules.after_round, events)
    if rules.hands is not None and rules.hands.over(TurnContext(state)):
        end_hand(state, events)
        return
    end = rules.end
    last_turn = False
    if state.ending and end.last_turns:  # one of the last turns has been played
        left = state.counters[LAST_TURNS] = state.counters[LAST_TURNS] - 1
        last_turn = left == 0
    if rules.hands is None and not state.ending and _holds(state, "when", end.when):
        state.ending = True
        if end.last_turns:
            state.counters[LAST_TURNS] = len(seats_in(state, 0))
            events.append(Event("last-turns", {"player": player}))
        elif end.finish_round and not round_over:  # the round goes on
            events.append(Event("end-triggered", {"player": player}))
    if state.ending and (last_turn if end.last_turns else
                         not end.finish_round or round_over):
        finish(state, events)
    elif state.idle_turns >= len(state.players) * rules.end.idle_rounds:
        events.append(Event("stalled", {"turns": state.idle_turns}))
        finish(state, events)
    else:
        if again:
            events.append(Event("again", {"player": player}))
        if round_over:
            order.round_ended(state, events)
        state.to_move = following
        state.turn = TurnMemory()


def _run_steps(state: GameState, steps: Sequence[Step], events: list[Event]) -> None:
    """Run the steps that happen in a game of this many players, noting what they change."""
    for step in steps:
        if step.happens_now(state):
            made = len(events)
            step.run(state, events)
            for event in events[made:]:
                event.element = step.key
            _changed(state, step.changes)


def end_hand(state: GameState, events: list[Event]) -> None:
    """Score the hand that just ended; then end the game where the end's condition holds,
    else deal the next hand (``Ruleset.hands``)."""
    rules, hands = state.rules, state.rules.hands
    assert hands is not None
    if rules.scored_at_end:
        score(state, events, hand=True)
    played = state.counters[HANDS] = state.counters.get(HANDS, 0) + 1
    events.append(Event("hand-over", {"number": played}))
    won = _hand_won(state, hands, events) if hands.won_by else []
    if rules.end.when(TurnContext(state)):
        _score_at_end(state, events)
        finish(state, events, scored=True)
        return
    new_hand(state)
    rules.order.new_hand(state)
    state.closed = frozenset()  # every area in play again
    if hands.starts == "next":
        state.start_player = (state.start_player + 1) % len(state.players)
    elif hands.starts == "winner" and won:
        state.start_player = won[0]
    elif hands.starter is not None:
        state.start_player = _starter(state, hands.starter, hands.starts == "lowest")
    state.to_move = state.start_player
    _run_steps(state, hands.deal, events)
    rules.order.begin(state)
    state.since_false = {}  # the areas reopened and the marks forgotten: anything changed
    state.turn = TurnMemory()
    if rules.order.exchanging(state):  # who begins the play is known once it is over
        events.append(Event("hand-dealt-exchange", {"number": played + 1}))
    else:
        events.append(Event("hand-dealt", {"number": played + 1, "player": state.player}))


def _hand_won(state: GameState, hands: HandRule, events: list[Event]) -> list[int]:
    """The players still in who win the hand by ``won_by`` (the highest by the first
    formula, ties by the next), each scoring a point, in turn from the one who began it.
    Where several are still in, each first shows what the formulas read of their hidden
    zones (``shown``)."""
    seats = seats_in(state, state.start_player)
    if len(seats) > 1 and hands.shown:
        for seat in seats:
            held: dict[str, int] = {}
            for zone_id in hands.shown:
                for kind, n in state.owned[zone_id][seat].counts().items():
                    held[kind] = held.get(kind, 0) + n
            events.append(Event("hand-shown", {"player": state.players[seat], "pieces": held}))
    values = {seat: tuple(worked_out_for(state, seat, formula) for formula in hands.won_by)
              for seat in seats}
    best = max(values.values(), default=())
    won = [seat for seat in seats if values[seat] == best]
    for seat in won:
        state.scores[seat] += 1
        events.append(Event("hand-won", {"player": state.players[seat]}))
    return won


def _starter(state: GameState, formula: Expression, lowest: bool) -> int:
    """The player whose value of ``formula`` is lowest (or highest): of those tied, the
    first in turn after the one who began the hand."""
    players = len(state.players)
    seats = [(state.start_player + step) % players for step in range(1, players + 1)]
    values = {seat: worked_out_for(state, seat, formula) for seat in seats}
    best = min(values.values()) if lowest else max(values.values())
    return next(seat for seat in seats if values[seat] == best)


def finish(state: GameState, events: list[Event], scored: bool = False) -> None:
    """End the game: score it (unless its last hand was just ``scored``) and tell who won."""
    rules = state.rules
    if rules.scored_at_end and not scored:
        score(state, events)
    if rules.end.points is not None:  # one result for the table
        state.scores = [rules.end.points(TurnContext(state))] * len(state.players)
    state.game_over = True
    events.append(Event("game-over", {"scores": dict(zip(state.players, state.scores)),
                                      "winners": list(state.winners())}))


def _score_at_end(state: GameState, events: list[Event]) -> None:
    """Add what the zones counted only at the end of a game of hands score, and tell it."""
    for player, name in enumerate(state.players):
        for zone, earned in scored_zones(state, player, at_end=True):
            events.append(Event("zone-points", {"player": name, "zone": zone, "points": earned}))
            state.scores[player] += earned


def score(state: GameState, events: list[Event], hand: bool = False) -> None:
    """Add what the zones and groups score now to every player's points, and tell it (at
    the end of a ``hand``, without what is counted only at the end; in a game of hands with
    its own ``points``, what that formula makes of them)."""
    rules = state.rules
    everyone = final_points(state, hand)
    hand_points = rules.hands.points if rules.hands is not None else None
    totals = [points["total"] for points in everyone]
    scored = totals if hand_points is None else [int(hand_points.evaluate(
        {"points": SimpleNamespace(mine=total, highest=max(totals), lowest=min(totals),
                                   total=sum(totals))})) for total in totals]
    replaced = scored != totals  # the hand's own points, not what the zones counted
    if replaced:
        leader = totals.index(max(totals))
        events.append(Event("points-instead", {"player": state.players[leader],
                                               "points": scored[leader],
                                               "counted": totals[leader]}, element="hands"))
    for player, points in enumerate(everyone):
        name = state.players[player]
        # what the zones counted is not told where the hand's own points replaced it: 'scores
        # 26 for the cards taken' would contradict the hand's own 'scores nothing'
        events += [Event("zone-points", {"player": name, "zone": zone, "points": earned})
                   for zone, earned in scored_zones(state, player, False if hand else None)
                   if (earned or state.owned[zone][player]) and not replaced]
        if rules.scoring or rules.group_scoring:
            code = "final-points" if rules.scoring else "final-points-by-group"
            line = f"scoring.{rules.scoring[0].line}" if len(rules.scoring) == 1 else None
            events.append(Event(code, {"player": name, **points}, element=line))
        elif not hand:  # a hand's points are told with the running total, below
            events.append(Event("total-points", {"player": name, "total": points["total"]}))
        total = scored[player]
        state.scores[player] += total
        if hand and not (rules.scoring or rules.group_scoring):
            events.append(Event("hand-points", {"player": name, "points": total,
                                                "total": state.scores[player]}))
