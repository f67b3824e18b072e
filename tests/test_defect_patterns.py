"""What players read carries none of the defects a translator finds in text glued from pieces.

Narrations of seeded games of every shipped game and variant, help screens and error
messages are gathered in all five languages and searched for the defect patterns below:
a name wrapped in a generic place ("Die Zone „Okavango“"), a lower-case start of a
sentence, the digits 0 and 1 counting something in running text, a rule shown as code, English
left in another language, a template's placeholder left unfilled, punctuation against the
language's typography, and an article whose gender does not fit the name after it (from
the grammar each game declares). ``DEFECT_PATTERNS`` and ``defects`` are meant for any
text of a game (the rulebook's tests use them too).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Sequence

import pytest

from regelwerk.cli.narrate import tell
from regelwerk.engine import apply, legal_moves, load_ruleset, new_game, shipped_games
from regelwerk.engine.data.shipped import shipped_variants
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText, noun_sources

ALL = tuple(LANGUAGES)
NOT_ENGLISH = tuple(language for language in LANGUAGES if language != "en")


@dataclass(frozen=True)
class Defect:
    """A pattern that gives a defect away in the given languages; ``raw`` ones are searched
    in the line as it is, the others after the game's names are masked."""

    name: str
    pattern: re.Pattern[str]
    languages: tuple[str, ...] = ALL
    raw: bool = False


def _defect(name: str, pattern: str, languages: Sequence[str] = ALL, raw: bool = False
            ) -> Defect:
    return Defect(name, re.compile(pattern), tuple(languages), raw)


#: what gives away a sentence glued from pieces, by language (a line is searched after the
#: game's names are masked as ``§``, so a name never counts as English or as a count)
DEFECT_PATTERNS: tuple[Defect, ...] = (
    # a name wrapped in a generic place instead of said with its own article
    _defect("a name wrapped in 'the zone'", r"\b[Dd](?:ie|er) Zone „|\bZone „", ["de"]),
    _defect("a name wrapped in 'the zone'", r"\b[Ll]a zone «|\bzone «", ["fr"]),
    _defect("a name wrapped in 'the zone'", r"\b[Ll]a zona «|\bzona «", ["es"]),
    _defect("a name in quotation marks instead of with its article",
            r"(?:^|[\s(])[‘„«“]\s?§", ALL),
    # sentences
    _defect("a sentence that starts with a small letter", r"^\W*[a-zäöüßéèàçñ]", ALL,
            raw=True),
    _defect("a sentence that starts with a small letter", r"[.!?] [a-zäöüßéèàçñ]", ALL,
            raw=True),
    # (points stay figures, as on a score sheet: '1 point', '1 for the canoes'; and numbers
    # that name places in a list or the ends of a range, 'places 1 and 5', 'from 1 to 5',
    # count nothing, nor does a card named by its number, 'een 1 ligt')
    _defect("the digit 1 counting something in running text",
            r"(?<![\w+\-−.,/:])(?<!\been )(?<!\beine )1 (?!§|(?:points?|punt(?:en)?|Punkte?|"
            r"puntos?|for|voor|pour|für|por|and|en|et|und|y|to|tot|à|bis)\b)[^\W\d_]", ALL),
    _defect("the digit 0 counting the game's pieces", r"(?<![\w+\-−.,/:])0 §", ALL),
    _defect("a placeholder left unfilled", r"\{[\w:.+=/ -]*\}", ALL),
    # code shown to players
    _defect("a rule shown as code", r"\b\w+\.\w+\s*(?:[<>]=?|==|!=)|\b(?:and|or) not\b", ALL),
    _defect("a rule shown as code", r"\((?:Rule|Regel|Règle|Regla)\s?:", ALL),
    # English left in another language
    _defect("English left in the text",
            r"\b(?:[Tt]he|takes|draws|scores|passes|from|with|into|onto|their|points?|"
            r"cards?|pieces?|goes|is topped up)\b", ["fr", "de", "es"]),
    _defect("English left in the text",
            r"\b(?:[Tt]he|takes|draws|scores|passes|from|with|into|onto|their|points?|"
            r"cards?|pieces?|goes|is topped up)\b", ["nl"]),
    # typography
    _defect("French punctuation without a narrow no-break space", r"[^\u202f\d][;:!?](?!\S)",
            ["fr"]),
    _defect("a straight apostrophe or quotation mark", r"(?<=\w)'(?=\w)|\"", NOT_ENGLISH),
    # a plural subject before a verb in the singular ('die meisten … Kanus … ist')
    _defect("a verb that does not agree with its subject", r"\bdie meisten [^,.;:]*\bist\b",
            ["de"]),
    _defect("a verb that does not agree with its subject", r"\bthe most [^,.;:]* has is\b",
            ["en"]),
    _defect("a gender the template assumed", r"\bPila de descarte: vacío\b|\bkeine \{|"
            r"\bEin \{|retourne(?:nt)? dans sa réserve", ALL),
)


