"""The live service of this container, over the API's services (the same stores, clock and tokens)."""

from __future__ import annotations

from api.context import Services, fanout, pusher, services
from live.topics import renderers
from scopa.application.auth import Caller
from scopa.application.ports.coalesce import Coalescing, Deferral

# Every event builds the renderers over the match and tournament services, which the services build on
# first use: their modules load at import, in Lambda's init phase, not in the first event.
from scopa.application.services import matches as _matches  # noqa: F401
from scopa.application.services import tournaments as _tournaments  # noqa: F401
from scopa.application.services.live import LiveService

_built: list[tuple[Services, LiveService]] = []


def live() -> LiveService:
    """Built once per container; again when the API's services were rebuilt (tests, the local server)."""
    svc = services()
    if not _built or _built[0][0] is not svc:

        def authenticate(token: str) -> Caller:
            # The REST API's own check, with the player's token version read afresh: once a connection
            # has passed it, only the notifier closes it when the token is retired.
            return svc.caller({"authorization": f"Bearer {token}"}, fresh=True)

        # The fan-out queue also takes a coalesced topic's delayed re-notify (``DelaySeconds``); without
        # one, this process's threads and timers do both (make run, tests).
        dispatch = fanout()
        _built[:] = [
            (
                svc,
                LiveService(
                    svc.stores.connections,
                    pusher(),
                    renderers(svc),
                    svc.clock,
                    authenticate,
                    fanout=dispatch,
                    coalescing=Coalescing(svc.stores.topic_leases),
                    deferral=dispatch if isinstance(dispatch, Deferral) else None,
                ),
            )
        ]
    return _built[0][1]
