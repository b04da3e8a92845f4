"""The hand-written layer over the generated client: sign in, start or accept a match, play it.

:class:`Session` holds the generated :class:`~scopa_client.openapi.AuthenticatedClient` (``session.api``:
pass it to any generated operation for a typed call) and adds what a program playing matches needs:

* the generated, typed operations for every call it makes (``scopa_client.openapi.api.<tag>``), with
  errors as :class:`ApiError` carrying the service's stable ``code`` (docs/api.md, "Errors");
* moves sent with the version they answer and an ``Idempotency-Key``, so a retry is always safe; to the
  match's ``links.moves`` when an answer gave one (in AWS, the API function's URL for moves: no API
  Gateway in the way), else to ``POST /matches/{id}/moves``, and there too if the link cannot be reached;
* :meth:`Session.follow`: a match's answers as they change, by push (docs/live.md) with the long-poll
  (``GET /matches/{id}?after_version=&wait=``) as the fallback while the WebSocket is down;
* :meth:`Session.play`: a whole match with a function that picks a move from the seat's view.

Answers are returned as the JSON the API sends (``dict``); the typed models of the generated package
(``scopa_client.openapi.models``) parse any of them with ``Model.from_dict``.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import Any, Self

import httpx

from scopa_client.live import LIVE_ERRORS, Live, live_url_of
from scopa_client.openapi import AuthenticatedClient, Client
from scopa_client.openapi.api.lobby import (
    accept_seek,
    create_seek,
    get_inbox,
    get_seek,
    list_seeks,
    withdraw_seek,
)
from scopa_client.openapi.api.matches import accept_match, create_match, decline_match, get_match, play_move
from scopa_client.openapi.api.players import get_me, list_player_matches, register_player
from scopa_client.openapi.models import BriscolaMove, CreateMatch, CreateSeek, RegisterPlayer, ScopaMove
from scopa_client.openapi.types import Response

NETWORK_ERRORS: tuple[type[BaseException], ...] = (httpx.TransportError,)
TERMINAL = ("finished", "declined", "withdrawn", "expired")

Json = dict[str, Any]
Chooser = Callable[[Json], Json]


#: A move's 409 codes that say the match is no longer where the mover saw it: read it again, don't fail.
MOVED_ON = frozenset({"stale_version", "not_your_turn", "match_finished"})


def _move_body(move: Json) -> BriscolaMove | ScopaMove:
    """The move as the document's union member that holds its fields (both send the same JSON)."""
    if set(move) <= {"card", "take", "version"}:
        return ScopaMove.from_dict(move)
    return BriscolaMove.from_dict(move)


class ApiError(Exception):
    """An error answer: HTTP ``status`` and the body's ``code``, ``message`` and ``details``."""

    def __init__(self, status: int, body: Any) -> None:
        body = body if isinstance(body, dict) else {}
        self.status = status
        self.code = str(body.get("code", "http_error"))
        self.details: dict[str, Any] = body.get("details") or {}
        super().__init__(f"{status} {self.code}: {body.get('message', '')}")


