"""Exact play of a fully known two-player Briscola position: alpha-beta over whole tricks, with a table.

A guess at the hidden cards (the other hand and the stock's order) makes the rest of a two-player game a
game of perfect information. It is searched a trick at a time: the leader picks a card, the follower
answers, the winner takes the points and draws first. Hands are bit masks (a card ``c`` is ``1 << c``),
so a position at the start of a trick is ``(leader's hand, follower's hand, cards drawn)`` and its value
(the leader's card points from then on minus the follower's) does not depend on which seat leads: both
seats play by the same rules. That makes one transposition table entry per position; it keeps bounds,
since alpha-beta may only prove one side of a value.

The node count is the work measure (a node is one position at the start of a trick, about 5-10 us of
Python here); :class:`Solver` stops nothing by itself, the caller chooses which positions to solve.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.briscola.cards import BEATS, MAX_CARDS, POINTS, STRENGTH, SUIT
from scopa.domain.games.common.cards import cards_in

_SHIFT = MAX_CARDS  # the follower's mask sits above the leader's in a table key
_INF = 1_000


def mask_of(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


class Solver:
    """Exact values of positions of one two-player deal whose stock order is known (``stock[0]`` is the
    next card drawn; the turned-up trump is its last card). Hands hold distinct cards (one deck)."""

    __slots__ = ("beats", "lead_order", "leaf", "nodes", "stock", "stop", "table", "trump")

    def __init__(
        self, stock: Sequence[int], trump: int, *, stop: int = 1_000, leaf: Sequence[float] | None = None
    ) -> None:
        self.stock = tuple(stock)
        self.trump = trump
        #: Search stops at a trick's start once ``stop`` stock cards are drawn (while some are left): the
        #: position is then valued by ``leaf`` (per card, what holding it is worth to the leader), plus
        #: ``leaf[MAX_CARDS]`` for leading.
        self.stop = stop
        self.leaf = tuple(leaf) if leaf is not None else (0.0,) * (MAX_CARDS + 1)
        self.beats = BEATS[trump]
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        #: Leads tried cheapest first (a low card of no points, trumps last): good leads cut early.
        self.lead_order = tuple(
            (8 + POINTS[c] + STRENGTH[c]) * 2 if SUIT[c] == trump else POINTS[c] * 1.2 + 0.3 * STRENGTH[c]
            for c in range(MAX_CARDS)
        )

    def trick_start(self, lead: int, follow: int, pos: int, alpha: int, beta: int) -> int:
        """The value for the leader (its points from here on minus the follower's) of the position where
        ``lead`` (a mask) leads a trick against ``follow`` with ``pos`` stock cards drawn; exact when it
        lies inside ``(alpha, beta)``, a bound on the same side otherwise."""
        if not lead:
            return 0
        self.nodes += 1
        if pos >= self.stop and pos < len(self.stock):
            leaf = self.leaf
            value = leaf[MAX_CARDS]
            while lead:
                low = lead & -lead
                value += leaf[low.bit_length() - 1]
                lead ^= low
            while follow:
                low = follow & -follow
                value -= leaf[low.bit_length() - 1]
                follow ^= low
            return round(value)
        key = ((follow << _SHIFT) | lead) << 6 | pos
        entry = self.table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = -_INF, _INF
        start_alpha = alpha
        best = -_INF
        order = self.lead_order
        for a in sorted(cards_in(lead), key=order.__getitem__):
            v = self.answer(a, lead ^ (1 << a), follow, pos, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= start_alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best

    def answer(self, a: int, lead: int, follow: int, pos: int, alpha: int, beta: int) -> int:
        """The leader's value once it has led ``a`` (no longer in ``lead``), the follower to answer from
        ``follow`` (it minimises); bounds as in :meth:`trick_start`."""
        beats = self.beats
        stock = self.stock
        row = a * MAX_CARDS
        drawing = pos < len(stock)
        best = _INF
        # Answers that take the trick first (they are the likeliest refutations), cheapest first.
        answers = sorted(cards_in(follow), key=lambda b: (not beats[row + b], STRENGTH[b] + POINTS[b]))
        for b in answers:
            rest = follow ^ (1 << b)
            points = POINTS[a] + POINTS[b]
            if beats[row + b]:  # the follower takes it and leads next, drawing first
                if drawing:
                    t = self.trick_start(
                        rest | 1 << stock[pos],
                        lead | 1 << stock[pos + 1],
                        pos + 2,
                        -points - beta,
                        -points - alpha,
                    )
                else:
                    t = self.trick_start(rest, lead, pos, -points - beta, -points - alpha)
                v = -points - t
            else:
                if drawing:
                    t = self.trick_start(
                        lead | 1 << stock[pos],
                        rest | 1 << stock[pos + 1],
                        pos + 2,
                        alpha - points,
                        beta - points,
                    )
                else:
                    t = self.trick_start(lead, rest, pos, alpha - points, beta - points)
                v = points + t
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def values(self, mine: int, other: int, trick: Sequence[int], pos: int = 0) -> dict[int, int]:
        """The exact margin (own points from now on minus the other's) of every card in ``mine`` for the
        seat to move, holding ``mine`` against ``other``; ``trick`` is empty (it leads) or the other's
        card led (it answers)."""
        out: dict[int, int] = {}
        if not trick:
            for a in cards_in(mine):
                out[a] = self.answer(a, mine ^ (1 << a), other, pos, -_INF, _INF)
            return out
        (a,) = trick
        row = a * MAX_CARDS
        stock = self.stock
        drawing = pos < len(stock)
        for b in cards_in(mine):
            rest = mine ^ (1 << b)
            points = POINTS[a] + POINTS[b]
            if self.beats[row + b]:  # this seat takes it and leads next
                if drawing:
                    t = self.trick_start(
                        rest | 1 << stock[pos], other | 1 << stock[pos + 1], pos + 2, -_INF, _INF
                    )
                else:
                    t = self.trick_start(rest, other, pos, -_INF, _INF)
                out[b] = points + t
            else:
                if drawing:
                    t = self.trick_start(
                        other | 1 << stock[pos], rest | 1 << stock[pos + 1], pos + 2, -_INF, _INF
                    )
                else:
                    t = self.trick_start(other, rest, pos, -_INF, _INF)
                out[b] = -points - t
        return out
