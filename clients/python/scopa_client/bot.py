"""`scopa bot`: connect an outside program to the service as a bot account (docs/bots.md).

The program speaks a line protocol on its standard input and output: for every decision the runner
writes one JSON line (``{"type": "decide", "match_id", "game", "seat", "version", "view"}``, where
``view`` is the seat's view exactly as ``GET /matches/{id}`` gives it, ``legal_moves`` included), and
the program answers one line: the move as JSON (``{"card": "7d", "take": ["7s"]}``) or its index in
``legal_moves`` (``0``).

The runner follows the bot's inbox (challenges), the lobby (seeks, when asked to take them) and each
of its matches by push; it accepts what its settings allow, up to ``max_games`` at a time, and can
start games against a house bot itself, or keep a seek of its own open in the lobby while it has room.
Every move is posted with the version it answers and the idempotency key ``<match>:<version>``, and
the program is asked once per (match, version): a retry after a lost connection sends the same move
under the same key, so no move is ever played twice. Lost connections are reopened after 0.5 s,
doubling up to 30 s (with jitter); while the WebSocket is down the matches are read over REST, so the
games go on.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TextIO

from scopa_client.live import LIVE_ERRORS, Live, live_url_of
from scopa_client.session import NETWORK_ERRORS, ApiError, Session

TERMINAL = ("finished", "declined", "withdrawn", "expired")
SEEK_RETRY_SECONDS = 30.0  # after the service refused to post a seek
Rated = Literal["any", "rated", "casual"]


class ProgramError(Exception):
    """The bot program died, or answered something that is not a move it was offered."""


@dataclass(frozen=True)
class BotSettings:
    """What the bot accepts and how much it plays at once."""

    games: frozenset[str] = frozenset({"scopa"})
    presets: frozenset[str] | None = None  # None: any preset
    rated: Rated = "any"
    max_games: int = 2  # matches played at the same time
    accept_challenges: bool = True
    accept_seeks: bool = False  # take open seeks from the lobby
    versus: str | None = None  # a house bot (bot-greedy) to start games against, one after another
    versus_game: str = "scopa"
    versus_preset: str = "classic"
    stop_after: int | None = None  # stop after this many finished matches (None: run until stopped)
    post_seeks: bool = False  # keep one seek of its own open in the lobby while it has room for a game
    seek_game: str = "scopa"
    seek_preset: str = "classic"
    seek_rated: bool = True
    seek_seconds: int = 600  # each seek's life: one left by a runner killed outright lapses soon

    def fits(self, offer: dict[str, Any]) -> bool:
        """A challenge or a seek this bot plays: its game, preset and rating are allowed."""
        if offer.get("game", "scopa") not in self.games:
            return False
        if self.presets is not None and offer.get("preset") not in self.presets:
            return False
        rated = bool(offer.get("rated", True))
        return self.rated == "any" or rated == (self.rated == "rated")


@dataclass
class Finished:
    match_id: str
    status: str
    seat: int | None
    result: dict[str, Any] | None


@dataclass
class Report:
    """What a run did: matches finished, decisions asked of the program, moves posted, reconnections."""

    finished: list[Finished] = field(default_factory=list)
    decisions: int = 0
    decisions_by_match: dict[str, int] = field(default_factory=dict)
    posts: int = 0
    retried_posts: int = 0
    reconnects: int = 0


class Program:
    """The outside program, started once and asked one decision at a time."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )

    def decide(self, request: dict[str, Any]) -> dict[str, Any]:
        """The move the program plays for ``request``; one of ``request["view"]["legal_moves"]``."""
        process = self._process
        assert process.stdin is not None
        assert process.stdout is not None
        try:
            process.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise ProgramError(f"the bot program stopped (exit code {process.poll()})") from exc
        line = process.stdout.readline()
        if not line:
            raise ProgramError(f"the bot program stopped (exit code {process.wait()})")
        return chosen_move(line, request["view"].get("legal_moves") or [])

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


