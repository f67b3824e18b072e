"""The typed notation reads back every move it writes, in every language."""

from __future__ import annotations

import random

import pytest

from regelwerk.engine import apply, legal_moves, load_ruleset, new_game
from regelwerk.engine.play.notation import NotationError
from regelwerk.locales import LANGUAGES, translations
from regelwerk.locales.gametext import GameText
from regelwerk.cli.words import Words, help_text, slug


def _states(rules, count=60):
    state = new_game(rules, ["anna", "bram", "cas"], 21)
    rng = random.Random(21)
    for _ in range(count):
        if state.game_over:
            break
        yield state
        moves = legal_moves(state)
        state, _ = apply(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_reads_back_from_its_notation(okavango, language):
    words = Words(okavango, GameText(okavango, translations(language), language))
    rng = random.Random(language)
    checked = 0
    for state in _states(okavango):
        moves = legal_moves(state)
        for index in rng.sample(range(len(moves)), min(25, len(moves))):
            move = moves[index]
            assert words.read(words.notation(move)) == move, words.notation(move)
            checked += 1
    assert checked > 500


def test_ids_and_names_are_both_understood(okavango):
    words = Words(okavango, GameText(okavango, translations("nl"), "nl"))
    by_id = words.read("drink waterhole-6 lion:3 ranger")
    assert words.read("drinken drinkplaats-6 leeuwen:3 rangerkaart") == by_id
    assert words.read("DRINKEN Drinkplaats-6 Leeuw:3 Rangerkaart") == by_id


@pytest.mark.parametrize("line", ["", "fly", "drink nowhere lion", "drink waterhole-6 unicorn",
                                  "take lion zebra", "drink waterhole-6 ranger",
                                  "drink waterhole-6 lion:99999999999999999999",
                                  "drink waterhole-6 lion:1000000000", "drink waterhole-6 lion:²",
                                  "drink waterhole-6 lion:" + "9" * 5_000,
                                  "drink waterhole-6 lion:2:3",
                                  "drink waterhole-6 ranger:lion:ranger:lion",
                                  "drink waterhole-6 ranger:lion:zebra"])
def test_what_cannot_be_read_is_said(okavango, line):
    words = Words(okavango, GameText(okavango, translations("en"), "en"))
    with pytest.raises(NotationError):
        words.read(line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ogallala_moves_read_back_in_every_language(language):
    from regelwerk.engine import load_ruleset

    rules = load_ruleset("ogallala")
    state = new_game(rules, ["anna", "bram"], 4)
    words = Words(rules, GameText(rules, translations(language), language), state.players)
    rng = random.Random(language)
    checked = 0
    for _ in range(150):
        if state.game_over:
            break
        moves = legal_moves(state)
        for index in rng.sample(range(len(moves)), min(10, len(moves))):
            move = moves[index]
            assert words.read(words.notation(move), state) == move, words.notation(move)
            checked += 1
        state, _ = apply(state, moves[rng.randrange(len(moves))])
    assert checked > 300


@pytest.mark.parametrize(("token", "number"), [("7", 7), ("0012", 12), ("²", None), ("٣", None),
                                               ("-1", None), ("", None), ("9" * 5_000, 999_999_999)])
def test_only_ascii_digits_are_a_typed_number(token, number):
    from regelwerk.cli.words import typed_number

    assert typed_number(token) == number


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_shows_pieces_in_the_words_the_player_types(okavango, language):
    words = Words(okavango, GameText(okavango, translations(language), language))
    state = new_game(okavango, ["anna", "bram"], 3)
    text = help_text(words, [legal_moves(state)[0]])
    ranger, meerkat = (slug(words.text.component(kind)) for kind in ("ranger", "meerkat"))
    shown = next(token for token in text.split() if token.endswith(f":{meerkat}"))
    assert f"{meerkat}:2" in text and shown.split(":")[0] in ranger  # a word of its name
    assert "WILD" not in text and "JOKER" not in text and "KIND:" not in text
    # what the help shows is read back as the pieces it names
    move = words.read(f"{slug(words.text.action('drink'))} "
                      f"{slug(words.text.area('waterhole-4'))} {shown} {meerkat}:2")
    assert move.get("group") == (("meerkat", "meerkat", 2), ("ranger", "meerkat", 1))


def test_help_of_a_game_without_typed_pieces_has_no_pieces_line():
    ogallala = load_ruleset("ogallala")
    words = Words(ogallala, GameText(ogallala, translations("en"), "en"))
    assert words.pieces_hint() == ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wild_piece_without_its_kind_is_hinted_in_the_typed_notation(okavango, language):
    words = Words(okavango, GameText(okavango, translations(language), language))
    ranger, zebra = (slug(words.text.component(kind)) for kind in ("ranger", "zebra"))
    drink, delta = slug(words.text.action("drink")), slug(words.text.area("delta-1"))
    with pytest.raises(NotationError) as caught:
        words.read(f"{drink} {delta} {ranger} {zebra} {slug(words.text.component('lion'))}")
    assert caught.value.params["example"] == f"{ranger}:{zebra}"
    assert "{{" not in caught.value.message and "KIND" not in caught.value.message
    # the example reads back
    assert words.read(f"{drink} {delta} {ranger}:{zebra} {zebra}").get("group") == \
        (("ranger", "zebra", 1), ("zebra", "zebra", 1))


def _as_typed_carelessly(name: str) -> str:
    """A name as someone might type it: no accents, German umlauts as ae/oe/ue, upper case,
    a straight apostrophe for a typographic one."""
    import unicodedata

    name = name.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("’", "'")
    plain = "".join(c for c in unicodedata.normalize("NFKD", name)
                    if not unicodedata.combining(c))
    return plain.upper()


@pytest.mark.parametrize("language", LANGUAGES)
def test_names_are_read_without_accents_case_or_exact_separators(okavango, language):
    text = GameText(okavango, translations(language), language)
    words = Words(okavango, text)
    exact = words.read("drink waterhole-2 lion:2")
    area = _as_typed_carelessly(text.area("waterhole-2"))  # with its spaces, as words
    lion = _as_typed_carelessly(text.component("lion", 2)).replace(" ", "-")
    assert words.read(f"{text.action('drink')} {area} {lion}:2") == exact


def test_a_unique_beginning_is_enough_and_a_near_miss_is_answered(okavango):
    words = Words(okavango, GameText(okavango, translations("fr"), "fr"))
    exact = words.read("drink waterhole-6 zebra")
    assert words.read("boire trou-d’eau-6 zèbr") == exact
    with pytest.raises(NotationError) as caught:
        words.read("boire trou-d’eau-6 zebbre")
    assert caught.value.message == "'{name}' names nothing here; did you mean {near}?"
    assert "zèbre" in caught.value.params["near"]
    with pytest.raises(NotationError) as caught:
        words.read("boire trou")  # a start that several places share
    assert caught.value.message == "'{name}' could be {candidates}: type more of it"
    assert "trou d’eau 2" in caught.value.params["candidates"] \
        and " ou " in caught.value.params["candidates"], "the places it could be, listed"


def test_an_action_is_named_by_any_word_of_its_name_where_that_names_one(tmp_path):
    """No Thanks!: 'no' is 'no thanks!', and 'card' is 'take the card'."""
    from regelwerk.engine import load_ruleset, new_game

    rules = load_ruleset("no-thanks")
    words = Words(rules, GameText(rules, translations("en"), "en"))
    state = new_game(rules, ["ann", "bob", "cy"], 1)
    assert words.read("no", state).action == words.read("no-thanks!", state).action
    assert words.read("card", state).action == words.read("take the card", state).action
    assert words.read("no", state).action != words.read("card", state).action


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_move_typed_without_its_parts_is_answered_with_a_whole_one(language):
    """'place' alone in Ogallala: never the rules file's name of the missing part ('cell'),
    but a whole move to copy when the action is possible, else that it is not."""
    ogallala = load_ruleset("ogallala")
    words = Words(ogallala, GameText(ogallala, translations(language), language))
    state = new_game(ogallala, ["anna", "bram"], 3)
    place = slug(words.text.action("place"))
    with pytest.raises(NotationError) as before_drawing:
        words.read(place, state)
    assert before_drawing.value.message == "'{action}' is not possible now"
    draw = next(move for move in legal_moves(state) if move.action == "draw")
    state, _ = apply(state, draw)
    with pytest.raises(NotationError) as caught:
        words.read(place, state)
    example = caught.value.params["example"]
    assert "cell" not in caught.value.params.values()
    assert words.read(example, state) in legal_moves(state)


@pytest.mark.parametrize(("language", "typed"), [
    ("nl", "nee, bedankt!"), ("nl", "nee bedankt"), ("nl", "nee-bedankt"),
    ("fr", "non merci !"), ("es", "¡no, gracias!"), ("de", "Nein danke!")])
def test_an_action_is_read_as_its_name_is_written(language, typed):
    """A name of several words with its punctuation, as the menu shows it, names the action
    (it read the first word alone: 'too much: bedankt!')."""
    rules = load_ruleset("no-thanks")
    state = new_game(rules, ["anna", "bram", "cas"], 1)
    words = Words(rules, GameText(rules, translations(language), language), state.players)
    assert words.read(typed, state).action == "decline"
    assert slug(GameText(rules, translations(language), language).action("decline")) \
        == {"nl": "nee-bedankt", "fr": "non-merci", "es": "no-gracias",
            "de": "nein-danke"}[language]


def test_a_player_is_named_as_names_are_typed():
    """'zoe' names Zoé, as moves and commands ignore accents; a beginning must name one."""
    from regelwerk.cli.words import player_named

    players = ("Zoé", "Zoltan", "Ana")
    assert player_named(players, "zoe") == "Zoé" and player_named(players, "ZOÉ") == "Zoé"
    assert player_named(players, "zol") == "Zoltan" and player_named(players, "ana") == "Ana"
    assert player_named(players, "zo") is None and player_named(players, "bram") is None


@pytest.mark.parametrize(("language", "typed", "group"), [
    ("fr", "boire bras de delta 1 flamant rose girafe elephant",
     (("elephant", "elephant", 1), ("flamingo", "flamingo", 1), ("giraffe", "giraffe", 1))),
    ("es", "beber delta del río 1 búfalo de agua jirafa",
     (("buffalo", "buffalo", 1), ("giraffe", "giraffe", 1))),
    # 'water' read alone named a buffalo and 'buffalo' another: "must all be of different kinds"
    ("en", "drink river delta 1 water buffalo giraffe",
     (("buffalo", "buffalo", 1), ("giraffe", "giraffe", 1))),
    ("en", "drink waterhole 5 ranger card:water buffalo:2 water buffalo",
     (("buffalo", "buffalo", 1), ("ranger", "buffalo", 2))),
])
def test_a_kind_s_name_of_several_words_is_read_whole(okavango, language, typed, group):
    state = new_game(okavango, ["anna", "bram", "cas"], 1)
    words = Words(okavango, GameText(okavango, translations(language), language), state.players)
    assert words.read(typed, state).get("group") == group


def test_a_column_is_read_as_the_menu_says_it():
    """'drop column 4', as the menu shows it, and '4' alone (it said: write a number)."""
    rules = load_ruleset("connect-four")
    state = new_game(rules, ["anna", "bram"], 1)
    words = Words(rules, GameText(rules, translations("en"), "en"), state.players)
    assert words.read("drop column 4", state) == words.read("drop 4", state)
    assert words.read("drop 4", state).get("column") == 4


def test_help_shows_how_each_action_is_typed():
    """Ogallala's help named PLAYER for every action, and 'place Élodie 2.5' was refused
    for its cell: each action now shows its own parts."""
    from regelwerk.cli.words import patterns

    rules = load_ruleset("ogallala")
    told = patterns(Words(rules, GameText(rules, translations("en"), "en")))
    assert "lasso PLAYER CELL" in told and "place CELL [CHOICE]" in told
    assert not any("PLAYER" in line for line in told if line.startswith("place"))
    rules = load_ruleset("no-thanks")
    assert patterns(Words(rules, GameText(rules, translations("en"), "en"))) == [
        "no thanks", "take the card"]


def test_a_move_with_one_possible_completion_needs_no_more_words():
    """Coloretto: 'take' when only one row can be taken takes it; with several, the player
    is asked for the whole move."""
    from regelwerk.engine import load_ruleset

    rules = load_ruleset("coloretto")
    words = Words(rules, GameText(rules, translations("en"), "en"))
    state, rng, seen = new_game(rules, ["ann", "bob", "cy"], 2), random.Random(2), set()
    while not state.game_over and len(seen) < 2:
        takes = [move for move in legal_moves(state) if move.action == "take"]
        typed = slug(GameText(rules, translations("en"), "en").action("take"))
        if len(takes) == 1:
            assert words.read(typed, state) == takes[0]
            seen.add(1)
        elif len(takes) > 1:
            with pytest.raises(NotationError) as caught:
                words.read(typed, state)
            assert "needs more" in caught.value.message
            seen.add(2)
        state, _ = apply(state, rng.choice(legal_moves(state)))
    assert seen == {1, 2}


@pytest.mark.parametrize("typed", ["drop ?", "drop ,", "drop -", "drop 1000000000000"])
def test_a_column_typed_as_no_number_is_refused_with_what_was_typed(typed):
    """'drop ?' was read as the action named 'drop?' and refused as 'there is no column
    None'; a number too long to be a column as the largest number of nine digits."""
    from regelwerk.engine import load_ruleset

    rules = load_ruleset("connect-four")
    words = Words(rules, GameText(rules, translations("en"), "en"))
    with pytest.raises(NotationError) as caught:
        words.read(typed, new_game(rules, ["ann", "bob"], 1))
    assert caught.value.message == "'{typed}' is not the number of a column, e.g. 4"
    assert caught.value.params["typed"] == typed.split()[1]


@pytest.mark.parametrize("typed", ["drinken drinkplaats ² olifant:3",
                                   "drinken drinkplaats 2² olifant:3"])
def test_a_numeral_that_is_no_plain_digit_is_never_read_as_one(typed):
    """'drinkplaats ²' was waterhole 2 (the fold made '2' of '²'), and 'drinkplaats 2²' was
    answered as if only 'drinkplaats' had been typed."""
    rules = load_ruleset("okavango")
    words = Words(rules, GameText(rules, translations("nl"), "nl"))
    with pytest.raises(NotationError) as caught:
        words.read(typed, new_game(rules, ["ann", "bob"], 1))
    assert caught.value.message == "'{name}' names nothing here; did you mean {near}?"
    assert caught.value.params["name"] == " ".join(typed.split()[1:3])
