"""Italian and English pages: the language of a request, and the catalog every page string goes through.

Templates mark their text with Jinja2's i18n extension (``{{ _('...') }}``, ``{% trans %}``); scripts get
their strings from the page (:func:`script_strings`, a JSON block the page carries). English is the source
language: a message is its own English text, and the Italian catalogue (:func:`catalogue`) maps it to
Italian: the shared strings (:data:`scopa.web.messages_it.IT`) and each game page plug-in's own
(``messages_it``, :mod:`scopa.web.games`).

The language of a request is, in this order: ``?lang=``, the ``lang`` cookie the switch sets, the browser's
``Accept-Language`` (RFC 9110 quality values), English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Literal

from scopa.web.messages_it import IT

Lang = Literal["en", "it"]
LANGUAGES: tuple[Lang, ...] = ("en", "it")
LANGUAGE_NAMES: dict[Lang, str] = {"en": "English", "it": "Italiano"}
COOKIE = "lang"
#: Words pages show from data (``{{ _(m.status) }}``): statuses, formats, reasons, policies, deck styles.
WORDS = (
    *("draft", "registration", "running", "finished", "cancelled"),
    *("pending", "active", "declined", "withdrawn", "expired", "excluded", "open", "closed", "refused"),
    *("won", "lost", "drawn", "Italian", "French"),
    *("swiss", "round robin", "double round robin", "knockout", "double elimination", "groups knockout"),
    *("invite", "club", "member", "organizer"),
    *("target", "count order", "cappotto", "napola all coins", "resigned", "timeout", "round deadline"),
    *("no show", "corrected", "forfeit", "forfeit win", "forfeit loss", "forfeit draw"),
    *("waiting", "reported", "disputed", "confirmed", "online"),  # a table's state (the venue pages)
)
_RANGE = re.compile(r"^\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*$")


def lang_of(value: str | None) -> Lang | None:
    """One of our languages from a tag (``it``, ``it-CH``, ``EN``), or None."""
    if not value:
        return None
    primary = value.strip().split("-")[0].lower()
    return next((lang for lang in LANGUAGES if lang == primary), None)


def accepted(header: str | None) -> list[str]:
    """The language ranges of an ``Accept-Language`` header, best first (q=0 left out, ties in order)."""
    ranges: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")[:32]):
        found = _RANGE.match(part)
        if not found:
            continue
        try:
            quality = float(found.group(2)) if found.group(2) is not None else 1.0
        except ValueError:
            continue
        if 0 < quality <= 1:
            ranges.append((-quality, position, found.group(1)))
    return [tag for _, _, tag in sorted(ranges)]


def negotiate(query: str | None, cookie: str | None, accept_language: str | None) -> Lang:
    """The page language: the switch (query, then cookie) first, then the browser's preference."""
    chosen = lang_of(query) or lang_of(cookie)
    if chosen:
        return chosen
    for tag in accepted(accept_language):
        if tag == "*":
            return "en"
        found = lang_of(tag)
        if found:
            return found
    return "en"


def cookie_value(cookies: Iterable[str] | None) -> str | None:
    """The ``lang`` cookie among an HTTP API event's cookies (``name=value`` strings)."""
    for item in cookies or ():
        name, _, value = item.partition("=")
        if name.strip() == COOKIE:
            return value.strip()
    return None


def catalogue() -> Mapping[str, str]:
    """Every Italian string: the shared ones and the registered games' (read when a page is drawn, so a
    JSON request's cold start does not load the games)."""
    from scopa.web import games

    return _merged(games.generation())


@cache
def _merged(generation: int) -> Mapping[str, str]:
    from scopa.web import games

    merged = dict(IT)
    for plugin in games.plugins():
        for english, italian in plugin.messages_it.items():
            if merged.setdefault(english, italian) != italian:
                raise ValueError(f"two Italian translations of {english!r}")
    return merged


def gettext(lang: Lang, message: str) -> str:
    """The message in ``lang``; the English text itself when no translation exists."""
    if lang == "it":
        return catalogue().get(message, message)
    return message


def ngettext(lang: Lang, singular: str, plural: str, n: int) -> str:
    return gettext(lang, singular if n == 1 else plural)


def script_strings(lang: Lang, messages: Iterable[str]) -> Mapping[str, str]:
    """The strings a page's script may show, translated: the script looks them up by their English text."""
    return {m: gettext(lang, m) for m in messages}
