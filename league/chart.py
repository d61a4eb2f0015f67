"""The cup year's charts as inline SVG, drawn on the server: the house points race and
the odds of each final place.

The public cup year page is read on phones and loads no scripts, so a chart
is plain SVG markup in the page. The race is one step line per house in its
colour (a total only changes when an entry of the ledger counts), a date
axis with a tick on the first of every month, a points axis with round
steps, and a legend with each house's total at the end of the chart. The
odds are one bar per house, split into its chances of each final place, the
best place darkest, with the chance of the cup written at its end.

Pure Python: no Django, no clock. The words are in the reader's language:
a chart takes the ``texts`` to write them with (anything with ``gettext`` and
``ngettext``: the page passes Django's translation, which reads the league's
catalogues), in English without. Every name and colour is escaped, and
numbers are written with fixed precision, so the same race always gives the
same markup (tests compare it, caches may keep it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from gettext import NullTranslations
from html import escape
from typing import Protocol

from core.errors import gettext_noop as _

WIDTH, HEIGHT = 420, 260
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 14, 10, 26
LEGEND_ROW = 20
LEGEND_GAP = 8
LEGEND_COLUMNS = 2
TARGET_TICKS = 5
MAX_MONTH_TICKS = 8
MONTHS = (
    _("Jan"),
    _("Feb"),
    _("Mar"),
    _("Apr"),
    _("May"),
    _("Jun"),
    _("Jul"),
    _("Aug"),
    _("Sep"),
    _("Oct"),
    _("Nov"),
    _("Dec"),
)
"""The months as the date axis abbreviates them."""


class Texts(Protocol):
    """What writes a chart's words: Django's ``django.utils.translation`` (the reader's
    language, from the league's catalogues) or Python's ``gettext`` translations."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


ENGLISH = NullTranslations()
"""The texts as written: a chart given no catalogue is in English."""


@dataclass(frozen=True)
class Series:
    """One house's totals after each entry that counted, oldest first."""

    house: str
    colour: str
    points: Sequence[tuple[datetime, int]]


def race_svg(
    series: Sequence[Series],
    *,
    start: datetime,
    end: datetime,
    title: str,
    texts: Texts = ENGLISH,
) -> str:
    """The chart of ``series`` from ``start`` to ``end`` as an ``<svg>`` element.

    A house's line begins at its first total and runs on at its last total to
    ``end``; a house with no entry in the range has no line, and the legend
    says so. ``title`` names the chart for screen readers; ``texts`` writes its words.
    """
    if end <= start:
        raise ValueError("the chart needs end after start")
    legend_rows = math.ceil(len(series) / LEGEND_COLUMNS)
    plot_bottom = HEIGHT - MARGIN_BOTTOM
    height = HEIGHT + legend_rows * LEGEND_ROW + LEGEND_GAP
    totals = [total for one in series for _, total in one.points]
    low, high, step = _value_axis(min([0, *totals]), max([0, *totals]))
    span = (end - start).total_seconds()

    def x(moment: datetime) -> float:
        share = (min(max(moment, start), end) - start).total_seconds() / span
        return MARGIN_LEFT + share * (WIDTH - MARGIN_LEFT - MARGIN_RIGHT)

    def y(total: int) -> float:
        return plot_bottom - (total - low) / (high - low) * (plot_bottom - MARGIN_TOP)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="race" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-labelledby="race-title">',
        f'<title id="race-title">{escape(title)}</title>',
        f'<rect x="{MARGIN_LEFT}" y="{MARGIN_TOP}" width="{WIDTH - MARGIN_LEFT - MARGIN_RIGHT}" '
        f'height="{plot_bottom - MARGIN_TOP}" fill="#fafafa"/>',
    ]
    parts.append('<g class="axis" font-size="12" fill="#555">')
    for value in range(low, high + 1, step):
        parts.append(
            f'<line x1="{MARGIN_LEFT}" x2="{WIDTH - MARGIN_RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}" stroke="{"#999" if value == 0 else "#e2e2e2"}"/>'
            f'<text x="{MARGIN_LEFT - 4}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>'
        )
    for moment, label in _month_ticks(start, end, texts):
        parts.append(
            f'<line x1="{x(moment):.1f}" x2="{x(moment):.1f}" y1="{MARGIN_TOP}" '
            f'y2="{plot_bottom + 4}" stroke="#e2e2e2"/>'
            f'<text x="{x(moment):.1f}" y="{plot_bottom + 16}" text-anchor="middle">{label}</text>'
        )
    parts.append("</g>")

    lines = {one.house: _steps(one.points, end, x, y) for one in series if one.points}
    if lines:
        # A dark casing under every line keeps light colours (yellow) visible on white.
        casing = " ".join(f"M{line.replace(' ', ' L')}" for line in lines.values())
        parts.append(
            f'<path class="casing" d="{casing}" fill="none" stroke="#333" stroke-width="4.5" '
            f'stroke-linejoin="round"/>'
        )
    for one in series:
        if one.house in lines:
            parts.append(
                f'<polyline class="house-line" data-house="{escape(one.house)}" '
                f'points="{lines[one.house]}" fill="none" stroke="{escape(one.colour)}" '
                f'stroke-width="3" stroke-linejoin="round"/>'
            )

    parts.append('<g class="legend" font-size="13" fill="#222">')
    column_width = (WIDTH - LEGEND_GAP) / LEGEND_COLUMNS
    for index, one in enumerate(series):
        row, column = divmod(index, LEGEND_COLUMNS)
        left = LEGEND_GAP + column * column_width
        top = HEIGHT + LEGEND_GAP + row * LEGEND_ROW
        if one.points:
            total = one.points[-1][1]
            label = texts.ngettext(
                "%(house)s: %(points)s point", "%(house)s: %(points)s points", total
            )
        else:
            total, label = 0, texts.gettext("%(house)s: no points yet")
        parts.append(
            f'<rect x="{left:.1f}" y="{top - 10}" width="14" height="10" '
            f'fill="{escape(one.colour)}" stroke="#333"/>'
            f'<text x="{left + 20:.1f}" y="{top}">'
            f"{escape(label % {'house': one.house, 'points': total})}</text>"
        )
    parts.append("</g></svg>")
    return "".join(parts)


