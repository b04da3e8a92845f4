"""Scores reported from real tables, checked by each game's rules: what counts, and every refusal with
its rule code and a message that names it."""

from __future__ import annotations

from typing import Any

import pytest

from scopa.domain.games import GAMES
from scopa.domain.games.common.table_score import ImpossibleScore, ScoreRule, TableScore


def check(game: str, games: list[tuple[int, int]], n: int = 1, **options: Any) -> TableScore:
    engine = GAMES[game]
    preset = options.pop("preset", "classic")
    return engine.check_table_score(engine.validate_rules(preset, options), n, games)


def refused(game: str, games: list[tuple[int, int]], n: int = 1, **options: Any) -> ImpossibleScore:
    with pytest.raises(ImpossibleScore) as caught:
        check(game, games, n, **options)
    return caught.value


# ---------------------------------------------------------------------------------- Scopa


def test_scopa_a_game_to_the_target_counts_its_points() -> None:
    assert check("scopa", [(11, 7)]) == TableScore((1, 0), (11, 7))
    assert check("scopa", [(9, 12)]) == TableScore((0, 1), (9, 12))
    assert check("scopa", [(13, 12)]) == TableScore((1, 0), (13, 12))  # both crossed in the last deal


def test_scopa_best_of_three_sums_games_and_points() -> None:
    assert check("scopa", [(11, 9), (6, 11), (12, 10)], n=3) == TableScore((2, 1), (29, 30))
    assert check("scopa", [(11, 2), (11, 3)], n=3) == TableScore((2, 0), (22, 5))


@pytest.mark.parametrize(
    ("games", "n", "options", "rule", "words"),
    [
        ([(11, 11)], 1, {}, ScoreRule.TIED_GAME, "11-11 cannot end a game of Scopa"),
        ([(5, 5)], 1, {}, ScoreRule.TIED_GAME, "plays another deal"),
        ([(9, 7)], 1, {}, ScoreRule.TARGET_NOT_REACHED, "below the target (11)"),
        ([(15, 3)], 1, {"target": 21}, ScoreRule.TARGET_NOT_REACHED, "below the target (21)"),
        ([(-1, 11)], 1, {}, ScoreRule.NEGATIVE_SCORE, "cannot be negative (-1-11)"),
        ([], 1, {}, ScoreRule.NO_GAMES, "at least one game"),
        (
            [(11, 3), (11, 4), (11, 5)],
            3,
            {},
            ScoreRule.GAME_AFTER_MATCH_DECIDED,
            "game 3: the match (best of 3)",
        ),
        ([(11, 3), (2, 11)], 3, {}, ScoreRule.MATCH_NOT_DECIDED, "best of 3: 1-1 decides nothing"),
        ([(11, 3), (2, 11), (11, 9), (11, 1)], 3, {}, ScoreRule.GAME_AFTER_MATCH_DECIDED, "game 4"),
        ([(11, 3), (11, 4)], 1, {}, ScoreRule.GAME_AFTER_MATCH_DECIDED, "game 2: the match (best of 1)"),
    ],
)
def test_scopa_refusals_name_the_rule(
    games: list[tuple[int, int]], n: int, options: dict[str, Any], rule: ScoreRule, words: str
) -> None:
    error = refused("scopa", games, n, **options)
    assert error.rule == rule
    assert words in error.message
    assert str(error).endswith(f"[{rule.value}]")


def test_scopa_cappotto_ends_a_game_below_the_target() -> None:
    assert check("scopa", [(6, 0)], cappotto=6) == TableScore((1, 0), (6, 0))
    assert refused("scopa", [(6, 1)], cappotto=6).rule == ScoreRule.TARGET_NOT_REACHED


def test_scopa_napola_all_coins_can_end_a_game_at_any_score() -> None:
    assert check("scopa", [(8, 3)], preset="napola", napola_all_coins_wins=True) == TableScore((1, 0), (8, 3))


def test_scopone_reports_two_sides() -> None:
    assert check("scopa", [(11, 4)], preset="scopone").wins == (1, 0)


# ---------------------------------------------------------------------------------- Briscola


def test_briscola_card_points_make_120_and_win_the_game() -> None:
    assert check("briscola", [(70, 50)]) == TableScore((1, 0), (1, 0))  # the engine counts games won


def test_briscola_a_60_60_draw_is_dealt_again_and_decides_nothing() -> None:
    assert check("briscola", [(60, 60), (55, 65)]) == TableScore((0, 1), (0, 1))
    error = refused("briscola", [(60, 60)])
    assert error.rule == ScoreRule.MATCH_NOT_DECIDED
    assert "60-60 game is dealt again" in error.message


