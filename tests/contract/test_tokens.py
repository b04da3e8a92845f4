"""Signed tokens on both adapters: checked without a read, refused within the stated bound once retired.

Two :class:`ServiceSet` on one store stand for two Lambda containers: each keeps its own cache of token
versions (``scopa.application.auth.Tokens``), so a change made through one reaches the other only when its
cached record is older than ``TOKEN_CACHE_SECONDS``.
"""

from __future__ import annotations

from typing import Any

import pytest

from scopa.application.auth import ADMIN_ID, TOKEN_CACHE_SECONDS, Caller, TokenSigner, hash_token, new_token
from scopa.application.errors import Unauthorized
from scopa.application.ports.players import Player
from scopa.application.wiring import ServiceSet, Stores
from tests.common import ManualClock

KEY = b"k" * 32


def containers(stores: Stores, clock: ManualClock) -> tuple[ServiceSet, ServiceSet]:
    return ServiceSet(stores, clock, signing_key=KEY), ServiceSet(stores, clock, signing_key=KEY)


def bearer(token: str) -> str:
    return f"Bearer {token}"


@pytest.mark.parametrize("change", ["rotate", "revoke", "reissue"])
def test_a_retired_token_is_refused_at_once_where_retired_and_within_the_bound_elsewhere(
    stores: Stores, clock: ManualClock, change: str
) -> None:
    here, there = containers(stores, clock)
    registration = here.players.register("Ada")
    old = registration.token
    assert old is not None
    assert there.tokens.caller(bearer(old)).player_id == registration.player.id  # cached there now

    caller = here.tokens.caller(bearer(old))
    if change == "rotate":
        new: str | None = here.players.rotate_token(caller)
    elif change == "revoke":
        here.players.revoke_token(caller)
        new = None
    else:
        new = here.players.issue_token(Caller(ADMIN_ID, "admin"), caller.player_id or "")
    with pytest.raises(Unauthorized):
        here.tokens.caller(bearer(old))  # the container that made the change: at once

    clock.advance(TOKEN_CACHE_SECONDS - 1)
    assert there.tokens.caller(bearer(old)).player_id == registration.player.id  # still inside the bound
    clock.advance(1)
    with pytest.raises(Unauthorized):
        there.tokens.caller(bearer(old))  # the bound: 60 s after the change, every container refuses it
    if new is not None:
        assert there.tokens.caller(bearer(new)).player_id == registration.player.id


def test_a_fresh_check_refuses_a_retired_token_at_once_in_every_container(
    stores: Stores, clock: ManualClock
) -> None:
    """What a live connection's ``auth`` uses: the cache's 60 s would let a leaked token open a connection
    after the notifier closed the player's others."""
    here, there = containers(stores, clock)
    registration = here.players.register("Ada")
    old = registration.token
    assert old is not None
    assert there.tokens.caller(bearer(old)).player_id == registration.player.id  # cached there now
    new = here.players.rotate_token(here.tokens.caller(bearer(old)))
    with pytest.raises(Unauthorized):
        there.tokens.caller(bearer(old), fresh=True)
    assert there.tokens.caller(bearer(new), fresh=True).player_id == registration.player.id
    with pytest.raises(Unauthorized):
        there.tokens.caller(bearer(old))  # and the fresh read refreshed the cache


def test_a_role_change_reaches_every_container_within_the_bound(stores: Stores, clock: ManualClock) -> None:
    here, there = containers(stores, clock)
    registration = here.players.register("Olga")
    token = registration.token
    assert token is not None
    assert there.tokens.caller(bearer(token)).role == "player"
    stores.players.set_role(registration.player.id, "organizer")
    clock.advance(TOKEN_CACHE_SECONDS - 1)
    assert there.tokens.caller(bearer(token)).role == "player"
    clock.advance(1)
    assert there.tokens.caller(bearer(token)).role == "organizer"


