"""What the deployed service costs: at rest (nobody playing) and per 1,000 games.

``python -m infra.costs [--games 200] [--memory 1024]`` measures how many moves a game of classic Scopa to
11 takes (bot games on the engine) and prints the arithmetic behind the README's cost section. The
DynamoDB figures per request are the measured ones of ``docs/data-model.md`` (``python -m bench.api``);
a move's CPU time and log bytes are ``python -m bench.move_cost``'s (turned into billed milliseconds with
stated assumptions: :func:`billed_ms`); the idle pipeline's calls are measured by
``tests/infra/test_costs.py``. Prices are list prices of US East
(N. Virginia) from the AWS pricing pages named in ``SOURCES``; other regions (eu-south-1, the service's
default) list somewhat higher prices, so scale the totals, or edit ``PRICES``.
"""

from __future__ import annotations

import argparse
import math
import statistics
from dataclasses import dataclass, replace
from typing import Literal

from scopa.adapters.dynamodb import keys
from scopa.application.ports.matches import DEADLINE_STEP
from scopa.application.services.matches import POLL_SECONDS
from scopa.domain.games.scopa.rules import make_rules
from tools.arena import play_game

SOURCES = {
    "dynamodb": "https://aws.amazon.com/dynamodb/pricing/on-demand/",
    "lambda": "https://aws.amazon.com/lambda/pricing/",
    "apigateway": "https://aws.amazon.com/api-gateway/pricing/",
    "cloudwatch": "https://aws.amazon.com/cloudwatch/pricing/",
    "scheduler": "https://aws.amazon.com/eventbridge/pricing/",
    "xray": "https://aws.amazon.com/xray/pricing/",
}
#: USD, us-east-1 list prices (2025), without free tiers.
PRICES = {
    "write_request_unit": 0.625 / 1e6,  # on-demand, standard table class
    "read_request_unit": 0.125 / 1e6,
    "storage_gb_month": 0.25,
    "pitr_gb_month": 0.20,
    "lambda_request": 0.20 / 1e6,
    "lambda_gb_second_arm": 0.0000133334,
    "http_api_request": 1.00 / 1e6,
    "websocket_message": 1.00 / 1e6,  # each way, metered in 32 KB increments (a match update is ~3 KB)
    "websocket_connection_minute": 0.25 / 1e6,
    "sqs_request": 0.40 / 1e6,  # standard queue, per request (64 KB)
    "alarm_metric_month": 0.10,  # standard resolution; a metric-math alarm pays per metric it reads
    "dashboard_month": 3.00,
    "custom_metric_month": 0.30,
    "log_ingest_gb": 0.50,
    "scheduler_invocation": 1.00 / 1e6,
    "xray_trace": 5.00 / 1e6,
}

# ---------------------------------------------------------------- one move request, named inputs

# What a warm move request costs the API function, measured by ``python -m bench.move_cost`` on the real
# handler (in-process, moto; classic Scopa against the greedy bot, no clock; 464 requests after 20 left out).
#: CPU milliseconds of the handler per move request, moto's own share subtracted: the median of five runs'
#: means (4.2, 4.3, 4.9, 5.3, 5.7: a machine shared with other work; medians 3.9 to 5.7, p90 5.3 to 7.4),
#: on one core of an AMD EPYC (x86-64). ASSUMED: a Lambda arm64 (Graviton2) vCPU runs this Python about
#: as fast; a slower core scales the Lambda-time line, not the others.
MEASURED_COMPUTE_MS = 4.9
#: Bytes the handler writes to CloudWatch Logs per move request (mean; 822 max), at INFO as in prod: the
#: "move applied" JSON line and the EMF metrics line (bench.move_cost).
MEASURED_LOG_BYTES = 756
#: Bytes of one HTTP API access log line (the format of infra/components/api.py with typical values,
#: bench.move_cost): written for every request through API Gateway, none through the function URL.
ACCESS_LOG_BYTES = 281
#: STATED: Lambda's own START, END and REPORT lines per invocation, about 300 bytes together.
LAMBDA_PLATFORM_LOG_BYTES = 300
#: AWS documents that a function gets one full vCPU at 1,769 MB, and CPU in proportion to memory below:
#: at 1,024 MB about 0.58 vCPU, so CPU-bound work takes 1,769 / 1,024 = 1.73 times as long as on one core.
FULL_VCPU_MB = 1769
#: STATED: one in-region DynamoDB round trip (AWS: single-digit milliseconds), waited for, so billed.
DYNAMODB_ROUND_TRIP_MS = 6.0
#: A move's DynamoDB round trips waited for: the consistent match GetItem and the conditional PutItem
#: (tests/api/test_costs.py asserts them). Since issue 26 a third call, the caller's shared rate count
#: (one conditional UpdateItem, api.ratelimit), runs on a worker thread beside the GetItem, and the
#: PutItem waits for it: 3 calls (bench.move_cost), still 2 round trips of waiting.
MOVE_ROUND_TRIPS = 2
MOVE_CALLS = 3
#: Every API request's shared rate count (issue 26): one conditional UpdateItem of a ~100 B item, 1 WRU
#: whether it counts or refuses (tests/api/test_costs.py, tests/contract/test_rates.py).
RATE_COUNT_WRITE_UNITS = 1.0


