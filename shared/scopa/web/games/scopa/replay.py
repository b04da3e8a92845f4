"""A finished match, move by move, for the viewer; and the check of its shuffle commitments.

Only for a published game record (after the end, seeds revealed): :func:`steps` re-plays the record
with the engine and gives the position before each move with that move marked, then the final position.
:func:`verify_shuffles` recomputes every deal's seed, commitment and deck from the revealed master seed
with the project's shuffle code and compares them with the commitments published while the game ran.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scopa.domain.games.common.cards import CODES, cards_in
from scopa.domain.games.common.shuffle import commitment, deal_seed, shuffled_deck
from scopa.domain.games.scopa.engine import apply_move, end_match, new_match
from scopa.domain.games.scopa.rules import rules_from_options
from scopa.domain.games.scopa.state import Move, ScopaState
from scopa.web.games.base import DealCheck


@dataclass(frozen=True)
class Step:
    """One position of the replay; ``move`` is the move played from it (None at the end)."""

    number: int  # 0-based step index
    deal: int  # 1-based
    dealer: int
    hands: list[list[int]]  # cards per seat (the game is over: everything may be shown)
    table: list[int]
    stock: int
    piles: list[int]  # cards captured per side this deal
    scope: list[int]  # scope per side this deal
    scores: list[int]  # game score per side after the finished deals
    deal_points: list[list[int]]  # points of each finished deal
    seat: int | None  # who plays the move
    card: int | None  # the card played
    take: list[int]  # the table cards it takes
    scopa: bool  # the move sweeps the table for a scopa
    result: dict[str, Any] | None  # at the final step


def _step(number: int, state: ScopaState, move: Move | None, scopa: bool) -> Step:
    return Step(
        number=number,
        deal=state.deal_index + 1,
        dealer=state.dealer,
        hands=[cards_in(h) for h in state.hands],
        table=cards_in(state.table),
        stock=state.stock_size,
        piles=[p.bit_count() for p in state.piles],
        scope=list(state.scope_by_side()),
        scores=list(state.scores),
        deal_points=[list(t) for t in state.deal_totals],
        seat=state.turn if move is not None else None,
        card=move.card if move is not None else None,
        take=cards_in(move.take) if move is not None else [],
        scopa=scopa,
        result=state.result.to_json() if state.result is not None and move is None else None,
    )


def steps(record: dict[str, Any]) -> list[Step]:
    """Every position of a recorded game: before each move (with the move), then the end."""
    rules = rules_from_options(record["rules"])
    state = new_match(rules, record["master_seed"], int(record["first_dealer"]))
    out: list[Step] = []
    for deal in record["deals"]:
        for entry in deal.get("moves", []):
            move = Move.from_json(entry)
            after = apply_move(state, move, int(entry["seat"]))
            # A deal's last card never makes a scopa, so a move that starts the next deal swept nothing.
            swept = after.deal_index == state.deal_index and len(after.scopa_log) > len(state.scopa_log)
            out.append(_step(len(out), state, move, swept))
            state = after
    end = record.get("end")
    if end and not state.finished:
        state = end_match(state, int(end["seat"]), str(end["reason"]))
    out.append(_step(len(out), state, None, False))
    return out


def verify_shuffles(record: dict[str, Any], published: Sequence[str]) -> list[DealCheck]:
    """Recompute each deal's seed, commitment and deck from the revealed master seed."""
    master = record["master_seed"]
    checks = []
    for d, deal in enumerate(record["deals"]):
        seed = str(deal.get("seed", ""))
        recomputed = commitment(seed) if _is_hex(seed) else ""
        deck = (
            "".join(CODES[c] for c in shuffled_deck(seed, int(deal.get("attempt", 0)))) if recomputed else ""
        )
        shown = published[d] if d < len(published) else ""
        checks.append(
            DealCheck(
                deal=d + 1,
                seed=seed,
                published=shown,
                recomputed=recomputed,
                seed_ok=seed == deal_seed(master, d),
                commitment_ok=bool(recomputed) and recomputed == shown == deal.get("commitment"),
                deck_ok=bool(deck) and deal.get("deck", deck) == deck,
            )
        )
    return checks


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return len(text) == 64
