"""``regelwerk replay``: a saved game, move by move, told in the reader's language."""

from __future__ import annotations

from pathlib import Path


from regelwerk.engine import DataError, SaveError, fill, read_log, replay, rules_of
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

from . import saveguard
from .checks import fail, fail_at
from .console import make_console
from .narrate import tell, together, winners_line
from .play import labelled as labelled_params
from .text import _, labelled, say
from .words import Words


def tell_game(log_file: Path, language: str, unsealed: bool = False) -> None:
    """Tell a saved game move by move; one changed outside regelwerk (its seal broken) only
    when ``unsealed`` asks for it, and then under a warning. A game that goes on is told as
    the table heard it, its moves unnamed: a move may name pieces only its player saw."""
    console = make_console()
    try:
        log = read_log(log_file, saveguard.key())
        if not saveguard.sealed(log):
            if not unsealed:
                fail(say("{file} was changed outside regelwerk (or saved by another user): "
                         "its moves may not be those of the game played; to tell them "
                         "anyway, add --unsealed", file=str(log_file)))
            console.print(say("Warning: {file} was changed outside regelwerk (or saved by "
                              "another user): what follows may not be the game played.",
                              file=str(log_file)))
        rules = rules_of(log, log_file)
        text = GameText(rules, translations(language), language)
    except SaveError as error:
        fail(fill(error.message, error.params, _))
    except DataError as error:  # a catalog of the game that cannot be read
        fail_at(error)
    try:
        steps = replay(log, rules, log_file)
    except SaveError as error:  # a move refused: why, in the game's words
        fail(fill(error.message, labelled_params(error.params, text), _))
    words = Words(rules, text, tuple(log.players))
    console.print(say("{title}: {players}", title=text.title(),
                             players=text.join(log.players)))
    if not log.finished:
        console.print(_("The game goes on: only what the whole table was told is shown."))
    for number, (state, move, events) in enumerate(steps[:-1], 1):
        assert move is not None  # only the last step has none
        told = [line for line in (tell(e, text) for e in events) if line]
        if log.finished:  # the move itself, which may name what only its player saw
            console.print(f"{number}. " + labelled(state.player, words.describe(move)))
        else:
            told = told or [say("{player} makes a move.", player=state.player)]
            console.print(f"{number}. " + told.pop(0))
        for line in told:
            console.print("   " + line)
    final = steps[-1][0]
    scores = ", ".join(f"{p} {s}" for p, s in zip(final.players, final.scores))
    console.print(say("Scores: {scores}", scores=scores))
    if final.game_over:
        console.print(winners_line(text, list(final.winners()), len(final.players),
                                   together(final)))
    else:
        console.print(_("The game was not finished."))
