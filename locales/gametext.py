"""A game's own words, in the reader's language.

Names and texts live in the rules file as English source strings; the game's
own catalogs beside its ruleset translate them (``gamecatalog``), and the
program's catalog its general words. Everything that shows game words (board,
menus, narration, rulebook) asks here.
"""

from __future__ import annotations

import re
from copy import copy
from dataclasses import replace
from gettext import NullTranslations
from typing import Any, Callable, Iterator, Mapping, Sequence

from babel.lists import format_list

from regelwerk.engine import Event, Ruleset
from regelwerk.engine.conditions.turnnames import field_name
from regelwerk.engine.conditions.wording import Emptiness, Field, Id, Term, Value, Words, in_words
from regelwerk.engine.common.errors import N_, NN_, Phrase, fill
from regelwerk.engine.conditions.expressions import Expression
from regelwerk.engine.model.ruleset import END_TURN

#: the general words for a game's terms, where its rules file names none of its own
GENERAL_TERMS = {"player": NN_("player", "players"), "piece": NN_("piece", "pieces"),
                 "point": NN_("point", "points"), "group": NN_("group", "groups"),
                 "hand": NN_("hand", "hands")}

# TRANSLATORS: a zone that holds nothing ("Discard pile: empty"); the word agrees with
# the zone's name, e.g. {zone:m=vacío/f=vacía/m.pl=vacíos/f.pl=vacías}
EMPTY = N_("{zone:sg=empty}")
# TRANSLATORS: a zone whose content another player may not even count ("Chips: secret");
# the word agrees with the zone's name, e.g. {zone:m=secreto/f=secreta/m.pl=secretos/f.pl=secretas}
SECRET = N_("{zone:sg=secret}")

#: zones told empty or not, by how many they are (``wording.Emptiness``)
EMPTINESS = {
    # TRANSLATORS: the word agrees with the zone's name, e.g. {zone:m=vacío/f=vacía/…}
    (True, False): N_("{zone:def} {zone:sg=is/pl=are} empty"),
    (True, True): N_("{zones:def} are empty"),
    (False, False): N_("{zone:def} {zone:sg=is/pl=are} not empty"),
    (False, True): N_("{zones:def} are not all empty"),
}

#: a field of a piece or an area, and a text compared with, that the game names in no term
#: (said without an article)
PROPERTY = NN_("property", "properties")
#: a piece's rank (``card.rank``), which the components give and the game names in no term
RANK = NN_("rank", "ranks")
#: a count that adds up a formula over its pieces (``sum``), by its own name: "the sum of the
#: values played", not "the number of"
SUMMED = N_("{field:def}")
A_VALUE = N_("a value the rules give")
#: an area out of play, where the game has no word of its own (``terms.closed``)
OUT_OF_PLAY = N_("out of play")
#: a board's areas, where it has none of its own to name
AREA = N_("area")
#: pieces that stand for a kind, where the game has none to name
WILD = NN_("wild piece", "wild pieces")

#: names of the decisions every ruleset has built in
BUILT_IN_ACTIONS = {END_TURN: N_("end the turn")}
from regelwerk.engine.common.templates import substitute

from .gamecatalog import game_catalog
from .nouns import (GENDERS, Counted, Grammar, Listed, Noun, Pieces, list_locale, number_word,
                    parse_grammar)


