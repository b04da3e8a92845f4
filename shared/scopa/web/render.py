"""The Jinja2 environment: templates packaged with the code, autoescaping on for every template.

Shared templates are found by their file name (``base.html``); a game's own by ``<game>/<file>``, read
from its page plug-in's ``templates/`` folder (:mod:`scopa.web.games`) at lookup time, so a plug-in
registered after the environment was made is found as well.

Jinja2 is imported when the first page is rendered, not when the API module loads: a JSON request's
cold start does not pay for it (about 30 ms).
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from scopa.web import games, i18n
from scopa.web.assets import card_url, game_scripts, static_file, static_names, static_url
from scopa.web.card_faces import card_alt, card_label

if TYPE_CHECKING:
    from collections.abc import Callable

    from jinja2 import BaseLoader, Environment


_SCRIPT_MESSAGE = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')


@cache
def environment(lang: i18n.Lang = "en") -> Environment:
    """One environment per language, its ``_``/``gettext``/``ngettext`` bound to that language."""
    from jinja2 import ChoiceLoader, Environment, PackageLoader, StrictUndefined

    env = Environment(
        loader=ChoiceLoader([PackageLoader("scopa.web", "templates"), _game_loader()]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.globals.update(
        static=static_url,
        game_scripts=game_scripts,
        card_url=card_url,
        card_alt=card_alt,
        card_label=card_label,
    )
    env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: i18n.gettext(lang, message),
        lambda singular, plural, n: i18n.ngettext(lang, singular, plural, n),
        newstyle=True,
    )
    return env


def _game_loader() -> BaseLoader:
    """The loader of ``<game>/<file>``: the file from the game's plug-in folder, asked of the registry."""
    from jinja2 import BaseLoader, TemplateNotFound

    class GameTemplates(BaseLoader):
        def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
            name, _, rest = template.partition("/")
            plugin = games.find(name)
            folder = plugin.folder if plugin is not None else None
            if folder is None or not rest or ".." in rest.split("/"):
                raise TemplateNotFound(template)
            path = folder.joinpath("templates", *rest.split("/"))
            if not path.is_file():
                raise TemplateNotFound(template)
            return path.read_text("utf-8"), str(path), lambda: True

        def list_templates(self) -> list[str]:
            found = []
            for plugin in games.plugins():
                folder = plugin.folder.joinpath("templates") if plugin.folder is not None else None
                if folder is not None and folder.is_dir():
                    found += [f"{plugin.name}/{f.name}" for f in folder.iterdir() if f.name.endswith(".html")]
            return sorted(found)

    return GameTemplates()


def script_messages() -> tuple[str, ...]:
    """Every string the scripts show (``t("...")`` in the static JS files), in the order first seen."""
    return _script_messages(games.generation())


@cache
def _script_messages(generation: int) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for name in sorted(n for n in static_names() if n.endswith(".js")):
        text = static_file(name)[1].decode("utf-8")
        for raw in _SCRIPT_MESSAGE.findall(text):
            found.setdefault(json.loads(f'"{raw}"'), None)
    return tuple(found)


def render(template: str, lang: i18n.Lang = "en", **context: Any) -> str:
    strings = i18n.script_strings(lang, (*script_messages(), *i18n.WORDS))  # WORDS: t(match.status)
    return environment(lang).get_template(template).render(lang=lang, strings=strings, **context)
