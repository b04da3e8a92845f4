"""Briscola's pages: the spectator's table, the replay with its shuffle check, the rules help, and the
script (``briscola.js``) the shared play page draws a Briscola table with."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

from scopa.application.errors import NotFound
from scopa.domain.games.briscola.rules import PRESET_DESCRIPTIONS, PRESETS, rules_from_options
from scopa.web.games.briscola import rules_help, views
from scopa.web.games.briscola.messages_it import IT
from scopa.web.shell import PageOptions, page, tr

if TYPE_CHECKING:
    from collections.abc import Mapping

    from scopa.application.services.matches import MatchView
    from scopa.application.wiring import ServiceSet


class BriscolaPages:
    """:class:`~scopa.web.games.base.GamePages` for Briscola and its variants."""

    name = "briscola"
    title = "Briscola"
    label = "Briscola"
    folder: Traversable | None = files(__name__)
    messages_it: Mapping[str, str] = IT

    def presets(self) -> list[dict[str, str]]:
        return [{"name": name, "description": PRESET_DESCRIPTIONS[name]} for name in PRESETS]

    def rules_url(self, preset: str) -> str:
        return f"/web/rules/briscola/{preset}"

    def rules_page(self, preset: str, opts: PageOptions) -> str:
        """A short rules help for one preset, written from its rule options."""
        if preset not in PRESETS:
            raise NotFound(f"no briscola rule preset '{preset}'", code="preset_not_found")
        sections = rules_help.rules_help(preset, opts.lang)
        title = tr(opts, "Rules") + f": Briscola, {preset}"
        return page(
            "rules.html",
            title,
            opts,
            preset=preset,
            label=self.label,
            options_url="/rules?game=briscola",
            sections=sections,
        )

    def match_page(self, svc: ServiceSet, seen: MatchView, step: int | None, opts: PageOptions) -> str:
        names = [s.name for s in seen.seats]
        title = " v ".join(names)
        if seen.status != "finished" or seen.result is None:
            dealt = "hand_sizes" in seen.view
            table = views.table(seen.view, names) if dealt else None
            return page(
                "briscola/live.html",
                title,
                opts,
                m=seen,
                names=names,
                b=table,
                signal_words=rules_help.SIGNAL_WORDS,
            )
        record = svc.matches.record(seen.id)
        positions = views.steps(record)
        current = positions[min(max(step or 0, 0), len(positions) - 1)]
        game_starts: dict[int, int] = {}
        for p in positions:
            game_starts.setdefault(p.game, p.number)
        rules = rules_from_options(record["rules"])
        return page(
            "briscola/replay.html",
            title,
            opts,
            m=seen,
            names=names,
            side_names=views.side_names(rules, names),
            winners=[s.name for s in seen.seats if s.player_id in seen.result.winners],
            step=current,
            last=len(positions) - 1,
            game_starts=sorted(game_starts.items()),
            checks=views.verify_shuffles(record, seen.view["shuffle"]["commitments"]),
            master_seed=record["master_seed"],
            algorithm=record.get("shuffle", "scopa-shuffle/1"),
            reason=rules_help.REASONS.get(seen.result.reason, seen.result.reason),
            signal_words=rules_help.SIGNAL_WORDS,
        )


PAGES = BriscolaPages()
