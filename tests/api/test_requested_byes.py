"""Player-requested byes in a Swiss, through the API: asking, taking back, the refusals, and a
tournament whose pairing leaves the askers out and scores them (standings, crosstable, TRF)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import Answer, Api
from tests.api.support import assert_error
from tests.api.tournament_support import (
    PairingRace,
    create_tournament,
    enter_bots,
    enter_humans,
    organizer,
    run_until_finished,
    services,
)

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


def _setup(api: Api, settings: dict[str, Any] | None = None) -> tuple[str, str, dict[str, str]]:
    _, olga = organizer(api)
    t = create_tournament(api, olga, settings or SWISS)
    humans = enter_humans(api, t["id"], ("Ada", "Bea"))
    return t["id"], olga, humans


def test_a_player_asks_for_a_bye_and_takes_it_back(api: Api) -> None:
    tid, _, humans = _setup(api)
    ada, token = next(iter(humans.items()))
    asked = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    assert asked.status == 201, asked.body
    assert asked.body["id"] == ada
    assert asked.body["requested_byes"] == [2]
    again = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    assert again.status == 201
    assert again.body["requested_byes"] == [2]
    entries = api.call("GET", f"/tournaments/{tid}/entries").body["entries"]
    assert {e["id"]: e["requested_byes"] for e in entries}[ada] == [2]
    back = api.call("DELETE", f"/tournaments/{tid}/byes/2", token=token)
    assert back.status == 200, back.body
    assert back.body["requested_byes"] == []
    assert_error(api.call("DELETE", f"/tournaments/{tid}/byes/2", token=token), 404, "bye_not_found")
    audit = api.call("GET", f"/tournaments/{tid}/audit").body
    actions = [a["action"] for a in audit["audit"]]
    assert "bye_requested" in actions
    assert "bye_cancelled" in actions


def test_bye_requests_are_refused_with_clear_codes(api: Api) -> None:
    tid, olga, humans = _setup(api, {**SWISS, "max_requested_byes": 1})
    (ada, ada_token), (bea, bea_token) = humans.items()
    # Not an entrant, or someone else's entry.
    _, outsider = api.register("Out")
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=outsider), 404, "entrant_not_found"
    )
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1, "entrant": ada}, token=bea_token),
        403,
        "not_your_entry",
    )
    assert_error(api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}), 401, "unauthorized")
    # A round the tournament does not have; a malformed round.
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 4}, token=ada_token), 400, "round_out_of_range"
    )
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 0}, token=ada_token), 422, "validation_error"
    )
    # Over the limit.
    assert api.call("POST", f"/tournaments/{tid}/byes", {"round": 3}, token=ada_token).status == 201
    body = assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=ada_token), 409, "too_many_byes"
    )
    assert body["details"] == {"requested": [3], "max": 1}
    # An organizer asks for anyone.
    by_olga = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2, "entrant": bea}, token=olga)
    assert by_olga.status == 201
    assert by_olga.body["requested_byes"] == [2]
    # A round already paired.
    enter_bots(api, olga, tid, 2)
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] >= 1
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=ada_token),
        409,
        "round_already_paired",
    )


def test_requested_byes_are_only_for_a_swiss(api: Api) -> None:
    tid, _, humans = _setup(api, {"format": "round_robin", "target": 1})
    token = next(iter(humans.values()))
    assert_error(
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 1}, token=token), 400, "byes_not_offered"
    )


def test_settings_take_zero_or_half_a_point(api: Api) -> None:
    _, olga = organizer(api)
    bad = api.call(
        "POST", "/tournaments", {"name": "T", "settings": {**SWISS, "requested_bye_points": 1}}, token=olga
    )
    assert bad.status == 422, bad.body
    zero = create_tournament(api, olga, {**SWISS, "requested_bye_points": 0})
    assert zero["settings"]["requested_bye_points"] == 0
    assert create_tournament(api, olga, SWISS)["settings"]["requested_bye_points"] == 0.5


def test_a_swiss_leaves_the_askers_out_and_scores_them(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, {**SWISS, "max_requested_byes": 2})
    tid = t["id"]
    ids = enter_bots(api, olga, tid, 6)
    asker, other = ids[0], ids[3]
    for number in (2, 3):
        answer = api.call("POST", f"/tournaments/{tid}/byes", {"round": number, "entrant": asker}, token=olga)
        assert answer.status == 201, answer.body
    assert (
        api.call("POST", f"/tournaments/{tid}/byes", {"round": 3, "entrant": other}, token=olga).status == 201
    )
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    final = run_until_finished(api, tid)
    assert final["status"] == "finished"
    rounds = [api.call("GET", f"/tournaments/{tid}/rounds/{n}").body for n in (1, 2, 3)]
    seated = [{x for tb in r["tables"] for x in (tb["first"]["id"], tb["second"]["id"])} for r in rounds]
    assert asker in seated[0]
    assert asker not in seated[1]
    assert asker not in seated[2]
    assert other not in seated[2]
    assert [[b["id"] for b in r["requested_byes"]] for r in rounds] == [[], [asker], sorted([asker, other])]
    # Round 2: five entrants left, so one pairing bye as well; round 3: four, none.
    assert [len(r["byes"]) for r in rounds] == [0, 1, 0]
    assert rounds[1]["byes"][0]["id"] != asker
    rows = {r["entrant"]: r for r in api.call("GET", f"/tournaments/{tid}/standings").body["standings"]}
    assert rows[asker]["requested_byes"] == 2
    assert rows[asker]["byes"] == 0
    won_round_1 = next(
        tb["result"] for tb in rounds[0]["tables"] if asker in (tb["first"]["id"], tb["second"]["id"])
    )
    first = next(tb for tb in rounds[0]["tables"] if asker in (tb["first"]["id"], tb["second"]["id"]))
    own = won_round_1[0] if first["first"]["id"] == asker else won_round_1[1]
    assert rows[asker]["points"] == own + 2 * 0.5
    cross = api.call("GET", f"/tournaments/{tid}/crosstable").body
    row = next(r for r in cross["rows"] if r["entrant"] == asker)
    assert [c["result"] for c in row["cells"]][1:] == ["R", "R"]
    trf = api.call("GET", f"/tournaments/{tid}/export", query={"format": "trf"}).body
    line = next(x for x in trf.splitlines() if x.startswith("001    1 "))  # the top seed: the asker
    assert line[101:111] == "0000 - H  "
    assert line[111:121] == "0000 - H  "


def test_two_requests_racing_on_one_entry_the_later_answers_409_and_the_first_is_kept(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both read the entry before either saved: the bye for round 3 is saved in between the bye for
    round 2's read and its save. The round 2 request changes nothing (its write would have dropped the
    round 3 bye) and says so; read again, it goes through."""
    tid, _, humans = _setup(api, {**SWISS, "max_requested_byes": 2})
    ada, token = next(iter(humans.items()))
    repo = services().tournaments.repo
    plain_save = repo.save_entry
    rival: list[Answer] = []
    raced = False

    def racing_save(*args: Any, **kwargs: Any) -> None:
        nonlocal raced
        if not raced:  # the first save is the round 2 request's: the other request saves first
            raced = True
            rival.append(api.call("POST", f"/tournaments/{tid}/byes", {"round": 3}, token=token))
        plain_save(*args, **kwargs)

    monkeypatch.setattr(repo, "save_entry", racing_save)
    late = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    monkeypatch.undo()
    assert rival[0].status == 201, rival[0].body
    assert rival[0].body["requested_byes"] == [3]
    assert_error(late, 409, "entry_changed")
    assert _requested(api, tid)[ada] == [3]  # the first change is kept, the second changed nothing
    again = api.call("POST", f"/tournaments/{tid}/byes", {"round": 2}, token=token)
    assert again.status == 201, again.body
    assert _requested(api, tid)[ada] == [2, 3]