def test_briscola_best_of_three_games_within_a_match() -> None:
    assert check("briscola", [(70, 50), (40, 80), (61, 59)], preset="best_of_three") == TableScore(
        (1, 0), (2, 1)
    )


def test_briscola_tournament_best_of_three_matches() -> None:
    assert check("briscola", [(70, 50), (40, 80), (61, 59)], n=3) == TableScore((2, 1), (2, 1))


def test_briscola_to_a_points_target_counts_card_points() -> None:
    counted = check("briscola", [(70, 50), (65, 55)], match="points", points_target=121)
    assert counted == TableScore((1, 0), (135, 105))


@pytest.mark.parametrize(
    ("games", "n", "rule", "words"),
    [
        ([(70, 40)], 1, ScoreRule.CARD_POINTS_TOTAL, "add up to 120 in every game, not 110 (70+40)"),
        ([(130, -10)], 1, ScoreRule.NEGATIVE_SCORE, "cannot be negative"),
        ([(70, 50), (80, 40)], 1, ScoreRule.GAME_AFTER_MATCH_DECIDED, "game 2"),
        ([(70, 50), (40, 80)], 3, ScoreRule.MATCH_NOT_DECIDED, "best of 3: 1-1"),
    ],
)
def test_briscola_refusals_name_the_rule(
    games: list[tuple[int, int]], n: int, rule: ScoreRule, words: str
) -> None:
    error = refused("briscola", games, n)
    assert error.rule == rule
    assert words in error.message


def test_briscola_partnership_counts_by_side() -> None:
    assert check("briscola", [(61, 59)], preset="partnership").wins == (1, 0)


def test_briscola_three_sides_are_not_reported_by_table() -> None:
    error = refused("briscola", [(60, 60)], preset="three_players")
    assert error.rule == ScoreRule.RULES_NOT_REPORTABLE


def test_scopa_a_count_order_tie_says_the_organizer_enters_it() -> None:
    error = refused("scopa", [(12, 12)], tie_rule="count_order")
    assert error.rule == ScoreRule.TIED_GAME
    assert "count order" in error.message
    assert refused("scopa", [(5, 5)], tie_rule="count_order").message.endswith("the game goes on")


# ---------------------------------------------------------------------------------- the engine agrees


def play(game: str, rules: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole engine match between random bots; its final state."""
    engine = GAMES[game]
    state = engine.new_state(rules, f"{seed:064x}", seed % engine.players(rules))
    bots = [engine.make_bot("random", seed + seat) for seat in range(engine.players(rules))]
    while (seat := engine.turn(state)) is not None:
        state, _ = engine.apply(state, seat, bots[seat].choose(engine.view(state, seat)))
    return state


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("classic", {}),
        ("classic", {"target": 21}),
        ("classic", {"tie_rule": "count_order", "target": 5}),
        ("classic", {"cappotto": 6}),
        ("napola", {"napola_all_coins_wins": True}),
        ("scopone", {}),
        ("cirulla", {}),
    ],
)
def test_every_scopa_game_the_engine_ends_is_a_score_it_accepts(preset: str, options: dict[str, Any]) -> None:
    """What the engine can end, a table can report (a count-order tie aside: the score cannot show it)."""
    engine = GAMES["scopa"]
    rules = engine.validate_rules(preset, options)
    for seed in range(12):
        outcome = engine.outcome(play("scopa", rules, seed))
        assert outcome is not None
        a, b = outcome.scores
        if a == b:
            assert outcome.reason == "count_order"
            continue
        counted = engine.check_table_score(rules, 1, [(a, b)])
        assert counted.wins == ((1, 0) if outcome.winner_side == 0 else (0, 1)), (seed, a, b)
        assert counted.points == (a, b)


@pytest.mark.parametrize("preset", ["classic", "best_of_three", "partnership"])
def test_every_briscola_match_the_engine_ends_is_a_score_it_accepts(preset: str) -> None:
    """Each game's card points, as the engine counted them, report the match the engine decided."""
    from scopa.domain.games.briscola.state import BriscolaState

    engine = GAMES["briscola"]
    rules = engine.validate_rules(preset, {})
    for seed in range(12):
        state = play("briscola", rules, seed)
        outcome = engine.outcome(state)
        assert outcome is not None
        games = [(g.points[0], g.points[1]) for g in BriscolaState.from_json(state).history]
        counted = engine.check_table_score(rules, 1, games)
        assert counted.wins == ((1, 0) if outcome.winner_side == 0 else (0, 1)), (seed, games)
        assert counted.points == tuple(outcome.scores)
