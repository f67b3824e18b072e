"""Typer's and Click's own words in regelwerk's catalog.

Typer translates some of its messages (panel titles, "[default: …]") with
the standard library's ``gettext`` functions, which ``cli.text`` points at
regelwerk's catalog before Typer is imported; those are marked here for
extraction. The rest Typer and the Click inside it write in English: the
usage line, the help option, the type of each value ("<str>", "<path>"),
argument names ("[game]", "{log_file}") and every usage error ("No such
option", "Missing argument", "Invalid value for …"). The command classes
below write those themselves, from the catalog: each error is rebuilt from
what the exception holds (the option, the parameter, the words left over),
never from its English text, and one they do not know becomes a general
sentence rather than reaching the user in English.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from difflib import get_close_matches
from typing import Any

from typer import BadParameter, TyperException, echo
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from .helpscreen import Row, Screen, Words, render, terminal_width, wants_colour
from .text import N_, _, ngettext, say

MESSAGES = (
    # translated by Typer through gettext
    N_("Commands"), N_("Options"), N_("Arguments"), N_("Error"), N_("Aborted."),
    N_("Aborted!"), N_("Missing command."), N_("(dynamic)"),
    N_("default: {default}"), N_("required"), N_("env var: {var}"), N_("(deprecated) "),
    N_("[default: {}]"), N_("[env var: {}]"), N_("[required]"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)


def _is(error: BaseException, kind: str) -> bool:
    """Whether the error is of Click's exception class of that name: Typer keeps its Click
    in a private module and exports only BadParameter and the base of all, TyperException,
    so the others are known by name (as Typer itself knows NoArgsIsHelpError)."""
    return any(cls.__name__ == kind for cls in type(error).__mro__)


class InvalidValue(BadParameter):
    """A value refused for a reason already written in the user's language."""


class TranslatedError(BadParameter):
    """A usage error whose message is already in the user's language (a BadParameter, the
    usage error Typer exports, so that Typer shows it with the usage line)."""

    def __init__(self, message: str, ctx: Any, exit_code: int = BadParameter.exit_code) -> None:
        super().__init__(message, ctx)
        self.exit_code = exit_code

    def format_message(self) -> str:
        return self.message


def _shown(text: str) -> str:
    """What the user typed, safe to print (the engine is loaded only when an error is shown)."""
    from regelwerk.engine import visible

    return visible(text, 80)


def _type_word(param: Any) -> str:
    """The kind of value a parameter takes, as a word of the user's language."""
    descriptor = param.type_descriptor
    if descriptor.is_path:
        return _("FILE")
    if descriptor.annotation is int:
        return _("NUMBER")
    return _("TEXT")


class _Argument(TyperArgument):
    """An argument shown by its word: ``GAME`` when required, ``[GAME]`` when not."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None  # the word already says what to give

    def _usage_display_name(self) -> str:
        name = self.display_name_raw + ("..." if self.nargs != 1 else "")
        return name if self.required else f"[{name}]"


class _Option(TyperOption):
    """An option shown with the word for its value, and with none when it is a flag."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None if self.is_flag else self.metavar


def _in_words(param: Any) -> Any:
    """Give a parameter Typer built its translated display (Typer offers no hook for
    choosing the class of the parameters it makes, so the class is changed here)."""
    if isinstance(param, (_Argument, _Option)):
        return param
    if param.metavar is None and not getattr(param, "is_flag", False):
        param.metavar = _type_word(param)
    param.__class__ = _Argument if isinstance(param, TyperArgument) else _Option
    return param


def _name(param: Any) -> str:
    """How an error names a parameter: an option as typed, an argument by its word."""
    if isinstance(param, TyperOption) and param.opts:
        return param.opts[0]
    return param.metavar or _type_word(param)


def _option_takes_value(ctx: Any, option: str) -> bool:
    for param in ctx.command.get_params(ctx) if ctx is not None else ():
        if option in param.opts or option in param.secondary_opts:
            return not getattr(param, "is_flag", False)
    return True


def _message(error: Any, ctx: Any) -> str:
    """The error in the user's language, from what the exception holds (a TyperException,
    most of whose classes have no public name to annotate their attributes by)."""
    if _is(error, "NoSuchOption"):
        text = say("Unknown option {option}.", option=_shown(error.option_name))
        if error.possibilities:
            text += " " + say("Did you mean {options}?",
                              options=", ".join(sorted(error.possibilities)))
        return text
    if _is(error, "BadOptionUsage"):
        option = _shown(error.option_name)
        if _option_takes_value(error.ctx or ctx, error.option_name):
            return say("The option {option} needs a value.", option=option)
        return say("The option {option} takes no value.", option=option)
    if _is(error, "MissingParameter") and error.param is not None:
        return say("{name} is missing.", name=_name(error.param))
    if isinstance(error, BadParameter) and error.param is not None:
        if isinstance(error, InvalidValue):
            return say("Invalid value for {name}: {reason}", name=_name(error.param),
                       reason=error.message)
        return say("The value given for {name} is not valid.", name=_name(error.param))
    return _("This command line cannot be read; see the help for what it takes.")


