"""``regelwerk replay``: a saved game, move by move, told in the reader's language."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from regelwerk.engine.errors import fill
from regelwerk.engine.savegame import SaveError, read_log, replay, rules_of
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

from .console import make_console
from .main import app, checked_language, fail
from .narrate import tell
from .text import _, say
from .words import Words


@app.command("replay", help=_("Replay a saved game move by move, told in words."))
def replay_command(
    log_file: Path = typer.Argument(..., help=_("A saved game (game log).")),
    lang: Optional[str] = typer.Option(None, "--lang", help=_("Language: nl, fr, de, en or es.")),
) -> None:
    language = checked_language(lang)
    try:
        log = read_log(log_file)
        rules = rules_of(log, log_file)
        steps = replay(log, rules, log_file)
    except SaveError as error:
        fail(fill(error.message, error.params, _))
    text = GameText(rules, translations(language), language)
    words = Words(rules, text)
    console = make_console()
    console.print(escape(say("{title}: {players}", title=text.title(),
                             players=text.join(log.players))))
    for number, (state, move, events) in enumerate(steps[:-1], 1):
        console.print(escape(f"{number}. {state.player}: {words.describe(move)}"))
        for line in filter(None, (tell(e, text) for e in events)):
            console.print("   " + escape(line))
    final = steps[-1][0]
    scores = ", ".join(f"{p} {s}" for p, s in zip(final.players, final.scores))
    console.print(escape(say("Scores: {scores}", scores=scores)))
    if final.game_over:
        console.print(escape(say("Winners: {winners}", winners=text.join(list(final.winners())))))
    else:
        console.print(_("The game was not finished."))
