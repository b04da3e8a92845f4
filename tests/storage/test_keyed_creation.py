"""Creations under an Idempotency-Key (scopa.application.idempotency): a re-run finds what the first run made.

The services on moto, without the API's Powertools record in front: exactly the re-run that happens when
that record was never completed or is gone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scopa.adapters.dynamodb.players_matches import DynamoRepository
from scopa.adapters.dynamodb.stores import dynamodb_stores
from scopa.application.auth import Caller, hash_token
from scopa.application.errors import Conflict, IdempotencyKeyReused
from scopa.application.idempotency import REPLAY_SECONDS, Once
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.players import Player
from scopa.application.services.matches import MatchView, NewMatch
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


def test_a_registration_run_again_with_its_key_finds_the_same_player_without_its_token(
    svc: ServiceSet, client: Any
) -> None:
    first = svc.players.register("Ada", "reg-1")
    again = svc.players.register("Ada", "reg-1")
    assert first.token is not None
    assert again.token is None
    assert again.player == first.player
    assert count(client, "player") == 1
    assert count(client, "token") == 1
    with pytest.raises(IdempotencyKeyReused):
        svc.players.register("Bea", "reg-1")
    other = svc.players.register("Ada", "reg-2")
    assert other.player.id != first.player.id
    assert svc.players.register("Ada").player.id not in (first.player.id, other.player.id)
    assert count(client, "player") == 3


class LostAnswer(DynamoRepository):
    """The player is written, but its answer is lost: the client's retry of the write loses its condition."""

    def create_player(self, player: Player) -> None:
        super().create_player(player)
        raise WriteConflict("the retried write found the item")


def test_a_registration_whose_own_write_landed_still_shows_its_token(client: Any, clock: FixedClock) -> None:
    svc = ServiceSet(dynamodb_stores(client, TABLE), clock)
    svc.players.repo = LostAnswer(client, TABLE)
    registration = svc.players.register("Ada", "reg-1")
    assert registration.token is not None
    assert registration.player.token_hash == hash_token(registration.token)
    assert svc.players.register("Ada", "reg-1").token is None  # a later run: the token was shown once


def test_a_conflict_with_an_item_the_key_did_not_make_stays_a_conflict(
    client: Any, clock: FixedClock
) -> None:
    svc = ServiceSet(dynamodb_stores(client, TABLE), clock)
    once = Once.of("register", "anonymous", "reg-1", {"name": "Ada"})
    assert once is not None
    svc.stores.players.create_player(Player(id=once.id("p_"), name="Squatter", role="player", created_at=""))
    with pytest.raises(WriteConflict):
        svc.players.register("Ada", "reg-1")


def test_a_match_created_again_with_its_key_is_the_same_match_answered_to_its_caller(
    svc: ServiceSet, client: Any
) -> None:
    ada = player(svc, "Ada")
    bea = player(svc, "Bea")
    request = NewMatch(players=[ada.player_id or "", "bot-greedy"], seed=SEED)
    created: list[MatchView] = []
    first = svc.matches.create(ada, request, "m-1", on_created=created.append)
    again = svc.matches.create(ada, request, "m-1", on_created=created.append)
    assert again == first
    assert created == [first]  # told once: the retry created nothing
    assert count(client, "match") == 1
    with pytest.raises(IdempotencyKeyReused):
        svc.matches.create(ada, NewMatch(players=request.players, seed="ab" * 16), "m-1")
    # Another caller's same key is another request: its own match.
    theirs = svc.matches.create(bea, NewMatch(players=[bea.player_id or "", "bot-greedy"]), "m-1")
    assert theirs.id != first.id
    assert count(client, "match") == 2


def test_an_entry_made_again_with_its_key_is_the_entry_as_it_stands(svc: ServiceSet) -> None:
    t = svc.tournaments.create(ADMIN, "Torneo", TournamentSettings(format="swiss", rounds=3))
    pia = player(svc, "Pia")
    first = svc.tournaments.enter(pia, t.id, idempotency_key="e-1")
    again = svc.tournaments.enter(pia, t.id, idempotency_key="e-1")
    assert again == first
    assert svc.tournaments.get(t.id).entries == 1
    with pytest.raises(IdempotencyKeyReused):
        svc.tournaments.enter(pia, t.id, [pia.player_id or ""], idempotency_key="e-1")
    for key in ("e-2", None):  # entered by another request: the entry is not this one's to answer
        with pytest.raises(Conflict) as refused:
            svc.tournaments.enter(pia, t.id, idempotency_key=key)
        assert refused.value.code == "already_entered"


def test_an_entry_retried_after_the_start_is_still_found(svc: ServiceSet) -> None:
    t = svc.tournaments.create(ADMIN, "Torneo", TournamentSettings(format="swiss", rounds=3))
    pia = player(svc, "Pia")
    first = svc.tournaments.enter(pia, t.id, idempotency_key="e-1")
    svc.tournaments.enter(ADMIN, t.id, ["bot-greedy"])
    svc.tournaments.start(ADMIN, t.id)
    assert svc.tournaments.enter(pia, t.id, idempotency_key="e-1") == first
    with pytest.raises(Conflict) as refused:
        svc.tournaments.enter(player(svc, "Ugo"), t.id, idempotency_key="e-1")
    assert refused.value.code == "entries_closed"


def test_a_tournament_created_again_with_its_key_is_the_same_one_with_one_audit_entry(
    svc: ServiceSet, client: Any
) -> None:
    settings = TournamentSettings(format="swiss", rounds=3)
    created: list[str] = []
    first = svc.tournaments.create(
        ADMIN, "Torneo", settings, idempotency_key="t-1", on_created=lambda t: created.append(t.id)
    )
    again = svc.tournaments.create(
        ADMIN, "Torneo", settings, idempotency_key="t-1", on_created=lambda t: created.append(t.id)
    )
    assert again == first
    assert created == [first.id]
    assert re.fullmatch(r"t_[0-9a-f]{12}", first.id)
    assert count(client, "tournament") == 1
    audit, _ = svc.tournaments.audit(first.id, 10, None)
    assert [a.action for a in audit] == ["created"]
    with pytest.raises(IdempotencyKeyReused):
        svc.tournaments.create(ADMIN, "Torneo", settings, open_registration=False, idempotency_key="t-1")


def test_a_key_answers_for_a_day_then_is_refused(svc: ServiceSet, clock: FixedClock, client: Any) -> None:
    first = svc.players.register("Ada", "reg-1")
    clock.advance(REPLAY_SECONDS)
    assert svc.players.register("Ada", "reg-1").player == first.player
    clock.advance(1)
    with pytest.raises(IdempotencyKeyReused):
        svc.players.register("Ada", "reg-1")
    assert count(client, "player") == 1
