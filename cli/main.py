"""The ``regelwerk`` command: play, read and check games described as data."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, List, NoReturn, Optional

# first: it points Click's and Typer's messages at our catalog
from .text import LANGUAGE, LANGUAGE_CHOSEN, _, filled, labelled, ngettext, say

import typer  # noqa: E402

from .framework import Command, Group, InvalidValue  # noqa: E402

if TYPE_CHECKING:
    from regelwerk.engine import Ruleset

app = typer.Typer(help=_("Play board and card games described as data, and check their rules."),
                  no_args_is_help=True, add_completion=False, cls=Group)
rules_app = typer.Typer(help=_("Read and check rulesets, variants and scenarios."),
                        no_args_is_help=True, cls=Group)
scenario_app = typer.Typer(help=_("Run rules tests written as data."), no_args_is_help=True,
                           cls=Group)


@app.callback()
def whole_command(lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                                     help=_("Language: nl, fr, de, en or es."))
                  ) -> None:
    """``regelwerk --lang de COMMAND``: the run's messages are already in that language
    (``cli.text`` reads it first), and every command uses it unless given its own."""
    if lang is not None:
        checked_language(lang)


app.add_typer(rules_app, name="rules")
app.add_typer(scenario_app, name="scenario")

EXIT_FAILED = 1
EXIT_INVALID = 2
SCHEMAS = ("ruleset", "variant", "scenario")


def _error(text: str) -> None:
    typer.echo(text, err=True)


def fail(text: str) -> NoReturn:
    """Say what is wrong and stop with the exit code for invalid input."""
    _error(text)
    raise typer.Exit(EXIT_INVALID)


def load_game(game: str | None, variant: Path | str | None) -> Ruleset:
    """The ruleset to use: a game id or file, or a variant file or a shipped variant's name."""
    from regelwerk.engine import DataError, load_game as load

    if game is None and variant is None:
        fail(_("name a game, e.g. okavango"))
    check_names(game, variant)
    from regelwerk.locales.gamecatalog import check_game_catalogs

    try:
        rules = load(game, variant)
        if game is not None and variant is not None and (
                rules.variant is None or rules.id != _game_id(game)):
            fail(say("'{variant}' is not a variant of {game}", variant=variant, game=game))
        check_game_catalogs(rules)
    except DataError as error:
        fail(error.render(_))
    return rules


def titled(params: dict, rules: Ruleset, language: str) -> dict:
    """An engine message's parameters with the game's title in the reader's language (the
    engine gives the title as the rules file writes it)."""
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    if "game" not in params:
        return params
    return {**params, "game": GameText(rules, translations(language), language).title()}


def _game_id(game: str) -> str:
    """The id of a game named by id or by the path of its ruleset."""
    from regelwerk.engine import is_name, load_ruleset

    return game if is_name(game) else load_ruleset(game).id


def check_names(game: str | None, variant: str | Path | None = None) -> None:
    """A game or variant written as a name must be one that comes with regelwerk (a file
    of that name in the current folder is read as a file); else say which there are."""
    from regelwerk.engine import is_name, shipped_games, shipped_variants, visible

    games = shipped_games()
    if game is not None and is_name(game) and game not in games and not os.path.isfile(game):
        fail(say("there is no game '{name}'; the games that come with regelwerk: {known}",
                 name=visible(game, 80), known=", ".join(games)))
    variant = None if variant is None else str(variant)
    if variant is None or not is_name(variant) or os.path.isfile(variant):
        return
    if game is None:
        known = [f"{name} --variant {path.stem}" for name in games
                 for path in shipped_variants(name)]
        fail(say("a variant is named together with its game: {known}", known=", ".join(known)))
    if game in games and variant not in [path.stem for path in shipped_variants(game)]:
        variants = ", ".join(path.stem for path in shipped_variants(game))
        fail(say("{game} has no variant '{name}'; its variants: {known}", game=game,
                 name=visible(variant, 80), known=variants) if variants else
             say("{game} has no variant '{name}'; it has no variants", game=game,
                 name=visible(variant, 80)))


def checked_language(lang: str | None) -> str:
    """The language to use: the command's ``--lang`` (which must be supported), else the
    one the run's messages are in (``regelwerk --lang``, else the environment's)."""
    from regelwerk.locales import LANGUAGES, UnknownLanguage, choose_language

    if lang is None:
        return LANGUAGE
    try:
        return choose_language(lang)
    except UnknownLanguage as error:
        fail(say("unknown language '{language}'; choose one of: {known}",
                 language=error.language, known=", ".join(LANGUAGES)))


