"""Rating pools: which games are rated together, and the settings of both rating systems in a pool.

A pool is one rating list. Every player has one :class:`~scopa.domain.ratings.ledger.PlayerRating` per pool,
carrying an Elo rating and a Glicko-2 rating side by side. A pool rates one game (as
``scopa.domain.games.GAMES`` names them) at one team size; each game says which pools it has
(``GameEngine.rating_pools``). The built-in games have four:

* ``scopa``: one against one, the two-player presets of :data:`scopa.domain.games.scopa.rules.PRESETS`
(classic, scopa
  d'assi, re bello, napola, scopa a quindici, cirulla);
* ``scopone``: two against two, the partnership game: scopone, scopone scientifico, and the same
  two-player presets played by four in partnerships (``{"players": 4}``).

* ``briscola-1v1``: Briscola one against one, the two-player presets of
  :data:`scopa.domain.games.briscola.rules.PRESETS` (classic, nine cards, scoperta, best of three);
* ``briscola-2v2``: Briscola two against two, the ``partnership`` preset and the same two-player presets
  played by four (``{"players": 4}``).

Games with three players alone, Briscola chiamata (five, secret partner) and six or eight players are not
rated (no pool matches them). A preset given by one of its aliases
(``scopa``, ``escoba``, ``asso_piglia_tutto``) is looked up under its canonical name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

SECONDS_PER_DAY = 86_400


@dataclass(frozen=True, slots=True)
class EloConfig:
    """Elo settings of a pool. The K rule follows the FIDE rating regulations (see ``k_factor``)."""

    initial: float = 1500.0
    k_new: float = 40.0  # K while the player has fewer than ``new_games`` rated games
    new_games: int = 30
    k_established: float = 20.0  # K afterwards, as long as the player never reached ``top_rating``
    k_top: float = 10.0  # K once the rating has reached ``top_rating``, for good
    top_rating: float = 2400.0
    cap: float = 400.0  # largest rating difference used in the expected score
    provisional_games: int = 10  # a rating is provisional while the player has fewer rated games

    def __post_init__(self) -> None:
        if not (self.k_new > 0 and self.k_established > 0 and self.k_top > 0):
            raise ValueError("every K factor must be positive")
        if self.new_games < 0 or self.provisional_games < 0:
            raise ValueError("new_games and provisional_games cannot be negative")
        if not self.cap > 0:
            raise ValueError(f"cap must be positive, got {self.cap}")


@dataclass(frozen=True, slots=True)
class Glicko2Config:
    """Glicko-2 settings of a pool (Glickman, "Example of the Glicko-2 system")."""

    initial_rating: float = 1500.0
    initial_rd: float = 350.0
    initial_volatility: float = 0.06
    tau: float = 0.5  # constrains the change of volatility over time
    epsilon: float = 1e-6  # convergence tolerance of the volatility iteration (step 5)
    provisional_rd: float = 110.0  # a rating is provisional while its RD is above this
    period_days: float = 7.0  # length of an empty rating period, for the RD growth of inactive players
    max_rd: float = 350.0  # the RD never grows above this through inactivity (Glicko's cap)

    def __post_init__(self) -> None:
        if not (self.initial_rd > 0 and self.initial_volatility > 0 and self.max_rd > 0):
            raise ValueError("initial_rd, initial_volatility and max_rd must be positive")
        if not (self.tau > 0 and self.epsilon > 0 and self.period_days > 0):
            raise ValueError("tau, epsilon and period_days must be positive")

    @property
    def period_seconds(self) -> float:
        return self.period_days * SECONDS_PER_DAY


@dataclass(frozen=True, slots=True)
class RatingPool:
    """One rating list: the presets it rates, the players on each side, and the systems' settings."""

    id: str
    name: str
    presets: tuple[str, ...]
    players_per_side: Literal[1, 2]
    elo: EloConfig = field(default_factory=EloConfig)
    glicko: Glicko2Config = field(default_factory=Glicko2Config)
    game: str = "scopa"  # a registered game's name

    def __post_init__(self) -> None:
        if self.players_per_side not in (1, 2):
            raise ValueError(f"players_per_side must be 1 or 2, got {self.players_per_side}")
        if not self.presets:
            raise ValueError(f"pool '{self.id}' rates no preset")

    @property
    def players(self) -> int:
        """Players at the table: two sides of ``players_per_side``."""
        return 2 * self.players_per_side


def default_pools() -> tuple[RatingPool, ...]:
    """Every registered game's rating lists (:meth:`~scopa.domain.games.base.GameEngine.rating_pools`),
    the games in registration order: asked at each call, so a game registered at runtime is rated."""
    from scopa.domain.games import GAMES  # the engines load with the first rating, not with this module

    return tuple(
        RatingPool(spec.id, spec.name, spec.presets, _per_side(spec.players_per_side), game=engine.name)
        for engine in GAMES.values()
        for spec in engine.rating_pools()
    )


def _per_side(n: int) -> Literal[1, 2]:
    if n == 1:
        return 1
    if n == 2:
        return 2
    raise ValueError(f"players_per_side must be 1 or 2, got {n}")


def __getattr__(name: str) -> Any:
    """``DEFAULT_POOLS``: :func:`default_pools`, computed when read."""
    if name == "DEFAULT_POOLS":
        return default_pools()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    DEFAULT_POOLS: tuple[RatingPool, ...]


def pool_for(
    preset: str, players: int, pools: Sequence[RatingPool] | None = None, game: str = "scopa"
) -> RatingPool | None:
    """The pool that rates a ``game`` of ``preset`` with ``players`` at the table, or None (not rated).

    The first pool (in order) of that game that lists the preset (by its canonical name, the game says
    which) and seats that many players wins. ``pools``: :func:`default_pools` when not given.
    """
    from scopa.domain.games import lookup

    key = lookup(game).canonical_preset(preset)
    for pool in default_pools() if pools is None else pools:
        if pool.game == game and key in pool.presets and players == pool.players:
            return pool
    return None


def pools_by_id(pools: Sequence[RatingPool]) -> dict[str, RatingPool]:
    """The pools keyed by id; raises ValueError on a repeated id."""
    out: dict[str, RatingPool] = {}
    for pool in pools:
        if pool.id in out:
            raise ValueError(f"two pools have the id '{pool.id}'")
        out[pool.id] = pool
    return out
