"""The lock file, ``requirements.lock``: every package the venv and the layer install, pinned and hashed.

``python -m infra.lock`` (``make lock``) writes it with uv from ``pyproject.toml``, resolved for the
Lambda's Python (``PYTHON_VERSION``) on every platform (markers kept), in two sections:

* **runtime**: the closure of ``[project].dependencies``, what the Lambda layer installs
  (:mod:`infra.layer`), resolved on its own, so nothing a test tool needs can slip into the layer;
* **dev**: what the ``dev`` extra adds (tools, tests, CDK), resolved with the runtime pins as constraints,
  so the venv runs the very versions the layer ships.

Both are plain pip requirements with ``--hash`` options: ``pip install --require-hashes -r
requirements.lock`` reads the whole file (the venv, ``make``), the layer reads the runtime section only.
No index URL is written: pip and uv use the machine's configured registry.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement

from infra.config import PYTHON_VERSION

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"
RUNTIME_SECTION = "# [runtime]"
DEV_SECTION = "# [dev]"
HEADER = f"""\
# The lock file of the venv and the Lambda layer. Do not edit: `make lock` (python -m infra.lock) writes it
# from pyproject.toml with uv, for Python {PYTHON_VERSION} (the Lambda runtime), every platform.
# The venv installs all of it; the layer (infra/layer.py) only the runtime section.
"""
# The Lambda the layer serves: arm64 Linux, CPython at the runtime's version (PEP 508 marker variables).
LAMBDA_MARKERS = {
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "platform_machine": "aarch64",
    "platform_system": "Linux",
    "sys_platform": "linux",
    "os_name": "posix",
    "python_version": PYTHON_VERSION,
    "python_full_version": f"{PYTHON_VERSION}.0",
    "implementation_version": f"{PYTHON_VERSION}.0",
    "extra": "",
}
_NAME = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class Pin:
    """One locked package: its requirement line (``name==version ; marker``) and its hashes."""

    requirement: Requirement
    hashes: tuple[str, ...]

    @property
    def name(self) -> str:
        return canonical(self.requirement.name)

    @property
    def version(self) -> str:
        return next(iter(self.requirement.specifier)).version

    def applies(self, environment: dict[str, str]) -> bool:
        marker = self.requirement.marker
        return marker is None or marker.evaluate(environment)

    def line(self, *, with_marker: bool = True) -> str:
        head = str(self.requirement) if with_marker else f"{self.requirement.name}=={self.version}"
        return " \\\n    ".join([head, *(f"--hash={h}" for h in self.hashes)])


def parse(text: str) -> dict[str, list[Pin]]:
    """The pins of a requirements text, by section (``runtime``/``dev``; ``""`` before any section)."""
    sections: dict[str, list[Pin]] = {"": []}
    current = ""
    entry: list[str] = []

    def flush() -> None:
        if entry:
            joined = " ".join(part.rstrip("\\").strip() for part in entry)
            head, *options = joined.split(" --hash=")
            sections[current].append(Pin(Requirement(head.strip()), tuple(o.strip() for o in options)))
            entry.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line in (RUNTIME_SECTION, DEV_SECTION):
            flush()
            current = line.strip("# []")
            sections.setdefault(current, [])
        elif not line or line.startswith("#"):
            flush()
        elif _NAME.match(line):
            flush()
            entry.append(line)
        elif line.startswith("--hash="):
            entry.append(line)
        else:
            raise ValueError(f"unexpected line in the lock: {raw!r}")
    flush()
    return sections


def runtime_pins(lock: Path = LOCK) -> list[Pin]:
    """The runtime section of the lock file."""
    sections = parse(lock.read_text())
    if not sections.get("runtime"):
        raise ValueError(f"{lock} has no runtime section: run `make lock`")
    return sections["runtime"]


def layer_requirements(lock: Path = LOCK, environment: dict[str, str] | None = None) -> list[Pin]:
    """The runtime pins whose markers hold in the Lambda (:data:`LAMBDA_MARKERS`): what the layer installs."""
    return [p for p in runtime_pins(lock) if p.applies(environment or LAMBDA_MARKERS)]


def _compile(uv: str, *extra: str) -> str:
    command = [
        uv, "pip", "compile", str(ROOT / "pyproject.toml"), "--universal", "--python-version", PYTHON_VERSION,
        "--generate-hashes", "--no-header", *extra,
    ]  # fmt: skip
    return subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT).stdout


def render(runtime: list[Pin], everything: list[Pin]) -> str:
    """The lock file's text: the runtime pins, then every other pin of the full resolution."""
    pinned = {p.name: p for p in everything}
    missing = [p.name for p in runtime if pinned.get(p.name, p).version != p.version]
    if missing:
        raise RuntimeError(f"the dev resolution moved runtime pins: {missing}")
    names = {p.name for p in runtime}
    dev = [p for p in everything if p.name not in names]
    lines = [HEADER, RUNTIME_SECTION, *(p.line() for p in runtime), "", DEV_SECTION, *(p.line() for p in dev)]
    return "\n".join(lines) + "\n"


def write(lock: Path = LOCK, uv: str | None = None) -> Path:
    """Resolve both sections with uv and write the lock file (see the module's docstring)."""
    uv = uv or str(Path(sys.executable).with_name("uv"))
    runtime = parse(_compile(uv))[""]
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as constraints:
        constraints.write("\n".join(f"{p.requirement}" for p in runtime) + "\n")
        constraints.flush()
        everything = parse(_compile(uv, "--extra", "dev", "--constraint", constraints.name))[""]
    lock.write_text(render(runtime, everything))
    return lock


if __name__ == "__main__":
    print(write())
