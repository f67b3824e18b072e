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
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..common.moves import Move
from ..conditions.turnnames import field_name
from ..conditions.wording import zone_counts_compared
from ..model.ruleset import Ruleset, Zone
from ..play.game import acting, apply, blank_data, legal_moves
from ..play.notation import parse_pieces
from ..play.rounds import is_out, players_in
from ..play.scoring import points_for, points_of
from ..play.state import GameState
from ..play.turncontext import TurnContext
from ..play.view import UNSEEN, PlayerView
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
    faced: list[list[str | None]] = []  # piles (grids' rows) of pieces with faces
    faced_grids: list[tuple[str, int | None, list[list[str | None]]]] = []  # as rows
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
    for zone in rules.zones.values():
        shown = view.zones[zone.id]
        owners = enumerate(view.players) if zone.scope == "player" else [(None, None)]
        for index, name in owners:
            content: Any = shown[name] if name is not None else shown  # the view's data
            if zone.content.faced:  # piece by piece: the unseen ones are filled in below
                content = _faced(zone, content, view.remembered.get(zone.id, {}), name)
                for row in content if zone.grid is not None else [content]:
                    seen.update(kind for kind in row if kind not in (None, UNSEEN))
                    faced.append(row)
                if zone.grid is not None:
                    faced_grids.append((zone.id, index, content))
            elif not view.shows(zone, index):
                if content["count"] is None and index is not None:  # secret: not even how many
                    secret.append((zone.id, index))
                else:
                    hidden.append((zone.id, index, content["count"]))
                continue
            elif zone.grid is not None:
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
    for pile in faced:
        for place, seen_kind in enumerate(pile):
            if seen_kind == UNSEEN:
                pile[place] = unseen.pop()
    for zone_id, index, rows in faced_grids:
        cells = Grid.from_rows(rows).to_data()
        if index is None:
            shared[zone_id] = cells
        else:
            owned[zone_id][index] = cells
    told = {zone: [per_player[name] for name in view.players]
            for zone, per_player in view.told.items()}
    hidden.sort(key=lambda place: place[0] not in told)  # what was told narrows it: first
    for zone_id, index, size in hidden:
        notes = told[zone_id][index] if zone_id in told and index is not None else []
        drawn, unseen = _drawn(rules, unseen, size, notes, rng)
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
        ending=view.ending, counters=view.counters,
        **({"told": told} if told else {}),
        **({"seen": _seen(view)} if view.seen else {}),
        **(_faces_data(view, rules) if view.up else {}))
    return GameState.from_data(rules, data)


def _faced(zone: Zone, shown: list[Any], remembered: Mapping[Any, Any], owner: str | None
           ) -> list[Any]:
    """A zone with faces as the view shows it, a pile or a grid's rows, with what the table
    remembers of its pieces face down put back in their places."""
    known = remembered if owner is None else remembered.get(owner, {})
    if zone.grid is None:
        return [known.get(place, kind) for place, kind in enumerate(shown)]
    columns = zone.grid[1]
    return [[known.get(r * columns + c, kind) for c, kind in enumerate(row)]
            for r, row in enumerate(shown)]


def _faces_data(view: PlayerView, rules: Ruleset) -> dict[str, dict[str, Any]]:
    """Which pieces of the zones with faces lie face up and which face down are remembered,
    as a state's data (the view gives them by place, per player by name)."""
    def per_seat(zone_id: str, places: Any) -> Any:
        if rules.zones[zone_id].scope == "shared":
            return sorted(places)
        return [sorted(places[name]) for name in view.players]

    return {key: {zone_id: per_seat(zone_id, places) for zone_id, places in by_zone.items()}
            for key, by_zone in (("up", view.up), ("remembered", view.remembered))}


def _seen(view: PlayerView) -> dict[str, list[list[str]]]:
    """What the view's player has seen of the others' zones, as a state's ``seen``: in
    their possible world they have seen it too (what others saw, they do not know)."""
    return {zone: [[view.player] if name in names else [] for name in view.players]
            for zone, names in view.seen.items()}


#: how many deals a world tries for pieces that must fit what their holder was told
FITTING_TRIES = 50


