"""Properties of whole random games, over every preset and many option combinations (hypothesis).

Each example is one complete game: hypothesis draws the rule set, the master seed, the first dealer and
the seed of the random legal choices; the game is then played to its end and checked at every step.
Deal scores are compared with an independent recount written here (it does not call
``scopa.domain.games.scopa.scoring``):
the piles are rebuilt from the moves alone, and the points counted from those piles.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scopa.domain.games.common.cards import CODES
from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.games.scopa.engine import apply_move, check_move, legal_moves, new_match
from scopa.domain.games.scopa.record import play_to_record, replay
from scopa.domain.games.scopa.rules import PRESETS, RuleSet, make_rules
from scopa.domain.games.scopa.state import Move, ScopaState
from scopa.domain.games.scopa.views import seat_view, spectator_view
from tests.builders import check_consistent, deal_end, random_chooser, stock_mask
from tests.common import strings_in, without_finished_deal


def games(n: int) -> settings:
    """Settings for a property over ``n`` whole games."""
    return settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=n)


# --------------------------------------------------------------------------- strategies

#: Values other than the defaults (an option not drawn keeps its default or the preset's value).
OPTION_CHOICES: dict[str, list[Any]] = {
    "players": [3, 4, 2],
    "leader": ["dealer"],
    "leftovers_to": ["last_player", "dealer", "last_capturer"],
    "capture_choice": ["fewest_cards"],
    "forced_capture": [False],
    "single_card_precedence": [False],
    "ace_takes_all": ["unless_ace_on_table", "always"],
    "primiera_scale": ["most_sevens", "faces_zero", "faces_by_rank"],
    "primiera_missing_suit": ["no_primiera", "incomplete_loses"],
    "re_bello": [True],
    "settebello_di_coppe": [True],
    "napola_all_coins_wins": [True],
    "target": [5, 16, 11],
    "tie_rule": ["count_order"],
    "cappotto": [3, 4],
}


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A preset plus one to five options, each kept only if the rule set accepts it beside the others."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    names = draw(st.lists(st.sampled_from(sorted(OPTION_CHOICES)), min_size=1, max_size=5, unique=True))
    options: dict[str, Any] = {}
    for name in names:
        value = draw(st.sampled_from(OPTION_CHOICES[name]))
        try:
            make_rules(preset, {**options, name: value})
        except RuleSetError:
            continue
        options[name] = value
    return make_rules(preset, options)


@dataclass(frozen=True)
class Setup:
    rules: RuleSet
    master_seed: str
    first_dealer: int
    choice_seed: int


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    r = draw(rule_sets())
    master = draw(st.binary(min_size=32, max_size=32)).hex()
    return Setup(r, master, draw(st.integers(0, r.players - 1)), draw(st.integers(0, 2**32)))


def start(setup: Setup) -> ScopaState:
    return new_match(setup.rules, setup.master_seed, setup.first_dealer)


def steps(setup: Setup, max_moves: int = 5000) -> Iterator[tuple[ScopaState, Move, ScopaState]]:
    """Every (state, move, next state) of a game of random legal moves, to the end."""
    state = start(setup)
    rng = random.Random(setup.choice_seed)
    for _ in range(max_moves):
        if state.finished:
            return
        move = rng.choice(legal_moves(state))
        after = apply_move(state, move)
        yield state, move, after
        state = after
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------- the independent recount

RANKS = "A234567JQK"
SCALES: dict[str, dict[int, int]] = {
    "standard": {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10},
    "faces_zero": {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 0, 9: 0, 10: 0},
    "faces_by_rank": {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 8, 9: 9, 10: 10},
}
AMERICAN_ORDER = ((7,), (6,), (1,), (5,), (4,), (3,), (2,), (8, 9, 10))
WILD = "7c"  # cirulla: the seven of cups (hearts)


def rank(code: str) -> int:
    return RANKS.index(code[0]) + 1


def codes_of(mask: int) -> set[str]:
    return {CODES[c] for c in range(40) if mask >> c & 1}


def unique_best(values: list[Any]) -> int | None:
    present = [v for v in values if v is not None]
    if not present:
        return None
    best = max(present)
    winners = [i for i, v in enumerate(values) if v is not None and v == best]
    return winners[0] if len(winners) == 1 else None


def primiera_key(r: RuleSet, pile: set[str]) -> Any:
    complete = len({c[1] for c in pile}) == 4
    if r.primiera_missing_suit == "no_primiera" and not complete:
        return None
    if r.primiera_scale == "most_sevens":
        strength: tuple[int, ...] = tuple(
            sum(1 for c in pile if rank(c) in group) for group in AMERICAN_ORDER
        )
    else:
        scale = SCALES[r.primiera_scale]
        strength = (sum(max((scale[rank(c)] for c in pile if c[1] == s), default=0) for s in "dcsb"),)
    return (complete, *strength) if r.primiera_missing_suit == "incomplete_loses" else strength


def coins_run(pile: set[str]) -> int:
    n = 0
    while n < 10 and f"{RANKS[n]}d" in pile:
        n += 1
    return n


def recount(r: RuleSet, piles: list[set[str]], scope: list[int], bonus: list[int]) -> list[dict[str, int]]:
    """Each side's points by category, from the piles alone (plus scope and bonuses counted on the way)."""
    sides = len(piles)
    points: list[dict[str, int]] = [{} for _ in range(sides)]

    def give(side: int | None, category: str, n: int = 1) -> None:
        if side is not None and n:
            points[side][category] = n

    for side in range(sides):
        give(side, "scope", scope[side])
        give(side, "bonus", bonus[side])
    give(unique_best([len(p) for p in piles]), "cards")
    give(unique_best([sum(1 for c in p if c[1] == "d") for p in piles]), "coins")
    holder = {c: side for side, p in enumerate(piles) for c in p}
    give(holder["7d"], "settebello")
    give(unique_best([primiera_key(r, p) for p in piles]), "primiera")
    if r.re_bello:
        give(holder["Kd"], "re_bello")
    if r.settebello_di_coppe:
        give(holder["7c"], "settebello_di_coppe")
    for side, pile in enumerate(piles):
        run = coins_run(pile)
        if r.napola and run >= 3:
            give(side, "napola", run)
        if r.cirulla_runs:
            give(side, "piccola", min(run, 6) if run >= 3 else 0)
            give(side, "grande", 5 if {"Jd", "Qd", "Kd"} <= pile else 0)
    return points


