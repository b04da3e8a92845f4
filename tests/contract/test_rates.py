"""The shared request counter, on both adapters: ``limit`` requests a caller and window, then refusals
that count nothing, a fresh window admitting again, and finished windows forgotten."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from scopa.application.ports.rates import window_at
from scopa.application.wiring import Stores

NOW = 1_800_000_000.0  # a multiple of 1, 6 and 10: the start of a window of each


def test_limit_requests_of_a_window_are_counted_then_refused_until_it_ends(stores: Stores) -> None:
    rates = stores.rates
    assert [rates.take("p:p_ada", 1, 10, NOW + 0.1 * i) for i in range(10)] == [0.0] * 10
    assert rates.take("p:p_ada", 1, 10, NOW + 0.25) == pytest.approx(0.75)  # the 11th: until the window ends
    assert rates.take("p:p_ada", 1, 10, NOW + 0.999) == pytest.approx(0.001)
    assert rates.take("p:p_ada", 1, 10, NOW + 1.0) == 0.0  # the next window admits again


def test_callers_windows_and_window_lengths_count_apart(stores: Stores) -> None:
    rates = stores.rates
    assert rates.take("p:p_ada", 6, 1, NOW) == 0.0
    assert rates.take("p:p_ada", 6, 1, NOW + 5) == pytest.approx(1.0)
    assert rates.take("p:p_bea", 6, 1, NOW + 5) == 0.0  # another caller
    assert rates.take("ip:203.0.113.7", 6, 1, NOW + 5) == 0.0
    assert rates.take("p:p_ada", 1, 1, NOW + 5) == 0.0  # another window length (the settings changed)
    assert rates.take("p:p_ada", 6, 1, NOW + 6) == 0.0  # the next 6-second window


def test_a_refusal_counts_nothing_and_a_higher_limit_admits_at_once(stores: Stores) -> None:
    rates = stores.rates
    assert rates.take("p:p_ada", 10, 2, NOW) == 0.0
    assert rates.take("p:p_ada", 10, 2, NOW) == 0.0
    for _ in range(5):
        assert rates.take("p:p_ada", 10, 2, NOW) > 0
    assert rates.take("p:p_ada", 10, 3, NOW) == 0.0  # refusals were not counted: 2 counted, the 3rd fits
    assert rates.take("p:p_ada", 10, 3, NOW) > 0


def test_the_store_names_callers_not_tokens_and_forgets_finished_windows(
    stores: Stores, adapter: str, everything_stored: Callable[[], str]
) -> None:
    stores.rates.take("p:p_ada", 1, 10, NOW)
    assert "p:p_ada" in everything_stored()  # the caller's key as given (api.ratelimit: never a token)
    if adapter == "dynamodb":
        client = getattr(stores.rates, "client")  # noqa: B009
        (item,) = client.scan(TableName="scopa-contract-test")["Items"]
        assert item["pk"] == {"S": "RATE#p:p_ada#1#1800000000"}
        assert item["expires_at"] == {"N": "1800000001"}  # TTL: the window's end
        assert len(str(item)) < 200  # far under 1 KB: one write unit
    else:
        stores.rates.take("p:p_bea", 1, 10, NOW + 2)  # counting deletes the windows already over
        assert "p:p_ada" not in everything_stored()


def test_a_window_is_the_same_for_every_container() -> None:
    assert window_at(NOW + 5.5, 6) == window_at(NOW, 6)
    assert window_at(NOW + 6, 6).start == NOW + 6
    assert window_at(NOW + 0.5, 1).wait(NOW + 0.5) == 0.5
    with pytest.raises(ValueError, match="at least one second"):
        window_at(NOW, 0)
