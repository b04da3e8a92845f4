"""Players and tokens, on both adapters: the profile, its token version and (for an opaque token of before
signed tokens) its token row move together, on conditions."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from scopa.application.auth import hash_token
from scopa.application.errors import IdempotencyKeyReused
from scopa.application.idempotency import REPLAY_SECONDS, Once
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.players import Player, PlayerRepository, name_key
from scopa.application.wiring import ServiceSet, Stores
from tests.common import ManualClock
from tests.contract.support import a_player


def test_a_player_and_its_token_round_trip(stores: Stores, everything_stored: Callable[[], str]) -> None:
    repo = stores.players
    player = a_player()
    repo.create_player(player)

    assert repo.get_player("p_ada") == player
    assert repo.get_player("p_ada", consistent=True) == player
    assert repo.get_token_owner(hash_token("scp_secret-ada")) == ("p_ada", "player")
    assert repo.get_token_owner(hash_token("scp_other")) is None
    assert repo.get_player("p_nobody") is None
    # The token row is keyed by the hash: the token text is stored nowhere.
    assert "scp_secret-ada" not in everything_stored()
    assert hash_token("scp_secret-ada") in everything_stored()


def test_a_player_keeps_its_origin_and_may_have_no_token(stores: Stores, count: Callable[[str], int]) -> None:
    player = a_player("p_bea", token=None)
    player.origin = {"key": "k" * 64, "body": "b" * 64}
    stores.players.create_player(player)
    assert stores.players.get_player("p_bea") == player
    assert count("token") == 0


def test_creating_a_player_twice_conflicts_and_writes_nothing(
    stores: Stores, count: Callable[[str], int]
) -> None:
    repo = stores.players
    repo.create_player(a_player())
    with pytest.raises(WriteConflict):
        repo.create_player(a_player(token="scp_another"))
    # The failed write wrote nothing: the second token does not authenticate, the profile is the first.
    assert repo.get_token_owner(hash_token("scp_another")) is None
    assert repo.get_player("p_ada") == a_player()
    assert (count("player"), count("token")) == (1, 1)


def test_replace_token_only_succeeds_from_the_current_token_and_version(stores: Stores) -> None:
    repo = stores.players
    old, new = hash_token("scp_old"), hash_token("scs_new")
    repo.create_player(a_player(token="scp_old"))  # an opaque token of before: version 0, its own item

    repo.replace_token("p_ada", old, new, 1)
    # The opaque token's item is gone; a versioned token has none (its signature names the player).
    assert repo.get_token_owner(old) is None
    assert repo.get_token_owner(new) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.token_hash, player.token_version) == (new, 1)

    # A second rotation from the old token (a stale request) loses its condition and changes nothing.
    with pytest.raises(WriteConflict):
        repo.replace_token("p_ada", old, hash_token("scs_third"), 2)
    # So does one from the current token that skips or repeats a version (a lost race on the version).
    for version in (1, 3):
        with pytest.raises(WriteConflict):
            repo.replace_token("p_ada", new, hash_token("scs_third"), version)
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.token_hash, player.token_version) == (new, 1)

    repo.replace_token("p_ada", new, hash_token("scs_third"), 2)
    player = repo.get_player("p_ada", consistent=True)
    assert player is not None
    assert (player.token_hash, player.token_version) == (hash_token("scs_third"), 2)


def test_revoke_then_issue_a_token(stores: Stores) -> None:
    repo = stores.players
    current = hash_token("scp_old")
    repo.create_player(a_player(token="scp_old"))

    repo.replace_token("p_ada", current, None, 1)
    assert repo.get_token_owner(current) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.token_hash, player.token_version) == (None, 1)

    # Issuing from "no token" works once; a second issue from "no token" is stale.
    issued = hash_token("scs_issued")
    repo.replace_token("p_ada", None, issued, 2)
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.token_hash, player.token_version) == (issued, 2)
    with pytest.raises(WriteConflict):
        repo.replace_token("p_ada", None, hash_token("scs_again"), 3)
    with pytest.raises(WriteConflict):
        repo.replace_token("p_unknown", None, hash_token("scs_x"), 1)


def test_a_versioned_player_has_no_token_item(stores: Stores, count: Callable[[str], int]) -> None:
    repo = stores.players
    player = dataclasses.replace(a_player(token="scs_signed"), token_version=1)
    repo.create_player(player)
    assert repo.get_player("p_ada") == player
    assert repo.get_token_owner(hash_token("scs_signed")) is None
    assert count("token") == 0
    repo.set_role("p_ada", "organizer")  # the role lives on the profile only
    assert count("token") == 0
    changed = repo.get_player("p_ada")
    assert changed is not None
    assert (changed.role, changed.token_version) == ("organizer", 1)


def test_set_role_changes_profile_and_opaque_token_together(stores: Stores) -> None:
    repo = stores.players
    repo.create_player(a_player(token="scp_t"))
    repo.set_role("p_ada", "organizer")
    player = repo.get_player("p_ada")
    assert player is not None
    assert player.role == "organizer"
    assert repo.get_token_owner(hash_token("scp_t")) == ("p_ada", "organizer")
    with pytest.raises(WriteConflict):
        repo.set_role("p_unknown", "organizer")


def test_set_role_of_a_player_without_a_token_writes_no_token(
    stores: Stores, count: Callable[[str], int]
) -> None:
    repo = stores.players
    repo.create_player(a_player(token=None))
    repo.set_role("p_ada", "admin")
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.role, player.token_hash) == ("admin", None)
    assert count("token") == 0
    # A token issued now is versioned: still no token item, the role is the profile's.
    repo.replace_token("p_ada", None, hash_token("scs_new"), 1)
    assert count("token") == 0
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.role, player.token_hash, player.token_version) == ("admin", hash_token("scs_new"), 1)


def changed_after_read(
    monkeypatch: pytest.MonkeyPatch, repo: PlayerRepository, change: Callable[[], None]
) -> None:
    """The repository's next read of a profile is followed, before its write, by ``change`` (a concurrent
    request landing between the two)."""
    real = repo.get_player

    def read_then_change(player_id: str, consistent: bool = False) -> Player | None:
        player = real(player_id, consistent)
        monkeypatch.setattr(repo, "get_player", real)
        change()
        return player

    monkeypatch.setattr(repo, "get_player", read_then_change)


def test_a_token_swap_after_a_role_change_keeps_the_new_role(
    stores: Stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = stores.players
    old, new = hash_token("scp_old"), hash_token("scs_new")
    repo.create_player(a_player(token="scp_old", role="organizer"))
    changed_after_read(monkeypatch, repo, lambda: repo.set_role("p_ada", "player"))

    # The new token carries no role (the profile's is read when it is checked): nothing to refuse, and
    # the demotion made meanwhile stands.
    repo.replace_token("p_ada", old, new, 1)
    assert repo.get_token_owner(old) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.role, player.token_hash, player.token_version) == ("player", new, 1)


def test_a_revocation_needs_only_the_token_to_be_unchanged(
    stores: Stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = stores.players
    old = hash_token("scp_old")
    repo.create_player(a_player(token="scp_old", role="organizer"))
    changed_after_read(monkeypatch, repo, lambda: repo.set_role("p_ada", "player"))
    repo.replace_token("p_ada", old, None, 1)
    assert repo.get_token_owner(old) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.role, player.token_hash) == ("player", None)


def test_a_role_change_is_refused_when_the_token_changed_after_it_was_read(
    stores: Stores, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = stores.players
    old, new = hash_token("scp_old"), hash_token("scs_new")
    repo.create_player(a_player(token="scp_old"))
    changed_after_read(monkeypatch, repo, lambda: repo.replace_token("p_ada", old, new, 1))

    # The role would go onto the opaque token read (gone now): the change must lose, or it would bring
    # the old token's item back.
    with pytest.raises(WriteConflict):
        repo.set_role("p_ada", "organizer")
    assert repo.get_token_owner(old) is None
    player = repo.get_player("p_ada")
    assert player is not None
    assert (player.role, player.token_hash) == ("player", new)


# --------------------------------------------------------------------------- keyed registration


def test_a_registration_run_again_with_its_key_finds_the_same_player_without_its_token(
    stores: Stores, clock: ManualClock, count: Callable[[str], int]
) -> None:
    svc = ServiceSet(stores, clock)
    first = svc.players.register("Ada", "reg-1")
    again = svc.players.register("Ada", "reg-1")
    assert first.token is not None
    assert again.token is None
    assert again.player == first.player
    assert count("player") == 1
    assert count("token") == 0  # a signed token: no token item
    with pytest.raises(IdempotencyKeyReused):
        svc.players.register("Bea", "reg-1")
    other = svc.players.register("Ada", "reg-2")
    assert other.player.id != first.player.id
    assert svc.players.register("Ada").player.id not in (first.player.id, other.player.id)
    assert count("player") == 3


class LostAnswer:
    """The player is written, but its answer is lost: the client's retry of the write loses its condition."""

    def __init__(self, inner: PlayerRepository) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def create_player(self, player: Player) -> None:
        self.inner.create_player(player)
        raise WriteConflict("the retried write found the item")


