"""Bot accounts: players run by an outside program (``scopa bot``), created by the admin, with a token,
marked ``kind: "bot"`` on their profile and on leaderboards, apart from the house bots."""

from __future__ import annotations

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error
from tests.api.tournament_support import play_out, run_pipeline


def create_bot(api: Api, name: str = "Deep Scopa") -> tuple[str, str]:
    answer = api.call("POST", "/admin/bots", {"name": name}, token=ADMIN_TOKEN)
    assert answer.status == 201, answer.body
    return answer.body["player"]["id"], answer.body["token"]


def test_only_the_admin_creates_bot_accounts(api: Api) -> None:
    _, ada_token = api.register("Ada")
    assert_error(api.call("POST", "/admin/bots", {"name": "Sly"}), 401, "unauthorized")
    assert_error(api.call("POST", "/admin/bots", {"name": "Sly"}, token=ada_token), 403, "forbidden")
    assert_error(api.call("POST", "/admin/bots", {"name": "\u0007"}, token=ADMIN_TOKEN), 400, "invalid_name")
    bot_id, token = create_bot(api)
    assert bot_id.startswith("b_")
    assert token
    me = api.call("GET", "/me", token=token).body
    assert (me["id"], me["name"], me["role"], me["kind"], me["bot"]) == (
        bot_id,
        "Deep Scopa",
        "player",
        "bot",
        None,
    )
    assert api.call("GET", f"/players/{bot_id}").body["kind"] == "bot"
    assert api.call("GET", "/players/bot-greedy").body["kind"] == "house_bot"
    assert all(b["kind"] == "house_bot" for b in api.call("GET", "/bots").body["bots"])
    # The admin can issue it a new token, as for any player (house bots have none).
    fresh = api.call("POST", f"/players/{bot_id}/token", token=ADMIN_TOKEN)
    assert fresh.status == 200
    assert_error(api.call("GET", "/me", token=token), 401, "unauthorized")
    assert api.call("GET", "/me", token=fresh.body["token"]).body["id"] == bot_id


def test_a_bot_account_plays_like_a_player_and_is_marked_on_the_leaderboard(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bot_id, bot_token = create_bot(api)
    # Unlike a house bot, a bot account takes challenges: it accepts like anyone.
    created = api.call("POST", "/challenges", {"opponent": bot_id, "target": 1}, token=ada_token).body
    assert created["status"] == "pending"
    seats = {s["player_id"]: (s["kind"], s["bot"]) for s in created["seats"]}
    assert seats == {ada: ("person", False), bot_id: ("bot", False)}  # `bot` means a house bot
    house = api.call("POST", "/matches", {"players": [ada, "bot-greedy"], "target": 1}, token=ada_token).body
    seats = {s["player_id"]: (s["kind"], s["bot"]) for s in house["seats"]}
    assert seats == {ada: ("person", False), "bot-greedy": ("house_bot", True)}
    accepted = api.call("POST", f"/matches/{created['id']}/accept", token=bot_token)
    assert accepted.status == 200, accepted.body
    final = play_out(api, created["id"], {ada: ada_token, bot_id: bot_token})
    assert final["status"] == "finished"
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 1
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert {r["player_id"]: r["kind"] for r in rows} == {ada: "person", bot_id: "bot"}
    page = api.call("GET", "/web/rankings/scopa")
    assert page.status == 200
    assert f'data-player="{bot_id}"' in page.body
    assert page.body.count('data-kind="bot"') == 1
