"""The formats by name, on their own: what the settings model asks (which names exist, which formats
take a setting, a format's own checks) without importing any format's code.

The settings are read by the formats' code (a round's records carry them), so the settings may not
import the formats back: they import this module, and the package (``formats/__init__.py``) fills it
with the built-in formats when it is first imported, which Python does before any of its modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scopa.domain.tournaments.formats.base import FormatSetting, TournamentFormat

_BUILT_IN: list[TournamentFormat] = []
_REGISTRY: dict[str, TournamentFormat] = {}


def add_built_in(formats: tuple[TournamentFormat, ...]) -> None:
    """The package's own formats, in the order of the settings' JSON schema (once, at its import)."""
    _BUILT_IN[:] = formats
    for fmt in formats:
        _REGISTRY.setdefault(fmt.name, fmt)


def built_in() -> tuple[TournamentFormat, ...]:
    return tuple(_BUILT_IN)


def register(fmt: TournamentFormat) -> None:
    """Make ``fmt`` a format the settings accept and every layer plays, from now on in this process."""
    if fmt.name in _REGISTRY and _REGISTRY[fmt.name] is not fmt:
        raise ValueError(f"a format named {fmt.name!r} is registered already")
    _REGISTRY[fmt.name] = fmt


def unregister(name: str) -> None:
    """Forget a format registered with :func:`register` (the built-in ones stay)."""
    if any(f.name == name for f in _BUILT_IN):
        raise ValueError(f"{name!r} is a built-in format")
    _REGISTRY.pop(name, None)


def format_named(name: str) -> TournamentFormat:
    """The format of this name (KeyError: none; the settings refuse such a name first)."""
    return _REGISTRY[name]


def format_names() -> tuple[str, ...]:
    """Every format the settings accept now: the built-in ones first, in their order."""
    return tuple(_REGISTRY)


def taking(setting: FormatSetting) -> tuple[str, ...]:
    """The built-in formats that take ``setting``, in order (for the settings' JSON schema)."""
    return tuple(f.name for f in _BUILT_IN if setting in f.takes)
