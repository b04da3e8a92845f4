"""Every worked example of RULES.md and of the five seeds in shared/seeds/, one named test each.

Seeds, by file: 000 the Sicilian games site (after Wikipedia), 001 the online Scopa app's help page
(Solitaire Bliss), 002 the encyclopedia article with the variants, 003 the rules sheet, 004 the boxed
game's instructions. Where RULES.md and a seed differ, the test follows RULES.md and says so.
"""

from __future__ import annotations

import pytest

from scopa.domain.games.common.cards import CODES, RANK, parse_card
from scopa.domain.games.common.shuffle import deal_seed, shuffled_deck
from scopa.domain.games.scopa.engine import apply_move, check_move, cirulla_hand_bonus, legal_moves, new_match
from scopa.domain.games.scopa.errors import IllegalMove, Rule
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.scoring import coin_run, primiera_value, score_deal
from tests.builders import classic, deal_end, mask, moves_with, mv, play, position, rules

# --------------------------------------------------------------------------- the deal and the turn order


def test_rules_deal_three_cards_each_four_to_the_table_dealer_right_leads() -> None:
    """RULES.md 'The deal' and seeds 000/002: 3 cards each, one at a time from the dealer's right, 4 face up;
    the player to the dealer's right plays first."""
    for dealer in (0, 1):
        state = new_match(classic(), "ab" * 32, first_dealer=dealer)
        assert [h.bit_count() for h in state.hands] == [3, 3]
        assert state.table.bit_count() == 4
        assert state.stock_size == 30
        assert state.turn == (dealer + 1) % 2
        # One card at a time, starting at the dealer's right: the right-hand player gets cards 0, 2, 4.
        right = (dealer + 1) % 2
        assert state.hands[right] == mask(" ".join(CODES[state.deck[i]] for i in (0, 2, 4)))


def test_rules_six_hands_in_a_two_player_deal_three_in_a_four_player_deal() -> None:
    """RULES.md 'The deal': 3 more each until the stock is used up, none to the table: 6 hands with two
    players, 3 hands with four (seed 000: 'This process is repeated until no cards remain in the deck')."""
    for players, hands in ((2, 6), (4, 3)):
        r = rules("classic", players=players)
        assert r.hands_per_deal == hands
        state = new_match(r, "cd" * 32)
        hands_dealt = 1
        while state.deal_index == 0:
            before = state
            move = legal_moves(state)[0]
            state = apply_move(state, move)
            if state.deal_index == 0 and before.dealt != state.dealt:
                hands_dealt += 1
                assert [h.bit_count() for h in state.hands] == [3] * players
                assert state.dealt - before.dealt == 3 * players
                # none to the table: the table holds only what was there and the card just played
                assert state.table & ~(before.table | 1 << move.card) == 0
        assert hands_dealt == hands


def test_rules_the_deal_passes_to_the_right_after_each_deal() -> None:
    """RULES.md 'Seats, teams, turn order': the deal passes to the right (seat dealer + 1) after each deal,
    and the new dealer's right hand leads."""
    state = new_match(rules("classic", players=4), "ef" * 32, first_dealer=3)
    dealers = [state.dealer]
    while len(dealers) < 3 and not state.finished:
        deal = state.deal_index
        state = apply_move(state, legal_moves(state)[0])
        if state.deal_index != deal:
            dealers.append(state.dealer)
            assert state.turn == (state.dealer + 1) % 4
    assert dealers == [3, 0, 1]


def test_rules_partners_pool_captures_and_scope() -> None:
    """RULES.md: in the four-player game partners (seats s and s+2) pool their captures and their scope."""
    state = position(
        rules("classic", players=4), hands=["Kd", "Qd", "6c", "Jd"], table="2s 4b", turn=2, stock=""
    )
    after = play(state, "6c", "2s 4b")
    assert after.piles[0] & mask("6c 2s 4b") == mask("6c 2s 4b")
    assert after.scope_by_side() == [1, 0]
    assert after.last_move is not None
    assert after.last_move.scopa


# --------------------------------------------------------------------------- captures


