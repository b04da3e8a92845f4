"""What the fast path (:mod:`scopa.domain.games.scopa.fast`) reads instead of computing: a rule set
compiled to plain ints and flags, and the memos of its captures.

* :class:`TakesMemo`: every take of a card of one rank, keyed by the table cards that can matter to it,
  computed once from the public :func:`~scopa.domain.games.scopa.captures.capture_options` (the rules
  live in one place);
* the playout's rows (:meth:`FastRules.fill_row`): for a table's rank signature (how many cards of each
  rank it holds, three bits a rank), every card's number of moves and the ranks its takes use; and the
  takes with their signatures, keyed by the table cards of those ranks;
* the cards of each hand mask.

Rule sets with the same capture options share these memos (module-level, each bounded: emptied when it
outgrows its limit), so a bot that builds a game per decision finds them filled. Every memo is a plain
dict that the playout reads by subscript (misses are filled by the methods here).
"""

from __future__ import annotations

from scopa.domain.games.common.cards import RANK, RANK_MASK
from scopa.domain.games.scopa.captures import TableInfo, capture_options, plain_captures
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import BEST_OF_SUIT

ALL = (1 << 40) - 1
#: Entries a memo may hold before it is emptied (a few MB each at most; classic play keeps about 16,000
#: takes and 5,000 rows). Rows are larger (80 items), so fewer are kept.
_MEMO_LIMIT = 1 << 16
_ROW_LIMIT = 1 << 13

#: ``_BELOW[r]``: every card of rank ``r`` or lower (index 0: none).
_BELOW = tuple(sum(RANK_MASK[1 : r + 1]) for r in range(11))

#: Rank signatures of three bits a rank (counts 0..4), rank ``r`` at bit ``3 * (r - 1)``: 30 bits, so a
#: signature is a one-digit int. ``SIG_OF_WORD[w]``: the signature of a ten-bit suit word.
SIG_OF_WORD = tuple(sum(1 << 3 * i for i in range(10) if w >> i & 1) for w in range(1024))
SIG_UNIT = tuple(1 << 3 * (RANK[c] - 1) for c in range(40))
_SIG_FIELD = (0, *(7 << 3 * (r - 1) for r in range(1, 11)))
_SIG_BELOW = tuple((1 << 3 * r) - 1 for r in range(11))


def signature(table: int) -> int:
    """How many cards of each rank ``table`` holds (three bits a rank)."""
    w = SIG_OF_WORD
    return w[table & 0x3FF] + w[table >> 10 & 0x3FF] + w[table >> 20 & 0x3FF] + w[table >> 30]


#: ``TAGS[card]``: the card's rank above the 40 card bits, for the keys of :class:`TakesMemo`.
TAGS = tuple(RANK[c] << 40 for c in range(40))


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
        if len(self.rows) >= _ROW_LIMIT:
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
