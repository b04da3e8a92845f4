"""Ratings on the single DynamoDB table: rating items, sharded leaderboards, history, records, the queue.

A match is rated by one transaction: every player's rating item (each conditioned on the version read),
one history point and one head-to-head counter per player, the pool's rated-match log, and the match's
own marker (``rating = pending`` -> ``rated``, conditioned, which also takes it out of the ``UNRATED``
queue). A second run, a duplicate trigger or a concurrent run loses a condition and writes nothing.

Leaderboards are two sparse indexes over the rating items (Elo on ``gsi2``, Glicko-2 on ``gsi3``) whose
partition is ``RANK#<pool>#<shard>``: the shard is a hash of the player id, so writes spread over
``shards`` partitions, and a top-N read queries every shard and merges (see ``docs/rankings.md``).
"""

from __future__ import annotations

import hashlib
import heapq
import json
from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    InvalidCursor,
    batch_get,
    decode_cursor,
    dumps,
    encode_cursor,
    n,
    s,
    transact,
)
from scopa.application.ports.ratings import HistoryPoint, Order, StoredRating
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, RatingChange
from scopa.domain.ratings.pools import RatingPool


def shard_of(player_id: str, shards: int) -> int:
    return int.from_bytes(hashlib.sha256(player_id.encode()).digest()[:4], "big") % shards


