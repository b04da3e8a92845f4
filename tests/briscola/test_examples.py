"""Worked examples from seed 004 (the boxed game's Briscola rules) and the decisions of docs/briscola.md."""

from __future__ import annotations

import hashlib
import random

import pytest

from scopa.domain.games.briscola.cards import (
    CODES,
    POINTS,
    mask_codes,
    parse_card,
    removed_cards,
    trick_winner,
)
from scopa.domain.games.briscola.engine import apply_move, end_match, legal_moves, new_match, score_game
from scopa.domain.games.briscola.errors import BriscolaRule
from scopa.domain.games.briscola.rules import BriscolaRules, make_rules
from scopa.domain.games.briscola.shuffle import game_deck
from scopa.domain.games.briscola.state import BriscolaState, Move
from scopa.domain.games.common.errors import IllegalMove, RecordError, RuleSetError
from scopa.domain.games.common.shuffle import deal_seed, shuffled_deck

SEED = "ab" * 32


def mask(text: str) -> int:
    out = 0
    for token in text.split():
        out |= 1 << parse_card(token)
    return out


def position(rules: BriscolaRules, hands: list[str], trump: str, leader: int = 0) -> BriscolaState:
    """A mid-game position: these hands, ``trump`` turned up, nothing in the stock, ``leader`` to lead."""
    state = new_match(rules, SEED)
    trump_card = parse_card(trump)
    return state._replace(
        hands=tuple(mask(h) for h in hands),
        deck=(*state.deck[: state.drawn], trump_card),
        drawn=state.drawn + 1,
        trump=trump_card,
        trump_suit=trump_card // 10,
        leader=leader,
        turn=leader,
    )


def play(state: BriscolaState, *cards: str) -> BriscolaState:
    for c in cards:
        state = apply_move(state, Move("play", card=parse_card(c)), state.turn)
    return state


# --------------------------------------------------------------------------- cards


def test_card_points_make_120_a_deck_and_the_three_ranks_second() -> None:
    # Given: seed 004's table: A 11, 3 10, K 4, Q 3, J 2, the rest nothing; 120 in a deck
    assert sum(POINTS[c] for c in range(40)) == 120
    assert sum(POINTS[c] for c in range(80)) == 240
    assert [POINTS[parse_card(c)] for c in ("Ad", "3d", "Kd", "Qd", "Jd", "7d", "2d")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
    ]
    # The special ranking of the three: above the king, below the ace.
    assert trick_winner([parse_card("Kb"), parse_card("3b")], trump_suit=0) == 1
    assert trick_winner([parse_card("3b"), parse_card("Ab")], trump_suit=0) == 1
    assert trick_winner([parse_card("7b"), parse_card("Jb")], trump_suit=0) == 1


def test_seed_example_jack_of_clubs_takes_the_seven_led() -> None:
    # Given: four players, swords trump; the 7 of clubs is led and no trump is played
    rules = make_rules("partnership")
    state = position(rules, ["7b 2d", "Jb 4c", "5b 6d", "Kc 2c"], trump="As", leader=0)
    # When: 7b, Jb, 5b and the king of cups are played
    after = play(state, "7b", "Jb", "5b", "Kc")
    # Then: the jack, the highest club, takes the trick (the king of another suit does not)
    assert after.tricks[-1].winner == 1
    assert after.points[1] == 2 + 4


def test_any_trump_beats_the_suit_led_and_the_highest_trump_wins() -> None:
    rules = make_rules("partnership")
    state = position(rules, ["Ab 2d", "2s 4c", "Jb 6d", "4s 2c"], trump="As", leader=0)
    after = play(state, "Ab", "2s", "Jb", "4s")
    assert after.tricks[-1].winner == 3  # the four of swords over the two of swords and the ace led


def test_no_duty_to_follow_suit() -> None:
    rules = make_rules("classic")
    state = position(rules, ["Ab 2d 3c", "4b 5d 6s"], trump="7s", leader=0)
    state = play(state, "Ab")
    assert {CODES[m.card] for m in legal_moves(state)} == {"4b", "5d", "6s"}
    after = play(state, "5d")  # a card of another suit, not a trump: the ace takes it
    assert after.tricks[-1].winner == 0


def test_two_identical_cards_the_first_played_wins() -> None:
    rules = make_rules("six_players")
    assert trick_winner([parse_card("Ab"), parse_card("AB")], trump_suit=0) == 0
    assert trick_winner([parse_card("2d"), parse_card("Ad"), parse_card("AD")], trump_suit=0) == 1
    assert rules.deck_size == 78  # 80 cards, two twos out so that six players divide the deck


# --------------------------------------------------------------------------- the deal and the draw


