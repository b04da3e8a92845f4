"""House bots: legal moves in every variant, no peeking at hidden cards, and the greedy bot's judgement."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from scopa.domain.games.common.cards import FULL_DECK, cards_in, parse_card, parse_cards, parse_mask
from scopa.domain.games.scopa.bots import BOTS, Bot, ChampionBot, make_bot
from scopa.domain.games.scopa.bots.heuristics import oracle_for
from scopa.domain.games.scopa.bots.knowledge import read_view
from scopa.domain.games.scopa.bots.simulator import DealPosition, Simulator
from scopa.domain.games.scopa.bots.strong import StrongBot
from scopa.domain.games.scopa.engine import apply_move, legal_moves, new_match
from scopa.domain.games.scopa.rules import PRESETS, RuleSet, make_rules
from scopa.domain.games.scopa.state import Move, PlayedMove, ScopaState
from scopa.domain.games.scopa.views import seat_view

SEED = "b0" * 32


def small_bot(name: str, seed: int) -> Bot:
    """A bot as the arena makes it, but the strong bot on a small budget so the tests stay fast."""
    if name == "strong":
        return StrongBot(seed, budget=150, max_samples=8)
    if name == "champion":
        return ChampionBot(seed, budget=300, max_samples=16)
    return make_bot(name, seed)


def play_game(rules: RuleSet, names: list[str], seed: str, max_moves: int = 5000) -> ScopaState:
    """Play a whole game, checking every choice against the engine's legal moves."""
    bots = [make_bot(names[s % len(names)], seed=s) for s in range(rules.players)]
    state = new_match(rules, seed, first_dealer=0)
    for _ in range(max_moves):
        if state.finished:
            return state
        view = seat_view(state, state.turn)
        choice = bots[state.turn].choose(view)
        move = Move.from_json(choice)
        assert move in legal_moves(state), f"{names} chose an illegal move {choice}"
        state = apply_move(state, move, state.turn)
    raise AssertionError("the game did not end")


VARIANTS = [
    *[(preset, {}) for preset in PRESETS],
    ("classic", {"players": 3}),
    ("classic", {"players": 4}),
    ("re_bello", {"capture_choice": "fewest_cards", "forced_capture": False}),
    ("scopa_d_assi", {"ace_takes_all": "always", "leftovers_to": "dealer"}),
]


@pytest.mark.parametrize(("preset", "options"), VARIANTS)
def test_every_bot_plays_legal_moves_to_the_end_of_a_game(preset: str, options: dict[str, Any]) -> None:
    # Short games (a low target) keep the long presets such as cirulla to 51 quick.
    rules = make_rules(preset, {**options, "target": 4})
    final = play_game(rules, ["strong", "greedy", "random"], SEED)
    assert final.result is not None


def test_the_registry_names_the_house_bots() -> None:
    assert {"random", "greedy", "strong"} <= set(BOTS)
    for name, cls in BOTS.items():
        assert cls.name == name
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


def test_the_playout_simulator_agrees_with_the_engine_in_every_preset() -> None:
    # The strong bot's private simulator must list the same moves and score the same deal as the engine.
    rng = random.Random(4)
    for preset in [*PRESETS, "classic+3"]:
        rules = make_rules("classic", {"players": 3}) if preset == "classic+3" else make_rules(preset)
        for game in range(3):
            state = new_match(rules, f"{game + 7:064x}", first_dealer=game % rules.players)
            sim = Simulator(rules, oracle_for(rules), state.dealer)
            pos = DealPosition(
                hands=list(state.hands),
                table=state.table,
                piles=list(state.piles),
                stock=list(state.deck[state.dealt :]),
                turn=state.turn,
                last_capturer=state.last_capturer,
                last_player=-1,
                scope=state.scope_by_side(),
                bonus=state.bonus_by_side(),
            )
            stock_at = 0
            while state.deal_index == 0 and not state.finished:
                moves = legal_moves(state)
                simulated = sim.moves(pos.hands[pos.turn], pos.table)
                assert sorted(moves) == sorted(Move(c, t) for c, t in simulated)
                move = rng.choice(moves)
                state = apply_move(state, move)
                stock_at = sim.play(pos, move.card, move.take, stock_at)
                if state.deal_index == 0 and not state.finished:
                    assert (pos.hands, pos.table, pos.turn) == (list(state.hands), state.table, state.turn)
                    assert pos.scope == state.scope_by_side()
            assert sim.finish(pos) == state.deal_totals[0], preset


