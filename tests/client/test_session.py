"""The session layer end to end: a person signs in and plays whole games against a house bot through the
client, following the match by push, and by long-poll when no WebSocket can be opened."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from scopa_client import ApiError, Session
from scopa_client.openapi.models import MatchAnswer, PlayerProfile
from tools.local_server import LocalServer


def first_legal(view: dict[str, Any]) -> dict[str, Any]:
    return dict(view["legal_moves"][0])


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections for the whole test: bound, so that no other server (of
    another worker: each has a push endpoint) can take it, and never listening. A port bound and released
    at once could be taken before the client tries it, and its socket would open on that other server."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield int(held.getsockname()[1])


def test_a_whole_game_against_a_house_bot_by_push(server: LocalServer) -> None:
    with Session.register(server.url, "Ada") as ada:
        profile = PlayerProfile.from_dict(ada.me())  # the generated, typed model
        assert (profile.name, profile.kind) == ("Ada", "person")
        created = ada.create_match([profile.id, "bot-greedy"], preset="classic")
        assert MatchAnswer.from_dict(created).status == "active"
        seen: list[int] = []

        def choose(view: dict[str, Any]) -> dict[str, Any]:
            seen.append(1)
            return first_legal(view)

        final = ada.play(created["id"], choose)
    assert final["status"] == "finished"
    assert final["result"]["winners"]
    assert len(seen) > 10  # a whole game: several deals of the caller's moves


def test_the_long_poll_carries_a_game_when_push_is_unreachable(server: LocalServer, closed_port: int) -> None:
    with Session.register(server.url, "Bea") as bea:
        me = bea.me()["id"]
    with Session(server.url, bea.token, live_url=f"ws://127.0.0.1:{closed_port}/live") as bea:
        created = bea.create_match([me, "bot-random"], target=1)
        final = bea.play(created["id"], first_legal)
    assert final["status"] == "finished"


def test_a_follow_whose_token_is_rotated_elsewhere_stops_with_401_instead_of_hearing_the_next_move(
    server: LocalServer,
) -> None:
    """A leaked token's follower: the server closes its socket when the player rotates the token, and its
    long-poll is refused; without the close, the next move would reach it with Ada's hand."""
    with Session.register(server.url, "Ada") as ada, Session.register(server.url, "Bea") as bea:
        ada_id, bea_id = ada.me()["id"], bea.me()["id"]
        created = ada.create_match([ada_id, bea_id], target=1)
        match = bea.accept(created["id"])
        if match["turn_player_id"] == ada_id:
            move = first_legal(ada.match(created["id"])["view"])
            match = ada.move(created["id"], move, match["version"], idempotency_key="first")
        following = ada.follow(created["id"])
        assert next(following)["version"] == match["version"]  # read by REST: no socket yet

        def bea_moves() -> None:
            theirs = bea.match(created["id"])
            bea.move(created["id"], first_legal(theirs["view"]), theirs["version"], idempotency_key="second")

        later = threading.Timer(0.3, bea_moves)
        later.start()
        heard = next(following)  # on the socket, which stays open at this yield
        later.join()
        assert heard["version"] > match["version"]
        assert heard["turn_player_id"] == ada_id

        with Session(server.url, ada.token) as elsewhere:
            rotated = elsewhere.request("POST", "/me/token")["token"]
        with Session(server.url, rotated) as renewed:
            mine = renewed.match(created["id"])
            renewed.move(created["id"], first_legal(mine["view"]), mine["version"], idempotency_key="third")
        with pytest.raises(ApiError) as refused:
            next(following)
        assert (refused.value.status, refused.value.code) == (401, "unauthorized")


def test_errors_carry_the_service_code(server: LocalServer) -> None:
    with Session(server.url, "not-a-token") as nobody, pytest.raises(ApiError) as refused:
        nobody.me()
    assert (refused.value.status, refused.value.code) == (401, "unauthorized")


def test_a_move_sent_on_a_version_the_match_has_left_reads_the_match_again(server: LocalServer) -> None:
    """The play loop's step: a retry of the last move replays its answer; a move on a version the match
    has left (a late update, or a retry of an older move) applies nothing and hands back the match."""
    with Session.register(server.url, "Cleo") as cleo:
        created = cleo.create_match([cleo.me()["id"], "bot-greedy"], preset="classic")
        versions: list[int] = []
        latest = cleo.match(created["id"])
        for _ in range(2):  # two moves of Cleo's, each answered by the bot
            assert latest["view"]["your_turn"]
            versions.append(int(latest["version"]))
            move = {k: v for k, v in first_legal(latest["view"]).items() if k in ("card", "take")}
            latest = cleo._move_retrying(created["id"], move, versions[-1])
        assert cleo._move_retrying(created["id"], move, versions[-1]) == latest  # the same key: replayed
        again = cleo._move_retrying(created["id"], move, versions[0])  # the first move's version
        assert again["version"] == latest["version"] == cleo.match(created["id"])["version"]


class Scripted(Session):
    """A session whose match feed and moves are scripted: no server."""

    def __init__(self, feed: list[dict[str, Any]], answers: dict[int, dict[str, Any]]) -> None:
        super().__init__("http://127.0.0.1:9")
        self.feed, self.answers, self.posted = feed, answers, list[int]()

    def follow(self, match_id: str, *, poll_wait: int = 20) -> Any:
        yield from self.feed

    def _move_retrying(self, match_id: str, move: dict[str, Any], version: int, attempts: int = 6) -> Any:
        self.posted.append(version)
        return self.answers[version]


def _state(version: int, *, turn: bool, status: str = "active") -> dict[str, Any]:
    return {
        "version": version,
        "status": status,
        "view": {"your_turn": turn, "legal_moves": [{"card": "1C"}]},
    }


def test_the_play_loop_skips_an_update_older_than_its_own_last_move() -> None:
    """At a deal's end a player can move twice in a row; an update that predates the second move (the
    feed does not see the loop's own moves) must not be played on again."""
    feed = [_state(1, turn=True), _state(2, turn=True), _state(4, turn=False, status="finished")]
    answers = {1: _state(2, turn=True), 2: _state(3, turn=False)}  # moved at 1, then again at 2
    session = Scripted(feed, answers)
    final = session.play("m_1", first_legal)
    assert session.posted == [1, 2]  # the feed's stale version 2 was skipped, not played again
    assert final["status"] == "finished"
