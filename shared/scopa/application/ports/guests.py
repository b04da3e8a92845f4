"""Guests: players without an account, made and managed by an organizer (see services.guests).

A guest is a :class:`~scopa.application.ports.players.Player` with ``guest_of`` set, stored by
``create_player`` like any player (same profile, same name index). This port adds what only guests do: the
list of an organizer's guests, the one-time claim code and its redemption into an account (same id).
"""

from __future__ import annotations

from typing import Protocol

from scopa.application.ports.players import GuestClaim, Player


class GuestRepository(Protocol):
    def guests_of(self, manager: str, limit: int) -> list[Player]:
        """Up to ``limit`` guests managed by ``manager``, by id."""
        ...

    def rename_guest(self, player_id: str, manager: str, old_name: str, new_name: str) -> None:
        """Rename the guest and move it in the name index, if it is still a guest managed by ``manager``
        and still named ``old_name`` (else WriteConflict)."""
        ...

    def set_claim(self, player_id: str, manager: str, claim: GuestClaim | None) -> None:
        """Make ``claim`` (None: none) the guest's pending claim, if the player is still a guest managed
        by ``manager``; else :class:`~scopa.application.ports.conflict.WriteConflict`."""
        ...

    def count_wrong_claim(self, player_id: str, tries: int) -> None:
        """One more wrong code against the guest's pending claim, if it still has one with ``tries``
        wrong codes counted (else WriteConflict): two wrong codes at once cannot both count as the first."""
        ...

    def claim_guest(self, player_id: str, code_hash: str, token_hash: str, version: int) -> None:
        """Turn the guest into an account with that token (hash) at ``version``, if it is still a guest
        whose pending claim is ``code_hash`` (else WriteConflict): it is no longer a guest, no longer in
        its organizer's list, and the claim is spent. The id, name and everything played stay."""
        ...
