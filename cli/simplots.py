"""The simulation report's plots as inline SVG drawn here (no script, nothing fetched): axes
with ticks and titles in the reader's language, every bar's value written beside it, the
distributions in bins of a whole-number width chosen from the data. A plot is drawn for a
width in its own units and scaled to the page by its viewBox; the page holds a wide and a
narrow drawing of each and shows the one that fits the screen, so that the text keeps a
readable size on a desktop and on a phone."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import Any, Mapping, Sequence

from .simtext import Labels
from .text import _, labelled, say

#: one colour per ruleset (the base game first), told apart in grey print too
COLOURS = ("#1f5fa8", "#d0702a", "#3a9a4a", "#9b3fa0", "#7a7a7a", "#b8a21e")
#: the size of axis text and of the values written at the bars, in the plot's units
FONT, SMALL = 12, 10
INK, GRID = "#444", "#e2e2e2"
#: the most bins of a histogram: at the narrow width each keeps room for its value
MOST_BINS = 20
#: bin widths and tick steps: 1, 2 and 5 times a power of ten
NICE = (1, 2, 5)
#: a value's label is written over the lines it crosses, with a white edge
HALO = 'stroke="#fff" stroke-width="3" paint-order="stroke"'

Histogram = Sequence[Sequence[int]]


@dataclass(frozen=True)
class Scale:
    """Values from ``low`` to ``high`` onto the plot's units from ``start`` to ``end``."""

    low: float
    high: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        return self.start + (self.end - self.start) * (value - self.low) / (self.high - self.low)


#: narrow and wide characters of a sans-serif font, in ems (the others about 0.6)
NARROW, WIDE = ".,:;'!|()ijlft -\u00a0\u202f", "%mwMW\u2014"


def text_width(text: str, size: float) -> float:
    """A generous estimate of a text's width in a sans-serif font (no font is measured)."""
    return size * sum(0.34 if c in NARROW else 0.92 if c in WIDE else 0.72 if c.isupper()
                      else 0.6 for c in text)


def nice_step(rough: float) -> float:
    """The smallest of 1, 2 and 5 times a power of ten that is at least ``rough`` (> 0)."""
    power = 10.0 ** math.floor(math.log10(rough))
    return next(m * power for m in (*NICE, 10) if m * power >= rough * (1 - 1e-9))


def share_ticks(top: float, most: int) -> list[float]:
    """About ``most`` round shares from 0 to one at least ``top``."""
    step = nice_step(max(top, 1e-6) / max(1, most))
    count = max(1, math.ceil(top / step - 1e-9))
    return [round(i * step, 12) for i in range(count + 1)]


def value_ticks(low: int, high: int, unit: int, most: int) -> list[int]:
    """About ``most`` round whole values from ``low`` to ``high``, multiples of ``unit``
    (a bin's width, so that each tick is where a bin starts)."""
    step = unit * int(nice_step(max(1.0, (high - low) / max(1, most) / unit)))
    first = math.ceil(low / step) * step
    return list(range(first, high + 1, step))


def bin_width(histograms: Sequence[Histogram], most: int = MOST_BINS) -> int:
    """A whole-number width of the bins the histograms drawn together share:
    Freedman–Diaconis' rule (twice the interquartile range over the cube root of the count
    of one ruleset) rounded to the nearest 1, 2 or 5 times a power of ten, made wider until
    at most ``most`` bins span the values."""
    pooled: Counter[int] = Counter()
    for histogram in histograms:
        pooled.update({value: n for value, n in histogram})
    counts = [sum(n for _, n in histogram) for histogram in histograms if histogram]
    spread = _quantile(pooled, 0.75) - _quantile(pooled, 0.25)
    rough = 2 * spread / min(counts) ** (1 / 3)
    widths = [m * 10 ** k for k in range(10) for m in NICE]
    width = min(widths, key=lambda w: abs(math.log(w / rough))) if rough > 1 else 1
    low, high = min(pooled), max(pooled)
    while high // width - low // width + 1 > most:
        width = widths[widths.index(width) + 1]
    return width


