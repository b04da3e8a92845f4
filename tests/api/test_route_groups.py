"""The API includes its route modules in groups, on demand (``api.app.ROUTE_GROUPS``): a path's first
segment must name the one group holding every route that can answer it, or a request would get a 404 or a
405 that the full route set would not give. These checks fail when a new route or route module breaks that.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import api.routes
from api.app import CORS_METHODS, ROUTE_GROUPS, SEGMENTS, Resolver, app, groups_for

ROOT = Path(__file__).resolve().parents[2]


def test_every_route_module_is_in_exactly_one_group() -> None:
    modules = sorted(m.name for m in pkgutil.iter_modules(api.routes.__path__))
    grouped = [name for group in ROUTE_GROUPS for name in group]
    assert sorted(grouped) == modules


def test_every_routes_first_segment_names_its_own_group() -> None:
    app.include_all()
    seen = 0
    for route in app._static_routes + app._dynamic_routes:
        module = route.func.__module__
        if not module.startswith("api.routes."):
            continue  # the document and its page, on the resolver itself: any group
        segment = route.path.lstrip("/").split("/", 1)[0]
        assert segment in SEGMENTS, f"{route.method} {route.path}: add its first segment to SEGMENTS"
        assert module.removeprefix("api.routes.") in ROUTE_GROUPS[SEGMENTS[segment]], route.path
        seen += 1
    assert seen > 60


def test_a_request_needs_its_group_and_an_unknown_path_or_a_preflight_needs_all() -> None:
    def event(method: str, path: str) -> dict[str, object]:
        return {"rawPath": path, "requestContext": {"http": {"method": method, "path": path}}}

    assert list(groups_for(event("POST", "/matches/m_1/moves"))) == [SEGMENTS["matches"]]
    assert list(groups_for(event("GET", "/"))) == [SEGMENTS["web"]]
    every = list(range(len(ROUTE_GROUPS)))
    assert list(groups_for(event("GET", "/nowhere"))) == every
    assert list(groups_for(event("OPTIONS", "/matches/m_1/moves"))) == []  # no route answers a preflight
    assert list(groups_for(event("GET", "/openapi.json"))) == every


def test_a_preflight_names_every_method_before_any_route_is_included() -> None:
    app.include_all()
    assert app._cors_methods == {"OPTIONS", *CORS_METHODS}  # the full route set's methods, no more
    fresh = Resolver(cors=app._cors)
    assert fresh._cors_methods == app._cors_methods


def test_a_cold_move_includes_only_the_match_routes() -> None:
    """In a fresh interpreter, a request to a match path includes the match routes and no other group."""
    code = (
        "import os; os.environ['TOKEN_SIGNING_KEY'] = 'k' * 32\n"
        "import sys, api.handler, api.app as h\n"
        "event = {'rawPath': '/matches/m_x', 'requestContext': {'http': {'method': 'GET'}}}\n"
        "h.app.include_groups(h.groups_for(event))\n"
        "print(sorted(m for m in sys.modules if m.startswith('api.routes.')))\n"
    )
    path = f"{ROOT / 'functions'}:{ROOT / 'shared'}"
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": path, "TABLE_NAME": "scopa-cold"}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "['api.routes.matches']"
