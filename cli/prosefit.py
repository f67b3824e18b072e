"""Whether an element's hand-written rulebook text still fits the element.

A text is written for an element as it stands in one file. A variant that changes the
element without rewording it would leave the text telling the old rule ("once per turn"
after the exchange may be made twice), so each text is tied to a fingerprint of what it
describes: the element's settings, without its words (names, texts, narration) and without
the values the text fills in through its placeholders (a text saying "up to {capacity}
cards" fits any capacity). The fingerprint of the element in the file the text was written
in must equal that of the element in the rules being told, and so must every setting of
another element the text states (``rulebook.mentions``: the end-game choice's text tells
when it is offered, ``turn.before_end.when``); otherwise the rulebook falls back to the
general sentence generated from the data.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable, Mapping, Sequence

from regelwerk.engine import TemplateError, setting_at, template_names

#: an element's words, which do not change the rule it describes
WORDS = frozenset({"text", "name", "title", "narration", "names", "labels", "reasons",
                   "grammar"})
#: the key of an element's own clauses for its conditions (``end.reasons.when``)
REASONS = "reasons"
#: placeholders filled in from a setting of another name
FILLED_FROM = {"rows": "grid", "columns": "grid"}
#: settings the rulebook tells in sentences of their own, not in the element's text (a kind's
#: copies in the list of components, the idle rule and the winner after the end's text,
#: whether a phase may be skipped), by the section the element belongs to
TOLD_APART = {("components",): frozenset({"copies", "symbol"}),
              ("end",): frozenset({"idle_rounds", "winner"}),
              ("turn", "phases"): frozenset({"optional"})}


def fingerprint(element: Any, filled: frozenset[str] = frozenset(),
                apart: frozenset[str] = frozenset()) -> str:
    """What the element's text describes, as a short digest."""
    if isinstance(element, Mapping):
        skipped = WORDS | apart | {FILLED_FROM.get(name, name) for name in filled}
        element = {key: value for key, value in element.items() if key not in skipped}
    told = json.dumps(element, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(told.encode("utf-8")).hexdigest()[:16]


def text_fits(document: Any, path: Sequence[Any], key: str = "text") -> bool:
    """True unless a variant changed the element at ``path`` and kept the base's ``key``
    (its text, or a phase's title).

    Only a variant's merged document (``loading.MergedDocument``) has two versions to
    compare; a ruleset on its own is told as it is written."""
    base = getattr(document, "base", None)
    if base is None or _rewritten(document, (*path, key)):
        return True
    merged = _as_written(document).data
    written, told = _element(base.data, path), _element(merged, path)
    filled = _placeholders(written.get(key) if isinstance(written, Mapping) else None)
    apart = next((keys for section, keys in TOLD_APART.items()
                  if tuple(path[:len(section)]) == section), frozenset())
    if fingerprint(written, filled, apart) != fingerprint(told, filled, apart):
        return False
    return _mentioned_unchanged(base.data, merged, path)


#: settings of other elements that an element's text states whatever the game says: the
#: end's text tells who wins, which partners change
ALWAYS_MENTIONED = {"end": ("teams",)}


def _mentioned_unchanged(base: Mapping[str, Any], merged: Mapping[str, Any],
                         *paths: Sequence[Any]) -> bool:
    """Whether every setting of another element that the texts at ``paths`` state
    (``rulebook.mentions``, and ``ALWAYS_MENTIONED``) is as the base wrote it."""
    mentions = base.get("rulebook", {}).get("mentions", {})
    return all(fingerprint(setting_at(base, setting)) == fingerprint(setting_at(merged, setting))
               for path in paths for key in [".".join(map(str, path))]
               for setting in (*mentions.get(key, []), *ALWAYS_MENTIONED.get(key, ())))


def narration_fits(document: Any, path: Sequence[Any]) -> bool:
    """Whether the game's own narration of the element at ``path`` still tells it truly:
    as ``text_fits`` for its text, and with every setting it states unchanged
    (``rulebook.mentions`` of ``PATH.narration``: Okavango's "the herd leaves white fields
    free" states when a herd scores)."""
    base = getattr(document, "base", None)
    if base is None or _rewritten(document, (*path, "narration")):
        return True
    return text_fits(document, path, "narration") and _mentioned_unchanged(
        base.data, _as_written(document).data, (*path, "narration"))


def numbers_fit(document: Any, path: Sequence[Any], values: Mapping[str, Any],
                plural_form: Callable[[int], str]) -> bool:
    """Whether each number the element's text fills in through a placeholder takes the same
    plural form (``plural_form``, the reader's language's) as in the file the text was
    written for: "up to {capacity} cards" does not fit a capacity of 1."""
    base = getattr(document, "base", None)
    if base is None or _rewritten(document, (*path, "text")):
        return True
    written = _element(base.data, path)
    if not isinstance(written, Mapping):
        return True
    for name, value in values.items():
        was = _written_value(base.data, path, written, name)
        if _whole(value) and _whole(was) and plural_form(was) != plural_form(value):
            return False
    return True


def _written_value(data: Mapping[str, Any], path: Sequence[Any], element: Mapping[str, Any],
                   name: str) -> Any:
    """The value a placeholder ``name`` took in the file the text was written in: a setting
    of the element (``rows`` and ``columns`` of its ``grid``), or the capacity of the zone an
    action or step fills (``engine.texts.mechanism_values``)."""
    if name in FILLED_FROM:
        setting = element.get(FILLED_FROM[name])
        return setting.get(name) if isinstance(setting, Mapping) else None
    if name == "capacity" and path[0] != "zones":
        filled = element.get("to", element.get("zone"))
        zone = data.get("zones", {}).get(filled) if isinstance(filled, str) else None
        return zone.get("capacity") if isinstance(zone, Mapping) else None
    return element.get(name)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def reason_fits(document: Any, path: Sequence[Any], condition: str) -> bool:
    """True unless a variant changed the condition ``condition`` of the element at ``path``
    (``end``, ``when``), or a setting the element's texts or the clause state
    (``rulebook.mentions`` of ``end`` or of ``end.reasons.when``), and kept the base's clause
    for it (``end.reasons.when``)."""
    base = getattr(document, "base", None)
    if base is None or _rewritten(document, (*path, REASONS, condition)):
        return True
    setting = (*path, condition)
    merged = _as_written(document).data
    return (fingerprint(_element(base.data, setting)) == fingerprint(_element(merged, setting))
            and _mentioned_unchanged(base.data, merged, path, (*path, REASONS, condition)))


def _as_written(document: Any) -> Any:
    """The merged document as its files write it, like its base: generated kinds not yet
    written out (``engine.generators``)."""
    return getattr(document, "inner", document)


def _rewritten(document: Any, text_path: tuple) -> bool:
    """Whether the variant wrote (or replaced) the words at ``text_path`` itself."""
    overridden: set[tuple] = getattr(document, "overridden", set())
    return any(text_path[:i] in overridden for i in range(1, len(text_path) + 1))


def _element(data: Any, path: Sequence[Any]) -> Any:
    for key in path:
        data = data.get(key) if isinstance(data, Mapping) else None
    return data


def _placeholders(text: Any) -> frozenset[str]:
    texts = text if isinstance(text, list) else [text] if isinstance(text, str) else []
    names: set[str] = set()
    for one in texts:
        try:
            names.update(template_names(one))
        except TemplateError:  # the loader refused such a text already
            pass
    return frozenset(names)
