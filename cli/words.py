"""Moves in words and in a short typed notation, in the player's language.

The notation is the action, then its parts: an area, pieces as KIND or
KIND:N, a wild piece standing in as WILD:KIND (or WILD:KIND:N), a kind.
Names may be given as ids (``waterhole-6``) or in the player's language with
spaces written as hyphens (``drinkplaats-6``).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Mapping

from regelwerk.engine import (GameState, Move, NotationError, Ruleset, UNDECLARED_WILD, WILD_TERM,
                              format_group, legal_moves)
from regelwerk.locales.gametext import GameText

from regelwerk.engine import ChoiceType, LaneType, N_, Part, PartType, reachable_phases

from .lexicon import PUNCTUATION, Lexicon, fold
from .text import _, labelled, say

#: the most words a name typed with spaces may have (``trou d'eau 6``, ``dar la vuelta a una
#: segunda carta``)
MAX_WORDS = 8


def slug(name: str) -> str:
    """A name as one typed word: hyphens for spaces, without its punctuation
    ("nee, bedankt!": ``nee-bedankt``)."""
    return "-".join(_words(name))


def as_typed(name: str) -> str:
    """A name as a player types it, its words without their punctuation ("nee, bedankt!":
    ``nee bedankt``, "drinkplaats 2"); a piece's name, which counts follow (``leeuw:2``),
    is typed as a ``slug``."""
    return " ".join(_words(name))


def _words(name: str) -> list[str]:
    return [word for word in re.split(rf"[\s{PUNCTUATION}]+", name.lower()) if word]


class Words:
    """Describing and reading moves for one ruleset in one language."""

    def __init__(self, rules: Ruleset, text: GameText, players: tuple[str, ...] = ()) -> None:
        self.rules, self.text, self.players = rules, text, players
        # Two actions may share a name ("place" a drawn card, "place" a taken one): a
        # name then stands for whichever of them the turn offers now.
        self._actions = Lexicon().add_all(
            (word, action_id) for action_id in rules.actions
            for word in (text.action(action_id), action_id))
        # ... or, where no name is typed, by a word of a name of several ("no" for "no
        # thanks!"): "aanvallen" is the action of that name, not also "niet aanvallen"
        self._name_words = Lexicon().add_all(
            (word, action_id) for action_id in rules.actions
            for word in _words(text.action(action_id))
            if len(_words(text.action(action_id))) > 1)
        self._areas = Lexicon().add_all(self._named(rules.areas, text.area))
        self._zones = Lexicon().add_all(self._named(rules.zones, text.zone))
        specs = rules.document.data["components"]
        self._kinds = Lexicon().add_all(  # a kind by its names, its id and its symbol
            (word, kind) for kind in rules.components
            for word in (text.component(kind, 1), text.component(kind, 2), kind,
                         str(specs.get(kind, {}).get("symbol", ""))) if word)

    @staticmethod
    def _named(ids: Iterable[str], name_of: Callable[[str], str]) -> Iterable[tuple[str, str]]:
        for id_ in ids:
            yield name_of(id_), id_
            yield id_, id_

    # -- describing ---------------------------------------------------------
    def describe(self, move: Move, state: GameState | None = None) -> str:
        """'drink: waterhole 6 — 3 lions'; with the state, 'take: 3 zebras'."""
        action = self.rules.actions[move.action]
        gains = None if state is None else action.gains(state, move)
        details = []
        for part in action.parts:
            value = move.get(part.name)
            if value is None:
                continue
            kind = part.type.kind
            if kind == "kind" and gains:
                continue
            details.append(self._shown(part, value))
        if gains:
            details.append(self.text.pieces(gains))
        label = self.text.action(move.action)
        return labelled(label, " — ".join(details)) if details else label

    def _shown(self, part: Part, value: Any) -> str:
        kind = part.type.kind
        if kind == "zone":
            return self.text.zone(value)
        if kind == "cell":
            return say("row {row}, column {column}", row=value[0], column=value[1])
        if isinstance(part.type, LaneType):
            return say(part.type.label, number=value)
        if isinstance(part.type, ChoiceType):
            return self.text.term(value) if part.type.game_words else _(part.type.labels[value])
        if kind == "area":
            return self.text.area(value)
        if kind == "group":
            return self.text.pieces(format_group(value))
        if kind == "kind":
            return self.text.component(value)
        return str(value)  # a player's name

    def notation(self, move: Move) -> str:
        """The move in the typed notation, with the player's words."""
        tokens = [as_typed(self.text.action(move.action))]
        for part in self.rules.actions[move.action].parts:
            value = move.get(part.name)
            if value is not None:
                tokens.extend(self._typed(part, value))
        return " ".join(tokens)

    def _typed(self, part: Part, value: Any) -> list[str]:
        kind = part.type.kind
        if kind == "zone":
            return [as_typed(self.text.zone(value))]
        if kind == "player":
            return [value.lower()]
        if kind == "cell":
            return [f"{value[0]}.{value[1]}"]
        if isinstance(part.type, LaneType):
            return [str(value)]
        if isinstance(part.type, ChoiceType):
            return [as_typed(self.text.term(value) if part.type.game_words
                             else _(part.type.words[value]))]
        if kind == "area":
            return [as_typed(self.text.area(value))]
        if kind == "group":
            tokens = []
            for piece, stands, n in value:
                word = slug(self.text.component(piece))
                if piece != stands:
                    word += ":" + slug(self.text.component(stands))
                tokens.append(word if n == 1 else f"{word}:{n}")
            return tokens
        return [slug(self.text.component(value))]  # a kind

    def _plain_word(self) -> str:
        """The typed word of the first kind that is not wild, for examples."""
        kind = next(kind for kind, piece in self.rules.components.items() if not piece.wild)
        return slug(self.text.component(kind))

    def pieces_hint(self) -> str:
        """How pieces are typed, shown with this game's own words (``leeuw``, ``leeuw:2``,
        ``rangerkaart:leeuw``) rather than placeholders."""
        pieces = self.rules.components.values()
        wild = [piece.id for piece in pieces if piece.wild]
        typed = any(part.type.kind == "group" for action in self.rules.actions.values()
                    for part in action.parts)
        if not (typed and any(not piece.wild for piece in pieces)):
            return ""
        one = self._plain_word()
        term = self.text.chosen_term()
        # TRANSLATORS: how many of a piece are typed, e.g. "cards: lion for one, lion:2 for two"
        # ('one' agrees with the game's word for a piece: {piece:m=un/f=une})
        piece = self.text.term_noun(term, 1)
        counts = say("{one} for {piece:sg=one}, {two} for two", one=one, two=f"{one}:2",
                     piece=piece)
        if wild:
            # TRANSLATORS: after "lion for one, lion:2 for two"; {piece} is the game's word for
            # what the wild piece stands for ("an animal")
            counts = say("{counts}; {wild:indef} standing in for {piece:indef}: {typed}",
                         counts=counts, typed=f"{self._short_word(wild[0])}:{one}",
                         wild=self.text.component_noun(wild[0]), piece=piece)
        return labelled(self.text.term(term, 2), counts)

    def _short_word(self, kind: str) -> str:
        """A kind's typed word, shortened to the longest of its words that names only it
        (one word is enough to type: ``ranger`` for ``ranger-card``, ``carte-de-ranger``)."""
        word = slug(self.text.component(kind))
        alone = [part for part in word.split("-") if self._kinds.find(part) == {kind}]
        return max(alone, key=len) if alone else word

    # -- reading ------------------------------------------------------------
    def read(self, line: str, state: GameState | None = None) -> Move:
        """The Move a typed line names; NotationError says what is wrong with it. With
        the state, a name two actions share means the one possible now."""
        tokens = line.lower().split()
        if not tokens:
            raise NotationError(N_("type a move"), {}, ())
        named, length = self._action_words(tokens)
        candidates = [a for a in self.rules.actions if a in named]
        if not candidates:
            known = dict.fromkeys(as_typed(self.text.action(a)) for a in self.rules.actions)
            raise NotationError(N_("unknown action '{name}'; actions: {known}"),
                                {"name": tokens[0], "known": ", ".join(known)}, ())
        if len(candidates) > 1 and state is not None:  # the ones the turn offers now
            offered = {a for phase in reachable_phases(state) for a in phase.actions}
            candidates = [a for a in candidates if a in offered] or candidates
        names = {self.text.action(a) for a in candidates}
        if len(names) > 1:
            raise self._ambiguous(tokens[0], sorted(names))
        action_id = candidates[0]
        action = self.rules.actions[action_id]
        data: dict[str, Any] = {"action": action_id}
        rest = tokens[length:]
        implied = action.implied()
        for part in action.parts:
            key, kind = action.names[part.name], part.type.kind
            if part.name in implied:
                continue
            if kind == "group":
                data[key], rest = self._pieces(rest), []
            elif rest:
                data[key], rest = self._read_joined(part, rest)
        if rest:
            raise NotationError(N_("too much: {extra}"), {"extra": " ".join(rest)}, ())
        if any(action.names[part.name] not in data for part in action.parts
               if not part.optional and part.name not in implied):
            return self._completed(action_id, data, tokens[0], state)
        try:
            return action.parse(data, self.rules)
        except NotationError as error:
            if error.message != UNDECLARED_WILD:
                raise
            typed = next((value for value in data.values() if isinstance(value, dict)), {})
            real = [kind for kind in typed if not self.rules.components[kind].wild]
            word = slug(self.text.component(real[0])) if real else self._plain_word()
            example = f"{slug(self.text.component(error.params['wild']))}:{word}"
            raise NotationError(N_("say which kind each {wild:bare} stands for, e.g. {example}"),
                                {"example": example, "wild": WILD_TERM}, error.path,
                                refusal=error.refusal) from None

    def _action_words(self, tokens: list[str]) -> tuple[set[str], int]:
        """The actions the first words name, and how many words that takes: a name of
        several words may be typed with spaces ("nee, bedankt!"), so the longest run of words
        that names an action exactly is taken, else the first word as typed: a name or its
        beginning, else a word of a name of several or its beginning ("nee")."""
        for length in _runs(tokens):
            named = self._actions.exact("-".join(tokens[:length]))
            if named:
                return named, length
        return self._actions.find(tokens[0]) or self._name_words.find(tokens[0]), 1

    def _completed(self, action_id: str, data: Mapping[str, Any], typed: str,
                   state: GameState | None) -> Move:
        """The one possible move a move typed without all its parts can be; else refuse it,
        with a whole one to copy where the action can be taken now (never the name of a
        part as the rules file writes it)."""
        if state is None:
            raise NotationError(N_("'{action}' needs more: type the whole move"),
                                {"action": typed}, ())
        action = self.rules.actions[action_id]
        possible = [move for move in legal_moves(state) if move.action == action_id]
        fitting = [move for move in possible
                   if all(action.notation(move).get(key) == value for key, value in data.items())]
        if len(fitting) == 1:
            return fitting[0]
        if not possible:
            raise NotationError(N_("'{action}' is not possible now"), {"action": typed}, ())
        raise NotationError(N_("'{action}' needs more: type the whole move, e.g. '{example}'"),
                            {"action": typed, "example": self.notation(possible[0])}, ())

    def _read_joined(self, part: Part, tokens: list[str]) -> tuple[Any, list[str]]:
        """A part read from the first tokens: a name of several words may be typed with
        spaces (``waterhole 2``), so the longest run of words that names one is taken."""
        for length in _runs(tokens):
            try:
                return self._read_part(part, "-".join(tokens[:length])), tokens[length:]
            except NotationError:
                continue
        try:
            return self._read_part(part, tokens[0]), tokens[1:]
        except NotationError as error:
            if error.message != AMBIGUOUS or not _runs(tokens):
                raise
        # the first word begins several names, and with the next it names none: answer
        # for what was typed together ('drinkplaats 2²'), not for the first word alone
        return self._read_part(part, " ".join(tokens[:2])), tokens[2:]

    def _read_part(self, part: Part, token: str) -> Any:
        kind = part.type.kind
        if kind == "zone":
            return self._lookup(self._zones, token)
        if kind == "player":
            return self._player(token)
        if kind == "cell":
            return self._cell(token)
        if isinstance(part.type, LaneType):  # 4, or as the menu says it: column 4
            before, _number, after = fold(_(part.type.label)).partition("{number}")
            folded = fold(token)
            if folded.startswith(before) and folded.endswith(after):
                token = folded.removeprefix(before).removesuffix(after)
            number = typed_number(token)
            if number is None or len(token) > MAX_DIGITS:  # what was typed, not a number read
                raise NotationError(N_("'{typed}' is not the number of a column, e.g. 4")
                                    if kind == "column" else
                                    N_("'{typed}' is not the number of a row, e.g. 4")
                                    if kind == "row" else
                                    N_("'{typed}' is not the number of a place, e.g. 2"),
                                    {"typed": _shortened(token)}, ())
            return number
        if isinstance(part.type, ChoiceType):
            words = {value: self.text.term(value) for value in part.type.values} \
                if part.type.game_words else {v: _(w) for v, w in part.type.words.items()}
            index = Lexicon().add_all([*((value, value) for value in words),
                                       *((word, value) for value, word in words.items())])
            return self._lookup(index, token)
        if kind == "area":
            return self._lookup(self._areas, token)
        return self._lookup(self._kinds, token)

    def _player(self, token: str) -> str:
        player = player_named(self.players, token)
        if player is None:
            raise NotationError(N_("unknown player '{name}'"), {"name": token}, ())
        return player

    @staticmethod
    def _cell(token: str) -> list[int]:
        numbers = [typed_number(p) for p in token.replace(",", ".").split(".")]
        if len(numbers) != 2 or None in numbers:
            raise NotationError(N_("write a cell as ROW.COLUMN, e.g. 2.5"), {}, ())
        return [n for n in numbers if n is not None]

    def _lookup(self, index: Lexicon, token: str) -> str:
        """The id a typed word names (its start is enough where only one name starts so);
        a word that names nothing is answered with the names closest to it, never with the
        engine's word for what was expected."""
        found = index.find(token)
        if len(found) == 1:
            return found.pop()
        if found:
            raise self._ambiguous(token, index.names(found))
        near = index.closest(token)
        if near:
            raise NotationError(N_("'{name}' names nothing here; did you mean {near}?"),
                                {"name": token, "near": " / ".join(near)}, ())
        raise NotationError(N_("'{name}' names nothing here"), {"name": token}, ())

    def _ambiguous(self, typed: str, names: list[str]) -> NotationError:
        """A typed word that begins the names of several things, and those names."""
        return NotationError(AMBIGUOUS, {"name": typed, "candidates": self.text.either(names)},
                             ())

    def _joined_kinds(self, tokens: list[str]) -> list[str]:
        """The tokens of pieces with a kind's name of several words typed with spaces made
        one (``flamant rose``, ``búfalo de agua:2``, ``rangerkaart:water buffalo``): where
        the words after a token's last name are the rest of a kind's name, the longest."""
        joined: list[str] = []
        i = 0
        while i < len(tokens):
            token, i = tokens[i], i + 1
            merged = True
            while merged:  # a name after a colon may go on too: ranger:water buffalo
                merged = False
                for length in range(min(MAX_WORDS, len(tokens) - i + 1), 1, -1):
                    words = [token.rsplit(":", 1)[-1],
                             *(t.partition(":")[0] for t in tokens[i:i + length - 1])]
                    if self._kinds.exact("-".join(words)):
                        rest = tokens[i + length - 2].partition(":")
                        token = token[:len(token) - len(words[0])] + "-".join(words) + \
                            rest[1] + rest[2]
                        i, merged = i + length - 1, True
                        break
            joined.append(token)
        return joined

    def _pieces(self, tokens: list[str]) -> dict[str, Any]:
        pieces: dict[str, Any] = {}
        for token in self._joined_kinds(tokens):
            parts = token.split(":")
            kind = self._lookup(self._kinds, parts[0])
            count: int | None = None
            stands: str | None = None
            for part in parts[1:]:
                number = typed_number(part)
                if (count if number is not None else stands) is not None:
                    # 'lion:2:3' or 'ranger:lion:zebra': which was meant? Never a guess.
                    raise NotationError(N_("'{token}' says a count or a kind twice; write "
                                           "KIND:COUNT or WILD:KIND:COUNT"), {"token": token}, ())
                if number is not None:
                    count = number
                else:
                    stands = self._lookup(self._kinds, part)
            many = 1 if count is None else count
            if stands is None:
                pieces[kind] = pieces.get(kind, 0) + many
            else:
                declared = pieces.setdefault(kind, {})
                if not isinstance(declared, dict):
                    raise NotationError(N_("write every {kind} the same way"),
                                        {"kind": token}, ())
                declared[stands] = declared.get(stands, 0) + many
        return pieces


