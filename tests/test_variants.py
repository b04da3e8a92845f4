"""Every variant and rule option of RULES.md, each with its edge cases, and rule-set validation."""

from __future__ import annotations

import pytest

from scopa.domain.games.common.cards import BIT, RANK, iter_cards, mask_rank_sum
from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.games.scopa.cards import SETTE_DI_COPPE
from scopa.domain.games.scopa.engine import apply_move, check_move, cirulla_hand_bonus, legal_moves, new_match
from scopa.domain.games.scopa.rules import PRESETS, RuleSet, make_rules, rules_from_options
from scopa.domain.games.scopa.scoring import coin_run, score_deal
from scopa.domain.games.scopa.state import Bonus
from scopa.domain.games.scopa.views import seat_view, spectator_view
from tests.builders import classic, deal_end, mask, moves_with, mv, play, play_out, position, rules

ALL = (1 << 40) - 1


def deal_points(r: RuleSet, side0: str, side1: str | None = None) -> tuple[dict[str, int], ...]:
    """The points of a two-sided deal where side 0 took ``side0`` and side 1 the rest (or ``side1``)."""
    p0 = mask(side0)
    p1 = mask(side1) if side1 is not None else ALL & ~p0
    return score_deal(r, (p0, p1), [0, 0], [0, 0]).points


# --------------------------------------------------------------------------- plain captures


def test_two_cards_of_the_played_rank_on_the_table_the_player_chooses_which() -> None:
    state = position(classic(), hands=["7b", "Kb"], table="7d 7c 3s 4b")
    assert moves_with(state, "7b") == {mv("7b", "7d"), mv("7b", "7c")}


def test_a_sum_may_use_two_cards_of_one_rank_in_every_combination() -> None:
    state = position(classic(), hands=["6b", "Kb"], table="3d 3c 3s")
    assert moves_with(state, "6b") == {mv("6b", "3d 3c"), mv("6b", "3d 3s"), mv("6b", "3c 3s")}


def test_a_sum_using_every_table_card_is_a_scopa() -> None:
    state = position(classic(), hands=["Qb", "Kb"], table="2d 3c 4s")
    assert moves_with(state, "Qb") == {mv("Qb", "2d 3c 4s")}
    after = play(state, "Qb", "2d 3c 4s")
    assert after.table == 0
    assert after.scope_by_side() == [1, 0]


def test_a_card_that_captures_nothing_is_laid_and_a_card_on_an_empty_table_too() -> None:
    state = position(classic(), hands=["Kb 3d", "Qb"], table="")
    assert set(legal_moves(state)) == {mv("Kb"), mv("3d")}
    after = play(state, "3d")
    assert after.table == mask("3d")
    assert after.scopa_log == ()


def test_single_card_precedence_can_be_switched_off() -> None:
    r = rules("classic", single_card_precedence=False)
    state = position(r, hands=["Jc", "Kb"], table="Ad 3s 4b Jd")
    assert moves_with(state, "Jc") == {mv("Jc", "Jd"), mv("Jc", "Ad 3s 4b")}


def test_capture_choice_fewest_cards_keeps_only_the_smallest_sets() -> None:
    r = rules("classic", capture_choice="fewest_cards")
    state = position(r, hands=["6b 5b", "Kb"], table="Ad 2c 3s 4b")
    assert moves_with(state, "6b") == {mv("6b", "2c 4b")}  # not A + 2 + 3
    assert moves_with(state, "5b") == {mv("5b", "Ad 4b"), mv("5b", "2c 3s")}  # two pairs: both stay
    default = position(classic(), hands=["6b", "Kb"], table="Ad 2c 3s 4b")
    assert moves_with(default, "6b") == {mv("6b", "2c 4b"), mv("6b", "Ad 2c 3s")}