def test_deal_three_each_turn_up_the_next_which_is_drawn_last() -> None:
    rules = make_rules("classic")
    state = new_match(rules, SEED, first_dealer=0)
    deck = shuffled_deck(deal_seed(SEED, 0))
    # Three cards each, one at a time from the dealer's right; the seventh card is turned up.
    assert mask_codes(state.hands[1]) == sorted((CODES[c] for c in deck[0:6:2]), key=parse_card)
    assert mask_codes(state.hands[0]) == sorted((CODES[c] for c in deck[1:6:2]), key=parse_card)
    assert state.trump == deck[6]
    assert state.trump_suit == deck[6] // 10
    assert state.deck[-1] == deck[6]  # at the bottom of the stock
    assert state.turn == 1  # the player at the dealer's right leads
    assert state.stock_size == 34
    # Play to the last draw: the trump card goes to whoever draws last.
    rng = random.Random(1)
    while state.stock_size:
        before = state
        state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
        if state.tricks != before.tricks and before.stock_size:
            winner = state.tricks[-1].winner
            # The winner drew first (the next stock card) and leads the next trick.
            assert state.hands[winner] >> before.deck[before.drawn] & 1
            assert state.turn == winner == state.leader
    assert state.trump_holder == 1 - state.tricks[-1].winner
    assert state.hands[state.trump_holder] >> state.trump & 1


def test_nine_cards_for_two_is_an_option_three_the_default() -> None:
    assert make_rules().hand_size == 3
    state = new_match(make_rules("nine_cards"), SEED)
    assert [h.bit_count() for h in state.hands] == [9, 9]
    assert state.stock_size == 40 - 18


def test_three_players_leave_a_two_out_and_still_play_for_120() -> None:
    rules = make_rules("three_players")
    assert removed_cards(3, 1) == (parse_card("2d"),)
    deck = game_deck(deal_seed(SEED, 0), 1, rules.removed)
    assert len(deck) == 39
    assert parse_card("2d") not in deck


def test_two_decks_shuffle_every_card_of_both_decks_once() -> None:
    deck = game_deck(deal_seed(SEED, 0), 2, ())
    assert sorted(deck) == list(range(80))
    assert game_deck(deal_seed(SEED, 0), 1, ()) == shuffled_deck(deal_seed(SEED, 0))  # Scopa's own shuffle


# --------------------------------------------------------------------------- winning


def test_more_than_60_wins_60_60_is_a_draw_and_the_match_deals_again() -> None:
    rules = make_rules("classic")
    state = new_match(rules, SEED)
    assert score_game(state._replace(points=(61, 59))).winner == 0
    assert score_game(state._replace(points=(59, 61))).winner == 1
    assert score_game(state._replace(points=(60, 60))).winner == -1
    # Find a real 60-60 game among seeded random games: the match goes on with the next dealer.
    for n in range(3000):
        rng = random.Random(n)
        state = new_match(rules, hashlib.sha256(b"%d" % n).hexdigest())
        while not state.history:
            state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
        if state.history[0].points == (60, 60):
            assert not state.finished
            assert state.game_index == 1
            assert state.dealer == 1
            assert state.match_scores == (0, 0)
            return
    pytest.fail("no 60-60 game in 3000 random games")


def test_best_of_three_and_to_a_points_target() -> None:
    rng = random.Random(5)
    state = new_match(make_rules("best_of_three"), SEED)
    while not state.finished:
        state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
    assert state.result is not None
    assert max(state.result.scores) == 2
    assert len(state.history) >= 2
    state = new_match(make_rules("classic", {"match": "points", "points_target": 200}), SEED)
    while not state.finished:
        state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
    assert state.result is not None
    assert state.result.reason == "points"
    assert max(state.result.scores) >= 200
    assert len(state.history) >= 2
    assert list(state.result.scores) == [sum(g.points[s] for g in state.history) for s in range(2)]


def test_resigning_gives_the_match_to_the_other_side() -> None:
    state = new_match(make_rules("partnership"), SEED)
    ended = end_match(state, 2, "resigned")
    assert ended.result is not None
    assert ended.result.winner == 1
    assert ended.result.loser_seat == 2


# --------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 5}, "chiamata"),
        ({"players": 6}, "decks 2"),
        ({"signals": True}, "partners"),
        ({"games": 2}, "odd"),
        ({"match": "points"}, "points_target"),
        ({"points_target": 100}, "points"),
        ({"hand_size": 20}, "no card to turn up"),
        ({"colour": "red"}, "unknown option"),
        ({"players": 5, "chiamata": True}, "hand_size must be 8"),
    ],
)
def test_contradictory_options_are_refused_by_name(options: dict[str, object], words: str) -> None:
    with pytest.raises(RuleSetError, match=words):
        make_rules("classic", options)


def test_presets_validate_and_unknown_preset_is_named() -> None:
    assert make_rules("chiamata").players == 5
    with pytest.raises(RuleSetError, match="unknown briscola preset"):
        make_rules("tressette")


# --------------------------------------------------------------------------- chiamata


