"""The limits of a match that requests are checked against, on their own: the API's routes and request
models name them at import without importing the match service (and with it the game engines).
"""

from __future__ import annotations

DEFAULT_MOVE_SECONDS = 3 * 86_400  # correspondence play: three days a move
MAX_WAIT_SECONDS = 20.0  # API Gateway cuts an integration at ~30 s
MAX_DEALS_PAGE = 50
