"""Build the Lambda layer: the runtime section of the lock file (``requirements.lock``, :mod:`infra.lock`)
as arm64 wheels for the Lambda's Python, plus the ``scopa`` package, in ``<dir>/python`` (the folder
Lambda puts on the path for a layer).

``python -m infra.layer [DIR]`` (``make layer``). pip installs exactly the locked versions, checked
against the locked hashes (``--require-hashes --no-deps``), of the pins whose markers hold in the Lambda
(arm64 Linux, the runtime's CPython). pip is told the target platform, so compiled wheels (pydantic-core)
are the manylinux aarch64 builds, never this machine's; nothing is copied from the venv. A stamp records
the inputs, so an unchanged layer is not rebuilt.

Lambda's ``/opt`` is read-only, so a layer without bytecode is compiled again on every cold start. The
layer ships it: compiled by this interpreter, which must be the runtime's version (bytecode is
version-specific), as unchecked hash-based ``.pyc`` files, because the deployed zip does not keep the
sources' modification times a timestamp-based ``.pyc`` would be checked against.
"""

from __future__ import annotations

import compileall
import hashlib
import json
import py_compile
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from infra.config import PYTHON_VERSION
from infra.lock import LOCK, layer_requirements

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LAYER_DIR = ROOT / "build" / "layer"
PLATFORM = "manylinux2014_aarch64"
# Parts of the package that never run in Lambda: the SQLite adapter serves ``make run`` only.
LOCAL_ONLY: frozenset[tuple[str, ...]] = frozenset({("adapters", "sqlite")})
STAMP = ".inputs.sha256"
BYTECODE = py_compile.PycInvalidationMode.UNCHECKED_HASH


class LayerMissing(RuntimeError):
    """The layer folder has not been built (run ``make layer``)."""


class WrongPython(RuntimeError):
    """The building interpreter is not the Lambda runtime's version, so it cannot compile the bytecode."""


def runtime_requirements(lock: Path = LOCK) -> list[str]:
    """The requirement lines the layer installs: the lock's runtime pins that hold in the Lambda, each
    ``name==version`` with its hashes (markers already evaluated, for the Lambda, not this machine)."""
    return [pin.line(with_marker=False) for pin in layer_requirements(lock)]


def pip_command(target: Path, requirements: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "--no-compile",
        "--no-deps",  # the lock holds the whole closure
        "--require-hashes",
        "--platform",
        PLATFORM,
        "--implementation",
        "cp",
        "--python-version",
        PYTHON_VERSION,
        "--only-binary=:all:",
        "--upgrade",
        "--target",
        str(target),
        "--requirement",
        str(requirements),
    ]


def _inputs_digest(requirements: list[str], package: Path) -> str:
    digest = hashlib.sha256(json.dumps([PLATFORM, PYTHON_VERSION, BYTECODE.name, requirements]).encode())
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _not_shipped(package: Path) -> Callable[[str, list[str]], set[str]]:
    """``copytree``'s ignore: bytecode caches and the :data:`LOCAL_ONLY` folders."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).relative_to(package).parts
        skipped = {n for n in names if n == "__pycache__" or n.endswith(".pyc")}
        return skipped | {n for n in names if (*here, n) in LOCAL_ONLY}

    return ignore


def require_runtime_python(version_info: tuple[int, ...] | None = None) -> None:
    """Raise :class:`WrongPython` unless ``version_info`` (default: this interpreter's) is the runtime's."""
    running = "{}.{}".format(*(version_info or sys.version_info)[:2])
    if running != PYTHON_VERSION:
        raise WrongPython(
            f"the layer's bytecode must be compiled by Python {PYTHON_VERSION} (the Lambda runtime), not "
            f"{running}: recreate the venv with `rm -rf .venv && make layer`"
        )


def compile_bytecode(site: Path) -> None:
    """Compile every module under ``site`` for the runtime's Python (see the module's docstring)."""
    require_runtime_python()
    if not compileall.compile_dir(site, quiet=1, invalidation_mode=BYTECODE):
        raise RuntimeError(f"some modules under {site} do not compile under Python {PYTHON_VERSION}")


def build(layer_dir: Path = DEFAULT_LAYER_DIR, package: Path = ROOT / "shared" / "scopa") -> Path:
    """Build (or keep, when its inputs are unchanged) the layer in ``layer_dir``; returns the folder."""
    require_runtime_python()
    requirements = runtime_requirements()
    digest = _inputs_digest(requirements, package)
    stamp = layer_dir / STAMP
    if stamp.exists() and stamp.read_text() == digest:
        return layer_dir
    shutil.rmtree(layer_dir, ignore_errors=True)
    site = layer_dir / "python"
    with tempfile.TemporaryDirectory() as temp:
        listed = Path(temp) / "requirements.txt"
        listed.write_text("\n".join(requirements) + "\n")
        subprocess.run(pip_command(site, listed), check=True)
    shutil.copytree(package, site / package.name, ignore=_not_shipped(package))
    compile_bytecode(site)
    stamp.write_text(digest)
    return layer_dir


def check_layer(layer_dir: Path) -> None:
    """Refuse to synthesise with a layer folder that lacks the domain package."""
    if not (layer_dir / "python" / "scopa" / "__init__.py").exists():
        raise LayerMissing(f"{layer_dir} holds no built layer: run `make layer` (or python -m infra.layer)")


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_LAYER_DIR))