def test_forced_capture_false_lets_a_card_that_can_capture_be_laid() -> None:
    r = rules("classic", forced_capture=False)
    state = position(r, hands=["6d", "Kb"], table="2s 4b")
    assert moves_with(state, "6d") == {mv("6d", "2s 4b"), mv("6d")}
    check_move(state, mv("6d"), 0)
    after = play(state, "6d")
    assert after.table == mask("2s 4b 6d")


# --------------------------------------------------------------------------- scopa d'assi


def test_assi_an_ace_sweeps_the_table_and_it_is_not_a_scopa() -> None:
    state = position(make_rules("scopa_d_assi"), hands=["Ab 5d", "Kb"], table="3c 5s Qd")
    assert moves_with(state, "Ab") == {mv("Ab", "3c 5s Qd")}
    after = play(state, "Ab", "3c 5s Qd")
    assert after.table == 0
    assert after.scopa_log == ()
    assert after.last_move is not None
    assert not after.last_move.scopa
    assert after.piles[0] & mask("Ab 3c 5s Qd") == mask("Ab 3c 5s Qd")


def test_assi_an_ace_on_a_single_card_takes_it_without_a_scopa() -> None:
    state = position(make_rules("scopa_d_assi"), hands=["Ab", "Kb"], table="Qd")
    assert moves_with(state, "Ab") == {mv("Ab", "Qd")}
    assert play(state, "Ab", "Qd").scopa_log == ()


def test_assi_a_burnt_ace_takes_only_an_ace_on_the_table() -> None:
    """RULES.md: if an ace lies on the table the ace played takes only that ace (seed 002: 'burning an
    ace'); with two aces there, the player chooses which."""
    state = position(make_rules("scopa_d_assi"), hands=["Ab", "Kb"], table="Ad 5c 7s")
    assert moves_with(state, "Ab") == {mv("Ab", "Ad")}
    two = position(make_rules("scopa_d_assi"), hands=["Ab", "Kb"], table="Ad Ac 7s")
    assert moves_with(two, "Ab") == {mv("Ab", "Ad"), mv("Ab", "Ac")}


def test_assi_a_burnt_ace_taking_the_only_card_on_the_table_is_a_plain_scopa() -> None:
    """Our reading (RULES.md is silent): taking a lone ace with an ace is an ordinary capture that clears
    the table, so it is a scopa; the ace's 'takes all' power did not apply."""
    state = position(make_rules("scopa_d_assi"), hands=["Ab", "Kb"], table="Ad")
    after = play(state, "Ab", "Ad")
    assert after.scope_by_side() == [1, 0]


def test_assi_house_option_always_the_ace_takes_all_even_with_an_ace_on_the_table() -> None:
    """RULES.md house option (seed 004's scopa d'assi: an ace matching one on the table picks up all)."""
    r = make_rules("scopa_d_assi", {"ace_takes_all": "always"})
    state = position(r, hands=["Ab", "Kb"], table="Ad 5c 7s")
    assert moves_with(state, "Ab") == {mv("Ab", "Ad 5c 7s")}
    assert play(state, "Ab", "Ad 5c 7s").scopa_log == ()


def test_assi_an_ace_on_an_empty_table_is_laid_down() -> None:
    """README decision (RULES.md silent): with nothing to take, the ace is laid like any card."""
    state = position(make_rules("scopa_d_assi"), hands=["Ab", "Kb"], table="")
    assert moves_with(state, "Ab") == {mv("Ab")}


def test_assi_other_cards_capture_as_in_classic() -> None:
    state = position(make_rules("scopa_d_assi"), hands=["7b", "Kb"], table="3c 4s Ad")
    assert moves_with(state, "7b") == {mv("7b", "3c 4s")}


def test_assi_the_ace_sweep_on_the_last_card_is_no_scopa_either_way() -> None:
    for preset in ("scopa_d_assi", "cirulla"):
        state = position(make_rules(preset), hands=["Ab", ""], table="3c Kd", piles=["", "*"])
        ended = play(state, "Ab", "3c Kd")
        assert ended.last_deal is not None
        assert "scope" not in ended.last_deal.points[0]


