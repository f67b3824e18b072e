"""A simulation's figures in the reader's language: the words for its measures and ends
(``Labels``, shared with the HTML report) and the report printed on the terminal."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from babel import Locale
from babel.numbers import format_decimal, format_percent
from rich.console import Console
from rich.table import Table

from regelwerk.engine import AT_ONCE, STALLED, UNFINISHED, WHEN
from regelwerk.locales import translations
from regelwerk.locales.gametext import GameText

from .reasons import END, reason as told_reason
from .text import _, capitalised, labelled, ngettext, say

if TYPE_CHECKING:
    from regelwerk.engine import Outcome, Ruleset


class Labels:
    """Names, numbers and words of a run, in one language."""

    def __init__(self, every: Sequence[Ruleset], language: str) -> None:
        catalog = translations(language)
        self.texts = [GameText(rules, catalog, language) for rules in every]
        self.language = language
        self._percent = Locale.parse(language).percent_formats[None].pattern

    def title(self, index: int) -> str:
        return self.texts[index].title()

    def percent(self, share: float, decimals: int = 1) -> str:
        """A share as the language writes a percentage (French and German with a space
        before the sign), with ``decimals`` decimals."""
        digits = "0." + "0" * decimals if decimals else "0"
        return format_percent(share, re.sub(r"0(?=[^0]*$)", digits, self._percent, count=1),
                              locale=self.language)

    def number(self, value: float) -> str:
        return format_decimal(value, "#,##0.##", locale=self.language)

    def whole(self, value: float) -> str:
        return format_decimal(round(value), "0", locale=self.language)

    def p_value(self, p: float) -> str:
        return format_decimal(p, "0.###", locale=self.language)

    def interval(self, low: float, high: float) -> str:
        return say("{low} to {high}", low=self.percent(low), high=self.percent(high))

    def run(self, figures: Mapping[str, Any]) -> str:
        """The game and what played it."""
        return say("{title}: {count} games per ruleset, {players} players, bots: {bots}; "
                   "seed {seed}", title=self.title(0), count=figures["games"],
                   players=figures["players"], bots=", ".join(figures["lineup"]),
                   seed=figures["seed"])

    def seat(self, seat: int) -> str:
        return _("seat 1 (starts)") if seat == 0 else say("seat {number}", number=seat + 1)

    def action(self, action: str, index: int = 0) -> str:
        """An action's name; where another action has the same name (a discard in each of
        two phases), with the phases it is chosen in, so that each row tells one."""
        text = self.texts[index]
        name = text.action(action)
        rules = text.rules
        if not any(other != action and text.action(other) == name for other in rules.actions):
            return name
        # TRANSLATORS: an action named with the phases of the turn it is chosen in, e.g.
        # "discard (phase: place a taken card)"
        return say("{action} (phase: {phases})", action=name, phases=text.either(
            [text.phase(p) for p, phase in rules.phases.items() if action in phase.actions]))

    def ended(self, index: int, reason: str) -> str:
        """Why games ended: the end rule that held, in words."""
        text = self.texts[index]
        if reason in (WHEN, AT_ONCE):
            return told_reason(text, END, reason)
        if reason == STALLED:
            return told_reason(text, END, "idle_rounds")
        if reason == UNFINISHED:
            return _("not over after 100,000 moves (left out)")
        return say("a player chose to “{action}”", action=self.action(reason.split(":")[1], index))

    def measure(self, name: str) -> str:
        if name.startswith("action:"):
            return say("“{action}” chosen per game", action=self.action(name[7:]))
        words = {"start_player_win_share": _("start player's win share"),
                 "score": _("points per player"), "winning_margin": _("winning margin"),
                 "turns": _("turns per game"), "lead_changes": _("lead changes per game"),
                 "ended_by": _("how the games ended")}
        return words[name]

    def heading(self, name: str) -> str:
        """A measure's name as a heading (its first letter a capital)."""
        words = self.measure(name)
        return capitalised(words)

    def verdict(self, test: Mapping[str, Any]) -> str:
        if test["p_holm"] is None:
            return _("too few games to tell")
        if test["p_holm"] < 0.001:  # "p < 0.001", never "p = < 0.001"
            p = self.p_value(0.001)
            return say("significant (p < {p})", p=p) if test["significant"] else \
                say("not significant (p < {p})", p=p)
        p = self.p_value(test["p_holm"])
        return say("significant (p = {p})", p=p) if test["significant"] else \
            say("not significant (p = {p})", p=p)


