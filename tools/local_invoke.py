"""Run the API handler once on a sample event, over a fresh store holding the sample world.

``make invoke EVENT=events/get-match.json`` (``python -m tools.local_invoke FILE``) builds the sample world
in a throwaway store (SQLite in memory; ``STORAGE=dynamodb``: moto in this process), runs
``api.handler.handler`` on the event and prints its answer (the body parsed when it is JSON). An event
that is no HTTP API event (``events/pipeline-scheduled.json``: what EventBridge Scheduler sends) runs the
pipeline's handler, ``pipeline.handler.handler``, instead, and prints its report.

The sample world is made through the application services, as requests would make it, so it is the same
on either store (:func:`bootstrap`): Ada and Bea (players) and Olga (an organizer); two matches between
Ada and Bea (under way, invited) and one of Ada's against a bot, finished; Olga's club, of which Ada is a
member; five tournaments, one per stage of a tournament's life. Creations go under fixed idempotency
keys, so their ids are the same in every build and the events can name them. Two things are chosen
outside the services, through the ports, because the services never let a caller choose them: the
players' tokens (the events carry them) and the club's id (clubs take no key).

:func:`sample_events` builds one API Gateway HTTP API v2 event per route, :func:`pipeline_events` the
pipeline's scheduled event; ``events/generate.py`` writes them to ``events/``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tools.apigw import FUNCTION_URL_HOST, FUNCTION_URL_ID, FakeLambdaContext, http_event

ADMIN_TOKEN = "adm_sample-admin-token-for-local-invoke"
TOKENS = {
    "Ada": "scp_sample-token-of-ada-for-local-invoke-only",
    "Bea": "scp_sample-token-of-bea-for-local-invoke-only",
    "Olga": "scp_sample-token-of-olga-for-local-invoke-only",
}
CLUB = "c_sample0club"
BOT1, BOT2, BOT3, BOT4 = (f"bot-greedy-{i}" for i in range(1, 5))
SEED = "5eed" * 8
SAMPLE_TIME = 1_767_258_000.0  # 2026-01-01T09:00:00Z: the clock of the world behind the event files
SAMPLE_TIME_EPOCH_MS = int(SAMPLE_TIME * 1000)


# ---------------------------------------------------------------------------------------------- data


@dataclass(frozen=True)
class World:
    """The ids of the sample world, and the move the player whose turn it is can make in the live match."""

    ada: str
    bea: str
    olga: str
    active: str  # Ada against Bea, under way (version 2)
    pending: str  # Ada invited Bea, who has not answered yet
    finished: str  # Ada against bot-greedy, played to the end: its record is published
    draft: str  # Olga's Swiss, still a draft
    registration: (
        str  # the club's Swiss in registration, past its start time: the next pipeline run starts it
    )
    running: str  # Olga's Swiss under way: Ada, Bea, bot-greedy-1 and -2, round 1 open
    paused: str  # the club's Swiss between Ada and Bea, round 1 open, paused
    done: str  # a two-round Swiss of four greedy bots, played to the end
    arena: str = ""  # Olga's hour-long arena in registration: Ada and Bea entered
    mover: str = ""  # whose turn it is in ``active``
    move: dict[str, Any] = field(default_factory=dict)  # a legal move of theirs
    seek: str = ""  # Bea's open seek in the lobby
    approvals: str = ""  # Olga's Swiss whose entries wait for approval: Ada's and Bea's wait
    check_in: str = ""  # Olga's Swiss starting at 09:30 with a one-hour check-in (open now): Ada entered
    club_night: str = ""  # Olga's mixed (in-person) Swiss, Ada and Bea at table 1; Ada reported 11-7
    season: str = ""  # the club's 2026-27 season, counting ``club_done``
    guest: str = ""  # Olga's guest Nonna Pina, with a claim code pending
    club_done: str = ""  # the club's Swiss of four greedy bots, played to the end


def bootstrap(services: Any) -> World:
    """Make the sample world in an empty store through the services; its ids and the live match's move."""
    from scopa.application.auth import ADMIN_ID, Caller, hash_token
    from scopa.application.clock import iso
    from scopa.application.idempotency import Once
    from scopa.application.ports.clubs import Club, Member
    from scopa.application.ports.players import Player
    from scopa.application.services.lobby import NewSeek
    from scopa.application.services.matches import MatchView, NewMatch
    from scopa.domain.seasons.rules import SeasonRules
    from scopa.domain.tournaments.settings import TournamentSettings

    admin = Caller(ADMIN_ID, "admin")
    people: dict[str, Caller] = {}
    for name, token in TOKENS.items():
        # The events carry fixed tokens, the one thing about a player the services never let anyone choose
        # (and signed tokens carry a nonce): the sample players hold opaque tokens of before signed tokens,
        # which the service still takes through their own token record (SECURITY.md, "Tokens").
        once = Once.of("register", "anonymous", f"sample-{name}", {"name": name})
        assert once is not None
        player = Player(
            id=once.id("p_"),
            name=name,
            role="player",
            created_at=iso(services.clock.now()),
            token_hash=hash_token(token),
            origin=once.origin,
        )
        services.stores.players.create_player(player)
        people[name] = Caller(player.id, "player", hash_token(token))
    services.players.set_role(admin, people["Olga"].player_id, "organizer")
    ada, bea, olga = people["Ada"], people["Bea"], Caller(people["Olga"].player_id, "organizer")
    pair = [str(ada.player_id), str(bea.player_id)]

    def match(key: str, players: list[str], answer: bool | None = None, **rules: Any) -> MatchView:
        made: MatchView = services.matches.create(
            ada, NewMatch(players=players, seed=SEED, **rules), idempotency_key=f"sample-{key}"
        )
        if answer is not None:
            made = services.matches.respond(bea, made.id, accept=answer)
        return made

    active, pending = match("active", pair, True).id, match("pending", pair).id
    finished = match("finished", [pair[0], "bot-greedy"], target=1)  # one deal: quick to play out
    while finished.status == "active":  # the bot answers within each of Ada's moves
        first = finished.view["legal_moves"][0]
        finished = services.matches.move(
            ada, finished.id, {"card": first["card"], "take": first["take"]}, finished.version
        )

    # Clubs take no idempotency key: the sample club is stored under a fixed id, as the service would.
    now = iso(services.clock.now())
    founder = str(olga.player_id)
    club = Club(CLUB, "Circolo della Scopa", "The sample club: Olga runs it.", False, founder, now)
    services.stores.clubs.create_club(club, Member(founder, "Olga", "organizer", now))
    services.clubs.add_member(olga, CLUB, ada.player_id)
    services.clubs.request_join(bea, CLUB)  # the club is not open: Bea asks to join

    admin, entries = services.tournament_admin, services.tournament_entries

    def tournament(key: str, name: str, rounds: int, **options: Any) -> str:
        settings = TournamentSettings.model_validate({"rounds": rounds, **options.pop("settings", {})})
        return str(admin.create(olga, name, settings, idempotency_key=f"sample-{key}", **options).id)

    draft = tournament("draft", "Torneo d'inverno", 3, open_registration=False)
    registration = tournament(
        "registration", "Coppa del circolo", 3, club_id=CLUB, settings={"starts_at": "2026-01-01T09:00:00Z"}
    )
    entries.enter(ada, registration)
    entries.enter(olga, registration, [BOT1], 1600)
    running = tournament("running", "Torneo di Natale", 3)
    for caller in (ada, bea):
        entries.enter(caller, running)
    entries.enter(olga, running, [BOT1], 1600)
    entries.enter(olga, running, [BOT2], 1550)
    admin.start(olga, running)
    services.tournament_absences.request_bye(
        bea, running, 3
    )  # Bea sits the last round out (the sample takes it back)
    paused = tournament("paused", "Sfida del giovedì", 1, club_id=CLUB)
    for entrant in pair:
        entries.enter(olga, paused, [entrant])
    admin.start(olga, paused)
    admin.pause(olga, paused, paused=True)
    done = tournament("done", "Torneo dei bot", 2, settings={"target": 1})
    for i, bot in enumerate((BOT1, BOT2, BOT3, BOT4)):
        entries.enter(olga, done, [bot], 1600 - 50 * i)
    admin.start(olga, done)  # the bots play their matches as they are created: the start plays it out
    assert services.tournaments.get(done).status == "finished", (
        f"the sample bot tournament is {services.tournaments.get(done).status}"
    )

    approvals = tournament("approvals", "Coppa su invito", 3, settings={"approve_entries": True})
    for caller in (ada, bea):
        entries.enter(caller, approvals)
    check_in = tournament(
        "check-in",
        "Torneo con presenze",
        3,
        settings={"starts_at": "2026-01-01T09:30:00Z", "check_in_minutes": 60},
    )
    entries.enter(ada, check_in)
    arena_settings = TournamentSettings(format="arena", arena_minutes=60)
    arena = str(admin.create(olga, "Arena del venerdì", arena_settings, idempotency_key="sample-arena").id)
    for caller in (ada, bea):
        entries.enter(caller, arena)

    club_night = tournament("club-night", "Giovedì al circolo", 1, settings={"play_mode": "mixed"})
    for caller in (ada, bea):
        entries.enter(caller, club_night)
    admin.start(olga, club_night)
    services.table_results.report(ada, club_night, 1, 1, [[11, 7]])

    seek = services.lobby.create_seek(bea, NewSeek(move_seconds=60), idempotency_key="sample-seek").id

    club_done = tournament("club-done", "Notte dei bot", 2, club_id=CLUB, settings={"target": 1})
    for i, bot in enumerate((BOT1, BOT2, BOT3, BOT4)):
        entries.enter(olga, club_done, [bot], 1600 - 50 * i)
    admin.start(olga, club_done)  # played out at once, as ``done``
    rules = SeasonRules(best_of=8, events=12)
    season = services.seasons.create(
        olga, CLUB, "Stagione 2026-27", "2026-01-01", "2027-12-31", rules, idempotency_key="sample-season"
    )
    services.seasons.attach(olga, CLUB, season.id, club_done)
    guest = services.guests.create(olga, "Nonna Pina", idempotency_key="sample-guest")
    services.guests.issue_claim(olga, str(guest.id))

    live = services.matches.get(ada, active)
    mover = ada if live.turn_player_id == ada.player_id else bea
    move = services.matches.get(mover, active).view["legal_moves"][0]
    return World(
        ada=str(ada.player_id),
        bea=str(bea.player_id),
        olga=str(olga.player_id),
        active=active,
        pending=pending,
        finished=finished.id,
        draft=draft,
        registration=registration,
        running=running,
        paused=paused,
        done=done,
        mover=str(mover.player_id),
        move={"card": move["card"], "take": move["take"]},
        seek=seek,
        approvals=approvals,
        check_in=check_in,
        arena=arena,
        club_night=club_night,
        season=season.id,
        club_done=club_done,
        guest=str(guest.id),
    )


