"""Check-in at the venue with its code: only the organizers read the code; a wrong code is refused and
changes nothing; the right one checks in as the plain check-in does (same window, same answer)."""

from __future__ import annotations

from datetime import UTC, datetime

from scopa.domain.tournaments import venue_code
from tests.api.conftest import Api
from tests.api.support import assert_error
from tests.api.tournament_support import create_tournament, organizer

SWISS = {"format": "swiss", "rounds": 3, "preset": "classic", "target": 1}


def venue_scenario(api: Api) -> None:
    _, olga = organizer(api)
    starts = datetime.fromtimestamp(api.clock.now() + 600, UTC).isoformat()
    t = create_tournament(api, olga, {**SWISS, "starts_at": starts, "check_in_minutes": 60})
    base = f"/tournaments/{t['id']}"
    api.call("POST", f"{base}/open", token=olga)
    _, ada = api.register("Ada")
    _, bea = api.register("Bea")
    for token in (ada, bea):
        assert api.call("POST", f"{base}/entries", {}, token=token).status == 201

    # Given the organizer reads the code (and the page it leads to, as a QR code)
    found = api.call("GET", f"{base}/venue-code", token=olga)
    assert found.status == 200, found.body
    code = found.body["code"]
    assert len(code) == venue_code.LENGTH
    assert set(code) <= set(venue_code.ALPHABET)
    assert found.body["check_in_url"].endswith(f"/web/tournaments/{t['id']}/check-in?code={code}")
    assert found.body["qr_svg"].startswith("<svg")
    assert "<script" not in found.body["qr_svg"]
    assert api.call("GET", f"{base}/venue-code", token=olga).body["code"] == code  # the same on every read
    # Nobody else may read it
    assert_error(api.call("GET", f"{base}/venue-code", token=ada), 403, "not_tournament_organizer")
    assert_error(api.call("GET", f"{base}/venue-code"), 401, "unauthorized")

    # When Ada types a wrong code, nothing changes
    wrong = "".join(next(c for c in venue_code.ALPHABET if c != ch) for ch in code)
    assert_error(
        api.call("POST", f"{base}/venue-check-in", {"code": wrong}, token=ada), 403, "wrong_venue_code"
    )
    entries = {e["name"]: e for e in api.call("GET", f"{base}/entries").body["entries"]}
    assert entries["Ada"]["checked_in_at"] is None
    # Then with the right one, typed loosely (lower case, a dash), she is checked in; again changes nothing
    typed = f"{code[:3].lower()}-{code[3:]}"
    done = api.call("POST", f"{base}/venue-check-in", {"code": typed}, token=ada)
    assert done.status == 200, done.body
    assert done.body["checked_in_at"] is not None
    again = api.call("POST", f"{base}/venue-check-in", {"code": code}, token=ada)
    assert again.body["checked_in_at"] == done.body["checked_in_at"]
    entries = {e["name"]: e for e in api.call("GET", f"{base}/entries").body["entries"]}
    assert entries["Ada"]["checked_in_at"] == done.body["checked_in_at"]
    assert entries["Bea"]["checked_in_at"] is None

    # Bad input: an empty or overlong code, an extra field; anonymous callers
    for body in ({"code": ""}, {"code": "A" * 17}, {"code": code, "x": 1}, {}):
        assert_error(api.call("POST", f"{base}/venue-check-in", body, token=bea), 422, "validation_error")
    assert_error(api.call("POST", f"{base}/venue-check-in", {"code": code}), 401, "unauthorized")
    # A code is the tournament's own: another tournament's is wrong here
    other = create_tournament(api, olga, {**SWISS, "starts_at": starts, "check_in_minutes": 60})
    other_code = api.call("GET", f"/tournaments/{other['id']}/venue-code", token=olga).body["code"]
    assert other_code != code
    assert_error(
        api.call("POST", f"{base}/venue-check-in", {"code": other_code}, token=bea), 403, "wrong_venue_code"
    )
    # The window is the plain check-in's: once the tournament is cancelled, the right code is refused too
    api.call("POST", f"{base}/cancel", token=olga)
    assert_error(
        api.call("POST", f"{base}/venue-check-in", {"code": code}, token=bea), 409, "check_in_closed"
    )


def test_venue_check_in(api: Api) -> None:
    venue_scenario(api)


def test_venue_check_in_on_dynamodb(moto_api: Api) -> None:
    venue_scenario(moto_api)


def test_the_code_is_derived_and_reads_well() -> None:
    key = b"k" * 32
    code = venue_code.venue_code(key, "t_1")
    assert code == venue_code.venue_code(key, "t_1") != venue_code.venue_code(key, "t_2")
    assert code != venue_code.venue_code(b"j" * 32, "t_1")
    assert not set(code) & set("0O1IL5S2Z8B")
    assert venue_code.matches(key, "t_1", f" {code[:3].lower()} {code[3:]} ")
    assert not venue_code.matches(key, "t_1", code[:-1])
