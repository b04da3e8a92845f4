"""The Lambda layer: the lock's runtime dependencies, built for arm64 and the Lambda's Python, plus the
domain package and their bytecode, and nothing taken from this machine's virtual environment."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from infra import layer
from infra.config import PYTHON_VERSION

EM_AARCH64 = 183  # ELF e_machine of 64-bit ARM
ROOT = Path(__file__).resolve().parents[2]


def _machine(path: Path) -> int:
    header = path.read_bytes()[:20]
    assert header[:4] == b"\x7fELF", path
    return int.from_bytes(header[18:20], "little")


@pytest.fixture(scope="module")
def built(real_layer: Path) -> Path:
    """The real layer, as ``make layer`` builds it from a clean shell (tests/infra/conftest.py)."""
    return real_layer


def test_pip_is_told_the_lambda_platform_and_python() -> None:
    command = layer.pip_command(Path("/x"), Path("/r.txt"))
    text = " ".join(command)
    for flag in (
        "--platform manylinux2014_aarch64",
        "--implementation cp",
        f"--python-version {PYTHON_VERSION}",
        "--only-binary=:all:",
        "--target /x",
        "--no-deps",  # exactly the locked closure (tests/infra/test_lock.py), each wheel checked
        "--require-hashes",
    ):
        assert flag in text
    assert command[-2:] == ["--requirement", "/r.txt"]


def test_the_layer_holds_what_lambda_runs_and_only_that(built: Path) -> None:
    site = built / "python"
    shipped = {p.relative_to(site / "scopa") for p in (site / "scopa").rglob("*.py")}
    source = {p.relative_to(ROOT / "shared" / "scopa") for p in (ROOT / "shared" / "scopa").rglob("*.py")}
    local_only = {p for p in source if p.parts[:2] in layer.LOCAL_ONLY}
    assert shipped == source - local_only
    # Nothing that runs only on a developer's machine: the CLI, the local server, the arena and its
    # progress bars, the league simulator.
    for absent in ("tools", "bench", "tqdm", "werkzeug", "moto", "aws_xray_sdk", "uv"):
        assert not (site / absent).exists(), absent
    for module in (
        "pydantic",
        "pydantic_core",
        "aws_lambda_powertools",
        "networkx",
        "jinja2",
        "segno",  # the QR codes of the venue pages
        "boto3",
    ):
        assert (site / module).is_dir(), module


def test_the_pages_templates_and_static_files_ship_the_games_plug_ins_too(built: Path) -> None:
    """Each game's page plug-in keeps its templates and scripts in its own folder (scopa/web/games/<name>):
    the layer holds every file of the web package that is not Python, wherever it sits."""
    web = ROOT / "shared" / "scopa" / "web"
    data = {p.relative_to(web) for p in web.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")}
    shipped = built / "python" / "scopa" / "web"
    assert {p for p in data if not (shipped / p).is_file()} == set()
    assert Path("games/briscola/static/briscola.js") in data
    assert Path("games/scopa/templates/replay.html") in data


def test_every_compiled_module_is_for_arm64_and_the_lambdas_python(built: Path) -> None:
    libraries = list((built / "python").rglob("*.so"))
    core = [p for p in libraries if p.parent.name == "pydantic_core"]
    assert len(core) == 1
    tag = f"cpython-{PYTHON_VERSION.replace('.', '')}-aarch64-linux-gnu"
    assert tag in core[0].name
    assert {_machine(p) for p in libraries} == {EM_AARCH64}


def test_every_module_ships_bytecode_for_the_lambdas_python_that_lambda_will_not_recheck(
    built: Path,
) -> None:
    site = built / "python"
    sources = [p for p in site.rglob("*.py") if "__pycache__" not in p.parts]
    tag = f"cpython-{PYTHON_VERSION.replace('.', '')}"
    missing = [p for p in sources if not (p.parent / "__pycache__" / f"{p.stem}.{tag}.pyc").is_file()]
    assert sources
    assert missing == []
    caches = {p.name.split(".")[-2] for p in site.rglob("__pycache__/*.pyc")}
    assert caches == {tag}  # compiled by the runtime's version only
    # Header: the magic number of the version that compiled it, then flags 0b01 = hash-based, unchecked
    # (the deployed zip resets modification times, so a timestamp-based .pyc would be stale in Lambda).
    pyc = site / "scopa" / "__pycache__" / f"__init__.{tag}.pyc"
    header = pyc.read_bytes()[:8]
    assert header[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(header[4:8], "little") == 0b01


def test_lambda_imports_the_shipped_bytecode_without_compiling_the_sources(
    built: Path, tmp_path: Path
) -> None:
    # As in Lambda: a read-only layer (-B writes no bytecode) whose sources have the zip's old times.
    copy = tmp_path / "scopa"
    shutil.copytree(built / "python" / "scopa", copy)
    source = copy / "__init__.py"
    source.write_text(source.read_text() + "\nSOURCE_COMPILED = True\n")
    os.utime(source, (315532800, 315532800))  # 1980-01-01, the date in the deployment zip
    probe = "import sys; sys.path[:0] = [sys.argv[1]]; import scopa; print(hasattr(scopa, 'SOURCE_COMPILED'))"
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", probe, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False", "the source was compiled instead of the shipped bytecode"


def test_the_layer_is_self_contained_not_a_copy_of_the_local_venv(built: Path) -> None:
    site = built / "python"
    venv = Path(sys.prefix)
    leaked = [
        p for p in site.rglob("*") if p.is_symlink() or p.name == "direct_url.json" or p.suffix == ".pth"
    ]
    assert leaked == []
    # In an isolated interpreter that sees only the layer, its pure-Python modules import from the layer.
    probe = (
        "import sys; sys.path[:0] = [sys.argv[1]]; import scopa.adapters.dynamodb.keys, networkx, "
        "jmespath, jinja2; "
        "print(scopa.adapters.dynamodb.keys.__file__); print(networkx.__file__); print(jinja2.__file__)"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe, str(site)], capture_output=True, text=True, check=True
    )
    files = result.stdout.split()
    assert len(files) == 3, result.stdout
    assert all(f.startswith(str(site)) for f in files), files
    assert not any(f.startswith(str(venv)) for f in files)


def test_an_unchanged_layer_is_not_rebuilt(built: Path) -> None:
    stamp = (built / layer.STAMP).read_text()
    marker = built / "python" / "kept.txt"
    marker.write_text("still here")
    assert layer.build(built) == built
    assert marker.exists()
    assert (built / layer.STAMP).read_text() == stamp
    marker.unlink()


def test_synthesis_refuses_a_folder_without_a_built_layer(tmp_path: Path) -> None:
    with pytest.raises(layer.LayerMissing, match="make layer"):
        layer.check_layer(tmp_path)
