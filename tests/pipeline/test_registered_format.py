"""A format defined here, in the tests, and registered from here: the API takes it, a tournament plays it
through the pipeline to the end, and its page renders, with no other file edited. This is the promise of
:mod:`scopa.domain.tournaments.formats`: a format is one module and a registration.

King of the hill: a fixed number of rounds (the organizer's ``rounds``); every round pairs the standings
in order, 1st against 2nd, 3rd against 4th, ..., the last one sitting out when the field is odd."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from scopa.domain.tournaments import formats
from scopa.domain.tournaments.formats.base import FormatSetting, PlannedRound, RoundFormat, active_in
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.records import EntryRecord, RoundRecord
from scopa.domain.tournaments.settings import TiebreakName, TournamentSettings
from tests.api.conftest import Api
from tests.api.tournament_support import create_tournament, enter_bots, organizer, run_until_finished
from tools.spec import SPEC, live

NAME = "king_of_the_hill"
FIELD = 5
ROUNDS = 3


class KingOfTheHill(RoundFormat):
    name: str = NAME
    takes: frozenset[FormatSetting] = frozenset({"rounds"})
    default_tiebreaks: tuple[TiebreakName, ...] = ("wins", "game_point_difference", "lot")

    def check_settings(self, settings: TournamentSettings) -> None:
        if settings.rounds is None:
            raise ValueError("a king of the hill needs a number of rounds")

    def rounds_planned(self, settings: TournamentSettings, entrants: int) -> int | None:
        return settings.rounds

    def plan_round(
        self,
        settings: TournamentSettings,
        number: int,
        entries: Sequence[EntryRecord],
        rounds: Sequence[RoundRecord],
        lot_seed: str,
    ) -> PlannedRound:
        playing = {e.id for e in active_in(entries, number)}
        rows = self.standings(settings, entries, rounds, None, lot_seed)
        order = [r.entrant for r in rows if r.entrant in playing]
        tables = tuple(Table(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2))
        byes = (order[-1],) if len(order) % 2 else ()
        return PlannedRound(RoundPairing(tables, byes))


@pytest.fixture
def king() -> Iterator[KingOfTheHill]:
    fmt = KingOfTheHill()
    formats.register(fmt)
    yield fmt
    formats.unregister(NAME)


def _ids(side: dict[str, Any]) -> str:
    return str(side["id"])


def test_a_format_registered_by_a_test_is_played_to_the_end_and_shown(api: Api, king: KingOfTheHill) -> None:
    # Given a king of the hill, registered above, and five bots entered through the API
    _, olga = organizer(api)
    refused = api.call("POST", "/tournaments", {"name": "K", "settings": {"format": NAME}}, token=olga)
    assert refused.status == 422, refused.body  # the format's own check: it needs its rounds
    t = create_tournament(api, olga, {"format": NAME, "rounds": ROUNDS, "target": 1})
    tid = t["id"]
    assert t["settings"]["format"] == NAME
    assert t["settings"]["bye_points"] == 1.0  # the format's default
    enter_bots(api, olga, tid, FIELD, kinds=("random", "greedy"))

    # When it starts and the pipeline runs it to the end
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    assert started.status == 200, started.body
    assert started.body["rounds_planned"] == ROUNDS
    final = run_until_finished(api, tid)

    # Then it played its rounds, each pairing the standings before it in order
    assert final["current_round"] == ROUNDS
    for number in range(1, ROUNDS + 1):
        rnd = api.call("GET", f"/tournaments/{tid}/rounds/{number}").body
        before = api.call("GET", f"/tournaments/{tid}/standings", query={"round": str(number - 1)})
        assert before.status == 200, before.body
        order = [r["entrant"] for r in before.body["standings"]]
        seated = [x for tb in rnd["tables"] for x in (_ids(tb["first"]), _ids(tb["second"]))]
        assert seated == order[: len(seated)], number
        assert [_ids(b) if isinstance(b, dict) else b for b in rnd["byes"]] == order[len(seated) :]
    standings = api.call("GET", f"/tournaments/{tid}/standings").body
    assert len(standings["standings"]) == FIELD
    assert standings["tiebreaks"] == ["wins", "game_point_difference", "lot"]

    # And its page renders, naming the format; the API's document still lists the built-in formats only
    page = api.call("GET", f"/web/tournaments/{tid}")
    assert page.status == 200
    assert "king of the hill" in page.body
    assert 'id="crosstable"' in page.body
    assert live() == SPEC.read_text(encoding="utf-8")


def test_an_unregistered_format_is_refused(api: Api) -> None:
    _, olga = organizer(api)
    answer = api.call(
        "POST", "/tournaments", {"name": "K", "settings": {"format": NAME, "rounds": 3}}, token=olga
    )
    assert answer.status == 422, answer.body