# --------------------------------------------------------------------------- positions


def position(
    hands: list[str], table: str, taken: str = "", *, stock: int | None = None, turn: int = 0
) -> ScopaState:
    """A consistent classic position: the named hands and table; ``taken`` plus every other card beyond
    the first ``stock`` (all by default) taken by seat 1 earlier in the deal, in moves the log shows."""
    rules = make_rules("classic")
    base = new_match(rules, SEED, first_dealer=1)
    hand_masks = [parse_mask(h) for h in hands]
    table_mask = parse_mask(table)
    rest = FULL_DECK & ~table_mask & ~parse_mask(taken)
    for h in hand_masks:
        rest &= ~h
    others = cards_in(rest)
    n_stock = len(others) if stock is None else stock
    stock_cards = others[:n_stock]
    taken_cards = parse_cards(taken) + others[n_stock:]
    log = []
    pile = 0
    while taken_cards:  # seat 1 played a card and took one (two, for an odd count) from the table
        cut = 3 if len(taken_cards) == 3 else 2
        group, taken_cards = taken_cards[:cut], taken_cards[cut:]
        take = sum(1 << c for c in group[1:])
        log.append(PlayedMove(1, group[0], take, False))
        pile |= take | 1 << group[0]
    placed = [c for h in hand_masks for c in cards_in(h)] + cards_in(table_mask) + cards_in(pile)
    deck = tuple(placed + stock_cards)
    return base._replace(
        hands=tuple(hand_masks),
        table=table_mask,
        deck=deck,
        dealt=len(deck) - len(stock_cards),
        piles=(0, pile),
        turn=turn,
        deal_log=tuple(log),
        scopa_log=(),
        last_capturer=1 if log else -1,
    )


def chosen(bot: Bot, state: ScopaState) -> Move:
    return Move.from_json(bot.choose(seat_view(state, state.turn)))


def swap_hidden(state: ScopaState, seat: int) -> ScopaState | None:
    """The same position for ``seat`` with one card swapped between two places it cannot see (another
    hand, the stock), or ``None`` if there are no two such places."""
    places: list[int | None] = [
        s for s, h in enumerate(state.hands) if s != seat and h and not state.revealed >> s & 1
    ]
    if state.stock_size:
        places.append(None)  # the stock
    if len(places) < 2:
        return None
    hands = list(state.hands)
    deck = list(state.deck)

    def first(place: int | None) -> int:
        return cards_in(hands[place])[0] if place is not None else deck[state.dealt]

    a, b = places[0], places[1]
    card_a, card_b = first(a), first(b)
    for place, out, into in ((a, card_a, card_b), (b, card_b, card_a)):
        if place is None:
            deck[state.dealt] = into
        else:
            hands[place] = hands[place] & ~(1 << out) | 1 << into
    return state._replace(hands=tuple(hands), deck=tuple(deck))


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("preset", ["classic", "scopone", "cirulla"])
def test_bots_do_not_peek_at_hidden_cards(name: str, preset: str) -> None:
    state = new_match(make_rules(preset), SEED)
    assert choices_with_hidden_cards_swapped(state, lambda: small_bot(name, 11), 60) >= 10


def choices_with_hidden_cards_swapped(state: ScopaState, make: Callable[[], Bot], steps: int) -> int:
    """Play ``steps`` moves; at each, ask two fresh bots from ``make`` to choose, one from the view and one
    from the same view of a state whose hidden cards were swapped, and assert they agree. How many
    positions were compared (a position with nothing to swap is skipped)."""
    compared = 0
    for step in range(steps):
        if state.finished:
            break
        seat = state.turn
        twin = swap_hidden(state, seat)
        if twin is not None:
            assert twin.hands != state.hands or twin.deck != state.deck
            view = seat_view(state, seat)
            assert seat_view(twin, seat) == view
            assert make().choose(copy.deepcopy(view)) == make().choose(seat_view(twin, seat))
            compared += 1
        moves = legal_moves(state)
        state = apply_move(state, moves[step % len(moves)], seat)
    return compared


@pytest.mark.parametrize("preset", ["classic", "scopone", "cirulla"])
def test_a_view_accounts_for_every_unseen_card(preset: str) -> None:
    rules = make_rules(preset)
    for game in range(8):
        _check_unseen_cards(rules, f"{game + 40:064x}")


