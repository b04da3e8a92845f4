"""Schemathesis against ``/openapi.json`` of the local server: every operation, every check, four callers.

What an outside fuzzer sends, built once and sent as each caller: the document's examples; the coverage
phase (each bound and its neighbours, each constraint broken on its own, required parts missing, the
``Authorization`` header left out, methods the path does not take, a multipart Content-Type without a
boundary and an undocumented media type); and fuzzed cases drawn from each operation's schema, valid ones
(path ids drawn from generated strings and from the world's real players, match, club, tournament and
seek) and ones made to break it. Derandomized and not shrunk: the same requests on every run.

Every schemathesis 4 check is on (``CONFIG``): no 5xx; statuses, content types, headers and bodies as
documented; data the document forbids refused (negative_data_rejection); a required header left out
refused (missing_required_header); an undeclared method 405 with ``Allow``; no secured 2xx without a
token (ignored_auth); each answer within ``MAX_SECONDS``. A request the document calls valid may be
refused only for a reason no schema can state (:data:`REFUSALS_NO_SCHEMA_STATES`, the list of
docs/api.md); any other 400 or 422 fails. Four callers: anonymous, an organizer with the world's
match, club and tournament (``world.player_token``), a plain player, and the admin; rate limits off.

(Schemathesis's own pytest loader, ``from_fixture``, does not run on pytest 9.2, so the cases are built
here with its generators and sent with its transport and checks.)
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from requests.structures import CaseInsensitiveDict
from schemathesis import GenerationMode
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation.case import Case
from schemathesis.generation.drivers import CoverageGenerator, ExamplesGenerator
from schemathesis.generation.feedback import NO_FEEDBACK
from schemathesis.generation.meta import CoverageScenario
from schemathesis.generation.overrides import Override
from schemathesis.generation.stateful import run_state_machine_as_test

from tests.api.conftest import ADMIN_TOKEN
from tests.fuzz.conftest import World

#: Fuzzed cases per operation and mode (positive, negative), on top of the coverage phase's: the
#: coverage phase already sends each bound and each broken constraint, so a few random draws suffice.
EXAMPLES = 2
#: API Gateway's integration timeout is 30 s and a long-poll waits at most 20: an answer slower than
#: this is a fault whatever its status.
MAX_SECONDS = 25

#: Why a request the document calls valid may still be refused: what depends on stored data, on the
#: caller or on the game, which no JSON schema can say (docs/api.md, "What it cannot state").
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
    "players_required",  # whom an entry is for, when the caller is not a player
    "club_required",  # a club entry policy needs the tournament's club
    "invalid_pairing",  # pairings name the tournament's entrants
    "idempotency_key_reused",  # the same key was used for another request
    "invalid_webhook_url",  # where the host resolves (public addresses only); http:// where allowed
    "round_out_of_range",  # standings after a round that has closed (the tournament's progress)
    "byes_not_offered",  # requested byes: the stored tournament must be a Swiss
    "not_an_arena",  # the leaderboard or a pause of an arena: the stored tournament's format
    "invalid_entry_list",  # an imported text's lines: their count, length, a CSV's header
    "invalid_season_dates",  # a season ends on or after it starts (two values; with an edit, the stored)
    "invalid_season_rules",  # points never rising down a list of any length; best_of within events
    "tournament_of_another_club",  # attaching to a season: the stored tournament's club, status, start
    "tournament_cancelled",
    "tournament_outside_season",
    "not_in_round",  # a round's close names absent entrants: the stored round's tables seat them
    "impossible_score",  # a table's games: the game's rules (target, ties, 120 card points, best of N)
}

# Every check on, with their defaults but two: a schema-valid request may be refused with a documented
# 400 or 422 (then :func:`refused_for_what_no_schema_states` checks its code), and every answer has
# MAX_SECONDS. The stateful checks (use_after_free, ensure_resource_availability) act in the stateful
# test below; object_level_authorization needs two configured identities and finds none here.
CONFIG_CHECKS: dict[str, Any] = {
    "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "401", "403", "404", "409", "422"]},
    "max_response_time": MAX_SECONDS,
}
CONFIG = schemathesis.Config.from_dict({"checks": CONFIG_CHECKS})
ALL_CHECKS = {
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
    "missing_required_header",
    "unsupported_method",
    "allow_header_conformance",
    "use_after_free",
    "ensure_resource_availability",
    "ignored_auth",
    "object_level_authorization",
    "max_response_time",
}


def refused_for_what_no_schema_states(ctx: Any, response: Any, case: Case[Any]) -> bool | None:
    """A check of ours: a request the document calls valid refused with 400 or 422 names a reason no
    schema can state."""
    meta = case.meta
    if (
        meta is None
        or meta.generation.mode != GenerationMode.POSITIVE
        or response.status_code not in (400, 422)
    ):
        return None
    code = (response.json() or {}).get("code")
    assert code in REFUSALS_NO_SCHEMA_STATES, (
        f"a request the document calls valid was refused: {response.status_code} {response.text[:300]}"
    )
    return True


# --------------------------------------------------------------------------- the cases, built once


@pytest.fixture(scope="module", autouse=True)
def regex_strategies_built_once() -> Iterator[None]:
    """Hypothesis builds a regex's strategy by walking each character class code point by code point,
    and schemathesis asks for one on every draw: the name pattern's two classes (some 140,000 characters)
    cost most of a second each time, most of this file's time. The strategy depends only on the pattern,
    its flags and the alphabet, so here each is built once; what is drawn from it is unchanged."""
    from hypothesis.strategies._internal import regex

    original = regex.base_regex_strategy
    built: dict[tuple[Any, int, str], Any] = {}

    def once(pattern: Any, *, parsed: Any = None, alphabet: Any) -> Any:
        key = (pattern.pattern, pattern.flags, repr(alphabet))
        if key not in built:
            built[key] = original(pattern, parsed=parsed, alphabet=alphabet)
        return built[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(regex, "base_regex_strategy", once)
        yield


@pytest.fixture(scope="module")
def api_schema(world: World) -> Any:
    return schemathesis.openapi.from_url(f"{world.url}/openapi.json", config=CONFIG)


def _real_ids(
    case: Case[Any], ids: dict[str, list[str]], pick: Callable[[list[str]], str | None]
) -> Case[Any]:
    """The case with the world's ids in the path parameters ``pick`` chooses one for."""
    for name in list(case.path_parameters or {}):
        real = pick(ids[name]) if name in ids else None
        if real is not None:
            case.path_parameters[name] = real
    return case


