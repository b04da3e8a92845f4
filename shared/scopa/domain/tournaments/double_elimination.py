"""Double elimination: a winners' bracket, a losers' bracket and a grand final, played as matches get ready.

The structure is fixed by the bracket size ``S = 2**k`` (the knockout's: seeds placed in the standard
order, byes, the empty slots, opposite the top seeds):

* winners' bracket ``W1 .. Wk``, exactly the knockout's rounds;
* losers' bracket ``L1 .. L(2k-2)``: ``L1`` pairs the losers of ``W1`` two by two; each even round
  ``L(2j-2)`` takes the winners of the round before against the losers of ``Wj`` dropping in (in reverse
  order every other time, so two players who met in the winners' bracket do not meet again at once), and
  each odd round after ``L1`` halves the field. With two entrants (``k = 1``) there is no losers' bracket:
  the loser of ``W1`` is its winner;
* the grand final ``GF1``, the winners' bracket winner against the losers' bracket winner, and, with the
  bracket reset on, ``GF2`` when the losers' bracket winner took ``GF1`` (both have lost once then).

A match whose two players are known is *ready*; a match with an empty side (a bye, or a bye's missing
loser) passes the other side on without play. Each tournament round pairs every ready match that is due:
winners' round ``r`` is due from tournament round ``r``, losers' round ``t`` from round ``t + 1`` (the
losers of round 1 first meet in round 2), the grand final from the round after both brackets' finals, the
reset from the round after it. Without the "due" rule a top seed's bye would let two seeds with byes meet
in round 1, where they are listed as having a bye; with it every match is played in exactly its due round
(its sides are always settled by then), so round ``r`` is winners' round ``r`` with losers' round
``r - 1``. Everything is recomputed from the first-round slots and the winners of the matches played, so
nothing but the rounds' tables has to be stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal

from scopa.domain.tournaments.knockout import bracket_size

Side = Literal["winners", "losers", "final"]
SourceKind = Literal["slot", "winner", "loser"]


@dataclass(frozen=True)
class Source:
    """Where one side of a match comes from: a first-round slot, or the winner or loser of a match."""

    kind: SourceKind
    slot: int = 0
    match: str = ""


@dataclass(frozen=True)
class BracketMatch:
    """One match of the structure: ``W2-1`` is the winners' round 2, match 1; ``GF1`` the grand final."""

    key: str
    side: Side
    round: int  # the round within its side (1-based)
    index: int  # 0-based position within that round, top to bottom
    inputs: tuple[Source, Source]


@dataclass(frozen=True)
class Slot:
    """A match as far as it has come: who plays it (None: empty or not known yet) and how it ended."""

    match: BracketMatch
    first: str | None
    second: str | None
    known: bool  # both sides are settled (a player or empty)
    winner: str | None = None  # set once settled: played, or passed on without play
    loser: str | None = None
    played: bool = False

    @property
    def ready(self) -> bool:
        """Both players known and the match not played yet: it is paired in the next round."""
        return self.known and self.first is not None and self.second is not None and not self.played

    @property
    def settled(self) -> bool:
        return self.played or (self.known and (self.first is None or self.second is None))


