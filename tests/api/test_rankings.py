"""Ratings through the pipeline and the API: exactly once, in finish order, leaderboards, history."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.support import assert_error, count_stored
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    play_out,
    run_pipeline,
    run_until_finished,
)
from tools.apigw import FakeLambdaContext


def bot_league(api: Api, count: int = 12, rounds: int = 4) -> dict[str, Any]:
    """A Swiss of bot identities (greedy and random), played to the end and rated."""
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": rounds, "target": 1})
    enter_bots(api, olga, t["id"], count, kinds=("greedy", "random"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])
    api.clock.advance(10)  # past the settling time
    run_pipeline()
    return t


def test_a_played_match_is_rated_once(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    created = api.call("POST", "/matches", {"players": [ada, bea], "target": 1}, token=ada_token).body
    api.call("POST", f"/matches/{created['id']}/accept", token=bea_token)
    final = play_out(api, created["id"], {ada: ada_token, bea: bea_token})
    winner = final["result"]["winners"][0]
    loser = bea if winner == ada else ada
    run_pipeline()  # too fresh: the rating step waits for the index to settle
    assert_error(
        api.call("GET", "/rankings/scopa", query={"around": "me"}, token=ada_token), 404, "not_rated"
    )
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 1
    assert run_pipeline()["rated"] == 0  # a second run finds the marker
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert [r["player_id"] for r in rows] == [winner, loser]
    assert rows[0]["elo"] == 1520.0  # 1500 v 1500, K 40: +20 / -20
    assert rows[1]["elo"] == 1480.0
    assert rows[0]["elo_provisional"] is True
    mine = api.call("GET", f"/players/{winner}/ratings").body["pools"][0]
    assert [p["match_id"] for p in mine["history"]] == [created["id"]]
    assert mine["opponents"] == [{"opponent": loser, "wins": 1, "losses": 0, "draws": 0}]
    assert count_stored("rating_history") == 2


def test_forfeits_are_not_rated_but_resignations_are(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "target": 11, "seconds_per_move": 60})
    tokens = enter_humans(api, t["id"], ("Ada", "Bea"))
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    api.clock.advance(61)  # nobody plays a card: a no-show
    run_pipeline()
    api.clock.advance(10)
    run_pipeline()
    assert api.call("GET", f"/tournaments/{t['id']}/rounds/1").body["tables"][0]["forfeit"] is True
    assert api.call("GET", "/rankings/scopa").body["rows"] == []
    ada = next(iter(tokens))
    created = api.call("POST", "/matches", {"players": [ada, "bot-greedy"]}, token=tokens[ada]).body
    match = api.call("GET", f"/matches/{created['id']}", token=tokens[ada]).body
    if match["turn_player_id"] == ada:  # play one card, so the game has begun
        move = match["view"]["legal_moves"][0]
        api.call(
            "POST",
            f"/matches/{created['id']}/moves",
            {"card": move["card"], "take": move["take"], "version": match["version"]},
            token=tokens[ada],
        )
    api.call("POST", f"/matches/{created['id']}/resign", token=tokens[ada])
    api.clock.advance(10)
    run_pipeline()
    rows = api.call("GET", "/rankings/scopa").body["rows"]
    assert [r["player_id"] for r in rows] == ["bot-greedy", ada]


def test_leaderboard_pages_merge_the_shards_in_rating_order(api: Api) -> None:
    bot_league(api)
    seen: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {"limit": "5", **({"cursor": cursor} if cursor else {})}
        page = api.call("GET", "/rankings/scopa", query=query).body
        seen += page["rows"]
        cursor = page["next_cursor"]
        if not cursor:
            break
    assert len(seen) == 12
    assert [r["rank"] for r in seen] == list(range(1, 13))
    elos = [r["elo"] for r in seen]
    assert elos == sorted(elos, reverse=True)
    by_glicko = api.call("GET", "/rankings/scopa", query={"by": "glicko", "limit": "100"}).body["rows"]
    assert [r["glicko"] for r in by_glicko] == sorted((r["glicko"] for r in by_glicko), reverse=True)
    settled = api.call("GET", "/rankings/scopa", query={"provisional": "false"}).body["rows"]
    assert all(not r["elo_provisional"] for r in settled)
    assert_error(api.call("GET", "/rankings/scopa", query={"cursor": "nonsense"}), 400, "invalid_cursor")
    assert_error(api.call("GET", "/rankings/chess"), 404, "pool_not_found")


def test_per_tournament_leaderboard_and_recompute_give_the_same_ratings(api: Api) -> None:
    t = bot_league(api, count=6, rounds=3)
    board = api.call("GET", "/rankings/scopa", query={"tournament": t["id"], "limit": "100"}).body["rows"]
    assert len(board) == 6
    before = api.call("GET", "/rankings/scopa", query={"limit": "100"}).body["rows"]
    assert_error(api.call("POST", "/rankings/scopa/recompute"), 401, "unauthorized")
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    assert queued.status == 202
    assert queued.headers["Location"] == f"/rankings/scopa/recompute/{queued.body['id']}"
    # In-process, the job has run by the time the request answers; the status route shows its report.
    job = api.call("GET", queued.headers["Location"], token=ADMIN_TOKEN)
    assert job.status == 200
    assert (job.body["status"], job.body["attempts"], job.body["error"]) == ("done", 1, None)
    report = job.body["report"]
    assert report["matches"] == 9
    assert report["changed"] == []  # the incremental ratings are exactly the recomputed ones
    after = api.call("GET", "/rankings/scopa", query={"limit": "100"}).body["rows"]
    assert after == before


def test_around_me_shows_the_neighbours(api: Api) -> None:
    ada, ada_token = api.register("Ada")
    for _ in range(3):
        created = api.call(
            "POST", "/matches", {"players": [ada, "bot-random"], "target": 1}, token=ada_token
        ).body
        play_out(api, created["id"], {ada: ada_token})
    bot_league(api, count=6, rounds=2)
    around = api.call("GET", "/rankings/scopa", query={"around": "me", "limit": "2"}, token=ada_token).body
    ids = [r["player_id"] for r in around["rows"]]
    assert ada in ids
    full = api.call("GET", "/rankings/scopa", query={"limit": "100"}).body["rows"]
    position = [r["player_id"] for r in full].index(ada)
    assert ids == [r["player_id"] for r in full[max(0, position - 2) : position + 3]]
    assert around["rows"][ids.index(ada)]["rank"] == position + 1


def test_a_rated_match_costs_one_transaction_of_eight_writes(moto_api: Api) -> None:
    from api import context

    api = moto_api  # DynamoDB's requests are what is counted
    ada, ada_token = api.register("Ada")
    created = api.call(
        "POST", "/matches", {"players": [ada, "bot-random"], "target": 1}, token=ada_token
    ).body
    play_out(api, created["id"], {ada: ada_token})
    api.clock.advance(10)
    calls: list[tuple[str, int]] = []

    def count(model: Any, params: dict[str, Any], **_: Any) -> None:
        items = params.get("TransactItems") or params.get("RequestItems") or [params]
        calls.append((model.name, len(items)))

    events = context.dynamodb_client().meta.events
    events.register("provide-client-params.dynamodb", count)
    try:
        assert run_pipeline()["rated"] == 1
    finally:
        events.unregister("provide-client-params.dynamodb", count)
    writes = [c for c in calls if c[0] in ("TransactWriteItems", "PutItem", "UpdateItem", "BatchWriteItem")]
    # The match marker, the pool's log, and per player: rating, history point, head-to-head record.
    assert writes == [("TransactWriteItems", 8)]


def test_a_clubs_leaderboard_lists_its_members_only(api: Api) -> None:
    _, olga = organizer(api)
    club = api.call("POST", "/clubs", {"name": "Circolo", "open": True}, token=olga).body
    ada, ada_token = api.register("Ada")
    bea, bea_token = api.register("Bea")
    api.call("POST", f"/clubs/{club['id']}/members", {"player_id": ada}, token=ada_token)
    for player, token in ((ada, ada_token), (bea, bea_token)):
        created = api.call(
            "POST", "/matches", {"players": [player, "bot-random"], "target": 1}, token=token
        ).body
        play_out(api, created["id"], {player: token})
    api.clock.advance(10)
    run_pipeline()
    everyone = {r["player_id"] for r in api.call("GET", "/rankings/scopa").body["rows"]}
    assert {ada, bea, "bot-random"} <= everyone
    members = api.call("GET", "/rankings/scopa", query={"club": club["id"]}).body["rows"]
    assert [r["player_id"] for r in members] == [ada]
    assert members[0]["rank"] == 1
    assert_error(api.call("GET", "/rankings/scopa", query={"club": "c_missing"}), 404, "club_not_found")


def test_partners_are_rated_together(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {"format": "swiss", "rounds": 1, "preset": "scopone", "target": 1})
    for pair in (["bot-greedy-1", "bot-greedy-2"], ["bot-random-1", "bot-random-2"]):
        api.call("POST", f"/tournaments/{t['id']}/entries", {"players": pair}, token=olga)
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    run_until_finished(api, t["id"])  # the advance that finished the match rated it
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 0
    rows = api.call("GET", "/rankings/scopone").body["rows"]
    assert len(rows) == 4
    # Equal partners (both new, K 40) move together: +20 each for the winners, -20 each for the losers.
    assert sorted(r["elo"] for r in rows) == [1480.0, 1480.0, 1520.0, 1520.0]
    assert api.call("GET", "/rankings/scopa").body["rows"] == []


def test_a_recompute_job_is_queued_then_run_elsewhere_and_running_it_again_changes_nothing(api: Api) -> None:
    """As in AWS: the request only queues the job; another process (the jobs function) runs it."""
    from api import context
    from scopa.application.ports.jobs import RecordingRunner

    bot_league(api, count=4, rounds=2)
    runner = RecordingRunner()
    context.services().jobs.runner = runner
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    assert queued.status == 202
    assert (queued.body["status"], queued.body["report"]) == ("queued", None)
    location = queued.headers["Location"]
    assert api.call("GET", location, token=ADMIN_TOKEN).body["status"] == "queued"
    assert [j.id for j in runner.submitted] == [queued.body["id"]]

    from jobs.handler import handler

    event = {"job": {"id": queued.body["id"]}}
    assert handler(event, FakeLambdaContext())["status"] == "done"
    done = api.call("GET", location, token=ADMIN_TOKEN).body
    assert (done["status"], done["attempts"]) == ("done", 1)
    assert done["report"]["matches"] == 4
    # A duplicate event (Lambda's retry) finds the job finished and leaves it as it was.
    assert handler(event, FakeLambdaContext())["status"] == "done"
    assert api.call("GET", location, token=ADMIN_TOKEN).body == done
    assert handler({"job": {"id": "../etc"}}, FakeLambdaContext()) == {"job": None, "status": None}


def test_recompute_jobs_are_for_admins_and_unknown_ones_are_404(api: Api) -> None:
    _, token = api.register("Ada")
    assert_error(api.call("POST", "/rankings/scopa/recompute", token=token), 403, "forbidden")
    assert_error(api.call("POST", "/rankings/chess/recompute", token=ADMIN_TOKEN), 404, "pool_not_found")
    queued = api.call("POST", "/rankings/scopa/recompute", token=ADMIN_TOKEN)
    job_id = queued.body["id"]
    assert_error(api.call("GET", f"/rankings/scopa/recompute/{job_id}", token=token), 403, "forbidden")
    assert_error(api.call("GET", f"/rankings/scopa/recompute/{job_id}"), 401, "unauthorized")
    assert_error(
        api.call("GET", "/rankings/scopa/recompute/j_0000000000000000", token=ADMIN_TOKEN),
        404,
        "job_not_found",
    )
    other_pool = api.call("GET", "/rankings", token=ADMIN_TOKEN).body["pools"][-1]["id"]
    assert other_pool != "scopa"
    assert_error(
        api.call("GET", f"/rankings/{other_pool}/recompute/{job_id}", token=ADMIN_TOKEN), 404, "job_not_found"
    )
