"""The lobby over REST: open seeks made, listed, withdrawn, expired and taken once, starting a match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from api import context
from scopa.application.auth import Caller
from scopa.application.ports.seeks import Seek
from scopa.application.services.lobby import NewSeek
from tests.api.conftest import ADMIN_TOKEN, Answer, Api
from tests.api.support import assert_error
from tests.api.tournament_support import play_out, run_pipeline


def seek(api: Api, token: str, **body: Any) -> dict[str, Any]:
    answer = api.call("POST", "/lobby/seeks", body, token=token)
    assert answer.status == 201, answer.body
    created: dict[str, Any] = answer.body
    return created


def open_ids(api: Api, **query: str) -> list[str]:
    answer = api.call("GET", "/lobby/seeks", query=query or None)
    assert answer.status == 200, answer.body
    return [s["id"] for s in answer.body["items"]]


def test_a_seek_is_listed_then_taken_and_its_match_starts_with_both_seats_accepted(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    # Given Ada's seek for a 16-point game, one minute a move, unrated
    made = seek(api, ada_token, target=16, time_control={"seconds_per_move": 60}, rated=False)
    assert made["by"] == {"player_id": ada, "name": "Ada"}
    assert (made["preset"], made["target"], made["time_control"]) == (
        "classic",
        16,
        {"seconds_per_move": 60, "days_per_move": None},
    )
    assert (made["status"], made["match_id"], made["rated"]) == ("open", None, False)
    assert made["expires_at"] > made["created_at"]
    # anyone, even without a token, sees it in the lobby
    listed = api.call("GET", "/lobby/seeks").body
    assert listed == {"items": [made], "next": None}

    # When Bea accepts it
    answer = api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=bea_token)

    # Then the match starts at once between them, on the seek's terms
    assert answer.status == 201, answer.body
    match = answer.body
    assert match["status"] == "active"
    assert {s["player_id"] for s in match["seats"]} == {ada, bea}
    assert all(s["accepted"] for s in match["seats"])
    assert (match["rules"]["target"], match["time_control"], match["rated"]) == (
        16,
        {"seconds_per_move": 60, "days_per_move": None},
        False,
    )
    assert match["expires_at"] is None
    assert match["your_seat"] is not None
    assert open_ids(api) == []
    # the seek's creator learns from the seek which match took it, and finds it from their side
    taken = api.call("GET", f"/lobby/seeks/{made['id']}").body
    assert (taken["status"], taken["match_id"]) == ("taken", match["id"])
    mine = api.call("GET", f"/matches/{match['id']}", token=ada_token).body
    assert mine["seats"] == match["seats"]
    assert mine["your_seat"] != match["your_seat"]
    # a retry of Bea's accept answers the same match; anyone else is too late
    again = api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=bea_token)
    assert again.status == 201
    assert again.body["id"] == match["id"]
    _, cid_token = api.register("Cid")
    assert_error(api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=cid_token), 409, "seek_taken")


def test_one_of_two_acceptors_wins_the_seek(api: Api) -> None:
    _, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    cid, cid_token = api.register("Cid")
    made = seek(api, ada_token)
    first = api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=cid_token)
    second = api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=bea_token)
    assert first.status == 201
    assert_error(second, 409, "seek_taken")
    assert cid in {s["player_id"] for s in first.body["seats"]}
    assert bea not in {s["player_id"] for s in first.body["seats"]}
    listed = api.call("GET", f"/players/{bea}/matches").body["matches"]
    assert listed == []  # the loser got no match


def test_the_creator_withdraws_and_nobody_else_can(api: Api) -> None:
    _, ada_token = api.register("Ada")
    _, bea_token = api.register("Bea")
    made = seek(api, ada_token)
    assert_error(api.call("DELETE", f"/lobby/seeks/{made['id']}"), 401, "unauthorized")
    assert_error(api.call("DELETE", f"/lobby/seeks/{made['id']}", token=bea_token), 403, "not_the_creator")
    assert_error(api.call("DELETE", "/lobby/seeks/s_none", token=ada_token), 404, "seek_not_found")
    assert open_ids(api) == [made["id"]]
    gone = api.call("DELETE", f"/lobby/seeks/{made['id']}", token=ada_token)
    assert gone.status == 204
    assert open_ids(api) == []
    assert_error(api.call("DELETE", f"/lobby/seeks/{made['id']}", token=ada_token), 409, "seek_not_open")
    assert_error(api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=bea_token), 409, "seek_not_open")


def test_a_seek_expires_after_its_time(api: Api) -> None:
    _, ada_token = api.register("Ada")
    _, bea_token = api.register("Bea")
    short = seek(api, ada_token, expires_in=60)
    api.clock.advance(1)
    default = seek(api, ada_token)
    assert open_ids(api) == [default["id"], short["id"]]
    api.clock.advance(59)
    assert open_ids(api) == [default["id"]]
    unnoticed = seek(api, ada_token, expires_in=60)
    api.clock.advance(60)
    assert api.call("GET", f"/lobby/seeks/{unnoticed['id']}").body["status"] == "expired"
    assert_error(api.call("GET", "/lobby/seeks/s_nothing"), 404, "seek_not_found")
    assert_error(api.call("DELETE", f"/lobby/seeks/{unnoticed['id']}", token=ada_token), 409, "seek_not_open")
    assert_error(api.call("POST", f"/lobby/seeks/{short['id']}/accept", token=bea_token), 409, "seek_expired")
    assert_error(api.call("DELETE", f"/lobby/seeks/{short['id']}", token=ada_token), 409, "seek_not_open")
    api.clock.advance(3600)
    assert open_ids(api) == []


def test_a_player_holds_at_most_three_open_seeks(api: Api) -> None:
    _, ada_token = api.register("Ada")
    made = [seek(api, ada_token) for _ in range(3)]
    assert_error(api.call("POST", "/lobby/seeks", {}, token=ada_token), 409, "too_many_seeks")
    assert api.call("DELETE", f"/lobby/seeks/{made[0]['id']}", token=ada_token).status == 204
    seek(api, ada_token)  # room again after a withdrawal
    api.clock.advance(3600)
    seek(api, ada_token)  # and after expiry


class SeekRace:
    """The lobby's seek repository, with a second creation by the same player made between the first's
    read of the player's seeks and its write: at the service's read of them, when it reads them apart
    from the write, or in DynamoDB's creation after it read the player's seek slots. On SQLite the
    count and the insert are one transaction, with no point between them: the second comes first."""

    def __init__(self, repo: Any, second: Callable[[], Answer]) -> None:
        self.repo, self.second = repo, second
        self.armed = False
        self.answers: list[Answer] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repo, name)

    def _race(self) -> None:
        if self.armed:
            self.armed = False
            self.answers.append(self.second())

    def list_player_seeks(self, player_id: str, now: float) -> list[Seek]:
        found: list[Seek] = self.repo.list_player_seeks(player_id, now)
        self._race()
        return found

    def create_seek(self, seek: Seek, *limit: Any) -> None:
        free_slot = getattr(self.repo, "_free_slot", None)
        if free_slot is None or not self.armed:
            self._race()
            self.repo.create_seek(seek, *limit)
            return

        def read_then_race(*args: Any) -> Any:
            found = free_slot(*args)
            self._race()
            return found

        self.repo._free_slot = read_then_race
        try:
            self.repo.create_seek(seek, *limit)
        finally:
            del self.repo._free_slot


def test_two_creations_at_once_never_make_a_fourth_open_seek(
    either_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ada holds two seeks and sends two more at once: one is made, the other refused, three open."""
    api = either_api
    ada, ada_token = api.register("Ada")
    seek(api, ada_token)
    seek(api, ada_token)

    def create() -> Answer:
        return api.call("POST", "/lobby/seeks", {}, token=ada_token)

    svc = context.services()
    race = SeekRace(svc.lobby.seeks, create)
    monkeypatch.setattr(svc.lobby, "seeks", race)
    race.armed = True
    first = create()
    assert not race.armed  # the second creation was made while the first was under way
    answers = [first, *race.answers]
    assert sorted(a.status for a in answers) == [201, 409]
    refused = next(a for a in answers if a.status == 409)
    assert_error(refused, 409, "too_many_seeks")
    inbox = api.call("GET", "/inbox", token=ada_token).body
    assert len(inbox["seeks"]) == len(open_ids(api)) == 3
    assert {s["by"]["player_id"] for s in api.call("GET", "/lobby/seeks").body["items"]} == {ada}


