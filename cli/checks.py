"""What every command checks of what it is given (a game and its variant, a language, a
seed) and how it stops when something is wrong: one module the command modules share, so that
none of them imports another back."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

from .framework import InvalidValue
from .text import LANGUAGE, _, say, sentence

if TYPE_CHECKING:
    from regelwerk.engine import DataError, Ruleset

EXIT_FAILED = 1
EXIT_INVALID = 2


def complain(text: str) -> None:
    """Say what is wrong, on standard error."""
    typer.echo(text, err=True)


def fail(text: str) -> NoReturn:
    """Say what is wrong, as a sentence, and stop with the exit code for invalid input."""
    complain(sentence(text))
    raise typer.Exit(EXIT_INVALID)


def fail_at(error: DataError) -> NoReturn:
    """Say where a file is wrong (``file:line:column: path: what``) and stop so."""
    complain(error.render(_))
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
        fail_at(error)
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


def seed_value(text: str) -> int:
    """A seed as typed: ASCII digits, at most 64 bits (more would only be cut off)."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 20 and int(digits) < 2**64:
        return int(digits)
    raise InvalidValue(_("a seed is a whole number from 0 to 2^64 - 1"))
