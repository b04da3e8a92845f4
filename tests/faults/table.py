"""What the fault tests check of a whole table: its business items, and that nothing in it is half-written.

"Half-written" is anything one of the service's writes keeps together coming apart: a profile without its
token item (or a token item without its profile), a match without a player's link to it (or a link to no
match), a tournament whose entry count is not its number of entries, an entry without its players' links,
a rated match not in the pool's log, or a match state the engine cannot read.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import unpack
from scopa.domain.games import GAMES, lookup
from tests.pipeline.test_pipeline_concurrency import Key

Items = dict[Key, dict[str, Any]]


RECORD_PREFIX = keys.idempotency_pk("")  # every idempotency record is its own partition: IDEM#<digest>
IN_PROGRESS, COMPLETED = "in progress", "completed"
IN_PERSON_PREFIX = "ip_"  # the rated id of a table played in person (RatingService.rate_tables)


def is_idempotency_record(key: Key) -> bool:
    return key[0].startswith(RECORD_PREFIX) and key[1] == keys.IDEMPOTENCY_SK


def business(items: Items) -> Items:
    """Everything but the idempotency records (the requests' answers, not the business data)."""
    return {k: v for k, v in items.items() if not is_idempotency_record(k)}


def idempotency_statuses(items: Items) -> dict[str, str]:
    """Each record's partition: "completed" once it holds its answer, "in progress" before."""
    return {
        k[0]: COMPLETED if "answer" in v else IN_PROGRESS
        for k, v in items.items()
        if is_idempotency_record(k)
    }


def kinds(items: Items) -> Counter[str]:
    """How many items of each type (idempotency records left out)."""
    return Counter(v["type"]["S"] for v in business(items).values())


def check_whole(items: Items) -> None:
    """Raise AssertionError naming the first thing found half-written."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for item in business(items).values():
        by_type.setdefault(item["type"]["S"], []).append(item)
    players = {i["id"]["S"]: i for i in by_type.get("player", [])}
    tokens = {i[keys.PK]["S"].removeprefix("TOKEN#"): i for i in by_type.get("token", [])}
    for pid, player in players.items():
        # Only an opaque token of before signed ones (no version) has a token item of its own.
        if "token_hash" in player and int(player.get("token_version", {}).get("N", "0")) == 0:
            token = tokens.get(player["token_hash"]["S"])
            assert token is not None, f"player {pid} has no token item"
            assert token["player_id"]["S"] == pid, f"the token item of {pid} names another player"
            assert token["role"]["S"] == player["role"]["S"], f"token of {pid} has another role"
    for token in tokens.values():
        owner = players.get(token["player_id"]["S"])
        assert owner is not None, f"token item for a missing player {token['player_id']['S']}"
        assert owner.get("token_hash", {}).get("S") == token[keys.PK]["S"].removeprefix("TOKEN#")

    matches = {m["id"]: m for m in map(_match_fields, by_type.get("match", []))}
    links = {
        (i[keys.PK]["S"].removeprefix("PLAYER#"), i["match_id"]["S"]) for i in by_type.get("player_match", [])
    }
    for mid, match in matches.items():
        for seat in set(match["seats"]):
            assert (seat, mid) in links, f"match {mid} is not listed for {seat}"
        _check_state(match)
    for seat, mid in links:
        assert mid in matches, f"{seat} is linked to a missing match {mid}"

    for t in by_type.get("tournament", []):
        tid = t["id"]["S"]
        entries = [e for e in by_type.get("entry", []) if e[keys.PK]["S"] == keys.tournament_pk(tid)]
        assert int(t["entries"]["N"]) == len(entries), f"tournament {tid} counts {t['entries']} entries"
    player_entries = {
        (i[keys.PK]["S"].removeprefix("PLAYER#"), i[keys.SK]["S"].removeprefix("TOURNAMENT#"))
        for i in by_type.get("player_tournament", [])
    }
    for e in by_type.get("entry", []):
        tid = e[keys.PK]["S"].removeprefix("TOURNAMENT#")
        for player in json.loads(e["players"]["S"]):
            assert (player, tid) in player_entries, f"entry of {player} in {tid} has no link"

    logged = {i["match_id"]["S"] for i in by_type.get("rated_match", [])}
    tables = {mid for mid in logged if mid.startswith(IN_PERSON_PREFIX)}  # in person: no match item
    rated = {mid for mid, m in matches.items() if m.get("rating") == "rated"}
    assert logged - tables == rated, f"rated {sorted(rated)} but logged {sorted(logged)}"
    history = Counter(i["match_id"]["S"] for i in by_type.get("rating_history", []))
    for mid in rated:
        assert history[mid] == len(set(matches[mid]["seats"])), f"history of {mid}"
    for mid in tables:
        assert history[mid] == 2, f"history of the in-person table {mid}"  # two players, one a side


def _match_fields(item: dict[str, Any]) -> dict[str, Any]:
    """A match item's fields, packed (``doc``) or written before packing (one attribute a field)."""
    if "doc" in item:
        fields = unpack(item["doc"]["B"])
        fields["state"] = lookup(fields["game"]).expand_state(fields["state"])  # what the game derives
        fields.update(id=item[keys.PK]["S"].removeprefix(keys.match_pk("")), status=item["status"]["S"])
        if "rating" in item:
            fields["rating"] = item["rating"]["S"]
        return fields
    fields = {"id": item["id"]["S"], "game": item["game"]["S"], "status": item["status"]["S"]}
    fields.update(seats=json.loads(item["seats"]["S"]), state=json.loads(item["state"]["S"]))
    if "rating" in item:
        fields["rating"] = item["rating"]["S"]
    if "master_seed" in item:
        fields["master_seed"] = item["master_seed"]["S"]
    return fields


def _check_state(match: dict[str, Any]) -> None:
    game = GAMES[match["game"]]
    state = match["state"]
    seats = match["seats"]
    # Not dealt before every seat has accepted: the secret deal waits beside an empty state, and only then.
    dealt = match["status"] in ("active", "finished")
    assert bool(state) == dealt, f"match {match['id']}: {match['status']} but dealt={bool(state)}"
    assert ("master_seed" in match) != dealt, f"match {match['id']}: the seed kept apart after dealing"
    if not dealt:
        return
    for seat in [None, *range(len(seats))]:
        game.view(state, seat)  # the engine reads it, for every seat and a spectator
    finished = game.outcome(state) is not None
    assert finished == (match["status"] == "finished"), f"match {match['id']}: status v state"
