"""Clubs and members, on both adapters: created with the founder or not at all, listed in one order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import to_item
from scopa.adapters.dynamodb.tournaments import DynamoTournamentRepository
from scopa.application.ports.clubs import Club, ClubEdit, ClubRepository, ClubRole, JoinRequest, Member
from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.wiring import Stores


def a_club(club_id: str = "c_1", created_at: str = "2027-01-15T08:00:00.000Z", *, open: bool = True) -> Club:
    return Club(
        id=club_id,
        name=f"Circolo {club_id}",
        description="Scopa il giovedì sera",
        open=open,
        created_by="p_olga",
        created_at=created_at,
    )


def a_member(player_id: str = "p_olga", role: ClubRole = "organizer") -> Member:
    return Member(
        player_id=player_id, name=player_id[2:].capitalize(), role=role, joined_at="2027-01-15T08:00:00.000Z"
    )


def every_club_page(repo: ClubRepository, limit: int) -> list[list[str]]:
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_clubs(limit, cursor)
        pages.append([c.id for c in page])
        if cursor is None:
            return pages


def every_member_page(repo: ClubRepository, club_id: str, limit: int) -> list[list[str]]:
    pages: list[list[str]] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_members(club_id, limit, cursor)
        pages.append([m.player_id for m in page])
        if cursor is None:
            return pages


def test_a_club_round_trips_with_its_founder(stores: Stores) -> None:
    repo = stores.clubs
    club = a_club(open=False)
    repo.create_club(club, a_member())
    assert repo.get_club("c_1") == club
    assert repo.get_member("c_1", "p_olga") == a_member()
    assert repo.get_club("c_none") is None
    assert repo.get_member("c_1", "p_nobody") is None
    assert repo.get_member("c_none", "p_olga") is None


def test_a_club_may_start_without_a_founder(stores: Stores) -> None:
    stores.clubs.create_club(a_club(), None)
    assert stores.clubs.list_members("c_1", 10, None) == ([], None)


def test_a_club_is_edited_in_place_and_only_if_it_exists(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club("c_1", open=False), a_member())
    repo.create_club(a_club("c_2", "2027-01-16T08:00:00.000Z"), None)
    edit = ClubEdit(name="Circolo nuovo", description="Il venerdì", open=True)
    edited = Club("c_1", "Circolo nuovo", "Il venerdì", True, "p_olga", "2027-01-15T08:00:00.000Z", version=1)
    assert repo.update_club("c_1", edit) == edited  # the club as stored after the write
    assert repo.get_club("c_1") == edited
    assert repo.get_club("c_2") == a_club("c_2", "2027-01-16T08:00:00.000Z")  # the other untouched
    assert repo.get_member("c_1", "p_olga") == a_member()  # members stay
    assert every_club_page(repo, 10) == [["c_2", "c_1"]]  # listed once, in its place
    assert repo.list_clubs(10, None)[0][1] == edited
    with pytest.raises(WriteConflict):
        repo.update_club("c_none", ClubEdit(name="Ghost"))
    with pytest.raises(WriteConflict):
        repo.update_club("c_none", ClubEdit(name="Ghost"), expected_version=0)
    assert repo.get_club("c_none") is None


def test_an_edit_writes_only_the_fields_it_sets(stores: Stores) -> None:
    """Two organizers edit different fields from the same read: both changes stay."""
    repo = stores.clubs
    repo.create_club(a_club(open=False), None)
    assert repo.update_club("c_1", ClubEdit(name="Circolo nuovo")).version == 1
    after = repo.update_club("c_1", ClubEdit(open=True))
    assert after == replace(a_club(), name="Circolo nuovo", open=True, version=2)
    assert repo.update_club("c_1", ClubEdit(description="")).description == ""  # emptied, not skipped
    assert repo.get_club("c_1") == replace(
        a_club(), name="Circolo nuovo", description="", open=True, version=3
    )
    # An edit of nothing still moves the version on (the service does not write one).
    assert repo.update_club("c_1", ClubEdit()) == replace(after, description="", version=4)


def test_an_edit_of_a_version_that_moved_on_conflicts_and_writes_nothing(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), None)
    first = repo.update_club("c_1", ClubEdit(name="Primo"), expected_version=0)
    assert (first.name, first.version) == ("Primo", 1)
    with pytest.raises(WriteConflict):
        repo.update_club("c_1", ClubEdit(description="Secondo"), expected_version=0)  # read before the first
    with pytest.raises(WriteConflict):
        repo.update_club("c_1", ClubEdit(description="Secondo"), expected_version=2)  # a version never seen
    assert repo.get_club("c_1") == first
    assert repo.update_club("c_1", ClubEdit(description="Secondo"), expected_version=1).version == 2


def test_a_club_stored_before_versions_is_at_version_0(stores: Stores, adapter: str) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), None)
    if adapter == "dynamodb":  # an item written before versions has no version attribute
        assert isinstance(repo, DynamoTournamentRepository)
        repo.client.update_item(
            TableName=repo.table,
            Key=to_item({keys.PK: keys.club_pk("c_1"), keys.SK: keys.CLUB_SK}),
            UpdateExpression="REMOVE version",
            ConditionExpression="attribute_exists(version)",
        )
    # (SQLite: a club without a row in club_versions, which is how every club starts.)
    assert repo.get_club("c_1") == a_club()
    assert repo.list_clubs(10, None)[0] == [a_club()]
    assert repo.update_club("c_1", ClubEdit(open=False), expected_version=0).version == 1
    with pytest.raises(WriteConflict):
        repo.update_club("c_1", ClubEdit(open=True), expected_version=0)
    assert repo.get_club("c_1") == replace(a_club(), open=False, version=1)


def test_creating_a_club_twice_conflicts_and_adds_nobody(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), a_member())
    second = Club("c_1", "Impostor", "", False, "p_mallory", "2027-02-01T00:00:00.000Z")
    with pytest.raises(WriteConflict):
        repo.create_club(second, a_member("p_mallory"))
    assert repo.get_club("c_1") == a_club()
    assert repo.get_member("c_1", "p_mallory") is None
    assert every_club_page(repo, 10) == [["c_1"]]  # listed once, at its own time


def test_clubs_are_listed_newest_first_page_by_page(stores: Stores) -> None:
    repo = stores.clubs
    for i, day in enumerate((3, 1, 4, 2, 5)):
        repo.create_club(a_club(f"c_{i}", f"2027-01-0{day}T00:00:00.000Z"), None)
    repo.create_club(a_club("c_b", "2027-01-03T00:00:00.000Z"), None)  # same time as c_0: by id, backwards
    whole, cursor = repo.list_clubs(100, None)
    assert cursor is None
    order = ["c_4", "c_2", "c_b", "c_0", "c_3", "c_1"]
    assert [c.id for c in whole] == order
    assert whole[0] == a_club("c_4", "2027-01-05T00:00:00.000Z")
    assert every_club_page(repo, 4) == [order[:4], order[4:]]
    assert every_club_page(repo, 1) == [[i] for i in order]


def test_a_member_is_added_only_to_a_club_that_exists(stores: Stores) -> None:
    repo = stores.clubs
    with pytest.raises(WriteConflict):
        repo.put_member("c_none", a_member("p_ada", "member"))
    assert repo.get_member("c_none", "p_ada") is None
    repo.create_club(a_club(), a_member())
    repo.put_member("c_1", a_member("p_ada", "member"))
    assert repo.get_member("c_1", "p_ada") == a_member("p_ada", "member")


def test_putting_a_member_again_changes_the_role(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), a_member())
    repo.put_member("c_1", a_member("p_ada", "member"))
    repo.put_member("c_1", a_member("p_ada", "organizer"))
    assert repo.get_member("c_1", "p_ada") == a_member("p_ada", "organizer")
    assert every_member_page(repo, "c_1", 10) == [["p_ada", "p_olga"]]


def test_removing_a_member(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), a_member())
    repo.put_member("c_1", a_member("p_ada", "member"))
    repo.remove_member("c_1", "p_ada")
    assert repo.get_member("c_1", "p_ada") is None
    with pytest.raises(WriteConflict):  # not a member (any more)
        repo.remove_member("c_1", "p_ada")
    with pytest.raises(WriteConflict):
        repo.remove_member("c_none", "p_olga")
    assert repo.get_member("c_1", "p_olga") == a_member()


def test_members_are_listed_by_player_id_page_by_page(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(), a_member("p_m"))
    repo.create_club(a_club("c_2"), a_member("p_x"))  # another club's members stay out of the list
    for player_id in ("p_d", "p_z", "p_a", "p_q"):
        repo.put_member("c_1", a_member(player_id, "member"))
    order = ["p_a", "p_d", "p_m", "p_q", "p_z"]
    page, cursor = repo.list_members("c_1", 100, None)
    assert cursor is None
    assert [m.player_id for m in page] == order
    assert page[0] == a_member("p_a", "member")
    assert every_member_page(repo, "c_1", 2) == [order[:2], order[2:4], order[4:]]
    assert every_member_page(repo, "c_2", 1) == [["p_x"]]

    # Resuming after a member removed meanwhile goes on after it.
    first, cursor = repo.list_members("c_1", 2, None)
    repo.remove_member("c_1", "p_d")
    rest, _ = repo.list_members("c_1", 10, cursor)
    assert [m.player_id for m in first + rest] == order


def test_a_cursor_pages_only_the_list_it_came_from(stores: Stores) -> None:
    repo = stores.clubs
    for i in range(3):
        repo.create_club(a_club(f"c_{i}", f"2027-01-0{i + 1}T00:00:00.000Z"), a_member())
        repo.put_member(f"c_{i}", a_member("p_ada", "member"))
    _, members_cursor = repo.list_members("c_0", 1, None)
    _, clubs_cursor = repo.list_clubs(1, None)
    assert members_cursor is not None
    assert clubs_cursor is not None
    for bad in ("not a cursor", "", "eyJ9"):
        if bad:
            with pytest.raises(InvalidCursor):
                repo.list_clubs(1, bad)
            with pytest.raises(InvalidCursor):
                repo.list_members("c_0", 1, bad)
    with pytest.raises(InvalidCursor):
        repo.list_members("c_1", 1, members_cursor)  # another club's list
    with pytest.raises(InvalidCursor):
        repo.list_members("c_0", 1, clubs_cursor)
    with pytest.raises(InvalidCursor):
        repo.list_clubs(1, members_cursor)


def a_request(player_id: str, at: str = "2027-01-15T09:00:00.000Z") -> JoinRequest:
    return JoinRequest(player_id=player_id, name=player_id[2:].capitalize(), requested_at=at)


def test_a_join_request_is_stored_only_for_a_club_that_exists_and_replaced_in_place(stores: Stores) -> None:
    repo = stores.clubs
    with pytest.raises(WriteConflict):
        repo.put_join_request("c_none", a_request("p_pia"))
    repo.create_club(a_club(open=False), a_member())
    assert repo.get_join_request("c_1", "p_pia") is None
    repo.put_join_request("c_1", a_request("p_pia"))
    assert repo.get_join_request("c_1", "p_pia") == a_request("p_pia")
    refused = JoinRequest(
        "p_pia", "Pia", "2027-01-15T09:00:00.000Z", "refused", "p_olga", "2027-01-15T10:00:00.000Z"
    )
    repo.put_join_request("c_1", refused)
    assert repo.get_join_request("c_1", "p_pia") == refused
    # The requests are not members, and the members are not requests.
    page, _ = repo.list_members("c_1", 10, None)
    assert [m.player_id for m in page] == ["p_olga"]
    assert repo.list_join_requests("c_1", 10, None) == ([refused], None)


def test_approving_a_join_request_makes_a_member_and_deletes_the_request_together(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(open=False), a_member())
    repo.put_join_request("c_1", a_request("p_pia"))
    pia = a_member("p_pia", "member")
    repo.approve_join_request("c_1", pia)
    assert repo.get_join_request("c_1", "p_pia") is None
    assert repo.get_member("c_1", "p_pia") == pia
    # A request that is gone is not approved twice, and makes no member.
    with pytest.raises(WriteConflict):
        repo.approve_join_request("c_1", a_member("p_ugo", "member"))
    assert repo.get_member("c_1", "p_ugo") is None


def test_join_requests_are_listed_by_player_id_page_by_page(stores: Stores) -> None:
    repo = stores.clubs
    repo.create_club(a_club(open=False), a_member())
    players = [f"p_{i:02d}" for i in range(7)]
    for player in reversed(players):
        repo.put_join_request("c_1", a_request(player))
    seen: list[str] = []
    cursor: str | None = None
    while True:
        page, cursor = repo.list_join_requests("c_1", 3, cursor)
        seen += [r.player_id for r in page]
        if cursor is None:
            break
    assert seen == players


def test_an_approval_never_overwrites_a_membership(stores: Stores) -> None:
    """A request left pending after the organizers added the player by hand: approving it must not
    demote them (nor reset when they joined); the request stays for a refusal."""
    repo = stores.clubs
    repo.create_club(a_club(open=False), a_member())
    repo.put_join_request("c_1", a_request("p_pia"))
    organizer = a_member("p_pia", "organizer")
    repo.put_member("c_1", organizer)
    with pytest.raises(WriteConflict):
        repo.approve_join_request("c_1", a_member("p_pia", "member"))
    assert repo.get_member("c_1", "p_pia") == organizer
    assert repo.get_join_request("c_1", "p_pia") == a_request("p_pia")


def test_a_request_is_decided_once(stores: Stores) -> None:
    """Approve and refuse each need a pending request: neither undoes the other."""
    repo = stores.clubs
    repo.create_club(a_club(open=False), a_member())
    refused = JoinRequest(
        "p_pia", "Pia", "2027-01-15T09:00:00.000Z", "refused", "p_olga", "2027-01-15T10:00:00.000Z"
    )
    with pytest.raises(WriteConflict):  # nothing to refuse
        repo.refuse_join_request("c_1", refused)
    repo.put_join_request("c_1", a_request("p_pia"))
    repo.refuse_join_request("c_1", refused)
    assert repo.get_join_request("c_1", "p_pia") == refused
    with pytest.raises(WriteConflict):  # refused: not approved after all
        repo.approve_join_request("c_1", a_member("p_pia", "member"))
    assert repo.get_member("c_1", "p_pia") is None
    repo.put_join_request("c_1", a_request("p_ugo"))
    repo.approve_join_request("c_1", a_member("p_ugo", "member"))
    with pytest.raises(WriteConflict):  # approved: no refused request comes back
        repo.refuse_join_request("c_1", replace(refused, player_id="p_ugo", name="Ugo"))
    assert repo.get_join_request("c_1", "p_ugo") is None