@contextmanager
def _translated_errors(ctx: Any) -> Iterator[None]:
    try:
        yield
    except TyperException as error:
        if isinstance(error, TranslatedError) or _is(error, "NoArgsIsHelpError"):
            raise
        if type(error).__name__ == "UsageError":  # Typer's own, through gettext: translated
            raise
        where = getattr(error, "ctx", None) or ctx
        raise TranslatedError(_message(error, where), where, error.exit_code) from None


def _default(param: Any, ctx: Any) -> str:
    """A parameter's default as its help shows it (as Typer would), or ''."""
    if not isinstance(param, (TyperArgument, TyperOption)):
        return ""
    value = param._extract_default_help_str(ctx=ctx)
    as_text = isinstance(param.show_default, str)
    if not as_text and (value is None or not (param.show_default or ctx.show_default)):
        return ""
    return str(param._get_default_string(ctx=ctx, show_default_is_str=as_text,
                                         default_value=value))


def _one_line(text: str | None) -> str:
    """The text on one line; a no-break space stays what it is."""
    return re.sub(r"[ \t\r\n]+", " ", text or "").strip()


def describe(command: Any, ctx: Any) -> Screen:
    """What the help screen of a command built by Typer shows (``helpscreen``)."""
    arguments, options = [], []
    for param in command.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if isinstance(param, TyperArgument):
            arguments.append(Row(param.display_name_raw, _one_line(param.help),
                                 required=param.required, many=param.nargs != 1,
                                 default=_default(param, ctx)))
        else:
            options.append(Row(", ".join(param.opts), _one_line(param.help),
                               "" if param.is_flag else param.metavar or "",
                               required=param.required, default=_default(param, ctx)))
    commands = []
    for name in command.list_commands(ctx) if isinstance(command, TyperGroup) else ():
        sub = command.get_command(ctx, name)
        if sub is not None and not sub.hidden:
            commands.append(Row(name, _one_line((sub.help or "").split("\n\n")[0])))
    return Screen(_one_line(command.help), tuple(arguments), tuple(options), tuple(commands),
                  is_group=isinstance(command, TyperGroup))


class _Translated:
    """What Typer and Click write in English, written from the catalog."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        formatter.write(render(describe(self, ctx), ctx.command_path, Words.of(_),
                               terminal_width(sys.stdout), wants_colour(sys.stdout)))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]  # the Click class after it has it
        if option is not None:
            option.help = _("Show this message and exit.")
            _in_words(option)
        return option

    def get_params(self, ctx: Any) -> list[Any]:
        return [_in_words(param) for param in super().get_params(ctx)]  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]  # as above
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_("Usage:") + " ")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args and getattr(self, "no_args_is_help", False) and not ctx.resilient_parsing:
            echo(ctx.get_help(), color=ctx.color)  # on standard output, as asked for
            ctx.exit(2)
        # Click refuses words left over in English; they are kept here and refused below
        refuse_extra, ctx.allow_extra_args = not ctx.allow_extra_args, True
        try:
            with _translated_errors(ctx):
                rest: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        finally:
            ctx.allow_extra_args = not refuse_extra
        if rest and refuse_extra and not ctx.resilient_parsing:
            words = " ".join(_shown(word) for word in rest)
            raise TranslatedError(ngettext("Unexpected argument: {words}",
                                           "Unexpected arguments: {words}",
                                           len(rest)).format(words=words), ctx)
        return rest

    def invoke(self, ctx: Any) -> Any:
        with _translated_errors(ctx):
            return super().invoke(ctx)  # type: ignore[misc]


class Group(_Translated, TyperGroup):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["options_metavar"] = _("[OPTIONS]")
        kwargs["subcommand_metavar"] = _("COMMAND [ARGS]...")
        kwargs["suggest_commands"] = False  # in English; resolve_command suggests instead
        super().__init__(*args, **kwargs)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except TyperException as error:
            if _is(error, "NoSuchOption") or not _is(error, "UsageError"):
                raise
            name = args[0]
            text = say("Unknown command '{name}'.", name=_shown(name))
            matches = get_close_matches(name, list(self.commands))
            if matches:
                text += " " + say("Did you mean {options}?", options=", ".join(matches))
            raise TranslatedError(text, ctx) from None


class Command(_Translated, TyperCommand):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["options_metavar"] = _("[OPTIONS]")
        super().__init__(*args, **kwargs)
