"""Forfeits by rule: a player who plays no card before the move deadline forfeits, whichever seat they sit in.

Every seat of a one-table event is made the absent one in turn (the seats before it play a card each, then
its clock runs out): the table is a forfeit (``+``/``-`` in the crosstable, ``+``/``-`` in the TRF), the
match is never rated, and nobody's rating moves. A player who played a card and then ran out of time
loses on time, over the board and rated.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, organizer, run_pipeline, services

MOVE_SECONDS = 60

# (game, preset, seats at the table)
TABLES = [
    ("scopa", "classic", 2),
    ("scopa", "scopone", 4),
    ("briscola", "classic", 2),
    ("briscola", "partnership", 4),
]


def _one_table(api: Api, game: str, preset: str, seats: int) -> tuple[str, dict[str, str], str]:
    """A started one-round Swiss of two entrants (players or pairs): (tournament id, tokens, match id)."""
    _, olga = organizer(api)
    settings = {
        "format": "swiss",
        "rounds": 1,
        "game": game,
        "preset": preset,
        "seconds_per_move": MOVE_SECONDS,
    }
    t = create_tournament(api, olga, settings)
    tokens: dict[str, str] = {}
    per_side = seats // 2
    names = iter(("Ada", "Bea", "Cid", "Dan"))
    for _side in range(2):
        team = [api.register(next(names)) for _ in range(per_side)]
        tokens.update(team)
        body: dict[str, Any] = {"players": [pid for pid, _ in team]} if per_side == 2 else {}
        entered = api.call("POST", f"/tournaments/{t['id']}/entries", body, token=team[0][1])
        assert entered.status == 201, entered.body
    started = api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    assert started.status == 200, started.body
    table = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]
    return t["id"], tokens, table["games"][0]


def _play_until(api: Api, match_id: str, tokens: dict[str, str], seat: int, cards: int) -> None:
    """Every seat plays its legal move in turn until ``seat`` has played ``cards`` cards and is to move."""
    played = 0
    while True:
        match = api.call("GET", f"/matches/{match_id}").body
        assert match["status"] == "active", match
        if match["turn"] == seat:
            if played == cards:
                return
            played += 1
        player = match["turn_player_id"]
        view = api.call("GET", f"/matches/{match_id}", token=tokens[player]).body
        legal = view["view"]["legal_moves"][0]
        move = {k: legal[k] for k in ("card", "take") if k in legal}  # Scopa names the take, Briscola not
        answer = api.call(
            "POST", f"/matches/{match_id}/moves", {**move, "version": view["version"]}, token=tokens[player]
        )
        assert answer.status == 200, answer.body


def _close_round(api: Api) -> None:
    """Let the move clock run out, then let the pipeline (and its rating step, settled) run twice."""
    api.clock.advance(MOVE_SECONDS + 1)
    run_pipeline()
    api.clock.advance(10)
    run_pipeline()


def _trf_code(trf: str, start_number: int) -> str:
    record = next(line for line in trf.splitlines() if line.startswith(f"001 {start_number:>4}"))
    return record[98]  # round 1's result, column 99


@pytest.mark.parametrize(("game", "preset", "seats"), TABLES)
def test_an_absent_player_forfeits_whatever_seat_they_sit_in(
    api: Api, game: str, preset: str, seats: int
) -> None:
    for absent in range(seats):
        tid, tokens, match_id = _one_table(api, game, preset, seats)
        # Given the seats before the absent one play a card each (seat 0 leads the first game) ...
        _play_until(api, match_id, tokens, absent, cards=0)
        # ... when the absent seat's clock runs out before its first card,
        _close_round(api)
        match = api.call("GET", f"/matches/{match_id}").body
        assert match["result"]["reason"] == "timeout"
        seat_ids = [s["player_id"] for s in match["seats"]]
        absent_side = absent % 2  # seats 0 and 2 are the first entrant's, 1 and 3 the second's
        # then the table is a forfeit against the absent seat's side, whichever seat led,
        rnd = api.call("GET", f"/tournaments/{tid}/rounds/1").body
        table = rnd["tables"][0]
        assert rnd["status"] == "closed"
        assert table["forfeit"] is True, (game, preset, absent, table)
        assert table["reason"] == "no_show"
        assert table["result"] == ([0.0, 1.0] if absent_side == 0 else [1.0, 0.0])
        first, second = table["first"]["id"], table["second"]["id"]
        loser, winner = (first, second) if absent_side == 0 else (second, first)
        cells = {
            row["entrant"]: row["cells"][0]["result"]
            for row in api.call("GET", f"/tournaments/{tid}/crosstable").body["rows"]
        }
        assert cells == {winner: "+", loser: "-"}
        standings = {
            r["entrant"]: r for r in api.call("GET", f"/tournaments/{tid}/standings").body["standings"]
        }
        assert standings[loser]["points"] == 0
        assert standings[winner]["points"] == 1
        assert standings[loser]["points_scored"] == standings[winner]["points_scored"] == 0
        trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
        numbers = {e: i for i, e in enumerate(sorted(standings, key=_seed_key(api, tid)), start=1)}
        assert {_trf_code(trf, numbers[winner]), _trf_code(trf, numbers[loser])} == {"+", "-"}
        assert _trf_code(trf, numbers[loser]) == "-"
        # and the match is never rated: nobody at the table has a rating.
        stored = services().stores.matches.get_match(match_id)
        assert stored is not None
        assert stored.rating is None
        for pid in seat_ids:
            assert api.call("GET", f"/players/{pid}/ratings").body["pools"] == []


def _seed_key(api: Api, tid: str) -> Any:
    entries = {e["id"]: e for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"]}
    return lambda eid: (-entries[eid]["rating"], eid)


@pytest.mark.parametrize("seat", [0, 1])
def test_a_player_who_played_a_card_loses_on_time_rated(api: Api, seat: int) -> None:
    tid, tokens, match_id = _one_table(api, "scopa", "classic", 2)
    _play_until(api, match_id, tokens, seat, cards=1)
    _close_round(api)
    table = api.call("GET", f"/tournaments/{tid}/rounds/1").body["tables"][0]
    assert table["forfeit"] is False
    assert table["reason"] == "timeout"
    assert table["result"] == ([0.0, 1.0] if seat == 0 else [1.0, 0.0])
    stored = services().stores.matches.get_match(match_id)
    assert stored is not None
    assert stored.rating == "rated"
