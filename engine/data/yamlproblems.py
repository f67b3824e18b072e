"""PyYAML's syntax errors in our own, translatable words.

The parser reports a problem in English ("did not find expected ',' or '}'"),
worded differently by libyaml and by the pure Python parser. Each known
problem is recognised here by the words of either parser and given our own
message; one we do not recognise gets a general message. The location
(line and column) is the parser's, kept by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..common.errors import N_


@dataclass(frozen=True)
class _Problem:
    """A kind of syntax error: the words of the parsers' problem (or their context) that
    tell it, and our message (``{line}`` is where the enclosing construct begins)."""

    problem: str
    message: str
    context: str = ""


_PROBLEMS = (
    _Problem(r"expected ',' or '\}'",
             N_("the mapping in braces that begins on line {line} needs a ',' between its "
                "entries or a '}}' to close it")),
    _Problem(r"expected ',' or '\]'",
             N_("the list in brackets that begins on line {line} needs a ',' between its "
                "items or a ']' to close it")),
    _Problem(r"unclosed '\[' or '\{'",
             N_("a '[' or '{{' is not closed, or this line is not indented like the ones "
                "above")),
    _Problem(r"^mapping values are not allowed",
             N_("a ': ' is not allowed here: put quotes around a text that holds one, or "
                "check the indentation")),
    _Problem(r"could not find expected ':'",
             N_("a key needs a ':' after it; a text written over several lines needs "
                "quotes")),
    _Problem(r"tab|'\\t'",
             N_("a tab is used where YAML needs spaces: indent with spaces")),
    _Problem(r"unknown escape|escape code|hexdecimal|escape sequence",
             N_("a '\\' in a double-quoted text starts an escape YAML does not know: write "
                "'\\\\' for a backslash, or use single quotes")),
    _Problem(r"", N_("the quoted text that begins on line {line} is not closed"),
             context=r"quoted scalar"),
    _Problem(r"", N_("the text block after '|' or '>' that begins on line {line} is not "
                     "written correctly"), context=r"block scalar"),
    _Problem(r"", N_("a tag, anchor, alias or directive (after '!', '&', '*' or '%') cannot "
                     "be read"), context=r"tag|anchor|alias|directive"),
    _Problem(r"tag|directive|incompatible YAML",
             N_("a tag, anchor, alias or directive (after '!', '&', '*' or '%') cannot "
                "be read")),
    _Problem(r"cannot start any token",
             N_("this character cannot begin a value: put the text in quotes, and indent "
                "with spaces, not tabs")),
    _Problem(r"expected key|<block end>|'-' indicator|entries are not allowed|keys are "
             r"not allowed",
             N_("this line is not indented like the other entries of its mapping or list")),
    _Problem(r"node content",
             N_("a value is missing here")),
    _Problem(r"<document start>",
             N_("this line does not continue the document: check its indentation and "
                "brackets")),
)

#: what a problem we do not recognise is called
UNKNOWN = N_("the text here cannot be read as YAML")


def describe(problem: str, context: str, context_line: int | None, line: int
             ) -> tuple[str, dict[str, Any]]:
    """Our message id and its parameters for a problem the parser reported at ``line``;
    ``context_line`` is where the construct it was reading began, when known."""
    for known in _PROBLEMS:
        if re.search(known.problem, problem) and re.search(known.context, context):
            params = {"line": context_line or line} if "{line}" in known.message else {}
            return known.message, params
    return UNKNOWN, {}
