"""The API's routes, read from the Powertools resolver itself, so a new route reaches API Gateway too."""

from __future__ import annotations

import re
import sys
from pathlib import Path

FUNCTIONS_DIR = Path(__file__).resolve().parents[1] / "functions"
_PARAMETER = re.compile(r"<(\w+)>")


def resolver_routes() -> list[tuple[str, str]]:
    """Every (method, path) the API handler serves, paths in API Gateway's ``{name}`` form, sorted.

    The resolver keeps no public route list; its static and dynamic route tables are read instead, and
    ``tests/infra`` fails if they come back empty or miss a known route.
    """
    if str(FUNCTIONS_DIR) not in sys.path:
        sys.path.insert(0, str(FUNCTIONS_DIR))
    from api.app import app  # builds the resolver only: no settings read, no AWS call

    app.include_all()  # a container includes its route groups on demand; the CDK app needs every route

    routes = {(route.method.upper(), _PARAMETER.sub(r"{\1}", route.path)) for route in app._static_routes}
    routes |= {(route.method.upper(), _PARAMETER.sub(r"{\1}", route.path)) for route in app._dynamic_routes}
    return sorted(routes)
