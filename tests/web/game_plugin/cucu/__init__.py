"""Cucù's pages, for tests only: the smallest :class:`~scopa.web.games.base.GamePages`.

Cucù has no engine: the tests register these pages alone and ask for them by name, with a stub match
for the match and play pages (``tests/third_game`` registers a whole game, engine and pages).
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable

from scopa.application.errors import NotFound
from scopa.application.services.matches import MatchView
from scopa.application.wiring import ServiceSet
from scopa.web.games.base import Section
from scopa.web.shell import PageOptions, page, tr

NAME = "cucu"
PRESETS = {"quick": "One round, to see the plug-in work."}


class CucuPages:
    name = NAME
    title = "Cucù"
    label = "Cucù"
    folder: Traversable | None = files(__name__)
    messages_it: Mapping[str, str] = {
        "One round, to see the plug-in work.": "Un giro, per vedere il plug-in all'opera.",
        "The cucù table": "Il tavolo del cucù",
        "Pass the card on": "Passa la carta",
    }

    def presets(self) -> list[dict[str, str]]:
        return [{"name": name, "description": text} for name, text in PRESETS.items()]

    def rules_url(self, preset: str) -> str:
        return f"/web/rules/{NAME}/{preset}"

    def rules_page(self, preset: str, opts: PageOptions) -> str:
        if preset not in PRESETS:
            raise NotFound(f"no cucu rule preset '{preset}'", code="preset_not_found")
        sections = [Section(tr(opts, "The cucù table"), [tr(opts, PRESETS[preset])])]
        return page(
            "rules.html",
            f"{tr(opts, 'Rules')}: {self.label}, {preset}",
            opts,
            preset=preset,
            label=self.label,
            options_url=f"/rules?game={NAME}",
            sections=sections,
        )

    def match_page(self, svc: ServiceSet, seen: MatchView, step: int | None, opts: PageOptions) -> str:
        names = [s.name for s in seen.seats]
        return page(f"{NAME}/live.html", " v ".join(names), opts, m=seen, names=names, step=step)


PAGES = CucuPages()
