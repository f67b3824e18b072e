"""``regelwerk simulate``: many games between bots, the base game and its variants side by
side (``docs/simulate.md``). Its command is added to the program by ``register``; the
engine is imported only when the command runs."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, List, NoReturn, Optional

import typer

from .framework import Command
from .text import N_, _, say

if TYPE_CHECKING:
    from regelwerk.engine import Outcome, Ruleset

#: the exit code of a run stopped by Ctrl-C (after its report)
EXIT_INTERRUPTED = 130
BACKENDS = ("local", "ray")
DEFAULT_SEED = 1
#: the most games per ruleset (played in batches as they go: memory stays flat)
MOST_GAMES = 1_000_000_000
#: the most workers here, per core of this machine, and on a Ray cluster
WORKERS_PER_CORE, MOST_RAY_WORKERS = 4, 10_000


@dataclass(frozen=True)
class Settings:
    game: str
    variants: tuple[str, ...]
    players: int | None
    bots: str
    games: int
    seed: int
    workers: int | None
    backend: str
    address: str | None
    json_file: Path | None
    report: Path | None
    language: str


def run_options() -> dict[str, Any]:
    """The options of every command that plays many games, made as the command is
    registered (so that their help is in the program's language)."""
    from .checks import seed_value

    return {
        "players": typer.Option(
            None, "--players", metavar=_("NUMBER"),
            help=_("Number of players (default: as many as bots are named, at least the "
                   "game's smallest number).")),
        "seed": typer.Option(
            None, "--seed", parser=seed_value, metavar=_("NUMBER"),
            help=_("Seed of the run (a whole number from 0 to 2^64 - 1); each game's seed "
                   "derives from it.")),
        "json_file": typer.Option(None, "--json", metavar=_("FILE"),
                                  help=_("Write every figure as JSON.")),
        "lang": typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                             help=_("Language: nl, fr, de, en or es.")),
    }


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to the program's commands."""
    from .checks import checked_language

    shared = run_options()

    @app.command("simulate", cls=Command,
                 help=_("Play many games between bots and report who wins, from which seat, "
                        "by how much, how long games last, how they end and which moves are "
                        "made; with --variant, each variant against the base game."))
    def simulate(
        game: str = typer.Argument(..., metavar=_("GAME"),
                                   help=_("A game id or a ruleset file.")),
        variant: Optional[List[str]] = typer.Option(
            None, "--variant", metavar=_("VARIANT"),
            help=_("A variant to compare with the base game: its file, or the name of one "
                   "that comes with the game; may be given more than once.")),
        players: Optional[int] = shared["players"],
        bots: str = typer.Option("greedy", "--bots", metavar=_("BOTS"),
                                 help=_("Comma-separated bots, repeated to fill the seats; "
                                        "the lineup turns one seat each game.")),
        games: int = typer.Option(1000, "--games", metavar=_("NUMBER"),
                                  help=_("Games per ruleset (1 to 1000000000).")),
        seed: Optional[int] = shared["seed"],
        workers: Optional[int] = typer.Option(
            None, "--workers", metavar=_("NUMBER"),
            help=_("Games played at once (default: one per core, at most four per core; "
                   "for Ray: the cluster's processors, at most 10000).")),
        backend: str = typer.Option("local", "--backend", metavar=_("BACKEND"),
                                    help=_("local (processes on this machine) or ray.")),
        address: Optional[str] = typer.Option(
            None, "--address", metavar=_("ADDRESS"),
            help=_("The Ray cluster to use (default: a Ray instance started here).")),
        json_file: Optional[Path] = shared["json_file"],
        report: Optional[Path] = typer.Option(None, "--report", metavar=_("FILE"),
                                              help=_("Write an HTML page with plots.")),
        lang: Optional[str] = shared["lang"],
    ) -> None:
        settings = Settings(game, tuple(variant or ()), players, bots, games,
                            DEFAULT_SEED if seed is None else seed, workers,
                            backend, address, json_file, report, checked_language(lang))
        raise typer.Exit(simulate_games(settings))


