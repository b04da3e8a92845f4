"""Importing entrants from a pasted list or a CSV: every line reported (entered, guest made, namesakes,
unknowns, duplicates, invalid lines, already entered); a dry run writes nothing; a retry under the same
Idempotency-Key enters nobody twice; over-limit texts are refused with a 422 naming the limit."""

from __future__ import annotations

from typing import Any

import pytest

from api import context
from scopa.domain.tournaments.entry_list import MAX_LINE_LENGTH, MAX_LINES, as_csv_text
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, organizer

SWISS = {"format": "swiss", "rounds": 3, "target": 1}


def statuses(answer: dict[str, Any]) -> list[tuple[int, str, str]]:
    return [(line["line"], line["name"], line["status"]) for line in answer["lines"]]


def entrants(api: Api, tournament_id: str) -> set[str]:
    return {e["id"] for e in api.call("GET", f"/tournaments/{tournament_id}/entries").body["entries"]}


def test_a_pasted_list_is_reported_line_by_line(api: Api) -> None:
    _, olga = organizer(api)
    ada, _ = api.register("Ada Rossi")
    bruno1, _ = api.register("Bruno")
    bruno2, _ = api.register("bruno")
    cid, cid_t = api.register("Cid")
    t = create_tournament(api, olga, SWISS)
    base = f"/tournaments/{t['id']}"
    assert api.call("POST", f"{base}/entries", {}, token=cid_t).status == 201
    text = "# club night\nada  rossi\n\nBruno\nCid\nNonna Pina\nADA ROSSI\nnonna pina\n\u0007bad\n"

    dry = api.call(
        "POST", f"{base}/entries/import", {"text": text, "dry_run": True, "create_guests": True}, token=olga
    )
    assert dry.status == 200, dry.body
    expected = [
        (2, "Ada Rossi", "entered"),
        (4, "Bruno", "namesake"),
        (5, "Cid", "already_entered"),
        (6, "Nonna Pina", "guest_created"),
        (7, "ADA ROSSI", "duplicate"),
        (8, "nonna pina", "duplicate"),
        (9, "\u0007bad", "invalid"),
    ]
    assert statuses(dry.body) == expected
    assert dry.body["dry_run"] is True
    assert entrants(api, t["id"]) == {cid}  # nothing written
    assert api.call("GET", "/players", query={"name": "Nonna Pina"}).body["players"] == []

    without_guests = api.call(
        "POST", f"{base}/entries/import", {"text": "Nonna Pina\n", "dry_run": True}, token=olga
    )
    assert statuses(without_guests.body) == [(1, "Nonna Pina", "unknown")]

    done = api.call("POST", f"{base}/entries/import", {"text": text, "create_guests": True}, token=olga)
    assert done.status == 200, done.body
    assert statuses(done.body) == expected
    lines = {line["line"]: line for line in done.body["lines"]}
    assert lines[2]["player_id"] == ada
    assert {c["id"] for c in lines[4]["candidates"]} == {bruno1, bruno2}
    assert lines[7]["reason"] == "the same player as line 2"
    assert "control" in lines[9]["reason"]
    guest = lines[6]["player_id"]
    assert entrants(api, t["id"]) == {cid, ada, guest}
    assert [g["id"] for g in api.call("GET", "/guests", token=olga).body["guests"]] == [guest]
    assert done.body["counts"] == {
        "entered": 1,
        "namesake": 1,
        "already_entered": 1,
        "guest_created": 1,
        "duplicate": 2,
        "invalid": 1,
    }


def test_a_csv_names_players_by_id_and_sets_seeding_ratings(api: Api) -> None:
    _, olga = organizer(api)
    bruno1, _ = api.register("Bruno")
    api.register("Bruno")
    t = create_tournament(api, olga, SWISS)
    text = as_csv_text(
        [
            ["Name", "Rating", "Club", "Player ID"],
            ["Bruno", "1700", "Circolo", bruno1],  # the id settles the namesakes
            ["Ugo", "abc", "", ""],
            ["Eva", "99999", "", ""],
            ["", "1500", "", ""],
            ["Zed", "1500", ""],
            ["Ivo", "", "", "p_nobody"],
        ]
    )
    answer = api.call(
        "POST", f"/tournaments/{t['id']}/entries/import", {"format": "csv", "text": text}, token=olga
    )
    assert answer.status == 200, answer.body
    got = [(line["line"], line["status"], line["reason"]) for line in answer.body["lines"]]
    assert got == [
        (2, "entered", None),
        (3, "invalid", "rating 'abc' is not a number"),
        (4, "invalid", "a rating is between 0 and 4000"),
        (5, "invalid", "no name"),
        (6, "invalid", "3 cells where the header names 4"),
        (7, "invalid", "no player 'p_nobody'"),
    ]
    entries = api.call("GET", f"/tournaments/{t['id']}/entries").body["entries"]
    assert [(e["id"], e["rating"]) for e in entries] == [(bruno1, 1700)]


