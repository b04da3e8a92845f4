"""Every key of the single DynamoDB table, defined in one place.

| entity            | pk                 | sk                           | GSI1 (gsi1pk / gsi1sk)      |
|-------------------|--------------------|------------------------------|-----------------------------|
| player profile    | ``PLAYER#<id>``    | ``PROFILE``                  |                             |
| player name index | ``NAME#<name key>``| ``PLAYER#<id>``              |                             |
| organizer's guest | ``GUESTS#<org id>``| ``<player id>``              |                             |
| bearer token      | ``TOKEN#<sha256>`` | ``TOKEN``                    |                             |
| match             | ``MATCH#<id>``     | ``MATCH``                    | ``LIVE#<n>`` / minute (1)    |
| a player's match  | ``PLAYER#<id>``    | ``MATCH#<created>#<match>``  |                             |
| idempotency record| ``IDEM#<digest>``  | ``IDEM``                     |                             |
| club              | ``CLUB#<id>``      | ``CLUB``                     |                             |
| club member       | ``CLUB#<id>``      | ``MEMBER#<player>``          |                             |
| join request      | ``CLUB#<id>``      | ``JOIN#<player>``            |                             |
| a player's club   | ``PLAYER#<id>``    | ``CLUB#<club>``              |                             |
| clubs, newest last| ``CLUBS``          | ``<created>#<club>``         |                             |
| tournament        | ``TOURNAMENT#<id>``| ``TOURNAMENT``               | ``TOURNAMENTS#<status>`` (2)|
| entry             | ``TOURNAMENT#<id>``| ``ENTRY#<entrant>``          |                             |
| round             | ``TOURNAMENT#<id>``| ``ROUND#<nnnn>``             |                             |
| a round's part (7)| ``TOURNAMENT#<id>``| ``ROUND#<nnnn>#<pp>``        |                             |
| audit entry       | ``TOURNAMENT#<id>``| ``AUDIT#<at>#<nonce>``       |                             |
| a player's entry  | ``PLAYER#<id>``    | ``TOURNAMENT#<tournament>``  |                             |
| all tournaments   | ``TOURNAMENTS``    | ``<created>#<id>``           |                             |
| a club's tournament | ``CLUB#<id>``    | ``TOURNAMENT#<created>#<id>``|                             |
| club season       | ``CLUB#<id>``      | ``SEASON#<season>``          |                             |
| rating            | ``PLAYER#<id>``    | ``RATING#<pool>``            | gsi2, gsi3: ``RANK#..`` (3) |
| rating history    | ``PLAYER#<id>``    | ``RHIST#<pool>#<at>#<match>``|                             |
| record vs someone | ``PLAYER#<id>``    | ``VS#<pool>#<opponent>``     |                             |
| rated matches     | ``RATED#<pool>``   | ``<finished>#<match>``       |                             |
| seek              | ``SEEK#<id>``      | ``SEEK``                     | gsi2: ``SEEKS`` (4)         |
| a player's seek   | ``PLAYER#<id>``    | ``SEEK#<created>#<seek>``    |                             |
| a player's seek slot | ``PLAYER#<id>`` | ``SEEKSLOT#<k>`` (5)         |                             |
| live connection   | ``CONN#<id>``      | ``CONN``                     |                             |
| its subscription  | ``CONN#<id>``      | ``SUB#<topic>``              |                             |
| topic subscriber  | ``TOPIC#<topic>``  | ``CONN#<id>``                |                             |
| a player's connection | ``PLAYER#<id>`` | ``CONN#<connection>``       |                             |
| club webhook      | ``CLUB#<id>``      | ``HOOK#<hook>``              |                             |
| webhook delivery  | ``HOOK#<hook>``    | ``DELIVERY#<delivery>``      |                             |
| admin job         | ``JOB#<id>``       | ``JOB``                      |                             |
| request count (6) | ``RATE#<caller>#<window>#<start>`` | ``RATE``     |                             |
| topic push lease  | ``LEASE#<topic>``  | ``LEASE``                    |                             |

(1) only while a match is active with a clock running: a sparse index of deadlines, each rounded down to
the minute (``<minute>``: epoch seconds), so a move rewrites the entry once a minute of play at most.
``n`` is a hash of the match id modulo ``LIVE_SHARDS`` (8): one partition would take 2,629 WCU/s at 100k
concurrent players (docs/scale.md); the hottest of 8 takes 335. The sweep queries every shard and
merges by deadline. Items written before the shards carry the plain ``LIVE`` key and move to their
shard when their entry next changes; the sweep reads ``LIVE`` too until the removal stated at
``LEGACY_LIVE``.
(2) sort key ``<created>#<id>``: the tournaments of one status, newest first (and the pipeline's list).
(3) sort keys ``<rating in hundredths, 8 digits>#<player>``; the shard is a hash of the player id, so the
leaderboard's writes spread over ``shards`` partitions and a top-N read merges them. A finished match
waiting to be rated sits in gsi1 under ``UNRATED`` / ``<finished>#<id>`` until the rating step removes it.
Entries, rounds and the tournament item share a partition, so one query (``sk >= ENTRY#``) loads what the
pipeline needs; audit entries sort before it and stay out of that read.
(4) sort key ``<created>#<id>``, only while the seek is open: a sparse partition of the open seeks,
newest first, read a page at a time (projection ALL: one query a page). A seek lives a day at most, so a
read starts at most a day back; expired ones still in it are filtered out. A seek's item and its player's
item expire (TTL) a week after the seek does.
(5) ``k`` below the open-seek limit; the slot names the seek holding it. A creation claims a slot that is
absent or whose seek is closed or expired, conditionally and in the seek's own transaction, so a player
never holds more open seeks than slots. Closing a seek does not touch its slot.
(6) the shared rate limit's count of one caller (``p:<player>`` or ``ip:<address>``, never a token) in
one fixed window of ``<window>`` seconds starting at epoch second ``<start>`` (ports.rates): ``n`` and
``expires_at`` (the window's end, TTL) only, about 100 bytes; each window its own partition.
(7) only for a round whose tables would make the round's item too big (an arena's first wave at
thousands of entrants): the round's item holds the first part of the tables and ``parts``, the count;
each further part holds the next tables and the round's ``version``, and is written in the same
transaction as the round's item, so a reader that finds a part of another version read mid-write and
reads again. A part beyond ``parts`` (left by a round that shrank) is ignored.

A live connection's partition holds the connection and a mirror of each topic it follows (what
``$disconnect`` deletes); a topic's partition lists its subscribers with their player, so the notifier
reads one partition per topic. An authenticated connection is listed under its player's partition too
(what the notifier closes when the player's token changes). All carry ``expires_at`` (TTL): API Gateway
ends a connection within two hours, and the table forgets it even when ``$disconnect`` never came.
A club's webhooks share the club's partition (one query lists them); a hook's deliveries have their
own partition, newest first by id (ids begin with the creation time), and expire (TTL) 30 days after
they were created, deleted hook or not.
The access patterns these serve are listed in ``docs/data-model.md``.
"""

