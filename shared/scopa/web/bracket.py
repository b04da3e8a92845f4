"""The knockout bracket as an inline SVG: one column per round, a box per pairing, lines to the next round.

Round ``r`` is drawn from the slots it was paired from (``RoundRecord.slots``); rounds not paired yet
are drawn as empty boxes, so the shape of the whole bracket is visible from round one. A pairing with an
empty slot is a bye. Each box names both sides with their games won and marks the side that went through.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

BOX_W, BOX_H, GAP_X, GAP_Y, PAD = 170, 44, 36, 14, 8  # BOX_W: the narrowest box; long names widen it
NAME_LIMIT = 32  # longer names are cut with an ellipsis; shorter ones widen every box to fit
CHAR_W = 7.5  # an upper bound of one character's width at 12 px in the usual sans-serif fonts
SCORE_GAP = 14  # between the end of a name and the start of its score


@dataclass(frozen=True)
class Side:
    name: str  # "" for an empty slot (a bye) or a slot still to be decided
    score: str = ""
    won: bool = False


@dataclass(frozen=True)
class Pairing:
    top: Side
    bottom: Side


def _short(name: str, limit: int = NAME_LIMIT) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "\u2026"


def pairings_of(
    slots: Sequence[str | None],
    names: Mapping[str, str],
    results: Mapping[frozenset[str], tuple[dict[str, int], str | None]],
) -> list[Pairing]:
    """The pairings of one round from its slots; ``results`` maps a pair to (games won, winner)."""
    out = []
    for k in range(0, len(slots) - 1, 2):
        a, b = slots[k], slots[k + 1]
        if a is not None and b is not None:
            wins, winner = results.get(frozenset((a, b)), ({}, None))
            out.append(
                Pairing(
                    Side(_short(names.get(a, a)), str(wins.get(a, "")), winner == a),
                    Side(_short(names.get(b, b)), str(wins.get(b, "")), winner == b),
                )
            )
        else:
            lone = a if a is not None else b
            top = Side(_short(names.get(lone, lone)), "bye", True) if lone else Side("")
            out.append(Pairing(top, Side("")))
    return out


def bracket_svg(
    rounds: Sequence[Sequence[Pairing]],
    titles: Sequence[str],
    feeds: Sequence[Sequence[Sequence[int]]] | None = None,
    label: str = "knockout bracket",
) -> Markup:
    """Draw the bracket: ``rounds[r]`` holds the pairings of round r + 1, top to bottom.

    ``feeds[r][i]`` lists the boxes of column r - 1 that feed box i of column r (a losers' bracket keeps
    its width every other round); by default two boxes feed one, as in a knockout."""
    if not rounds or not rounds[0]:
        return Markup("")
    first = len(rounds[0])
    box_w = box_width(rounds)
    height = PAD * 2 + 20 + first * (BOX_H + GAP_Y)
    width = PAD * 2 + len(rounds) * (box_w + GAP_X)
    parts: list[str] = []
    centres: list[list[float]] = []
    for r, pairings in enumerate(rounds):
        x = PAD + r * (box_w + GAP_X)
        parts.append(
            f'<text x="{x + box_w / 2}" y="{PAD + 12}" text-anchor="middle" font-size="12" '
            f'font-weight="bold" fill="#333">{escape(titles[r])}</text>'
        )
        column: list[float] = []
        for i, pairing in enumerate(pairings):
            if r == 0:
                cy = PAD + 20 + GAP_Y / 2 + i * (BOX_H + GAP_Y) + BOX_H / 2
            else:
                above = centres[r - 1]
                if feeds is not None:
                    sources = [above[j] for j in feeds[r][i]]
                    cy = sum(sources) / len(sources)
                else:
                    cy = (above[2 * i] + above[2 * i + 1]) / 2 if 2 * i + 1 < len(above) else above[-1]
                    sources = above[2 * i : 2 * i + 2]
                for src in sources:
                    parts.append(
                        f'<path d="M{x - GAP_X} {src:.1f}H{x - GAP_X / 2}V{cy:.1f}H{x}" fill="none" '
                        'stroke="#999"/>'
                    )
            column.append(cy)
            parts.append(_box(x, cy - BOX_H / 2, pairing, box_w))
        centres.append(column)
    return Markup(
        f'<svg class="bracket" viewBox="0 0 {width} {height:.0f}" width="{width}" role="img" '
        f'aria-label="{escape(label)}">{"".join(parts)}</svg>'
    )


def box_width(rounds: Sequence[Sequence[Pairing]]) -> int:
    """One width for every box: room for the longest name, a gap, and the widest score."""
    sides = [side for pairings in rounds for p in pairings for side in (p.top, p.bottom)]
    name = max((len(s.name) for s in sides), default=0)
    score = max((len(s.score) for s in sides), default=0)
    return max(BOX_W, round(8 + (name + score) * CHAR_W + SCORE_GAP + 8))


def _box(x: float, y: float, p: Pairing, box_w: int = BOX_W) -> str:
    rows = []
    for j, side in enumerate((p.top, p.bottom)):
        ty = y + 16 + j * 20
        weight = ' font-weight="bold"' if side.won else ""
        name = escape(side.name) if side.name else Markup("&#8212;")
        rows.append(
            f'<text x="{x + 8}" y="{ty:.1f}" font-size="12" fill="#111"{weight}>{name}</text>'
            f'<text x="{x + box_w - 8}" y="{ty:.1f}" text-anchor="end" font-size="12" fill="#111"'
            f"{weight}>{escape(side.score)}</text>"
        )
    return (
        f'<rect x="{x}" y="{y:.1f}" width="{box_w}" height="{BOX_H}" rx="4" fill="#fff" stroke="#888"/>'
        f'<line x1="{x}" y1="{y + BOX_H / 2:.1f}" x2="{x + box_w}" y2="{y + BOX_H / 2:.1f}" '
        f'stroke="#ddd"/>{"".join(rows)}'
    )
