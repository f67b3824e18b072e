"""Property sweeps over uniformly random legal games.

Scenario tests pin down single rules; these play whole games, choosing at
random among the legal moves at every decision, and check what must hold in
any position of any game: games end, pieces are neither created nor lost,
``apply`` accepts exactly the moves ``legal_moves`` offers and never touches
its input, a game replays exactly from its seed and moves, and a view hides
what its player may not see. Okavango and Ogallala (with their variants) are
played; moves that must be refused are built for any ruleset, and from the
actions and zones of each of the two games.

Every failure message names the ruleset, player count, seed and decision, so
``RandomGame(rules, players, seed)`` reproduces it.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator, Sequence, TypeAlias, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regelwerk.engine import (GameState, IllegalMove, Move, Ruleset, advance, apply, legal_moves,
                              load_ruleset, new_game)
from regelwerk.engine import UNSEEN, view
from regelwerk.engine.zones.contents import UP, FacedPile
from regelwerk.engine.zones.grid import FacedGrid, Grid
from regelwerk.engine.play.straight import lines_in
from regelwerk.engine.play.rounds import is_out

RULES_DIR = Path(__file__).resolve().parents[1] / "rules"
OKAVANGO = load_ruleset("okavango")
OGALLALA = load_ruleset("ogallala")
NO_THANKS = load_ruleset("no-thanks")
#: the variants of Okavango and of Ogallala, by name
VARIANTS = {path.stem: load_ruleset(path)
            for path in sorted((RULES_DIR / "okavango" / "variants").glob("*.yaml"))}
OGALLALA_VARIANTS = {path.stem: load_ruleset(path)
                     for path in sorted((RULES_DIR / "ogallala" / "variants").glob("*.yaml"))}
NAMES = ("anna", "bram", "cleo", "dirk", "emma", "finn", "gina")
#: far beyond any real game (they take a few hundred decisions), so only a loop trips it
MAX_DECISIONS = 5_000
#: a decision with at most this many moves has every one of them applied
APPLY_ALL_UP_TO = 30
#: otherwise, this many random ones besides the chosen one
APPLY_SAMPLE = 5
SWEEP_SEEDS = range(10)
#: Ogallala's games are longer and its moves dearer to check: fewer seeds
OGALLALA_SWEEP_SEEDS = range(2)
#: (players, seed) of the games played in each variant of Ogallala
OGALLALA_VARIANT_GAMES = ((2, 0), (5, 1))

Group = tuple[tuple[str, str, int], ...]


Outcome: TypeAlias = "GameState | IllegalMove"
#: a move the rules must refuse now, with the code of the refusal (None: any code will do)
Refusal: TypeAlias = "tuple[Move, str | None]"


class RandomGame:
    """A game in which every decision is a uniformly random legal move.

    The moves are chosen with ``random.Random(seed)``; checks draw from their
    own generator, so that the same seed plays the same game whatever is checked.
    Checks try moves with ``outcome``, which applies each move once per decision
    however many checks try it.
    """

    def __init__(self, rules: Ruleset, players: int, seed: int) -> None:
        self.rules, self.players, self.seed = rules, NAMES[:players], seed
        self.state = new_game(rules, self.players, seed=seed)
        self.chosen: list[Move] = []
        self.checks = random.Random(f"checks:{seed}")
        self._choose = random.Random(seed)
        self._outcomes: dict[Move, Outcome] = {}  # for the current state
        self._watched: set[Move] = set()  # those applied while watching the state
        self._before: dict | None = None  # the current state's data, once a move is tried
        self._data_after: dict[Move, dict] = {}  # the data of accepted moves' states
        self._refused: list[Refusal] | None = None  # moves to refuse now, once built

    def outcome(self, move: Move, watch: bool = False) -> Outcome:
        """What ``apply`` makes of ``move`` now: the next state, or the IllegalMove raised.

        Anything else raised fails the check. With ``watch``, so does a change
        to the state applied to (since the first move tried on it), whether the
        move is accepted or refused.
        """
        known = self._outcomes.get(move)
        if known is not None and (move in self._watched or not watch):
            return known
        before = self.before()
        where = self.where()
        try:
            result: Outcome = apply(self.state, Move(*move))[0]  # a new object: checked in full
        except IllegalMove as refusal:
            result = refusal
        except Exception as error:
            raise AssertionError(f"{where}: {move} raised {type(error).__name__}: {error} "
                                 f"instead of being accepted or refused with IllegalMove") \
                from error
        if watch:
            outcome = "accepted" if isinstance(result, GameState) else \
                f"refused ({result.code})"
            assert self.state.to_data() == before, \
                f"{where}: applying {move} ({outcome}) changed its input"
            self._watched.add(move)
        self._outcomes[move] = result
        return result

    def before(self) -> dict:
        """The current state's data, as it was when the first move was tried on it."""
        if self._before is None:
            self._before = self.state.to_data()
        return self._before

    def data_after(self, move: Move) -> dict:
        """The data of the state after ``move``, which must be accepted now."""
        data = self._data_after.get(move)
        if data is None:
            data = self._data_after[move] = self.accepted(move).to_data()
        return data

    def refused_moves(self, moves: Sequence[Move]) -> list[Refusal]:
        """Moves the rules must refuse now (see ``refused_moves``), built once per decision."""
        if self._refused is None:
            self._refused = refused_moves(self, moves)
        return self._refused

    def refusal(self, move: Move) -> IllegalMove | None:
        """The IllegalMove ``apply`` raises for ``move`` now, or None when it is accepted."""
        result = self.outcome(move)
        return result if isinstance(result, IllegalMove) else None

    def accepted(self, move: Move) -> GameState:
        """The state after ``move``, which must be accepted now."""
        result = self.outcome(move)
        assert not isinstance(result, IllegalMove), \
            f"{self.where()}: {move} is offered by legal_moves but refused: {result.code}: {result}"
        return result

    def where(self) -> str:
        name = self.rules.id if self.rules.variant is None else \
            f"{self.rules.id} ({self.rules.variant})"
        state = self.state
        at = "after the end" if state.game_over else \
            f"decision {len(self.chosen)} ({state.player} to move, phase {state.phase})"
        return f"{name}, {len(self.players)} players, seed {self.seed}, {at}"

    def decisions(self) -> Iterator[Sequence[Move]]:
        """Yield the legal moves at every decision; one is chosen and applied on resuming."""
        while not self.state.game_over:
            assert len(self.chosen) < MAX_DECISIONS, \
                f"{self.where()}: the game has not ended after {MAX_DECISIONS} decisions"
            moves = legal_moves(self.state)
            assert len(moves) > 0, f"{self.where()}: no legal move, yet the game is not over"
            yield moves
            move = moves[self._choose.randrange(len(moves))]
            self.state = self.accepted(move) if move in self._outcomes else \
                accepted(self.state, move, self.where())
            self.chosen.append(move)
            self._outcomes, self._watched, self._before, self._refused = {}, set(), None, None
            self._data_after = {}


