"""Alta's pages, for tests only: its rules help and its table, registered by the tests like its engine.

The table shows what the spectator view holds (the trick on the table and the tricks won, never a hand):
the page is drawn from ``seen.view``, which the match service already cut to what a visitor may see.
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

NAME = "alta"
PRESETS = {"classic": "Six cards, three each; the higher card takes the trick."}


class AltaPages:
    name = NAME
    title = "Alta"
    label = "Alta"
    folder: Traversable | None = files(__name__)
    messages_it: Mapping[str, str] = {
        "Six cards, three each; the higher card takes the trick.": "Sei carte, tre a testa; la carta più "
        "alta prende la presa.",
        "Tricks won": "Prese vinte",
    }

    def presets(self) -> list[dict[str, str]]:
        return [{"name": name, "description": text} for name, text in PRESETS.items()]

    def rules_url(self, preset: str) -> str:
        return f"/web/rules/{NAME}/{preset}"

    def rules_page(self, preset: str, opts: PageOptions) -> str:
        if preset not in PRESETS:
            raise NotFound(f"no alta rule preset '{preset}'", code="preset_not_found")
        return page(
            "rules.html",
            f"{tr(opts, 'Rules')}: {self.label}, {preset}",
            opts,
            preset=preset,
            label=self.label,
            options_url=f"/rules?game={NAME}",
            sections=[Section(self.title, [tr(opts, PRESETS[preset])])],
        )

    def match_page(self, svc: ServiceSet, seen: MatchView, step: int | None, opts: PageOptions) -> str:
        names = [s.name for s in seen.seats]
        return page(f"{NAME}/live.html", " v ".join(names), opts, m=seen, names=names)


PAGES = AltaPages()
