"""Matches: create, show, move, resign, accept or decline, wait for a change, records and lists.

A move costs one consistent read of the match and one conditional write (``version = expected``); the
caller's token is checked without a read (:class:`scopa.application.auth.Tokens`). The match item
carries its own idempotency record (the last keyed move's key digest, body hash, time and the version it
produced: :meth:`scopa.application.idempotency.Once.recorded`), so a retried move needs no extra write:
it is answered by rendering the stored match for its caller again.
House bots move in the same request, right after the human, under the same conditional write. An overdue
player loses on time the next time anyone reads or writes the match (and, later, when the scheduled
pipeline sweeps the deadline index).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal, NamedTuple

from scopa.application.auth import Caller
from scopa.application.clock import Clock, epoch_of, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.match_limits import DEFAULT_MOVE_SECONDS, MAX_DEALS_PAGE, MAX_WAIT_SECONDS
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, inbox_topic, match_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.matches import Match, MatchRepository, MatchStatus, MatchSummary
from scopa.application.services.players import PlayerService, bot_kind
from scopa.domain.games import GAMES, GameEngine, Outcome
from scopa.domain.games.common.errors import GameError, IllegalMove, RuleSetError, TurnRule
from scopa.domain.games.common.moves import read_move
from scopa.domain.ratings.pools import pool_for

DEFAULT_INVITE_SECONDS = 86_400  # a pending match expires a day after it was made, unless told otherwise
MAX_INVITE_SECONDS = 7 * 86_400  # the longest an invitation may wait (what the inbox looks back over)
POLL_SECONDS = 0.5

AwaitedAction = Literal["accept", "move"]


@dataclass(frozen=True)
class ScheduledMatch:
    """A match the tournament pipeline creates: everything fixed in advance, so a retry builds the same one.

    ``seats`` are already in seat order, seat 0 leads the first deal unless ``leader_seat`` says otherwise;
    the id is deterministic (tournament, round, table, game), so a second creation finds the first.
    """

    id: str
    seats: list[str]
    preset: str
    options: dict[str, Any]
    move_seconds: int
    seed: str
    context: dict[str, Any]
    created_by: str
    leader_seat: int = 0
    game: str = "scopa"


class DealsPage(NamedTuple):
    """A page of a match's finished deals, with the game whose deal model describes them."""

    deals: list[dict[str, Any]]
    next_cursor: str | None
    game: str


@dataclass(frozen=True)
class NewMatch:
    """What a caller asks for; validated further by :meth:`MatchService.create`."""

    players: list[str]  # player ids in team order: for partnerships, [a1, a2, b1, b2]
    preset: str = "classic"
    options: dict[str, Any] | None = None
    target: int | None = None
    move_seconds: int = DEFAULT_MOVE_SECONDS
    seed: str | None = None  # a given master seed: duplicate deals and tests
    game: str = "scopa"
    # Whether a move clock runs; None: when two or more humans play (a game against bots has none).
    timed: bool | None = None
    rated: bool = True  # False: a friendly game, never rated
    agreed: tuple[str, ...] = ()  # internal, never from a request body: players who already agreed
    expires_in: int = DEFAULT_INVITE_SECONDS  # seconds the invited players have to accept
    id: str | None = None  # internal: an id fixed in advance (a seek's match), instead of a new one


@dataclass(frozen=True)
class SeatView:
    """Who sits at a seat, and whether they accepted the invitation."""

    seat: int
    player_id: str
    name: str
    bot: bool
    accepted: bool


SEAT_FIELDS = tuple(f.name for f in fields(SeatView))  # an answer's seat holds more (kind)


@dataclass(frozen=True)
class MatchResult:
    """How a finished match ended: the winning side, its players, why, and the final scores."""

    winner_side: int
    winners: list[str]
    reason: str
    scores: list[int]