class FixedClock:
    """A clock that stands still and whose sleeps move it on at once (no waiting)."""

    def __init__(self, t: float = SAMPLE_TIME) -> None:
        self.t = t

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


@cache
def sample_world() -> World:
    """The sample world's ids, from a build in a throwaway SQLite database (the same in every build)."""
    from scopa.adapters.sqlite.stores import sqlite_stores
    from scopa.application.wiring import ServiceSet

    return bootstrap(ServiceSet(sqlite_stores(":memory:"), FixedClock()))


# ---------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Sample:
    """One sample request: the file name, the request, and the status it answers on the sample data."""

    name: str
    method: str
    path: str
    status: int
    token: str | None = None
    body: Any = None
    query: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    via_url: bool = False  # through the API function's URL (moves only), not the HTTP API

    def event(self) -> dict[str, Any]:
        host = FUNCTION_URL_HOST if self.via_url else "api.example.test"
        headers = {
            "accept": "application/json",
            "host": host,
            "user-agent": "curl/8.5.0",
            **self.headers,
        }
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        event = http_event(self.method, self.path, body=self.body, headers=headers, query=self.query)
        # Fixed request id and time, so regenerating the files changes nothing.
        ctx = event["requestContext"]
        ctx["domainName"] = host
        ctx["domainPrefix"] = host.split(".")[0]
        ctx["requestId"] = f"sample-{self.name}"
        ctx["timeEpoch"] = SAMPLE_TIME_EPOCH_MS
        ctx["time"] = "01/Jan/2026:09:00:00 +0000"
        ctx["apiId"] = FUNCTION_URL_ID if self.via_url else "sample"
        if self.via_url:
            ctx["accountId"] = "anonymous"
        return event


