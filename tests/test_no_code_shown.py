"""Players never see a condition's or formula's code: a refused move and every rulebook tell
the rule in words, in each language.

Every shipped game and variant is rendered as shipped, and every shipped game once more with
all its texts taken out, so that each general sentence (the rule told from the condition's
structure) is rendered too. Each language runs in a process of its own, as the command would.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping

import pytest
import yaml

from regelwerk.engine.conditions.expressions import Expression
from regelwerk.engine.compiler.loading import load_game
from regelwerk.engine.data.shipped import shipped_games, shipped_variants
from regelwerk.locales import LANGUAGES

TESTS = Path(__file__).parent
ROOT = TESTS.parent
#: what code looks like: comparisons, a record's field (``new.count``), a name of the data
#: (``white_filled``); and/or joining such names is caught by the names
CODE = re.compile(r"==|!=|>=|<=| [<>] |\b[a-z_]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b")


#: what is all prose: it goes whole (and what its texts mention)
PROSE = ("examples", "tips", "turn", "setup", "pieces")


def _without_texts(data: Any, inside: str = "") -> Any:
    """The rules without their texts: the rulebook's worked examples, tips, steps and phases told
    only in words, all prose, go too (and what their texts mention)."""
    if isinstance(data, dict):
        return {k: _without_texts(v, k) for k, v in data.items() if k != "text"
                and not (inside == "rulebook" and k in PROSE)
                and not str(k).startswith(tuple(f"rulebook.{part}" for part in PROSE))}
    if isinstance(data, list):
        return [_without_texts(v) for v in data]
    return data


def _expressions(value: Any, seen: set[int]) -> Iterator[Expression]:
    """Every compiled condition and formula held anywhere in a ruleset."""
    if id(value) in seen or isinstance(value, (str, int, float, type, type(None))):
        return
    seen.add(id(value))
    if isinstance(value, Expression):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _expressions(item, seen)
    elif isinstance(value, (list, tuple, frozenset)):
        for item in value:
            yield from _expressions(item, seen)
    elif is_dataclass(value) or hasattr(value, "__dict__"):
        names = [f.name for f in fields(value)] if is_dataclass(value) else list(vars(value))
        for name in names:
            yield from _expressions(getattr(value, name, None), seen)


def render(games: list[list[str | None]]) -> dict[str, list[str]]:
    """Each game's (a ruleset, a variant or none) rulebook and the refusals of groups its
    areas' rules forbid, in the language of this process."""
    from regelwerk.cli.play import reason
    from regelwerk.cli.rulebook import rulebook
    from regelwerk.cli.text import LANGUAGE
    from regelwerk.engine import apply, legal_moves, new_game
    from regelwerk.engine.common.errors import IllegalMove
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    shown = {}
    for game, variant in games:
        rules = load_game(game, variant)
        text = GameText(rules, translations(LANGUAGE), LANGUAGE)
        said = [rulebook(rules, text)]
        for area in rules.areas.values():  # one lowest-ranked piece, where one stands already
            state = new_game(rules, ["anna", "bram", "cas"][:rules.min_players], 3)
            placing = next(m for m in legal_moves(state) if m.get("area") is not None)
            kind = min((k for k, c in rules.components.items() if not c.wild),
                       key=lambda k: rules.components[k].rank)
            pool = next(iter(state.owned.values()))[0]
            pool.clear()
            pool.update({kind: 1})
            try:
                apply(state, placing.replace(group=((kind, kind, 1),), area=area.id))
            except IllegalMove as refusal:
                said.append(reason(refusal, text))
        shown[f"{game} {variant}"] = said
    return shown


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> list[list[str | None]]:
    folder = tmp_path_factory.mktemp("no-texts")
    listed: list[list[str | None]] = []
    for game in shipped_games():
        listed.append([game, None])
        listed += [[game, str(variant)] for variant in shipped_variants(game)]
        source = ROOT / "rules" / game / f"{game}.yaml"
        bare = folder / source.name
        bare.write_text(yaml.safe_dump(_without_texts(yaml.safe_load(source.read_text("utf-8"))),
                                       allow_unicode=True), encoding="utf-8")
        listed.append([str(bare), None])
    return listed


@pytest.mark.parametrize("language", LANGUAGES)
def test_rulebooks_and_refusals_tell_rules_in_words(in_language, language, games):
    shown = in_language(language, "test_no_code_shown", "render", games)
    refusals = 0
    for (game, variant), said in zip(games, shown.values()):
        rules = load_game(game, variant)
        sources = {e.source for e in _expressions(rules, set()) if not e.source.isidentifier()}
        refusals += len(said) - 1
        for text in said:
            for line in text.splitlines():
                assert not CODE.search(line), (game, variant, line)
                assert not [s for s in sources if s in line], (game, variant, line)
        for refusal in said[1:]:  # a rule's own full stop inside the brackets: '….).'
            assert ".)" not in refusal, (game, variant, refusal)
    assert refusals >= 20  # areas of the games with areas, as shipped and without texts


@pytest.mark.parametrize("language, told", [
    ("en", "stack 1, stack 2, stack 3 and the hand are empty"),
    ("de", "Stapel 1, Stapel 2, Stapel 3 und die Hand sind leer"),
])
def test_a_condition_names_a_family_of_zones_by_its_zones(language, told):
    from regelwerk.engine.conditions.turnnames import TURN_WORDS
    from regelwerk.locales import translations
    from regelwerk.locales.gametext import GameText

    rules = load_game("ogallala")
    assert GameText(rules, translations(language), language).condition(
        rules.end.when, TURN_WORDS) == told