def billed_ms(compute_ms: float, memory_mb: int, round_trips: int) -> float:
    """Billed milliseconds of a warm request: the CPU time stretched to the function's share of a vCPU,
    plus the storage round trips it waits for, rounded up to Lambda's 1 ms step."""
    return float(
        math.ceil(compute_ms * max(1.0, FULL_VCPU_MB / memory_mb) + round_trips * DYNAMODB_ROUND_TRIP_MS)
    )


@dataclass(frozen=True)
class PerMove:
    """What one move request (``POST /matches/{id}/moves``; against a house bot the bot's answer rides
    along) costs in each billed unit, and where each figure comes from (measured, stated or assumed).

    DynamoDB on-demand bills a strongly consistent read of up to 4 KB as 1 read unit (0.5 eventually
    consistent) and a write of up to 1 KB as 1 write unit (each further KB one more). ``compute_ms`` set,
    the billed time follows from it and the memory (:func:`billed_ms`; ``duration_ms`` is then its value
    at 1,024 MB); else ``duration_ms`` is the billed time at any memory, as assumed. ``via_url``: the
    move comes through the API function's URL (no API Gateway request fee, no access log line) rather
    than the HTTP API."""

    label: str
    calls: int  # DynamoDB calls
    read_units: float
    write_units: float
    duration_ms: float  # billed Lambda time of a warm request (at 1,024 MB when compute_ms is set)
    invocations: int  # Lambda invocations (the API function: one per request)
    log_bytes: float  # what the function's invocation writes to CloudWatch Logs (its lines and Lambda's)
    sources: dict[str, str]
    compute_ms: float | None = None
    via_url: bool = False
    round_trips: int | None = None  # DynamoDB waits billed; None: one per call (calls made one after another)

    def billed_ms(self, memory_mb: int) -> float:
        if self.compute_ms is None:
            return self.duration_ms  # assumed: the same milliseconds at any memory
        return billed_ms(
            self.compute_ms, memory_mb, self.calls if self.round_trips is None else self.round_trips
        )

    @property
    def request_log_bytes(self) -> float:
        """Log bytes of the whole request: the function's, and API Gateway's access line unless via URL."""
        return self.log_bytes + (0 if self.via_url else ACCESS_LOG_BYTES)


