"""Coalesced topics' push leases (:mod:`scopa.application.ports.coalesce`), on both stores: a claim
wins only when no lease is held, a pending mark only once per lease, and a new claim clears the mark."""

from __future__ import annotations

from scopa.application.ports.coalesce import TopicLease
from scopa.application.wiring import Stores


def test_a_claim_holds_the_topic_until_its_end(stores: Stores) -> None:
    leases = stores.topic_leases
    assert leases.lease("lobby") is None
    assert leases.claim("lobby", now_ms=1_000, until_ms=2_000)
    assert leases.lease("lobby") == TopicLease(2_000, None)
    assert not leases.claim("lobby", now_ms=1_999, until_ms=2_999)  # held
    assert leases.lease("lobby") == TopicLease(2_000, None)
    assert leases.claim("lobby", now_ms=2_000, until_ms=3_000)  # ended
    assert leases.lease("lobby") == TopicLease(3_000, None)
    assert leases.lease("tournament:t_1") is None  # one lease per topic


def test_a_lease_is_marked_pending_once_and_a_claim_clears_the_mark(stores: Stores) -> None:
    leases = stores.topic_leases
    assert not leases.mark_pending("lobby", until_ms=2_000)  # nothing to mark
    assert leases.claim("lobby", now_ms=1_000, until_ms=2_000)
    assert not leases.mark_pending("lobby", until_ms=1_500)  # another lease than the one held
    assert leases.mark_pending("lobby", until_ms=2_000)
    assert not leases.mark_pending("lobby", until_ms=2_000)  # already marked: one re-notify queued
    assert leases.lease("lobby") == TopicLease(2_000, 2_000)
    assert not leases.claim("lobby", now_ms=1_500, until_ms=2_500)
    assert not leases.claim("lobby", now_ms=1_500, until_ms=2_500, pending_ms=1_999)  # not its mark
    assert leases.claim("lobby", now_ms=1_990, until_ms=3_000, pending_ms=2_000)  # its mark, a bit early
    assert leases.lease("lobby") == TopicLease(3_000, None)
    assert not leases.claim("lobby", now_ms=2_100, until_ms=3_100, pending_ms=2_000)  # the mark is gone
    assert leases.claim("lobby", now_ms=3_100, until_ms=4_100)
    assert leases.lease("lobby") == TopicLease(4_100, None)
