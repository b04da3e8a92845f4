"""Players and tokens: registration, /me, rotation, revocation, admin tokens and roles, profiles, rules."""

from __future__ import annotations

import hashlib

import pytest

from tests.api.conftest import (
    ADMIN_TOKEN,
    Api,
    api_on_moto,  # noqa: F401 (this module looks at DynamoDB items)
)
from tests.api.support import assert_error, new_match, scan_table


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


# --------------------------------------------------------------------------- registration


def test_registration_shows_the_token_once_and_stores_only_its_hash(api: Api) -> None:
    answer = api.call("POST", "/players", {"name": "Ada"})

    assert answer.status == 201
    player, token = answer.body["player"], answer.body["token"]
    assert player["id"].startswith("p_")
    assert (player["name"], player["role"], player["bot"]) == ("Ada", "player", None)
    assert token.startswith(f"scs_{player['id']}.1.")  # signed: the player, the token version, ...
    assert len(token) >= 80
    # The table holds the token's SHA-256 (on the profile, beside its version), never the token; a signed
    # token has no item of its own.
    dump = repr(scan_table())
    assert token not in dump
    assert sha256(token) in dump
    assert "TOKEN#" not in dump
    # No other answer shows the token again.
    assert "token" not in api.call("GET", f"/players/{player['id']}").body
    assert "token" not in api.call("GET", "/me", token=token).body


def test_a_retried_registration_finds_the_same_player_and_never_stores_the_token(api: Api) -> None:
    key = {"Idempotency-Key": "3f0c6c1e-registration"}
    first = api.call("POST", "/players", {"name": "Ada"}, headers=key)
    again = api.call("POST", "/players", {"name": "Ada"}, headers=key)
    other_body = api.call("POST", "/players", {"name": "Bob"}, headers=key)

    assert first.status == again.status == 201
    assert again.body["player"] == first.body["player"]  # no second account
    assert again.body["token"] is None  # the token is shown once: a replay cannot show it again
    assert_error(other_body, 422, "idempotency_key_reused")
    # The idempotency record (its own partition) holds the answer without the token.
    items = scan_table()
    records = [item for item in items if item["pk"]["S"].startswith("IDEM#")]
    assert len(records) == 1
    assert first.body["player"]["id"] in records[0]["answer"]["S"]
    assert first.body["token"] not in repr(items)
    assert api.call("GET", "/me", token=first.body["token"]).status == 200


def test_two_registrations_are_two_players(api: Api) -> None:
    a, _ = api.register("Ada")
    b, _ = api.register("Ada")
    assert a != b


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("李小龍", "李小龍"),
        ("Zoë 🂡", "Zoë 🂡"),
        ("A\u0301da", "\u00c1da"),  # combining accent, normalised to NFC
        ("  Ada \t  Lovelace\n", "Ada Lovelace"),  # whitespace trimmed and collapsed
        ("x" * 40, "x" * 40),
    ],
)
def test_unicode_names_are_accepted_and_normalised(api: Api, given: str, stored: str) -> None:
    answer = api.call("POST", "/players", {"name": given})
    assert answer.status == 201, answer.body
    assert answer.body["player"]["name"] == stored
    profile = api.call("GET", f"/players/{answer.body['player']['id']}").body
    assert profile["name"] == stored


@pytest.mark.parametrize(
    "name",
    [
        "Ada\u0000",  # NUL
        "Ada\u001b[31m",  # terminal escape
        "Ada\u007f",  # DEL
        "Ada\u200b",  # zero-width space
        "\u202eadA",  # right-to-left override
        "Ada\ufeff",  # byte order mark
        "   ",
    ],
)
def test_names_with_control_or_invisible_characters_are_refused(api: Api, name: str) -> None:
    assert_error(api.call("POST", "/players", {"name": name}), 400, "invalid_name")


def test_a_name_longer_than_the_document_says_is_refused_by_its_schema(api: Api) -> None:
    assert_error(api.call("POST", "/players", {"name": "x" * 41}), 422, "validation_error")


# --------------------------------------------------------------------------- /me and authentication


def test_me_shows_the_callers_profile(api: Api) -> None:
    me, token = api.register("Ada")
    answer = api.call("GET", "/me", token=token)
    assert answer.status == 200
    assert answer.body["id"] == me
    assert answer.body["name"] == "Ada"
    assert answer.body["role"] == "player"
    assert answer.body["created_at"] == "2027-01-15T08:00:00.000Z"  # the test's clock


