"""The engine's fast internal path: a mutable deal state of card masks for playouts and search.

The public engine (:mod:`scopa.domain.games.scopa.engine`) checks every move and returns a new immutable
:class:`~scopa.domain.games.scopa.state.ScopaState` with the public log, the commitments and the score
breakdown: right for the service, wasteful for a bot that plays thousands of random games a second.
:class:`FastGame` plays the same rules (every variant of RULES.md) on a handful of ints in place:

* hands, the table and the piles are 40-bit masks; the hands still to be dealt are precomputed when a
  deal starts, so the next hand is a list look-up;
* the moves of a card are its *takes* (``0``: laid on the table), looked up in a memo keyed by the table
  cards that can matter to a card of that rank (``(table & RELEVANT[rank]) << 4 | rank``): computed once
  from the public :func:`~scopa.domain.games.scopa.captures.capture_options`, then a dict hit;
* a deal's points come from popcounts and the primiera tables; the public scorer is used only for the
  variants with extra categories (and for a ``count_order`` tie at the top);
* nothing is validated: moves must come from :meth:`FastGame.moves` (or :meth:`FastGame.takes`).

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

from scopa.domain.games.common.cards import BIT, RANK, RANK_MASK, SUIT_MASK, Suit
from scopa.domain.games.common.shuffle import shuffled_deck
from scopa.domain.games.scopa.captures import TableInfo, capture_options, plain_captures
from scopa.domain.games.scopa.cards import SETTEBELLO
from scopa.domain.games.scopa.engine import cirulla_dealer_bonus, cirulla_hand_bonus
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import BEST_OF_SUIT, DealScore, count_order_items, score_deal
from scopa.domain.games.scopa.state import ScopaState

ALL = (1 << 40) - 1
_COINS = SUIT_MASK[Suit.COINS]
_SETTEBELLO = 1 << SETTEBELLO
_PACK = struct.Struct(">I").pack
_MEMO_LIMIT = 1 << 18

#: ``_BELOW[r]``: every card of rank ``r`` or lower (index 0: none).
_BELOW = tuple(sum(RANK_MASK[1 : r + 1]) for r in range(11))

#: Rank signatures of three bits a rank (counts 0..4), rank ``r`` at bit ``3 * (r - 1)``: 30 bits, so a
#: signature is a one-digit int. ``_SIG_OF_WORD[w]``: the signature of a ten-bit suit word.
_SIG_OF_WORD = tuple(sum(1 << 3 * i for i in range(10) if w >> i & 1) for w in range(1024))
_SIG_UNIT = tuple(1 << 3 * (RANK[c] - 1) for c in range(40))
_SIG_FIELD = (0, *(7 << 3 * (r - 1) for r in range(1, 11)))
_SIG_BELOW = tuple((1 << 3 * r) - 1 for r in range(11))


def signature(table: int) -> int:
    """How many cards of each rank ``table`` holds (three bits a rank)."""
    w = _SIG_OF_WORD
    return w[table & 0x3FF] + w[table >> 10 & 0x3FF] + w[table >> 20 & 0x3FF] + w[table >> 30]


#: ``_TAGS[card]``: the card's rank above the 40 card bits, for the keys of :class:`TakesMemo`.
_TAGS = tuple(RANK[c] << 40 for c in range(40))


class TakesMemo(dict[int, tuple[int, ...]]):
    """``memo[(table & first or table & relevant) | rank << 40]``: every mask a card of that rank may take,
    ascending, ``0`` standing for laying the card (there when it cannot capture, or when captures are not
    forced).

    A dict whose misses are computed (``__missing__``) from the public
    :func:`~scopa.domain.games.scopa.captures.capture_options` on the key's cards, so a hit is one
    subscript. The key keeps only the table cards that can matter, so that tables differing elsewhere
    share an entry: under single-card precedence with plain sums (``first``: the cards of the rank) the
    cards of the rank when there are any, else those of lower ranks; otherwise (``first`` is 0) ranks up
    to the card's for a sum, up to ``15 - rank`` for a fifteen, the whole table for an ace that may sweep.
    """

    __slots__ = ("forced", "rules")

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules
        self.forced = rules.forced_capture

    def __missing__(self, key: int) -> tuple[int, ...]:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        options = sorted(capture_options(self.rules, (key >> 40) - 1, TableInfo(key & ALL)))
        found = self[key] = (0, *options) if not options or not self.forced else tuple(options)
        return found


class FastRules:
    """A :class:`RuleSet` compiled for the fast path: plain ints, flags and seat tables, and the memos.

    Rule sets with the same capture options share one :class:`TakesMemo` (:data:`_MEMOS`), so a bot that
    builds a :class:`FastGame` per decision keeps the takes already computed.
    """

    __slots__ = (
        "ace_sweep_is_scopa",
        "ace_takes_all",
        "card_keys",
        "cirulla",
        "count_keys",
        "deal_offsets",
        "hand_cards",
        "hand_size",
        "leader_offset",
        "leftovers_to",
        "memo",
        "next_seat",
        "plain_score",
        "play_takes",
        "players",
        "primiera",
        "round_starts",
        "rows",
        "rules",
        "side_of",
        "sides",
        "table_cards",
        "void_kings",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.players = n = rules.players
        self.sides = rules.sides
        self.next_seat = tuple((s + 1) % n for s in range(n))
        self.side_of = tuple(s % rules.sides for s in range(n))
        self.hand_size = rules.hand_size
        self.table_cards = rules.table_cards
        # seat s gets every n-th card of a round, from its (s - dealer - 1) % n-th: the dealer's right first
        self.deal_offsets = tuple(tuple((s - d - 1) % n for s in range(n)) for d in range(n))
        step = n * rules.hand_size
        self.round_starts = tuple(reversed(range(step + rules.table_cards, 40 - step + 1, step)))
        self.void_kings = 99 if rules.void_deal_kings is None else rules.void_deal_kings
        self.leader_offset = 1 if rules.leader == "dealer_right" else 0
        self.ace_takes_all = rules.ace_takes_all
        self.ace_sweep_is_scopa = rules.ace_sweep_is_scopa
        self.cirulla = rules.cirulla_bonuses
        self.leftovers_to = rules.leftovers_to
        self.plain_score = (
            rules.primiera_scale != "most_sevens"
            and rules.primiera_missing_suit == "counts"
            and not (rules.re_bello or rules.settebello_di_coppe or rules.napola or rules.cirulla_runs)
        )
        self.primiera = BEST_OF_SUIT.get(rules.primiera_scale, BEST_OF_SUIT["standard"])
        relevant = [0] * 11
        first = [0] * 11
        sig_relevant = [0] * 11
        sig_first = [0] * 11
        for r in range(1, 11):
            top = r if rules.capture == "sum" else 15 - r if rules.capture == "fifteen" else max(r, 15 - r)
            if r == 1 and self.ace_takes_all != "off":
                relevant[r], sig_relevant[r] = ALL, _SIG_BELOW[10]
            else:
                relevant[r], sig_relevant[r] = _BELOW[min(top, 10)], _SIG_BELOW[min(top, 10)]
            if plain_captures(rules):
                first[r], relevant[r] = RANK_MASK[r], _BELOW[r - 1]
                sig_first[r], sig_relevant[r] = _SIG_FIELD[r], _SIG_BELOW[r - 1]
        key = (
            rules.capture,
            rules.single_card_precedence,
            rules.capture_choice,
            rules.forced_capture,
            rules.ace_takes_all,
        )
        if key not in _MEMOS:
            _MEMOS[key] = TakesMemo(rules)
            card_keys = tuple((first[RANK[c]], relevant[RANK[c]], RANK[c] << 40) for c in range(40))
            restricted: list[dict[int, tuple[int, int]]] = [{} for _ in range(11)]
            _COUNT_KEYS[key] = tuple((sig_first[r], sig_relevant[r], restricted[r]) for r in range(11))
            _ROWS[key] = {}
            _CARD_KEYS[key] = card_keys
            _HANDS[key] = {}
        self.memo = _MEMOS[key]
        self.card_keys = _CARD_KEYS[key]
        self.hand_cards = _HANDS[key]
        self.play_takes = _PLAY_TAKES.setdefault(key, {})
        self.count_keys = _COUNT_KEYS[key]
        self.rows = _ROWS[key]

    def takes(self, table: int, card: int) -> tuple[int, ...]:
        """Every mask ``card`` may take from ``table``, ascending; ``0`` stands for laying it."""
        first, rel, tag = self.card_keys[card]
        return self.memo[(table & first or table & rel) | tag]

    def cards_of(self, hand: int) -> tuple[int, ...]:
        """The cards of a hand mask, lowest first; kept in ``hand_cards`` (a plain dict, read directly by
        the playout, which calls this on a miss)."""
        found = self.hand_cards.get(hand)
        if found is None:
            if len(self.hand_cards) >= _MEMO_LIMIT:
                self.hand_cards.clear()
            found = self.hand_cards[hand] = tuple(c for c in range(40) if hand >> c & 1)
        return found

    def fill_row(self, sig: int) -> tuple[int, ...]:
        """The playout's row for a table of rank signature ``sig``, kept in ``rows`` (a plain dict).

        ``row[card]`` is the number of moves of ``card`` (at least 1: laying it), ``row[40 + card]`` every
        table card of the ranks some take of it uses (0 when it cannot capture). How many capture options a
        card has depends only on how many cards of each rank lie on the table (which cards of a rank is
        only a matter of naming them), and play visits a few thousand signatures, so the rows are nearly
        always hit: a playout counts the moves of the cards in hand with one index each and looks up the
        actual takes (keyed by ``table & row[40 + card]``: the takes of a table are those of its cards
        of these ranks alone, which repeat far more often than the table) only for the card it plays when
        that card captures. Behind the rows, a memo per rank keyed by the fields that matter (as for the
        takes) computes each count once from a table of that signature.
        """
        per_rank = [(0, 0)] * 11
        for r in range(1, 11):
            first, relevant, restricted = self.count_keys[r]
            key = sig & first or sig & relevant
            found = restricted.get(key)
            if found is None:
                table = 0  # a table of this signature: the first cards of each rank, by suit
                for rank in range(1, 11):
                    for suit in range(key >> 3 * (rank - 1) & 7):
                        table |= 1 << (suit * 10 + rank - 1)
                takes = self.takes(table, r - 1)
                union = 0
                for t in takes:
                    union |= t
                ranks = sum(RANK_MASK[q] for q in range(1, 11) if union & RANK_MASK[q])
                if len(restricted) >= _MEMO_LIMIT:
                    restricted.clear()
                found = restricted[key] = (len(takes), ranks)
            per_rank[r] = found
        row = tuple(per_rank[RANK[c]][0] for c in range(40)) + tuple(per_rank[RANK[c]][1] for c in range(40))
        if len(self.rows) >= _MEMO_LIMIT // 8:
            self.rows.clear()
        self.rows[sig] = row
        return row

    def fill_play_takes(self, key: int) -> tuple[tuple[int, int], ...]:
        """The playout's form of ``memo[key]``: each take with its rank signature (what the table's
        signature loses), in ``play_takes``, a plain dict the playout reads directly."""
        if len(self.play_takes) >= _MEMO_LIMIT:
            self.play_takes.clear()
        found = self.play_takes[key] = tuple((t, signature(t)) for t in self.memo[key])
        return found

    def sweep_is_scopa(self, card: int, table: int) -> bool:
        """Whether taking the whole ``table`` (not with the deal's last card) with ``card`` is a scopa:
        always, except an ace's sweep under scopa d'assi without ``ace_sweep_is_scopa``."""
        ace_sweep = (
            RANK[card] == 1
            and self.ace_takes_all != "off"
            and (self.ace_takes_all == "always" or not table & RANK_MASK[1])
        )
        return not ace_sweep or self.ace_sweep_is_scopa


_MEMOS: dict[tuple[object, ...], TakesMemo] = {}
_HANDS: dict[tuple[object, ...], dict[int, tuple[int, ...]]] = {}
_ROWS: dict[tuple[object, ...], dict[int, tuple[int, ...]]] = {}
_PLAY_TAKES: dict[tuple[object, ...], dict[int, tuple[tuple[int, int], ...]]] = {}
_COUNT_KEYS: dict[tuple[object, ...], tuple[tuple[int, int, dict[int, tuple[int, int]]], ...]] = {}
_CARD_KEYS: dict[tuple[object, ...], tuple[tuple[int, int, int], ...]] = {}
_COMPILED: dict[int, tuple[RuleSet, FastRules]] = {}


def clear_memos() -> None:
    """Forget every compiled rule set and memo (a benchmark's cold start; tests)."""
    for memo in (_COMPILED, _MEMOS, _HANDS, _ROWS, _PLAY_TAKES, _COUNT_KEYS, _CARD_KEYS):
        memo.clear()


def fast_rules(rules: RuleSet) -> FastRules:
    """The compiled form of ``rules``, kept by the rule set's identity (hashing a rule set hashes its
    every field; a caller plays many games with one) along with the rule set, so an id is never reused."""
    found = _COMPILED.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_COMPILED) >= 256:
            _COMPILED.clear()
        found = _COMPILED[id(rules)] = (rules, FastRules(rules))
    return found[1]


class FastGame:
    """A match in progress as mutable ints: the fast path's state (no log, no commitments, no checks).

    ``deck_hands`` holds the hands still to be dealt in this deal, one list of masks per round (seat
    order). ``winner`` is the winning side once the match is over (``-1`` before), ``reason`` as in
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
        tags = _TAGS
        play_takes = fr.play_takes
        nxt = fr.next_seat
        side_of = fr.side_of
        round_cards = fr.players * fr.hand_size
        cirulla = fr.cirulla
        sig_unit = _SIG_UNIT
        bits = BIT
        w = _SIG_OF_WORD
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
            totals = _plain_totals(piles, scope, bonus, fr.primiera)
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
        rules = self.fr.rules
        if rules.napola_all_coins_wins:
            coins = [(p & _COINS).bit_count() for p in self.piles]
            if 10 in coins:
                return coins.index(10), "napola_all_coins"
        if rules.cappotto is not None:
            for side, pts in enumerate(after):
                if pts >= rules.cappotto and all(o == 0 for i, o in enumerate(after) if i != side):
                    return side, "cappotto"
        best = max(after)
        if best < rules.target:
            return -1, ""
        leaders = [s for s, pts in enumerate(after) if pts == best]
        if len(leaders) == 1:
            return leaders[0], "target"
        if rules.tie_rule == "count_order":
            sides = self.fr.sides
            if score is None:
                score = score_deal(rules, tuple(self.piles), self.scope_by_side(), self.bonus_by_side())
            running = list(before)
            items = count_order_items(
                score, [s % sides for s in self.scopa_seats], [(s % sides, p) for s, p in self.bonus_items]
            )
            for side, pts in items:
                running[side] += pts
                if running[side] >= rules.target and side in leaders:
                    return side, "count_order"
        return -1, ""


def _rounds(deck: tuple[int, ...], pos: int, dealer: int, n: int, size: int) -> list[list[int]]:
    """The hands dealt from ``deck[pos:]``, one list of masks (by seat) per round, the last round first
    (so that the next hand is popped from the end); each seat's cards one at a time from the dealer's
    right, as :func:`scopa.domain.games.scopa.engine._deal_hands` deals them."""
    bits = [BIT[c] for c in deck]
    step = n * size
    offsets = [(s - dealer - 1) % n for s in range(n)]
    starts = range(pos, len(deck) - step + 1, step)
    return [[sum(bits[start + o : start + step : n]) for o in offsets] for start in reversed(starts)]


#: scopa-shuffle/1 (:mod:`scopa.domain.games.common.shuffle`), its constants for :func:`deal_deck`.
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


def _plain_totals(
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
