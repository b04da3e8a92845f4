"""The tournament formats by name: the registry the settings, the pipeline, the services and the pages
ask (never a format's name). A format is one module implementing
:class:`~scopa.domain.tournaments.formats.base.TournamentFormat` and one line in :data:`BUILT_IN` below,
or a :func:`register` call from outside (a plug-in, or a test's own format).

The built-in formats, in this order, are the ``format`` enum of the settings' JSON schema (the API's
OpenAPI document); a registered one is accepted by the settings from then on, and is not in the document.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from scopa.domain.tournaments.formats.arena import Arena
from scopa.domain.tournaments.formats.base import FormatSetting, PageTraits, PlannedRound, TournamentFormat
from scopa.domain.tournaments.formats.double_elimination import DoubleElimination
from scopa.domain.tournaments.formats.groups_knockout import GroupsKnockout
from scopa.domain.tournaments.formats.knockout import Knockout
from scopa.domain.tournaments.formats.round_robin import DoubleRoundRobin, RoundRobin
from scopa.domain.tournaments.formats.swiss import Swiss
from scopa.domain.tournaments.settings import TiebreakName

__all__ = [
    "BUILT_IN",
    "DEFAULT_TIEBREAKS",
    "FormatSetting",
    "PageTraits",
    "PlannedRound",
    "TournamentFormat",
    "format_named",
    "format_names",
    "register",
    "taking",
    "unregister",
]

BUILT_IN: tuple[TournamentFormat, ...] = (
    Swiss(),
    RoundRobin(),
    DoubleRoundRobin(),
    Knockout(),
    DoubleElimination(),
    GroupsKnockout(),
    Arena(),
)

_REGISTRY: dict[str, TournamentFormat] = {f.name: f for f in BUILT_IN}


def register(fmt: TournamentFormat) -> None:
    """Make ``fmt`` a format the settings accept and every layer plays, from now on in this process."""
    if fmt.name in _REGISTRY and _REGISTRY[fmt.name] is not fmt:
        raise ValueError(f"a format named {fmt.name!r} is registered already")
    _REGISTRY[fmt.name] = fmt


def unregister(name: str) -> None:
    """Forget a format registered with :func:`register` (the built-in ones stay)."""
    if any(f.name == name for f in BUILT_IN):
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
    return tuple(f.name for f in BUILT_IN if setting in f.takes)


class _DefaultTiebreaks(Mapping[str, tuple[TiebreakName, ...]]):
    """Each format's default tie-breaks, read from the registry (kept for older readers)."""

    def __getitem__(self, name: str) -> tuple[TiebreakName, ...]:
        return _REGISTRY[name].default_tiebreaks

    def __iter__(self) -> Iterator[str]:
        return iter(list(_REGISTRY))

    def __len__(self) -> int:
        return len(_REGISTRY)


DEFAULT_TIEBREAKS: Mapping[str, tuple[TiebreakName, ...]] = _DefaultTiebreaks()
