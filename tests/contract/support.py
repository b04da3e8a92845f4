"""Entities to store, for the contract tests (and the DynamoDB-only ones in tests/storage)."""

from __future__ import annotations

from typing import Any

from scopa.application.auth import hash_token
from scopa.application.ports.matches import Match
from scopa.application.ports.players import Player, Role
from scopa.domain.games import GAMES

SEED = "5eed" * 16


def a_player(player_id: str = "p_ada", token: str | None = "scp_secret-ada", role: Role = "player") -> Player:
    return Player(
        id=player_id,
        name="Ada",
        role=role,
        created_at="2027-01-15T08:00:00.000Z",
        token_hash=hash_token(token) if token else None,
    )


def a_match(
    match_id: str = "m_1",
    seats: list[str] | None = None,
    *,
    created_at: str = "2027-01-15T08:00:00.000Z",
    deadline: int | None = 1_800_000_100,
    status: Any = "active",
) -> Match:
    seats = seats or ["p_ada", "bot-greedy"]
    return Match(
        id=match_id,
        game="scopa",
        preset="classic",
        rules={},
        seats=seats,
        names=["Ada", "Greedy bot"],
        status=status,
        version=1,
        state=GAMES["scopa"].new_state({}, SEED, 0),
        moves=[],
        created_at=created_at,
        updated_at=created_at,
        created_by="p_ada",
        move_seconds=100,
        deadline=deadline,
        accepted=[True, True],
    )
