"""The bot league: ``python -m bench.league`` (``--quick`` for a smoke test).

Plays the league of :mod:`bench.league_sim` (3,000 matches of classic Scopa to 11 under a fixed seed
by default, on up to two worker processes), rates it through the ledger, prints the report, checks that
:func:`~scopa.domain.ratings.ledger.recompute` of the same matches gives the same bits, and draws every
identity's rating over time to ``docs/league-ratings.png`` when matplotlib is installed
(``pip install -e '.[docs]'``); without it the plot is skipped with a message.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from bench.league_sim import LeagueConfig, LeagueRun, evaluate, play_league, rate_league, schedule
from scopa.domain.ratings.ledger import recompute

DEFAULT_PLOT = Path(__file__).resolve().parent.parent / "docs" / "league-ratings.png"


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the worker processes)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def load_pyplot() -> Any | None:
    """matplotlib's pyplot on the Agg backend, or None when matplotlib is not installed.

    Imported by name so that neither the type checker nor the test suite needs matplotlib.
    """
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        return None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def plot(run: LeagueRun, path: Path) -> bool:
    """Elo (top) and Glicko-2 with a band of one RD either side (bottom), per identity, over the league."""
    plt = load_pyplot()
    if plt is None:
        return False
    config = run.config
    fig, (ax_elo, ax_gl) = plt.subplots(2, 1, figsize=(13, 9), sharex=True)
    colors = {k.name: f"C{i}" for i, k in enumerate(config.kinds)}
    styles = ["-", "--", ":", "-."]
    counts: dict[str, int] = {}
    for e in run.entrants:
        hist = run.history(e.name)
        if not hist:
            continue
        xs = [i + 1 for i, _ in hist]
        n = counts[e.kind.name] = counts.get(e.kind.name, 0) + 1
        style = {
            "color": colors[e.kind.name],
            "linestyle": "-" if e.newcomer else styles[(n - 1) % len(styles)],
            "linewidth": 2.2 if e.newcomer else 0.9,
            "alpha": 1.0 if e.newcomer else 0.8,
        }
        ax_elo.plot(xs, [r.elo for _, r in hist], label=e.name, **style)
        rating = [r.glicko_rating for _, r in hist]
        rd = [r.glicko_rd for _, r in hist]
        ax_gl.plot(xs, rating, label=e.name, **style)
        ax_gl.fill_between(
            xs,
            [x - d for x, d in zip(rating, rd, strict=True)],
            [x + d for x, d in zip(rating, rd, strict=True)],
            color=colors[e.kind.name],
            alpha=0.12 if e.newcomer else 0.05,
            linewidth=0,
        )
    for ax in (ax_elo, ax_gl):
        ax.axvline(config.join_index + 1, color="grey", linewidth=0.8, linestyle="--")
        ax.axvline(config.train_end + 1, color="black", linewidth=0.8, linestyle="--")
        ax.grid(True, alpha=0.3)
    top = ax_elo.get_ylim()[1]
    ax_elo.text(config.join_index + 1, top, " newcomers join", va="top", fontsize=8, color="grey")
    ax_elo.text(config.train_end + 1, top, " held out from here", va="top", fontsize=8)
    ax_elo.set_ylabel("Elo")
    ax_gl.set_ylabel("Glicko-2 rating (band: +-1 RD)")
    ax_gl.set_xlabel("match")
    ax_elo.set_title(
        f"Bot league: {config.matches} matches of classic Scopa to {config.target}, seed {config.seed}"
    )
    ax_elo.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), title="identity")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main(argv: list[str] | None = None) -> int:
    defaults = LeagueConfig()
    parser = argparse.ArgumentParser(prog="python -m bench.league", description="The bot league.")
    parser.add_argument("--matches", type=int, default=defaults.matches)
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--target", type=int, default=defaults.target, help="points to win a match")
    parser.add_argument("--workers", type=int, default=max(1, min(2, os.cpu_count() or 1)))
    parser.add_argument("--plot", type=Path, default=DEFAULT_PLOT, help="where the PNG goes")
    parser.add_argument("--no-plot", action="store_true")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--quick", action="store_true", help="400 matches to 6, no plot: a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.matches, args.target, args.no_plot = 400, 6, True
    config = LeagueConfig(seed=args.seed, matches=args.matches, target=args.target)

    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{now}; python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.machine()}, {os.cpu_count()} cpus, {args.workers} worker(s)"
    )
    fixtures = schedule(config)
    wall, cpu = time.perf_counter(), cpu_seconds()
    with tqdm(total=len(fixtures), unit="match", file=sys.stderr, disable=args.no_progress) as bar:
        scores = play_league(config, fixtures, workers=args.workers, progress=bar.update)
    play_wall, play_cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    wall, cpu = time.perf_counter(), cpu_seconds()
    run = rate_league(config, fixtures, scores)
    report = evaluate(run)
    rate_wall, rate_cpu = time.perf_counter() - wall, cpu_seconds() - cpu

    same = recompute(run.rated_matches(), (config.pool,))[config.pool.id] == dict(run.ratings)
    print(report.to_text())
    print(
        f"\nplayed {len(fixtures)} matches in {play_wall:.1f} s wall, {play_cpu:.1f} CPU s "
        f"({play_cpu / len(fixtures) * 1000:.0f} CPU ms a match); rated and evaluated in {rate_wall:.2f} s"
        f" ({rate_cpu:.2f} CPU s)"
    )
    print(f"recompute of the same matches: {'the same bits' if same else 'DIFFERENT ratings'}")
    if not args.no_plot:
        if plot(run, args.plot):
            print(f"plot: {args.plot}")
        else:
            print("plot skipped: matplotlib is not installed (pip install -e '.[docs]')")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
