"""What each seat and a spectator may see of a Briscola match.

Public at a real table: the turned-up trump (and who drew it last), every card played and who took each
trick, the stock's size, how many cards each hand holds, the auction and the called card (chiamata), the
signals sent, the points and the match score, and the shuffle commitments. Hidden: every hand but one's
own, the stock, and chiamata's partner until the called card is played. Briscola scoperta shows every hand
(the stock stays hidden). Seeds appear only when the match has ended.
"""

from __future__ import annotations

from typing import Any

from scopa.domain.games.briscola.cards import CODES, mask_codes, mask_points
from scopa.domain.games.briscola.engine import legal_moves
from scopa.domain.games.briscola.rules import BriscolaRules
from scopa.domain.games.briscola.shuffle import algorithm
from scopa.domain.games.briscola.state import BriscolaState, GameScore, Trick, bid_text
from scopa.domain.games.common.views import shuffle_view, waiting_shuffle

SUIT_NAMES = ("coins", "cups", "swords", "clubs")


def waiting_view(rules: BriscolaRules, master_seed: str | None, status: str = "waiting") -> dict[str, Any]:
    """What anyone sees of a match not dealt yet (its seats have not all accepted): the rules and the
    first game's shuffle commitment, no card at all."""
    return {
        "game": "briscola",
        "status": status,
        "rules": rules.to_options(),
        "players": rules.players,
        "sides": rules.sides,
        "shuffle": waiting_shuffle(algorithm(rules.decks), master_seed),
    }


def describe_game(
    number: int, tricks: tuple[Trick, ...], score: GameScore, match_scores: tuple[int, ...]
) -> dict[str, Any]:
    """A finished game of the match as JSON (the match layer's "deal"): its number (1-based), every trick
    (all played face up), the card points per side (chiamata: per seat), the winning side (null: a draw)
    and the match score after it."""
    return {
        "deal": number,
        "tricks": [
            {"leader": t.leader, "cards": [CODES[c] for c in t.cards], "winner": t.winner} for t in tricks
        ],
        "points": list(score.points),
        "winner": score.winner if score.winner >= 0 else None,
        "caller_side": list(score.caller_side),
        "scores": list(match_scores),
    }


def _public(state: BriscolaState) -> dict[str, Any]:
    rules = state.rules
    finished = state.finished
    trump_suit = state.trump_suit
    view: dict[str, Any] = {
        "game": "briscola",
        "rules": rules.to_options(),
        "players": rules.players,
        "sides": rules.sides,
        "status": "finished" if finished else "playing",
        "phase": state.phase,
        "game_number": state.game_index + 1,
        "dealer": state.dealer,
        "turn": None if finished else state.turn,
        "trump_card": CODES[state.trump] if state.trump >= 0 else None,
        "trump_suit": SUIT_NAMES[trump_suit] if trump_suit >= 0 else None,
        "trump_drawn_by": state.trump_holder if state.trump_holder >= 0 else None,
        "stock": state.stock_size,
        "hand_sizes": [h.bit_count() for h in state.hands],
        "trick": [
            {"seat": (state.leader + i) % rules.players, "card": CODES[c]} for i, c in enumerate(state.trick)
        ],
        "leader": state.leader,
        "tricks": [
            {"leader": t.leader, "cards": [CODES[c] for c in t.cards], "winner": t.winner}
            for t in state.tricks
        ],
        "last_trick": None,
        "points": list(state.points),
        "signals": [{"seat": s, "trick": t + 1, "signal": name} for s, t, name in state.signals],
        "moves_played": state.moves_played,
        "scores": list(state.match_scores),
        "game_history": [g.to_json() for g in state.history],
        "shuffle": shuffle_view(algorithm(rules.decks), state.master_seed, state.commitments, finished),
        "result": state.result.to_json() if state.result else None,
    }
    if state.tricks:
        view["last_trick"] = view["tricks"][-1]
    if rules.chiamata:
        view["auction"] = [{"seat": s, "bid": bid_text(level)} for s, level in state.bids]
        view["caller"] = state.caller if state.caller >= 0 else None
        view["called_card"] = CODES[state.called] if state.called >= 0 else None
        view["partner"] = state.partner if state.partner_revealed or finished else None
    if rules.scoperta:
        view["open_hands"] = [mask_codes(h) for h in state.hands]
    return view


def seat_view(state: BriscolaState, seat: int) -> dict[str, Any]:
    """What the player in ``seat`` sees; with ``legal_moves`` when it is their turn."""
    if not 0 <= seat < state.rules.players:
        raise ValueError(f"seat must be 0..{state.rules.players - 1}")
    view = _public(state)
    view["seat"] = seat
    view["side"] = state.rules.side_of(seat)
    view["hand"] = mask_codes(state.hands[seat])
    view["hand_points"] = mask_points(state.hands[seat])
    if state.rules.chiamata and state.called >= 0 and seat == state.partner:
        view["partner"] = seat  # the holder of the called card knows it
    view["your_turn"] = not state.finished and state.turn == seat
    if view["your_turn"]:
        view["legal_moves"] = [m.to_json() for m in legal_moves(state)]
    return view


def spectator_view(state: BriscolaState) -> dict[str, Any]:
    return _public(state)