# --------------------------------------------------------------------------- cirulla captures


def test_cirulla_the_ace_sweep_is_a_scopa_and_one_choice_among_others() -> None:
    state = position(make_rules("cirulla"), hands=["Ab", "Kb"], table="5s 9c 3d")
    assert moves_with(state, "Ab") == {mv("Ab", "5s 9c"), mv("Ab", "5s 9c 3d")}
    fifteen = play(state, "Ab", "5s 9c")
    assert fifteen.table == mask("3d")
    assert fifteen.scopa_log == ()
    sweep = play(state, "Ab", "5s 9c 3d")
    assert sweep.scope_by_side() == [1, 0]


def test_cirulla_a_fifteen_that_clears_the_table_is_a_scopa() -> None:
    state = position(make_rules("cirulla"), hands=["5b", "Kb"], table="Kd")
    assert moves_with(state, "5b") == {mv("5b", "Kd")}
    assert play(state, "5b", "Kd").scope_by_side() == [1, 0]


def test_cirulla_free_choice_between_a_single_card_a_sum_and_a_fifteen() -> None:
    state = position(make_rules("cirulla"), hands=["5b", "Kb"], table="5d 2c 3s Kc")
    assert moves_with(state, "5b") == {
        mv("5b", "5d"),  # the single card
        mv("5b", "2c 3s"),  # a sum
        mv("5b", "Kc"),  # 5 + 10 = 15
        mv("5b", "5d 2c 3s"),  # 5 + 5 + 2 + 3 = 15
    }


# --------------------------------------------------------------------------- cirulla bonuses


@pytest.mark.parametrize(
    ("hand", "bonus"),
    [
        ("7c Ad 2s", ("hand_3", 3)),  # the wild 7 of cups counts as low as 1: 1 + 1 + 2
        ("7c 5d 5s", ("hand_10", 10)),  # the wild makes a third five
        ("7c 4d 4s", ("hand_10", 10)),  # both bonuses (three fours, 9): only the ten
        ("7c Ad As", ("hand_10", 10)),
        ("7c 7d 7s", ("hand_10", 10)),
        ("7c Kd Qs", None),
        ("7c 3d 5s", ("hand_3", 3)),  # 1 + 3 + 5 = 9
        ("7c 3d 6s", None),  # 1 + 3 + 6 = 10
        ("7d 2d As", None),  # a 7 of another suit is no wildcard: 10
    ],
)
def test_cirulla_hand_bonus_with_the_seven_of_cups_wild(hand: str, bonus: tuple[str, int] | None) -> None:
    assert cirulla_hand_bonus(mask(hand)) == bonus


def test_cirulla_hand_bonus_is_declared_when_a_hand_is_dealt_and_the_hand_shown() -> None:
    """A new hand: seat 0 (the dealer's right) gets the stock's 1st, 3rd and 5th cards: A, 3, 3 (7 < 10);
    seat 1 gets 2, 3, Q. The bonus counts in the deal's score and seat 0's hand is shown face up."""
    state = position(
        make_rules("cirulla"), hands=["Kb", ""], table="Jd", stock="Ad 2c 3s 3d 3c Qs", piles=["", "*"]
    )
    after = play(state, "Kb")
    assert after.hands == (mask("Ad 3s 3c"), mask("2c 3d Qs"))
    assert [(b.seat, b.kind, b.points) for b in after.bonuses] == [(0, "hand_3", 3)]
    assert seat_view(after, 1)["revealed_hands"] == {"0": ["Ad", "3c", "3s"]}
    assert spectator_view(after)["revealed_hands"] == {"0": ["Ad", "3c", "3s"]}
    assert seat_view(after, 0)["revealed_hands"] == {"0": ["Ad", "3c", "3s"]}  # seat 1's hand stays hidden


