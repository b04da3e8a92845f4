"""Schemathesis against ``/openapi.json`` of the local server: generated requests to every operation.

Every answer must be below 500 and conform to the document: its status is documented, its content type
and body match the documented schema, and data the document forbids is refused. Three callers: anonymous,
a real player (an organizer, with a live match, a club and a tournament of their own), and the admin, so
the deep paths run and not only the 401s. Positive cases draw path parameters from generated strings and
from the real ids; negative cases break the document on purpose. Derandomized: the same requests on every
run.

(Schemathesis's own pytest loader, ``from_fixture``, does not run on pytest 9.2, so each operation's
Hypothesis strategy is driven here directly.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode

from tests.api.conftest import ADMIN_TOKEN
from tests.fuzz.conftest import World

EXAMPLES = 15  # per operation and mode (positive, negative): about 1,300 requests for each caller


# A schema cannot say everything: a cursor must be one the service issued, a Swiss needs its rounds, a
# team has the tournament's size. A schema-valid request may be refused with a documented 400 or 422
# (checked against the document like every answer); only a 5xx or an undocumented answer fails.
CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "400", "401", "403", "404", "409", "422"]
            }
        }
    }
)


@pytest.fixture(scope="module")
def api_schema(world: World) -> Any:
    return schemathesis.openapi.from_url(f"{world.url}/openapi.json", config=CONFIG)


def _with_real_ids(world: World) -> Callable[[Any], Any]:
    ids = world.ids()

    def pick(case: Any) -> Any:
        names = [n for n in case.path_parameters or {} if n in ids]
        choices = st.fixed_dictionaries({n: st.one_of(st.none(), st.sampled_from(ids[n])) for n in names})

        def apply(real: dict[str, str | None]) -> Any:
            for name, value in real.items():
                if value is not None:
                    case.path_parameters[name] = value
            return case

        return choices.map(apply)

    return pick


def fuzz(api_schema: Any, world: World, token: Callable[[], str | None]) -> Counter[int]:
    """Run every operation's generated cases; return how many answers came back with each status.

    Fails, after every operation ran, with schemathesis's report of each operation's first bad answer
    (shrunk to a minimal request, with a curl line to reproduce it).
    """
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 50
    for operation in operations:
        strategy = st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE).flatmap(_with_real_ids(world)),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )

        @settings(
            max_examples=EXAMPLES * 2,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            print_blob=False,
        )
        @given(case=strategy)
        def check(case: Any) -> None:
            bearer = token()
            headers = {"Authorization": f"Bearer {bearer}"} if bearer else {}
            try:
                response = case.call(base_url=world.url, headers=headers, timeout=30)
                statuses[response.status_code] += 1
                case.validate_response(response, headers=headers)
            finally:
                rotated = case.path == "/me/token" and case.method.upper() in ("POST", "DELETE")
                if rotated and bearer is not None and bearer == world.player_token:
                    world.refresh_player_token()  # the fuzzer rotated or revoked it: carry on with a new one

        try:
            check()
        except (Exception, BaseExceptionGroup) as failure:  # one report per operation, then the next
            failures.append(f"{operation.label}:\n{failure}")
    assert not failures, "\n\n".join(failures)
    return statuses


def test_anonymous_requests_answer_as_documented(api_schema: Any, world: World) -> None:
    statuses = fuzz(api_schema, world, lambda: None)

    assert statuses.total() > 1000
    assert {200, 401, 404, 422} <= set(statuses)


def test_a_players_requests_answer_as_documented(api_schema: Any, world: World) -> None:
    statuses = fuzz(api_schema, world, lambda: world.player_token)

    assert statuses.total() > 1000
    # The token works: the answers come from deep inside (created, refused, in conflict), not the door.
    assert {201, 403, 409} <= set(statuses)
    assert statuses[401] < statuses.total() / 20


def test_the_admins_requests_answer_as_documented(api_schema: Any, world: World) -> None:
    statuses = fuzz(api_schema, world, lambda: ADMIN_TOKEN)

    assert statuses.total() > 1000
    assert {200, 201, 409} <= set(statuses)
    assert statuses[401] < statuses.total() / 20