def write_text(console: Console, figures: Mapping[str, Any], labels: Labels,
               outcome: Outcome) -> None:
    """The report of a run, for the terminal."""
    console.print(labels.run(figures))
    if figures["interrupted"]:
        console.print(say("Interrupted: the figures below are those of the {count} games "
                          "played.", count=outcome.played))
    for failure in outcome.failures:
        console.print(say("A worker failed ({error}); its {count} games were played again.",
                          error=failure.error, count=failure.batch.games))
    for index, ruleset in enumerate(figures["rulesets"]):
        console.print()
        console.rule(labels.title(index))
        _ruleset(console, ruleset, index, labels)
    for number, comparison in enumerate(figures["comparisons"], 1):
        console.print()
        _comparison(console, comparison, number, labels)
    console.print()
    console.print(_("Intervals are 95% Wilson intervals; a tie shares the win. Differences "
                    "are tested with Welch's test (counts of ends with a chi-squared test), "
                    "p corrected for all tests of the run by Holm's method."))


def _ruleset(console: Console, ruleset: Mapping[str, Any], index: int, labels: Labels
             ) -> None:
    finished = ruleset["finished"]
    told = ngettext("{count} game finished", "{count} games finished", finished).format(
        count=finished)
    if ruleset["draws"]:
        told = say("{before}; {after}", before=told, after=ngettext(
            "{count} draw", "{count} draws", ruleset["draws"]).format(count=ruleset["draws"]))
    console.print(told)
    if not finished:
        return
    console.print(_("Win share by seat:"))
    for seat, share in enumerate(ruleset["seats"]):
        console.print("  " + labelled(labels.seat(seat), _share(share, labels)))
    start = ruleset["start_player"]
    console.print(say("Start player: {observed} of the wins against a fair {expected}: "
                      "{verdict}", observed=labels.percent(start["observed"]),
                      expected=labels.percent(start["expected"]),
                      verdict=labels.verdict(start)))
    console.print(_("Win share by bot (per seat taken):"))
    for bot, share in ruleset["bots"].items():
        console.print("  " + labelled(bot, _share(share, labels)))
    if "ratings" in ruleset:
        console.print(_("Ratings by bot (Elo scale, their mean 1500; duels against the "
                        "others):"))
        for bot, rating in ratings_best_first(ruleset["ratings"]):
            console.print("  " + labelled(bot, say("{rating}; {duels}",
                                                   rating=rating_words(rating, labels),
                                                   duels=duels_words(rating))))
    for key, label in (("scores", labels.heading("score")),
                       ("winning_scores", _("Points of the winner")),
                       ("margins", labels.heading("winning_margin")),
                       ("turns", labels.heading("turns")),
                       ("lead_changes", labels.heading("lead_changes"))):
        console.print(labelled(label, _spread(ruleset[key], labels)))
    led = ruleset["winner_led_from"]
    if led["games"]:
        console.print(say("The winner led for good from {share} of the game on, on average.",
                          share=labels.percent(led["mean"])))
    console.print(_("How the games ended:"))
    for reason, count in sorted(ruleset["ended_by"].items(), key=lambda item: -item[1]):
        console.print("  " + labelled(labels.percent(count / ruleset["games"]),
                                      labels.ended(index, reason)))
    console.print(_("Moves chosen (per game; share of all moves):"))
    for action, chosen in ruleset["actions"].items():
        console.print("  " + labelled(labels.action(action), say(
            "{per_game}; {share}", per_game=labels.number(chosen["per_game"]),
            share=labels.percent(chosen["share"]))))


def ratings_best_first(ratings: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    return sorted(ratings.items(), key=lambda item: (-item[1]["elo"], item[0]))


def rating_words(rating: Mapping[str, Any], labels: Labels) -> str:
    """'1572 (1536 to 1610)'."""
    low, high = rating["ci95"]
    return say("{elo} ({low} to {high})", elo=labels.whole(rating["elo"]),
               low=labels.whole(low), high=labels.whole(high))


def duels_words(rating: Mapping[str, Any]) -> str:
    """'100 duels'."""
    return ngettext("{count} duel", "{count} duels", rating["duels"]).format(
        count=rating["duels"])


def _share(share: Mapping[str, Any], labels: Labels) -> str:
    return say("{share} ({interval})", share=labels.percent(share["share"]),
               interval=labels.interval(*share["ci95"]))


def _spread(measure: Mapping[str, Any], labels: Labels) -> str:
    return say("mean {mean}, standard deviation {sd}, from {low} to {high}",
               mean=labels.number(measure["mean"]), sd=labels.number(measure["sd"]),
               low=measure["min"], high=measure["max"])


def _comparison(console: Console, comparison: Mapping[str, Any], index: int, labels: Labels
                ) -> None:
    table = Table(title=say("{variant} against {base}", variant=labels.title(index),
                            base=labels.title(0)), show_edge=False)
    for heading in (_("measure"), _("base game"), _("variant"), _("verdict")):
        table.add_column(heading)
    for test in comparison["tests"]:
        if test["measure"] == "ended_by":
            base, variant = "", ""
        elif test["measure"] == "start_player_win_share":
            base, variant = labels.percent(test["base"]), labels.percent(test["variant"])
        else:
            base, variant = labels.number(test["base"]), labels.number(test["variant"])
        table.add_row(labels.measure(test["measure"]), base, variant, labels.verdict(test))
    console.print(table)
