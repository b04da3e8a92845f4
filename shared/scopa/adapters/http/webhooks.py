"""The :class:`~scopa.application.ports.webhooks.WebhookSender` on ``urllib``: one POST, no redirects.

A redirect is answered as a failure (its 3xx status is logged in the delivery): following it would let a
receiver point the service at an address the URL check refused. The answer's body is read (up to 4 KiB,
then dropped) only so the connection closes cleanly; certificates are verified with the system's store.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

from scopa.application.ports.webhooks import SendResult

TIMEOUT_SECONDS = 5
USER_AGENT = "scopa-webhooks/1"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # urllib then raises HTTPError with the 3xx status


class UrllibSender:
    def __init__(self, timeout: float = TIMEOUT_SECONDS) -> None:
        self.timeout = timeout
        self._built: urllib.request.OpenerDirector | None = None

    @property
    def _opener(self) -> urllib.request.OpenerDirector:
        """Built on the first delivery: its HTTPS handler loads the system's certificates (~20 ms), which
        a container that never sends a webhook (most runs, every API request) need not pay for."""
        if self._built is None:
            self._built = urllib.request.build_opener(_NoRedirects())
        return self._built

    def post(self, url: str, body: bytes, headers: dict[str, str]) -> SendResult:
        request = urllib.request.Request(
            url, data=body, method="POST", headers={**headers, "User-Agent": USER_AGENT}
        )
        try:
            with self._opener.open(request, timeout=self.timeout) as answer:
                answer.read(4096)
                return SendResult(int(answer.status))
        except urllib.error.HTTPError as exc:
            exc.close()
            return SendResult(int(exc.code))
        except TimeoutError:
            return SendResult(None, "timeout")
        except urllib.error.URLError as exc:
            reason = exc.reason
            return SendResult(
                None, type(reason).__name__ if isinstance(reason, BaseException) else "unreachable"
            )
        except (OSError, ValueError) as exc:
            return SendResult(None, type(exc).__name__)
