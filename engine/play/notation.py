"""Content notation: ``{kind: count}``, with ``{wild: {kind: count}}`` for declared wilds.

This is how scenario files, saves and typed moves write groups and zone
contents. Shorthand (``wild: N`` in a group of one kind) is resolved here so
that two notations of the same decision give the same Move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..common.errors import N_, fill
from ..conditions.wording import GROUP_TERM, PIECE_TERM
from ..zones.groups import Group, make_group

if TYPE_CHECKING:
    from ..model.ruleset import Component, Ruleset

Path = tuple[str | int, ...]


class NotationError(Exception):
    """Notation that names no legal decision; ``path`` is relative to the value parsed.

    Most are slips of the pen (an unknown kind). With ``refusal`` it is well
    written but breaks a rule (a wild piece that does not say what it stands
    for): a scenario then treats the move as one the rules refuse.
    """

    def __init__(self, message: str, params: dict[str, Any], path: Path,
                 *, refusal: bool = False) -> None:
        super().__init__(fill(message, params))
        self.message = message
        self.params = params
        self.path = path
        self.refusal = refusal


def _count(value: Any, component: Component, path: Path) -> int:
    """A number of pieces of ``component``: never more than exist (a typed number may be huge)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise NotationError(N_("expected a whole number of pieces, found {value}"),
                            {"value": _shown(value)}, path)
    if value > component.copies:
        raise NotationError(N_("more pieces of '{name}' than the game has ({copies})"),
                            {"name": component.id, "copies": component.copies}, path)
    return value


def _shown(value: Any) -> str:
    """A value as typed, cut short: a message never repeats thousands of characters."""
    text = str(value) if not isinstance(value, int) or value.bit_length() < 64 else "…"
    return text if len(text) <= 40 else text[:39] + "…"


#: a wild piece in a group that does not say what it stands for (typed moves say it in
#: their own notation)
UNDECLARED_WILD = N_("say which kind each wild piece stands for, e.g. {wild}: {{KIND: 1}}")


def parse_pieces(data: Any, ruleset: Ruleset, path: Path = ()) -> list[tuple[str, str | None]]:
    """Pieces as ``(kind, stands_for)``; a wild not declared has ``stands_for`` None."""
    if not isinstance(data, Mapping):
        raise NotationError(N_("expected pieces as kind: count"), {}, path)
    pieces: list[tuple[str, str | None]] = []
    for kind, value in data.items():
        component = ruleset.components.get(kind)
        if component is None:
            raise NotationError(N_("unknown kind '{name}'; known kinds: {known}"),
                                {"name": kind, "known": ", ".join(ruleset.components)},
                                (*path, kind))
        if isinstance(value, Mapping):
            if not component.wild:
                raise NotationError(N_("only a wild piece can stand for another kind"), {},
                                    (*path, kind), refusal=True)
            for stands, n in value.items():
                target = ruleset.components.get(stands)
                if target is None:
                    raise NotationError(N_("unknown kind '{name}'; known kinds: {known}"),
                                        {"name": stands, "known": ", ".join(ruleset.components)},
                                        (*path, kind, stands))
                if target.wild:
                    raise NotationError(N_("a wild piece cannot stand for '{name}'"),
                                        {"name": stands}, (*path, kind, stands), refusal=True)
                pieces.extend([(kind, stands)] * _count(n, component, (*path, kind, stands)))
        else:
            stands = None if component.wild else kind
            pieces.extend([(kind, stands)] * _count(value, component, (*path, kind)))
    return pieces


def parse_group(data: Any, ruleset: Ruleset, implied: bool, path: Path = ()) -> Group:
    """A group; with ``implied``, undeclared wilds stand for the group's one real kind."""
    pieces = parse_pieces(data, ruleset, path)
    if not pieces:
        raise NotationError(N_("{group:indef} needs at least one {piece:bare}"),
                            {"group": GROUP_TERM, "piece": PIECE_TERM}, path, refusal=True)
    undeclared = [p for p in pieces if p[1] is None]
    if undeclared:
        declared = {stands for _, stands in pieces if stands is not None}
        if not implied or len(declared) != 1:
            raise NotationError(UNDECLARED_WILD, {"wild": undeclared[0][0]}, path,
                                refusal=True)
        (only,) = declared
        pieces = [(kind, stands or only) for kind, stands in pieces]
    return make_group(pieces)  # type: ignore[arg-type]  # every piece stands for a kind now


def format_group(group: Group) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for kind, stands, n in group:
        if kind == stands:
            data[kind] = data.get(kind, 0) + n
        else:
            data.setdefault(kind, {})[stands] = n
    return data