def binned_shares(histogram: Histogram, unit: int) -> Counter[int]:
    """Each bin's share of the observations, by the value it starts at (a multiple of
    ``unit``)."""
    binned: Counter[int] = Counter()
    for value, n in histogram:
        binned[value // unit * unit] += n
    count = sum(binned.values()) or 1
    return Counter({start: n / count for start, n in binned.items()})


def _quantile(counts: Counter[int], q: float) -> int:
    """The smallest value with at least a share ``q`` of the counts at or below it."""
    needed, seen = q * sum(counts.values()), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= needed:
            return value
    return 0


def _text(x: float, y: float, text: str, size: int = FONT, anchor: str = "middle",
          extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"'
            f'{extra}>{escape(text)}</text>')


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, extra: str = "") -> str:
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{stroke}"{extra}/>')


def _turned(x: float, y: float, text: str, size: int, anchor: str, extra: str = "") -> str:
    """A text read upwards from (x, y), centred on x."""
    return _text(x, y, text, size, anchor, f' transform="rotate(-90 {x:.1f} {y:.1f})" '
                 f'dominant-baseline="central"{extra}')


def _svg(width: float, height: float, layout: str, label: str, body: Sequence[str]) -> str:
    return (f'<svg class="{layout}" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(label)}"'
            f' fill="#222">' + "".join(body) + "</svg>")


def _percent_digits(ticks: Sequence[float]) -> int:
    """Decimals a tick's percent needs: none for whole percents."""
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    return 0 if abs(step * 100 - round(step * 100)) < 1e-9 else 1


