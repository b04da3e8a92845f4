"""The rating port on both adapters: the queue, one all-or-nothing write per rated match, recompute,
leaderboards that order, tie and page alike, history and head-to-head records.

Matches waiting to be rated are stored through the matches port (``create_match``/``save_match``), so
the SQLite half of these tests needs the SQLite matches store too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from scopa.application.ports.conflict import WriteConflict
from scopa.application.ports.cursor import InvalidCursor
from scopa.application.ports.matches import Match
from scopa.application.ports.ratings import HistoryPoint, Order, RatingRepository, StoredRating
from scopa.application.wiring import Stores
from scopa.domain.games import GAMES
from scopa.domain.ratings.ledger import PlayerRating, RatedMatch, apply_match
from scopa.domain.ratings.pools import DEFAULT_POOLS, RatingPool, pools_by_id

SEED = "c0ffee" * 10 + "0123"
POOLS = pools_by_id(DEFAULT_POOLS)
SCOPA: RatingPool = POOLS["scopa"]
SCOPONE: RatingPool = POOLS["scopone"]


def finished_match(
    match_id: str, seats: list[str], updated_at: str, *, rating: str | None = "pending"
) -> Match:
    return Match(
        id=match_id,
        game="scopa",
        rules={},
        seats=seats,
        names=[s.upper() for s in seats],
        status="finished",
        version=7,
        state=GAMES["scopa"].new_state({}, SEED, 0),
        moves=[],
        created_at="2027-04-01T09:00:00.000Z",
        updated_at=updated_at,
        created_by=seats[0],
        move_seconds=60,
        accepted=[True] * len(seats),
        rating=rating,
    )


def epoch(at: str) -> float:
    """A test time ``2027-04-01T10:00:SS.000Z`` as epoch seconds (only its order matters here)."""
    return 1_806_573_600.0 + int(at[17:19])


def rate(
    stores: Stores,
    match_id: str,
    sides: tuple[tuple[str, ...], tuple[str, ...]],
    score: float,
    at: str,
    pool: RatingPool = SCOPA,
    stored: dict[str, StoredRating] | None = None,
) -> RatedMatch:
    """Rate one stored match the way the rating service does: read, compute, one write."""
    match = RatedMatch(match_id, epoch(at), pool.id, sides, score)
    players = [p for side in sides for p in side]
    if stored is None:
        stored = stores.ratings.get_ratings(pool.id, players)
    changes = apply_match({p: s.rating for p, s in stored.items()}, match, pool)
    stores.ratings.rate(match, at, changes, stored, {p: f"Name {p}" for p in players})
    return match


def at(second: int) -> str:
    return f"2027-04-01T10:00:{second:02d}.000Z"


def snapshot(ratings: RatingRepository, players: list[str], pool: str = "scopa") -> object:
    """Everything the port shows of these players in a pool."""
    return (
        ratings.get_ratings(pool, players),
        {p: ratings.history(p, pool, 100) for p in players},
        {p: ratings.records(p, pool) for p in players},
        list(ratings.rated_matches(pool)),
    )


# --------------------------------------------------------------------------- the queue and one rating


def test_the_queue_lists_finished_pending_matches_oldest_first(stores: Stores) -> None:
    matches = stores.matches
    matches.create_match(finished_match("m_late", ["p_a", "p_b"], at(30)))
    matches.create_match(finished_match("m_early", ["p_a", "p_b"], at(10)))
    matches.create_match(finished_match("m_tied_b", ["p_a", "p_b"], at(20)))
    matches.create_match(finished_match("m_tied_a", ["p_a", "p_b"], at(20)))
    matches.create_match(finished_match("m_rated", ["p_a", "p_b"], at(5), rating="rated"))
    matches.create_match(finished_match("m_unrateable", ["p_a", "p_b"], at(5), rating=None))
    active = dataclasses.replace(finished_match("m_active", ["p_a", "p_b"], at(5)), status="active")
    matches.create_match(active)

    queue = stores.ratings.unrated
    assert queue(at(59), 10) == ["m_early", "m_tied_a", "m_tied_b", "m_late"]
    assert queue(at(59), 2) == ["m_early", "m_tied_a"]
    assert queue(at(30), 10) == ["m_early", "m_tied_a", "m_tied_b"]  # finished at 30: not before 30
    assert queue(at(10), 10) == []

    rate(stores, "m_early", (("p_a",), ("p_b",)), 1.0, at(10))
    assert queue(at(59), 10) == ["m_tied_a", "m_tied_b", "m_late"]
    rated = matches.get_match("m_early")
    assert rated is not None
    assert rated.rating == "rated"


def test_rating_a_match_writes_ratings_history_records_and_the_log(stores: Stores) -> None:
    stores.matches.create_match(finished_match("m_1", ["p_a", "p_b"], at(10)))
    match = rate(stores, "m_1", (("p_a",), ("p_b",)), 1.0, at(10))
    ratings = stores.ratings

    both = ratings.get_ratings("scopa", ["p_a", "p_b", "p_nobody", "p_a"])
    assert set(both) == {"p_a", "p_b"}
    a, b = both["p_a"], both["p_b"]
    assert (a.name, a.pool, a.version, a.last_match) == ("Name p_a", "scopa", 1, f"{at(10)}#m_1")
    assert (a.rating.elo, b.rating.elo) == (1520.0, 1480.0)  # 1500 v 1500, K 40
    assert (a.rating.games, a.rating.wins, b.rating.losses) == (1, 1, 1)
    assert a.rating.glicko_last_played == match.finished_at
    assert ratings.get_ratings("scopone", ["p_a"]) == {}
    assert ratings.all_ratings("scopa") == both
    assert ratings.player_pools("p_a") == [a]
    assert ratings.history("p_b", "scopa", 10) == [
        HistoryPoint(
            at=at(10),
            match_id="m_1",
            elo=1480.0,
            elo_delta=-20.0,
            glicko=b.rating.glicko_rating,
            glicko_rd=b.rating.glicko_rd,
            score=0.0,
            opponents=["p_a"],
        )
    ]
    assert ratings.records("p_a", "scopa") == [{"opponent": "p_b", "wins": 1, "losses": 0, "draws": 0}]
    assert ratings.records("p_b", "scopa") == [{"opponent": "p_a", "wins": 0, "losses": 1, "draws": 0}]
    assert list(ratings.rated_matches("scopa")) == [match]
    assert list(ratings.rated_matches("scopone")) == []


def test_a_match_is_rated_once(stores: Stores) -> None:
    stores.matches.create_match(finished_match("m_1", ["p_a", "p_b"], at(10)))
    rate(stores, "m_1", (("p_a",), ("p_b",)), 0.5, at(10))
    before = snapshot(stores.ratings, ["p_a", "p_b"])
    with pytest.raises(WriteConflict):  # a second run, or a duplicate trigger: the marker is "rated"
        rate(stores, "m_1", (("p_a",), ("p_b",)), 0.5, at(10))
    assert snapshot(stores.ratings, ["p_a", "p_b"]) == before


def test_a_failed_rating_writes_nothing(stores: Stores) -> None:
    matches, ratings = stores.matches, stores.ratings
    for i, match_id in enumerate(("m_1", "m_2", "m_3", "m_4")):
        matches.create_match(finished_match(match_id, ["p_a", "p_b"], at(10 + i)))
    rate(stores, "m_1", (("p_a",), ("p_b",)), 1.0, at(10))
    before = snapshot(ratings, ["p_a", "p_b", "p_c"])
    read = ratings.get_ratings("scopa", ["p_a", "p_b"])

    # A rating that moved on since it was read (another run rated m_2 meanwhile): m_3 loses.
    rate(stores, "m_2", (("p_a",), ("p_b",)), 0.0, at(11))
    moved = snapshot(ratings, ["p_a", "p_b", "p_c"])
    assert moved != before
    with pytest.raises(WriteConflict):
        rate(stores, "m_3", (("p_b",), ("p_a",)), 1.0, at(12), stored=read)
    assert snapshot(ratings, ["p_a", "p_b", "p_c"]) == moved
    assert ratings.unrated(at(59), 10) == ["m_3", "m_4"]  # still waiting, marker untouched

    # A player read as new who has a rating by now: the absence condition fails for p_a only, after
    # p_b's rating (read afresh) was written in the same transaction.
    fresh_b = ratings.get_ratings("scopa", ["p_b"])
    with pytest.raises(WriteConflict):
        rate(stores, "m_3", (("p_b",), ("p_a",)), 1.0, at(12), stored=fresh_b)
    assert snapshot(ratings, ["p_a", "p_b", "p_c"]) == moved
    assert ratings.unrated(at(59), 10) == ["m_3", "m_4"]

    # The pool's log already has the match (it was marked pending again): nothing else is written.
    rated = matches.get_match("m_1")
    assert rated is not None
    rated.rating, rated.version = "pending", rated.version + 1
    matches.save_match(rated, expected_version=rated.version - 1)
    assert ratings.unrated(at(59), 10) == ["m_1", "m_3", "m_4"]
    with pytest.raises(WriteConflict):
        rate(stores, "m_1", (("p_a",), ("p_b",)), 1.0, at(10))
    assert snapshot(ratings, ["p_a", "p_b", "p_c"]) == moved
    assert ratings.unrated(at(59), 10) == ["m_1", "m_3", "m_4"]

    # And a match never stored as pending is not rated either.
    with pytest.raises(WriteConflict):
        rate(stores, "m_ghost", (("p_a",), ("p_c",)), 1.0, at(13))
    assert snapshot(ratings, ["p_a", "p_b", "p_c"]) == moved
    # Read again, m_3 is rated.
    rate(stores, "m_3", (("p_b",), ("p_a",)), 1.0, at(12))
    assert ratings.unrated(at(59), 10) == ["m_1", "m_4"]


def test_partners_records_history_and_the_log_in_finish_order(stores: Stores) -> None:
    ratings = stores.ratings
    sides = (("p_a", "p_b"), ("p_c", "p_d"))
    played = [("m_3", 1.0, 13), ("m_1", 0.5, 11), ("m_2", 0.0, 12), ("m_4", 1.0, 14)]
    for match_id, _, second in played:
        stores.matches.create_match(finished_match(match_id, ["p_a", "p_c", "p_b", "p_d"], at(second)))
    rated = {}
    for match_id in stores.ratings.unrated(at(59), 10):  # oldest first, as the service rates them
        _, score, second = next(p for p in played if p[0] == match_id)
        rated[match_id] = rate(stores, match_id, sides, score, at(second), pool=SCOPONE)

    assert list(ratings.rated_matches("scopone")) == [rated[m] for m in ("m_1", "m_2", "m_3", "m_4")]
    assert [p.match_id for p in ratings.history("p_c", "scopone", 10)] == ["m_1", "m_2", "m_3", "m_4"]
    assert [p.match_id for p in ratings.history("p_c", "scopone", 2)] == ["m_3", "m_4"]  # the last two
    assert [p.score for p in ratings.history("p_c", "scopone", 10)] == [0.5, 1.0, 0.0, 0.0]
    assert ratings.history("p_c", "scopa", 10) == []
    assert ratings.records("p_a", "scopone") == [
        {"opponent": "p_c", "wins": 2, "losses": 1, "draws": 1},
        {"opponent": "p_d", "wins": 2, "losses": 1, "draws": 1},
    ]
    assert ratings.records("p_d", "scopone")[0] == {"opponent": "p_a", "wins": 1, "losses": 2, "draws": 1}
    a = ratings.get_ratings("scopone", ["p_a"])["p_a"]
    assert (a.version, a.last_match, a.rating.games) == (4, f"{at(14)}#m_4", 4)


# --------------------------------------------------------------------------- recompute


def test_replace_all_overwrites_a_pools_ratings_and_keeps_last_match(stores: Stores) -> None:
    ratings = stores.ratings
    stores.matches.create_match(finished_match("m_1", ["p_a", "p_b"], at(10)))
    rate(stores, "m_1", (("p_a",), ("p_b",)), 1.0, at(10))
    old = ratings.all_ratings("scopa")
    fresh = {
        "p_a": dataclasses.replace(old["p_a"].rating, elo=1234.5678901234567),
        "p_new": dataclasses.replace(PlayerRating.initial(SCOPA), glicko_volatility=0.0600000000000001),
    }
    assert ratings.replace_all(SCOPA, fresh, {"p_a": "Ada", "p_new": "Newcomer"}) == 2

    now = ratings.all_ratings("scopa")
    assert now["p_a"] == StoredRating("p_a", "Ada", "scopa", fresh["p_a"], 2, f"{at(10)}#m_1")
    assert now["p_new"] == StoredRating("p_new", "Newcomer", "scopa", fresh["p_new"], 1, None)
    assert now["p_b"] == old["p_b"]  # not in the recompute: untouched
    assert ratings.get_ratings("scopa", ["p_a"])["p_a"].rating.elo == 1234.5678901234567  # bit for bit


# --------------------------------------------------------------------------- leaderboards


def board(count: int) -> dict[str, PlayerRating]:
    """``count`` players whose ratings tie often in hundredths (and some sort as 0: negative)."""
    base = PlayerRating.initial(SCOPA)
    out = {}
    for i in range(count):
        elo = 1400 + (i * 37) % 23 + (0.004 if i % 3 == 0 else -0.001)
        glicko = 1500 + (i * 11) % 7 * 10.0 + i % 2 * 0.001
        if i % 10 == 9:
            elo, glicko = -5.0 - i, -1.0
        out[f"p_{i:02d}"] = dataclasses.replace(base, elo=elo, glicko_rating=glicko, games=i)
    return out


def best_first(ratings: dict[str, PlayerRating], order: Order) -> list[str]:
    """The documented order: the rating in hundredths (below 0 as 0), then the player id, descending."""

    def key(p: str) -> tuple[int, str]:
        value = ratings[p].elo if order == "elo" else ratings[p].glicko_rating
        return max(0, round(value * 100)), p

    return sorted(ratings, key=key, reverse=True)


def all_pages(
    ratings: RatingRepository, order: Order, limit: int, keep: Callable[[StoredRating], bool] | None = None
) -> list[tuple[list[str], int]]:
    pages: list[tuple[list[str], int]] = []
    cursor: str | None = None
    while True:
        rows, cursor, offset = ratings.top("scopa", order, limit, cursor, keep)
        pages.append(([r.player_id for r in rows], offset))
        if cursor is None:
            return pages


@pytest.mark.parametrize("order", ["elo", "glicko"])
def test_leaderboards_order_tie_and_page_alike(stores: Stores, order: Order) -> None:
    players = board(47)
    stores.ratings.replace_all(SCOPA, players, {})
    expected = best_first(players, order)
    assert len({round(players[p].elo * 100) for p in players}) < 40  # there are ties to break

    pages = all_pages(stores.ratings, order, 5)
    assert pages == [(expected[i : i + 5], i) for i in range(0, 47, 5)]
    (rows, cursor, offset) = stores.ratings.top("scopa", order, 100, None)
    assert ([r.player_id for r in rows], cursor, offset) == (expected, None, 0)
    assert rows[0] == stores.ratings.get_ratings("scopa", [expected[0]])[expected[0]]

    # A filter keeps its rows in order; the offsets count the rows listed before.
    kept = [p for p in expected if players[p].games % 2 == 0]
    assert len(kept) % 7 != 0
    pages = all_pages(stores.ratings, order, 7, lambda s: s.rating.games % 2 == 0)
    assert pages == [(kept[i : i + 7], i) for i in range(0, len(kept), 7)]
    assert stores.ratings.top("scopone", order, 5, None) == ([], None, 0)


def test_a_bad_leaderboard_cursor_is_refused(stores: Stores) -> None:
    ratings = stores.ratings
    ratings.replace_all(SCOPA, board(12), {})
    ratings.replace_all(SCOPONE, board(12), {})
    _, elo_cursor, _ = ratings.top("scopa", "elo", 3, None)
    assert elo_cursor is not None
    for bad in ("nonsense", "e30=", elo_cursor[:-2]):
        with pytest.raises(InvalidCursor):
            ratings.top("scopa", "elo", 3, bad)
    with pytest.raises(InvalidCursor):
        ratings.top("scopa", "glicko", 3, elo_cursor)  # another order's board
    with pytest.raises(InvalidCursor):
        ratings.top("scopone", "elo", 3, elo_cursor)  # another pool's board
    # The good cursor still works after the refusals.
    rows, _, offset = ratings.top("scopa", "elo", 3, elo_cursor)
    assert offset == 3
    assert [r.player_id for r in rows] == best_first(board(12), "elo")[3:6]


@pytest.mark.parametrize("order", ["elo", "glicko"])
def test_neighbours_are_the_rows_just_above_and_below(stores: Stores, order: Order) -> None:
    players = board(30)
    stores.ratings.replace_all(SCOPA, players, {})
    expected = best_first(players, order)
    everyone = stores.ratings.all_ratings("scopa")
    for position in (0, 1, 14, 28, 29):
        me = everyone[expected[position]]
        above, below, higher = stores.ratings.neighbours("scopa", order, me, 3)
        assert [r.player_id for r in above] == expected[max(0, position - 3) : position]
        assert [r.player_id for r in below] == expected[position + 1 : position + 4]
        assert higher == position


def test_a_players_pools(stores: Stores) -> None:
    ratings = stores.ratings
    initial = PlayerRating.initial(SCOPONE)
    ratings.replace_all(SCOPONE, {"p_a": initial}, {"p_a": "Ada"})
    ratings.replace_all(SCOPA, {"p_a": initial, "p_b": initial}, {"p_a": "Ada"})
    assert [(s.pool, s.name, s.version) for s in ratings.player_pools("p_a")] == [
        ("scopa", "Ada", 1),
        ("scopone", "Ada", 1),
    ]
    assert ratings.get_ratings("scopa", ["p_b"])["p_b"].name == "p_b"  # no name given: the id
    assert ratings.player_pools("p_nobody") == []


# --------------------------------------------------------------------------- a result without a match item


def rate_table(stores: Stores, rid: str, stored: dict[str, StoredRating] | None = None) -> RatedMatch:
    """Rate a table played in person (no match item) as the rating service does."""
    match = RatedMatch(rid, epoch(at(15)), SCOPA.id, (("p_a",), ("p_b",)), 1.0)
    if stored is None:
        stored = stores.ratings.get_ratings(SCOPA.id, ["p_a", "p_b"])
    changes = apply_match({p: s.rating for p, s in stored.items()}, match, SCOPA)
    stores.ratings.rate(match, at(15), changes, stored, {"p_a": "A", "p_b": "B"}, match_item=False)
    return match


def test_a_result_without_a_match_is_rated_once_its_log_entry_the_marker(stores: Stores) -> None:
    match = rate_table(stores, "ip_x-r1-t1")
    ratings = stores.ratings
    assert list(ratings.rated_matches("scopa")) == [match]
    assert [h.match_id for h in ratings.history("p_a", "scopa", 10)] == ["ip_x-r1-t1"]
    assert ratings.get_ratings("scopa", ["p_a"])["p_a"].rating.wins == 1
    before = snapshot(ratings, ["p_a", "p_b"])
    with pytest.raises(WriteConflict):
        rate_table(stores, "ip_x-r1-t1")  # the same result again: refused, nothing written
    assert snapshot(ratings, ["p_a", "p_b"]) == before
    assert stores.matches.get_match("ip_x-r1-t1") is None  # no match item was made


def test_a_result_without_a_match_on_stale_ratings_writes_nothing(stores: Stores) -> None:
    stale = stores.ratings.get_ratings(SCOPA.id, ["p_a", "p_b"])
    rate_table(stores, "ip_x-r1-t1", stale)
    before = snapshot(stores.ratings, ["p_a", "p_b"])
    with pytest.raises(WriteConflict):
        rate_table(stores, "ip_x-r1-t2", stale)  # read before the first was rated
    assert snapshot(stores.ratings, ["p_a", "p_b"]) == before