StepCheck = Callable[[RandomGame, Sequence[Move]], None]


def play(rules: Ruleset, players: int, seed: int, *checks: StepCheck) -> RandomGame:
    """Play a random game to its end, running ``checks`` at every decision."""
    game = RandomGame(rules, players, seed)
    for moves in game.decisions():
        for check in checks:
            check(game, moves)
    return game


def accepted(state: GameState, move: Move, where: str) -> GameState:
    # An equal but new Move: apply checks it in full (it trusts only the very objects
    # legal_moves handed out), so this tests the check against the generation.
    try:
        return apply(state, Move(*move))[0]
    except IllegalMove as refusal:
        raise AssertionError(f"{where}: {move} is offered by legal_moves but refused: "
                             f"{refusal.code}: {refusal}") from refusal


def refusal_of(state: GameState, move: Move, where: str) -> IllegalMove | None:
    """The IllegalMove ``apply`` raises for ``move``, or None when it is accepted."""
    try:
        apply(state, Move(*move))  # a new object, so that apply checks it in full
    except IllegalMove as refusal:
        return refusal
    except Exception as error:
        raise AssertionError(f"{where}: {move} raised {type(error).__name__}: {error} "
                             f"instead of being accepted or refused with IllegalMove") from error
    return None


# -- what the checks look at -----------------------------------------------------

def zone_contents(state: GameState) -> Iterator[tuple[str, object]]:
    """Every zone's content, named ``zone`` or ``zone of player``."""
    for zone_id, content in state.shared.items():
        yield zone_id, content
    for zone_id, per_player in state.owned.items():
        for player, content in zip(state.players, per_player):
            yield f"{zone_id} of {player}", content


def piece_counts(state: GameState) -> Counter[str]:
    """Every piece in the game by its own kind (a wild piece counts as itself)."""
    pieces: Counter[str] = Counter()
    for _, content in zone_contents(state):
        pieces.update(content.counts())
    for group in state.areas.values():
        for kind, _, count in group:
            pieces[kind] += count
    return pieces


def zone_size(zone: dict[str, int] | list[str] | Grid) -> int:
    """How many pieces a zone holds, counted here rather than by the engine."""
    if isinstance(zone, Grid):
        return len(zone)
    return len(zone) if isinstance(zone, list) else sum(zone.values())


def reachable_actions(state: GameState) -> set[str]:
    """The actions of the current phase and, while phases are optional, of those after it;
    after an optional last phase, the built-in end of the turn."""
    phases = state.rules.phases
    phase = phases[state.phase]
    actions = set(phase.actions)
    while phase.optional and phase.next in phases:
        phase = phases[phase.next]
        actions.update(phase.actions)
    if phase.optional and phase.next == "end":
        actions.add("end-turn")
    return actions


def canonical(pieces: Counter[tuple[str, str]]) -> Group:
    """The group of ``(kind, stands_for)`` pieces in the engine's canonical form."""
    return tuple(sorted((kind, stands, n) for (kind, stands), n in pieces.items() if n > 0))


def pieces_of(group: Group) -> Counter[tuple[str, str]]:
    return Counter({(kind, stands): n for kind, stands, n in group})


def canonical_move(state: GameState, move: Move) -> Move:
    """The one way of writing the decision ``move`` denotes (e.g. a run named by any of its
    cells is named by its first): the form in which legal moves are listed."""
    action = state.rules.actions.get(move.action)
    return move if action is None else action.canonical(state, move)


def offered(state: GameState, move: Move, moves: Sequence[Move]) -> bool:
    """Whether ``move``, however it is written, is one of the legal ``moves``."""
    return canonical_move(state, move) in moves


def sample_offered(game: RandomGame, moves: Sequence[Move]) -> list[Move]:
    if len(moves) <= APPLY_ALL_UP_TO:
        return list(moves)
    return [moves[game.checks.randrange(len(moves))] for _ in range(APPLY_SAMPLE)]


#: for each field of a move, a value no ruleset knows
NONSENSE = {"area": "nowhere", "kind": "unicorn", "group": (("unicorn", "unicorn", 1),),
            "zone": "nowhere", "cell": (0, 0), "player": "nobody", "shift": "sideways",
            "column": 0, "row": 0}


def refused_moves(game: RandomGame, moves: Sequence[Move]) -> list[Refusal]:
    """Moves the rules must refuse now, each with the code of its refusal.

    Those any ruleset must refuse come first; then, for Okavango and Ogallala
    (and their variants), moves built from their actions and zones. In a
    variant without some of them, the corresponding moves are left out.
    """
    refused = generic_refusals(game, moves)
    if game.rules.id == "okavango":
        refused.extend(okavango_refusals(game))
    elif game.rules.id == "ogallala":
        refused.extend(ogallala_refusals(game))
    elif game.rules.id == "lost-cities":
        refused.extend(lost_cities_refusals(game))
    elif game.rules.id == "no-thanks":
        refused.extend(no_thanks_refusals(game))
    return refused


def generic_refusals(game: RandomGame, moves: Sequence[Move]) -> list[Refusal]:
    """An unknown action; each action of a phase out of reach now (as chosen earlier in
    the game, when it was); offered moves with one field set to a value no ruleset knows."""
    state, rules, rnd = game.state, game.rules, game.checks
    refused: list[Refusal] = [(Move("fly-away"), "unknown-action")]
    for action in sorted(rules.actions.keys() - reachable_actions(state)):
        earlier = [m for m in game.chosen if m.action == action]
        refused.append((rnd.choice(earlier) if earlier else Move(action), "not-now"))
    for move in dict.fromkeys(moves[rnd.randrange(len(moves))] for _ in range(3)):
        refused.extend((move.replace(**{name: value}), None)
                       for name, value in NONSENSE.items() if move.get(name) is not None)
    return refused


