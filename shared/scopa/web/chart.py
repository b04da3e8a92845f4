"""The rating history as an inline SVG line chart (no chart library: a polyline, axes and labels).

The chart scales to its container (viewBox), carries a title and a description for screen readers, and
marks each rated match with a dot whose ``<title>`` names the match and the rating after it. The page
also shows the same points as a table, so the chart is never the only way to read them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

W, H = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 14, 28


@dataclass(frozen=True)
class Point:
    label: str  # shown in the dot's tooltip, e.g. the date and the match
    value: float


def _nice_step(span: float, count: int = 4) -> float:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into at most about ``count`` parts."""
    raw = span / count
    power = 10.0 ** math.floor(math.log10(raw))
    return next(float(m * power) for m in (1, 2, 5, 10) if m * power >= raw)


def _ticks(low: float, high: float, step: float) -> list[float]:
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def line_chart(points: Sequence[Point], title: str, start: float | None = None) -> Markup:
    """An SVG line chart of ``points`` in order; ``start`` is the value before the first point."""
    values = ([start] if start is not None else []) + [p.value for p in points]
    if not values:
        return Markup("")
    low, high = min(values), max(values)
    pad = max(10.0, (high - low) * 0.1)
    step = _nice_step(high - low + 2 * pad)
    low, high = math.floor((low - pad) / step) * step, math.ceil((high + pad) / step) * step
    n = len(values)
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (high - v) / (high - low)

    grid = "".join(
        f'<line x1="{LEFT}" y1="{y(t):.1f}" x2="{W - RIGHT}" y2="{y(t):.1f}" stroke="#d8d8d8"/>'
        f'<text x="{LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end" font-size="11" fill="#555">{t:.0f}</text>'
        for t in _ticks(low, high, step)
    )
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    offset = 1 if start is not None else 0
    dots = "".join(
        f'<circle cx="{x(i + offset):.1f}" cy="{y(p.value):.1f}" r="3.5" fill="#1f4e8c">'
        f"<title>{escape(p.label)}: {p.value:.1f}</title></circle>"
        for i, p in enumerate(points)
    )
    axis = (
        f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#777"/>'
        f'<text x="{LEFT}" y="{H - 8}" font-size="11" fill="#555">'
        f"{'start' if start is not None else escape(points[0].label)}</text>"
        f'<text x="{W - RIGHT}" y="{H - 8}" text-anchor="end" font-size="11" fill="#555">'
        f"{escape(points[-1].label) if points else ''}</text>"
    )
    desc = f"{len(points)} rated matches, from {values[0]:.0f} to {values[-1]:.0f}"
    return Markup(
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-labelledby="chart-t chart-d">'
        f'<title id="chart-t">{escape(title)}</title><desc id="chart-d">{desc}</desc>'
        f'{grid}{axis}<polyline points="{line}" fill="none" stroke="#1f4e8c" stroke-width="2"/>{dots}</svg>'
    )