def test_cirulla_bonuses_score_in_the_deal() -> None:
    state = position(make_rules("cirulla"), hands=["Kb", ""], table="Jd", piles=["", "*"])
    state = state._replace(bonuses=(Bonus(0, "hand_10", 10),))
    ended = play(state, "Kb")
    assert ended.last_deal is not None
    assert ended.last_deal.points[0] == {"bonus": 10}


def _dealer_bonus_expected(table: int) -> int:
    """Independent: the dealer's scope for a first table adding up to 15 or 30, the 7 of cups wild."""
    if table >> SETTE_DI_COPPE & 1:
        rest = mask_rank_sum(table & ~BIT[SETTE_DI_COPPE])
        values = [rest + v for v in range(1, 11)]
    else:
        values = [mask_rank_sum(table)]
    return 2 if 30 in values else 1 if 15 in values else 0


def test_cirulla_dealer_bonuses_for_a_first_table_of_15_or_30_with_the_wild_seven() -> None:
    """Seed 002: a first table adding up to 15 gives the dealer one scopa, 30 two; the dealer takes the
    four cards. The 7 of cups is wild. Checked on the first deal of 400 seeds, and each kind is seen."""
    r = make_rules("cirulla")
    seen: set[tuple[int, bool]] = set()
    for i in range(400):
        state = new_match(r, f"{i:064x}", first_dealer=i % 2)
        first_table = sum(1 << c for c in state.deck[6:10])
        expected = _dealer_bonus_expected(first_table)
        dealer_bonuses = [b for b in state.bonuses if b.kind.startswith("dealer")]
        if expected:
            wild = bool(first_table & BIT[SETTE_DI_COPPE]) and mask_rank_sum(first_table) not in (15, 30)
            seen.add((expected, wild))
            assert [(b.seat, b.kind, b.points) for b in dealer_bonuses] == [
                (state.dealer, f"dealer_{15 * expected}", expected)
            ]
            assert state.table == 0
            assert state.piles[state.dealer % 2] == first_table
            assert state.last_capturer == state.dealer
        else:
            assert dealer_bonuses == []
            assert state.table == first_table
    assert {(1, False), (2, False), (1, True)} <= seen


def test_cirulla_grande_and_piccola() -> None:
    """Cirulla runs: grande J-Q-K of coins 5; piccola A-2-3 of coins 3, one more for each of 4, 5, 6."""
    r = make_rules("cirulla")

    def runs(pile: str) -> tuple[int | None, int | None]:
        points = deal_points(r, pile, "Ac")[0]
        return points.get("grande"), points.get("piccola")

    assert runs("Jd Qd Kd") == (5, None)
    assert runs("Jd Qd") == (None, None)
    assert runs("Ad 2d 3d") == (None, 3)
    assert runs("Ad 2d 3d 4d") == (None, 4)
    assert runs("Ad 2d 3d 4d 5d 6d") == (None, 6)
    assert runs("Ad 2d 3d 4d 5d 6d 7d") == (None, 6)  # the piccola stops growing at the 6
    assert runs("Ad 2d 4d 5d") == (None, None)
    assert runs("Ad 2d 3d Jd Qd Kd") == (5, 3)
    assert "piccola" not in deal_points(classic(), "Ad 2d 3d", "Ac")[0]
    assert "grande" not in deal_points(classic(), "Jd Qd Kd", "Ac")[0]


def test_cirulla_preset_plays_to_51() -> None:
    assert make_rules("cirulla").target == 51


# --------------------------------------------------------------------------- napola, re bello, coppe


@pytest.mark.parametrize(
    ("coins", "run", "points"),
    [
        ("Ad 2d 3d", 3, 3),
        ("Ad 2d 3d 4d 5d", 5, 5),
        ("Ad 2d 3d 5d 6d", 3, 3),  # the run stops at the missing 4
        ("2d 3d 4d 5d 6d", 0, 0),  # no ace, no napola
        ("Ad 2d", 2, 0),  # A-2 is not enough
    ],
)
def test_napola_scores_the_run_of_coins_from_the_ace(coins: str, run: int, points: int) -> None:
    assert coin_run(mask(coins)) == run
    got = deal_points(make_rules("napola"), coins, "Ac")[0].get("napola", 0)
    assert got == points


