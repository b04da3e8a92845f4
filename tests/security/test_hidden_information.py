"""Hidden information: full games of several variants, 2 and 4 players, bots and humans with real tokens.

At every step every seat's view, every spectator's view (anonymous, another player, an organizer), every
move answer, a set of errors that name hidden cards, and the log lines of the step are scanned: no card
of another hand or of the stock before the end, and no token or token hash, ever. Tournament pages,
exports, match lists, player pages and rankings are scanned while games are under way and after.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import pytest

from scopa.application.auth import hash_token
from scopa.domain.games.scopa.bots import make_bot
from tests.api.conftest import ADMIN_TOKEN, Answer, Api
from tests.api.support import assert_error
from tests.api.tournament_support import organizer, run_pipeline
from tests.security.scanner import Scanner
from tests.security.stored import load

HUMAN = "human"


@dataclass(frozen=True)
class Game:
    preset: str
    seats: tuple[str, ...]  # "human", or a house bot; partners are seats 0 and 1, then 2 and 3 (as sent)
    options: tuple[tuple[str, Any], ...] = (("target", 1),)
    seeds: tuple[str, ...] = ("5a" * 32, "c3" * 32)

    @property
    def humans(self) -> int:
        return self.seats.count(HUMAN)


# These cirulla seeds deal a bonus hand, shown face up (public from then on, while it lasts).
BONUS_SEEDS = ("11" * 32, "12" * 32)

GAMES = {
    "classic-against-a-bot": Game("classic", (HUMAN, "bot-greedy")),
    "classic-two-humans": Game("classic", (HUMAN, HUMAN)),
    "scopa_d_assi-against-a-bot": Game("scopa_d_assi", (HUMAN, "bot-strong")),
    "scopa_a_quindici-two-humans": Game("scopa_a_quindici", (HUMAN, HUMAN)),
    "cirulla-two-humans": Game("cirulla", (HUMAN, HUMAN), seeds=BONUS_SEEDS),
    "cirulla-four-with-bots": Game(
        "cirulla", (HUMAN, "bot-greedy", HUMAN, "bot-random"), (("players", 4),), BONUS_SEEDS
    ),
    "scopone-four-humans": Game("scopone", (HUMAN, HUMAN, HUMAN, HUMAN)),
    "scopone_scientifico-with-bots": Game(
        "scopone_scientifico", (HUMAN, "bot-greedy", "bot-strong", "bot-random")
    ),
}


class LogTap:
    """The JSON log written since the last look."""

    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream
        self.seen = 0

    def new(self) -> str:
        text = self.stream.getvalue()
        chunk, self.seen = text[self.seen :], len(text)
        return chunk


@dataclass
class World:
    api: Api
    scan: Scanner
    log: LogTap
    olga: str  # an organizer's token (creates matches between other people; watches)
    mallory: str  # a player's token who sits in none of the games


@pytest.fixture
def world(api: Api, json_log: io.StringIO) -> World:
    scan = Scanner()
    scan.token(ADMIN_TOKEN)
    _, olga = organizer(api)
    _, mallory = api.register("Mallory")
    return World(api, scan, LogTap(json_log), scan.token(olga), scan.token(mallory))


def seat_humans(world: World, game: Game) -> tuple[list[str], dict[str, str]]:
    """The seat list with registered humans in place (tokens by player id)."""
    players, tokens = [], {}
    for i, seat in enumerate(game.seats):
        player = seat
        if seat == HUMAN:
            player, token = world.api.register(f"Player {i}")
            tokens[player] = world.scan.token(token)
        players.append(player)
    return players, tokens


def start(world: World, game: Game, seed: str) -> tuple[str, dict[str, str]]:
    players, tokens = seat_humans(world, game)
    # A lone human starts their own match; an organizer starts one between several people.
    token = next(iter(tokens.values())) if game.humans == 1 else world.olga
    options = {"target": 1, **dict(game.options)}
    body = {"players": players, "preset": game.preset, "options": options, "seed": seed}
    created = world.api.call("POST", "/matches", body, token=token)
    assert created.status == 201, created.body
    world.scan.check(
        "match creation", created, world.scan.hidden(created.body["id"], created.body["your_seat"])
    )
    world.scan.live.add(created.body["id"])
    return created.body["id"], tokens


def try_errors(
    world: World, match_id: str, views: dict[str, dict[str, Any]], mover: str, tokens: dict[str, str]
) -> None:
    """Illegal moves naming hidden cards, moves out of turn and by outsiders, an early record."""
    api, scan = world.api, world.scan
    path = f"/matches/{match_id}/moves"
    view = views[mover]
    hidden = scan.hidden(match_id, view["your_seat"])
    version = view["version"]
    for card in sorted(hidden)[:3]:
        answer = api.call("POST", path, {"card": card, "take": [], "version": version}, token=tokens[mover])
        scan.check("error", answer, hidden)
        assert_error(answer, 422, "illegal_move")
    if view["view"]["hand"] and hidden:
        take = {"card": view["view"]["hand"][0], "take": sorted(hidden)[-2:], "version": version}
        scan.check("error", assert_answer(api.call("POST", path, take, token=tokens[mover]), 422), hidden)
    for player, other in views.items():
        if player != mover and other["view"]["hand"]:
            move = {"card": other["view"]["hand"][0], "take": [], "version": version}
            answer = api.call("POST", path, move, token=tokens[player])
            scan.check("error", answer, scan.hidden(match_id, other["your_seat"]))
            assert_error(answer, 409, "not_your_turn")
    outsider = api.call(
        "POST",
        path,
        {"card": sorted(hidden)[0] if hidden else "Ad", "take": [], "version": version},
        token=world.mallory,
    )
    scan.check("error", outsider, scan.hidden(match_id, None))
    assert_error(outsider, 403, "not_a_participant")
    early = api.call("GET", f"/matches/{match_id}/record")
    scan.check("error", early, scan.hidden(match_id, None))
    assert_error(early, 409, "match_not_finished")


def assert_answer(answer: Any, status: int) -> Any:
    assert answer.status == status, answer.body
    return answer


def play_and_scan(world: World, match_id: str, tokens: dict[str, str], resign_at: int | None = None) -> None:
    """Play a match to its end through the API, scanning everything at every step."""
    api, scan = world.api, world.scan
    watchers = [None, world.mallory, world.olga]
    for step in range(400):
        match = load(match_id)
        if match.status != "active":
            break
        views = {}
        for i, (player, token) in enumerate(tokens.items()):
            # Every other step the seats long-poll (the answer after a wait is the same envelope).
            wait = {"after_version": str(match.version), "wait": "1"} if (step + i) % 2 else None
            answer = api.call("GET", f"/matches/{match_id}", token=token, query=wait)
            views[player] = scan.check(
                "seat view", answer, scan.hidden(match_id, match.seats.index(player))
            ).body
        for watcher in watchers:
            answer = api.call("GET", f"/matches/{match_id}", token=watcher)
            scan.check("spectator view", answer, scan.hidden(match_id, None))
        mover = next(iter(views.values()))["turn_player_id"]
        seat = match.seats.index(mover)
        if step % 6 == 0:
            try_errors(world, match_id, views, mover, tokens)
        scan.check_log(world.log.new(), scan.hidden(match_id, None))  # the views and errors, before the move
        if step == resign_at:
            answer = api.call("POST", f"/matches/{match_id}/resign", token=tokens[mover])
            scan.check("resignation", assert_answer(answer, 200), set())
            break
        choice = make_bot("greedy", seed=step).choose(views[mover]["view"])
        move = {"card": choice["card"], "take": choice["take"], "version": views[mover]["version"]}
        answer = assert_answer(api.call("POST", f"/matches/{match_id}/moves", move, token=tokens[mover]), 200)
        scan.check("move answer", answer, scan.hidden(match_id, seat))
        scan.check_log(world.log.new(), scan.hidden(match_id, None))
    else:
        raise AssertionError("the match did not end")
    assert load(match_id).status == "finished"
    scan.check("record", assert_answer(api.call("GET", f"/matches/{match_id}/record"), 200), set())
    scan.check_log(world.log.new(), set())


@pytest.mark.parametrize("name", list(GAMES))
def test_no_answer_or_log_line_shows_a_hidden_card_or_a_token(
    world: World, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = GAMES[name]
    for i, seed in enumerate(game.seeds):
        match_id, tokens = start(world, game, seed)
        play_and_scan(world, match_id, tokens, resign_at=9 if i == 1 and game.humans > 1 else None)

    printed = capsys.readouterr()  # the metric lines the handler prints (the log is scanned step by step)
    assert "MovesApplied" in printed.out
    assert not [s for s in world.scan.secrets() if s in printed.out + printed.err]

    assert world.scan.scanned["seat view"] >= 15
    assert world.scan.scanned["error"] > 5
    assert world.scan.scanned["log lines"] > 10
    if game.preset == "cirulla":
        assert world.scan.moments_with_a_hand_shown > 0  # the exception for bonus hands was exercised


def public_pages(world: World, tournament_id: str, club_id: str, tokens: dict[str, str]) -> None:
    """Every list, page and export a stranger can read about the tournament, its club and its players."""
    api, scan = world.api, world.scan
    hidden = scan.hidden_everywhere()
    base = f"/tournaments/{tournament_id}"
    paths = [
        "/tournaments",
        base,
        f"{base}/entries",
        f"{base}/standings",
        f"{base}/crosstable",
        f"{base}/audit",
        f"{base}/export?format=csv",
        f"{base}/export?format=ndjson",
        f"{base}/export?format=trf",
        "/clubs",
        f"/clubs/{club_id}",
        f"/clubs/{club_id}/members",
        "/rankings",
    ]
    rounds = api.call("GET", base).body.get("rounds") or []
    paths += [f"{base}/rounds/{n}" for n in range(1, len(rounds) + 1)]
    for player in tokens:
        paths += [f"/players/{player}", f"/players/{player}/matches", f"/players/{player}/ratings"]
    for pool in api.call("GET", "/rankings").body["pools"]:
        paths += [f"/rankings/{pool['id']}", f"/rankings/{pool['id']}?by=glicko"]
    for path in paths:
        route, _, query = path.partition("?")
        params = dict(part.split("=") for part in query.split("&")) if query else None
        for token in (None, world.mallory):
            answer = api.call("GET", route, query=params, token=token)
            assert answer.status == 200, (path, answer.body)
            scan.check("page or export", answer, hidden)
    for token in tokens.values():
        mine = api.call("GET", "/rankings/scopa", query={"around": "me"}, token=token)
        scan.check("page or export", mine, hidden)
        assert mine.status == 200 or mine.code == "not_rated", mine.body
        scan.check("page or export", api.call("GET", "/me", token=token), hidden)
    scan.check_log(world.log.new(), hidden)


def test_tournament_pages_exports_and_rankings_show_no_hidden_card_or_token(world: World) -> None:
    api, scan = world.api, world.scan
    club = api.call("POST", "/clubs", {"name": "Circolo", "open": True}, token=world.olga).body
    settings = {"format": "swiss", "rounds": 2, "target": 1, "entry_policy": "open"}
    created = api.call(
        "POST",
        "/tournaments",
        {"name": "Coppa", "settings": settings, "club_id": club["id"]},
        token=world.olga,
    )
    t = scan.check("page or export", assert_answer(created, 201), set()).body
    tokens = {}
    for name in ("Ada", "Bob"):
        player, token = api.register(name)
        tokens[player] = scan.token(token)
        scan.check(
            "page or export",
            assert_answer(api.call("POST", f"/tournaments/{t['id']}/entries", {}, token=token), 201),
            set(),
        )
    for i, bot in enumerate(("bot-greedy-1", "bot-strong-2")):
        entry = api.call(
            "POST",
            f"/tournaments/{t['id']}/entries",
            {"players": [bot], "rating": 2000 - i},
            token=world.olga,
        )
        assert_answer(entry, 201)
    assert_answer(api.call("POST", f"/tournaments/{t['id']}/start", token=world.olga), 200)

    for number in (1, 2):
        rnd = api.call("GET", f"/tournaments/{t['id']}/rounds/{number}").body
        live = [m for table in rnd["tables"] for m in table["games"] if load(m).status == "active"]
        assert live, rnd
        scan.live.update(live)
        public_pages(world, t["id"], club["id"], tokens)  # with matches under way
        for match_id in live:
            seated = {p: tok for p, tok in tokens.items() if p in load(match_id).seats}
            play_and_scan(world, match_id, seated)
        advanced = api.call("POST", f"/tournaments/{t['id']}/advance", token=world.olga)
        scan.check("page or export", assert_answer(advanced, 200), set())

    assert api.call("GET", f"/tournaments/{t['id']}").body["status"] == "finished"
    api.clock.advance(10)
    assert run_pipeline()["rated"] == 0  # the organizer's advances rated the matches they finished
    assert all(api.call("GET", f"/players/{p}/ratings").body["pools"] for p in tokens)
    public_pages(world, t["id"], club["id"], tokens)  # finished and rated
    assert scan.scanned["page or export"] > 80


def test_the_scanner_catches_a_hand_shown_to_another_seat_and_a_token_hash(world: World) -> None:
    """The scan can fail: another seat's view, or a hash of a token, is caught."""
    match_id, tokens = start(world, GAMES["classic-two-humans"], "5a" * 32)
    ada, bob = tokens
    adas_view = world.api.call("GET", f"/matches/{match_id}", token=tokens[ada])
    bobs_seat = load(match_id).seats.index(bob)
    with pytest.raises(AssertionError, match="hidden cards"):
        world.scan.check("seat view", adas_view, world.scan.hidden(match_id, bobs_seat))
    with pytest.raises(AssertionError, match="token"):
        world.scan.check("page", Answer(200, {"note": hash_token(tokens[bob])}), set())


