"""Telling what happened, in the player's language.

An event is told by the ruleset's own narration for the action that caused
it when there is one (in the game's words), else by the general sentence its
mechanism declares (``engine.events``). What each placeholder shows (a
player, an area, pieces, a number…) is declared there too and rendered here.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from regelwerk.engine import (AREA_WORDS, STEPS, TURN_EVENTS, Event, EventType,
                              EventValue, GameState, Id, Ruleset, substitute, table_points)
from regelwerk.locales.gametext import GameText
from regelwerk.locales.nouns import Counted

from .board import count_words
from .prosefit import narration_fits
from .reasons import branch_reason, reason
from .text import filled, number, say


def tell(event: Event, text: GameText) -> str | None:
    """One line for an event, or None for events not worth a line."""
    kind = event_type(text.rules, event)
    if kind is None or not kind.sentence:
        return None
    values = {name: shown(value, event.params, text, event.action)
              for name, value in kind.values.items()}
    n = abs(int(event.params.get(kind.count, 1))) if kind.count else 1  # -1 point, not -1 points
    sentence = kind.sentence
    if kind.lost and int(event.params.get(kind.count, 0)) < 0:  # loses 9 points
        sentence = kind.lost
        values.update({name: n for name, value in kind.values.items()
                       if value.param == kind.count and value.shows == "number"})
    told = text.narration(event, n, **values) if _own_words_fit(event, text) else None
    # filled in by name, the forms asked for given by the values: rendering cannot fail
    return told if told is not None else substitute(text.catalog.gettext(sentence), values)


def _own_words_fit(event: Event, text: GameText) -> bool:
    """Whether the game's narration of the element that made ``event`` still fits it
    (``prosefit.narration_fits``): a variant that changed what it states gets the general
    sentence."""
    element = ("actions", event.action) if event.action is not None else \
        tuple(event.element.split(".")) if event.element is not None else None
    return element is None or narration_fits(text.rules.document, element)


#: a move's pieces of more kinds than this are counted in its summary, not listed
KINDS_LISTED = 2


#: the values of an event that say the same sort of thing: its summary takes the first
SORTS = {"kind": "pieces", "count-of": "pieces", "area": "place", "zone": "place",
         "cell": "place"}


def summary(action: str, events: Sequence[Event], player: str, text: GameText,
            also: Sequence[str] = ()) -> str:
    """A move in short, for the account of a turn: its action and what its events show
    (the pieces, places and other players), as a menu's title shows a move being built:
    'drink — river delta 1, 5 cards', and ``also`` (the points it won). Events are told
    to the whole table, so nothing in them is hidden from the reader."""
    shown_values: list[str] = []
    for event in events:
        kind = event_type(text.rules, event)
        if kind is None or kind.detail or not kind.sentence:
            continue
        sorts: set[str] = set()  # an event's first pieces, place and so on: the others
        for value in kind.values.values():  # are what they displaced, or where from
            sort = SORTS.get(value.shows, value.shows)
            word = "" if sort in sorts else _in_short(value, event.params, player, text)
            if word:
                sorts.add(sort)
                if word not in shown_values:
                    shown_values.append(word)
    name = text.action(action)
    return " — ".join([name, ", ".join([*shown_values, *also])]) if shown_values or also \
        else name


def _in_short(value: EventValue, params: Mapping[str, Any], player: str,
              text: GameText) -> str:
    """One value of an event in a few words; nothing for the player who moved, numbers
    and rules (the account says what happened, the log tells why)."""
    raw: Any = params.get(value.param)
    shows = value.shows
    if raw is None or raw == {}:
        return ""
    if shows == "area":
        return text.area(raw)
    if shows == "zone":
        return text.zone(raw)
    if shows == "kind":
        return text.component(raw)
    if shows == "pieces":
        counts = {k: n for k, n in raw.items() if n}
        if len(counts) > KINDS_LISTED:
            return count_words(text, sum(n if isinstance(n, int) else sum(n.values())
                                         for n in counts.values()))
        return text.pieces(counts)
    if shows == "count-of":
        return text.count_of(raw, abs(int(params.get(value.count, 1))))
    if shows == "cell":
        return _cell(raw, text)
    if shows == "player":
        return "" if raw == player else str(raw)
    if shows == "word":
        return text.term(str(raw))
    if shows == "places":
        return places_told(text, raw)
    if shows == "numbers":
        return text.join([number(n) for n in raw])
    if shows == "amount":
        count = abs(int(params.get(value.count, 1)))
        return f"{count} {text.term(value.term, count)}"
    return ""


def is_detail(event: Event, rules: Ruleset) -> bool:
    """Whether an event follows from the others as a matter of course (left out of a
    short account of a turn)."""
    kind = event_type(rules, event)
    return kind is not None and kind.detail


def event_type(rules: Ruleset, event: Event) -> EventType | None:
    """The declaration of an event: its action's mechanism's, the turn order's, a step's or
    the turn machine's."""
    if event.action is not None:
        found = rules.actions[event.action].events.get(event.code)
        if found is not None:
            return found
    for declared in (TURN_EVENTS, rules.order.events, *(step.events for step in STEPS.values())):
        if event.code in declared:
            return declared[event.code]
    return None


