"""A simulation as one self-contained HTML page: inline CSS and SVG plots, no script and
nothing fetched, so it opens anywhere without a network."""

from __future__ import annotations

from html import escape
from typing import Any, Iterable, Mapping, Sequence

from .simtext import Labels
from .text import _, say

#: one colour per ruleset (the base game first), told apart in grey print too
COLOURS = ("#1f5fa8", "#d0702a", "#3a9a4a", "#9b3fa0", "#7a7a7a", "#b8a21e")
WIDTH, HEIGHT, MARGIN = 560, 220, 40

STYLE = """body{font-family:sans-serif;max-width:62rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{padding:.2rem .6rem;
border-bottom:1px solid #ddd;text-align:left}td.n{text-align:right}.yes{font-weight:bold}
svg{display:block;margin:.5rem 0 1.5rem}.key span{display:inline-block;width:.8rem;
height:.8rem;margin:0 .3rem 0 1rem}"""


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
    parts.append(_seat_chart(rulesets, figures["players"], labels))
    for key, measure in (("scores", "score"), ("margins", "winning_margin"),
                         ("turns", "turns"), ("lead_changes", "lead_changes")):
        parts.append(f"<h2>{escape(labels.heading(measure))}</h2>")
        parts.append(_distribution([r[key]["histogram"] for r in rulesets],
                                   labels.heading(measure)))
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
            f'<meta charset="utf-8"><title>{escape(title)}</title><style>{STYLE}</style>'
            f'</head><body>{"".join(parts)}</body></html>\n')


def _key(labels: Labels, count: int) -> str:
    return '<p class="key">' + "".join(
        f'<span style="background:{COLOURS[i % len(COLOURS)]}"></span>'
        f"{escape(labels.title(i))}" for i in range(count)) + "</p>"


def _svg(body: Iterable[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(label)}">'
            + "".join(body) + "</svg>")


def _seat_chart(rulesets: Sequence[Mapping[str, Any]], players: int, labels: Labels) -> str:
    """Bars per seat and ruleset with their 95 % intervals, and the fair share."""
    plot_h = HEIGHT - 2 * MARGIN
    top: float = max([1 / players] + [s["ci95"][1] for r in rulesets for s in r["seats"]])

    def y(share: float) -> float:
        return MARGIN + plot_h * (1 - share / top)

    group = (WIDTH - 2 * MARGIN) / players
    bar = group * 0.8 / len(rulesets)
    body = [f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{y(1 / players):.1f}" '
            f'y2="{y(1 / players):.1f}" stroke="#999" stroke-dasharray="4 3"/>',
            f'<text x="{WIDTH - MARGIN}" y="{y(1 / players) - 4:.1f}" font-size="11" '
            f'text-anchor="end">{escape(labels.percent(1 / players))}</text>']
    for seat in range(players):
        x0 = MARGIN + seat * group + group * 0.1
        body.append(f'<text x="{x0 + group * 0.4:.1f}" y="{HEIGHT - MARGIN + 16}" '
                    f'font-size="11" text-anchor="middle">{escape(labels.seat(seat))}</text>')
        for index, ruleset in enumerate(rulesets):
            share = ruleset["seats"][seat]
            x = x0 + index * bar
            colour = COLOURS[index % len(COLOURS)]
            low, high = share["ci95"]
            body.append(f'<rect x="{x:.1f}" y="{y(share["share"]):.1f}" width="{bar * 0.9:.1f}"'
                        f' height="{y(0) - y(share["share"]):.1f}" fill="{colour}">'
                        f'<title>{escape(labels.percent(share["share"]))}</title></rect>'
                        f'<line x1="{x + bar * 0.45:.1f}" x2="{x + bar * 0.45:.1f}" '
                        f'y1="{y(low):.1f}" y2="{y(high):.1f}" stroke="#000"/>')
    return _svg(body, _("Win share by seat"))


def _distribution(histograms: Sequence[Sequence[Sequence[int]]], label: str) -> str:
    """Each ruleset's share of games per value, as a line over the values."""
    values = [v for h in histograms for v, _ in h]
    if not values:
        return ""
    low, high = min(values), max(values)
    span = max(1, high - low)
    shares = [{v: n / max(1, sum(c for _, c in h)) for v, n in h} for h in histograms]
    top = max(max(s.values(), default=0) for s in shares) or 1
    plot_w, plot_h = WIDTH - 2 * MARGIN, HEIGHT - 2 * MARGIN

    def point(value: int, share: float) -> str:
        return (f"{MARGIN + plot_w * (value - low) / span:.1f},"
                f"{MARGIN + plot_h * (1 - share / top):.1f}")

    body = [f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{HEIGHT - MARGIN}" '
            f'y2="{HEIGHT - MARGIN}" stroke="#999"/>']
    for value in (low, (low + high) // 2, high):
        body.append(f'<text x="{point(value, 0).split(",")[0]}" y="{HEIGHT - MARGIN + 16}" '
                    f'font-size="11" text-anchor="middle">{value}</text>')
    for index, share in enumerate(shares):
        line = " ".join(point(v, share.get(v, 0.0)) for v in range(low, high + 1))
        body.append(f'<polyline fill="none" stroke="{COLOURS[index % len(COLOURS)]}" '
                    f'stroke-width="1.5" points="{line}"/>')
    return _svg(body, label)


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
    return "<table>" + "".join(rows) + "</table>"
