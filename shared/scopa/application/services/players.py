"""Players: registration with a token shown once, profiles, token rotation and revocation, roles.

House bots are built-in players (``bot-random``, ``bot-greedy``, ``bot-strong``): they need no stored
profile and never hold a token. Each plays every game, at the level :data:`BOT_LEVELS` names. A bot can
also enter under several identities (``bot-greedy-2``, ``bot-strong-club``): the same program, distinct
players in a tournament field or a rating pool.

Bot accounts are players run by an outside program (``scopa bot``, docs/bots.md): the admin creates them,
they hold a token and play through the API like anyone. Their ids start with ``b_`` (people's with
``p_``), so every answer can tell a program from a person without a read (:func:`player_kind`).
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import dataclass

from scopa.application.auth import Caller, Tokens, hash_token
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.ports.changes import Change, ChangeFeed, NoFeed, player_topic
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.players import Player, PlayerKind, PlayerRepository, Role, name_key
from scopa.domain.games.scopa.bots import BOTS

BOT_PREFIX = "bot-"
BOT_ACCOUNT_PREFIX = "b_"
NAME_MAX = 40
NAMED_LIMIT = 20  # players listed for one name: enough to tell namesakes apart
_BOT_ID = re.compile(r"^bot-([a-z]+)(?:-([a-z0-9]{1,16}))?$")


#: The house bots' levels, easiest first: the name a person picks by and what they meet at the table
#: (the pages show both; docs/bots.md has the figures behind them).
BOT_LEVELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "plays any legal card, at random"),
    "greedy": ("Casual", "plays the best card for what it sees now, but plans nothing"),
    "strong": (
        "Strong",
        "guesses your hidden cards from what has been played and tries every card on many guesses",
    ),
}


def bot_kind(player_id: str) -> str | None:
    """The bot program behind a player id (``bot-greedy-2`` -> ``greedy``), or None for people."""
    found = _BOT_ID.match(player_id)
    return found.group(1) if found and found.group(1) in BOTS else None


def player_kind(player_id: str) -> PlayerKind:
    """``house_bot`` (played inside the service), ``bot`` (a bot account: an outside program with a
    token) or ``person``."""
    if bot_kind(player_id) is not None:
        return "house_bot"
    return "bot" if player_id.startswith(BOT_ACCOUNT_PREFIX) else "person"


def _bot_player(player_id: str) -> Player | None:
    found = _BOT_ID.match(player_id)
    if not found or found.group(1) not in BOTS:
        return None
    kind, tag = found.groups()
    name = f"{kind.capitalize()} bot" + (f" {tag}" if tag else "")
    return Player(id=player_id, name=name, role="player", created_at="", bot=kind)


def bot_players() -> list[Player]:
    return [
        Player(
            id=f"{BOT_PREFIX}{name}", name=f"{name.capitalize()} bot", role="player", created_at="", bot=name
        )
        for name in BOTS
    ]


def clean_name(name: str) -> str:
    """A display name: trimmed, normalised (NFC), printable, 1 to 40 characters."""
    cleaned = unicodedata.normalize("NFC", " ".join(name.split()))
    if not 1 <= len(cleaned) <= NAME_MAX:
        raise BadRequest(f"a name has 1 to {NAME_MAX} characters", code="invalid_name")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in cleaned):
        raise BadRequest("a name may not contain control or invisible characters", code="invalid_name")
    if unicodedata.category(cleaned[0]).startswith("M"):
        # Combining marks alone (or leading) draw over nothing: the name would look empty or borrow the
        # character printed before it.
        raise BadRequest("a name may not start with a combining mark", code="invalid_name")
    return cleaned


@dataclass(frozen=True)
class Registration:
    player: Player
    token: str | None  # shown once, never stored: None when a retry finds the player already registered


class PlayerService:
    def __init__(
        self,
        repo: PlayerRepository,
        clock: Clock,
        tokens: Tokens | None = None,
        changes: ChangeFeed | None = None,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.tokens = tokens or Tokens(repo, clock)  # signs new tokens, tells who calls
        self.changes: ChangeFeed = changes if changes is not None else NoFeed()  # a token changed: live
        self._bots = {p.id: p for p in bot_players()}

    def register(self, name: str, idempotency_key: str | None = None) -> Registration:
        """A new player and its token. With a key, the id comes from the key (see
        :mod:`scopa.application.idempotency`)
        and a retry finds the same player: its token is not shown again (only its hash was stored), unless
        the player found is this very call's own write, whose first answer was lost on the wire."""
        once = Once.of("register", "anonymous", idempotency_key, {"name": name})
        player_id = once.id("p_") if once else "p_" + secrets.token_hex(8)
        token = self.tokens.issue(player_id, 1)
        player = Player(
            id=player_id,
            name=clean_name(name),
            role="player",
            created_at=iso(self.clock.now()),
            token_hash=hash_token(token),
            origin=once.origin if once else None,
            token_version=1,
        )
        stored = create_or_find(
            once,
            lambda: self.repo.create_player(player),
            lambda: self.repo.get_player(player.id, consistent=True),
            self.clock.now(),
        )
        if stored is not None:
            return Registration(stored, token if stored.token_hash == player.token_hash else None)
        return Registration(player, token)

    def create_bot_account(self, caller: Caller, name: str) -> Registration:
        """Admin only: a bot account (an outside program's player) and its token, shown once."""
        caller.require_admin()
        player_id = BOT_ACCOUNT_PREFIX + secrets.token_hex(8)
        token = self.tokens.issue(player_id, 1)
        player = Player(
            id=player_id,
            name=clean_name(name),
            role="player",
            created_at=iso(self.clock.now()),
            token_hash=hash_token(token),
            token_version=1,
        )
        self.repo.create_player(player)
        return Registration(player, token)

    def named(self, name: str, limit: int = NAMED_LIMIT) -> list[Player]:
        """The registered players called ``name`` (case and spacing aside), by id: names are not unique,
        so a caller that needs one player decides among several (an organizer adding members by name)."""
        return self.repo.get_players(self.repo.players_named(name_key(name), limit))

    def get(self, player_id: str) -> Player:
        bot = self._bots.get(player_id) or _bot_player(player_id)
        if bot is not None:
            return bot
        player = self.repo.get_player(player_id)
        if player is None:
            raise NotFound(f"no player '{player_id}'", code="player_not_found")
        return player

    def rotate_token(self, caller: Caller) -> str:
        """A new token for the caller; the one used for this request stops working."""
        player_id = caller.require_player()
        return self._replace(player_id, caller.token_hash, "the token changed meanwhile; sign in again")

    def revoke_token(self, caller: Caller) -> None:
        player_id = caller.require_player()
        self._replace(player_id, caller.token_hash, "the token changed meanwhile", revoke=True)

    def _replace(self, player_id: str, old_hash: str | None, conflict: str, revoke: bool = False) -> str:
        """A new token version for the player (its token, or none when ``revoke``), if ``old_hash`` is
        still current; every older token stops working (here at once, elsewhere within the tokens' cache
        bound), and the live connections opened with one are closed (``player:<id>`` to the notifier:
        a leaked token must not keep receiving the player's hand)."""
        player = self.repo.get_player(player_id, consistent=True)
        version = (player.token_version if player else 0) + 1
        token = self.tokens.issue(player_id, version)
        try:
            self.repo.replace_token(player_id, old_hash, None if revoke else hash_token(token), version)
        except WriteConflict:
            raise Conflict(conflict, code="token_changed") from None
        finally:
            self.tokens.forget(player_id)
        # Its version is the change's time (ms): the notifier closes the connections opened before it.
        self.changes.publish([Change(player_topic(player_id), int(self.clock.now() * 1000))])
        return token

    def issue_token(self, caller: Caller, player_id: str) -> str:
        """Admin only: a fresh token for a player who lost theirs (their old token stops working)."""
        caller.require_admin()
        player = self.get(player_id)
        if player.is_bot:
            raise Forbidden("house bots have no token", code="bot_player")
        return self._replace(player.id, player.token_hash, "the token changed meanwhile; try again")

    def set_role(self, caller: Caller, player_id: str, role: Role) -> Player:
        caller.require_admin()
        player = self.get(player_id)
        if player.is_bot:
            raise Forbidden("house bots keep the player role", code="bot_player")
        if role == "admin":
            raise BadRequest("the admin is configured, not granted", code="invalid_role")
        try:
            self.repo.set_role(player.id, role)
        except WriteConflict:
            raise Conflict("the player changed meanwhile; try again", code="player_changed") from None
        finally:
            self.tokens.forget(player.id)
        return self.get(player.id)