def shown(value: EventValue, params: Mapping[str, Any], text: GameText,
          event_action: str | None = None) -> Any:
    """One placeholder's value in the reader's words: names as nouns with their grammar,
    so that the sentence can ask for the form it needs (``{zone:Def}``, ``{area:de+def}``:
    ``locales/nouns.py``), and counts of pieces in running text (small numbers in words)."""
    raw: Any = params.get(value.param)  # what the event's mechanism recorded
    count = abs(int(params.get(value.count, 1))) if value.count else (2 if value.plural else 1)
    shows = value.shows
    if shows == "area":
        return text.area_noun(raw)
    if shows == "zone":
        return text.zone_noun(raw)
    if shows == "kind":
        return text.component_noun(raw)
    if shows == "pieces":
        return text.pieces_told(raw)
    if shows == "count-of":  # told as pieces: one is 'a lion', as in a list, not 'one lion'
        return text.pieces_told({raw: count})
    if shows == "cell":
        return _cell(raw, text)
    if shows == "term":
        return text.term_noun(value.term, count)
    if shows == "amount":
        return Counted(count, text.term_noun(value.term, count))
    if shows == "player":
        return text.player_noun(raw)
    if shows == "phase":
        return text.phase(raw)
    if shows == "word":
        return text.term_noun(str(raw))
    if shows == "places":
        return places_told(text, raw)
    if shows == "numbers":
        return text.join([number(n) for n in raw])
    if shows == "branch-reason":
        assert event_action is not None  # the event is made by a move of that action
        return branch_reason(text, event_action, raw)
    if shows == "area-rule":
        return text.condition(getattr(text.rules.area_types[raw], value.term), AREA_WORDS,
                              area=Id(raw))
    if shows == "rule":
        return reason(text, tuple(value.param.split(".")), value.term)
    return number(raw) if shows == "number" else raw


def _cell(cell: Any, text: GameText) -> str:
    return filled(text.catalog.gettext("row {row}, column {column}"), row=cell[0],
                  column=cell[1])


def places_told(text: GameText, places: Sequence[int]) -> str:
    """Places in a pile, by their numbers: 'place 2', 'places 1 and 4'."""
    return filled(text.catalog.ngettext("place {places}", "places {places}", len(places)),
                  places=text.join([str(place) for place in places]))


def together(state: GameState) -> int | None:
    """What the table scored, where the players play together (else None)."""
    return table_points(state)


def winners_line(text: GameText, winners: list[str], players: int,
                 together: int | None = None) -> str:
    """Who won; when every one of several players shares the win, a draw; where the
    players play together, what the table scored (``together``)."""
    if together is not None:
        return say("The team scores {points}.",
                   points=f"{together} {text.term('point', together)}")
    if len(winners) == 1:
        return say("Winner: {winner}", winner=winners[0])
    if len(winners) == players:
        return say("A draw between {winners}", winners=text.join(winners))
    return say("Winners: {winners}", winners=text.join(winners))
