"""A typed Python client for the Scopa service (docs/bots.md).

* ``scopa_client.openapi``: generated from the API's OpenAPI document by openapi-python-client
  (``make client``); do not edit it by hand.
* :mod:`scopa_client.session`: sign in, start or accept a match, follow it by push (or long-poll), play it.
* :mod:`scopa_client.live`: the push connection (docs/live.md).
* :mod:`scopa_client.bot`: ``scopa bot``, the runner that connects an outside program as a bot account.
"""

from scopa_client.session import ApiError, Session

__all__ = ["ApiError", "Session"]
