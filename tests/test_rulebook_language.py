"""The rulebook reads like a manual in every language and follows every edit of the rules.

Every shipped game and variant is rendered in all five languages (each language in a process
of its own, as the command would) and read for the defects reviewers found: engine words
where the game has its own, a manual's heading replaced by a mechanism's ("Runs"), prose
that no longer fits, code, the digit 1 before a noun in running text, a zone's name wrapped
in a generic phrase. Real variant edits, written as files, show that hand-written prose is
told only while its element is as it was written for, and that a general sentence from the
data takes its place otherwise.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from regelwerk.engine.data.shipped import shipped_games, shipped_variants
from regelwerk.locales import LANGUAGES

TESTS = Path(__file__).parent
RULES = TESTS.parent / "rules"

#: words of the engine, never shown where a game has words of its own (every shipped game
#: names its pieces, and none of their rulebooks is about "runs" or "zones")
ENGINE_WORDS = {
    "en": r"\b(pieces?|zones?)\b|^#+ (Runs|Lines)$|Where the .* lie",
    "nl": r"\b(stukken|stuk|zones?)\b|^#+ (Reeksen|Lijnen)$|Waar de .* liggen",
    "fr": r"\b(pièces?|zones?)\b|^#+ (Suites|Lignes)$|Où se trouvent",
    "de": r"\b(Spielteile?|Zonen?)\b|^#+ (Ketten|Linien)$|Wo die .* liegen",
    "es": r"\b(piezas?|zonas?)\b|^#+ (Secuencias|Líneas)$|Dónde están",
}
#: sentences that told nothing ("Let this step go by.") and general wrappers of a name
EMPTY_OR_WRAPPED = re.compile(
    r"Let this step go by|Laissez passer cette étape|Deja pasar esta fase|Diesen Schritt "
    r"auslassen|Laat deze stap voorbijgaan|Die Zone „|La zone «|la zona «|de zone ‘|the zone \b")
#: code: comparisons, a record's field (``new.count``), a name of the data (``white_filled``),
#: a placeholder left unfilled
CODE = re.compile(r"==|!=|>=|<=| [<>] |\b[a-z_]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b|\{[a-z_]+\}")
#: nouns after which a digit 1 reads as a machine's ("1 hele ronde", "1 tour de table")
ROUND_WORDS = ("round", "ronde", "tour", "Runde", "ronda", "point", "punt", "Punkt", "punto")


def render(language: str) -> dict[str, list]:
    """Every shipped game's and variant's rulebook in ``language`` (run in its own process),
    with the singular names of its terms and kinds (the nouns of the digit check)."""
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.engine.compiler.loading import load_game
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    books = {}
    for game in shipped_games():
        for variant in [None, *map(str, shipped_variants(game))]:
            rules = load_game(game, variant)
            text = GameText(rules, translations(language), language)
            nouns = [text.term(term) for term in rules.document.data.get("terms", {})]
            nouns += [text.component(kind) for kind in rules.components]
            books[f"{game} {Path(variant).stem if variant else ''}".strip()] = [
                rulebook(rules, text), nouns]
    return books


def rendered(in_language, language: str, *games: str) -> dict[str, list]:
    """``render`` (no games named) or ``render_files`` in the process of ``language``."""
    if games:
        return in_language(language, "test_rulebook_language", "render_files", language, games)
    return in_language(language, "test_rulebook_language", "render", language)


def render_files(language: str, paths: list[str]) -> dict[str, list]:
    """The rulebook of each ruleset or variant file, in ``language``, with no nouns and
    the conditions it tells in words (checked apart, by ``test_no_code_shown``)."""
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.engine.compiler.loading import load_ruleset
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    told: list[str] = []
    telling = GameText.condition

    def condition(self, expression, words, **named):
        told.append(telling(self, expression, words, **named))
        return told[-1]

    GameText.condition = condition  # told as ever, and kept
    books = {}
    try:
        for path in paths:
            told.clear()
            rules = load_ruleset(path)
            book = rulebook(rules, GameText(rules, translations(language), language))
            books[path] = [book, [], sorted(set(told), key=len, reverse=True)]
    finally:
        GameText.condition = telling
    return books


def running_text(book: str) -> list[str]:
    """The lines of sentences: not tables, not headings, not the counted lists of pieces."""
    return [line for line in book.splitlines()
            if not line.startswith(("|", "#")) and not re.match(r"- (\d+|\w+ \d+:) ", line)]


def defects(language: str, book: str, nouns: list[str]) -> list[str]:
    found = []
    for number, line in enumerate(book.splitlines(), 1):
        for pattern in (ENGINE_WORDS[language], EMPTY_OR_WRAPPED, CODE):
            hit = re.search(pattern, line)
            if hit:
                found.append(f"line {number}: {hit.group(0)!r} in {line[:120]!r}")
    if language == "fr":  # a colon, semicolon, question or exclamation mark after a word
        for number, line in enumerate(book.splitlines(), 1):
            hit = re.search(r"[^\s\u202f\u00a0][:;?!](\s|$)", line)
            if hit:
                found.append(f"line {number}: no narrow no-break space in {hit.group(0)!r}")
    words = "|".join(re.escape(n) for n in sorted({*nouns, *ROUND_WORDS}, key=len, reverse=True))
    for line in running_text(book):
        hit = re.search(rf"(?<![\w.,:])1 (\w+ )?({words})\b", line)
        if hit:
            found.append(f"digit 1 before a noun: {hit.group(0)!r} in {line[:120]!r}")
    return found


@pytest.fixture(scope="module", params=LANGUAGES)
def books(request, in_language) -> tuple[str, dict[str, list]]:
    return request.param, rendered(in_language, request.param)


def test_every_rulebook_reads_without_the_reviewed_defects(books):
    language, shown = books
    assert len(shown) == sum(1 + len(shipped_variants(g)) for g in shipped_games())
    report = {name: found for name, (book, nouns) in shown.items()
              if (found := defects(language, book, nouns))}
    assert not report, json.dumps(report, ensure_ascii=False, indent=1)


#: how a rulebook says that turns go round the table, which two players cannot do
CLOCKWISE = {"en": "clockwise", "nl": "met de klok mee", "fr": "aiguilles d’une montre",
             "de": "Uhrzeigersinn", "es": "agujas del reloj"}


def test_two_players_take_turns_rather_than_go_round_the_table(books):
    from regelwerk.engine.compiler.loading import load_game

    language, shown = books
    for game in shipped_games():
        for variant in [None, *map(str, shipped_variants(game))]:
            book = shown[f"{game} {Path(variant).stem if variant else ''}".strip()][0]
            if load_game(game, variant).max_players == 2:
                assert CLOCKWISE[language] not in book, (game, variant)


#: a zone's label in the rulebook's list of zones
LABEL = re.compile(r"^- \*\*([^*]+)\*\*")
#: the words that join the last of several names
AND = re.compile(r",\s*|\s+(?:and|en|et|und|y)\s+")


def test_a_family_of_zones_is_named_once_rather_than_zone_by_zone(books):
    """"White, yellow, green, blue and red fireworks", "Stacks 1 to 3": never each zone
    with the family's noun again ("Stack 1, stack 2 and stack 3")."""
    language, shown = books
    for name, (book, _) in shown.items():
        for line in book.splitlines():
            label = LABEL.match(line)
            names = AND.split(label.group(1)) if label else []
            if len(names) > 2:
                shared = set.intersection(*(set(one.casefold().split()) for one in names))
                assert not shared, (name, line[:120])


