"""Scopa's check of a score reported from a real table (:mod:`scopa.domain.games.common.table_score`).

One reported game is one engine match: a game to the target. Its score is possible only if it could end
the game: one side ahead (a tie at or above the target plays another deal, and below it the game goes
on), and the winner at the target, unless a rule ends the game sooner (cappotto: leading N to 0; napola's
ten coins, which can end a game at any score, so no target is checked then).
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.common.table_score import (
    GameScore,
    ImpossibleScore,
    MatchPlayed,
    ScoreRule,
    TableScore,
    best_of,
    game_label,
)
from scopa.domain.games.scopa.rules import RuleSet


def check_table_score(rules: RuleSet, games_per_match: int, games: Sequence[GameScore]) -> TableScore:
    if rules.sides != 2:
        raise ImpossibleScore(
            ScoreRule.RULES_NOT_REPORTABLE, f"a table score has two sides, these rules have {rules.sides}"
        )

    def one_game(scores: Sequence[GameScore], at: int) -> MatchPlayed:
        a, b = scores[at]
        label = game_label(at)
        if a == b and rules.tie_rule == "count_order" and a >= rules.target:
            raise ImpossibleScore(
                ScoreRule.TIED_GAME,
                f"{label}: {a}-{b} was won in the count order (tie_rule count_order), which a score "
                "cannot show: an organizer enters the table (a forfeit of the side that lost the count)",
            )
        if a == b:
            raise ImpossibleScore(
                ScoreRule.TIED_GAME,
                f"{label}: {a}-{b} cannot end a game of Scopa: a tie at or above the target "
                f"({rules.target}) plays another deal, and below it the game goes on",
            )
        winner = 0 if a > b else 1
        high, low = max(a, b), min(a, b)
        by_cappotto = rules.cappotto is not None and high >= rules.cappotto and low == 0
        if high < rules.target and not by_cappotto and not rules.napola_all_coins_wins:
            raise ImpossibleScore(
                ScoreRule.TARGET_NOT_REACHED,
                f"{label}: the winner's {high} is below the target ({rules.target}): the game was not over",
            )
        return MatchPlayed(winner, (a, b), 1)

    return best_of(games_per_match, games, one_game)