@dataclass(frozen=True)
class MatchView:
    """A match as one caller sees it: the seats, whose turn, the clock, the result and the caller's seat
    view (a spectator's when the caller does not play). Never the state, the seeds or a hidden card.

    Moves recorded before the compact idempotency record kept this snapshot (:meth:`to_json`); a retry
    of one is still answered from it (:meth:`from_json`).
    """

    id: str
    game: str
    preset: str
    rules: dict[str, Any]
    status: MatchStatus
    version: int
    seats: list[SeatView]
    your_seat: int | None
    turn: int | None
    turn_player_id: str | None
    deadline: str | None  # ISO time by which the player to move must move (active matches only)
    move_seconds: int
    created_at: str
    updated_at: str
    result: MatchResult | None
    tournament: dict[str, Any] | None  # where the match belongs: tournament, round, table, game
    seeded: bool  # its creator chose the master seed (knew the decks): never rated
    view: dict[str, Any]  # the game's view from the caller's seat
    awaiting: list[str] = field(default_factory=list)  # player ids whose action the match waits for
    awaiting_action: AwaitedAction | None = None  # what they are awaited for
    timed: bool = True  # a move clock runs; False: no deadline, never lost on time
    rated: bool = True  # False: a friendly game, never rated
    expires_at: str | None = None  # ISO time by which everyone must accept (pending matches only)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchView:
        """Read a snapshot back; also the answer dicts that earlier versions recorded for a move."""
        result = data.get("result")
        move_seconds = data.get("move_seconds")
        if move_seconds is None:  # recorded before the snapshot: {"time_control": {"seconds_per_move"}}
            move_seconds = data["time_control"]["seconds_per_move"]
        return cls(
            id=data["id"],
            game=data["game"],
            preset=data["preset"],
            # An HTTP answer carries the stored options as ``options`` and the effective set as ``rules``.
            rules=data["options"] if "options" in data else data["rules"],
            status=data["status"],
            version=data["version"],
            seats=[SeatView(**{k: seat[k] for k in SEAT_FIELDS}) for seat in data["seats"]],
            your_seat=data["your_seat"],
            turn=data["turn"],
            turn_player_id=data["turn_player_id"],
            deadline=data["deadline"],
            move_seconds=move_seconds,
            created_at=data["created_at"],
            updated_at=data["updated_at"],
            result=MatchResult(**result) if result is not None else None,
            tournament=data.get("tournament"),
            seeded=data.get("seeded", False),
            view=data["view"],
            awaiting=data.get("awaiting", []),
            awaiting_action=data.get("awaiting_action"),
            timed=data.get("timed", True),
            rated=data.get("rated", True),
            expires_at=data.get("expires_at"),
        )