def test_a_registration_whose_own_write_landed_still_shows_its_token(
    stores: Stores, clock: ManualClock
) -> None:
    svc = ServiceSet(stores, clock)
    svc.players.repo = LostAnswer(stores.players)
    registration = svc.players.register("Ada", "reg-1")
    assert registration.token is not None
    assert registration.player.token_hash == hash_token(registration.token)
    assert svc.players.register("Ada", "reg-1").token is None  # a later run: the token was shown once


def test_a_conflict_with_an_item_the_key_did_not_make_stays_a_conflict(
    stores: Stores, clock: ManualClock
) -> None:
    svc = ServiceSet(stores, clock)
    once = Once.of("register", "anonymous", "reg-1", {"name": "Ada"})
    assert once is not None
    stores.players.create_player(Player(id=once.id("p_"), name="Squatter", role="player", created_at=""))
    with pytest.raises(WriteConflict):
        svc.players.register("Ada", "reg-1")


def test_a_key_answers_for_a_day_then_is_refused(
    stores: Stores, clock: ManualClock, count: Callable[[str], int]
) -> None:
    svc = ServiceSet(stores, clock)
    first = svc.players.register("Ada", "reg-1")
    clock.advance(REPLAY_SECONDS)
    assert svc.players.register("Ada", "reg-1").player == first.player
    clock.advance(1)
    with pytest.raises(IdempotencyKeyReused):
        svc.players.register("Ada", "reg-1")
    assert count("player") == 1


