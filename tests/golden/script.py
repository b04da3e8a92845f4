"""The golden run's script: both games played broadly through the API, every choice deterministic.

Players (humans, bots), Scopa matches of several presets, Briscola for two and four, moves chosen from the
legal moves by the match version (through the function URL too), an illegal move, a stale version, an
idempotent retry, a resignation, views as each seat and as a spectator, records and finished deals, the
lobby, a challenge, a club, tournaments of every format for both games run to the end by the pipeline,
standings and exports, rankings and rating history, the web pages, and the OpenAPI document.
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import ADMIN_TOKEN
from tests.golden.harness import Recorder
from tools.apigw import FakeLambdaContext

#: The fields of a legal move that a move request takes (the rest describe the move).
MOVE_FIELDS = ("card", "take", "call")


def register(api: Recorder, name: str) -> tuple[str, str]:
    body = api.ok("POST", "/players", {"name": name})
    return str(body["player"]["id"]), str(body["token"])


def move_body(view: dict[str, Any]) -> dict[str, Any]:
    """The legal move at index ``version`` (mod their number), as a move request."""
    legal = view["view"]["legal_moves"]
    chosen = legal[view["version"] % len(legal)]
    fields = {k: v for k, v in chosen.items() if k in MOVE_FIELDS}
    return {**fields, "version": view["version"]}


def play_out(api: Recorder, match_id: str, tokens: dict[str, str], *, url_every: int = 0) -> Any:
    """Humans play the match to its end; every ``url_every``-th move goes through the function URL."""
    moves = 0
    state = api.ok("GET", f"/matches/{match_id}")
    while state["status"] == "active":
        token = tokens[state["turn_player_id"]]
        view = api.ok("GET", f"/matches/{match_id}", token=token)
        moves += 1
        via_url = bool(url_every) and moves % url_every == 0
        state = api.ok("POST", f"/matches/{match_id}/moves", move_body(view), token=token, via_url=via_url)
    return state


def read_match(api: Recorder, match_id: str, tokens: dict[str, str]) -> None:
    """The match as each seat and as a spectator, its record, its deals and its web pages."""
    api.call("GET", f"/matches/{match_id}")
    for token in tokens.values():
        api.call("GET", f"/matches/{match_id}", token=token)
    api.call("GET", f"/matches/{match_id}/record")
    api.call("GET", f"/matches/{match_id}/deals")
    api.call("GET", f"/web/matches/{match_id}")
    api.call("GET", f"/web/play/{match_id}")


def matches(api: Recorder, people: dict[str, str]) -> None:
    """Scopa and Briscola matches between humans and against bots."""
    ada, bea, cid, dan = list(people)
    two = {ada: people[ada], bea: people[bea]}
    # Scopa presets between two humans: created, accepted, played out.
    presets: list[dict[str, Any]] = [
        {"target": 1},
        {"preset": "scopa_d_assi", "target": 1},
        {"preset": "cirulla", "target": 1},
        {"preset": "scopa_a_quindici", "target": 1},
        {"preset": "re_bello", "target": 1},
    ]
    for i, extra in enumerate(presets):
        made = api.ok("POST", "/matches", {"players": [ada, bea], **extra}, token=people[ada])
        api.call("GET", f"/matches/{made['id']}", token=people[bea])  # pending, as the invitee
        api.ok("POST", f"/matches/{made['id']}/accept", token=people[bea])
        play_out(api, made["id"], two, url_every=7 if i == 0 else 0)
        read_match(api, made["id"], two)
        api.clock.advance(30)
    # Scopone for four humans.
    four = dict(people)
    made = api.ok(
        "POST",
        "/matches",
        {"players": [ada, bea, cid, dan], "preset": "scopone", "target": 1},
        token=people[ada],
    )
    for pid in (bea, cid, dan):
        api.ok("POST", f"/matches/{made['id']}/accept", token=people[pid])
    play_out(api, made["id"], four)
    read_match(api, made["id"], four)
    # Against a bot: the bot answers each move.
    made = api.ok("POST", "/matches", {"players": [ada, "bot-greedy"], "target": 1}, token=people[ada])
    play_out(api, made["id"], {ada: people[ada]})
    read_match(api, made["id"], {ada: people[ada]})
    # Errors on a live match: an illegal move, a stale version, an idempotent retry, then a resignation.
    made = api.ok("POST", "/matches", {"players": [ada, bea]}, token=people[ada])
    api.ok("POST", f"/matches/{made['id']}/accept", token=people[bea])
    state = api.ok("GET", f"/matches/{made['id']}")
    mover = state["turn_player_id"]
    view = api.ok("GET", f"/matches/{made['id']}", token=people[mover])
    api.call(
        "POST",
        f"/matches/{made['id']}/moves",
        {"card": "XX", "take": [], "version": view["version"]},
        token=people[mover],
    )
    api.call(
        "POST",
        f"/matches/{made['id']}/moves",
        {**move_body(view), "version": view["version"] + 5},
        token=people[mover],
    )
    key = {"Idempotency-Key": "golden-move-1"}
    api.call("POST", f"/matches/{made['id']}/moves", move_body(view), token=people[mover], headers=key)
    api.call("POST", f"/matches/{made['id']}/moves", move_body(view), token=people[mover], headers=key)
    api.call("POST", f"/matches/{made['id']}/moves", move_body(view), token=people[mover])  # stale now
    other = bea if mover == ada else ada
    api.call("POST", f"/matches/{made['id']}/moves", move_body(view), token=people[other])  # not your turn
    api.ok("POST", f"/matches/{made['id']}/resign", token=people[other])
    read_match(api, made["id"], two)
    # A declined and a withdrawn invitation.
    made = api.ok("POST", "/matches", {"players": [ada, cid]}, token=people[ada])
    api.call("POST", f"/matches/{made['id']}/decline", token=people[cid])
    made = api.ok("POST", "/matches", {"players": [ada, dan]}, token=people[ada])
    api.call("POST", f"/matches/{made['id']}/withdraw", token=people[ada])
    # Briscola: two humans, best of three, four in partnership, and against a bot.
    for extra, seats in (
        ({"game": "briscola"}, [ada, bea]),
        ({"game": "briscola", "preset": "best_of_three"}, [cid, dan]),
        ({"game": "briscola", "preset": "partnership"}, [ada, bea, cid, dan]),
        ({"game": "briscola"}, [bea, "bot-strong"]),
    ):
        made = api.ok("POST", "/matches", {"players": seats, **extra}, token=people[seats[0]])
        humans = {pid: people[pid] for pid in seats if pid in people}
        for pid in seats[1:]:
            if pid in people:
                api.ok("POST", f"/matches/{made['id']}/accept", token=people[pid])
        play_out(api, made["id"], humans, url_every=5)
        read_match(api, made["id"], humans)
        api.clock.advance(30)
    api.call("GET", f"/players/{ada}/matches")
    api.call("GET", f"/players/{ada}/matches", query={"limit": "3"})


def lobby_challenge_club(api: Recorder, people: dict[str, str], olga: str) -> None:
    """A seek made and taken, a challenge accepted, a club with members."""
    ada, bea, cid, dan = list(people)
    seek = api.ok("POST", "/lobby/seeks", {"target": 1}, token=people[cid])
    api.call("GET", "/lobby/seeks")
    taken = api.ok("POST", f"/lobby/seeks/{seek['id']}/accept", token=people[dan])
    api.call("GET", f"/lobby/seeks/{seek['id']}")
    api.call("POST", f"/lobby/seeks/{seek['id']}/accept", token=people[ada])  # taken already
    api.call("GET", "/web/lobby")
    match_id = taken.get("match", taken).get("id") if isinstance(taken, dict) else None
    if match_id:
        play_out(api, match_id, {cid: people[cid], dan: people[dan]})
    challenge = api.ok("POST", "/challenges", {"opponent": bea, "target": 1}, token=people[ada])
    api.call("GET", "/inbox", token=people[bea])
    api.ok("POST", f"/matches/{challenge['id']}/accept", token=people[bea])
    play_out(api, challenge["id"], {ada: people[ada], bea: people[bea]})
    club = api.ok("POST", "/clubs", {"name": "Circolo Golden", "open": True}, token=olga)
    for pid in (ada, bea):
        api.call("POST", f"/clubs/{club['id']}/members", {"player_id": pid}, token=people[pid])
    closed = api.ok("POST", "/clubs", {"name": "Chiuso"}, token=olga)
    api.call("POST", f"/clubs/{closed['id']}/join-requests", token=people[cid])
    api.call("POST", f"/clubs/{closed['id']}/join-requests/{cid}/approve", token=olga)
    for path in (
        f"/clubs/{club['id']}",
        f"/clubs/{club['id']}/members",
        "/clubs",
        f"/clubs/{closed['id']}/members",
        "/web/clubs",
        f"/web/clubs/{club['id']}",
    ):
        api.call("GET", path)


TOURNAMENTS: list[tuple[dict[str, Any], int]] = [
    ({"format": "swiss", "rounds": 2, "target": 1}, 5),
    ({"format": "round_robin", "target": 1}, 4),
    ({"format": "knockout", "target": 1}, 4),
    ({"format": "double_elimination", "target": 1}, 4),
    ({"format": "groups_knockout", "target": 1, "group_size": 4, "advance_per_group": 2}, 8),
    ({"format": "arena", "arena_minutes": 5, "arena_grace_seconds": 60, "target": 1, "streaks": True}, 2),
    ({"format": "swiss", "rounds": 2, "game": "briscola", "preset": "best_of_three"}, 4),
    ({"format": "knockout", "game": "briscola"}, 4),
    ({"format": "round_robin", "game": "briscola"}, 3),
]


def run_pipeline(api: Recorder) -> None:
    from pipeline.handler import handler

    handler({"source": "aws.scheduler"}, FakeLambdaContext())


def tournaments(api: Recorder, olga: str) -> None:
    """Bot tournaments of every format, both games, run to the end by the pipeline; their reads."""
    kinds = ("greedy", "random")  # the strong bots cost seconds a tournament
    for number, (settings, count) in enumerate(TOURNAMENTS):
        t = api.ok("POST", "/tournaments", {"name": f"Torneo {number}", "settings": settings}, token=olga)
        tid = t["id"]
        for i in range(count):
            api.ok(
                "POST",
                f"/tournaments/{tid}/entries",
                {"players": [f"bot-{kinds[i % len(kinds)]}-{i + 1}"], "rating": 2000 - i * 10},
                token=olga,
            )
        api.ok("POST", f"/tournaments/{tid}/start", token=olga)
        for _ in range(300):
            if api.ok("GET", f"/tournaments/{tid}")["status"] == "finished":
                break
            api.clock.advance(60)
            run_pipeline(api)
        else:
            raise AssertionError(f"tournament {settings} did not finish")
        final = api.ok("GET", f"/tournaments/{tid}")
        for n in range(1, (final.get("current_round") or 0) + 1):
            api.call("GET", f"/tournaments/{tid}/rounds/{n}")
        for path in ("standings", "crosstable", "audit", "entries"):
            api.call("GET", f"/tournaments/{tid}/{path}")
        if settings["format"] == "arena":
            api.call("GET", f"/tournaments/{tid}/arena")
        for fmt in ("csv", "ndjson", "trf", "xml")[: 4 if number == 0 else 3]:
            api.call("GET", f"/tournaments/{tid}/export", query={"format": fmt})
        api.call("GET", f"/web/tournaments/{tid}")
    api.call("GET", "/tournaments")
    api.call("GET", "/web/tournaments")


def rankings(api: Recorder, people: dict[str, str]) -> None:
    """The rating step, then rankings, leaderboards and rating history for both pools."""
    api.clock.advance(600)
    run_pipeline(api)
    api.call("GET", "/rankings")
    for pool in ("scopa", "scopone", "briscola-1v1", "briscola-2v2", "briscola"):
        api.call("GET", f"/rankings/{pool}")
        api.call("GET", f"/web/rankings/{pool}")
        api.call("GET", f"/rankings/{pool}", query={"around": "me"}, token=next(iter(people.values())))
    for pid in list(people)[:2]:
        api.call("GET", f"/players/{pid}/ratings")
        api.call("GET", f"/players/{pid}")
        api.call("GET", f"/web/players/{pid}")


def pages_and_documents(api: Recorder) -> None:
    """Rules, home, health, the web pages without an id, and the OpenAPI document."""
    for path in (
        "/",
        "/health",
        "/rules",
        "/web/rules",
        "/web/rules/classic",
        "/web/rules/cirulla",
        "/web/rules/briscola/classic",
        "/web/rules/briscola/best_of_three",
        "/web/tournaments/new",
        "/web/inbox",
        "/web/account",
        "/bots",
        "/openapi.json",
        "/nowhere",
    ):
        api.call("GET", path)
    api.call("GET", "/rules", query={"game": "briscola"})


def run(api: Recorder) -> None:
    """The whole golden script."""
    people = dict(register(api, name) for name in ("Ada", "Bea", "Cid", "Dan"))
    olga_id, olga = register(api, "Olga")
    api.ok("PUT", f"/players/{olga_id}/role", {"role": "organizer"}, token=ADMIN_TOKEN)
    api.call("POST", "/players", {"name": ""})  # refused
    api.call("GET", "/me", token=olga)
    pages_and_documents(api)
    matches(api, people)
    lobby_challenge_club(api, people, olga)
    tournaments(api, olga)
    rankings(api, people)