def defects(line: str, language: str, names: Sequence[str] = (),
            counted: Sequence[str] = ()) -> list[str]:
    """The defects ``line`` shows in ``language``; ``names`` (the game's names in that
    language, longest first) are masked first, as ``§``; ``counted``, names counted in
    figures as on a score sheet ('0 points'), as ``¤``."""
    masked = line
    for name in counted:
        masked = re.sub(rf"\b{re.escape(name)}\b", "¤", masked)
    for name in names:
        masked = masked.replace(name, "§")
    # a numbered name in any form ('roten Krieger 1', 'Stack 1'): its last word and number
    heads = {name.rsplit(" ", 2)[-2] for name in names
             if " " in name and name.rsplit(" ", 1)[-1].isdigit()}
    if heads:
        masked = re.sub(r"\b(?:%s) \d+\b" % "|".join(map(re.escape, heads)), "§", masked,
                        flags=re.IGNORECASE)
    # a place numbered after a name of the game or a grid's row ('position 1', 'Reihe 1')
    masked = re.sub(r"(?:§|\b(?:row|rij|rangée|Reihe|fila)) \d+\b", "§", masked)
    return [defect.name for defect in DEFECT_PATTERNS
            if language in defect.languages
            and defect.pattern.search(line if defect.raw else masked)]


# -- the names of a game and what their grammar says ---------------------------------

def game_names(text: GameText) -> list[str]:
    """Every name of the game in the reader's language (zones, areas, kinds, terms, in the
    singular and the plural), longest first."""
    rules = text.rules
    names = {text.zone(z) for z in rules.zones} | {text.area(a) for a in rules.areas}
    for kind in rules.components:
        names |= {text.component(kind, 1), text.component(kind, 2)}
    for key in text.data.get("terms", {}):
        names |= {text.term(key, 1), text.term(key, 2)}
    return sorted((n for n in names if n), key=len, reverse=True)


#: articles that cannot stand before a singular name of each gender
WRONG_ARTICLES = {
    "fr": {"m": r"une|la", "f": r"un|le|du|au"},
    "es": {"m": r"una|la|ninguna", "f": r"un|el|del|al|ningún"},
    "de": {"m": r"eine|das|keine", "f": r"ein|einen|einem|eines|dem|das|kein|keinen|keinem",
           "n": r"eine|einer|einen|keine|keinen|keiner"},
    "nl": {"de": r"het", "het": r"de"},
}


def gender_defects(line: str, text: GameText) -> list[str]:
    """An article before a game's singular name that its declared gender rules out."""
    wrong_for = WRONG_ARTICLES.get(text.language)
    if not wrong_for:
        return []
    found = []
    for chain in noun_sources(text.rules):
        grammar = text.grammar_of(chain)
        if grammar is None or grammar.plural or grammar.gender not in wrong_for:
            continue
        # a Spanish feminine name with a stressed a takes the articles of a masculine one
        gender = "m" if text.language == "es" and grammar.elide else grammar.gender
        for name in (n for english in chain for n in _singular_names(text, english)):
            if re.search(rf"\b(?:{wrong_for[gender]}) {re.escape(name)}\b", line,
                         flags=re.IGNORECASE):
                found.append(f"an article that does not fit '{name}'")
    return found


def _singular_names(text: GameText, english: str) -> list[str]:
    one = text.words.gettext(english)
    pair = next((key for key in text.words.plural if key[0] == english), None)
    plural = text.words.ngettext(*pair, 2) if pair else one
    return [one] if one != plural and "{" not in one else []


# -- what is gathered -----------------------------------------------------------------

