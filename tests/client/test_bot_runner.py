"""``scopa bot`` end to end: the runner with the example bot (clients/python/examples/taker.py) plays whole
matches through the local server, by push; connections cut mid-game cost no game and no duplicate move."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any, cast

import pytest

from scopa_client import Session
from scopa_client.bot import BotRunner, BotSettings, Program, Report, add_arguments
from scopa_client.session import ApiError
from tests.client.conftest import EXAMPLE_BOT, bot_account
from tests.client.proxy import relay_to
from tools.local_server import LocalServer


def seat_moves(record: dict[str, Any], seat: int) -> int:
    return sum(1 for deal in record["deals"] for move in deal["moves"] if move["seat"] == seat)


def run_in_thread(runner: BotRunner) -> tuple[threading.Thread, list[Report | BaseException]]:
    out: list[Report | BaseException] = []

    def work() -> None:
        try:
            out.append(runner.run())
        except BaseException as exc:  # handed to the test
            out.append(exc)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread, out


def check_each_decision_played_once(url: str, token: str, report: Report) -> None:
    """Every decision the program made is exactly one move of the bot's seat in the game's record."""
    with Session(url, token) as bot:
        for done in report.finished:
            assert done.status == "finished", done
            record = bot.request("GET", f"/matches/{done.match_id}/record")
            assert done.seat is not None
            assert seat_moves(record, done.seat) == report.decisions_by_match[done.match_id]


def test_the_example_bot_plays_house_bots_through_cut_connections(server: LocalServer) -> None:
    _, token = bot_account(server.url, "Taker")
    host, port = server.server_address
    with relay_to(str(host), int(port)) as relay:
        program = Program([sys.executable, str(EXAMPLE_BOT)])
        settings = BotSettings(versus="bot-greedy", max_games=1, stop_after=2)
        session = Session(relay.url, token, timeout=10)
        runner = BotRunner(session, program, settings, sleep=lambda s: time.sleep(min(s, 0.5)))
        thread, out = run_in_thread(runner)
        # Cut every connection (the WebSocket and the HTTP keep-alive) a few times mid-game.
        for threshold in (5, 25, 60):
            deadline = time.monotonic() + 60
            while runner.report.decisions < threshold and thread.is_alive() and time.monotonic() < deadline:
                time.sleep(0.01)
            if thread.is_alive():
                relay.cut()
        thread.join(timeout=240)
        program.close()
        session.close()
    assert not thread.is_alive(), "the runner did not finish its games"
    report = out[0]
    assert isinstance(report, Report), report
    assert len(report.finished) == 2
    assert report.reconnects >= 1
    check_each_decision_played_once(server.url, token, report)


def test_the_runner_accepts_a_challenge_and_declines_what_its_settings_refuse(server: LocalServer) -> None:
    bot_id, token = bot_account(server.url, "Challenger")
    with Session.register(server.url, "Cleo") as cleo:
        refused = cleo.request("POST", "/challenges", {"opponent": bot_id, "game": "briscola"})
        wanted = cleo.request("POST", "/challenges", {"opponent": bot_id, "target": 1})
        program = Program([sys.executable, str(EXAMPLE_BOT)])
        session = Session(server.url, token)
        runner = BotRunner(session, program, BotSettings(games=frozenset({"scopa"}), stop_after=1))
        thread, out = run_in_thread(runner)
        final = cleo.play(wanted["id"], lambda view: view["legal_moves"][-1])
        thread.join(timeout=120)
        program.close()
        session.close()
        assert final["status"] == "finished"
        assert cleo.match(refused["id"])["status"] == "declined"
    report = out[0]
    assert isinstance(report, Report), report
    assert [f.match_id for f in report.finished] == [wanted["id"]]
    check_each_decision_played_once(server.url, token, report)


def test_the_runner_takes_a_seek_from_the_lobby(server: LocalServer) -> None:
    _, token = bot_account(server.url, "Seeker")
    with Session.register(server.url, "Dora") as dora:
        seek = dora.request("POST", "/lobby/seeks", {"game": "scopa", "target": 1, "rated": False})
        program = Program([sys.executable, str(EXAMPLE_BOT)])
        session = Session(server.url, token)
        settings = BotSettings(accept_challenges=False, accept_seeks=True, rated="casual", stop_after=1)
        runner = BotRunner(session, program, settings)
        thread, out = run_in_thread(runner)
        deadline = time.monotonic() + 90  # the runner polls the lobby with backoff
        while (taken := dora.request("GET", f"/lobby/seeks/{seek['id']}"))["status"] == "open":
            assert time.monotonic() < deadline, "the runner did not take the seek"
            time.sleep(0.1)
        final = dora.play(taken["match_id"], lambda view: view["legal_moves"][0])
        thread.join(timeout=120)
        program.close()
        session.close()
    assert final["status"] == "finished"
    report = out[0]
    assert isinstance(report, Report), report
    assert [f.match_id for f in report.finished] == [taken["match_id"]]


def test_the_runner_posts_its_own_seek_plays_whoever_takes_it_and_leaves_none_open(
    server: LocalServer,
) -> None:
    bot_id, token = bot_account(server.url, "Poster")
    with Session.register(server.url, "Ezio") as ezio:
        program = Program([sys.executable, str(EXAMPLE_BOT)])
        session = Session(server.url, token)
        settings = BotSettings(accept_challenges=False, post_seeks=True, seek_rated=False, stop_after=1)
        runner = BotRunner(session, program, settings)
        thread, out = run_in_thread(runner)
        deadline = time.monotonic() + 60
        while not (mine := [s for s in ezio.seeks() if s["by"]["player_id"] == bot_id]):
            assert time.monotonic() < deadline, "the runner posted no seek"
            time.sleep(0.1)
        assert len(mine) == 1  # one seek at a time
        assert (mine[0]["game"], mine[0]["preset"], mine[0]["rated"]) == ("scopa", "classic", False)
        started = ezio.accept_seek(str(mine[0]["id"]))
        final = ezio.play(started["id"], lambda view: view["legal_moves"][0])
        thread.join(timeout=240)
        program.close()
        session.close()
        assert not thread.is_alive(), "the runner did not play the match its seek started"
        assert final["status"] == "finished"
        assert [s for s in ezio.seeks() if s["by"]["player_id"] == bot_id] == []  # none left open
    report = out[0]
    assert isinstance(report, Report), report
    assert [f.match_id for f in report.finished] == [started["id"]]
    check_each_decision_played_once(server.url, token, report)


def test_the_runner_withdraws_its_seek_however_it_ends_and_outlives_a_refused_post(
    server: LocalServer,
) -> None:
    bot_id, token = bot_account(server.url, "Stopper")
    with Session(server.url, token) as own:  # three seeks left open (as by runs killed outright)
        left = [own.create_seek(game="scopa", rated=False)["id"] for _ in range(3)]
    program = Program([sys.executable, str(EXAMPLE_BOT)])
    session = Session(server.url, token)
    settings = BotSettings(accept_challenges=False, post_seeks=True, seek_rated=False)
    runner = BotRunner(session, program, settings)
    thread, out = run_in_thread(runner)
    with Session(server.url, token) as own:
        deadline = time.monotonic() + 30
        while runner._seek_again_at == 0.0:  # its post refused: too many open seeks
            assert thread.is_alive(), out
            assert time.monotonic() < deadline, "the runner never tried to post its seek"
            time.sleep(0.05)
        assert thread.is_alive()  # refused, it goes on (and tries again later)
        for seek_id in left:
            own.withdraw_seek(str(seek_id))
        runner._seek_again_at = 0.0  # "later" is now

        def broken() -> None:  # the runner fails in the middle of its loop once its seek is up
            if runner._seek_id is not None:
                raise RuntimeError("the program's host went away")

        runner._start_versus_game = broken  # type: ignore[method-assign]
        thread.join(timeout=60)
        program.close()
        session.close()
        assert not thread.is_alive()
        assert isinstance(out[0], RuntimeError), out
        assert [s for s in own.seeks() if s["by"]["player_id"] == bot_id] == []  # withdrawn on the way out


def test_the_example_bot_plays_briscola_against_a_house_bot(server: LocalServer) -> None:
    _, token = bot_account(server.url, "Briscolone")
    program = Program([sys.executable, str(EXAMPLE_BOT)])
    session = Session(server.url, token)
    settings = BotSettings(
        games=frozenset({"briscola"}), versus="bot-random", versus_game="briscola", stop_after=1
    )
    runner = BotRunner(session, program, settings, sleep=lambda s: time.sleep(min(s, 0.5)))
    thread, out = run_in_thread(runner)
    thread.join(timeout=120)
    program.close()
    session.close()
    report = out[0]
    assert isinstance(report, Report), report
    assert [f.status for f in report.finished] == ["finished"]
    assert report.decisions > 10


def test_a_seek_post_that_may_have_been_made_is_retried_under_its_key_and_its_life_is_checked() -> None:
    class Refusing:
        """A service that answers every seek post with ``status``."""

        base_url = "http://127.0.0.1:1"

        def __init__(self) -> None:
            self.keys: list[str] = []
            self.status = 503

        def create_seek(self, **terms: Any) -> dict[str, Any]:
            self.keys.append(terms["idempotency_key"])
            raise ApiError(self.status, {"code": "x", "message": "no", "details": {}})

    service = Refusing()
    runner = BotRunner(cast(Session, service), cast(Program, None), BotSettings(post_seeks=True))
    for status in (503, 429, 409, 409):  # a 5xx or 429 may have made the seek: the retry keeps its key
        service.status = status
        runner._seek_again_at = 0.0
        runner._keep_seek()
    assert service.keys[0] == service.keys[1] == service.keys[2] != service.keys[3]
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--seek-seconds", "900", "--", "bot"]).seek_seconds == 900
    with pytest.raises(SystemExit):
        parser.parse_args(["--seek-seconds", "30", "--", "bot"])
