"""A table's score as players report it from a real table, checked against the rules before it counts.

A reported score is a list of games, one ``(first, second)`` pair each in table order: the points the
game's own rules give (Scopa's points, Briscola's card points). Each game says how its games make up one
of its matches and what a match scores (:class:`EngineMatch`); this module adds what every game shares:
a tournament table is best of ``games_per_match`` such matches, so no game may follow the deciding one,
and the games must be enough to decide it. A refusal is :class:`ImpossibleScore`, naming the rule by a
stable code like an illegal move's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scopa.domain.games.common.errors import GameError

GameScore = tuple[int, int]


class ScoreRule(StrEnum):
    """The rule a reported score breaks (part of the public API, like a move's rule)."""

    NO_GAMES = "no_games"
    NEGATIVE_SCORE = "negative_score"
    TIED_GAME = "tied_game"
    TARGET_NOT_REACHED = "target_not_reached"
    CARD_POINTS_TOTAL = "card_points_total"
    GAME_AFTER_MATCH_DECIDED = "game_after_match_decided"
    MATCH_NOT_DECIDED = "match_not_decided"
    RULES_NOT_REPORTABLE = "rules_not_reportable"


class ImpossibleScore(GameError):
    """A score the rules cannot produce; ``rule`` says which rule, the message says why."""

    def __init__(self, rule: ScoreRule, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [{self.rule.value}]"


@dataclass(frozen=True)
class TableScore:
    """What a valid score counts for: matches won and points scored by each side, as a table of engine
    matches would count them (the points are the engine outcome's scores, summed)."""

    wins: tuple[int, int]
    points: tuple[int, int]


@dataclass(frozen=True)
class MatchPlayed:
    """One engine match read off the reported games: its winning side, its scores, the games it took."""

    winner: int
    scores: GameScore
    games: int


#: Reads one engine match from ``games`` starting at index ``start`` (0-based); raises ImpossibleScore.
EngineMatch = Callable[[Sequence[GameScore], int], MatchPlayed]


def game_label(index: int) -> str:
    return f"game {index + 1}"


def check_non_negative(games: Sequence[GameScore]) -> None:
    for i, (a, b) in enumerate(games):
        if a < 0 or b < 0:
            raise ImpossibleScore(
                ScoreRule.NEGATIVE_SCORE, f"{game_label(i)}: a score cannot be negative ({a}-{b})"
            )


def best_of(games_per_match: int, games: Sequence[GameScore], engine_match: EngineMatch) -> TableScore:
    """The table's count: engine matches read one after another until a side has won the majority of
    ``games_per_match``; refused when no game is given, when a game follows the deciding one, or when
    the games run out first."""
    if not games:
        raise ImpossibleScore(ScoreRule.NO_GAMES, "a score lists at least one game")
    check_non_negative(games)
    need = games_per_match // 2 + 1
    wins, points = [0, 0], [0, 0]
    at = 0
    while at < len(games):
        if max(wins) >= need:
            raise ImpossibleScore(
                ScoreRule.GAME_AFTER_MATCH_DECIDED,
                f"{game_label(at)}: the match (best of {games_per_match}) was decided before it, at "
                f"{wins[0]}-{wins[1]}: no game follows",
            )
        played = engine_match(games, at)
        wins[played.winner] += 1
        points[0] += played.scores[0]
        points[1] += played.scores[1]
        at += played.games
    if max(wins) < need:
        raise ImpossibleScore(
            ScoreRule.MATCH_NOT_DECIDED,
            f"best of {games_per_match}: {wins[0]}-{wins[1]} decides nothing; report every game until "
            f"one side has won {need}",
        )
    return TableScore((wins[0], wins[1]), (points[0], points[1]))
