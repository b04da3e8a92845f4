"""The site's public origin (``https://host``) from a request's headers: what a printed QR code must hold,
since a phone that scans a slip knows no page to resolve a relative link against."""

from __future__ import annotations

import re
from collections.abc import Mapping

_HOST = re.compile(r"^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$")
_LOCAL = ("localhost", "127.0.0.1", "[::1]")


def origin(headers: Mapping[str, str]) -> str:
    """``scheme://host[:port]`` of the request: the ``Host`` header (checked: a header that is not a host
    name gives ``http://localhost``), the scheme from ``X-Forwarded-Proto`` (API Gateway sets it), else
    ``http`` for a local host and ``https`` for any other."""
    lowered = {k.lower(): v for k, v in headers.items()}
    host = (lowered.get("host") or "").strip()
    if not _HOST.match(host):
        host = "localhost"
    proto = (lowered.get("x-forwarded-proto") or "").split(",")[0].strip().lower()
    if proto not in ("http", "https"):
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        proto = "http" if name in _LOCAL else "https"
    return f"{proto}://{host}"