def test_a_cached_token_is_checked_without_a_read(
    stores: Stores, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc, _ = containers(stores, clock)
    registration = svc.players.register("Ada")
    token = registration.token
    assert token is not None
    reads: list[str] = []
    real = stores.players.get_player

    def counted(player_id: str, consistent: bool = False) -> Player | None:
        reads.append(player_id)
        return real(player_id, consistent)

    monkeypatch.setattr(stores.players, "get_player", counted)
    for _ in range(3):
        svc.tokens.caller(bearer(token))
        clock.advance(TOKEN_CACHE_SECONDS / 4)
    assert reads == [registration.player.id]  # one read, then the cached record


def tampered(token: str) -> list[str]:
    body, _, signature = token.rpartition(".")
    player, version, nonce = body.removeprefix("scs_").split(".")
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    return [
        f"{body}.{flipped}",  # the signature changed
        f"scs_{player}x.{version}.{nonce}.{signature}",  # another player named
        f"scs_{player}.{int(version) + 1}.{nonce}.{signature}",  # another version
        f"{body}.",  # no signature
        body,  # no signature at all
        TokenSigner(b"o" * 32).issue(player, int(version)),  # signed with another key
        TokenSigner(KEY).issue("bot-greedy", 1),  # a house bot never has a token
        TokenSigner(KEY).issue("p_nobody", 1),  # nobody by that id
        token + "x" * 300,  # too long
    ]


def test_a_forged_or_tampered_token_is_refused(
    stores: Stores, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc, _ = containers(stores, clock)
    token = svc.players.register("Ada").token
    assert token is not None
    for forged in tampered(token):
        with pytest.raises(Unauthorized) as refused:
            svc.tokens.caller(bearer(forged))
        assert forged not in str(refused.value)
        assert "k" * 32 not in str(refused.value)
    # A bad signature is refused before any read of the store.

    def no_read(*_: Any, **__: Any) -> None:
        raise AssertionError("a token whose signature fails must be refused without a read")

    monkeypatch.setattr(stores.players, "get_player", no_read)
    for forged in tampered(token)[:6]:
        with pytest.raises(Unauthorized):
            svc.tokens.caller(bearer(forged))


def test_an_opaque_token_of_before_still_works_through_its_read_and_rotates_to_a_signed_one(
    stores: Stores, clock: ManualClock
) -> None:
    svc, _ = containers(stores, clock)
    opaque = new_token()
    assert opaque.startswith("scp_")
    stores.players.create_player(
        Player(id="p_old", name="Old", role="player", created_at="", token_hash=hash_token(opaque))
    )
    caller = svc.tokens.caller(bearer(opaque))
    assert (caller.player_id, caller.role) == ("p_old", "player")
    signed = svc.players.rotate_token(caller)
    assert signed.startswith("scs_p_old.1.")
    with pytest.raises(Unauthorized):
        svc.tokens.caller(bearer(opaque))
    assert svc.tokens.caller(bearer(signed)).player_id == "p_old"


def test_the_player_a_token_names_for_the_rate_limit_is_its_current_one_read_once_a_period(
    stores: Stores, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc, _ = containers(stores, clock)
    registration = svc.players.register("Ada")
    first = registration.token
    assert first is not None
    second = svc.players.rotate_token(svc.tokens.caller(bearer(first)))
    reads: list[str] = []
    get_player = stores.players.get_player

    def counted(player_id: str, *args: Any, **kwargs: Any) -> Any:
        reads.append(player_id)
        return get_player(player_id, *args, **kwargs)

    def no_read(*_: Any, **__: Any) -> None:
        raise AssertionError("an unsigned token must not cost a read for the rate limit")

    monkeypatch.setattr(stores.players, "get_player", counted)
    monkeypatch.setattr(stores.players, "get_token_owner", no_read)
    ada = registration.player.id
    # the current token names Ada, however the header is spelled; the retired one names nobody
    assert svc.tokens.signed_player(bearer(second)) == ada
    assert svc.tokens.signed_player(f"  bearer   {second} ") == ada
    assert svc.tokens.signed_player(bearer(first)) is None
    assert reads == [ada]  # one read of Ada for all three, as the token check caches it
    # a token that is not signed by this service, or no usable header, names nobody and costs no read
    for header in [bearer(forged) for forged in tampered(second)[:6]] + [
        bearer(new_token()),
        f"Basic {second}",
        second,
        "Bearer ",
        "",
        None,
    ]:
        assert svc.tokens.signed_player(header) is None, header
    assert reads == [ada]