def _steps(points, end, x, y) -> str:
    """Polyline points of a total that holds until the next entry changes it."""
    coords: list[tuple[float, float]] = []
    for moment, total in points:
        if coords:
            coords.append((x(moment), coords[-1][1]))
        coords.append((x(moment), y(total)))
    coords.append((x(end), coords[-1][1]))
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in coords)


def _value_axis(low: int, high: int) -> tuple[int, int, int]:
    """Round bounds and a step of 1, 2 or 5 times a power of ten, for about five ticks."""
    if low == high:
        high = low + 100
    rough = (high - low) / TARGET_TICKS
    magnitude = 10 ** max(0, math.floor(math.log10(rough)))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= rough)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _month_ticks(start: datetime, end: datetime, texts: Texts) -> list[tuple[datetime, str]]:
    """The first of each month in the range (every n-th when there are many); January
    and the first tick show the year."""
    firsts = []
    moment = start.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    while moment <= end:
        if moment >= start:
            firsts.append(moment)
        year, month = _next(moment.year, moment.month)
        moment = moment.replace(year=year, month=month)
    every = math.ceil(len(firsts) / MAX_MONTH_TICKS) or 1
    ticks = []
    for moment in firsts[::every]:
        label = texts.gettext(MONTHS[moment.month - 1])
        if moment.month == 1 or not ticks:
            label = f"{label} {moment.year}"
        ticks.append((moment, label))
    return ticks


def _next(year: int, month: int) -> tuple[int, int]:
    return (year + 1, 1) if month == 12 else (year, month + 1)


ODDS_LABEL = 104
ODDS_ROW, ODDS_BAR = 24, 16
ODDS_PERCENT = 44
DARKEST, LIGHTEST = (0x1F, 0x3B, 0x73), (0xE3, 0xEB, 0xF7)