def okavango_refusals(game: RandomGame) -> list[Refusal]:
    """Drinking what the player lacks or where they may not; taking or passing a kind the
    river lacks; exchanging where no wild piece stands for the kind."""
    state, rules, rnd = game.state, game.rules, game.checks
    now = reachable_actions(state)
    real_kinds = [kind for kind, c in rules.components.items() if not c.wild]
    refused: list[Refusal] = []
    locked = {a for memory in state.turn.memory.values() for a in memory.get("locked", ())}
    playable = [a for a in rules.areas if a not in state.closed and a not in locked]
    if "drink" in rules.actions and "reserve" in state.owned:
        pool = state.owned["reserve"][state.to_move]
        kind = rnd.choice(real_kinds)
        lacking: Group = ((kind, kind, pool.get(kind, 0) + 1),)
        drinking = "drink" in now
        if playable:
            refused.append((Move.of("drink", area=rnd.choice(playable), group=lacking),
                            "pieces-missing" if drinking else "not-now"))
        if drinking:
            refused.append((Move.of("drink", area="nowhere", group=lacking), "unknown-area"))
            refused.extend((Move.of("drink", area=area, group=lacking), "area-closed")
                           for area in sorted(state.closed))
            refused.extend((Move.of("drink", area=area, group=lacking), "area-locked")
                           for area in sorted(locked))
    if "river" in state.shared:
        river = Counter(state.shared["river"])
        absent = [kind for kind in rules.components if not river[kind]]
        if absent and "take" in rules.actions:
            refused.append((Move.of("take", kind=rnd.choice(absent)),
                            "kind-absent" if "take" in now else "not-now"))
        if "pass" in now:
            if absent:
                refused.append((Move.of("pass", kind=rnd.choice(absent)), "kind-absent"))
            if river:
                refused.append((Move("pass"), "kind-needed"))
    if "exchange" in now and playable:
        area = rnd.choice(playable)
        standing_in = {stands for kind, stands, _ in state.areas[area] if kind != stands}
        kind = rnd.choice(real_kinds)
        if kind not in standing_in:
            refused.append((Move.of("exchange", area=area, kind=kind), "no-wild"))
    return refused


def ogallala_stacks(rules: Ruleset) -> tuple[str, ...]:
    """The draw stacks: three, or as many as a variant's family of stacks counts."""
    return rules.zone_families["stack"]


def ogallala_refusals(game: RandomGame) -> list[Refusal]:
    """Drawing from the discard pile or an empty stack; placing a card off the site, on a
    card, or in a row that holds its design; aiming at one's own site or an empty cell."""
    state, rules, rnd = game.state, game.rules, game.checks
    now = reachable_actions(state)
    rows, columns = rules.zones["site"].grid  # type: ignore[misc]
    cells = [(row, column) for row in range(1, rows + 1) for column in range(1, columns + 1)]
    site = state.owned["site"][state.to_move]
    drawing = "draw" in now
    refused: list[Refusal] = [(Move.of("draw", zone="discard"),
                               "not-a-stack" if drawing else "not-now")]
    if drawing:
        refused.extend((Move.of("draw", zone=stack), "stack-empty")
                       for stack in ogallala_stacks(rules) if not state.shared[stack])
    pending = state.shared["pending"]
    for action in ("place", "place-taken"):
        if action not in now or not pending:
            continue
        outside = rnd.choice([(0, 1), (rows + 1, 1), (1, 0), (1, columns + 1)])
        refused.append((Move.of(action, cell=outside), "cell-not-allowed"))
        if site:
            refused.append((Move.of(action, cell=rnd.choice(sorted(site))), "cell-not-allowed"))
        card = pending[0]  # type: ignore[index]
        holding = sorted({row for (row, _), kind in site.items() if kind == card})
        if holding:
            row = rnd.choice(holding)
            free = [cell for cell in cells if cell[0] == row and cell not in site]
            if free:
                refused.append((Move.of(action, cell=rnd.choice(free)), "cell-not-allowed"))
    others = [name for name in state.players if name != state.player]
    for action in ("lasso", "shoot", "attack"):
        if action not in now:
            continue
        own = rnd.choice(sorted(site)) if site else rnd.choice(cells)
        refused.append((Move.of(action, cell=own, player=state.player), "no-such-target"))
        other = rnd.choice(others)
        theirs = state.owned["site"][state.players.index(other)]
        empty = [cell for cell in cells if cell not in theirs]
        if empty:
            refused.append((Move.of(action, cell=rnd.choice(empty), player=other),
                            "no-such-target"))
    if "sink" in now:
        empty = [cell for cell in cells if cell not in site]
        if empty:
            refused.append((Move.of("sink", cell=rnd.choice(empty)), "no-such-target"))
    return refused


def no_thanks_refusals(game: RandomGame) -> list[Refusal]:
    """Saying "no thanks" without a chip."""
    state = game.state
    if state.owned["chips"][state.to_move]:
        return []
    return [(Move("decline"), "pieces-missing")]


def variations(game: RandomGame, moves: Sequence[Move]) -> list[Move]:
    """Well-formed moves near the offered ones: many are legal, many are not.

    Only the fields an offered move uses are changed (except that passing may
    or may not name a kind, and placing in a cell may or may not push cards
    aside), and groups stay in a form notation can write: other spellings are
    the subject of the test of odd spellings.
    """
    rules, rnd = game.rules, game.checks
    areas, kinds = list(rules.areas), list(rules.components)
    real_kinds = [kind for kind in kinds if not rules.components[kind].wild]
    zones, players = list(rules.zones), list(game.players)
    grids = [zone.grid for zone in rules.zones.values() if zone.grid is not None]
    rows = max((grid[0] for grid in grids), default=1)
    columns = max((grid[1] for grid in grids), default=1)
    near: list[Move] = []
    for move in [moves[rnd.randrange(len(moves))] for _ in range(APPLY_SAMPLE)]:
        near.append(move)
        if move.get("area") is not None:
            near.append(move.replace(area=rnd.choice(areas)))
        if move.get("kind") is not None:
            near.extend((move.replace(kind=rnd.choice(kinds)), move.replace(kind=None)))
        elif move.action == "pass":
            near.append(move.replace(kind=rnd.choice(kinds)))
        if move.get("group"):
            pieces = pieces_of(move.get("group"))
            kind, stands = piece = rnd.choice(sorted(pieces))
            extra = rnd.choice(real_kinds)
            fewer, more, added, swapped = (pieces.copy() for _ in range(4))
            fewer[piece] -= 1
            more[piece] += 1
            added[(extra, extra)] += 1
            swapped[piece] -= 1
            swapped[(kind, extra if kind != stands else kind)] += 1
            near.extend(move.replace(group=canonical(g))
                        for g in (fewer, more, added, swapped) if canonical(g))
        if move.get("zone") is not None:
            near.append(move.replace(zone=rnd.choice(zones)))
        if move.get("player") is not None:
            near.append(move.replace(player=rnd.choice(players)))
        if move.get("cell") is not None:
            row, column = move.get("cell")
            near.append(move.replace(cell=rnd.choice((
                (row + rnd.choice((-1, 0, 1)), column + rnd.choice((-1, 1))),
                (rnd.randint(1, rows), rnd.randint(1, columns))))))
            if "shift" in {part.name for part in rules.actions[move.action].parts}:
                near.append(move.replace(shift=rnd.choice(
                    [s for s in ("left", "right", None) if s != move.get("shift")])))
        for lane, count in (("column", columns), ("row", rows)):
            if move.get(lane) is not None:
                near.append(move.replace(**{lane: rnd.randint(1, count + 1)}))
    near.extend(rnd.sample(game.chosen, min(APPLY_SAMPLE, len(game.chosen))))
    near.extend(move for move, _ in game.refused_moves(moves))
    return near


