"""``scopa play --game briscola``: bots play a Briscola match, printed trick by trick with each game's score.

The match is played through the public engine with every move checked, as the service plays it, and its
record (``--record``) is the service's own format, which ``scopa replay`` verifies.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TextIO

from scopa.domain.games.briscola.bots import make_bot
from scopa.domain.games.briscola.cards import CODES, FACE, points_of, trick_winner
from scopa.domain.games.briscola.engine import apply_move, new_match
from scopa.domain.games.briscola.record import RecordBuilder
from scopa.domain.games.briscola.rules import BriscolaRules
from scopa.domain.games.briscola.state import BriscolaState, Move, bid_text
from scopa.domain.games.briscola.views import seat_view
from scopa.domain.games.common.cards import DeckStyle, short_name


def card_label(card: int, style: DeckStyle) -> str:
    """A card as printed: its code in the Italian style (second deck upper case: ``AD``); otherwise the
    style's short name, a second-deck card marked with ``'``."""
    if style == "italian":
        return CODES[card]
    return short_name(FACE[card], style) + ("'" if card >= 40 else "")


def play(rules: BriscolaRules, names: Sequence[str], seed: int | None, style: DeckStyle, quiet: bool,
         record_path: str | None, out: TextIO | None = None) -> int:  # fmt: skip
    """Play one match between the named bots (one per seat) and print it (to ``out``, standard output
    by default); 0 when done."""
    out = out or sys.stdout
    bots = [make_bot(name, seed=(seed or 0) + i) for i, name in enumerate(names)]
    state = new_match(rules, f"{seed:064x}" if seed is not None else None, first_dealer=0)
    record = RecordBuilder.start(state, [f"bot:{n}" for n in names])
    _print_game_start(state, style, out)
    while not state.finished:
        seat = state.turn
        move = Move.from_json(bots[seat].choose(seat_view(state, seat)))
        after = apply_move(state, move, seat)
        record.add(state, move, after)
        if not quiet:
            _print_move(state, move, names, style, out)
        if len(after.history) > len(state.history):
            _print_game_score(after, out)
            if not after.finished:
                _print_game_start(after, style, out)
        state = after
    assert state.result is not None
    side = _side_word(state)
    sides = ", ".join(f"{side} {s}: {p}" for s, p in enumerate(state.result.scores))
    print(f"\nGame over ({state.result.reason}): {side} {state.result.winner} wins. {sides}", file=out)
    if record_path:
        with open(record_path, "w", encoding="utf-8") as fh:
            json.dump(record.finish(state), fh, indent=1)
        print(f"record written to {record_path} (check it with: scopa replay {record_path})", file=out)
    return 0


def _print_game_start(state: BriscolaState, style: DeckStyle, out: TextIO) -> None:
    trump = f"trump {card_label(state.trump, style)}" if state.trump >= 0 else "an auction for the trump"
    print(f"\n== Game {state.game_index + 1}: dealer seat {state.dealer}, {trump}", file=out)


def _print_move(
    before: BriscolaState, move: Move, names: Sequence[str], style: DeckStyle, out: TextIO
) -> None:
    who = f"   seat {before.turn} ({names[before.turn]})"
    if move.kind == "bid":
        print(
            f"{who}: {'passes' if bid_text(move.level) == 'pass' else 'bids ' + bid_text(move.level)}",
            file=out,
        )
        return
    if move.kind == "call":
        print(f"{who}: calls {card_label(move.card, style)}", file=out)
        return
    signal = f" (signal: {move.signal})" if move.signal else ""
    print(f"{who}: {card_label(move.card, style)}{signal}", file=out)
    trick = _closed_trick(before, move.card)
    if trick is not None:
        winner, points = trick
        print(f"   -> seat {winner} takes the trick (+{points})", file=out)


def _closed_trick(before: BriscolaState, card: int) -> tuple[int, int] | None:
    """The winner and card points of the trick that playing ``card`` closes, if it closes one (the last
    trick of a game too, which the state after it no longer shows when the next game is dealt)."""
    n = before.rules.players
    if len(before.trick) != n - 1:
        return None
    played = card
    if not before.hands[before.turn] >> card & 1:  # named by the other deck's code: the copy held
        played = card + 40 if card < 40 else card - 40
    cards = (*before.trick, played)
    winner = (before.leader + trick_winner(cards, before.trump_suit)) % n
    return winner, points_of(cards)


def _side_word(state: BriscolaState) -> str:
    """Chiamata scores each seat; the other games score sides (a seat alone, or partners)."""
    return "seat" if state.rules.chiamata else "side"


def _print_game_score(state: BriscolaState, out: TextIO) -> None:
    game = state.history[-1]
    side = _side_word(state)
    points = ", ".join(f"{side} {s}: {p}" for s, p in enumerate(game.points))
    if state.rules.chiamata:
        team = " and ".join(f"seat {s}" for s in game.caller_side)
        outcome = {0: "the caller's side wins", 1: "the defenders win", -1: "a draw"}[game.winner]
        result = f"caller's side {team}: {outcome}"
    else:
        result = f"side {game.winner} wins the game" if game.winner >= 0 else "a draw"
    print(f"   card points: {points}; {result}", file=out)
    print(f"   match score: {', '.join(str(s) for s in state.match_scores)}", file=out)