def test_seed_000_002_hand_2d_5s_7b_on_ad_5c_6s_has_exactly_three_options() -> None:
    """Seeds 000 and 002: hand 2 of coins, 5 of swords, 7 of clubs; table ace of coins, 5 of cups, 6 of
    swords. The options are: lay the 2; take the 5 of cups with the 5; take 6 and ace with the 7."""
    state = position(classic(), hands=["2d 5s 7b", "Kc Kb"], table="Ad 5c 6s", stock="")
    assert set(legal_moves(state)) == {mv("2d"), mv("5s", "5c"), mv("7b", "Ad 6s")}


def test_seed_000_002_a_six_with_two_and_four_on_the_table_may_not_be_laid() -> None:
    """Seeds 000 and 002: with a 2 and a 4 on the table a 6 must take them, or another card is played."""
    state = position(classic(), hands=["6d Kc", "Qb"], table="2s 4b")
    assert moves_with(state, "6d") == {mv("6d", "2s 4b")}
    assert mv("Kc") in legal_moves(state)  # playing another card is allowed
    with pytest.raises(IllegalMove) as err:
        check_move(state, mv("6d"), 0)
    assert err.value.rule is Rule.MUST_CAPTURE


def test_seed_000_002_the_fante_on_1_3_4_8_must_take_the_single_fante() -> None:
    """Seeds 000 and 002: table 1, 3, 4 and fante (8); a fante played may take only the fante, not 1+3+4."""
    state = position(classic(), hands=["Jc", "Kb"], table="Ad 3s 4b Jd")
    assert moves_with(state, "Jc") == {mv("Jc", "Jd")}
    with pytest.raises(IllegalMove) as err:
        check_move(state, mv("Jc", "Ad 3s 4b"), 0)
    assert err.value.rule is Rule.MUST_TAKE_SINGLE_CARD


def test_seed_001_a_seven_on_3_4_7_takes_the_seven() -> None:
    """Seed 001, point 1: the table has 3, 4 and 7; a 7 played captures the 7 (not 3+4)."""
    state = position(classic(), hands=["7b", "Kb"], table="3c 4s 7c")
    assert moves_with(state, "7b") == {mv("7b", "7c")}


def test_seed_001_an_eight_on_1_2_6_takes_six_and_two() -> None:
    """Seed 001, point 2: an 8 played on 1, 2 and 6 captures the 6 and the 2."""
    state = position(classic(), hands=["Jb", "Kb"], table="Ac 2s 6d")
    assert moves_with(state, "Jb") == {mv("Jb", "2s 6d")}


def test_seed_001_a_five_on_4_1_3_2_takes_four_and_ace_or_three_and_two() -> None:
    """Seed 001, point 2: a 5 that can capture 4+1 or 3+2: the player chooses the combination."""
    state = position(classic(), hands=["5b", "Kb"], table="4c Ad 3s 2b")
    assert moves_with(state, "5b") == {mv("5b", "4c Ad"), mv("5b", "3s 2b")}


def test_seed_001_a_five_on_5_4_1_must_take_the_five() -> None:
    """Seed 001, point 2: with 5, 4 and 1 on the table a 5 played must capture the single 5."""
    state = position(classic(), hands=["5b", "Kb"], table="5c 4s Ad")
    assert moves_with(state, "5b") == {mv("5b", "5c")}
    with pytest.raises(IllegalMove) as err:
        check_move(state, mv("5b", "4s Ad"), 0)
    assert err.value.rule is Rule.MUST_TAKE_SINGLE_CARD


@pytest.mark.parametrize(
    ("table", "take"), [("6c", "6c"), ("4c 2s", "4c 2s"), ("5c Ab", "5c Ab"), ("3c 3s", "3c 3s")]
)
def test_seed_004_single_number_and_combination_matches_of_a_six(table: str, take: str) -> None:
    """Seed 004 'Matching Cards': a 6 takes a 6 on the table, or 4 and 2, 5 and 1, 3 and 3."""
    state = position(classic(), hands=["6b", "Kb"], table=table)
    assert moves_with(state, "6b") == {mv("6b", take)}


def test_seed_000_holding_a_four_on_two_twos_an_ace_and_a_three() -> None:
    """Seed 000: holding a 4 with two 2s, an ace and a 3 on the table, the player may take 3 plus ace (the
    advice) or the two 2s: both are legal, nothing else is."""
    state = position(classic(), hands=["4b", "Kb"], table="2d 2s Ac 3c")
    assert moves_with(state, "4b") == {mv("4b", "Ac 3c"), mv("4b", "2d 2s")}


