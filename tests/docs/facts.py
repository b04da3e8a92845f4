"""What the prose documents name, read out of the Markdown: code spans, code blocks, links, tables.

Shared by the docs tests. Only the standard library: reading every document and the code it names takes
a fraction of a second.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The documents a user reads: the README, every page of docs/, and the READMEs beside the code.
DOCUMENTS = (
    "README.md",
    "SECURITY.md",
    *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md")),
    "infra/README.md",
    "functions/README.md",
    "events/README.md",
    "tests/golden/README.md",
)

_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language (``sh``, ``text``, ...) and text."""

    language: str
    text: str


@dataclass(frozen=True)
class Document:
    path: str  # relative to the repository
    text: str

    @property
    def folder(self) -> Path:
        return (ROOT / self.path).parent

    @property
    def blocks(self) -> list[Block]:
        return [Block(m.group(1), m.group(2)) for m in _FENCE.finditer(self.text)]

    @property
    def prose(self) -> str:
        """The text without its fenced code blocks."""
        return _FENCE.sub("", self.text)

    @property
    def spans(self) -> list[str]:
        """Every inline code span of the prose (tables included)."""
        return _SPAN.findall(self.prose)

    @property
    def links(self) -> list[str]:
        return _LINK.findall(self.prose)

    def code(self) -> Iterator[str]:
        """Every piece of code: the spans, then each line of the fenced blocks."""
        yield from self.spans
        for block in self.blocks:
            yield from block.text.splitlines()


@cache
def documents() -> tuple[Document, ...]:
    return tuple(Document(p, (ROOT / p).read_text("utf-8")) for p in DOCUMENTS)


def document(path: str) -> Document:
    return next(d for d in documents() if d.path == path)


@cache
def tracked_files() -> frozenset[str]:
    """The repository's files as git knows them (what a clone has), plus what is on disk but untracked."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    return frozenset(p for p in listed if p and (ROOT / p).exists())


@cache
def tracked_folders() -> frozenset[str]:
    folders: set[str] = set()
    for path in tracked_files():
        parts = path.split("/")[:-1]
        folders.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return frozenset(folders)


def anchors(text: str) -> set[str]:
    """GitHub's anchors of a Markdown text's headings (lower case, punctuation dropped, spaces to dashes;
    a repeated heading gets ``-1``, ``-2``)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", _FENCE.sub("", text), re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text("utf-8")
    return {name for line in re.findall(r"^([\w .-]+):(?!=)", text, re.MULTILINE) for name in line.split()}


_MAKE = re.compile(r"(?:^|[\s(;&|`$])make((?:\s+[A-Z_]+=\S*)*)\s+([a-z][\w-]*)")


def named_make_targets(doc: Document) -> set[str]:
    """``make <target>`` in the document's code (with any ``NAME=value`` before the target)."""
    found = set()
    for code in doc.code():
        for match in _MAKE.finditer(code):
            found.add(match.group(2))
    return found


# ---------------------------------------------------------------------------------------------- the code


#: Where a module or a path the documents name may start: ``scopa/...`` is ``shared/scopa/...``,
#: ``api/...`` is ``functions/api/...``, ``application/...`` is ``shared/scopa/application/...``.
PATH_BASES = ("", "shared", "shared/scopa", "functions", "clients/python")
#: The first segment of a dotted module name and the folder it is.
MODULE_ROOTS = {
    "scopa": "shared/scopa",
    "scopa_client": "clients/python/scopa_client",
    "api": "functions/api",
    "pipeline": "functions/pipeline",
    "live": "functions/live",
    "notifier": "functions/notifier",
    "jobs": "functions/jobs",
    "webhooks": "functions/webhooks",
    "bench": "bench",
    "infra": "infra",
    "tools": "tools",
    "tests": "tests",
}


@cache
def python_sources() -> dict[str, str]:
    """Every tracked Python file's text, by path."""
    return {p: (ROOT / p).read_text("utf-8") for p in tracked_files() if p.endswith(".py")}


_DEFINITION = re.compile(
    r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)"  # def name, class Name
    r"|^\s*(?:self\.)?(\w+)\s*(?::[^=\n]*)?=(?!=)"  # NAME = ..., name: type = ..., self.name = ...
    r"|^\s*(\w+)\s*:\s*\S",  # a field: name: type
    re.MULTILINE,
)
_IMPORT = re.compile(r"^\s*(?:from\s+\S+\s+)?import\s+(\([^)]*\)|[^\n]*)", re.MULTILINE)


@cache
def defined_in(path: str) -> frozenset[str]:
    """The names a Python file defines: functions, classes, assignments (module, class, ``self.``), fields
    and what it imports."""
    text = python_sources()[path]
    names = {name for groups in _DEFINITION.findall(text) for name in groups if name}
    for imported in _IMPORT.findall(text):
        names.update(re.findall(r"\w+", imported))
    return frozenset(names)


@cache
def defined_anywhere() -> frozenset[str]:
    return frozenset(name for path in python_sources() for name in defined_in(path))


@cache
def environment_names() -> frozenset[str]:
    """Upper-case names the code reads from the environment: string literals in Python, and the Makefile's
    variables (``$(NAME)``, ``$${NAME...}``, ``NAME ?=``)."""
    found: set[str] = set()
    literal = re.compile(r"""["']([A-Z][A-Z0-9_]*)["']""")
    for text in python_sources().values():
        found.update(literal.findall(text))
    makefile = (ROOT / "Makefile").read_text("utf-8")
    found.update(re.findall(r"\$\(([A-Z][A-Z0-9_]*)\)", makefile))
    found.update(re.findall(r"\$\$\{?([A-Z][A-Z0-9_]*)", makefile))
    found.update(re.findall(r"^([A-Z][A-Z0-9_]*)\s*[?:]?=", makefile, re.MULTILINE))
    found.update(re.findall(r"\borigin ([A-Z][A-Z0-9_]*)\)", makefile))
    return frozenset(found)


def module_file(dotted: str) -> tuple[str, list[str]] | None:
    """The file of a dotted name (``api.responses.ERROR_CODES``) and the attribute names after it; None
    when the name does not start with one of :data:`MODULE_ROOTS`."""
    parts = dotted.split(".")
    if parts[0] not in MODULE_ROOTS:
        return None
    folder = MODULE_ROOTS[parts[0]]
    for i, part in enumerate(parts[1:], start=1):
        if f"{folder}/{part}.py" in python_sources():
            return f"{folder}/{part}.py", parts[i + 1 :]
        if f"{folder}/{part}" in tracked_folders():
            folder = f"{folder}/{part}"
            continue
        return f"{folder}/__init__.py", parts[i:]
    return f"{folder}/__init__.py", []


@cache
def code_words() -> frozenset[str]:
    """Every word of the code: Python, the Makefile, the CDK settings, the pages' templates and scripts."""
    texts = [*python_sources().values(), (ROOT / "Makefile").read_text("utf-8")]
    texts += [
        (ROOT / p).read_text("utf-8")
        for p in tracked_files()
        if p.endswith((".js", ".html", ".json")) and not p.startswith(("docs/", "events/"))
    ]
    return frozenset(re.findall(r"\w+", "\n".join(texts)))
