"""Who sits at the table: people at this keyboard, and bots."""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.engine.bots import BOTS, Bot

from .text import _

BOT_PREFIX = "bot:"


class SeatError(ValueError):
    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.message, self.params = message, params


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # "human" or "bot:NAME"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith(BOT_PREFIX)

    def bot(self, seed: int | str) -> Bot:
        return BOTS[self.kind[len(BOT_PREFIX):]](f"{seed}:{self.name}")


def default_players() -> str:
    return ",".join([_("Player"), "bot:greedy", "bot:greedy"])


def parse_seats(spec: str) -> list[Seat]:
    """'Anna,Bram,bot:greedy' -> seats; bots get numbered names."""
    from regelwerk.engine.errors import N_
    from regelwerk.engine.cleantext import name_key
    from regelwerk.engine.names import names_problem

    entries = [entry for entry in (e.strip() for e in spec.split(",")) if entry]
    taken = {name_key(entry) for entry in entries if not entry.startswith(BOT_PREFIX)}
    seats: list[Seat] = []
    for number, entry in enumerate(entries, 1):
        if not entry.startswith(BOT_PREFIX):
            seats.append(Seat(entry, "human"))
            continue
        kind = entry[len(BOT_PREFIX):]
        if kind not in BOTS:
            raise SeatError(N_("unknown bot '{name}'; bots: {known}"), name=kind,
                            known=", ".join(sorted(BOTS)))
        # numbered by its seat, or further on where a person at the table has that name
        name = f"{kind}-{number}"
        while name_key(name) in taken:
            number += len(entries)
            name = f"{kind}-{number}"
        seats.append(Seat(name, entry))
    problem = names_problem(s.name for s in seats)
    if problem is not None:
        raise SeatError(problem.message, **problem.params)
    return seats
