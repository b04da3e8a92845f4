"""Fair dealing: no card is dealt to, or shown to, anyone before every seat has accepted.

A pending match keeps only its secret master seed and first dealer; it publishes the first deal's shuffle
commitment, and deals when the last seat accepts. A declined match is never dealt. The match answer says
whose action is awaited, and legal moves come only to the seat to move in an active match.
"""

from __future__ import annotations

import json
from typing import Any

from api import context
from scopa.application.ports.matches import Match
from scopa.application.services.matches import ScheduledMatch
from scopa.domain.games import GAMES
from scopa.domain.games.common.cards import CODES
from tests.api.conftest import Api
from tests.api.support import SEED, assert_error, new_match, play, play_to_end
from tests.common import ManualClock

WAITING_VIEW_KEYS = {"game", "status", "rules", "players", "shuffle", "your_turn"}
CARD_CODES = set(CODES)


def stored(match_id: str) -> Match:
    match = context.services().stores.matches.get_match(match_id)
    assert match is not None
    return match


def strings_in(value: Any) -> list[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings_in(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def assert_no_card(answer: dict[str, Any]) -> None:
    """A match answer that shows no card at all: a waiting view, and no card code anywhere in it."""
    view = answer["view"]
    assert set(view) == WAITING_VIEW_KEYS, view
    assert view["your_turn"] is False
    assert view["shuffle"]["algorithm"] == "scopa-shuffle/1"
    assert len(view["shuffle"]["commitments"]) == 1
    shown = set(strings_in(answer)) - set(view["shuffle"]["commitments"])
    assert not shown & CARD_CODES, shown & CARD_CODES


def invitation(api: Api) -> tuple[dict[str, Any], dict[str, str]]:
    """Ada invites Bob (a pending match); tokens of Ada, Bob, Carol (not seated) by name."""
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    _, carol_token = api.register("Carol")
    match = new_match(api, ada_token, [ada, bob])
    assert match["status"] == "pending"
    return match, {"ada": ada_token, "bob": bob_token, "carol": carol_token, "ada_id": ada, "bob_id": bob}


def test_a_pending_match_shows_no_card_to_any_seat_or_spectator(api: Api) -> None:
    # Given a pending invitation
    match, who = invitation(api)
    match_id = match["id"]

    # Then the creator's answer, both seats, another player and an anonymous caller see no card
    assert_no_card(match)
    answers = [api.call("GET", f"/matches/{match_id}", token=who[name]) for name in ("ada", "bob", "carol")]
    answers.append(api.call("GET", f"/matches/{match_id}"))
    for answer in answers:
        assert answer.status == 200
        assert_no_card(answer.body)
        assert answer.body["view"]["status"] == "waiting"
        assert answer.body["awaiting"] == [who["bob_id"]]
        assert answer.body["awaiting_action"] == "accept"
        assert answer.body["turn"] is None
        assert answer.body["deadline"] is None
    # And nothing is dealt: the store keeps the secret seed, which no answer carries
    kept = stored(match_id)
    assert kept.state == {}
    assert kept.master_seed is not None
    assert kept.first_dealer is not None
    assert all(kept.master_seed not in json.dumps(a.body) for a in answers)
    # And no deal to read either
    assert api.call("GET", f"/matches/{match_id}/deals").body == {"deals": [], "next_cursor": None}


def test_a_move_on_a_pending_match_names_whom_it_awaits(api: Api) -> None:
    match, who = invitation(api)
    move = {"card": "1d", "take": [], "version": match["version"]}

    for token in (who["ada"], who["bob"]):
        refused = api.call("POST", f"/matches/{match['id']}/moves", move, token=token)
        body = assert_error(refused, 409, "match_not_active")
        assert body["details"] == {"status": "pending", "awaiting": [who["bob_id"]]}


def test_a_declined_match_is_never_dealt_and_leaks_nothing(api: Api) -> None:
    match, who = invitation(api)

    declined = api.call("POST", f"/matches/{match['id']}/decline", token=who["bob"])

    assert declined.status == 200
    for answer in (
        declined.body,
        api.call("GET", f"/matches/{match['id']}", token=who["ada"]).body,
        api.call("GET", f"/matches/{match['id']}").body,
    ):
        assert answer["status"] == "declined"
        assert_no_card(answer)
        assert answer["view"]["status"] == "declined"
        assert answer["awaiting"] == []
        assert answer["awaiting_action"] is None
    assert stored(match["id"]).state == {}
    assert api.call("GET", f"/matches/{match['id']}/deals").body["deals"] == []


def test_the_match_is_dealt_when_the_last_seat_accepts(api: Api) -> None:
    match, who = invitation(api)
    commitment = match["view"]["shuffle"]["commitments"][0]

    accepted = api.call("POST", f"/matches/{match['id']}/accept", token=who["bob"]).body

    assert accepted["status"] == "active"
    kept = stored(match["id"])
    assert kept.state != {}
    assert kept.master_seed is None  # the state holds it now
    assert accepted["view"]["shuffle"]["commitments"] == [commitment]
    assert len(accepted["view"]["hand"]) == 3
    assert len(accepted["view"]["table"]) == 4
    mover = accepted["turn_player_id"]
    assert accepted["awaiting"] == [mover]
    assert accepted["awaiting_action"] == "move"
    assert accepted["timed"] is True  # two humans: the correspondence clock
    assert accepted["deadline"] is not None
    for name in ("ada", "bob"):
        view = api.call("GET", f"/matches/{match['id']}", token=who[name]).body["view"]
        mine = who[f"{name}_id"] == mover
        assert view["your_turn"] is mine
        assert ("legal_moves" in view) is mine


def test_the_published_commitment_is_the_deal_and_the_record(api: Api) -> None:
    # Given a pending match with a chosen seed, so the deal can be recomputed
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob], seed=SEED)
    assert_no_card(match)
    assert stored(match["id"]).state == {}
    commitment = match["view"]["shuffle"]["commitments"][0]

    # When Bob accepts, and Ada resigns so the record is published
    api.call("POST", f"/matches/{match['id']}/accept", token=bob_token)
    state = stored(match["id"]).state
    assert api.call("POST", f"/matches/{match['id']}/resign", token=ada_token).status == 200
    record = api.call("GET", f"/matches/{match['id']}/record").body

    # Then the commitment published while pending is the dealt state's and the record's
    assert state["commitments"][0] == commitment
    assert record["deals"][0]["commitment"] == commitment
    assert GAMES["scopa"].verify_record(record)