def test_a_retry_under_the_same_key_enters_nobody_twice(api: Api) -> None:
    _, olga = organizer(api)
    t = create_tournament(api, olga, SWISS)
    body = {"text": "Nonna Pina\nZio Gino\n", "create_guests": True}
    keyed = {"Idempotency-Key": "import-1"}
    first = api.call("POST", f"/tournaments/{t['id']}/entries/import", body, token=olga, headers=keyed)
    again = api.call("POST", f"/tournaments/{t['id']}/entries/import", body, token=olga, headers=keyed)
    assert first.status == again.status == 200
    assert first.body == again.body
    assert len(entrants(api, t["id"])) == 2
    assert len(api.call("GET", "/guests", token=olga).body["guests"]) == 2
    other = api.call(
        "POST", f"/tournaments/{t['id']}/entries/import", {**body, "dry_run": True}, token=olga, headers=keyed
    )
    assert_error(other, 422, "idempotency_key_reused")
    # Without a key, the same list again finds them entered (and makes no new guest).
    plain = api.call("POST", f"/tournaments/{t['id']}/entries/import", body, token=olga)
    assert [line["status"] for line in plain.body["lines"]] == ["already_entered", "already_entered"]
    assert len(api.call("GET", "/guests", token=olga).body["guests"]) == 2


def test_refusals_of_an_import(api: Api) -> None:
    _, olga = organizer(api)
    _, otto = organizer(api, "Otto")
    t = create_tournament(api, olga, SWISS)
    url = f"/tournaments/{t['id']}/entries/import"
    assert_error(api.call("POST", url, {"text": "Ada"}), 401, "unauthorized")
    assert_error(api.call("POST", url, {"text": "Ada"}, token=otto), 403, "not_tournament_organizer")
    assert_error(
        api.call("POST", "/tournaments/t_nope/entries/import", {"text": "Ada"}, token=olga),
        404,
        "tournament_not_found",
    )
    too_many = "\n".join(f"Player {n}" for n in range(MAX_LINES + 2))
    refused = assert_error(api.call("POST", url, {"text": too_many}, token=olga), 422, "invalid_entry_list")
    assert f"more than {MAX_LINES} entrants" in refused["message"]
    long = "x" * (MAX_LINE_LENGTH + 1)
    refused = assert_error(
        api.call("POST", url, {"text": f"Ada\n{long}"}, token=olga), 422, "invalid_entry_list"
    )
    assert f"line 2 has more than {MAX_LINE_LENGTH} characters" in refused["message"]
    refused = assert_error(
        api.call("POST", url, {"format": "csv", "text": "who,rating\nAda,1"}, token=olga),
        422,
        "invalid_entry_list",
    )
    assert "unknown: who" in refused["message"]
    assert_error(api.call("POST", url, {"format": "xml", "text": "Ada"}, token=olga), 422, "validation_error")
    pairs = create_tournament(api, olga, {**SWISS, "preset": "scopone"})
    assert_error(
        api.call("POST", f"/tournaments/{pairs['id']}/entries/import", {"text": "Ada"}, token=olga),
        400,
        "wrong_team_size",
    )


def test_a_crash_half_way_then_a_retry_ends_as_one_clean_run(
    api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first run dies after the guest of line 2 is made but before its entry: the retry under the same
    key makes no second guest and no second entry, and every line ends entered."""
    _, olga = organizer(api)
    ada, _ = api.register("Ada")
    t = create_tournament(api, olga, SWISS)
    entries = context.services().tournament_entries
    real_enter = entries.enter
    calls = {"n": 0}

    def dying_enter(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("the function timed out")
        return real_enter(*args, **kwargs)

    body = {"text": "Ada\nNonna Pina\nZio Gino\n", "create_guests": True}
    keyed = {"Idempotency-Key": "import-crash"}
    monkeypatch.setattr(entries, "enter", dying_enter)
    assert (
        api.call("POST", f"/tournaments/{t['id']}/entries/import", body, token=olga, headers=keyed).status
        == 500
    )
    monkeypatch.setattr(entries, "enter", real_enter)
    assert len(api.call("GET", "/guests", token=olga).body["guests"]) == 1  # Nonna Pina, not yet entered

    retry = api.call("POST", f"/tournaments/{t['id']}/entries/import", body, token=olga, headers=keyed)
    assert retry.status == 200, retry.body
    # Nonna Pina's guest was made by the first run: found by name now, so "entered".
    assert statuses(retry.body) == [
        (1, "Ada", "entered"),
        (2, "Nonna Pina", "entered"),
        (3, "Zio Gino", "guest_created"),
    ]
    guests = api.call("GET", "/guests", token=olga).body["guests"]
    assert len(guests) == 2
    assert entrants(api, t["id"]) == {ada, *(g["id"] for g in guests)}
