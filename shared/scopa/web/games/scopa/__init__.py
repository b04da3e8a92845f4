"""Scopa's pages: the spectator's table, the replay with its shuffle check, and the rules help.

Scopa is the site's own game: its presets are shown bare and its rules help is also at
``/web/rules/<preset>`` (the registry's default game).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

from scopa.application.errors import NotFound
from scopa.domain.games.common.cards import CODES
from scopa.domain.games.scopa.rules import PRESET_ALIASES, PRESET_DESCRIPTIONS, PRESETS
from scopa.web.games.scopa import replay, rules_help
from scopa.web.games.scopa.messages_it import IT
from scopa.web.shell import PageOptions, page, tr

if TYPE_CHECKING:
    from collections.abc import Mapping

    from scopa.application.services.matches import MatchView
    from scopa.application.wiring import ServiceSet


class ScopaPages:
    """:class:`~scopa.web.games.base.GamePages` for Scopa and all its variants."""

    name = "scopa"
    title = "Scopa"
    label = ""
    folder: Traversable | None = files(__name__)
    messages_it: Mapping[str, str] = IT

    def presets(self) -> list[dict[str, str]]:
        return [{"name": name, "description": PRESET_DESCRIPTIONS[name]} for name in PRESETS]

    def rules_url(self, preset: str) -> str:
        return f"/web/rules/{preset}"

    def rules_page(self, preset: str, opts: PageOptions) -> str:
        """A short rules help for one preset (or an alias of one), written from its rule options."""
        name = PRESET_ALIASES.get(preset, preset)
        if name not in PRESETS:
            raise NotFound(f"no rule preset '{preset}'", code="preset_not_found")
        sections = rules_help.rules_help(name, opts.lang)
        title = tr(opts, "Rules") + f": {name}"
        return page("rules.html", title, opts, preset=name, label="", options_url="/rules", sections=sections)

    def match_page(self, svc: ServiceSet, seen: MatchView, step: int | None, opts: PageOptions) -> str:
        names = [s.name for s in seen.seats]
        title = " v ".join(names)
        if seen.status != "finished" or seen.result is None:
            return page("scopa/live.html", title, opts, m=seen, view=seen.view, names=names)
        record = svc.matches.record(seen.id)
        positions = replay.steps(record)
        current = positions[min(max(step or 0, 0), len(positions) - 1)]
        checks = replay.verify_shuffles(record, seen.view["shuffle"]["commitments"])
        sides = len(current.scores)
        side_names = [
            " & ".join(n for seat, n in enumerate(names) if seat % sides == side) for side in range(sides)
        ]
        deal_starts: dict[int, int] = {}
        for p in positions:
            deal_starts.setdefault(p.deal, p.number)
        return page(
            "scopa/replay.html",
            title,
            opts,
            m=seen,
            names=names,
            side_names=side_names,
            winners=[s.name for s in seen.seats if s.player_id in seen.result.winners],
            step=current,
            last=len(positions) - 1,
            deal_starts=sorted(deal_starts.items()),
            checks=checks,
            master_seed=record["master_seed"],
            codes=CODES,
        )


PAGES = ScopaPages()
