"""Who sits at the table: people at this keyboard, and bots."""

from __future__ import annotations

from dataclasses import dataclass

from regelwerk.engine import Bot, MAX_ITERATIONS, bot_names, is_bot_spec, level_of, make_bot

from .text import N_, _, say

BOT_PREFIX = "bot:"
# TRANSLATORS: bots' names by their level, read in sentences ('Medium Bot 2 takes three
# lions', 'the turn of Medium Bot 2'): a name that stays the same in every case
BOT_NAMES = {"easy": N_("Easy Bot {number}"), "medium": N_("Medium Bot {number}"),
             "hard": N_("Hard Bot {number}")}


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
        """The bot, seeded by ``seed`` and what it is, not by its name: a bot's name is in
        the reader's language, and a game with the same seed plays alike in every one."""
        return make_bot(self.kind[len(BOT_PREFIX):], f"{seed}:{self.kind}")


def default_players(low: int, high: int) -> str:
    """You against two bots, or as many as a game of so many players allows (one in a
    game for two)."""
    # TRANSLATORS: the name of the person at the keyboard where they give none, read in
    # sentences ('Alex draws a card'): a common first name for anyone, not a noun
    return ",".join([_("Alex"), *["bot:greedy"] * (min(max(3, low), high) - 1)])


def parse_seats(spec: str) -> list[Seat]:
    """'Anna,Bram,bot:greedy' -> seats; bots get numbered names by their level, in the
    reader's language ('Medium Bot 3')."""
    from regelwerk.engine import name_key, names_problem

    entries = [entry for entry in (e.strip() for e in spec.split(",")) if entry]
    taken = {name_key(entry) for entry in entries if not entry.startswith(BOT_PREFIX)}
    seats: list[Seat] = []
    for number, entry in enumerate(entries, 1):
        if not entry.startswith(BOT_PREFIX):
            if ":" in entry:  # a bot written without its prefix: no person's name
                raise SeatError(N_("'{name}' is no name for a person; a bot is written "
                                   "bot:{name}"), name=entry)
            seats.append(Seat(entry, "human"))
            continue
        kind = entry[len(BOT_PREFIX):]
        if not is_bot_spec(kind):
            raise SeatError(N_("unknown bot '{name}'; bots: {known}, or mcts:N for a search "
                               "of N iterations (1 to {most})"), name=kind,
                            known=", ".join(bot_names()), most=MAX_ITERATIONS)
        # named by its level and numbered by its seat, or further on where a person at the
        # table has that name
        name = say(BOT_NAMES[level_of(kind)], number=number)
        while name_key(name) in taken:
            number += len(entries)
            name = say(BOT_NAMES[level_of(kind)], number=number)
        seats.append(Seat(name, entry))
    problem = names_problem(s.name for s in seats)
    if problem is not None:
        raise SeatError(problem.message, **problem.params)
    return seats
