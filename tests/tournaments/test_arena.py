"""The Arena's pure pairing and scoring: unit cases and properties against brute force."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scopa.domain.tournaments.arena import (
    NOT_COUNTED,
    ArenaGame,
    ArenaPlayer,
    _greedy,
    _tallies,
    arena_standings,
    pair_arena,
    waiting_players,
    window_reason,
)
from scopa.domain.tournaments.records import EntryRecord, RoundRecord, TableRecord


def _p(pid: str, score: int = 0, rating: float = 1500, last: str | None = None, wave: int = 0) -> ArenaPlayer:
    return ArenaPlayer(pid, score, rating, last, wave)


def test_neighbours_in_the_ranking_meet() -> None:
    players = [_p("a", 6), _p("b", 4), _p("c", 4, 1600), _p("d", 0)]
    tables, left = pair_arena(players)
    assert left is None
    assert tables == [("a", "c"), ("b", "d")]  # c outranks b on rating


def test_an_immediate_rematch_is_avoided_when_another_opponent_waits() -> None:
    players = [_p("a", 6, last="b"), _p("b", 4, last="a"), _p("c", 2), _p("d", 0)]
    tables, _ = pair_arena(players)
    assert ("a", "b") not in tables
    assert sorted(x for t in tables for x in t) == ["a", "b", "c", "d"]
    # Only the last opponent waits: they meet again rather than wait.
    assert pair_arena([_p("a", last="b"), _p("b", last="a")]) == ([("a", "b")], None)


def test_the_odd_player_out_is_the_one_who_finished_last() -> None:
    players = [_p("a", 4, wave=3), _p("b", 2, wave=7), _p("c", 0, wave=3)]
    tables, left = pair_arena(players)
    assert left == "b"
    assert tables == [("a", "c")]
    assert pair_arena([_p("a")]) == ([], "a")
    assert pair_arena([]) == ([], None)


def _rematches(tables: list[tuple[str, str]], last: dict[str, str | None]) -> int:
    return sum(1 for a, b in tables if last[a] == b or last[b] == a)


def _best_rematches(ids: list[str], last: dict[str, str | None]) -> int:
    """Brute force: the fewest immediate rematches of any perfect matching of ``ids``."""
    if not ids:
        return 0
    first, rest = ids[0], ids[1:]
    best = len(ids)
    for k, other in enumerate(rest):
        cost = 1 if last[first] == other or last[other] == first else 0
        best = min(best, cost + _best_rematches(rest[:k] + rest[k + 1 :], last))
    return best


@st.composite
def pools(draw: st.DrawFn, max_size: int = 9) -> list[ArenaPlayer]:
    n = draw(st.integers(0, max_size))
    ids = [f"p{i}" for i in range(n)]
    out = []
    for pid in ids:
        last = draw(st.one_of(st.none(), st.sampled_from(ids))) if ids else None
        out.append(
            ArenaPlayer(
                pid,
                draw(st.integers(0, 20)),
                draw(st.sampled_from([1400.0, 1500.0, 1600.0])),
                None if last == pid else last,
                draw(st.integers(0, 5)),
            )
        )
    return out


@settings(max_examples=200, deadline=None)
@given(pools())
def test_every_waiting_player_is_paired_once_with_the_fewest_rematches(pool: list[ArenaPlayer]) -> None:
    tables, left = pair_arena(pool)
    seated = [x for t in tables for x in t]
    assert len(seated) == len(set(seated))
    assert len(tables) == len(pool) // 2
    assert sorted(seated + ([left] if left else [])) == sorted(p.id for p in pool)
    assert (left is not None) == (len(pool) % 2 == 1)
    last = {p.id: p.last_opponent for p in pool}
    assert _rematches(tables, last) == _best_rematches(sorted(seated), last)
    # The first seat is the higher-ranked player.
    rank = {p.id: (-p.score, -p.rating, p.id) for p in pool}
    assert all(rank[a] < rank[b] for a, b in tables)


@settings(max_examples=100, deadline=None)
@given(pools(max_size=8))
def test_without_rematches_the_pairing_is_of_neighbours(pool: list[ArenaPlayer]) -> None:
    """With no last opponents at all, the exact matching pairs 1-2, 3-4, ... of the ranking."""
    pool = [ArenaPlayer(p.id, p.score, p.rating, None, p.last_wave) for p in pool]
    tables, left = pair_arena(pool)
    ranked = [p.id for p in sorted(pool, key=lambda p: (-p.score, -p.rating, p.id)) if p.id != left]
    assert tables == [(ranked[i], ranked[i + 1]) for i in range(0, len(ranked) - 1, 2)]


@settings(max_examples=100, deadline=None)
@given(pools(max_size=12))
def test_the_greedy_pass_for_large_pools_seats_everyone_once(pool: list[ArenaPlayer]) -> None:
    ranked = sorted(pool, key=lambda p: (-p.score, -p.rating, p.id))
    tables = _greedy(ranked)
    seated = [x for t in tables for x in t]
    assert len(seated) == len(set(seated)) == 2 * (len(pool) // 2)


def test_a_large_pool_pairs_quickly() -> None:
    pool = [_p(f"p{i}", i % 17, 1500 + i, f"p{i + 1}" if i % 2 == 0 else f"p{i - 1}") for i in range(500)]
    tables, left = pair_arena(pool)
    assert left is None
    assert len(tables) == 250


def _game(wave: int, a: str, b: str, result: tuple[float, float], counted: bool = True) -> ArenaGame:
    return ArenaGame(wave, a, b, result, counted)


def test_wins_score_double_after_two_wins_in_a_row_until_a_game_is_not_won() -> None:
    games = [
        _game(1, "a", "x", (1, 0)),  # 2
        _game(2, "a", "x", (1, 0)),  # 2: now on a streak
        _game(3, "a", "x", (1, 0)),  # 4
        _game(4, "a", "x", (1, 0)),  # 4
        _game(5, "a", "x", (0.5, 0.5)),  # 1: the streak ends
        _game(6, "a", "x", (1, 0)),  # 2
        _game(7, "x", "a", (0, 1)),  # 2 (a sat second): on a streak again
        _game(8, "a", "x", (1, 0)),  # 4
        _game(9, "a", "x", (0, 1)),  # 0: ends it
        _game(10, "a", "x", (1, 0)),  # 2
    ]
    t = _tallies(games, {}, streaks=True)
    assert t["a"].score == 2 + 2 + 4 + 4 + 1 + 2 + 2 + 4 + 0 + 2
    assert (t["a"].wins, t["a"].draws, t["a"].losses, t["a"].streak) == (8, 1, 1, 1)
    assert t["x"].score == 1 + 2
    plain = _tallies(games, {}, streaks=False)
    assert plain["a"].score == 8 * 2 + 1


def test_a_game_past_the_grace_period_counts_for_nobody() -> None:
    games = [_game(1, "a", "b", (1, 0)), _game(2, "a", "b", (1, 0), counted=False)]
    t = _tallies(games, {}, streaks=True)
    assert (t["a"].score, t["a"].wins, t["b"].losses) == (2, 1, 1)
    assert t["a"].last_wave == 2  # but it was played: the wait starts after it


def _entry(pid: str, rating: float, **kw: object) -> EntryRecord:
    return EntryRecord(pid, pid.upper(), [pid], rating, "2026-01-01T00:00:00Z", "o", **kw)  # type: ignore[arg-type]


def _wave(number: int, tables: list[tuple[str, str, list[float] | None]]) -> RoundRecord:
    return RoundRecord(
        number,
        [TableRecord(table=k + 1, first=a, second=b, result=r) for k, (a, b, r) in enumerate(tables)],
        [],
        "2026-01-01T00:00:00Z",
    )


def test_the_leaderboard_ranks_by_score_then_performance() -> None:
    entries = [_entry("a", 1500), _entry("b", 1500), _entry("c", 1800), _entry("d", 1200), _entry("e", 1500)]
    rounds = [
        _wave(1, [("a", "c", [1.0, 0.0]), ("b", "d", [1.0, 0.0])]),
        _wave(2, [("c", "d", [1.0, 0.0]), ("a", "b", None)]),  # a and b still playing
    ]
    rows = arena_standings(entries, rounds, streaks=True, lot_seed="s")
    assert [r.entrant for r in rows][:2] == ["a", "b"]  # 2 points each; a beat the 1800, b the 1200
    assert rows[0].performance == 1800 + 400
    assert rows[1].performance == 1200 + 400
    assert [(r.entrant, r.score, r.games) for r in rows[2:4]] == [("c", 2, 2), ("d", 0, 2)]
    assert (rows[4].entrant, rows[4].games, rows[4].performance) == ("e", 0, 0.0)
    waiting = waiting_players(entries, rounds, True, 3)
    assert sorted(p.id for p in waiting) == ["c", "d", "e"]  # a and b are at their table
    assert {p.id: p.last_opponent for p in waiting} == {"c": "d", "d": "c", "e": None}


GRACE_END = 1_800_000_360.0  # a fixed clock: the window's end plus its grace period, epoch seconds


@pytest.mark.parametrize(
    ("finished", "counted"),
    [
        (GRACE_END - 200, True),  # inside the window
        (GRACE_END - 0.001, True),  # in the grace period
        (GRACE_END, True),  # exactly at its end
        (GRACE_END + 0.001, False),  # after it, before the pipeline ran
        (GRACE_END + 59, False),
    ],
)
def test_a_game_counts_only_if_it_ended_by_the_grace_end(finished: float, counted: bool) -> None:
    entries = [_entry("a", 1500), _entry("b", 1500)]
    reason = window_reason("target", finished, GRACE_END)
    assert reason == ("target" if counted else NOT_COUNTED)
    wave = _wave(1, [("a", "b", [1.0, 0.0])])
    wave.tables[0].reason = reason
    rows = {r.entrant: r for r in arena_standings(entries, [wave], True, "s")}
    assert (rows["a"].score, rows["a"].wins, rows["b"].losses) == ((2, 1, 1) if counted else (0, 0, 0))
    assert rows["b"].games == (1 if counted else 0)


def test_a_no_show_after_the_grace_end_counts_for_nobody_and_pauses_nobody() -> None:
    entries = [_entry("a", 1500), _entry("b", 1500)]
    wave = _wave(1, [("a", "b", [0.0, 1.0])])
    wave.tables[0].forfeit = True
    wave.tables[0].reason = window_reason("no_show", GRACE_END + 1, GRACE_END)
    rows = {r.entrant: r for r in arena_standings(entries, [wave], True, "s")}
    assert (rows["a"].games, rows["b"].score, rows["a"].paused) == (0, 0, False)


def test_paused_withdrawn_and_late_players_do_not_wait() -> None:
    entries = [
        _entry("a", 1500),
        _entry("b", 1500, paused=True),
        _entry("c", 1500, status="withdrawn"),
        _entry("d", 1500, joined_round=4),
    ]
    assert [p.id for p in waiting_players(entries, [], True, 3)] == ["a"]
    assert sorted(p.id for p in waiting_players(entries, [], True, 4)) == ["a", "d"]


def test_the_brute_force_finds_a_forced_rematch() -> None:
    """A check of the brute force used above: a is the last opponent of c and d, b of a; some table
    must be a rematch (a meets b, c or d), and one is enough (a-b, c-d? c-d is free: so a-b)."""
    last: dict[str, str | None] = {"a": "b", "b": "c", "c": "a", "d": "a"}
    assert _best_rematches(["a", "b", "c", "d"], last) == 1
    tables, _ = pair_arena([_p(x, last=last[x]) for x in "abcd"])
    assert _rematches(tables, last) == 1


def test_a_no_show_pauses_the_absent_player_until_they_are_back() -> None:
    entries = [_entry("a", 1500), _entry("b", 1500), _entry("c", 1500)]
    wave = _wave(1, [("a", "b", [0.0, 1.0])])
    wave.tables[0].forfeit, wave.tables[0].reason = True, "no_show"
    assert sorted(p.id for p in waiting_players(entries, [wave], True, 2)) == ["b", "c"]
    rows = {r.entrant: r for r in arena_standings(entries, [wave], True, "s")}
    assert rows["a"].paused
    assert (rows["a"].losses, rows["b"].score) == (1, 2)  # the forfeit counts
    back = [_entry("a", 1500, back_after_wave=1), *entries[1:]]
    assert sorted(p.id for p in waiting_players(back, [wave], True, 2)) == ["a", "b", "c"]
    # A later game played over the board: the no-show is behind them.
    later = _wave(2, [("a", "c", [1.0, 0.0])])
    assert "a" in [p.id for p in waiting_players(entries, [wave, later], True, 3)]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from("abcd"), st.sampled_from("abcd"), st.sampled_from([0, 1, 2])), max_size=30
    )
)
def test_streak_scoring_adds_two_for_every_win_after_two_wins_in_a_row(
    draws: list[tuple[str, str, int]],
) -> None:
    games = [
        _game(k + 1, a, b, ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0))[r])
        for k, (a, b, r) in enumerate(draws)
        if a != b
    ]
    plain = _tallies(games, {}, streaks=False)
    streak = _tallies(games, {}, streaks=True)
    for player in plain:
        outcomes = []  # this player's results in wave order: "w", "d", "l"
        for g in games:
            if player in (g.first, g.second):
                mine, theirs = g.result if player == g.first else g.result[::-1]
                outcomes.append("w" if mine > theirs else "d" if mine == theirs else "l")
        doubled = sum(
            1 for i, o in enumerate(outcomes) if o == "w" and outcomes[max(0, i - 2) : i] == ["w", "w"]
        )
        assert plain[player].score == 2 * outcomes.count("w") + outcomes.count("d")
        assert streak[player].score == plain[player].score + 2 * doubled