def sample_events(w: World | None = None) -> list[Sample]:
    """One sample per route of the API, each answering ``status`` on the sample world."""
    w = w or sample_world()
    mover, move = w.mover, w.move
    waiter = w.ada if mover == w.bea else w.bea
    ada, bea = TOKENS["Ada"], TOKENS["Bea"]
    token = {w.ada: ada, w.bea: bea}
    return [
        Sample("get-health", "GET", "/health", 200),
        Sample("get-rules", "GET", "/rules", 200),
        Sample("get-bots", "GET", "/bots", 200),
        Sample(
            "post-players",
            "POST",
            "/players",
            201,
            body={"name": "Cleo"},
            headers={"idempotency-key": "register-cleo-1"},
        ),
        Sample("get-me", "GET", "/me", 200, token=ada),
        Sample("post-me-token", "POST", "/me/token", 200, token=ada),
        Sample("delete-me-token", "DELETE", "/me/token", 204, token=ada),
        Sample("get-player", "GET", f"/players/{w.bea}", 200),
        Sample("get-players-by-name", "GET", "/players", 200, query={"name": "bea"}),
        Sample(
            "put-player-role",
            "PUT",
            f"/players/{w.bea}/role",
            200,
            token=ADMIN_TOKEN,
            body={"role": "organizer"},
        ),
        Sample("post-player-token", "POST", f"/players/{w.bea}/token", 200, token=ADMIN_TOKEN),
        Sample("get-player-matches", "GET", f"/players/{w.ada}/matches", 200, query={"limit": "10"}),
        Sample(
            "post-matches",
            "POST",
            "/matches",
            201,
            token=ada,
            body={"players": [w.ada, "bot-greedy"], "preset": "classic", "seed": "c0ffee" * 6},
            headers={"idempotency-key": "ada-vs-greedy-1"},
        ),
        Sample("get-match", "GET", f"/matches/{w.active}", 200, token=ada),
        Sample(
            "get-match-wait",
            "GET",
            f"/matches/{w.active}",
            200,
            token=token[waiter],
            query={"after_version": "2", "wait": "2"},
        ),
        Sample(
            "post-match-moves",
            "POST",
            f"/matches/{w.active}/moves",
            200,
            token=token[mover],
            body={"card": move["card"], "take": move["take"], "version": 2},
            headers={"idempotency-key": "move-1"},
        ),
        Sample(  # the same move through the function URL (links.moves of the match answer in AWS)
            "post-match-moves-function-url",
            "POST",
            f"/matches/{w.active}/moves",
            200,
            token=token[mover],
            body={"card": move["card"], "take": move["take"], "version": 2},
            headers={"idempotency-key": "move-1"},
            via_url=True,
        ),
        Sample("post-match-resign", "POST", f"/matches/{w.active}/resign", 200, token=ada),
        Sample("post-match-accept", "POST", f"/matches/{w.pending}/accept", 200, token=bea),
        Sample("post-match-decline", "POST", f"/matches/{w.pending}/decline", 200, token=bea),
        Sample("get-match-deals", "GET", f"/matches/{w.finished}/deals", 200, query={"limit": "5"}),
        Sample("post-match-withdraw", "POST", f"/matches/{w.pending}/withdraw", 200, token=ada),
        Sample("get-match-record", "GET", f"/matches/{w.finished}/record", 200),
        Sample("get-lobby-seeks", "GET", "/lobby/seeks", 200, query={"limit": "20"}),
        Sample(
            "post-lobby-seeks",
            "POST",
            "/lobby/seeks",
            201,
            token=ada,
            body={"preset": "classic", "time_control": {"seconds_per_move": 60}, "rated": True},
            headers={"idempotency-key": "seek-1"},
        ),
        Sample("get-lobby-seek", "GET", f"/lobby/seeks/{w.seek}", 200),
        Sample("delete-lobby-seek", "DELETE", f"/lobby/seeks/{w.seek}", 204, token=bea),
        Sample("post-lobby-seek-accept", "POST", f"/lobby/seeks/{w.seek}/accept", 201, token=ada),
        Sample(
            "post-challenges",
            "POST",
            "/challenges",
            201,
            token=ada,
            body={"opponent": w.bea, "target": 11, "rated": False},
            headers={"idempotency-key": "challenge-1"},
        ),
        Sample("get-inbox", "GET", "/inbox", 200, token=bea),
        Sample("get-rankings", "GET", "/rankings", 200),
        Sample("get-ranking", "GET", "/rankings/scopa", 200, query={"by": "elo", "limit": "20"}),
        Sample("post-ranking-recompute", "POST", "/rankings/scopa/recompute", 202, token=ADMIN_TOKEN),
        Sample(
            "get-ranking-recompute-job",
            "GET",
            "/rankings/scopa/recompute/j_0000000000000000",
            404,
            token=ADMIN_TOKEN,
        ),
        Sample(
            "post-admin-bots", "POST", "/admin/bots", 201, token=ADMIN_TOKEN, body={"name": "Outside bot"}
        ),
        Sample("get-player-ratings", "GET", f"/players/{w.ada}/ratings", 200, query={"pool": "scopa"}),
        Sample("get-openapi", "GET", "/openapi.json", 200),
        Sample("get-docs", "GET", "/docs", 200, headers={"accept": "text/html"}),
        *club_samples(w),
        *tournament_samples(w),
        *season_samples(w),
        *guest_samples(w),
    ]