@pytest.mark.parametrize(
    "authorization",
    [
        "Bearer scp_not-a-real-token",
        "Bearer scs_p_0123456789abcdef.1.00.not-a-signature",
        "Basic YWRhOnNlY3JldA==",
        "Bearer",
        "Bearer   ",
        "scp_token-without-scheme",
    ],
)
def test_me_refuses_bad_credentials(api: Api, authorization: str) -> None:
    api.register("Ada")
    assert_error(api.call("GET", "/me", headers={"authorization": authorization}), 401, "unauthorized")


def test_me_needs_a_player(api: Api) -> None:
    assert_error(api.call("GET", "/me"), 401, "unauthorized")
    assert_error(api.call("GET", "/me", token=ADMIN_TOKEN), 403, "forbidden")  # the admin is not a player


def test_the_scheme_is_case_insensitive(api: Api) -> None:
    me, token = api.register("Ada")
    assert api.call("GET", "/me", headers={"authorization": f"bearer {token}"}).body["id"] == me


# --------------------------------------------------------------------------- rotation and revocation


def test_rotating_the_token_retires_the_old_one(api: Api) -> None:
    me, old = api.register("Ada")

    answer = api.call("POST", "/me/token", token=old)

    assert answer.status == 200
    new = answer.body["token"]
    assert new.startswith(f"scs_{me}.2.")
    assert new != old
    assert_error(api.call("GET", "/me", token=old), 401, "unauthorized")
    assert api.call("GET", "/me", token=new).body["id"] == me
    assert_error(api.call("POST", "/me/token", token=old), 401, "unauthorized")  # no second rotation
    dump = repr(scan_table())
    assert new not in dump
    assert sha256(old) not in dump  # the old token item is gone, not just unused


def test_revoking_signs_out_until_the_admin_issues_a_token(api: Api) -> None:
    me, token = api.register("Ada")

    revoked = api.call("DELETE", "/me/token", token=token)

    assert revoked.status == 204
    assert revoked.body is None
    assert_error(api.call("GET", "/me", token=token), 401, "unauthorized")
    assert_error(api.call("DELETE", "/me/token", token=token), 401, "unauthorized")
    assert api.call("GET", f"/players/{me}").status == 200  # the player stays
    issued = api.call("POST", f"/players/{me}/token", token=ADMIN_TOKEN)
    assert issued.status == 200
    assert api.call("GET", "/me", token=issued.body["token"]).body["id"] == me


def test_rotation_and_revocation_need_a_player(api: Api) -> None:
    assert_error(api.call("POST", "/me/token"), 401, "unauthorized")
    assert_error(api.call("DELETE", "/me/token"), 401, "unauthorized")
    assert_error(api.call("POST", "/me/token", token=ADMIN_TOKEN), 403, "forbidden")


# --------------------------------------------------------------------------- admin: tokens and roles


def test_the_admin_issues_a_new_token_and_the_old_one_stops(api: Api) -> None:
    me, old = api.register("Ada")

    answer = api.call("POST", f"/players/{me}/token", token=ADMIN_TOKEN)

    assert answer.status == 200
    new = answer.body["token"]
    assert_error(api.call("GET", "/me", token=old), 401, "unauthorized")
    assert api.call("GET", "/me", token=new).body["id"] == me
    assert new not in repr(scan_table())


def test_only_the_admin_issues_tokens(api: Api) -> None:
    me, token = api.register("Ada")
    _, other = api.register("Bob")
    assert_error(api.call("POST", f"/players/{me}/token"), 401, "unauthorized")
    assert_error(api.call("POST", f"/players/{me}/token", token=other), 403, "forbidden")
    assert_error(api.call("POST", f"/players/{me}/token", token=token), 403, "forbidden")
    assert_error(api.call("POST", "/players/p_nobody/token", token=ADMIN_TOKEN), 404, "player_not_found")
    assert_error(api.call("POST", "/players/bot-greedy/token", token=ADMIN_TOKEN), 403, "bot_player")
    assert api.call("GET", "/me", token=token).status == 200  # nothing changed


