"""The finished deal: what the state keeps of the deal just scored, how long, and how views show it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scopa.domain.games import GAMES
from scopa.domain.games.common.cards import CODES
from scopa.domain.games.common.shuffle import commitment, deal_seed
from scopa.domain.games.scopa.engine import apply_move, end_match, legal_moves, new_match
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.state import ScopaState
from scopa.domain.games.scopa.views import finished_deal, seat_view, spectator_view, waiting_view

SEED = "5e" * 32


def play_until_a_deal_ends(state: ScopaState, rng: random.Random) -> tuple[ScopaState, ScopaState]:
    """Play random legal moves until a deal is scored: the state before the last move, and after it."""
    deals = len(state.deal_totals)
    while True:
        before = state
        state = apply_move(state, rng.choice(legal_moves(state)))
        if len(state.deal_totals) > deals:
            return before, state


@pytest.mark.parametrize(
    ("preset", "options"),
    [("classic", {}), ("classic", {"leftovers_to": "dealer"}), ("scopone", {}), ("cirulla", {})],
)
def test_the_finished_deal_is_every_play_the_leftovers_and_the_count(
    preset: str, options: dict[str, str]
) -> None:
    # Given a first deal played to its end by random legal moves
    rng = random.Random(3)
    rules = make_rules(preset, {"target": 99, **options})
    first = new_match(rules, SEED, 0)
    assert finished_deal(first) is None
    seats = []
    state = first
    while not state.deal_totals:
        seats.append(state.turn)
        state = apply_move(state, rng.choice(legal_moves(state)))

    # Then the views show that deal beside the next one
    shown = spectator_view(state)["finished_deal"]
    assert shown is not None
    assert spectator_view(state)["deal"] == 2
    assert seat_view(state, 1)["finished_deal"] == shown
    assert shown["deal"] == 1
    moves = shown["moves"]
    assert [m["seat"] for m in moves] == seats
    # Every card is accounted for: played once, or on the first table
    played = [m["card"] for m in moves]
    first_table = {CODES[c] for c in range(40) if first.table >> c & 1}
    assert len(set(played)) == len(played)
    assert set(played) | first_table | _bonus_taken(first) == set(CODES)
    # The leftovers are what the plays left on the table, taken as the rules say
    table = set(first_table)
    for m in moves:
        table = table - set(m["take"]) if m["take"] else table | {m["card"]}
    left = shown["leftovers"]
    assert set(left["cards"]) == table
    takes = [m["seat"] for m in moves if m["take"]]
    if not table:
        assert left == {"seat": None, "side": None, "cards": []}
    elif rules.leftovers_to == "dealer":
        assert left["seat"] == first.dealer
    else:
        assert left["seat"] == (takes[-1] if takes else moves[-1]["seat"])
    if table:
        assert left["side"] == left["seat"] % rules.sides
    # The count is the deal's score, with the settebello's side and the scope per side
    count = shown["count"]
    assert count["totals"] == list(state.deal_totals[0])
    assert sum(count["cards"]) == 40
    assert count["scope"] == [p.get("scope", 0) for p in count["points"]]
    assert count["scope"] == [
        sum(1 for m in moves if m["scopa"] and m["seat"] % rules.sides == side) for side in range(rules.sides)
    ]
    holder = [side for side, p in enumerate(count["points"]) if p.get("settebello")]
    assert count["settebello"] == (holder[0] if holder else None)
    assert shown["scores"] == list(state.scores)


def _bonus_taken(state: ScopaState) -> set[str]:
    """Cards a cirulla dealer bonus took from the first table before any play."""
    return {CODES[c] for c in range(40) if any(p >> c & 1 for p in state.piles)}


def test_the_finished_deal_stays_until_every_seat_has_played_a_card_of_the_next() -> None:
    rng = random.Random(5)
    rules = make_rules("scopone", {"target": 99})
    _, state = play_until_a_deal_ends(new_match(rules, SEED, 0), rng)
    kept = finished_deal(state)
    assert kept is not None

    for _ in range(rules.players - 1):
        state = apply_move(state, rng.choice(legal_moves(state)))
        assert finished_deal(state) == kept
        assert ScopaState.from_json(state.to_json()) == state  # kept across the stored form

    state = apply_move(state, rng.choice(legal_moves(state)))
    assert finished_deal(state) is None
    assert spectator_view(state)["finished_deal"] is None
    assert "finished" not in state.to_json()  # nothing of it stored any longer
    assert "leftovers" not in state.to_json()


def test_a_state_stored_before_the_finished_deal_reads_without_one() -> None:
    state = new_match(make_rules("classic"), SEED, 0)
    stored = state.to_json()
    assert "finished" not in stored
    assert ScopaState.from_json(stored) == state


def test_after_the_last_deal_the_finished_deal_describes_it_once() -> None:
    rng = random.Random(8)
    state = new_match(make_rules("classic", {"target": 1}), SEED, 0)
    while not state.finished:
        last_deal_start = state.deal_index
        state = apply_move(state, rng.choice(legal_moves(state)))
    view = spectator_view(state)
    shown = view["finished_deal"]
    assert shown is not None
    assert shown["deal"] == len(state.deal_totals) == last_deal_start + 1
    assert shown["moves"] == [m.to_json() for m in state.deal_log]
    assert shown["scores"] == list(state.result.scores)  # type: ignore[union-attr]
    assert view["deal_moves"] == []  # the last deal's plays are in finished_deal, not twice
    assert state.finished_log == ()  # nor twice in the stored state


def test_a_resignation_keeps_the_finished_deal_only_while_it_is_kept() -> None:
    rng = random.Random(2)
    _, state = play_until_a_deal_ends(new_match(make_rules("classic", {"target": 99}), SEED, 0), rng)
    resigned = end_match(state, 0, "resigned")
    assert finished_deal(resigned) == finished_deal(state)
    assert spectator_view(resigned)["deal_moves"] == []  # the deal under way had no play yet
    fresh = end_match(new_match(make_rules("classic"), SEED, 0), 1, "resigned")
    assert finished_deal(fresh) is None


def test_the_game_engine_replays_every_finished_deal_from_the_log() -> None:
    game = GAMES["scopa"]
    rules = game.validate_rules("classic", {"target": 16})
    state = game.new_state(rules, SEED, 1)
    rng = random.Random(4)
    log: list[str] = []
    seen: list[dict[str, Any]] = []
    while game.outcome(state) is None:
        seat = game.turn(state)
        assert seat is not None
        state, entry = game.apply(state, seat, rng.choice(game.legal_moves(state)))
        log.append(entry)
        shown = game.view(state, None)["finished_deal"]
        if shown is not None and (not seen or seen[-1] != shown):
            seen.append(shown)
        if game.outcome(state) is None:
            # the deal under way is never listed
            assert len(game.finished_deals(state, log)) == len(ScopaState.from_json(state).deal_totals)

    deals = game.finished_deals(state, log)

    assert deals == seen
    assert [d["deal"] for d in deals] == list(range(1, len(deals) + 1))
    record = game.record(state, log, ["a", "b"])
    # The same plays as the published record's, deal by deal
    plain = [[{k: m[k] for k in ("seat", "card", "take")} for m in d["moves"]] for d in deals]
    assert plain == [r["moves"] for r in record["deals"]]
    assert [r["points"] for r in record["deals"]] == [d["count"]["totals"] for d in deals]
    assert game.finished_deals({}, []) == []


def test_a_game_not_dealt_shows_only_the_first_commitment() -> None:
    game = GAMES["scopa"]
    rules = game.validate_rules("classic", {})
    view = game.waiting_view(rules, SEED, "waiting")
    assert view == waiting_view(make_rules("classic"), SEED)
    assert view == {
        "game": "scopa",
        "status": "waiting",
        "rules": rules,
        "players": 2,
        "shuffle": {"algorithm": "scopa-shuffle/1", "commitments": [commitment(deal_seed(SEED, 0))]},
    }
    dealt = game.new_state(rules, SEED, 1)
    assert dealt["commitments"][:1] == view["shuffle"]["commitments"]
    assert game.dealt_from(dealt) == (SEED, 1)
    assert game.turn({}) is None
    assert game.outcome({}) is None
    assert len(game.new_seed()) == 64