# -- the checks, run at every decision -------------------------------------------

def check_pieces(state: GameState, where: str) -> None:
    """Every piece of the game lies somewhere, once; grids hold pieces only in their cells."""
    rules = state.rules
    for name, content in zone_contents(state):
        if isinstance(content, Grid):
            zone_id = name.split(" of ")[0]
            rows, columns = rules.zones[zone_id].grid  # type: ignore[misc]
            outside = sorted(cell for cell in content
                             if not (1 <= cell[0] <= rows and 1 <= cell[1] <= columns))
            assert not outside, f"{where}: {name} has pieces outside its grid, at {outside}"
        elif isinstance(content, dict):
            wrong = {kind: n for kind, n in content.items() if n < 0}
            assert not wrong, f"{where}: {name} holds negative counts {wrong}"
    found = piece_counts(state)
    total = sum(found.values())
    assert total == rules.total_pieces(), \
        f"{where}: {total} pieces in play, but the game has {rules.total_pieces()}"
    wrong = {kind: (found[kind], c.copies) for kind, c in rules.components.items()
             if found[kind] != c.copies}
    strays = {kind: n for kind, n in found.items() if kind not in rules.components}
    assert not wrong and not strays, \
        f"{where}: pieces per kind (found, expected): {wrong}; unknown kinds: {strays}"


def pieces_conserved(game: RandomGame, moves: Sequence[Move]) -> None:
    check_pieces(game.state, game.where())


def offered_moves_accepted(game: RandomGame, moves: Sequence[Move]) -> None:
    """Every offered move is accepted, and the position after it holds every piece."""
    where = game.where()
    for move in sample_offered(game, moves):
        assert move in moves, f"{where}: {move} is offered, but `in legal_moves` denies it"
        check_pieces(game.accepted(move), f"{where}, after {move}")


def input_untouched(game: RandomGame, moves: Sequence[Move]) -> None:
    """``apply`` leaves its input as it was, whether it accepts the move or refuses it."""
    for move in [*sample_offered(game, moves), *(move for move, _ in game.refused_moves(moves))]:
        game.outcome(move, watch=True)


def advance_agrees(game: RandomGame, moves: Sequence[Move]) -> None:
    """``advance`` makes of a copy of the state what ``apply`` makes of the state; a move it
    refuses leaves the copy as it was, and the state it was copied from is never touched."""
    state, where = game.state, game.where()
    before = game.before()
    tried = [*sample_offered(game, moves), *(move for move, _ in game.refused_moves(moves))]
    for move in tried:
        applied = game.outcome(move)
        played = state.copy()
        try:
            advance(played, Move(*move))
        except IllegalMove as refusal:
            assert isinstance(applied, IllegalMove) and refusal.code == applied.code, \
                f"{where}: advance refuses {move} ({refusal.code}), apply gives {applied}"
            assert played.to_data() == before, f"{where}: refusing {move} changed the copy"
        else:
            assert isinstance(applied, GameState) and played.to_data() == game.data_after(move), \
                f"{where}: advance and apply disagree on {move}"
    # once for all: a change made in place would still be there
    assert state.to_data() == before, \
        f"{where}: advance on a copy changed the original (one of {tried})"


def illegal_moves_refused(game: RandomGame, moves: Sequence[Move]) -> None:
    where = game.where()
    for move, code in game.refused_moves(moves):
        expected = "a refusal" if code is None else f"refusal '{code}'"
        assert not offered(game.state, move, moves), \
            f"{where}: {move} should be illegal, but legal_moves offers it"
        refusal = game.refusal(move)
        assert refusal is not None, f"{where}: {move} was accepted; expected {expected}"
        assert code is None or refusal.code == code, \
            f"{where}: {move} was refused with '{refusal.code}' ({refusal}), expected '{code}'"


def accepts_exactly_offered(game: RandomGame, moves: Sequence[Move]) -> None:
    """``apply`` accepts a move exactly when legal_moves offers it, perhaps written another
    way; a move written another way has the same outcome as the move it denotes."""
    state, where = game.state, game.where()
    for move in variations(game, moves):
        refusal = game.refusal(move)
        meant = canonical_move(state, move)
        if meant in moves:
            assert refusal is None, \
                f"{where}: {move} is in legal_moves but refused: {refusal.code}: {refusal}"
        else:
            assert refusal is not None, f"{where}: {move} is not in legal_moves but accepted"
        if meant == move:
            continue
        assert canonical_move(state, meant) == meant, \
            f"{where}: {move} is written as {meant}, which is written as another move again"
        assert meant.replace(cell=move.get("cell")) == move \
            and meant.get("cell")[0] == move.get("cell")[0], \
            f"{where}: {move} is written as {meant}; only the cell along a row may differ"
        if refusal is None:
            assert game.data_after(move) == game.data_after(meant), \
                f"{where}: {move} was accepted, but not as {meant}, the move it denotes"


def without_memory(state: GameState) -> GameState:
    """A copy of ``state`` whose grids are new, remembering nothing found in them before."""
    return GameState.from_data(state.rules, state.to_data())


def data_decides(game: RandomGame, moves: Sequence[Move]) -> None:
    """In a game with grids, the legal moves and where a move leads depend only on what
    lies in the zones, not on what the grids remember of earlier questions."""
    state, where = game.state, game.where()
    if not any(isinstance(content, Grid) for _, content in zone_contents(state)):
        return
    fresh = without_memory(state)
    again = legal_moves(fresh)
    assert list(again) == list(moves), \
        f"{where}: with new grids, legal_moves offers {list(again)}, not {list(moves)}"
    move = moves[game.checks.randrange(len(moves))]
    assert apply(fresh, Move(*move))[0].to_data() == game.data_after(move), \
        f"{where}: with new grids, {move} leads to another state"


def shown_as(shows: object, content: object, grid: tuple[int, int] | None) -> bool:
    """Whether a view shows a zone's content in full: a grid as rows of kinds (None for an
    empty cell) within the grid's bounds, a draw order as it lies, counts as they are."""
    if grid is None:
        return shows == content
    rows, columns = grid
    return isinstance(shows, list) and len(shows) == rows \
        and all(isinstance(row, list) and len(row) <= columns for row in shows) \
        and Grid.from_rows(shows) == content


def faced_as(shows: object, content: object, grid: tuple[int, int] | None,
             sees_down: bool) -> bool:
    """Whether a view shows a zone whose pieces have faces as it lies: each piece face up,
    or face down where the player sees those (``sees_down``), else ``UNSEEN``."""
    if grid is None:
        pile = cast(FacedPile, content)
        expected: object = [kind if sees_down or pile.marks[i] == UP else UNSEEN
                            for i, kind in enumerate(pile)]
        return shows == expected
    cells = cast(FacedGrid, content)
    rows = [[cells.get((r, c)) for c in range(1, grid[1] + 1)] for r in range(1, grid[0] + 1)]
    expected = [[kind if kind is None or sees_down or (r, c) in cells.up else UNSEEN
                 for c, kind in enumerate(row, 1)] for r, row in enumerate(rows, 1)]
    return isinstance(shows, list) and [row + [None] * (grid[1] - len(row))
                                        for row in shows] == expected