def test_napola_all_ten_coins_scores_ten_and_is_off_by_default() -> None:
    coins = "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"
    assert deal_points(make_rules("napola"), coins, "Ac")[0]["napola"] == 10
    assert "napola" not in deal_points(classic(), coins, "Ac")[0]


def test_napola_all_coins_wins_the_game_at_once() -> None:
    coins = "Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd"
    r = make_rules("napola", {"napola_all_coins_wins": True})
    ended = deal_end(r, [coins, "*"], scores=(0, 20))
    assert ended.result is not None
    assert (ended.result.winner, ended.result.reason) == (0, "napola_all_coins")
    assert ended.result.scores == (12, 22)
    # without the option the same deal is scored by points: 12 to 22, side 1 reaches 21 and wins
    plain = deal_end(make_rules("napola"), [coins, "*"], scores=(0, 20))
    assert plain.deal_totals[-1] == (12, 2)  # napola 10, coins, settebello; cards, primiera
    assert plain.result is not None
    assert (plain.result.winner, plain.result.reason) == (1, "target")


def test_napola_preset_plays_to_21() -> None:
    assert make_rules("napola").target == 21


def test_re_bello_the_king_of_coins_is_a_point() -> None:
    assert deal_points(make_rules("re_bello"), "Kd", "Ad Ac")[0] == {"re_bello": 1}
    assert deal_points(classic(), "Kd", "Ad Ac")[0] == {}


def test_settebello_di_coppe_the_seven_of_cups_is_a_point() -> None:
    r = rules("classic", settebello_di_coppe=True)
    assert deal_points(r, "7c", "Ac")[0] == {"settebello_di_coppe": 1, "primiera": 1}
    assert deal_points(classic(), "7c", "Ac")[0] == {"primiera": 1}


# --------------------------------------------------------------------------- primiera options


def test_primiera_faces_zero_changes_the_order() -> None:
    kings, sevens = "Kd Kc Ks Kb", "7d 6c"
    assert deal_points(classic(), kings, sevens)[0].get("primiera") == 1  # 40 against 39
    assert deal_points(rules("classic", primiera_scale="faces_zero"), kings, sevens)[1].get("primiera") == 1


def test_primiera_faces_by_rank_jack_8_queen_9_king_10() -> None:
    """Seed 003 scores kings 10, queens 9, jacks 8."""
    jacks, queens = "Jd Jc Js Jb", "Qd Qc Qs Qb"
    assert all("primiera" not in p for p in deal_points(classic(), jacks, queens))  # 40 = 40
    by_rank = deal_points(rules("classic", primiera_scale="faces_by_rank"), jacks, queens)
    assert by_rank[1].get("primiera") == 1
    assert "primiera" not in by_rank[0]


def test_primiera_most_sevens_then_sixes_then_aces() -> None:
    """Seeds 000/002: the 'American' rule: most sevens, then most sixes, then aces, and so on down."""
    r = rules("classic", primiera_scale="most_sevens")
    two_sevens, one_seven = "7d 7c 2s 2b", "7s 6d 6c 6b Ad Ac As Ab"
    assert deal_points(classic(), two_sevens, one_seven)[1].get("primiera") == 1  # 66 against 75
    assert deal_points(r, two_sevens, one_seven)[0].get("primiera") == 1
    assert deal_points(r, "7d 6c 2s", "7s 5c Ab Ac")[0].get("primiera") == 1  # sevens tie: sixes
    assert deal_points(r, "7d Ac 2s", "7s Ab 3c")[1].get("primiera") == 1  # 7s, 6s, aces, 5s, 4s tie: 3s
    assert deal_points(r, "7d Ac 2s 2b", "7s Ab 2c")[0].get("primiera") == 1  # tie down to the twos
    assert deal_points(r, "7d Kc", "7s Ab")[1].get("primiera") == 1  # an ace beats a face card
    assert all("primiera" not in p for p in deal_points(r, "7d Ac Kc", "7s Ab Qs"))  # a tie throughout


