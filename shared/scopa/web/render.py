"""The Jinja2 environment: templates packaged with the code, autoescaping on for every template."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from scopa.web.assets import card_url, static_url
from scopa.web.card_faces import card_alt, card_label


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("scopa.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(static=static_url, card_url=card_url, card_alt=card_alt, card_label=card_label)
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