PLAYERS = ("Anna", "Bram", "Eva", "Ines")


def _rulesets() -> Iterator[str]:
    for game in shipped_games():
        yield game
        yield from (str(path) for path in shipped_variants(game))


@lru_cache(maxsize=None)
def narrations(source: str, seed: int, moves: int = 300) -> tuple[tuple, ...]:
    """The events of a seeded game of random moves: (the state's rules, the events)."""
    rules = load_ruleset(source)
    players = list(PLAYERS[:max(rules.min_players, min(3, rules.max_players))])
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    told = []
    for _ in range(moves):
        if state.game_over:
            break
        choices = legal_moves(state)
        state, events = apply(state, choices[rng.randrange(len(choices))])
        told.extend(events)
    return rules, tuple(told)


def _told(source: str, language: str) -> tuple[GameText, list[str]]:
    lines: list[str] = []
    text = None
    for seed in (1, 2):
        rules, events = narrations(source, seed)
        text = text or GameText(rules, translations(language), language)
        lines += [line for line in (tell(event, text) for event in events) if line]
    assert text is not None
    return text, lines


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", list(_rulesets()))
def test_narrations_of_seeded_games_show_no_defect(source, language):
    text, lines = _told(source, language)
    assert lines, source
    names = game_names(text)
    points = sorted({text.term("point", 1), text.term("point", 2)}, key=len, reverse=True)
    found = {(line, problem) for line in lines
             for problem in defects(line, language, names, points) + gender_defects(line, text)}
    assert not found, sorted(found)[:8]


def test_the_patterns_catch_what_the_issue_shows():
    """Each example of the issue is caught, and the sentences that replace them are not."""
    bad = {"de": ["Die Zone „Okavango“ wird mit 2 Karten aufgefüllt.",
                  "Ein {group} ist fertig.",
                  "Anna nimmt 1 ganze Runde.", "Anna erhält nichts (Regel: new.count > "
                  "old.count).",
                  "Es endet, wenn die meisten vollständigen Kanus eines Spielers ist 5."],
           "fr": ["La zone « pioche 1 » est vide.", "1 flamant rose retourne dans sa réserve.",
                  "Sac: 31 cartes"],
           "es": ["Jugador roba de la zona «mazo 1».", "Pila de descarte: vacío"],
           "nl": ["‘§’ wordt aangevuld met 2 kaarten.", "Anna speelt 1 hele ronde."],
           "en": ["river delta 3 is completely filled: the cards go back.",
                  "It ends when the most complete canoes any player has is at least 5."]}
    for language, lines in bad.items():
        for line in lines:
            assert defects(line, language), (language, line)
    good = {"de": "Der Okavango wird mit zwei Karten aufgefüllt.",
            "fr": "La pioche 1 est vide\u202f: on y mélange quatre cartes de la défausse.",
            "es": "Anna roba del mazo 1.", "nl": "De Okavango wordt aangevuld met twee kaarten.",
            "en": "River delta 3 is completely filled: its cards go back into the bag."}
    assert defects("greedy-2 attacks greedy-1 and captures 0 cards.", "en", ["cards"])
    names = ["pioche 1", "mazo 1", "river delta 3"]
    for language, line in good.items():
        assert not defects(line, language, names), (language, line)


def test_a_gender_the_grammar_rules_out_is_caught():
    text = GameText(load_ruleset("okavango"), translations("fr"), "fr")
    assert gender_defects("Anna prend un gazelle.", text)
    assert not gender_defects("Anna prend une gazelle.", text)
    german = GameText(load_ruleset("okavango"), translations("de"), "de")
    assert gender_defects("Ein Wasserstelle ist voll.", german)