from __future__ import annotations

import hashlib

from scopa.application.ports.matches import indexed_deadline
from scopa.domain.ratings.order import rank_key

PK = "pk"
SK = "sk"
GSI1 = "gsi1"
GSI1_PK = "gsi1pk"
GSI1_SK = "gsi1sk"
TTL_ATTRIBUTE = "expires_at"

PROFILE = "PROFILE"
TOKEN_SK = "TOKEN"
MATCH_SK = "MATCH"
#: The deadline index's partition before it was sharded. The sweep still reads it: a match written then
#: and never saved since (its player has not moved) keeps this key until its deadline, at most the longest
#: move time (30 days) after the deploy that brought the shards. Drop it from ``LIVE_PARTITIONS`` once
#: that has passed (deploy of 2026-11-29: from 2026-12-30; ``gsi1 LIVE`` is then empty).
LEGACY_LIVE = "LIVE"
LIVE_SHARDS = 8
IDEMPOTENCY_SK = "IDEM"
JOB_SK = "JOB"
CONNECTION_SK = "CONN"
SUBSCRIPTION_PREFIX = "SUB#"
SUBSCRIBER_PREFIX = "CONN#"


def connection_pk(connection_id: str) -> str:
    return f"CONN#{connection_id}"


def subscription_sk(topic: str) -> str:
    """A connection's own record of one topic it follows."""
    return f"{SUBSCRIPTION_PREFIX}{topic}"


def topic_pk(topic: str) -> str:
    return f"TOPIC#{topic}"


def subscriber_sk(connection_id: str) -> str:
    return f"{SUBSCRIBER_PREFIX}{connection_id}"


