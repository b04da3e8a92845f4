"""Card faces as SVG, drawn here: Italian suits (coins, cups, swords, clubs) or French (♦ ♥ ♠ ♣).

Each face is a small standalone SVG document with a ``<title>`` (its text alternative): the rank in two
corners, the suit drawn as simple shapes (no font needed for a suit), pips laid out for ace to seven and
a framed letter for the three face cards. The output depends only on the card and the style, so the
page router serves it with a long cache lifetime.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from scopa.domain.games.common.cards import CODES, display_name

Style = Literal["italian", "french"]
STYLES: tuple[Style, ...] = ("italian", "french")
WIDTH, HEIGHT = 60, 90

_ITALIAN_LABELS = ("1", "2", "3", "4", "5", "6", "7", "F", "C", "R")
_FRENCH_LABELS = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
_ITALIAN_INK = ("#9a6b00", "#b3261e", "#1f4e8c", "#2e6b30")
_FRENCH_INK = ("#c0271d", "#c0271d", "#1b1b1b", "#1b1b1b")

# Swords and clubs are tall and thin: drawn larger so that they read as well as round pips.
_PIP_SCALE: dict[Style, tuple[float, ...]] = {
    "italian": (1.0, 1.0, 1.4, 1.35),
    "french": (1.0, 1.0, 1.0, 1.0),
}
# Pip centres for ranks 1..7 on a 60 x 90 card.
_PIPS: tuple[tuple[tuple[float, float], ...], ...] = (
    ((30, 45),),
    ((30, 28), (30, 62)),
    ((30, 24), (30, 45), (30, 66)),
    ((20, 28), (40, 28), (20, 62), (40, 62)),
    ((20, 26), (40, 26), (30, 45), (20, 64), (40, 64)),
    ((20, 24), (40, 24), (20, 45), (40, 45), (20, 66), (40, 66)),
    ((20, 24), (40, 24), (30, 34), (20, 45), (40, 45), (20, 66), (40, 66)),
)


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


# ------------------------------------------------------------------------------------------- suits


def _coin(cx: float, cy: float, s: float) -> str:
    return (
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.45)}" fill="#e8b923" stroke="#8a6400" '
        f'stroke-width="1"/><circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.26)}" fill="none" '
        f'stroke="#8a6400" stroke-width="0.8"/><circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.08)}" '
        'fill="#8a6400"/>'
    )


def _cup(cx: float, cy: float, s: float) -> str:
    top, left, right = cy - s * 0.42, cx - s * 0.38, cx + s * 0.38
    bowl = (
        f"M{_n(left)} {_n(top)}H{_n(right)}Q{_n(right)} {_n(cy + s * 0.08)} {_n(cx)} {_n(cy + s * 0.08)}"
        f"Q{_n(left)} {_n(cy + s * 0.08)} {_n(left)} {_n(top)}Z"
    )
    return (
        f'<path d="{bowl}" fill="#d9482b" stroke="#7a1c10" stroke-width="0.8"/>'
        f'<rect x="{_n(cx - s * 0.06)}" y="{_n(cy + s * 0.08)}" width="{_n(s * 0.12)}" '
        f'height="{_n(s * 0.26)}" fill="#e8b923" stroke="#7a1c10" stroke-width="0.5"/>'
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy + s * 0.38)}" rx="{_n(s * 0.26)}" ry="{_n(s * 0.08)}" '
        'fill="#d9482b" stroke="#7a1c10" stroke-width="0.8"/>'
    )


def _sword(cx: float, cy: float, s: float) -> str:
    w = s * 0.08
    blade = (
        f"{_n(cx)},{_n(cy - s * 0.5)} {_n(cx + w)},{_n(cy - s * 0.36)} {_n(cx + w)},{_n(cy + s * 0.18)} "
        f"{_n(cx - w)},{_n(cy + s * 0.18)} {_n(cx - w)},{_n(cy - s * 0.36)}"
    )
    return (
        f'<polygon points="{blade}" fill="#b9c7d8" stroke="#1f4e8c" stroke-width="0.8"/>'
        f'<rect x="{_n(cx - s * 0.26)}" y="{_n(cy + s * 0.18)}" width="{_n(s * 0.52)}" '
        f'height="{_n(s * 0.08)}" rx="{_n(s * 0.03)}" fill="#1f4e8c"/>'
        f'<rect x="{_n(cx - s * 0.05)}" y="{_n(cy + s * 0.26)}" width="{_n(s * 0.1)}" '
        f'height="{_n(s * 0.16)}" fill="#7a4b1e"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy + s * 0.46)}" r="{_n(s * 0.06)}" fill="#1f4e8c"/>'
    )


def _club_stick(cx: float, cy: float, s: float) -> str:
    stick = (
        f"{_n(cx - s * 0.08)},{_n(cy + s * 0.5)} {_n(cx + s * 0.08)},{_n(cy + s * 0.5)} "
        f"{_n(cx + s * 0.17)},{_n(cy - s * 0.36)} {_n(cx - s * 0.17)},{_n(cy - s * 0.36)}"
    )
    knots = "".join(
        f'<circle cx="{_n(cx + dx * s)}" cy="{_n(cy + dy * s)}" r="{_n(s * 0.06)}" fill="#2e6b30"/>'
        for dx, dy in ((-0.15, -0.1), (0.14, 0.05), (-0.11, 0.25))
    )
    return (
        f'<polygon points="{stick}" fill="#5f9e3a" stroke="#2e4a1c" stroke-width="0.8"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy - s * 0.36)}" r="{_n(s * 0.17)}" fill="#5f9e3a" '
        f'stroke="#2e4a1c" stroke-width="0.8"/>{knots}'
    )


def _diamond(cx: float, cy: float, s: float) -> str:
    pts = f"{_n(cx)},{_n(cy - s * 0.5)} {_n(cx + s * 0.36)},{_n(cy)} {_n(cx)},{_n(cy + s * 0.5)} " + (
        f"{_n(cx - s * 0.36)},{_n(cy)}"
    )
    return f'<polygon points="{pts}" fill="#c0271d"/>'


def _lobed(cx: float, cy: float, s: float, side: int, tip: float, shoulder: float, notch: float) -> str:
    """The path of a heart (tip below) or a spade (tip above): from the tip to one shoulder, two round
    lobes meeting at the notch, back to the tip; ``side`` is which shoulder comes first (-1 left)."""
    r, w = s * 0.24, s * 0.46
    return (
        f"M{_n(cx)} {_n(cy + s * tip)}L{_n(cx + side * w)} {_n(cy + s * shoulder)}"
        f"A{_n(r)} {_n(r)} 0 0 1 {_n(cx)} {_n(cy + s * notch)}"
        f"A{_n(r)} {_n(r)} 0 0 1 {_n(cx - side * w)} {_n(cy + s * shoulder)}Z"
    )


def _heart(cx: float, cy: float, s: float) -> str:
    return f'<path d="{_lobed(cx, cy, s, -1, 0.45, -0.04, -0.3)}" fill="#c0271d"/>'


def _stem(cx: float, cy: float, s: float) -> str:
    pts = f"{_n(cx)},{_n(cy + s * 0.1)} {_n(cx + s * 0.16)},{_n(cy + s * 0.5)} " + (
        f"{_n(cx - s * 0.16)},{_n(cy + s * 0.5)}"
    )
    return f'<polygon points="{pts}" fill="#1b1b1b"/>'


def _spade(cx: float, cy: float, s: float) -> str:
    return f'<path d="{_lobed(cx, cy, s, 1, -0.48, 0.02, 0.26)}" fill="#1b1b1b"/>' + _stem(cx, cy, s)


def _club(cx: float, cy: float, s: float) -> str:
    r = s * 0.2
    lobes = "".join(
        f'<circle cx="{_n(cx + dx * s)}" cy="{_n(cy + dy * s)}" r="{_n(r)}" fill="#1b1b1b"/>'
        for dx, dy in ((0, -0.24), (-0.23, 0.06), (0.23, 0.06))
    )
    return lobes + _stem(cx, cy, s)


_SUITS: dict[Style, tuple[Callable[[float, float, float], str], ...]] = {
    "italian": (_coin, _cup, _sword, _club_stick),
    "french": (_diamond, _heart, _spade, _club),
}


# ------------------------------------------------------------------------------------------- faces


def card_label(card: int, style: Style) -> str:
    """The corner index: 1-7 and F C R (Italian), A-7 and J Q K (French)."""
    return (_ITALIAN_LABELS if style == "italian" else _FRENCH_LABELS)[card % 10]


def card_alt(card: int | str, style: Style) -> str:
    """The text alternative: the card's full name in the deck's language (``sette di denari``)."""
    return display_name(card if isinstance(card, int) else CODES.index(card), style)


def card_svg(card: int, style: Style) -> str:
    """One card face as a standalone SVG document."""
    if not 0 <= card < len(CODES):
        raise ValueError(f"no card {card}")
    suit, rank = card // 10, card % 10 + 1
    draw = _SUITS[style][suit]
    ink = (_ITALIAN_INK if style == "italian" else _FRENCH_INK)[suit]
    label = card_label(card, style)
    parts = [
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="5" fill="#fffdf7" '
        'stroke="#6b6b6b"/>',
        _index(label, ink, 7, 12),
        f'<g transform="rotate(180 {WIDTH / 2} {HEIGHT / 2})">{_index(label, ink, 7, 12)}</g>',
    ]
    if rank <= 7:
        size = (26.0 if rank == 1 else 13.0 if rank <= 5 else 11.5) * _PIP_SCALE[style][suit]
        parts += [draw(x, y, size) for x, y in _PIPS[rank - 1]]
    else:
        parts += [
            f'<rect x="14" y="16" width="32" height="58" rx="3" fill="none" stroke="{ink}" '
            'stroke-width="1"/>',
            draw(30, 29, 14),
            f'<text x="30" y="63" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" '
            f'font-size="22" font-weight="bold" fill="{ink}">{label}</text>',
        ]
    title = card_alt(card, style)
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="{title}"><title>{title}</title>{body}</svg>'
    )


def _index(label: str, ink: str, x: float, y: float) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="10" font-weight="bold" fill="{ink}">{label}</text>'
    )


def back_svg() -> str:
    """The back of a card: what a hidden card looks like (it carries nothing of the card)."""
    stripes = "".join(
        f'<line x1="{x}" y1="6" x2="{x - 40}" y2="84" stroke="#9fb3d9" stroke-width="2"/>'
        for x in range(10, 110, 8)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-label="a face-down card"><title>a face-down card</title>'
        '<defs><clipPath id="inner"><rect x="5" y="5" width="50" height="80" rx="3"/></clipPath></defs>'
        f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="5" fill="#fffdf7" '
        'stroke="#6b6b6b"/><rect x="5" y="5" width="50" height="80" rx="3" fill="#2b4c8c"/>'
        f'<g clip-path="url(#inner)">{stripes}</g></svg>'
    )