def hand_bonus(hand: set[str]) -> int:
    if len(hand) != 3:
        return 0
    wild = WILD in hand
    ranks = [rank(c) for c in hand if c != WILD]
    if len(set(ranks)) == 1:
        return 10
    return 3 if sum(ranks) + (1 if wild else 0) < 10 else 0


def dealer_bonus(table: set[str]) -> int:
    plain = sum(rank(c) for c in table if c != WILD)
    totals = {plain + v for v in range(1, 11)} if WILD in table else {plain}
    return 2 if 30 in totals else 1 if 15 in totals else 0


@dataclass
class DealTracker:
    """What a scorer at the table sees of one deal: the moves, and from them the table and the piles."""

    rules: RuleSet
    dealer: int
    table: set[str]
    piles: list[set[str]]
    last_capturer: int = -1
    last_player: int = -1
    scope: list[int] = field(default_factory=list)
    scopa_order: list[tuple[int, int]] = field(default_factory=list)  # (side, 1) per scopa, as made
    bonus: list[int] = field(default_factory=list)
    bonus_items: list[tuple[int, int]] = field(default_factory=list)  # (seat, points) as declared

    @classmethod
    def begin(cls, state: ScopaState) -> DealTracker:
        r = state.rules
        n_hand = r.players * r.hand_size
        first_table = {CODES[c] for c in state.deck[n_hand : n_hand + r.table_cards]}
        t = cls(r, state.dealer, set(first_table), [set() for _ in range(r.sides)])
        t.scope = [0] * r.sides
        t.bonus = [0] * r.sides
        if r.cirulla_bonuses and (pts := dealer_bonus(first_table)):
            t.piles[state.dealer % r.sides] |= first_table
            t.table = set()
            t.last_capturer = state.dealer
            t.add_bonus(state.dealer, pts)
        t.hands_dealt(state)
        return t

    def add_bonus(self, seat: int, pts: int) -> None:
        side = seat % self.rules.sides
        self.bonus[side] += pts
        self.bonus_items.append((seat, pts))

    def hands_dealt(self, state: ScopaState) -> None:
        if not self.rules.cirulla_bonuses:
            return
        n = self.rules.players
        for i in range(1, n + 1):
            seat = (self.dealer + i) % n
            if pts := hand_bonus(codes_of(state.hands[seat])):
                self.add_bonus(seat, pts)

    def play(self, seat: int, move: Move, last_card: bool) -> bool:
        """Follow one move; return whether it is a scopa by the rules."""
        card, take = CODES[move.card], codes_of(move.take)
        side = seat % self.rules.sides
        self.last_player = seat
        if not take:
            self.table.add(card)
            return False
        assert take <= self.table
        before = set(self.table)
        self.table -= take
        self.piles[side] |= take | {card}
        self.last_capturer = seat
        if self.table or last_card:
            return False
        r = self.rules
        aces_on_table = any(rank(c) == 1 for c in before)
        ace_sweep = (
            rank(card) == 1
            and r.ace_takes_all != "off"
            and (r.ace_takes_all == "always" or not aces_on_table)
        )
        if ace_sweep and not r.ace_sweep_is_scopa:
            return False
        self.scope[side] += 1
        self.scopa_order.append((side, 1))
        return True

    def finish(self) -> list[dict[str, int]]:
        r = self.rules
        if self.table:
            if r.leftovers_to == "dealer":
                seat = self.dealer
            elif r.leftovers_to == "last_player" or self.last_capturer < 0:
                seat = self.last_player
            else:
                seat = self.last_capturer
            self.piles[seat % r.sides] |= self.table
            self.table = set()
        assert set().union(*self.piles) == set(CODES)
        return recount(r, self.piles, self.scope, self.bonus)


