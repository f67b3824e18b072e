"""Moves in words and in a short typed notation, in the player's language.

The notation is the action, then its parts: an area, pieces as KIND or
KIND:N, a wild piece standing in as WILD:KIND (or WILD:KIND:N), a kind.
Names may be given as ids (``waterhole-6``) or in the player's language with
spaces written as hyphens (``drinkplaats-6``).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine import GameState, Move, Ruleset
from regelwerk.engine.notation import NotationError, format_group
from regelwerk.locales.gametext import GameText

from regelwerk.engine.errors import N_
from regelwerk.engine.game import reachable_phases

from .text import _, say


def slug(name: str) -> str:
    return "-".join(name.lower().split())


class Words:
    """Describing and reading moves for one ruleset in one language."""

    def __init__(self, rules: Ruleset, text: GameText, players: tuple[str, ...] = ()) -> None:
        self.rules, self.text, self.players = rules, text, players
        # Two actions may share a name ("place" a drawn card, "place" a taken one): a
        # name then stands for whichever of them the turn offers now.
        self._actions: dict[str, list[str]] = {}
        for action_id in rules.actions:
            for token in (slug(text.action(action_id)), action_id):
                if action_id not in self._actions.setdefault(token, []):
                    self._actions[token].append(action_id)
        self._areas = self._index(rules.areas, text.area)
        self._zones = self._index(rules.zones, text.zone)
        self._shifts = {"left": "left", "right": "right", slug(_("left")): "left",
                        slug(_("right")): "right"}
        kinds: dict[str, str] = {}
        for kind in rules.components:
            for n in (1, 2):
                kinds.setdefault(slug(text.component(kind, n)), kind)
            kinds[kind] = kind
        self._kinds = kinds

    @staticmethod
    def _index(ids, name_of) -> dict[str, str]:
        index = {slug(name_of(i)): i for i in ids}
        index.update({i: i for i in ids})
        return index

    # -- describing ---------------------------------------------------------
    def describe(self, move: Move, state: GameState | None = None) -> str:
        """'drink: waterhole 6 — 3 lions'; with the state, 'take: 3 zebras'."""
        details = []
        gains = None if state is None else self.rules.actions[move.action].gains(state, move)
        if move.zone is not None:
            details.append(self.text.zone(move.zone))
        if move.player is not None:
            details.append(move.player)
        if move.cell is not None:
            details.append(say("row {row}, column {column}", row=move.cell[0],
                               column=move.cell[1]))
        if move.shift is not None:
            details.append(_("pushing cards to the right") if move.shift == "right"
                           else _("pushing cards to the left"))
        if move.area is not None:
            details.append(self.text.area(move.area))
        if move.group is not None:
            details.append(self.text.pieces(format_group(move.group)))
        if gains:
            details.append(self.text.pieces(gains))
        elif move.kind is not None:
            details.append(self.text.component(move.kind))
        label = self.text.action(move.action)
        return f"{label}: {' — '.join(details)}" if details else label

    def notation(self, move: Move) -> str:
        """The move in the typed notation, with the player's words."""
        tokens = [slug(self.text.action(move.action))]
        if move.zone is not None:
            tokens.append(slug(self.text.zone(move.zone)))
        if move.player is not None:
            tokens.append(move.player.lower())
        if move.cell is not None:
            tokens.append(f"{move.cell[0]}.{move.cell[1]}")
        if move.shift is not None:
            tokens.append(slug(_("left") if move.shift == "left" else _("right")))
        if move.area is not None:
            tokens.append(slug(self.text.area(move.area)))
        for kind, stands, n in move.group or ():
            word = slug(self.text.component(kind))
            if kind != stands:
                word += ":" + slug(self.text.component(stands))
            tokens.append(word if n == 1 else f"{word}:{n}")
        if move.kind is not None:
            tokens.append(slug(self.text.component(move.kind)))
        return " ".join(tokens)

    # -- reading ------------------------------------------------------------
    def read(self, line: str, state: GameState | None = None) -> Move:
        """The Move a typed line names; NotationError says what is wrong with it. With
        the state, a name two actions share means the one possible now."""
        tokens = line.lower().split()
        if not tokens:
            raise NotationError(N_("type a move"), {}, ())
        candidates = self._actions.get(tokens[0])
        if not candidates:
            known = dict.fromkeys(slug(self.text.action(a)) for a in self.rules.actions)
            raise NotationError(N_("unknown action '{name}'; actions: {known}"),
                                {"name": tokens[0], "known": ", ".join(known)}, ())
        action_id = candidates[0]
        if len(candidates) > 1 and state is not None:
            offered = {a for phase in reachable_phases(state) for a in phase.actions}
            action_id = next((a for a in candidates if a in offered), action_id)
        action = self.rules.actions[action_id]
        data: dict[str, Any] = {"action": action_id}
        rest = tokens[1:]
        for role in action.roles:
            key = action.names[role]
            if role == "zone" and rest:
                data[key] = self._lookup(self._zones, rest.pop(0), N_("zone"))
            elif role == "player" and rest:
                data[key] = self._player(rest.pop(0))
            elif role == "cell" and rest:
                data[key] = self._cell(rest.pop(0))
            elif role == "shift" and rest:
                data[key] = self._lookup(self._shifts, rest.pop(0), N_("direction"))
            elif role == "area" and rest:
                data[key] = self._lookup(self._areas, rest.pop(0), N_("area"))
            elif role == "kind" and rest:
                data[key] = self._lookup(self._kinds, rest.pop(0), N_("kind"))
            elif role == "group":
                data[key], rest = self._pieces(rest), []
        if rest:
            raise NotationError(N_("too much: {extra}"), {"extra": " ".join(rest)}, ())
        return action.parse(data, self.rules)

    def _player(self, token: str) -> str:
        for name in self.players:
            if name.lower() == token:
                return name
        raise NotationError(N_("unknown player '{name}'"), {"name": token}, ())

    @staticmethod
    def _cell(token: str) -> list[int]:
        parts = token.replace(",", ".").split(".")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise NotationError(N_("write a cell as ROW.COLUMN, e.g. 2.5"), {}, ())
        return [int(parts[0]), int(parts[1])]

    def _lookup(self, index: dict[str, str], token: str, what: str) -> str:
        found = index.get(token)
        if found is None:
            raise NotationError(N_("unknown {what} '{name}'"), {"what": what, "name": token}, ())
        return found

    def _pieces(self, tokens: list[str]) -> dict[str, Any]:
        pieces: dict[str, Any] = {}
        for token in tokens:
            parts = token.split(":")
            kind = self._lookup(self._kinds, parts[0], N_("kind"))
            count, stands = 1, None
            for part in parts[1:]:
                if part.isdigit():
                    count = int(part)
                else:
                    stands = self._lookup(self._kinds, part, N_("kind"))
            if stands is None:
                pieces[kind] = pieces.get(kind, 0) + count
            else:
                declared = pieces.setdefault(kind, {})
                if not isinstance(declared, dict):
                    raise NotationError(N_("write every {kind} the same way"),
                                        {"kind": token}, ())
                declared[stands] = declared.get(stands, 0) + count
        return pieces


def help_text(words: Words, examples: list[Move]) -> str:
    lines = [_("Choose a move by its number, or type it in this notation:"),
             "  " + _("ACTION [AREA] [PIECES] [KIND]"),
             "  " + _("pieces: KIND or KIND:COUNT; a wild piece standing in: WILD:KIND"),
             _("Examples:")]
    lines += [f"  {words.notation(m)}" for m in examples]
    lines.append(_("Other commands: help, board, quit"))
    return "\n".join(lines)