PLAYER_CONNECTION_PREFIX = "CONN#"


def player_connection_sk(connection_id: str) -> str:
    """A live connection that speaks for the player, under the player's partition (``player_pk``)."""
    return f"{PLAYER_CONNECTION_PREFIX}{connection_id}"


def idempotency_pk(digest: str) -> str:
    return f"IDEM#{digest}"


RATE_SK = "RATE"
LEASE_PREFIX = "LEASE#"
LEASE_SK = "LEASE"


def lease_pk(topic: str) -> str:
    """A coalesced topic's push lease (ports.coalesce): its own partition, not the topic's subscribers'."""
    return f"{LEASE_PREFIX}{topic}"


def rate_pk(caller: str, window: int, start: int) -> str:
    """A caller's request count in the ``window``-second window starting at ``start`` (ports.rates)."""
    return f"RATE#{caller}#{window}#{start}"


def job_pk(job_id: str) -> str:
    """An admin job (a recompute): its own partition, expired by TTL a week after it was queued."""
    return f"JOB#{job_id}"


def player_name_pk(key: str) -> str:
    """The name index's partition: the players of one name key (``ports.players.name_key``)."""
    return f"NAME#{key}"


def player_name_sk(player_id: str) -> str:
    return f"PLAYER#{player_id}"


def guests_pk(manager: str) -> str:
    """An organizer's guests (ports.guests): one item per guest, sort key the guest's id."""
    return f"GUESTS#{manager}"


def player_pk(player_id: str) -> str:
    return f"PLAYER#{player_id}"


def token_pk(token_hash: str) -> str:
    return f"TOKEN#{token_hash}"


def match_pk(match_id: str) -> str:
    return f"MATCH#{match_id}"


def player_match_sk(created_at: str, match_id: str) -> str:
    return f"MATCH#{created_at}#{match_id}"


PLAYER_MATCH_PREFIX = "MATCH#"


def live_shard(match_id: str) -> int:
    """The deadline index's shard of a match: stable across processes and releases (not ``hash()``)."""
    return int.from_bytes(hashlib.sha256(match_id.encode()).digest()[:4], "big") % LIVE_SHARDS


def live_pk(match_id: str) -> str:
    """A match's partition in the deadline index (gsi1): ``LIVE#<shard>``."""
    return f"{LEGACY_LIVE}#{live_shard(match_id)}"


#: Every gsi1 partition the deadline sweep reads: the shards, then the pre-shard key (``LEGACY_LIVE``).
LIVE_PARTITIONS: tuple[str, ...] = (*(f"{LEGACY_LIVE}#{n}" for n in range(LIVE_SHARDS)), LEGACY_LIVE)


def live_sk(deadline: int, match_id: str) -> str:
    """Sort key of a match in the deadline index: its deadline rounded down to the minute
    (``ports.matches.indexed_deadline``: the entry changes once a minute of play, not on every move),
    epoch seconds zero-padded so they sort as text."""
    return f"{indexed_deadline(deadline):012d}#{match_id}"


def live_before(now: int) -> str:
    """The bound of the deadline index's entries filed before ``now`` (``gsi1sk < live_before(now)``)."""
    return f"{now:012d}#"


# ---------------------------------------------------------------- clubs and tournaments

CLUB_SK = "CLUB"
CLUBS = "CLUBS"
MEMBER_PREFIX = "MEMBER#"
JOIN_PREFIX = "JOIN#"
PLAYER_CLUB_PREFIX = "CLUB#"
TOURNAMENT_SK = "TOURNAMENT"
TOURNAMENTS = "TOURNAMENTS"
ENTRY_PREFIX = "ENTRY#"
ROUND_PREFIX = "ROUND#"
AUDIT_PREFIX = "AUDIT#"
PLAYER_TOURNAMENT_PREFIX = "TOURNAMENT#"
CLUB_TOURNAMENT_PREFIX = "TOURNAMENT#"


def club_pk(club_id: str) -> str:
    return f"CLUB#{club_id}"


def member_sk(player_id: str) -> str:
    return f"{MEMBER_PREFIX}{player_id}"


def join_request_sk(player_id: str) -> str:
    """A player's request to join, under the club's partition (next to its members)."""
    return f"{JOIN_PREFIX}{player_id}"


def player_club_sk(club_id: str) -> str:
    return f"{PLAYER_CLUB_PREFIX}{club_id}"