#: the manuals' terms and headings (okavango-glossary.yaml) that each Okavango rulebook uses
GLOSSARY = {
    "en": ["waterhole", "river delta", "reserve", "Ranger card", "herd", "white fields",
           "dark green fields", "bag", "hidden stock", "visible stock", "Ranger", "points",
           "rank", "Aim of the game", "Preparation", "Stocks",
           "Allowing your animals to drink",
           "Taking the animals from the Okavango to your own reserve",
           "clockwise"],
    "nl": ["drinkplaats", "delta-arm", "reservaat", "rangerkaart", "kudde", "witte velden",
           "donkergroene velden", "zakje", "gedekte voorraad", "open voorraad", "ranger",
           "punten", "rangorde", "Doel van het spel", "Voorbereiding", "Voorraad",
           "Je dieren laten drinken", "Dieren van de Okavango naar het eigen reservaat brengen",
           "met de klok mee"],
    "fr": ["trou d’eau", "bras de delta", "réserve", "carte de ranger", "troupeau",
           "cases blanches", "cases vert foncé", "sac", "stock caché", "stock visible",
           "ranger", "points", "rang", "But du jeu", "Préparation du jeu", "Les stocks",
           "Faire boire tes animaux", "Conduire les animaux de l’Okavango vers ta propre réserve",
           "dans le sens des aiguilles d’une montre"],
    "de": ["Wasserstelle", "Deltaarm", "Reservat", "Rangerkarte", "Herde", "weißen Felder",
           "dunkelgrüne Felder", "Beutel", "verdeckte Vorrat", "offene Vorrat", "Ranger",
           "Punkte", "Rang", "Ziel des Spiels", "Vorbereitung", "Vorrat",
           "Tiere trinken lassen", "Tiere vom Okavango in das eigene Reservat bringen",
           "im Uhrzeigersinn"],
    "es": ["pozo de agua", "delta del río", "reserva", "carta de Ranger", "manada",
           "campos blancos", "verde oscuro", "bolsa", "stock oculto", "stock visible",
           "Ranger", "puntos", "rango", "Objeto del juego", "Preparación", "Existencias",
           "Permitir que tus animales beban",
           "Llevar los animales del Okavango a tu propia reserva",
           "en el sentido de las agujas del reloj"],
}


