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


def page_headers(cache_control: str = "no-store") -> dict[str, str]:
    """Headers for an HTML page (``no-store``: pages show live data and are cheap to render)."""
    return {**PAGE_HEADERS, "Cache-Control": cache_control}
