"""Static files (one stylesheet, small JS modules) and card images, with content-hashed URLs.

A static URL carries a hash of the file (``/web/static/play.js?v=1a2b3c4d5e6f``), so a browser may keep
it for a year: a changed file gets a new URL. Card images are generated, and equally immutable.

The shared files are in ``scopa/web/static/``; a game's page plug-in may add its own from its folder's
``static/`` (:mod:`scopa.web.games`). They share one namespace, ``/web/static/<name>``, so a script may
import another by a relative name whichever folder holds it; a name taken twice is an error.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib.resources import files

from scopa.domain.games.common.cards import CODES
from scopa.web import games
from scopa.web.card_faces import STYLES, Style, back_svg, card_svg

CONTENT_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
IMMUTABLE = "public, max-age=31536000, immutable"
SHORT = "public, max-age=300"
_CARD_NUMBER = {code: number for number, code in enumerate(CODES)}


class AssetNotFound(LookupError):
    """No such static file or card image."""


def _static_files() -> dict[str, bytes]:
    return _collected(games.generation())


@cache
def _collected(generation: int) -> dict[str, bytes]:
    """The shared static files and every registered game plug-in's, by name (``generation``: the cache's
    key, the registry's state)."""
    folders = [files("scopa.web") / "static"]
    folders += [p.folder / "static" for p in games.plugins() if p.folder is not None]
    found: dict[str, bytes] = {}
    for folder in folders:
        if not folder.is_dir():
            continue
        for entry in folder.iterdir():
            if entry.is_file() and any(entry.name.endswith(ext) for ext in CONTENT_TYPES):
                if entry.name in found:
                    raise ValueError(f"two static files are named '{entry.name}'")
                found[entry.name] = entry.read_bytes()
    return found


def static_names() -> list[str]:
    """The names of the packaged static files."""
    return list(_static_files())


def game_scripts(game: str | None = None) -> list[str]:
    """The games' own scripts (``<name>.js`` in a plug-in's ``static/``), in the registry's order, or only
    ``game``'s: the shared table includes its game's before its own script, and the script registers
    itself with ``games.js``. A game without one is drawn by the plain parts of ``games.js``."""
    have = _static_files()
    names = [p.name for p in games.plugins() if game is None or p.name == game]
    return [f"{name}.js" for name in names if f"{name}.js" in have]


def _content_type(name: str) -> str:
    return next(kind for ext, kind in CONTENT_TYPES.items() if name.endswith(ext))


@cache
def version(name: str) -> str:
    """The first 12 hex digits of the file's SHA-256: part of its URL."""
    return hashlib.sha256(static_file(name)[1]).hexdigest()[:12]


def static_url(name: str) -> str:
    return f"/web/static/{name}?v={version(name)}"


def static_file(name: str) -> tuple[str, bytes]:
    """(content type, bytes) of a packaged static file; only the files of the folder, by exact name."""
    body = _static_files().get(name)
    if body is None:
        raise AssetNotFound(name)
    return _content_type(name), body


def card_url(card: int | str, style: Style) -> str:
    code = card if isinstance(card, str) else CODES[card]
    return f"/web/cards/{style}/{code}.svg"


@cache
def card_image(style: str, filename: str) -> str:
    """The SVG of ``<code>.svg`` (a card face) or ``back.svg`` in a deck style."""
    if style not in STYLES or not filename.endswith(".svg"):
        raise AssetNotFound(f"{style}/{filename}")
    stem = filename[: -len(".svg")]
    if stem == "back":
        return back_svg()
    number = _CARD_NUMBER.get(stem)
    if number is None:
        raise AssetNotFound(f"{style}/{filename}")
    return card_svg(number, style)