def test_chiamata_auction_call_and_secret_partner() -> None:
    rules = make_rules("chiamata")
    state = new_match(rules, SEED, first_dealer=4)
    assert [h.bit_count() for h in state.hands] == [8] * 5
    assert state.stock_size == 0
    assert state.phase == "auction"
    assert state.turn == 0
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move("play", card=next(iter(_cards(state.hands[0])))), 0)
    assert err.value.rule == BriscolaRule.AUCTION_IN_PROGRESS
    state = apply_move(state, Move.parse("bid=A"), 0)
    state = apply_move(state, Move.parse("bid=K"), 1)
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move.parse("bid=3"), 2)  # the three is above the king: not a lower call
    assert err.value.rule == BriscolaRule.BID_TOO_LOW
    state = apply_move(state, Move.parse("bid=pass"), 2)
    state = apply_move(state, Move.parse("bid=pass"), 3)
    state = apply_move(state, Move.parse("bid=pass"), 4)
    state = apply_move(state, Move.parse("bid=pass"), 0)
    assert state.phase == "call"
    assert state.caller == 1
    assert state.turn == 1
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move.parse("call=Ad"), 1)
    assert err.value.rule == BriscolaRule.CALLED_CARD_MUST_MATCH_BID
    state = apply_move(state, Move.parse("call=Kc"), 1)
    holder = next(s for s in range(5) if state.hands[s] >> parse_card("Kc") & 1)
    assert state.partner == holder
    assert state.trump_suit == 1
    assert state.turn == 0
    assert not state.partner_revealed


def test_chiamata_last_player_may_not_pass_when_all_passed() -> None:
    state = new_match(make_rules("chiamata"), SEED, first_dealer=4)
    for seat in range(4):
        state = apply_move(state, Move.parse("bid=pass"), seat)
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move.parse("bid=pass"), 4)
    assert err.value.rule == BriscolaRule.LAST_BIDDER_MUST_BID
    state = apply_move(state, Move.parse("bid=A"), 4)
    assert state.phase == "call"
    assert state.caller == 4


def test_chiamata_points_a_caller_alone_and_the_points_bid() -> None:
    state = new_match(make_rules("chiamata"), SEED)
    called = state._replace(caller=0, partner=0, bids=((0, 0),))
    assert score_game(called._replace(points=(61, 20, 20, 10, 9))).winner == 0
    assert score_game(called._replace(points=(60, 20, 20, 10, 10))).winner == -1
    with_points = called._replace(bids=((0, 10 + 80 - 62),))  # bid 80 points
    assert score_game(with_points._replace(points=(79, 20, 11, 5, 5))).winner == 1


# --------------------------------------------------------------------------- illegal moves


def test_illegal_moves_name_their_rule_and_no_hidden_card() -> None:
    rules = make_rules("classic")
    state = new_match(rules, SEED)
    other = state.hands[0]
    hidden = next(iter(_cards(other)))
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move("play", card=hidden), state.turn)
    assert err.value.rule == BriscolaRule.CARD_NOT_IN_HAND
    assert CODES[hidden] not in str(err.value)
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move("play", card=hidden), 0)
    assert err.value.rule == BriscolaRule.NOT_YOUR_TURN
    own = next(iter(_cards(state.hands[1])))
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move("play", card=own, signal="ace"), 1)
    assert err.value.rule == BriscolaRule.SIGNALS_NOT_ALLOWED
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move.parse("bid=A"), 1)
    assert err.value.rule == BriscolaRule.NOT_BIDDING_NOW
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move.parse("call=Ad"), 1)
    assert err.value.rule == BriscolaRule.NOT_CALLING_NOW
    with pytest.raises(IllegalMove) as err:
        apply_move(end_match(state, 0, "resigned"), Move("play", card=own), 1)
    assert err.value.rule == BriscolaRule.GAME_OVER
    with pytest.raises(RecordError):
        Move.from_json({"card": "Zz"})


def test_signals_between_partners_are_shown_to_the_table() -> None:
    rules = make_rules("partnership", {"signals": True})
    state = new_match(rules, SEED)
    card = next(iter(_cards(state.hands[state.turn])))
    with pytest.raises(IllegalMove) as err:
        apply_move(state, Move("play", card=card, signal="wink"), state.turn)
    assert err.value.rule == BriscolaRule.UNKNOWN_SIGNAL
    after = apply_move(state, Move("play", card=card, signal="ace"), state.turn)
    assert after.signals == ((state.turn, 0, "ace"),)


def test_second_deck_card_by_its_lower_case_code() -> None:
    rules = make_rules("six_players")
    state = position(rules, ["AB 2d", "4c 5c", "6c 7c", "Jc Qc", "Kc 3c", "4b 5b"], trump="Ad", leader=0)
    after = apply_move(state, Move("play", card=parse_card("Ab")), 0)  # names the face; the hand holds AB
    assert after.trick == (parse_card("AB"),)


def _cards(m: int) -> list[int]:
    return [c for c in range(80) if m >> c & 1]
