"""Guests: players without an account (people without a phone), made and managed by an organizer.

A guest is a player profile like any other (same id space, same name index), so it is entered, paired,
rated and listed like any player; it only has no token, and its organizer (``guest_of``) manages it. The
organizer can hand it a one-time claim code; whoever redeems the code (with the guest's id) gets the
account: the same player id becomes a full account with a fresh token, so every entry, result and rating
stays where it is. Nothing is merged: a person who already has an account keeps both (documented in
docs/guests.md).

The code is 8 characters from an alphabet without look-alikes (shown as ``ABCD-EFGH``, case and dashes
ignored when typed), kept only as a keyed SHA-256, valid for :data:`CLAIM_HOURS`, spent by its use, and
refused for good after :data:`CLAIM_TRIES` wrong codes (the organizer issues a new one).
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
from dataclasses import dataclass

from scopa.application.auth import Caller, Tokens, hash_token
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.guests import GuestRepository
from scopa.application.ports.players import GuestClaim, Player, PlayerRepository
from scopa.application.services.players import Registration, clean_name

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: nothing to misread on a slip
CODE_LENGTH = 8
CLAIM_HOURS = 72
CLAIM_TRIES = 5
GUESTS_LISTED = 200


def new_code() -> str:
    """A fresh claim code, ``ABCD-EFGH`` (40 bits: out of reach of :data:`CLAIM_TRIES` guesses)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def code_hash(player_id: str, code: str) -> str:
    """What is stored of a code: SHA-256 of the guest's id and the code as typed, upper-cased, with spaces
    and dashes dropped (the id keys it: the same code for two guests hashes apart)."""
    typed = "".join(ch for ch in code.upper() if ch not in " -")
    return hashlib.sha256(f"guest-claim:{player_id}:{typed}".encode()).hexdigest()


@dataclass(frozen=True)
class ClaimCode:
    player: Player
    code: str  # shown once to the organizer, never stored
    expires_at: str


class GuestService:
    def __init__(
        self, players: PlayerRepository, guests: GuestRepository, clock: Clock, tokens: Tokens
    ) -> None:
        self.players = players
        self.guests = guests
        self.clock = clock
        self.tokens = tokens

    def _organizer(self, caller: Caller) -> str:
        """The calling organizer's id: guests belong to a player with the organizer role."""
        me = caller.require_player()
        if not caller.can_organize:
            raise Forbidden(
                "only organizers manage guests; ask the admin for the role", code="not_an_organizer"
            )
        return me

    def create(self, caller: Caller, name: str, idempotency_key: str | None = None) -> Player:
        """A new guest of the calling organizer. With a key, a retry finds the same guest."""
        return self.create_for(self._organizer(caller), name, idempotency_key)

    def create_for(self, manager: str, name: str, idempotency_key: str | None = None) -> Player:
        """A new guest managed by ``manager`` (whom the caller checked: an organizer, or the organizer of
        a tournament importing its entrants)."""
        once = Once.of("create_guest", manager, idempotency_key, {"name": name})
        player_id = once.id("p_") if once else "p_" + secrets.token_hex(8)
        guest = Player(
            id=player_id,
            name=clean_name(name),
            role="player",
            created_at=iso(self.clock.now()),
            origin=once.origin if once else None,
            guest_of=manager,
        )
        stored = create_or_find(
            once,
            lambda: self.players.create_player(guest),
            lambda: self.players.get_player(guest.id, consistent=True),
            self.clock.now(),
        )
        return stored if stored is not None else guest

    def list(self, caller: Caller) -> list[Player]:
        """The calling organizer's guests (not yet claimed), by id."""
        return self.guests.guests_of(self._organizer(caller), GUESTS_LISTED)

    def _managed(self, caller: Caller, player_id: str) -> tuple[str, Player]:
        manager = self._organizer(caller)
        player = self.players.get_player(player_id, consistent=True)
        if player is None:
            raise NotFound(f"no player '{player_id}'", code="player_not_found")
        if player.guest_of is None:
            raise Conflict("this player has an account: it is not a guest", code="not_a_guest")
        if player.guest_of != manager:
            raise Forbidden("only the organizer who made a guest manages it", code="not_your_guest")
        return manager, player

    def rename(self, caller: Caller, player_id: str, name: str) -> Player:
        """Rename a guest (its organizer only): its name index entry moves with it."""
        manager, player = self._managed(caller, player_id)
        new_name = clean_name(name)
        if new_name != player.name:
            try:
                self.guests.rename_guest(player.id, manager, player.name, new_name)
            except WriteConflict:
                raise Conflict("the guest changed meanwhile; try again", code="player_changed") from None
            player.name = new_name
        return player

    def issue_claim(self, caller: Caller, player_id: str) -> ClaimCode:
        """A new one-time claim code for a guest (any earlier code stops working), shown once."""
        manager, player = self._managed(caller, player_id)
        code = new_code()
        expires = self.clock.now() + CLAIM_HOURS * 3600
        try:
            self.guests.set_claim(player.id, manager, GuestClaim(code_hash(player.id, code), expires))
        except WriteConflict:
            raise Conflict("the guest was claimed meanwhile", code="player_changed") from None
        return ClaimCode(player, code, iso(expires))

    def cancel_claim(self, caller: Caller, player_id: str) -> None:
        manager, player = self._managed(caller, player_id)
        try:
            self.guests.set_claim(player.id, manager, None)
        except WriteConflict:
            raise Conflict("the guest was claimed meanwhile", code="player_changed") from None

    def claim(self, player_id: str, code: str) -> Registration:
        """Redeem a claim code: the guest becomes an account of the same id; its token is in the answer
        (shown once). Refused when the code is wrong (counted), expired, or tried wrong too often."""
        if not code.strip():
            raise BadRequest("type the claim code the organizer gave you", code="invalid_claim_code")
        player = self.players.get_player(player_id, consistent=True)
        if player is None:
            raise NotFound(f"no player '{player_id}'", code="player_not_found")
        claim = player.claim
        if player.guest_of is None or claim is None:
            raise Conflict("this player has no claim code pending", code="no_claim_pending")
        if claim.tries >= CLAIM_TRIES:
            raise Conflict("too many wrong codes: ask the organizer for a new one", code="claim_locked")
        if self.clock.now() >= claim.expires_at:
            raise Conflict(
                "the claim code has expired: ask the organizer for a new one", code="claim_expired"
            )
        typed = code_hash(player.id, code)
        if not secrets.compare_digest(typed, claim.code_hash):
            # Another try counted at the same moment: this one is refused all the same.
            with contextlib.suppress(WriteConflict):
                self.guests.count_wrong_claim(player.id, claim.tries)
            left = max(CLAIM_TRIES - claim.tries - 1, 0)
            raise Forbidden(
                f"wrong claim code ({left} tries left)", code="wrong_claim_code", details={"tries_left": left}
            )
        version = player.token_version + 1
        token = self.tokens.issue(player.id, version)
        try:
            self.guests.claim_guest(player.id, claim.code_hash, hash_token(token), version)
        except WriteConflict:
            raise Conflict("the code was used or replaced meanwhile", code="no_claim_pending") from None
        finally:
            self.tokens.forget(player.id)
        claimed = self.players.get_player(player.id, consistent=True)
        assert claimed is not None
        return Registration(claimed, token)
