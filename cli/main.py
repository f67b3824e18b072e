"""The ``regelwerk`` command: play, read and check games described as data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

# first: it points Click's and Typer's messages at our catalog
from .text import LANGUAGE_CHOSEN, _, filled, labelled, ngettext, say

import typer  # noqa: E402

from .checks import (EXIT_FAILED, EXIT_INVALID, check_names, checked_language,  # noqa: E402
                     complain, fail, fail_at, load_game, seed_value)
from .framework import Command, Group  # noqa: E402

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

SCHEMAS = ("ruleset", "variant", "scenario")


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
            complain(error.render(_))
            invalid = True
            continue
        failures = run_scenario(scenario)
        for failure in failures:
            complain(say("{file}:{line}: step {step}: {what}", file=failure.file,
                       line=failure.line, step=failure.step,
                       what=say(failure.what, **failure.params)))
            if failure.expected or failure.actual:
                complain("    " + say("expected: {value}", value=failure.expected))
                complain("    " + say("actual:   {value}", value=failure.actual))
        failed |= bool(failures)
        if not failures:
            count = len(scenario.steps)
            typer.echo(filled(ngettext("ok {file} ({count} step)", "ok {file} ({count} steps)",
                                       count), file=file, count=count))
    raise typer.Exit(EXIT_INVALID if invalid else EXIT_FAILED if failed else 0)


@rules_app.command("validate", cls=Command,
                   help=_("Check rulesets, variants and scenarios against their "
                          "schemas and rules, set up a trial game of each ruleset for "
                          "every number of players and play a few random ones; exit 0 when "
                          "valid, 2 when not."))
def rules_validate(
    files: List[str] = typer.Argument(..., metavar=_("FILES"),
                                      help=_("Data files, or the ids of shipped games.")),
    strict: bool = typer.Option(False, "--strict",
                                help=_("Count a warning as an error (an end that never came "
                                       "in the random games).")),
    lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                       help=_("Language: nl, fr, de, en or es.")),
) -> None:
    from regelwerk.engine import DataError, resolve, validated_ruleset
    from regelwerk.locales import translations
    from regelwerk.engine import load_scenario, load_yaml
    from regelwerk.locales.catalogs import untranslated
    from regelwerk.locales.gamecatalog import check_game_catalogs

    translate = translations(checked_language(lang)).gettext
    invalid = False
    for file in files:
        path = resolve(file)  # a shipped game's id, or a path
        warnings: list[DataError] = []
        try:
            data = load_yaml(path, display_name=file).data
            if isinstance(data, dict) and "steps" in data:
                load_scenario(path)
            else:
                rules, warnings = validated_ruleset(path)
                check_game_catalogs(rules)
                warnings += untranslated(path, rules, file)
        except DataError as error:
            complain(error.render(translate))
            invalid = True
            continue
        for warning in warnings:
            complain(say("warning: {problem}", problem=warning.render(translate)))
        if warnings and strict:
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
        fail_at(error)
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
        complain(say("unknown schema '{name}'; choose one of: {known}", name=kind,
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
    unsealed: bool = typer.Option(False, "--unsealed",
                                  help=_("Tell a saved game changed outside regelwerk (or "
                                         "saved by another user) too, under a warning.")),
) -> None:
    from .replay import tell_game

    tell_game(log_file, checked_language(lang), unsealed)


# Commands that live in their own modules (each registers itself; nothing heavy is imported).
from . import arena as arena_command, rulesdiff, simulate as simulate_command  # noqa: E402

simulate_command.register(app)
arena_command.register(app)
rulesdiff.register(rules_app)


def run() -> None:
    """Entry point of the console script."""
    app(prog_name="regelwerk")