#: Before issue 17, measured by ``python -m bench.api`` (docs/data-model.md): token GetItem (eventually
#: consistent, 0.5) + match GetItem (consistent, 1.8 KB mean: 1) + conditional PutItem (1.8 KB mean,
#: 2.6 KB max: 2.3 write units on average); time and logs as then assumed.
MEASURED_MOVE = PerMove(
    label="before issue 17 (token read, 2-7 KB items), assumed 50 ms, 400 B",
    calls=3,
    read_units=1.5,
    write_units=2.3,
    duration_ms=50.0,
    invocations=1,
    log_bytes=400 - ACCESS_LOG_BYTES,  # the 400 B then assumed for the whole request
    sources={
        "calls": "measured (bench.api, tests/api call counts)",
        "read_units": "measured (bench.api)",
        "write_units": "measured (bench.api: mean item 1.8 KB, 2.6 KB max)",
        "duration_ms": "assumed then: 50 ms at 1,024 MB",
        "invocations": "by construction (one request, one invocation)",
        "log_bytes": "assumed then: 400 B a request",
    },
)
_ONE_READ_ONE_WRITE_SOURCES = {
    "calls": "measured (tests/api/test_costs.py, bench.item_size, bench.move_cost: 1 GetItem + 1 PutItem)",
    "read_units": "measured: one consistent GetItem of an item <= 4 KB",
    "write_units": "measured (bench.item_size: classic items 643 B mean, 914 B max, so 1 WRU)",
    "invocations": "by construction",
}
#: Issue 17's move (signed tokens, packed items) with the time and logs assumed before they were measured.
ONE_READ_ONE_WRITE = PerMove(
    label="1 read + 1 write, assumed 50 ms, 400 B, HTTP API",
    calls=2,
    read_units=1.0,
    write_units=1.0,
    duration_ms=50.0,
    invocations=1,
    log_bytes=400 - ACCESS_LOG_BYTES,
    sources={
        **_ONE_READ_ONE_WRITE_SOURCES,
        "duration_ms": "assumed: 50 ms at 1,024 MB",
        "log_bytes": "assumed: 400 B a request",
    },
)
_MEASURED_SOURCES = {
    **_ONE_READ_ONE_WRITE_SOURCES,
    "duration_ms": f"measured CPU {MEASURED_COMPUTE_MS} ms (bench.move_cost) x {FULL_VCPU_MB} MB / memory "
    f"(stated: AWS's full vCPU) + {MOVE_ROUND_TRIPS} round trips x {DYNAMODB_ROUND_TRIP_MS:.0f} ms (stated)",
    "log_bytes": f"measured {MEASURED_LOG_BYTES} B (bench.move_cost) + {LAMBDA_PLATFORM_LOG_BYTES} B of "
    "START/END/REPORT (stated)",
}
#: The same move with its time and logs measured, through the HTTP API.
MEASURED_HTTP_MOVE = PerMove(
    label="1 read + 1 write, measured, HTTP API",
    calls=2,
    read_units=1.0,
    write_units=1.0,
    duration_ms=billed_ms(MEASURED_COMPUTE_MS, 1024, MOVE_ROUND_TRIPS),
    invocations=1,
    log_bytes=MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES,
    sources={**_MEASURED_SOURCES, "front door": "the HTTP API: $1.00/M requests and an access log line"},
    compute_ms=MEASURED_COMPUTE_MS,
)
#: And through the API function's URL (``move_url``, on by default: infra/config.py): no API Gateway.
MEASURED_URL_MOVE = replace(
    MEASURED_HTTP_MOVE,
    label="1 read + 1 write, measured, function URL",
    sources={**_MEASURED_SOURCES, "front door": "the function URL: Lambda's request fee only, no access log"},
    via_url=True,
)
# Issue 26: the per-caller limit shared by every container adds one conditional UpdateItem to each request
# (1 WRU), written beside the match read; measured again by ``python -m bench.move_cost`` (8 games, moto,
# the limit on as in prod), with the API's log lines trimmed of the function's name, ARN and memory.
#: CPU milliseconds per move with the shared count on its worker thread: the median of three runs' means
#: (5.07, 5.27, 6.42; 4 games, 196 requests each, 2026-11-29, a machine shared with other work), run in
#: turn with three of the count written before the read (4.89, 5.01, 4.95: SEQUENTIAL_COUNT_COMPUTE_MS).
#: The thread costs about 0.3 ms of CPU (moto answers in-process, so the two threads also contend for
#: the interpreter there, where Lambda's would wait on the network): less than the 6 ms round trip saved.
LIMITED_COMPUTE_MS = 5.3
SEQUENTIAL_COUNT_COMPUTE_MS = 5.0
#: Bytes the handler logs per move once its lines leave off the log group's keys (api.handler).
LIMITED_LOG_BYTES = 614
_LIMITED_SOURCES = {
    "calls": "measured (bench.move_cost, tests/api/test_costs.py: GetItem + PutItem + the rate count's "
    "UpdateItem)",
    "read_units": "measured: one consistent GetItem of an item <= 4 KB",
    "write_units": "measured: the match's PutItem (<= 1 KB) + the count's UpdateItem (~100 B): 2 WRU",
    "invocations": "by construction",
    "duration_ms": f"measured CPU {LIMITED_COMPUTE_MS} ms (bench.move_cost) x {FULL_VCPU_MB} MB / memory "
    f"+ {MOVE_ROUND_TRIPS} round trips x {DYNAMODB_ROUND_TRIP_MS:.0f} ms (stated; the count beside the read)",
    "log_bytes": f"measured {LIMITED_LOG_BYTES} B (bench.move_cost) + {LAMBDA_PLATFORM_LOG_BYTES} B of "
    "START/END/REPORT (stated)",
    "front door": "the function URL: Lambda's request fee only, no access log",
}
#: The move with the shared rate count, as deployed (issue 26).
LIMITED_URL_MOVE = PerMove(
    label="+ shared rate count beside the read, measured, function URL",
    calls=MOVE_CALLS,
    read_units=1.0,
    write_units=1.0 + RATE_COUNT_WRITE_UNITS,
    duration_ms=billed_ms(LIMITED_COMPUTE_MS, 1024, MOVE_ROUND_TRIPS),
    invocations=1,
    log_bytes=LIMITED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES,
    sources=_LIMITED_SOURCES,
    compute_ms=LIMITED_COMPUTE_MS,
    via_url=True,
    round_trips=MOVE_ROUND_TRIPS,
)
#: The same count written before the read (a third round trip waited for) and the logs untrimmed: what the
#: count would cost without the savings.
SEQUENTIAL_COUNT_URL_MOVE = replace(
    LIMITED_URL_MOVE,
    label="+ shared rate count before the read, logs untrimmed, function URL",
    duration_ms=billed_ms(SEQUENTIAL_COUNT_COMPUTE_MS, 1024, MOVE_CALLS),
    log_bytes=MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES,
    sources={
        **_LIMITED_SOURCES,
        "duration_ms": f"measured CPU {SEQUENTIAL_COUNT_COMPUTE_MS} ms (bench.move_cost, the count first) "
        f"+ {MOVE_CALLS} round trips x {DYNAMODB_ROUND_TRIP_MS:.0f} ms (stated)",
        "log_bytes": f"measured {MEASURED_LOG_BYTES} B (bench.move_cost before the trim) + "
        f"{LAMBDA_PLATFORM_LOG_BYTES} B (stated)",
    },
    compute_ms=SEQUENTIAL_COUNT_COMPUTE_MS,
    round_trips=MOVE_CALLS,
)
#: What the README's table prices: the move as deployed by default (docs/data-model.md, docs/deploying.md).
MOVE = LIMITED_URL_MOVE
MOVE_READ_UNITS = MOVE.read_units
MOVE_WRITE_UNITS = MOVE.write_units
#: With a clock running, a move moves the match's deadline; the sparse gsi1 deadline index files it by
#: the minute (ports.matches.DEADLINE_STEP, issue 26), so its entry moves (old out, new in: 2 WRU) once a
#: minute of play, not on every move (2.0 before): 2 x 8 s / 60 s at a person's pace, measured over a
#: whole timed game by tests/api/test_costs.py.
MOVE_INDEX_WRITE_UNITS_BEFORE = 2.0
MOVE_INDEX_WRITE_UNITS = 2 * 8.0 / DEADLINE_STEP
#: POST /matches: a transaction of three puts (match ~1.5 KB, two player-match items), doubled; and the
#: request's shared rate count.
CREATE_TRANSACTION_WRITE_UNITS = 8.0
CREATE_WRITE_UNITS = CREATE_TRANSACTION_WRITE_UNITS + RATE_COUNT_WRITE_UNITS
CREATE_READ_UNITS = 0.5
#: Rating a one-against-one match (docs/rankings.md): 8 transactional writes (16), the rating items'
#: gsi2 and gsi3 entries (2 players x 2 indexes x delete + put = 8), the queue entry out (1); 3 reads.
RATE_WRITE_UNITS = 25.0
RATE_READ_UNITS = 3.0
#: An idle pipeline run: eventually consistent gsi1 queries (0.5 each): one per partition of the sharded
#: deadline index (8 shards and the pre-shard key, ``keys.LIVE_PARTITIONS``), three for the tournaments
#: and the rating queue. Before the shards it was 4 queries (2 units); the shards add $0.02 a month.
IDLE_RUN_READ_UNITS = (len(keys.LIVE_PARTITIONS) + 3) * 0.5
#: The bytes a request through the HTTP API logs (its access line, the function's lines, Lambda's; other
#: requests are priced as a move); an idle pipeline run's time and logs are assumptions (not measured here).
REQUEST_LOG_BYTES = MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES + ACCESS_LOG_BYTES
#: The shards' extra queries are sequential: assumed 5 ms each in-region (about $0.02 a month at 1,024 MB).
IDLE_RUN_MS = 100.0 + (len(keys.LIVE_PARTITIONS) - 1) * 5.0
IDLE_RUN_LOG_BYTES = 1500