def club_samples(w: World) -> list[Sample]:
    olga = TOKENS["Olga"]
    return [
        Sample(
            "post-clubs",
            "POST",
            "/clubs",
            201,
            token=olga,
            body={"name": "Circolo del Settebello", "description": "Thursday evenings", "open": True},
        ),
        Sample("get-clubs", "GET", "/clubs", 200, query={"limit": "10"}),
        Sample("get-club", "GET", f"/clubs/{CLUB}", 200),
        Sample("get-club-as-member", "GET", f"/clubs/{CLUB}", 200, token=TOKENS["Ada"]),  # your_role
        Sample("patch-club", "PATCH", f"/clubs/{CLUB}", 200, token=olga, body={"description": "Thursdays"}),
        Sample(
            "patch-club-stale",  # the version the editor read is not the club's any more
            "PATCH",
            f"/clubs/{CLUB}",
            409,
            token=olga,
            body={"description": "Fridays", "version": 7},
        ),
        Sample("get-club-members", "GET", f"/clubs/{CLUB}/members", 200),
        Sample(
            "post-club-members", "POST", f"/clubs/{CLUB}/members", 201, token=olga, body={"player_id": w.bea}
        ),
        Sample("delete-club-member", "DELETE", f"/clubs/{CLUB}/members/{w.ada}", 204, token=TOKENS["Ada"]),
        Sample("post-club-join-request", "POST", f"/clubs/{CLUB}/join-requests", 201, token=TOKENS["Bea"]),
        Sample("get-club-join-requests", "GET", f"/clubs/{CLUB}/join-requests", 200, token=olga),
        Sample(
            "post-club-join-request-approve",
            "POST",
            f"/clubs/{CLUB}/join-requests/{w.bea}/approve",
            200,
            token=olga,
        ),
        Sample(
            "post-club-join-request-refuse",
            "POST",
            f"/clubs/{CLUB}/join-requests/{w.bea}/refuse",
            200,
            token=olga,
        ),
        # Webhooks: the sample world registers none (a hook's URL must resolve to a public address, which
        # an offline run cannot check), so these show the list, a refused URL and unknown hooks.
        Sample("get-club-webhooks", "GET", f"/clubs/{CLUB}/webhooks", 200, token=olga),
        Sample(
            "post-club-webhook",
            "POST",
            f"/clubs/{CLUB}/webhooks",
            400,
            token=olga,
            body={"url": "http://127.0.0.1:9/hook", "events": ["tournament.started"]},
        ),
        Sample("get-club-webhook", "GET", f"/clubs/{CLUB}/webhooks/h_0000000000000000", 404, token=olga),
        Sample(
            "delete-club-webhook", "DELETE", f"/clubs/{CLUB}/webhooks/h_0000000000000000", 404, token=olga
        ),
        Sample(
            "get-club-webhook-deliveries",
            "GET",
            f"/clubs/{CLUB}/webhooks/h_0000000000000000/deliveries",
            404,
            token=olga,
        ),
    ]