class GameText:
    def __init__(self, rules: Ruleset, catalog: NullTranslations, language: str) -> None:
        self.rules = rules
        self.data: Mapping[str, Any] = rules.document.data
        self.catalog = catalog  # the program's words
        self.words = game_catalog(rules, language)  # the game's own
        self.language = language
        self.escape: Callable[[str], str] = str  # see ``escaped``
        self._symbols: dict[str, str] | None = None  # see ``symbol``

    def escaped(self, escape: Callable[[str], str]) -> GameText:
        """The same words, each string from the rules file passed through ``escape``: a
        Markdown rulebook must not let a text in a data file make headings, links or
        tables of its own."""
        escaped = copy(self)
        escaped.escape = escape
        return escaped

    # -- translating data strings -------------------------------------------
    def _word(self, value: Any, n: int = 1, fallback: str = "") -> str:
        if isinstance(value, str):
            return self.escape(self.words.gettext(value))
        if isinstance(value, list) and len(value) == 2:
            return self.escape(self.words.ngettext(value[0], value[1], n))
        return fallback

    def _named(self, section: Any, key: str, n: int = 1) -> str:
        entry = section.get(key, {}) if isinstance(section, Mapping) else {}
        return self._word(entry.get("name"), n, key)

    def title(self) -> str:
        """The title of the variant played, else of the game."""
        if self.rules.variant_title:
            return self._word(self.rules.variant_title)
        return self.game_title()

    def game_title(self) -> str:
        """The game's own title, without its variant's (where a line is short of room)."""
        return self._word(self.data.get("title"), fallback=self.rules.id)

    def variant_description(self) -> str:
        document = self.rules.document
        variant = getattr(document, "variant", None)
        return self._word(variant.data.get("description")) if variant is not None else ""

    def subtitle(self) -> str:
        return self._word(self.data.get("subtitle"))

    def description(self) -> str:
        return self._word(self.data.get("description"))

    def term(self, key: str, n: int = 1) -> str:
        """The game's word for a general notion; the general word where it names none."""
        own = self.data.get("terms", {}).get(key)
        if own is not None:
            return self._word(own, n, key)
        general = GENERAL_TERMS.get(key)
        return key if general is None else self.catalog.ngettext(*general, n)

    def out_of_play(self) -> str:
        """What an area out of play is on the screen: the game's word for it (Okavango's
        river deltas run 'dry'), else the general one."""
        own = self.data.get("terms", {}).get("closed")
        return self._word(own) if own is not None else self.catalog.gettext(OUT_OF_PLAY)

    def component(self, kind: str, n: int = 1, **axes: Any) -> str:
        """A kind's name; a generated kind's name is filled in with its numbers (or the
        ``axes`` given instead: 'red warriors 1 to 5'), after translating (its words came
        whole from the data)."""
        name = self._named(self.data["components"], kind, n)
        component = self.rules.components.get(kind)
        return substitute(name, {**component.axes, **axes}) if component and component.axes \
            else name

    def component_range(self, kind: str, axis: str, numbers: str, n: int) -> str:
        """A generated family named over a run of its numbers ('red warriors 1 to 5'); a
        plural that inflects the number itself ('white 2s') takes the singular instead."""
        plural = self._named(self.data["components"], kind, n)
        inflected = re.search(r"\{%s\}\S" % re.escape(axis), plural) is not None
        return self.component(kind, 1 if inflected else n, **{axis: numbers})

    def symbol(self, kind: str) -> str:
        """A kind's short mark in a grid, in the reader's language ('G' for a yellow disc in
        Dutch): the game's catalog translates each; where the translated marks are not all
        1 to 3 characters and different from one another, the rules file's are kept, all
        of them, so that no two kinds ever look alike."""
        if self._symbols is None:
            written = {kind: spec.get("symbol", kind[:3])
                       for kind, spec in self.data["components"].items()}
            translated = {kind: self.words.gettext(mark) for kind, mark in written.items()}
            sound = all(1 <= len(mark) <= 3 and mark.isprintable() and not mark.isspace()
                        for mark in translated.values()) \
                and len(set(translated.values())) == len(set(written.values()))
            self._symbols = translated if sound else written
        return self._symbols[kind]

    def zone(self, zone_id: str) -> str:
        zone = self.rules.zones.get(zone_id)
        if zone is None or zone.family is None:
            return self._named(self.data["zones"], zone_id)
        name = self._named(self.data["zones"], zone.family)
        if zone.by:  # one zone per value of an attribute: named by the game's term for it
            value = self.term(zone.value)
            return name.replace("{value}", value) if "{value}" in name else f"{name} {value}"
        # A zone of a numbered family: the family's name, numbered.
        if "{number}" in name:
            return name.replace("{number}", str(zone.number))
        return f"{name} {zone.number}"

    def word(self, value: Any, n: int = 1) -> str:
        """A name or text of the data (a string, or [singular, plural]), translated."""
        return self._word(value, n)

    def text_element(self, path: Sequence[str]) -> Any:
        """The element of the data at ``path``, or an empty mapping."""
        element: Any = self.data
        for step in path:
            element = element.get(step, {}) if isinstance(element, Mapping) else {}
        return element

    def text_of(self, path: Sequence[str], key: str) -> str:
        """The translated value of ``key`` of the element at ``path`` (a title, a text)."""
        element = self.text_element(path)
        return self._word(element.get(key) if isinstance(element, Mapping) else None)

    def phase_title(self, phase_id: str) -> str:
        """A phase's heading in the rulebook: its title where it has one, else its name."""
        title = self.data["turn"]["phases"].get(phase_id, {}).get("title")
        return self._word(title) if title is not None else self.phase(phase_id)

    def line_name(self, line_id: str, n: int = 1) -> str:
        return self._named(self.data.get("lines", {}), line_id, n)

    def area(self, area_id: str) -> str:
        return self._named(self.data.get("areas", {}), area_id)

    def area_type(self, type_id: str, n: int = 1) -> str:
        return self._named(self.data.get("area_types", {}), type_id, n)

    def phase(self, phase_id: str) -> str:
        return self._named(self.data["turn"]["phases"], phase_id)

    def action(self, action_id: str) -> str:
        if action_id in BUILT_IN_ACTIONS:
            return self.catalog.gettext(BUILT_IN_ACTIONS[action_id])
        return self._named(self.data["actions"], action_id)

    def text(self, path: Sequence[str], n: int = 1, **params: Any) -> str | None:
        """An element's rulebook text in the form for ``n`` (its ``count``, where it has
        one), translated and filled in; None when it has none."""
        element: Any = self.data
        for key in path:
            element = element.get(key, {}) if isinstance(element, Mapping) else {}
        value = element.get("text") if isinstance(element, Mapping) else None
        if value is None:
            return None
        return substitute(self._word(value, n), params)

    def line_label(self, line_id: str, field: str) -> str:
        """The words for a run field (``labels`` of a line), else the field's name."""
        labels = self.data.get("lines", {}).get(line_id, {}).get("labels", {})
        return self._word(labels.get(field), fallback=field)

    def narration(self, event: Event, n: int = 1, **params: Any) -> str | None:
        """How the ruleset tells an event of one of its actions, steps or phases, if it
        says."""
        if event.action is not None:
            element = self.data["actions"].get(event.action, {})
        elif event.element is not None:
            element = self.text_element(event.element.split("."))
        else:
            return None
        told = element.get("narration", {}).get(event.code) if isinstance(element, Mapping) \
            else None
        if told is None:
            return None
        return substitute(self._word(told, n), params)

    def condition(self, expression: Expression, words: Words, **named: Any) -> str:
        """A condition or formula in words (``conditions/wording.py``), never its code."""
        summed = {f"counts.{field_name(count_id)}": SUMMED
                  for count_id, count in self.data.get("counts", {}).items() if "sum" in count}
        return fill("{told}", {"told": self.label(in_words(expression, {**words, **summed},
                                                           **named))},
                    self.catalog.gettext)

    def label(self, value: Any) -> Any:
        """A parameter as the reader knows it: ids of areas, zones and kinds by their names,
        pieces in words, the ids in a condition told in words too; anything else as it is."""
        if isinstance(value, Phrase):
            return Phrase(value.message, {k: self.label(v) for k, v in value.params.items()})
        if isinstance(value, Term):
            return self._term(value)
        if isinstance(value, Emptiness):
            zones = Listed(tuple(self.zone_noun(z) for told in value.zones
                                 for z in self._zones(told)), self.language, "and")
            several = len(zones.nouns) > 1
            return Phrase(EMPTINESS[value.empty, several],
                          {"zones" if several else "zone": zones if several else zones.nouns[0]})
        if isinstance(value, Id):
            return self._id(value)
        if isinstance(value, Mapping):  # in running text: small numbers in words
            return self.pieces_told(value)
        if isinstance(value, tuple):  # a function's arguments
            return tuple(map(self.label, value))
        return self._name(value, as_noun=True)

    def _id(self, value: Id) -> Any:
        """An id of a condition by the game's word for it; a field or a text compared with
        that the game names nowhere by a general word."""
        zones = self._zones(value)
        if zones and not isinstance(value, (Field, Value)):
            # a zone, or a numbered family: all its zones together (before a term of the
            # same name: a game may call its hands rounds and still hold cards in a hand)
            return Listed(tuple(map(self.zone_noun, zones)), self.language, "and")
        if value in self.data.get("terms", {}):
            n = 2 if value.plural else 1
            return self.term_noun(value, n) if isinstance(value, (Field, Value)) \
                else self.term(value, n)
        if zones:
            return Listed(tuple(map(self.zone_noun, zones)), self.language, "and")
        data_id = _data_id(value, (*self.rules.zones, *self.rules.actions))
        if data_id in self.data.get("lines", {}):
            return self._named(self.data["lines"], data_id, 2)
        counts = self.data.get("counts", {})
        count_id = _data_id(value, tuple(counts))
        if count_id in counts:  # a count of the game's, by its name
            n = 2 if value.plural else 1
            return self._noun(self._named(counts, count_id, n), [counts[count_id]["name"]], n)
        if not isinstance(value, (Field, Value)):
            return self._name(data_id)
        named: str = data_id if isinstance(value, Value) else self._name(data_id)
        if named is data_id:  # named nowhere
            n = 2 if value.plural else 1
            named = self.catalog.gettext(A_VALUE) if isinstance(value, Value) else \
                self.catalog.ngettext(*RANK, n) if data_id == "rank" else \
                self.catalog.ngettext(*PROPERTY, n)
        return Noun(named, self.language, Grammar(article=False), plural=value.plural)

    def _name(self, value: Any, as_noun: bool = False) -> Any:
        """An id of the data by its name (an area, a zone or a kind ``as_noun``, with its
        grammar, for a sentence that asks for its article: ``{zone:def}``); anything else
        as it is."""
        if not isinstance(value, str):
            return value
        if value in self.rules.areas:
            return self.area_noun(value) if as_noun else self.area(value)
        if value in self.rules.zones:
            return self.zone_noun(value) if as_noun else self.zone(value)
        if value in self.rules.components:
            return self.component_noun(value) if as_noun else self.component(value)
        if value in self.rules.actions:
            return self.action(value)
        if value in self.rules.phases:
            return self.phase(value)
        if value in self.rules.area_types:
            return self.area_type_noun(value)
        return value

    def _zones(self, name: str) -> list[str]:
        """The zones a condition's name stands for: one zone, or a family's zones; none
        when it names no zone."""
        zone_id = _data_id(name, (*self.rules.zones, *self.rules.zone_families))
        if zone_id in self.rules.zone_families:
            return list(self.rules.zone_families[zone_id])
        return [zone_id] if zone_id in self.rules.zones else []

    def _term(self, term: Term) -> Noun | Listed:
        """A notion in the game's words: a line by its name; its runs by the name of its one
        named line of runs, else by its word for a group."""
        n = 2 if term.plural else 1
        lines = self.data.get("lines", {})
        if term.key in lines:
            return self._noun(self.line_name(term.key, n), [lines[term.key].get("name")], n)
        if term.key == "wild":
            return self.wilds_listed(n) if self.rules.wild_kinds else \
                Noun(self.catalog.ngettext(*WILD, n), self.language, Grammar(article=False),
                     plural=term.plural)
        if term.key == "area":  # every kind of area on the board: all of them, or any one
            listed = self.area_types_listed(n, "and" if term.plural else "or")
            return listed if listed.nouns else Noun(self.catalog.gettext(AREA), self.language,
                                                    Grammar(article=False))
        if term.key == "run":
            named = [line_id for line_id in self.rules.lines
                     if "name" in self.data.get("lines", {}).get(line_id, {})]
            if len(named) == 1:
                source = self.data["lines"][named[0]]["name"]
                return self._noun(self.line_name(named[0], n), [source], n)
            return self.term_noun("group", n)
        return self.term_noun(term.key, n)

    # -- nouns: names with their grammar (``locales/nouns.py``) --------------
    def zone_noun(self, zone_id: str) -> Noun:
        zone = self.rules.zones.get(zone_id)
        zones = self.data["zones"]
        keys = [zone_id] + ([zone.family] if zone is not None and zone.family else [])
        if self.language == "en":  # English names declare their grammar in the rules file
            declared = next((zones[key]["grammar"] for key in keys
                             if "grammar" in zones.get(key, {})), "")
            return self._noun(self.zone(zone_id), [], grammar=parse_grammar(declared, "en"))
        return self._noun(self.zone(zone_id), [_source(zones, key) for key in keys])

    def area_noun(self, area_id: str) -> Noun:
        area = self.rules.areas.get(area_id)
        sources = [_source(self.data.get("areas", {}), area_id)]
        if area is not None:
            sources.append(_source(self.data.get("area_types", {}), area.type.id))
        return self._noun(self.area(area_id), sources)

    def area_type_noun(self, type_id: str, n: int = 1) -> Noun:
        return self._noun(self.area_type(type_id, n),
                          [_source(self.data.get("area_types", {}), type_id)], n)

    def area_types_listed(self, n: int, style: str = "or") -> Listed:
        """The kinds of areas on the board ('waterhole or river delta'), as nouns."""
        used = {area.type.id for area in self.rules.areas.values()}
        types = [t for t in self.data.get("area_types", {}) if t in used]  # as the file lists them
        return Listed(tuple(self.area_type_noun(t, n) for t in types), self.language, style)

    def wilds_listed(self, n: int) -> Listed:
        """The game's wild kinds ('ranger card'), or its word for a piece where none is."""
        nouns = tuple(self.component_noun(kind, n) for kind in self.rules.wild_kinds) or \
            (self.term_noun("piece", n),)
        return Listed(nouns, self.language)

    def component_noun(self, kind: str, n: int = 1) -> Noun:
        """A kind's name as a noun; the one piece of a kind the game has once is 'the two
        of clubs', 'the totem', where a sentence would say 'a' of a piece of many."""
        noun = self._noun(self.component(kind, n), [_source(self.data["components"], kind)], n)
        component = self.rules.components.get(kind)
        return replace(noun, unique=True) if component is not None and component.copies == 1 \
            else noun

    def term_noun(self, key: str, n: int = 1) -> Noun:
        return self._noun(self.term(key, n), [self.data.get("terms", {}).get(key)], n)

    def chosen_term(self) -> str:
        """The term pieces are chosen and counted by: the game's word for a kind of piece
        where it has one ('3 animals'), else its word for a piece."""
        return "kind" if "kind" in self.data.get("terms", {}) else "piece"

    def own_term(self, key: str, n: int = 1) -> Noun | None:
        """The game's own word for a notion, where it names one (else the caller's general
        wording stands)."""
        return self.term_noun(key, n) if key in self.data.get("terms", {}) else None

    def player_noun(self, name: str) -> Noun:
        """A player's name: a proper name, with no article (d’Anna, not de l’Anna)."""
        return Noun(name, self.language, Grammar(article=False))

    def grammar_of(self, sources: Sequence[Any]) -> Grammar | None:
        """The grammar the game's catalog declares for the first of ``sources`` (English
        names, or [singular, plural] pairs) that has one; None when none has."""
        for source in sources:
            english = source[0] if isinstance(source, list) and source else source
            if isinstance(english, str) and english in self.words.grammar:
                return self.words.grammar[english]
        return None

    def _noun(self, name: str, sources: Sequence[Any], n: int = 1,
              grammar: Grammar | None = None) -> Noun:
        grammar = grammar or self.grammar_of(sources) or Grammar()
        return Noun(name, self.language, grammar, plural=n != 1 or grammar.plural,
                    numbered=any(word.isdigit() for word in name.split()))

    def empty(self, zone_id: str) -> str:
        """'empty' said of a zone, agreeing with its name (vacío, vacía, vides …)."""
        return self.catalog.gettext(EMPTY).format(zone=self.zone_noun(zone_id))

    def secret(self, zone_id: str) -> str:
        """'secret' said of a zone, agreeing with its name (secreto, secretas …)."""
        return self.catalog.gettext(SECRET).format(zone=self.zone_noun(zone_id))

    def counted(self, kind: str, n: int) -> Counted:
        """'two lions', 'eine Rangerkarte': a number of one kind in running text."""
        return Counted(n, self.component_noun(kind, n))

    def pieces_told(self, counts: Mapping[str, Any]) -> Pieces:
        """Content notation in running text: 'six flamingos and one ranger card
        (flamingo)'; nothing is the catalog's 'nothing'."""
        parts = [Counted(n, self.component_noun(kind, n),
                         self.component(stands) if stands else "")
                 for kind, n, stands in self._contents(counts)]
        return Pieces(parts, self.language, self.catalog.gettext("nothing"))

    def _contents(self, counts: Mapping[str, Any]) -> Iterator[tuple[str, int, str | None]]:
        """Content notation as (kind, how many, the kind a wild piece stands for or None),
        in the order of the components."""
        for kind in self.rules.components:
            value = counts.get(kind)
            if isinstance(value, int) and value:
                yield kind, value, None
            elif isinstance(value, Mapping):
                for stands, n in value.items():
                    yield kind, n, stands

    # -- pieces -------------------------------------------------------------
    def count_of(self, kind: str, n: int) -> str:
        """'3 lions', '1 ranger card'; a name that begins with a number is counted in
        words ('deux 3 jaunes', never '2 3 jaunes')."""
        return self.counted_name(self.component(kind, n), n, kind)

    def counted_name(self, name: str, n: int, kind: str) -> str:
        """``n`` before a kind's ``name``, in words where the name begins with a digit."""
        if not name[:1].isdigit():
            return f"{n} {name}"
        grammar = self.grammar_of([_source(self.data["components"], kind)])
        return f"{number_word(n, self.language, grammar.gender if grammar else '')} {name}"

    def held(self, counts: Mapping[str, int]) -> list[str]:
        """How many of each kind a zone holds, in the order of the components: '3 lions',
        '1 yellow 5'; where every one is a kind of which the game has one piece, by their
        names alone ('card 5', 'card 27'): one list never counts some and not others."""
        kinds = [kind for kind in self.rules.components if counts.get(kind)]
        if self._alone([(kind, counts[kind]) for kind in kinds]):
            return [self.component(kind, 1) for kind in kinds]
        return [self.count_of(kind, counts[kind]) for kind in kinds]

    def _alone(self, held: Sequence[tuple[str, int]]) -> bool:
        """Whether pieces are named without a number: each the one piece of its kind."""
        components = self.rules.components
        return all(n == 1 and kind in components and components[kind].copies == 1
                   for kind, n in held)

    def join(self, items: Sequence[str]) -> str:
        """'a, b and c' in the reader's language."""
        return format_list(list(items), locale=list_locale(self.language)) if items else ""

    def either(self, items: Sequence[str]) -> str:
        """'a, b or c' in the reader's language."""
        return format_list(list(items), style="or", locale=list_locale(self.language)) \
            if items else ""

    def pieces(self, counts: Mapping[str, Any]) -> str:
        """Content notation in words: '6 flamingos and 1 ranger card (flamingo)'."""
        contents = list(self._contents(counts))
        alone = self._alone([(kind, n) for kind, n, _ in contents])
        return self.join([(self.component(kind, 1) if alone else self.count_of(kind, n))
                          + (f" ({self.component(stands)})" if stands else "")
                          for kind, n, stands in contents])