RUNS_PER_MONTH = 60 * 24 * 30
#: 17 alarms: errors and throttles of 5 functions (10), the 5xx rate (reads four metrics: the HTTP API's
#: and the move URL's errors and requests), latency, DynamoDB throttling (reads read and write throttle
#: events of the table and its 3 indexes: 8), dead letters, stall, webhook and fan-out dead letters.
ALARM_METRICS = 27
#: The webhooks queue's event source at rest: Lambda keeps pollers long-polling an empty queue (an
#: assumption, not measured here: five pollers, one 20 s ReceiveMessage each at a time).
IDLE_SQS_POLLERS = 5
SQS_LONG_POLL_SECONDS = 20

# ---------------------------------------------------------------- a game between two people, with push
#: Assumptions, not measured here (state them with the figure): the mean time a person takes for a move
#: (a game lasts moves x this: 154 moves, about 20 minutes), how many spectators follow a game on average,
#: and how often an idle client pings (API Gateway closes a connection idle for 10 minutes).
SECONDS_PER_HUMAN_MOVE = 8.0
SPECTATORS = 1
PING_SECONDS = 300.0
#: The move request waits for Lambda's 202 to the asynchronous notifier invoke (LambdaFeed).
FEED_INVOKE_MS = 15.0
#: The notifier per move: a consistent match GetItem (1.8 KB: 1 RRU) and the topic's subscribers
#: (one Query of small items, eventually consistent: 0.5 RRU); one rendering per distinct viewer (each
#: seat, and one for every spectator) and one PostToConnection per subscriber.
NOTIFY_READ_UNITS = 1.5
NOTIFY_BASE_MS = 30.0
NOTIFY_MS_PER_MESSAGE = 15.0
#: The live function, per connection of a player: $connect (PutItem, 1 WRU), auth (token GetItem 0.5 RRU,
#: UpdateItem of the connection 1 WRU), subscribe (PutItem of the subscription 1 WRU, the first rendering:
#: match GetItem 1 RRU), $disconnect (a Query of its subscriptions 0.5 RRU, their and its own deletes
#: 2 WRU). A spectator does not authenticate. Each invocation bills about LIVE_MS.
PLAYER_CONNECTION = {
    "invocations": 4,
    "read_units": 2.0,
    "write_units": 5.0,
    "messages_in": 2,
    "messages_out": 3,
}
SPECTATOR_CONNECTION = {
    "invocations": 3,
    "read_units": 1.5,
    "write_units": 4.0,
    "messages_in": 1,
    "messages_out": 2,
}
LIVE_MS = 30.0
#: The live and notifier functions' memory (infra/config.py): they wait on the network, not the CPU.
LIVE_MEMORY_MB = 512
IDLE_CUSTOM_METRICS = 3  # PipelineRuns, MatchesTimedOut, RequestLatency (EMF, one dimension)


@dataclass(frozen=True)
class GameLength:
    games: int
    mean_moves: float
    median_moves: float
    min_moves: int
    max_moves: int
    mean_deals: float