def test_the_lobby_pages_newest_first(api: Api) -> None:
    tokens = [api.register(f"P{i}")[1] for i in range(5)]
    made = []
    for token in tokens:
        made.append(seek(api, token)["id"])
        api.clock.advance(1)
    first = api.call("GET", "/lobby/seeks", query={"limit": "2"}).body
    assert [s["id"] for s in first["items"]] == made[::-1][:2]
    rest = api.call("GET", "/lobby/seeks", query={"limit": "3", "cursor": first["next"]}).body
    assert [s["id"] for s in rest["items"]] == made[::-1][2:]
    assert rest["next"] is None
    assert_error(api.call("GET", "/lobby/seeks", query={"cursor": "nope"}), 400, "invalid_cursor")


def test_seeks_are_refused_without_a_player_or_with_bad_terms(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    assert_error(api.call("POST", "/lobby/seeks", {}), 401, "unauthorized")
    assert_error(api.call("POST", "/lobby/seeks", {}, token=ADMIN_TOKEN), 403, "forbidden")
    assert api.call("POST", "/lobby/seeks", {"expires_in": 59}, token=ada_token).status == 422
    assert api.call("POST", "/lobby/seeks", {"expires_in": 86_401}, token=ada_token).status == 422
    assert api.call("POST", "/lobby/seeks", {"agreed": [ada]}, token=ada_token).status == 422
    assert api.call("POST", "/lobby/seeks", {"preset": "nonsense"}, token=ada_token).status == 422
    assert_error(
        api.call("POST", "/lobby/seeks", {"preset": "scopone"}, token=ada_token), 400, "seek_for_two"
    )
    made = seek(api, ada_token)
    assert_error(api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=ada_token), 400, "own_seek")
    assert_error(api.call("POST", f"/lobby/seeks/{made['id']}/accept"), 401, "unauthorized")
    assert_error(api.call("POST", "/lobby/seeks/s_none/accept", token=ada_token), 404, "seek_not_found")


