"""Briscola's fast path: the play of one game on mutable lists, for searches, playouts and benchmarks.

The public engine (:mod:`scopa.domain.games.briscola.engine`) checks every move and returns a new
immutable state; a search that plays thousands of games a second needs neither. Here a game in its play
phase is a :class:`Playout`: hands are sorted lists of card ids (so a move is a list index, in the order
``legal_moves`` lists the cards), a trick is one lookup per card in :data:`cards.BEATS`, and nothing is
allocated per move. Nothing is checked either: a card played must be in the hand of the seat to move.
Whole games run in :func:`run_tricks` (a two-player loop and a general one), driven by a sequence of
choices: move ``k`` plays card ``choices[k] % len(hand)`` of the hand, the same rule for the public engine
(``legal_moves(state)[choices[k] % len(moves)]``), so both play the same game from the same choices
(tests/briscola/test_fast_path.py checks that they agree in every preset).

Pure Python on purpose: the service runs on AWS Lambda (arm64) and its bots in the same process; a
compiled extension would need a build per architecture and a pure fallback with the same tests, for a
game whose whole play is 40 cards.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from scopa.domain.games.briscola.cards import BEATS, MAX_CARDS, POINTS, removed_cards
from scopa.domain.games.briscola.rules import BriscolaRules
from scopa.domain.games.briscola.shuffle import deal_seed, game_deck
from scopa.domain.games.briscola.state import BriscolaState
from scopa.domain.games.common.cards import iter_cards
from scopa.domain.games.common.shuffle import shuffled_deck

#: ``PAIR_POINTS[a * 80 + b]``: the card points of a two-card trick.
PAIR_POINTS: tuple[int, ...] = tuple(
    POINTS[a] + POINTS[b] for a in range(MAX_CARDS) for b in range(MAX_CARDS)
)

#: ``_ORDERS[n][seat]``: the seats in playing order from ``seat``, for ``n`` players.
_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)) for n in (2, 3, 4, 5, 6, 8)
}


class Playout:
    """One game in its play phase, mutable: ``play`` a card, read ``points`` (card points per seat).

    ``trick_cards`` holds the cards of the trick in play from ``leader``; ``turn`` is the seat to move;
    ``trump_holder`` the seat that drew the turned-up card (-1 before, and in chiamata).
    """

    __slots__ = (
        "beats",
        "best",
        "deck",
        "drawn",
        "hands",
        "leader",
        "players",
        "points",
        "trick_cards",
        "trump_holder",
        "turn",
        "turned",
        "winner",
    )

    def __init__(
        self,
        hands: list[list[int]],
        deck: Sequence[int],
        drawn: int,
        trump_suit: int,
        leader: int,
        *,
        turned: bool = True,
        points: list[int] | None = None,
        trump_holder: int = -1,
    ) -> None:
        self.players = len(hands)
        self.hands = hands
        self.deck = deck
        self.drawn = drawn
        self.beats = BEATS[trump_suit]
        self.turned = turned
        self.trick_cards: list[int] = []
        self.leader = leader
        self.turn = leader
        self.best = -1  # the card taking the trick in play so far
        self.winner = leader  # its seat
        self.points = points if points is not None else [0] * len(hands)
        self.trump_holder = trump_holder

    @classmethod
    def from_state(cls, state: BriscolaState) -> Playout:
        """The current game of a public state in its play phase (:class:`ValueError` otherwise)."""
        if state.phase != "play":
            raise ValueError(f"a playout starts in the play phase, not in the {state.phase}")
        out = cls(
            [list(iter_cards(h)) for h in state.hands],
            state.deck,
            state.drawn,
            state.trump_suit,
            state.leader,
            turned=not state.rules.chiamata,
            points=list(state.points),
            trump_holder=state.trump_holder,
        )
        for c in state.trick:  # the trick in play, replayed from its leader (hands no longer hold them)
            out._add_to_trick(c)
        return out

    def copy(self) -> Playout:
        other = Playout.__new__(Playout)
        other.players = self.players
        other.hands = [h[:] for h in self.hands]
        other.deck = self.deck
        other.drawn = self.drawn
        other.beats = self.beats
        other.turned = self.turned
        other.trick_cards = self.trick_cards[:]
        other.leader = self.leader
        other.turn = self.turn
        other.best = self.best
        other.winner = self.winner
        other.points = self.points[:]
        other.trump_holder = self.trump_holder
        return other

    @property
    def finished(self) -> bool:
        """True when every card of the game has been played."""
        return not self.trick_cards and not self.hands[self.leader]

    def legal(self) -> list[int]:
        """The cards the seat to move may play (any card of the hand), lowest id first."""
        return self.hands[self.turn][:]

    def hand_mask(self, seat: int) -> int:
        mask = 0
        for c in self.hands[seat]:
            mask |= 1 << c
        return mask

    def play(self, card: int) -> None:
        """The seat to move plays ``card`` (which it must hold: nothing is checked)."""
        self.hands[self.turn].remove(card)
        self._add_to_trick(card)

    def play_index(self, index: int) -> None:
        """The seat to move plays the ``index``-th card of its hand (lowest id first)."""
        self._add_to_trick(self.hands[self.turn].pop(index))

    def _add_to_trick(self, card: int) -> None:
        trick = self.trick_cards
        if not trick or self.beats[self.best * MAX_CARDS + card]:
            self.best = card
            self.winner = self.turn
        trick.append(card)
        n = self.players
        if len(trick) < n:
            self.turn = (self.turn + 1) % n
            return
        winner = self.winner
        self.points[winner] += sum(POINTS[c] for c in trick)
        trick.clear()
        self._draw(winner)
        self.leader = self.turn = winner

    def _draw(self, winner: int) -> None:
        deck = self.deck
        drawn = self.drawn
        if drawn >= len(deck):
            return
        hands = self.hands
        for seat in _ORDERS[self.players][winner]:
            insort(hands[seat], deck[drawn])
            drawn += 1
        self.drawn = drawn
        if drawn == len(deck) and self.turned:
            self.trump_holder = (winner - 1) % self.players

    def run(self, choices: Sequence[int], start: int = 0) -> int:
        """Play to the game's end by ``choices`` from index ``start``; the index of the next choice."""
        k = start
        while self.trick_cards:  # finish the trick in play move by move
            hand = self.hands[self.turn]
            self.play_index(choices[k] % len(hand))
            k += 1
        k, self.drawn, self.leader, holder = run_tricks(
            self.hands, self.deck, self.drawn, self.leader, self.beats, self.points, choices, k
        )
        self.turn = self.leader
        if holder >= 0 and self.turned:
            self.trump_holder = holder
        return k


