"""The page shell every page is drawn in: the deck style, the language, and the render call that adds what
``base.html`` needs. Shared by :mod:`scopa.web.pages` and the games' page plug-ins (:mod:`scopa.web.games`),
so a plug-in draws its pages in the same frame without importing the page builders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scopa.web import i18n
from scopa.web.card_faces import STYLES, Style
from scopa.web.render import render


def style_of(value: str | None) -> Style:
    """The deck style asked for (``?style=``), Italian unless French is named."""
    return "french" if value == "french" else "italian"


@dataclass(frozen=True)
class PageOptions:
    """What every page is drawn with: the deck style, the language, the push endpoint for its scripts."""

    style: Style = "italian"
    lang: i18n.Lang = "en"
    live_url: str = "/live"


def page(template: str, title: str, opts: PageOptions, **context: Any) -> str:
    """``template`` rendered in the shell (a game's own template is named ``<game>/<file>``)."""
    return render(
        template,
        opts.lang,
        title=title,
        style=opts.style,
        styles=STYLES,
        languages=i18n.LANGUAGE_NAMES,
        live_url=opts.live_url,
        **context,
    )


def tr(opts: PageOptions, message: str) -> str:
    return i18n.gettext(opts.lang, message)