def simulate_games(settings: Settings) -> int:
    """Run the simulation the settings describe, report it; the exit code."""
    from regelwerk.engine import Entry, summary

    from .checks import fail

    rules = _load(settings.game, None)
    variants = [_load(settings.game, name) for name in settings.variants]
    seen: dict[str, str] = {}
    for name, loaded in zip(settings.variants, variants):  # each of that game (load_game)
        if loaded.digest in seen:  # compared twice, it would count twice in the tests
            fail(say("'{variant}' is the same variant as '{other}': name each once",
                     variant=name, other=seen[loaded.digest]))
        seen[loaded.digest] = name
    lineup = lineup_of(settings, rules)
    check_writable((settings.json_file, settings.report))
    every = [rules, *variants]
    outcome, execution = play_games(settings, every, lineup)
    entries = [Entry(r.variant or "base", r.source.name, r.digest) for r in every]
    figures = summary(rules.id, entries, outcome.tallies, lineup, settings.games,
                      settings.seed, outcome.interrupted, execution)
    _report(settings, every, figures, outcome)
    return EXIT_INTERRUPTED if outcome.interrupted else 0


def play_games(settings: Settings, every: list[Ruleset], lineup: tuple[str, ...]
               ) -> tuple[Outcome, dict[str, Any]]:
    """Play the settings' games of each ruleset with the lineup (a progress bar on a
    terminal); what came out, and how it was played."""
    from regelwerk.engine import Match, MatchError, RuleSource, backend_for, run_match

    from .checks import fail

    if not 1 <= settings.games <= MOST_GAMES:
        fail(say("--games must be a number from 1 to {most}", most=MOST_GAMES))
    _check_workers(settings.workers, settings.backend)
    match = Match(tuple(RuleSource.of(r) for r in every),
                  tuple("" if r.variant is None else r.variant for r in every),
                  lineup, settings.games, settings.seed)
    backend = _backend(settings, backend_for)
    try:
        outcome = _with_progress(match, backend, run_match)
    except MatchError as error:
        fail(say("a batch of games failed {count} times: {error}",
                 count=error.failure.attempt, error=error.failure.error))
    execution = {"backend": settings.backend, "workers": backend.workers,
                 "seconds": round(outcome.seconds, 3),
                 "games_per_second": round(outcome.played / outcome.seconds, 2)
                 if outcome.seconds else None,
                 "retried_batches": [{"ruleset": f.batch.ruleset, "first_game": f.batch.start,
                                      "games": f.batch.games, "attempt": f.attempt,
                                      "error": f.error} for f in outcome.failures]}
    return outcome, execution


def _load(game: str, variant: str | None) -> Ruleset:
    from .checks import load_game

    return load_game(game, variant)


def lineup_of(settings: Settings, rules: Ruleset) -> tuple[str, ...]:
    """The bots of one game, in seat order for game 0 (the names repeated to fill it)."""
    from regelwerk.engine import MAX_ITERATIONS, bot_names, fill, is_bot_spec, player_count_problem

    from .checks import fail, titled

    names = [name.strip() for name in settings.bots.split(",") if name.strip()]
    for name in names:
        if not is_bot_spec(name):
            fail(say("unknown bot '{name}'; bots: {known}, or mcts:N for a search of N "
                     "iterations (1 to {most})", name=name, known=", ".join(bot_names()),
                     most=MAX_ITERATIONS))
    if not names:
        fail(_("name at least one bot"))
    players = settings.players if settings.players is not None \
        else max(len(names), rules.min_players)
    wrong = player_count_problem(rules, players)
    if wrong is not None:
        fail(fill(wrong.message, titled(wrong.params, rules, settings.language), _))
    return tuple(names[seat % len(names)] for seat in range(players))


