"""The venue check-in code: six characters an organizer shows at the venue (on the wall, as a QR code),
that an entrant types or scans to check in, proving they are in the room rather than at home.

The code is derived, not stored: an HMAC of the tournament's id under the service's signing key, so it
costs no item and no write, is the same on every read, and cannot be guessed from anything a page shows
(the id and the lot seed are public). Its alphabet leaves out the look-alikes (0/O, 1/I/L, 5/S, 2/Z, 8/B),
so a code read off a projector across a room is typed right; case and spaces do not matter.
"""

from __future__ import annotations

import hashlib
import hmac

ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY"  # 25 symbols: 25**6 is about 244 million codes
LENGTH = 6


def venue_code(key: bytes, tournament_id: str) -> str:
    """The tournament's code under ``key``."""
    digest = hmac.new(key, f"venue-check-in:{tournament_id}".encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big")
    out = []
    for _ in range(LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        out.append(ALPHABET[digit])
    return "".join(out)


def normalized(typed: str) -> str:
    """What a person typed, as a code: upper case, without spaces or dashes."""
    return "".join(ch for ch in typed.upper() if ch not in " -\t")


def matches(key: bytes, tournament_id: str, typed: str) -> bool:
    """Whether ``typed`` is the tournament's code (compared in constant time)."""
    return hmac.compare_digest(normalized(typed).encode(), venue_code(key, tournament_id).encode())