def test_a_match_stored_pending_with_a_dealt_state_still_shows_nothing(api: Api) -> None:
    # Given a pending match stored the way the service stored it before deals waited for acceptance
    match, who = invitation(api)
    repo = context.services().stores.matches
    kept = stored(match["id"])
    dealt = GAMES["scopa"].new_state(kept.rules, SEED, 0)
    kept.state, kept.master_seed, kept.first_dealer = dealt, None, None
    repo.save_match(kept, kept.version)

    # Then no seat and no spectator sees its hands or table, only the commitment
    for token in (who["ada"], who["bob"], who["carol"], None):
        answer = api.call("GET", f"/matches/{match['id']}", token=token).body
        assert_no_card(answer)
        assert answer["view"]["shuffle"]["commitments"] == [dealt["commitments"][0]]

    # And accepting starts the deal it was committed to
    accepted = api.call("POST", f"/matches/{match['id']}/accept", token=who["bob"]).body
    assert accepted["status"] == "active"
    assert stored(match["id"]).state["deck"] == dealt["deck"]


def test_a_declined_match_stored_with_a_dealt_state_shows_nothing(api: Api) -> None:
    match, who = invitation(api)
    repo = context.services().stores.matches
    kept = stored(match["id"])
    kept.state = GAMES["scopa"].new_state(kept.rules, SEED, 0)
    kept.status, kept.master_seed = "declined", None
    repo.save_match(kept, kept.version)

    for token in (who["ada"], who["bob"], None):
        answer = api.call("GET", f"/matches/{match['id']}", token=token).body
        assert_no_card(answer)
        assert answer["awaiting"] == []


def test_a_finished_match_awaits_nobody_and_offers_no_move(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    assert match["awaiting"] == [me]
    assert match["awaiting_action"] == "move"

    final = play_to_end(api, match, token)

    assert final["status"] == "finished"
    assert final["awaiting"] == []
    assert final["awaiting_action"] is None
    assert final["view"]["your_turn"] is False
    assert "legal_moves" not in final["view"]


def test_a_game_against_a_bot_has_no_clock_unless_asked(api: Api, clock: ManualClock) -> None:
    # Given a game against a bot without a time control
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"])
    assert match["timed"] is False
    assert match["deadline"] is None
    # the correspondence default, shown in both units (whole days)
    assert match["time_control"] == {"seconds_per_move": 3 * 86_400, "days_per_move": 3}

    # When a week passes, the match is not lost on time, and a move still has no deadline
    clock.advance(7 * 86_400)
    later = api.call("GET", f"/matches/{match['id']}", token=token).body
    assert later["status"] == "active"
    assert later["deadline"] is None
    moved = play(api, later, token).body
    assert moved["deadline"] is None
    assert context.services().matches.expire_overdue() == []

    # And with a time control it is timed
    timed = new_match(api, token, [me, "bot-greedy"], time_control={"seconds_per_move": 30})
    assert timed["timed"] is True
    assert timed["deadline"] is not None


def test_two_humans_without_a_time_control_keep_the_correspondence_clock(api: Api) -> None:
    match, who = invitation(api)
    assert match["timed"] is True
    accepted = api.call("POST", f"/matches/{match['id']}/accept", token=who["bob"]).body
    assert accepted["deadline"] == "2027-01-18T08:00:00.000Z"  # three days from the acceptance


def test_tournament_matches_are_timed(api: Api) -> None:
    svc = context.services()
    ada, _ = api.register("Ada")
    match = svc.matches.create_scheduled(
        ScheduledMatch(
            id="m_tournament_1",
            seats=[ada, "bot-greedy"],
            preset="classic",
            options={},
            move_seconds=600,
            seed=SEED,
            context={"tournament": "t_1", "round": 1, "table": 1, "game": 1},
            created_by="admin",
        )
    )
    assert match.timed is True
    assert match.deadline is not None
