"""The names of the card games, on their own: request models, settings and rating pools name a game
without importing the engines (``scopa.domain.games`` registers one engine per name and checks they agree).
"""

from __future__ import annotations

from typing import Literal, get_args

#: The names of ``scopa.domain.games.GAMES`` as a type, for request models and settings (an enum in the
#: OpenAPI).
GameName = Literal["scopa", "briscola"]
GAME_NAMES: tuple[str, ...] = get_args(GameName)