def _drawn(rules: Ruleset, unseen: list[str], size: int, notes: Sequence[Mapping[str, Any]],
           rng: random.Random) -> tuple[list[str], list[str]]:
    """``size`` of the unseen pieces (in random order) and those left; the i-th fits the
    i-th of ``notes`` (the values each attribute may still have). Where no deal found fits,
    the pieces are taken as they come."""
    if not any(notes):
        return unseen[:size], unseen[size:]
    attributes = {kind: rules.components[kind].attributes for kind in set(unseen)}

    def fits(kind: str, told: Mapping[str, Any]) -> bool:
        return all(attributes[kind].get(a) in values for a, values in told.items())

    for _ in range(FITTING_TRIES):
        left, drawn = list(unseen), []
        for place in range(size):
            told = notes[place] if place < len(notes) else {}
            pick = next((i for i, kind in enumerate(left) if fits(kind, told)), None)
            if pick is None:
                break
            drawn.append(left.pop(pick))
        else:
            return drawn, left
        rng.shuffle(unseen)
    return unseen[:size], unseen[size:]


def tried(moves: Sequence[Move], rng: random.Random) -> list[Move]:
    """Every move, or a random sample of ``MOVES_TRIED`` of them (in their order)."""
    if len(moves) <= MOVES_TRIED:
        return list(moves)
    return [moves[i] for i in sorted(rng.sample(range(len(moves)), MOVES_TRIED))]


def measure(state: GameState, player: int) -> tuple[int, int, int]:
    """(points, with the partners' where there are teams, pieces on the board, pieces in the
    player's own zones); points count against the player where the fewest win. Before the
    end, points counted at the end are those the player would have now, plus what pieces
    they hold may still make of their zones (``prospect``). A piece held in a zone the rules want emptied, or one that
    is a risk to hold (``burdens``), counts against the player instead, by what it weighs."""
    on_board = sum(n for group in state.areas.values() for _, _, n in group)
    weighs = burdens(state.rules)
    own = 0
    for zone_id, per_player in state.owned.items():
        burden = weighs.get(zone_id)
        if burden is None:
            own += per_player[player].size()
            continue
        costs, per_kind = burden
        for kind, n in per_player[player].counts().items():
            own -= costs[kind] * n + per_kind
    team = state.rules.team_of(len(state.players), player)  # partners share their points
    points = sum(state.scores[mate] for mate in team)
    together = state.rules.end.points
    if together is not None and not state.game_over:  # the table's result, as it stands
        points = together(TurnContext(state))
    lowest = state.rules.end.lowest_wins
    better = 0
    if state.rules.scored_at_end and not state.game_over:
        points += sum(points_of(state, mate)["total"] for mate in team)
        better = prospect(state, player, lowest)
    return (-points if lowest else points) + better, on_board, own


#: what one point a piece would cost if taken weighs while the piece is held (a point taken
#: counts 100 in ``gain``): a piece that costs points is worth passing on to others
RISK_PER_POINT = 30


def burdens(rules: Ruleset) -> dict[str, tuple[dict[str, int], int]]:
    """The player's zones whose pieces count against their holder in ``measure``: per zone,
    what holding one piece of each kind weighs, and what holding any of a kind weighs more.

    - A zone the rules want emptied (a player goes out when it is: the turn order's
      ``out_when`` says ``mine.ZONE == 0``): every piece held is one still to be got rid of,
      and the low-ranked ones most (they beat the fewest others, so they are the hardest to
      get rid of later: ``1 + top rank - rank``); each kind held is a play still to make.
    - Where tricks are played and the fewest points win, the zones pieces are played into
      the trick from: a piece weighs ``RISK_PER_POINT`` for each point it would cost in the
      zone tricks are won into, and one more for each step it ranks above the lowest in a
      trick (a high piece wins tricks, and with them the points others throw on)."""
    (found,) = rules.cache.tables("worlds.burdens", lambda _: (_burdens(rules),))
    return found