def test_the_okavango_rulebook_keeps_the_manuals_terms_and_headings(books):
    language, shown = books
    book = shown["okavango"][0]
    missing = [term for term in GLOSSARY[language] if term not in book]
    assert not missing, f"{language}: {missing}"


#: the reader addressed as each manual addresses them, in the aim of the game
ADDRESS = {"en": r"\byou\b", "nl": r"\bje\b", "fr": r"\btu\b", "de": r"\bdu\b",
           "es": r"\breúnes\b"}


def test_the_aim_of_the_game_addresses_the_reader_as_the_manual_does(books):
    language, shown = books
    aim = shown["okavango"][0].split("\n## ")[1]
    assert re.search(ADDRESS[language], aim), aim


def test_a_variant_states_its_description_under_its_translated_title(books):
    language, shown = books
    book = shown["okavango double-exchange"][0]
    title, description = {
        "en": ("Okavango — double exchange", "up to two Ranger cards"),
        "nl": ("Okavango — dubbele ruil", "twee rangerkaarten"),
        "fr": ("Okavango — double échange", "deux cartes de ranger"),
        "de": ("Okavango — doppelter Tausch", "zwei Rangerkarten"),
        "es": ("Okavango — doble intercambio", "dos cartas de Ranger"),
    }[language]
    assert book.startswith(f"# {title}\n") and description in book.split("\n## ")[0]


