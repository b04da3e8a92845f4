"""Briscola's check of a score reported from a real table (:mod:`scopa.domain.games.common.table_score`).

One reported game is one Briscola game: the card points of each side, which add up to the deck's 120
(240 with two decks). A 60-60 game is a draw inside the match and, as the engine does, another game is
dealt: it counts for nobody. The games make up engine matches as the rules say (best of ``games``, or to
a ``points_target`` of card points), and the table's points are the engine outcome's scores (games won,
or card points), so a table reported in person counts as the same table played online.
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.briscola.rules import BriscolaRules
from scopa.domain.games.common.table_score import (
    GameScore,
    ImpossibleScore,
    MatchPlayed,
    ScoreRule,
    TableScore,
    best_of,
    game_label,
)


def check_table_score(rules: BriscolaRules, games_per_match: int, games: Sequence[GameScore]) -> TableScore:
    if rules.chiamata or rules.sides != 2:
        raise ImpossibleScore(
            ScoreRule.RULES_NOT_REPORTABLE,
            "a table score has two sides: chiamata and three or more sides are not reported by table",
        )
    total = rules.total_points

    def check(at: int, a: int, b: int) -> None:
        if a + b != total:
            raise ImpossibleScore(
                ScoreRule.CARD_POINTS_TOTAL,
                f"{game_label(at)}: Briscola card points add up to {total} in every game, not {a + b} "
                f"({a}+{b})",
            )

    def one_match(scores: Sequence[GameScore], at: int) -> MatchPlayed:
        tally = [0, 0]
        start = at
        while at < len(scores):
            a, b = scores[at]
            check(at, a, b)
            if rules.match == "points":
                tally[0] += a
                tally[1] += b
                best = max(tally)
                target = rules.points_target or total
                if best >= target and tally[0] != tally[1]:
                    return MatchPlayed(tally.index(best), (tally[0], tally[1]), at - start + 1)
            elif a != b:
                tally[0 if a > b else 1] += 1
                if max(tally) > rules.games // 2:
                    return MatchPlayed(tally.index(max(tally)), (tally[0], tally[1]), at - start + 1)
            at += 1
        what = (
            f"to {rules.points_target} card points" if rules.match == "points" else f"best of {rules.games}"
        )
        raise ImpossibleScore(
            ScoreRule.MATCH_NOT_DECIDED,
            f"the games from {game_label(start)} on do not finish a match ({what}, a 60-60 game is dealt "
            f"again): {tally[0]}-{tally[1]}; report every game until it is decided",
        )

    return best_of(games_per_match, games, one_match)
