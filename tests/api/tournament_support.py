"""Helpers for the tournament tests: organizers, bot fields, human entrants, the pipeline, the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from api import context
from scopa.domain.games.scopa.bots import make_bot
from tests.api.conftest import ADMIN_TOKEN, Api


def organizer(api: Api, name: str = "Olga") -> tuple[str, str]:
    """A registered player the admin made an organizer: (id, token)."""
    player_id, token = api.register(name)
    answer = api.call("PUT", f"/players/{player_id}/role", {"role": "organizer"}, token=ADMIN_TOKEN)
    assert answer.status == 200, answer.body
    return player_id, token


def create_tournament(api: Api, token: str, settings: dict[str, Any], **extra: Any) -> dict[str, Any]:
    answer = api.call("POST", "/tournaments", {"name": "Torneo", "settings": settings, **extra}, token=token)
    assert answer.status == 201, answer.body
    body: dict[str, Any] = answer.body
    return body


def enter_bots(
    api: Api, token: str, tournament_id: str, count: int, kinds: tuple[str, ...] = ("greedy",)
) -> list[str]:
    """Enter ``count`` house-bot identities (``bot-greedy-1`` ...), with distinct seeding ratings."""
    ids = []
    for i in range(count):
        bot = f"bot-{kinds[i % len(kinds)]}-{i + 1}"
        answer = api.call(
            "POST",
            f"/tournaments/{tournament_id}/entries",
            {"players": [bot], "rating": 2000 - i * 10},
            token=token,
        )
        assert answer.status == 201, answer.body
        ids.append(answer.body["id"])
    return ids


def enter_humans(api: Api, tournament_id: str, names: tuple[str, ...]) -> dict[str, str]:
    """Register and enter players by themselves: {player id: token}."""
    tokens = {}
    for name in names:
        player_id, token = api.register(name)
        answer = api.call("POST", f"/tournaments/{tournament_id}/entries", {}, token=token)
        assert answer.status == 201, answer.body
        tokens[player_id] = token
    return tokens


def play_round(api: Api, tournament_id: str, number: int, tokens: dict[str, str]) -> None:
    """Play out every match of a round through the API."""
    rnd = api.call("GET", f"/tournaments/{tournament_id}/rounds/{number}").body
    for table in rnd["tables"]:
        for match_id in table["games"]:
            play_out(api, match_id, tokens)


def run_pipeline() -> dict[str, Any]:
    """One scheduled run, through the pipeline's own Lambda handler."""
    from pipeline.handler import handler
    from tools.apigw import FakeLambdaContext

    result: dict[str, Any] = handler({"source": "aws.scheduler"}, FakeLambdaContext())
    return result


def run_until_finished(api: Api, tournament_id: str, limit: int = 200) -> dict[str, Any]:
    """Run the pipeline until the tournament is finished (bots finish their matches when created)."""
    for _ in range(limit):
        body: dict[str, Any] = api.call("GET", f"/tournaments/{tournament_id}").body
        if body["status"] == "finished":
            return body
        run_pipeline()
    raise AssertionError(f"tournament {tournament_id} did not finish")


def play_move(api: Api, match_id: str, tokens: dict[str, str]) -> None:
    """The human to move plays one card (a greedy bot's choice) through the API; the match goes on."""
    player = api.call("GET", f"/matches/{match_id}").body["turn_player_id"]
    view = api.call("GET", f"/matches/{match_id}", token=tokens[player]).body
    move = make_bot("greedy", seed=view["version"]).choose(view["view"])
    body = {"card": move["card"], "take": move["take"], "version": view["version"]}
    answer = api.call("POST", f"/matches/{match_id}/moves", body, token=tokens[player])
    assert answer.status == 200, answer.body
    assert answer.body["status"] == "active"


def play_out(api: Api, match_id: str, tokens: dict[str, str]) -> dict[str, Any]:
    """Human seats play a match to its end through the API, each move chosen by a greedy bot."""
    while True:
        state: dict[str, Any] = api.call("GET", f"/matches/{match_id}").body
        if state["status"] != "active":
            return state
        player = state["turn_player_id"]
        view = api.call("GET", f"/matches/{match_id}", token=tokens[player]).body
        move = make_bot("greedy", seed=view["version"]).choose(view["view"])
        answer = api.call(
            "POST",
            f"/matches/{match_id}/moves",
            {"card": move["card"], "take": move["take"], "version": view["version"]},
            token=tokens[player],
        )
        assert answer.status == 200, answer.body


def services() -> Any:
    return context.services()


class PairingRace:
    """The pipeline's repository, with a request made at one point of the pairing of round (or wave)
    ``number``: right after the pipeline read the tournament's version (before it reads the entries),
    or after it read the entries and paired (before the round's write), or after that write."""

    def __init__(self, repo: Any, when: str, request: Callable[[], Any], number: int) -> None:
        self.repo, self.when, self.request, self.number = repo, when, request, number
        self.answers: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.repo, name)

    def _race(self, point: str) -> None:
        if self.when == point and not self.answers:
            self.answers.append(self.request())

    def get_tournament(self, tournament_id: str) -> Any:
        t = self.repo.get_tournament(tournament_id)
        # Only the pairing reads the version on its own, with the round before it current.
        if t is not None and t.status == "running" and t.current_round == self.number - 1:
            self._race("version read")
        return t

    def create_round(self, tournament_id: str, rnd: Any, expected_version: int | None = None) -> None:
        if rnd.number == self.number:
            self._race("entries read")
        self.repo.create_round(tournament_id, rnd, expected_version)
        if rnd.number == self.number:
            self._race("round written")


def count_tournament_reads(monkeypatch: Any) -> list[str]:
    """Every whole read of a tournament (``repo.load``) the API's services make from now on, by id: what a
    page or an answer costs the tournament's partition."""
    repo = context.services().tournaments.repo
    reads: list[str] = []
    load = repo.load

    def counted(tournament_id: str) -> Any:
        reads.append(tournament_id)
        return load(tournament_id)

    monkeypatch.setattr(repo, "load", counted)
    return reads
