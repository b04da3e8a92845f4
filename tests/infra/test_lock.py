"""The lock file (requirements.lock): it matches pyproject, its runtime section is exactly the runtime
closure, and the layer installs exactly that section. Fast and offline: the lock, pyproject and the
metadata of the venv (which ``make`` installs from the lock)."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

from infra import layer, lock

ROOT = Path(__file__).resolve().parents[2]


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project: dict[str, object] = tomllib.load(handle)["project"]
    return project


def _closure(roots: list[str], environment: dict[str, str]) -> set[str]:
    """The names ``roots`` need in ``environment``, following the installed packages' own requirements."""
    pending = [(Requirement(r), "") for r in roots]
    seen: set[str] = set()
    while pending:
        requirement, extra = pending.pop()
        if requirement.marker and not requirement.marker.evaluate({**environment, "extra": extra}):
            continue
        name = lock.canonical(requirement.name)
        key = f"{name}[{','.join(sorted(requirement.extras))}]"
        if key in seen:
            continue
        seen.add(key)
        for required in metadata.requires(requirement.name) or []:
            pending.extend((Requirement(required), e) for e in (sorted(requirement.extras) or [""]))
    return {k.split("[")[0] for k in seen}


def test_the_layer_installs_exactly_the_locks_runtime_section_for_the_lambda() -> None:
    pins = lock.layer_requirements()
    assert layer.runtime_requirements() == [p.line(with_marker=False) for p in pins]
    listed = {lock.canonical(line.split("==")[0]) for line in layer.runtime_requirements()}
    assert listed == {p.name for p in lock.runtime_pins() if p.applies(lock.LAMBDA_MARKERS)}
    assert all(line.count("--hash=sha256:") >= 1 for line in layer.runtime_requirements())


def test_the_runtime_section_is_the_closure_of_the_runtime_dependencies() -> None:
    roots = list(_project()["dependencies"])  # type: ignore[call-overload]
    runtime = {p.name for p in lock.layer_requirements()}
    assert runtime == _closure(roots, lock.LAMBDA_MARKERS)
    for banned in ("pytest", "moto", "aws-xray-sdk", "uv", "aws-cdk-lib", "tqdm"):
        assert banned not in runtime, banned


def test_every_requirement_of_pyproject_is_satisfied_by_the_lock_and_every_pin_is_hashed() -> None:
    project = _project()
    sections = lock.parse(lock.LOCK.read_text())
    assert sections[""] == []  # nothing outside the two sections
    runtime = {p.name: p for p in sections["runtime"]}
    everything = {**runtime, **{p.name: p for p in sections["dev"]}}
    assert not set(runtime) & {p.name for p in sections["dev"]}
    extras: dict[str, list[str]] = project["optional-dependencies"]  # type: ignore[assignment]
    checks = [(r, runtime) for r in project["dependencies"]]  # type: ignore[attr-defined]
    checks += [(r, everything) for name in ("dev", "tools") for r in extras[name]]
    for text, pins in checks:
        requirement = Requirement(text)
        if lock.canonical(requirement.name) == "scopa-service":
            continue  # the project's own extra
        pin = pins.get(lock.canonical(requirement.name))
        assert pin is not None, f"{text} is not in the lock: run `make lock`"
        assert requirement.specifier.contains(pin.version, prereleases=True), (text, pin.version)
    assert all(p.hashes and all(h.startswith("sha256:") for h in p.hashes) for p in everything.values())
    assert "://" not in lock.LOCK.read_text()  # no index URL: the machine's registry is used


def test_the_venv_runs_the_locked_versions() -> None:
    sections = lock.parse(lock.LOCK.read_text())
    here = {**{k: str(v) for k, v in default_environment().items()}, "extra": ""}
    for pin in [*sections["runtime"], *sections["dev"]]:
        if pin.applies(here):
            assert metadata.version(pin.name) == pin.version, pin.name


def test_the_parser_reads_sections_markers_and_hashes() -> None:
    text = (
        "# header\n# [runtime]\nnetworkx==3.7 \\\n    --hash=sha256:aa \\\n    --hash=sha256:bb\n"
        "\n# [dev]\ncolorama==0.4.6 ; sys_platform == 'win32' \\\n    --hash=sha256:cc\n"
    )
    sections = lock.parse(text)
    assert [(p.name, p.version, p.hashes) for p in sections["runtime"]] == [
        ("networkx", "3.7", ("sha256:aa", "sha256:bb"))
    ]
    (colorama,) = sections["dev"]
    assert not colorama.applies(lock.LAMBDA_MARKERS)
    assert colorama.line(with_marker=False) == "colorama==0.4.6 \\\n    --hash=sha256:cc"
