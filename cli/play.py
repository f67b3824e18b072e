"""``regelwerk play``: people at one keyboard and bots, taking turns in the terminal."""

from __future__ import annotations

import random
from itertools import groupby
from pathlib import Path
from typing import Optional

import typer

from .main import EXIT_INVALID, _error, app
from .text import _, say

MENU_LIMIT = 30


@app.command("play", help=_("Play a game: people at this keyboard against each other and "
                            "against bots."))
def play(
    game: str = typer.Argument(..., help=_("A game id (see 'regelwerk games') or a ruleset file.")),
    variant: Optional[Path] = typer.Option(None, "--variant", help=_("A variant file.")),
    players: str = typer.Option("", "--players",
                                help=_("Comma-separated players; 'bot:random' is a bot. "
                                       "Default: you against two bots.")),
    seed: Optional[int] = typer.Option(None, "--seed", help=_("Seed for a reproducible game.")),
    lang: Optional[str] = typer.Option(None, "--lang", help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from regelwerk.engine import DataError, SetupError, load_ruleset, new_game
    from regelwerk.locales import LANGUAGES, UnknownLanguage, choose_language

    try:
        choose_language(lang)
    except UnknownLanguage as error:
        _error(say("unknown language '{language}'; choose one of: {known}",
                   language=error.language, known=", ".join(LANGUAGES)))
        raise typer.Exit(EXIT_INVALID)
    try:
        rules = load_ruleset(variant if variant is not None else game)
    except DataError as error:
        _error(error.render(_))
        raise typer.Exit(EXIT_INVALID)
    names = [p.strip() for p in players.split(",") if p.strip()] or [_("you"), "bot:random",
                                                                      "bot:random"]
    seats = _seat_names(names)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    try:
        state = new_game(rules, seats, seed)
    except SetupError as error:
        _error(say(error.message, **error.params))
        raise typer.Exit(EXIT_INVALID)
    bots = {seat: random.Random(f"{seed}:{seat}") for seat, name in zip(seats, names)
            if name.startswith("bot:")}
    _loop(state, bots)


def _seat_names(names: list[str]) -> list[str]:
    """Bots get numbered names so that every seat is distinct."""
    seats, count = [], 0
    for name in names:
        if name.startswith("bot:"):
            count += 1
            name = f"{name[4:]}-{count}"
        seats.append(name)
    return seats


def _loop(state, bots: dict[str, random.Random]) -> None:
    from regelwerk.engine import apply, legal_moves

    while not state.game_over:
        moves = legal_moves(state)
        player = state.player
        if player in bots:
            move = moves[bots[player].randrange(len(moves))]
        else:
            _show(state, player)
            move = _choose(state, moves)
        state, _events = apply(state, move)
        typer.echo(say("{player}: {move}", player=player, move=_describe(state, move)))
    typer.echo(_("The game is over."))
    for name, score in zip(state.players, state.scores):
        typer.echo(f"  {name}: {score}")
    typer.echo(say("Winners: {winners}", winners=", ".join(state.winners())))


def _describe(state, move) -> str:
    data = state.rules.actions[move.action].notation(move)
    return " ".join(f"{k}={v}" for k, v in data.items())


def _show(state, player: str) -> None:
    from regelwerk.engine import view

    seen = view(state, player)
    typer.echo("")
    for zone, content in seen.zones.items():
        typer.echo(f"{zone}: {content}")
    for area, content in seen.areas.items():
        closed = " (x)" if area in seen.closed else ""
        typer.echo(f"  {area}{closed}: {content}")
    typer.echo(say("scores: {scores}", scores=seen.scores))
    typer.echo(say("{player} to move ({phase})", player=player, phase=seen.phase))


def _choose(state, moves):
    """A numbered menu; long lists are chosen in two steps, by action and area first."""
    options = list(moves) if len(moves) <= MENU_LIMIT else None
    if options is None:
        families = [(key, list(group)) for key, group in
                    groupby(moves, key=lambda m: (m.action, m.area))]
        index = _ask([f"{action} {area or ''} ({len(group)})" for (action, area), group in families])
        options = families[index][1]
    return options[_ask([_describe(state, m) for m in options])]


def _ask(labels: list[str]) -> int:
    for number, label in enumerate(labels, 1):
        typer.echo(f"  {number:>3}. {label}")
    while True:
        answer = typer.prompt(_("Your choice"), default="", show_default=False).strip()
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        typer.echo(say("Choose a number from 1 to {count}.", count=len(labels)))
