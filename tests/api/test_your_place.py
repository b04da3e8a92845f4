"""GET /tournaments/{id}/me: the caller's entry and table, what a follower's page asks at every change.
Before, the page read every entry and the latest round for it (2.7 MB and 1.7 MB at 10,000 entrants,
each a read of the whole tournament), and in an arena it missed a game still under way in an earlier
wave than the latest."""

from __future__ import annotations

from typing import Any

import pytest

from scopa.application import recent
from tests.api.conftest import Api
from tests.api.tournament_support import (
    count_tournament_reads,
    create_tournament,
    enter_humans,
    organizer,
    run_pipeline,
)


def place(api: Api, tournament_id: str, token: str | None) -> Any:
    answer = api.call("GET", f"/tournaments/{tournament_id}/me", token=token)
    assert answer.status == 200, answer.body
    return answer.body


def test_your_entry_your_table_and_nothing_for_someone_not_entered(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cleo"))
    ada = next(iter(tokens))
    assert api.call("GET", f"/tournaments/{t['id']}/me").status == 401
    assert place(api, t["id"], olga) == {"entry": None, "table": None, "bye": False}
    before = place(api, t["id"], tokens[ada])
    assert before["entry"]["id"] == ada
    assert before["table"] is None

    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    for pid, token in tokens.items():
        mine = place(api, t["id"], token)
        table = next((x for x in rnd["tables"] if pid in (x["first"]["id"], x["second"]["id"])), None)
        if table is None:  # three players: one sits out
            assert mine["bye"] is True
            assert mine["table"] is None
            continue
        other = table["second"] if table["first"]["id"] == pid else table["first"]
        assert mine["bye"] is False
        assert mine["table"] == {
            "round": 1,
            "table": table["table"],
            "opponent": other,
            "games": table["games"],
            "result": None,
            "mode": "online",
        }
    assert api.call("GET", "/tournaments/t_nope/me", token=olga).status == 404


def test_in_an_arena_your_game_under_way_in_an_earlier_wave_is_found(api: Api) -> None:
    """Waves overlap: Ada and Bea still play in wave 1 while Cleo and Dina, done, are paired in wave 2."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "arena", "arena_minutes": 60, "target": 1})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cleo", "Dina"))
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    wave = api.call("GET", f"/tournaments/{t['id']}/rounds/1").body
    first, second = wave["tables"]
    done = second["games"][0]
    resigner = api.call("GET", f"/matches/{done}", token=tokens[second["first"]["id"]]).body["turn_player_id"]
    assert api.call("POST", f"/matches/{done}/resign", token=tokens[resigner]).status == 200
    run_pipeline()
    assert api.call("GET", f"/tournaments/{t['id']}").body["current_round"] == 2
    still = place(api, t["id"], tokens[first["first"]["id"]])
    assert still["table"]["round"] == 1  # not the latest wave: the game still to play
    assert still["table"]["games"] == first["games"]
    assert still["table"]["result"] is None
    again = place(api, t["id"], tokens[second["first"]["id"]])
    assert again["table"]["round"] == 2


def test_a_big_tournaments_places_are_computed_once_per_version(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(recent, "KEPT_ABOVE", 2)  # three entrants make this tournament big
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cleo"))
    reads = count_tournament_reads(monkeypatch)
    for token in tokens.values():
        assert place(api, t["id"], token)["entry"] is not None
    assert reads == [t["id"]]  # one read of the tournament for its three followers
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    reads.clear()
    assert api.call("GET", f"/web/tournaments/{t['id']}").status == 200
    assert any(place(api, t["id"], token)["table"] for token in tokens.values())
    assert reads == [t["id"]]  # a new version: read again, once for the page and the places


def test_your_own_withdrawal_shows_at_once_in_a_big_tournament(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A withdrawal after the start moves no version: the entry is read as stored, not as kept."""
    monkeypatch.setattr(recent, "KEPT_ABOVE", 2)
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea", "Cleo", "Dina"))
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    token = next(iter(tokens.values()))
    assert place(api, t["id"], token)["entry"]["status"] == "active"
    version = api.call("GET", f"/tournaments/{t['id']}").body["version"]
    assert api.call("DELETE", f"/tournaments/{t['id']}/entries", token=token).status == 200
    assert api.call("GET", f"/tournaments/{t['id']}").body["version"] == version  # no version moved
    assert place(api, t["id"], token)["entry"]["status"] == "withdrawn"


def test_a_table_at_the_club_says_so_and_has_no_game_to_wait_for(api: Api) -> None:
    """In person there is no game to make: the page does not ask again for one (``mode``)."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 2, "target": 1, "play_mode": "in_person"})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    assert api.call("POST", f"/tournaments/{t['id']}/start", token=olga).status == 200
    table = place(api, t["id"], next(iter(tokens.values())))["table"]
    assert (table["mode"], table["games"], table["result"]) == ("in_person", [], None)
