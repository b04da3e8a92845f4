"""Clubs: a name, organizers and members. Club tournaments are run by the club's organizers.

Anyone with the organizer role (or the admin) may found a club and becomes its first organizer. A club's
organizers add and remove members and name other organizers; in an open club a player joins by
themselves, in any other a player asks to join and the organizers approve or refuse; anyone may leave.
"""

from __future__ import annotations

import secrets

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.ports.clubs import Club, ClubEdit, ClubRepository, ClubRole, JoinRequest, Member
from scopa.application.ports.conflict import WriteConflict
from scopa.application.services.players import PlayerService, clean_name

DESCRIPTION_MAX = 500


def _check_description(description: str) -> None:
    if len(description) > DESCRIPTION_MAX:
        raise BadRequest(
            f"a description has at most {DESCRIPTION_MAX} characters", code="invalid_description"
        )


class ClubService:
    def __init__(self, repo: ClubRepository, clock: Clock, players: PlayerService) -> None:
        self.repo = repo
        self.clock = clock
        self.players = players

    def create(self, caller: Caller, name: str, description: str = "", open_club: bool = False) -> Club:
        _identify(caller)
        if not caller.can_organize:
            raise Forbidden(
                "only organizers found clubs; ask the admin for the role", code="not_an_organizer"
            )
        _check_description(description)
        now = iso(self.clock.now())
        club = Club(
            id="c_" + secrets.token_hex(6),
            name=clean_name(name),
            description=description.strip(),
            open=open_club,
            created_by=caller.player_id or "admin",
            created_at=now,
        )
        founder = None
        if not caller.is_admin:
            profile = self.players.get(caller.require_player())
            founder = Member(profile.id, profile.name, "organizer", now)
        # The admin is not a player: a club it founds starts without members (it then adds organizers).
        self.repo.create_club(club, founder)
        return club

    def get(self, club_id: str) -> Club:
        club = self.repo.get_club(club_id)
        if club is None:
            raise NotFound(f"no club '{club_id}'", code="club_not_found")
        return club

    def update(
        self,
        caller: Caller,
        club_id: str,
        name: str | None = None,
        description: str | None = None,
        open_club: bool | None = None,
        version: int | None = None,
    ) -> Club:
        """Rename a club, rewrite its description, open or close it (its organizers). Only the fields given
        are written, so two organizers editing different fields both keep their change; with ``version``
        (the one the organizer saw) the edit is refused with 409 ``club_changed`` if the club moved on."""
        _identify(caller)
        club = self.get(club_id)
        if not self.can_manage(caller, club_id):
            raise Forbidden("only the club's organizers edit the club", code="not_club_organizer")
        if description is not None:
            _check_description(description)
        if version is not None and version != club.version:
            raise _changed(club)
        edit = ClubEdit(
            name=None if name is None else clean_name(name),
            description=None if description is None else description.strip(),
            open=open_club,
        )
        if edit.is_empty():
            return club  # nothing to write: the version stays, no other editor is refused for it
        try:
            return self.repo.update_club(club_id, edit, version)
        except WriteConflict:
            now = self.repo.get_club(club_id)
            if now is None:
                raise NotFound(f"no club '{club_id}'", code="club_not_found") from None
            raise _changed(now) from None

    def list_clubs(self, limit: int, cursor: str | None) -> tuple[list[Club], str | None]:
        return self.repo.list_clubs(limit, cursor)

    def members(self, club_id: str, limit: int, cursor: str | None) -> tuple[list[Member], str | None]:
        self.get(club_id)
        return self.repo.list_members(club_id, limit, cursor)

    def get_with_role(self, caller: Caller, club_id: str) -> tuple[Club, ClubRole | None]:
        """A club and the caller's role in it (None for a stranger, an anonymous caller or the admin, who
        is no player): one read of the membership, so a page need not list every member to know it."""
        club = self.get(club_id)
        return club, None if caller.is_admin else self.role_of(club_id, caller.player_id)

    def role_of(self, club_id: str, player_id: str | None) -> ClubRole | None:
        if player_id is None:
            return None
        member = self.repo.get_member(club_id, player_id)
        return member.role if member else None

    def can_manage(self, caller: Caller, club_id: str) -> bool:
        return caller.is_admin or self.role_of(club_id, caller.player_id) == "organizer"

    def add_member(self, caller: Caller, club_id: str, player_id: str, role: ClubRole = "member") -> Member:
        """Organizers add anyone with any role; in an open club a player may add themselves as a member."""
        _identify(caller)
        club = self.get(club_id)
        manager = self.can_manage(caller, club_id)
        joining_self = caller.player_id == player_id and not caller.is_admin
        if not manager and not (club.open and joining_self and role == "member"):
            raise Forbidden("only the club's organizers add members to this club", code="not_club_organizer")
        profile = self.players.get(player_id)
        if profile.is_bot:
            raise BadRequest("house bots do not join clubs", code="bot_player")
        existing = self.repo.get_member(club_id, player_id)
        member = Member(
            profile.id, profile.name, role, existing.joined_at if existing else iso(self.clock.now())
        )
        try:
            self.repo.put_member(club_id, member)
        except WriteConflict:
            raise NotFound(f"no club '{club_id}'", code="club_not_found") from None
        return member

    def remove_member(self, caller: Caller, club_id: str, player_id: str) -> None:
        _identify(caller)
        self.get(club_id)
        if not (self.can_manage(caller, club_id) or caller.player_id == player_id):
            raise Forbidden("only organizers remove other members", code="not_club_organizer")
        try:
            self.repo.remove_member(club_id, player_id)
        except WriteConflict:
            raise Conflict(f"'{player_id}' is not a member of this club", code="not_a_member") from None

    # ------------------------------------------------------------------ join requests

    def request_join(self, caller: Caller, club_id: str) -> JoinRequest:
        """A player asks to join a club its organizers fill; asking again while pending changes nothing,
        and a refused player may ask again."""
        player = caller.require_player()
        club = self.get(club_id)
        if club.open:
            raise Conflict("anyone may join this club: join it", code="club_is_open")
        if self.repo.get_member(club_id, player) is not None:
            raise Conflict("you are a member of this club already", code="already_a_member")
        found = self.repo.get_join_request(club_id, player)
        if found is not None and found.status == "pending":
            return found
        profile = self.players.get(player)
        request = JoinRequest(profile.id, profile.name, iso(self.clock.now()))
        try:
            self.repo.put_join_request(club_id, request)
        except WriteConflict:
            raise NotFound(f"no club '{club_id}'", code="club_not_found") from None
        return request

    def join_requests(
        self, caller: Caller, club_id: str, limit: int, cursor: str | None
    ) -> tuple[list[JoinRequest], str | None]:
        """The club's requests for its organizers; a player sees only their own."""
        _identify(caller)
        self.get(club_id)
        if self.can_manage(caller, club_id):
            return self.repo.list_join_requests(club_id, limit, cursor)
        own = self.repo.get_join_request(club_id, caller.player_id) if caller.player_id else None
        return ([own] if own is not None else []), None

    def approve_join(self, caller: Caller, club_id: str, player_id: str) -> Member:
        """The requester becomes a member (the request is deleted with it: the membership records it)."""
        request = self._join_request(caller, club_id, player_id)
        member = Member(request.player_id, request.name, "member", iso(self.clock.now()))
        try:
            self.repo.approve_join_request(club_id, member)
        except WriteConflict:
            if self.repo.get_member(club_id, player_id) is not None:  # added by hand since asking
                raise Conflict(
                    f"'{player_id}' is a member already: refuse the request to close it",
                    code="already_a_member",
                ) from None
            raise NotFound(
                "the request was withdrawn or decided meanwhile", code="join_request_not_found"
            ) from None
        return member

    def refuse_join(self, caller: Caller, club_id: str, player_id: str) -> JoinRequest:
        """The request is kept, refused, with who refused it and when."""
        request = self._join_request(caller, club_id, player_id)
        request.status = "refused"
        request.decided_by = caller.player_id or "admin"
        request.decided_at = iso(self.clock.now())
        try:
            self.repo.refuse_join_request(club_id, request)
        except WriteConflict:
            raise Conflict("the request was decided meanwhile", code="join_request_decided") from None
        return request

    def _join_request(self, caller: Caller, club_id: str, player_id: str) -> JoinRequest:
        """A pending request, for the club's organizers."""
        _identify(caller)
        self.get(club_id)
        if not self.can_manage(caller, club_id):
            raise Forbidden("only the club's organizers decide join requests", code="not_club_organizer")
        request = self.repo.get_join_request(club_id, player_id)
        if request is None:
            raise NotFound(f"'{player_id}' has not asked to join", code="join_request_not_found")
        if request.status != "pending":
            raise Conflict(f"the request was {request.status} already", code="join_request_decided")
        return request


def _changed(club: Club) -> Conflict:
    return Conflict(
        "someone else changed this club since you read it; read it again",
        code="club_changed",
        details={"version": club.version},
    )


def _identify(caller: Caller) -> None:
    """401 for a request without a token: who is asking must be known before what they may do (403)."""
    if caller.role == "anonymous":
        caller.require_player()