def guest_samples(w: World) -> list[Sample]:
    """Olga's guests, a claim (with a wrong code: the right one is a secret of the world) and an import."""
    olga = TOKENS["Olga"]
    guest = f"/guests/{w.guest}"
    return [
        Sample(
            "post-guests",
            "POST",
            "/guests",
            201,
            token=olga,
            body={"name": "Zio Beppe"},
            headers={"idempotency-key": "olga-guest-beppe"},
        ),
        Sample("get-guests", "GET", "/guests", 200, token=olga),
        Sample("put-guest-name", "PUT", f"{guest}/name", 200, token=olga, body={"name": "Nonna Giuseppina"}),
        Sample("post-guest-claim-code", "POST", f"{guest}/claim-code", 201, token=olga),
        Sample("delete-guest-claim-code", "DELETE", f"{guest}/claim-code", 204, token=olga),
        Sample("post-guest-claim", "POST", f"{guest}/claim", 403, body={"code": "K7QM-3XPA"}),
        Sample(
            "post-tournament-entries-import",
            "POST",
            f"/tournaments/{w.registration}/entries/import",
            200,
            token=olga,
            body={"format": "list", "text": "Bea\nNonna Pina\nZia Rosa\n", "create_guests": True},
            headers={"idempotency-key": "olga-import-1"},
        ),
    ]


