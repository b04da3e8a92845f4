"""The Jinja2 environment: templates packaged with the code, autoescaping on for every template.

Jinja2 is imported when the first page is rendered, not when the API module loads: a JSON request's
cold start does not pay for it (about 30 ms).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from scopa.web import i18n
from scopa.web.assets import card_url, static_file, static_names, static_url
from scopa.web.card_faces import card_alt, card_label

if TYPE_CHECKING:
    from jinja2 import Environment


_SCRIPT_MESSAGE = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')


@cache
def environment(lang: i18n.Lang = "en") -> Environment:
    """One environment per language, its ``_``/``gettext``/``ngettext`` bound to that language."""
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(
        loader=PackageLoader("scopa.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.globals.update(static=static_url, card_url=card_url, card_alt=card_alt, card_label=card_label)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: i18n.gettext(lang, message),
        lambda singular, plural, n: i18n.ngettext(lang, singular, plural, n),
        newstyle=True,
    )
    return env


@cache
def script_messages() -> tuple[str, ...]:
    """Every string the scripts show (``t("...")`` in the static JS files), in the order first seen."""
    found: dict[str, None] = {}
    for name in sorted(n for n in static_names() if n.endswith(".js")):
        text = static_file(name)[1].decode("utf-8")
        for raw in _SCRIPT_MESSAGE.findall(text):
            found.setdefault(json.loads(f'"{raw}"'), None)
    return tuple(found)


def render(template: str, lang: i18n.Lang = "en", **context: Any) -> str:
    strings = i18n.script_strings(lang, (*script_messages(), *i18n.WORDS))  # WORDS: t(match.status)
    return environment(lang).get_template(template).render(lang=lang, strings=strings, **context)