def test_seed_002_holding_a_six_on_ace_two_four_five() -> None:
    """Seed 002: holding a 6 with an ace, a 2, a 4 and a 5 on the table, 5 plus ace (the advice) or 4
    plus 2 may be taken."""
    state = position(classic(), hands=["6b", "Kb"], table="Ac 2d 4s 5c")
    assert moves_with(state, "6b") == {mv("6b", "5c Ac"), mv("6b", "4s 2d")}


# --------------------------------------------------------------------------- scopa and the end of a deal


def test_seed_000_002_two_and_four_swept_by_a_six_is_a_scopa() -> None:
    """Seeds 000 and 002: 'if the table contains only a 2 and a 4, and player A plays a 6, player A is
    awarded a scopa' (worth 1 point when the deal is scored)."""
    state = position(classic(), hands=["6d", "Kb"], table="2s 4b", piles=["", "*"])
    after = play(state, "6d", "2s 4b")
    assert after.table == 0
    assert after.scopa_log == ((0, parse_card("6d")),)
    assert after.last_move is not None
    assert after.last_move.scopa
    ended = play(after, "Kb")
    assert ended.last_deal is not None
    assert ended.last_deal.points[0].get("scope") == 1


def test_seed_004_scopa_match_an_eight_on_3_2_2_1() -> None:
    """Seed 004 'Scopa Match Example': an 8 in hand with 3, 2, 2 and 1 on the table collects all the
    cards: a scopa."""
    state = position(classic(), hands=["Jb", "Kb"], table="3c 2d 2s Ac")
    assert mv("Jb", "3c 2d 2s Ac") in moves_with(state, "Jb")
    after = play(state, "Jb", "3c 2d 2s Ac")
    assert after.scope_by_side() == [1, 0]


def test_rules_a_sweep_with_the_last_card_of_the_deal_is_not_a_scopa() -> None:
    """RULES.md and seeds 000, 001, 002, 003: clearing the table with the very last card of the deal
    does not count as a scopa (the cards are still taken)."""
    state = position(classic(), hands=["", "6d"], table="2s 4b", turn=1, piles=["*", ""])
    ended = play(state, "6d", "2s 4b")
    assert ended.deal_index == 1  # the deal was scored and the next one dealt
    assert ended.last_deal is not None
    assert "scope" not in ended.last_deal.points[1]
    assert ended.last_deal.cards == (37, 3)  # the cards were taken all the same


def test_rules_a_sweep_with_the_last_card_of_a_hand_but_not_of_the_deal_is_a_scopa() -> None:
    """RULES.md: only the very last card of the deal is excepted; a sweep at the end of an earlier hand
    is a scopa."""
    state = position(classic(), hands=["", "6d"], table="2s 4b", turn=1, stock="Kd Kc Ks Kb Qd Qc")
    after = play(state, "6d", "2s 4b")
    assert after.scope_by_side() == [0, 1]
    assert [h.bit_count() for h in after.hands] == [3, 3]  # the next hand was dealt


def test_rules_leftovers_go_to_the_last_capturer_not_as_a_scopa() -> None:
    """RULES.md and seeds 000, 001, 003: the cards left on the table when the last card has been played go
    to the side that made the last capture; that is not a scopa."""
    state = position(classic(), hands=["Kb", ""], table="3c 5s", piles=["", "*"], last_capturer=1, turn=0)
    ended = play(state, "Kb")
    assert ended.last_deal is not None
    assert ended.last_deal.cards == (0, 40)
    assert "scope" not in ended.last_deal.points[1]


def test_seed_004_leftovers_to_the_last_player_is_an_option() -> None:
    """Seed 004 gives the leftovers to whoever played the last card: RULES.md makes it the option
    leftovers_to = last_player."""
    r = rules("classic", leftovers_to="last_player")
    state = position(r, hands=["Kb", ""], table="3c 5s", piles=["", "*"], last_capturer=1)
    ended = play(state, "Kb")
    assert ended.last_deal is not None
    assert ended.last_deal.cards == (3, 37)


# --------------------------------------------------------------------------- scoring


