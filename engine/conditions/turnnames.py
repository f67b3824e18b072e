"""The names conditions about the course of a turn may read, their types and their words.

Transitions between phases, the offer before a turn ends and the end of the
game are conditions over these names:

- each action, by its id (``-`` written ``_``): ``times`` it was taken this
  turn, and the facts its mechanism declares (``ActionMechanism.facts``), e.g.
  ``draw.card.effect`` or ``place.completed``;
- ``zone``: how many pieces each zone holds, all players together (a numbered
  family of zones: all its zones together);
- ``mine``: how many pieces each zone of every player holds for the player to move
  (``mine.hand == 0``: their hand is empty); ``left`` and ``right``: the same for the next
  player in seat order and the one before; ``others_most`` and ``others_fewest``: the most
  and the fewest any other player has there (zones whose pieces others may count);
- ``highest`` and ``lowest``: the highest and the lowest value of each number a piece has
  (its attributes, its rank) among the pieces of each zone of the player to move that is
  not a grid (``highest.hand.rank``; 0 when the zone is empty);
- ``me`` and ``best``: complete runs (``complete``) and all runs (``runs``) of
  the player to move, and the most complete runs any player has;
- ``areas``: open and closed areas, how many open ones hold a group (``held``) and how
  many are filled (``full``, and ``KIND_filled`` up to each kind of field of the board);
- ``lines``: per straight line of alike pieces (``lines:`` with a ``length``), how many
  its grid holds;
- ``players``, ``turns``: the number of players and of turns played; ``players_in``: the
  players still in (neither out for the round nor gone out for good); ``hands``: the hands
  played so far (a game of several);
- ``scores``: the ``highest`` and ``lowest`` points any player has, and the player to move's
  (``mine``); ``places``: the player to move's place in the finishing order of the last
  hand (``mine``; 0 before one is over);
- ``counts``: the ruleset's own counts of pieces (``counts:``), each the pieces of a zone
  for which its condition holds, of every player or the player to move's (``of: mine``).

What they hold in a state is computed by ``play/turncontext.py``.
"""

from __future__ import annotations

import keyword
from typing import Any, Iterable, Mapping

from ..common.errors import N_

#: the type of a fact that holds a kind, read through the kind's attributes
CARD = "card"
#: the names conditions about a turn read besides the actions' own
BUILT_IN = ("zone", "mine", "me", "best", "areas", "lines", "players", "players_in", "turns",
            "hands", "scores", "counts", "left", "right", "others_most", "others_fewest",
            "places", "highest", "lowest", "room")
#: those of them that tell the state rather than the turn just played (for what happens
#: between turns: a step sorting each player's pieces)
STATE_NAMES = ("zone", "mine", "areas", "lines", "players", "players_in", "hands", "scores",
               "counts", "left", "right", "others_most", "others_fewest", "places",
               "highest", "lowest", "room")
#: the records of the zones of other players: the neighbours', and the most and the fewest
#: pieces any other player has in each zone
OTHERS = ("left", "right", "others_most", "others_fewest")
#: the records of the highest and the lowest numbers of the pieces in a player's zones
EXTREMES = ("highest", "lowest")
SCORES = {"highest": int, "lowest": int, "mine": int}
PLACES = {"mine": int}
AREA_COUNTS = {"open": int, "closed": int, "held": int, "full": int}  # and KIND_filled for each kind of field
RUN_COUNTS = {"complete": int, "runs": int}
#: what those names stand for, told to players (``conditions/wording.py``)
TURN_WORDS = {
    "zone.": N_("the number of {pieces} in {field:def}"),
    "room.": N_("the number of {pieces} that fit in {field:def}"),
    "mine.": N_("the number of {pieces} in {field:def} of the player to move"),
    "left.": N_("the number of {pieces} in {field:def} of the next player in turn"),
    "right.": N_("the number of {pieces} in {field:def} of the player before in turn"),
    "others_most.": N_("the largest number of {pieces} any other player has in {field:def}"),
    "others_fewest.": N_("the smallest number of {pieces} any other player has in "
                         "{field:def}"),
    "me.complete": N_("the number of complete {runs:bare} of the player to move"),
    "me.runs": N_("the number of {runs:bare} of the player to move"),
    # one number, the subject of a verb in the singular ("… is at least 5")
    "best.complete": N_("the largest number of complete {runs:bare} any player has"),
    "best.runs": N_("the largest number of {runs:bare} any player has"),
    "areas.open": N_("the number of {areas:bare} in play"),
    "areas.closed": N_("the number of {areas:bare} out of play"),
    "areas.held": N_("the number of {areas:bare} in play holding {pieces:bare}"),
    "areas.full": N_("the number of filled {areas:bare} in play"),
    "areas.*_filled": N_("the number of {areas:bare} in play whose {fields:bare} are filled"),
    "lines.": N_("the number of lines ({field}) made"),
    "players": N_("the number of players"),
    "players_in": N_("the number of players still in"),
    "hands": N_("the number of {hands:bare} played"),
    "scores.highest": N_("the highest score of any player"),
    "scores.lowest": N_("the lowest score of any player"),
    "scores.mine": N_("the score of the player to move"),
    "places.mine": N_("the place of the player to move in the finishing order of the last "
                      "hand"),
    # a number of the pieces in a zone: "the highest rank among the cards in the hand …"
    "highest..": N_("the highest {field} among the {pieces} in {zone:def} of the player to "
                    "move"),
    "lowest..": N_("the lowest {field} among the {pieces} in {zone:def} of the player to "
                   "move"),
    "turns": N_("the number of turns played"),
    "counts.": N_("the number of {fields}"),
    ".times": N_("the number of times {owner} was done this turn"),
    ".card": N_("{piece:def} of “{owner}”"),
    ".missed": N_("the {piece:bare} of “{owner}” did not fit where it was played"),
    ".kept": N_("the {pieces:bare} turned face up with “{owner}” were alike and kept"),
}
#: the true-or-false fields of an action's memory whose words above are a clause themselves
#: ("… did not fit where it was played"), not a name said to apply
CLAUSE_FIELDS = frozenset({"missed", "kept"})