def chosen_move(line: str, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The program's answer as a move: an index into ``legal`` or a move object found in it."""
    try:
        answer = json.loads(line)
    except ValueError:
        raise ProgramError(f"the bot program's answer is not JSON: {line.strip()[:80]!r}") from None
    if isinstance(answer, int) and not isinstance(answer, bool):
        if not 0 <= answer < len(legal):
            raise ProgramError(f"move index {answer} is not in 0..{len(legal) - 1}")
        return strip_move(legal[answer])
    if isinstance(answer, dict):
        wanted = strip_move(answer)
        for move in legal:
            if _same(strip_move(move), wanted):
                return strip_move(move)
        raise ProgramError(f"the bot program's move {wanted} is not among the legal moves")
    raise ProgramError(f"the bot program's answer is neither a move nor an index: {line.strip()[:80]!r}")


def strip_move(move: dict[str, Any]) -> dict[str, Any]:
    """What a move request holds: the view's descriptions (``kind``, ``sweeps``) left out."""
    return {k: v for k, v in move.items() if k in ("card", "take", "signal", "bid", "call")}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    def norm(m: dict[str, Any]) -> dict[str, Any]:
        out = dict(m)
        if "take" in out:
            out["take"] = sorted(str(c).lower() for c in out["take"] or [])
        if isinstance(out.get("card"), str):
            out["card"] = out["card"].lower()
        return {k: v for k, v in out.items() if v not in (None, [])}

    return norm(a) == norm(b)


class Backoff:
    """0.5 s doubling up to 30 s, ±25 % jitter; :meth:`reset` after a success."""

    def __init__(self, first: float = 0.5, most: float = 30.0) -> None:
        self.first, self.most, self.delay = first, most, first

    def next(self) -> float:
        delay = self.delay * random.uniform(0.75, 1.25)
        self.delay = min(self.delay * 2, self.most)
        return delay

    def reset(self) -> None:
        self.delay = self.first


class BotRunner:
    """One bot account, one program, many matches (see the module's docstring)."""

    SWEEP_SECONDS = 30.0  # re-read inbox and matches even with push on (a push can be lost in AWS)
    PING_SECONDS = 120.0

    def __init__(
        self,
        session: Session,
        program: Program,
        settings: BotSettings,
        *,
        live_url: str | None = None,
        log: TextIO | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.session = session
        self.program = program
        self.settings = settings
        self.live_url = live_url or live_url_of(session.base_url)
        self.log = log
        self.sleep = sleep
        self.report = Report()
        self.player_id = ""
        self.seen: dict[str, int] = {}  # match id -> the highest version handled
        self.active: set[str] = set()  # matches being played (accepted or started, not over)
        self.decided: dict[tuple[str, int], dict[str, Any]] = {}  # (match, version) -> the move chosen
        self._live: Live | None = None
        self._versus_key: str | None = None
        self._seek_id: str | None = None  # its own seek in the lobby, while open
        self._seek_key: str | None = None
        self._seek_again_at = 0.0  # after a refused post, when to try again (time.monotonic)
        self._stopped = False

    # ------------------------------------------------------------------------------ the run

    def run(self) -> Report:
        profile = self.session.me()
        if profile.get("kind") != "bot":
            raise SystemExit("scopa bot plays as a bot account: the admin creates one with POST /admin/bots")
        self.player_id = str(profile["id"])
        self._say(f"playing as {profile['name']} ({self.player_id})")
        backoff = Backoff()
        try:
            while not self.done:
                try:
                    self._connect()
                    backoff.reset()
                    self._listen()
                except LIVE_ERRORS + NETWORK_ERRORS as exc:
                    self._drop_live()
                    if self.done:
                        break
                    self.report.reconnects += 1
                    delay = backoff.next()
                    self._say(f"connection lost ({type(exc).__name__}); again in {delay:.1f} s")
                    self._poll_for(delay)
        finally:  # however it ends (done, Ctrl-C, the program failing): no seek left for nobody to play
            self._drop_live()
            self._withdraw_seek()
        return self.report

    @property
    def done(self) -> bool:
        stop = self.settings.stop_after
        return self._stopped or (stop is not None and len(self.report.finished) >= stop and not self.active)

    def stop(self) -> None:
        self._stopped = True

    def _connect(self) -> None:
        live = Live(self.live_url, self.session.token)
        self._live = live
        live.subscribe(f"inbox:{self.player_id}")
        if self.settings.accept_seeks:
            live.subscribe("lobby")
        self._sweep()
        for match_id in sorted(self.active):
            live.subscribe(f"match:{match_id}")

    def _listen(self) -> None:
        live = self._live
        assert live is not None
        last_sweep = last_ping = time.monotonic()
        while not self.done:
            self._start_versus_game()
            self._keep_seek()
            message = live.receive(timeout=1.0)
            now = time.monotonic()
            if message is not None:
                self._on_message(message)
            if now - last_ping > self.PING_SECONDS:
                live.ping()
                last_ping = now
            if now - last_sweep > self.SWEEP_SECONDS:
                self._sweep()
                last_sweep = now

    def _poll_for(self, seconds: float) -> None:
        """While the WebSocket is down: wait ``seconds``, reading the matches over REST meanwhile."""
        until = time.monotonic() + seconds
        with contextlib.suppress(*NETWORK_ERRORS):
            self._sweep()
        left = until - time.monotonic()
        if left > 0:
            self.sleep(left)

    def _drop_live(self) -> None:
        if self._live is not None:
            with contextlib.suppress(Exception):  # a socket already gone: nothing to close
                self._live.close()
            self._live = None

    # ------------------------------------------------------------------------------ what arrives

    def _on_message(self, message: dict[str, Any]) -> None:
        if message.get("type") != "update":
            self._say(f"push error: {message.get('code')} {message.get('message')}")
            return
        topic = str(message.get("topic", ""))
        data = message.get("data") or {}
        if topic.startswith("match:"):
            self._on_match(data)
        elif topic.startswith("inbox:"):
            self._on_inbox(data)
        elif topic == "lobby":
            self._on_seeks(data.get("items") or [])

    def _sweep(self) -> None:
        """Read over REST what push would bring: the inbox, the open seeks, every match in play."""
        self._on_inbox(self.session.inbox())
        if self.settings.accept_seeks:
            self._on_seeks(self.session.seeks())
        for item in self.session.my_matches():
            if item["status"] == "active":
                self.active.add(str(item["id"]))
        for match_id in sorted(self.active):
            self._on_match(self.session.match(match_id))

    def _on_inbox(self, inbox: dict[str, Any]) -> None:
        self._check_seek(inbox)
        if not self.settings.accept_challenges:
            return
        for invitation in inbox.get("invitations") or []:
            match_id = str(invitation["id"])
            if match_id in self.active:
                continue
            if not self.settings.fits(invitation):
                self._say(f"declining {match_id}: {invitation.get('game')} {invitation.get('preset')}")
                self._call_quietly(self.session.decline, match_id)
            elif self._has_room():
                self._say(f"accepting the challenge {match_id}")
                answer = self._call_quietly(self.session.accept, match_id)
                if answer is not None:
                    self._follow(answer)

    def _on_seeks(self, seeks: list[dict[str, Any]]) -> None:
        for seek in seeks:
            if not self._has_room():
                return
            if seek.get("status") != "open" or seek["by"]["player_id"] == self.player_id:
                continue
            if self.settings.fits(seek):
                answer = self._call_quietly(self.session.accept_seek, str(seek["id"]))
                if answer is not None:
                    self._say(f"took the seek {seek['id']}: match {answer['id']}")
                    self._follow(answer)

    def _start_versus_game(self) -> None:
        """Against a house bot: start the next game when there is room (a retried start, same key)."""
        versus = self.settings.versus
        if versus is None or not self._has_room():
            return
        stop = self.settings.stop_after
        if stop is not None and len(self.report.finished) + len(self.active) >= stop:
            return
        if self._versus_key is None:
            self._versus_key = f"bot-start-{uuid.uuid4()}"
        answer = self.session.create_match(
            [self.player_id, versus],
            game=self.settings.versus_game,
            preset=self.settings.versus_preset,
            idempotency_key=self._versus_key,
        )
        self._versus_key = None
        self._say(f"started {answer['id']} against {versus}")
        self._follow(answer)

    def _keep_seek(self) -> None:
        """With ``post_seeks``: one open seek in the lobby while there is room for one more game, none
        when full (a seek taken then would make one game too many); a retried post reuses its key."""
        if not self.settings.post_seeks:
            return
        stop = self.settings.stop_after
        wanted = self._has_room() and (stop is None or len(self.report.finished) + len(self.active) < stop)
        if not wanted:
            self._withdraw_seek()
            return
        if self._seek_id is not None or time.monotonic() < self._seek_again_at:
            return
        if self._seek_key is None:
            self._seek_key = f"bot-seek-{uuid.uuid4()}"
        try:
            seek = self.session.create_seek(
                game=self.settings.seek_game,
                preset=self.settings.seek_preset,
                rated=self.settings.seek_rated,
                expires_in=self.settings.seek_seconds,
                idempotency_key=self._seek_key,
            )
        except ApiError as exc:  # too many open seeks (left by an earlier run), a rate limit...
            if exc.status < 500 and exc.status != 429:
                self._seek_key = None  # refused: a new post is a new seek; else it may have been made
            self._seek_again_at = time.monotonic() + SEEK_RETRY_SECONDS
            self._say(f"could not post a seek: {exc}; again in {SEEK_RETRY_SECONDS:.0f} s")
            return
        self._seek_key = None
        self._seek_id = str(seek["id"])
        self._say(f"seeking a game in the lobby ({self._seek_id})")

    def _check_seek(self, inbox: dict[str, Any]) -> None:
        """The inbox lists the bot's open seeks: once its own is gone from it, learn how it ended and
        play the match it started, if it was taken."""
        seek_id = self._seek_id
        if seek_id is None or any(str(s.get("id")) == seek_id for s in inbox.get("seeks") or []):
            return
        seek = self._call_quietly(self.session.seek, seek_id)
        if seek is not None and seek.get("status") == "open":
            return  # an inbox read before the seek was listed
        if seek is not None and seek.get("status") == "taken" and seek.get("match_id"):
            # Taken, and its match created just after: until then, the next inbox update asks again.
            answer = self._call_quietly(self.session.match, str(seek["match_id"]))
            if answer is None:
                return
            self._say(f"the seek {seek_id} was taken: match {answer['id']}")
            self._seek_id = None
            self._follow(answer)
            return
        self._seek_id = None

    def _withdraw_seek(self) -> None:
        seek_id, self._seek_id = self._seek_id, None
        if seek_id is None:
            return
        try:
            self.session.withdraw_seek(seek_id)
        except ApiError:  # taken (or expired) meanwhile: its match, if any, is found by the next sweep
            self._say(f"the seek {seek_id} could not be withdrawn")
        except NETWORK_ERRORS:
            self._say(f"the seek {seek_id} could not be withdrawn (network); it expires by itself")

    def _follow(self, answer: dict[str, Any]) -> None:
        match_id = str(answer["id"])
        if answer["status"] not in TERMINAL:
            self.active.add(match_id)
            if self._live is not None:
                try:
                    self._live.subscribe(f"match:{match_id}")
                except LIVE_ERRORS:
                    self._drop_live()  # the listen loop's next receive fails over to reconnecting
                    raise
        self._on_match(answer)

    # ------------------------------------------------------------------------------ playing

    def _on_match(self, answer: dict[str, Any]) -> None:
        """Act on a match answer newer than any seen: play while it is the bot's turn, note the end."""
        while True:
            match_id = str(answer["id"])
            version = int(answer["version"])
            if version <= self.seen.get(match_id, -1):
                return
            self.seen[match_id] = version
            if answer["status"] in TERMINAL:
                self._finish(answer)
                return
            view = answer.get("view") or {}
            if answer["status"] != "active" or not view.get("your_turn"):
                return
            self.active.add(match_id)
            answer = self._play(answer)

    def _play(self, answer: dict[str, Any]) -> dict[str, Any]:
        match_id, version = str(answer["id"]), int(answer["version"])
        move = self.decided.get((match_id, version))
        if move is None:
            request = {
                "type": "decide",
                "match_id": match_id,
                "game": answer.get("game", "scopa"),
                "seat": answer.get("your_seat"),
                "version": version,
                "view": answer["view"],
            }
            move = self.program.decide(request)
            self.report.decisions += 1
            self.report.decisions_by_match[match_id] = self.report.decisions_by_match.get(match_id, 0) + 1
            self.decided[(match_id, version)] = move
        key = f"{match_id}:{version}"
        backoff = Backoff(0.25, 10.0)
        attempt = 0
        while True:
            attempt += 1
            try:
                self.report.posts += 1
                if attempt > 1:
                    self.report.retried_posts += 1
                return self.session.move(match_id, move, version, idempotency_key=key)
            except NETWORK_ERRORS as exc:
                delay = backoff.next()
                self._say(f"move {key} not confirmed ({type(exc).__name__}); again in {delay:.1f} s")
                self.sleep(delay)
            except ApiError as exc:
                if exc.status == 409:  # someone else moved, a clock ran out: read and go on
                    self.seen[match_id] = version  # this version is handled; the fresh read decides
                    fresh = self.session.match(match_id)
                    if int(fresh["version"]) == version:  # nothing newer yet: wait for it
                        fresh = self.session.match(match_id, after_version=version, wait=10)
                    self.seen[match_id] = int(fresh["version"]) - 1
                    return fresh
                raise

    def _finish(self, answer: dict[str, Any]) -> None:
        match_id = str(answer["id"])
        if match_id in self.active:
            self.active.discard(match_id)
        if any(f.match_id == match_id for f in self.report.finished):
            return
        self.report.finished.append(
            Finished(match_id, str(answer["status"]), answer.get("your_seat"), answer.get("result"))
        )
        for key in [k for k in self.decided if k[0] == match_id]:
            del self.decided[key]
        self._say(f"{match_id} {answer['status']}: {answer.get('result')}")
        if self._live is not None:
            with contextlib.suppress(*LIVE_ERRORS):
                self._live.unsubscribe(f"match:{match_id}")

    # ------------------------------------------------------------------------------ helpers

    def _has_room(self) -> bool:
        return len(self.active) < self.settings.max_games

    def _call_quietly(self, call: Callable[[str], dict[str, Any]], subject: str) -> dict[str, Any] | None:
        """An accept or decline that may be refused (taken, expired meanwhile): None then."""
        try:
            return call(subject)
        except ApiError as exc:
            self._say(f"refused: {exc}")
            return None

    def _say(self, line: str) -> None:
        if self.log is not None:
            print(f"scopa bot: {line}", file=self.log, flush=True)


# ---------------------------------------------------------------------------------------------- command


def _seek_seconds(text: str) -> int:
    seconds = int(text)
    if not 60 <= seconds <= 86_400:
        raise argparse.ArgumentTypeError("a seek lasts 60 to 86400 seconds")
    return seconds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("program", nargs=argparse.REMAINDER, help="the bot program's command line")
    parser.add_argument("--url", default=os.environ.get("SCOPA_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--live-url", default=os.environ.get("SCOPA_LIVE_URL"), help="the WebSocket API")
    parser.add_argument(
        "--token-env", default="SCOPA_BOT_TOKEN", help="the variable that holds the bot account's token"
    )
    parser.add_argument("--games", default="scopa", help="games it plays, comma-separated")
    parser.add_argument("--presets", default=None, help="presets it plays, comma-separated (any)")
    parser.add_argument("--rated", choices=("any", "rated", "casual"), default="any")
    parser.add_argument("--max-games", type=int, default=2, help="matches at the same time")
    parser.add_argument("--no-challenges", action="store_true", help="decline nothing, accept nothing")
    parser.add_argument("--seeks", action="store_true", help="take open seeks from the lobby")
    parser.add_argument("--versus", help="start games against this house bot (bot-greedy)")
    parser.add_argument("--versus-game", default="scopa")
    parser.add_argument("--versus-preset", default="classic")
    parser.add_argument("--post-seeks", action="store_true", help="keep a seek open in the lobby")
    parser.add_argument("--seek-game", default="scopa")
    parser.add_argument("--seek-preset", default="classic")
    parser.add_argument("--seek-casual", action="store_true", help="its seeks are not rated")
    parser.add_argument(
        "--seek-seconds", type=_seek_seconds, default=600, help="each seek's life (60 to 86400)"
    )
    parser.add_argument("-n", "--stop-after", type=int, help="stop after this many finished matches")
    parser.add_argument("--quiet", action="store_true")


def run_command(args: argparse.Namespace) -> int:
    command = [part for part in args.program if part != "--"]
    if not command:
        print("scopa bot: give the bot program's command line, e.g. -- python mybot.py", file=sys.stderr)
        return 2
    token = os.environ.get(args.token_env)
    if not token:
        print(f"scopa bot: set {args.token_env} to the bot account's token", file=sys.stderr)
        return 2
    settings = BotSettings(
        games=frozenset(g.strip() for g in args.games.split(",") if g.strip()),
        presets=frozenset(p.strip() for p in args.presets.split(",")) if args.presets else None,
        rated=args.rated,
        max_games=max(1, args.max_games),
        accept_challenges=not args.no_challenges,
        accept_seeks=args.seeks,
        versus=args.versus,
        versus_game=args.versus_game,
        versus_preset=args.versus_preset,
        stop_after=args.stop_after,
        post_seeks=args.post_seeks,
        seek_game=args.seek_game,
        seek_preset=args.seek_preset,
        seek_rated=not args.seek_casual,
        seek_seconds=args.seek_seconds,
    )
    program = Program(command)
    session = Session(args.url, token)
    runner = BotRunner(
        session, program, settings, live_url=args.live_url, log=None if args.quiet else sys.stderr
    )
    if threading.current_thread() is threading.main_thread():  # a service manager stops it with SIGTERM
        signal.signal(signal.SIGTERM, lambda *_: runner.stop())
    try:
        report = runner.run()
    except ProgramError as exc:
        print(f"scopa bot: {exc} ({shlex.join(command)})", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        report = runner.report
    finally:
        program.close()
        session.close()
    print(
        json.dumps(
            {
                "finished": len(report.finished),
                "decisions": report.decisions,
                "posts": report.posts,
                "retried_posts": report.retried_posts,
                "reconnects": report.reconnects,
            }
        )
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scopa-bot", description="connect a bot program to the service")
    add_arguments(parser)
    return run_command(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