#: the word standing for each kind of part where help shows how an action is typed
PLACEHOLDERS = {"area": N_("AREA"), "zone": N_("ZONE"), "player": N_("PLAYER"),
                "cell": N_("CELL"), "column": N_("COLUMN"), "row": N_("ROW"),
                "place": N_("PLACE"),
                "group": N_("PIECES"), "kind": N_("KIND"), "choice": N_("CHOICE")}


def placeholder(text: GameText, part: PartType) -> str:
    """The word standing for a kind of part where help shows how an action is typed: in
    the game's own words where it has them (``drinken GEBIED DIEREN``, ``KLEUR/GETAL``),
    else the general ``PLACEHOLDERS``."""
    terms, kind = text.data.get("terms", {}), part.kind
    about = part.about if isinstance(part, ChoiceType) else ()
    if kind in ("area", "place") and kind in terms:  # the game's word: areas of every type
        told = slug(text.term(kind))
    elif kind == "area":
        used = dict.fromkeys(area.type.id for area in text.rules.areas.values())
        told = "/".join(slug(text.area_type(type_id)) for type_id in used)
    elif kind in ("group", "kind", "player"):
        told = slug(text.term("player" if kind == "player" else text.chosen_term(),
                              2 if kind == "group" else 1))
    elif about:  # a value of the pieces' attributes: named by the attributes' terms
        told = "/".join(slug(text.term(attribute)) for attribute in about)
    else:
        told = ""
    return told.upper() if told else _(PLACEHOLDERS[kind])


