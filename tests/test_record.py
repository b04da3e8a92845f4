"""Game records: a played game replays to the same result, and any tampering is caught and named."""

import copy
import json
import random
from typing import Any

import pytest

from scopa.domain.games.scopa.engine import apply_move, end_match, legal_moves, new_match
from scopa.domain.games.scopa.errors import IllegalMove, RecordError, Rule
from scopa.domain.games.scopa.record import RecordBuilder, play_to_record, replay
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.state import Move, ScopaState


def _random_record(preset: str = "classic", seed: int = 1) -> tuple[ScopaState, dict[str, Any]]:
    rng = random.Random(seed)
    rules = make_rules(preset)
    state = new_match(rules, f"{seed:064x}", first_dealer=seed % rules.players)

    def choose(s: ScopaState) -> Move:
        return rng.choice(legal_moves(s))

    return play_to_record(state, [f"p{i}" for i in range(rules.players)], choose)


@pytest.mark.parametrize("preset", ["classic", "scopone", "cirulla", "scopa_d_assi", "scopa_a_quindici"])
def test_a_recorded_game_replays_to_the_same_points_and_result(preset: str) -> None:
    final, record = _random_record(preset)
    record = json.loads(json.dumps(record))  # what a file holds
    report = replay(record)
    assert report.result == final.result.to_json()  # type: ignore[union-attr]
    assert report.deal_points == [list(t) for t in final.deal_totals]
    assert report.moves == final.moves_played
    assert report.final == final


def test_an_illegal_move_is_named_by_its_number_and_rule() -> None:
    _, record = _random_record()
    tampered = copy.deepcopy(record)
    moves = tampered["deals"][0]["moves"]
    moves[4]["seat"] = (moves[4]["seat"] + 1) % 2
    with pytest.raises(IllegalMove) as err:
        replay(tampered)
    assert err.value.move_number == 5
    assert err.value.rule is Rule.NOT_YOUR_TURN


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r["deals"][0].__setitem__("commitment", "00" * 32), "commitment does not match"),
        (lambda r: r["deals"][1].__setitem__("seed", "00" * 32), "does not derive from the master seed"),
        (
            lambda r: r["deals"][0].__setitem__(
                "deck", r["deals"][0]["deck"][2:] + r["deals"][0]["deck"][:2]
            ),
            "recorded deck",
        ),
        (lambda r: r["deals"][0].__setitem__("points", [9, 9]), "recorded points"),
        (lambda r: r["result"].__setitem__("winner", 1 - r["result"]["winner"]), "recorded result"),
        (lambda r: r["deals"].pop(), "ends before the game does"),
        (lambda r: r.__setitem__("format", "other"), "not a game record"),
    ],
)
def test_tampered_records_do_not_verify(edit: Any, message: str) -> None:
    _, record = _random_record(seed=4)
    tampered = copy.deepcopy(record)
    edit(tampered)
    with pytest.raises(RecordError, match=message):
        replay(tampered)


def test_a_resigned_game_records_who_resigned_and_replays() -> None:
    rng = random.Random(3)
    state = new_match(make_rules("classic"), "ee" * 32)
    builder = RecordBuilder.start(state, ["a", "b"])
    for _ in range(50):
        move = rng.choice(legal_moves(state))
        after = apply_move(state, move)
        builder.add(state, move, after)
        state = after
    resigned = end_match(state, loser_seat=1, reason="resigned")
    record = builder.finish(resigned)
    assert record["end"] == {"seat": 1, "reason": "resigned"}
    report = replay(record)
    assert report.result == {"winner": 0, "reason": "resigned", "scores": list(state.scores), "loser_seat": 1}


def test_a_record_of_an_unfinished_game_cannot_be_made() -> None:
    state = new_match(make_rules("classic"), "ee" * 32)
    with pytest.raises(RecordError, match="only when the game has ended"):
        RecordBuilder.start(state, ["a", "b"]).finish(state)