def test_the_worked_examples_are_told_where_they_still_hold(books):
    language, shown = books
    heading = {"en": "## Examples", "nl": "## Voorbeelden", "fr": "## Exemples",
               "de": "## Beispiele", "es": "## Ejemplos"}[language]
    waterhole = {"en": "6 flamingos", "nl": "6 flamingo’s", "fr": "6 flamants roses",
                 "de": "6 Flamingos", "es": "6 flamencos"}[language]
    elephants = {"en": "3 elephants", "nl": "3 olifanten", "fr": "3 éléphants",
                 "de": "3 Elefanten", "es": "3 elefantes"}[language]
    delta = {"en": "river delta with 3 white", "nl": "delta-arm met 3 witte",
             "fr": "bras de delta qui a 3 cases", "de": "Deltaarm mit 3 weißen",
             "es": "delta del río con 3 campos"}[language]
    told = {name: (waterhole in book, delta in book, elephants in book)
            for name, (book, _) in shown.items() if name.startswith("okavango")}
    assert heading in shown["okavango"][0]
    assert told["okavango"] == (True, True, True)
    assert told["okavango pure-herds"] == (False, True, True)  # a ranger card joins at D
    assert told["okavango generous-river"] == (True, True, False)  # elephants may be taken
    # after the take example the river is topped up to 13 cards, in a river that holds 10
    assert told["okavango small-savanna"] == (True, True, False)
    assert told["okavango double-exchange"] == (True, True, True)


def test_an_example_laying_out_more_pieces_than_a_variant_has_is_left_out(in_language, tmp_path):
    """Seven lions: the waterhole example, whose scenario lays out eight, no longer holds;
    the rulebook leaves it out instead of failing."""
    fewer = _variant(tmp_path, "okavango", "  components:\n    lion: {copies: 7}\n")
    book = rendered(in_language, "en", fewer)[fewer][0]
    assert "- 7 lions" in book and "6 flamingos" not in book


def test_an_example_telling_a_setting_the_variant_changed_is_left_out(in_language, tmp_path):
    """The meerkat made the highest animal: the waterhole example's scenario still holds,
    but its text says no animal ranks above the lion, so it is not told."""
    ranked = _variant(tmp_path, "okavango", "  components:\n    meerkat: {rank: 12}\n")
    book = rendered(in_language, "en", ranked)[ranked][0]
    assert "no animal ranks above the lion" not in book
    assert "river delta with 3 white" in book  # the delta's example does not tell ranks


def test_the_two_tribes_rulebook_says_warriors_never_share_a_canoe(books):
    language, shown = books
    said = {"en": "Warriors of the two tribes never share a canoe",
            "nl": "Krijgers van de twee stammen zitten nooit samen in een kano",
            "fr": "Les guerriers des deux tribus ne montent jamais dans le même canoë",
            "de": "Krieger der beiden Stämme sitzen nie im selben Kanu",
            "es": "Los guerreros de las dos tribus nunca comparten canoa"}[language]
    assert said in shown["ogallala two-tribes"][0].split("\n## ", 2)[2]  # in the rules


def _variant(folder: Path, game: str, changes: str, name: str = "edit") -> str:
    path = folder / f"{name}.yaml"
    path.write_text(f"format: 1\nvariant: edit\nbase: {RULES / game / game}.yaml\n"
                    f"changes:\n{changes}", encoding="utf-8")
    return str(path)


