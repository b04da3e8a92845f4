"""Cold start benchmark: ``python -m bench.cold_start`` (part of ``make bench``).

For each Lambda handler (``api``, ``pipeline``, ``live``, ``notifier``) it measures how long a fresh
interpreter takes to import the handler module, as a ratio to the **floor**: a fresh interpreter importing
boto3 and pydantic and building Powertools' ``APIGatewayHttpResolver(enable_validation=True)``, which any
Powertools HTTP API on this stack pays. The goal (issue 17) is a ratio of at most 1.3 for the API handler.

How it is measured, as close to Lambda as this machine allows:

* **A layer-like folder.** The runtime dependencies (the closure of ``[project].dependencies`` of the
  measured source tree, as installed in this venv: this machine is x86-64, so the arm64 layer of
  ``make layer`` cannot be imported here), the ``scopa`` package without its local-only parts, and the
  functions' code are copied into a temporary folder, compiled to unchecked hash-based bytecode as the
  layer is (:mod:`infra.layer`), then made read-only (``chmod -R a-w``), as ``/opt`` and ``/var/task`` are.
* **Fresh, isolated interpreters.** Each run is ``python -I -S -B``: no site-packages, no user site, no
  ``PYTHON*`` variables, no bytecode written; ``sys.path`` gets the folder's ``python`` and ``task``
  directories only. The environment is the deployed one (a function name, so Powertools believes it runs
  in Lambda and tracing is on as in AWS; the table, the service name, the metrics namespace), nothing
  inherited from the shell.
* **Alternating.** Each round runs, for every handler, the floor then the handler (the order flipped every
  other round), so both see the same machine load; the figure is the median, over the rounds, of each
  pair's ratio. The time is taken inside the interpreter around the import, so interpreter start-up
  (equal for both) is left out. The ratio is of CPU time (user + system, file reads included), which a
  machine shared with other jobs disturbs far less than wall time; the wall-clock figures are printed
  beside it.

``--rounds N`` (default 15); ``--source DIR`` measures another checkout (for a before/after comparison:
``git archive <commit> | tar -x -C DIR``), whose runtime packages must be installed in this venv.
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

from infra.layer import BYTECODE, LOCAL_ONLY

ROOT = Path(__file__).resolve().parents[1]
HANDLERS = ("api", "pipeline", "live", "notifier")
GOAL = 1.3  # the API handler's ratio to the floor (issue 17)
FLOOR = (
    "import boto3, pydantic\n"
    "from aws_lambda_powertools.event_handler import APIGatewayHttpResolver\n"
    "APIGatewayHttpResolver(enable_validation=True)\n"
)
# Runs in the fresh interpreter: the folder's paths first, then the timed code; prints seconds and the
# number of modules loaded from outside the folder and the standard library (0, or the copy is incomplete).
PROBE = """\
import sys, time
root = sys.argv[1]
sys.path[:0] = [root + "/python", root + "/task"]
wall, cpu = time.perf_counter(), time.process_time()
exec(compile(sys.argv[2], "<timed>", "exec"), {"__name__": "__timed__"})
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
files = [getattr(m, "__file__", None) for m in list(sys.modules.values())]
strays = [f for f in files if f and not f.startswith((root, sys.base_prefix))]
print(cpu, wall, len(strays), *strays[:3])
"""


def environment(handler: str) -> dict[str, str]:
    """The deployed function's environment as far as an import sees it (infra/components/functions.py)."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "AWS_LAMBDA_FUNCTION_NAME": f"scopa-{handler}",
        "AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "1024",
        "AWS_EXECUTION_ENV": "AWS_Lambda_python3.13",
        "AWS_REGION": "eu-south-1",
        "AWS_DEFAULT_REGION": "eu-south-1",
        "TABLE_NAME": "scopa-bench",
        "RANKING_SHARDS": "4",
        "POWERTOOLS_SERVICE_NAME": f"scopa-{handler}",
        "POWERTOOLS_METRICS_NAMESPACE": "Scopa",
        "POWERTOOLS_LOG_LEVEL": "INFO",
        "POWERTOOLS_LOGGER_LOG_EVENT": "false",
    }


def runtime_distributions(source: Path) -> list[metadata.Distribution]:
    """The installed distributions ``[project].dependencies`` of ``source`` needs, dependencies included."""
    with (source / "pyproject.toml").open("rb") as handle:
        roots = tomllib.load(handle)["project"]["dependencies"]
    pending = [(Requirement(r), frozenset[str]()) for r in roots]
    found: dict[str, metadata.Distribution] = {}
    while pending:
        requirement, extras = pending.pop()
        marker_env = [{"extra": e} for e in extras] or [{"extra": ""}]
        if requirement.marker and not any(requirement.marker.evaluate(env) for env in marker_env):
            continue
        name = re.sub(r"[-_.]+", "-", requirement.name).lower()
        dist = metadata.distribution(requirement.name)
        wanted = frozenset(requirement.extras)
        if name in found and not wanted:
            continue
        found[name] = dist
        pending.extend((Requirement(r), wanted) for r in dist.requires or [])
    return list(found.values())