def side_points(rules: BriscolaRules, points: Sequence[int]) -> tuple[int, ...]:
    """Card points per seat summed as the game is scored: by side (partners together); chiamata per seat."""
    if rules.chiamata:
        return tuple(points)
    sides = [0] * rules.sides
    for seat, won in enumerate(points):
        sides[seat % rules.sides] += won
    return tuple(sides)


def run_tricks(
    hands: list[list[int]],
    deck: Sequence[int],
    drawn: int,
    leader: int,
    beats: bytes,
    points: list[int],
    choices: Sequence[int],
    k: int,
) -> tuple[int, int, int, int]:
    """Play whole tricks from ``leader`` to the game's end (hands of equal size, sorted); add each trick's
    points to ``points``. Returns the next choice index, the cards drawn, the last trick's winner and the
    seat that drew the deck's last card (-1 when the stock was empty already)."""
    size = len(deck)
    holder = -1
    n = len(hands)
    if n == 2:  # the common game, unrolled: the stock's tricks, then the last cards of the hands
        first = hands[leader]
        second = hands[1 - leader]
        held = len(first)
        stock_tricks = (size - drawn) // 2
        for i in range(k, k + 2 * stock_tricks, 2):  # both hands hold ``held`` cards at every trick
            pair = first.pop(choices[i] % held) * 80 + second.pop(choices[i + 1] % held)
            if beats[pair]:
                leader = 1 - leader
                first, second = second, first
            points[leader] += PAIR_POINTS[pair]
            insort(first, deck[drawn])
            insort(second, deck[drawn + 1])
            drawn += 2
        if stock_tricks:
            holder = 1 - leader
        k += 2 * stock_tricks
        for left in range(held, 0, -1):
            pair = first.pop(choices[k] % left) * 80 + second.pop(choices[k + 1] % left)
            k += 2
            if beats[pair]:
                leader = 1 - leader
                first, second = second, first
            points[leader] += PAIR_POINTS[pair]
        return k, drawn, leader, holder
    orders = _ORDERS[n]
    while hands[leader]:
        hand = hands[leader]
        best = hand.pop(choices[k] % len(hand))
        k += 1
        winner = leader
        total = POINTS[best]
        for seat in orders[leader][1:]:
            hand = hands[seat]
            c = hand.pop(choices[k] % len(hand))
            k += 1
            total += POINTS[c]
            if beats[best * 80 + c]:
                best = c
                winner = seat
        points[winner] += total
        if drawn < size:
            for seat in orders[winner]:
                insort(hands[seat], deck[drawn])
                drawn += 1
            if drawn == size:
                holder = orders[winner][-1]
        leader = winner
    return k, drawn, leader, holder


