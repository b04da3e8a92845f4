"""The arena: duplicate deals with seats swapped, consistent counts, reproducible under a seed."""

from __future__ import annotations

import json
import math

import pytest

from scopa.domain.games.common.errors import RuleSetError
from scopa.domain.games.scopa.bots import BOTS
from scopa.domain.games.scopa.bots.strong import StrongBot
from scopa.domain.games.scopa.rules import make_rules
from tools.arena import ArenaReport, GameOutcome, game_parts, play_pair, ratio_interval, run_arena
from tools.cli import main

CLASSIC = make_rules("classic")


def figures(report: ArenaReport) -> dict[str, object]:
    """The report without its clock readings, which differ from run to run."""
    data = report.to_json()
    for key in ("seconds", "games_per_second", "ms_per_move", "workers"):
        data.pop(key)
    return data


def untimed(outcomes: list[GameOutcome]) -> list[tuple[object, ...]]:
    return [
        (o.pair, o.a_side, o.a_won, o.deals, o.points_a, o.points_b, o.moves_a, o.moves_b) for o in outcomes
    ]


def test_a_small_arena_adds_up() -> None:
    report = run_arena("greedy", "random", games=8, rules=CLASSIC, seed=3, progress=False, workers=1)
    assert report.games == 8
    assert report.pairs == 4
    assert report.wins_a + report.wins_b == 8
    assert report.deals == sum(o.deals for o in report.outcomes)
    data = json.loads(json.dumps(report.to_json()))
    assert data["wins"] == {"a": report.wins_a, "b": report.wins_b}
    assert data["win_rate_a"] == pytest.approx(report.wins_a / 8)
    ppd_a, ppd_b = report.points_per_deal()
    diff, lo, hi = report.difference_per_deal()
    assert diff == pytest.approx(ppd_a - ppd_b)
    assert lo <= diff <= hi
    assert "over game pairs" in report.to_text()


def test_each_pair_swaps_the_seats_on_the_same_deals() -> None:
    report = run_arena("random", "greedy", games=6, rules=CLASSIC, seed=9, progress=False, workers=1)
    by_pair: dict[int, list[int]] = {}
    for o in report.outcomes:
        by_pair.setdefault(o.pair, []).append(o.a_side)
    assert all(sorted(sides) == [0, 1] for sides in by_pair.values())
    # The same deterministic bot on both sides of duplicate deals plays the same game twice, mirrored:
    # every pair is one win each and not a point of difference.
    mirror = run_arena("greedy", "greedy", games=6, rules=CLASSIC, seed=9, progress=False, workers=1)
    for pair in range(3):
        first, second = (o for o in mirror.outcomes if o.pair == pair)
        assert first.a_won != second.a_won
        assert (first.points_a, first.points_b) == (second.points_b, second.points_a)
    assert mirror.difference_per_deal()[0] == 0.0


class QuickStrong(StrongBot):
    """The strong bot on a small budget: the same code paths, a fraction of the time."""

    name = "quick"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, budget=300, max_samples=6)


def test_results_depend_on_the_seed_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "quick", QuickStrong)  # forked workers inherit the registry
    one = run_arena("quick", "random", games=4, rules=CLASSIC, seed=5, progress=False, workers=1)
    two = run_arena("quick", "random", games=4, rules=CLASSIC, seed=5, progress=False, workers=2)
    assert untimed(one.outcomes) == untimed(two.outcomes)
    assert figures(one) == figures(two)
    other = run_arena("quick", "random", games=4, rules=CLASSIC, seed=6, progress=False, workers=1)
    assert untimed(other.outcomes) != untimed(one.outcomes)


def test_an_odd_number_of_games_is_rounded_up_to_whole_pairs() -> None:
    report = run_arena("random", "random", games=3, rules=CLASSIC, seed=1, progress=False, workers=1)
    assert report.games == 4


def test_four_players_play_in_partnerships() -> None:
    first, second = play_pair("greedy", "random", make_rules("classic", {"players": 4}), 2, 0)
    assert (first.a_side, second.a_side) == (0, 1)
    assert first.moves_a == first.moves_b  # partners alternate with opponents: the same number of plays


def test_three_sides_or_unknown_bots_are_refused() -> None:
    with pytest.raises(RuleSetError, match="two sides"):
        run_arena(
            "greedy", "random", games=2, rules=make_rules("classic", {"players": 3}), seed=0, progress=False
        )
    with pytest.raises(RuleSetError, match="unknown bot"):
        run_arena("greedy", "oracle", games=2, rules=CLASSIC, seed=0, progress=False)


def test_the_interval_is_over_clusters() -> None:
    ratio, lo, hi = ratio_interval([2.0, 4.0, 0.0, 2.0], [2.0, 2.0, 2.0, 2.0])
    assert ratio == 1.0
    # Per-cluster ratios 1, 2, 0, 1: standard error sqrt(2/3) / 2 of the mean.
    assert hi - ratio == pytest.approx(1.959964 * math.sqrt(2 / 3) / 2)
    assert lo == pytest.approx(2 * ratio - hi)
    assert ratio_interval([1.0], [2.0])[1] == -math.inf


def test_the_cli_prints_the_report_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "greedy", "random", "-n", "2", "--no-progress", "--json", "--seed", "4"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith("arena: greedy vs random, 2 games")
    assert json.loads(out[-1])["games"] == 2


@pytest.mark.parametrize("game", ["scopa", "briscola"])
def test_the_arena_plays_the_trial_bots_too(game: str) -> None:
    # The champion is offered to no player (docs/bots.md#levels), but it is measured in the arena.
    parts = game_parts(game)
    assert {"random", "greedy", "strong", "champion"} <= set(parts.bots)
    assert parts.make_bot("champion", seed=1).name == "champion"