def season_samples(w: World) -> list[Sample]:
    olga = TOKENS["Olga"]
    base = f"/clubs/{CLUB}/seasons"
    return [
        Sample(
            "post-club-seasons",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Stagione 2027",
                "starts_on": "2027-01-01",
                "ends_on": "2027-12-31",
                "rules": {"points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], "best_of": 6, "events": 10},
            },
            headers={"idempotency-key": "olga-season-2027"},
        ),
        Sample("get-club-seasons", "GET", base, 200, query={"limit": "10"}),
        Sample("get-club-season", "GET", f"{base}/{w.season}", 200),
        Sample(
            "patch-club-season",
            "PATCH",
            f"{base}/{w.season}",
            200,
            token=olga,
            body={"rules": {"scale": "field", "participation": 1}, "version": 2},
        ),
        Sample(
            "put-club-season-tournament",
            "PUT",
            f"{base}/{w.season}/tournaments/{w.registration}",
            200,
            token=olga,
        ),
        Sample(
            "delete-club-season-tournament",
            "DELETE",
            f"{base}/{w.season}/tournaments/{w.club_done}",
            200,
            token=olga,
        ),
        Sample("get-club-season-standings", "GET", f"{base}/{w.season}/standings", 200),
        Sample("get-club-season-export", "GET", f"{base}/{w.season}/export", 200, query={"format": "ndjson"}),
    ]


