"""Messages of Click and Typer that users see, marked so the catalogs carry them.

Click and Typer translate through the standard library's ``gettext``
functions; ``cli.text`` points those at regelwerk's catalog before they are
imported, and the catalog needs these message ids for that.
"""

from regelwerk.engine.errors import N_


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form for extraction."""
    return singular, plural


MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Arguments"),
    N_("Error"),
    N_("Error: {message}"),
    N_("Aborted."),
    N_("Aborted!"),
    N_("Show this message and exit."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("No such option: {name}"),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("{value!r} is not a valid integer."),
    N_("[default: {}]"),
    N_("[required]"),
    N_("required"),
    N_("default: {default}"),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("Try '{command} {option}' for help."),
    N_("Option {name!r} requires an argument."),
)
PLURALS = (
    NN_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    NN_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
)