def test_the_admin_makes_an_organizer_who_can_start_matches_between_others(api: Api) -> None:
    org, org_token = api.register("Olga")
    ada, _ = api.register("Ada")
    bob, _ = api.register("Bob")
    refused = api.call("POST", "/matches", {"players": [ada, bob]}, token=org_token)
    assert_error(refused, 403, "not_a_participant")

    answer = api.call("PUT", f"/players/{org}/role", {"role": "organizer"}, token=ADMIN_TOKEN)

    assert answer.status == 200
    assert answer.body["role"] == "organizer"
    assert api.call("GET", "/me", token=org_token).body["role"] == "organizer"  # same token, new role
    match = new_match(api, org_token, [ada, bob])
    assert match["status"] == "active"
    # The role survives a token rotation (the new token item carries it too).
    rotated = api.call("POST", "/me/token", token=org_token).body["token"]
    assert api.call("GET", "/me", token=rotated).body["role"] == "organizer"
    assert new_match(api, rotated, [ada, bob])["status"] == "active"

    back = api.call("PUT", f"/players/{org}/role", {"role": "player"}, token=ADMIN_TOKEN)
    assert back.body["role"] == "player"
    assert_error(
        api.call("POST", "/matches", {"players": [ada, bob]}, token=rotated), 403, "not_a_participant"
    )


def test_only_the_admin_sets_roles(api: Api) -> None:
    me, token = api.register("Ada")
    body = {"role": "organizer"}
    assert_error(api.call("PUT", f"/players/{me}/role", body), 401, "unauthorized")
    assert_error(api.call("PUT", f"/players/{me}/role", body, token=token), 403, "forbidden")
    assert_error(api.call("PUT", "/players/p_nobody/role", body, token=ADMIN_TOKEN), 404, "player_not_found")
    assert_error(api.call("PUT", "/players/bot-strong/role", body, token=ADMIN_TOKEN), 403, "bot_player")
    assert_error(
        api.call("PUT", f"/players/{me}/role", {"role": "admin"}, token=ADMIN_TOKEN), 422, "validation_error"
    )
    assert api.call("GET", "/me", token=token).body["role"] == "player"


def test_a_revoked_player_can_still_be_made_organizer(api: Api) -> None:
    me, token = api.register("Ada")
    api.call("DELETE", "/me/token", token=token)
    answer = api.call("PUT", f"/players/{me}/role", {"role": "organizer"}, token=ADMIN_TOKEN)
    assert answer.status == 200
    issued = api.call("POST", f"/players/{me}/token", token=ADMIN_TOKEN).body["token"]
    assert api.call("GET", "/me", token=issued).body["role"] == "organizer"


# --------------------------------------------------------------------------- profiles, bots, rules, system


def test_a_profile_is_public(api: Api) -> None:
    me, _ = api.register("Ada")
    answer = api.call("GET", f"/players/{me}")
    assert answer.status == 200
    assert answer.body == {
        "id": me,
        "name": "Ada",
        "role": "player",
        "bot": None,
        "kind": "person",
        "created_at": "2027-01-15T08:00:00.000Z",
        "guest": False,
    }
    assert_error(api.call("GET", "/players/p_0000000000000000"), 404, "player_not_found")


def test_the_house_bots_are_listed_and_have_profiles(api: Api) -> None:
    answer = api.call("GET", "/bots")
    assert answer.status == 200
    bots = answer.body["bots"]
    assert {b["id"] for b in bots} >= {"bot-random", "bot-greedy", "bot-strong"}
    for bot in bots:
        assert bot["id"] == f"bot-{bot['bot']}"
        assert api.call("GET", f"/players/{bot['id']}").body == bot
    assert_error(api.call("GET", "/players/bot-nonexistent"), 404, "player_not_found")


def test_rules_list_presets_and_options(api: Api) -> None:
    answer = api.call("GET", "/rules")
    assert answer.status == 200
    presets = {p["name"]: p for p in answer.body["presets"]}
    assert {"classic", "scopone", "cirulla"} <= set(presets)
    assert presets["scopone"]["options"]["players"] == 4
    assert all(p["description"] for p in presets.values())
    options = answer.body["options"]
    assert options["target"]["default"] == 11
    assert options["players"]["default"] == 2


