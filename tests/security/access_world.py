"""One world for the access table: two clubs, their organizers, a player, an outsider, the admin, and the
matches and tournaments each route acts on, in the state where the route can succeed.

A route that changes something gets its target from a *setup*: called before the first caller, and again
after any caller succeeded (so the next caller finds the same starting state, not the changed one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.api.conftest import ADMIN_TOKEN, Api
from tests.api.tournament_support import organizer

CALLERS = ("anonymous", "other player", "the player", "other club's organizer", "the organizer", "admin")
SWISS = {"format": "swiss", "rounds": 3, "target": 1, "entry_policy": "club"}
SEASON = {"name": "Inverno", "starts_on": "2027-01-01", "ends_on": "2027-03-31"}  # the clock: 2027-01-15


@dataclass
class Target:
    """Path parameters and body for one call; ``player`` replaces "the player" when the target is someone
    else's (a membership, a profile): then the one who owns it is "the player"."""

    params: dict[str, str] = field(default_factory=dict)
    body: Any = None
    player: str | None = None
    query: dict[str, str] = field(default_factory=dict)


class World:
    def __init__(self, api: Api) -> None:
        self.api = api
        self.pia, pia_token = api.register("Pia")  # the player: club member, entrant, seated
        _, mallory = api.register("Mallory")  # another player
        _, otto = organizer(api, "Otto")  # organizer of another club
        self.olga, olga = organizer(api, "Olga")  # the organizer of this club and its tournaments
        self.tokens: dict[str, str | None] = dict(
            zip(CALLERS, (None, mallory, pia_token, otto, olga, ADMIN_TOKEN), strict=True)
        )
        self.club = self.ok("POST", "/clubs", {"name": "Circolo A"}, olga)["id"]
        self.ok("POST", "/clubs", {"name": "Circolo B"}, otto)
        self.ok("POST", f"/clubs/{self.club}/members", {"player_id": self.pia}, olga)
        self.match = self.ok("POST", "/matches", {"players": [self.pia, "bot-greedy"]}, pia_token)["id"]
        ended = self.ok("POST", "/matches", {"players": [self.pia, "bot-greedy"]}, pia_token)["id"]
        self.ok("POST", f"/matches/{ended}/resign", None, pia_token)
        self.finished_match = ended
        self.running = self.tournament(entrants=4, start=True)
        self._season: str | None = None

    # ------------------------------------------------------------------ helpers

    def ok(self, method: str, path: str, body: Any, token: str | None) -> Any:
        answer = self.api.call(method, path, body, token=token)
        assert answer.status < 300, (method, path, answer.body)
        return answer.body

    @property
    def org(self) -> str:
        token = self.tokens["the organizer"]
        assert token is not None
        return token

    def newcomer(self) -> tuple[str, str]:
        return self.api.register("Nina")

    def tournament(self, entrants: int = 0, pia: bool = True, start: bool = False, **settings: Any) -> str:
        """A club tournament by the organizer: Pia entered (or not), house bots for the other entrants."""
        draft = settings.pop("draft", False)
        body = {"name": "Coppa", "club_id": self.club, "settings": {**SWISS, **settings}}
        if draft:
            body["open_registration"] = False
        t = self.ok("POST", "/tournaments", body, self.org)["id"]
        if pia:
            self.ok("POST", f"/tournaments/{t}/entries", {}, self.tokens["the player"])
        for i in range(entrants - pia):
            self.ok("POST", f"/tournaments/{t}/entries", {"players": [f"bot-greedy-{i + 1}"]}, self.org)
        if start:
            self.ok("POST", f"/tournaments/{t}/start", None, self.org)
        return str(t)

    # ------------------------------------------------------------------ setups

    def nothing(self) -> Target:
        return Target()

    def registration(self) -> Target:
        return Target(body={"name": "Nina"})

    def bot_account(self) -> Target:
        return Target(body={"name": "Outside bot"})

    def a_name(self) -> Target:
        return Target(query={"name": "pia"})

    def profile(self) -> Target:
        return Target({"player_id": self.pia})

    def someone_else(self) -> Target:
        """A fresh player as the path's subject; they are "the player" for this call."""
        player, token = self.newcomer()
        return Target({"player_id": player}, {"role": "player"}, player=token)

    def new_match(self) -> Target:
        return Target(body={"players": [self.pia, "bot-greedy"]})

    def seen_match(self) -> Target:
        return Target({"match_id": self.match})

    def move(self) -> Target:
        match = self.api.call("GET", f"/matches/{self.match}", token=self.tokens["the player"]).body
        legal = match["view"]["legal_moves"][0]
        body = {"card": legal["card"], "take": legal["take"], "version": match["version"]}
        return Target({"match_id": self.match}, body)

    def match_to_resign(self) -> Target:
        return Target(
            {"match_id": self.ok("POST", "/matches", self.new_match().body, self.tokens["the player"])["id"]}
        )

    def invitation(self) -> Target:
        _, host = self.newcomer()
        host_id = self.api.call("GET", "/me", token=host).body["id"]
        match = self.ok("POST", "/matches", {"players": [host_id, self.pia]}, host)
        return Target({"match_id": match["id"]})

    def new_seek(self) -> Target:
        return Target(body={"time_control": {"seconds_per_move": 60}})

    def own_seek(self) -> Target:
        """An open seek of the player's."""
        return Target({"seek_id": self.ok("POST", "/lobby/seeks", {}, self.tokens["the player"])["id"]})

    def someones_seek(self) -> Target:
        """An open seek of a newcomer's, which anyone else may take."""
        _, host = self.newcomer()
        return Target({"seek_id": self.ok("POST", "/lobby/seeks", {}, host)["id"]})

    def challenge(self) -> Target:
        """A newcomer to challenge."""
        return Target(body={"opponent": self.newcomer()[0]})

    def own_challenge(self) -> Target:
        """The player's pending challenge to a newcomer."""
        body = {"opponent": self.newcomer()[0]}
        return Target({"match_id": self.ok("POST", "/challenges", body, self.tokens["the player"])["id"]})

    def ended_match(self) -> Target:
        return Target({"match_id": self.finished_match})

    def new_club(self) -> Target:
        return Target(body={"name": "Circolo nuovo"})

    def club_page(self) -> Target:
        return Target({"club_id": self.club})

    def club_edit(self) -> Target:
        return Target({"club_id": self.club}, {"description": "Thursday evenings, at the bar"})

    def new_member(self) -> Target:
        player, _ = self.newcomer()
        return Target({"club_id": self.club}, {"player_id": player})

    def member_to_remove(self) -> Target:
        player, token = self.newcomer()
        self.ok("POST", f"/clubs/{self.club}/members", {"player_id": player}, self.org)
        return Target({"club_id": self.club, "player_id": player}, player=token)

    def join_request(self) -> Target:
        """A newcomer's pending request to join the club; they are "the player" for this call."""
        player, token = self.newcomer()
        self.ok("POST", f"/clubs/{self.club}/join-requests", None, token)
        return Target({"club_id": self.club, "player_id": player}, player=token)

    def new_webhook(self) -> Target:
        # A public address written as such: registering resolves the host, and these tests have no DNS.
        return Target(
            {"club_id": self.club}, {"url": "https://93.184.216.34/scopa", "events": ["round.paired"]}
        )

    def webhook(self) -> Target:
        hook = self.ok("POST", f"/clubs/{self.club}/webhooks", self.new_webhook().body, self.org)
        return Target({"club_id": self.club, "hook_id": hook["id"]})

    def new_guest(self) -> Target:
        return Target(body={"name": "Gina"})

    def guest(self) -> Target:
        """A guest of the organizer (a rename's body)."""
        guest = self.ok("POST", "/guests", {"name": "Gina"}, self.org)["id"]
        return Target({"player_id": guest}, {"name": "Gina Rossi"})

    def guest_to_claim(self) -> Target:
        """A guest with a claim code: anyone holding the code may redeem it."""
        guest = self.guest()
        code = self.ok("POST", f"/guests/{guest.params['player_id']}/claim-code", None, self.org)["code"]
        return Target(guest.params, {"code": code})

    def to_import(self) -> Target:
        return Target(
            {"tournament_id": self.tournament(pia=False)}, {"text": "Pia\nNonna Gina", "create_guests": True}
        )

    def new_tournament(self) -> Target:
        return Target(body={"name": "Coppa", "club_id": self.club, "settings": SWISS})

    def seen_tournament(self) -> Target:
        return Target({"tournament_id": self.running, "number": "1", "entrant_id": self.pia})

    def in_registration(self) -> Target:
        return Target({"tournament_id": self.tournament(), "entrant_id": self.pia}, {**SWISS, "rounds": 4})

    def to_enter(self) -> Target:
        return Target({"tournament_id": self.tournament(pia=False)}, {})

    def draft(self) -> Target:
        return Target({"tournament_id": self.tournament(draft=True)})

    def startable(self) -> Target:
        return Target({"tournament_id": self.tournament(entrants=2)})

    def running_tournament(self) -> Target:
        return Target({"tournament_id": self.tournament(entrants=2, start=True)})

    def to_exclude(self) -> Target:
        t = self.tournament(entrants=4, start=True)
        return Target({"tournament_id": t, "entrant_id": self.pia}, {"reason": "left the hall"})

    def requested_entry(self) -> Target:
        """The player's entry, waiting for approval."""
        return Target({"tournament_id": self.tournament(approve_entries=True), "entrant_id": self.pia})

    def check_in_open(self) -> Target:
        """The player entered in a tournament whose check-in is open (it starts in ten minutes)."""
        from datetime import UTC, datetime

        starts = datetime.fromtimestamp(self.api.clock.now() + 600, UTC).isoformat()
        return Target({"tournament_id": self.tournament(starts_at=starts, check_in_minutes=60)})

    def venue_check_in(self) -> Target:
        """As :meth:`check_in_open`, with the venue code the organizer reads (the body)."""
        target = self.check_in_open()
        t = target.params["tournament_id"]
        code = self.ok("GET", f"/tournaments/{t}/venue-code", None, self.org)["code"]
        return Target(target.params, {"code": code})

    def arena_entry(self) -> Target:
        """Pia's entry in a club arena in registration, to pause (pausing again changes nothing)."""
        t = self.tournament(format="arena", rounds=None, arena_minutes=30)
        return Target({"tournament_id": t, "entrant_id": self.pia}, {"paused": True})

    def bye_to_ask(self) -> Target:
        """A bye for Pia in round 2 of a Swiss in registration (asking again is no new request)."""
        return Target({"tournament_id": self.tournament()}, {"round": 2, "entrant": self.pia})

    def bye_to_cancel(self) -> Target:
        """Pia's own requested bye for round 2, to take back (the path names no entrant: one's own)."""
        t = self.tournament()
        self.ok("POST", f"/tournaments/{t}/byes", {"round": 2}, self.tokens["the player"])
        return Target({"tournament_id": t, "number": "2"})

    def paused(self) -> Target:
        target = self.running_tournament()
        self.ok("POST", f"/tournaments/{target.params['tournament_id']}/pause", None, self.org)
        return target

    # ------------------------------------------------------------------ after a success: the same state again

    def same(self, target: Target) -> Target:
        """The call can be made again as it is."""
        return target

    def resumed(self, target: Target) -> Target:
        self.ok("POST", f"/tournaments/{target.params['tournament_id']}/resume", None, self.org)
        return target

    def paused_again(self, target: Target) -> Target:
        self.ok("POST", f"/tournaments/{target.params['tournament_id']}/pause", None, self.org)
        return target

    def next_entrant(self, target: Target) -> Target:
        """Another entrant, still in, for the next caller to exclude."""
        t = target.params["tournament_id"]
        entries = self.api.call("GET", f"/tournaments/{t}/entries").body["entries"]
        entrant = next(e["id"] for e in entries if e["status"] == "active")
        return Target({**target.params, "entrant_id": entrant}, target.body)

    def entered_again(self, target: Target) -> Target:
        self.ok(
            "POST", f"/tournaments/{target.params['tournament_id']}/entries", {}, self.tokens["the player"]
        )
        return target

    def next_pairing(self) -> Target:
        t = self.tournament(entrants=4, start=True)
        entrants = [e["id"] for e in self.api.call("GET", f"/tournaments/{t}/entries").body["entries"]]
        tables = [entrants[:2], entrants[2:]]
        return Target({"tournament_id": t, "number": "2"}, {"tables": tables})

    def closed_table(self) -> Target:
        t = self.tournament(entrants=2, pia=False, rounds=1, start=True)
        if self.api.call("GET", f"/tournaments/{t}").body["status"] == "running":
            self.ok("POST", f"/tournaments/{t}/advance", None, self.org)  # closes the bots' round
        body = {"result": [0.5, 0.5], "reason": "both players agreed"}
        return Target({"tournament_id": t, "number": "1", "table": "1"}, body)

    def in_person_table(self, other: str | None = None) -> tuple[str, str | None]:
        """A running in-person Swiss of Pia against a house bot (or ``other``, a player's token): its id,
        and the token of Pia's opponent when a player."""
        body = {"name": "Serata", "club_id": self.club, "settings": {**SWISS, "play_mode": "in_person"}}
        body["settings"]["entry_policy"] = "open"
        t = self.ok("POST", "/tournaments", body, self.org)["id"]
        self.ok("POST", f"/tournaments/{t}/entries", {}, self.tokens["the player"])
        if other is None:
            self.ok("POST", f"/tournaments/{t}/entries", {"players": ["bot-greedy-1"]}, self.org)
        else:
            self.ok("POST", f"/tournaments/{t}/entries", {}, other)
        self.ok("POST", f"/tournaments/{t}/start", None, self.org)
        return str(t), other

    def table_to_report(self) -> Target:
        """Pia's in-person table, to report 1-0 (again changes nothing)."""
        t, _ = self.in_person_table()
        return Target({"tournament_id": t, "number": "1", "table": "1"}, {"games": [[1, 0]]})

    def table_to_enter(self) -> Target:
        """Pia's in-person table, for an organizer to enter 1-0 (again changes nothing)."""
        t, _ = self.in_person_table()
        return Target({"tournament_id": t, "number": "1", "table": "1"}, {"games": [[1, 0]], "reason": "x"})

    def table_to_confirm(self) -> Target:
        """Pia's in-person table, whose opponent (a newcomer) reported 1-0: Pia confirms it."""
        _, nina = self.newcomer()
        t, _ = self.in_person_table(nina)
        url = f"/tournaments/{t}/rounds/1/tables/1/reports"
        self.ok("POST", url, {"games": [[1, 0]]}, nina)
        return Target({"tournament_id": t, "number": "1", "table": "1"})

    def round_to_close(self) -> Target:
        """An in-person round whose house bot is absent: closed with a forfeit."""
        t, _ = self.in_person_table()
        return Target({"tournament_id": t, "number": "1"}, {"absent": ["bot-greedy-1"], "reason": "gone"})

    def mixed_entry(self) -> Target:
        """Pia's entry in a mixed tournament in registration, to mark online (again: no change)."""
        t = self.tournament(play_mode="mixed")
        return Target({"tournament_id": t, "entrant_id": self.pia}, {"online": True})

    def new_season(self) -> Target:
        return Target({"club_id": self.club}, {**SEASON, "rules": {"best_of": 2}})

    def season(self) -> Target:
        """The club's season, made once by its organizer, counting a finished and a running tournament."""
        if self._season is None:
            self._season = self.ok("POST", f"/clubs/{self.club}/seasons", SEASON, self.org)["id"]
            for t in (self.finished_tournament(), self.running):
                self.ok("PUT", f"/clubs/{self.club}/seasons/{self._season}/tournaments/{t}", None, self.org)
        return Target({"club_id": self.club, "season_id": self._season})

    def season_export(self) -> Target:
        return Target(self.season().params, query={"format": "ndjson"})

    def season_edit(self) -> Target:
        """The season renamed, with new rules (no version: again changes nothing)."""
        return Target(self.season().params, {"name": "Inverno 2027", "rules": {"best_of": 1}})

    def finished_tournament(self) -> str:
        """A club Swiss of one round between two house bots, played to its end."""
        t = self.tournament(entrants=2, pia=False, rounds=1, start=True)
        if self.api.call("GET", f"/tournaments/{t}").body["status"] == "running":
            self.ok("POST", f"/tournaments/{t}/advance", None, self.org)
        assert self.api.call("GET", f"/tournaments/{t}").body["status"] == "finished"
        return t

    def tournament_to_attach(self) -> Target:
        """A new club tournament in registration (one not started yet may be attached; again: no change)."""
        return Target({**self.season().params, "tournament_id": self.tournament()})

    def attached_tournament(self) -> Target:
        """A new club tournament attached to the season, to detach."""
        target = self.tournament_to_attach()
        p = target.params
        self.ok(
            "PUT",
            f"/clubs/{p['club_id']}/seasons/{p['season_id']}/tournaments/{p['tournament_id']}",
            None,
            self.org,
        )
        return target

    def pool(self) -> Target:
        return Target({"pool": "scopa", "player_id": self.pia})

    def recompute_job(self) -> Target:
        job = self.ok("POST", "/rankings/scopa/recompute", None, self.tokens["admin"])
        return Target({"pool": "scopa", "job_id": job["id"]})


Setup = Callable[[World], Target]
Again = Callable[[World, Target], Target]
