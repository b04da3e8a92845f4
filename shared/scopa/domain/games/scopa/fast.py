"""The engine's fast internal path: a mutable deal state of card masks for playouts and search.

The public engine (:mod:`scopa.domain.games.scopa.engine`) checks every move and returns a new immutable
:class:`~scopa.domain.games.scopa.state.ScopaState` with the public log, the commitments and the score
breakdown: right for the service, wasteful for a bot that plays thousands of random games a second.
:class:`FastGame` plays the same rules (every variant of RULES.md) on a handful of ints in place:

* hands, the table and the piles are 40-bit masks; the hands still to be dealt are precomputed when a
  deal starts, so the next hand is a list look-up;
* a card's moves come from the memos of :mod:`scopa.domain.games.scopa.fast_tables`: its number of moves
  from the row of the table's rank signature, its takes (``0``: laid on the table) keyed by the table
  cards that can matter, each computed once from the public
  :func:`~scopa.domain.games.scopa.captures.capture_options`, then a dict hit;
* a deal's points come from popcounts and the primiera tables; the public scorer is used only for the
  variants with extra categories (and for a ``count_order`` tie at the top);
* nothing is validated: moves must come from :meth:`FastGame.moves` (or :meth:`FastRules.takes`).

Moves are listed in the canonical order (card number, then the mask taken, laying first), which is the
order a sorted list of the public engine's :class:`~scopa.domain.games.scopa.state.Move` has, and
:meth:`FastGame.playout` picks ``moves[int(rnd() * len(moves))]`` from it, so that a playout with a given
random stream plays exactly the game the public engine plays with the same choice rule (``bench`` and
tests/test_fast_engine.py check both).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from hashlib import sha256
from operator import mod

from scopa.domain.games.common.cards import BIT, RANK_MASK, SUIT_MASK, Suit
from scopa.domain.games.common.shuffle import shuffled_deck
from scopa.domain.games.scopa.cards import SETTEBELLO
from scopa.domain.games.scopa.engine import cirulla_dealer_bonus, cirulla_hand_bonus, decide_game
from scopa.domain.games.scopa.fast_tables import (
    SIG_OF_WORD,
    SIG_UNIT,
    TAGS,
    FastRules,
    clear_memos,
    fast_rules,
    signature,
)
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import DealScore, count_order_items, score_deal
from scopa.domain.games.scopa.state import ScopaState

__all__ = ["FastGame", "FastRules", "clear_memos", "deal_bits", "fast_rules", "random_game", "signature"]

_COINS = SUIT_MASK[Suit.COINS]
_SETTEBELLO = 1 << SETTEBELLO
_PACK = struct.Struct(">I").pack


class FastGame:
    """A match in progress as mutable ints: the fast path's state (no log, no commitments, no checks).

    ``deck_hands`` holds the hands still to be dealt in this deal, one list of masks (by seat) per round,
    the next round last; those lists are never changed, so copies share them. ``winner`` is the winning
    side once the match is over (``-1`` before), ``reason`` as in
    :class:`~scopa.domain.games.common.result.MatchResult`.
    """

    __slots__ = (
        "bonus_items",
        "deal_index",
        "deal_totals",
        "dealer",
        "deck_hands",
        "fr",
        "hands",
        "last_capturer",
        "last_player",
        "master",
        "moves_played",
        "piles",
        "reason",
        "revealed",
        "scopa_seats",
        "scores",
        "table",
        "turn",
        "winner",
    )

    fr: FastRules
    master: bytes
    deal_index: int
    dealer: int
    hands: list[int]
    deck_hands: list[list[int]]
    table: int
    piles: list[int]
    scopa_seats: list[int]
    bonus_items: list[tuple[int, int]]
    revealed: int
    turn: int
    last_capturer: int
    last_player: int
    moves_played: int
    scores: list[int]
    deal_totals: list[tuple[int, ...]]
    winner: int
    reason: str

    # ------------------------------------------------------------------ building

    @classmethod
    def new(cls, rules: RuleSet, master_seed: str, first_dealer: int = 0) -> FastGame:
        """A new match with its first deal dealt, as :func:`~scopa.domain.games.scopa.engine.new_match`."""
        g = cls.__new__(cls)
        fr = g.fr = fast_rules(rules)
        g.master = bytes.fromhex(master_seed)
        g.scores = [0] * fr.sides
        g.deal_totals = []
        g.moves_played = 0
        g.winner = -1
        g.reason = ""
        g._start_deal(0, first_dealer)
        return g

    @classmethod
    def from_state(cls, state: ScopaState) -> FastGame:
        """The fast form of a public state (for a bot that searches from the position it is in)."""
        g = cls.__new__(cls)
        fr = g.fr = fast_rules(state.rules)
        g.master = bytes.fromhex(state.master_seed)
        g.deal_index = state.deal_index
        g.dealer = state.dealer
        g.hands = list(state.hands)
        g.deck_hands = _rounds(state.deck, state.dealt, state.dealer, fr.players, fr.hand_size)
        g.table = state.table
        g.piles = list(state.piles)
        g.scopa_seats = [seat for seat, _ in state.scopa_log]
        g.bonus_items = [(b.seat, b.points) for b in state.bonuses]
        g.revealed = state.revealed
        g.turn = state.turn
        g.last_capturer = state.last_capturer
        g.last_player = state.deal_log[-1].seat if state.deal_log else state.dealer
        g.moves_played = state.moves_played
        g.scores = list(state.scores)
        g.deal_totals = [tuple(t) for t in state.deal_totals]
        g.winner = state.result.winner if state.result is not None else -1
        g.reason = state.result.reason if state.result is not None else ""
        return g

    def redeal(self, hands: Sequence[int], stock: Sequence[int], master_seed: str | None = None) -> None:
        """Replace what a player cannot see: the hands (a mask per seat) and the stock (cards in dealing
        order), and the master seed the later deals are shuffled from. A bot samples them (a
        determinization) and plays out from there: the game goes on as if they had been dealt."""
        fr = self.fr
        self.hands = list(hands)
        self.deck_hands = _rounds(tuple(stock), 0, self.dealer, fr.players, fr.hand_size)
        if master_seed is not None:
            self.master = bytes.fromhex(master_seed)

    def copy(self) -> FastGame:
        """An independent copy (the hands still to deal are copied when they are dealt)."""
        g = FastGame.__new__(FastGame)
        g.fr = self.fr
        g.master = self.master
        g.deal_index = self.deal_index
        g.dealer = self.dealer
        g.hands = self.hands.copy()
        g.deck_hands = self.deck_hands.copy()
        g.table = self.table
        g.piles = self.piles.copy()
        g.scopa_seats = self.scopa_seats.copy()
        g.bonus_items = self.bonus_items.copy()
        g.revealed = self.revealed
        g.turn = self.turn
        g.last_capturer = self.last_capturer
        g.last_player = self.last_player
        g.moves_played = self.moves_played
        g.scores = self.scores.copy()
        g.deal_totals = self.deal_totals.copy()
        g.winner = self.winner
        g.reason = self.reason
        return g

    # ------------------------------------------------------------------ reading

    @property
    def finished(self) -> bool:
        return self.winner >= 0

    def scope_by_side(self) -> list[int]:
        counts = [0] * self.fr.sides
        for seat in self.scopa_seats:
            counts[seat % self.fr.sides] += 1
        return counts

    def bonus_by_side(self) -> list[int]:
        points = [0] * self.fr.sides
        for seat, pts in self.bonus_items:
            points[seat % self.fr.sides] += pts
        return points

    @property
    def stock_size(self) -> int:
        return sum(h.bit_count() for rnd in self.deck_hands for h in rnd)

    def moves(self) -> list[tuple[int, int]]:
        """Every legal ``(card, take)`` of the player to move, in canonical order; none once finished."""
        if self.winner >= 0:
            return []
        takes = self.fr.takes
        table = self.table
        return [(c, t) for c in self.fr.cards_of(self.hands[self.turn]) for t in takes(table, c)]

    # ------------------------------------------------------------------ playing

    def play(self, card: int, take: int) -> None:
        """Play a legal move in place (unchecked): the next hand, deal and match follow as in the engine."""
        fr = self.fr
        turn = self.turn
        bit = 1 << card
        hands = self.hands
        hands[turn] ^= bit
        table = self.table
        if take:
            self.table = table ^ take
            self.piles[fr.side_of[turn]] |= take | bit
            self.last_capturer = turn
            if table == take and (self.deck_hands or any(hands)) and fr.sweep_is_scopa(card, table):
                self.scopa_seats.append(turn)
        else:
            self.table = table | bit
        if self.revealed >> turn & 1 and not hands[turn]:
            self.revealed &= ~(1 << turn)
        self.last_player = turn
        self.turn = fr.next_seat[turn]
        self.moves_played += 1
        if not any(hands):
            if self.deck_hands:
                self._next_hand()
            else:
                self._finish_deal()

    def playout(self, rnd: Callable[[], float], deals: int = 0) -> None:
        """Play random legal moves, each ``moves[int(rnd() * len(moves))]`` of the canonical list, until
        the match ends (or, with ``deals``, until that many deals have ended).

        :meth:`moves` and :meth:`play` written out in one loop per deal with local names, unrolled for
        hands of one to three cards: the whole-game fast path a bot's playout (or ``python -m bench``)
        runs. Every card's number of moves is one index into the row of the table's rank signature
        (:meth:`FastRules.fill_row`; the signature is kept up to date as cards are laid and taken), and
        the actual takes are looked up only for the card played when it captures; nothing is built per
        move.
        """
        fr = self.fr
        rows = fr.rows
        hand_cards = fr.hand_cards
        tags = TAGS
        play_takes = fr.play_takes
        nxt = fr.next_seat
        side_of = fr.side_of
        round_cards = fr.players * fr.hand_size
        cirulla = fr.cirulla
        sig_unit = SIG_UNIT
        bits = BIT
        w = SIG_OF_WORD
        target_deals = len(self.deal_totals) + deals if deals else -1
        while self.winner < 0 and len(self.deal_totals) != target_deals:
            hands = self.hands
            piles = self.piles
            table = self.table
            sig = w[table & 0x3FF] + w[table >> 10 & 0x3FF] + w[table >> 20 & 0x3FF] + w[table >> 30]
            turn = self.turn
            last_capturer = self.last_capturer
            revealed = self.revealed
            deck_hands = self.deck_hands
            stock = bool(deck_hands)
            in_hands = played = sum(map(int.bit_count, hands))
            while True:
                while in_hands:
                    try:
                        row = rows[sig]
                    except KeyError:
                        row = fr.fill_row(sig)
                    hand = hands[turn]
                    try:
                        cards = hand_cards[hand]
                    except KeyError:
                        cards = fr.cards_of(hand)
                    n_cards = len(cards)
                    if n_cards == 3:
                        card, c2, c3 = cards
                        m1 = row[card]
                        m2 = row[c2]
                        k = int(rnd() * (m1 + m2 + row[c3]))
                        if k >= m1:
                            k -= m1
                            if k < m2:
                                card = c2
                            else:
                                card = c3
                                k -= m2
                    elif n_cards == 2:
                        card, c2 = cards
                        m1 = row[card]
                        k = int(rnd() * (m1 + row[c2]))
                        if k >= m1:
                            card = c2
                            k -= m1
                    elif n_cards == 1:
                        card = cards[0]
                        k = int(rnd() * row[card])
                    else:
                        k = int(rnd() * sum([row[c] for c in cards]))
                        i = 0
                        while k >= row[cards[i]]:
                            k -= row[cards[i]]
                            i += 1
                        card = cards[i]
                    bit = bits[card]
                    hands[turn] = hand ^ bit
                    in_hands -= 1
                    used = row[card + 40]
                    if used:  # the card can capture: its k-th take, with the take's rank signature
                        key = table & used | tags[card]
                        try:
                            take, take_sig = play_takes[key][k]
                        except KeyError:
                            take, take_sig = fr.fill_play_takes(key)[k]
                        if take:
                            if table == take and (in_hands or stock) and fr.sweep_is_scopa(card, table):
                                self.scopa_seats.append(turn)
                            table ^= take
                            sig -= take_sig
                            piles[side_of[turn]] |= take | bit
                            last_capturer = turn
                        else:
                            table |= bit
                            sig += sig_unit[card]
                    else:
                        table |= bit
                        sig += sig_unit[card]
                    if revealed and revealed >> turn & 1 and hand == bit:
                        revealed &= ~(1 << turn)
                    turn = nxt[turn]
                if not stock:
                    break
                hands[:] = deck_hands.pop()  # the next hand (the lists in deck_hands are never changed)
                stock = bool(deck_hands)
                in_hands = round_cards
                played += round_cards
                if cirulla:
                    self.revealed = 0
                    self._hand_bonuses()
                    revealed = self.revealed
            self.moves_played += played
            self.table = table
            self.turn = turn
            self.last_capturer = last_capturer
            self.revealed = revealed
            self.last_player = (turn - 1) % fr.players
            self._finish_deal()

    # ------------------------------------------------------------------ deals

    def _start_deal(self, deal_index: int, dealer: int) -> None:
        fr = self.fr
        n = fr.players
        pos = n * fr.hand_size
        end = pos + fr.table_cards
        prefix = sha256(self.master + b"deal" + _PACK(deal_index)).digest()
        attempt = 0
        while True:
            bits = deal_bits(prefix, attempt)
            table = sum(bits[pos:end])
            if (table & _KINGS).bit_count() < fr.void_kings:
                break
            attempt += 1
        # the first hand is dealt before the table cards, the others from the cards after them
        offsets = fr.deal_offsets[dealer]
        self.hands = [sum(bits[o:pos:n]) for o in offsets]
        self.deck_hands = [
            [sum(bits[start + o : start + pos : n]) for o in offsets] for start in fr.round_starts
        ]
        self.deal_index = deal_index
        self.dealer = dealer
        self.piles = [0] * fr.sides
        self.scopa_seats = []
        self.bonus_items = []
        self.revealed = 0
        self.turn = (dealer + fr.leader_offset) % n
        self.last_capturer = -1
        self.last_player = dealer
        if fr.cirulla:
            points = cirulla_dealer_bonus(table)
            if points:
                self.bonus_items.append((dealer, points))
                self.piles[dealer % fr.sides] |= table
                table = 0
                self.last_capturer = dealer
            self._hand_bonuses()
        self.table = table

    def _next_hand(self) -> None:
        self.hands = self.deck_hands.pop().copy()
        if self.fr.cirulla:
            self.revealed = 0
            self._hand_bonuses()

    def _hand_bonuses(self) -> None:
        n = self.fr.players
        for i in range(1, n + 1):  # declared in playing order
            seat = (self.dealer + i) % n
            found = cirulla_hand_bonus(self.hands[seat])
            if found:
                self.bonus_items.append((seat, found[1]))
                self.revealed |= 1 << seat

    def _finish_deal(self) -> None:
        fr = self.fr
        piles = self.piles
        if self.table:
            if fr.leftovers_to == "dealer":
                taker = self.dealer
            elif fr.leftovers_to == "last_player" or self.last_capturer < 0:
                taker = self.last_player
            else:
                taker = self.last_capturer
            piles[taker % fr.sides] |= self.table
            self.table = 0
        scope = self.scope_by_side()
        bonus = self.bonus_by_side()
        score: DealScore | None = None
        if fr.plain_score:
            totals = plain_totals(piles, scope, bonus, fr.primiera)
        else:
            score = score_deal(fr.rules, tuple(piles), scope, bonus)
            totals = score.totals
        before = self.scores
        after = [s + t for s, t in zip(before, totals, strict=True)]
        self.scores = after
        self.deal_totals.append(totals)
        winner, reason = self._decide(before, after, score)
        if winner >= 0:
            self.winner, self.reason = winner, reason
        else:
            self._start_deal(self.deal_index + 1, (self.dealer + 1) % fr.players)

    def _decide(self, before: list[int], after: list[int], score: DealScore | None) -> tuple[int, str]:
        """The public engine's decision (:func:`~scopa.domain.games.scopa.engine.decide_game`) from the
        masks: the winning side and why, or ``(-1, "")``."""
        rules = self.fr.rules
        all_coins = None
        if rules.napola_all_coins_wins:
            coins = [(p & _COINS).bit_count() for p in self.piles]
            all_coins = coins.index(10) if 10 in coins else None

        def count_order() -> list[tuple[int, int]]:
            sides = self.fr.sides
            scored = score
            if scored is None:
                scored = score_deal(rules, tuple(self.piles), self.scope_by_side(), self.bonus_by_side())
            return count_order_items(
                scored, [s % sides for s in self.scopa_seats], [(s % sides, p) for s, p in self.bonus_items]
            )

        winner, reason = decide_game(rules, before, after, all_coins, count_order)
        return (-1, "") if winner is None else (winner, reason)


def _rounds(deck: tuple[int, ...], pos: int, dealer: int, n: int, size: int) -> list[list[int]]:
    """The hands dealt from ``deck[pos:]``, one list of masks (by seat) per round, the last round first
    (so that the next hand is popped from the end); each seat's cards one at a time from the dealer's
    right, as :func:`scopa.domain.games.scopa.engine._deal_hands` deals them."""
    bits = [BIT[c] for c in deck]
    step = n * size
    offsets = [(s - dealer - 1) % n for s in range(n)]
    starts = range(pos, len(deck) - step + 1, step)
    return [[sum(bits[start + o : start + step : n]) for o in offsets] for start in reversed(starts)]


#: scopa-shuffle/1 (:mod:`scopa.domain.games.common.shuffle`), its constants for :func:`deal_bits`.
_STEPS = tuple(range(39, 0, -1))
_STEP_SIZES = tuple(i + 1 for i in _STEPS)
_BLOCKS = tuple(_PACK(block) for block in range(5))
_WORDS = struct.Struct(">40I").unpack
_KINGS = RANK_MASK[10]


def deal_bits(deal_seed: bytes, attempt: int) -> list[int]:
    """:func:`~scopa.domain.games.common.shuffle.shuffled_deck` for a deal seed given as bytes, each card
    as its bit (``1 << card``): the swaps are made on a copy of :data:`BIT`, so no mapping follows.

    The public function checks with a ``max`` over the 39 words that none can be rejected; a rejectable
    word is at least ``2**32 - 40``, so its top three bytes are ``ff ff ff``, and one ``in`` over the
    blocks' bytes (a C search) shows the same, conservatively. In the rare deck where it does not (about
    one in a hundred thousand), the public function shuffles.
    """
    prefix = deal_seed + _PACK(attempt)
    blocks = b"".join([sha256(prefix + suffix).digest() for suffix in _BLOCKS])
    if b"\xff\xff\xff" in blocks:
        return [BIT[c] for c in shuffled_deck(deal_seed.hex(), attempt)]
    deck = list(BIT)
    for i, j in zip(_STEPS, map(mod, _WORDS(blocks), _STEP_SIZES), strict=False):
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def plain_totals(
    piles: list[int], scope: list[int], bonus: list[int], best: tuple[int, ...]
) -> tuple[int, ...]:
    """A deal's points per side under the plain scoring: scope, bonus, cards, coins, settebello, primiera."""
    points = [s + b for s, b in zip(scope, bonus, strict=True)]
    for values in (
        [p.bit_count() for p in piles],
        [(p & _COINS).bit_count() for p in piles],
        [
            best[p & 0x3FF] + best[p >> 10 & 0x3FF] + best[p >> 20 & 0x3FF] + best[p >> 30 & 0x3FF]
            for p in piles
        ],
    ):
        top = max(values)
        if values.count(top) == 1:
            points[values.index(top)] += 1
    for side, p in enumerate(piles):
        if p & _SETTEBELLO:
            points[side] += 1
    return tuple(points)


def random_game(
    rules: RuleSet, master_seed: str, rnd: Callable[[], float], first_dealer: int = 0
) -> FastGame:
    """A whole match of random legal moves on the fast path (the choice rule of :meth:`FastGame.playout`)."""
    game = FastGame.new(rules, master_seed, first_dealer)
    game.playout(rnd)
    return game