class DynamoRatingRepository:
    def __init__(self, client: Any, table_name: str, shards: int = 4) -> None:
        self.client = client
        self.table = table_name
        self.shards = shards

    # ------------------------------------------------------------------ the queue

    def unrated(self, before: str, limit: int) -> list[str]:
        """Ids of finished matches waiting to be rated, finished before ``before`` (ISO), oldest first."""
        page = self.client.query(
            TableName=self.table,
            IndexName=keys.GSI1,
            KeyConditionExpression="gsi1pk = :q AND gsi1sk < :before",
            ExpressionAttributeValues={":q": s(keys.UNRATED), ":before": s(before)},
            Limit=limit,
        )
        return [i[keys.GSI1_SK]["S"].split("#", 1)[1] for i in page.get("Items", [])]

    # ------------------------------------------------------------------ rating items

    def get_ratings(self, pool: str, player_ids: Iterable[str]) -> dict[str, StoredRating]:
        item_keys = [_key(keys.player_pk(p), keys.rating_sk(pool)) for p in player_ids]
        ratings = (_rating(item) for item in batch_get(self.client, self.table, item_keys, True))
        return {stored.player_id: stored for stored in ratings}

    def rate(
        self,
        match: RatedMatch,
        finished_at: str,
        changes: list[RatingChange],
        stored: dict[str, StoredRating],
        names: dict[str, str],
    ) -> None:
        """Write one rated match, all or nothing (see the module docstring)."""
        items: list[dict[str, Any]] = [
            {
                "Update": {
                    "TableName": self.table,
                    "Key": _key(keys.match_pk(match.id), keys.MATCH_SK),
                    "UpdateExpression": "SET rating = :rated REMOVE gsi1pk, gsi1sk",
                    "ConditionExpression": "rating = :pending",
                    "ExpressionAttributeValues": {":rated": s("rated"), ":pending": s("pending")},
                }
            },
            {
                "Put": {
                    "TableName": self.table,
                    "Item": {
                        keys.PK: s(keys.rated_log_pk(match.pool)),
                        keys.SK: s(f"{finished_at}#{match.id}"),
                        "type": s("rated_match"),
                        "match_id": s(match.id),
                        "finished_at": s(repr(match.finished_at)),
                        "sides": dumps([list(side) for side in match.sides]),
                        "score": s(repr(match.score)),
                    },
                    "ConditionExpression": "attribute_not_exists(pk)",
                }
            },
        ]
        side_of = {p: i for i, side in enumerate(match.sides) for p in side}
        for change in changes:
            player = change.player
            before = stored.get(player)
            item = self._rating_item(
                match.pool,
                player,
                names.get(player, player),
                change.after,
                (before.version if before else 0) + 1,
            )
            item["last_match"] = s(f"{finished_at}#{match.id}")
            put: dict[str, Any] = {"TableName": self.table, "Item": item}
            if before is None:
                put["ConditionExpression"] = "attribute_not_exists(pk)"
            else:
                put["ConditionExpression"] = "version = :v"
                put["ExpressionAttributeValues"] = {":v": n(before.version)}
            items.append({"Put": put})
            score = match.score if side_of[player] == 0 else 1.0 - match.score
            items.append(
                {
                    "Put": {
                        "TableName": self.table,
                        "Item": {
                            keys.PK: s(keys.player_pk(player)),
                            keys.SK: s(keys.history_sk(match.pool, finished_at, match.id)),
                            "type": s("rating_history"),
                            "match_id": s(match.id),
                            "at": s(finished_at),
                            "elo": s(repr(change.after.elo)),
                            "elo_delta": s(repr(change.elo_delta)),
                            "glicko": s(repr(change.after.glicko_rating)),
                            "glicko_rd": s(repr(change.after.glicko_rd)),
                            "score": s(repr(score)),
                            "opponents": dumps(list(change.opponents)),
                        },
                    }
                }
            )
            for opponent in change.opponents:
                field = "wins" if score == 1.0 else "losses" if score == 0.0 else "draws"
                items.append(
                    {
                        "Update": {
                            "TableName": self.table,
                            "Key": _key(keys.player_pk(player), keys.versus_sk(match.pool, opponent)),
                            "UpdateExpression": f"ADD {field} :one SET #t = :t, opponent = :o",
                            "ExpressionAttributeNames": {"#t": "type"},
                            "ExpressionAttributeValues": {
                                ":one": n(1),
                                ":t": s("versus"),
                                ":o": s(opponent),
                            },
                        }
                    }
                )
        transact(self.client, items)

    def _rating_item(
        self, pool: str, player: str, name: str, r: PlayerRating, version: int
    ) -> dict[str, Any]:
        shard = shard_of(player, self.shards)
        return {
            keys.PK: s(keys.player_pk(player)),
            keys.SK: s(keys.rating_sk(pool)),
            keys.GSI2_PK: s(keys.rank_pk(pool, shard)),
            keys.GSI2_SK: s(keys.rank_sk(r.elo, player)),
            keys.GSI3_PK: s(keys.glicko_rank_pk(pool, shard)),
            keys.GSI3_SK: s(keys.rank_sk(r.glicko_rating, player)),
            "type": s("rating"),
            "pool": s(pool),
            "player_id": s(player),
            "name": s(name),
            "version": n(version),
            # Floats as their exact repr: a recompute must reproduce them bit for bit.
            "ratings": dumps(
                [
                    r.elo,
                    r.elo_games,
                    r.reached_2400,
                    r.glicko_rating,
                    r.glicko_rd,
                    r.glicko_volatility,
                    r.glicko_last_played,
                    r.games,
                    r.wins,
                    r.losses,
                    r.draws,
                ]
            ),
        }

    def replace_all(self, pool: RatingPool, ratings: dict[str, PlayerRating], names: dict[str, str]) -> int:
        """Overwrite every rating item of a pool with a recomputed one (batch writes); returns the count."""
        existing = self.all_ratings(pool.id)
        puts = []
        for player, rating in ratings.items():
            version = existing[player].version + 1 if player in existing else 1
            item = self._rating_item(pool.id, player, names.get(player, player), rating, version)
            if player in existing and existing[player].last_match:
                item["last_match"] = s(existing[player].last_match or "")
            puts.append({"PutRequest": {"Item": item}})
        for start in range(0, len(puts), 25):
            request: dict[str, Any] = {self.table: puts[start : start + 25]}
            while request:
                answer = self.client.batch_write_item(RequestItems=request)
                request = answer.get("UnprocessedItems") or {}
        return len(puts)

    def all_ratings(self, pool: str) -> dict[str, StoredRating]:
        out: dict[str, StoredRating] = {}
        for shard in range(self.shards):
            for item in self._query_index("elo", pool, shard, None, True, None):
                stored = _rating(item)
                out[stored.player_id] = stored
        return out

    def rated_matches(self, pool: str) -> Iterator[RatedMatch]:
        """The pool's rated matches in finish order (the log a recompute replays)."""
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk",
            "ExpressionAttributeValues": {":pk": s(keys.rated_log_pk(pool))},
        }
        while True:
            page = self.client.query(**query)
            for item in page.get("Items", []):
                sides = json.loads(item["sides"]["S"])
                yield RatedMatch(
                    id=item["match_id"]["S"],
                    finished_at=float(item["finished_at"]["S"]),
                    pool=pool,
                    sides=(tuple(sides[0]), tuple(sides[1])),
                    score=float(item["score"]["S"]),
                )
            if "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    # ------------------------------------------------------------------ leaderboards

    def top(
        self, pool: str, order: Order, limit: int, cursor: str | None, keep: Any = None
    ) -> tuple[list[StoredRating], str | None, int]:
        """The best ``limit`` ratings (``keep`` filters) merged over the shards, a cursor, the offset.

        Each shard is read in descending order a page at a time; the merge only goes down to the highest
        last key among the shards that may hold more, so nothing is passed over.
        """
        starts: list[dict[str, Any] | None] = [None] * self.shards
        done = [False] * self.shards
        offset = 0
        if cursor:
            starts, done, offset = self._decode_cursor(cursor, pool, order)
        out: list[StoredRating] = []
        page_size = max(limit, 10)
        while len(out) < limit and not all(done):
            pages = [
                [] if done[sh] else self._page(order, pool, sh, starts[sh], page_size)
                for sh in range(self.shards)
            ]
            exhausted = [done[sh] or len(pages[sh]) < page_size for sh in range(self.shards)]
            open_ends = [_sort_value(pages[sh][-1], order) for sh in range(self.shards) if not exhausted[sh]]
            horizon = max(open_ends) if open_ends else ""
            consumed = [0] * self.shards
            streams = [[(_sort_value(i, order), sh, i) for i in pages[sh]] for sh in range(self.shards)]
            for value, sh, item in heapq.merge(*streams, key=itemgetter(0), reverse=True):
                if len(out) >= limit or value < horizon:
                    break
                starts[sh] = _index_key(item, order)
                consumed[sh] += 1
                stored = _rating(item)
                if keep is None or keep(stored):
                    out.append(stored)
            for sh in range(self.shards):
                if exhausted[sh] and consumed[sh] == len(pages[sh]):
                    done[sh] = True
        nxt = None if all(done) else self._encode_cursor(starts, done, pool, order, offset + len(out))
        return out, nxt, offset

    def neighbours(
        self, pool: str, order: Order, me: StoredRating, count: int
    ) -> tuple[list[StoredRating], list[StoredRating], int]:
        """The ``count`` ratings just above and just below ``me``, and how many rank above."""
        mine = keys.rank_sk(me.rating.elo if order == "elo" else me.rating.glicko_rating, me.player_id)
        above: list[tuple[str, dict[str, Any]]] = []
        below: list[tuple[str, dict[str, Any]]] = []
        higher = 0
        index, pk_name, sk_name = _index(order)
        for shard in range(self.shards):
            pk = keys.rank_pk(pool, shard) if order == "elo" else keys.glicko_rank_pk(pool, shard)
            for forward, op, bucket in ((True, ">", above), (False, "<", below)):
                page = self.client.query(
                    TableName=self.table,
                    IndexName=index,
                    KeyConditionExpression=f"{pk_name} = :pk AND {sk_name} {op} :me",
                    ExpressionAttributeValues={":pk": s(pk), ":me": s(mine)},
                    ScanIndexForward=forward,
                    Limit=count,
                )
                bucket.extend((i[sk_name]["S"], i) for i in page.get("Items", []))
            counted = self.client.query(
                TableName=self.table,
                IndexName=index,
                KeyConditionExpression=f"{pk_name} = :pk AND {sk_name} > :me",
                ExpressionAttributeValues={":pk": s(pk), ":me": s(mine)},
                Select="COUNT",
            )
            higher += int(counted.get("Count", 0))
        above.sort(key=lambda x: x[0])
        below.sort(key=lambda x: x[0], reverse=True)
        return (
            [_rating(i) for _, i in reversed(above[:count])],
            [_rating(i) for _, i in below[:count]],
            higher,
        )

    def _page(
        self, order: Order, pool: str, shard: int, start: dict[str, Any] | None, limit: int
    ) -> list[dict[str, Any]]:
        return list(self._query_index(order, pool, shard, start, False, limit))

    def _query_index(
        self,
        order: Order,
        pool: str,
        shard: int,
        start: dict[str, Any] | None,
        forward: bool,
        limit: int | None,
    ) -> Iterator[dict[str, Any]]:
        index, pk_name, _sk = _index(order)
        pk = keys.rank_pk(pool, shard) if order == "elo" else keys.glicko_rank_pk(pool, shard)
        query: dict[str, Any] = {
            "TableName": self.table,
            "IndexName": index,
            "KeyConditionExpression": f"{pk_name} = :pk",
            "ExpressionAttributeValues": {":pk": s(pk)},
            "ScanIndexForward": forward,
        }
        if limit is not None:
            query["Limit"] = limit
        if start:
            query["ExclusiveStartKey"] = start
        while True:
            page = self.client.query(**query)
            yield from page.get("Items", [])
            if limit is not None or "LastEvaluatedKey" not in page:
                return
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def _encode_cursor(
        self, starts: list[dict[str, Any] | None], done: list[bool], pool: str, order: Order, offset: int
    ) -> str:
        state = json.dumps([starts, done, offset], separators=(",", ":"))
        return encode_cursor({"p": {"S": f"{pool}|{order}"}, "s": {"S": state}})

    def _decode_cursor(
        self, cursor: str, pool: str, order: Order
    ) -> tuple[list[dict[str, Any] | None], list[bool], int]:
        raw = decode_cursor(cursor, frozenset({"p", "s"}))
        if raw["p"]["S"] != f"{pool}|{order}":
            raise InvalidCursor("the cursor belongs to another leaderboard")
        try:
            starts, done, offset = json.loads(raw["s"]["S"])
            if not isinstance(offset, int) or offset < 0:
                raise ValueError("offset")
            if len(starts) != self.shards or len(done) != self.shards:
                raise ValueError("shards")
            for start in starts:
                if start is not None and (
                    not isinstance(start, dict)
                    or not all(isinstance(v, dict) and set(v) == {"S"} for v in start.values())
                ):
                    raise ValueError("start key")
        except (ValueError, TypeError) as exc:
            raise InvalidCursor("the cursor is not one this service returned") from exc
        return starts, [bool(d) for d in done], offset

    # ------------------------------------------------------------------ history and records

    def history(self, player_id: str, pool: str, limit: int) -> list[HistoryPoint]:
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues={
                ":pk": s(keys.player_pk(player_id)),
                ":prefix": s(f"{keys.HISTORY_PREFIX}{pool}#"),
            },
            ScanIndexForward=False,
            Limit=limit,
        )
        points = [
            HistoryPoint(
                at=i["at"]["S"],
                match_id=i["match_id"]["S"],
                elo=float(i["elo"]["S"]),
                elo_delta=float(i["elo_delta"]["S"]),
                glicko=float(i["glicko"]["S"]),
                glicko_rd=float(i["glicko_rd"]["S"]),
                score=float(i["score"]["S"]),
                opponents=json.loads(i["opponents"]["S"]),
            )
            for i in page.get("Items", [])
        ]
        return list(reversed(points))

    def records(self, player_id: str, pool: str) -> list[dict[str, Any]]:
        query: dict[str, Any] = {
            "TableName": self.table,
            "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
            "ExpressionAttributeValues": {
                ":pk": s(keys.player_pk(player_id)),
                ":prefix": s(f"{keys.VERSUS_PREFIX}{pool}#"),
            },
        }
        out = []
        while True:
            page = self.client.query(**query)
            for i in page.get("Items", []):
                out.append(
                    {
                        "opponent": i["opponent"]["S"],
                        "wins": int(i.get("wins", {"N": "0"})["N"]),
                        "losses": int(i.get("losses", {"N": "0"})["N"]),
                        "draws": int(i.get("draws", {"N": "0"})["N"]),
                    }
                )
            if "LastEvaluatedKey" not in page:
                return out
            query["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def player_pools(self, player_id: str) -> list[StoredRating]:
        page = self.client.query(
            TableName=self.table,
            KeyConditionExpression="pk = :pk AND begins_with(sk, :prefix)",
            ExpressionAttributeValues={":pk": s(keys.player_pk(player_id)), ":prefix": s(keys.RATING_PREFIX)},
        )
        return [_rating(i) for i in page.get("Items", [])]


def _index(order: Order) -> tuple[str, str, str]:
    return (
        (keys.GSI2, keys.GSI2_PK, keys.GSI2_SK) if order == "elo" else (keys.GSI3, keys.GSI3_PK, keys.GSI3_SK)
    )


def _index_key(item: dict[str, Any], order: Order) -> dict[str, Any]:
    _index_name, pk_name, sk_name = _index(order)
    return {name: item[name] for name in (keys.PK, keys.SK, pk_name, sk_name)}


def _sort_value(item: dict[str, Any], order: Order) -> str:
    return str(item[_index(order)[2]]["S"])


def _key(pk: str, sk: str) -> dict[str, Any]:
    return {keys.PK: s(pk), keys.SK: s(sk)}


def _rating(item: dict[str, Any]) -> StoredRating:
    v = json.loads(item["ratings"]["S"])
    last = item.get("last_match")
    return StoredRating(
        player_id=item["player_id"]["S"],
        name=item["name"]["S"],
        pool=item["pool"]["S"],
        rating=PlayerRating(
            elo=v[0],
            elo_games=v[1],
            reached_2400=v[2],
            glicko_rating=v[3],
            glicko_rd=v[4],
            glicko_volatility=v[5],
            glicko_last_played=v[6],
            games=v[7],
            wins=v[8],
            losses=v[9],
            draws=v[10],
        ),
        version=int(item["version"]["N"]),
        last_match=last["S"] if last else None,
    )
