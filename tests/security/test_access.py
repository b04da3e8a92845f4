"""Access: every route of the OpenAPI document against six callers, with the expected status for each.

Callers, in column order: anonymous, another player, the player (who owns, sits in or entered the
thing), an organizer of another club, the organizer (of this club and its tournaments), the admin.
A route missing from the table fails the test, so a new route cannot escape it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from api.app import app
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.security.access_world import CALLERS, Again, Setup, World

W = World


@dataclass(frozen=True)
class Row:
    method: str
    path: str
    expected: str  # six statuses, one per caller in CALLERS order
    setup: Setup = W.nothing
    again: Again | None = None  # the target after a success (default: a new one from ``setup``)
    rebinds: bool = False  # a success changes the caller's token (rotation, revocation)


PUBLIC = "200 200 200 200 200 200"
ADMIN_ONLY = "401 403 403 403 403 200"
THIS_ORGANIZER = "401 403 403 403 200 200"
ONLY_THE_PLAYER = "401 403 200 403 403 403"
T = "/tournaments/{tournament_id}"
S = "/clubs/{club_id}/seasons"

TABLE = [
    Row("GET", "/health", PUBLIC),
    Row("GET", "/rules", PUBLIC),
    Row("GET", "/bots", PUBLIC),
    # players
    Row("POST", "/players", "201 201 201 201 201 201", W.registration),
    Row("GET", "/me", "401 200 200 200 200 403"),
    Row("GET", "/players", PUBLIC, W.a_name),
    Row("GET", "/players/{player_id}", PUBLIC, W.profile),
    Row("GET", "/players/{player_id}/matches", PUBLIC, W.profile),
    Row("GET", "/players/{player_id}/ratings", PUBLIC, W.pool),
    Row("PUT", "/players/{player_id}/role", ADMIN_ONLY, W.someone_else),
    Row("POST", "/players/{player_id}/token", ADMIN_ONLY, W.someone_else),
    Row("POST", "/admin/bots", "401 403 403 403 403 201", W.bot_account),
    # guests (an organizer's; the admin is no player, so it has none)
    Row("POST", "/guests", "401 403 403 201 201 403", W.new_guest),
    Row("GET", "/guests", "401 403 403 200 200 403"),
    Row("PUT", "/guests/{player_id}/name", "401 403 403 403 200 403", W.guest),
    Row("POST", "/guests/{player_id}/claim-code", "401 403 403 403 201 403", W.guest),
    Row("DELETE", "/guests/{player_id}/claim-code", "401 403 403 403 204 403", W.guest),
    Row("POST", "/guests/{player_id}/claim", "200 200 200 200 200 200", W.guest_to_claim),
    # matches
    Row("POST", "/matches", "401 403 201 201 201 201", W.new_match),
    Row("GET", "/matches/{match_id}", PUBLIC, W.seen_match),
    Row("POST", "/matches/{match_id}/moves", ONLY_THE_PLAYER, W.move),
    Row("POST", "/matches/{match_id}/resign", ONLY_THE_PLAYER, W.match_to_resign),
    Row("POST", "/matches/{match_id}/accept", ONLY_THE_PLAYER, W.invitation),
    Row("POST", "/matches/{match_id}/decline", ONLY_THE_PLAYER, W.invitation),
    Row("GET", "/matches/{match_id}/deals", PUBLIC, W.ended_match),
    Row("GET", "/matches/{match_id}/record", PUBLIC, W.ended_match),
    Row("POST", "/matches/{match_id}/withdraw", ONLY_THE_PLAYER, W.own_challenge),
    # the lobby: any player (the admin is none); a seek is withdrawn by its creator, taken by anyone else
    Row("GET", "/lobby/seeks", PUBLIC),
    Row("POST", "/lobby/seeks", "401 201 201 201 201 403", W.new_seek),
    Row("GET", "/lobby/seeks/{seek_id}", PUBLIC, W.own_seek),
    Row("DELETE", "/lobby/seeks/{seek_id}", "401 403 204 403 403 403", W.own_seek),
    Row("POST", "/lobby/seeks/{seek_id}/accept", "401 201 201 201 201 403", W.someones_seek),
    Row("POST", "/challenges", "401 201 201 201 201 403", W.challenge),
    Row("GET", "/inbox", "401 200 200 200 200 403"),
    # clubs
    Row("POST", "/clubs", "401 403 403 201 201 201", W.new_club),
    Row("GET", "/clubs", PUBLIC),
    Row("GET", "/clubs/{club_id}", PUBLIC, W.club_page),
    Row("PATCH", "/clubs/{club_id}", THIS_ORGANIZER, W.club_edit, W.same),
    Row("GET", "/clubs/{club_id}/members", PUBLIC, W.club_page),
    Row("POST", "/clubs/{club_id}/members", "401 403 403 403 201 201", W.new_member),
    Row("DELETE", "/clubs/{club_id}/members/{player_id}", "401 403 204 403 204 204", W.member_to_remove),
    # asking to join a closed club: any player not in it (the player and the organizer are members)
    Row("POST", "/clubs/{club_id}/join-requests", "401 201 409 201 409 403", W.club_page, W.same),
    # the organizers see every request; a player only their own (an empty list for the others)
    Row("GET", "/clubs/{club_id}/join-requests", "401 200 200 200 200 200", W.club_page),
    Row("POST", "/clubs/{club_id}/join-requests/{player_id}/approve", THIS_ORGANIZER, W.join_request),
    Row("POST", "/clubs/{club_id}/join-requests/{player_id}/refuse", THIS_ORGANIZER, W.join_request),
    # a club's webhooks: its organizers only
    Row("POST", "/clubs/{club_id}/webhooks", "401 403 403 403 201 201", W.new_webhook),
    Row("GET", "/clubs/{club_id}/webhooks", THIS_ORGANIZER, W.club_page),
    Row("GET", "/clubs/{club_id}/webhooks/{hook_id}", THIS_ORGANIZER, W.webhook),
    Row("GET", "/clubs/{club_id}/webhooks/{hook_id}/deliveries", THIS_ORGANIZER, W.webhook),
    Row("DELETE", "/clubs/{club_id}/webhooks/{hook_id}", "401 403 403 403 204 204", W.webhook),
    # a club's seasons: its organizers (and the admin) write, anyone reads (docs/seasons.md)
    Row("POST", S, "401 403 403 403 201 201", W.new_season),
    Row("GET", S, PUBLIC, W.season),
    Row("GET", S + "/{season_id}", PUBLIC, W.season),
    Row("PATCH", S + "/{season_id}", THIS_ORGANIZER, W.season_edit, W.same),
    Row(
        "PUT", S + "/{season_id}/tournaments/{tournament_id}", THIS_ORGANIZER, W.tournament_to_attach, W.same
    ),
    Row("DELETE", S + "/{season_id}/tournaments/{tournament_id}", THIS_ORGANIZER, W.attached_tournament),
    Row("GET", S + "/{season_id}/standings", PUBLIC, W.season),
    Row("GET", S + "/{season_id}/export", PUBLIC, W.season_export),
    # tournaments
    Row("POST", "/tournaments", "401 403 403 403 201 201", W.new_tournament),
    Row("GET", "/tournaments", PUBLIC),
    Row("GET", T, PUBLIC, W.seen_tournament),
    Row("PUT", T + "/settings", THIS_ORGANIZER, W.in_registration, W.same),
    Row("POST", T + "/open", THIS_ORGANIZER, W.draft),
    Row("POST", T + "/start", THIS_ORGANIZER, W.startable),
    Row("POST", T + "/pause", THIS_ORGANIZER, W.running_tournament, W.resumed),
    Row("POST", T + "/resume", THIS_ORGANIZER, W.paused, W.paused_again),
    Row("POST", T + "/cancel", THIS_ORGANIZER, W.in_registration),
    Row("POST", T + "/advance", THIS_ORGANIZER, W.running_tournament, W.same),
    Row("GET", T + "/entries", PUBLIC, W.seen_tournament),
    # a club tournament for members: the admin names nobody (400: players_required)
    Row("POST", T + "/entries", "401 403 201 403 201 400", W.to_enter, W.same),
    Row("POST", T + "/entries/import", THIS_ORGANIZER, W.to_import),
    # withdrawing one's own entry: only an entrant has one (the admin is not a player)
    Row("DELETE", T + "/entries", "401 404 200 404 404 403", W.in_registration, W.same),
    Row("DELETE", T + "/entries/{entrant_id}", "401 403 200 403 200 200", W.in_registration, W.entered_again),
    Row("POST", T + "/entries/{entrant_id}/exclude", THIS_ORGANIZER, W.to_exclude, W.next_entrant),
    Row("POST", T + "/entries/{entrant_id}/approve", THIS_ORGANIZER, W.requested_entry),
    Row("POST", T + "/entries/{entrant_id}/refuse", THIS_ORGANIZER, W.requested_entry),
    # checking in: only an entrant has an entry (the admin is not a player)
    Row("POST", T + "/check-in", "401 404 200 404 404 403", W.check_in_open, W.same),
    # at the venue: the organizers read the code; an entrant checks in with it (as above)
    Row("GET", T + "/venue-code", THIS_ORGANIZER, W.check_in_open),
    Row("POST", T + "/venue-check-in", "401 404 200 404 404 403", W.venue_check_in, W.same),
    # requested byes: the entrant's players, or the organizers naming the entrant; taking one's own back
    Row("POST", T + "/byes", "401 403 201 403 201 201", W.bye_to_ask, W.same),
    Row("DELETE", T + "/byes/{number}", "401 404 200 404 404 404", W.bye_to_cancel),
    # the arena: its leaderboard for all; a player pauses their own entry, organizers anyone's
    Row("GET", T + "/arena", PUBLIC, W.arena_entry),
    # one's own place: any player (entered or not); the admin is no player
    Row("GET", T + "/me", "401 200 200 200 200 403", W.seen_tournament),
    Row("PUT", T + "/entries/{entrant_id}/paused", "401 403 200 403 200 200", W.arena_entry, W.same),
    Row("GET", T + "/rounds/{number}", PUBLIC, W.seen_tournament),
    Row("PUT", T + "/rounds/{number}/pairings", THIS_ORGANIZER, W.next_pairing, W.same),
    Row("POST", T + "/rounds/{number}/tables/{table}/result", THIS_ORGANIZER, W.closed_table, W.same),
    # in person: the players seated at the table report and confirm; organizers enter, close, mark online
    Row(
        "POST",
        T + "/rounds/{number}/tables/{table}/reports",
        "401 403 200 403 403 403",
        W.table_to_report,
        W.same,
    ),
    Row("GET", T + "/rounds/{number}/tables/{table}", PUBLIC, W.table_to_report),
    Row("POST", T + "/rounds/{number}/tables/{table}/confirm", "401 403 200 403 403 403", W.table_to_confirm),
    Row("PUT", T + "/rounds/{number}/tables/{table}/score", THIS_ORGANIZER, W.table_to_enter, W.same),
    Row("POST", T + "/rounds/{number}/close", THIS_ORGANIZER, W.round_to_close),
    Row("PUT", T + "/entries/{entrant_id}/online", THIS_ORGANIZER, W.mixed_entry, W.same),
    Row("GET", T + "/standings", PUBLIC, W.seen_tournament),
    Row("GET", T + "/crosstable", PUBLIC, W.seen_tournament),
    Row("GET", T + "/export", PUBLIC, W.seen_tournament),
    Row("GET", T + "/audit", PUBLIC, W.seen_tournament),
    # rankings
    Row("GET", "/rankings", PUBLIC),
    Row("GET", "/rankings/{pool}", PUBLIC, W.pool),
    Row("POST", "/rankings/{pool}/recompute", "401 403 403 403 403 202", W.pool),
    Row("GET", "/rankings/{pool}/recompute/{job_id}", ADMIN_ONLY, W.recompute_job),
    # the caller's own token last: rotating and revoking it changes who the caller is afterwards
    Row("POST", "/me/token", "401 200 200 200 200 403", rebinds=True),
    Row("DELETE", "/me/token", "401 204 204 204 204 403", rebinds=True),
]


def documented_routes() -> set[tuple[str, str]]:
    schema: Any = app.get_openapi_json_schema(title="Scopa service", version="0.1.0")
    paths = (json.loads(schema) if isinstance(schema, str) else schema)["paths"]
    return {(method.upper(), path) for path, operations in paths.items() for method in operations}


def test_the_table_has_one_row_for_every_documented_route() -> None:
    rows = [(row.method, row.path) for row in TABLE]
    assert len(rows) == len(set(rows)), "a route has two rows"
    assert set(rows) == documented_routes()
    assert all(len(row.expected.split()) == len(CALLERS) for row in TABLE)


def test_every_route_answers_every_caller_as_the_table_says(api: Api) -> None:
    world = World(api)
    mismatches = []

    for row in TABLE:
        target = row.setup(world)
        for caller, expected in zip(CALLERS, row.expected.split(), strict=True):
            token = target.player if caller == "the player" and target.player else world.tokens[caller]
            path = row.path.format(**target.params)
            answer = api.call(row.method, path, target.body, token=token, query=target.query)
            if answer.status != int(expected):
                mismatches.append(
                    f"{row.method} {row.path} as {caller}: {answer.status} {answer.body!r:.160}"
                )
            elif answer.status >= 400:
                assert_error(answer, answer.status, answer.code or "")
            if answer.status < 300 and row.method != "GET":
                if row.rebinds:
                    rebind(world, caller, answer.body)
                # the next caller starts from the same state
                target = row.again(world, target) if row.again else row.setup(world)
    assert not mismatches, "\n".join(mismatches)


def rebind(world: World, caller: str, body: Any) -> None:
    """After a rotation the caller holds the new token (a revocation comes last: nothing follows it)."""
    if isinstance(body, dict) and body.get("token"):
        world.tokens[caller] = body["token"]
