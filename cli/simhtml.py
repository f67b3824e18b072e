"""A simulation as one self-contained HTML page: inline CSS and SVG plots, no script and
nothing fetched, so it opens anywhere without a network."""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Mapping

from .simplots import COLOURS, histogram_chart, seat_chart
from .simtext import Labels
from .text import N_, _, say

#: the widths (in the plots' own units) each plot is drawn at, and the screens each is for:
#: the narrow one on a phone, where the wide one's text would shrink below reading
LAYOUTS = (("wide", 720), ("narrow", 340))
#: each distribution: its figures, its measure, its values' axis, its shares' axis
DISTRIBUTIONS = (("scores", "score", N_("points"), N_("share of players")),
                 ("margins", "winning_margin", N_("points"), N_("share of games")),
                 ("turns", "turns", N_("turns"), N_("share of games")),
                 ("lead_changes", "lead_changes", N_("lead changes"), N_("share of games")))

STYLE = """body{font-family:sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{padding:.2rem .6rem;
border-bottom:1px solid #ddd;text-align:left}td.n{text-align:right}.yes{font-weight:bold}
svg{display:block;width:100%;height:auto;margin:.5rem 0 1.5rem}svg.narrow{display:none}
.table{overflow-x:auto}@media (max-width:40rem){svg.wide{display:none}svg.narrow{display:block}
table{font-size:.9rem}td,th{padding:.2rem .3rem}}
.key span{display:inline-block;width:.8rem;height:.8rem;margin:0 .3rem 0 1rem}"""


def html_report(figures: Mapping[str, Any], labels: Labels) -> str:
    """The page: who played, win share by seat, the distributions, variants against base."""
    rulesets = figures["rulesets"]
    title = say("Simulation: {title}", title=labels.title(0))
    parts = [f"<h1>{escape(title)}</h1>", f"<p>{escape(labels.run(figures))}</p>"]
    if figures["interrupted"]:  # the figures are those of the games played before the stop
        parts.append("<p><strong>" + escape(say(
            "Interrupted: the figures below are those of the {count} games played.",
            count=sum(ruleset["games"] for ruleset in rulesets))) + "</strong></p>")
    parts.append(_key(labels, len(rulesets)))
    parts.append(f"<h2>{escape(_('Win share by seat'))}</h2>")
    parts.append(_drawn(lambda width, layout: seat_chart(rulesets, figures["players"], labels,
                                                        width, layout)))
    for key, measure, values, shares in DISTRIBUTIONS:
        heading = labels.heading(measure)
        parts.append(f"<h2>{escape(heading)}</h2>")
        parts.append(_drawn(lambda width, layout: histogram_chart(
            [r[key]["histogram"] for r in rulesets], labels, (_(values), _(shares)), width,
            layout, heading)))
    for index, comparison in enumerate(figures["comparisons"], 1):
        parts.append("<h2>" + escape(say("{variant} against {base}",
                                         variant=labels.title(index),
                                         base=labels.title(0))) + "</h2>")
        parts.append(_comparison(comparison, labels))
    parts.append("<p>" + escape(_("Intervals are 95% Wilson intervals; a tie shares the win. "
                                  "Differences are tested with Welch's test (counts of ends "
                                  "with a chi-squared test), p corrected for all tests of "
                                  "the run by Holm's method.")) + "</p>")
    return (f'<!DOCTYPE html>\n<html lang="{escape(labels.language)}"><head>'
            f'<meta charset="utf-8"><meta name="viewport" content="width=device-width, '
            f'initial-scale=1"><title>{escape(title)}</title><style>{STYLE}</style>'
            f'</head><body>{"".join(parts)}</body></html>\n')


def _drawn(draw: Callable[[int, str], str]) -> str:
    """A plot at each of the layouts' widths (the page shows the one that fits)."""
    return "".join(draw(width, layout) for layout, width in LAYOUTS)


def _key(labels: Labels, count: int) -> str:
    return '<p class="key">' + "".join(
        f'<span style="background:{COLOURS[i % len(COLOURS)]}"></span>'
        f"{escape(labels.title(i))}" for i in range(count)) + "</p>"


def _comparison(comparison: Mapping[str, Any], labels: Labels) -> str:
    rows = [f"<tr><th>{escape(_('measure'))}</th><th>{escape(_('base game'))}</th>"
            f"<th>{escape(_('variant'))}</th><th>{escape(_('verdict'))}</th></tr>"]
    for test in comparison["tests"]:
        base = variant = ""
        if test["measure"] == "start_player_win_share":
            base, variant = labels.percent(test["base"]), labels.percent(test["variant"])
        elif test["measure"] != "ended_by":
            base, variant = labels.number(test["base"]), labels.number(test["variant"])
        mark = ' class="yes"' if test["significant"] else ""
        rows.append(f"<tr><td>{escape(labels.measure(test['measure']))}</td>"
                    f'<td class="n">{escape(base)}</td><td class="n">{escape(variant)}</td>'
                    f"<td{mark}>{escape(labels.verdict(test))}</td></tr>")
    return '<div class="table"><table>' + "".join(rows) + "</table></div>"