def tournament_pk(tournament_id: str) -> str:
    return f"TOURNAMENT#{tournament_id}"


def tournaments_by_status(status: str) -> str:
    return f"{TOURNAMENTS}#{status}"


def created_sk(created_at: str, item_id: str) -> str:
    return f"{created_at}#{item_id}"


def entry_sk(entrant_id: str) -> str:
    return f"{ENTRY_PREFIX}{entrant_id}"


def round_sk(number: int) -> str:
    return f"{ROUND_PREFIX}{number:04d}"


def round_part_sk(number: int, part: int) -> str:
    """Part ``part`` (1 and up) of round ``number``'s tables: sorts right after the round's own item."""
    return f"{round_sk(number)}#{part:02d}"


def audit_sk(at: str, nonce: str) -> str:
    return f"{AUDIT_PREFIX}{at}#{nonce}"


def player_tournament_sk(tournament_id: str) -> str:
    return f"{PLAYER_TOURNAMENT_PREFIX}{tournament_id}"


def club_tournament_sk(created_at: str, tournament_id: str) -> str:
    return f"{CLUB_TOURNAMENT_PREFIX}{created_at}#{tournament_id}"


SEASON_PREFIX = "SEASON#"


def season_sk(season_id: str) -> str:
    """A club season under its club's partition (``club_pk``): its rules and attached tournaments."""
    return f"{SEASON_PREFIX}{season_id}"


# ---------------------------------------------------------------- seeks

SEEK_SK = "SEEK"
SEEKS = "SEEKS"  # gsi2 partition of the open seeks
PLAYER_SEEK_PREFIX = "SEEK#"
SEEK_SLOT_PREFIX = "SEEKSLOT#"  # not under ``SEEK#``: a player's seek list never reads the slots


def seek_pk(seek_id: str) -> str:
    return f"SEEK#{seek_id}"


def player_seek_sk(created_at: str, seek_id: str) -> str:
    return f"{PLAYER_SEEK_PREFIX}{created_at}#{seek_id}"


def seek_slot_sk(slot: int) -> str:
    return f"{SEEK_SLOT_PREFIX}{slot}"


# ---------------------------------------------------------------- ratings

GSI2 = "gsi2"  # Elo leaderboards: RANK#<pool>#<shard> / <elo, 8 digits>#<player>
GSI2_PK = "gsi2pk"
GSI2_SK = "gsi2sk"
GSI3 = "gsi3"  # Glicko-2 leaderboards: GRANK#<pool>#<shard> / <rating, 8 digits>#<player>
GSI3_PK = "gsi3pk"
GSI3_SK = "gsi3sk"
UNRATED = "UNRATED"  # gsi1 partition of finished matches waiting to be rated, oldest first
RATING_PREFIX = "RATING#"
HISTORY_PREFIX = "RHIST#"
VERSUS_PREFIX = "VS#"


def rating_sk(pool: str) -> str:
    return f"{RATING_PREFIX}{pool}"


def history_sk(pool: str, finished_at: str, match_id: str) -> str:
    return f"{HISTORY_PREFIX}{pool}#{finished_at}#{match_id}"


def versus_sk(pool: str, opponent: str) -> str:
    return f"{VERSUS_PREFIX}{pool}#{opponent}"


def rated_log_pk(pool: str) -> str:
    """The partition listing every rated match of a pool in finish order (what a recompute replays)."""
    return f"RATED#{pool}"


def rank_pk(pool: str, shard: int) -> str:
    return f"RANK#{pool}#{shard}"


def glicko_rank_pk(pool: str, shard: int) -> str:
    return f"GRANK#{pool}#{shard}"


def rank_sk(rating: float, player_id: str) -> str:
    """A rating as a sortable key: the leaderboard's order (:func:`scopa.domain.ratings.order.rank_key`)."""
    return rank_key(rating, player_id)


# ---------------------------------------------------------------- webhooks

HOOK_PREFIX = "HOOK#"
DELIVERY_PREFIX = "DELIVERY#"


def hook_sk(hook_id: str) -> str:
    """A webhook under its club's partition (``club_pk``)."""
    return f"{HOOK_PREFIX}{hook_id}"


def deliveries_pk(hook_id: str) -> str:
    return f"{HOOK_PREFIX}{hook_id}"


def delivery_sk(delivery_id: str) -> str:
    return f"{DELIVERY_PREFIX}{delivery_id}"
