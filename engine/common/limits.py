"""The largest numbers a data file may use, in one place.

Every number in the schemas has a maximum far above any real design (and a
minimum where below zero makes no sense), so that a slip such as ``1e9``
copies is refused at load instead of exhausting memory at play. The schemas
in ``schemas/`` repeat these values (an editor reads the JSON); a test checks
that every bounded property there uses the bound named here for its key.
"""

from __future__ import annotations

PLAYERS = 64  # players.min, players.max
COPIES = 10_000  # copies of one component
TOTAL_PIECES = 20_000  # all copies of all components together (checked at compile)
RANK = 1_000_000  # a component's rank
ATTRIBUTE = 1_000_000  # an integer attribute lies in -ATTRIBUTE..ATTRIBUTE
CAPACITY = TOTAL_PIECES  # a zone's capacity
GRID = 50  # rows and columns of a grid zone
FIELDS = 10_000  # fields of one kind in an area
POINTS = 1_000_000  # points of an area, of an entry of its table, of a set bonus
STEP_COUNT = 10_000  # pieces a deal or seed-areas step moves per player or area
REFILL_TIMES = 1_000  # how often a stack may be refilled
IDLE_ROUNDS = 1_000  # rounds without a moving piece before a game ends
GAP = GRID  # empty cells between the pieces of an unfinished run
LINE_LENGTH = GRID  # pieces in a straight line of alike pieces
SEED = (1 << 64) - 1  # a scenario's seed (the generator keeps 64 bits)
SCORE = 1_000_000_000  # a score in a scenario lies in -SCORE..SCORE
ZONE_COUNT = TOTAL_PIECES  # pieces of one kind in a scenario's zone
ZONE_FAMILY = 99  # zones in a numbered family
BEST_GROUPS = 100  # groups that count for a player in group scoring
KINDS = 5_000  # kinds of components, written and generated together
HANDS = 1_000  # hands played before a scenario's position

#: the maximum of each bounded property of the schemas, by the key a data file uses
#: (``attributes`` and ``scores`` are bounded below by the negative of theirs)
SCHEMA_MAXIMA: dict[str, int] = {
    "min": PLAYERS, "max": PLAYERS, "copies": COPIES, "rank": RANK,
    "attributes": ATTRIBUTE, "capacity": CAPACITY, "rows": GRID, "columns": GRID,
    "fields": FIELDS, "points": POINTS, "count": STEP_COUNT,
    "times": REFILL_TIMES, "idle_rounds": IDLE_ROUNDS, "gap": GAP, "length": LINE_LENGTH,
    "seed": SEED, "hands": HANDS, "places": PLAYERS, "teams": PLAYERS,
    "scores": SCORE, "zones": ZONE_COUNT, "zones.count": ZONE_FAMILY,
    "table": POINTS, "best": BEST_GROUPS, "at_least": STEP_COUNT, "from_bottom": STEP_COUNT,
    "up_to": STEP_COUNT, "told": ATTRIBUTE, "up": CAPACITY, "remembered": CAPACITY,
    "each": ATTRIBUTE, "from": ATTRIBUTE, "to": ATTRIBUTE,  # the numbers of a generator's axes
}
