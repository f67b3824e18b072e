"""Typer's own messages in regelwerk's catalog.

Typer translates some of its messages (panel titles, "[default: …]") with
the standard library's ``gettext`` functions, which ``cli.text`` points at
regelwerk's catalog before Typer is imported. A few it writes as they are
("Usage:", the help option's text); the command classes below put those
through the catalog. Every such message is marked here for extraction.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

from .text import N_, _

MESSAGES = (
    # translated by Typer through gettext
    N_("Commands"), N_("Options"), N_("Arguments"), N_("Error"), N_("Aborted."),
    N_("Aborted!"), N_("Missing command."), N_("No such command {name!r}."), N_("(dynamic)"),
    N_("default: {default}"), N_("required"), N_("env var: {var}"), N_("(deprecated) "),
    N_("[default: {}]"), N_("[env var: {}]"), N_("[required]"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)


class _Translated:
    """What Typer writes untranslated, put through the catalog."""

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]  # the Click class after it has it
        if option is not None:
            option.help = _("Show this message and exit.")
        return option

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]  # as above
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage:") + " ")


class Group(_Translated, TyperGroup):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["options_metavar"] = _("[OPTIONS]")
        kwargs["subcommand_metavar"] = _("COMMAND [ARGS]...")
        super().__init__(*args, **kwargs)


class Command(_Translated, TyperCommand):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["options_metavar"] = _("[OPTIONS]")
        super().__init__(*args, **kwargs)
