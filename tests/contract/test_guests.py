"""Guests on both adapters: a guest is a player profile with its organizer, listed for that organizer; its
claim code (a hash) is set, counted and spent on conditions, and claiming keeps the id and the name."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from scopa.application.auth import hash_token
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.players import GuestClaim, Player, name_key
from scopa.application.wiring import Stores


def a_guest(player_id: str = "p_gina", manager: str = "p_org", name: str = "Gina") -> Player:
    return Player(
        id=player_id, name=name, role="player", created_at="2027-01-15T08:00:00.000Z", guest_of=manager
    )


def test_a_guest_round_trips_and_is_listed_for_its_organizer(stores: Stores) -> None:
    guest = a_guest()
    stores.players.create_player(guest)
    stores.players.create_player(a_guest("p_gino", name="Gino"))
    stores.players.create_player(a_guest("p_other", manager="p_org2", name="Olga"))

    assert stores.players.get_player("p_gina") == guest
    assert [p.id for p in stores.guests.guests_of("p_org", 10)] == ["p_gina", "p_gino"]
    assert [p.id for p in stores.guests.guests_of("p_org", 1)] == ["p_gina"]
    assert stores.guests.guests_of("p_nobody", 10) == []
    # In the name index like any player.
    assert stores.players.players_named(name_key("gina"), 5) == ["p_gina"]


def test_a_claim_is_set_only_by_the_guest_s_organizer(stores: Stores) -> None:
    stores.players.create_player(a_guest())
    claim = GuestClaim(hash_token("ABCD-EFGH"), 1_800_000_000.5)
    with pytest.raises(WriteConflict):
        stores.guests.set_claim("p_gina", "p_org2", claim)
    with pytest.raises(WriteConflict):
        stores.guests.set_claim("p_nobody", "p_org", claim)
    stores.guests.set_claim("p_gina", "p_org", claim)
    assert stores.players.get_player("p_gina", consistent=True) == dataclasses.replace(a_guest(), claim=claim)
    stores.guests.set_claim("p_gina", "p_org", None)
    assert stores.players.get_player("p_gina", consistent=True) == a_guest()


def test_wrong_codes_are_counted_once_each(stores: Stores) -> None:
    stores.players.create_player(a_guest())
    with pytest.raises(WriteConflict):  # no claim pending
        stores.guests.count_wrong_claim("p_gina", 0)
    stores.guests.set_claim("p_gina", "p_org", GuestClaim("h" * 64, 1_800_000_000.0))
    stores.guests.count_wrong_claim("p_gina", 0)
    with pytest.raises(WriteConflict):  # a second wrong code read the same count: it loses
        stores.guests.count_wrong_claim("p_gina", 0)
    stores.guests.count_wrong_claim("p_gina", 1)
    found = stores.players.get_player("p_gina", consistent=True)
    assert found is not None
    assert found.claim is not None
    assert found.claim.tries == 2


def test_claiming_makes_an_account_of_the_same_id_once(
    stores: Stores, everything_stored: Callable[[], str]
) -> None:
    stores.players.create_player(a_guest())
    code_hash = hash_token("ABCD-EFGH")
    stores.guests.set_claim("p_gina", "p_org", GuestClaim(code_hash, 1_800_000_000.0))
    with pytest.raises(WriteConflict):
        stores.guests.claim_guest("p_gina", hash_token("WRONG"), hash_token("scp_tok"), 1)
    stores.guests.claim_guest("p_gina", code_hash, hash_token("scp_tok"), 1)

    found = stores.players.get_player("p_gina", consistent=True)
    assert found == dataclasses.replace(
        a_guest(), guest_of=None, token_hash=hash_token("scp_tok"), token_version=1
    )
    assert stores.guests.guests_of("p_org", 10) == []
    with pytest.raises(WriteConflict):  # spent: a second redemption loses
        stores.guests.claim_guest("p_gina", code_hash, hash_token("scp_tok2"), 1)
    with pytest.raises(WriteConflict):  # no longer a guest: its organizer manages it no more
        stores.guests.set_claim("p_gina", "p_org", GuestClaim(code_hash, 1_800_000_000.0))
    assert "ABCD-EFGH" not in everything_stored()
    assert "scp_tok" not in everything_stored()


def test_a_guest_is_renamed_with_its_name_index_entry(stores: Stores) -> None:
    stores.players.create_player(a_guest())
    with pytest.raises(WriteConflict):  # another organizer
        stores.guests.rename_guest("p_gina", "p_org2", "Gina", "Luigina")
    with pytest.raises(WriteConflict):  # renamed meanwhile: the name read is stale
        stores.guests.rename_guest("p_gina", "p_org", "Gino", "Luigina")
    stores.guests.rename_guest("p_gina", "p_org", "Gina", "Luigina")
    assert stores.players.get_player("p_gina", consistent=True) == dataclasses.replace(
        a_guest(), name="Luigina"
    )
    assert stores.players.players_named(name_key("gina"), 5) == []
    assert stores.players.players_named(name_key("luigina"), 5) == ["p_gina"]
    stores.guests.rename_guest("p_gina", "p_org", "Luigina", "LUIGINA")  # same key: the entry stays
    assert stores.players.players_named(name_key("Luigina"), 5) == ["p_gina"]
    stores.players.create_player(dataclasses.replace(a_guest("p_acc", name="Acc"), guest_of=None))
    with pytest.raises(WriteConflict):  # an account is never renamed here
        stores.guests.rename_guest("p_acc", "p_org", "Acc", "Other")
