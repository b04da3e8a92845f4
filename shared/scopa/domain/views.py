"""What each seat may see: a player's view, a spectator's view, and the full state after the end.

A player at a real table sees their own hand, the face-up table, how many cards each other player holds,
how big each side's pile is, the face-up scopa markers, every card played this deal and what it took
(all of it happened face up in front of them), hands shown face up after a cirulla bonus, the scores,
and the shuffle commitments. They never see another hand or the stock. Views are plain JSON-ready dicts.
"""

from __future__ import annotations

from typing import Any

from scopa.domain.captures import TableInfo, ace_sweep_applies
from scopa.domain.cards import CODES, RANK
from scopa.domain.engine import legal_moves
from scopa.domain.shuffle import ALGORITHM, deal_seed
from scopa.domain.state import GameState, Move, mask_codes


def _public(state: GameState) -> dict[str, Any]:
    rules = state.rules
    view: dict[str, Any] = {
        "game": "scopa",
        "rules": rules.to_options(),
        "players": rules.players,
        "sides": rules.sides,
        "status": "finished" if state.finished else "playing",
        "deal": state.deal_index + 1,
        "dealer": state.dealer,
        "turn": None if state.finished else state.turn,
        "table": mask_codes(state.table),
        "hand_sizes": [h.bit_count() for h in state.hands],
        "stock": state.stock_size,
        "pile_sizes": [p.bit_count() for p in state.piles],
        "scope": state.scope_by_side(),
        "scopa_markers": [{"seat": seat, "card": CODES[c]} for seat, c in state.scopa_log],
        "bonuses": [{"seat": b.seat, "kind": b.kind, "points": b.points} for b in state.bonuses],
        "revealed_hands": {
            str(seat): mask_codes(h) for seat, h in enumerate(state.hands) if state.revealed >> seat & 1
        },
        "deal_moves": [m.to_json() for m in state.deal_log],
        "last_move": state.last_move.to_json() if state.last_move else None,
        "moves_played": state.moves_played,
        "scores": list(state.scores),
        "deal_history": [list(t) for t in state.deal_totals],
        "last_deal": state.last_deal.to_json() if state.last_deal else None,
        "shuffle": {"algorithm": ALGORITHM, "commitments": list(state.commitments)},
        "result": state.result.to_json() if state.result else None,
    }
    if state.finished:
        view["shuffle"]["seeds"] = [deal_seed(state.master_seed, d) for d in range(len(state.commitments))]
        view["shuffle"]["master_seed"] = state.master_seed
    return view


def describe_move(state: GameState, move: Move) -> dict[str, Any]:
    """A legal move as JSON, with what it would mean (a capture, a sweep, a card laid down)."""
    out = move.to_json()
    if not move.take:
        out["kind"] = "lay"
    elif (
        RANK[move.card] == 1
        and move.take == state.table
        and ace_sweep_applies(state.rules, 1, TableInfo(state.table))
    ):
        out["kind"] = "ace_sweep"
    else:
        taken = sum(RANK[c] for c in range(40) if move.take >> c & 1)
        out["kind"] = "take" if taken == RANK[move.card] else "fifteen"
    out["sweeps"] = bool(move.take) and move.take == state.table
    return out


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """What the player in ``seat`` sees; with ``legal_moves`` when it is their turn."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat must be 0..{state.rules.players - 1}")
    view = _public(state)
    view["seat"] = seat
    view["side"] = state.side_of(seat)
    view["hand"] = mask_codes(state.hands[seat])
    view["your_turn"] = not state.finished and state.turn == seat
    if view["your_turn"]:
        view["legal_moves"] = [describe_move(state, m) for m in legal_moves(state)]
    return view


def spectator_view(state: GameState) -> dict[str, Any]:
    """What someone watching sees: the table and everything public, no hand."""
    return _public(state)


def full_view(state: GameState) -> dict[str, Any]:
    """The whole state, secrets included. Only for a finished game; raises otherwise."""
    if not state.finished:
        raise PermissionError("the full state is shown only after the game has ended")
    return state.to_json()
