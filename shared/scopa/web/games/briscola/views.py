"""Briscola for the spectator page and the replay viewer: plain view data from a view or a record.

:func:`table` shapes a spectator view (:func:`scopa.domain.games.briscola.views.spectator_view`: no hand, no
stock) for its live page (``briscola/live.html``). :func:`steps` re-plays a published record (after the
end, seeds revealed) with the engine: the position before each move with that move marked, then the end;
every hand may be shown there, as the Scopa replay shows them. :func:`verify_shuffles` recomputes each
game's seed, commitment and deck from the revealed master seed with the project's shuffle code.

Cards are given by their face (a Scopa card code, ``Ad``): a second deck's ``AD`` is drawn and named as
the first deck's ``Ad``, as the play page does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scopa.domain.games.briscola.cards import CODES, trick_winner
from scopa.domain.games.briscola.engine import apply_move, end_match, new_match
from scopa.domain.games.briscola.rules import BriscolaRules, rules_from_options
from scopa.domain.games.briscola.shuffle import commitment, deal_seed, game_deck
from scopa.domain.games.briscola.state import BriscolaState, Move, bid_text
from scopa.domain.games.common.cards import iter_cards
from scopa.web.games.base import DealCheck


def face(code: str) -> str:
    """The face of a Briscola card code: the second deck's ``AD`` looks like the first deck's ``Ad``."""
    return code[0] + code[1].lower()


def side_names(rules: BriscolaRules, names: Sequence[str]) -> list[str]:
    """A name per scoring side: partners joined with ``&`` (partners sit opposite)."""
    sides = rules.sides
    return [
        " & ".join(n for seat, n in enumerate(names) if rules.side_of(seat) == side) for side in range(sides)
    ]


def per_side(rules: BriscolaRules, per_seat: Sequence[int]) -> list[int]:
    out = [0] * rules.sides
    for seat, value in enumerate(per_seat):
        out[rules.side_of(seat)] += value
    return out


def table(view: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """What the spectator page draws of a dealt match, from the spectator view only."""
    rules = rules_from_options(view["rules"])
    tricks = view.get("tricks") or []
    last = tricks[-1] if tricks else None
    return {
        "game_number": view["game_number"],
        "turn": view["turn"],
        "dealer": view["dealer"],
        "hand_sizes": view["hand_sizes"],
        "open_hands": [[face(c) for c in h] for h in view["open_hands"]] if "open_hands" in view else None,
        "trump": face(view["trump_card"]) if view.get("trump_card") else None,
        "trump_suit": view.get("trump_suit"),
        "trump_drawn_by": view.get("trump_drawn_by"),
        "stock": view["stock"],
        "trick": [{"seat": p["seat"], "card": face(p["card"])} for p in view["trick"]],
        "last_trick": (
            {
                "cards": [
                    {"seat": (last["leader"] + i) % rules.players, "card": face(c)}
                    for i, c in enumerate(last["cards"])
                ],
                "winner": last["winner"],
            }
            if last
            else None
        ),
        "tricks_played": len(tricks),
        "sides": side_names(rules, names),
        "points": per_side(rules, view["points"]) if not rules.chiamata else list(view["points"]),
        "scores": list(view["scores"]),
        "signals": view.get("signals") or [],
        "auction": view.get("auction") or [],
        "caller": view.get("caller"),
        "called_card": face(view["called_card"]) if view.get("called_card") else None,
        "partner": view.get("partner"),
        "best_of": rules.games if rules.match == "best_of" else None,
        "points_target": rules.points_target,
    }


@dataclass(frozen=True)
class Step:
    """One position of a Briscola replay; ``move`` is the move played from it (None at the end)."""

    number: int  # 0-based step index
    game: int  # 1-based game of the match
    dealer: int
    hands: list[list[str]]  # faces per seat (the match is over: everything may be shown)
    trump: str | None  # the turned-up card's face (None in chiamata)
    trump_drawn_by: int | None
    trump_suit: int  # -1 before chiamata's call
    stock: int
    trick: list[dict[str, Any]]  # the trick under way: {seat, card}
    points: list[int]  # card points per side this game (chiamata: per seat)
    scores: list[int]  # the match score per side (chiamata: per seat)
    game_points: list[list[int]]  # card points of each finished game
    seat: int | None  # who plays the move
    kind: str | None  # play | bid | call
    card: str | None  # the card played or called (a face)
    bid: str | None  # the bid (a rank, a points target, or pass)
    signal: str | None
    took: int | None  # the seat that takes the trick this card ends
    result: dict[str, Any] | None  # at the final step


def _points(state: BriscolaState) -> list[int]:
    return list(state.points) if state.rules.chiamata else per_side(state.rules, state.points)


def _step(number: int, state: BriscolaState, move: Move | None, took: int | None) -> Step:
    kind = move.kind if move is not None else None
    return Step(
        number=number,
        game=state.game_index + 1,
        dealer=state.dealer,
        hands=[[face(CODES[c]) for c in iter_cards(h)] for h in state.hands],
        trump=face(CODES[state.trump]) if state.trump >= 0 else None,
        trump_drawn_by=state.trump_holder if state.trump_holder >= 0 else None,
        trump_suit=state.trump_suit,
        stock=state.stock_size,
        trick=[
            {"seat": (state.leader + i) % state.rules.players, "card": face(CODES[c])}
            for i, c in enumerate(state.trick)
        ],
        points=_points(state),
        scores=list(state.match_scores),
        game_points=[list(g.points) for g in state.history],
        seat=state.turn if move is not None else None,
        kind=kind,
        card=face(CODES[move.card]) if move is not None and move.kind in ("play", "call") else None,
        bid=bid_text(move.level) if move is not None and move.kind == "bid" else None,
        signal=move.signal if move is not None else None,
        took=took,
        result=state.result.to_json() if state.result is not None and move is None else None,
    )


def _taker(before: BriscolaState, seat: int, after: BriscolaState) -> int | None:
    """The seat that takes the trick the card just played ends (None when the trick goes on)."""
    if len(before.trick) + 1 < before.rules.players:
        return None
    if after.game_index == before.game_index and len(after.history) == len(before.history):
        return after.tricks[-1].winner
    # The game's last trick: the state moved on to the next game (or the end), so work it out. Every hand
    # holds one card at the last trick: the card played is the one left in the seat's hand.
    cards = (*before.trick, before.hands[seat].bit_length() - 1)
    return (before.leader + trick_winner(cards, before.trump_suit)) % before.rules.players


def steps(record: dict[str, Any]) -> list[Step]:
    """Every position of a recorded Briscola match: before each move (with the move), then the end."""
    rules = rules_from_options(record["rules"])
    state = new_match(rules, record["master_seed"], int(record["first_dealer"]))
    out: list[Step] = []
    for game in record["games"]:
        for entry in game.get("moves", []):
            seat_text, _, move_text = str(entry).partition(":")
            seat = int(seat_text)
            move = Move.parse(move_text)
            after = apply_move(state, move, seat)
            took = _taker(state, seat, after) if move.kind == "play" else None
            out.append(_step(len(out), state, move, took))
            state = after
    end = record.get("end")
    if end and not state.finished:
        state = end_match(state, int(end["seat"]), str(end["reason"]))
    out.append(_step(len(out), state, None, None))
    return out


def verify_shuffles(record: dict[str, Any], published: Sequence[str]) -> list[DealCheck]:
    """Recompute each game's seed, commitment and deck from the revealed master seed."""
    rules = rules_from_options(record["rules"])
    master = str(record["master_seed"])
    checks = []
    for g, game in enumerate(record["games"]):
        seed = str(game.get("seed", ""))
        recomputed = commitment(seed) if _is_hex(seed) else ""
        deck = "".join(CODES[c] for c in game_deck(seed, rules.decks, rules.removed)) if recomputed else ""
        shown = published[g] if g < len(published) else ""
        checks.append(
            DealCheck(
                deal=g + 1,
                seed=seed,
                published=shown,
                recomputed=recomputed,
                seed_ok=seed == deal_seed(master, g),
                commitment_ok=bool(recomputed) and recomputed == shown == game.get("commitment"),
                deck_ok=bool(deck) and game.get("deck", deck) == deck,
            )
        )
    return checks


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return len(text) == 64