def test_health_openapi_and_docs(api: Api) -> None:
    assert api.call("GET", "/health").body == {"ok": True}
    schema = api.call("GET", "/openapi.json")
    assert schema.status == 200
    assert set(schema.body["paths"]) == {
        "/health",
        "/rules",
        "/players",
        "/me",
        "/me/token",
        "/bots",
        "/admin/bots",
        "/guests",
        "/guests/{player_id}/claim-code",
        "/guests/{player_id}/claim",
        "/guests/{player_id}/name",
        "/tournaments/{tournament_id}/entries/import",
        "/players/{player_id}",
        "/players/{player_id}/role",
        "/players/{player_id}/token",
        "/players/{player_id}/matches",
        "/matches",
        "/matches/{match_id}",
        "/matches/{match_id}/moves",
        "/matches/{match_id}/resign",
        "/matches/{match_id}/accept",
        "/matches/{match_id}/decline",
        "/matches/{match_id}/deals",
        "/matches/{match_id}/record",
        "/matches/{match_id}/withdraw",
        "/lobby/seeks",
        "/lobby/seeks/{seek_id}",
        "/lobby/seeks/{seek_id}/accept",
        "/challenges",
        "/inbox",
        "/clubs",
        "/clubs/{club_id}",
        "/clubs/{club_id}/members",
        "/clubs/{club_id}/members/{player_id}",
        "/clubs/{club_id}/join-requests",
        "/clubs/{club_id}/join-requests/{player_id}/approve",
        "/clubs/{club_id}/join-requests/{player_id}/refuse",
        "/clubs/{club_id}/webhooks",
        "/clubs/{club_id}/webhooks/{hook_id}",
        "/clubs/{club_id}/webhooks/{hook_id}/deliveries",
        "/clubs/{club_id}/seasons",
        "/clubs/{club_id}/seasons/{season_id}",
        "/clubs/{club_id}/seasons/{season_id}/tournaments/{tournament_id}",
        "/clubs/{club_id}/seasons/{season_id}/standings",
        "/clubs/{club_id}/seasons/{season_id}/export",
        "/tournaments",
        "/tournaments/{tournament_id}",
        "/tournaments/{tournament_id}/settings",
        "/tournaments/{tournament_id}/open",
        "/tournaments/{tournament_id}/start",
        "/tournaments/{tournament_id}/pause",
        "/tournaments/{tournament_id}/resume",
        "/tournaments/{tournament_id}/cancel",
        "/tournaments/{tournament_id}/advance",
        "/tournaments/{tournament_id}/entries",
        "/tournaments/{tournament_id}/entries/{entrant_id}",
        "/tournaments/{tournament_id}/entries/{entrant_id}/exclude",
        "/tournaments/{tournament_id}/entries/{entrant_id}/approve",
        "/tournaments/{tournament_id}/entries/{entrant_id}/refuse",
        "/tournaments/{tournament_id}/check-in",
        "/tournaments/{tournament_id}/byes",
        "/tournaments/{tournament_id}/byes/{number}",
        "/tournaments/{tournament_id}/entries/{entrant_id}/paused",
        "/tournaments/{tournament_id}/arena",
        "/tournaments/{tournament_id}/me",
        "/tournaments/{tournament_id}/rounds/{number}",
        "/tournaments/{tournament_id}/rounds/{number}/pairings",
        "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/result",
        "/tournaments/{tournament_id}/rounds/{number}/tables/{table}",
        "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/reports",
        "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/confirm",
        "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/score",
        "/tournaments/{tournament_id}/rounds/{number}/close",
        "/tournaments/{tournament_id}/entries/{entrant_id}/online",
        "/tournaments/{tournament_id}/venue-code",
        "/tournaments/{tournament_id}/venue-check-in",
        "/tournaments/{tournament_id}/standings",
        "/tournaments/{tournament_id}/crosstable",
        "/tournaments/{tournament_id}/export",
        "/tournaments/{tournament_id}/audit",
        "/rankings",
        "/rankings/{pool}",
        "/rankings/{pool}/recompute",
        "/rankings/{pool}/recompute/{job_id}",
        "/players/{player_id}/ratings",
    }
    docs = api.call("GET", "/docs")
    assert docs.status == 200
    assert "swagger" in str(docs.body).lower()


def test_players_are_found_by_their_exact_name_whatever_the_case(api: Api) -> None:
    first, _ = api.register("Ada Rossi")
    second, _ = api.register("ada rossi")
    api.register("Adalberto")
    found = api.call("GET", "/players", query={"name": "ADA  ROSSI"})
    assert found.status == 200, found.body
    assert sorted(p["id"] for p in found.body["players"]) == sorted([first, second])
    assert {p["name"] for p in found.body["players"]} == {"Ada Rossi", "ada rossi"}
    assert api.call("GET", "/players", query={"name": "Ada"}).body["players"] == []
    assert_error(api.call("GET", "/players"), 422, "validation_error")
    assert_error(api.call("GET", "/players", query={"name": "x" * 65}), 422, "validation_error")