def test_seeds_000_002_primiera_of_7_cups_7_coins_6_clubs_ace_swords_is_76() -> None:
    """RULES.md, seeds 000 and 002: the sevens of cups and coins, the six of clubs and the ace of swords
    make a primiera of 21 + 21 + 18 + 16 = 76."""
    assert primiera_value(mask("7c 7d 6b As")) == 76


def test_seed_001_primiera_of_7_coins_6_cups_7_swords_ace_clubs_is_76() -> None:
    """Seed 001: 7 of coins (21), 6 of cups (18), 7 of swords (21), ace of clubs (16) = 76."""
    assert primiera_value(mask("7d 6c 7s Ab")) == 76


def test_rules_the_primiera_scale_card_by_card() -> None:
    """RULES.md: 7 = 21, 6 = 18, ace = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, fante/cavallo/re = 10, the best
    card of each suit counting."""
    expected = {1: 16, 2: 12, 3: 13, 4: 14, 5: 15, 6: 18, 7: 21, 8: 10, 9: 10, 10: 10}
    for rank, value in expected.items():
        assert primiera_value(1 << (rank - 1)) == value  # a single coin
    assert primiera_value(mask("2d 5d Kd")) == 15  # only the best card of a suit counts


def test_seeds_000_002_three_sevens_and_a_missing_suit_63_lose_to_one_seven_and_three_aces_69() -> None:
    """RULES.md, seeds 000 and 002: three sevens and nothing in the fourth suit make 63, which loses to one
    seven and three aces, 69."""
    sevens, aces = mask("7d 7c 7s"), mask("7b Ad Ac As")
    assert primiera_value(sevens) == 63
    assert primiera_value(aces) == 69
    score = score_deal(classic(), (sevens, aces), [0, 0], [0, 0])
    assert "primiera" not in score.points[0]
    assert score.points[1].get("primiera") == 1


def test_seed_001_twenty_cards_each_and_five_coins_each_give_nobody_the_point() -> None:
    """Seed 001 and RULES.md: 'no points are awarded if each player takes 20 cards'; 'if both players took
    5 coins, no points are awarded'. The settebello still scores."""
    side0 = mask("Ad 2d 3d 4d 5d Ac 2c 3c 4c 5c As 2s 3s 4s 5s Ab 2b 3b 4b 5b")
    side1 = ~side0 & ((1 << 40) - 1)
    score = score_deal(classic(), (side0, side1), [0, 0], [0, 0])
    assert score.cards == (20, 20)
    assert score.coins == (5, 5)
    assert "cards" not in score.points[0]
    assert "cards" not in score.points[1]
    assert "coins" not in score.points[0]
    assert "coins" not in score.points[1]
    assert score.points[1] == {"settebello": 1, "primiera": 1}


def test_rules_a_primiera_tie_gives_nobody_the_point() -> None:
    """RULES.md / seed 000: the same prime value gives no point."""
    side0, side1 = mask("7d 6c As 5b"), mask("7c 6d Ab 5s")
    score = score_deal(classic(), (side0, side1), [0, 0], [0, 0])
    assert score.primiera == (70, 70)
    assert all("primiera" not in p for p in score.points)


def test_rules_a_deal_scores_scope_cards_coins_settebello_primiera() -> None:
    """RULES.md 'Scoring a deal': 1 per scopa, 1 for most cards, most coins, the settebello, the primiera."""
    side0 = mask("7d 7c 7s 6b 6d 2d 3d Ac")
    side1 = ~side0 & ((1 << 40) - 1)
    score = score_deal(classic(), (side0, side1), [2, 1], [0, 0])
    assert score.points[0] == {"scope": 2, "settebello": 1, "primiera": 1}
    assert score.points[1] == {"scope": 1, "cards": 1, "coins": 1}
    assert score.totals == (4, 3)


# --------------------------------------------------------------------------- winning


def test_seeds_000_002_ten_to_nine_and_the_settebello_does_not_win_mid_deal() -> None:
    """Seeds 000 and 002, RULES.md 'Winning a game': at 10 to 9 the side at 10 takes the settebello, but
    no point counts mid-deal; here the other side ends the deal ahead and wins instead."""
    state = position(classic(), hands=["7b Kb", "Kc Qs"], table="7d 3s", piles=["", "*"], scores=(10, 9))
    after = play(state, "7b", "7d")
    assert after.result is None
    assert after.scores == (10, 9)
    after = play(play(after, "Kc"), "Kb", "Kc")
    assert after.result is None
    assert after.scores == (10, 9)
    ended = play(after, "Qs")
    assert ended.last_deal is not None
    assert ended.last_deal.points[0] == {"settebello": 1}
    assert ended.last_deal.points[1] == {"cards": 1, "coins": 1, "primiera": 1}
    assert ended.result is not None
    assert (ended.result.winner, ended.result.reason, ended.result.scores) == (1, "target", (11, 12))


