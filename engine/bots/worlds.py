"""What a bot may reason about: possible worlds built from a view, and a player's standing.

A bot is given a PlayerView, never the state: it cannot read another player's hidden zone
or the order of a hidden stack. To try moves it builds a *possible world*, a state that
agrees with everything the view shows and fills the unseen places with the unseen pieces at
random. Every bot reads the game through this module only.
"""

from __future__ import annotations

import ast
import random
from collections import Counter
from typing import Any, Sequence

from ..common.moves import Move
from ..conditions.wording import zone_counts_compared
from ..model.ruleset import Ruleset
from ..play.game import blank_data
from ..play.notation import parse_pieces
from ..play.scoring import points_for, points_of
from ..play.state import GameState
from ..play.view import PlayerView
from ..zones.grid import Grid
from ..zones.groups import make_group

#: at most this many moves are tried; beyond it, a random sample of them
MOVES_TRIED = 2000


def possible_world(view: PlayerView, rules: Ruleset, rng: random.Random) -> GameState:
    """A state consistent with ``view``; what the view hides is drawn at random (zones
    whose size is shown get that many pieces; the rest are spread over secret zones)."""
    data = blank_data(view.players, rng.randrange(2**63))
    seen: Counter[str] = Counter()
    hidden: list[tuple[str, int | None, int]] = []  # (zone, player or None, size)
    secret: list[tuple[str, int]] = []  # (zone, player): neither content nor size shown
    areas = {}
    for area_id, written in view.areas.items():
        pieces = parse_pieces(written, rules)
        group = make_group(pieces)  # type: ignore[arg-type]  # an area's pieces declare their kind
        areas[area_id] = group
        for kind, _, n in group:  # a kind twice (two wild pieces standing for two kinds)
            seen[kind] += n
    shared: dict[str, Any] = {}
    owned: dict[str, list[Any]] = {z.id: [None] * len(view.players)
                                   for z in rules.zones.values() if z.scope == "player"}
    me = view.players.index(view.player)
    for zone in rules.zones.values():
        shown = view.zones[zone.id]
        owners = enumerate(view.players) if zone.scope == "player" else [(None, None)]
        for index, name in owners:
            content: Any = shown[name] if name is not None else shown  # the view's data
            if zone.visibility == "hidden" or (zone.visibility != "public" and index != me):
                if content["count"] is None and index is not None:  # secret: not even how many
                    secret.append((zone.id, index))
                else:
                    hidden.append((zone.id, index, content["count"]))
                continue
            if zone.grid is not None:
                grid = Grid.from_rows(content)
                seen.update(grid.values())
                content = grid.to_data()
            elif isinstance(content, list):  # an open pile, in its order
                seen.update(content)
            else:
                seen.update(content)
                if zone.ordered:  # a pile shown as counts: any order will do
                    content = [k for k, n in sorted(content.items()) for _ in range(n)]
            if index is None:
                shared[zone.id] = content
            else:
                owned[zone.id][index] = content
    unseen = [kind for kind, c in rules.components.items() for _ in range(c.copies - seen[kind])]
    rng.shuffle(unseen)
    for zone_id, index, size in hidden:
        drawn, unseen = unseen[:size], unseen[size:]
        content = drawn if rules.zones[zone_id].ordered else dict(Counter(drawn))
        if index is None:
            shared[zone_id] = content
        else:
            owned[zone_id][index] = content
    # What is still unplaced lies in the secret zones: each piece in one of them at random.
    secrets: list[Counter[str]] = [Counter() for _ in secret]
    for kind in unseen if secret else ():
        secrets[rng.randrange(len(secret))][kind] += 1
    for (zone_id, owner), spread in zip(secret, secrets):
        if rules.zones[zone_id].ordered:  # in any order: nobody else saw it
            laid = list(spread.elements())
            rng.shuffle(laid)
            owned[zone_id][owner] = laid
        else:
            owned[zone_id][owner] = dict(spread)
    data.update(
        areas=areas, shared=shared, owned=owned, closed=list(view.closed), turn=view.turn,
        scores=[view.scores[p] for p in view.players],
        # a player who may act now, though not asked first, reasons as the one to move
        to_move=view.players.index(view.player if view.player in view.acting
                                   else view.to_move),
        start_player=view.players.index(view.start_player),
        phase=view.phase, turns_played=view.turns_played, idle_turns=view.idle_turns,
        ending=view.ending, counters=view.counters)
    return GameState.from_data(rules, data)