COUNT_ORDER = (
    "cards",
    "coins",
    "settebello",
    "primiera",
    "re_bello",
    "settebello_di_coppe",
    "napola",
    "grande",
    "piccola",
)


def expected_outcome(
    r: RuleSet,
    before: list[int],
    after: list[int],
    points: list[dict[str, int]],
    order: list[tuple[int, int]],
    piles: list[set[str]],
) -> tuple[int, str] | None:
    """Who wins after this deal, and why; None when the game goes on. Written from RULES.md."""
    if r.napola_all_coins_wins:
        for side, pile in enumerate(piles):
            if sum(1 for c in pile if c[1] == "d") == 10:
                return side, "napola_all_coins"
    if r.cappotto is not None:
        for side, pts in enumerate(after):
            if pts >= r.cappotto and all(o == 0 for i, o in enumerate(after) if i != side):
                return side, "cappotto"
    best = max(after)
    if best < r.target:
        return None
    leaders = [s for s, pts in enumerate(after) if pts == best]
    if len(leaders) == 1:
        return leaders[0], "target"
    if r.tie_rule == "play_on":
        return None
    running = list(before)
    items = list(order) + [
        (side, p[cat]) for cat in COUNT_ORDER for side, p in enumerate(points) if p.get(cat)
    ]
    for side, pts in items:
        running[side] += pts
        if side in leaders and running[side] >= r.target:
            return side, "count_order"
    raise AssertionError("a tied leader never reached the target while counting")


# --------------------------------------------------------------------------- properties


@games(260)
@given(setups())
def test_random_games_keep_the_cards_the_rules_and_the_score(setup: Setup) -> None:
    """At every step: the 40 cards are each in one place; every legal move passes the check; the table,
    the piles and every scopa match an independent replay of the moves (no scopa on the last card of a
    deal); each deal's points match an independent recount from the piles; the game ends exactly when
    RULES.md says, with the right winner."""
    r = setup.rules
    tracker: DealTracker | None = None
    scores = [0] * r.sides
    deals = 0
    for state, move, after in steps(setup):
        if tracker is None:
            tracker = DealTracker.begin(state)
            check_consistent(state)
            assert codes_of(state.table) == tracker.table
            assert [(b.seat, b.points) for b in state.bonuses] == tracker.bonus_items
        moves = legal_moves(state)
        assert moves, "a player always has a legal move"
        for m in moves:
            check_move(state, m, state.turn)
        last_card = state.stock_size == 0 and sum(h.bit_count() for h in state.hands) == 1
        scopa = tracker.play(state.turn, move, last_card)
        check_consistent(after)
        deal_over = after.finished or after.deal_index != state.deal_index
        if not deal_over:
            assert after.last_move is not None
            assert after.last_move.scopa == scopa
            assert codes_of(after.table) == tracker.table
            assert [codes_of(p) for p in after.piles] == tracker.piles
            if after.dealt != state.dealt:  # a new hand was dealt
                assert all(h.bit_count() == r.hand_size for h in after.hands)
                tracker.hands_dealt(after)
            assert [(b.seat, b.points) for b in after.bonuses] == tracker.bonus_items
            continue
        assert last_card
        assert not scopa
        deals += 1
        points = tracker.finish()
        assert after.last_deal is not None
        assert list(after.last_deal.points) == points
        assert list(after.last_deal.cards) == [len(p) for p in tracker.piles]
        before = list(scores)
        scores = [s + sum(p.values()) for s, p in zip(scores, points, strict=True)]
        assert list(after.deal_totals[-1]) == [sum(p.values()) for p in points]
        # docs/engine.md "Count order": scope as they were made, then cirulla bonuses as declared.
        order = tracker.scopa_order + [(seat % r.sides, pts) for seat, pts in tracker.bonus_items]
        outcome = expected_outcome(r, before, scores, points, order, tracker.piles)
        if outcome is None:
            assert not after.finished
            assert list(after.scores) == scores
            assert after.deal_index == state.deal_index + 1
            assert after.dealer == (state.dealer + 1) % r.players
            tracker = DealTracker.begin(after)
            check_consistent(after)
            assert codes_of(after.table) == tracker.table
            assert [(b.seat, b.points) for b in after.bonuses] == tracker.bonus_items
        else:
            assert after.result is not None
            assert (after.result.winner, after.result.reason) == outcome
            assert list(after.result.scores) == scores
    assert deals >= 1


