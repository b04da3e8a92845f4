"""What ships is what is tested: the suite runs on the Lambda runtime's Python version.

``infra.config.PYTHON_VERSION`` names the runtime of both functions and the Python the layer's wheels and
bytecode are built for; the Makefile creates ``.venv`` with that version when the machine has it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from infra import layer
from infra.config import PYTHON_VERSION

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_runs_on_the_lambda_runtimes_python() -> None:
    running = "{}.{}".format(*sys.version_info[:2])
    assert running == PYTHON_VERSION, (
        f"the suite runs on Python {running} ({sys.executable}) but the Lambdas run Python "
        f"{PYTHON_VERSION} (infra/config.py PYTHON_VERSION): recreate the venv with "
        f"`rm -rf .venv && make test` (the Makefile picks python{PYTHON_VERSION} or pyenv's build of it)"
    )


def _make_variables(env: dict[str, str]) -> dict[str, str]:
    """The simply expanded variables of the Makefile, as ``make -p`` prints them (nothing is run)."""
    printed = subprocess.run(
        ["make", "-C", str(ROOT), "--no-print-directory", "-p", "-n", "help"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return dict(re.findall(r"^(\w+) := (.*)$", printed, re.MULTILINE))


def test_a_clean_clones_make_creates_the_venv_with_the_runtimes_python() -> None:
    # As in CI: nobody sets PYTHON, and the Makefile reads the version from infra/config.py.
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHON", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}}
    variables = _make_variables(env)
    assert variables["RUNTIME_PYTHON"] == PYTHON_VERSION
    chosen = subprocess.run(
        [variables["PYTHON"], "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert chosen == PYTHON_VERSION, f"make would create .venv with {variables['PYTHON']} ({chosen})"


def test_the_version_is_one_pyproject_allows_and_tools_check_for() -> None:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)
    minimum = project["project"]["requires-python"].removeprefix(">=")
    as_tuple = tuple(int(part) for part in PYTHON_VERSION.split("."))
    assert as_tuple >= tuple(int(part) for part in minimum.split("."))
    assert project["tool"]["mypy"]["python_version"] == PYTHON_VERSION


@pytest.mark.parametrize("other", [(3, 11, 7), (3, 14, 0)])
def test_the_layer_refuses_to_compile_bytecode_with_another_python(other: tuple[int, ...]) -> None:
    with pytest.raises(layer.WrongPython, match=re.escape("rm -rf .venv && make layer")):
        layer.require_runtime_python(other)
    layer.require_runtime_python((*map(int, PYTHON_VERSION.split(".")), 0))