@scenario_app.command("run", cls=Command,
                      help=_("Run scenario files; exit 0 when every expectation holds, "
                             "1 when one fails, 2 when a file is invalid."))
def scenario_run(files: List[Path] = typer.Argument(..., metavar=_("FILES"),
                                                    help=_("Scenario files."))) -> None:
    from regelwerk.engine import DataError, load_scenario, run_scenario

    failed = invalid = False
    for file in files:
        try:
            scenario = load_scenario(file)
        except DataError as error:
            _error(error.render(_))
            invalid = True
            continue
        failures = run_scenario(scenario)
        for failure in failures:
            _error(say("{file}:{line}: step {step}: {what}", file=failure.file,
                       line=failure.line, step=failure.step,
                       what=say(failure.what, **failure.params)))
            if failure.expected or failure.actual:
                _error("    " + say("expected: {value}", value=failure.expected))
                _error("    " + say("actual:   {value}", value=failure.actual))
        failed |= bool(failures)
        if not failures:
            count = len(scenario.steps)
            typer.echo(filled(ngettext("ok {file} ({count} step)", "ok {file} ({count} steps)",
                                       count), file=file, count=count))
    raise typer.Exit(EXIT_INVALID if invalid else EXIT_FAILED if failed else 0)


@rules_app.command("validate", cls=Command,
                   help=_("Check rulesets, variants and scenarios against their "
                          "schemas and rules, and set up a trial game of each ruleset for "
                          "every number of players; exit 0 when valid, 2 when not."))