def _check_workers(workers: int | None, backend: str) -> None:
    """Refuse a number of workers no machine or cluster could start."""
    from regelwerk.engine import cores

    from .checks import fail

    if workers is None:
        return
    if backend == "ray" and not 1 <= workers <= MOST_RAY_WORKERS:
        fail(say("--workers must be a number from 1 to {most}", most=MOST_RAY_WORKERS))
    most = WORKERS_PER_CORE * len(cores())
    if backend != "ray" and not 1 <= workers <= most:
        fail(say("--workers must be a number from 1 to {most} here ({per_core} for each of "
                 "this machine's cores)", most=most, per_core=WORKERS_PER_CORE))


def _backend(settings: Settings, backend_for: Any) -> Any:
    from .checks import fail

    if settings.backend not in BACKENDS:
        fail(say("unknown backend '{name}'; choose one of: {known}", name=settings.backend,
                 known=", ".join(BACKENDS)))
    if settings.backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            fail(say("the ray backend needs Ray: {command}",
                     command="pip install 'regelwerk[ray]'"))
    elif settings.address is not None:
        fail(_("--address names a Ray cluster: use it with --backend ray"))
    return backend_for(settings.backend, settings.workers, settings.address)


def _with_progress(match: Any, backend: Any, run: Any) -> Outcome:
    """Run the match with a progress bar (games, games per second, time left) on a
    terminal."""
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                               TextColumn, TimeRemainingColumn)
    from rich.text import Text

    from .console import make_console
    import sys

    console = make_console(sys.stderr)
    if not console.is_terminal:
        return run(match, backend)  # type: ignore[no-any-return]

    class Speed(ProgressColumn):
        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text(say("{rate} games/s", rate=f"{speed:.1f}") if speed else "")

    total = match.games * len(match.sources)
    with Progress(TextColumn(_("Playing")), BarColumn(), MofNCompleteColumn(), Speed(),
                  TimeRemainingColumn(), console=console, transient=True) as progress:
        task = progress.add_task("", total=total)
        return run(match, backend,  # type: ignore[no-any-return]
                   lambda games: progress.advance(task, games))


def _report(settings: Settings, every: list[Ruleset], figures: dict[str, Any],
            outcome: Outcome) -> None:
    from .console import make_console
    from .simhtml import html_report
    from .simtext import Labels, write_text

    labels = Labels(every, settings.language)
    write_text(make_console(), figures, labels, outcome)
    write_files({settings.json_file: lambda: json_text(figures),
                 settings.report: lambda: html_report(figures, labels)})


def json_text(figures: Any) -> str:
    import json

    return json.dumps(figures, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_files(written: dict[Path | None, Callable[[], str]]) -> None:
    """Write each file given a path, whole; a file that cannot be written is an error."""
    from regelwerk.engine import Phrase, UnwritableFile, write_whole

    for path, content in written.items():
        if path is None:
            continue
        try:
            write_whole(path, content().encode("utf-8"))
        except UnwritableFile as error:
            _cannot_write(path, Phrase(error.message, error.params))


def check_writable(paths: tuple[Path | None, ...]) -> None:
    """Refuse, before the games are played, a file the results could not be written to
    after them (a file made for the test is removed again), and one named twice."""
    from regelwerk.engine import Phrase, UnwritableFile, check_replaceable, os_reason

    from .checks import fail

    named = [path for path in paths if path is not None]
    if len({os.path.realpath(path) for path in named}) < len(named):
        fail(_("--json and --report name the same file: give each its own"))
    for path in named:
        existed = os.path.lexists(path)
        try:
            check_replaceable(path)
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644))
        except UnwritableFile as error:
            _cannot_write(path, Phrase(error.message, error.params))
        except OSError as error:
            _cannot_write(path, Phrase(*os_reason(error)))
        if not existed:
            os.unlink(path)


def _cannot_write(path: Path, reason: Any) -> NoReturn:
    from regelwerk.engine import fill

    from .checks import fail

    fail(fill(N_("cannot write {file}: {reason}"), {"file": str(path), "reason": reason}, _))
