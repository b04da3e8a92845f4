"""The page plug-in protocol: what the shared pages ask of one game, and the small types games share.

A game's pages live in ``scopa/web/games/<name>/``: a module whose ``PAGES`` object satisfies
:class:`GamePages`, and optionally ``templates/`` and ``static/`` folders beside it. The shared pages
choose the plug-in by the match's game name (:func:`scopa.web.games.get`) and never branch on it.

Conventions, besides the protocol:

- a plug-in's templates are named ``<name>/<file>`` (``briscola/live.html``); they may extend
  ``base.html`` and import ``macros.html`` like any shared template;
- two optional fragments are included by shared templates when the plug-in has them:
  ``<name>/quick_play.html`` (its options in the home page's play-a-bot form, as ``<label>`` elements
  that ``home.js`` shows for the chosen game) and ``<name>/rules_index.html`` (its part of the rules
  index; ``g`` is the plug-in and ``presets`` its presets);
- a plug-in's static files are served at ``/web/static/<file>`` beside the shared ones (one flat
  namespace: a name may not be taken twice), fingerprinted alike; ``t("...")`` strings in its scripts
  reach every page's string table like the shared scripts' strings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from scopa.application.services.matches import MatchView
    from scopa.application.wiring import ServiceSet
    from scopa.web.shell import PageOptions


class GamePages(Protocol):
    """One game's pages. ``name`` is the game's name in the domain's registry and on a match."""

    name: str
    #: The game's name as pages show it (the home page's choice of game).
    title: str
    #: The name shown before a preset on shared pages (``Briscola · classic``); "" for the site's own
    #: game, whose presets the pages have always shown bare.
    label: str
    #: The plug-in's folder, holding ``templates/`` and ``static/`` when it has them (None: neither).
    folder: Traversable | None
    #: Its page strings in Italian, English text to Italian; merged into the catalogue
    #: (:func:`scopa.web.i18n.gettext`).
    messages_it: Mapping[str, str]

    def presets(self) -> list[dict[str, str]]:
        """Its rule presets for the rules index and the forms: ``name`` and ``description``."""
        ...

    def rules_url(self, preset: str) -> str:
        """Where the rules help of ``preset`` is (``/web/rules/<name>/<preset>`` serves every game)."""
        ...

    def rules_page(self, preset: str, opts: PageOptions) -> str:
        """The rules help of one preset; raises ``NotFound`` for a preset it does not have."""
        ...

    def match_page(self, svc: ServiceSet, seen: MatchView, step: int | None, opts: PageOptions) -> str:
        """A match as an anonymous visitor sees it: the spectator's table while it runs, the replay of
        its published record at ``step`` once finished."""
        ...


@dataclass
class Section:
    """A section of a rules help page: a title and its sentences, already translated."""

    title: str
    lines: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class DealCheck:
    """One deal's (or game's) shuffle, checked on a replay page against what was published."""

    deal: int  # 1-based
    seed: str
    published: str  # the commitment shown to the players while the deal was played
    recomputed: str  # SHA-256 of the revealed seed, recomputed here
    seed_ok: bool  # the seed derives from the master seed
    commitment_ok: bool
    deck_ok: bool  # the recorded deck is the one the seed shuffles to

    @property
    def ok(self) -> bool:
        return self.seed_ok and self.commitment_ok and self.deck_ok