def _fuzzed(operation: Any, ids: dict[str, list[str]]) -> list[Case[Any]]:
    """About EXAMPLES positive cases (path ids generated or real) and EXAMPLES negative ones, where the
    operation has anything to break."""

    def with_real(case: Case[Any]) -> st.SearchStrategy[Case[Any]]:
        chosen = {n: st.one_of(st.none(), st.sampled_from(ids[n])) for n in case.path_parameters if n in ids}
        return st.fixed_dictionaries(chosen).map(
            lambda real: _real_ids(case, {n: [v] for n, v in real.items() if v}, lambda v: v[0])
        )

    strategy = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE).flatmap(with_real),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )
    drawn: list[Case[Any]] = []

    @settings(
        max_examples=EXAMPLES * 2,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    @given(case=strategy)
    def collect(case: Case[Any]) -> None:
        drawn.append(case)

    collect()
    return drawn


def _covered(operation: Any, ids: dict[str, list[str]]) -> list[Case[Any]]:
    """The schema's examples and the coverage phase's cases; path ids real where the path is valid."""
    schema = operation.schema
    generation = schema.config.generation_for(operation=operation, phase="coverage")
    cases = [
        *ExamplesGenerator(
            operation=operation, override=Override(), feedback=NO_FEEDBACK, fill_missing=False
        ),
        *CoverageGenerator(
            operation=operation,
            generation_modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
            generation_config=generation,
            auth_storage=None,
            override=Override(),
            feedback=NO_FEEDBACK,
        ),
    ]
    for case in cases:
        meta = case.meta
        if meta is None or not meta.is_negative_at(ParameterLocation.PATH):
            _real_ids(case, ids, lambda values: values[0])
    return cases


@pytest.fixture(scope="module")
def cases(api_schema: Any, world: World) -> list[Case[Any]]:
    """Every operation's cases, built once for the four callers, in the order they go (:func:`_turn`)."""
    ids = world.ids()
    built = []
    for result in api_schema.get_all_operations():
        operation = result.ok()
        built += [*_covered(operation, ids), *_fuzzed(operation, ids)]
    assert len({c.operation.label for c in built}) >= 70
    return sorted(built, key=_turn)  # stable: each operation's cases keep their order


#: The last segment of a path that ends the world's match, tournament or an entry's part in it.
ENDINGS = {"start", "cancel", "advance", "resign", "withdraw", "decline"}


def _turn(case: Case[Any]) -> int:
    """Reads and edits first, then creations and actions, then what ends a resource: so every edit meets
    the world's match, club and tournament still open (a broken body sent to a started tournament would
    answer 409 whatever validation did, which the negative check takes for a refusal)."""
    method = case.operation.method.upper()
    if method == "DELETE" or case.operation.path.rsplit("/", 1)[-1] in ENDINGS:
        return 2
    return 1 if method == "POST" else 0


# --------------------------------------------------------------------------- sending them as a caller


def _leaves_out_the_token(case: Case[Any]) -> bool:
    """The coverage phase's case that sends no ``Authorization`` on purpose (missing_required_header)."""
    meta = case.meta
    data = getattr(meta.phase, "data", None) if meta is not None else None
    return (
        getattr(data, "scenario", None) == CoverageScenario.MISSING_PARAMETER
        and str(getattr(data, "parameter", "")).lower() == "authorization"
    )


def _negative(case: Case[Any]) -> bool:
    meta = case.meta
    return meta is not None and meta.generation.mode == GenerationMode.NEGATIVE


@dataclass
class Run:
    """What one caller's run saw."""

    statuses: Counter[int] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    failures: dict[str, str] = field(default_factory=dict)

    def summary(self, who: str) -> str:
        return (
            f"{who}: {self.statuses.total()} cases, statuses {dict(sorted(self.statuses.items()))}; "
            f"refused as no schema states {dict(self.refused)}"
        )


def without_token(case: Case[Any]) -> Case[Any]:
    """A copy of ``case`` without the ``Authorization`` its generator filled in, with metadata of its own
    (an anonymous caller's request: where the document wants a token, now one made to break it)."""
    headers = CaseInsensitiveDict(case.headers or {})
    headers.pop("Authorization", None)
    return Case(
        operation=case.operation,
        method=case.method,
        path=case.path,
        path_parameters=dict(case.path_parameters or {}),
        headers=headers,
        cookies=dict(case.cookies or {}),
        query=copy.deepcopy(case.query),
        body=copy.deepcopy(case.body),
        media_type=case.media_type,
        multipart_content_types=case.multipart_content_types,
        meta=copy.deepcopy(case.meta),
    )


def fuzz(
    cases: list[Case[Any]],
    world: World,
    token: Callable[[], str | None],
    negative: Callable[[Case[Any]], bool],
) -> Run:
    """Send the cases as the caller ``token`` names (read afresh for each: the fuzzer may rotate it) on
    one kept-alive session, and check each answer; of the cases made to break the document, those
    ``negative`` picks. The token goes as an explicit header in place of the generated one (ignored_auth
    then probes the route without it); an anonymous caller sends none. Reports schemathesis's account of
    each operation's first bad answer (with a curl line to reproduce it)."""
    run = Run()
    session = requests.Session()
    for generated in cases:
        label = generated.operation.label
        if label in run.failures or (_negative(generated) and not negative(generated)):
            continue
        bearer = token()
        case = generated if bearer is not None else without_token(generated)
        headers = (
            {} if bearer is None or _leaves_out_the_token(case) else {"Authorization": f"Bearer {bearer}"}
        )
        try:
            response = case.call(base_url=world.url, session=session, headers=headers, timeout=30)
            run.statuses[response.status_code] += 1
            case.validate_response(
                response,
                headers=headers,
                additional_checks=[refused_for_what_no_schema_states],
                transport_kwargs={"base_url": world.url, "headers": headers, "timeout": 30},
            )
            if response.status_code in (400, 422) and not _negative(case):
                run.refused[str((response.json() or {}).get("code"))] += 1
        except (Exception, BaseExceptionGroup) as failure:  # one report per operation, then the next
            run.failures[label] = f"{label}:\n{failure}"
        finally:
            rotated = case.path == "/me/token" and case.method.upper() in ("POST", "DELETE")
            if rotated and bearer is not None and bearer in (world.player_token, world.other_token):
                world.refresh_token(bearer)  # the fuzzer rotated or revoked it: carry on with a new one
    session.close()
    # The admin's cases may have rotated the world's players' tokens (POST /players/{id}/token): the next
    # caller, and the stateful test, start with fresh ones.
    world.refresh_token(world.player_token)
    world.refresh_token(world.other_token)
    return run


def _admin_only(case: Case[Any]) -> bool:
    return "admin" in (case.operation.definition.raw.get("tags") or [])


#: Who sends, which of the cases made to break the document they send too, and statuses their answers
#: must include (the token reaches deep: created, refused, in conflict, not only the door's 401). A
#: negative case is refused by the request's validation before anyone is looked up, whoever sends it;
#: only one validation misses goes further, and shows as accepted where the caller may act. So each goes
#: once, as the caller who may act there: the admin on the admin's routes, the organizer (a player, and
#: the owner of the world's club and tournament) everywhere else. Every other case goes as all four.
CALLERS: list[tuple[str, Callable[[World], str | None], Callable[[Case[Any]], bool], set[int]]] = [
    ("anonymous", lambda w: None, lambda case: False, {200, 401, 404}),
    (
        "organizer",
        lambda w: w.player_token,
        lambda case: not _admin_only(case),
        {200, 201, 403, 405, 409, 415, 422},
    ),
    ("plain player", lambda w: w.other_token, lambda case: False, {200, 201, 403}),
    ("admin", lambda w: ADMIN_TOKEN, _admin_only, {200, 201, 405, 409, 415, 422}),
]


def test_the_checks_are_every_check_schemathesis_has() -> None:
    from schemathesis.checks import CHECKS, load_all_checks

    load_all_checks()
    assert set(CHECKS.get_all_names()) | {"max_response_time"} == ALL_CHECKS
    config = CONFIG.projects.default.checks
    assert all(config.get_by_name(name=name).enabled for name in ALL_CHECKS)


def test_every_callers_requests_answer_as_documented(
    cases: list[Case[Any]], world: World, subtests: Any
) -> None:
    # One test, four subtests: the cases are built once (most of the time) for the four callers.
    for who, token, negative, expected in CALLERS:
        with subtests.test(caller=who):
            run = fuzz(cases, world, lambda token=token: token(world), negative)  # type: ignore[misc]
            print(f"\n{run.summary(who)}")
            assert not run.failures, "\n\n".join(run.failures.values())
            assert not [status for status in run.statuses if status >= 500]
            assert expected <= set(run.statuses), run.statuses
            assert run.statuses.total() > 500


# --------------------------------------------------------------------------- what cannot be stated


def test_the_refusals_no_schema_states_are_the_ones_docs_api_lists() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("**What it cannot state**", 1)[1].split("\n\n", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", section)) == REFUSALS_NO_SCHEMA_STATES


# --------------------------------------------------------------------------- stateful: following the links

#: The operations the document links (functions/api/responses.py ``link``): a created match leads to
#: reading it, moving in it and resigning it; a registration leads to the player and their matches.
#: Scenarios of up to 6 steps.
STATEFUL_SCENARIOS = 12

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
            max_examples=STATEFUL_SCENARIOS,
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
    # The links were followed: a created match was read, moved in or resigned through them, and a
    # registered player read back. (Which link a scenario takes depends on the answers before it, which
    # depend on what ran earlier in the process: any of the three counts.)
    assert seen[("create_match", 201)]
    assert any(seen[(op, 200)] for op in ("get_match", "play_move", "resign_match")), seen
    assert seen[("register_player", 201)]
    assert seen[("get_player", 200)]


def _body_is_positive(case: Any) -> bool:
    """Whether the case's body was generated to match its schema (schemathesis records it per part)."""
    meta = case.meta
    body = meta.components.get(ParameterLocation.BODY) if meta is not None else None
    return body is None or body.mode == GenerationMode.POSITIVE
