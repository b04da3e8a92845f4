"""What a live update shows each viewer: exactly the REST answer of the topic's route for that viewer.

One renderer per topic kind (see :class:`scopa.application.services.live.LiveService`). Adding a kind is
one line in :func:`renderers`: ``"inbox": render_inbox`` with any
``Callable[[subject, Caller], tuple[version, dict]]`` raising the service errors when refused.
"""

from __future__ import annotations

from collections.abc import Hashable

from api.answers.lobby import inbox_answer, lobby_answer
from api.answers.matches import MatchAnswer
from api.answers.tournaments import Tournament
from scopa.application.auth import ANONYMOUS, Caller
from scopa.application.errors import Forbidden, Unauthorized
from scopa.application.ports.matches import Match
from scopa.application.services.live import Render, Rendering, SharedRenderer
from scopa.application.wiring import ServiceSet
from scopa.domain.tournaments.records import TournamentRecord


def renderers(svc: ServiceSet) -> dict[str, Render]:
    """The renderer of each topic kind, over the services of this container."""

    def match_view(match: Match, caller: Caller) -> Rendering:
        # GET /matches/{id}: the seat's own view for a seat, the spectators' view for anyone else
        answer = MatchAnswer.of(svc.matches.view(match, caller))
        return answer.version, answer.model_dump(mode="json")

    def seat_of(match: Match, caller: Caller) -> Hashable:
        return match.seats.index(caller.player_id) if caller.player_id in match.seats else None

    def tournament_view(t: TournamentRecord, caller: Caller) -> Rendering:
        # GET /tournaments/{id}: the same for everyone
        return t.version, Tournament.of(t).model_dump(mode="json")

    def now_ms() -> int:
        return int(svc.clock.now() * 1000)

    def inbox(subject: str, caller: Caller) -> Rendering:
        # GET /inbox, for its own player only
        if caller.player_id is None:
            raise Unauthorized("send your token (action auth) to follow your inbox")
        if caller.player_id != subject:
            raise Forbidden("only its player may follow an inbox", code="forbidden")
        return now_ms(), inbox_answer(svc, caller)

    def lobby(_subject: str) -> Rendering:
        # GET /lobby/seeks (first page): the same for everyone, so read once per change
        return now_ms(), lobby_answer(svc, ANONYMOUS)

    return {
        "match": SharedRenderer(svc.matches.load, match_view, seat_of),
        "tournament": SharedRenderer(svc.tournaments.get, tournament_view),
        "inbox": inbox,
        "lobby": SharedRenderer(lobby, lambda page, _caller: page),
    }