def tried(moves: Sequence[Move], rng: random.Random) -> list[Move]:
    """Every move, or a random sample of ``MOVES_TRIED`` of them (in their order)."""
    if len(moves) <= MOVES_TRIED:
        return list(moves)
    return [moves[i] for i in sorted(rng.sample(range(len(moves)), MOVES_TRIED))]


def measure(state: GameState, player: int) -> tuple[int, int, int]:
    """(points, pieces on the board, pieces in the player's own zones); points count
    against the player where the fewest win. Before the end, points counted at the end
    are those the player would have now, plus what pieces they hold may still make of
    their zones (``prospect``)."""
    on_board = sum(n for group in state.areas.values() for _, _, n in group)
    own = sum(per_player[player].size() for per_player in state.owned.values())
    points = state.scores[player]
    lowest = state.rules.end.lowest_wins
    better = 0
    if state.rules.scored_at_end and not state.game_over:
        points += points_of(state, player)["total"]
        better = prospect(state, player, lowest)
    return (-points if lowest else points) + better, on_board, own


def prospect(state: GameState, player: int, lowest_wins: bool = False) -> int:
    """How much better the points of the player's zones counted at the end would be with
    the pieces the player holds that could go there now (``ActionMechanism.prospects``):
    zone by zone, where they make it better at all, since pieces held need not be played.
    A zone that costs points once started is then worth starting only when the player
    holds enough for it. Where the end tells how many turns are left (``turns_left``), no
    more pieces are counted than there are turns to place them, best zones first."""
    rules = state.rules
    held: dict[str, Counter[str]] = {}
    for action in rules.actions.values():
        for zone_id, kind, count in action.prospects(state, player):
            held.setdefault(zone_id, Counter())[kind] += count
    gains = []  # (points better, pieces it takes)
    for scoring in rules.zone_scoring if held else ():
        for zone_id in scoring.zones:
            extra = held.get(zone_id)
            if extra:
                counts = Counter(state.owned[zone_id][player].counts())
                change = (points_for(rules, scoring, counts + extra)
                          - points_for(rules, scoring, counts))
                better = -change if lowest_wins else change
                if better > 0:
                    gains.append((better, extra.total()))
    turns = turns_left(state) if gains else None
    if turns is None:
        return sum(better for better, _ in gains)
    total = 0
    for better, pieces in sorted(gains, key=lambda gain: gain[0] / gain[1], reverse=True):
        placed = min(pieces, turns)
        total += better * placed // pieces
        turns -= placed
    return total


def turns_left(state: GameState) -> int | None:
    """About how many more turns each player has where the game ends once a shared zone is
    down to a number of pieces (``zone.deck == 0``) and a turn takes one from it; None
    where the end says nothing of the kind."""
    # kept in a tuple: a ruleset's tables take None for "not made yet"
    (ending,) = state.rules.cache.tables("worlds.ending", lambda _: (_ending_zone(state.rules),))
    if ending is None:
        return None
    zone_id, count = ending
    return -(-max(0, state.shared[zone_id].size() - count) // len(state.players))


def _ending_zone(rules: Ruleset) -> tuple[str, int] | None:
    """The shared zone whose count the end waits for, and the count (read once a ruleset)."""
    shared = (zone for zone in rules.zones.values() if zone.scope == "shared")
    return next(((zone.id, count) for zone, op, count in zone_counts_compared(rules.end.when,
                                                                              shared)
                 if op in (ast.Eq, ast.LtE)), None)


#: what winning the game with a move adds to its value: more than any gain
WINNING = 1 << 62


def gain(before: GameState, after: GameState, player: int,
         standing: tuple[int, int, int] | None = None) -> int:
    """How much a move that led from ``before`` to ``after`` did for ``player`` at once:
    points count most, then pieces put on the board (progress towards scoring and the end)
    twice as much as pieces gained for the player's own zones; a move that ends the game
    with the player among the winners beats any gain. ``standing`` is ``measure(before,
    player)`` when the caller already has it."""
    was = standing if standing is not None else measure(before, player)
    now = measure(after, player)
    value = 100 * (now[0] - was[0]) + 2 * (now[1] - was[1]) + (now[2] - was[2])
    if after.game_over and before.players[player] in after.winners():
        value += WINNING
    return value