def rules_validate(
    files: List[str] = typer.Argument(..., metavar=_("FILES"),
                                      help=_("Data files, or the ids of shipped games.")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from regelwerk.engine import DataError, load_ruleset, resolve
    from regelwerk.locales import translations
    from regelwerk.engine import load_scenario, load_yaml
    from regelwerk.locales.gamecatalog import check_game_catalogs

    translate = translations(checked_language(lang)).gettext
    invalid = False
    for file in files:
        path = resolve(file)  # a shipped game's id, or a path
        try:
            data = load_yaml(path, display_name=file).data
            if isinstance(data, dict) and "steps" in data:
                load_scenario(path)
            else:
                check_game_catalogs(load_ruleset(path))
        except DataError as error:
            _error(error.render(translate))
            invalid = True
        else:
            typer.echo(say("valid: {file}", file=file))
    raise typer.Exit(EXIT_INVALID if invalid else 0)


@rules_app.command("show", cls=Command,
                   help=_("Print the complete rulebook of a game or variant, written "
                          "from its data."))
def rules_show(
    game: Optional[str] = typer.Argument(None, metavar=_("GAME"),
                                         help=_("A game id or a ruleset file.")),
    variant: Optional[str] = typer.Option(None, "--variant", metavar=_("VARIANT"),
                                          help=_("A variant: its file, or the name of one "
                                                 "that comes with the game.")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    from .console import make_console
    from .rulebook import rulebook

    language = checked_language(lang)
    rules = load_game(game, variant)
    text = rulebook(rules, GameText(rules, translations(language), language))
    console = make_console()
    if console.is_terminal and console.color_system:
        from rich.markdown import Markdown

        # A link in a game's text is shown with its address, never made a terminal hyperlink
        # (an escape sequence that hides where it leads).
        console.print(Markdown(text, hyperlinks=False))
    else:
        typer.echo(text)


@rules_app.command("translations", cls=Command,
                   help=_("Create or update a game's own catalogs (locales/LANG.po beside "
                          "its ruleset, for nl, fr, de and es) from the ruleset and the "
                          "variants beside it, keeping the translations they hold, and list "
                          "what is still untranslated."))
def rules_translations(
    game: str = typer.Argument(..., metavar=_("GAME"),
                               help=_("A game id, a ruleset file or a variant file.")),
    only: Optional[List[str]] = typer.Option(None, "--only", metavar=_("LANGUAGE"),
                                             help=_("Only this language (nl, fr, de or es); "
                                                    "may be given more than once.")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from regelwerk.engine import DataError
    from regelwerk.locales.catalogs import update_catalogs
    from regelwerk.locales.gamecatalog import GAME_LANGUAGES

    checked_language(lang)
    check_names(game)
    wrong = [code for code in only or () if code not in GAME_LANGUAGES]
    if wrong:
        fail(say("a game is translated into {known}, not '{language}'",
                 known=", ".join(GAME_LANGUAGES), language=wrong[0]))
    try:
        reports = update_catalogs(game, tuple(only or GAME_LANGUAGES))
    except DataError as error:
        fail(error.render(_))
    for report in reports:
        typer.echo(filled(ngettext("{file}: {count} string, {missing} without a translation",
                                   "{file}: {count} strings, {missing} without a translation",
                                   report.strings), file=report.file, count=report.strings,
                          missing=len(report.missing)))
        if report.removed:
            typer.echo("  " + ngettext("removed {count} string the game no longer has",
                                       "removed {count} strings the game no longer has",
                                       report.removed).format(count=report.removed))
        for text in report.missing:
            typer.echo(f"  - {text}")


@rules_app.command("schema", cls=Command,
                   help=_("Print the JSON Schema of a kind of data file, for editors."))
def rules_schema(kind: str = typer.Argument("ruleset", metavar=_("SCHEMA"),
                                           help=_("ruleset, variant or scenario"))) -> None:
    from regelwerk.engine import bundled_schema

    if kind not in SCHEMAS:
        _error(say("unknown schema '{name}'; choose one of: {known}", name=kind,
                   known=", ".join(SCHEMAS)))
        raise typer.Exit(EXIT_INVALID)
    typer.echo(json.dumps(bundled_schema(kind), indent=2, ensure_ascii=False))


@app.command("games", cls=Command,
             help=_("List the games and variants that come with regelwerk."))
def games(lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                             help=_("Language: nl, fr, de, en or es."))
          ) -> None:
    from regelwerk.engine import load_ruleset, shipped_games, shipped_variants
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    language = checked_language(lang)
    catalog = translations(language)
    for game in shipped_games():
        rules = load_ruleset(game)
        text = GameText(rules, catalog, language)
        subtitle = text.subtitle()
        typer.echo(labelled(game, text.title() + (f" — {subtitle}" if subtitle else "")))
        for path in shipped_variants(game):
            variant = GameText(load_ruleset(path), catalog, language)
            typer.echo("  " + labelled(f"--variant {path.stem}", variant.title()))
            typer.echo(f"      {variant.variant_description()}")


def seed_value(text: str) -> int:
    """A seed as typed: ASCII digits, at most 64 bits (more would only be cut off)."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 20 and int(digits) < 2**64:
        return int(digits)
    raise InvalidValue(_("a seed is a whole number from 0 to 2^64 - 1"))


@app.command("play", cls=Command,
             help=_("Play a game: people at this keyboard against each other and against "
                    "bots."))
def play(
    game: Optional[str] = typer.Argument(
        None, metavar=_("GAME"),
        help=_("A game id (see 'regelwerk games') or a ruleset file; with --resume, "
               "the saved game to resume.")),
    variant: Optional[str] = typer.Option(None, "--variant", metavar=_("VARIANT"),
                                          help=_("A variant: its file, or the name of one "
                                                 "that comes with the game.")),
    players: Optional[str] = typer.Option(
        None, "--players", metavar=_("PLAYERS"),
        help=_("Comma-separated players; bots by level: bot:easy (any move), bot:medium "
               "(the best move for now), bot:hard (looks ahead; takes up to a few seconds), "
               "or by name: bot:random, bot:greedy, bot:mcts, bot:mcts:N (a search of N "
               "iterations). Default: you against two bots (one in a game for two).")),
    seed: Optional[int] = typer.Option(None, "--seed", parser=seed_value, metavar=_("NUMBER"),
                                       help=_("Seed for a reproducible game (a whole number "
                                              "from 0 to 2^64 - 1).")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
    save: Optional[Path] = typer.Option(None, "--save", metavar=_("FILE"),
                                        help=_("Where to save the game.")),
    resume: bool = typer.Option(False, "--resume",
                                help=_("Resume a saved game (the latest when no file is "
                                       "given).")),
    confirm_forced: bool = typer.Option(False, "--confirm-forced",
                                        help=_("Ask even when only one move is possible "
                                               "(else it is made and said).")),
) -> None:
    from .play import start

    start(checked_language(lang), game, variant, players, seed, save, resume, confirm_forced,
          language_chosen=lang is not None or LANGUAGE_CHOSEN)


@app.command("replay", cls=Command, help=_("Replay a saved game move by move, told in words."))
def replay(
    log_file: Path = typer.Argument(..., metavar=_("SAVED-GAME"),
                                    help=_("A saved game (game log).")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from .replay import tell_game

    tell_game(log_file, checked_language(lang))


# Commands that live in their own modules (each registers itself; nothing heavy is imported).
from . import rulesdiff, simulate as simulate_command  # noqa: E402

simulate_command.register(app)
rulesdiff.register(rules_app)


def run() -> None:
    """Entry point of the console script."""
    app(prog_name="regelwerk")