def test_seed_001_a_tie_at_or_above_eleven_plays_another_deal() -> None:
    """Seed 001 and RULES.md: 'If both players reach 11 points at the same round, another round will be
    played'. 10-10 and a deal of 2-2 gives 12-12: no winner, the next deal is dealt."""
    ended = deal_end(classic(), ["7d 7c 7s 7b", "*"], scores=(10, 10))
    assert ended.deal_totals[-1] == (2, 2)
    assert ended.result is None
    assert ended.scores == (12, 12)
    assert ended.deal_index == 1
    assert [h.bit_count() for h in ended.hands] == [3, 3]


def test_rules_eleven_and_more_than_every_other_side_wins() -> None:
    """RULES.md: a side wins with at least 11 points and more than every other side; seed 000 'has a
    greater total than any other team'."""
    ended = deal_end(classic(), ["7d 7c 7s 7b", "*"], scores=(9, 3))  # deal 2-2: 11 to 5
    assert ended.result is not None
    assert (ended.result.winner, ended.result.reason, ended.result.scores) == (0, "target", (11, 5))
    not_yet = deal_end(classic(), ["7d 7c 7s 7b", "*"], scores=(8, 3))  # 10 to 5
    assert not_yet.result is None
    assert not_yet.scores == (10, 5)


def test_seed_000_002_cappotto_seven_to_nothing_wins_at_once() -> None:
    """Seeds 000 and 002: with the cappotto variant a side winning 7 points to 0 wins without reaching 11."""
    piles = ["Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd 7c 7s 7b 6c 6s 6b Ac As Ab 5c 5s", "*"]
    with_cappotto = deal_end(rules("classic", cappotto=7), piles, scores=(3, 0), scope=[(0, "7s")])
    assert with_cappotto.deal_totals[-1] == (5, 0)  # scopa, cards, coins, settebello, primiera
    assert with_cappotto.result is not None
    assert (with_cappotto.result.winner, with_cappotto.result.reason) == (0, "cappotto")
    assert with_cappotto.result.scores == (8, 0)
    without = deal_end(classic(), piles, scores=(3, 0), scope=[(0, "7s")])
    assert without.result is None
    assert without.scores == (8, 0)


# --------------------------------------------------------------------------- variants' examples


def test_seed_002_scopa_a_quindici_a_3_5_7_with_a_two_takes_ace_five_seven() -> None:
    """Seed 002 'Scopa a Quindici': with A, 3, 5, 7 on the table a 2 takes itself plus A, 5 and 7
    (A + 2 + 5 + 7 = 15), and that is its only capture."""
    state = position(make_rules("escoba"), hands=["2b", "Kb"], table="Ad 3c 5s 7c")
    assert moves_with(state, "2b") == {mv("2b", "Ad 5s 7c")}
    after = play(state, "2b", "Ad 5s 7c")
    assert after.table == mask("3c")
    assert after.scopa_log == ()


def test_rules_escoba_a_sweep_is_a_scopa() -> None:
    """RULES.md 'Scopa a quindici / escoba': a sweep is a scopa."""
    state = position(make_rules("scopa_a_quindici"), hands=["Jb", "Kb"], table="3c 4s")
    assert moves_with(state, "Jb") == {mv("Jb", "3c 4s")}
    assert play(state, "Jb", "3c 4s").scope_by_side() == [1, 0]