#: the same, where a formula is worked out for each player in turn (the end's ``tiebreak``)
EACH_PLAYER_WORDS = {**TURN_WORDS,
                     "mine.": N_("the number of {pieces} in their {field:bare}"),
                     "scores.mine": N_("their score"),
                     "places.mine": N_("their place in the finishing order of the last "
                                       "hand"),
                     "highest..": N_("the highest {field} among the {pieces} in their "
                                     "{zone:bare}"),
                     "lowest..": N_("the lowest {field} among the {pieces} in their "
                                    "{zone:bare}")}


#: the parts of a state that conditions about a turn read besides the turn itself: the pieces
#: in grids, in other zones, and at areas (with which areas are closed). A mechanism declares
#: which of them its moves or runs may change (``changes``), so that a condition over them
#: that was false is evaluated again only once one of them has changed (``game``).
GRIDS, ZONES, AREAS = "grids", "zones", "areas"
EVERY_PART = frozenset({GRIDS, ZONES, AREAS})
_PARTS_READ = {"zone": frozenset({GRIDS, ZONES}), "mine": frozenset({GRIDS, ZONES}),
               "me": frozenset({GRIDS}),
               "best": frozenset({GRIDS}), "lines": frozenset({GRIDS}),
               "areas": frozenset({AREAS}), "players": frozenset(), "room": frozenset(),
               # the places change only as a hand begins, when every condition is read anew
               "places": frozenset(),
               "counts": frozenset({GRIDS, ZONES}),
               **{name: frozenset({GRIDS, ZONES}) for name in (*OTHERS, *EXTREMES)}}


def parts_read(names: Iterable[str]) -> frozenset[str] | None:
    """The parts of a state a condition reading ``names`` depends on, or None when it also
    reads what changes with every move or turn (what actions remember, ``turns``)."""
    parts: frozenset[str] = frozenset()
    for name in names:
        read = _PARTS_READ.get(name)
        if read is None:
            return None
        parts |= read
    return parts


def field_name(identifier: str) -> str:
    """An id as a field name of the condition language (``stack-1`` -> ``stack_1``; a word
    of Python's grammar takes an underscore: the action ``pass`` is ``pass_``)."""
    name = identifier.replace("-", "_")
    return f"{name}_" if keyword.iskeyword(name) else name


#: what a run record's fields stand for, told to players (``conditions/wording.py``)
RUN_WORDS = {"run.length": N_("the number of {pieces:bare} in the {run:bare}"),
             "run.complete": N_("the {run:bare} is complete"),
             "run.": N_("the {field} of the {run:bare}")}


def turn_names(facts: Mapping[str, Mapping[str, Any]], zones: Iterable[str],
               cards: Mapping[str, type], field_kinds: Iterable[str],
               straight_lines: Iterable[str] = (), own_zones: Iterable[str] = (),
               counts: Iterable[str] = (), counted_zones: Iterable[str] = (),
               laid_zones: Iterable[str] = (), rooms: Iterable[str] = ()) -> dict[str, Any]:
    """The names (and their fields' types) conditions about a turn may read: ``facts`` are
    what each action's mechanism declares (by action id), ``cards`` a piece's attributes,
    ``areas`` counts the open areas filled up to each kind of field of the board
    (``KIND_filled``), ``lines`` the straight lines of each id, ``mine`` the zones of each
    player (``own_zones``; ``left``, ``right``, ``others_most`` and ``others_fewest`` read
    those others may count, ``counted_zones``; ``highest`` and ``lowest`` those of them
    not laid out in cells, ``laid_zones``), ``counts`` the ruleset's own counts of
    pieces, ``room`` how many pieces fit in each zone with a capacity or cells
    (``rooms``)."""
    numbers = {name: int for name, type_ in cards.items() if type_ is int}
    names: dict[str, Any] = {
        field_name(action_id): {"times": int, **{fact: cards if type_ == CARD else type_
                                                 for fact, type_ in declared.items()}}
        for action_id, declared in facts.items()}
    names.update({"zone": {field_name(z): int for z in zones},
                  "mine": {field_name(z): int for z in own_zones}, "me": RUN_COUNTS,
                  **{name: {field_name(z): int for z in counted_zones} for name in OTHERS},
                  "best": RUN_COUNTS, "players": int, "players_in": int, "turns": int,
                  "hands": int, "scores": SCORES, "places": PLACES,
                  **{name: {field_name(z): numbers for z in laid_zones} for name in EXTREMES},
                  "lines": {field_name(line): int for line in straight_lines},
                  "counts": {field_name(count): int for count in counts},
                  "room": {field_name(z): int for z in rooms},
                  "areas": {**AREA_COUNTS, **{f"{kind}_filled": int for kind in field_kinds}}})
    return names