def _burdens(rules: Ruleset) -> dict[str, tuple[dict[str, int], int]]:
    found: dict[str, tuple[dict[str, int], int]] = {}
    order = rules.order
    ranks = {kind: c.rank for kind, c in rules.components.items()}
    top = max(ranks.values(), default=0)
    for zone_id in emptied_zones(rules):
        found[zone_id] = ({kind: 1 + top - rank for kind, rank in ranks.items()},
                          (top + 1) // 2)
    trick, won_to = getattr(order, "trick", None), getattr(order, "won_to", None)
    if trick is not None and won_to is not None and rules.end.lowest_wins:
        in_trick = getattr(order, "ranks", None) or ranks
        lowest = min(in_trick.values(), default=0)
        costs = {}
        for kind in rules.components:
            points = sum(points_for(rules, scoring, Counter({kind: 1}))
                         - points_for(rules, scoring, Counter())
                         for scoring in rules.zone_scoring if won_to in scoring.zones)
            costs[kind] = RISK_PER_POINT * max(0, points) + in_trick[kind] - lowest
        for action in rules.actions.values():
            source = getattr(action, "source", None)
            if getattr(action, "target", None) == trick and isinstance(source, str) \
                    and source in rules.zones:
                found.setdefault(source, (costs, 0))
    return found


def settled_by_others(rules: Ruleset) -> bool:
    """Whether a piece played is settled only once the others have played on: the turn
    order plays tricks (a zone played into, and one the trick's winner takes it into)."""
    order = rules.order
    return getattr(order, "trick", None) is not None and \
        getattr(order, "won_to", None) is not None


#: possible worlds in which a trick is played out at random, where tricks are played, to
#: weigh each move by the trick's outcome (``settled_gain``)
TRICK_WORLDS = 8


def settled_gain(worlds: Sequence[GameState], after: GameState, move: Move, seed: int
                 ) -> float:
    """The gain of ``move`` for the player to move in ``worlds`` (possible worlds of one
    view; ``after`` is the first one after the move) once the others have replied at
    random up to the player's next decision, averaged over the worlds: where tricks are
    played, what a piece played is worth is settled only by the trick (``settled_by_others``).
    The replies in world k come from a generator seeded ``seed + k``."""
    me = worlds[0].to_move
    name = worlds[0].players[me]
    total = 0
    for k, world in enumerate(worlds):
        then = after if k == 0 else apply(world, move)[0]
        total += gain(world, others_chosen(then, name, random.Random(seed + k)), me)
    return total / len(worlds)


def others_chosen(state: GameState, me: str, rng: random.Random) -> GameState:
    """The state once the others have made their choices at random, up to the next one
    that is ``me``'s again (or the end)."""
    while not state.game_over and me not in acting(state):
        player = acting(state)[0]
        moves = legal_moves(state, player)
        state = apply(state, moves[rng.randrange(len(moves))], player)[0]
    return state


def emptied_zones(rules: Ruleset) -> tuple[str, ...]:
    """The player's zones whose being empty puts their player out (the turn order's
    ``out_when`` asks for ``mine.ZONE == 0``): players race to empty them."""
    (found,) = rules.cache.tables("worlds.emptied", lambda _: (_emptied(rules),))
    return found


def _emptied(rules: Ruleset) -> tuple[str, ...]:
    """The player's zones the turn order's ``out_when`` asks to be empty (``mine.ZONE ==
    0``, ``<= 0``, ``< 1``)."""
    out_when = getattr(rules.order, "out_when", None)
    if out_when is None:
        return ()
    by_field = {field_name(zone.id): zone.id for zone in rules.zones.values()
                if zone.scope == "player"}
    found = []
    for node in ast.walk(ast.parse(out_when.source, mode="eval")):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1):
            continue
        left, op, right = node.left, node.ops[0], node.comparators[0]
        if isinstance(left, ast.Constant):
            left, right = right, left
            op = {ast.Gt: ast.Lt(), ast.GtE: ast.LtE()}.get(type(op), op)
        if isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name) \
                and left.value.id == "mine" and left.attr in by_field \
                and isinstance(right, ast.Constant) and type(right.value) is int \
                and ((isinstance(op, (ast.Eq, ast.LtE)) and right.value == 0)
                     or (isinstance(op, ast.Lt) and right.value == 1)):
            found.append(by_field[left.attr])
    return tuple(found)


#: how much of what the pieces still to be drawn could add to a zone is counted: a share of
#: them comes too late or out of order to be laid there
STILL_TO_COME = 0.5


