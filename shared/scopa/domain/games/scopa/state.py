"""The game state as plain, immutable data, and its lossless JSON form.

The state holds everything, secrets included (hands, the deck order, the master seed): it lives in the
service's storage only. What leaves the service is a view (:mod:`scopa.domain.games.scopa.views`).

JSON form: sets of cards are strings of concatenated card codes (``"7dKb2c"``), moves of the current deal
are ``"seat:card>taken"`` strings (``"1:7d>3c4s"``, or ``"0:2b"`` for a card laid on the table), so the
largest four-player state stays near 2 KB (``make bench`` measures it; see docs/benchmarks.md). The last
finished deal's plays (``finished``) and leftovers (``leftovers``: ``"seat:cards"``, seat -1 when the table
was empty) are written only while they are kept, from the end of a deal until every seat has played a
card of the next one (and in a final state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from scopa.domain.games.common.cards import CODES, MaskText, parse_card, parse_mask
from scopa.domain.games.common.errors import RecordError
from scopa.domain.games.common.result import MatchResult
from scopa.domain.games.scopa.rules import RuleSet, rules_from_options
from scopa.domain.games.scopa.scoring import DealScore

STATE_FORMAT = 1


class Move(NamedTuple):
    """Play ``card`` and take the table cards in the mask ``take`` (0: lay the card on the table)."""

    card: int
    take: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"card": CODES[self.card], "take": mask_codes(self.take)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Move:
        if not isinstance(data, dict) or "card" not in data:
            raise RecordError("a move is an object with 'card' and optional 'take', e.g. {'card': '7d'}")
        take = data.get("take") or []
        if isinstance(take, str):
            take = take.replace(",", " ").split()
        return Move(parse_card(data["card"]), parse_mask(take))

    def __str__(self) -> str:
        played = CODES[self.card]
        return f"{played}>{mask_string(self.take)}" if self.take else played


class PlayedMove(NamedTuple):
    """One entry of the public log of a deal.

    A ``NamedTuple`` like :class:`Move` and :class:`ScopaState`: the engine builds one per move, and a
    tuple is several times cheaper to build than a frozen dataclass (which sets each field through
    ``object.__setattr__``).
    """

    seat: int
    card: int
    take: int
    scopa: bool

    def encode(self) -> str:
        mark = "*" if self.scopa else ""
        body = f"{CODES[self.card]}>{mask_string(self.take)}" if self.take else CODES[self.card]
        return f"{self.seat}:{body}{mark}"

    @staticmethod
    def decode(text: str) -> PlayedMove:
        seat, _, body = text.partition(":")
        scopa = body.endswith("*")
        body = body.rstrip("*")
        played, _, taken = body.partition(">")
        return PlayedMove(int(seat), parse_card(played), parse_mask_string(taken), scopa)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "card": CODES[self.card],
            "take": mask_codes(self.take) if self.take else [],  # most plays lay a card: no codes to list
            "scopa": self.scopa,
        }


@dataclass(frozen=True, slots=True)
class Bonus:
    """A cirulla bonus: ``hand_3`` / ``hand_10`` (a hand), ``dealer_15`` / ``dealer_30`` (the first table)."""

    seat: int
    kind: str
    points: int


class ScopaState(NamedTuple):
    """Everything about a match in progress, as an immutable value: moves return a new state.

    A ``NamedTuple`` rather than a frozen dataclass: building one is several times cheaper, and the
    engine builds one per move.
    """

    rules: RuleSet
    master_seed: str
    first_dealer: int
    deal_index: int  # 0-based number of the current deal
    dealer: int
    attempt: int  # re-deals of the current deal after a void table (kings)
    deck: tuple[int, ...]  # the current deal's card order
    dealt: int  # cards of ``deck`` dealt so far; the stock is ``deck[dealt:]``
    hands: tuple[int, ...]  # a card mask per seat
    table: int
    piles: tuple[int, ...]  # captured cards per side, this deal
    scopa_log: tuple[tuple[int, int], ...]  # (seat, card that swept) per scopa, this deal
    bonuses: tuple[Bonus, ...]  # cirulla bonuses, this deal
    revealed: int  # bit per seat: hands shown face up after a cirulla hand bonus
    turn: int
    last_capturer: int  # seat, or -1
    deal_log: tuple[PlayedMove, ...]  # every play of this deal (public)
    moves_played: int  # over the whole game
    scores: tuple[int, ...]  # game score per side after the finished deals
    deal_totals: tuple[tuple[int, ...], ...]  # each finished deal's points per side
    last_deal: DealScore | None
    commitments: tuple[str, ...]  # per deal started
    result: MatchResult | None
    # The last finished deal, kept until every seat has played a card of the next deal (the views show it
    # as ``finished_deal``): its plays, and who took the cards left on the table (seat, or -1, and mask).
    finished_log: tuple[PlayedMove, ...] = ()
    leftovers: tuple[int, int] | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def last_move(self) -> PlayedMove | None:
        """The latest play of the current deal (none yet when a deal has just been dealt)."""
        return self.deal_log[-1] if self.deal_log else None

    @property
    def stock_size(self) -> int:
        return len(self.deck) - self.dealt

    def side_of(self, seat: int) -> int:
        return seat % self.rules.sides

    def scope_by_side(self) -> list[int]:
        counts = [0] * self.rules.sides
        for seat, _ in self.scopa_log:
            counts[seat % self.rules.sides] += 1
        return counts

    def bonus_by_side(self) -> list[int]:
        points = [0] * self.rules.sides
        for b in self.bonuses:
            points[b.seat % self.rules.sides] += b.points
        return points

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "game": "scopa",
            "rules": self.rules.to_options(),
            "seed": self.master_seed,
            "first_dealer": self.first_dealer,
            "deal": self.deal_index,
            "dealer": self.dealer,
            "attempt": self.attempt,
            "deck": "".join(CODES[c] for c in self.deck),
            "dealt": self.dealt,
            "hands": [mask_string(h) for h in self.hands],
            "table": mask_string(self.table),
            "piles": [mask_string(p) for p in self.piles],
            "scope": [f"{seat}:{CODES[c]}" for seat, c in self.scopa_log],
            "bonuses": [[b.seat, b.kind, b.points] for b in self.bonuses],
            "revealed": self.revealed,
            "turn": self.turn,
            "last_capturer": self.last_capturer,
            "log": [m.encode() for m in self.deal_log],
            "moves": self.moves_played,
            "scores": list(self.scores),
            "history": [list(t) for t in self.deal_totals],
            "last_deal": self.last_deal.to_json() if self.last_deal else None,
            "commitments": list(self.commitments),
            "result": self.result.to_json() if self.result else None,
            **self._finished_deal_json(),
        }

    def _finished_deal_json(self) -> dict[str, Any]:
        """The kept finished deal, only while there is one (most states carry none: a smaller item)."""
        if self.leftovers is None:
            return {}
        seat, cards = self.leftovers
        return {
            "finished": [m.encode() for m in self.finished_log],
            "leftovers": f"{seat}:{mask_string(cards)}",
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> ScopaState:
        if data.get("format") != STATE_FORMAT or data.get("game") != "scopa":
            raise RecordError(f"not a scopa state of format {STATE_FORMAT}")
        try:
            last_deal = data["last_deal"]
            return ScopaState(
                rules=rules_from_options(data["rules"]),
                master_seed=data["seed"],
                first_dealer=data["first_dealer"],
                deal_index=data["deal"],
                dealer=data["dealer"],
                attempt=data["attempt"],
                deck=tuple(parse_codes(data["deck"])),
                dealt=data["dealt"],
                hands=tuple(parse_mask_string(h) for h in data["hands"]),
                table=parse_mask_string(data["table"]),
                piles=tuple(parse_mask_string(p) for p in data["piles"]),
                scopa_log=tuple(_decode_scopa(s) for s in data["scope"]),
                bonuses=tuple(Bonus(seat, kind, pts) for seat, kind, pts in data["bonuses"]),
                revealed=data["revealed"],
                turn=data["turn"],
                last_capturer=data["last_capturer"],
                deal_log=tuple(PlayedMove.decode(m) for m in data["log"]),
                moves_played=data["moves"],
                scores=tuple(data["scores"]),
                deal_totals=tuple(tuple(t) for t in data["history"]),
                last_deal=_deal_score_from_json(last_deal) if last_deal else None,
                commitments=tuple(data["commitments"]),
                result=MatchResult.from_json(data["result"]) if data["result"] else None,
                finished_log=tuple(PlayedMove.decode(m) for m in data.get("finished", ())),
                leftovers=_decode_leftovers(data["leftovers"]) if "leftovers" in data else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"state is malformed: {exc}") from None


def _decode_leftovers(text: str) -> tuple[int, int]:
    seat, _, cards = text.partition(":")
    return int(seat), parse_mask_string(cards)


def _decode_scopa(text: str) -> tuple[int, int]:
    seat, _, c = text.partition(":")
    return int(seat), parse_card(c)


def _deal_score_from_json(data: dict[str, Any]) -> DealScore:
    return DealScore(
        points=tuple(dict(p) for p in data["points"]),
        cards=tuple(data["cards"]),
        coins=tuple(data["coins"]),
        primiera=tuple(data["primiera"]),
        all_coins=next((side for side, n in enumerate(data["coins"]) if n == 10), None),  # implied by coins
    )


_MASK_TEXT = MaskText(CODES, parse_card, RecordError)
mask_string = _MASK_TEXT.string
mask_codes = _MASK_TEXT.codes
parse_codes = _MASK_TEXT.parse_codes
parse_mask_string = _MASK_TEXT.parse