def hidden_cards(state: ScopaState, seat: int | None) -> int:
    hidden = stock_mask(state)
    for other, hand in enumerate(state.hands):
        if other != seat and not state.revealed >> other & 1:
            hidden |= hand
    return hidden


def relabel_hidden(state: ScopaState, hidden: int, rng: random.Random) -> ScopaState:
    """The same position with the hidden cards dealt differently among the hidden places."""
    cards = [c for c in range(40) if hidden >> c & 1]
    shuffled = list(cards)
    rng.shuffle(shuffled)
    sigma = dict(zip(cards, shuffled, strict=True))

    def remap(mask: int) -> int:
        out = 0
        for c in range(40):
            if mask >> c & 1:
                out |= 1 << sigma.get(c, c)
        return out

    return state._replace(
        deck=tuple(sigma.get(c, c) for c in state.deck), hands=tuple(remap(h) for h in state.hands)
    )


@games(45)
@given(setups())
def test_views_never_show_a_hidden_card(setup: Setup) -> None:
    """Every seat's view and the spectator's, at every step: no card of another hand (unless shown face up
    after a cirulla bonus) nor of the stock is named, and dealing the hidden cards differently among the
    hidden places gives exactly the same view (so nothing hidden leaks in any encoding)."""
    rng = random.Random(setup.choice_seed)
    state = start(setup)
    while True:
        seats: list[int | None] = [*range(setup.rules.players), None]
        for seat in seats:
            view = spectator_view(state) if seat is None else seat_view(state, seat)
            hidden = hidden_cards(state, seat)
            # The finished deal was played face up; its cards are dealt again in the deal under way (the
            # relabelling below still covers it: it must not change when the hidden cards move).
            named = set(strings_in(without_finished_deal(view)))
            leaked = codes_of(hidden) & named
            assert not leaked, f"seat {seat} sees {leaked}"
            if hidden:
                other = relabel_hidden(state, hidden, rng)
                again = spectator_view(other) if seat is None else seat_view(other, seat)
                assert again == view
            if seat is not None:
                assert view["hand"] == sorted(codes_of(state.hands[seat]), key=CODES.index)
        if state.finished:
            break
        state = apply_move(state, rng.choice(legal_moves(state)))


@games(45)
@given(setups())
def test_the_state_json_round_trips_at_every_step(setup: Setup) -> None:
    first = start(setup)
    assert ScopaState.from_json(json.loads(json.dumps(first.to_json()))) == first
    for _, _, after in steps(setup):
        assert ScopaState.from_json(json.loads(json.dumps(after.to_json()))) == after


@games(60)
@given(setups())
def test_a_record_replays_to_the_same_result(setup: Setup) -> None:
    choose = random_chooser(setup.choice_seed)
    final, record = play_to_record(start(setup), [f"p{i}" for i in range(setup.rules.players)], choose)
    stored = json.loads(json.dumps(record))
    report = replay(stored)
    assert final.result is not None
    assert report.result == final.result.to_json()
    assert report.deal_points == [list(t) for t in final.deal_totals]
    assert report.moves == final.moves_played
    assert report.final == final


@games(50)
@given(setups())
def test_the_same_seed_gives_the_same_game(setup: Setup) -> None:
    first = [(m, a.to_json()) for _, m, a in steps(setup)]
    second = [(m, a.to_json()) for _, m, a in steps(setup)]
    assert first == second
    again = start(setup)
    assert again == start(setup)
    other = new_match(setup.rules, f"{int(setup.master_seed, 16) ^ 1:064x}", setup.first_dealer)
    assert other.commitments != again.commitments
    assert other.deck != again.deck


def test_state_json_round_trips_after_a_deal_where_one_side_took_every_coin() -> None:
    """Found while writing these properties: the deal score's 'all coins' side was lost in JSON."""
    ended = deal_end(make_rules("napola"), ["Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd", "*"], scores=(0, 0))
    assert ended.last_deal is not None
    assert ended.last_deal.all_coins == 0
    assert ScopaState.from_json(json.loads(json.dumps(ended.to_json()))) == ended
