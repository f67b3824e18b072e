"""``regelwerk arena``: bots and levels against each other in one or more games, each bot
rated per game (``engine/matches/ratings.py``), as a table and as JSON. The games are played
as ``simulate`` plays them (``cli/simulate.py``): the same seed gives the same figures
whatever the number of workers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, List, Optional

import typer

from .framework import Command
from .simulate import (DEFAULT_SEED, EXIT_INTERRUPTED, Settings, check_writable, json_text,
                       lineup_of, play_games, run_options, write_files)
from .text import _, ngettext, say

if TYPE_CHECKING:
    from regelwerk.engine import Ruleset

FORMAT = "regelwerk-arena"
VERSION = 1


def register(app: typer.Typer) -> None:
    """Add ``arena`` to the program's commands."""
    from .checks import checked_language

    shared = run_options()

    @app.command("arena", cls=Command,
                 help=_("Play bots and levels against each other and rate them in each game "
                        "named: their win share and an Elo rating, each with its interval "
                        "(95%)."))
    def arena(
        games: List[str] = typer.Argument(..., metavar=_("GAME..."),
                                          help=_("Game ids or ruleset files.")),
        bots: str = typer.Option("greedy,random", "--bots", metavar=_("BOTS"),
                                 help=_("Comma-separated bots or levels, at least two, "
                                        "repeated to fill the seats; the lineup turns one "
                                        "seat each game.")),
        players: Optional[int] = shared["players"],
        count: int = typer.Option(200, "--games", metavar=_("NUMBER"),
                                  help=_("Games per game named (1 to 1000000000).")),
        seed: Optional[int] = shared["seed"],
        workers: Optional[int] = typer.Option(
            None, "--workers", metavar=_("NUMBER"),
            help=_("Games played at once (default: one per core, at most four per core).")),
        json_file: Optional[Path] = shared["json_file"],
        lang: Optional[str] = shared["lang"],
    ) -> None:
        settings = [Settings(game, (), players, bots, count,
                             DEFAULT_SEED if seed is None else seed, workers, "local", None,
                             json_file, None, checked_language(lang)) for game in games]
        raise typer.Exit(play_arena(settings))


def play_arena(every: list[Settings]) -> int:
    """Play and rate each game's bots, report them; the exit code."""
    from regelwerk.engine import Entry, summary

    from .checks import fail, load_game
    from .console import make_console

    loaded = [load_game(settings.game, None) for settings in every]
    lineups = [lineup_of(settings, rules) for settings, rules in zip(every, loaded)]
    if len(set(lineups[0])) < 2:
        fail(_("name at least two bots to rate them against each other"))
    check_writable((every[0].json_file,))
    console = make_console()
    results, interrupted = [], False
    for settings, rules, lineup in zip(every, loaded, lineups):
        outcome, execution = play_games(settings, [rules], lineup)
        entry = Entry("base", rules.source.name, rules.digest)
        figures = summary(rules.id, [entry], outcome.tallies, lineup, settings.games,
                          settings.seed, outcome.interrupted, execution)
        results.append(_game_figures(rules, figures, outcome.tallies[0].games))
        _print(console, rules, results[-1], settings.language)
        interrupted = outcome.interrupted
        if interrupted:
            break
    write_files({every[0].json_file: lambda: json_text(
        {"format": FORMAT, "version": VERSION, "seed": every[0].seed,
         "interrupted": interrupted, "games": results})})
    return EXIT_INTERRUPTED if interrupted else 0


def _game_figures(rules: Ruleset, figures: dict[str, Any], played: int) -> dict[str, Any]:
    """What the arena tells of one game: who played, and how each bot did."""
    ruleset = figures["rulesets"][0]
    return {"game": rules.id, "players": figures["players"], "lineup": figures["lineup"],
            "games": played, "execution": figures["execution"],
            "bots": {bot: {"win_share": share, **({"rating": ruleset["ratings"][bot]}
                                                  if bot in ruleset.get("ratings", {}) else {})}
                     for bot, share in ruleset["bots"].items()}}


def _print(console: Any, rules: Ruleset, result: dict[str, Any], language: str) -> None:
    """One game's table: each bot, best rated first, with its win share and rating."""
    from rich.table import Table

    from .simtext import Labels, rating_words, ratings_best_first

    labels = Labels([rules], language)
    played, players = result["games"], result["players"]
    title = say("{title}: {games}, {players}", title=labels.title(0),
                games=ngettext("{count} game", "{count} games", played).format(count=played),
                players=ngettext("{count} player", "{count} players", players).format(
                    count=players))
    table = Table(title=title, show_edge=False,
                  caption=_("In brackets: the intervals (95%). Ratings are on the Elo scale, "
                            "the bots' mean at 1500; a duel is a pair of seats two bots took "
                            "in one game."))
    for heading in (_("bot"), _("seats"), _("win share"), _("rating"), _("duels")):
        table.add_column(heading)
    rated = ratings_best_first({bot: figures["rating"]
                                for bot, figures in result["bots"].items()
                                if "rating" in figures})
    for bot, rating in rated:
        share = result["bots"][bot]["win_share"]
        table.add_row(bot, str(share["n"]),
                      say("{share} ({interval})", share=labels.percent(share["share"]),
                          interval=labels.interval(*share["ci95"])),
                      rating_words(rating, labels), str(rating["duels"]))
    console.print(table)