class MatchService:
    def __init__(
        self, repo: MatchRepository, clock: Clock, players: PlayerService, changes: ChangeFeed | None = None
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.players = players
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()

    # ------------------------------------------------------------------ create

    def create(
        self,
        caller: Caller,
        request: NewMatch,
        idempotency_key: str | None = None,
        on_created: Callable[[MatchView], None] | None = None,
    ) -> MatchView:
        """Create a match; ``on_created`` is told of a match really created (not of a retry finding it).

        With a key, the id comes from the key (see :mod:`scopa.application.idempotency`): a retry whose
        first run
        did create the match answers the caller's view of that match instead of creating a second one.
        """
        if not caller.can_organize:
            caller.require_player()  # 401 before anything about the request: who asks comes first
        once = Once.of("create_match", caller.player_id or "anonymous", idempotency_key, asdict(request))
        game = self.game(request.game)
        options = dict(request.options or {})
        if request.target is not None:
            options["target"] = request.target
        rules = game_rules(game, request.preset, options)
        n = game.players(rules)
        if len(request.players) != n:
            raise BadRequest(
                f"the rules need {n} players, {len(request.players)} were named", code="wrong_player_count"
            )
        profiles = [self.players.get(pid) for pid in request.players]
        humans = [p.id for p in profiles if not p.is_bot]
        if len(set(humans)) != len(humans):
            raise BadRequest("a player can hold only one seat", code="duplicate_player")
        if not caller.can_organize:
            me = caller.require_player()
            if me not in humans:
                raise Forbidden("players create matches they play in", code="not_a_participant")
        if request.seed is not None:
            try:
                if len(bytes.fromhex(request.seed)) < 16:
                    raise ValueError
            except ValueError:
                raise BadRequest("a seed is at least 32 hex digits", code="invalid_seed") from None
        draw = random.Random(request.seed) if request.seed else secrets.SystemRandom()
        order = _draw_seats(profiles, n, draw)
        first_dealer = draw.randrange(n)
        now = self.clock.now()
        # Organizers' matches start at once (tournaments); others wait for every invited human to accept,
        # and are dealt only then (see _deal): nobody sees a card of a deal they could still refuse.
        accepted = [
            p.is_bot or caller.can_organize or p.id == caller.player_id or p.id in request.agreed
            for p in order
        ]
        match = Match(
            id=request.id or (once.id("m_") if once else "m_" + secrets.token_hex(8)),
            game=game.name,
            preset=request.preset,
            rules=rules,
            seats=[p.id for p in order],
            names=[p.name for p in order],
            status="active" if all(accepted) else "pending",
            version=1,
            state={},
            moves=[],
            created_at=iso(now),
            updated_at=iso(now),
            created_by=caller.player_id or "admin",
            move_seconds=request.move_seconds,
            accepted=accepted,
            origin=once.origin if once else None,
            seeded=request.seed is not None,
            master_seed=request.seed or game.new_seed(),
            first_dealer=first_dealer,
            timed=request.timed if request.timed is not None else len(humans) >= 2,
            rated=request.rated,
        )
        if match.status == "pending":
            match.expires_at = int(now) + request.expires_in
        if match.status == "active":
            self._deal(match, game)
            self._play_bots(match, game)
            self._set_deadline(match, game, now)
        stored = create_or_find(
            once,
            lambda: self._create(match),
            lambda: self.repo.get_match(match.id),
            self.clock.now(),
        )
        if stored is not None:
            return self.view(stored, caller)
        answer = self.view(match, caller)
        if on_created is not None:
            on_created(answer)
        return answer

    def create_scheduled(self, spec: ScheduledMatch) -> Match:
        """Create a tournament match, or return the one a previous (or concurrent) run already created."""
        existing = self.repo.get_match(spec.id)
        if existing is not None:
            return existing
        game = self.game(spec.game)
        rules = game.validate_rules(spec.preset, spec.options)
        n = game.players(rules)
        profiles = [self.players.get(pid) for pid in spec.seats]
        leader_is_dealer = rules.get("leader") == "dealer"
        first_dealer = spec.leader_seat if leader_is_dealer else (spec.leader_seat - 1) % n
        now = self.clock.now()
        match = Match(
            id=spec.id,
            game=game.name,
            preset=spec.preset,
            rules=rules,
            seats=[p.id for p in profiles],
            names=[p.name for p in profiles],
            status="active",
            version=1,
            state=game.new_state(rules, spec.seed, first_dealer),
            moves=[],
            created_at=iso(now),
            updated_at=iso(now),
            created_by=spec.created_by,
            move_seconds=spec.move_seconds,
            accepted=[True] * n,
            context=spec.context,
        )
        self._play_bots(match, game)
        self._set_deadline(match, game, now)
        try:
            self._create(match)
        except WriteConflict:
            stored = self.repo.get_match(spec.id)
            if stored is None:  # pragma: no cover - a conflict means the item exists
                raise
            return stored
        return match

    def adjudicate(self, match_id: str, reason: str, rate: bool = True) -> Match:
        """End an unfinished match now (a round's time is up): the side behind on points loses.

        On level points the side to move loses, as it would on its own clock. A finished match is
        returned unchanged; a concurrent change is read again and decided once. ``rate=False`` leaves it
        unrated (an arena's grace end: the game counts for nobody, so nobody won it at the table).
        """

        def loser(match: Match, game: GameEngine) -> int | None:
            seat = game.turn(match.state)
            scores = list(match.state.get("scores", []))
            if seat is None or len(scores) != 2 or scores[0] == scores[1]:
                return seat
            behind = 0 if scores[0] < scores[1] else 1
            return next(i for i in range(len(match.seats)) if i % 2 == behind)

        return self._end(match_id, loser, reason, rate)

    def forfeit(self, match_id: str, player_id: str, reason: str) -> Match:
        """End a match under way as lost by ``player_id`` (an organizer excluded them)."""
        return self._end(
            match_id,
            lambda match, _game: match.seats.index(player_id) if player_id in match.seats else None,
            reason,
        )

    def _end(
        self,
        match_id: str,
        loser_of: Callable[[Match, GameEngine], int | None],
        reason: str,
        rate: bool = True,
    ) -> Match:
        """End an active match as lost by the seat ``loser_of`` names (None: leave it as it is); rated
        as any finished match unless ``rate`` is False.

        One conditional write; a concurrent change is read again and the choice made anew, up to three
        times, after which the match is returned as it stands.
        """
        for _ in range(3):
            match = self._load(match_id)
            if match.status != "active":
                return match
            game = self.game(match.game)
            seat = loser_of(match, game)
            if seat is None:
                return match
            expected = match.version
            match.state = game.resign(match.state, seat, reason)
            self._finish_bookkeeping(match, self.clock.now(), rate=rate)
            try:
                self._store(match, expected)
            except WriteConflict:
                continue
            return match
        return self._load(match_id)

    def refresh(self, match_ids: list[str]) -> dict[str, Match]:
        """Several matches as they stand, each overdue one ended on time first (the pipeline's read)."""
        found = self.repo.get_matches(match_ids)
        for match_id, match in list(found.items()):
            if self._expire(match):
                found[match_id] = self._load(match_id)
        return found

    # ------------------------------------------------------------------ read

    def get(
        self, caller: Caller, match_id: str, after_version: int | None = None, wait: float = 0
    ) -> MatchView:
        """The caller's view; with ``after_version``, waits up to ``wait`` seconds for a newer version."""
        wait = max(0.0, min(wait, MAX_WAIT_SECONDS))
        give_up = self.clock.now() + wait
        while True:
            match = self._load(match_id)
            if after_version is None or match.version > after_version or self.clock.now() >= give_up:
                return self.view(match, caller)
            self.clock.sleep(min(POLL_SECONDS, max(0.0, give_up - self.clock.now())))

    def load(self, match_id: str) -> Match:
        """The stored match, read and nothing more, for the live side to render once for every viewer
        (:meth:`view`). Unlike :meth:`get` it never ends an overdue match on time: the notifier may not
        write (its role reads and deletes connections only), and the loss on time is published by the
        write that makes it (the next read through :meth:`get`, a move, or the pipeline's sweep)."""
        match = self.repo.get_match(match_id)
        if match is None:
            raise NotFound(f"no match '{match_id}'", code="match_not_found")
        return match

    def _load(self, match_id: str) -> Match:
        """Read a match, applying a passed deadline first (a lost-on-time match is saved as such)."""
        reads = 0
        while True:
            match = self.repo.get_match(match_id)
            if match is None:
                raise NotFound(f"no match '{match_id}'", code="match_not_found")
            reads += 1
            if reads >= 3 or not self._expire(match):  # an expired match is read again, as saved
                return match

    def _expire(self, match: Match) -> bool:
        """End an overdue match on time, or close an invitation nobody answered in time, and save it;
        True when the match changed (or someone else did)."""
        now = self.clock.now()
        if match.status == "pending":
            return self._lapse(match, now)
        if match.status != "active" or match.deadline is None or now <= match.deadline:
            return False
        game = self.game(match.game)
        seat = game.turn(match.state)
        if seat is None:
            return False
        expected = match.version
        match.state = game.resign(match.state, seat, "timeout")
        match.timed_out_at = match.deadline  # the game ended then, whenever it is seen
        self._finish_bookkeeping(match, now)
        with contextlib.suppress(WriteConflict):  # someone else changed it first; the caller reads again
            self._store(match, expected)
        return True

    def _lapse(self, match: Match, now: float) -> bool:
        """A pending match past its ``expires_at`` becomes ``expired``: saved once (conditional on the
        version read), its seats' inboxes told."""
        if now < invitation_expiry(match):
            return False
        expected = match.version
        match.status = "expired"
        match.version += 1
        match.updated_at = iso(now)
        with contextlib.suppress(WriteConflict):  # someone else changed it first; the caller reads again
            self._store(match, expected, inbox=True)
        return True

    def expire_overdue(self, limit: int = 100) -> list[str]:
        """End every overdue match the deadline index lists (the pipeline's job; safe to run twice)."""
        ended = []
        for match_id in self.repo.overdue_matches(int(self.clock.now()), limit):
            match = self.repo.get_match(match_id)
            if match is not None and self._expire(match):
                ended.append(match_id)
        return ended

    # ------------------------------------------------------------------ write

    def move(
        self,
        caller: Caller,
        match_id: str,
        move: dict[str, Any],
        expected_version: int,
        idempotency_key: str | None = None,
        on_applied: Callable[[MatchView], None] | None = None,
    ) -> MatchView:
        """Play ``move`` (as the game's engine reads it) for the caller; ``on_applied`` is told of a move
        really applied (not of a replay)."""
        return self._move(caller, match_id, lambda game: move, expected_version, idempotency_key, on_applied)

    def play(
        self,
        caller: Caller,
        match_id: str,
        body: Mapping[str, Any],
        idempotency_key: str | None = None,
        on_applied: Callable[[MatchView], None] | None = None,
    ) -> MatchView:
        """Play a move as a client posted it: ``body`` (its ``version`` included) is read by the match's
        own game's move model, and one it does not take is refused as the game's input error after the
        checks of seat, turn and version (:func:`~scopa.domain.games.common.moves.read_move`)."""
        version = int(body["version"])
        return self._move(
            caller,
            match_id,
            lambda game: read_move(game.move_model, body),
            version,
            idempotency_key,
            on_applied,
            fallback={k: v for k, v in body.items() if k != "version"},
        )

    def _move(
        self,
        caller: Caller,
        match_id: str,
        read: Callable[[GameEngine], dict[str, Any]],
        expected_version: int,
        idempotency_key: str | None,
        on_applied: Callable[[MatchView], None] | None,
        fallback: dict[str, Any] | None = None,
    ) -> MatchView:
        """``read`` gives the engine's move of the match's game; a body it refuses is kept for the
        idempotency check as ``fallback`` and its error raised where the engine's would be."""
        player_id = caller.require_player()
        match = self._load(match_id)
        game = self.game(match.game)
        refused: GameError | None = None
        try:
            move = read(game)
        except GameError as exc:
            move, refused = fallback or {}, exc
        once = Once.of("move", player_id, idempotency_key, {"move": move, "version": expected_version})
        if once and once.made_move(match.idempotency, self.clock.now()):
            return self._replayed(match, caller)
        seat = self._seat_of(match, player_id)
        self._require_active(match)
        if match.version != expected_version:
            raise Conflict(
                f"the match is at version {match.version}, not {expected_version}: read it again",
                code="stale_version",
                details={"version": match.version},
            )
        if refused is not None:
            raise refused
        try:
            match.state, entry = game.apply(match.state, seat, move)
        except IllegalMove as exc:
            if exc.rule == TurnRule.NOT_YOUR_TURN:
                raise Conflict(
                    exc.message, code="not_your_turn", details={"turn": game.turn(match.state)}
                ) from None
            raise
        match.moves.append(entry)
        self._play_bots(match, game)
        now = self.clock.now()
        self._after_change(match, game, now)
        answer = self.view(match, caller)
        match.idempotency = once.recorded(match.version, now) if once else None
        try:
            self._store(match, expected_version)
        except WriteConflict:
            # A retry racing its own first attempt lost the write to it: answer what the first made.
            stored = self.repo.get_match(match_id) if once else None
            if once and stored and once.made_move(stored.idempotency, self.clock.now()):
                return self._replayed(stored, caller)
            raise _changed_meanwhile() from None
        if on_applied is not None:
            on_applied(answer)
        return answer

    def _replayed(self, match: Match, caller: Caller) -> MatchView:
        """The answer to a retried move: the stored match rendered for the caller (a record of before
        the compact ones kept its answer: that)."""
        kept = (match.idempotency or {}).get("answer")
        return MatchView.from_json(kept) if isinstance(kept, dict) else self.view(match, caller)

    def resign(self, caller: Caller, match_id: str) -> MatchView:
        player_id = caller.require_player()
        match = self._load(match_id)
        seat = self._seat_of(match, player_id)
        self._require_active(match)
        game = self.game(match.game)
        expected = match.version
        match.state = game.resign(match.state, seat, "resigned")
        self._finish_bookkeeping(match, self.clock.now())
        self._save(match, expected)
        return self.view(match, caller)

    def respond(self, caller: Caller, match_id: str, accept: bool) -> MatchView:
        """Accept or decline an invitation; the match starts when every invited player has accepted."""
        player_id = caller.require_player()
        match = self._load(match_id)
        seat = self._seat_of(match, player_id)
        if match.status == "expired":
            raise Conflict("the invitation expired before everyone accepted", code="invitation_expired")
        if match.status != "pending":
            raise Conflict(f"the match is {match.status}, not waiting for players", code="match_not_pending")
        expected = match.version
        now = self.clock.now()
        match.version += 1
        match.updated_at = iso(now)
        if not accept:
            match.status = "declined"
        else:
            match.accepted[seat] = True
            if all(match.accepted):
                match.status = "active"
                game = self.game(match.game)
                self._deal(match, game)
                self._play_bots(match, game)
                self._set_deadline(match, game, now)
        self._save(match, expected, inbox=True)
        return self.view(match, caller)

    def withdraw(self, caller: Caller, match_id: str) -> MatchView:
        """The creator takes back an invitation nobody has finished answering: the match is ``withdrawn``."""
        player_id = caller.require_player()
        match = self._load(match_id)
        if match.created_by != player_id:
            raise Forbidden("only the match's creator can withdraw it", code="not_the_creator")
        if match.status != "pending":
            raise Conflict(f"the match is {match.status}, not waiting for players", code="match_not_pending")
        expected = match.version
        match.status = "withdrawn"
        match.version += 1
        match.updated_at = iso(self.clock.now())
        self._save(match, expected, inbox=True)
        return self.view(match, caller)

    def record(self, match_id: str) -> dict[str, Any]:
        match = self._load(match_id)
        if match.status != "finished":
            raise Conflict("the record is published when the match has ended", code="match_not_finished")
        game = self.game(match.game)
        record = game.record(match.state, match.moves, match.names)
        record["match_id"] = match.id
        record["player_ids"] = match.seats
        return record

    def finished_deals(self, match_id: str, limit: int, cursor: str | None) -> DealsPage:
        """The match's finished deals, oldest first, ``limit`` a page (anyone may read them: every card in
        them was played face up). Replayed from the match's move log: the state keeps only the last one.
        The deal under way is never listed."""
        match = self._load(match_id)
        start = _deals_position(match.id, cursor) if cursor else 0
        dealt = match.state if match.status in ("active", "finished") else {}
        deals = self.game(match.game).finished_deals(dealt, match.moves)
        limit = max(1, min(limit, MAX_DEALS_PAGE))
        end = start + limit
        return DealsPage(
            deals[start:end], _deals_cursor(match.id, end) if end < len(deals) else None, match.game
        )

    def list_for_player(
        self, player_id: str, limit: int, cursor: str | None
    ) -> tuple[list[MatchSummary], str | None]:
        self.players.get(player_id)
        return self.repo.list_player_matches(player_id, limit, cursor)

    # ------------------------------------------------------------------ helpers

    def game(self, name: str) -> GameEngine:
        try:
            return GAMES[name]
        except KeyError:
            raise BadRequest(
                f"unknown game '{name}'; games: {', '.join(GAMES)}", code="unknown_game"
            ) from None

    def _seat_of(self, match: Match, player_id: str) -> int:
        try:
            return match.seats.index(player_id)
        except ValueError:
            raise Forbidden("you do not play in this match", code="not_a_participant") from None

    def _require_active(self, match: Match) -> None:
        if match.status == "active":
            return
        if match.status == "finished":
            outcome = self.game(match.game).outcome(match.state)
            reason = outcome.reason if outcome else "finished"
            message = (
                "the move came after the deadline: the match is lost on time"
                if reason == "timeout"
                else ("the match is over")
            )
            raise Conflict(message, code="match_finished", details={"status": "finished", "reason": reason})
        details: dict[str, Any] = {"status": match.status}
        if match.status == "pending":
            details["awaiting"] = _awaiting(match)
        raise Conflict(f"the match is {match.status}", code="match_not_active", details=details)

    def _play_bots(self, match: Match, game: GameEngine) -> None:
        """Let house bots move while it is their turn, each from its own seat view."""
        while (seat := game.turn(match.state)) is not None and (kind := bot_kind(match.seats[seat])):
            bot = game.make_bot(kind, _bot_seed(match.id, len(match.moves)))
            choice = bot.choose(game.view(match.state, seat))
            match.state, entry = game.apply(match.state, seat, choice)
            match.moves.append(entry)

    def _after_change(self, match: Match, game: GameEngine, now: float) -> None:
        if game.outcome(match.state) is not None:
            self._finish_bookkeeping(match, now)
        else:
            match.version += 1
            match.updated_at = iso(now)
            self._set_deadline(match, game, now)

    def _deal(self, match: Match, game: GameEngine) -> None:
        """Deal the first deal from the seed kept since creation (a match stored dealt keeps its deal)."""
        if not match.state:
            seed = match.master_seed if match.master_seed is not None else game.new_seed()
            match.state = game.new_state(match.rules, seed, match.first_dealer or 0)
        match.master_seed = None  # the state holds it now
        match.first_dealer = None

    def _set_deadline(self, match: Match, game: GameEngine, now: float) -> None:
        if game.outcome(match.state) is not None:
            self._finish_bookkeeping(match, now, bump=False)
            return
        match.deadline = int(now) + match.move_seconds if match.timed else None

    def _finish_bookkeeping(self, match: Match, now: float, bump: bool = True, rate: bool = True) -> None:
        match.status = "finished"
        match.deadline = None
        # Rated when a pool rates this game and a card was played (forfeits and no-shows are not: see
        # absent_seat), and never when the creator chose the seed: who knows the decks must not gain
        # rating from it; nor when the caller says so (an arena game adjudicated at its grace end).
        outcome = self.game(match.game).outcome(match.state)
        played = outcome is not None and outcome.cards_played > 0 and absent_seat(match, outcome) is None
        fair = len(set(match.seats)) == len(match.seats) and not match.seeded and match.rated
        rateable = rate and played and fair
        if rateable and pool_for(match.preset, len(match.seats), game=match.game) is not None:
            match.rating = "pending"
        match.updated_at = iso(now)
        if bump:
            match.version += 1

    def _create(self, match: Match) -> None:
        """Store a new match and tell its followers (and its invited players' inboxes)."""
        self.repo.create_match(match)
        self._published(match, inbox=True)

    def _store(self, match: Match, expected_version: int, inbox: bool = False) -> None:
        """Save a changed match (WriteConflict when it moved on) and tell its followers; ``inbox`` when
        the change concerns an invitation (accepted, declined, withdrawn, expired), so the seats' inboxes
        are told as well."""
        self.repo.save_match(match, expected_version)
        self._published(match, inbox)

    def _published(self, match: Match, inbox: bool) -> None:
        changes = [Change(match_topic(match.id), match.version)]
        if inbox:
            changes += [Change(inbox_topic(pid)) for pid in match.seats if bot_kind(pid) is None]
        self.changes.publish(changes)

    def _save(self, match: Match, expected_version: int, inbox: bool = False) -> None:
        try:
            self._store(match, expected_version, inbox)
        except WriteConflict:
            raise _changed_meanwhile() from None

    def view(self, match: Match, caller: Caller) -> MatchView:
        """The match as ``caller`` sees it: who sits where, whose turn, the clock, and their seat's view."""
        game = self.game(match.game)
        seat = match.seats.index(caller.player_id) if caller.player_id in match.seats else None
        dealt = match.status in ("active", "finished") and bool(match.state)
        outcome = game.outcome(match.state) if dealt else None
        turn = game.turn(match.state) if match.status == "active" else None
        if dealt:
            view = game.view(match.state, seat)
            if turn is None or turn != seat:  # legal moves only for the seat to move in an active match
                view["your_turn"] = False
                view.pop("legal_moves", None)
        else:
            # Pending (or never started): no card for anyone, whatever an older item may hold.
            seed = match.master_seed
            if seed is None and match.state:  # stored dealt before deals waited for every seat
                seed = game.dealt_from(match.state)[0]
            status = "waiting" if match.status == "pending" else match.status
            view = game.waiting_view(match.rules, seed, status)
            view["your_turn"] = False
        awaiting = _awaiting(match) if match.status == "pending" else []
        if turn is not None:
            awaiting = [match.seats[turn]]
        result = None
        if outcome is not None:
            result = MatchResult(
                winner_side=outcome.winner_side,
                winners=[match.seats[s] for s in outcome.winners()],
                reason=outcome.reason,
                scores=list(outcome.scores),
            )
        return MatchView(
            id=match.id,
            game=match.game,
            preset=match.preset,
            rules=match.rules,
            status=match.status,
            version=match.version,
            seats=[
                SeatView(
                    seat=i,
                    player_id=pid,
                    name=match.names[i],
                    bot=bot_kind(pid) is not None,
                    accepted=match.accepted[i],
                )
                for i, pid in enumerate(match.seats)
            ],
            your_seat=seat,
            turn=turn,
            turn_player_id=match.seats[turn] if turn is not None else None,
            deadline=iso(match.deadline) if match.deadline is not None and match.status == "active" else None,
            move_seconds=match.move_seconds,
            created_at=match.created_at,
            updated_at=match.updated_at,
            result=result,
            tournament=match.context,
            seeded=match.seeded,
            view=view,
            awaiting=awaiting,
            awaiting_action=("accept" if match.status == "pending" else "move") if awaiting else None,
            timed=match.timed,
            rated=match.rated,
            expires_at=iso(invitation_expiry(match)) if match.status == "pending" else None,
        )


def game_rules(game: GameEngine, preset: str, options: dict[str, Any]) -> dict[str, Any]:
    """The canonical rules of ``preset`` plus ``options`` for ``game``; a refusal names the game."""
    try:
        return game.validate_rules(preset, options)
    except RuleSetError as exc:
        raise RuleSetError(f"{game.name} rules: {exc}") from None


def finished_at(match: Match) -> float:
    """When a finished match was decided (epoch seconds): for a loss on time the instant the clock ran
    out (saved later by whoever saw it first), else its last write, the one that finished it."""
    return float(match.timed_out_at) if match.timed_out_at is not None else epoch_of(match.updated_at)


def absent_seat(match: Match, outcome: Outcome) -> int | None:
    """The seat that lost on time without having played a single card, when the match ended so.

    Such a seat is absent, and its side loses by forfeit (never rated), whichever seat it sits in: the
    one due to lead or any after it. Only the seat whose clock ran out is judged: the seats after it in
    the first trick never had a turn. A match stored before outcomes named the losing seat is judged as
    it was then: lost on time before any card was played at all.
    """
    if outcome.reason != "timeout":
        return None
    if outcome.loser_seat is None:
        if outcome.cards_played:
            return None
        return next(i for i, side in enumerate(outcome.side_of_seat) if side != outcome.winner_side)
    return None if outcome.loser_seat in _seats_that_played(match.moves) else outcome.loser_seat


def _seats_that_played(log: list[str]) -> set[int]:
    """The seats with at least one move in a match's log (every game writes ``"<seat>:<move>"``)."""
    seats = set()
    for entry in log:
        seat, _, _move = entry.partition(":")
        if seat.isdigit():
            seats.add(int(seat))
    return seats


def invitation_expiry(match: Match) -> int:
    """When a pending match stops waiting: its ``expires_at``, or a day after its creation for a match
    made before invitations expired."""
    if match.expires_at is not None:
        return match.expires_at
    return int(epoch_of(match.created_at)) + DEFAULT_INVITE_SECONDS


def _draw_seats(profiles: list[Any], n: int, draw: random.Random) -> list[Any]:
    """Seat order drawn by lot. Partnerships (4 players) keep teams: [a1, a2, b1, b2] sit a, b, a, b."""
    if n == 4:
        teams = [profiles[:2], profiles[2:]]
        draw.shuffle(teams)
        for team in teams:
            draw.shuffle(team)
        return [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
    order = list(profiles)
    draw.shuffle(order)
    return order


def _awaiting(match: Match) -> list[str]:
    """The players a pending match still waits for: the seats not accepted yet."""
    return [pid for pid, yes in zip(match.seats, match.accepted, strict=True) if not yes]


def _deals_cursor(match_id: str, position: int) -> str:
    return base64.urlsafe_b64encode(f"deals:{match_id}:{position}".encode()).decode()


def _deals_position(match_id: str, cursor: str) -> int:
    """Where a cursor of this match's deals resumes; :class:`InvalidCursor` for anything else."""
    try:
        scope, _, position = base64.urlsafe_b64decode(cursor.encode()).decode().rpartition(":")
        if (
            scope == f"deals:{match_id}"
            and position.isdigit()
            and _deals_cursor(match_id, int(position)) == cursor
        ):
            return int(position)
    except (ValueError, UnicodeDecodeError):
        pass
    raise InvalidCursor("the cursor is not one this service returned")


def _changed_meanwhile() -> Conflict:
    return Conflict("the match changed while this request was handled: read it again", code="stale_version")


def _bot_seed(match_id: str, move_number: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{match_id}:{move_number}".encode()).digest()[:8], "big")