def seat_chart(rulesets: Sequence[Mapping[str, Any]], players: int, labels: Labels,
               width: int, layout: str) -> str:
    """A bar per seat and ruleset with its 95 % interval and its share written at its end,
    against the fair share; the bars lie across so that a seat's name has room."""
    bar, between, group_gap = 16, 4, 14
    fair = 1 / players
    names = [labels.seat(seat) for seat in range(players)]
    values = [[labels.percent(s["share"]) for s in r["seats"]] for r in rulesets]
    left = max(text_width(name, FONT) for name in names) + 12
    right = max(text_width(v, SMALL) for row in values for v in row) + 10
    plot_w = width - left - right
    tick_room = text_width(labels.percent(1.0, 0), FONT) + 18
    ticks = share_ticks(max([fair] + [s["ci95"][1] for r in rulesets for s in r["seats"]]),
                        max(2, int(plot_w // tick_room)))
    x = Scale(0, ticks[-1], left, left + plot_w)
    group = len(rulesets) * (bar + between) - between
    top = FONT + 12
    bottom = top + players * (group + group_gap)
    body = []
    digits = _percent_digits(ticks)
    for tick in ticks:
        body.append(_line(x(tick), top, x(tick), bottom, GRID))
        body.append(_text(x(tick), bottom + FONT + 4, labels.percent(tick, digits),
                          extra=f' fill="{INK}"'))
    body.append(_text(left + plot_w / 2, bottom + 2 * FONT + 12, _("win share")))
    for seat, name in enumerate(names):
        y0 = top + group_gap / 2 + seat * (group + group_gap)
        body.append(_text(left - 8, y0 + group / 2, name, anchor="end",
                          extra=' dominant-baseline="central"'))
        for index, ruleset in enumerate(rulesets):
            share = ruleset["seats"][seat]
            low, high = share["ci95"]
            y = y0 + index * (bar + between)
            middle = y + bar / 2
            body.append(f'<rect x="{x(0):.1f}" y="{y:.1f}" width="{x(share["share"]) - x(0):.1f}"'
                        f' height="{bar}" fill="{COLOURS[index % len(COLOURS)]}"><title>'
                        + escape(labelled(labels.title(index), say(
                            "{share} ({interval})", share=values[index][seat],
                            interval=labels.interval(low, high)))) + '</title></rect>')
            body.append(_line(x(low), middle, x(high), middle, "#000"))
            for end in (low, high):
                body.append(_line(x(end), middle - 4, x(end), middle + 4, "#000"))
            body.append(_text(max(x(high), x(share["share"])) + 5, middle, values[index][seat],
                              SMALL, "start", f' dominant-baseline="central" {HALO}'))
    body.append(_line(x(0), top, x(0), bottom, INK))
    body.append(_line(x(fair), top - 4, x(fair), bottom, "#000",
                      ' stroke-dasharray="5 3"'))
    told = labelled(_("fair share"), labels.percent(fair))
    half = text_width(told, FONT) / 2
    body.append(_text(min(max(x(fair), half), width - half), FONT, told))
    return _svg(width, bottom + 2 * FONT + 18, layout, _("Win share by seat"), body)


def histogram_chart(histograms: Sequence[Histogram], labels: Labels, titles: tuple[str, str],
                    width: int, layout: str, label: str) -> str:
    """A histogram per ruleset, one above the other on the same axes: the share of the
    observations in each bin, written above its bar. ``titles``: the values' axis, the
    shares' axis."""
    if not any(histograms):
        return ""
    unit = bin_width(histograms)
    shares = [binned_shares(histogram, unit) for histogram in histograms]
    first = min(min(share) for share in shares if share)
    last = max(max(share) for share in shares if share)
    panel = 96 if width < 500 else 120
    y_ticks = share_ticks(max(max(s.values(), default=0) for s in shares), 4)
    digits = _percent_digits(y_ticks)
    tick_words = [labels.percent(tick, digits) for tick in y_ticks]
    left = FONT + 10 + max(text_width(words, FONT) for words in tick_words)
    plot_w = width - left - 12
    x = Scale(first - 0.5, last + unit - 0.5, left, left + plot_w)
    column = plot_w * unit / (last + unit - first)
    written = [{start: labels.percent(s) for start, s in share.items()} for share in shares]
    longest = max(text_width(words, SMALL) for row in written for words in row.values())
    upright = longest + 4 <= column
    head = SMALL + 6 if upright else longest + 8
    body: list[str] = []
    top = 0.0
    for index, share in enumerate(shares):
        colour = COLOURS[index % len(COLOURS)]
        body.append(f'<rect x="{left:.1f}" y="{top + 2:.1f}" width="{FONT - 2}" '
                    f'height="{FONT - 2}" fill="{colour}"/>')
        body.append(_text(left + FONT + 4, top + FONT, labels.title(index), anchor="start"))
        plot_top = top + FONT + 4 + head
        y = Scale(0, y_ticks[-1], plot_top + panel, plot_top)
        for tick, words in zip(y_ticks, tick_words):
            body.append(_line(left, y(tick), left + plot_w, y(tick), GRID))
            body.append(_text(left - 5, y(tick), words, anchor="end",
                              extra=f' dominant-baseline="central" fill="{INK}"'))
        for start, part in sorted(share.items()):
            x0, x1 = x(start - 0.5), x(start + unit - 0.5)
            gap = min(1.0, column * 0.08)
            values = labels.whole(start) if unit == 1 else say(
                "{low} to {high}", low=labels.whole(start), high=labels.whole(start + unit - 1))
            body.append(f'<rect x="{x0 + gap:.1f}" y="{y(part):.1f}" '
                        f'width="{x1 - x0 - 2 * gap:.1f}" height="{y(0) - y(part):.1f}" '
                        f'fill="{colour}"><title>{escape(labelled(values, written[index][start]))}'
                        f'</title></rect>')
            place = ((x0 + x1) / 2, y(part) - 4, written[index][start], SMALL)
            body.append(_text(*place, extra=f" {HALO}") if upright
                        else _turned(*place, "start", f" {HALO}"))
        body.append(_line(left, y(0), left + plot_w, y(0), INK))
        top = plot_top + panel + 18
    bottom = top - 18
    room = max(text_width(labels.whole(v), FONT) for v in (first, last)) + 16
    for tick in value_ticks(first, last + unit - 1, unit, max(2, int(plot_w // room))):
        body.append(_line(x(tick), bottom, x(tick), bottom + 4, INK))
        body.append(_text(x(tick), bottom + FONT + 6, labels.whole(tick),
                          extra=f' fill="{INK}"'))
    body.append(_text(left + plot_w / 2, bottom + 2 * FONT + 14, titles[0]))
    body.append(_turned(FONT / 2 + 1, bottom / 2, titles[1], FONT, "middle"))
    return _svg(width, bottom + 2 * FONT + 20, layout, label, body)
