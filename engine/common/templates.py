"""Templates of a ruleset's texts: their placeholders, checking them and filling them in safely.

A rulebook text or a narration is a template with ``{name}`` placeholders. What
each one receives is declared once: a narration, the values of its event as the
mechanism declares it (``events.py``); a text, the values of its element
(``mechanisms/textvalues.py``, from the mechanism's declared parameters). The loader checks
each template against them, and the renderers take their values from the same
place, so a placeholder that passes the check is always filled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from string import Formatter
from typing import Any, Iterator, Mapping, Sequence

from .errors import N_, Msg

#: a placeholder's form: words of letters joined by + . = / _ (``{zone:Def}``,
#: ``{zone:de+def}``, ``{zone:m=plein/f=pleine}``); the value itself gives it, or its text
FORM = re.compile(r"[^\W\d_][\w+.=/’ -]*")

class ZoneRef(str):
    """A zone id among an element's values: shown by the zone's name."""


@dataclass
class TemplateError(Exception):
    """A template that is not one: its message id and parameters, to be located."""

    message: Msg
    params: dict[str, Any]


def template_names(template: str) -> Iterator[str]:
    """The placeholders of a template; TemplateError when one is not a plain name or a
    brace has no partner."""
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        raise TemplateError(N_("a brace in the text has no partner (write a brace itself "
                               "twice)"), {}) from None
    for _, field, spec, conversion in parsed:
        if field is None:
            continue
        if not field.isidentifier() or (spec and not FORM.fullmatch(spec)) or conversion:
            raise TemplateError(N_("'{field}' in braces: only a plain name may stand there"),
                                {"field": _as_written(field, spec, conversion)[1:-1]})
        yield field


def check_template(template: str, known: Sequence[str]) -> None:
    for name in template_names(template):
        if name not in known:
            raise TemplateError(N_("unknown name '{name}' in braces; this text can use: "
                                   "{known}"), {"name": name,
                                                "known": ", ".join(sorted(known)) or "-"})


def substitute(template: str, values: Mapping[str, Any]) -> str:
    """Fill in ``{name}`` placeholders only, plain or asking for a form (``{name:Def}``:
    a name's article), never attributes, indexes or other format specs, whatever a
    translation says; anything else is left as written."""
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        return template
    parts = []
    for literal, field, spec, conversion in parsed:
        parts.append(literal)
        if field is None:
            continue
        if field in values and not conversion and (not spec or FORM.fullmatch(spec)):
            parts.append(_formed(values[field], spec or ""))
        else:
            parts.append(_as_written(field, spec, conversion))
    return "".join(parts)


def _formed(value: Any, spec: str) -> str:
    """A value in the form its spec asks for (a name's article or case, which the value
    itself knows); a value that knows no such form (a text, a number) is shown as it is."""
    if isinstance(value, (str, int, float)):
        return str(value)
    try:
        return format(value, spec)
    except (ValueError, TypeError):
        return str(value)


def _as_written(field: str, spec: str | None, conversion: str | None) -> str:
    """A placeholder as the template writes it, braces included."""
    return "{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") \
        + "}"


def texts_of(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, tuple, str, str | None]]:
    """Every template of a document: (element path, template path, template, event code
    for a narration, else None)."""
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key == "text" and path:
                yield from _forms(path, (*path, key), value, None)
            elif key == "narration" and _narrated(path) and isinstance(value, Mapping):
                for code, told in value.items():
                    yield from _forms(path, (*path, key, code), told, code)
            elif key not in ("title", "subtitle", "description", "name", "terms", "labels"):
                yield from texts_of(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from texts_of(value, (*path, index))


def _narrated(path: tuple) -> bool:
    """Whether the element at ``path`` is one whose events a game may tell in its own
    words: an action, a step after a turn or round or of a hand's deal, a phase (passed
    over), the scoring of a line (the points it gave), or the hands (their own points)."""
    return (len(path) == 2 and path[0] in ("actions", "scoring")) \
        or (len(path) == 3 and path[:2] in NARRATED) or path == ("hands",)


#: the sections whose steps (or phases) are told in play, in the game's words if it has them
NARRATED = (("turn", "after"), ("turn", "after_round"), ("turn", "phases"), ("hands", "deal"))


def _forms(element: tuple, path: tuple, value: Any, code: str | None
           ) -> Iterator[tuple[tuple, tuple, str, str | None]]:
    """A text, or each form of a [singular, plural] pair."""
    if isinstance(value, str):
        yield element, path, value, code
    elif isinstance(value, list):
        for index, form in enumerate(value):
            if isinstance(form, str):
                yield element, (*path, index), form, code
