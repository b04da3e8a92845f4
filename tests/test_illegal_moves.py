"""Every ``Rule`` code is raised where it applies, and no message names a hidden card.

A hidden card is one in another player's hand (unless shown face up after a cirulla bonus) or in the
stock. Each position below gives the other hands and the stock the very cards a careless message would
echo (the card tried, the cards to take), so a message naming them would fail the check.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from scopa.domain.games.common.cards import CODES, display_name, iter_cards
from scopa.domain.games.scopa.engine import apply_move, check_move, end_match, legal_moves
from scopa.domain.games.scopa.errors import IllegalMove, Rule
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.state import Move, ScopaState
from tests.builders import classic, deal_end, mv, position, rules, stock_mask

CODE_RE = re.compile(r"(?<![0-9A-Za-z])([A2-7JQK][dcsb])(?![0-9A-Za-z])")


def hidden_from(state: ScopaState, seat: int) -> int:
    """The cards ``seat`` cannot see: the stock and every other hand not shown face up."""
    hidden = stock_mask(state)
    for other, hand in enumerate(state.hands):
        if other != seat and not state.revealed >> other & 1:
            hidden |= hand
    return hidden


def assert_names_no_hidden_card(text: str, state: ScopaState, seat: int) -> None:
    named = set(CODE_RE.findall(text))
    for c in iter_cards(hidden_from(state, seat)):
        assert CODES[c] not in named, f"message names the hidden card {CODES[c]}: {text!r}"
        for style in ("italian", "french", "spanish", "english"):
            assert display_name(c, style) not in text


@dataclass(frozen=True)
class Case:
    rule: Rule
    build: Callable[[], ScopaState]
    move: Move
    seat: int


STOCK = "7d Kc 2b 3b Qb Jb"  # the settebello and the king of cups wait in the stock

CASES: dict[str, Case] = {
    "not your turn": Case(
        Rule.NOT_YOUR_TURN,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        mv("7s", "3s 4b"),
        1,
    ),
    "not your turn, with the mover's card": Case(
        Rule.NOT_YOUR_TURN,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        mv("5d"),
        1,
    ),
    "card in the other hand": Case(
        Rule.CARD_NOT_IN_HAND,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        mv("7s", "3s 4b"),
        0,
    ),
    "card in the stock": Case(
        Rule.CARD_NOT_IN_HAND,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        mv("7d", "3s 4b"),
        0,
    ),
    "card on the table": Case(
        Rule.CARD_NOT_IN_HAND,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        mv("3s"),
        0,
    ),
    "no such card": Case(
        Rule.CARD_NOT_IN_HAND,
        lambda: position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK),
        Move(40, 0),
        0,
    ),
    "take from the other hand": Case(
        Rule.CARD_NOT_ON_TABLE,
        lambda: position(classic(), hands=["Kd 6c", "7s Ks"], table="3s 4b", stock=STOCK),
        mv("Kd", "Ks"),
        0,
    ),
    "take from the stock": Case(
        Rule.CARD_NOT_ON_TABLE,
        lambda: position(classic(), hands=["Kd 6c", "7s Ks"], table="3s 4b", stock=STOCK),
        mv("Kd", "Kc"),
        0,
    ),
    "take a table card and a stock card": Case(
        Rule.CARD_NOT_ON_TABLE,
        lambda: position(classic(), hands=["Jd 6c", "7s Ks"], table="3s 4b Ac", stock=STOCK),
        mv("Jd", "3s 4b Ac 7d"),  # 3 + 4 + 1 = 8: the hidden 7d is the only wrong card
        0,
    ),
    "must take the single card": Case(
        Rule.MUST_TAKE_SINGLE_CARD,
        lambda: position(classic(), hands=["Jc", "Js Qs"], table="Ad 3s 4b Jd", stock=STOCK),
        mv("Jc", "Ad 3s 4b"),
        0,
    ),
    "must capture": Case(
        Rule.MUST_CAPTURE,
        lambda: position(classic(), hands=["6d Kb", "6s 6b"], table="2s 4b", stock=STOCK),
        mv("6d"),
        0,
    ),
    "capture does not add up": Case(
        Rule.CAPTURE_DOES_NOT_ADD_UP,
        lambda: position(classic(), hands=["7b", "4s 4c"], table="3c 5s Kd", stock=STOCK),
        mv("7b", "3c"),
        0,
    ),
    "capture does not add up to fifteen": Case(
        Rule.CAPTURE_DOES_NOT_ADD_UP,
        lambda: position(make_rules("escoba"), hands=["7b", "Jd Js"], table="3c 5s Kd", stock=STOCK),
        mv("7b", "3c"),  # 7 + 3 is not 15 (7 + 3 + 5 would be)
        0,
    ),
    "fewest cards": Case(
        Rule.TOO_MANY_CARDS,
        lambda: position(
            rules("classic", capture_choice="fewest_cards"),
            hands=["6b", "5c"],
            table="Ad 2c 3s 4b",
            stock=STOCK,
        ),
        mv("6b", "Ad 2c 3s"),
        0,
    ),
    "ace takes all": Case(
        Rule.ACE_TAKES_ALL,
        lambda: position(make_rules("scopa_d_assi"), hands=["Ab", "As"], table="3c 5s Qd", stock=STOCK),
        mv("Ab", "3c"),
        0,
    ),
    "burnt ace takes only the ace": Case(
        Rule.ACE_TAKES_ONLY_THE_ACE,
        lambda: position(make_rules("scopa_d_assi"), hands=["Ab", "As"], table="Ad 5c 7s", stock=STOCK),
        mv("Ab", "Ad 5c 7s"),
        0,
    ),
    "burnt ace in cirulla": Case(
        Rule.ACE_TAKES_ONLY_THE_ACE,
        lambda: position(make_rules("cirulla"), hands=["Ab", "As"], table="Ad 5c 7s", stock=STOCK),
        mv("Ab", "Ad 5c 7s"),
        0,
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_rule_is_named_and_no_hidden_card_is(name: str) -> None:
    case = CASES[name]
    state = case.build()
    assert case.move not in legal_moves(state) or case.seat != state.turn
    with pytest.raises(IllegalMove) as checked:
        check_move(state, case.move, case.seat)
    assert checked.value.rule is case.rule
    assert checked.value.move_number is None
    assert_names_no_hidden_card(checked.value.message, state, case.seat)
    with pytest.raises(IllegalMove) as applied:
        apply_move(state, case.move, case.seat)
    assert applied.value.rule is case.rule
    assert applied.value.move_number == state.moves_played + 1
    text = str(applied.value)
    assert text.startswith(f"move {state.moves_played + 1}: ")
    assert text.endswith(f"[{case.rule.value}]")
    assert_names_no_hidden_card(text, state, case.seat)


def test_every_rule_code_is_covered_here() -> None:
    covered = {case.rule for case in CASES.values()} | {Rule.GAME_OVER}
    assert covered == set(Rule)


def test_a_finished_game_refuses_moves_and_resignations() -> None:
    ended = deal_end(classic(), ["7d 7c 7s 7b", "*"], scores=(9, 3))
    assert ended.result is not None
    assert legal_moves(ended) == []
    with pytest.raises(IllegalMove) as err:
        apply_move(ended, mv("Kb"), 0)
    assert err.value.rule is Rule.GAME_OVER
    with pytest.raises(IllegalMove) as resign:
        end_match(ended, 1, "resigned")
    assert resign.value.rule is Rule.GAME_OVER


def test_a_card_not_in_hand_gets_the_same_answer_wherever_the_card_is() -> None:
    """The answer to playing a card one does not hold must not tell where that card is."""
    state = position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK, piles=["Kd", "*"])
    messages = set()
    for where in ("7s", "7d", "3s", "Kd"):  # the other hand, the stock, the table, a pile
        with pytest.raises(IllegalMove) as err:
            check_move(state, mv(where), 0)
        assert err.value.rule is Rule.CARD_NOT_IN_HAND
        messages.add(err.value.message.replace(where, "<card>"))
    assert len(messages) == 1


def test_a_take_not_on_the_table_gets_the_same_answer_wherever_the_card_is() -> None:
    state = position(classic(), hands=["Kd 6c", "7s Ks"], table="3s 4b", stock=STOCK, piles=["Kb", "*"])
    messages = set()
    for where in ("Ks", "Kc", "Kb"):  # the other hand, the stock, a pile
        with pytest.raises(IllegalMove) as err:
            check_move(state, mv("Kd", where), 0)
        assert err.value.rule is Rule.CARD_NOT_ON_TABLE
        messages.add(err.value.message.replace(where, "<card>"))
    assert len(messages) == 1


def test_out_of_turn_is_refused_before_the_card_is_looked_at() -> None:
    """A seat that is not on turn learns nothing about the cards: the answer is the same for any card."""
    state = position(classic(), hands=["5d 6c", "7s 7c"], table="3s 4b", stock=STOCK)
    messages = set()
    for card in ("5d", "7s", "7d", "3s"):
        with pytest.raises(IllegalMove) as err:
            check_move(state, mv(card), 1)
        assert err.value.rule is Rule.NOT_YOUR_TURN
        messages.add(err.value.message)
    assert len(messages) == 1


def test_a_revealed_cirulla_hand_is_not_hidden() -> None:
    """After a cirulla hand bonus the hand lies face up: the helper treats it as visible, others not."""
    state = position(make_rules("cirulla"), hands=["Ad 2c 3s", "Kd Qs Js"], table="5c", stock=STOCK)
    shown = state._replace(revealed=0b01)
    assert hidden_from(shown, 1) & shown.hands[0] == 0
    assert hidden_from(shown, 0) & shown.hands[1] == shown.hands[1]
    assert hidden_from(state, 1) & state.hands[0] == state.hands[0]


def test_every_legal_move_passes_the_check() -> None:
    for name, case in CASES.items():
        state = case.build()
        for move in legal_moves(state):
            check_move(state, move, state.turn)
        assert legal_moves(state), name
