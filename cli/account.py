"""What happened since a person last chose a move, told on their screen above the board.

Every turn since then (the others', and the person's own last move) is told in full where
the screen has room, else in a line or two: each move in short (``narrate.summary``), the
points it won, and what the turn machine announced (a trick won, the end reached), cut to
the rows left. The whole narration stays in ``log``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from rich.cells import cell_len

from .text import labelled

ELLIPSIS = "…"
#: the indent of a turn's lines after its first
HANGING = "  "


@dataclass
class Turn:
    """One player's moves in a row: told in full, each in short (with the points it won),
    what the table was told besides (not of any move's action), and how the others'
    scores changed."""

    player: str
    told: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)

    def brief(self) -> str:
        """The turn in one paragraph: 'bob: drink — river delta 1, 5 cards, +5 points ·
        take — 3 monkeys', then what was announced."""
        gained = [f"{player} {delta:+d}" for player, delta in self.points.items() if delta]
        done = [labelled(self.player, " · ".join(self.moves + gained))] \
            if self.moves or gained else []
        return " ".join(done + self.notices)


class Accounts:
    """For each person at the table, the turns played since they last chose a move."""

    def __init__(self, people: Sequence[str]) -> None:
        self.pending: dict[str, list[Turn]] = {person: [] for person in people}

    def add(self, player: str, told: Sequence[str], move: str = "",
            notices: Sequence[str] = (), points: Mapping[str, int] | None = None) -> None:
        """A move told to everyone; a player's moves in a row make one turn."""
        for turns in self.pending.values():
            if not turns or turns[-1].player != player:
                turns.append(Turn(player))
            turn = turns[-1]
            turn.told.extend(told)
            turn.moves += [move] if move else []
            turn.notices.extend(notices)
            for name, delta in (points or {}).items():
                turn.points[name] = turn.points.get(name, 0) + delta

    def chose(self, person: str) -> None:
        """The person has chosen a move, after seeing all there was to see."""
        self.pending[person] = []

    def of(self, person: str) -> list[Turn]:
        return self.pending.get(person, [])


def fitted(turns: Sequence[Turn], rows: int, width: int) -> list[str]:
    """The turns in at most ``rows`` lines of ``width`` cells: in full where that fits, else
    in brief, else each cut to its share of the rows (with '…'), the latest turns given the
    rows left over; with fewer rows than turns, the latest turns a line each."""
    if not turns or rows <= 0:
        return []
    in_full = [[line for told in turn.told for line in wrapped(told, width)] for turn in turns]
    for paragraphs in (in_full, [wrapped(turn.brief(), width) for turn in turns]):
        if sum(map(len, paragraphs)) <= rows:
            return [line for paragraph in paragraphs for line in paragraph]
    shown = paragraphs[-rows:]
    shares = _shares([len(paragraph) for paragraph in shown], rows)
    return [line for paragraph, share in zip(shown, shares)
            for line in _cut(paragraph, share, width)]


def _shares(lengths: list[int], rows: int) -> list[int]:
    """Rows for each paragraph: an even share each, the rows a short one leaves over given
    to the latest ones that need them."""
    shares = [min(length, rows // len(lengths)) for length in lengths]
    left = rows - sum(shares)
    for index in reversed(range(len(lengths))):
        more = min(left, lengths[index] - shares[index])
        shares[index] += more
        left -= more
    return shares


def _cut(lines: list[str], rows: int, width: int) -> list[str]:
    """The first ``rows`` lines, the last ending in '…' where lines were left out."""
    if len(lines) <= rows:
        return lines
    kept = lines[:rows]
    last = kept[-1]
    while last and cell_len(last) + 1 > width:
        last = last[:-1]
    kept[-1] = last.rstrip(" ,;:") + ELLIPSIS
    return kept


def wrapped(paragraph: str, width: int) -> list[str]:
    """A paragraph in lines of ``width`` cells at most, broken between words (never at a
    no-break space), the lines after the first indented; a word wider than a line is cut."""
    lines: list[str] = []
    line = ""
    for word in paragraph.split(" "):
        if not word:
            continue
        room = width - (cell_len(HANGING) if lines else 0)
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = word
        while cell_len(line) > width - cell_len(HANGING):
            lines.append(line[:width - cell_len(HANGING)])
            line = line[width - cell_len(HANGING):]
    if line:
        lines.append(line)
    return [lines[0], *(HANGING + rest for rest in lines[1:])] if lines else []
