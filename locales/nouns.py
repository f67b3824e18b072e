"""Noun phrases built from grammatical data, never from a bare name glued into a sentence.

A game's catalog declares, for each name it translates (a zone, an area, a kind, a term),
what its language needs to put the name in a sentence: the gender, whether it takes an
article, French elision, German case forms (``grammar``, below). The program's sentences
ask for a form of the name in their placeholder's format spec, and the language's own
tables here give the article, its contraction with a preposition and its case:

``{zone:def}``        the Okavango / de Okavango / der Okavango / l’Okavango / el mazo 1
``{zone:Def}``        the same, its first letter a capital (a sentence's start)
``{zone:indef}``      a … / een … / ein … / un … / une … / un … / una …
``{zone:no}``         no … / geen … / kein … / aucun … / ningún …
``{zone:bare}``       the name alone (in German in its case: ``{zone:bare.dat}``)
``{zone:de+def}``     a preposition and the article, contracted where the language does:
                      du, de la, de l’, des; del; vom, zur, im … (German takes the case the
                      preposition governs, or the one written: ``{zone:in+def.dat}``)
``{zone:m=plein/f=pleine}``  a word that agrees with the name: keys ``m`` ``f`` ``n`` (de,
                      fr, es), ``de`` ``het`` (nl) and ``pl`` (the name in the plural)

``Counted`` and ``Pieces`` say a number of pieces ("zwei Karten", "une carte", "één leeuw"),
small numbers in words as the manuals write them in running text (``number_word``); in
German their spec is the case (``{pieces:dat}``: "mit einer Karte"), and a word may agree
with a ``Counted`` as with its noun (``{count:m.pl=Los/f.pl=Las} {count}``: "Los tres
colores"). One piece alone is "a lion", "een leeuw" (one, één: beside other counts).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping, Sequence

from regelwerk.engine.common.errors import N_

#: the genders a language's grammar declares (Dutch: the article a word takes)
GENDERS: Mapping[str, tuple[str, ...]] = {
    "nl": ("de", "het"), "fr": ("m", "f"), "de": ("m", "f", "n"), "es": ("m", "f"), "en": ()}
CASES = ("nom", "acc", "dat", "gen")
ARTICLES = ("def", "indef", "no", "each", "bare")
#: the message context of a name's grammar in a game's catalog
GRAMMAR = "grammar"

#: languages in which a numbered name ("waterhole 6") takes no article unless declared
_NUMBERED_BARE = frozenset({"en", "nl", "de"})
_VOWELS = "aeiouyàâäéèêëîïôöûüœæ"

# -- the articles of each language ------------------------------------------------------
# German: by article, case and gender ("pl" for every plural)
_DE = {
    "def": {"nom": ("der", "die", "das", "die"), "acc": ("den", "die", "das", "die"),
            "dat": ("dem", "der", "dem", "den"), "gen": ("des", "der", "des", "der")},
    "indef": {"nom": ("ein", "eine", "ein", ""), "acc": ("einen", "eine", "ein", ""),
              "dat": ("einem", "einer", "einem", ""), "gen": ("eines", "einer", "eines", "")},
    "no": {"nom": ("kein", "keine", "kein", "keine"), "acc": ("keinen", "keine", "kein", "keine"),
           "dat": ("keinem", "keiner", "keinem", "keinen"),
           "gen": ("keines", "keiner", "keines", "keiner")},
    "each": {"nom": ("jeder", "jede", "jedes", "alle"), "acc": ("jeden", "jede", "jedes", "alle"),
             "dat": ("jedem", "jeder", "jedem", "allen"),
             "gen": ("jedes", "jeder", "jedes", "aller")},
}
_DE_INDEX = {"m": 0, "f": 1, "n": 2}
#: the case a German preposition governs (those that take either say it: ``in+def.dat``)
_DE_GOVERNS = {"von": "dat", "zu": "dat", "mit": "dat", "aus": "dat", "bei": "dat",
               "nach": "dat", "seit": "dat", "für": "acc", "durch": "acc", "gegen": "acc",
               "ohne": "acc", "um": "acc", "wegen": "gen", "statt": "gen"}
_DE_CONTRACTED = {("von", "dem"): "vom", ("zu", "dem"): "zum", ("zu", "der"): "zur",
                  ("in", "dem"): "im", ("in", "das"): "ins", ("an", "dem"): "am",
                  ("an", "das"): "ans", ("bei", "dem"): "beim", ("auf", "das"): "aufs"}
_FR_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au",
                  ("à", "les"): "aux"}
_ES_CONTRACTED = {("de", "el"): "del", ("a", "el"): "al"}

#: whose list patterns a language's lists follow: the English manuals are British, with no
#: comma before the last "and" or "or"
_LIST_LOCALES = {"en": "en_GB"}


def list_locale(language: str) -> str:
    """The locale Babel's ``format_list`` takes for a language's lists."""
    return _LIST_LOCALES.get(language, language)


# -- small numbers in words -------------------------------------------------------------
_WORDS = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve"),
    "nl": ("nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen",
           "tien", "elf", "twaalf"),
    "fr": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf",
           "dix", "onze", "douze"),
    "de": ("null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
           "zehn", "elf", "zwölf"),
    "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
           "diez", "once", "doce"),
}
#: languages whose indefinite article is not the word for one
_ARTICLE_NOT_ONE = frozenset({"en", "nl"})
#: the largest number running text writes as a word
LARGEST_WORD = 12


class GrammarError(ValueError):
    """A grammar declaration its language cannot read: the message id and parameters."""

    def __init__(self, message: str, **params: str) -> None:
        super().__init__(message)
        self.message, self.params = message, params


@dataclass(frozen=True)
class Grammar:
    """What a language needs of one name: its gender, whether it takes an article (None:
    the language's default), French elision (None: by its first letter), and German case
    forms of the singular that differ from it (weak nouns: ``dat=Löwen``)."""

    gender: str = ""
    article: bool | None = None
    elide: bool | None = None
    forms: Mapping[str, str] = field(default_factory=dict)
    plural: bool = False  # a name that is plural itself ("cartes écartées")
    #: the words it was read from, to be written into a new catalog (``catalogs``)
    declared: str = field(default="", compare=False)


def parse_grammar(declared: str, language: str) -> Grammar:
    """A catalog's grammar of a name: words separated by spaces, e.g. ``f``, ``het``,
    ``m bare``, ``f pl``, ``m elide``, ``m acc=Löwen dat=Löwen gen=Löwen``."""
    gender, article, elide, forms, plural = "", None, None, {}, False
    for word in declared.split():
        if word in GENDERS.get(language, ()):
            if gender:
                raise GrammarError(N_("two genders for one name: {first} and {second}"),
                                   first=gender, second=word)
            gender = word
        elif word == "pl":
            plural = True
        elif word in ("bare", "article"):
            article = word == "article"
        elif word in ("elide", "no-elide") and language == "fr":
            elide = word == "elide"
        elif word == "el" and language == "es":  # el agua, un hacha: a stressed a
            elide = True
        elif "=" in word and word.split("=", 1)[0] in _FORMS.get(language, ()):
            case, form = word.split("=", 1)
            forms[case] = form.replace("_", " ")
        else:
            raise GrammarError(N_("'{word}' is no word of a name's grammar in this language; "
                                  "it may hold: {known}"), word=word,
                               known=", ".join(_known_words(language)))
    if GENDERS.get(language) and not gender:
        raise GrammarError(N_("a name's grammar needs its gender: one of {genders}"),
                           genders=", ".join(GENDERS[language]))
    return Grammar(gender, article, elide, forms, plural, declared.strip())


#: the forms of a name a grammar may write out, by language (``_`` for a space)
_FORMS = {"de": CASES[1:], "nl": ("def",)}


def _known_words(language: str) -> list[str]:
    extra = {"fr": ["elide", "no-elide"], "de": ["acc=…", "dat=…", "gen=…"],
             "nl": ["def=…"], "es": ["el"]}
    return [*GENDERS.get(language, ()), "pl", "bare", "article", *extra.get(language, [])]


@dataclass(frozen=True)
class Noun:
    """A name in one language with its grammar, in the singular or the plural; formatted
    with a spec (see the module's docstring) it gives the phrase the sentence asks for,
    and without one the name alone."""

    name: str
    language: str
    grammar: Grammar = Grammar()
    plural: bool = False
    numbered: bool = False
    #: the game's one piece of its kind: 'a' said of it is 'the'
    unique: bool = False

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.name
        if "=" in spec:
            return self.agreeing(spec)
        told = self.phrase(spec[0].lower() + spec[1:])
        return _capital(told) if spec[0].isupper() else told

    # -- agreement --------------------------------------------------------------------
    def agreeing(self, spec: str) -> str:
        """The word of ``m=…/f=…/sg=…/pl=…/f.pl=…`` that agrees with this name: in the
        plural its gender's plural, else ``pl``; in the singular its gender, else ``sg``;
        else the first."""
        choices = dict(item.split("=", 1) for item in spec.split("/") if "=" in item)
        gender = self.grammar.gender
        keys = (f"{gender}.pl", "pl") if self.plural else (gender, "sg")
        for key in keys:
            if key in choices:
                return choices[key]
        return next(iter(choices.values()))

    # -- articles -------------------------------------------------------------------
    def phrase(self, spec: str) -> str:
        preposition, _, rest = spec.rpartition("+")
        article, _, case = rest.partition(".")
        if article not in ARTICLES:
            return self.name  # a spec no language knows: the name, never a failure
        if self.language == "de" and not case:
            case = _DE_GOVERNS.get(preposition, "nom")
        if article == "indef" and self.unique and not self.plural:
            article = "def"
        if article in ("def", "indef") and not self._takes_article():
            article = "bare"
        if article == "indef" and self.plural and self.language != "fr":
            article = "bare"
        noun = self._in_case(case or "nom", article)
        word = "" if article == "bare" else self._article(article, case or "nom")
        return self._joined(preposition, word, noun)

    def _takes_article(self) -> bool:
        if self.grammar.article is not None:
            return self.grammar.article
        return not (self.numbered and self.language in _NUMBERED_BARE)

    def _in_case(self, case: str, article: str = "bare") -> str:
        """The name as the article and case before it want it: in German its case form
        and the ending of an adjective in it; in Dutch its form after 'de' or 'het'."""
        if self.language == "nl":
            return self.grammar.forms.get(article, self.name) if not self.plural else self.name
        if self.language != "de":
            return self.name
        name = self.name
        if self.plural:  # the dative plural ends in -n (not after -n or -s)
            name = name + "n" if case == "dat" and name[-1:] not in "ns" else name
        elif case != "nom":
            name = self.grammar.forms.get(case, name)
        return _german_adjective(name, article, case, self.grammar.gender, self.plural)

    def _elides(self) -> bool:
        if self.grammar.elide is not None:
            return self.grammar.elide
        return self.name[:1].lower() in _VOWELS

    def _article(self, article: str, case: str) -> str:
        language, gender, plural = self.language, self.grammar.gender, self.plural
        if language == "de":
            index = 3 if plural else _DE_INDEX.get(gender, 0)
            return _DE[article][case][index]
        if article == "each":
            return self._each()
        if language == "fr":
            feminine = gender == "f"
            if article == "def":
                return "les" if plural else ("l’" if self._elides() else
                                             "la" if feminine else "le")
            if article == "indef":
                return "des" if plural else "une" if feminine else "un"
            return "aucune" if feminine else "aucun"
        if language == "es":  # a feminine name starting with a stressed a takes el, un
            feminine = gender == "f" and (plural or not self.grammar.elide)
            if article == "def":
                return ("las" if feminine else "los") if plural else "la" if feminine else "el"
            if article == "indef":
                return "una" if feminine else "un"
            return "ninguna" if feminine else "ningún"
        if language == "nl":
            if article == "def":
                return "de" if plural or gender != "het" else "het"
            return "een" if article == "indef" else "geen"
        if article == "def":
            return "the"
        if article == "indef":
            return "an" if self.name[:1].lower() in "aeiou" else "a"
        return "no"

    def _each(self) -> str:
        """'Each' before the name (outside German, whose ``_DE`` has it by case); 'all'
        before a plural one."""
        feminine, plural = self.grammar.gender == "f", self.plural
        if self.language == "nl":
            return "alle" if plural else "elk" if self.grammar.gender == "het" else "elke"
        if self.language == "fr":
            return ("toutes les" if feminine else "tous les") if plural else "chaque"
        if self.language == "es":
            return ("todas las" if feminine else "todos los") if plural else "cada"
        return "all" if plural else "each"

    def _joined(self, preposition: str, article: str, noun: str) -> str:
        if article.endswith("’"):
            head = article + noun
        else:
            head = f"{article} {noun}" if article else noun
        if not preposition:
            return head
        contracted = {"de": _DE_CONTRACTED, "fr": _FR_CONTRACTED,
                      "es": _ES_CONTRACTED}.get(self.language, {})
        if article and (preposition, article) in contracted:
            return f"{contracted[preposition, article]} {noun}"
        if self.language == "fr" and preposition == "de" and \
                (head[:1].lower() in _VOWELS and not article.endswith("’")
                 and (article or self._elides())):
            return "d’" + head  # d’Anna, d’un, d’une
        return f"{preposition} {head}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


#: German colour words that take no ending
_INDECLINABLE = frozenset({"rosa", "lila", "orange", "beige", "oliv", "pink"})
#: German adjective endings: by the article before it (strong: none), case and gender
_WEAK = {"nom": ("e", "e", "e", "en"), "acc": ("en", "e", "e", "en"),
         "dat": ("en", "en", "en", "en"), "gen": ("en", "en", "en", "en")}
_MIXED = {"nom": ("er", "e", "es", "en"), "acc": ("en", "e", "es", "en"),
          "dat": ("en", "en", "en", "en"), "gen": ("en", "en", "en", "en")}
_STRONG = {"nom": ("er", "e", "es", "e"), "acc": ("en", "e", "es", "e"),
           "dat": ("em", "er", "em", "en"), "gen": ("en", "er", "en", "er")}


def _german_adjective(name: str, article: str, case: str, gender: str, plural: bool) -> str:
    """A German name that starts with an adjective (a word in small letters: 'roter
    Spielstein', 'offene Karte'; written as it reads after 'ein'), with the ending that
    the article and case before it ask for: 'der rote Spielstein', 'der offenen Karte'."""
    words = name.split(" ", 1)
    first = words[0]
    if len(words) < 2 or not first[:1].islower() or first in _INDECLINABLE:
        return name
    stem = first
    for ending in ("es", "er", "en", "em", "e"):
        if first.endswith(ending) and len(first) > len(ending) + 2:
            stem = first[:-len(ending)]
            break
    else:
        return name
    table = _WEAK if article in ("def", "each") else _STRONG if article == "bare" else _MIXED
    if article == "indef" and plural:
        table = _STRONG
    endings = table.get(case, table["nom"])
    ending = endings[3] if plural else endings[_DE_INDEX.get(gender, 0)]
    return f"{stem}{ending} {words[1]}"


def number_word(n: int, language: str, gender: str = "", case: str = "nom",
                before_noun: bool = True) -> str:
    """A small number as running text writes it (``LARGEST_WORD`` and below), else its
    digits; one agrees with the noun it counts (une, una, un, eine, einem …)."""
    words = _WORDS.get(language, _WORDS["en"])
    if not 0 < n <= LARGEST_WORD:
        return str(n)
    if n != 1:
        return words[n]
    if language == "fr":
        return "une" if gender == "f" else "un"
    if language == "es":
        return "una" if gender == "f" else ("un" if before_noun else "uno")
    if language == "de":
        return _DE["indef"][case][_DE_INDEX.get(gender, 0)] if before_noun else "eins"
    return words[1]


@dataclass(frozen=True)
class Counted:
    """A number of pieces of one kind in running text: 'two lions', 'eine Karte'; ``also``
    is said after it in brackets (what a wild piece stands for)."""

    count: int
    noun: Noun
    also: str = ""

    def __str__(self) -> str:
        return format(self, "")

    def __format__(self, spec: str) -> str:
        if "=" in spec:  # a word that agrees with the counted noun: 'Los tres colores'
            return replace(self.noun, plural=self.count != 1).agreeing(spec)
        if spec[:1].isupper():  # at the start of a sentence: 'Zwei Löwen …'
            return _capital(format(self, spec.lower()))
        case = spec if spec in CASES else "nom"
        if self.count == 1 and (self.noun.numbered or self.noun.unique):
            # 'card 12', not 'one card 12'; 'la Princesse' the game has one of, not 'une'
            return format(self.noun, f"def.{case}")
        number = number_word(self.count, self.noun.language, self.noun.grammar.gender, case)
        # one is said like 'ein', so what follows ends as after it: 'einem roten Spielstein'
        told = f"{number} {self.noun._in_case(case, 'indef' if self.count == 1 else 'bare')}"
        return f"{told} ({self.also})" if self.also else told


@dataclass(frozen=True)
class Pieces:
    """Several counts joined as the language lists things: 'two zebras and a lion'. One
    piece is said with the indefinite article where the language tells it from the number
    ('a lion', 'een leeuw': 'one' and 'één' would stress it), alone or in a list."""

    parts: Sequence[Counted]
    language: str
    nothing: str = ""

    def __str__(self) -> str:
        return format(self, "")

    def __format__(self, spec: str) -> str:
        if spec[:1].isupper():
            return _capital(format(self, spec.lower()))
        if not self.parts:
            return self.nothing
        told = [self._one(part) or format(part, spec) for part in self.parts]
        if len(told) == 1:
            return told[0]
        from babel.lists import format_list  # not at import: reading a catalog needs no Babel

        return format_list(told, locale=list_locale(self.language))

    def _one(self, part: Counted) -> str:
        """One piece with the indefinite article, where the language says it so."""
        if part.count != 1 or part.noun.numbered or self.language not in _ARTICLE_NOT_ONE:
            return ""
        told = format(part.noun, "indef")
        return f"{told} ({part.also})" if part.also else told

    @property
    def total(self) -> int:
        return sum(part.count for part in self.parts)


@dataclass(frozen=True)
class Listed:
    """Several names where a sentence names them together: one kind of thing ('a waterhole
    or a river delta', ``style`` "or"), or all of them ('stack 1, stack 2 and the discard
    pile', ``style`` "and"); each in the form the sentence asks for, joined as the language
    lists them. A word that agrees takes the first name's gender, and for names joined by
    "and" the plural (the masculine where their genders differ)."""

    nouns: tuple[Noun, ...]
    language: str
    style: str = "or"

    def __str__(self) -> str:
        return format(self, "")

    def __format__(self, spec: str) -> str:
        if not self.nouns:
            return ""
        if "=" in spec:
            return self._agreeing().agreeing(spec)
        if len(self.nouns) == 1:
            return format(self.nouns[0], spec)
        rest = spec[:1].lower() + spec[1:]
        told = [format(self.nouns[0], spec), *(format(n, rest) for n in self.nouns[1:])]
        from babel.lists import format_list  # not at import: reading a catalog needs no Babel

        return format_list(told, style="or" if self.style == "or" else "standard",
                           locale=list_locale(self.language))

    @property
    def plural(self) -> bool:
        """Whether a verb after the names takes the plural."""
        return self.style == "and" and len(self.nouns) > 1 or \
            len(self.nouns) == 1 and self.nouns[0].plural

    def _agreeing(self) -> Noun:
        first = self.nouns[0]
        if not self.plural or len(self.nouns) == 1:
            return first
        genders = {noun.grammar.gender for noun in self.nouns}
        gender = first.grammar.gender if len(genders) == 1 else "m"
        return replace(first, plural=True, grammar=replace(first.grammar, gender=gender))
