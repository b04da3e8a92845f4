"""Helpers for the API tests: error shapes, the raw table under the API, hidden cards, playing on."""

from __future__ import annotations

import os
from typing import Any

from api import context
from api.settings import settings
from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import unpack
from tests.api.conftest import Answer, Api
from tests.common import hidden_cards as hidden_cards_in

SEED = "ab" * 32
ERROR_KEYS = {"code", "message", "details"}


def assert_error(answer: Answer, status: int, code: str) -> dict[str, Any]:
    """An error answer: the status, and a body of exactly ``code``, ``message`` and ``details``."""
    assert answer.status == status, answer.body
    assert isinstance(answer.body, dict), answer.body
    assert set(answer.body) == ERROR_KEYS, answer.body
    assert answer.body["code"] == code, answer.body
    assert isinstance(answer.body["message"], str)
    assert answer.body["message"]
    assert isinstance(answer.body["details"], dict)
    return answer.body


def table_name() -> str:
    return os.environ["TABLE_NAME"]


def raw_client() -> Any:
    """The API's own client (creating another costs 0.1-0.2 s); use it outside measured blocks."""
    return context.dynamodb_client()


def scan_table() -> list[dict[str, Any]]:
    client = raw_client()
    items: list[dict[str, Any]] = []
    kwargs: dict[str, Any] = {"TableName": table_name()}
    while True:
        page = client.scan(**kwargs)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


#: The SQLite table that holds each kind of DynamoDB item the tests count.
SQLITE_TABLES = {"match": "matches", "round": "tournament_rounds", "rating_history": "rating_history"}


def count_stored(kind: str) -> int:
    """How many items of ``kind`` the store under the API holds, on either adapter."""
    if settings().storage == "sqlite":
        db = getattr(context.services().stores.matches, "db")  # noqa: B009
        row = db.one(f"SELECT COUNT(*) AS n FROM {SQLITE_TABLES[kind]}")
        return int(row["n"])
    return sum(1 for item in scan_table() if item.get("type", {}).get("S") == kind)


def stored_match(match_id: str) -> dict[str, Any]:
    item: dict[str, Any] = raw_client().get_item(
        TableName=table_name(),
        Key={keys.PK: {"S": keys.match_pk(match_id)}, keys.SK: {"S": keys.MATCH_SK}},
        ConsistentRead=True,
    )["Item"]
    return item


def stored_document(match_id: str) -> dict[str, Any]:
    """What the match item packs (``doc``: the state, the moves, the idempotency record...), unpacked."""
    return unpack(stored_match(match_id)["doc"]["B"])


def stored_state(match_id: str) -> dict[str, Any]:
    match = context.services().stores.matches.get_match(match_id)
    assert match is not None
    return match.state


def hidden_cards(match_id: str, seat: int | None) -> set[str]:
    """The cards ``seat`` (or a spectator, for None) may not see in a stored match."""
    return hidden_cards_in(stored_state(match_id), seat)


def words(text: str) -> set[str]:
    """The alphanumeric words of a text (how a card code would show up in a message)."""
    out, word = set(), []
    for ch in text + " ":
        if ch.isalnum():
            word.append(ch)
        elif word:
            out.add("".join(word))
            word = []
    return out


def new_match(api: Api, token: str, players: list[str], **extra: Any) -> dict[str, Any]:
    answer = api.call("POST", "/matches", {"players": players, **extra}, token=token)
    assert answer.status == 201, answer.body
    body: dict[str, Any] = answer.body
    return body


def play(api: Api, match: dict[str, Any], token: str, move: dict[str, Any] | None = None) -> Answer:
    """Play ``move`` (the first legal move by default) at the match's current version."""
    chosen = move or match["view"]["legal_moves"][0]
    return api.call(
        "POST",
        f"/matches/{match['id']}/moves",
        {"card": chosen["card"], "take": chosen["take"], "version": match["version"]},
        token=token,
    )


def play_to_end(api: Api, match: dict[str, Any], token: str) -> dict[str, Any]:
    """Play the first legal move until a match against bots ends; the final answer."""
    while match["status"] == "active":
        answer = play(api, match, token)
        assert answer.status == 200, answer.body
        match = answer.body
    return match


def two_humans(api: Api) -> tuple[dict[str, Any], dict[str, str]]:
    """An active match between Ada and Bob (Ada invited, Bob accepted); their tokens by player id."""
    ada, ada_token = api.register("Ada")
    bob, bob_token = api.register("Bob")
    match = new_match(api, ada_token, [ada, bob], seed=SEED)
    accepted = api.call("POST", f"/matches/{match['id']}/accept", token=bob_token)
    assert accepted.status == 200, accepted.body
    body: dict[str, Any] = accepted.body
    return body, {ada: ada_token, bob: bob_token}
