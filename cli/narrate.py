"""Telling what happened, in the player's language.

An event is told by the ruleset's own narration for the action that caused
it when there is one (in the game's words), else by a general sentence.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine import Event
from regelwerk.locales.gametext import GameText

from .text import _, say


def tell(event: Event, text: GameText) -> str | None:
    """One line for an event, or None for events not worth a line."""
    p = event.params
    code = event.code
    if code == "placed":
        displaced = sum(n if isinstance(n, int) else sum(n.values())
                        for n in p["displaced"].values())
        return _told(event, text, displaced, player=p["player"], area=text.area(p["area"]),
                     group=text.pieces(p["group"]), displaced=text.pieces(p["displaced"])
                     or _("nothing")) or say("{player}: {group} → {area}", player=p["player"],
                                              group=text.pieces(p["group"]),
                                              area=text.area(p["area"]))
    if code == "scored":
        return _told(event, text, p["points"], player=p["player"], points=p["points"],
                     area=text.area(p["area"])) or say(
            "{player}: +{points} {unit} ({area})", player=p["player"], points=p["points"],
            unit=text.term("point", p["points"]), area=text.area(p["area"]))
    if code == "area-full":
        return _told(event, text, 1, area=text.area(p["area"])) or say(
            "{area} is full and out of play.", area=text.area(p["area"]))
    if code == "took" and not p["count"]:
        nothing = Event("took-nothing", p, event.action)
        return _told(nothing, text, 1, player=p["player"], zone=text.zone(p["from"])) or say(
            "{player} takes nothing: {zone} is empty.", player=p["player"],
            zone=text.zone(p["from"]))
    if code == "took":
        pieces = text.count_of(p["kind"], p["count"])
        return _told(event, text, p["count"], player=p["player"], pieces=pieces,
                     zone=text.zone(p["from"])) or say(
            "{player} takes {pieces} from {zone}.", player=p["player"], pieces=pieces,
            zone=text.zone(p["from"]))
    if code == "swapped":
        return _told(event, text, 1, player=p["player"], area=text.area(p["area"]),
                     piece=text.count_of(p["kind"], 1), wild=text.component(p["wild"])) or say(
            "{player} swaps {piece} for the {wild} at {area}.", player=p["player"],
            piece=text.count_of(p["kind"], 1), wild=text.component(p["wild"]),
            area=text.area(p["area"]))
    if code == "filled":
        return say("{zone} is topped up with {pieces}.", zone=text.zone(p["zone"]),
                   pieces=f"{p['count']} {text.term('piece', p['count'])}")
    if code == "drew":
        return _told(event, text, 1, player=p["player"], zone=text.zone(p["zone"])) or say(
            "{player} draws from {zone}.", player=p["player"], zone=text.zone(p["zone"]))
    if code == "refilled":
        return say("{zone} is empty: {pieces} from {source} are shuffled into it.",
                   zone=text.zone(p["zone"]), source=text.zone(p["from"]),
                   pieces=f"{p['count']} {text.term('piece', p['count'])}")
    if code == "laid":
        cell = say("row {row}, column {column}", row=p["cell"][0], column=p["cell"][1])
        line = _told(event, text, 1, player=p["player"], piece=text.component(p["kind"]),
                     cell=cell) or say("{player} places {piece} at {cell}.", player=p["player"],
                                       piece=text.component(p["kind"]), cell=cell)
        if p["completed"]:
            line += " " + say("A {group} is complete.", group=text.term("group", 1))
        return line
    if code == "discarded":
        return _told(event, text, 1, player=p["player"], piece=text.component(p["kind"])) or \
            say("{player} discards {piece}.", player=p["player"], piece=text.component(p["kind"]))
    if code == "aimed":
        return _told(event, text, 1, player=p["player"], target=p["target"],
                     piece=text.component(p["kind"])) or say(
            "{player} takes {piece} from {target}.", player=p["player"], target=p["target"],
            piece=text.component(p["kind"]))
    if code == "run-lost":
        return _told(event, text, p["count"], player=p["player"], count=p["count"]) or say(
            "{player} loses a {group}.", player=p["player"], group=text.term("group", 1))
    if code == "attacked":
        return _told(event, text, 1, player=p["player"], target=p["target"],
                     captured=p["captured"]) or say(
            "{player} attacks {target} and captures {count}.", player=p["player"],
            target=p["target"], count=f"{p['captured']} {text.term('piece', p['captured'])}")
    if code == "ended-turn":
        return say("{player} ends their turn.", player=p["player"])
    if code == "ended-by-choice":
        return say("{player} ends the game.", player=p["player"])
    if code == "final-points":
        return say("{player}: {total} {unit} ({runs} for the {groups}, {cards} for the "
                   "{pieces}, {sets} for sets)", player=p["player"], total=p["total"],
                   unit=text.term("point", p["total"]), runs=p["runs"],
                   groups=text.term("group", 2), cards=p["cards"],
                   pieces=text.term("piece", 2), sets=p["sets"])
    if code == "end-triggered":
        return _("The end is reached: this round is played to its end.")
    if code == "stalled":
        return _("A whole round passed without any piece moving: the game ends.")
    return None


def winners_line(text: GameText, winners: list[str]) -> str:
    if len(winners) == 1:
        return say("Winner: {winner}", winner=winners[0])
    return say("Winners: {winners}", winners=text.join(winners))


def _told(event: Event, text: GameText, n: int, **params: Any) -> str | None:
    return text.narration(event.action, event.code, n, **params)