def prospect(state: GameState, player: int, lowest_wins: bool = False) -> int:
    """How much better the points of the player's zones counted at the end would be with
    the pieces the player holds that could go there now (``ActionMechanism.prospects``):
    zone by zone, where they make it better at all, since pieces held need not be played.
    A zone that costs points once started is then worth starting only when the player
    holds enough for it. Where the end tells how many turns are left (``turns_left``), no
    more pieces are counted than there are turns to place them, best zones first; and the
    pieces still to be drawn from the pile the end waits for count too, each by the chance
    that the player draws it in those turns (``STILL_TO_COME`` of it), where it would make
    a zone already counted (started, or worth starting with what is held) better."""
    rules = state.rules
    held: dict[str, Counter[str]] = {}
    for action in rules.actions.values():
        for zone_id, kind, count in action.prospects(state, player):
            held.setdefault(zone_id, Counter())[kind] += count
    turns = turns_left(state) if held else None
    coming = _to_come(state, player, held, turns) if turns else {}
    gains = []  # (points better, pieces it takes)
    for scoring in rules.zone_scoring if held else ():
        for zone_id in scoring.zones:
            extra = held.get(zone_id, Counter())
            later = coming.get(zone_id)
            if not extra and not later:
                continue
            counts = state.owned[zone_id][player].counts()
            sign = -1 if lowest_wins else 1
            with_held = Counter(counts) + extra
            now = points_for(rules, scoring, with_held)
            better = sign * (now - points_for(rules, scoring, counts)) if extra else 0
            if later and with_held:
                chance, kinds = later
                more = sum(max(0, sign * (points_for(rules, scoring, _plus(with_held, kind))
                                          - now)) * n
                           for kind, n in kinds.items())
                better += int(more * chance * STILL_TO_COME)
            if better > 0:
                gains.append((better, max(1, extra.total())))
    if turns is None:
        return sum(better for better, _ in gains)
    total = 0
    for better, pieces in sorted(gains, key=lambda gain: gain[0] / gain[1], reverse=True):
        placed = min(pieces, turns)
        total += better * placed // pieces
        turns -= placed
    return total


def _plus(counts: Mapping[str, int], kind: str) -> dict[str, int]:
    """``counts`` with one more piece of ``kind``."""
    more = dict(counts)
    more[kind] = more.get(kind, 0) + 1
    return more


def _to_come(state: GameState, player: int, held: dict[str, Counter[str]], turns: int
             ) -> dict[str, tuple[float, Counter[str]]]:
    """Per zone the player's pieces could go to: the chance that the player draws a given
    piece of the pile the end waits for in the ``turns`` left (a piece a turn), and the
    pieces of that pile that could still go there once the first of the pieces held for it
    (in the order the ruleset lists them) is laid there, were they held (as ``prospects``
    tells): the others held may follow it, and so may those drawn in between."""
    (ending,) = state.rules.cache.tables("worlds.ending", lambda _: (_ending_zone(state.rules),))
    pile = state.shared[ending[0]] if ending is not None else None
    if pile is None or not pile.size():
        return {}
    kinds = Counter(pile.counts())
    held_kinds = {kind for extra in held.values() for kind in extra}
    hands = [zone_id for zone_id, per_player in state.owned.items()
             if zone_id not in held and any(kind in per_player[player].counts()
                                            for kind in held_kinds)]
    if len(hands) != 1 or state.owned[hands[0]][player].ordered:
        return {}  # where the pieces held lie is not one counted zone
    hand = state.owned[hands[0]][player]
    richer = state.trial(hands[0], player, type(hand)(kinds))
    order = state.rules.cache.tables("worlds.order", lambda _: {
        kind: i for i, kind in enumerate(state.rules.components)})
    for zone_id, extra in held.items():
        laid = state.owned[zone_id][player]
        laid = type(laid)(laid)
        laid.lay([min(extra, key=order.__getitem__)], on_top=True)
        richer = richer.trial(zone_id, player, laid)
    chance = min(1.0, turns / pile.size())
    found: dict[str, tuple[float, Counter[str]]] = {}
    for action in state.rules.actions.values():
        for zone_id, kind, _ in action.prospects(richer, player):
            found.setdefault(zone_id, (chance, Counter()))[1][kind] = kinds[kind]
    return found


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
    value = 100 * (now[0] - was[0]) + 2 * (now[1] - was[1]) + (now[2] - was[2]) \
        + hand_share(after, player) - hand_share(before, player)
    if after.game_over and before.players[player] in after.winners() \
            and after.rules.end.points is None:  # played together, the end is no win
        value += WINNING
    return value