def test_a_narration_glued_from_pieces_is_caught(monkeypatch):
    """The test fails on a deliberately bad template: the fill step told as it once was."""
    from regelwerk.engine.mechanisms import STEPS

    sentence = next(event.sentence for step in STEPS.values()
                    for event in step.events.values() if event.code == "filled")
    catalog = translations("de")
    original = catalog.gettext
    monkeypatch.setattr(catalog, "gettext", lambda message: "Die Zone „{zone}“ wird mit "
                        "{pieces} aufgefüllt." if message == sentence else original(message))
    text, lines = _told("okavango", "de")
    names = game_names(text)
    assert any("a name wrapped in 'the zone'" in defects(line, "de", names) for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_and_error_output_show_no_defect(tmp_path, language):
    from test_cli_messages import COMMANDS, _cases, _run

    arguments = [args for args, *_ in _cases(tmp_path, language)]
    arguments += [command + ["--help", "--lang", language] for command in COMMANDS]
    found = []
    for args, (_, shown) in zip(arguments, _run(language, arguments)):
        for line in shown.splitlines():
            sentence = line.strip(" │╭╮╰╯─").strip()
            sentence = LOCATION.sub("", sentence)  # FILE:LINE:COLUMN: path: as compilers write
            found += [(args, sentence, problem) for problem in defects(sentence, language)
                      if problem not in OUTSIDE_NARRATION]
    assert not found, found[:8]


LOCATION = re.compile(r"^\S+:\d+:\d+: (?:[\w.\[\]-]+: )?")

#: patterns that hold for running text, not for help screens and usage lines (which name
#: commands and options in small letters, and show notations such as --seed NUMBER)
OUTSIDE_NARRATION = frozenset({"a sentence that starts with a small letter",
                               "a placeholder left unfilled"})


def _every_event_type():
    from regelwerk.engine.play.game import EVENTS
    from regelwerk.engine.mechanisms import ACTIONS, STEPS

    declared = {**EVENTS}
    for mechanism in (*ACTIONS.values(), *STEPS.values()):
        declared.update(mechanism.events)
    return [event for event in declared.values() if event.sentence]


def _sample_values(event, text: GameText, count: int) -> dict:
    """What each placeholder of ``event`` shows, made of the game's own names."""
    from regelwerk.locales.nouns import Counted

    rules = text.rules
    kind = next(iter(rules.components))
    zone = next(z for z in rules.zones if rules.zones[z].scope == "shared")
    made = {"player": lambda v: text.player_noun("Anna"), "zone": lambda v: text.zone_noun(zone),
            "area": lambda v: text.area_noun(next(iter(rules.areas))) if rules.areas
            else text.zone_noun(zone),
            "kind": lambda v: text.component_noun(kind),
            "pieces": lambda v: text.pieces_told({kind: count}),
            "count-of": lambda v: text.counted(kind, count),
            "term": lambda v: text.term_noun(v.term, 2 if v.plural else count),
            "amount": lambda v: Counted(count, text.term_noun(v.term, count)),
            "cell": lambda v: "2.3", "phase": lambda v: text.phase(rules.start_phase)}
    return {name: made.get(value.shows, lambda v: count)(value)
            for name, value in event.values.items()}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["okavango", "ogallala", "coloretto"])
def test_every_general_sentence_reads_well_with_any_count(game, language):
    """Every event's general sentence, with one and with three of a game's pieces: the
    events seeded games never reach are checked too."""
    from regelwerk.engine.common.templates import substitute

    text = GameText(load_ruleset(game), translations(language), language)
    names = game_names(text)
    found = []
    for event in _every_event_type():
        for count in (1, 3):
            line = substitute(text.catalog.gettext(event.sentence),
                              _sample_values(event, text, count))
            found += [(line, problem) for problem in
                      defects(line, language, names) + gender_defects(line, text)]
    assert not found, found[:8]


# -- why the game ended, why a player plays again --------------------------------------

#: the engine's word for pieces, never said of a game that names its own (cards, discs)
ENGINE_PIECES = {"en": r"\bpieces?\b", "nl": r"\bstuk(?:ken)?\b", "fr": r"\bpièces?\b",
                 "de": r"\bSpielteile?\b", "es": r"\bpiezas?\b"}
#: how the general words read a formula out: a count compared with none, counts added up
COMPARED = ("{left} is equal to {right}", "{left} is not equal to {right}",
            "{left} is greater than {right}", "{left} is at most {right}")
ADDED, COUNTED = "{left} plus {right}", "the number of {pieces} in {field:def}"


def formula_readings(language: str) -> list[re.Pattern[str]]:
    """The catalog's readings of a formula: a comparison with none, a count added to
    another ('… plus the number of cards in …')."""
    catalog = translations(language)

    def reading(message: str, right: str) -> re.Pattern[str]:
        told = re.escape(catalog.gettext(message)).replace(re.escape("{left}"), ".+")
        return re.compile(told.replace(re.escape("{right}"), right))

    count = re.escape(catalog.gettext(COUNTED).split("{", 1)[0])
    return [*(reading(message, r"0\b") for message in COMPARED), reading(ADDED, count)]