def test_primiera_missing_suit_options() -> None:
    """RULES.md: a side missing a suit still adds what it has (default); options: no primiera at all, or
    an incomplete primiera always loses to a complete one."""
    incomplete, complete = "7d 7c 7s", "Ad 2c 3s 4b"  # 63 against 55
    assert deal_points(classic(), incomplete, complete)[0].get("primiera") == 1
    for option in ("no_primiera", "incomplete_loses"):
        r = rules("classic", primiera_missing_suit=option)
        points = deal_points(r, incomplete, complete)
        assert points[1].get("primiera") == 1
        assert "primiera" not in points[0]
    # both sides incomplete: nobody has a primiera, or the higher value wins
    both = ("7d 7c 7s", "6d 6c 6s")
    assert all(
        "primiera" not in p for p in deal_points(rules("classic", primiera_missing_suit="no_primiera"), *both)
    )
    assert (
        deal_points(rules("classic", primiera_missing_suit="incomplete_loses"), *both)[0].get("primiera") == 1
    )


# --------------------------------------------------------------------------- leftovers, leader


@pytest.mark.parametrize(("option", "side"), [("last_capturer", 1), ("last_player", 0), ("dealer", 2)])
def test_leftovers_to_options(option: str, side: int) -> None:
    """Three players, so the last capturer (seat 1), the last player (seat 0) and the dealer (seat 2)
    differ."""
    r = rules("classic", players=3, leftovers_to=option)
    state = position(r, hands=["Kb", "", ""], table="3c 5s", piles=["*", "", ""], last_capturer=1, dealer=2)
    ended = play(state, "Kb")
    assert ended.last_deal is not None
    expected = [37, 0, 0]  # side 0 holds the rest; Kb, 3c and 5s go to one side
    expected[side] += 3
    assert list(ended.last_deal.cards) == expected


def test_leftovers_when_nobody_captured_in_the_deal_go_to_the_last_player() -> None:
    """README decision (RULES.md silent): with no capture in the whole deal the last player takes them."""
    state = position(classic(), hands=["", "Kb"], table="3c 5s", piles=["*", ""], turn=1, last_capturer=-1)
    ended = play(state, "Kb")
    assert ended.last_deal is not None
    assert ended.last_deal.cards == (37, 3)


def test_leader_option_the_dealer_leads() -> None:
    """Seed 004: 'Play starts with the dealer'; RULES.md makes it the option leader = dealer."""
    r = rules("classic", leader="dealer")
    for dealer in (0, 1):
        state = new_match(r, "aa" * 32, first_dealer=dealer)
        assert state.turn == dealer
    state = new_match(r, "aa" * 32, first_dealer=0)
    nxt = play_out(state)
    assert nxt.dealer == 1
    assert nxt.turn == 1
    assert new_match(classic(), "aa" * 32, first_dealer=0).turn == 1


# --------------------------------------------------------------------------- winning options


def test_target_options_16_21_31() -> None:
    piles = ["7d 7c 7s 7b", "*"]  # a 2-2 deal
    for target in (16, 21, 31):
        r = rules("classic", target=target)
        won = deal_end(r, piles, scores=(target - 2, 3))
        assert won.result is not None
        assert won.result.winner == 0
        assert won.result.scores == (target, 5)
        short = deal_end(r, piles, scores=(target - 3, 3))
        assert short.result is None


