"""Creations under an Idempotency-Key (scopa.application.idempotency): a re-run finds what the first run made.

The services on moto, without the API's Powertools record in front: exactly the re-run that happens when
that record was never completed or is gone. Registrations and matches are held to it on both adapters
in ``tests/contract``; tournaments and entries here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.auth import Caller
from scopa.application.errors import Conflict, IdempotencyKeyReused
from scopa.application.idempotency import Once
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.settings import TournamentSettings
from tests.storage.conftest import TABLE, FixedClock

ADMIN = Caller("admin", "admin")
SEED = "5eed" * 8


@pytest.fixture
def svc(client: Any, clock: FixedClock) -> ServiceSet:
    return ServiceSet(dynamodb_stores(client, TABLE), clock)


def player(svc: ServiceSet, name: str) -> Caller:
    registration = svc.players.register(name)
    return Caller(registration.player.id, "player")


def count(client: Any, kind: str) -> int:
    items = client.scan(
        TableName=TABLE,
        FilterExpression="#t = :t",
        ExpressionAttributeNames={"#t": "type"},
        ExpressionAttributeValues={":t": {"S": kind}},
    )["Items"]
    return len(items)


def test_the_id_is_the_usual_format_from_operation_caller_and_key() -> None:
    once = Once.of("register", "anonymous", "k-1", {"name": "Ada"})
    assert once is not None
    assert re.fullmatch(r"p_[0-9a-f]{16}", once.id("p_"))
    assert once.id("p_") == Once.of("register", "anonymous", "k-1", {"name": "Bea"}).id("p_")  # type: ignore[union-attr]
    others = {
        Once.of("register", "anonymous", "k-2", {}),
        Once.of("register", "p_1", "k-1", {}),
        Once.of("create_match", "anonymous", "k-1", {}),
    }
    assert once.id("p_") not in {o.id("p_") for o in others if o is not None}
    assert "k-1" not in str(once.origin)
    assert Once.of("register", "anonymous", None, {}) is None
    assert Once.of("register", "anonymous", "", {}) is None


def test_an_entry_made_again_with_its_key_is_the_entry_as_it_stands(svc: ServiceSet) -> None:
    t = svc.tournament_admin.create(ADMIN, "Torneo", TournamentSettings(format="swiss", rounds=3))
    pia = player(svc, "Pia")
    first = svc.tournament_entries.enter(pia, t.id, idempotency_key="e-1")
    again = svc.tournament_entries.enter(pia, t.id, idempotency_key="e-1")
    assert again == first
    assert svc.tournaments.get(t.id).entries == 1
    with pytest.raises(IdempotencyKeyReused):
        svc.tournament_entries.enter(pia, t.id, [pia.player_id or ""], idempotency_key="e-1")
    for key in ("e-2", None):  # entered by another request: the entry is not this one's to answer
        with pytest.raises(Conflict) as refused:
            svc.tournament_entries.enter(pia, t.id, idempotency_key=key)
        assert refused.value.code == "already_entered"


def test_an_entry_retried_after_the_start_is_still_found(svc: ServiceSet) -> None:
    t = svc.tournament_admin.create(ADMIN, "Torneo", TournamentSettings(format="swiss", rounds=3))
    pia = player(svc, "Pia")
    first = svc.tournament_entries.enter(pia, t.id, idempotency_key="e-1")
    svc.tournament_entries.enter(ADMIN, t.id, ["bot-greedy"])
    svc.tournament_admin.start(ADMIN, t.id)
    assert svc.tournament_entries.enter(pia, t.id, idempotency_key="e-1") == first
    with pytest.raises(Conflict) as refused:
        svc.tournament_entries.enter(player(svc, "Ugo"), t.id, idempotency_key="e-1")
    assert refused.value.code == "entries_closed"


def test_a_tournament_created_again_with_its_key_is_the_same_one_with_one_audit_entry(
    svc: ServiceSet, client: Any
) -> None:
    settings = TournamentSettings(format="swiss", rounds=3)
    created: list[str] = []
    first = svc.tournament_admin.create(
        ADMIN, "Torneo", settings, idempotency_key="t-1", on_created=lambda t: created.append(t.id)
    )
    again = svc.tournament_admin.create(
        ADMIN, "Torneo", settings, idempotency_key="t-1", on_created=lambda t: created.append(t.id)
    )
    assert again == first
    assert created == [first.id]
    assert re.fullmatch(r"t_[0-9a-f]{12}", first.id)
    assert count(client, "tournament") == 1
    audit, _ = svc.tournament_admin.audit(first.id, 10, None)
    assert [a.action for a in audit] == ["created"]
    with pytest.raises(IdempotencyKeyReused):
        svc.tournament_admin.create(ADMIN, "Torneo", settings, open_registration=False, idempotency_key="t-1")
