"""Schemathesis against ``/openapi.json`` of the local server: generated requests to every operation.

Every answer must be below 500 and conform to the document: its status is documented, its content type
and body match the documented schema, and data the document forbids is refused. Four callers: anonymous,
a plain player, an organizer (with a live match, a club and a tournament of their own), and the admin, so
the deep paths run and not only the 401s. A request the document calls valid may be refused only for a
reason a schema cannot state (:data:`REFUSALS_NO_SCHEMA_STATES`); any other 400 or 422 fails.
Positive cases draw path parameters from generated strings and from the real ids; negative cases break
the document on purpose. Derandomized: the same requests on every run.

(Schemathesis's own pytest loader, ``from_fixture``, does not run on pytest 9.2, so each operation's
Hypothesis strategy is driven here directly.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.stateful import run_state_machine_as_test

from tests.api.conftest import ADMIN_TOKEN
from tests.fuzz.conftest import World

EXAMPLES = 2  # per operation and mode (positive, negative): about 260 requests for each caller

#: Why a request the document calls valid may still be refused: what depends on stored data or on the
#: game, which no JSON schema can say (docs/api.md, "What the document cannot state").
REFUSALS_NO_SCHEMA_STATES = {
    "invalid_cursor",  # a cursor is opaque: only one the service issued reads back
    "conflicting_filters",  # a leaderboard by club or by tournament: OpenAPI cannot tie two query values
    "wrong_player_count",  # how many players a preset seats (Scopa 2-4, Briscola 2-8, per preset)
    "wrong_team_size",  # a tournament's team size
    "invalid_rules",  # a preset's name and its options belong to the game (GET /rules?game=)
    "unsupported_rules",
    "illegal_move",  # the cards in hand and on the table
    "invalid_input",  # a card code the game does not know
    "duplicate_player",  # one seat a player, whoever the ids name
    "bot_player",  # ids that name a house bot
    "challenge_a_bot",
    "challenge_yourself",  # who the caller is
    "own_seek",
    "seek_for_two",  # a seek's preset must seat two
    "players_required",
    "club_required",  # a club entry policy needs a club
    "invalid_pairing",  # pairings name the tournament's entrants
    "invalid_result",
    "invalid_seed",
    "idempotency_key_reused",  # the same key was used for another request
    "invalid_webhook_url",  # where the host resolves (public addresses only); http:// where allowed
    "round_out_of_range",  # standings after a round that has closed (the tournament's progress)
    "byes_not_offered",  # requested byes: the stored tournament must be a Swiss
    "not_an_arena",  # the leaderboard or a pause of an arena: the stored tournament's format
}


# A schema cannot say everything: a cursor must be one the service issued, a Swiss needs its rounds, a
# team has the tournament's size. A schema-valid request may be refused with a documented 400 or 422
# (checked against the document like every answer); only a 5xx or an undocumented answer fails.
CONFIG_CHECKS = {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "422"]}
}
CONFIG = schemathesis.Config.from_dict({"checks": CONFIG_CHECKS})


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


Operation = tuple[Any, st.SearchStrategy[Any]]


@pytest.fixture(scope="module")
def operations(api_schema: Any, world: World) -> list[Operation]:
    """Each operation with its strategy, built once for the four callers.

    Building a strategy is most of the cost: the name pattern is a character class of some 140,000
    code points that Hypothesis expands whenever a strategy holding it is first drawn from, so a strategy
    is drawn from by all four callers rather than rebuilt for each.
    """
    built = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        strategy = st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE).flatmap(_with_real_ids(world)),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )
        built.append((operation, strategy))
    return built


def fuzz(operations: list[Operation], world: World, token: Callable[[], str | None]) -> Counter[int]:
    """Run every operation's generated cases; return how many answers came back with each status.

    Fails, after every operation ran, with schemathesis's report of each operation's first bad answer
    (with a curl line to reproduce it; derandomized, so the same request comes back on the next run).
    """
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    refused: Counter[str] = Counter()
    assert len(operations) >= 50
    for operation, strategy in operations:

        @settings(
            max_examples=EXAMPLES * 2,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],  # no shrinking: derandomized, a failure reproduces
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
                meta = case.meta
                positive = meta is not None and meta.generation.mode == GenerationMode.POSITIVE
                if positive and response.status_code in (400, 422):
                    code = (response.json() or {}).get("code")
                    refused[str(code)] += 1
                    assert code in REFUSALS_NO_SCHEMA_STATES, (
                        f"a request the document calls valid was refused: {response.status_code} "
                        f"{response.text[:300]}\n{case.as_curl_command()}"
                    )
            finally:
                rotated = case.path == "/me/token" and case.method.upper() in ("POST", "DELETE")
                if rotated and bearer is not None and bearer in (world.player_token, world.other_token):
                    world.refresh_token(bearer)  # the fuzzer rotated or revoked it: carry on with a new one

        try:
            check()
        except (Exception, BaseExceptionGroup) as failure:  # one report per operation, then the next
            failures.append(f"{operation.label}:\n{failure}")
    print(f"\n{statuses.total()} cases: statuses {dict(sorted(statuses.items()))}; refused {dict(refused)}")
    assert not failures, "\n\n".join(failures)
    return statuses


def test_anonymous_requests_answer_as_documented(operations: list[Operation], world: World) -> None:
    statuses = fuzz(operations, world, lambda: None)

    assert statuses.total() > 200
    assert {200, 401, 404, 422} <= set(statuses)


def test_a_players_requests_answer_as_documented(operations: list[Operation], world: World) -> None:
    statuses = fuzz(operations, world, lambda: world.player_token)

    assert statuses.total() > 200
    # The token works: the answers come from deep inside (created, refused, in conflict), not the door.
    assert {201, 403, 409} <= set(statuses)
    assert statuses[401] < statuses.total() / 10  # negative cases break the Authorization header


def test_a_plain_players_requests_answer_as_documented(operations: list[Operation], world: World) -> None:
    statuses = fuzz(operations, world, lambda: world.other_token)

    assert statuses.total() > 200
    assert {200, 403} <= set(statuses)


def test_the_admins_requests_answer_as_documented(operations: list[Operation], world: World) -> None:
    statuses = fuzz(operations, world, lambda: ADMIN_TOKEN)

    assert statuses.total() > 200
    assert {200, 201, 409} <= set(statuses)
    assert statuses[401] < statuses.total() / 10  # negative cases break the Authorization header


# --------------------------------------------------------------------------- stateful: following the links

#: The operations the document links (functions/api/responses.py ``link``): a created match leads to
#: reading it, moving in it and resigning it; a registration leads to the player and their matches.
LINKED = [
    "register_player",
    "get_player",
    "list_player_matches",
    "create_match",
    "get_match",
    "play_move",
    "resign_match",
]


def test_following_the_documented_links_answers_as_documented(world: World) -> None:
    config = schemathesis.Config.from_dict(
        {
            "checks": CONFIG_CHECKS,
            # only the links the document declares, none inferred from names
            "phases": {"stateful": {"inference": {"algorithms": []}, "max-steps": 6}},
        }
    )
    schema = schemathesis.openapi.from_url(f"{world.url}/openapi.json", config=config)
    linked = schema.include(operation_id=LINKED)
    seen: Counter[tuple[str, int]] = Counter()

    class Workflow(linked.as_state_machine()):  # type: ignore[misc]
        def before_call(self, case: Any) -> None:
            # A match between the world's player and a house bot, so the links have a match to lead to;
            # a body made to break the schema is sent as made (filling it in would make it valid).
            if (
                case.operation.definition.raw.get("operationId") == "create_match"
                and isinstance(case.body, dict)
                and _body_is_positive(case)
            ):
                case.body["players"] = [world.player_id, "bot-greedy"]

        def get_call_kwargs(self, case: Any) -> dict[str, Any]:
            return {
                "base_url": world.url,
                "headers": {"Authorization": f"Bearer {world.player_token}"},
                "timeout": 30,
            }

        def after_call(self, response: Any, case: Any) -> None:
            super().after_call(response, case)
            seen[(case.operation.definition.raw["operationId"], response.status_code)] += 1

    run_state_machine_as_test(
        Workflow,
        settings=settings(
            max_examples=10,
            stateful_step_count=6,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
            print_blob=False,
        ),
    )

    print(f"\n{seen.total()} steps: {dict(sorted(seen.items()))}")
    assert not [key for key in seen if key[1] >= 500]
    # The links were followed: a created match and a registered player were read back through them.
    assert seen[("create_match", 201)]
    assert seen[("get_match", 200)]
    assert seen[("register_player", 201)]
    assert seen[("get_player", 200)]


def _body_is_positive(case: Any) -> bool:
    """Whether the case's body was generated to match its schema (schemathesis records it per part)."""
    meta = case.meta
    body = meta.components.get(ParameterLocation.BODY) if meta is not None else None
    return body is None or body.mode == GenerationMode.POSITIVE
