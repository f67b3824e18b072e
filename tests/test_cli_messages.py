"""Every error and help screen of the command speaks the chosen language.

Typer, Click, PyYAML and the operating system all write English; a run in
another language must show none of it. Each language is a process of its
own (the catalog is chosen when the command is imported), which runs the
command's error paths and every help screen and hands back what they printed;
what they print also keeps the typography of its language.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from regelwerk.engine import shipped_games, shipped_variants
from regelwerk.locales import LANGUAGES, translations

DRIVER = """
import json, sys
from typer.testing import CliRunner
from regelwerk.cli.main import app

runner = CliRunner()
shown = []
for args in json.loads(sys.argv[1]):
    result = runner.invoke(app, args, prog_name="regelwerk")
    shown.append([result.exit_code, result.stdout + result.stderr])
print(json.dumps(shown))
"""

#: English that Click, Typer, PyYAML or the system would print
ENGLISH = [
    "No such option", "Invalid value", "Missing argument", "Missing option", "Missing parameter",
    "Got unexpected extra", "Did you mean", "Possible options", "No such command",
    "requires an argument", "does not take a value", "Try '", "Usage:", "Show this message",
    "No such file or directory", "Permission denied", "Is a directory", "did not find expected",
    "could not find expected", "while parsing", "while scanning", "not allowed in this context",
    "cannot start any token", "found unexpected", "Input should be", "is not a valid",
    "cannot read the file", "there is no such file", "the games that come with",
    "invalid YAML", "the system says",
]


def _parameter_names() -> set[str]:
    """The names of the parameters in the code, which Typer would show as they are."""
    from typer.main import get_command

    from regelwerk.cli.main import app

    names, commands = set(), [get_command(app)]
    while commands:
        command = commands.pop()
        names.update(param.name for param in command.params)
        commands.extend(getattr(command, "commands", {}).values())
    return names


#: Typer's type placeholders and raw parameter names: "<str>", "[game]", "{log_file}"
PLACEHOLDER = re.compile(r"<[a-z][a-z_\[\]| ]*>|[\[{](?:%s)[\]}]" % "|".join(_parameter_names()))

COMMANDS = [[], ["games"], ["play"], ["replay"], ["rules"], ["rules", "show"],
            ["rules", "validate"], ["rules", "schema"], ["rules", "translations"],
            ["scenario"], ["scenario", "run"]]


def _cases(folder: Path, language: str
           ) -> list[tuple[list[str], int, str | tuple[str, str], dict]]:
    """(arguments, exit code, message id, its parameters) of each error path."""
    lang = ["--lang", language]
    braces = folder / "braces.yaml"
    braces.write_text("format: 1\nid: x\nplayers: {min: 2 max: 3}\n", encoding="utf-8")
    indented = folder / "indented.yaml"
    indented.write_text("format: 1\n  id: x\n", encoding="utf-8")
    missing = str(folder / "absent.json")
    unknown_game = ("there is no game '{name}'; the games that come with regelwerk: {known}")
    games = ", ".join(shipped_games())
    variants = ", ".join(path.stem for path in shipped_variants("okavango"))
    return [
        (["play", "--bogus", *lang], 2, "Unknown option {option}.", {"option": "--bogus"}),
        ([*lang, "play", "--bogus"], 2, "Unknown option {option}.", {"option": "--bogus"}),
        ([*lang, "play", "chess"], 2, unknown_game, {"name": "chess", "known": games}),
        (["play", "--sed", "1", *lang], 2, "Did you mean {options}?", {"options": "--save, --seed"}),
        (["play", "okavango", "--seed", "abc", *lang], 2, "Invalid value for {name}: {reason}",
         {"name": "--seed", "reason": "a seed is a whole number from 0 to 2^64 - 1"}),
        (["play", "okavango", *lang, "--seed"], 2, "The option {option} needs a value.",
         {"option": "--seed"}),
        (["play", "--resume=yes", *lang], 2, "The option {option} takes no value.",
         {"option": "--resume"}),
        (["replay", *lang], 2, "{name} is missing.", {"name": "SAVED-GAME"}),
        (["play", "okavango", "two", "three", *lang], 2,
         ("Unexpected argument: {words}", "Unexpected arguments: {words}"),
         {"words": "two three"}),
        (["plya", *lang], 2, "Unknown command '{name}'.", {"name": "plya"}),
        (["rules", "shw", *lang], 2, "Did you mean {options}?", {"options": "show"}),
        (["replay", missing, *lang], 2, "there is no such file", {}),
        (["rules", "validate", str(folder), *lang], 2, "it is a folder, not a file", {}),
        (["rules", "validate", str(braces), *lang], 2,
         "the mapping in braces that begins on line {line} needs a ',' between its entries "
         "or a '}}' to close it", {"line": 3}),
        (["rules", "validate", str(indented), *lang], 2,
         "a ': ' is not allowed here: put quotes around a text that holds one, or check the "
         "indentation", {}),
        (["play", "chess", *lang], 2, unknown_game, {"name": "chess", "known": games}),
        (["play", "okavango", "--variant", "nope", *lang], 2,
         "{game} has no variant '{name}'; its variants: {known}",
         {"game": "okavango", "name": "nope", "known": variants}),
    ]


def _run(language: str, arguments: list[list[str]]) -> list[tuple[int, str]]:
    result = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(arguments)],
        env={**os.environ, "LANGUAGE": language, "NO_COLOR": "1", "COLUMNS": "300"},
        capture_output=True, text=True, check=True)
    return [tuple(item) for item in json.loads(result.stdout)]


#: what each language's typography does not allow: French wants a narrow no-break space
#: before : ; ? ! and ’ for an apostrophe; German quotes „…“ and Spanish «…»
TYPOGRAPHY = {
    "fr": re.compile(r"[ \u00a0][:;?!]|'"),
    "de": re.compile(r"'[^'\n]+'"),
    "es": re.compile(r"'[^'\n]+'"),
}


def _in_language(shown: str, language: str) -> None:
    placeholders = PLACEHOLDER.findall(shown)
    assert not placeholders, (language, placeholders, shown)
    if language != "en":
        english = [phrase for phrase in ENGLISH if phrase in shown]
        assert not english, (language, english, shown)
    if language in TYPOGRAPHY:
        wrong = [line for line in shown.splitlines() if TYPOGRAPHY[language].search(line)]
        assert not wrong, (language, wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_errors_and_help_are_in_the_language(tmp_path, language):
    catalog = translations(language)
    cases = _cases(tmp_path, language)
    helps = [command + ["--help"] for command in COMMANDS]
    shown = _run(language, [args for args, *_ in cases] + helps)
    for (args, code, message, params), (exit_code, text) in zip(cases, shown):
        text_of = catalog.ngettext(*message, 2) if isinstance(message, tuple) else \
            catalog.gettext(message)
        expected = text_of.format(**{key: catalog.gettext(value) if isinstance(value, str)
                                     else value for key, value in params.items()})
        as_sentence = expected[:1].upper() + expected[1:]  # a message that is all it says
        assert (exit_code, expected in text or as_sentence in text) == (code, True), \
            (language, args, expected, text)
        _in_language(text, language)
    for args, (exit_code, text) in zip(helps, shown[len(cases):]):
        assert exit_code == 0, (args, text)
        assert catalog.gettext("Show this message and exit.") in text, (language, args)
        _in_language(text, language)


def test_a_missing_argument_is_named_by_its_word_in_the_language():
    (code, text), = _run("de", [["replay", "--lang", "de"]])
    assert code == 2
    assert "SPIELSTAND fehlt." in text and "Aufruf: regelwerk replay [OPTIONEN] SPIELSTAND" in text


def test_a_value_typer_refuses_in_english_is_refused_in_our_words():
    """A parameter type the command has no reason of its own for (Typer's reason would
    be English) is refused with a general sentence, and its type shown as a word."""
    import typer
    from typer.testing import CliRunner

    from regelwerk.cli.framework import Command, Group

    app = typer.Typer(cls=Group)

    @app.command("count", cls=Command)
    def count(times: int = typer.Option(1, "--times")) -> None:
        typer.echo(times)

    @app.command("other", cls=Command)
    def other() -> None:
        pass

    result = CliRunner().invoke(app, ["count", "--times", "many"])
    assert result.exit_code == 2
    assert "The value given for --times is not valid." in result.output
    assert "Input should be" not in result.output
    help_text = CliRunner().invoke(app, ["count", "--help"]).output
    assert "NUMBER" in help_text and "<int>" not in help_text
