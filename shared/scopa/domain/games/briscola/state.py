"""Briscola's state as immutable plain data, its moves, and the lossless compact JSON form.

The state holds everything, secrets included (hands, the stock's order, the seed, chiamata's partner): it
lives in storage only; what leaves the service is a view (:mod:`scopa.domain.games.briscola.views`).

JSON form: hands are concatenated card codes (``"Ad3bKC"``), the stock is the deck in drawing order with a
count of cards drawn, finished tricks are ``"leader:cards>winner"`` strings (``"1:7dAd>0"``), so the
largest state measured is about 1.5 KB (chiamata; ``bench/briscola.py`` measures it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from scopa.domain.games.briscola.cards import CODES, TRICK_ORDER, mask_string, parse_card, parse_mask_string
from scopa.domain.games.briscola.rules import BriscolaRules, rules_from_options
from scopa.domain.games.common.errors import GameError, RecordError
from scopa.domain.games.common.result import MatchResult

STATE_FORMAT = 1
PASS = -1
#: Bid levels: 0..9 call a rank (``TRICK_ORDER[level]``: ace, three, king .. two), 10.. a points target
#: with the two: level ``10 + p - 62`` for ``p`` from 62 to 120 (the plain two already needs 61).
POINT_BID_BASE = 62
MAX_LEVEL = 10 + 120 - POINT_BID_BASE


def bid_rank_index(level: int) -> int:
    """The rank (index into TRICK_ORDER) a bid calls."""
    return level if level < 10 else 9


def bid_target(level: int) -> int:
    """The card points the caller's side needs after winning the auction at ``level``."""
    return 61 if level < 10 else POINT_BID_BASE + level - 10


def bid_text(level: int) -> str:
    if level == PASS:
        return "pass"
    return TRICK_ORDER[level] if level < 10 else str(bid_target(level))


def parse_bid(value: Any) -> int:
    if value == "pass" or value is None:
        return PASS
    if isinstance(value, bool):
        raise RecordError("a bid is a rank (A 3 K Q J 7 6 5 4 2), a points target 62-120, or 'pass'")
    if isinstance(value, int) or (isinstance(value, str) and value.isdigit() and len(value) > 1):
        points = int(value)
        if not POINT_BID_BASE <= points <= 120:
            raise RecordError(f"a points bid is from {POINT_BID_BASE} to 120, got {points}")
        return 10 + points - POINT_BID_BASE
    if isinstance(value, str) and value.upper() in TRICK_ORDER:
        return TRICK_ORDER.index(value.upper())
    raise RecordError("a bid is a rank (A 3 K Q J 7 6 5 4 2), a points target 62-120, or 'pass'")


class Move(NamedTuple):
    """``play`` a card (with an optional signal), ``bid`` a level (or pass), or ``call`` a card."""

    kind: str  # play | bid | call
    card: int = -1
    level: int = PASS
    signal: str | None = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "bid":
            return {"bid": bid_text(self.level)}
        if self.kind == "call":
            return {"call": CODES[self.card]}
        out: dict[str, Any] = {"card": CODES[self.card]}
        if self.signal:
            out["signal"] = self.signal
        return out

    @staticmethod
    def from_json(data: Any) -> Move:
        if not isinstance(data, dict):
            raise RecordError("a move is an object: {'card': 'Ad'}, {'bid': 'K'}, or {'call': 'Kd'}")
        try:
            if "bid" in data:
                return Move("bid", level=parse_bid(data["bid"]))
            if "call" in data:
                return Move("call", card=parse_card(data["call"]))
            if "card" in data:
                signal = data.get("signal")
                if signal is not None and not isinstance(signal, str):
                    raise RecordError("a signal is a word such as 'ace'")
                return Move("play", card=parse_card(data["card"]), signal=signal or None)
        except GameError as exc:
            raise RecordError(str(exc)) from None
        raise RecordError("a move is an object: {'card': 'Ad'}, {'bid': 'K'}, or {'call': 'Kd'}")

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid={bid_text(self.level)}"
        if self.kind == "call":
            return f"call={CODES[self.card]}"
        return CODES[self.card] + (f"!{self.signal}" if self.signal else "")

    @staticmethod
    def parse(text: str) -> Move:
        """The inverse of ``str(move)``."""
        if text.startswith("bid="):
            return Move("bid", level=parse_bid(text[4:]))
        if text.startswith("call="):
            return Move("call", card=parse_card(text[5:]))
        played, _, signal = text.partition("!")
        return Move("play", card=parse_card(played), signal=signal or None)


class Trick(NamedTuple):
    leader: int
    cards: tuple[int, ...]  # in playing order, from the leader
    winner: int  # seat

    def encode(self) -> str:
        return f"{self.leader}:{''.join(CODES[c] for c in self.cards)}>{self.winner}"

    @staticmethod
    def decode(text: str) -> Trick:
        leader, _, rest = text.partition(":")
        body, _, winner = rest.partition(">")
        return Trick(
            int(leader), tuple(parse_card(body[i : i + 2]) for i in range(0, len(body), 2)), int(winner)
        )