def _dealt(
    rules: BriscolaRules, seed: str, game_index: int, dealer: int
) -> tuple[list[list[int]], list[int], int]:
    """The hands (sorted), the deck in drawing order and the dealt count, exactly as
    :func:`engine.start_game` deals them (one card at a time from the dealer's right, the next one turned
    up and put under the stock)."""
    if rules.chiamata:
        raise ValueError("chiamata starts with an auction: use Playout.from_state after the call")
    n = rules.players
    removed = _REMOVED.get((n, rules.decks))
    if removed is None:
        removed = _REMOVED[n, rules.decks] = removed_cards(n, rules.decks)
    if rules.decks == 1 and not removed:  # the common deck: Scopa's shuffle itself
        order = shuffled_deck(deal_seed(seed, game_index))
    else:
        order = game_deck(deal_seed(seed, game_index), rules.decks, removed)
    dealt = n * rules.hand_size
    hands: list[list[int]] = [[]] * n
    for i in range(n):
        hands[(dealer + 1 + i) % n] = sorted(order[i:dealt:n])
    deck = order[:]  # a copy: the shuffle's list is not ours to reorder (it may be cached)
    deck.append(deck.pop(dealt))  # the turned-up card goes under the stock
    return hands, deck, dealt


_REMOVED: dict[tuple[int, int], tuple[int, ...]] = {}


def deal(rules: BriscolaRules, seed: str, game_index: int = 0, dealer: int = 0) -> Playout:
    """Game ``game_index`` of a match on master ``seed`` as the public engine deals it, ready to play
    (not chiamata: its auction comes before the play; start that from a state with ``from_state``)."""
    hands, deck, dealt = _dealt(rules, seed, game_index, dealer)
    return Playout(hands, deck, dealt, deck[-1] % 40 // 10, (dealer + 1) % rules.players)


def random_game(rules: BriscolaRules, seed: str, choices: Sequence[int]) -> list[int]:
    """The card points per seat of the first game of a match on ``seed`` (dealer 0) played by
    ``choices``: the fastest whole game (``bench/briscola.py`` measures it)."""
    hands, deck, dealt = _dealt(rules, seed, 0, 0)
    points = [0] * rules.players
    run_tricks(hands, deck, dealt, 1 % rules.players, BEATS[deck[-1] % 40 // 10], points, choices, 0)
    return points