def patterns(words: Words) -> list[str]:
    """How each action is typed, with the parts its moves have and an optional one in
    brackets ("lasso PLAYER CELL", "draw [ZONE]"); two actions of one name, once."""
    told: dict[str, str] = {}
    for action in words.rules.actions.values():
        name, implied = as_typed(words.text.action(action.id)), action.implied()
        parts = [f"[{placeholder(words.text, part.type)}]" if part.optional
                 else placeholder(words.text, part.type)
                 for part in action.parts if part.name not in implied]
        told.setdefault(name, " ".join([name, *parts]))
    return list(told.values())


def player_named(players: Iterable[str], typed: str) -> str | None:
    """The player ``typed`` names as names are typed (case, accents and all: ``zoe`` for
    Zoé, an unambiguous beginning), or None."""
    named = Lexicon().add_all((name, name) for name in players).find(typed)
    return next(iter(named)) if len(named) == 1 else None


def help_text(words: Words, examples: list[Move]) -> str:
    lines = [_("Choose a move by its number, or type it in this notation:"),
             *("  " + told for told in patterns(words)),
             *(["  " + hint] if (hint := words.pieces_hint()) else []),
             _("Examples:")]
    lines += [f"  {words.notation(m)}" for m in examples]
    lines.append(_("Other commands: help, board [PLAYER], rules, score, log, legend, quit; "
                   "b goes back one step"))
    return "\n".join(lines)


#: typed numbers longer than this are read as this many nines: far beyond any count or cell,
#: so the rules refuse them, and reading them costs nothing
MAX_DIGITS = 9


#: a typed word that begins several names (``Words._ambiguous``)
AMBIGUOUS = N_("'{name}' could be {candidates}: type more of it")


def _runs(tokens: list[str]) -> list[int]:
    """How many of the first tokens a name of several words may take, longest first: two
    words or more, with the signs typed among or after them ('non merci !'), never one word
    and a sign ('drop ?': the sign is what comes after the name)."""
    return [length for length in range(min(MAX_WORDS, len(tokens)), 1, -1)
            if sum(1 for token in tokens[:length] if fold(token)) >= 2]


def _shortened(typed: str, limit: int = 20) -> str:
    """What a player typed, cut short where it is long, to be shown back to them."""
    return typed if len(typed) <= limit else typed[:limit - 1] + "…"


def typed_number(token: str) -> int | None:
    """A number typed in ASCII digits (not '²' or other scripts' digits), or None."""
    if not (token.isascii() and token.isdigit()):
        return None
    return int(token) if len(token) <= MAX_DIGITS else 10 ** MAX_DIGITS - 1