def test_tie_rule_count_order_breaks_a_tie_by_the_order_of_counting() -> None:
    """RULES.md option: a tie at or above the target is broken by the order the points are counted in:
    scope first, then cards, coins, settebello, primiera."""
    r = rules("classic", tie_rule="count_order")
    piles = ["7d 7c 7s 7b", "*"]  # side 0: settebello, primiera; side 1: cards, coins
    ended = deal_end(r, piles, scores=(10, 10))
    assert ended.result is not None
    assert (ended.result.winner, ended.result.reason, ended.result.scores) == (1, "count_order", (12, 12))
    # scope are counted first, in the order they were made: the first scopa brings its side to 11
    for scope, winner in (([(0, "7s"), (1, "Kd")], 0), ([(1, "Kd"), (0, "7s")], 1)):
        ended = deal_end(r, piles, scores=(10, 10), scope=scope)
        assert ended.result is not None
        assert (ended.result.winner, ended.result.reason, ended.result.scores) == (
            winner,
            "count_order",
            (13, 13),
        )
    # play_on (the default) deals again
    assert deal_end(classic(), piles, scores=(10, 10)).result is None


def test_tie_rule_count_order_with_three_sides_breaks_the_tie_between_the_leaders_only() -> None:
    """Three alone, 10-9-9: side 0 makes the first scopa (11, counted first), sides 1 and 2 each end on
    12. The tie to break is between sides 1 and 2; side 0, behind both, cannot win by counting first."""
    r = rules("classic", players=3, tie_rule="count_order")
    state = position(
        r,
        hands=["Qs", "", ""],
        piles=["Kc Ks Kb Qc", "*", "7d 7c 7s 7b 6d 6c 6s 6b"],
        scores=(10, 9, 9),
        scope=[(0, "Kc"), (1, "Ad"), (2, "7c")],
        last_capturer=1,
    )
    ended = play(state, "Qs")
    assert ended.deal_totals[-1] == (1, 3, 3)
    assert ended.result is not None
    # counting: scope 0, 1, 2 (10 -> 11, 9 -> 10, 9 -> 10), then cards to side 1: 11 first among 1 and 2
    assert (ended.result.winner, ended.result.reason, ended.result.scores) == (1, "count_order", (11, 12, 12))


def test_cappotto_needs_nothing_for_every_other_side() -> None:
    r = rules("classic", cappotto=7)
    piles = ["Ad 2d 3d 4d 5d 6d 7d Jd Qd Kd 7c 7s 7b 6c 6s 6b Ac As Ab 5c 5s", "*"]  # side 0: 4 points
    assert deal_end(r, piles, scores=(3, 1)).result is None  # 7 to 1
    won = deal_end(r, piles, scores=(4, 0))
    assert won.result is not None
    assert (won.result.winner, won.result.reason) == (0, "cappotto")
    three = rules("classic", players=3, cappotto=7)
    piles3 = [piles[0], "*", ""]
    assert deal_end(three, piles3, scores=(3, 0, 0)).result is not None
    assert deal_end(three, piles3, scores=(3, 0, 1)).result is None


# --------------------------------------------------------------------------- table sizes


def test_scopone_nine_cards_each_four_on_the_table_one_hand_per_deal() -> None:
    r = make_rules("scopone")
    assert (r.players, r.sides, r.hands_per_deal) == (4, 2, 1)
    state = new_match(r, "ab" * 32, first_dealer=1)
    assert [h.bit_count() for h in state.hands] == [9, 9, 9, 9]
    assert state.table.bit_count() == 4
    assert state.stock_size == 0
    assert state.turn == 2
    moves = 0
    while state.deal_index == 0:
        state = apply_move(state, legal_moves(state)[0])
        moves += 1
    assert moves == 36


