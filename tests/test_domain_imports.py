"""The domain's import graph: every module imports, no module reaches back into one that imports it
(counting imports inside functions too; not those under ``if TYPE_CHECKING:``, which never run), and
the games are peers: neither Scopa's nor Briscola's package imports the other, and the shared package
imports no game."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import scopa.domain

DOMAIN = Path(scopa.domain.__file__).parent
MODULES = sorted(
    ".".join(("scopa", "domain", *p.relative_to(DOMAIN).with_suffix("").parts)).removesuffix(".__init__")
    for p in DOMAIN.rglob("*.py")
)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports for annotations, never run, so two
    modules may name each other's types there without a cycle."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
    }


def imports_of(module: str) -> set[str]:
    """The ``scopa.domain`` modules ``module`` imports anywhere in its text that runs, inside functions
    too (a name imported from a package counts as its submodule when it is one)."""
    path = DOMAIN.joinpath(*module.split(".")[2:])
    source = (path / "__init__.py") if path.is_dir() else path.with_suffix(".py")
    found: set[str] = set()
    tree = ast.parse(source.read_text(encoding="utf-8"))
    annotations_only = _type_checking_only(tree)
    for node in ast.walk(tree):
        if id(node) in annotations_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in MODULES else node.module)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports_of(module) for module in MODULES}


@pytest.mark.parametrize("module", MODULES)
def test_every_domain_module_imports(module: str) -> None:
    importlib.import_module(module)


def test_the_domain_import_graph_has_no_cycle() -> None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        for target in sorted(GRAPH[module]):
            visit(target, [*path, module])
        done.add(module)

    for module in MODULES:
        visit(module, [])


@pytest.mark.parametrize(
    ("package", "never"),
    [
        ("scopa.domain.games.scopa", ("scopa.domain.games.briscola",)),
        ("scopa.domain.games.briscola", ("scopa.domain.games.scopa",)),
        ("scopa.domain.games.common", ("scopa.domain.games.scopa", "scopa.domain.games.briscola")),
    ],
)
def test_the_games_are_peers(package: str, never: tuple[str, ...]) -> None:
    for module in (m for m in MODULES if m == package or m.startswith(package + ".")):
        reached = {t for t in GRAPH[module] if any(t == n or t.startswith(n + ".") for n in never)}
        assert not reached, f"{module} imports {sorted(reached)}"
