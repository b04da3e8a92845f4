"""The security headers of every page: a strict Content-Security-Policy (no inline script or style)."""

from __future__ import annotations

CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    )
)

PAGE_HEADERS: dict[str, str] = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


def page_headers(
    cache_control: str = "no-store", live_url: str | None = None, move_url: str | None = None
) -> dict[str, str]:
    """Headers for an HTML page (``no-store``: pages show live data and are cheap to render).

    ``live_url`` is the push endpoint when it is on another host (``WEBSOCKET_URL``), ``move_url`` the
    API function's URL that moves may be posted to (``links.moves``): the pages may connect to both. The
    same-origin ``/live`` is covered by ``'self'`` (CSP Level 3 matches ``ws(s):``).
    """
    headers = {**PAGE_HEADERS, "Cache-Control": cache_control}
    others = [_origin(url) for url in (live_url, move_url) if url]
    if others:
        headers["Content-Security-Policy"] = CSP.replace(
            "connect-src 'self'", " ".join(["connect-src 'self'", *others])
        )
    return headers


def _origin(url: str) -> str:
    """``wss://host[:port]`` of a URL: a CSP source (the path is left out, so any path there is allowed)."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"