def views_hide(game: RandomGame, moves: Sequence[Move]) -> None:
    """Hidden zones show only a count; a player's own zones show only to their owner, or
    to all but their owner where held facing away, and to those shown it as it is now; a
    secret zone shows not even its size to others; what is shown is shown as it is. A zone
    whose pieces have faces shows those face up to all, and those face down as the zone's
    visibility says."""
    state, where = game.state, game.where()
    for me, player in enumerate(state.players):
        seen = view(state, player).zones
        for zone in game.rules.zones.values():
            if zone.content.faced:
                owners = [None] if zone.scope == "shared" else range(len(state.players))
                for owner in owners:
                    content = state.zone(zone.id, owner)
                    shows = seen[zone.id] if owner is None else seen[zone.id][state.players[owner]]
                    assert faced_as(shows, content, zone.grid, zone.shown_to(me, owner)), \
                        f"{where}: {player} sees {zone.id} of {owner} as {shows}"
                continue
            if zone.scope == "shared":
                content, shows = state.shared[zone.id], seen[zone.id]
                if zone.visibility == "hidden":
                    assert shows == {"count": zone_size(content)}, \
                        f"{where}: {player} sees {zone.id} as {shows}, not as a count"
                else:
                    assert shown_as(shows, content, zone.grid), \
                        f"{where}: {player} sees {zone.id} as {shows}, not {content}"
                continue
            for owner, (name, content) in enumerate(zip(state.players, state.owned[zone.id])):
                shows = seen[zone.id][name]
                if zone.visibility == "public" or \
                        (zone.visibility in ("owner", "secret") and owner == me) or \
                        (zone.visibility == "others" and owner != me) or \
                        me in getattr(content, "seen_by", ()):  # shown them, unchanged since
                    assert shown_as(shows, content, zone.grid), \
                        f"{where}: {player} sees {name}'s {zone.id} as {shows}, not {content}"
                elif zone.visibility == "secret":
                    assert shows == {"count": None}, \
                        f"{where}: {player} sees {name}'s secret {zone.id} as {shows}"
                else:
                    assert shows == {"count": zone_size(content)}, \
                        f"{where}: {player} sees {name}'s {zone.id} as {shows}, not as a count"


def check_crazy_axe(state: GameState, where: str) -> None:
    """Ogallala's Crazy Axe is never placed nor discarded: it lies in a draw stack until it
    is drawn, waits only while its player may sink a canoe, then leaves the game."""
    at = [name for name, content in zone_contents(state)
          if content.counts().get("crazy-axe")]
    allowed = {*ogallala_stacks(state.rules), "out"}
    if state.phase == "axe" and not state.game_over:
        allowed.add("pending")
    assert len(at) == 1 and at[0] in allowed, \
        f"{where}: the Crazy Axe lies in {at}; it may lie only in one of {sorted(allowed)}"


def crazy_axe_leaves(game: RandomGame, moves: Sequence[Move]) -> None:
    check_crazy_axe(game.state, game.where())


def data_round_trips(game: RandomGame, moves: Sequence[Move]) -> None:
    """A state read back from its data is the state: ``from_data(to_data(s)) == s``."""
    state, where = game.state, game.where()
    data = state.to_data()
    again = GameState.from_data(state.rules, data)
    assert again == state and again.to_data() == data, \
        f"{where}: the state read back from its data differs"


def set_aside_untouched(game: RandomGame, moves: Sequence[Move]) -> None:
    """No Thanks!'s cards set aside at setup stay where they are, unseen, all game long."""
    state, where = game.state, game.where()
    assert state.shared["removed"].size() == 9, f"{where}: the cards set aside changed"
    assert view(state, state.player).zones["removed"] == {"count": 9}, \
        f"{where}: the cards set aside are shown"


def sets_climb(game: RandomGame, moves: Sequence[Move]) -> None:
    """President's table: a set offered is of one rank, and once the table holds a set, as
    many cards of a higher rank; passing is offered exactly while the table holds one. (In
    a match, cards given before a hand are no set.)"""
    state, where = game.state, game.where()
    standing = state.areas["table"]
    ranks = {kind: component.rank for kind, component in state.rules.components.items()}
    for move in moves:
        if move.action == "pass":
            assert standing, f"{where}: a pass is offered on an empty table"
            continue
        if move.action == "give":
            assert not standing and state.phase == "give", f"{where}: a card given in play"
            continue
        group = move.get("group")
        assert len({kind for kind, _, _ in group}) == 1, f"{where}: {group} mixes ranks"
        if standing:
            assert sum(n for *_, n in group) == sum(n for *_, n in standing) \
                and ranks[group[0][0]] > ranks[standing[0][0]], \
                f"{where}: {group} offered over {standing}"
    assert (Move("pass") in moves) == bool(standing) or not moves, \
        f"{where}: passing offered {Move('pass') in moves} with {standing} on the table"


#: input_untouched comes early: checks after it reuse what the moves it tried led to
STEP_CHECKS: tuple[StepCheck, ...] = (
    pieces_conserved, input_untouched, offered_moves_accepted, illegal_moves_refused,
    accepts_exactly_offered, advance_agrees, views_hide, data_decides, data_round_trips,
)
#: checks of what holds in one game only, by ruleset id (variants included)
GAME_CHECKS: dict[str, tuple[StepCheck, ...]] = {"ogallala": (crazy_axe_leaves,),
                                                 "no-thanks": (set_aside_untouched,),
                                                 "president": (sets_climb,)}


def all_checks(rules: Ruleset) -> tuple[StepCheck, ...]:
    return STEP_CHECKS + GAME_CHECKS.get(rules.id, ())


# -- the checks of a whole game ----------------------------------------------------

def check_ended(game: RandomGame) -> None:
    state, where = game.state, game.where()
    assert state.game_over, f"{where}: play stopped before the game was over"
    assert len(legal_moves(state)) == 0, f"{where}: legal moves are offered after the end"
    refusal = refusal_of(state, game.chosen[-1], where)
    assert refusal is not None and refusal.code == "game-over", \
        f"{where}: a move after the end was not refused as 'game-over' ({refusal})"
    if state.rules.end.winner != "mover":  # else the game's own checks judge the winner
        totals = state.team_scores()  # partners win together
        best = min(totals) if state.rules.end.lowest_wins else max(totals)
        tied = [seat for seat, points in enumerate(totals) if points == best]
        if state.rules.end.tiebreak is not None:  # the most of it among the tied
            broken = [state.tiebreak_of(seat) for seat in tied]
            tied = [seat for seat, value in zip(tied, broken) if value == max(broken)]
        expected = tuple(state.players[seat] for seat in tied)
        assert state.winners() == expected, \
            f"{where}: winners {state.winners()} for scores {state.scores}"
    check_pieces(state, where)
    if state.rules.id == "ogallala":
        check_crazy_axe(state, where)