def tournament_samples(w: World) -> list[Sample]:
    olga, ada, bea = TOKENS["Olga"], TOKENS["Ada"], TOKENS["Bea"]
    base = "/tournaments"
    return [
        Sample(
            "post-tournaments",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Torneo di primavera",
                "club_id": CLUB,
                "settings": {"format": "swiss", "rounds": 4, "entry_policy": "club"},
            },
            headers={"idempotency-key": "olga-spring-1"},
        ),
        Sample(
            "post-tournaments-double-elimination",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Coppa doppia",
                "settings": {"format": "double_elimination", "bracket_reset": True, "games_per_match": 3},
            },
        ),
        Sample(
            "post-tournaments-groups-knockout",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Gironi d'estate",
                "settings": {"format": "groups_knockout", "group_size": 4, "advance_per_group": 2},
            },
        ),
        Sample(
            "post-tournaments-knockout-third-place",
            "POST",
            base,
            201,
            token=olga,
            body={
                "name": "Coppa con finalina",
                "settings": {"format": "knockout", "third_place_match": True},
            },
        ),
        Sample("get-tournaments", "GET", base, 200, query={"status": "running", "limit": "10"}),
        Sample("get-tournament", "GET", f"{base}/{w.running}", 200),
        Sample(
            "put-tournament-settings",
            "PUT",
            f"{base}/{w.draft}/settings",
            200,
            token=olga,
            body={"format": "round_robin", "games_per_match": 3, "seconds_per_move": 3600},
        ),
        Sample("post-tournament-open", "POST", f"{base}/{w.draft}/open", 200, token=olga),
        Sample("post-tournament-start", "POST", f"{base}/{w.registration}/start", 200, token=olga),
        Sample("post-tournament-pause", "POST", f"{base}/{w.running}/pause", 200, token=olga),
        Sample("post-tournament-resume", "POST", f"{base}/{w.paused}/resume", 200, token=olga),
        Sample("post-tournament-cancel", "POST", f"{base}/{w.registration}/cancel", 200, token=olga),
        Sample("post-tournament-advance", "POST", f"{base}/{w.running}/advance", 200, token=olga),
        Sample("get-tournament-entries", "GET", f"{base}/{w.running}/entries", 200),
        Sample(
            "post-tournament-entries",
            "POST",
            f"{base}/{w.registration}/entries",
            201,
            token=bea,
            body={},
            headers={"idempotency-key": "bea-enters-1"},
        ),
        Sample("delete-tournament-entries", "DELETE", f"{base}/{w.registration}/entries", 200, token=ada),
        Sample("delete-tournament-entry", "DELETE", f"{base}/{w.running}/entries/{BOT2}", 200, token=olga),
        Sample(
            "post-tournament-entry-exclude",
            "POST",
            f"{base}/{w.running}/entries/{w.bea}/exclude",
            200,
            token=olga,
            body={"reason": "did not turn up"},
        ),
        Sample(
            "post-tournament-entry-approve",
            "POST",
            f"{base}/{w.approvals}/entries/{w.ada}/approve",
            200,
            token=olga,
        ),
        Sample(
            "post-tournament-entry-refuse",
            "POST",
            f"{base}/{w.approvals}/entries/{w.bea}/refuse",
            200,
            token=olga,
        ),
        Sample("post-tournament-check-in", "POST", f"{base}/{w.check_in}/check-in", 200, token=ada),
        Sample("get-tournament-venue-code", "GET", f"{base}/{w.check_in}/venue-code", 200, token=olga),
        Sample(  # the code is derived under the store's own key: one the alphabet cannot make is refused
            "post-tournament-venue-check-in",
            "POST",
            f"{base}/{w.check_in}/venue-check-in",
            403,
            token=ada,
            body={"code": "K7P-2Q0"},
        ),
        Sample("post-tournament-bye", "POST", f"{base}/{w.running}/byes", 201, token=ada, body={"round": 3}),
        Sample("delete-tournament-bye", "DELETE", f"{base}/{w.running}/byes/3", 200, token=bea),
        Sample(
            "put-tournament-entry-paused",
            "PUT",
            f"{base}/{w.arena}/entries/{w.ada}/paused",
            200,
            token=ada,
            body={"paused": True},
        ),
        Sample("get-tournament-arena", "GET", f"{base}/{w.arena}/arena", 200),
        Sample("get-tournament-me", "GET", f"{base}/{w.running}/me", 200, token=ada),
        Sample("get-tournament-round", "GET", f"{base}/{w.running}/rounds/1", 200),
        Sample(
            "put-tournament-round-pairings",
            "PUT",
            f"{base}/{w.running}/rounds/2/pairings",
            200,
            token=olga,
            body={"tables": [[w.ada, w.bea], [BOT1, BOT2]], "byes": []},
        ),
        Sample(
            "post-tournament-table-result",
            "POST",
            f"{base}/{w.running}/rounds/1/tables/1/result",
            200,
            token=olga,
            body={"result": [0.5, 0.5], "reason": "agreed draw after a misdeal"},
        ),
        Sample("get-tournament-standings", "GET", f"{base}/{w.done}/standings", 200, query={"round": "1"}),
        Sample("get-tournament-crosstable", "GET", f"{base}/{w.done}/crosstable", 200),
        Sample(
            "get-tournament-export",
            "GET",
            f"{base}/{w.done}/export",
            200,
            query={"format": "csv"},
            headers={"accept": "text/csv"},
        ),
        Sample("get-tournament-audit", "GET", f"{base}/{w.running}/audit", 200, query={"limit": "20"}),
        *in_person_samples(w),
    ]


def in_person_samples(w: World) -> list[Sample]:
    """The club night played in person: Ada reported 11-7 at table 1 (the same report again changes
    nothing), Bea confirms it; Olga enters a score, closes the round with Bea absent, marks Ada online."""
    olga, table = TOKENS["Olga"], f"/tournaments/{w.club_night}/rounds/1/tables/1"
    return [
        Sample("get-tournament-round-table", "GET", table, 200),
        Sample(
            "post-tournament-table-report",
            "POST",
            f"{table}/reports",
            200,
            token=TOKENS["Ada"],
            body={"games": [[11, 7]]},
            headers={"idempotency-key": "report-table-1"},
        ),
        Sample("post-tournament-table-confirm", "POST", f"{table}/confirm", 200, token=TOKENS["Bea"]),
        Sample(
            "put-tournament-table-score",
            "PUT",
            f"{table}/score",
            200,
            token=olga,
            body={"games": [[11, 9]], "reason": "the score sheet says 11-9"},
        ),
        Sample(
            "post-tournament-round-close",
            "POST",
            f"/tournaments/{w.club_night}/rounds/1/close",
            200,
            token=olga,
            body={"absent": [w.bea], "reason": "Bea left before her game"},
        ),
        Sample(
            "put-tournament-entry-online",
            "PUT",
            f"/tournaments/{w.club_night}/entries/{w.ada}/online",
            200,
            token=olga,
            body={"online": True},
        ),
    ]