@pytest.mark.parametrize("when", ["version read", "entries read", "round written"])
@pytest.mark.parametrize("action", ["ask", "take back"])
def test_a_bye_racing_the_pairing_is_honoured_or_refused_never_ignored(
    either_api: Api, monkeypatch: pytest.MonkeyPatch, when: str, action: str
) -> None:
    """A request for round 2 made while the pipeline pairs it: before the round is written it is
    accepted and the pairing follows it (the round's write fails, the pipeline reads again and pairs
    again); after, it is refused with 409 round_already_paired and changes nothing."""
    api = either_api
    _, olga = organizer(api)
    tid = create_tournament(api, olga, {**SWISS, "max_requested_byes": 2})["id"]
    asker = enter_bots(api, olga, tid, 6)[2]
    bye = {"round": 2, "entrant": asker}
    if action == "take back":
        assert api.call("POST", f"/tournaments/{tid}/byes", bye, token=olga).status == 201

    def request() -> Answer:
        if action == "ask":
            return api.call("POST", f"/tournaments/{tid}/byes", bye, token=olga)
        return api.call("DELETE", f"/tournaments/{tid}/byes/2", query={"entrant": asker}, token=olga)

    pipeline = services().pipeline
    race = PairingRace(pipeline.repo, when, request, number=2)
    monkeypatch.setattr(pipeline, "repo", race)
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    for _ in range(10):
        if api.call("GET", f"/tournaments/{tid}").body["current_round"] >= 2:
            break
        pipeline.advance(tid)
    monkeypatch.undo()
    assert race.answers, "round 2 was not paired"
    rnd = api.call("GET", f"/tournaments/{tid}/rounds/2").body
    seated = {x for tb in rnd["tables"] for x in (tb["first"]["id"], tb["second"]["id"])}
    sits_out = asker in [b["id"] for b in rnd["requested_byes"]]
    assert sits_out != (asker in seated)
    answer = race.answers[0]
    if when != "round written":  # accepted, and the pairing follows it
        assert answer.status == (201 if action == "ask" else 200), answer.body
        assert sits_out == (action == "ask")
    else:  # refused, and nothing changed
        assert_error(answer, 409, "round_already_paired")
        assert sits_out == (action == "take back")
    assert _requested(api, tid)[asker] == ([2] if sits_out else [])


