"""The Jinja2 environment: templates packaged with the code, autoescaping on for every template.

Jinja2 is imported when the first page is rendered, not when the API module loads: a JSON request's
cold start does not pay for it (about 30 ms).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from scopa.web.assets import card_url, static_url
from scopa.web.card_faces import card_alt, card_label

if TYPE_CHECKING:
    from jinja2 import Environment


@cache
def environment() -> Environment:
    from jinja2 import Environment, PackageLoader, StrictUndefined

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