PIPELINE_PREFIX = "pipeline-"


def pipeline_events() -> dict[str, dict[str, Any]]:
    """The pipeline Lambda's sample events by file name: what EventBridge Scheduler sends it.

    The schedule's target input is a JSON template with the scheduler's context attributes
    (``<aws.scheduler.scheduled-time>`` ...), shown here as the scheduler fills them in. The handler does
    not read the event: every run looks at the table afresh.
    """
    return {
        f"{PIPELINE_PREFIX}scheduled": {
            "source": "aws.scheduler",
            "schedule_arn": "arn:aws:scheduler:eu-south-1:123456789012:schedule/default/scopa-pipeline",
            "scheduled_time": "2026-01-01T09:00:00Z",
            "execution_id": "sample-pipeline-scheduled",
            "attempt_number": "1",
        }
    }


def is_http_event(event: dict[str, Any]) -> bool:
    """An API Gateway HTTP API (v2) event, as opposed to a scheduled invocation of the pipeline."""
    context = event.get("requestContext")
    return isinstance(context, dict) and "http" in context


def write_events(folder: Path) -> list[Path]:
    """Write every sample event as ``folder/<name>.json`` (pipeline events too); returns the paths written."""
    written = []
    events = {sample.name: sample.event() for sample in sample_events()} | pipeline_events()
    for name, event in events.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(event, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


# ---------------------------------------------------------------------------------------------- invoke


def invoke(event: dict[str, Any]) -> dict[str, Any]:
    """Run the API handler on an HTTP API event, the pipeline handler on any other (a scheduled run)."""
    if is_http_event(event):
        from api.handler import handler
    else:
        from pipeline.handler import handler

    answer: dict[str, Any] = handler(event, FakeLambdaContext())
    return answer


def readable(answer: dict[str, Any], limit: int = 2000) -> dict[str, Any]:
    """The handler's answer with a JSON body parsed, and a long text body cut short."""
    out = dict(answer)
    body = out.get("body")
    if isinstance(body, str) and not out.get("isBase64Encoded"):
        try:
            out["body"] = json.loads(body)
        except json.JSONDecodeError:
            if len(body) > limit:
                out["body"] = body[:limit] + f"... ({len(body)} characters in all)"
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="local_invoke",
        description="Run the API handler (or, on a scheduled event, the pipeline) once on the sample world.",
    )
    parser.add_argument(
        "event",
        type=Path,
        help="an API Gateway HTTP API v2 event (JSON), e.g. events/get-me.json, or a scheduled event for "
        "the pipeline, e.g. events/pipeline-scheduled.json",
    )
    parser.add_argument("--raw", action="store_true", help="print the handler's answer exactly as returned")
    args = parser.parse_args(argv)
    try:
        event = json.loads(args.event.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"local_invoke: cannot read {args.event}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(event, dict):
        print(f"local_invoke: {args.event} holds no JSON object", file=sys.stderr)
        return 2

    from tools import local_server

    # A throwaway store every run, never the data of `make run`: SQLite in memory, or moto in this process.
    os.environ["ADMIN_TOKEN"] = ADMIN_TOKEN
    os.environ.pop("ADMIN_TOKEN_HASH", None)
    os.environ.pop("DYNAMODB_ENDPOINT", None)
    os.environ["SQLITE_PATH"] = ":memory:"
    local_server.configure_environment()
    mock = local_server.start_embedded_dynamodb() if local_server.embedded_dynamodb() else None
    try:
        from api.context import services
        from pipeline.handler import PipelineRunFailed

        local_server.prepare_store()
        bootstrap(services())
        try:
            answer = invoke(event)
        except PipelineRunFailed as exc:
            print(f"local_invoke: the pipeline run failed: {exc}", file=sys.stderr)
            return 1
    finally:
        if mock is not None:
            mock.stop()
    print(json.dumps(answer if args.raw else readable(answer), indent=2, ensure_ascii=False))
    return 0 if int(answer.get("statusCode", 200)) < 500 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