EDITS = {
    # the exchange may be made twice: the base's "once per turn" text no longer fits
    "exchange-twice": ("okavango", """
  actions:
    exchange:
      then:
        - {when: "exchange.times < 2", phase: prepare}
        - {phase: main}
""", ["Once per turn", "Eén keer per beurt", "Une fois par tour", "Einmal pro Spielzug",
      "Una vez por turno"]),
    # canoes scored by their length only: the base's scoring paragraph no longer fits
    "scoring": ("ogallala", """
  scoring:
    canoe: {run: "run.length * 3", card: null}
""", ["per card when", "per kaart op", "par carte s’il", "pro Karte, wenn",
      "por carta si"]),
    # the end checked after every move, on another condition
    "end": ("okavango", """
  end:
    when: "areas.closed >= 2"
    after_each_move: true
""", ["all white fields of every waterhole", "die nog meedoet", "encore en jeu sont occupées",
      "sämtliche weißen Felder", "que siguen en juego"]),
    # passing taken out of its phase: the phase's heading from the manual goes with it
    "phase": ("okavango", """
  turn:
    phases:
      main: {actions: [drink]}
  actions:
    pass: null
""", ["Allowing your animals to drink", "Je dieren laten drinken", "Faire boire tes animaux",
      "Tiere trinken lassen", "Permitir que tus animales beban"]),
}
#: what the general sentence says in its place
GENERATED = {
    "phase": {"en": "### Phase 1: Drink\n", "nl": "### Fase 1: Drinken\n",
              "fr": "### Étape 1\u202f: Boire\n", "de": "### Phase 1: Trinken\n",
              "es": "### Fase 1: Beber\n"},
    "exchange-twice": {"en": "Ranger card", "nl": "rangerkaart", "fr": "carte de ranger",
                       "de": "Rangerkarte", "es": "carta de Ranger"},
    "scoring": {"en": "3", "nl": "3", "fr": "3", "de": "3", "es": "3"},
    "end": {"en": "after any move", "nl": "na een willekeurige zet",
            "fr": "après n’importe quel coup", "de": "nach einer beliebigen Spielaktion",
            "es": "después de cualquier movimiento"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_edit_without_new_words_is_told_by_the_general_sentence(in_language, tmp_path,
                                                                   language):
    paths = {edit: _variant(tmp_path, game, changes, edit)
             for edit, (game, changes, _) in EDITS.items()}
    shown = rendered(in_language, language, *paths.values())
    for edit, path in paths.items():
        book = shown[path][0]
        stale = [old for old in EDITS[edit][2] if old in book]
        assert not stale, f"{edit}: the old prose is still told: {stale}"
        assert GENERATED[edit][language] in book, f"{edit}: {book}"
        assert not CODE.search(book.split("## ", 2)[2]), f"{edit}: code in {book}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_value_the_text_fills_in_keeps_the_text(in_language, tmp_path, language):
    """Four stacks or a river of 10 change no wording: the texts fill in the numbers (how
    many zones in words, as running text writes them)."""
    stacks = _variant(tmp_path, "ogallala", "  zones:\n    stack: {count: 4}\n")
    shown = rendered(in_language, language, stacks)[stacks][0]
    said = {"en": "drawn from four face-down draw stacks", "nl": "van vier gedekte trekstapels",
            "fr": "dans quatre pioches face cachée", "de": "von vier verdeckten Nachziehstapeln",
            "es": "de cuatro mazos de robo boca abajo"}[language]
    assert said in shown and "three face-down" not in shown


#: settings told by the general sentence, as (game, changes, what each language says, what
#: no language may say)
GENERAL_SENTENCES = {
    # "up to {capacity} cards" was written for a river of 13: a river of one card would read
    # "up to 1 cards"; the general sentence counts it in the reader's language
    "a number needing another plural": (
        "okavango", "  zones:\n    river: {capacity: 1}\n",
        {"en": "up to one card.", "nl": "hoogstens één kaart.", "fr": "jusqu’à une carte.",
         "de": "höchstens eine Karte.", "es": "hasta una carta."},
        r"\b1 (cards|kaarten|cartes|Karten|cartas)\b"),
    # No Thanks! deals from the box once the cards have left it: its general sentence counts
    # chips, not the game's word for its pieces (cards)
    "a deal of the one kind its zone holds": (
        "no-thanks", "  setup:\n    chips: {text: null}\n",
        {"en": "Each player draws eleven chips with 3 to 5 players, nine chips",
         "nl": "Elke speler krijgt elf fiches bij 3 tot 5 spelers, negen fiches",
         "fr": "Chaque joueur tire onze jetons pour 3 à 5 joueurs, neuf jetons",
         "de": "Jeder Spieler zieht elf Chips bei 3 bis 5 Spielern, neun Chips",
         "es": "Cada jugador pasa once fichas para 3 a 5 jugadores, nueve fichas"}, None),
    # Lost Cities with equal numbers allowed: the expeditions are ones to choose among, and
    # the card's colour decides, not that it may go on any
    "a zone of the piece's own value": (
        "lost-cities", "  actions:\n    play: {allows: \"card.wager and top.value == 0 or "
                       "card.value >= top.value\"}\n",
        {"en": "or the red expedition. Which one is decided by the colour of the card.",
         "nl": "of de rode expeditie. Welke dat is, bepaalt de kleur van de kaart.",
         "fr": "ou de l’expédition rouge. Le choix dépend de la couleur de la carte.",
         "de": "oder die Expedition Rot legen. Das richtet sich nach der Farbe der Karte.",
         "es": "o de la expedición roja. La elección depende del color de la carta."}, None),
    # No Thanks! calling its players gamers: the general sentences say so too
    "the game's word for a player": (
        "no-thanks", "  terms:\n    player: [gamer, gamers]\n  setup:\n    chips: {text: null}\n",
        {"en": "Each gamer draws eleven chips", "nl": "Elke gamer krijgt elf fiches",
         "fr": "Chaque gamer tire onze jetons", "de": "Jeder gamer zieht elf Chips",
         "es": "Cada gamer pasa once fichas"},
        r"(Each player|Elke speler|Chaque joueur|Jeder Spieler|Cada jugador) "
        r"(draws|krijgt|tire|zieht|pasa)"),
    # Coloretto's last-round card, laid into the deck at a depth
    "pieces laid in at a depth": (
        "coloretto", "  setup:\n    last-round-in: {text: null}\n",
        {"en": "What moves is laid into the deck with 15 cards beneath it.",
         "nl": "Wat verplaatst wordt, gaat zo in de trekstapel dat er 15 kaarten onder liggen.",
         "fr": "Ce qui est déplacé est glissé dans la pioche, avec 15 cartes en dessous.",
         "de": "Was bewegt wird, kommt in den Nachziehstapel, mit 15 Karten darunter.",
         "es": "Lo que se mueve se coloca en el mazo de modo que queden 15 cartas debajo."},
        None),
    # Lost Cities: the card just discarded is not drawn back
    "a piece not drawn back": (
        "lost-cities", "  actions:\n    draw: {text: null}\n",
        {"en": "Not from where a card was put this turn (discard).",
         "nl": "Niet van de plek waar deze beurt een kaart is neergelegd (afleggen).",
         "fr": "Pas depuis l’endroit où une carte a été posée pendant ce tour (défausser).",
         "de": "Nicht von dort, wo in diesem Zug eine Karte abgelegt wurde (ablegen).",
         "es": "No de donde se ha dejado una carta en este turno (descartar)."}, None),
    # Okavango lays out no ranger card at the start
    "wild pieces drawn again": (
        "okavango", "  setup:\n    seed: {text: null}\n",
        {"en": "A Ranger card drawn here goes back, and another card is drawn in its place.",
         "nl": "Een rangerkaart die hier getrokken wordt, gaat terug, en er wordt een andere "
               "kaart voor in de plaats getrokken.",
         "fr": "Une carte de ranger tirée ici retourne d’où elle vient, et on tire une autre "
               "carte à sa place.",
         "de": "Eine Rangerkarte, die hier gezogen wird, kommt zurück, und an ihrer Stelle wird "
               "eine andere Karte gezogen.",
         "es": "Una carta de Ranger que salga aquí se devuelve, y se saca otra carta en su "
               "lugar."}, None),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", sorted(GENERAL_SENTENCES))
def test_a_setting_without_words_of_its_own_is_told_in_general_words(in_language, tmp_path,
                                                                       case, language):
    game, changes, said, never = GENERAL_SENTENCES[case]
    edited = _variant(tmp_path, game, changes)
    book = rendered(in_language, language, edited)[edited][0]
    assert said[language] in book, book
    assert never is None or not re.search(never, book)


GENERAL_READINGS = {
    # the verb agrees with a zone named in the plural
    "set-aside": {"en": "until they hold nine cards", "nl": "negen kaarten bevatten.",
                  "fr": "jusqu’à neuf cartes", "de": "neun Karten enthalten.",
                  "es": "hasta nueve cartas"},
    # a step of some player counts says when it happens
    "when": {"en": "This happens only when this holds: the number of players is at most 4.",
             "nl": "Dit gebeurt alleen als geldt: het aantal spelers is hoogstens 4.",
             "fr": "Cela n’a lieu que quand\u202f: le nombre de joueurs vaut au plus 4.",
             "de": "Das geschieht nur, wenn gilt: Die Anzahl der Spieler ist höchstens 4.",
             "es": "Esto solo ocurre si el número de jugadores es como máximo 4."},
    # one zone to draw from is named as such ("one of these: deck" it said); the row cards
    # a drawn card may go to are one of them, not all
    "draw": {"en": "it goes to row card 1, row card 2, row card 3, row card 4 or row card 5.",
             "nl": "rijkaart 4 of rijkaart 5",
             "fr": "à la carte Rangée 4 ou à la carte Rangée 5",
             "de": "Reihenkarte 4 oder in Reihenkarte 5",
             "es": "a la carta de fila 4 o a la carta de fila 5"},
    # drawing only while one of several zones has room: the zones joined by "or", one verb
    "needs_room": {"en": "You may draw only while row card 1, row card 2, row card 3, row card 4 "
                         "or row card 5 has room.",
                   "nl": "zolang rijkaart 1, rijkaart 2, rijkaart 3, rijkaart 4 of rijkaart 5 nog "
                         "plaats heeft.",
                   "fr": "tant que la carte Rangée 1, la carte Rangée 2, la carte Rangée 3, la carte "
                         "Rangée 4 ou la carte Rangée 5 a encore de la place.",
                   "de": "solange Reihenkarte 1, Reihenkarte 2, Reihenkarte 3, Reihenkarte 4 oder "
                         "Reihenkarte 5 noch Platz hat.",
                   "es": "mientras la carta de fila 1, la carta de fila 2, la carta de fila 3, la "
                         "carta de fila 4 o la carta de fila 5 tenga sitio."},
    # a changed condition of an action is told, in the game's words for what it reads
    "allows": {"en": "It may go there only when this holds: (the card's wager applies and "
                     "the value of the card on top there is equal to 0)",
               "nl": "Dat mag alleen als geldt: (de weddenschap van de kaart geldt",
               "fr": "Ce n’est permis que quand\u202f: (l’investissement de la carte",
               "de": "Das ist nur erlaubt, wenn gilt: (die Wette der Karte trifft zu",
               "es": "Solo se permite si (la apuesta de la carta se cumple"},
    # numbers compared as equal, in the case each language needs; the player addressed as tu
    "equal": {"en": "is equal to the number of cards in the herd placed this turn",
              "nl": "is gelijk aan het aantal kaarten",
              "fr": "Ou prends exactement une carte de ranger.",
              "de": "ist genauso groß wie die Anzahl der Karten",
              "es": "es igual que el número de cartas"},
    # a property that is true or false reads as a clause
    "which": {"en": "move: the card's last round applies.", "nl": "geldt.",
              "fr": "s’applique", "de": "trifft zu", "es": "se cumple"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_general_sentences_agree_and_tell_their_conditions(in_language, tmp_path, language):
    edits = {
        "set-aside": ("no-thanks", "  setup:\n    set-aside: {text: null}\n"),
        "when": ("coloretto", "  setup:\n    three-players: {when: 'players <= 4'}\n"),
        "draw": ("coloretto", "  actions:\n    lay: {text: null}\n"),
        "needs_room": ("coloretto", "  actions:\n    draw: {text: null}\n"),
        "which": ("coloretto", "  setup:\n    three-players: {which: card.last, text: null}\n"),
        "equal": ("okavango", "  actions:\n    take:\n      when: {delta: 'taken.count == "
                              "played.count'}\n"),
        "allows": ("lost-cities", "  actions:\n    play:\n      allows: \"card.wager and "
                                  "top.value == 0 or card.value < top.value\"\n"),
    }
    paths = {edit: _variant(tmp_path, game, changes, edit)
             for edit, (game, changes) in edits.items()}
    shown = rendered(in_language, language, *paths.values())
    for edit, path in paths.items():
        assert GENERAL_READINGS[edit][language] in shown[path][0], (edit, shown[path][0])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_setting_told_apart_keeps_the_elements_text(in_language, tmp_path, language):
    """Two idle rounds change the idle sentence, not the end's own paragraph."""
    idle = _variant(tmp_path, "okavango", "  end: {idle_rounds: 2}\n")
    shown = rendered(in_language, language, idle)[idle][0]
    kept = {"en": "the current round is played out",
            "de": "wird die laufende Runde zu Ende gespielt"}[language]
    rounds = {"en": "If two whole rounds go by", "de": "Vergehen zwei ganze Runden"}[language]
    assert kept in shown and rounds in shown


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_full_copy_under_a_new_id_keeps_its_translations(in_language, tmp_path, language):
    source = (RULES / "okavango" / "okavango.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "savanna.yaml"
    shutil.copytree(RULES / "okavango" / "examples", tmp_path / "examples")
    copy.write_text(source.replace("id: okavango", "id: savanna", 1), encoding="utf-8")
    book = rendered(in_language, language, str(copy))[str(copy)][0]
    assert {"nl": "drinkplaats", "de": "Wasserstelle"}[language] in book
    assert "waterhole" not in book


def test_the_catalogs_written_for_a_copy_start_from_the_originals(cli, tmp_path):
    source = (RULES / "okavango" / "okavango.yaml").read_text(encoding="utf-8")
    copy = tmp_path / "savanna.yaml"
    shutil.copytree(RULES / "okavango" / "examples", tmp_path / "examples")
    copy.write_text(source.replace("id: okavango", "id: savanna", 1).replace(
        "title: Okavango", "title: Savanna", 1), encoding="utf-8")
    code, out, _ = cli("rules", "translations", str(copy), "--only", "fr")
    assert code == 0 and "1 without a translation" in out and "  - Savanna" in out
    written = (tmp_path / "locales" / "fr.po").read_text(encoding="utf-8")
    assert 'msgid "waterhole"\nmsgid_plural "waterholes"\nmsgstr[0] "trou d’eau"' in written


# -- the general sentences alone ---------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_the_general_sentences_read_without_the_reviewed_defects(in_language, tmp_path, language):
    """Every shipped game's rulebook with its texts taken out, so that every line is a
    general sentence: no name wrapped in a generic phrase, no engine word where the game
    has its own ('pieces' in a game of cards), no article that misses a name's gender, no
    digit 1 counting, no placeholder left unfilled."""
    import yaml
    from test_defect_patterns import defects as defect_patterns, game_names, gender_defects
    from test_no_code_shown import _without_texts

    from regelwerk.engine.compiler.loading import load_ruleset
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    paths = []
    for game in shipped_games():
        bare = tmp_path / f"{game}.yaml"
        source = RULES / game / f"{game}.yaml"
        bare.write_text(yaml.safe_dump(_without_texts(yaml.safe_load(source.read_text("utf-8"))),
                                       allow_unicode=True), encoding="utf-8")
        paths.append(str(bare))
    shown = rendered(in_language, language, *paths)
    found = []
    for path in paths:
        rules = load_ruleset(path)
        text = GameText(rules, translations(language), language)
        names = game_names(text)
        book, _, conditions = shown[path]
        for line in running_text(book):
            for condition in conditions:  # the conditions' wording is checked apart
                line = line.replace(condition, "§")
            sentence = re.sub(r"^(- |\d+\. )(\*\*[^*]+\*\*\s?:\s)?", "", line)
            problems = defect_patterns(sentence, language, names) + gender_defects(line, text)
            hit = re.search(ENGINE_WORDS[language], line)
            problems += [f"an engine word: {hit.group(0)}"] if hit else []
            found += [(Path(path).stem, problem, line[:160]) for problem in problems]
    assert not found, json.dumps(found[:12], ensure_ascii=False, indent=1)