def test_seeds_000_002_004_three_or_four_kings_on_the_table_void_the_deal() -> None:
    """Seeds 000 and 002 (three or four kings), seed 004 (three kings), RULES.md: a first table with 3 or 4
    kings is void: reshuffle and deal again. Master seeds found by search: 0x2df deals three kings to the
    table at the first attempt, 188482 four."""
    for number, kings in ((735, 3), (188482, 4)):
        seed = f"{number:064x}"
        first_try = shuffled_deck(deal_seed(seed, 0), 0)
        assert sum(RANK[c] == 10 for c in first_try[6:10]) == kings
        state = new_match(classic(), seed, first_dealer=0)
        assert state.attempt >= 1
        assert (state.table & mask("Kd Kc Ks Kb")).bit_count() < 3
        assert state.deck == tuple(shuffled_deck(deal_seed(seed, 0), state.attempt))
        kept = new_match(rules("classic", void_deal_kings=None), seed, first_dealer=0)
        assert kept.attempt == 0
        assert (kept.table & mask("Kd Kc Ks Kb")).bit_count() == kings


def test_seed_002_napola_ace_to_five_and_the_eight_of_coins_scores_five() -> None:
    """Seed 002 'Napola': a team with the ace, two, three, four, five and eight of coins gets 5 points."""
    pile = mask("Ad 2d 3d 4d 5d Jd")
    assert coin_run(pile) == 5
    score = score_deal(make_rules("napola"), (pile, ~pile & ((1 << 40) - 1)), [0, 0], [0, 0])
    assert score.points[0].get("napola") == 5


def test_seed_002_cirulla_fante_on_j_5_3_may_take_the_fante_or_five_and_three() -> None:
    """Seed 002 'Cirulla', simple capture: with J 5 3 on the table a J may take the J or the 5 and the 3
    (no single-card precedence)."""
    state = position(make_rules("cirulla"), hands=["Jb", "Kb"], table="Jd 5c 3s")
    assert moves_with(state, "Jb") == {mv("Jb", "Jd"), mv("Jb", "5c 3s")}


def test_seed_002_cirulla_fante_on_a_6_7_by_fifteen() -> None:
    """Seed 002 'Cirulla', fifteen-capture: with A 6 7 on the table a J (8) may take the 7 (8 + 7 = 15) or
    the A and the 6 (8 + 1 + 6 = 15). The simple capture A + 7 = 8 is a third legal choice."""
    state = position(make_rules("cirulla"), hands=["Jb", "Kb"], table="Ad 6c 7s")
    assert moves_with(state, "Jb") == {mv("Jb", "7s"), mv("Jb", "Ad 6c"), mv("Jb", "Ad 7s")}


def test_seed_002_cirulla_ace_capture_is_a_scopa_and_burnt_by_an_ace_on_the_table() -> None:
    """Seed 002 'Cirulla', ace-capture: an ace takes every card on the table and counts as a scopa, unless
    an ace lies on the table: then it takes only that ace (or makes a fifteen)."""
    free = position(make_rules("cirulla"), hands=["Ab", "Kb"], table="3c 5s Qd")
    after = play(free, "Ab", "3c 5s Qd")
    assert after.scope_by_side() == [1, 0]
    burnt = position(make_rules("cirulla"), hands=["Ab", "Kb"], table="Ad 5s 9c")
    assert moves_with(burnt, "Ab") == {mv("Ab", "Ad"), mv("Ab", "5s 9c")}  # 1 + 5 + 9 = 15
    with pytest.raises(IllegalMove) as err:
        check_move(burnt, mv("Ab", "Ad 5s 9c"), 0)
    assert err.value.rule is Rule.ACE_TAKES_ONLY_THE_ACE


@pytest.mark.parametrize(
    ("hand", "bonus"),
    [
        ("7d Ac As", ("hand_3", 3)),  # '7 A A': 9, strictly under 10
        ("Ad 3c 4s", ("hand_3", 3)),  # 'A 3 4': 8
        ("5d 3c 2s", None),  # 10 is not under 10
        ("Kd Ks Kb", ("hand_10", 10)),  # three of a rank
        ("3d 3c 3s", ("hand_10", 10)),  # three threes qualify for both: only the ten-point bonus
        ("2d 3c 4s", ("hand_3", 3)),  # 9
        ("Kd Qc Js", None),
    ],
)
def test_seed_002_cirulla_hand_bonuses(hand: str, bonus: tuple[str, int] | None) -> None:
    """Seed 002 'Cirulla', bonuses: three cards adding up to strictly less than 10 score 3 ('7 A A',
    'A 3 4'); three of a rank score 10; a hand that qualifies for both (three threes) gets only the ten."""
    assert cirulla_hand_bonus(mask(hand)) == bonus