def _check_unseen_cards(rules: RuleSet, seed: str) -> None:
    state = new_match(rules, seed)
    for step in range(30):
        seat = state.turn
        k = read_view(seat_view(state, seat))
        hidden = 0
        for other, hand in enumerate(state.hands):
            if other != seat and not state.revealed >> other & 1:
                hidden |= hand
        for c in state.deck[state.dealt :]:
            hidden |= 1 << c
        # A cirulla dealer who takes the first table (a dealer bonus) puts cards in a pile that no move
        # shows: the view counts them as unseen, and as such, not in any hand or the stock.
        taken_by_dealer = 0
        if any(b.kind.startswith("dealer") for b in state.bonuses):
            shown = 0
            for m in state.deal_log:
                shown |= m.take | 1 << m.card
            taken_by_dealer = state.piles[state.dealer % rules.sides] & ~shown
        assert k.unseen == hidden | taken_by_dealer
        assert k.hidden_pile_cards == taken_by_dealer.bit_count()
        assert k.piles[k.side] | k.piles[1 - k.side] == (state.piles[0] | state.piles[1]) & ~taken_by_dealer
        moves = legal_moves(state)
        state = apply_move(state, moves[step % len(moves)], seat)


# --------------------------------------------------------------------------- judgement


@pytest.mark.parametrize("name", ["greedy", "strong"])
def test_the_settebello_is_taken_when_it_can_be(name: str) -> None:
    state = position(["7s 3c Jb", "Ks Qs Js"], "7c 7d Kb", stock=24)
    assert chosen(small_bot(name, 1), state) == Move(parse_card("7s"), parse_mask("7d"))


def test_greedy_does_not_lay_a_card_that_leaves_an_easy_scopa() -> None:
    # Laying the 2 of cups makes 5 + 2 = 7 on the table, and any of the four unseen sevens sweeps it.
    # The king of coins is worth more than the 2, but 5 + 10 on the table is safe from a single card.
    state = position(["2c Kd", "As Ab Ac"], "5s", stock=24)
    assert chosen(make_bot("greedy"), state) == Move(parse_card("Kd"))


def test_greedy_lays_the_cheaper_card_when_no_card_could_sweep() -> None:
    # The same, but every seven has been played already (the log shows it): the 2 goes down.
    state = position(["2c Kd", "As Ab Ac"], "5s", "7d 7c 7s 7b", stock=24)
    assert chosen(make_bot("greedy"), state) == Move(parse_card("2c"))


def test_the_sweep_threat_counts_only_cards_that_could_still_be_out() -> None:
    oracle = oracle_for(make_rules("classic"))
    table = parse_mask("5s 2c")
    sevens = parse_mask("7d 7c 7s 7b")
    assert oracle.sweeps(table)[0] == 1 << 7
    assert oracle.threat(table, FULL_DECK & ~table, 3, None) > 0.3
    assert oracle.threat(table, FULL_DECK & ~table & ~sevens, 3, None) == 0.0
    assert oracle.threat(table, FULL_DECK, 3, parse_mask("7b")) > 1.0  # a face-up seven: certain


def test_greedy_captures_rather_than_lays_when_the_capture_is_safe() -> None:
    state = position(["6d Qb", "As Ab Ac"], "6s Kc", stock=24)
    assert chosen(make_bot("greedy"), state) == Move(parse_card("6d"), parse_mask("6s"))


def _deal_value(state: ScopaState, side: int) -> int:
    """Exact value of the rest of the deal for ``side`` by minimax on the engine itself."""
    deal = state.deal_index
    best: int | None = None
    for move in legal_moves(state):
        after = apply_move(state, move, validate=False)
        if after.deal_index != deal or after.finished:
            totals = after.deal_totals[-1]
            value = totals[side] - totals[1 - side]
        else:
            value = _deal_value(after, side)
        mine = state.turn % 2 == side
        if best is None or (value > best if mine else value < best):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(6))
def test_strong_plays_the_known_last_hand_perfectly(seed: int) -> None:
    # Two players with the stock used up: the other hand is exactly the unseen cards, so the strong bot
    # solves the rest of the deal. Its move must reach the engine's own minimax value.
    state = new_match(make_rules("classic"), f"{seed + 1:064x}")
    greedy = make_bot("greedy")
    while state.stock_size or state.hands[state.turn].bit_count() < 3:
        state = apply_move(state, Move.from_json(greedy.choose(seat_view(state, state.turn))), validate=False)
    side = state.turn % 2
    best = _deal_value(state, side)
    move = chosen(StrongBot(seed), state)
    assert _deal_value(apply_move(state, move), side) == best