def measure_game_length(games: int = 200, seed: int = 11) -> GameLength:
    """Moves (cards played, both players) per game of classic Scopa to 11, greedy bot against greedy bot."""
    rules = make_rules("classic")
    moves: list[int] = []
    deals: list[int] = []
    for index in range(games):
        outcome = play_game("greedy", "greedy", rules, seed, index // 2, index % 2)
        moves.append(outcome.moves_a + outcome.moves_b)
        deals.append(outcome.deals)
    return GameLength(
        games=games,
        mean_moves=statistics.mean(moves),
        median_moves=statistics.median(moves),
        min_moves=min(moves),
        max_moves=max(moves),
        mean_deals=statistics.mean(deals),
    )


@dataclass(frozen=True)
class Cost:
    label: str
    read_units: float
    write_units: float
    requests: float  # HTTP API requests, each a Lambda invocation
    lambda_gb_seconds: float
    log_gb: float
    url_requests: float = 0.0  # requests through the API function's URL: a Lambda invocation, no API fee
    invocations: float = 0.0  # Lambda invocations without an HTTP request (notifier, WebSocket events)
    websocket_messages: float = 0.0  # both ways
    connection_minutes: float = 0.0

    @property
    def dynamodb(self) -> float:
        return self.read_units * PRICES["read_request_unit"] + self.write_units * PRICES["write_request_unit"]

    @property
    def compute(self) -> float:
        return (
            self.requests * (PRICES["lambda_request"] + PRICES["http_api_request"])
            + (self.url_requests + self.invocations) * PRICES["lambda_request"]
            + self.lambda_gb_seconds * PRICES["lambda_gb_second_arm"]
        )

    @property
    def request_fees(self) -> float:
        """The per-request fees alone (API Gateway's and Lambda's), without the time billed."""
        return self.compute - self.lambda_gb_seconds * PRICES["lambda_gb_second_arm"]

    @property
    def websocket(self) -> float:
        return (
            self.websocket_messages * PRICES["websocket_message"]
            + self.connection_minutes * PRICES["websocket_connection_minute"]
        )

    @property
    def logs(self) -> float:
        return self.log_gb * PRICES["log_ingest_gb"]

    @property
    def total(self) -> float:
        return self.dynamodb + self.compute + self.websocket + self.logs


def per_thousand_games(
    moves: float,
    memory_mb: int,
    *,
    clock: bool,
    rated: bool,
    poll_reads_per_move: float = 0.0,
    move: PerMove | None = None,
) -> Cost:
    """1,000 games against a house bot (the player sends half the moves); ``poll_reads_per_move`` adds the
    long-poll reads of a human opponent waiting for each move (two humans then send every move).
    ``move``: the per-move inputs (:data:`MOVE` by default; its ``via_url`` sends the moves through the
    function URL, the creation and the waits always go through the HTTP API)."""
    move = move or MOVE
    human_vs_human = poll_reads_per_move > 0
    requests_per_game = (moves if human_vs_human else moves / 2) + 1
    write = (move.write_units + (MOVE_INDEX_WRITE_UNITS if clock else 0)) * (requests_per_game - 1)
    write += CREATE_WRITE_UNITS + (RATE_WRITE_UNITS if rated else 0)
    read = move.read_units * (requests_per_game - 1) + CREATE_READ_UNITS + (RATE_READ_UNITS if rated else 0)
    read += poll_reads_per_move * moves  # one consistent match read (<4 KB) per 0.5 s poll
    gb_seconds = requests_per_game * move.billed_ms(memory_mb) / 1000 * memory_mb / 1024
    move_requests = requests_per_game - 1
    log_bytes = move_requests * move.request_log_bytes + REQUEST_LOG_BYTES  # the creation: the HTTP API
    if human_vs_human:  # the waiting player's GET holds a function for the whole wait
        write += moves * RATE_COUNT_WRITE_UNITS  # and is counted against the waiting player
        gb_seconds += moves * (poll_reads_per_move * 0.5) * memory_mb / 1024
        requests_per_game += moves
        log_bytes += moves * REQUEST_LOG_BYTES
    url_requests = move_requests if move.via_url else 0.0
    label = "two humans" if human_vs_human else "a player against a house bot"
    label += ", clock" if clock else ", no clock"
    label += ", rated" if rated else ""
    return Cost(
        label=label,
        read_units=read * 1000,
        write_units=write * 1000,
        requests=(requests_per_game - url_requests) * 1000,
        url_requests=url_requests * 1000,
        lambda_gb_seconds=gb_seconds * 1000,
        log_gb=log_bytes * 1000 / 1e9,
    )


def game_minutes(moves: float, seconds_per_move: float = SECONDS_PER_HUMAN_MOVE) -> float:
    return moves * seconds_per_move / 60


Follow = Literal["push", "long-poll", "none"]


def two_people(
    moves: float,
    memory_mb: int,
    *,
    follow: Follow,
    clock: bool,
    rated: bool,
    spectators: int = SPECTATORS,
    seconds_per_move: float = SECONDS_PER_HUMAN_MOVE,
    live_memory_mb: int = LIVE_MEMORY_MB,
    move: PerMove | None = None,
    index_write_units: float = MOVE_INDEX_WRITE_UNITS,
    count_write_units: float = RATE_COUNT_WRITE_UNITS,
) -> Cost:
    """1,000 games between two people, ``spectators`` more following each, and how they follow it.

    Every move is one HTTP request from the player who moves (``memory_mb``: the API function). Then:

    * ``push``: one asynchronous notifier invoke and one message to each of the ``2 + spectators``
      connections; each connection opens, authenticates (players), subscribes, pings every
      ``PING_SECONDS`` and closes once, open for the whole game (the live and notifier functions have
      ``live_memory_mb``);
    * ``long-poll``: the other player and every spectator hold a ``GET /matches/{id}?after_version=N``
      for the whole ``seconds_per_move`` (a function billed for the wait and a consistent match read
      every ``POLL_SECONDS``; a signed token is checked without a read);
    * ``none``: nobody waits (the moves alone: what either way of following adds to).

    ``move``: the per-move inputs (:data:`MOVE` by default: moves through the function URL); the
    creation and the long-polls go through the HTTP API. ``index_write_units``: the deadline index's
    writes a move, ``count_write_units``: the shared rate count's a request (creation, long-polls); both
    as deployed by default, other values for the before/after of :func:`issue_26_steps`.
    """
    move = move or MOVE
    move_read, move_write = move.read_units, move.write_units + (index_write_units if clock else 0)
    subscribers = 2 + spectators
    minutes = game_minutes(moves, seconds_per_move)
    requests = moves + 1  # every move and the creation
    url_requests = moves if move.via_url else 0.0
    read = move_read * moves + CREATE_READ_UNITS + (RATE_READ_UNITS if rated else 0)
    write = move_write * moves + CREATE_TRANSACTION_WRITE_UNITS + count_write_units
    write += RATE_WRITE_UNITS if rated else 0
    api_ms = requests * move.billed_ms(memory_mb)
    live_ms = 0.0
    invocations = 0.0
    messages = 0.0
    connection_minutes = 0.0
    if follow == "push":
        pings = math.ceil(minutes * 60 / PING_SECONDS)
        connections = [PLAYER_CONNECTION, PLAYER_CONNECTION] + [SPECTATOR_CONNECTION] * spectators
        api_ms += moves * FEED_INVOKE_MS
        read += NOTIFY_READ_UNITS * moves
        invocations = moves  # the notifier, once per move
        live_ms = moves * (NOTIFY_BASE_MS + NOTIFY_MS_PER_MESSAGE * subscribers)
        messages = moves * subscribers
        for connection in connections:
            read += connection["read_units"]
            write += connection["write_units"]
            invocations += connection["invocations"] + pings  # every ping is a $default message
            live_ms += (connection["invocations"] + pings) * LIVE_MS
            messages += connection["messages_in"] + connection["messages_out"] + 2 * pings  # ping, pong
        connection_minutes = math.ceil(minutes) * len(connections)
    elif follow == "long-poll":
        waits = moves * (1 + spectators)
        requests += waits
        read += waits * seconds_per_move / POLL_SECONDS
        write += waits * count_write_units  # each wait is a request: its shared rate count
        api_ms += waits * seconds_per_move * 1000
    label = f"two people, {follow}, {spectators} spectator{'s' if spectators != 1 else ''}"
    label += ", clock" if clock else ", no clock"
    label += ", rated" if rated else ""
    gb_seconds = api_ms / 1000 * memory_mb / 1024 + live_ms / 1000 * live_memory_mb / 1024
    return Cost(
        label=label,
        read_units=read * 1000,
        write_units=write * 1000,
        requests=(requests - url_requests) * 1000,
        url_requests=url_requests * 1000,
        lambda_gb_seconds=gb_seconds * 1000,
        log_gb=(
            moves * move.request_log_bytes
            + (requests - moves) * REQUEST_LOG_BYTES
            + invocations * (MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES)  # assumed: as a move's
        )
        * 1000
        / 1e9,
        invocations=invocations * 1000,
        websocket_messages=messages * 1000,
        connection_minutes=connection_minutes * 1000,
    )


def added(cost: Cost, baseline: Cost) -> Cost:
    """What ``cost`` adds to ``baseline`` (the same games, nobody following)."""
    return Cost(
        label=f"{cost.label}: added",
        read_units=cost.read_units - baseline.read_units,
        write_units=cost.write_units - baseline.write_units,
        requests=cost.requests - baseline.requests,
        url_requests=cost.url_requests - baseline.url_requests,
        lambda_gb_seconds=cost.lambda_gb_seconds - baseline.lambda_gb_seconds,
        log_gb=cost.log_gb - baseline.log_gb,
        invocations=cost.invocations - baseline.invocations,
        websocket_messages=cost.websocket_messages - baseline.websocket_messages,
        connection_minutes=cost.connection_minutes - baseline.connection_minutes,
    )


#: The move as before issue 26's count, logs untrimmed, with the count beside the read (one step of
#: :func:`issue_26_steps`).
BESIDE_UNTRIMMED_URL_MOVE = replace(
    LIMITED_URL_MOVE,
    label="+ shared rate count beside the read, logs untrimmed, function URL",
    log_bytes=MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES,
)


def issue_26_steps(moves: float, memory_mb: int) -> list[tuple[str, Cost]]:
    """Two people, push, one spectator, clock, rated: before issue 26, then each of its changes in turn
    (the shared rate count, and the savings that pay for it)."""
    steps: list[tuple[str, PerMove, float, float]] = [
        ("before issue 26", MEASURED_URL_MOVE, MOVE_INDEX_WRITE_UNITS_BEFORE, 0.0),
        (
            "+ shared rate count, before the read",
            SEQUENTIAL_COUNT_URL_MOVE,
            MOVE_INDEX_WRITE_UNITS_BEFORE,
            1.0,
        ),
        ("+ the count beside the match read", BESIDE_UNTRIMMED_URL_MOVE, MOVE_INDEX_WRITE_UNITS_BEFORE, 1.0),
        ("+ log lines without the log group's keys", LIMITED_URL_MOVE, MOVE_INDEX_WRITE_UNITS_BEFORE, 1.0),
        ("+ deadline index by the minute (as deployed)", LIMITED_URL_MOVE, MOVE_INDEX_WRITE_UNITS, 1.0),
    ]
    return [
        (
            label,
            two_people(
                moves,
                memory_mb,
                follow="push",
                clock=True,
                rated=True,
                move=move,
                index_write_units=index,
                count_write_units=count * RATE_COUNT_WRITE_UNITS,
            ),
        )
        for label, move, index, count in steps
    ]


def at_rest(memory_mb: int) -> dict[str, float]:
    """Monthly cost with nobody playing: the pipeline's runs, alarms, dashboard and metrics (no free tier)."""
    gb_seconds = RUNS_PER_MONTH * IDLE_RUN_MS / 1000 * memory_mb / 1024
    return {
        "pipeline Lambda (requests + GB-s)": RUNS_PER_MONTH * PRICES["lambda_request"]
        + gb_seconds * PRICES["lambda_gb_second_arm"],
        "pipeline DynamoDB reads": RUNS_PER_MONTH * IDLE_RUN_READ_UNITS * PRICES["read_request_unit"],
        "schedule invocations": RUNS_PER_MONTH * PRICES["scheduler_invocation"],
        "X-Ray traces": RUNS_PER_MONTH * PRICES["xray_trace"],
        "pipeline logs": RUNS_PER_MONTH * IDLE_RUN_LOG_BYTES / 1e9 * PRICES["log_ingest_gb"],
        "alarms": ALARM_METRICS * PRICES["alarm_metric_month"],
        "webhooks queue polling": IDLE_SQS_POLLERS
        * RUNS_PER_MONTH
        * 60
        / SQS_LONG_POLL_SECONDS
        * PRICES["sqs_request"],
        "fan-out queue polling": IDLE_SQS_POLLERS
        * RUNS_PER_MONTH
        * 60
        / SQS_LONG_POLL_SECONDS
        * PRICES["sqs_request"],
        "dashboard": PRICES["dashboard_month"],
        "custom metrics": IDLE_CUSTOM_METRICS * PRICES["custom_metric_month"],
    }


# ---------------------------------------------------------------- spectator updates of a big topic
# One change to a topic of 10,000 followers (a popular final's spectators, the lobby), as the notifier
# posts it (docs/live.md, "Fan-out"): pages of 1,000 followers read, slices of 100 posted by a run each.
#: Measured: a subscriber item is 91 B (anonymous) to 128 B (logged in) on DynamoDB (bench.meter's
#: item_size of the adapter's items, tests/contract/test_connections.py); priced at the larger.
SUBSCRIBER_ITEM_BYTES = 128
#: Measured: boto3's CPU per PostToConnection, 1.04 ms (1,000 posts of a 2.5 KB update to a local HTTP
#: endpoint, 1 and 50 threads alike, 2026-11-29; TLS in AWS adds some). A 512 MB run has 512/1,769 vCPU.
POST_CPU_MS = 1.04
#: The notifier's fixed part of a run (the subject read, one rendering per audience): NOTIFY_BASE_MS.
FANOUT_FOLLOWERS = 10_000
FANOUT_PAGE = 1000  # scopa.application.ports.connections.SUBSCRIBER_PAGE
FANOUT_SLICE = 100  # scopa.application.ports.fanout.SLICE_SUBSCRIBERS
SQS_BATCH = 10  # slices per SendMessageBatch (a slice is about 5 KB: one 64 KB request unit a batch)


def spectator_updates(followers: int = FANOUT_FOLLOWERS, memory_mb: int = LIVE_MEMORY_MB) -> dict[str, float]:
    """What 1,000 changes to a topic of ``followers`` cost, by item (USD). Per change: the topic's pages
    (one consistent Query each), one notifier run per slice (the first run's slice included) reading the
    subject once, the slices' SQS requests (SendMessageBatch by ten; Lambda's receive and delete of each)
    and one PostToConnection per follower."""
    pages = math.ceil(followers / FANOUT_PAGE)
    runs = math.ceil(followers / FANOUT_SLICE)
    page_units = math.ceil(FANOUT_PAGE * SUBSCRIBER_ITEM_BYTES / 4096)  # strongly consistent
    read_units = pages * page_units + runs * 1.0  # + each run's consistent GetItem of the subject
    sqs_requests = math.ceil((runs - 1) / SQS_BATCH) + 2 * (runs - 1)
    run_ms = NOTIFY_BASE_MS + min(FANOUT_SLICE, followers) * POST_CPU_MS * FULL_VCPU_MB / memory_mb
    gb_seconds = runs * run_ms / 1000 * memory_mb / 1024
    changes = 1000
    return {
        "subscriber pages (DynamoDB reads)": changes * read_units * PRICES["read_request_unit"],
        "notifier runs (requests)": changes * runs * PRICES["lambda_request"],
        "notifier runs (GB-s)": changes * gb_seconds * PRICES["lambda_gb_second_arm"],
        "slices (SQS requests)": changes * sqs_requests * PRICES["sqs_request"],
        "posts (WebSocket messages)": changes * followers * PRICES["websocket_message"],
        "logs": changes
        * runs
        * (MEASURED_LOG_BYTES + LAMBDA_PLATFORM_LOG_BYTES)
        / 1e9
        * PRICES["log_ingest_gb"],
    }


def report(length: GameLength, memory_mb: int) -> str:
    lines = [
        f"game length: {length.games} greedy-v-greedy games of classic to 11: {length.mean_moves:.1f} moves "
        f"mean (median {length.median_moves:.0f}, {length.min_moves}-{length.max_moves}), "
        f"{length.mean_deals:.2f} deals",
        "",
        f"at rest, per month ({memory_mb} MB functions):",
    ]
    rest = at_rest(memory_mb)
    lines += [f"  {name:36} ${value:8.3f}" for name, value in rest.items()]
    lines += [f"  {'total':36} ${sum(rest.values()):8.3f}", "", "per 1,000 games:"]
    cases = [
        per_thousand_games(length.mean_moves, memory_mb, clock=False, rated=False),
        per_thousand_games(length.mean_moves, memory_mb, clock=True, rated=True),
        per_thousand_games(length.mean_moves, memory_mb, clock=True, rated=True, poll_reads_per_move=10),
    ]
    for cost in cases:
        lines.append(_line(cost))
    lines += ["", "per 1,000 games against a house bot, no clock, by per-move inputs (before -> after):"]
    for move in (
        MEASURED_MOVE,
        ONE_READ_ONE_WRITE,
        MEASURED_HTTP_MOVE,
        MEASURED_URL_MOVE,
        SEQUENTIAL_COUNT_URL_MOVE,
        LIMITED_URL_MOVE,
    ):
        cost = per_thousand_games(length.mean_moves, memory_mb, clock=False, rated=False, move=move)
        lines.append(
            f"  {move.label}: {move.calls} calls, {move.read_units} RRU, {move.write_units} WRU, "
            f"{move.billed_ms(memory_mb):.0f} ms, {move.request_log_bytes:.0f} B logged -> "
            f"${cost.total:.3f} (DynamoDB ${cost.dynamodb:.3f}, request fees ${cost.request_fees:.3f}, "
            f"Lambda time ${cost.compute - cost.request_fees:.3f}, logs ${cost.logs:.3f})"
        )
        lines += [f"    {name}: {source}" for name, source in move.sources.items()]
    minutes = game_minutes(length.mean_moves)
    lines += [
        "",
        f"two people, per 1,000 games ({SECONDS_PER_HUMAN_MOVE:.0f} s a move: {minutes:.1f} min a game; "
        f"a ping every {PING_SECONDS:.0f} s):",
    ]
    for spectators in (SPECTATORS, 0, 10):
        games = {
            follow: two_people(
                length.mean_moves, memory_mb, follow=follow, clock=True, rated=True, spectators=spectators
            )
            for follow in ("none", "push", "long-poll")
        }
        for follow in ("push", "long-poll"):
            lines += [_line(games[follow]), _line(added(games[follow], games["none"]))]
    updates = spectator_updates()
    lines += [
        "",
        f"per 1,000 spectator updates of a {FANOUT_FOLLOWERS:,}-follower topic (pages of {FANOUT_PAGE}, "
        f"slices of {FANOUT_SLICE}, {LIVE_MEMORY_MB} MB notifier):",
    ]
    lines += [f"  {name:36} ${value:8.3f}" for name, value in updates.items()]
    lines.append(f"  {'total':36} ${sum(updates.values()):8.3f}")
    lines += ["", "two people, push, 1 spectator, clock, rated, per 1,000 games: issue 26 step by step:"]
    for label, cost in issue_26_steps(length.mean_moves, memory_mb):
        lines.append(
            f"  {label:46} {cost.write_units:>9,.0f} WRU {cost.lambda_gb_seconds:>7,.0f} GB-s "
            f"{cost.log_gb * 1000:>6,.1f} MB logs | DynamoDB ${cost.dynamodb:.3f} "
            f"Lambda+API ${cost.compute:.3f} logs ${cost.logs:.3f} = ${cost.total:.3f}"
        )
    return "\n".join(lines)


def _line(cost: Cost) -> str:
    extra = ""
    if cost.websocket_messages:
        extra = (
            f" {cost.invocations:>9,.0f} inv {cost.websocket_messages:>9,.0f} msg "
            f"{cost.connection_minutes:>9,.0f} conn-min"
        )
    return (
        f"  {cost.label:46} {cost.read_units:>11,.0f} RRU {cost.write_units:>9,.0f} WRU "
        f"{cost.requests:>9,.0f} req {cost.url_requests:>9,.0f} url{extra} "
        f"{cost.lambda_gb_seconds:>9,.0f} GB-s | "
        f"DynamoDB ${cost.dynamodb:.3f} Lambda+API ${cost.compute:.3f} WebSocket ${cost.websocket:.3f} "
        f"logs ${cost.logs:.3f} = ${cost.total:.3f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m infra.costs", description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--memory", type=int, default=1024, help="function memory in MB (prod: 1024)")
    args = parser.parse_args(argv)
    print(report(measure_game_length(args.games), args.memory))


if __name__ == "__main__":
    main()