def check_replay(game: RandomGame) -> None:
    state = new_game(game.rules, game.players, seed=game.seed)
    for i, move in enumerate(game.chosen):
        where = f"{game.where()}, replaying decision {i}"
        assert move in legal_moves(state), f"{where}: {move} is not legal on replay"
        state = accepted(state, move, where)
    assert state.to_data() == game.state.to_data(), \
        f"{game.where()}: replaying the {len(game.chosen)} moves gives a different final state"


# -- the tests ------------------------------------------------------------------------

seeds = st.integers(min_value=0, max_value=2**63)
player_counts = st.integers(min_value=OKAVANGO.min_players, max_value=OKAVANGO.max_players)
random_games = settings(max_examples=10, deadline=None)


@random_games
@given(players=player_counts, seed=seeds)
def test_every_game_ends(players: int, seed: int) -> None:
    check_ended(play(OKAVANGO, players, seed))


@random_games
@given(players=player_counts, seed=seeds)
def test_no_piece_is_created_or_lost(players: int, seed: int) -> None:
    game = play(OKAVANGO, players, seed, pieces_conserved)
    check_pieces(game.state, game.where())


@random_games
@given(players=player_counts, seed=seeds)
def test_every_offered_move_is_accepted(players: int, seed: int) -> None:
    play(OKAVANGO, players, seed, offered_moves_accepted)


@random_games
@given(players=player_counts, seed=seeds)
def test_apply_never_mutates_its_input(players: int, seed: int) -> None:
    play(OKAVANGO, players, seed, input_untouched)


@random_games
@given(players=player_counts, seed=seeds)
def test_illegal_moves_are_refused(players: int, seed: int) -> None:
    check_ended(play(OKAVANGO, players, seed, illegal_moves_refused))


@random_games
@given(players=player_counts, seed=seeds)
def test_apply_accepts_exactly_the_offered_moves(players: int, seed: int) -> None:
    play(OKAVANGO, players, seed, accepts_exactly_offered)


@random_games
@given(players=player_counts, seed=seeds)
def test_replay_gives_the_same_game(players: int, seed: int) -> None:
    check_replay(play(OKAVANGO, players, seed))


@random_games
@given(players=player_counts, seed=seeds)
def test_views_hide_what_players_may_not_see(players: int, seed: int) -> None:
    play(OKAVANGO, players, seed, views_hide)


@pytest.mark.parametrize("seed", SWEEP_SEEDS)
@pytest.mark.parametrize("players", range(OKAVANGO.min_players, OKAVANGO.max_players + 1))
def test_seeded_sweep(players: int, seed: int) -> None:
    """The same seeds on every run, so that coverage does not depend on luck."""
    game = play(OKAVANGO, players, seed, *STEP_CHECKS)
    check_ended(game)
    check_replay(game)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("variant, players", [
    (name, players) for name, rules in VARIANTS.items()
    for players in range(rules.min_players, rules.max_players + 1)])
def test_variants(variant: str, players: int, seed: int) -> None:
    game = play(VARIANTS[variant], players, seed, *STEP_CHECKS)
    check_ended(game)
    check_replay(game)


@pytest.mark.parametrize("seed", OGALLALA_SWEEP_SEEDS)
@pytest.mark.parametrize("players", range(OGALLALA.min_players, OGALLALA.max_players + 1))
def test_ogallala_seeded_sweep(players: int, seed: int) -> None:
    """Every check above, and where the Crazy Axe may lie, in whole games of Ogallala."""
    game = play(OGALLALA, players, seed, *all_checks(OGALLALA))
    check_ended(game)
    check_replay(game)


@pytest.mark.parametrize("players, seed", OGALLALA_VARIANT_GAMES)
@pytest.mark.parametrize("variant", OGALLALA_VARIANTS)
def test_ogallala_variants(variant: str, players: int, seed: int) -> None:
    rules = OGALLALA_VARIANTS[variant]
    game = play(rules, players, seed, *all_checks(rules))
    check_ended(game)
    check_replay(game)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("players", range(NO_THANKS.min_players, NO_THANKS.max_players + 1))