def _without_reasons(data):
    """The rules without their reasons (nor their worked examples, whose scenarios lie
    beside the original, nor what their texts mention)."""
    if isinstance(data, dict):
        return {key: _without_reasons(value) for key, value in data.items()
                if key not in ("reasons", "examples")
                and not str(key).startswith("rulebook.examples.")}
    return data


def reasons_told(source: str, language: str) -> tuple[GameText, list[str]]:
    """Every reason a game gives players, each in the sentence that tells it: why the
    game ended (by its end conditions, by rounds in which nothing moved), why a player
    plays again, when the offer before a turn's end is made."""
    from regelwerk.cli.reasons import BEFORE_END, END, ORDER, reason

    rules = load_ruleset(source)
    text = GameText(rules, translations(language), language)
    told = [reason(text, END, "when"), reason(text, END, "idle_rounds")]
    told += [reason(text, END, "at_once")] if rules.end.at_once is not None else []
    told += [reason(text, ORDER, "again_when")] if rules.order.again_when is not None else []
    told += [reason(text, BEFORE_END, "when")] if rules.before_end is not None else []
    ended = text.catalog.gettext("The game ends because {condition}.")
    return text, [ended.format(condition=one) for one in told]


def _without_actions(line: str, actions: list[str]) -> str:
    """``line`` with each action named in quotation marks (as it is chosen) masked."""
    for action in actions:
        line = re.sub(r"[‘„«“]\s?%s\s?[’“»”]" % re.escape(action), "§", line)
    return line


def _reason_defects(text: GameText, lines: list[str]) -> list[tuple[str, str]]:
    language = text.language
    names = game_names(text)
    actions = [text.action(action) for action in text.rules.actions]
    found = []
    for line in lines:
        masked = _without_actions(line, actions)
        found += [(line, problem) for problem in
                  defects(masked, language, names) + gender_defects(line, text)]
        if "piece" in text.data.get("terms", {}) and re.search(ENGINE_PIECES[language], line):
            found.append((line, "the engine's word for the game's pieces"))
        found += [(line, "a formula read out") for reading in formula_readings(language)
                  if reading.search(line)]
    return found


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", list(_rulesets()))
def test_the_reasons_players_are_told_read_as_the_game_says_them(source, language):
    text, lines = reasons_told(source, language)
    found = _reason_defects(text, lines)
    assert not found, found[:8]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", shipped_games())
def test_the_general_words_for_the_reasons_say_the_games_pieces(tmp_path, game, language):
    """Without the game's own clauses every reason is told from its condition: with the
    game's words for its pieces and runs, zones said to be empty, never a formula read
    out ('… plus … is equal to 0')."""
    import yaml

    from regelwerk.engine.data.shipped import resolve

    bare = tmp_path / f"{game}.yaml"
    source = resolve(game).read_text(encoding="utf-8")
    bare.write_text(yaml.safe_dump(_without_reasons(yaml.safe_load(source)),
                                   allow_unicode=True), encoding="utf-8")
    text, lines = reasons_told(str(bare), language)
    found = _reason_defects(text, lines)
    assert not found, found[:8]


def test_the_reason_patterns_catch_what_players_were_shown():
    """The end reason once shown for Ogallala is caught, and so is a game's word for its
    pieces replaced by the engine's."""
    text = GameText(load_ruleset("ogallala"), translations("de"), "de")
    shown = ("Das Spiel ist zu Ende, denn die Anzahl der Spielteile (Stapel 1, Stapel 2 und "
             "Stapel 3) plus die Anzahl der Spielteile (Karten zum Anlegen) ist so groß wie 0.")
    problems = {problem for _, problem in _reason_defects(text, [shown])}
    assert problems == {"the engine's word for the game's pieces", "a formula read out"}
    english = GameText(load_ruleset("ogallala"), translations("en"), "en")
    assert _reason_defects(english, ["The game ends because the number of pieces in stack 1 "
                                     "is equal to 0."])


# -- the fields and values of pieces in conditions told in general words ------------------

