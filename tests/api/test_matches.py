"""Matches: creation, invitations, what each caller sees, the long-poll, a player's list, the record."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from api import context
from scopa.domain.games.scopa.record import replay
from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import (
    SEED,
    assert_error,
    hidden_cards,
    new_match,
    play,
    play_to_end,
    two_humans,
)
from tests.common import ManualClock, strings_in

# --------------------------------------------------------------------------- creation


def test_a_match_against_a_bot_starts_at_once_at_the_humans_turn(api: Api) -> None:
    me, token = api.register("Ada")

    match = new_match(api, token, [me, "bot-greedy"])

    assert match["id"].startswith("m_")
    assert (match["status"], match["version"], match["game"], match["preset"]) == (
        "active",
        1,
        "scopa",
        "classic",
    )
    assert sorted(s["player_id"] for s in match["seats"]) == sorted([me, "bot-greedy"])
    assert all(s["accepted"] for s in match["seats"])
    assert match["seats"][match["your_seat"]]["player_id"] == me
    # If the bot leads, it has already played: the answer is always at the human's turn.
    assert match["turn_player_id"] == me
    view = match["view"]
    assert view["your_turn"] is True
    assert len(view["hand"]) == 3
    assert view["legal_moves"]
    assert match["deadline"] is None  # one human and no time control asked for: no clock
    assert match["timed"] is False
    assert match["time_control"] == {"seconds_per_move": 3 * 86_400, "days_per_move": 3}
    assert match["result"] is None


def test_a_given_seed_deals_the_same_game(api: Api) -> None:
    me, token = api.register("Ada")
    first = new_match(api, token, [me, "bot-random"], seed=SEED)
    second = new_match(api, token, [me, "bot-random"], seed=SEED)
    third = new_match(api, token, [me, "bot-random"], seed="cd" * 32)

    assert first["id"] != second["id"]
    for field in ("hand", "table", "shuffle", "deal_moves"):
        assert first["view"][field] == second["view"][field], field
    assert [s["player_id"] for s in first["seats"]] == [s["player_id"] for s in second["seats"]]
    assert first["view"]["shuffle"] != third["view"]["shuffle"]


@pytest.mark.parametrize("seed", ["01" * 16, "02" * 16, "03" * 16, None])
def test_partners_sit_opposite_each_other(api: Api, seed: str | None) -> None:
    org, org_token = api.register("Olga")
    api.call("PUT", f"/players/{org}/role", {"role": "organizer"}, token=ADMIN_TOKEN)
    a1, a2, b1, b2 = (api.register(n)[0] for n in ("A1", "A2", "B1", "B2"))

    extra = {"seed": seed} if seed else {}
    match = new_match(api, org_token, [a1, a2, b1, b2], preset="scopone", **extra)

    assert match["status"] == "active"
    seat = {s["player_id"]: s["seat"] for s in match["seats"]}
    assert sorted(seat.values()) == [0, 1, 2, 3]
    assert abs(seat[a1] - seat[a2]) == 2
    assert abs(seat[b1] - seat[b2]) == 2
    assert match["view"]["sides"] == 2


def test_a_player_can_partner_a_bot_against_two_bots(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy", "bot-random", "bot-strong"], preset="scopone", seed=SEED)
    seat = {s["player_id"]: s["seat"] for s in match["seats"]}
    assert abs(seat[me] - seat["bot-greedy"]) == 2
    assert match["turn_player_id"] == me
    assert len(match["view"]["hand"]) == 9


@pytest.mark.parametrize(
    ("preset", "players"),
    [("classic", 3), ("classic", 4), ("scopone", 2), ("scopone", 3)],
)
def test_the_number_of_players_must_fit_the_rules(api: Api, preset: str, players: int) -> None:
    me, token = api.register("Ada")
    seats = [me, "bot-greedy", "bot-random", "bot-strong"][:players]
    body = assert_error(
        api.call("POST", "/matches", {"players": seats, "preset": preset}, token=token),
        400,
        "wrong_player_count",
    )
    assert str(players) in body["message"]


def test_a_player_holds_one_seat(api: Api) -> None:
    me, token = api.register("Ada")
    assert_error(api.call("POST", "/matches", {"players": [me, me]}, token=token), 400, "duplicate_player")
    with_bots = {"players": [me, "bot-greedy", me, "bot-random"], "preset": "scopone"}
    assert_error(api.call("POST", "/matches", with_bots, token=token), 400, "duplicate_player")


def test_unknown_players_are_not_found(api: Api) -> None:
    me, token = api.register("Ada")
    body = assert_error(
        api.call("POST", "/matches", {"players": [me, "p_nobody"]}, token=token), 404, "player_not_found"
    )
    assert "p_nobody" in body["message"]
    assert_error(
        api.call("POST", "/matches", {"players": [me, "bot-chess"]}, token=token), 404, "player_not_found"
    )


def test_a_player_creates_only_matches_they_play_in(api: Api) -> None:
    _, token = api.register("Ada")
    bob, _ = api.register("Bob")
    assert_error(
        api.call("POST", "/matches", {"players": [bob, "bot-greedy"]}, token=token), 403, "not_a_participant"
    )
    assert_error(api.call("POST", "/matches", {"players": [bob, "bot-greedy"]}), 401, "unauthorized")


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["p_0123456789abcdef", "bot-greedy"]},  # was 404 player_not_found: who exists, to anyone
        {"players": ["bot-greedy", "bot-strong", "bot-random"]},  # was 400 wrong_player_count
        {"players": ["p_a", "bot-greedy"], "preset": "nope"},  # was 422 invalid_rules
    ],
)
def test_an_anonymous_match_creation_is_401_before_anything_it_names_is_looked_at(
    api: Api, body: dict[str, Any]
) -> None:
    assert_error(api.call("POST", "/matches", body), 401, "unauthorized")


def test_the_admin_creates_matches_between_others(api: Api) -> None:
    ada, _ = api.register("Ada")
    bob, _ = api.register("Bob")
    match = new_match(api, ADMIN_TOKEN, [ada, bob])
    assert match["status"] == "active"
    assert match["your_seat"] is None
    assert "hand" not in match["view"]


def test_unknown_rules_are_refused(api: Api) -> None:
    me, token = api.register("Ada")
    body = {"players": [me, "bot-greedy"]}
    assert_error(api.call("POST", "/matches", {**body, "preset": "poker"}, token=token), 422, "invalid_rules")
    assert_error(
        api.call("POST", "/matches", {**body, "options": {"nope": 1}}, token=token), 422, "invalid_rules"
    )
    target = api.call("POST", "/matches", {**body, "target": 21}, token=token)
    assert target.status == 201
    assert target.body["rules"]["target"] == 21


# --------------------------------------------------------------------------- invitations


def test_an_invited_human_must_accept_before_play_starts(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    _, carol_token = api.register("Carol")

    pending = new_match(api, ada_token, [ada, bob, "bot-random"][:2])

    assert pending["status"] == "pending"
    assert pending["deadline"] is None
    assert pending["turn"] is None
    accepted = {s["player_id"]: s["accepted"] for s in pending["seats"]}
    assert accepted == {ada: True, bob: False}
    match_id = pending["id"]
    assert "hand" not in pending["view"]  # nothing is dealt before every seat has accepted
    move = {"card": "7d", "take": [], "version": 1}
    assert_error(
        api.call("POST", f"/matches/{match_id}/moves", move, token=ada_token), 409, "match_not_active"
    )
    assert_error(api.call("POST", f"/matches/{match_id}/accept", token=carol_token), 403, "not_a_participant")
    assert_error(api.call("POST", f"/matches/{match_id}/accept"), 401, "unauthorized")

    answer = api.call("POST", f"/matches/{match_id}/accept", token=bob_token)

    assert answer.status == 200
    assert answer.body["status"] == "active"
    assert answer.body["version"] == 2
    assert all(s["accepted"] for s in answer.body["seats"])
    assert answer.body["deadline"] is not None
    assert answer.body["turn_player_id"] in (ada, bob)
    assert_error(api.call("POST", f"/matches/{match_id}/accept", token=bob_token), 409, "match_not_pending")
    assert_error(api.call("POST", f"/matches/{match_id}/decline", token=bob_token), 409, "match_not_pending")


def test_a_declined_invitation_ends_the_match(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob])

    answer = api.call("POST", f"/matches/{match['id']}/decline", token=bob_token)

    assert answer.status == 200
    assert answer.body["status"] == "declined"
    assert_error(
        api.call("POST", f"/matches/{match['id']}/accept", token=bob_token), 409, "match_not_pending"
    )
    assert_error(api.call("POST", f"/matches/{match['id']}/resign", token=ada_token), 409, "match_not_active")
    assert api.call("GET", f"/matches/{match['id']}").body["status"] == "declined"
    assert_error(api.call("POST", "/matches/m_unknown/decline", token=bob_token), 404, "match_not_found")


# --------------------------------------------------------------------------- what each caller sees


def test_each_seat_sees_its_own_hand_and_never_another(api: Api) -> None:
    match, tokens = two_humans(api)
    for player_id, token in tokens.items():
        answer = api.call("GET", f"/matches/{match['id']}", token=token)
        assert answer.status == 200
        seat = answer.body["your_seat"]
        view = answer.body["view"]
        assert match["seats"][seat]["player_id"] == player_id
        assert view["seat"] == seat
        assert len(view["hand"]) == 3
        assert set(view["hand"]).isdisjoint(hidden_cards(match["id"], seat))
        assert hidden_cards(match["id"], seat).isdisjoint(strings_in(answer.body))
        if answer.body["turn"] == seat:
            assert view["your_turn"] is True
            assert {m["card"] for m in view["legal_moves"]} <= set(view["hand"])
        else:
            assert view["your_turn"] is False
            assert "legal_moves" not in view


def test_others_and_anonymous_callers_are_spectators(api: Api) -> None:
    match, _ = two_humans(api)
    _, carol_token = api.register("Carol")
    hidden = hidden_cards(match["id"], None)
    assert len(hidden) == 40 - 4  # both hands and the stock; only the four table cards are face up
    for token in (carol_token, None):
        answer = api.call("GET", f"/matches/{match['id']}", token=token)
        assert answer.status == 200
        assert answer.body["your_seat"] is None
        view = answer.body["view"]
        assert "hand" not in view
        assert "legal_moves" not in view
        assert view["hand_sizes"] == [3, 3]
        assert hidden.isdisjoint(strings_in(answer.body))


def test_an_unknown_match_is_not_found(api: Api) -> None:
    body = assert_error(api.call("GET", "/matches/m_0123456789abcdef"), 404, "match_not_found")
    assert "m_0123456789abcdef" in body["message"]


# --------------------------------------------------------------------------- long-poll


def test_a_wait_returns_at_once_when_the_version_is_already_newer(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    before = clock.now()
    answer = api.call("GET", f"/matches/{match['id']}", query={"after_version": "0", "wait": "20"})
    assert answer.body["version"] == 1
    assert clock.now() == before  # no sleep at all


def test_a_wait_without_news_gives_up_after_the_wait(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    before = clock.now()

    answer = api.call(
        "GET", f"/matches/{match['id']}", query={"after_version": "1", "wait": "20"}, token=token
    )

    assert answer.status == 200
    assert answer.body["version"] == 1
    # waited the whole 20 s on the service's clock (the test clock's sleep only moves time forward)
    assert clock.now() - before == pytest.approx(20.0)


def test_a_wait_returns_when_the_other_player_moves(
    api: Api, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Given a match between two humans, and Ada waiting for a version newer than the current one
    match, tokens = two_humans(api)
    mover = match["turn_player_id"]
    waiter = next(p for p in tokens if p != mover)
    mover_view = api.call("GET", f"/matches/{match['id']}", token=tokens[mover]).body
    sleeps: list[float] = []

    def other_player_moves_while_waiting(seconds: float) -> None:
        sleeps.append(seconds)
        clock.advance(seconds)
        if len(sleeps) == 3:  # the opponent moves during the third poll interval
            svc = context.services()
            caller = svc.caller({"authorization": f"Bearer {tokens[mover]}"})
            legal = mover_view["view"]["legal_moves"][0]
            svc.matches.move(
                caller, match["id"], {"card": legal["card"], "take": legal["take"]}, match["version"]
            )

    monkeypatch.setattr(clock, "sleep", other_player_moves_while_waiting)
    before = clock.now()

    # When the waiting player long-polls
    answer = api.call(
        "GET",
        f"/matches/{match['id']}",
        query={"after_version": str(match["version"]), "wait": "15"},
        token=tokens[waiter],
    )

    # Then the answer comes with the new version right after the move, well before the wait is over
    assert answer.status == 200
    assert answer.body["version"] == match["version"] + 1
    assert answer.body["turn_player_id"] == waiter
    assert answer.body["view"]["your_turn"] is True
    assert len(sleeps) == 3
    assert clock.now() - before == pytest.approx(1.5)


# --------------------------------------------------------------------------- a player's matches


def test_a_players_matches_come_newest_first_a_page_at_a_time(api: Api, clock: ManualClock) -> None:
    me, token = api.register("Ada")
    created = []
    for _ in range(5):
        created.append(new_match(api, token, [me, "bot-random"])["id"])
        clock.advance(1)
    api.call("POST", f"/matches/{created[0]}/resign", token=token)

    seen: list[dict[str, Any]] = []
    cursor: str | None = None
    pages = 0
    while True:
        query = {"limit": "2"} | ({"cursor": cursor} if cursor else {})
        answer = api.call("GET", f"/players/{me}/matches", query=query)
        assert answer.status == 200
        assert len(answer.body["matches"]) <= 2
        seen.extend(answer.body["matches"])
        pages += 1
        cursor = answer.body["next_cursor"]
        if cursor is None:
            break

    assert pages == 3
    assert [m["id"] for m in seen] == created[::-1]
    oldest = seen[-1]
    assert oldest["status"] == "finished"
    assert oldest["result"]["reason"] == "resigned"
    assert seen[0]["status"] == "active"
    assert seen[0]["result"] is None
    assert sorted(seen[0]["seats"]) == sorted([me, "bot-random"])
    # The bot's list has them too (every seat gets an index item).
    assert len(api.call("GET", "/players/bot-random/matches", query={"limit": "100"}).body["matches"]) == 5


def cursor_of(key: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode()


BAD_CURSORS: dict[str, Any] = {
    "not base64 JSON": "not-a-cursor!",
    "a list": [1, 2],
    "not attribute values": {"pk": 1, "sk": 2},
    "the wrong type": {"pk": {"N": "1"}, "sk": {"S": "MATCH#x"}},
    "another player's list": {"pk": {"S": "PLAYER#p_someone_else"}, "sk": {"S": "MATCH#2027#m_1"}},
    "outside the match list": {"pk": {"S": "PLAYER#{me}"}, "sk": {"S": "PROFILE"}},
}


@pytest.mark.parametrize("kind", list(BAD_CURSORS))
def test_a_cursor_the_service_did_not_give_is_refused(api: Api, kind: str) -> None:
    me, token = api.register("Ada")
    new_match(api, token, [me, "bot-random"])
    bad = BAD_CURSORS[kind]
    cursor = bad if isinstance(bad, str) else cursor_of(json.loads(json.dumps(bad).replace("{me}", me)))
    assert_error(api.call("GET", f"/players/{me}/matches", query={"cursor": cursor}), 400, "invalid_cursor")


def test_listing_an_unknown_players_matches_is_not_found(api: Api) -> None:
    assert_error(api.call("GET", "/players/p_nobody/matches"), 404, "player_not_found")
    me, _ = api.register("Ada")
    assert api.call("GET", f"/players/{me}/matches").body == {"matches": [], "next_cursor": None}


# --------------------------------------------------------------------------- the record


def test_the_record_is_published_at_the_end_and_replays(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    assert_error(api.call("GET", f"/matches/{match['id']}/record"), 409, "match_not_finished")

    final = play_to_end(api, match, token)

    answer = api.call("GET", f"/matches/{match['id']}/record")
    assert answer.status == 200
    record = answer.body
    assert record["match_id"] == match["id"]
    assert record["player_ids"] == [s["player_id"] for s in final["seats"]]
    report = replay(record)  # verifies every shuffle, move, point and the result
    assert report.result["scores"] == final["result"]["scores"]
    assert report.result["reason"] == final["result"]["reason"] == "target"
    assert report.moves == final["view"]["moves_played"]
    # After the end, the spectator's view reveals the seeds for anyone to check.
    assert api.call("GET", f"/matches/{match['id']}").body["view"]["shuffle"]["master_seed"] == SEED
    assert_error(api.call("GET", "/matches/m_nope/record"), 404, "match_not_found")


def test_the_record_of_a_resigned_match_replays(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-strong"])
    for _ in range(3):
        answer = play(api, match, token)
        assert answer.status == 200
        match = answer.body
    api.call("POST", f"/matches/{match['id']}/resign", token=token)

    record = api.call("GET", f"/matches/{match['id']}/record").body

    report = replay(record)
    assert report.result["reason"] == "resigned"
    assert record["end"]["seat"] == match["your_seat"]