def hand_share(state: GameState, player: int) -> int:
    """Where one of the players still in wins each hand (``won_by``), the player's even
    share of the point it brings while they are in (a point counts 100): knocking another
    out raises it, being knocked out loses it."""
    hands = state.rules.hands
    if hands is None or not hands.won_by or state.game_over or is_out(state.counters, player):
        return 0
    return 100 // max(players_in(state), 1)


def holds_unseen(view: PlayerView, rules: Ruleset) -> bool:
    """Whether the player holds pieces they do not see (a hand held facing away): a move
    of theirs is then weighed in several possible worlds, by the worst."""
    me = view.players.index(view.player)
    return any(zone.scope == "player" and not zone.shown_to(me, me)
               for zone in rules.zones.values())


def turns_on_unseen(view: PlayerView, rules: Ruleset) -> bool:
    """Whether what a move of the player's does may turn on pieces others hold unseen (an
    action declares it: a guess at a hand): such moves are weighed over several possible
    worlds, by what they do on average."""
    return any(action.turns_on_unseen for action in rules.offers[view.phase])


def blind_gain(worlds: Sequence[GameState], move: Move, cautious: bool = True) -> float:
    """The gain of ``move`` for the player to move over ``worlds``, possible worlds of one
    view that differ in what the player does not see. ``cautious``, where they differ in the
    player's own pieces: in the worst of them, and of moves alike in that, the surest (a bot
    does not gamble on a piece it cannot see: a card played blind may not fit); else on
    average (a guess at another's hand is worth its odds)."""
    me = worlds[0].to_move
    gains = [gain(world, apply(world, move)[0], me) for world in worlds]
    if not cautious:
        return sum(gains) / len(gains)
    return min(gains) - (max(gains) - min(gains)) / 1000


#: replies of the other players a bot tries in all, over the moves it weighs, looking one
#: reply ahead for a game lost at once (beyond it, moves are taken as safe)
REPLIES_TRIED = 500
#: moves a bot tries in all after those replies, looking for the wins they would leave it
ANSWERS_TRIED = 1000
#: the most moves, and replies to each, for which a bot looks at its answers to the replies
#: (listing the answers is the cost: only in games of few moves)
ANSWERED_MOVES = 16


@dataclass(frozen=True)
class Outlook:
    """What the replies to a move hold for the player who made it: ``rank`` 3 when the
    move wins the game at once, 2 when every reply leaves the player a win, 0 when some
    reply ends the game with others winning (or the move ends it so), 1 otherwise (also
    where the replies were not tried); ``threats``: the wins the player would have after
    the replies tried, summed over them."""

    rank: int
    threats: int = 0


def outlooks(player: int, afters: Sequence[GameState], rng: random.Random) -> list[Outlook]:
    """The outlook of each state ``player``'s moves lead to, the first ones first within
    the budget (``REPLIES_TRIED``, ``ANSWERS_TRIED``; a move whose replies are not tried
    is taken as safe). A reply is the next decision of another player; where the player
    moves again, no reply is looked for. The player's answers to the replies are tried
    only where there are few moves and replies (``ANSWERED_MOVES``)."""
    name = afters[0].players[player] if afters else ""
    replies_left, answers_left = REPLIES_TRIED, ANSWERS_TRIED
    found: list[Outlook] = []
    for after in afters:
        if after.game_over:
            winners = after.winners()
            found.append(Outlook(3 if name in winners else 0 if winners else 1))
            continue
        if after.to_move == player or replies_left <= 0:
            found.append(Outlook(1))
            continue
        replies: Sequence[Move] = legal_moves(after)
        complete = len(replies) <= replies_left
        if not complete:
            replies = [replies[i] for i in sorted(rng.sample(range(len(replies)), replies_left))]
        replies_left -= len(replies)
        lost, every, threats = False, complete, 0
        answering = len(afters) <= ANSWERED_MOVES and len(replies) <= ANSWERED_MOVES
        for reply in replies:
            then = apply(after, reply)[0]
            if then.game_over:
                winners = then.winners()
                if winners and name not in winners:
                    lost = True
                    break
                every = False
                continue
            if not answering or then.to_move != player or answers_left <= 0:
                every = False
                continue
            answers = legal_moves(then)
            answers_left -= len(answers)
            wins = 0
            for answer in answers:
                last = apply(then, answer)[0]
                wins += last.game_over and name in last.winners()
            threats += wins
            every = every and wins > 0
        found.append(Outlook(0 if lost else 2 if every else 1, threats))
    return found