def test_an_invitation_shows_no_card_before_it_is_accepted_nor_after_it_is_declined(world: World) -> None:
    api, scan = world.api, world.scan
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    tokens = {ada: scan.token(ada_token), bob: scan.token(bob_token)}
    created = api.call("POST", "/matches", {"players": [ada, bob], "seed": "77" * 32}, token=ada_token)
    match_id = assert_answer(created, 201).body["id"]
    assert created.body["status"] == "pending"

    for answer_to in ("decline", None):
        match = load(match_id)
        for player, token in tokens.items():
            view = api.call("GET", f"/matches/{match_id}", token=token)
            scan.check("seat view", view, scan.hidden(match_id, match.seats.index(player)))
        for watcher in (None, world.mallory, world.olga):
            scan.check(
                "spectator view",
                api.call("GET", f"/matches/{match_id}", token=watcher),
                scan.hidden(match_id, None),
            )
        early = api.call("GET", f"/matches/{match_id}/record")
        scan.check("error", assert_answer(early, 409), scan.hidden(match_id, None))
        if answer_to:
            answered = api.call("POST", f"/matches/{match_id}/{answer_to}", token=bob_token)
            scan.check(
                "invitation answer",
                assert_answer(answered, 200),
                scan.hidden(match_id, match.seats.index(bob)),
            )
    assert load(match_id).status == "declined"
    assert scan.hidden(match_id, None)  # a declined match never shows its deal
    scan.check_log(world.log.new(), scan.hidden(match_id, None))