def test_players_are_found_by_name_whatever_the_case_and_spacing(stores: Stores) -> None:
    repo = stores.players
    for player_id, name in (
        ("p_2", "Ada Rossi"),
        ("p_1", "ada  rossi"),
        ("p_3", "Adalberto"),
        ("p_4", "Niccolò"),
    ):
        repo.create_player(
            Player(id=player_id, name=name, role="player", created_at="2027-01-15T08:00:00.000Z")
        )
    assert repo.players_named(name_key("ADA ROSSI"), 10) == ["p_1", "p_2"]
    assert repo.players_named(name_key("ada rossi"), 1) == ["p_1"]
    assert repo.players_named(name_key("NICCOLÒ"), 10) == ["p_4"]
    assert repo.players_named(name_key("Ada"), 10) == []  # exact names only
    # A refused creation indexes nothing.
    with pytest.raises(WriteConflict):
        repo.create_player(
            Player(id="p_3", name="Zeno", role="player", created_at="2027-01-15T08:00:00.000Z")
        )
    assert repo.players_named(name_key("Zeno"), 10) == []


def test_profiles_are_read_together_in_the_order_asked_and_unknown_ids_left_out(stores: Stores) -> None:
    repo = stores.players
    made = [
        Player(id=pid, name=name, role="player", created_at="2027-01-15T08:00:00.000Z")
        for pid, name in (("p_1", "Ada"), ("p_2", "Bea"), ("p_3", "Cleo"))
    ]
    for player in made:
        repo.create_player(player)
    assert repo.get_players(["p_3", "p_none", "p_1"]) == [repo.get_player("p_3"), repo.get_player("p_1")]
    assert [p.name for p in repo.get_players(["p_2"])] == ["Bea"]
    assert repo.get_players([]) == []
