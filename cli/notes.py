"""What the table was told of each piece in a zone that keeps notes (a hand held facing
away), in words: per place, the values known ('green 3') and, in full, those ruled out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .text import labelled, say, told

if TYPE_CHECKING:
    from regelwerk.engine import PlayerView, Ruleset
    from regelwerk.locales.gametext import GameText

#: a piece of which nothing is told, nor seen
UNKNOWN = "?"


def notes_of(view: PlayerView, zone_id: str, player: str
             ) -> Sequence[Mapping[str, Sequence[Any]]]:
    """What the pieces of ``player``'s zone were told, per place from 1 (none: [])."""
    return view.told.get(zone_id, {}).get(player, [])


def known(text: GameText, notes: Mapping[str, Sequence[Any]]) -> str:
    """The values told for certain, in the order the rules list attributes: 'green 3'."""
    return " ".join(text.term(str(notes[attribute][0])) for attribute in
                    text.rules.attribute_types if len(notes.get(attribute, ())) == 1)


def ruled_out(rules: Ruleset, text: GameText, notes: Mapping[str, Sequence[Any]]) -> str:
    """The values told not to be, where the value itself is not known: 'not red or blue'."""
    said = []
    for attribute in rules.attribute_types:
        may = notes.get(attribute)
        if may is None or len(may) == 1:
            continue
        out = [value for value in values_of(rules, attribute) if value not in may]
        if out:
            said.append(say("not {values}", values=text.either(
                [text.term(str(value)) for value in out])))
    return ", ".join(said)


def values_of(rules: Ruleset, attribute: str) -> list[Any]:
    """Every value the pieces give an attribute, in the order the components give them."""
    found: dict[Any, None] = {}
    for component in rules.components.values():
        value = component.attributes.get(attribute)
        if value not in (None, "", False):
            found[value] = None
    return list(found)


def place_words(text: GameText, notes: Mapping[str, Sequence[Any]], kind: str | None,
                full: bool = False) -> str:
    """One place as a player sees it: the piece where they see it, with what its holder
    was told in brackets; else what they were told ('?': nothing); ``full`` with what it
    is not."""
    told = known(text, notes)
    if full:
        told = ", ".join(words for words in (told, ruled_out(text.rules, text, notes))
                         if words)
    if kind is None:
        return told or UNKNOWN
    return f"{text.component(kind)} ({told})" if told else text.component(kind)


def places_words(text: GameText, kinds: Sequence[str] | None, count: int,
                 notes: Sequence[Mapping[str, Sequence[Any]]], full: bool = False) -> str:
    """A whole zone by its places: '1: ?; 2: green; 3: white 2 (2)'."""
    return told([labelled(str(place + 1),
                          place_words(text, notes[place] if place < len(notes) else {},
                                      None if kinds is None else kinds[place], full))
                 for place in range(count)])


def legend_lines(rules: Ruleset, text: GameText) -> list[str]:
    """What the marks of a zone that keeps notes mean (``legend``), shown with the game's
    own first piece and value: none where no zone keeps notes."""
    if not any(zone.content.noted for zone in rules.zones.values()):
        return []
    kind, component = next(iter(rules.components.items()))
    value = next((v for v in component.attributes.values() if v not in (None, "", False)), None)
    piece = text.term("piece")
    lines = [say("{unknown}: a {piece} you do not see, about which nothing has been told",
                 unknown=UNKNOWN, piece=piece)]
    if value is not None:
        told_value = text.term(str(value))
        lines += [say("{told}: a {piece} you do not see, and what has been told about it",
                      told=told_value, piece=piece),
                  say("{seen} ({told}): a {piece} you see, and in brackets what its holder "
                      "has been told about it", seen=text.component(kind), told=told_value,
                      piece=piece)]
    return lines