@dataclass(frozen=True)
class Chances:
    """One house's chances of each final place, place 1 first (they add up to one)."""

    house: str
    colour: str
    places: Sequence[float]


def odds_svg(rows: Sequence[Chances], *, title: str, texts: Texts = ENGLISH) -> str:
    """The chances of each final place as one stacked bar per house, an ``<svg>`` element.

    Each part of a bar carries its house, its place and a tooltip; the number at the
    end of a bar is the chance of the cup. ``title`` names the chart for screen readers;
    ``texts`` writes its words.
    """
    tooltip = texts.gettext("%(house)s: place %(place)s, %(chance)s")
    places = max((len(row.places) for row in rows), default=0)
    legend_rows = math.ceil(places / LEGEND_COLUMNS / 2) if places else 0
    bars_bottom = MARGIN_TOP + len(rows) * ODDS_ROW
    height = bars_bottom + LEGEND_GAP + legend_rows * LEGEND_ROW + LEGEND_GAP
    span = WIDTH - ODDS_LABEL - ODDS_PERCENT
    shades = [_shade(place, places) for place in range(places)]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="odds" viewBox="0 0 {WIDTH} {height}" '
        f'role="img" aria-labelledby="odds-title">',
        f'<title id="odds-title">{escape(title)}</title>',
    ]
    for index, row in enumerate(rows):
        top = MARGIN_TOP + index * ODDS_ROW
        parts.append(
            f'<g class="odds-row" data-house="{escape(row.house)}" font-size="13" fill="#222">'
            f'<rect x="4" y="{top + 3}" width="10" height="10" fill="{escape(row.colour)}" '
            f'stroke="#333"/><text x="18" y="{top + 13}">{escape(row.house)}</text>'
        )
        left = float(ODDS_LABEL)
        for place, chance in enumerate(row.places):
            width = chance * span
            if width <= 0:
                continue
            tip = tooltip % {"house": row.house, "place": place + 1, "chance": percent(chance)}
            parts.append(
                f'<rect class="place" data-place="{place + 1}" x="{left:.1f}" y="{top}" '
                f'width="{width:.1f}" height="{ODDS_BAR}" fill="{shades[place]}">'
                f"<title>{escape(tip)}</title></rect>"
            )
            left += width
        cup = row.places[0] if row.places else 0.0
        parts.append(
            f'<text class="cup" x="{WIDTH - 4}" y="{top + 13}" text-anchor="end">'
            f"{percent(cup)}</text></g>"
        )
    parts.append('<g class="legend" font-size="12" fill="#222">')
    per_row = LEGEND_COLUMNS * 2
    column_width = (WIDTH - LEGEND_GAP) / per_row
    for place in range(places):
        row, column = divmod(place, per_row)
        left = LEGEND_GAP + column * column_width
        top = bars_bottom + LEGEND_GAP + (row + 1) * LEGEND_ROW - 6
        if place == 0:
            label = texts.gettext("the cup")
        else:
            label = texts.gettext("place %(place)s") % {"place": place + 1}
        parts.append(
            f'<rect x="{left:.1f}" y="{top - 10}" width="14" height="10" fill="{shades[place]}" '
            f'stroke="#333"/><text x="{left + 18:.1f}" y="{top}">{escape(label)}</text>'
        )
    parts.append("</g></svg>")
    return "".join(parts)


def _shade(place: int, places: int) -> str:
    """Place 1 darkest, the last place lightest."""
    share = place / max(places - 1, 1)
    red, green, blue = (
        round(dark + (light - dark) * share) for dark, light in zip(DARKEST, LIGHTEST, strict=True)
    )
    return f"#{red:02x}{green:02x}{blue:02x}"


def percent(chance: float) -> str:
    """A chance as a reader says it: "0%" and "100%" only when it is exactly so."""
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    if chance < 0.005:
        return "<1%"
    if chance > 0.995:
        return ">99%"
    return f"{chance * 100:.0f}%"
