"""The tournament formats by name: the registry the settings, the pipeline, the services and the pages
ask (never a format's name), kept in :mod:`.registry`. A format is one module implementing
:class:`~scopa.domain.tournaments.formats.base.TournamentFormat` and one line in :data:`BUILT_IN` below,
or a :func:`register` call from outside (a plug-in, or a test's own format).

The built-in formats, in this order, are the ``format`` enum of the settings' JSON schema (the API's
OpenAPI document); a registered one is accepted by the settings from then on, and is not in the document.
"""

from __future__ import annotations

from scopa.domain.tournaments.formats.arena import Arena
from scopa.domain.tournaments.formats.base import FormatSetting, PageTraits, PlannedRound, TournamentFormat
from scopa.domain.tournaments.formats.double_elimination import DoubleElimination
from scopa.domain.tournaments.formats.groups_knockout import GroupsKnockout
from scopa.domain.tournaments.formats.knockout import Knockout
from scopa.domain.tournaments.formats.registry import (
    add_built_in,
    format_named,
    format_names,
    register,
    taking,
    unregister,
)
from scopa.domain.tournaments.formats.round_robin import DoubleRoundRobin, RoundRobin
from scopa.domain.tournaments.formats.swiss import Swiss

__all__ = [
    "BUILT_IN",
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
add_built_in(BUILT_IN)
