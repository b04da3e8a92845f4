"""What each seat may see: a player's view, a spectator's view, and the full state after the end.

A player at a real table sees their own hand, the face-up table, how many cards each other player holds,
how big each side's pile is, the face-up scopa markers, every card played this deal and what it took
(all of it happened face up in front of them), hands shown face up after a cirulla bonus, the scores,
and the shuffle commitments. They never see another hand or the stock. Views are plain JSON-ready dicts.
"""

from __future__ import annotations

from typing import Any

from scopa.domain.games.common.cards import CODES, RANK, mask_rank_sum
from scopa.domain.games.common.shuffle import ALGORITHM
from scopa.domain.games.common.views import shuffle_view, waiting_shuffle
from scopa.domain.games.scopa.captures import TableInfo, ace_sweep_applies
from scopa.domain.games.scopa.engine import legal_moves
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import DealScore
from scopa.domain.games.scopa.state import Move, PlayedMove, ScopaState, mask_codes


def waiting_view(rules: RuleSet, master_seed: str | None, status: str = "waiting") -> dict[str, Any]:
    """What anyone sees of a game not dealt yet (its seats have not all accepted): the rules and the
    first deal's shuffle commitment, no card at all."""
    return {
        "game": "scopa",
        "status": status,
        "rules": _options(rules),
        "players": rules.players,
        "shuffle": waiting_shuffle(ALGORITHM, master_seed),
    }


def describe_deal(
    rules: RuleSet,
    number: int,
    moves: tuple[PlayedMove, ...],
    leftovers: tuple[int, int],
    score: DealScore,
    scores: tuple[int, ...],
) -> dict[str, Any]:
    """A finished deal as JSON: its number (1-based), every play, who took the leftovers, the count by
    category and the game scores after it. Everything in it was played face up."""
    seat, cards = leftovers
    count: dict[str, Any] = score.to_json()
    count["settebello"] = next((side for side, p in enumerate(score.points) if p.get("settebello")), None)
    count["scope"] = [p.get("scope", 0) for p in score.points]
    return {
        "deal": number,
        "moves": [m.to_json() for m in moves],
        "leftovers": {
            "seat": seat if seat >= 0 else None,
            "side": seat % rules.sides if seat >= 0 else None,
            "cards": mask_codes(cards),
        },
        "count": count,
        "scores": list(scores),
    }


def finished_deal(state: ScopaState) -> dict[str, Any] | None:
    """The last finished deal while the state keeps it (until every seat has played a card of the next
    deal, and after the game's last deal), else None."""
    if state.leftovers is None or state.last_deal is None:
        return None
    moves = state.finished_log or state.deal_log  # a game that ended with a deal keeps its plays in deal_log
    return describe_deal(
        state.rules, len(state.deal_totals), moves, state.leftovers, state.last_deal, state.scores
    )


_OPTIONS: dict[int, tuple[RuleSet, dict[str, Any]]] = {}


def _options(rules: RuleSet) -> dict[str, Any]:
    """``rules.to_options()`` (a pydantic dump, a tenth of a view's time), kept by the rule set's identity
    (with the rule set, so an id is never reused), as a fresh copy each time: a view is the caller's."""
    found = _OPTIONS.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_OPTIONS) >= 256:
            _OPTIONS.clear()
        found = _OPTIONS[id(rules)] = (rules, rules.to_options())
    return dict(found[1])


def _public(state: ScopaState) -> dict[str, Any]:
    rules = state.rules
    view: dict[str, Any] = {
        "game": "scopa",
        "rules": _options(rules),
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
        # The plays of the deal under way (none once the game has ended with a deal: see finished_deal).
        "deal_moves": [] if _ended_with_deal(state) else [m.to_json() for m in state.deal_log],
        "last_move": state.last_move.to_json() if state.last_move else None,
        "moves_played": state.moves_played,
        "scores": list(state.scores),
        "deal_history": [list(t) for t in state.deal_totals],
        "last_deal": state.last_deal.to_json() if state.last_deal else None,
        "shuffle": shuffle_view(ALGORITHM, state.master_seed, state.commitments, state.finished),
        "result": state.result.to_json() if state.result else None,
        "finished_deal": finished_deal(state),
    }
    return view


def _ended_with_deal(state: ScopaState) -> bool:
    return state.finished and state.leftovers is not None and not state.finished_log


def describe_move(state: ScopaState, move: Move) -> dict[str, Any]:
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
        taken = mask_rank_sum(move.take)
        out["kind"] = "take" if taken == RANK[move.card] else "fifteen"
    out["sweeps"] = bool(move.take) and move.take == state.table
    return out


def seat_view(state: ScopaState, seat: int) -> dict[str, Any]:
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


def spectator_view(state: ScopaState) -> dict[str, Any]:
    """What someone watching sees: the table and everything public, no hand."""
    return _public(state)