def test_no_thanks_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of No Thanks!; whoever takes the card moves next,
    and every card in play ends in front of a player."""
    game = play(NO_THANKS, players, seed, *all_checks(NO_THANKS), taker_moves_next)
    check_ended(game)
    check_replay(game)
    state = game.state
    assert sum(cards.size() for cards in state.owned["cards"]) == 33 - 9, game.where()


def taker_moves_next(game: RandomGame, moves: Sequence[Move]) -> None:
    if Move("take") in moves:
        after = game.accepted(Move("take"))
        assert after.game_over or after.to_move == game.state.to_move, \
            f"{game.where()}: the player who took the card does not decide next"


# -- odd spellings ---------------------------------------------------------------------

ODDITIES = (
    "a negative count", "a zero count", "a zero count of a kind not owned", "an unknown kind",
    "a wild piece standing for itself", "a repeated piece", "a field the action does not use",
)


def odd_spellings(move: Move, rules: Ruleset, pool: dict[str, int],
                  rnd: random.Random) -> list[tuple[str, Move, Move | None]]:
    """Odd spellings of an offered move: (what is odd, the spelling, the move it means).

    The meant move is None when the spelling means no move at all.
    """
    odd: list[tuple[str, Move, Move | None]] = []
    if move.get("group"):
        group = move.get("group")
        kind, stands, count = rnd.choice(group)
        used = {k for k, _, _ in group}
        real = [k for k, c in rules.components.items() if not c.wild and k not in used]
        owned, not_owned = [k for k in real if pool.get(k)], [k for k in real if not pool.get(k)]

        def plus(*pieces: tuple[str, str, int]) -> Move:
            return move.replace(group=tuple(sorted((*group, *pieces))))

        if owned:
            other = rnd.choice(owned)
            odd.append(("a negative count", plus((other, other, -1)), None))
            odd.append(("a zero count", plus((other, other, 0)), move))
        if not_owned:
            other = rnd.choice(not_owned)
            odd.append(("a zero count of a kind not owned", plus((other, other, 0)), move))
        odd.append(("an unknown kind", plus(("unicorn", "unicorn", 1)), None))
        odd.extend(("a wild piece standing for itself", plus((wild, wild, 1)), None)
                   for wild in rules.wild_kinds)
        if count > 1:
            rest = tuple(p for p in group if p != (kind, stands, count))
            split = tuple(sorted((*rest, (kind, stands, 1), (kind, stands, count - 1))))
            odd.append(("a repeated piece", move.replace(group=split), move))
        odd.append(("a field the action does not use",
                    move.replace(kind=rnd.choice(list(rules.components))), move))
    elif move.get("kind") is not None:
        odd.append(("an unknown kind", move.replace(kind="unicorn"), None))
        if move.get("area") is None:
            odd.append(("a field the action does not use",
                        move.replace(area=rnd.choice(list(rules.areas))), move))
    return odd


def read_as_meant(oddity: str) -> StepCheck:
    """A check that spellings with ``oddity`` are refused or treated as the move they mean."""

    def check(game: RandomGame, moves: Sequence[Move]) -> None:
        state, where = game.state, game.where()
        pool = state.owned["reserve"][state.to_move]
        for move in sample_offered(game, moves)[:APPLY_SAMPLE]:
            for wrong, spelling, meant in odd_spellings(move, game.rules, pool, game.checks):
                if wrong != oddity or refusal_of(state, spelling, where) is not None:
                    continue
                assert meant is not None, f"{where}: {spelling} has {oddity}, but was accepted"
                assert apply(state, spelling)[0].to_data() == apply(state, meant)[0].to_data(), \
                    f"{where}: {spelling} has {oddity}; it was accepted, but not as {meant}"

    return check


@pytest.mark.parametrize("oddity", ODDITIES)
def test_odd_spellings_are_refused_or_read_as_meant(oddity: str) -> None:
    """A Move is a plain tuple, so a bot can spell anything; that must not be a loophole.

    ``apply`` must refuse an odd spelling with IllegalMove, or treat it exactly
    as the move it means.
    """
    for players in range(OKAVANGO.min_players, OKAVANGO.max_players + 1):
        for seed in range(2):
            play(OKAVANGO, players, seed, read_as_meant(oddity))


@settings(max_examples=3, deadline=None)
@given(players=st.integers(min_value=OGALLALA.min_players, max_value=OGALLALA.max_players),
       seed=seeds)
def test_ogallala_random_games(players: int, seed: int) -> None:
    """Ogallala under every check, for seeds and player counts Hypothesis draws."""
    game = play(OGALLALA, players, seed, *all_checks(OGALLALA))
    check_ended(game)
    check_replay(game)


# -- Coloretto ----------------------------------------------------------------------------

COLORETTO = load_ruleset("coloretto")
#: (players, seed) of the games of Coloretto played under every check: a few per count
COLORETTO_GAMES = ((3, 0), (3, 1), (4, 0), (4, 1), (5, 0), (5, 1))


@pytest.mark.parametrize("players, seed", COLORETTO_GAMES)
def test_coloretto_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of Coloretto; the last-round card starts fifteen
    cards from the bottom, and the game ends in the round it is drawn."""
    deck = new_game(COLORETTO, NAMES[:players], seed=seed).shared["deck"]
    assert deck.index("last-round") == len(deck) - 16
    game = play(COLORETTO, players, seed, *all_checks(COLORETTO))
    check_ended(game)
    check_replay(game)
    assert game.state.shared["aside"] == ["last-round"]


# -- President ---------------------------------------------------------------------------

PRESIDENT = load_ruleset("president")
#: (players, seed) of the games of President played under every check
PRESIDENT_GAMES = ((3, 0), (4, 0), (4, 1), (5, 0), (6, 0), (7, 0))


@pytest.mark.parametrize("players, seed", PRESIDENT_GAMES)
def test_president_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of President; the game ends with one player holding
    cards, and the points are the finishing order: one fewer for each place, none last."""
    game = play(PRESIDENT, players, seed, *all_checks(PRESIDENT))
    check_ended(game)
    check_replay(game)
    state = game.state
    assert sorted(state.scores) == list(range(players)), game.where()
    assert sum(1 for hand in state.owned["hand"] if hand.size()) == 1, game.where()


PRESIDENT_MATCH = load_ruleset(RULES_DIR / "president" / "variants" / "match.yaml")


@pytest.mark.parametrize("players, seed", ((3, 0), (5, 1)))
def test_president_match_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole matches of President: hand after hand, every card dealt
    again, until a player has ten points at the end of one."""
    game = play(PRESIDENT_MATCH, players, seed, *all_checks(PRESIDENT_MATCH))
    check_ended(game)
    check_replay(game)
    assert game.state.counters["hands"] > 1 and max(game.state.scores) >= 10, game.where()


# -- Hearts ------------------------------------------------------------------------------

HEARTS = load_ruleset("hearts")


@pytest.mark.parametrize("seed", (0, 1))
def test_hearts_seeded_sweep(seed: int) -> None:
    """Every check above in whole games of Hearts: three cards passed before most hands,
    tricks, hand after hand until someone has 100 points. Every hand gives 26 points in all,
    or 78 when a player shoots the moon, and the fewest points win."""
    game = play(HEARTS, 4, seed, *all_checks(HEARTS))
    check_ended(game)
    check_replay(game)
    state = game.state
    assert max(state.scores) >= 100 and sum(state.scores) % 26 == 0, game.where()
    assert state.winners() == tuple(name for name, points in zip(state.players, state.scores)
                                    if points == min(state.scores)), game.where()


HEARTS_PARTNERS = load_ruleset(RULES_DIR / "hearts" / "variants" / "partners.yaml")


def test_hearts_partners_seeded_sweep() -> None:
    """Every check above in a whole game of partnership Hearts: the partners opposite each
    other win or lose together, by their points added up."""
    game = play(HEARTS_PARTNERS, 4, 0, *all_checks(HEARTS_PARTNERS))
    check_ended(game)
    check_replay(game)
    state = game.state
    winners = set(state.winners())
    assert winners in ({state.players[0], state.players[2]},
                       {state.players[1], state.players[3]}, set(state.players)), game.where()


# -- Love Letter -------------------------------------------------------------------------

LOVE_LETTER = load_ruleset("love-letter")


def knocked_out_hold_nothing(game: RandomGame, moves: Sequence[Move]) -> None:
    """A player out of the round holds no card, is never to move and is never named; a
    player whose last card played is a Handmaid is named only by themselves."""
    state, where = game.state, game.where()
    out = [seat for seat in range(len(state.players)) if is_out(state.counters, seat)]
    for seat in out:
        assert not state.owned["hand"][seat].size(), f"{where}: {seat} is out, holding cards"
        assert state.to_move != seat or state.game_over, f"{where}: {seat} is out, to move"
    for move in moves:
        named = move.get("player")
        if named is None or named == state.player:
            continue
        seat = state.players.index(named)
        played = state.owned["played"][seat]
        assert seat not in out, f"{where}: {named} is out, yet named by {move}"
        assert not (played.size() and played[0] == "handmaid"), \
            f"{where}: {named} is protected, yet named by {move}"


GAME_CHECKS["love-letter"] = (knocked_out_hold_nothing,)


