"""The games' page plug-ins, by game name: the shared pages ask here which plug-in draws a match.

The built-in plug-ins are found, not listed: on first use, for each game of the domain's registry
(``scopa.domain.games.GAMES``) the module ``scopa.web.games.<name>`` is imported when it exists and its
``PAGES`` registered. A game defined elsewhere (a test's) calls :func:`register` with its own plug-in.
Lookups read the registry each time, so a plug-in registered late is seen by the template loader, the
static files and the string catalogue too (they key their caches on :func:`generation`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from scopa.application.errors import NotFound
from scopa.web.games.base import GamePages

_PLUGINS: dict[str, GamePages] = {}


class _State:
    """The registry's state: whether the built-ins are in, and how often it changed."""

    loaded = False
    generation = 0


_STATE = _State()


def _load_builtins() -> None:
    """Register ``scopa.web.games.<name>.PAGES`` for every game the domain knows, once, before any other."""
    if _STATE.loaded:
        return
    _STATE.loaded = True  # first, so a plug-in module that looks the registry up does not load it twice
    from scopa.domain.games import GAMES

    found: dict[str, GamePages] = {}
    for name in GAMES:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__name__}.{name}":
                raise
            continue  # a game without pages of its own
        found[name] = module.PAGES
    _PLUGINS.update(found)
    _bump()


def _bump() -> None:
    _STATE.generation += 1


def register(plugin: GamePages) -> None:
    """Add a game's page plug-in. A name is taken once (registering the same object again is a no-op)."""
    _load_builtins()
    current = _PLUGINS.get(plugin.name)
    if current is plugin:
        return
    if current is not None:
        raise ValueError(f"game pages for '{plugin.name}' are already registered")
    _PLUGINS[plugin.name] = plugin
    _bump()


def unregister(name: str) -> None:
    """Remove a plug-in (tests that registered one take it away again)."""
    _load_builtins()
    if _PLUGINS.pop(name, None) is not None:
        _bump()


@contextmanager
def registered(plugin: GamePages) -> Iterator[GamePages]:
    """``plugin`` registered for the duration of a ``with`` block."""
    register(plugin)
    try:
        yield plugin
    finally:
        unregister(plugin.name)


def generation() -> int:
    """A number that changes whenever the registry does: the key of caches built from the plug-ins."""
    _load_builtins()
    return _STATE.generation


def find(name: str) -> GamePages | None:
    _load_builtins()
    return _PLUGINS.get(name)


def get(name: str) -> GamePages:
    """The plug-in of a game; ``NotFound`` when no game of that name has pages."""
    found = find(name)
    if found is None:
        raise NotFound(f"no game '{name}'", code="game_not_found")
    return found


def plugins() -> list[GamePages]:
    """Every registered plug-in: the built-ins in the domain registry's order, then the others."""
    _load_builtins()
    return list(_PLUGINS.values())


def default() -> GamePages:
    """The site's own game (the first of the domain's registry): bare ``/web/rules/<preset>`` is its."""
    return plugins()[0]


def playable() -> list[GamePages]:
    """The plug-ins of the games the domain can deal, in its registry's order (the home page's choice)."""
    from scopa.domain.games import GAMES

    return [p for name in GAMES if (p := find(name)) is not None]
