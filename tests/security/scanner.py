"""The leak scanner: every answer, export and log chunk checked for secrets and for hidden cards.

Secrets are every bearer token handed out and its SHA-256 hex (what the table stores). Hidden cards are
computed from the stored state at the moment of the answer: the stock and the hands of the other seats,
except hands shown face up by a cirulla bonus; nothing is hidden once the game has ended.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from scopa.application.auth import hash_token
from scopa.domain.games import GAMES
from tests.api.conftest import Answer
from tests.api.support import words
from tests.common import hidden_cards, strings_in, without_finished_deal
from tests.security.stored import load


@dataclass
class Scanner:
    tokens: set[str] = field(default_factory=set)
    live: set[str] = field(default_factory=set)  # matches under way, whose hidden cards lists must not show
    scanned: Counter[str] = field(default_factory=Counter)  # what was looked at, by kind
    moments_with_a_hand_shown: int = 0  # cirulla bonus hands seen face up

    def token(self, token: str) -> str:
        self.tokens.add(token)
        return token

    def secrets(self) -> set[str]:
        return self.tokens | {hash_token(t) for t in self.tokens}

    def hidden(self, match_id: str, seat: int | None) -> set[str]:
        match = load(match_id)
        if match.status == "finished":
            self.live.discard(match_id)
            return set()
        if match.state and match.state["revealed"]:
            self.moments_with_a_hand_shown += 1
        return hidden_cards(match.state, seat)

    def hidden_everywhere(self) -> set[str]:
        """The cards a spectator may not know in any match under way (for lists, pages and exports)."""
        out: set[str] = set()
        for match_id in list(self.live):
            out |= self.hidden(match_id, None)
        return out

    def check(self, kind: str, answer: Answer, hidden: set[str]) -> Answer:
        """No secret anywhere in the answer, and no hidden card as a value, a word of a text, or a key."""
        self.scanned[kind] += 1
        body = answer.body
        text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        whole = text + json.dumps(answer.headers)
        leaked = [s for s in self.secrets() if s in whole]
        assert not leaked, f"{kind}: a token or token hash in the answer"
        # A finished deal was played face up (its cards are dealt again in the deal under way): it is
        # checked to be exactly a deal the match's moves replay to, and left out of the hidden-card scan.
        current = without_finished_deal(body)
        view = body.get("view") if isinstance(body, dict) else None
        if isinstance(view, dict) and view.get("finished_deal") is not None:
            match = load(body["id"])
            assert view["finished_deal"] in GAMES[match.game].finished_deals(match.state, match.moves), kind
        found = words(text) if isinstance(body, str) else set().union(*map(words, strings_in(current)), set())
        assert not (found & hidden), f"{kind}: hidden cards {sorted(found & hidden)} in {text[:300]}"
        return answer

    def check_log(self, chunk: str, hidden: set[str]) -> None:
        """A stretch of the handler's JSON log: no secret, no hidden card, no state or body fields."""
        self.scanned["log lines"] += chunk.count("\n")
        assert not [s for s in self.secrets() if s in chunk], "a token or token hash in the log"
        for line in chunk.splitlines():
            if not line.startswith("{"):
                continue
            logged = json.loads(line)
            assert not ({"state", "hand", "hands", "deck", "body", "token", "authorization"} & set(logged))
            assert not (set().union(*map(words, strings_in(logged)), set()) & hidden), line