@pytest.mark.parametrize("players, seed", ((2, 0), (3, 1), (4, 2)))
def test_love_letter_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of Love Letter: rounds until a player has enough
    tokens of affection (7, 5 or 4), each round won by one of those still in."""
    game = play(LOVE_LETTER, players, seed, *all_checks(LOVE_LETTER))
    check_ended(game)
    check_replay(game)
    state = game.state
    assert max(state.scores) == {2: 7, 3: 5, 4: 4}[players], game.where()
    assert sum(state.scores) >= state.counters["hands"], game.where()


# -- Sushi Go! ---------------------------------------------------------------------------

SUSHI_GO = load_ruleset("sushi-go")


@pytest.mark.parametrize("players, seed", ((2, 0), (3, 1), (4, 2), (5, 3)))
def test_sushi_go_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of Sushi Go!: cards chosen at the same time, sorted
    onto their rows, hands passed on, three rounds dealt from one deck, puddings at the end."""
    game = play(SUSHI_GO, players, seed, *all_checks(SUSHI_GO))
    check_ended(game)
    check_replay(game)
    assert game.state.counters["hands"] == 3, game.where()


# -- the test games of simultaneous choices and of tricks ---------------------------------

TEST_RULES = Path(__file__).parent / "rulesets"


@pytest.mark.parametrize("players, seed", ((2, 0), (3, 1), (4, 2)))
@pytest.mark.parametrize("name", ["rows", "sixes", "tricks", "tricks-trumps", "turn-up"])
def test_simultaneous_and_trick_games_seeded_sweep(name: str, players: int, seed: int) -> None:
    """Every check above in whole games of choices made at the same time (what a player
    chose is hidden from the others' views until the reveal) and of tricks."""
    rules = load_ruleset(TEST_RULES / f"{name}.yaml")
    game = play(rules, players, seed, *all_checks(rules))
    check_ended(game)
    check_replay(game)


# -- Concentration -----------------------------------------------------------------------

CONCENTRATION = load_ruleset("concentration")


def pairs_only(game: RandomGame, moves: Sequence[Move]) -> None:
    """At most two cards lie face up, none once a turn is over; a card remembered lies face
    down where it was seen; the pairs found are pairs, every card once."""
    state, where = game.state, game.where()
    up, remembered = state.up()["layout"], state.remembered()["layout"]
    assert len(up) <= 2 and not set(up) & set(remembered), f"{where}: {up}, {remembered}"
    if state.phase == "first":
        assert not up, f"{where}: cards left face up as the turn ended: {up}"
    for found in state.owned["pairs"]:
        assert all(n % 2 == 0 for n in found.values()), f"{where}: not pairs: {dict(found)}"


GAME_CHECKS["concentration"] = (pairs_only,)


@pytest.mark.parametrize("players, seed", ((2, 0), (3, 1), (6, 2)))
def test_concentration_seeded_sweep(players: int, seed: int) -> None:
    """Every check above in whole games of Concentration, until the layout is empty."""
    game = play(CONCENTRATION, players, seed, *all_checks(CONCENTRATION))
    check_ended(game)
    check_replay(game)
    assert not game.state.shared["layout"] and sum(game.state.scores) == 12, game.where()


# -- Lost Cities -------------------------------------------------------------------------

LOST_CITIES = load_ruleset("lost-cities")


def lost_cities_refusals(game: RandomGame) -> list[Refusal]:
    """Drawing back the card just discarded; adding a card below the top of its expedition
    (or a wager card above a number card); playing a card the hand lacks."""
    state, rules, rnd = game.state, game.rules, game.checks
    hand = state.owned["hand"][state.to_move]
    refused: list[Refusal] = []
    if state.phase == "draw":
        discarded = state.turn.memory.get("discard", {}).get("zone")
        if discarded is not None:
            refused.append((Move.of("draw", zone=discarded), "not-back"))
        return refused
    for kind in sorted(hand):
        card = rules.components[kind].attributes
        row = state.owned[f"expedition-{card['colour']}"][state.to_move]
        if row:
            top = rules.components[row[0]].attributes  # type: ignore[index]
            if card["value"] <= top["value"] and not (card.get("wager") and top.get("wager")):
                refused.append((Move.of("play", kind=kind), "not-allowed-here"))
    missing = [kind for kind in rules.components if not hand.get(kind)]
    refused.append((Move.of("play", kind=rnd.choice(missing)), "pieces-missing"))
    return refused


@pytest.mark.parametrize("seed", range(3))
def test_lost_cities_seeded_sweep(seed: int) -> None:
    """Every check above in whole games of Lost Cities, with its own refusals."""
    game = play(LOST_CITIES, 2, seed, *all_checks(LOST_CITIES))
    check_ended(game)


# -- Connect Four ------------------------------------------------------------------------

CONNECT_FOUR = load_ruleset("connect-four")
CONNECT_FOUR_SEEDS = range(12)


def discs_rest_on_something(game: RandomGame, moves: Sequence[Move]) -> None:
    """Every disc lies in the bottom row or on another disc (gravity), and every column that
    is not full is offered, and only those."""
    grid, where = cast(Grid, game.state.shared["grid"]), game.where()
    rows, columns = CONNECT_FOUR.zones["grid"].grid or (0, 0)
    floating = [cell for cell in grid if cell[0] < rows and (cell[0] + 1, cell[1]) not in grid]
    assert not floating, f"{where}: discs float at {floating}"
    open_columns = [c for c in range(1, columns + 1) if (1, c) not in grid]
    assert sorted(m.get("column") for m in moves) == open_columns, \
        f"{where}: offered {list(moves)} with the columns {open_columns} open"


def check_connect_four_result(game: RandomGame) -> None:
    """A game with a line of four was won by the owner of that line's colour, who moved
    last; a game without one ended with a full grid, shared by both."""
    state, where = game.state, game.where()
    grid = cast(Grid, state.shared["grid"])
    colours = CONNECT_FOUR.document.data["setup"]["colours"]["kinds"]
    lines = list(lines_in(grid, CONNECT_FOUR.straight_lines["four"]))
    if lines:
        [colour] = {grid[line[0]] for line in lines}
        owner = state.players[colours.index(colour)]
        assert state.winners() == (owner,) == (state.player,), \
            f"{where}: {owner} has a line of four, but the winners are {state.winners()}"
    else:
        assert len(grid) == 42 and set(state.winners()) == set(state.players), \
            f"{where}: no line of four, {len(grid)} discs, winners {state.winners()}"


GAME_CHECKS["connect-four"] = (discs_rest_on_something,)


@pytest.mark.parametrize("seed", CONNECT_FOUR_SEEDS)
def test_connect_four_seeded_sweep(seed: int) -> None:
    """Every check above, gravity, and who wins, in whole games of Connect Four."""
    game = play(CONNECT_FOUR, 2, seed, *all_checks(CONNECT_FOUR))
    check_ended(game)
    check_connect_four_result(game)
    check_replay(game)