def test_scopone_scientifico_ten_cards_each_and_no_table() -> None:
    r = make_rules("scopone_scientifico")
    state = new_match(r, "ab" * 32, first_dealer=0)
    assert [h.bit_count() for h in state.hands] == [10, 10, 10, 10]
    assert state.table == 0
    assert state.stock_size == 0
    assert state.attempt == 0
    # the first card is laid (nothing to take); sides pool: seats 0 and 2 against 1 and 3
    first = legal_moves(state)
    assert all(m.take == 0 for m in first)
    assert len(first) == 10
    assert [r.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_three_players_each_alone_four_hands_a_deal() -> None:
    r = rules("classic", players=3)
    assert (r.sides, r.hands_per_deal) == (3, 4)
    state = new_match(r, "ab" * 32, first_dealer=2)
    assert [h.bit_count() for h in state.hands] == [3, 3, 3]
    assert state.turn == 0
    assert state.stock_size == 27


def test_three_players_a_point_needs_strictly_more_than_each_other_side() -> None:
    r = rules("classic", players=3)
    a, b = mask("Ad 2d 3d 4d 5d Ac 2c 3c 4c 5c As 2s 3s 4s"), mask("6d 6c 6s 6b 7c 7s 7b Jd Jc Js Jb Qd Qc")
    c = ALL & ~a & ~b
    score = score_deal(r, (a, b, c), [0, 0, 0], [0, 0, 0])
    assert score.cards == (14, 13, 13)
    assert score.points[0].get("cards") == 1
    b2 = b | mask("Qs")
    c2 = c & ~mask("Qs")
    even = score_deal(r, (a, b2, c2), [0, 0, 0], [0, 0, 0])
    assert even.cards == (14, 14, 12)
    assert all("cards" not in p for p in even.points)


# --------------------------------------------------------------------------- rule sets


def test_every_preset_and_alias_builds_and_round_trips_through_its_options() -> None:
    for name in [*PRESETS, "escoba", "scopa", "asso_piglia_tutto"]:
        r = make_rules(name)
        assert rules_from_options(r.to_options()) == r
    assert make_rules("escoba") == make_rules("scopa_a_quindici")
    assert make_rules("asso_piglia_tutto") == make_rules("scopa_d_assi")


def test_an_unknown_option_is_rejected_with_its_name() -> None:
    with pytest.raises(RuleSetError, match=r"settebelo: unknown option"):
        make_rules("classic", {"settebelo": True})


def test_an_unknown_preset_is_rejected_listing_the_presets() -> None:
    with pytest.raises(RuleSetError, match=r"unknown rule preset 'briscola'.*classic.*cirulla"):
        make_rules("briscola")


@pytest.mark.parametrize(
    ("preset", "options", "names"),
    [
        ("classic", {"ace_sweep_is_scopa": True}, ("ace_sweep_is_scopa", "ace_takes_all")),
        ("classic", {"napola_all_coins_wins": True}, ("napola_all_coins_wins", "napola")),
        ("cirulla", {"napola": True}, ("napola", "cirulla_runs")),
        ("cirulla", {"hand_size": 9, "players": 4}, ("cirulla_bonuses", "hand_size")),
        ("classic", {"cappotto": 11}, ("cappotto", "target")),
        ("classic", {"hand_size": 5}, ("table_cards", "hand_size")),
        ("classic", {"players": 4, "hand_size": 10}, ("players", "hand_size")),
        ("scopone_scientifico", {"void_deal_kings": 3}, ("void_deal_kings", "table_cards")),
    ],
)
def test_contradictory_options_are_rejected_naming_both(
    preset: str, options: dict[str, object], names: tuple[str, str]
) -> None:
    with pytest.raises(RuleSetError) as err:
        make_rules(preset, options)
    for name in names:
        assert name in str(err.value)


@pytest.mark.parametrize(
    ("options", "name"),
    [({"players": 5}, "players"), ({"target": 0}, "target"), ({"capture": "twelve"}, "capture")],
)
def test_out_of_range_values_are_rejected_naming_the_option(options: dict[str, object], name: str) -> None:
    with pytest.raises(RuleSetError, match=name):
        make_rules("classic", options)


def test_ranks_run_ace_one_to_king_ten() -> None:
    """RULES.md 'Cards': ace 1 to 7, fante 8, cavallo 9, re 10 (the capture values), in every suit."""
    for suit in "dcsb":
        assert [RANK[c] for c in cards_of(suit)] == list(range(1, 11))


def cards_of(suit: str) -> list[int]:
    return [next(iter_cards(mask(r + suit))) for r in "A234567JQK"]