def _source(section: Any, key: str) -> Any:
    """The English name an entry of a section of the rules file gives, if any."""
    entry = section.get(key, {}) if isinstance(section, Mapping) else {}
    return entry.get("name") if isinstance(entry, Mapping) else None


def _data_id(name: str, ids: Sequence[str]) -> str:
    """The id a condition's name stands for (conditions write ``stack-1`` as ``stack_1``,
    and a word of the grammar with an underscore: ``pass`` as ``pass_``)."""
    return next((data_id for data_id in ids if field_name(data_id) == name), name)


def noun_sources(rules: Ruleset) -> list[list[Any]]:
    """For each name a sentence may show (zones, areas, kinds, terms with a plural), the
    English names whose grammar it takes, its own first: a zone's, then its family's; an
    area's, then its type's."""
    data = rules.document.data
    chains: list[list[Any]] = []
    for zone_id, zone in rules.zones.items():
        chain = [_source(data["zones"], zone_id)]
        if zone.family is not None:
            chain.append(_source(data["zones"], zone.family))
        chains.append(chain)
    for area_id, area in rules.areas.items():
        chains.append([_source(data.get("areas", {}), area_id),
                       _source(data.get("area_types", {}), area.type.id)])
    chains += [[_source(data["components"], kind)] for kind in rules.components]
    chains += [[count["name"]] for count in data.get("counts", {}).values()]
    chains += [[value] for value in data.get("terms", {}).values() if isinstance(value, list)]
    return [[_singular(s) for s in chain if s is not None] for chain in chains
            if any(s is not None for s in chain)]


def _singular(source: Any) -> str:
    return str(source[0] if isinstance(source, list) else source)


def nouns_missing_grammar(rules: Ruleset, language: str) -> list[str]:
    """The English names of ``rules`` whose grammar the game's catalog for ``language``
    does not declare, not even by their family or area type: sentences could not put
    them in the right form."""
    if not GENDERS.get(language):
        return []
    text = GameText(rules, NullTranslations(), language)
    return sorted({chain[0] for chain in noun_sources(rules) if text.grammar_of(chain) is None})