def test_a_keyed_seek_is_made_once(api: Api) -> None:
    _, ada_token = api.register("Ada")
    key = {"Idempotency-Key": "seek-1"}
    first = api.call("POST", "/lobby/seeks", {"target": 21}, token=ada_token, headers=key)
    again = api.call("POST", "/lobby/seeks", {"target": 21}, token=ada_token, headers=key)
    assert first.status == again.status == 201
    assert first.body == again.body
    assert open_ids(api) == [first.body["id"]]
    assert_error(
        api.call("POST", "/lobby/seeks", {"target": 11}, token=ada_token, headers=key),
        422,
        "idempotency_key_reused",
    )


def test_a_rerun_of_a_keyed_seek_finds_its_own_even_at_the_limit(api: Api) -> None:
    """A keyed request whose record stayed in progress runs again: it finds the seek it made, and is not
    refused as a fourth."""
    ada, ada_token = api.register("Ada")
    seek(api, ada_token)
    seek(api, ada_token)
    svc, ada_caller = context.services(), Caller(ada, "player")
    first = svc.lobby.create_seek(ada_caller, NewSeek(target=16), "seek-key")
    assert svc.lobby.create_seek(ada_caller, NewSeek(target=16), "seek-key") == first
    assert len(open_ids(api)) == 3


@pytest.mark.parametrize("rated", [True, False])
def test_an_unrated_seek_game_is_never_rated(api: Api, rated: bool) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    made = seek(api, ada_token, target=1, rated=rated)
    match = api.call("POST", f"/lobby/seeks/{made['id']}/accept", token=bea_token).body
    final = play_out(api, match["id"], {ada: ada_token, bea: bea_token})
    assert final["status"] == "finished"
    assert final["rated"] is rated
    api.clock.advance(10)
    assert run_pipeline()["rated"] == (1 if rated else 0)
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert {r["player_id"] for r in rows} == ({ada, bea} if rated else set())


def test_the_lobby_and_inbox_on_dynamodb(moto_api: Api) -> None:
    """The same flows on the DynamoDB adapter (moto): seeks listed, taken once, withdrawn; the inbox."""
    api = moto_api
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    _, cid_token = api.register("Cid")
    first = seek(api, ada_token)
    api.clock.advance(1)
    second = seek(api, ada_token, rated=False)
    assert open_ids(api) == [second["id"], first["id"]]
    assert [s["id"] for s in api.call("GET", "/inbox", token=ada_token).body["seeks"]] == open_ids(api)
    match = api.call("POST", f"/lobby/seeks/{first['id']}/accept", token=bea_token)
    assert match.status == 201
    assert match.body["status"] == "active"
    assert_error(api.call("POST", f"/lobby/seeks/{first['id']}/accept", token=cid_token), 409, "seek_taken")
    assert api.call("DELETE", f"/lobby/seeks/{second['id']}", token=ada_token).status == 204
    assert open_ids(api) == []
    invited = api.call("POST", "/challenges", {"opponent": bea, "expires_in": 300}, token=ada_token).body
    inbox = api.call("GET", "/inbox", token=bea_token).body
    assert [i["id"] for i in inbox["invitations"]] == [invited["id"]]
    assert inbox["invitations"][0]["from"] == {"player_id": ada, "name": "Ada"}
    api.clock.advance(300)
    assert_error(
        api.call("POST", f"/matches/{invited['id']}/accept", token=bea_token), 409, "invitation_expired"
    )
    assert api.call("GET", "/inbox", token=bea_token).body["invitations"] == []
