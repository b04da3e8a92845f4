"""Build game positions from card notation, for rules tests.

A position is a fresh :func:`scopa.domain.games.scopa.engine.new_match` state changed with ``_replace``, so
every field the
engine keeps is present and of the right kind. The builder keeps the 40 cards consistent: every card is in
exactly one of the hands, the table, the stock or a side's pile, and the state's ``deck`` is the cards
already dealt followed by the stock in the order given (the stock is dealt from its front).

Cards nobody placed go to the token ``"*"`` (REST) if one of ``stock`` or ``piles`` holds it. Without a
REST token and without ``piles``, they are spread over the sides' piles as cards captured earlier in the
deal; give ``piles`` explicitly whenever the end of the deal (its scoring) matters.

Example, the seeds' worked example (hand 2 of coins, 5 of swords, 7 of clubs; table ace of coins, 5 of
cups, 6 of swords)::

    state = position(classic(), hands=["2d 5s 7b", "Kc"], table="Ad 5c 6s")
    assert set(legal_moves(state)) == {mv("2d"), mv("5s", "5c"), mv("7b", "Ad 6s")}
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from scopa.domain.games.common.cards import CODES, FULL_DECK, cards_in, parse_card, parse_cards, parse_mask
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.rules import RuleSet, make_rules
from scopa.domain.games.scopa.state import Move, ScopaState

REST = "*"
SEED = "5c09a" * 12 + "0123"  # any fixed 64-hex-digit master seed


def rules(preset: str = "classic", **options: Any) -> RuleSet:
    """``make_rules`` with options as keywords: ``rules("napola", napola_all_coins_wins=True)``."""
    return make_rules(preset, options)


def classic(**options: Any) -> RuleSet:
    return make_rules("classic", options)


def cards(text: str) -> list[int]:
    """Cards from notation, in the order written."""
    return parse_cards(text)


def mask(text: str) -> int:
    return parse_mask(text)


def mv(card: str, take: str = "") -> Move:
    """A move in notation: ``mv("7b", "Ad 6s")`` plays the 7 of clubs taking the ace of coins and 6 of swords;
    ``mv("2d")`` lays the 2 of coins on the table."""
    return Move(parse_card(card), parse_mask(take))


def moves_with(state: ScopaState, card: str) -> set[Move]:
    """The legal moves that play ``card``."""
    c = parse_card(card)
    return {m for m in legal_moves(state) if m.card == c}


def position(
    rules: RuleSet,
    hands: Sequence[str],
    table: str = "",
    stock: str = "",
    piles: Sequence[str] | None = None,
    *,
    turn: int = 0,
    dealer: int | None = None,
    last_capturer: int = -1,
    scores: Sequence[int] | None = None,
    scope: Sequence[tuple[int, str]] = (),
    seed: str = SEED,
) -> ScopaState:
    """A position of ``rules`` from notation; see the module docstring.

    ``hands`` has one string per seat; ``scope`` lists the scope already made this deal as (seat, card that
    swept), e.g. ``[(1, "6d")]``;
    ``dealer`` defaults to the seat before ``turn`` (so ``turn`` leads, as the dealer's right hand does).
    """
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"{n} players need {n} hands, got {len(hands)}")
    if dealer is None:
        dealer = (turn - 1) % n
    pile_texts = list(piles) if piles is not None else [""] * rules.sides
    if len(pile_texts) != rules.sides:
        raise ValueError(f"{rules.sides} sides need {rules.sides} piles, got {len(pile_texts)}")

    placed: dict[int, str] = {}

    def take(text: str, where: str) -> list[int]:
        if text.strip() == REST:
            return []
        out = parse_cards(text)
        for c in out:
            if c in placed:
                raise ValueError(f"{CODES[c]} is placed twice: in {placed[c]} and in {where}")
            placed[c] = where
        return out

    hand_cards = [take(h, f"hand {i}") for i, h in enumerate(hands)]
    table_cards = take(table, "the table")
    stock_cards = take(stock, "the stock")
    pile_cards = [take(p, f"pile {i}") for i, p in enumerate(pile_texts)]
    rest = [c for c in range(40) if c not in placed]

    rest_slots = [i for i, p in enumerate(pile_texts) if p.strip() == REST]
    stock_is_rest = stock.strip() == REST
    if len(rest_slots) + stock_is_rest > 1:
        raise ValueError(f"'{REST}' may stand in one place only")
    if stock_is_rest:
        stock_cards = rest
    elif rest_slots:
        pile_cards[rest_slots[0]] = rest
    elif piles is None:
        for k, c in enumerate(rest):
            pile_cards[k % rules.sides].append(c)
    elif rest:
        missing = " ".join(CODES[c] for c in rest)
        raise ValueError(f"cards not placed anywhere: {missing} (use '{REST}' for the rest)")

    per_hand = n * rules.hand_size
    if len(stock_cards) % per_hand:
        raise ValueError(f"the stock must hold a multiple of {per_hand} cards, not {len(stock_cards)}")

    dealt_cards = [c for c in range(40) if c not in set(stock_cards)]
    deck = (*dealt_cards, *stock_cards)
    assert sorted(deck) == list(range(40))
    base = new_match(rules, seed, dealer)
    state = base._replace(
        deck=deck,
        dealt=len(dealt_cards),
        hands=tuple(_mask(h) for h in hand_cards),
        table=_mask(table_cards),
        piles=tuple(_mask(p) for p in pile_cards),
        scopa_log=tuple((seat, parse_card(c)) for seat, c in scope),
        bonuses=(),
        revealed=0,
        turn=turn,
        last_capturer=last_capturer,
        deal_log=(),
        scores=tuple(scores) if scores is not None else (0,) * rules.sides,
    )
    check_consistent(state)
    return state


def _mask(cs: Sequence[int]) -> int:
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def stock_mask(state: ScopaState) -> int:
    return _mask(state.deck[state.dealt :])


def check_consistent(state: ScopaState) -> None:
    """Assert that the hands, the table, the piles and the stock hold each of the 40 cards exactly once."""
    parts = [*state.hands, state.table, *state.piles, stock_mask(state)]
    seen = 0
    for part in parts:
        assert not part & seen, f"cards in two places: {[CODES[c] for c in cards_in(part & seen)]}"
        seen |= part
    assert seen == FULL_DECK, f"cards missing: {[CODES[c] for c in cards_in(FULL_DECK & ~seen)]}"
    assert len(state.deck) == 40


def play(state: ScopaState, card: str, take: str = "", seat: int | None = None) -> ScopaState:
    """Play a move given in notation (checked, as a client's move is)."""
    return apply_move(state, mv(card, take), state.turn if seat is None else seat)


def play_out(state: ScopaState, choose: Callable[[ScopaState], Move] | None = None) -> ScopaState:
    """Play the current deal to its end with ``choose`` (the first legal move by default).

    Returns the first state of the next deal, or the final state if the game ended.
    """
    deal = state.deal_index
    while not state.finished and state.deal_index == deal:
        moves = legal_moves(state)
        state = apply_move(state, choose(state) if choose else moves[0])
    return state


def random_chooser(seed: int) -> Callable[[ScopaState], Move]:
    """A chooser of uniformly random legal moves, reproducible from ``seed``."""
    rng = random.Random(seed)

    def choose(state: ScopaState) -> Move:
        return rng.choice(legal_moves(state))

    return choose


def deal_end(
    rules: RuleSet,
    piles: Sequence[str],
    *,
    scores: Sequence[int] | None = None,
    scope: Sequence[tuple[int, str]] = (),
) -> ScopaState:
    """Score a deal whose piles are given: seat 0 lays the last card of the deal on an empty table.

    ``piles`` must hold the REST token ``"*"`` in one side's pile; the last card played is a card of that
    rest, and it goes as the leftovers to that side (its seat is the last capturer), so the piles written
    out are scored exactly as written. Returns the state after the deal is scored.
    """
    rest_side = [p.strip() for p in piles].index(REST)
    named = {c for p in piles if p.strip() != REST for c in parse_cards(p)}
    last = max(c for c in range(40) if c not in named)
    hands = [CODES[last]] + [""] * (rules.players - 1)
    state = position(rules, hands, piles=piles, scores=scores, scope=scope, last_capturer=rest_side)
    return apply_move(state, Move(last, 0), 0)