class Session:
    """A player's (or a bot account's) connection to the API at ``base_url``."""

    def __init__(
        self, base_url: str, token: str | None = None, *, timeout: float = 30.0, live_url: str | None = None
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.moves_links: dict[str, str] = {}  # match id -> links.moves of its latest answer that had one
        self._unreachable: set[str] = set()  # links that could not be reached: not tried again
        self.live_url = live_url or live_url_of(self.base_url)
        wait = httpx.Timeout(timeout, connect=10.0)
        self.api: AuthenticatedClient | Client = (
            AuthenticatedClient(
                base_url=self.base_url, token=token, timeout=wait, raise_on_unexpected_status=False
            )
            if token
            else Client(base_url=self.base_url, timeout=wait, raise_on_unexpected_status=False)
        )

    @classmethod
    def register(cls, base_url: str, name: str, **options: Any) -> Session:
        """A new player named ``name``, signed in with its token (shown once: keep ``session.token``)."""
        anonymous = cls(base_url, **options)
        try:
            body = RegisterPlayer(name=name)
            made = register_player.sync_detailed(
                client=anonymous.api, body=body, idempotency_key=str(uuid.uuid4())
            )
            answer = anonymous._answer(made)
        finally:
            anonymous.close()
        return cls(base_url, answer["token"], **options)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        self.api.get_httpx_client().close()

    # ------------------------------------------------------------------------------ requests

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        params: dict[str, Any] | None = None,
        key: str | None = None,
    ) -> Any:
        """Any call by path, for what the methods below do not cover; the JSON answer (None for 204), or
        :class:`ApiError`. Network errors propagate as ``httpx.TransportError`` (see
        :data:`NETWORK_ERRORS`): retry with the same ``key``."""
        headers = {"Idempotency-Key": key} if key else {}
        answer = self.api.get_httpx_client().request(method, path, json=body, params=params, headers=headers)
        if answer.status_code == 204:
            return None
        try:
            parsed = answer.json()
        except ValueError:
            parsed = None
        if answer.status_code >= 400:
            raise ApiError(answer.status_code, parsed)
        return parsed

    def _signed_in(self) -> AuthenticatedClient:
        if not isinstance(self.api, AuthenticatedClient):
            raise ValueError("this call needs a token: Session(base_url, token) or Session.register(...)")
        return self.api

    def _answer(self, response: Response[Any]) -> Any:
        """A generated operation's response as the JSON the API sent, or :class:`ApiError`."""
        return self._parsed(response.status_code, response.content)

    def _parsed(self, status: int, content: bytes) -> Any:
        """An answer's JSON (None when it has none), or :class:`ApiError` for an error status."""
        try:
            parsed = json.loads(content) if content else None
        except ValueError:
            parsed = None
        if status >= 400:
            raise ApiError(status, parsed)
        self._remember_link(parsed)
        return parsed

    def _remember_link(self, answer: Any) -> None:
        """Keep a match answer's ``links.moves`` (answers pushed over the WebSocket carry none)."""
        if isinstance(answer, dict) and isinstance(answer.get("links"), dict):
            link = answer["links"].get("moves")
            if isinstance(link, str) and link.startswith("https://") and link not in self._unreachable:
                self.moves_links[str(answer["id"])] = link

    def me(self) -> Json:
        return dict(self._answer(get_me.sync_detailed(client=self._signed_in())))

    def create_match(
        self,
        players: list[str],
        *,
        game: str = "scopa",
        preset: str = "classic",
        idempotency_key: str | None = None,
        **fields: Any,
    ) -> Json:
        """``POST /matches``: with house bots only it starts at once; people must accept first."""
        body = CreateMatch.from_dict({"players": players, "game": game, "preset": preset, **fields})
        key = idempotency_key or str(uuid.uuid4())
        made = create_match.sync_detailed(client=self._signed_in(), body=body, idempotency_key=key)
        return dict(self._answer(made))

    def accept(self, match_id: str) -> Json:
        return dict(self._answer(accept_match.sync_detailed(match_id, client=self._signed_in())))

    def decline(self, match_id: str) -> Json:
        return dict(self._answer(decline_match.sync_detailed(match_id, client=self._signed_in())))

    def match(self, match_id: str, *, after_version: int | None = None, wait: int | None = None) -> Json:
        """``GET /matches/{id}``; with ``after_version`` and ``wait`` (at most 20 s) a long-poll."""
        if after_version is None:
            answer = get_match.sync_detailed(match_id, client=self._signed_in())
        else:
            answer = get_match.sync_detailed(
                match_id, client=self._signed_in(), after_version=after_version, wait=float(wait or 0)
            )
        return dict(self._answer(answer))

    def move(self, match_id: str, move: Json, version: int, *, idempotency_key: str) -> Json:
        """Play ``move`` at ``version``; a retry with the same key answers the first result. Sent to the
        match's move link when there is one; when that cannot be reached, to the API's path (the same key
        makes the second try safe) and to the API from then on."""
        body = _move_body({**move, "version": version})
        link = self.moves_links.get(match_id)
        if link is not None:
            try:
                return dict(self._post_link(link, body.to_dict(), idempotency_key))
            except NETWORK_ERRORS:
                del self.moves_links[match_id]
                self._unreachable.add(link)
        played = play_move.sync_detailed(
            match_id, client=self._signed_in(), body=body, idempotency_key=idempotency_key
        )
        return dict(self._answer(played))

    def _post_link(self, link: str, body: Json, idempotency_key: str) -> Any:
        client = self._signed_in().get_httpx_client()  # its Authorization header, to another host
        answer = client.post(link, json=body, headers={"Idempotency-Key": idempotency_key})
        return self._parsed(answer.status_code, answer.content)

    def inbox(self) -> Json:
        return dict(self._answer(get_inbox.sync_detailed(client=self._signed_in())))

    def seeks(self) -> list[Json]:
        return list(self._answer(list_seeks.sync_detailed(client=self.api, limit=100))["items"])

    def accept_seek(self, seek_id: str) -> Json:
        """Take a seek; a retry answers the same match (its id comes from the seek's)."""
        return dict(self._answer(accept_seek.sync_detailed(seek_id, client=self._signed_in())))

    def create_seek(self, *, idempotency_key: str | None = None, **terms: Any) -> Json:
        """``POST /lobby/seeks``: an open offer anyone may take (``game``, ``preset``, ``rated``...)."""
        body = CreateSeek.from_dict(terms)
        key = idempotency_key or str(uuid.uuid4())
        made = create_seek.sync_detailed(client=self._signed_in(), body=body, idempotency_key=key)
        return dict(self._answer(made))

    def seek(self, seek_id: str) -> Json:
        """One seek as it stands; once taken, its ``match_id`` names the match it started."""
        return dict(self._answer(get_seek.sync_detailed(seek_id, client=self.api)))

    def withdraw_seek(self, seek_id: str) -> None:
        self._answer(withdraw_seek.sync_detailed(seek_id, client=self._signed_in()))

    def my_matches(self, limit: int = 50) -> list[Json]:
        """The caller's latest matches (newest first, as ``GET /players/{id}/matches`` lists them)."""
        listed = list_player_matches.sync_detailed(self.me()["id"], client=self.api, limit=limit)
        return list(self._answer(listed)["matches"])

    # ------------------------------------------------------------------------------ following a match

    def follow(self, match_id: str, *, poll_wait: int = 20) -> Iterator[Json]:
        """The match's answers, each newer than the one before, until it is over. Push first; when the
        WebSocket cannot be opened or drops, the long-poll carries on and push is tried again after."""
        latest = self.match(match_id)
        yield latest
        while latest["status"] not in TERMINAL:
            try:
                with Live(self.live_url, self.token) as live:
                    live.subscribe(f"match:{match_id}")
                    while latest["status"] not in TERMINAL:
                        message = live.receive(timeout=60.0)
                        if message is None:
                            live.ping()
                            continue
                        data = message.get("data")
                        if message.get("type") == "update" and data and data["version"] > latest["version"]:
                            latest = data
                            yield latest
            except LIVE_ERRORS:
                pass  # push is gone: the long-poll below carries on, and push is tried again after it
            if latest["status"] in TERMINAL:
                return
            try:  # one long-poll while push is away
                fresh = self.match(match_id, after_version=int(latest["version"]), wait=poll_wait)
            except NETWORK_ERRORS:
                time.sleep(1.0)
                continue
            if fresh["version"] > latest["version"]:
                latest = fresh
                yield latest

    def play(self, match_id: str, choose: Chooser) -> Json:
        """Play the match to its end: at each of the caller's turns ``choose(view)`` returns a move (one of
        ``view["legal_moves"]``), sent with its version and the key ``<match>:<version>``. Returns the
        final answer."""
        latest: Json = {}
        for answer in self.follow(match_id):
            if latest and int(answer["version"]) <= int(latest["version"]):
                # Older than this loop's own last answer: ``follow`` does not see the moves made here, so
                # an update it yields may predate them (after a deal where the caller moved twice in a row).
                continue
            latest = answer
            while latest["status"] == "active" and (latest.get("view") or {}).get("your_turn"):
                version = int(latest["version"])
                move = choose(latest["view"])
                picked = {k: v for k, v in move.items() if k in ("card", "take", "signal", "bid", "call")}
                latest = self._move_retrying(match_id, picked, version)
            if latest["status"] in TERMINAL:
                return latest
        return latest

    def _move_retrying(self, match_id: str, move: Json, version: int, attempts: int = 6) -> Json:
        """The move's answer, retried on network errors with the same key. A 409 of :data:`MOVED_ON` means
        the match moved on (a retry whose first try was applied and then answered by the opponent, or a
        late update): the match as it is now is returned, and the play loop decides again from it."""
        delay = 0.25
        for attempt in range(attempts):
            try:
                return self.move(match_id, move, version, idempotency_key=f"{match_id}:{version}")
            except NETWORK_ERRORS:
                if attempt == attempts - 1:
                    raise
                time.sleep(delay)
                delay *= 2
            except ApiError as exc:
                if exc.status == 409 and exc.code in MOVED_ON:
                    return self.match(match_id)
                raise
        raise AssertionError("unreachable: the last attempt returns or raises")
