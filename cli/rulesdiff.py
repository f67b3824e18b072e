"""``regelwerk rules diff``: the rulebook paragraphs a variant changes, the base game's beside
the variant's, in the reader's language (the rulebooks are written from the data, so a
tinkerer sees in words what an edit does). Its command is added by ``register``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Iterator, Optional

import typer

from .framework import Command
from .text import _


@dataclass(frozen=True)
class Change:
    """A paragraph the variant changed: ``before`` or ``after`` is empty when it added or
    removed one; ``section`` is the heading it stands under."""

    section: str
    before: str
    after: str


def register(rules_app: typer.Typer) -> None:
    """Add ``rules diff`` to the program's commands."""
    from .checks import checked_language

    @rules_app.command("diff", cls=Command,
                       help=_("Show the rulebook paragraphs a variant changes: the base "
                              "game's beside the variant's."))
    def rules_diff(
        game: str = typer.Argument(..., metavar=_("GAME"),
                                   help=_("A game id or a ruleset file.")),
        variant: str = typer.Argument(..., metavar=_("VARIANT"),
                                      help=_("A variant: its file, or the name of one that "
                                             "comes with the game.")),
        lang: Optional[str] = typer.Option(None, "--lang", metavar=_("LANGUAGE"),
                                           help=_("Language: nl, fr, de, en or es.")),
    ) -> None:
        show_diff(game, variant, checked_language(lang))


def show_diff(game: str, variant: str, language: str) -> None:
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText
    from rich.table import Table

    from .console import make_console
    from .checks import load_game
    from .rulebook import rulebook

    base, changed = load_game(game, None), load_game(game, variant)  # of that game
    catalog = translations(language)
    books = [rulebook(r, GameText(r, catalog, language), described=False)
             for r in (base, changed)]
    changes = list(paragraph_changes(*books))
    console = make_console()
    if not changes:
        console.print(_("The variant changes nothing in the rulebook."))
        return
    table = Table(show_lines=True, expand=True)
    table.add_column(GameText(base, catalog, language).title(), ratio=1)
    table.add_column(GameText(changed, catalog, language).title(), ratio=1)
    section = None
    for change in changes:
        if change.section != section:
            section = change.section
            table.add_section()
            table.add_row(f"§ {section}", "", style="bold")
        table.add_row(plain(change.before) or _("(not in the base game)"),
                      plain(change.after) or _("(not in the variant)"))
    console.print(table)


def plain(paragraph: str) -> str:
    """A rulebook paragraph without its Markdown marks for headings and emphasis."""
    lines = (re.sub(r"^#+\s*", "", line) for line in paragraph.splitlines())
    return re.sub(r"(\*\*|\*)(\S(?:.*?\S)?)\1", r"\2", "\n".join(lines))


def paragraphs(book: str) -> Iterator[tuple[str, str]]:
    """(the heading it stands under, the paragraph) for each paragraph of a rulebook; the
    title is left out (the two columns are headed by the titles)."""
    section = ""
    for block in book.split("\n\n"):
        block = block.strip("\n")
        if not block or block.startswith("# "):
            continue
        if block.startswith("#"):
            section = block.splitlines()[0].lstrip("#").strip()
        yield section, block


def paragraph_changes(before: str, after: str) -> Iterator[Change]:
    """The paragraphs that differ between two rulebooks, in the order of the new one."""
    old, new = list(paragraphs(before)), list(paragraphs(after))
    matcher = SequenceMatcher(None, [p for _, p in old], [p for _, p in new], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            yield from _paired(old[i1:i2], new[j1:j2])


#: how alike two paragraphs must be to be shown as one paragraph changed
ALIKE = 0.5


#: the name a paragraph of a list begins with ("- **drink**: …"): the element it tells
_LABEL = re.compile(r"^\s*(?:- |\d+\. )?\*\*([^*]+)\*\*")


def _paired(old: list[tuple[str, str]], new: list[tuple[str, str]]) -> Iterator[Change]:
    """Each new paragraph beside the old one of the same element (its bold name), else the
    one most like it (if any is alike enough), else the one old paragraph of its section
    where each side has one there; in the new order, the old ones left over as removed (an
    action or a step told anew in other words is one paragraph changed, not two)."""
    unused = list(old)
    for section, now in new:
        label = _LABEL.match(now)
        same = [i for i, (_, was) in enumerate(unused)
                if label and (match := _LABEL.match(was)) and match[1] == label[1]]
        best = (1.0, same[0]) if same else max(
            ((SequenceMatcher(None, was, now, autojunk=False).ratio(), i)
             for i, (_, was) in enumerate(unused)), default=(0.0, -1))
        if best[0] < ALIKE:
            there = [i for i, (at, _) in enumerate(unused) if at == section]
            if len(there) == 1 and sum(at == section for at, _ in new) == 1:
                best = (1.0, there[0])
        was = unused.pop(best[1])[1] if best[0] >= ALIKE else ""
        yield Change(section, was, now)
    for section, was in unused:
        yield Change(section, was, "")