def _requested(api: Api, tid: str) -> dict[str, list[int]]:
    entries = api.call("GET", f"/tournaments/{tid}/entries").body["entries"]
    return {e["id"]: e["requested_byes"] for e in entries}


def test_the_starts_seeding_write_reads_again_over_an_entry_changed_meanwhile(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start read the entries and computed new seeding ratings; another write changes an entry
    before the seeding's write. The pipeline's own write reads the entry again and seeds it again: the
    start goes through and neither change is lost."""
    tid, olga, humans = _setup(api)
    ada = next(iter(humans))
    enter_bots(api, olga, tid, 2)
    pipeline = services().pipeline
    repo = services().stores.tournaments
    calls: list[list[str]] = []

    def seeding(settings: Any, entries: list[Any]) -> list[Any]:
        calls.append([e.id for e in entries])
        if len(calls) == 1:  # the start's seeding: Ada's entry is changed meanwhile
            bundle = repo.load(tid)
            meanwhile = next(e for e in bundle.entries if e.id == ada)
            meanwhile.requested_byes, meanwhile.version = [3], meanwhile.version + 1
            repo.save_entry(tid, meanwhile, meanwhile.version - 1)
        chosen = [e for e in entries if e.id == ada]
        for entry in chosen:
            entry.rating = 1234.5
        return chosen

    monkeypatch.setattr(pipeline, "seeding", seeding)
    started = api.call("POST", f"/tournaments/{tid}/start", token=olga)
    monkeypatch.undo()
    assert started.status == 200, started.body
    assert calls[1:] == [[ada]]  # the entry, read again and seeded again
    entry = next(e for e in api.call("GET", f"/tournaments/{tid}/entries").body["entries"] if e["id"] == ada)
    assert entry["requested_byes"] == [3]
    assert entry["rating"] == 1234.5


def test_an_organizers_action_racing_a_bye_request_is_made_again_and_both_hold(
    either_api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bye request moves the tournament's version. An organizer's Pause whose write lost to one used
    to answer 409 stale_version; it is made again on what is stored now: paused, and the bye kept."""
    api = either_api
    tid, olga, _ = _setup(api)  # two people: round 1 stays open until they play
    asker = enter_bots(api, olga, tid, 4)[2]
    assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
    assert api.call("GET", f"/tournaments/{tid}").body["current_round"] == 1
    repo = services().tournaments.repo
    plain_save = repo.save_tournament
    meanwhile: list[Answer] = []

    def save_after_a_bye(t: Any, expected: int) -> None:
        if not meanwhile:  # between the Pause's read and its write
            meanwhile.append(
                api.call("POST", f"/tournaments/{tid}/byes", {"round": 2, "entrant": asker}, token=olga)
            )
        plain_save(t, expected)

    monkeypatch.setattr(repo, "save_tournament", save_after_a_bye)
    paused = api.call("POST", f"/tournaments/{tid}/pause", token=olga)
    monkeypatch.undo()
    assert meanwhile[0].status == 201, meanwhile[0].body
    assert paused.status == 200, paused.body
    assert paused.body["paused"] is True
    assert _requested(api, tid)[asker] == [2]
    audit = [a["action"] for a in api.call("GET", f"/tournaments/{tid}/audit").body["audit"]]
    assert audit.count("paused") == 1
    assert audit.count("bye_requested") == 1


def test_an_organizers_action_that_keeps_losing_its_write_says_so_and_a_repeated_start_is_named(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made again a few times, then 409 stale_version with nothing written; an action made again on a
    tournament another request has changed answers for what is there now (a second Start: started)."""
    from scopa.application.ports.conflict import WriteConflict

    tid, olga, _ = _setup(api)
    repo = services().tournaments.repo
    plain_save = repo.save_tournament
    lost: list[int] = []

    def losing(t: Any, expected: int) -> None:
        lost.append(expected)
        raise WriteConflict("ConditionalCheckFailedException")

    monkeypatch.setattr(repo, "save_tournament", losing)
    refused = api.call("PUT", f"/tournaments/{tid}/settings", {**SWISS, "rounds": 2}, token=olga)
    assert_error(refused, 409, "stale_version")
    assert len(lost) == 3
    assert api.call("GET", f"/tournaments/{tid}").body["settings"]["rounds"] == 3
    monkeypatch.undo()

    def started_by_another(t: Any, expected: int) -> None:
        monkeypatch.undo()  # the other organizer's Start lands first
        assert api.call("POST", f"/tournaments/{tid}/start", token=olga).status == 200
        plain_save(t, expected)

    monkeypatch.setattr(repo, "save_tournament", started_by_another)
    assert_error(api.call("POST", f"/tournaments/{tid}/start", token=olga), 409, "tournament_started")
    audit = [a["action"] for a in api.call("GET", f"/tournaments/{tid}/audit").body["audit"]]
    assert audit.count("started") == 1