def _attribute_ids(rules) -> set[str]:
    """The ids of the pieces' attributes and of the texts they hold ('role', 'bow'), which
    players must never read as they are written in the rules file."""
    ids = set()
    for component in rules.components.values():
        ids |= set(component.attributes)
        ids |= {value for value in component.attributes.values()
                if isinstance(value, str) and value}
    return ids


def _every_condition_told(text: GameText) -> list[str]:
    """Every condition and formula of the rules, told in general words, as a rule changed by
    a variant is: with the words of every name a condition may read."""
    from test_no_code_shown import _expressions

    from regelwerk.engine.zones.groups import AREA_WORDS
    from regelwerk.engine.conditions.turnnames import RUN_WORDS, TURN_WORDS
    from regelwerk.engine.mechanisms.params import CARD_WORDS
    from regelwerk.engine.compiler.scoring import ZONE_WORDS

    words = {**TURN_WORDS, **AREA_WORDS, **ZONE_WORDS, **RUN_WORDS, **CARD_WORDS}
    return [text.condition(expression, words)
            for expression in _expressions(text.rules, set())]


def bare_ids(text: GameText, lines: Sequence[str]) -> list[tuple[str, str]]:
    """The lines that show an attribute or a value of a piece by its id (the game's names,
    which may be spelled alike in English, masked first)."""
    ids = _attribute_ids(text.rules)
    if not ids:
        return []
    pattern = re.compile(r"(?<![\w-])(?:%s)(?![\w-])" % "|".join(map(re.escape, ids)))
    names = game_names(text)
    actions = [text.action(action) for action in text.rules.actions]
    found = []
    for line in lines:
        masked = _without_actions(line, actions)
        for name in names:
            masked = re.sub(r"(?<!\w)%s(?!\w)" % re.escape(name), "§", masked)
        found += [(line, hit) for hit in pattern.findall(masked)]
    return found


def _without_attribute_terms(source: str, folder) -> str:
    """A copy of the rules whose terms name none of the pieces' attributes and values (a
    game whose author declared no words for them), nor any text or reason of its own."""
    import yaml

    from regelwerk.engine.data.shipped import resolve

    rules = load_ruleset(source)
    ids = _attribute_ids(rules)
    data = _without_reasons(yaml.safe_load(resolve(source).read_text(encoding="utf-8")))
    data["terms"] = {k: v for k, v in data.get("terms", {}).items() if k not in ids}
    copy = folder / f"{rules.id}.yaml"
    copy.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(copy)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("source", list(_rulesets()))
def test_conditions_told_in_general_words_name_no_attribute_by_its_id(source, language):
    """Every condition of every game and variant told from its structure (as a variant that
    changes it is told), and every reason and refusal players read: the fields and values
    of the pieces in the game's words, never their ids ('role is bow')."""
    text, reasons = reasons_told(source, language)
    lines = [*reasons, *_every_condition_told(text)]
    assert lines
    found = bare_ids(text, lines)
    assert not found, found[:8]


@pytest.mark.parametrize("language", NOT_ENGLISH)  # English general words use such words too
@pytest.mark.parametrize("game", ["ogallala", "lost-cities", "coloretto", "no-thanks"])
def test_attributes_a_game_names_nowhere_are_told_in_general_words(tmp_path, game, language):
    bare = _without_attribute_terms(game, tmp_path)
    text = GameText(load_ruleset(bare), translations(language), language)
    lines = _every_condition_told(text)
    found = bare_ids(text, lines)
    assert not found, found[:8]
    assert all(defect not in defects(line, language) for line in lines
               for defect in ("a placeholder left unfilled", "a rule shown as code"))


def test_a_bare_attribute_is_caught():
    """The wording once generated for Ogallala's canoes and Lost Cities' scoring is caught."""
    text = GameText(load_ruleset("ogallala"), translations("de"), "de")
    assert bare_ids(text, ["für die der Wert role der Karte ist bow gilt"])
    english = GameText(load_ruleset("lost-cities"), translations("en"), "en")
    assert bare_ids(english, ["(the sum of the cards' value minus 20) times (1 plus the "
                              "number of cards with wager)"]) == []  # its terms say 'value'
    assert bare_ids(GameText(load_ruleset("ogallala"), translations("en"), "en"),
                    ["the card's effect is axe"])
