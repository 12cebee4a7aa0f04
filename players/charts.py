"""The rating chart of a profile, drawn on the server as an SVG (no charting library, no script).

Owns the drawing only; the points come from ``accounts.selectors.rating_history``.
"""

import math
from datetime import datetime
from html import escape
from typing import Any

from django.utils.translation import gettext, ngettext

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28  # margins for the axis labels


def nice_step(span: float) -> int:
    """Returns a round gridline step (25, 50, 100, 200, 250, 500…) giving about four lines."""
    raw = max(span / 4, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return max(int(factor * magnitude), 1)
    return int(10 * magnitude)


def rating_chart_svg(points: list[dict[str, Any]], name: str = "") -> str:
    """Returns an SVG line chart of ``[{"at": datetime, "rating": float}]``, oldest first, of
    the rating category called ``name`` (``Chesskers classical``; said in the chart's title).

    Games are spaced evenly along x (a busy day takes as much room as a quiet month); y spans
    the ratings reached with round gridlines. Each point carries a ``<title>`` with its date and
    rating. Returns "" for no points.
    """
    if not points:
        return ""
    ratings = [point["rating"] for point in points]
    step = nice_step(max(ratings) - min(ratings))
    low = math.floor((min(ratings) - step / 4) / step) * step
    high = math.ceil((max(ratings) + step / 4) / step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="rating-chart-title" data-testid="rating-chart" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="rating-chart-title">{escape(chart_title(len(points) - 1, ratings, name))}'
        "</title>",
    ]
    for value in range(int(low), int(high) + 1, step):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
            f'y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>'
        )
    coords = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, r in enumerate(ratings))
    parts.append(f'<polyline class="line" points="{coords}"/>')
    for i, point in enumerate(points):
        label = escape(f"{date_text(point['at'])}: {round(point['rating'])}")
        parts.append(
            f'<circle class="dot" cx="{x(i):.1f}" cy="{y(point["rating"]):.1f}" r="3.5">'
            f"<title>{label}</title></circle>"
        )
    baseline = HEIGHT - 8
    parts.append(f'<text x="{LEFT}" y="{baseline}">{escape(date_text(points[0]["at"]))}</text>')
    if len(points) > 1:
        parts.append(
            f'<text x="{WIDTH - RIGHT}" y="{baseline}" text-anchor="end">'
            f"{escape(date_text(points[-1]['at']))}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def date_text(at: datetime) -> str:
    return f"{at.day} {at:%b %Y}"


def chart_title(games: int, ratings: list[float], name: str | None) -> str:
    """The chart's title, read by screen readers, in the active language."""
    said = {"games": games, "first": round(ratings[0]), "last": round(ratings[-1])}
    title = (
        ngettext(
            "Rating over %(games)s rated game: from %(first)s to %(last)s",
            "Rating over %(games)s rated games: from %(first)s to %(last)s",
            games,
        )
        % said
    )
    # Translators: the chart's title, then the rating category it shows in brackets.
    return (
        gettext("%(title)s (%(category)s)") % {"title": title, "category": name} if name else title
    )


def distribution_svg(spread: dict[str, Any], mark: int | None = None) -> str:
    """Returns an SVG bar chart of a category's rating distribution
    (``players.rating_stats.distribution``): a bar for each band from the lowest to the highest
    with players, each bar's ``<title>`` saying its band and count, and, when ``mark`` (a
    rating) is given, a line at it labelled *You*. Returns "" when nobody is in it."""
    bands = spread["bands"]
    if not bands:
        return ""
    size = spread["band"]
    mine = mark - mark % size if mark is not None else None  # the band the mark is in
    starts = [row["from"] for row in bands] + ([mine] if mine is not None else [])
    low, high = min(starts), max(starts)
    count = {row["from"]: row["players"] for row in bands}
    slots = list(range(low, high + size, size))
    top = max(count.values())
    roof = TOP + 16  # room above the bars for the viewer's label
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - roof - BOTTOM
    slot_w = plot_w / len(slots)

    def y(players: float) -> float:
        return roof + plot_h * (1 - players / top)

    title = ngettext(
        "%(players)s established player in %(category)s, by rating",
        "%(players)s established players in %(category)s, by rating",
        spread["players"],
    ) % {"players": spread["players"], "category": spread["category_name"]}
    parts = [
        f'<svg class="distribution-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="distribution-title" data-testid="distribution-chart" '
        f'xmlns="http://www.w3.org/2000/svg">',
        f'<title id="distribution-title">{escape(title)}</title>',
    ]
    step = nice_step(top)
    for value in range(0, top + 1, step):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
            f'y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
            f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value}</text>'
        )
    label_every = max(1, math.ceil(len(slots) / 8))
    for index, start in enumerate(slots):
        x = LEFT + index * slot_w
        players = count.get(start, 0)
        if players:
            said = ngettext(
                "%(low)s to %(high)s: %(players)s player",
                "%(low)s to %(high)s: %(players)s players",
                players,
            ) % {"low": start, "high": start + size - 1, "players": players}
            kind = "bar mine" if start == mine else "bar"
            parts.append(
                f'<rect class="{kind}" x="{x + 1:.1f}" y="{y(players):.1f}" '
                f'width="{max(slot_w - 2, 1):.1f}" height="{y(0) - y(players):.1f}" '
                f'data-band="{start}"><title>{escape(said)}</title></rect>'
            )
        if index % label_every == 0:
            parts.append(f'<text x="{x:.1f}" y="{HEIGHT - 8}">{start}</text>')
    if mark is not None:
        x = LEFT + (mark - low) / size * slot_w
        parts.append(
            f'<line class="mark" x1="{x:.1f}" x2="{x:.1f}" y1="{roof - 4}" y2="{y(0):.1f}" '
            f'data-testid="distribution-mark"/>'
            f'<text class="mark-label" x="{x:.1f}" y="{TOP + 6}" text-anchor="middle">'
            f"{escape(gettext('You'))} ({mark})</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