@cache
def structure(size: int, reset: bool = True) -> tuple[BracketMatch, ...]:
    """Every match of a double-elimination bracket of ``size`` slots, each after the matches it needs
    (computed once per size: every round of every tournament replays over it)."""
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket has a power-of-two number of slots, at least 2")
    k = size.bit_length() - 1
    out: list[BracketMatch] = []
    for i in range(size // 2):
        out.append(
            BracketMatch(f"W1-{i + 1}", "winners", 1, i, (Source("slot", 2 * i), Source("slot", 2 * i + 1)))
        )
    for r in range(2, k + 1):
        for i in range(size >> r):
            a, b = (Source("winner", match=f"W{r - 1}-{2 * i + x + 1}") for x in (0, 1))
            out.append(BracketMatch(f"W{r}-{i + 1}", "winners", r, i, (a, b)))
    losers_winner = Source("loser", match="W1-1")  # k = 1: the only other player
    if k >= 2:
        for i in range(size // 4):
            a, b = (Source("loser", match=f"W1-{2 * i + x + 1}") for x in (0, 1))
            out.append(BracketMatch(f"L1-{i + 1}", "losers", 1, i, (a, b)))
        for j in range(2, k + 1):
            drop = 2 * j - 2
            count = size >> j
            for i in range(count):
                incoming = count - 1 - i if j % 2 == 0 else i
                a = Source("winner", match=f"L{drop - 1}-{i + 1}")
                b = Source("loser", match=f"W{j}-{incoming + 1}")
                out.append(BracketMatch(f"L{drop}-{i + 1}", "losers", drop, i, (a, b)))
            if j < k:
                for i in range(count // 2):
                    a, b = (Source("winner", match=f"L{drop}-{2 * i + x + 1}") for x in (0, 1))
                    out.append(BracketMatch(f"L{drop + 1}-{i + 1}", "losers", drop + 1, i, (a, b)))
        losers_winner = Source("winner", match=f"L{2 * k - 2}-1")
    out.append(BracketMatch("GF1", "final", 1, 0, (Source("winner", match=f"W{k}-1"), losers_winner)))
    if reset:
        out.append(
            BracketMatch("GF2", "final", 2, 0, (Source("winner", match="GF1"), Source("loser", match="GF1")))
        )
    return tuple(out)


def losers_rounds(size: int) -> int:
    """Rounds of the losers' bracket of a bracket of ``size`` slots."""
    return max(0, 2 * (size.bit_length() - 1) - 2)


def due(match: BracketMatch, size: int) -> int:
    """The first tournament round ``match`` may be played in (see the module docstring)."""
    k = size.bit_length() - 1
    if match.side == "winners":
        return match.round
    if match.side == "losers":
        return match.round + 1
    return max(k, 1 + losers_rounds(size)) + match.round


def max_rounds(entrants: int, reset: bool = True) -> int:
    """The most tournament rounds a field can take (every match of the longest path, the reset played).

    The winners' final is round ``k``; the losers' bracket starts one round after the winners' one and
    its final is round ``2k - 1`` at the latest; the grand final follows, then the reset.
    """
    if entrants < 2:
        return 0
    k = bracket_size(entrants).bit_length() - 1
    longest = max(k, 1 + losers_rounds(1 << k))
    return longest + 1 + (1 if reset else 0)


def progress(slots: Sequence[str | None], decided: Mapping[str, str], reset: bool = True) -> dict[str, Slot]:
    """Every match's state from the first-round ``slots`` and the winners of the matches played so far."""
    out: dict[str, Slot] = {}

    def value(source: Source) -> tuple[bool, str | None]:
        if source.kind == "slot":
            return True, slots[source.slot]
        before = out[source.match]
        if not before.settled:
            return False, None
        return True, before.winner if source.kind == "winner" else before.loser

    for m in structure(len(slots), reset):
        (known_a, a), (known_b, b) = value(m.inputs[0]), value(m.inputs[1])
        if not (known_a and known_b):
            out[m.key] = Slot(m, a, b, known=False)
            continue
        if m.key == "GF2" and out["GF1"].winner == out["GF1"].first:
            out[m.key] = Slot(m, None, None, known=True, winner=a)  # the unbeaten side won: no reset
            continue
        if a is None or b is None:
            out[m.key] = Slot(m, a, b, known=True, winner=a if a is not None else b)
            continue
        winner = decided.get(m.key)
        if winner is None:
            out[m.key] = Slot(m, a, b, known=True)
            continue
        if winner not in (a, b):
            raise ValueError(f"the winner of {m.key} ({a} v {b}) must be one of them, not {winner}")
        out[m.key] = Slot(m, a, b, known=True, winner=winner, loser=b if winner == a else a, played=True)
    return out


def ready_matches(state: Mapping[str, Slot], number: int) -> list[Slot]:
    """The matches to pair in tournament round ``number``: ready and due, in bracket order (winners'
    side, losers' side, grand final)."""
    size = 1 << max((s.match.round for s in state.values() if s.match.side == "winners"), default=1)
    return [s for s in state.values() if s.ready and due(s.match, size) <= number]


def champion(state: Mapping[str, Slot]) -> str | None:
    """The tournament's winner once the last grand final is settled."""
    last = state.get("GF2") or state["GF1"]
    return last.winner if last.settled else None


def replay(
    slots: Sequence[str | None],
    rounds: Sequence[Sequence[tuple[str, str]]],
    winner_of: Callable[[int, str, str], str | None],
    reset: bool = True,
) -> dict[str, str]:
    """The winners of the matches played, from the tournament's rounds in order (round 1 first).

    Each round's tables are matched to the matches that were ready when it was paired; ``winner_of(round,
    a, b)`` says who won the table between a and b in that round (None: not decided yet).
    """
    return replay_rounds(slots, rounds, winner_of, reset)[0]


def replay_rounds(
    slots: Sequence[str | None],
    rounds: Sequence[Sequence[tuple[str, str]]],
    winner_of: Callable[[int, str, str], str | None],
    reset: bool = True,
) -> tuple[dict[str, str], dict[str, int]]:
    """As :func:`replay`, with the round each match was paired in (decided or not: the page's scores).

    One pass over the structure, not one per round: a match is paired in the first round, from when it
    is due and its sides are settled, that seats its two entrants at one table (as the rounds were
    paired: each entrant is in one unsettled match at a time, so no table can count for two)."""
    seated: dict[frozenset[str], list[int]] = {}
    for number, tables in enumerate(rounds, start=1):
        for pair in tables:
            seated.setdefault(frozenset(pair), []).append(number)
    size = len(slots)
    decided: dict[str, str] = {}
    paired: dict[str, int] = {}
    settled: dict[str, tuple[str | None, str | None, int]] = {}  # winner, loser, settled after round
    sides: dict[str, tuple[str | None, str | None]] = {}
    for m in structure(size, reset):
        known: list[tuple[str | None, int]] = []
        for source in m.inputs:
            if source.kind == "slot":
                known.append((slots[source.slot], 0))
            elif source.match in settled:
                winner, loser, after = settled[source.match]
                known.append((winner if source.kind == "winner" else loser, after))
        if len(known) < 2:
            continue
        (a, after_a), (b, after_b) = known
        sides[m.key] = (a, b)
        if m.key == "GF2" and settled["GF1"][0] == sides["GF1"][0]:
            settled[m.key] = (a, None, after_a)  # the unbeaten side won the grand final: no reset
            continue
        if a is None or b is None:
            settled[m.key] = (a if a is not None else b, None, max(after_a, after_b))
            continue
        earliest = max(after_a + 1, after_b + 1, due(m, size))
        at = next((r for r in seated.get(frozenset((a, b)), ()) if r >= earliest), None)
        if at is None:
            continue
        paired[m.key] = at
        winner = winner_of(at, a, b)
        if winner is None:
            continue
        decided[m.key] = winner
        settled[m.key] = (winner, b if winner == a else a, at)
    return decided, paired


def depth(state: Mapping[str, Slot], entrants: Sequence[str]) -> dict[str, int]:
    """How far each entrant went, higher is further: the placings' order (equal depths share a place).

    An entrant knocked out in losers' round ``t`` has depth ``t``; the grand final's loser (the one out
    after it) ``T + 1`` where ``T`` is the losers' rounds; the champion ``T + 2``; anyone still in ``T + 3``.
    """
    size = max((s.match.round for s in state.values() if s.match.side == "losers"), default=0)
    out = dict.fromkeys(entrants, size + 3)
    for s in state.values():
        if not s.played or s.loser is None:
            continue
        if s.match.side == "losers":
            out[s.loser] = s.match.round
        elif s.match.key == "GF2" or (s.match.key == "GF1" and (s.loser == s.second or "GF2" not in state)):
            out[s.loser] = size + 1  # out of the grand final: second place
    winner = champion(state)
    if winner is not None:
        out[winner] = size + 2
    return out
