"""The lobby: open seeks anyone can take, challenges to a named player, and a player's inbox.

A seek is taken by one conditional write (:meth:`SeekRepository.take_seek`), which also fixes the id of
the match it starts (derived from the seek's id), so of two players accepting at once one gets the match
and the other ``seek_taken``; the match is then created with both seats already agreed, so it starts at
once. Should the match creation fail after the take, the taker's retry finds the seek taken by them and
creates the same match (same id: a second creation finds the first).

A challenge is an ordinary invitation (a pending match) to one named human. Invitations expire
(:meth:`MatchService._lapse`), their creator can withdraw them (:meth:`MatchService.withdraw`).

The inbox is derived from the player's match list (newest first), read back only as far as the oldest
invitation that can still be pending (:data:`MAX_INVITE_SECONDS`, a week), and capped at
:data:`INBOX_SCAN` matches: its cost grows with the matches the player joined in the last week, one query
per 100 of them plus one batch read of the pending ones.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import asdict, dataclass, field, replace

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.match_limits import DEFAULT_MOVE_SECONDS
from scopa.application.ports.changes import LOBBY_TOPIC, Change, ChangeFeed, NoFeed, inbox_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.matches import Match
from scopa.application.ports.seeks import Seek, SeekRepository, TooManySeeks
from scopa.application.services.matches import (
    DEFAULT_INVITE_SECONDS,
    MAX_INVITE_SECONDS,
    MatchService,
    MatchView,
    NewMatch,
    game_rules,
    invitation_expiry,
)
from scopa.application.services.players import PlayerService, bot_kind

MAX_OPEN_SEEKS = 3  # open seeks a player may hold at once
DEFAULT_SEEK_SECONDS = 3_600
INBOX_PAGE = 100
INBOX_SCAN = 1_000  # matches of the last week the inbox reads at most


@dataclass(frozen=True)
class NewSeek:
    game: str = "scopa"
    preset: str = "classic"
    target: int | None = None
    move_seconds: int = DEFAULT_MOVE_SECONDS
    rated: bool = True
    expires_in: int = DEFAULT_SEEK_SECONDS


@dataclass(frozen=True)
class NewChallenge:
    opponent: str
    game: str = "scopa"
    preset: str = "classic"
    target: int | None = None
    move_seconds: int = DEFAULT_MOVE_SECONDS
    rated: bool = True
    expires_in: int = DEFAULT_INVITE_SECONDS


@dataclass(frozen=True)
class InboxEntry:
    """A pending match as the inbox lists it: who made it, on what terms, until when, whom it awaits."""

    id: str
    from_id: str
    from_name: str
    preset: str
    target: int | None
    move_seconds: int
    rated: bool
    created_at: str
    expires_at: str
    awaiting: list[str] = field(default_factory=list)  # names of the players who have not accepted
    game: str = "scopa"


@dataclass(frozen=True)
class Inbox:
    invitations: list[InboxEntry]  # pending matches the player is invited to and has not accepted
    challenges: list[InboxEntry]  # the player's own pending matches, waiting for others
    seeks: list[Seek]  # the player's open seeks


def seek_match_id(seek_id: str) -> str:
    """The id of the match a seek starts: fixed by the seek, so a retried accept finds the same match."""
    return "m_" + hashlib.sha256(f"seek\n{seek_id}".encode()).hexdigest()[:16]


class LobbyService:
    def __init__(
        self,
        seeks: SeekRepository,
        matches: MatchService,
        players: PlayerService,
        clock: Clock,
        changes: ChangeFeed | None = None,
    ) -> None:
        self.seeks = seeks
        self.matches = matches
        self.players = players
        self.clock = clock
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()

    # ------------------------------------------------------------------ seeks

    def create_seek(self, caller: Caller, request: NewSeek, idempotency_key: str | None = None) -> Seek:
        me = caller.require_player()
        once = Once.of("create_seek", me, idempotency_key, asdict(request))
        game = self.matches.game(request.game)
        rules = game_rules(
            game, request.preset, {"target": request.target} if request.target is not None else {}
        )
        if game.players(rules) != 2:
            raise BadRequest("a seek is for one against one: choose a two-player preset", code="seek_for_two")
        now = self.clock.now()
        seek = Seek(
            id=once.id("s_") if once else "s_" + secrets.token_hex(8),
            player_id=me,
            name=self.players.get(me).name,
            preset=request.preset,
            target=request.target,
            move_seconds=request.move_seconds,
            rated=request.rated,
            created_at=iso(now),
            expires_at=int(now) + request.expires_in,
            origin=once.origin if once else None,
            game=game.name,
        )

        def create() -> None:
            # The limit is checked in the same atomic write (two creations at once cannot both pass it).
            # This very seek, made by a first run of the same keyed request, is answered as a replay:
            # its creation collides, or TooManySeeks (a WriteConflict too) finds it stored.
            self.seeks.create_seek(seek, MAX_OPEN_SEEKS, now)

        try:
            stored = create_or_find(once, create, lambda: self.seeks.get_seek(seek.id), now)
        except TooManySeeks:
            raise Conflict(
                f"you already have {MAX_OPEN_SEEKS} open seeks: withdraw one first", code="too_many_seeks"
            ) from None
        if stored is not None:
            return stored
        self._published(seek)
        return seek

    def open_seeks(self, limit: int, cursor: str | None) -> tuple[list[Seek], str | None]:
        return self.seeks.list_open_seeks(self.clock.now(), limit, cursor)

    def withdraw_seek(self, caller: Caller, seek_id: str) -> None:
        me = caller.require_player()
        seek = self._seek(seek_id)
        if seek.player_id != me:
            raise Forbidden("only the seek's creator can withdraw it", code="not_the_creator")
        self._require_open(seek, expired_code="seek_not_open")
        try:
            self.seeks.set_seek_status(seek.id, "withdrawn")
        except WriteConflict:
            raise Conflict("the seek was taken or closed meanwhile", code="seek_not_open") from None
        seek.status = "withdrawn"
        self._published(seek)

    def accept_seek(self, caller: Caller, seek_id: str) -> MatchView:
        """Take the seek for the caller and start its match, both seats accepted."""
        me = caller.require_player()
        seek = self._seek(seek_id)
        if seek.player_id == me:
            raise BadRequest("you cannot accept your own seek", code="own_seek")
        if seek.status == "taken" and seek.taken_by == me:
            return self._start(seek, me)  # a retry of this very accept
        if seek.status == "taken":
            raise Conflict("someone else accepted this seek first", code="seek_taken")
        self._require_open(seek)
        try:
            taken = self.seeks.take_seek(seek.id, seek_match_id(seek.id), me, self.clock.now())
        except WriteConflict:
            again = self._seek(seek_id)
            if again.status == "taken" and again.taken_by == me:
                return self._start(again, me)
            if again.status == "taken":
                raise Conflict("someone else accepted this seek first", code="seek_taken") from None
            self._require_open(again)
            raise Conflict("the seek changed meanwhile: try again", code="seek_not_open") from None
        self._published(taken)
        return self._start(taken, me)

    def _start(self, seek: Seek, taker: str) -> MatchView:
        match_id = seek.match_id or seek_match_id(seek.id)
        request = NewMatch(
            players=[seek.player_id, taker],
            preset=seek.preset,
            target=seek.target,
            move_seconds=seek.move_seconds,
            game=seek.game,
            rated=seek.rated,
            agreed=(seek.player_id, taker),
            id=match_id,
        )
        caller = Caller(taker, "player")
        try:
            return self.matches.create(caller, request)
        except WriteConflict:  # made by the first try of this accept
            return self.matches.get(caller, match_id)

    def seek(self, seek_id: str) -> Seek:
        """One seek as it stands: its creator learns here which match took it (``match_id``). One found
        open past its time reads as expired (closing it is left to the next write)."""
        seek = self._seek(seek_id)
        if seek.status == "open" and not seek.is_open(self.clock.now()):
            return replace(seek, status="expired")
        return seek

    def _seek(self, seek_id: str) -> Seek:
        seek = self.seeks.get_seek(seek_id)
        if seek is None:
            raise NotFound(f"no seek '{seek_id}'", code="seek_not_found")
        return seek

    def _require_open(self, seek: Seek, expired_code: str = "seek_expired") -> None:
        """Refuse a seek that is not open; one found open past its time is closed as expired first."""
        now = self.clock.now()
        if seek.status == "open" and not seek.is_open(now):
            try:
                self.seeks.set_seek_status(seek.id, "expired")
            except WriteConflict:
                pass  # closed by someone else meanwhile
            else:
                seek.status = "expired"
                self._published(seek)
            raise Conflict("the seek expired", code=expired_code, details={"status": "expired"})
        if seek.status != "open":
            raise Conflict(
                f"the seek is {seek.status}", code="seek_not_open", details={"status": seek.status}
            )

    def _published(self, seek: Seek) -> None:
        self.changes.publish([Change(LOBBY_TOPIC), Change(inbox_topic(seek.player_id))])

    # ------------------------------------------------------------------ challenges

    def challenge(
        self, caller: Caller, request: NewChallenge, idempotency_key: str | None = None
    ) -> MatchView:
        """Invite one named human to a match: a pending match that starts when they accept."""
        me = caller.require_player()
        if request.opponent == me:
            raise BadRequest("you cannot challenge yourself", code="challenge_yourself")
        if bot_kind(request.opponent) is not None or self.players.get(request.opponent).is_bot:
            raise BadRequest(
                "house bots take no challenges: play them with POST /matches", code="challenge_a_bot"
            )
        new = NewMatch(
            game=request.game,
            players=[me, request.opponent],
            preset=request.preset,
            target=request.target,
            move_seconds=request.move_seconds,
            rated=request.rated,
            expires_in=request.expires_in,
        )
        # As a player, whatever the caller's role: an organizer's match would start without the opponent.
        return self.matches.create(Caller(me, "player"), new, idempotency_key)

    # ------------------------------------------------------------------ inbox

    def inbox(self, caller: Caller) -> Inbox:
        me = caller.require_player()
        now = self.clock.now()
        oldest = iso(now - MAX_INVITE_SECONDS)
        pending: list[str] = []
        cursor: str | None = None
        for _ in range(INBOX_SCAN // INBOX_PAGE):
            page, cursor = self.matches.repo.list_player_matches(me, INBOX_PAGE, cursor)
            pending += [s.id for s in page if s.status == "pending" and s.created_at >= oldest]
            if cursor is None or (page and page[-1].created_at < oldest):
                break
        found = self.matches.repo.get_matches(pending) if pending else {}
        invitations: list[InboxEntry] = []
        challenges: list[InboxEntry] = []
        for match_id in pending:
            match = found.get(match_id)
            if match is None or match.status != "pending" or now >= invitation_expiry(match):
                continue
            seat = match.seats.index(me)
            if match.created_by == me:
                challenges.append(self._entry(match))
            elif not match.accepted[seat]:
                invitations.append(self._entry(match))
        return Inbox(invitations, challenges, self.seeks.list_player_seeks(me, now))

    def _entry(self, match: Match) -> InboxEntry:
        creator = match.created_by
        if creator in match.seats:
            name = match.names[match.seats.index(creator)]
        else:  # pragma: no cover - only organizers create matches they do not play, and those start at once
            name = self.players.get(creator).name
        target = match.rules.get("target")
        return InboxEntry(
            id=match.id,
            from_id=creator,
            from_name=name,
            preset=match.preset,
            target=int(target) if isinstance(target, int) else None,
            move_seconds=match.move_seconds,
            rated=match.rated,
            created_at=match.created_at,
            expires_at=iso(invitation_expiry(match)),
            awaiting=[match.names[i] for i, ok in enumerate(match.accepted) if not ok],
            game=match.game,
        )


__all__ = ["Inbox", "InboxEntry", "LobbyService", "NewChallenge", "NewSeek", "seek_match_id"]
