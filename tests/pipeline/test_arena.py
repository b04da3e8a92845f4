"""An Arena played to the end through the API and the scheduled pipeline, then recounted from its waves.

House bots finish their games as soon as the pipeline creates them, so every pipeline run pairs them
again; two humans play one game by hand inside the window and are still playing the next when the grace
period ends (that game counts for nobody). One bot pauses for a while and comes back.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import (
    Api,
    api_on_sqlite,  # noqa: F401 (an arena through the API, on SQLite)
)
from tests.api.support import assert_error
from tests.api.tournament_support import (
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    play_move,
    play_out,
    run_pipeline,
    services,
)

ARENA = {"format": "arena", "arena_minutes": 10, "arena_grace_seconds": 60, "target": 1, "streaks": True}


def _waves(api: Api, tid: str) -> list[dict[str, Any]]:
    current = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    return [api.call("GET", f"/tournaments/{tid}/rounds/{n}").body for n in range(1, current + 1)]


def _recount(waves: list[dict[str, Any]], streaks: bool) -> dict[str, int]:
    """The arena's scoring rule, applied independently: 2 a win, 1 a draw; on a streak (the two previous
    counted games won) a win scores 4; a game adjudicated at the grace end counts for nobody."""
    score: dict[str, int] = {}
    run: dict[str, int] = {}
    for wave in waves:
        for table in wave["tables"]:
            if table["result"] is None or table["reason"] == "round_deadline":
                continue
            for me, mine, theirs in (
                (table["first"]["id"], *table["result"]),
                (table["second"]["id"], *table["result"][::-1]),
            ):
                if mine > theirs:
                    score[me] = score.get(me, 0) + (4 if streaks and run.get(me, 0) >= 2 else 2)
                    run[me] = run.get(me, 0) + 1
                else:
                    score[me] = score.get(me, 0) + (1 if mine == theirs and mine > 0 else 0)
                    run[me] = 0
    return score


def test_an_arena_is_played_to_the_end_by_the_pipeline(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, ARENA)
    tid = t["id"]
    bots = enter_bots(api, olga, tid, 6, kinds=("greedy", "random"))
    humans: dict[str, str] = {}
    for name in ("Ada", "Bea"):
        pid, token = api.register(name)
        assert api.call("POST", f"/tournaments/{tid}/entries", {}, token=token).status == 201
        humans[pid] = token
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["rounds_planned"] is None
    arena = api.call("GET", f"/tournaments/{tid}/arena").body
    assert arena["ends_at"] is not None
    # The humans (rated 1500, below every bot) meet each other in wave 1 and are still playing.
    playing = arena["playing"]
    assert len(playing) == 1, arena
    assert {playing[0]["first"]["id"], playing[0]["second"]["id"]} == set(humans)
    bot_waves = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    assert bot_waves >= 2  # the bots were paired again as soon as their games ended

    # A bot pauses: it is not paired while paused, and comes back.
    paused_bot = bots[0]
    answer = api.call("PUT", f"/tournaments/{tid}/entries/{paused_bot}/paused", {"paused": True}, token=olga)
    assert answer.status == 200, answer.body
    assert answer.body["paused"] is True
    before = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    api.clock.advance(60)
    run_pipeline()
    after = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    assert after > before
    for wave in _waves(api, tid)[before:after]:
        assert paused_bot not in {x for tb in wave["tables"] for x in (tb["first"]["id"], tb["second"]["id"])}
    assert (
        api.call(
            "PUT", f"/tournaments/{tid}/entries/{paused_bot}/paused", {"paused": False}, token=olga
        ).status
        == 200
    )

    # The bots stop (all paused); the humans finish their game inside the window. Only they wait now,
    # so they meet again (an immediate rematch only when no other opponent waits).
    for bot in bots:
        api.call("PUT", f"/tournaments/{tid}/entries/{bot}/paused", {"paused": True}, token=olga)
    play_out(api, playing[0]["games"][0], humans)
    api.clock.advance(60)
    run_pipeline()
    again = api.call("GET", f"/tournaments/{tid}/arena").body["playing"]
    assert len(again) == 1, again
    assert {again[0]["first"]["id"], again[0]["second"]["id"]} == set(humans)
    # The window ends: no new game; the game under way at the grace end is adjudicated, counting nothing.
    api.clock.advance(8 * 60)  # the window (10 minutes from the start) is over
    run_pipeline()
    waves_at_end = api.call("GET", f"/tournaments/{tid}").body["current_round"]
    assert api.call("GET", f"/tournaments/{tid}").body["status"] == "running"  # the humans still play
    api.clock.advance(61)
    run_pipeline()
    final = api.call("GET", f"/tournaments/{tid}").body
    assert final["status"] == "finished"
    assert final["current_round"] == waves_at_end

    waves = _waves(api, tid)
    last = waves[again[0]["wave"] - 1]["tables"][again[0]["table"] - 1]
    assert last["reason"] == "round_deadline"
    assert last["result"] is not None
    # Each wave seats a player at most once, and only players not at an undecided table.
    for wave in waves:
        seated = [x for tb in wave["tables"] for x in (tb["first"]["id"], tb["second"]["id"])]
        assert len(seated) == len(set(seated))
    board = api.call("GET", f"/tournaments/{tid}/arena").body["leaderboard"]
    recount = _recount(waves, streaks=True)
    assert {r["entrant"]: r["score"] for r in board} == {e: recount.get(e, 0) for e in [*bots, *humans]}
    assert [r["rank"] for r in board] == list(range(1, 9))
    keys = [(-r["score"], -r["performance"]) for r in board]
    assert keys == sorted(keys)
    human_rows = [r for r in board if r["entrant"] in humans]
    assert sorted(r["games"] for r in human_rows) == [1, 1]  # the adjudicated game is not counted
    assert all(r["on_streak"] == (r["streak"] >= 2) for r in board)
    # The standings route ranks the same way, score as points and performance as the tie-break.
    standings = api.call("GET", f"/tournaments/{tid}/standings").body
    assert standings["tiebreaks"] == ["performance"]
    assert [r["entrant"] for r in standings["standings"]] == [r["entrant"] for r in board]
    assert [r["points"] for r in standings["standings"]] == [r["score"] for r in board]
    # Exports and the crosstable read an arena too; its waves cannot be paired by hand.
    for fmt in ("csv", "ndjson", "trf"):
        exported = api.call("GET", f"/tournaments/{tid}/export", query={"format": fmt})
        assert exported.status == 200, (fmt, exported.body)
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    assert "092 Arena" in trf
    assert api.call("GET", f"/tournaments/{tid}/crosstable").status == 200
    hand = {"tables": [[bots[0], bots[1]]], "byes": []}
    assert_error(
        api.call("PUT", f"/tournaments/{tid}/rounds/{waves_at_end + 1}/pairings", hand, token=olga),
        400,
        "invalid_pairing",
    )


def test_arena_settings_and_refusals(api: Api) -> None:
    _, olga = organizer(api)
    bad = api.call("POST", "/tournaments", {"name": "A", "settings": {"format": "arena"}}, token=olga)
    assert bad.status == 422, bad.body  # an arena needs its length
    best_of = {**ARENA, "games_per_match": 3}
    assert api.call("POST", "/tournaments", {"name": "A", "settings": best_of}, token=olga).status == 422
    swiss = create_tournament(api, olga, {"format": "swiss", "rounds": 3})
    assert_error(api.call("GET", f"/tournaments/{swiss['id']}/arena"), 400, "not_an_arena")
    t = create_tournament(api, olga, ARENA)
    bots = enter_bots(api, olga, t["id"], 2)
    _, mallory = api.register("Mallory")
    path = f"/tournaments/{t['id']}/entries/{bots[0]}/paused"
    assert_error(api.call("PUT", path, {"paused": True}, token=mallory), 403, "not_your_entry")
    assert_error(api.call("PUT", path, {"paused": True}), 401, "unauthorized")
    # Entries stay open while the window is: a player joins a running arena.
    api.call("POST", f"/tournaments/{t['id']}/start", token=olga)
    _, late = api.register("Late")
    joined = api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=late)
    assert joined.status == 201, joined.body
    api.clock.advance(11 * 60)
    _, later = api.register("Later")
    assert_error(api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=later), 409, "entries_closed")


def test_a_no_show_is_not_paired_again_until_back(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**ARENA, "seconds_per_move": 60})
    tid = t["id"]
    humans: dict[str, str] = {}
    for name in ("Ada", "Bea"):
        pid, token = api.register(name)
        assert api.call("POST", f"/tournaments/{tid}/entries", {}, token=token).status == 201
        humans[pid] = token
    api.call("POST", f"/tournaments/{tid}/start", token=olga)
    table = _waves(api, tid)[0]["tables"][0]
    api.clock.advance(61)  # the player due to lead never plays
    run_pipeline()
    decided = _waves(api, tid)[0]["tables"][0]
    assert (decided["forfeit"], decided["reason"]) == (True, "no_show")
    absent = table["first"]["id"]
    api.clock.advance(60)
    run_pipeline()
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] == 1  # not paired again
    board = {r["entrant"]: r for r in api.call("GET", f"/tournaments/{tid}/arena").body["leaderboard"]}
    assert board[absent]["paused"] is True
    back = api.call(
        "PUT", f"/tournaments/{tid}/entries/{absent}/paused", {"paused": False}, token=humans[absent]
    )
    assert back.status == 200, back.body
    run_pipeline()
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] == 2  # paired again


def _board(api: Api, tid: str) -> dict[str, dict[str, Any]]:
    return {r["entrant"]: r for r in api.call("GET", f"/tournaments/{tid}/arena").body["leaderboard"]}


def test_a_game_ended_after_the_grace_end_counts_for_nobody_though_the_run_came_later(api: Api) -> None:
    """The pipeline runs a minute apart: a game it finds decided after the grace end counts only if it
    ended at or before the grace end, whenever the run sees it."""
    _, olga = organizer(api)
    tid = create_tournament(api, olga, ARENA)["id"]  # 10 minutes, then 60 s of grace
    humans = enter_humans(api, tid, ("Ada", "Bea", "Cid", "Dan"))
    api.call("POST", f"/tournaments/{tid}/start", token=olga)
    early, late = _waves(api, tid)[0]["tables"]
    api.clock.advance(10 * 60 + 30)  # in the grace period
    play_out(api, early["games"][0], humans)
    api.clock.advance(40)  # 10 s after the grace end, before the next run
    play_out(api, late["games"][0], humans)
    run_pipeline()
    assert api.call("GET", f"/tournaments/{tid}").body["status"] == "finished"
    tables = _waves(api, tid)[0]["tables"]
    assert tables[0]["reason"] != "round_deadline"
    assert (tables[1]["reason"], tables[1]["result"] is not None) == ("round_deadline", True)
    board = _board(api, tid)
    assert [board[x]["games"] for x in (early["first"]["id"], early["second"]["id"])] == [1, 1]
    assert [board[x]["games"] for x in (late["first"]["id"], late["second"]["id"])] == [0, 0]
    assert sorted(board[x]["score"] for x in humans) == [0, 0, 0, 2]
    # Both were played out at the table: both are rated, the late one too.
    stored = services().stores.matches
    assert [stored.get_match(x["games"][0]).rating for x in tables] == ["rated", "rated"]


def test_a_loss_on_time_counts_by_when_the_clock_ran_out_and_an_adjudicated_game_is_not_rated(
    api: Api,
) -> None:
    """Three games played into the grace period, the pipeline's next run 20 s after its end: one lost
    on time before the grace end (saved only by that run's sweep) counts; one lost on time after it
    counts for nobody; one still under way is adjudicated, counts for nobody and is not rated."""
    _, olga = organizer(api)
    settings = {**ARENA, "arena_minutes": 5, "seconds_per_move": 60}  # grace end: 360 s after the start
    tid = create_tournament(api, olga, settings)["id"]
    humans = enter_humans(api, tid, ("Ada", "Bea", "Cid", "Dan", "Eva", "Fil"))
    api.call("POST", f"/tournaments/{tid}/start", token=olga)
    on_time, after, under_way = (t["games"][0] for t in _waves(api, tid)[0]["tables"])
    for _ in range(5):  # up to 250 s: everyone plays (nobody is a no-show)
        api.clock.advance(50)
        for match_id in (on_time, after, under_way):
            play_move(api, match_id, humans)
    api.clock.advance(40)  # 290 s: the clock of on_time's next player runs out at 350 s
    for match_id in (on_time, after, under_way):
        play_move(api, match_id, humans)
    api.clock.advance(20)  # 310 s: after's runs out at 370 s
    play_move(api, after, humans)
    api.clock.advance(40)  # 350 s: under_way's at 410 s
    play_move(api, under_way, humans)
    api.clock.advance(30)  # 380 s: the first run after the grace end
    run_pipeline()
    tables = _waves(api, tid)[0]["tables"]
    assert [t["reason"] for t in tables] == ["timeout", "round_deadline", "round_deadline"]
    board = _board(api, tid)
    assert [board[t["first"]["id"]]["games"] for t in tables] == [1, 0, 0]
    assert sum(r["score"] for r in board.values()) == 2
    stored = services().stores.matches
    ended = [stored.get_match(x) for x in (on_time, after, under_way)]
    assert [m.timed_out_at is not None for m in ended] == [True, True, False]
    assert [m.rating for m in ended] == ["rated", "rated", None]  # adjudicated at the grace end: unrated
