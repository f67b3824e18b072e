"""The rulebook of exactly one ruleset, written from its data in the reader's language.

Structure and numbers come from the data (components and counts, the board,
the ranking, setup steps, phases, the end); the prose of each element is the
ruleset's own translated text with that element's numbers filled in. Where an
element has no text, or a variant changed its conditions without rewording
it, a general sentence for its mechanism is used, telling the condition in words
(``conditions/wording.py``), never in its code.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from babel import Locale

from regelwerk.engine import (ACTIONS, AREA_WORDS, ActionList, Area, AreaType, CARD_WORDS,
                              Component, Condition, ConditionPerAreaType, Count, DIRECTION_WORDS,
                              Directions,
                              EACH_PLAYER_WORDS, END_OF_TURN, END_TURN, EachCount, Field, Fields,
                              Id, KindList, KindRef, N_, ORDERS, PairCounts, ROUTE_WORDS, Routes, RUN_WORDS,
                              Ruleset, STEPS, Section, TURN_WORDS, Value, ZONE_WORDS, Zone, ZoneChoice,
                              ZoneParam, ZoneRef, ZoneScoring, field_kinds, kinds_drawn, mechanism_values,
                              new_game, substitute, text_values)
from regelwerk.locales.gametext import GameText
from regelwerk.locales.nouns import Counted, Listed, Noun, number_word

from .markdownsafe import plain
from .prosefit import numbers_fit, text_fits
from .reasons import BEFORE_END, END, ORDER, branch_reason, reason
from .rulebookexamples import examples_that_hold
from .text import _, capitalised, filled, labelled, ngettext, say


def rulebook(rules: Ruleset, text: GameText, described: bool = True) -> str:
    """The rulebook as Markdown; ``described``: whether a variant's description is told
    (a comparison of rules, ``rules diff``, leaves it out)."""
    return "\n".join(Rulebook(rules, text.escaped(plain), described).lines())



#: the rulebook's sections in their usual order; a game may order some of them as its manual
#: does (``rulebook.order``, which the schema checks against these)
SECTIONS = ("aim", "components", "ranking", "zones", "board", "runs", "setup", "play", "turn",
            "wilds", "examples", "hands", "end", "scoring", "tips")


def section_order(first: Iterable[str]) -> list[str]:
    """The sections a game orders, in its order, then the others in the usual one."""
    ordered = list(dict.fromkeys(first))
    return ordered + [section for section in SECTIONS if section not in ordered]


#: who sees what of a zone whose pieces lie face up or face down, by its scope and visibility
#: (of the pieces face down)
FACES = {
    ("shared", "hidden"): N_("shared; its {pieces:bare} lie face down, seen by nobody, until "
                             "one is turned face up for everyone to see"),
    ("player", "hidden"): N_("one for {player:each}; its {pieces:bare} lie face down, seen by "
                             "nobody, until one is turned face up for everyone to see"),
    ("player", "owner"): N_("one for {player:each}; its {pieces:bare} lie face down, seen "
                            "only by its owner, until one is turned face up for everyone to "
                            "see"),
    ("player", "others"): N_("one for {player:each}; its {pieces:bare} lie face down, seen by "
                             "all but its owner, until one is turned face up for everyone to "
                             "see"),
}


class Rulebook:
    def __init__(self, rules: Ruleset, text: GameText, described: bool = True) -> None:
        self.rules, self.text, self.data = rules, text, rules.document.data
        self.book: Mapping[str, Any] = self.data.get("rulebook", {})  # what only it tells
        self.described = described

    def lines(self) -> Iterator[str]:
        yield from self.title()
        sections = {"aim": self.aim, "components": self.components, "ranking": self.ranking,
                    "zones": self.zones, "board": self.board, "runs": self.runs,
                    "setup": self.setup, "play": self.play, "turn": self.turn, "wilds": self.wild_kinds,
                    "examples": self.examples, "hands": self.hands, "end": self.end,
                    "scoring": self.scoring, "tips": self.tips}
        for section in section_order(self.book.get("order", ())):
            yield from sections[section]()

    def section_heading(self, section: str, general: str) -> str:
        """A section's heading: the game's own (``rulebook.headings``), else the general one."""
        own = self.book.get("headings", {}).get(section)
        return self.heading(2, self.text.word(own) if own else general)

    # -- helpers ------------------------------------------------------------
    def prose(self, path: tuple, fallback: str) -> str:
        """The element's own text (filled in with the values ``text_values`` gives it, which
        the loader checked it against), unless missing or written for the element as it
        was before a variant changed it (``prosefit``)."""
        if text_fits(self.rules.document, path):
            numbers = text_values(self.data, self.rules.zones, path)
            if not numbers_fit(self.rules.document, path, numbers, self._plural_form):
                return fallback
            values = self._shown(numbers)
            count = values.get("count")
            if path[0] == "zones" and isinstance(count, int) and count > 1:  # how many zones
                values["count"] = number_word(count, self.text.language)  # in running text
            own = self.text.text(path, n=count if isinstance(count, int) else 1, **values)
            if own is not None:
                return own
        return fallback

    @cached_property
    def _plural_form(self) -> Callable[[int], str]:
        """The reader's language's plural category of a number ('one', 'other', …)."""
        return Locale.parse(self.text.language).plural_form

    def counted(self, n: int) -> Counted:
        """A number of the game's pieces in running text: 'one card', 'zwei Karten'."""
        return Counted(n, self.text.term_noun("piece", n))

    def _area_types(self, n: int, style: str = "or") -> Listed:
        """The game's words for its areas ('waterhole or river delta'), as nouns."""
        return self.text.area_types_listed(n, style)

    def nouns(self) -> dict[str, Any]:
        """The game's own words a general sentence may use: its players, pieces, groups,
        areas and wild kinds, as nouns (so that each language gives them their articles)."""
        text = self.text
        return {"player": text.term_noun("player", 1), "players": text.term_noun("player", 2),
                "piece": text.term_noun("piece", 1), "pieces": text.term_noun("piece", 2),
                "point": text.term_noun("point", 1),
                "hand": text.term_noun("hand", 1), "hands": text.term_noun("hand", 2),
                "group": text.term_noun("group", 1), "groups": text.term_noun("group", 2),
                "area": self._area_types(1), "areas": self._area_types(2, "and"),
                "wild": text.wilds_listed(1), "wilds": text.wilds_listed(2),
                "one": Counted(1, text.term_noun("piece", 1)),
                "one_wild": Counted(1, text.wilds_listed(1).nouns[0])}

    @staticmethod
    def heading(level: int, title: str) -> str:
        return f"{'#' * level} {capitalised(title)}"

    # -- sections -----------------------------------------------------------
    def title(self) -> Iterator[str]:
        yield self.heading(1, self.text.title())
        subtitle = self.text.subtitle()
        if subtitle:
            yield f"*{subtitle}*"
        yield ""
        low, high = self.rules.min_players, self.rules.max_players
        if low == high:
            yield say("For {count} {players}.", count=high,
                      players=self.text.term("player", high))
        else:
            yield say("For {low} to {high} {players}.", low=low, high=high,
                      players=self.text.term("player", high))
        variant = self.text.variant_description() if self.described else None
        if variant:
            yield ""
            yield say("Variant: {description}", description=variant)
        yield ""

    def aim(self) -> Iterator[str]:
        description = self.text.description()
        if not description:
            return
        yield self.section_heading("aim", _("Aim of the game"))
        yield ""
        # where a variant changed a setting it states ("the most points win"), who wins
        if text_fits(self.rules.document, ("description",)):
            yield description
        elif self.rules.end.winner == "mover" and self.rules.end.at_once is not None:
            yield say("Be the first to bring this about: {condition:clause}.",
                      condition=reason(self.text, END, "at_once"))
        else:
            yield from self.winner()
        yield ""

    def components(self) -> Iterator[str]:
        yield self.section_heading("components", _("Components"))
        yield ""
        yield from self._pieces_listed()
        areas = self._areas_by_type
        yield from (f"- {len(of_type)} {self.text.area_type(type_id, len(of_type))}"
                    for type_id, of_type in areas.items())
        others = self.book.get("components", {}).values()
        counts = [item.get("count", 1) * (self.rules.max_players if item.get("per_player")
                                          else 1) for item in others]
        yield from (f"- {n} {self.text.word(item['name'], n)}" for n, item in zip(counts, others))
        shown: set[str] = set()
        for kind, component in self.rules.components.items():
            if not component.wild and "text" in self.data["components"].get(kind, {}):
                told = self.prose(("components", kind), "")
                if told not in shown:  # a family's text is told once, not for each kind
                    shown.add(told)
                    yield ""
                    yield told
        yield ""

    def _pieces_listed(self) -> Iterator[str]:
        """The pieces as the game's own words sum them up while they hold ('a standard deck
        of 52 cards'), else kind by kind, a generated family once over its numbers."""
        told = self.prose(("rulebook", "pieces"), "") if "pieces" in self.book else ""
        if told:
            yield f"- {told}"
            return
        for kinds in _number_runs(self.rules.components.values()):
            first, last = kinds[0], kinds[-1]
            if len(kinds) < 3:
                yield from (f"- {capitalised(self.text.count_of(c.id, c.copies))}"
                            for c in kinds)  # 'Trois 1 bleus' counted in words
                continue
            axis = next(a for a in first.axes if first.axes[a] != last.axes[a])
            total = first.copies * len(kinds)  # the family named once, over its numbers
            named = self.text.component_range(first.id, axis, say(
                "{low} to {high}", low=first.axes[axis], high=last.axes[axis]), total)
            counted = self.text.counted_name(named, total, first.id)
            yield "- " + capitalised(counted if first.copies == 1 else say(
                "{counted} ({each} of each)", counted=counted, each=first.copies))

    def tips(self) -> Iterator[str]:
        """The game's advice on playing well, each while it holds in these rules."""
        told = [self.prose(("rulebook", "tips", tip_id), "")
                for tip_id in self.book.get("tips", {})]
        told = [tip for tip in told if tip]
        if not told:
            return
        yield self.section_heading("tips", _("Tips"))
        yield ""
        yield from (f"{number}. {tip}" for number, tip in enumerate(told, 1))
        yield ""

    def wild_kinds(self) -> Iterator[str]:
        """A section for each wild kind, headed by its name, as manuals give their jokers."""
        for kind, component in self.rules.components.items():
            if component.wild:
                yield self.heading(2, self.text.component(kind, 2))
                yield ""
                yield self.prose(("components", kind), say(
                    "{name:Indef} is wild: it can stand for any other kind.",
                    name=self.text.component_noun(kind)))
                yield ""

    def examples(self) -> Iterator[str]:
        """The game's worked examples that still hold in these rules (each replayed)."""
        told = examples_that_hold(self.rules)
        if not told:
            return
        yield self.section_heading("examples", _("Examples"))
        for example_id in told:
            path = ("rulebook", "examples", example_id)
            yield ""
            yield self.heading(3, self.text.text_of(path, "title"))
            yield ""
            yield self.text.text_of(path, "text")
        yield ""

    def ranking(self) -> Iterator[str]:
        # every real kind: one without a rank ranks lowest (0), as the rules compare them
        ranks = {kind: c.rank for kind, c in self.rules.components.items() if not c.wild}
        levels = [[kind for kind in ranks if ranks[kind] == rank]
                  for rank in sorted(set(ranks.values()))]
        if len(levels) < 2:
            return
        yield self.section_heading("ranking", _("Ranking"))
        yield ""
        told = [self.text.component(kinds[0]) if len(kinds) == 1 else
                say("{kinds} (of equal rank)",
                    kinds=self.text.either([self.text.component(kind) for kind in kinds]))
                for kinds in levels]
        yield say("From lowest to highest: {kinds}.", kinds=self.text.join(told))
        yield ""

    def zones(self) -> Iterator[str]:
        yield self.section_heading("zones", _("On the table"))
        yield ""
        for zone in self.rules.zones.values():
            if zone.number > 1:
                continue  # a numbered family is told once, by its first zone
            if zone.id == self.rules.supply and "text" not in self.data["zones"][zone.id] \
                    and not _names(self._play_data(), zone.id) and self._emptied_at_setup():
                continue  # a box emptied at the setup and never used again

            fallback = self._zone_sentence(zone)
            members = self.rules.zone_families.get(zone.family or "", (zone.id,))
            own = self.prose(("zones", zone.family or zone.id), fallback)
            yield "- " + labelled(f"**{capitalised(self._family_name(zone, members))}**", own)
        yield ""

    def _family_name(self, zone: Zone, members: Sequence[str]) -> str:
        """A zone, or a family of zones told once: by its name's plural, where the name
        gives one, filled with what tells its zones apart ("white, yellow and red
        fireworks", "row cards 1 to 5"); else each zone by its name."""
        source = self.data["zones"].get(zone.family or "", {}).get("name")
        if len(members) < 2 or not isinstance(source, list):
            return self.text.join([self.text.zone(z) for z in members])
        zones = [self.rules.zones[z] for z in members]
        told = self.text.join([self.text.term(str(z.value)) for z in zones]) if zone.by else \
            say("{low} to {high}", low=zones[0].number, high=zones[-1].number)
        return self.text.word(source, len(zones)).replace(
            "{value}" if zone.by else "{number}", told)

    def _emptied_at_setup(self) -> bool:
        """Whether the setup takes every piece out of the supply, whatever the players."""
        rules = self.rules
        return all(new_game(rules, [f"p{n}" for n in range(count)], 0).shared[rules.supply]
                   .size() == 0 for count in range(rules.min_players, rules.max_players + 1))

    def _play_data(self) -> list[Any]:
        """The parts of the data that say what happens in play, after the setup."""
        turn = self.data["turn"]
        return [self.data["actions"], turn.get("after", {}), turn.get("after_round", {}),
                turn.get("order", {}), self.data.get("hands", {}), self.data.get("end", {})]

    def _zone_sentence(self, zone: Zone) -> str:
        player = self.nouns()["player"]
        kind = {("shared", "public"): _("shared, open for everyone to see"),
                ("shared", "hidden"): _("shared and hidden: only how many it holds is known"),
                ("player", "owner"): say("one for {player:each}, seen only by its owner",
                                         player=player),
                ("player", "secret"): say("one for {player:each}, seen only by its owner; the "
                                          "others do not even know how much it holds",
                                          player=player),
                ("player", "public"): say("one for {player:each}, open for everyone to see",
                                          player=player),
                ("player", "others"): say("one for {player:each}, held facing away: the "
                                          "others see what it holds, its owner only how much",
                                          player=player),
                ("player", "hidden"): say("one for {player:each}, hidden from everyone",
                                          player=player),
                ("shared", "owner"): _("shared")}[(zone.scope, zone.visibility)]
        if zone.content.faced:
            kind = self._faces_sentence(zone)
        if zone.capacity:
            kind = clauses([kind, say("it holds up to {pieces:acc}",
                                      pieces=self.counted(zone.capacity))])
        if zone.grid:
            kind = clauses([kind, say("laid out in {rows} rows of {columns} cells",
                                      rows=zone.grid[0], columns=zone.grid[1])])
        return capitalised(kind) + "."

    def _faces_sentence(self, zone: Zone) -> str:
        """Who sees what of a zone whose pieces lie face up or face down."""
        nouns = self.nouns()
        message = FACES[(zone.scope, zone.visibility)]
        return say(message, player=nouns["player"], pieces=nouns["pieces"])

    def board(self) -> Iterator[str]:
        if not self.rules.areas:
            return
        yield self.section_heading("board", _("The board"))
        by_type = self._areas_by_type
        for type_id, areas in by_type.items():
            area_type = self.rules.area_types[type_id]
            yield ""
            if len(by_type) > 1:  # one kind of place needs no heading under the section's
                yield self.heading(3, self.text.area_type(type_id, len(areas)))
                yield ""
            yield self.prose(("area_types", type_id), self._area_type_sentence(area_type))
            kinds = field_kinds(areas)
            scores = area_type.score_when is not None
            if len(areas) == 1 and len(kinds) < 2 and not scores:
                continue  # a table of one place and one number tells nothing
            yield ""
            columns = (self.text.area_type(type_id, 1), *(self.text.term(k, 2) for k in kinds),
                       *([self.text.term("point", 2)] if scores else []))
            yield "| " + " | ".join(map(capitalised, columns)) + " |"  # headings, as labels
            yield "|" + "---|" * len(columns)
            for area in areas:
                cells = [self.text.area(area.id), *(str(area.counts.get(kind, 0))
                                                    for kind in kinds)]
                if area.points is not None:
                    cells.append(self._points(area.points))
                yield "| " + " | ".join(cells) + " |"
        yield ""

    @cached_property
    def _areas_by_type(self) -> dict[str, list[Area]]:
        """The board's areas by their type, in the order the types are written; a type with
        no area on the board is left out."""
        by_type = {type_id: [area for area in self.rules.areas.values() if area.type is kind]
                   for type_id, kind in self.rules.area_types.items()}
        return {type_id: areas for type_id, areas in by_type.items() if areas}

    def _points(self, points: int | Mapping[int, int]) -> str:  # an area's that scores
        if isinstance(points, int):
            return str(points)
        table = sorted(points.items())  # '3 for 3 cards, 4 for 4 and 5 for 5'
        first = table[0][0]  # counted as the game counts what it chooses: '3 animals'
        pieces = f"{first} {self.text.term(self.text.chosen_term(), first)}"
        return self.text.join([say("{points} for {pieces}", points=table[0][1], pieces=pieces),
                               *(say("{points} for {count}", points=p, count=n)
                                 for n, p in table[1:])])

    def _area_type_sentence(self, area_type: AreaType) -> str:
        words = {**self.nouns(), "area": self.text.area_type_noun(area_type.id)}
        kind = Id(area_type.id)
        shape = (say("All {pieces} of {group:indef} are of one kind; {wilds} may stand in.",
                     **words)
                 if area_type.grouping == "same-kind" else
                 say("All {pieces} of {group:indef} are of different kinds; {wild:indef} "
                     "stands for a kind not otherwise in it.", **words))
        parts = [shape, say("{group:Indef} placed there may replace the one already there when: "
                            "{condition:clause}.", **words, condition=self.text.condition(
                                area_type.replace_when, AREA_WORDS, area=kind))]
        if area_type.score_when is not None:
            parts.append(say("Placing {group:indef} scores the points of {area:def} when: "
                             "{condition:clause}.", **words, condition=self.text.condition(
                                 area_type.score_when, AREA_WORDS, area=kind)))
        full = area_type.when_full
        if full is not None:
            if full.move_to:
                parts.append(say("When every field of {area:indef} is filled, its {pieces} go "
                                 "to {zone:def}.", zone=self.text.zone_noun(full.move_to),
                                 **words))
            if full.close:
                parts.append(say("Once filled, {area:indef} is out of play for the rest of the "
                                 "game.", **words))
        return " ".join(parts)

    def setup(self) -> Iterator[str]:
        steps = self.data.get("setup", {})
        if not steps:
            return
        yield self.section_heading("setup", _("Preparation"))
        yield ""
        # what the table lays out before the rules' own steps (the board), while it holds
        told = [self.prose(("rulebook", "setup", step_id), "")
                for step_id in self.book.get("setup", {})]
        told += [self.step(("setup", step_id), spec) for step_id, spec in steps.items()]
        yield from (f"{number}. {step}" for number, step in enumerate(filter(None, told), 1))
        yield ""
        if not self.rules.order.told_apart:
            yield self.prose(("rulebook", "start"), self.order())
            yield ""

    def play(self) -> Iterator[str]:
        """How play goes, where that is a rule of its own (tricks): a section after the
        preparation."""
        if self.rules.order.told_apart:
            yield self.section_heading("play", _("Order of play"))
            yield ""
            yield self.prose(("rulebook", "start"), self.order())
            yield ""

    def order(self) -> str:
        """Who begins and how turns go round: the turn order's sentence and its settings."""
        order = self.rules.order
        values = {**self.nouns(), **self._params(self.data["turn"].get("order", {}), ORDERS)}
        said = [substitute(_(order.own_sentence()), values),
                *self._settings_told(order.params, order.settings, values,
                                     lambda param: reason(self.text, ORDER, param.key))]
        return " ".join(said)

    def step(self, path: tuple, spec: Mapping[str, Any]) -> str:
        """The step's own text, else its mechanism's sentence and what its settings add."""
        mechanism = STEPS[spec["step"]]
        drawn = self._kinds_drawn.get(path, ())
        values = self._params(spec, drawn=next(iter(drawn)) if len(drawn) == 1 else None)
        hands = self.rules.hands.deal if self.rules.hands is not None else ()
        step = next(s for s in (*self.rules.setup, *self.rules.after_turn,
                                *self.rules.after_round, *hands) if s.path == path)
        for param in mechanism.params:
            if isinstance(param, Routes):
                values[param.key] = self._routes(getattr(step, param.attribute))
        sentence = step.own_sentence()  # its settings may choose another than the usual
        said = [substitute(_(sentence), values)] if sentence else []
        said += self._settings_told(mechanism.params, step.settings, values)
        if step.when is not None:  # a step of some player counts only
            said.append(say("This happens only when this holds: {condition:clause}.",
                            condition=self.text.condition(step.when, TURN_WORDS)))
        return self.prose(path, " ".join(said))

    def _routes(self, routes: Iterable[Any]) -> str:
        """The places a piece may go, each with when: 'the nigiri when …, or the hand'."""
        told = []
        for route in routes:
            nouns = tuple(map(self.text.zone_noun, route.zones))
            if len(nouns) == 1 and route.pick == "first":
                place = say("{zone:def}", zone=nouns[0])
            else:
                place = say(PICKED[route.pick], **self.nouns(),
                            zones=Listed(nouns, self.text.language, "and"),
                            by=self.text.label(Field(route.by)) if route.by else "")
            if route.full_to is not None:
                place = say("{place} (a full one is first emptied into {full_to:def})",
                            place=place, full_to=self.text.zone_noun(route.full_to))
            if route.when is not None:
                place = say("{place} when {condition:clause}", place=place,
                            condition=self.text.condition(route.when, ROUTE_WORDS))
            told.append(place)
        return self.text.either(told)

    def _settings_told(self, params: Iterable[Any], settings: Mapping[str, Any],
                       values: Mapping[str, Any],
                       clause: Callable[[Condition], str] | None = None) -> list[str]:
        """What each setting adds to a mechanism's sentence: a condition told in words (or
        by ``clause``: the game's own), as ``say`` fills a clause in."""
        said = []
        for param in params:
            told = param.sentence_for(settings.get(param.key))
            if told and isinstance(param, Condition) \
                    and not isinstance(param, ConditionPerAreaType):
                words = self.text.condition(settings[param.key], param.words) \
                    if clause is None else clause(param)
                said.append(filled(_(told), **{**values, param.key: words}))
            elif told and isinstance(param, Section):  # its own settings fill it in
                section = settings[param.key]
                inner = section if isinstance(section, Mapping) else vars(section)
                told_values = {**values, **self._section_values(param, inner)}
                said.append(substitute(_(told), told_values))
                said += self._settings_told(param.params, inner, told_values, clause)
            elif told:
                said.append(substitute(_(told), values))
        return said

    def _section_values(self, section: Section, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The values a section's sentence fills in: its zones by their names, and a
        list of directions in words."""
        values: dict[str, Any] = {}
        for param in section.params:
            told = settings.get(param.key)
            if isinstance(param, ZoneParam) and isinstance(told, str) \
                    and told in self.rules.zones:
                values[param.key] = self.text.zone_noun(told)
            elif isinstance(param, Directions) and told:
                words = tuple(_(DIRECTION_WORDS[d]) for d in told)  # texts format as nouns do
                values["directions"] = Listed(words, self.text.language, "and")  # type: ignore[arg-type]
            elif isinstance(told, EachCount):
                values["count"] = self.counted(told)
            elif isinstance(told, PairCounts):
                counts = tuple(map(self.counted, told))  # numbers of pieces, listed as nouns are
                values["counts"] = Listed(counts, self.text.language, "and")  # type: ignore[arg-type]
        return values

    @cached_property
    def _kinds_drawn(self) -> Mapping[tuple, frozenset[str]]:
        return kinds_drawn(self.rules)

    def _params(self, spec: Mapping[str, Any], mechanisms: Mapping[str, Any] = ACTIONS,
                drawn: str | None = None) -> dict[str, Any]:
        """An action's, step's or turn order's values for the general sentence about it, with
        the game's own words for its pieces, groups and areas; counts of pieces in words, of
        the one kind a step gives out (``drawn``) where it can give out no other."""
        values = self._shown(mechanism_values(spec, self.rules.zones, mechanisms))
        mechanism = mechanisms.get(spec.get("mechanism", "")) or STEPS.get(spec.get("step", ""))
        kind = spec.get("piece", drawn)

        def noun(n: int) -> Noun:  # the kind counted, where the mechanism names one
            if isinstance(kind, str) and kind in self.rules.components:
                return self.text.component_noun(kind, n)
            return self.text.term_noun("piece", n)
        for param in mechanism.params if mechanism else ():
            told = spec.get(param.key, param.default)
            listed = values.get(param.key)
            if isinstance(param, ZoneChoice) and isinstance(listed, Listed):
                values[param.key] = Listed(listed.nouns, listed.language, "or")  # one of them
            if isinstance(told, str) and not isinstance(values.get(param.key), Noun) and (
                    told in self.rules.zones or told in self.rules.zone_families):
                # a zone, or a family the piece's own attribute chooses among
                members = (told,) if told in self.rules.zones else self.rules.zone_families[told]
                by = self.rules.zones[members[0]].by if told not in self.rules.zones else None
                values[param.key] = Listed(tuple(map(self.text.zone_noun, members)),
                                           self.text.language, "or" if by else "and")
                if by:  # the piece's own attribute chooses among them
                    values.setdefault("by", self.text.term_noun(by))
            if isinstance(param, KindRef) and told in self.rules.components:
                values[param.key] = self.text.component_noun(told, 1)
            if isinstance(param, KindList) and told:  # kinds, each as all its pieces
                values[param.key] = Listed(tuple(self.text.component_noun(kind, 2)
                                                 for kind in told), self.text.language, "and")
            if isinstance(param, ActionList) and told:  # actions, by their names
                values[param.key] = self.text.either([self.text.action(a) for a in told])
            if isinstance(param, Count) and isinstance(told, int):
                values[param.key] = Counted(told, noun(told) if param.moved
                                            else self.text.term_noun("piece", told))
            elif isinstance(told, Mapping) and param.key == "count":
                values[param.key] = self._by_players(told, noun)
        if isinstance(values.get("by"), str):  # an attribute, by the game's word for it
            values["by"] = self.text.word(values["by"])
        if isinstance(values.get("follow"), str):  # the attribute followed, as a noun
            values["follow"] = self.text.term_noun(values["follow"])
        if isinstance(values.get("capacity"), int):
            values["capacity"] = self.counted(values["capacity"])
        return {**self.nouns(), **values}

    def _by_players(self, counts: Mapping[int, int], noun: Callable[[int], Noun]) -> str:
        """A count that depends on the number of players: 'eleven chips with 3 to 5
        players or nine chips with 6 players'."""
        counts = {int(players): n for players, n in counts.items()}
        runs: list[list[int]] = []
        for players in sorted(counts):
            if runs and counts[runs[-1][-1]] == counts[players] and runs[-1][-1] == players - 1:
                runs[-1].append(players)
            else:
                runs.append([players])
        return self.text.either([
            say("{pieces:acc} with {players} players", pieces=Counted(counts[run[0]],
                noun(counts[run[0]])), players=str(run[0]) if len(run) == 1 else
                say("{low} to {high}", low=run[0], high=run[-1])) for run in runs])

    def _shown(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Values as the reader knows them: zones by name, lists of zones joined."""
        def shown(value: Any) -> Any:
            if isinstance(value, ZoneRef):
                return self.text.zone_noun(value)
            if isinstance(value, tuple) and all(isinstance(v, ZoneRef) for v in value):
                return Listed(tuple(map(self.text.zone_noun, value)), self.text.language,
                              "and")
            if isinstance(value, tuple):
                return self.text.join([str(shown(v)) for v in value])
            return value
        return {key: shown(value) for key, value in values.items()}

    def turn(self) -> Iterator[str]:
        turn = self.data["turn"]
        yield self.section_heading("turn", _("A turn"))
        told = self._phases_told()
        numbered = sum(number is not None for _phase, number, _words in told) > 1
        told_apart = {action for entry in self.book.get("turn", {}).values()
                      for action in entry.get("actions", ())}  # in a section of their own
        for phase_id, number, words in told:
            phase = self.rules.phases.get(phase_id)
            yield ""
            title = capitalised(self._phase_heading(phase_id) if phase is not None else
                                self.text.text_of(("rulebook", "turn", phase_id), "title"))
            yield self.heading(3, say("Phase {number}: {name}", number=number, name=title)
                               if numbered and number is not None else title)
            if phase is None:  # a phase the rules carry out within another's moves, or a
                if words:      # section of its own for actions of a phase (passing)
                    yield ""
                    yield words
                yield from self._actions_told(self._told_apart(phase_id))
                continue
            if phase.optional and not self._told_in_a_text(f"turn.phases.{phase_id}.optional"):
                yield ""
                yield _("This phase may be skipped.")
            if self.rules.before_end is not None and self.rules.before_end.phase == phase_id \
                    and not self._told_in_a_text("turn.before_end.when"):
                yield ""
                yield say("Before a turn ends, this phase is offered when: {condition:clause}.",
                          condition=reason(self.text, BEFORE_END, "when"))
            yield from self._actions_told([action for action in phase.actions
                                           if action not in told_apart])
            if phase.may_end_turn:
                yield ""
                yield "- " + labelled(f"**{capitalised(self.text.action(END_TURN))}**",
                                      _(self.rules.actions[END_TURN].sentence))
        if self.rules.order.again_when is not None \
                and not self._told_in_a_text("turn.order.again_when"):
            yield ""
            yield say("A player plays again when: {condition:clause}.",
                      condition=reason(self.text, ORDER, "again_when"))
        headings = self.book.get("headings", {})
        for section, heading in (("after", _("After every turn")),
                                 ("after_round", _("After every round"))):
            if turn.get(section):
                yield ""
                own = headings.get(section)
                yield self.heading(3, self.text.word(own) if own else heading)
                yield ""
                for step_id, spec in turn[section].items():
                    yield f"- {self.step(('turn', section, step_id), spec)}"
        yield ""

    def _told_apart(self, entry: str) -> list[str]:
        """The actions a section of the turn tells under its own title, of those the rules
        still have (a variant may take one out)."""
        return [action for action in self.book["turn"][entry].get("actions", ())
                if any(action in phase.actions for phase in self.rules.phases.values())]

    def _actions_told(self, actions: Iterable[str]) -> Iterator[str]:
        """Each action as a labelled item: its own text, else its general sentence."""
        for action_id in actions:
            spec = self.data["actions"][action_id]
            phase = next(phase_id for phase_id, phase in self.rules.phases.items()
                         if action_id in phase.actions)
            yield ""
            sentence = self.prose(("actions", action_id),
                                  self._action_sentence(action_id, spec, phase))
            label = capitalised(self.text.action(action_id))
            yield "- " + labelled(f"**{label}**", sentence)

    def _phases_told(self) -> list[tuple[str, int | None, str]]:
        """The turn's phases in the order the game tells them (``rulebook.turn``), each with
        its number, or None where the game leaves it unnumbered, and the words of a phase
        told only in words (scoring, done as a herd drinks), which is left out once a
        variant made them untrue."""
        told = self.book.get("turn", {})
        entries = [(entry, "" if entry in self.rules.phases
                    else self.prose(("rulebook", "turn", entry), "")) for entry in told]
        entries = [(entry, words) for entry, words in entries
                   if entry in self.rules.phases or words or self._told_apart(entry)]
        entries += [(phase_id, "") for phase_id in self.rules.phases if phase_id not in told]
        phases, number = [], 0
        for entry, words in entries:
            unnumbered = told.get(entry, {}).get("numbered") is False
            number += not unnumbered
            phases.append((entry, None if unnumbered else number, words))
        return phases

    def _told_in_a_text(self, setting: str) -> bool:
        """Whether an element's own text that states ``setting`` (``rulebook.mentions``) is
        told, so that the setting needs no sentence of its own."""
        mentions = self.book.get("mentions", {})  # a setting, or the element holding it
        return any(any(setting == told or setting.startswith(told + ".") for told in settings)
                   and text_fits(self.rules.document, tuple(path.split(".")))
                   for path, settings in mentions.items())

    def _phase_heading(self, phase_id: str) -> str:
        """The phase's title; where a variant changed the phase under it, its actions' names
        ('drink'), never a title that no longer fits."""
        if text_fits(self.rules.document, ("turn", "phases", phase_id), "title"):
            return self.text.phase_title(phase_id)
        return self.text.either([self.text.action(a) for a in self.rules.phases[phase_id].actions])

    def _action_sentence(self, action_id: str, spec: Mapping[str, Any], phase_id: str) -> str:
        """The mechanism's general sentence, with the action's settings filled in, and when
        its ``then`` leads back to its own phase, when it may be taken again."""
        action = self.rules.actions[action_id]
        values = self._params(spec)
        for param in action.params:
            if isinstance(param, ConditionPerAreaType) and param.key in spec:
                values[param.key] = clauses([
                    labelled(self.text.area_type(t, 1),
                             self.text.condition(condition, param.words))
                    for t, condition in action.settings[param.key].items()])
        said = [substitute(_(action.sentence), values)] if action.sentence else []
        said += self._settings_told(action.params, action.settings, values)
        branches = list(enumerate(self.rules.transitions.get(action_id, ())))
        said += [say("It may be taken again in the same turn when: {condition:clause}.",
                     condition=self.text.condition(step.when, TURN_WORDS))
                 for _index, step in branches if step.phase == phase_id and step.when is not None]
        said += [say("The turn ends after it when: {condition:clause}.",
                     condition=branch_reason(self.text, action_id, index))
                 for index, step in branches if step.phase == END_OF_TURN and step.when is not None]
        return " ".join(said)

    def runs(self) -> Iterator[str]:
        lines = self.data.get("lines", {})
        if not lines:
            return
        named = [self.text.line_name(line_id, 2) if "name" in spec
                 else _("Lines") if "length" in spec else _("Runs")
                 for line_id, spec in lines.items()]
        yield self.section_heading("runs", self.text.join(list(dict.fromkeys(named))))
        for line_id, straight in self.rules.straight_lines.items():
            yield ""
            yield self.prose(("lines", line_id), say(
                "{pieces:Nom} of one kind next to one another in {zone:def} make a line: "
                "{directions}.", pieces=self.counted(straight.length),
                zone=self.text.zone_noun(straight.zone),
                directions=self.text.either(list(map(_, straight.directions_told())))))
        for line_id, line in self.rules.lines.items():
            yield ""
            fallback = say("{group:Indef} runs along a row of {zone:def}: from {piece:indef} "
                           "for which {start} holds to one for which {end} holds, with no "
                           "empty cell between.", **self.nouns(),
                           zone=self.text.zone_noun(line.zone),
                           start=self.text.condition(line.start, CARD_WORDS),
                           end=self.text.condition(line.end, CARD_WORDS))
            if line.gap:
                fallback += " " + ngettext(
                    "Until it is complete, its {pieces:nom} may lie one empty cell apart.",
                    "Until it is complete, its {pieces:nom} may lie up to {count} empty cells "
                    "apart.", line.gap).format(count=line.gap, **self.nouns())
            yield self.prose(("lines", line_id), fallback)
        yield ""

    def scoring(self) -> Iterator[str]:
        if not self.rules.scored_at_end:
            return
        yield self.section_heading("scoring", _("Scoring"))
        yield from self.group_scoring()
        for zone_scoring in self.rules.zone_scoring:
            yield ""
            yield self.prose(("scoring", zone_scoring.id), self.zone_scoring(zone_scoring))
        for number, scoring in enumerate(self.rules.scoring):
            line_id = scoring.line
            yield ""
            parts = []
            if scoring.run is not None:
                parts.append(say("each {group} scores {formula}", **self.nouns(),
                                 formula=self.text.condition(scoring.run, RUN_WORDS)))
            if scoring.card is not None:
                parts.append(say("each of its {pieces:bare} scores {formula}", **self.nouns(),
                                 formula=self.text.condition(scoring.card, CARD_WORDS)))
            for bonus in scoring.bonuses:
                parts.append(say("{parts} of one set in {group:indef}: {points} more",
                                 parts=self.text.join(sorted(str(self.text.label(Value(part)))
                                                             for part in bonus.parts)),
                                 **self.nouns(),
                                 points=bonus.points))
            fallback = clauses(parts) + "."
            if scoring.complete_only:
                fallback += " " + say("Only complete {groups} count.", **self.nouns())
            yield self.prose(("scoring", line_id), capitalised(fallback))
        yield ""

    def zone_scoring(self, counted: ZoneScoring) -> str:
        """The general sentence for a zone's scoring: one clause for each part it gives."""
        zone = Listed(tuple(map(self.text.zone_noun, counted.zones)), self.text.language,
                      "and")
        words = {**self.nouns(), "zone": zone}
        parts = []
        if counted.points is not None:
            parts.append(ngettext("each player's {zone:bare} {zone:sg=scores/pl=score} "
                                  "{formula}",
                                  "each player's {zone:bare} score {formula} each",
                                  len(counted.zones)).format(
                **words, formula=self.text.condition(counted.points, ZONE_WORDS)))
        if counted.card is not None:
            parts.append(say("each {piece} in {zone:def} scores {formula}", **words,
                             formula=self.text.condition(counted.card, ZONE_WORDS)))
        if counted.run is not None:
            parts.append(say("each {group:bare} of {pieces} in {zone:def} whose {attributes} "
                             "follow one another scores {formula}", **words,
                             attributes=self.text.label(Fields(counted.runs_of)),
                             formula=self.text.condition(counted.run, ZONE_WORDS)))
        measure = (self.text.condition(counted.by, ZONE_WORDS) if counted.by is not None
                   else say("the number of {pieces:bare}", **words))
        for placing, message in ((counted.most, MOST), (counted.fewest, FEWEST)):
            if placing is not None:
                parts.append(say(message, **words, measure=measure,
                                 points=self.text.join([str(p) for p in placing.points])))
        said = [capitalised(clauses(parts) + ".")]
        if counted.most is not None or counted.fewest is not None:
            said.append(_("Players tied share the points of their place, rounded towards zero, "
                          "and take up the places after it; having none is never having the "
                          "most."))
        for placing, message in ((counted.most, MOST_WHEN), (counted.fewest, FEWEST_WHEN)):
            if placing is not None and placing.when is not None:
                said.append(say(message, condition=self.text.condition(placing.when, TURN_WORDS)))
        if counted.none_when_all_tied:
            said.append(_("When all players are tied, nobody scores by place."))
        if counted.at_end:
            said.append(say("This is counted only once the game ends, not after every "
                            "{hand:bare}.", **words))
        return " ".join(said)

    def group_scoring(self) -> Iterator[str]:
        for scoring in self.rules.group_scoring:
            yield ""
            words = self.nouns()
            fallback = say("In each player's {zone}, the {pieces} with the same {by:bare} "
                           "form {group:indef}, which scores by how many {pieces} it has: "
                           "{table}; a larger one scores as much as the last.", **words,
                           zone=self.text.zone_noun(scoring.zone),
                           by=self.text.label(Field(scoring.by)),
                           table=", ".join(map(str, scoring.table)))
            if scoring.best is not None:
                fallback += " " + ngettext(
                    "{group:Def} worth most counts for the player, the others against.",
                    "The {count:nom} worth most count for the player, the others against.",
                    scoring.best).format(count=Counted(scoring.best, words["groups"]), **words)
            if self.rules.wild_kinds:
                fallback += " " + say("Each of the {wilds:bare} joins {group:def} that gives "
                                      "the most points.", **words)
            if scoring.card is not None:
                fallback += " " + say("Each {piece:bare} also scores {formula}.", **words,
                                      formula=self.text.condition(scoring.card, CARD_WORDS))
            yield self.prose(("group_scoring", scoring.zone), fallback)

    def hands(self) -> Iterator[str]:
        """A game of several hands: when one is over, and how the next is dealt."""
        hands = self.rules.hands
        if hands is None:
            return
        yield self.section_heading("hands", capitalised(self.text.term("hand", 2)))
        yield ""
        over = self.text.condition(hands.over, TURN_WORDS)
        said = [say("The game is played over several {hands:bare}. {hand:Indef} is over when: "
                    "{condition:clause}. It is then scored, and the points are kept.",
                    **self.nouns(), condition=over) if self.rules.scored_at_end else
                say("The game is played over several {hands:bare}. {hand:Indef} is over when: "
                    "{condition:clause}.", **self.nouns(), condition=over),
                *self._hand_winner(hands), self._hand_starter(hands)]
        yield self.prose(("hands",), " ".join(said))
        yield ""
        yield self.heading(3, say("Dealing the next {hand:bare}", **self.nouns()))
        yield ""
        for step_id, spec in self.data["hands"]["deal"].items():
            yield f"- {self.step(('hands', 'deal', step_id), spec)}"
        yield ""

    def _hand_winner(self, hands: Any) -> list[str]:
        """Who wins a hand (``won_by``): the first formula, then each that breaks a tie."""
        if not hands.won_by:
            return []
        first, *ties = (self.text.condition(formula, EACH_PLAYER_WORDS)
                        for formula in hands.won_by)
        said = [say("Of the {players:bare} still in when it is over, the one for whom this is "
                    "highest wins the {hand:bare} and scores {point:indef}: {formula}.",
                    **self.nouns(), formula=first)]
        said += [say("A tie is broken by this, the highest winning: {formula}.", formula=tie)
                 for tie in ties]
        said.append(say("Those still tied all win.", **self.nouns()) if ties else
                    say("Those tied all win.", **self.nouns()))
        return said

    def _hand_starter(self, hands: Any) -> str:
        """Who begins the next hand."""
        formula = (self.text.condition(hands.starter, EACH_PLAYER_WORDS)
                   if hands.starter is not None else "")
        return say(STARTERS[hands.starts], **self.nouns(), formula=formula)

    @property
    def _always_partners(self) -> bool:
        """Whether there are teams with every number of players the game allows."""
        rules = self.rules
        return all(n in rules.teams for n in range(rules.min_players, rules.max_players + 1))

    def _partners(self, points: str) -> Iterator[str]:
        """Who plays with whom, for each number of players with teams (``teams``)."""
        for players, teams in sorted(self.rules.teams.items()):
            sides = clauses([say("seats {seats}", seats=self.text.join(
                [str(seat + 1) for seat in team])) for team in teams])
            yield ngettext("In a game of {count} player, these play as partners: {teams}. "
                           "Partners add up their {points} and win or lose together.",
                           "In a game of {count} players, these play as partners: {teams}. "
                           "Partners add up their {points} and win or lose together.",
                           players).format(count=players, teams=sides, points=points)
            yield ""

    def end(self) -> Iterator[str]:
        yield self.section_heading("end", _("The end of the game"))
        yield ""
        condition = reason(self.text, END, "when")
        if self.rules.hands is not None:
            fallback = say("The game ends when, at the end of {hand:indef}: "
                           "{condition:clause}.", **self.nouns(), condition=condition)
        elif self.rules.end.after_each_move:
            fallback = say("The game ends when, after any move: {condition:clause}.",
                           condition=condition)
        else:
            fallback = say("The game ends when, after a turn: {condition:clause}.",
                           condition=condition)
        if self.rules.end.finish_round:
            fallback += " " + _("The round is then finished, up to the first player.")
        if self.rules.end.last_turns:
            fallback += " " + _("Before it ends, every player takes one more turn, the one "
                                "who brought the end about last.")
        if self.rules.end.at_once is not None:
            fallback += " " + say("It ends at once, after any move, when: {condition:clause}.",
                                  condition=reason(self.text, END, "at_once"))
        yield self.prose(("end",), fallback)
        yield ""
        if self._may_stall():
            idle = self.rules.end.idle_rounds
            yield filled(ngettext("If a whole round goes by in which no {piece:bare} is "
                                  "moved, the game ends too.", "If {count} whole rounds go by "
                                  "in which no {piece:bare} is moved, the game ends too.", idle),
                         count=number_word(idle, self.text.language, before_noun=False),
                         piece=self.text.term_noun("piece"))
            yield ""
        if not self._end_tells("end.winner"):
            yield from self.winner()
            yield ""
        elif self.rules.keeps_score:
            yield from self._partners(self.text.term("point", 2))
        if self.rules.end.tiebreak is not None and self.rules.keeps_score \
                and not self._end_tells("end.tiebreak"):
            yield say("Of players with equal {points}, the one for whom this is highest wins "
                      "(only those equal in it too share the win): {formula}.",
                      points=self.text.term("point", 2),
                      formula=self.text.condition(self.rules.end.tiebreak, EACH_PLAYER_WORDS))
            yield ""

    def _end_tells(self, setting: str) -> bool:
        """Whether the end's own text, told, states ``setting`` (who wins, how a tie is
        broken: ``rulebook.mentions`` of ``end``), so that no sentence repeats it."""
        mentions = self.book.get("mentions", {}).get("end", ())
        return setting in mentions and "text" in self.data["end"] \
            and text_fits(self.rules.document, ("end",))

    def _may_stall(self) -> bool:
        """Whether a round may pass with nothing moved: the game says when it ends then, or
        a turn may go by without a move that moves a piece (a pass), unless every turn
        begins with one (Ogallala's draw); else the rule could never apply."""
        actions = self.rules.actions
        first = self.rules.phases.get(self.data["turn"].get("start", ""))
        if first is not None and not first.optional \
                and all(actions[action].always_moves for action in first.actions):
            return False
        return "idle_rounds" in self.data["end"] or \
            not all(action.always_moves for action in actions.values())

    def winner(self) -> Iterator[str]:
        """Who wins, from the end's settings (also the aim of the game where the game's
        own no longer holds)."""
        points = self.text.term("point", 2)
        together = self.rules.end.points
        if together is not None:
            yield say("Nobody wins alone: the players play together for one result, the "
                      "table's {points}: {formula}.", points=points,
                      formula=self.text.condition(together, TURN_WORDS))
        elif self.rules.end.winner == "mover":
            yield _("When the game ends at once, the player whose move ended it wins.") + " " + \
                (say("Otherwise whoever has the most {points} wins; those with equal "
                     "{points} share the win.", points=points) if self.rules.keeps_score else
                 _("Otherwise the game is a draw."))
        elif not self.rules.keeps_score:
            yield _("Nobody scores points: every game ends in a draw.")
        else:
            yield from self._partners(points)
            if self._always_partners:
                yield say("The partners with the fewest {points} win together; partners "
                          "with equal {points} share the win.", points=points) \
                    if self.rules.end.lowest_wins else \
                    say("The partners with the most {points} win together; partners with "
                        "equal {points} share the win.", points=points)
            elif self.rules.end.lowest_wins:
                yield say("Whoever has the fewest {points} wins; those with equal {points} "
                          "share the win.", points=points)
            else:
                yield say("Whoever has the most {points} wins; those with equal {points} "
                          "share the win.", points=points)


#: a zone of a family picked for a piece sorted (``sort``'s ``pick``)
PICKED = {
    "first": N_("the first of {zones:def} with room"),
    "fewest": N_("whichever of {zones:def} holds the fewest {pieces:bare}"),
    "closest-below": N_("whichever of {zones:def} has on top the {piece:bare} whose {by:bare} "
                        "is the closest below"),
}
#: who begins the next hand (``hands.starts``)
STARTERS = {
    "next": N_("The next {hand:bare} is begun by the next player in turn."),
    "same": N_("The same player begins every {hand:bare}."),
    "winner": N_("The winner of a {hand:bare} begins the next (of several, the first in turn "
                 "after the one who began)."),
    "lowest": N_("The next {hand:bare} is begun by the player for whom this is lowest (of "
                 "those tied, the first in turn after the one who began): {formula}."),
    "highest": N_("The next {hand:bare} is begun by the player for whom this is highest (of "
                  "those tied, the first in turn after the one who began): {formula}."),
}
#: the points by place of a zone's scoring, from the most or the fewest, and when they count
MOST = N_("ranked by {measure} in {zone:def}, from the most, the players score {points} by "
          "place")
FEWEST = N_("ranked by {measure} in {zone:def}, from the fewest, the players score {points} "
            "by place")
MOST_WHEN = N_("The points for the most count only when: {condition:clause}.")
FEWEST_WHEN = N_("The points for the fewest count only when: {condition:clause}.")


def _number_runs(components: Iterable[Component]) -> Iterator[list[Component]]:
    """The components in order, those a generator made along a run of whole numbers (the
    same copies and other axes, the number one more each time) gathered, so a rulebook lists
    "1 of each: card 3 to card 35" instead of 33 lines."""
    run: list[Component] = []
    for component in components:
        if run and _follows(run[-1], component):
            run.append(component)
            continue
        if run:
            yield run
        run = [component]
    if run:
        yield run


def _follows(before: Component, after: Component) -> bool:
    if before.copies != after.copies or before.axes.keys() != after.axes.keys():
        return False
    steps = [(before.axes[axis], after.axes[axis]) for axis in before.axes
             if before.axes[axis] != after.axes[axis]]
    return len(steps) == 1 and all(type(a) is int and type(b) is int and b == a + 1
                                   for a, b in steps)


def _names(data: Any, name: str) -> bool:
    """Whether ``name`` is anywhere in ``data`` as a word of its own (a zone an action or
    step uses, or a condition reads)."""
    if isinstance(data, Mapping):
        return any(_names(value, name) for value in data.values())
    if isinstance(data, list):
        return any(_names(value, name) for value in data)
    return isinstance(data, str) and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])",
                                               data) is not None


def clauses(parts: list[str]) -> str:
    """Clauses of one sentence, each after a semicolon as the reader's language sets it."""
    joined = parts[0] if parts else ""
    for part in parts[1:]:
        # TRANSLATORS: two clauses of one sentence, e.g. "shared; it holds up to 13 cards"
        joined = say("{before}; {after}", before=joined, after=part)
    return joined