@dataclass(frozen=True, slots=True)
class GameScore:
    """One finished game: card points per side (chiamata: per seat) and the winning side (-1: a draw)."""

    points: tuple[int, ...]
    winner: int
    caller_side: tuple[int, ...] = ()  # chiamata: the caller (and partner) seats

    def to_json(self) -> list[Any]:
        return [list(self.points), self.winner, list(self.caller_side)]

    @staticmethod
    def from_json(data: list[Any]) -> GameScore:
        return GameScore(tuple(data[0]), int(data[1]), tuple(data[2]))


class BriscolaState(NamedTuple):
    """A Briscola match in progress: the current game and the match score so far."""

    rules: BriscolaRules
    master_seed: str
    first_dealer: int
    game_index: int  # 0-based game of the match (one shuffle each)
    dealer: int
    deck: tuple[int, ...]  # this game's cards in drawing order; the turned-up trump (if any) is last
    drawn: int  # cards of ``deck`` dealt or drawn so far
    trump: int  # the turned-up card, -1 in chiamata
    trump_suit: int  # -1 until chiamata's call
    trump_holder: int  # the seat that drew the turned-up card, -1 before
    hands: tuple[int, ...]  # card mask per seat
    trick: tuple[int, ...]  # cards of the trick in play, from ``leader``
    leader: int
    turn: int
    tricks: tuple[Trick, ...]  # finished tricks of this game
    points: tuple[int, ...]  # card points won per seat, this game
    signals: tuple[tuple[int, int, str], ...]  # (seat, trick number, signal), this game
    bids: tuple[tuple[int, int], ...]  # chiamata: (seat, level or PASS) in order
    caller: int  # chiamata: the auction's winner, -1 before
    called: int  # chiamata: the called card, -1 before
    partner: int  # chiamata: the called card's holder (secret until it is played), -1 before
    moves_played: int  # over the whole match
    match_scores: tuple[int, ...]  # per side (chiamata: per seat)
    history: tuple[GameScore, ...]
    commitments: tuple[str, ...]  # per game started
    result: MatchResult | None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def phase(self) -> str:
        if self.result is not None:
            return "finished"
        if self.rules.chiamata and self.caller < 0:
            return "auction"
        if self.rules.chiamata and self.called < 0:
            return "call"
        return "play"

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.drawn

    @property
    def partner_revealed(self) -> bool:
        if self.called < 0:
            return False
        return self.called in self.trick or any(self.called in t.cards for t in self.tricks)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "game": "briscola",
            "rules": self.rules.to_options(),
            "seed": self.master_seed,
            "first_dealer": self.first_dealer,
            "g": self.game_index,
            "dealer": self.dealer,
            "deck": "".join(CODES[c] for c in self.deck),
            "drawn": self.drawn,
            "trump": self.trump,
            "trump_suit": self.trump_suit,
            "trump_holder": self.trump_holder,
            "hands": [mask_string(h) for h in self.hands],
            "trick": "".join(CODES[c] for c in self.trick),
            "leader": self.leader,
            "turn": self.turn,
            "tricks": [t.encode() for t in self.tricks],
            "points": list(self.points),
            "signals": [list(s) for s in self.signals],
            "bids": [list(b) for b in self.bids],
            "chiamata": [self.caller, self.called, self.partner],
            "moves": self.moves_played,
            "scores": list(self.match_scores),
            "history": [g.to_json() for g in self.history],
            "commitments": list(self.commitments),
            "result": self.result.to_json() if self.result else None,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> BriscolaState:
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT or data.get("game") != "briscola":
            raise RecordError(f"not a briscola state of format {STATE_FORMAT}")
        try:
            deck = data["deck"]
            trick = data["trick"]
            caller, called, partner = data["chiamata"]
            return BriscolaState(
                rules=rules_from_options(data["rules"]),
                master_seed=data["seed"],
                first_dealer=data["first_dealer"],
                game_index=data["g"],
                dealer=data["dealer"],
                deck=tuple(parse_card(deck[i : i + 2]) for i in range(0, len(deck), 2)),
                drawn=data["drawn"],
                trump=data["trump"],
                trump_suit=data["trump_suit"],
                trump_holder=data["trump_holder"],
                hands=tuple(parse_mask_string(h) for h in data["hands"]),
                trick=tuple(parse_card(trick[i : i + 2]) for i in range(0, len(trick), 2)),
                leader=data["leader"],
                turn=data["turn"],
                tricks=tuple(Trick.decode(t) for t in data["tricks"]),
                points=tuple(data["points"]),
                signals=tuple((int(s), int(t), str(n)) for s, t, n in data["signals"]),
                bids=tuple((int(s), int(b)) for s, b in data["bids"]),
                caller=caller,
                called=called,
                partner=partner,
                moves_played=data["moves"],
                match_scores=tuple(data["scores"]),
                history=tuple(GameScore.from_json(g) for g in data["history"]),
                commitments=tuple(data["commitments"]),
                result=MatchResult.from_json(data["result"]) if data["result"] else None,
            )
        except GameError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RecordError(f"state is malformed: {exc}") from None
