"""The games, as peers, and their registry: the one place the match, tournament, rating, storage and API
layers find a game by name.

Each game is a package of its own (:mod:`scopa.domain.games.scopa`, :mod:`scopa.domain.games.briscola`)
holding its cards, rules, state, engine, views, record and bots, and one object implementing
:class:`~scopa.domain.games.base.GameEngine`; what games share (the seeded shuffle, card codes, the error
base, the bot base) is in :mod:`scopa.domain.games.common`. The games never import each other.

Vocabulary, the same for every game at this interface: a *match* is what the API and storage hold, one
engine state from its first deal to its :class:`~scopa.domain.games.base.Outcome`; a *deal* is one
dealing of the cards inside it (a Scopa hand; one Briscola game of a best-of-N match), and
``finished_deals`` lists them. Inside its own package a game keeps its own words (Briscola's games).

A game defined elsewhere (a test's, say) joins with :func:`register`; :func:`lookup` finds one by name. The
built-in engines are imported on the first look-up, not with this package: the API's error map imports
:mod:`scopa.domain.games.common.errors` at cold start, and a request that plays no game loads no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scopa.domain.games.base import GameEngine, Outcome
from scopa.domain.games.common.errors import GameError

#: The games shipped with the service, in their order (the OpenAPI document's enum).
BUILT_IN: tuple[str, ...] = ("scopa", "briscola")
_GAMES: dict[str, GameEngine] = {}


def _registry() -> dict[str, GameEngine]:
    """Every registered game by name: the built-in ones first (Scopa, then Briscola, the OpenAPI
    document's order), then those registered at runtime."""
    if "scopa" not in _GAMES:  # the built-in games are not loaded yet (they are never unregistered)
        from scopa.domain.games.briscola.game import BriscolaEngine
        from scopa.domain.games.scopa.game import ScopaEngine

        runtime = dict(_GAMES)
        _GAMES.clear()
        _GAMES.update({"scopa": ScopaEngine(), "briscola": BriscolaEngine()}, **runtime)
    return _GAMES


if TYPE_CHECKING:
    #: Every registered game by name (see :func:`_registry` for the order).
    GAMES: dict[str, GameEngine]
else:

    def __getattr__(name: str) -> Any:
        if name == "GAMES":
            return _registry()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownGame(GameError, LookupError):
    """A game name no engine is registered under."""


def register(engine: GameEngine) -> GameEngine:
    """Add ``engine`` under its ``name`` (a second engine under a taken name is a programming error)."""
    games = _registry()
    if engine.name in games and games[engine.name] is not engine:
        raise ValueError(f"a game named '{engine.name}' is already registered")
    games[engine.name] = engine
    return engine


def unregister(name: str) -> None:
    """Remove a game registered at runtime (tests undo their registration with it)."""
    if name in BUILT_IN:
        raise ValueError(f"'{name}' is a built-in game")
    _registry().pop(name, None)


def names() -> tuple[str, ...]:
    """Every registered game's name, the built-in ones first, without loading an engine (request models
    check a name with it at cold start)."""
    return BUILT_IN + tuple(name for name in _GAMES if name not in BUILT_IN)


def lookup(name: str) -> GameEngine:
    """The engine registered as ``name``; :class:`UnknownGame` names the known games otherwise."""
    try:
        return _registry()[name]
    except KeyError:
        raise UnknownGame(f"unknown game '{name}' (games: {', '.join(_registry())})") from None


__all__ = [
    "BUILT_IN",
    "GAMES",
    "GameEngine",
    "Outcome",
    "UnknownGame",
    "lookup",
    "names",
    "register",
    "unregister",
]