def _copy_distribution(dist: metadata.Distribution, site: Path) -> None:
    for file in dist.files or []:
        if ".." in file.parts or "__pycache__" in file.parts or file.suffix == ".pyc":
            continue
        origin = Path(str(dist.locate_file(file)))
        target = site / file
        if origin.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, target)


def _tree_ignore(package: Path) -> Callable[[str, list[str]], set[str]]:
    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).relative_to(package).parts
        skipped = {n for n in names if n == "__pycache__" or n.endswith(".pyc")}
        return skipped | {n for n in names if (*here, n) in LOCAL_ONLY}

    return ignore


def build_folder(source: Path, folder: Path) -> Path:
    """The layer-like read-only folder (see the module's docstring); returns it."""
    site = folder / "python"
    site.mkdir(parents=True)
    for dist in runtime_distributions(source):
        _copy_distribution(dist, site)
    package = source / "shared" / "scopa"
    shutil.copytree(package, site / "scopa", ignore=_tree_ignore(package))
    shutil.copytree(
        source / "functions", folder / "task", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    if not compileall.compile_dir(folder, quiet=1, invalidation_mode=BYTECODE):
        raise RuntimeError(f"some modules under {folder} do not compile")
    subprocess.run(["chmod", "-R", "a-w", str(folder)], check=True)
    return folder


def run_once(folder: Path, code: str, env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds a fresh isolated interpreter takes to run ``code`` against ``folder``."""
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", PROBE, str(folder), code],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"the timed import failed:\n{result.stderr[-2000:]}")
    cpu, wall, strays, names = [*result.stdout.split(maxsplit=3), ""][:4]
    if int(strays):
        raise RuntimeError(f"modules loaded from outside the folder: {names}")
    return float(cpu), float(wall)


@dataclass
class Figures:
    """One handler's runs and the floor's runs beside them: (CPU, wall) seconds each."""

    handler: str
    floor: list[tuple[float, float]]
    cold: list[tuple[float, float]]

    @property
    def ratios(self) -> list[float]:
        return [c[0] / f[0] for c, f in zip(self.cold, self.floor, strict=True)]

    @property
    def wall_ratio(self) -> float:
        return statistics.median(c[1] / f[1] for c, f in zip(self.cold, self.floor, strict=True))

    @property
    def ratio(self) -> float:
        return statistics.median(self.ratios)


def measure(folder: Path, rounds: int) -> Iterator[Figures]:
    figures = {h: Figures(h, [], []) for h in HANDLERS}
    for k in range(rounds):
        for handler in HANDLERS:
            env = environment(handler)
            pair = [(FLOOR, figures[handler].floor), (f"import {handler}.handler", figures[handler].cold)]
            for code, into in pair if k % 2 == 0 else pair[::-1]:
                into.append(run_once(folder, code, env))
    yield from figures.values()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cold_start", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15, help="alternating floor/handler pairs (15)")
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to measure (this one)")
    args = parser.parse_args(argv)
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpus; "
        f"{args.rounds} rounds; source {args.source}"
    )
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cold-start-") as temp:
        folder = build_folder(args.source.resolve(), Path(temp) / "layer")
        try:
            print(
                f"{'handler':<9} {'floor ms':>9} {'import ms':>10} {'ratio':>6} {'min-max':>11}"
                f" {'wall: floor':>12} {'import':>7} {'ratio':>6}"
            )
            results = list(measure(folder, max(1, args.rounds)))
        finally:
            subprocess.run(["chmod", "-R", "u+w", str(folder)], check=True)
    for f in results:
        low, high = min(f.ratios), max(f.ratios)
        floor, cold = (statistics.median(t[0] for t in runs) * 1000 for runs in (f.floor, f.cold))
        wall_floor, wall_cold = (statistics.median(t[1] for t in runs) * 1000 for runs in (f.floor, f.cold))
        print(
            f"{f.handler:<9} {floor:>9.0f} {cold:>10.0f} {f.ratio:>6.2f} {low:>5.2f}-{high:<5.2f}"
            f" {wall_floor:>12.0f} {wall_cold:>7.0f} {f.wall_ratio:>6.2f}"
        )
    api = next(f for f in results if f.handler == "api")
    verdict = "PASS" if api.ratio <= GOAL else "ABOVE"
    print(f"\napi ratio {api.ratio:.2f} against the goal {GOAL}: {verdict}")
    print(f"total time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
