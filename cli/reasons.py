"""Why something happens, told by the game's own clause where it has one.

A ruleset may give each condition players are told about a clause of its own, under
``reasons`` beside the condition (``end.reasons.when``, ``end.reasons.at_once``,
``end.reasons.idle_rounds``, ``turn.order.reasons.again_when``, ``turn.before_end.reasons.when``,
an area type's ``reasons.replace_when`` where a move is refused for it),
translated by the game's catalogs: "the draw stacks are used up" rather than the formula in
words. The clause is told while the condition is the one it was written for
(``prosefit.reason_fits``: a variant that changes the condition without rewording it gets
the general words); otherwise, and where the game gives none, the condition is told in
general words (``conditions/wording.py``). Each clause reads as a main clause after "because"
or "when …:", in every language.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine import NN_, TURN_WORDS, GameState, TurnContext
from regelwerk.locales.gametext import GameText
from regelwerk.locales.nouns import list_locale, number_word

from .prosefit import REASONS, reason_fits


END, ORDER, BEFORE_END = ("end",), ("turn", "order"), ("turn", "before_end")


def own_reason(text: GameText, path: tuple[str, ...], condition: str) -> str:
    """The game's own clause for the condition (``area_types.waterhole.reasons.replace_when``)
    while it fits the condition, else ''."""
    own = text.text_of((*path, REASONS), condition)
    return own if own and reason_fits(text.rules.document, path, condition) else ""


def reason(text: GameText, path: tuple[str, ...], condition: str,
           state: GameState | None = None) -> str:
    """The clause for the condition ``condition`` of the element at ``path`` (``("end",),
    "when"``): the game's own while it fits, else the condition in general words. Of an end
    condition of alternatives joined by "or", told of a ``state`` it holds in, only the
    alternatives that hold there: the game ended for the reason that came about."""
    written = text.text_element((*path, REASONS)).get(condition)
    clauses = [text.word(one) for one in (written if isinstance(written, list) else
                                          [written] if written else [])]
    alternatives = text.rules.end.alternatives.get(condition, ()) if path == END else ()
    held = [index for index, alternative in enumerate(alternatives)
            if state is not None and alternative(TurnContext(state))]
    if clauses and reason_fits(text.rules.document, path, condition):
        if len(clauses) == 1:
            return clauses[0]
        return _joined(text, [clauses[i] for i in held] or clauses, "and" if held else "or")
    if (path, condition) == (END, "idle_rounds"):
        return _idle(text)
    if held:
        return _joined(text, [text.condition(alternatives[i], TURN_WORDS) for i in held], "and")
    return text.condition(_expression(text, path, condition), TURN_WORDS)


def _joined(text: GameText, clauses: list[str], style: str) -> str:
    """Clauses told together, as the language lists them ("a, b or c")."""
    from babel.lists import format_list

    return format_list(clauses, style="or" if style == "or" else "standard",
                       locale=list_locale(text.language))


def branch_reason(text: GameText, action: str, branch: int) -> str:
    """Why a branch of an action's ``then`` is taken: the game's ``reason`` beside it,
    else its condition in words."""
    entry = text.rules.document.data["actions"][action]["then"][branch]
    if entry.get("reason"):
        return text.word(entry["reason"])
    when = text.rules.transitions[action][branch].when
    assert when is not None  # only a condition is told
    return text.condition(when, TURN_WORDS)


def _expression(text: GameText, path: tuple[str, ...], condition: str) -> Any:
    rules = text.rules
    if path == BEFORE_END and rules.before_end is not None:
        return rules.before_end.when
    if path == ORDER:
        return getattr(rules.order, condition)
    return getattr(rules.end, condition)


#: rounds in which nothing moved
IDLE = NN_("a whole round passed in which {piece:no} moved",
           "{count} whole rounds passed in which {piece:no} moved")


def _idle(text: GameText) -> str:
    rounds = text.rules.end.idle_rounds
    return text.catalog.ngettext(*IDLE, rounds).format(
        count=number_word(rounds, text.language, before_noun=False),
        piece=text.term_noun("piece"))
