"""The venue pages' small parts, without a browser: the public origin a printed QR code holds, and the QR
code's SVG (escaped, accessible, the URL it was given)."""

from __future__ import annotations

import pytest

from scopa.web.origin import origin
from scopa.web.qr import qr_matrix, qr_svg


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Host": "127.0.0.1:8000"}, "http://127.0.0.1:8000"),
        ({"host": "localhost"}, "http://localhost"),
        ({"host": "[::1]:8000"}, "http://[::1]:8000"),
        ({"host": "192.168.1.20:8000", "x-forwarded-proto": "http"}, "http://192.168.1.20:8000"),
        (
            {"host": "abc.execute-api.eu-south-1.amazonaws.com", "x-forwarded-proto": "https"},
            "https://abc.execute-api.eu-south-1.amazonaws.com",
        ),
        ({"host": "scopa.example"}, "https://scopa.example"),  # no proxy header: a public name is https
        ({"host": "scopa.example", "x-forwarded-proto": "javascript"}, "https://scopa.example"),
        ({"host": 'evil"><script>'}, "http://localhost"),  # not a host name: never echoed
        ({"host": "a/b@c"}, "http://localhost"),
        ({}, "http://localhost"),
    ],
)
def test_the_origin_of_a_request(headers: dict[str, str], expected: str) -> None:
    assert origin(headers) == expected


def test_the_qr_code_is_an_escaped_accessible_svg_of_its_text() -> None:
    url = "https://scopa.example/web/tournaments/t_1/rounds/2/tables/3"
    svg = str(qr_svg(url, 'Table 3 <"report">'))
    assert svg.startswith('<svg role="img" aria-label="Table 3 &lt;&#34;report&#34;&gt;"')
    assert f'data-text="{url}"' in svg
    assert "<script" not in svg
    assert "style=" not in svg  # the pages' CSP takes no inline style
    matrix = qr_matrix(url)
    assert len(matrix) == len(matrix[0]) >= 21
    assert matrix != qr_matrix(url.replace("tables/3", "tables/4"))
