"""Club webhooks and their deliveries, on both adapters: round trips, creation once, a club's hooks,
deletion, an attempt recorded only over the attempt count it read, and the delivery log's pages."""

from __future__ import annotations

import dataclasses

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.webhooks import Delivery, Webhook, WebhookRepository
from scopa.application.wiring import Stores


def a_hook(hook_id: str = "wh_1", club_id: str = "c_1") -> Webhook:
    return Webhook(
        id=hook_id,
        club_id=club_id,
        url="https://example.org/hook",
        events=["result.recorded", "round.paired"],
        secret="whsec_" + "s" * 43,
        created_by="p_ada",
        created_at="2027-01-02T03:04:05.000Z",
    )


def a_delivery(number: int, hook_id: str = "wh_1") -> Delivery:
    return Delivery(
        id=f"d_{1_800_000_000_000 + number:013d}ab",
        hook_id=hook_id,
        club_id="c_1",
        event="round.paired",
        event_id=f"round.paired:t_1:{number}",
        body='{"type":"round.paired"}',
        created_at="2027-01-02T03:04:05.000Z",
        next_attempt_at="2027-01-02T03:04:05.000Z",
    )


def every_page(repo: WebhookRepository, hook_id: str, limit: int) -> list[list[str]]:
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_deliveries(hook_id, limit, cursor)
        pages.append([d.id for d in page])
        if cursor is None:
            return pages


def test_a_hook_round_trips_once_and_is_listed_by_club(stores: Stores) -> None:
    repo = stores.webhooks
    repo.create_hook(a_hook())
    repo.create_hook(a_hook("wh_2"))
    repo.create_hook(a_hook("wh_3", club_id="c_2"))
    assert repo.get_hook("c_1", "wh_1") == a_hook()
    assert repo.get_hook("c_2", "wh_1") is None
    with pytest.raises(WriteConflict):
        repo.create_hook(dataclasses.replace(a_hook(), url="https://evil.example/"))
    assert repo.get_hook("c_1", "wh_1") == a_hook()
    assert [h.id for h in repo.list_hooks("c_1")] == ["wh_1", "wh_2"]
    assert repo.list_hooks("c_none") == []


def test_a_secret_stays_out_of_repr(stores: Stores) -> None:
    stores.webhooks.create_hook(a_hook())
    found = stores.webhooks.get_hook("c_1", "wh_1")
    assert found is not None
    assert "whsec_" not in repr(found)


def test_a_deleted_hook_is_gone_and_cannot_be_deleted_twice(stores: Stores) -> None:
    repo = stores.webhooks
    repo.create_hook(a_hook())
    repo.create_delivery(a_delivery(1))
    repo.delete_hook("c_1", "wh_1")
    assert repo.get_hook("c_1", "wh_1") is None
    assert repo.list_hooks("c_1") == []
    with pytest.raises(WriteConflict):
        repo.delete_hook("c_1", "wh_1")
    assert repo.get_delivery("wh_1", a_delivery(1).id) == a_delivery(1)  # the log stays


def test_an_attempt_is_recorded_only_over_the_count_it_read(stores: Stores) -> None:
    repo = stores.webhooks
    first = a_delivery(1)
    repo.create_delivery(first)
    with pytest.raises(WriteConflict):
        repo.create_delivery(first)
    tried = dataclasses.replace(
        first, status="retrying", attempts=1, last_status=503, last_error="HTTP 503", next_attempt_at="x"
    )
    repo.save_delivery(tried, expected_attempts=0)
    assert repo.get_delivery("wh_1", first.id) == tried
    late = dataclasses.replace(tried, status="delivered", attempts=1, last_status=200)
    with pytest.raises(WriteConflict):
        repo.save_delivery(late, expected_attempts=0)  # someone else recorded attempt 1
    done = dataclasses.replace(
        tried,
        status="delivered",
        attempts=2,
        last_status=200,
        last_error=None,
        next_attempt_at=None,
        delivered_at="2027-01-02T03:05:00.000Z",
    )
    repo.save_delivery(done, expected_attempts=1)
    assert repo.get_delivery("wh_1", first.id) == done
    assert repo.get_delivery("wh_1", "d_none") is None


def test_the_delivery_log_pages_newest_first(stores: Stores) -> None:
    repo = stores.webhooks
    for n in range(7):
        repo.create_delivery(a_delivery(n))
    repo.create_delivery(a_delivery(99, hook_id="wh_other"))
    ids = [a_delivery(n).id for n in reversed(range(7))]
    assert every_page(repo, "wh_1", 3) == [ids[:3], ids[3:6], ids[6:]]
    assert every_page(repo, "wh_1", 7) == [ids]
    assert every_page(repo, "wh_none", 5) == [[]]
    _, cursor = repo.list_deliveries("wh_1", 3, None)
    assert cursor is not None
    with pytest.raises(InvalidCursor):
        repo.list_deliveries("wh_other", 3, cursor)
    with pytest.raises(InvalidCursor):
        repo.list_deliveries("wh_1", 3, "not-a-cursor")
