"""QR codes for the venue pages (result slips, the check-in sheet): an inline SVG drawn by segno.

An inline ``<svg>`` needs no image route and passes the pages' CSP (no inline style: segno draws with
attributes only). Medium error correction: a slip scanned off a crumpled or stained sheet still reads.
"""

from __future__ import annotations

import io

from markupsafe import Markup


def qr_svg(text: str, label: str, scale: int = 4) -> Markup:
    """``text`` as a QR code: an ``<svg class="qr">`` with ``label`` as its accessible name."""
    import segno  # the pages that draw one pay its import, not every page

    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", xmldecl=False, svgns=True, scale=scale, border=2, svgclass="qr", omitsize=True)
    svg = out.getvalue().decode("ascii")
    escaped = Markup.escape(label)
    data = Markup.escape(text)
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escaped}" data-text="{data}" ', 1))


def qr_matrix(text: str) -> list[list[int]]:
    """The modules of ``text``'s QR code as :func:`qr_svg` draws it (rows of 0/1, no quiet zone): what a
    test compares a drawn code with."""
    import segno

    return [list(row) for row in segno.make(text, error="m", micro=False).matrix]
