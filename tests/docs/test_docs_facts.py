"""What the documents name exists: make targets, links, paths, modules, environment variables, routes and
error codes, read out of README.md, SECURITY.md, docs/ and the READMEs beside the code.

A check that fails names the document and what it names, so the fix is in the document or in the code
that moved without it. Prose claims (a figure, a behaviour) are not checked here; the commands the README
gives are run by ``test_quick_start.py``.
"""

from __future__ import annotations

import ast
import json
import re

import pytest

from tests.docs.facts import (
    DOCUMENTS,
    PATH_BASES,
    ROOT,
    Document,
    anchors,
    code_words,
    defined_anywhere,
    defined_in,
    document,
    documents,
    environment_names,
    make_targets,
    module_file,
    named_make_targets,
    python_sources,
    tracked_files,
    tracked_folders,
)

EXTENSIONS = ("py", "md", "json", "toml", "lock", "txt", "html", "js", "css", "yaml", "yml", "png", "sh")
_PATH = re.compile(r"[\w.-]+(?:/[\w.-]*)*")
_MEDIA_TYPE = re.compile(r"(?:application|text|image|multipart)/[a-z0-9.+-]+")
_UPPER = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")
_ROUTE = re.compile(r"(GET|POST|PUT|PATCH|DELETE) (/[^\s?`]*)")

#: Files the documents name that the code writes at run time (the browser tests' screenshots).
MADE_AT_RUN_TIME = frozenset({"briscola-finished.png", "briscola-replay.png"})
#: The status a route does not declare in the OpenAPI document, but the handler answers for any path.
UNDECLARED = {405: {"method_not_allowed"}}


def _docs() -> list[Document]:
    return list(documents())


def _ids(docs: list[Document]) -> list[str]:
    return [d.path for d in docs]


def test_every_document_is_listed() -> None:
    markdown = {
        p for p in tracked_files() if p.endswith(".md") and not p.startswith("clients/python/scopa_client")
    }
    assert markdown <= set(DOCUMENTS), (
        f"add to tests/docs/facts.py DOCUMENTS: {sorted(markdown - set(DOCUMENTS))}"
    )


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_make_target_named_exists(doc: Document) -> None:
    missing = named_make_targets(doc) - make_targets()
    assert not missing, f"{doc.path} names make targets the Makefile does not have: {sorted(missing)}"


def _link_problem(doc: Document, link: str) -> str | None:
    if re.match(r"[a-z]+:", link):  # https:, mailto:
        return None
    target, _, anchor = link.partition("#")
    path = (doc.folder / target).resolve() if target else ROOT / doc.path
    if not path.exists():
        return f"{link}: no such file"
    if anchor and path.suffix == ".md" and anchor not in anchors(path.read_text("utf-8")):
        return f"{link}: no heading makes the anchor #{anchor}"
    return None


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_relative_link_resolves(doc: Document) -> None:
    problems = [p for p in (_link_problem(doc, link) for link in doc.links) if p]
    assert not problems, f"{doc.path}: " + "; ".join(problems)


def _path_candidates(doc: Document) -> set[str]:
    """Pieces of the inline code that look like repository paths: a known first folder, or a file name."""
    found = set()
    for span in doc.spans:
        for word in re.split(r"[\s=,]+", span):
            piece = word.rstrip(":.)")
            if not piece or "..." in piece or not _PATH.fullmatch(piece) or piece.startswith("."):
                continue
            if "/" in piece or (piece.rsplit(".", 1)[-1] in EXTENSIONS and "." in piece):
                found.add(piece)
    return found


def _resolves(doc: Document, piece: str) -> bool | None:
    """True when the piece is a file or folder of the repository: from the root, from ``shared``,
    ``functions``, ... or the document's folder, or the end of a path (``tournaments/swiss.py``); False
    when it names one that is not there; None when it is not a repository path (a media type, a format
    name such as ``scopa-shuffle/1``, a file made at run time)."""
    plain = piece.rstrip("/")
    if plain in MADE_AT_RUN_TIME:
        return None
    bases = [*PATH_BASES, doc.folder.relative_to(ROOT).as_posix()]
    candidates = [f"{base}/{plain}" if base not in ("", ".") else plain for base in bases]
    known = tracked_files() | tracked_folders()
    if any(c in known for c in candidates) or any(p.endswith("/" + plain) for p in known):
        return True
    if "/" not in plain:  # a bare name: a file name is checked, a word with a slash is not
        return False if "." in plain and not piece.endswith("/") else None
    first = plain.split("/")[0]
    if _MEDIA_TYPE.fullmatch(plain) or not any(
        f == first or f.endswith("/" + first) for f in tracked_folders()
    ):
        return None
    return False


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_repository_path_named_exists(doc: Document) -> None:
    missing = sorted(p for p in _path_candidates(doc) if _resolves(doc, p) is False)
    assert not missing, f"{doc.path} names paths that are not in the repository: {missing}"


def _module_problems(doc: Document) -> list[str]:
    problems = []
    names = {s.removesuffix("()") for s in doc.spans}
    for code in doc.code():
        names.update(re.findall(r"-m ([\w.]+)", code))
    for name in sorted(names):
        if not re.fullmatch(r"[a-z_]\w*(?:\.\w+)+", name) or name.rsplit(".", 1)[-1] in EXTENSIONS:
            continue
        found = module_file(name)
        if found is None:
            continue
        path, attributes = found
        if path not in python_sources():
            problems.append(f"{name}: no module {path}")
        elif attributes and attributes[0] not in defined_in(path):
            problems.append(f"{name}: {path} defines no {attributes[0]}")
        elif any(a not in defined_anywhere() for a in attributes[1:]):
            problems.append(f"{name}: nothing defines {attributes[1:]}")
    return problems


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_module_and_name_named_exists(doc: Document) -> None:
    problems = _module_problems(doc)
    assert not problems, f"{doc.path}: " + "; ".join(problems)


def _variables(doc: Document) -> set[str]:
    """Upper-case names with an underscore in inline code, and ``NAME=value`` given to a command."""
    found = {s for s in doc.spans if _UPPER.fullmatch(s)}
    for code in doc.code():
        for assignments in re.findall(r"((?:\b[A-Z][A-Z0-9_]*=\S*\s+)+)(?:make|python|npx|\.venv)\b", code):
            found.update(re.findall(r"([A-Z][A-Z0-9_]*)=", assignments))
        for arguments in re.findall(r"\bmake\s+\S+((?:\s+[A-Z][A-Z0-9_]*=\S*)+)", code):
            found.update(re.findall(r"([A-Z][A-Z0-9_]*)=", arguments))
    return found


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_variable_named_is_read_by_the_code_or_defined_in_it(doc: Document) -> None:
    unknown = sorted(
        v for v in _variables(doc) if v not in environment_names() and v not in defined_anywhere()
    )
    assert not unknown, (
        f"{doc.path} names {unknown}: neither an environment variable the code or the Makefile reads, nor a "
        "name the code defines"
    )


def _normalised(path: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", path.rstrip("/") or "/")


def test_every_route_in_the_api_tables_is_in_the_openapi_document() -> None:
    spec = json.loads((ROOT / "docs" / "openapi.json").read_text("utf-8"))
    operations = {
        (method.upper(), _normalised(path))
        for path, item in spec["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    }
    named = {
        (method, _normalised(path))
        for line in document("docs/api.md").prose.splitlines()
        if line.startswith("|")
        for method, path in _ROUTE.findall(line)
    }
    assert len(named) > 20
    assert not named - operations, (
        f"docs/api.md names routes the API does not have: {sorted(named - operations)}"
    )


def _error_codes() -> dict[int, tuple[str, ...]]:
    """``api.responses.ERROR_CODES``, read from the source (importing it costs Powertools and pydantic)."""
    tree = ast.parse((ROOT / "functions" / "api" / "responses.py").read_text("utf-8"))
    node = next(
        n
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == "ERROR_CODES"
    )
    assert node.value is not None
    codes: dict[int, tuple[str, ...]] = ast.literal_eval(node.value)
    return codes


def test_the_error_table_of_the_api_document_is_the_services_list() -> None:
    table: dict[int, set[str]] = {}
    for line in document("docs/api.md").prose.splitlines():
        row = re.match(r"\| (\d{3}) \|(.*)\|\s*$", line)
        if row:
            spans = re.findall(r"`([^`]+)`", row.group(2))
            table[int(row.group(1))] = {s for s in spans if re.fullmatch(r"[a-z]+(?:_[a-z]+)*", s)}
    expected = {status: set(codes) for status, codes in _error_codes().items()} | UNDECLARED
    assert table == expected, {
        status: {
            "missing from docs/api.md": sorted(expected.get(status, set()) - table.get(status, set())),
            "not in api.responses.ERROR_CODES": sorted(
                table.get(status, set()) - expected.get(status, set())
            ),
        }
        for status in sorted(set(table) | set(expected))
        if table.get(status) != expected.get(status)
    }


#: Names the documents give in code that belong to others, not to this code (none yet).
NOT_OURS: frozenset[str] = frozenset()
_CAMEL = re.compile(r"(?<![\w.$#/-])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?:\.[a-z_]\w*)?)(?![\w/-])")


@pytest.mark.parametrize("doc", _docs(), ids=_ids(_docs()))
def test_every_class_named_is_in_the_code(doc: Document) -> None:
    """A class (``MatchService.expire_overdue``: and its method) the code still has, or an AWS name it
    uses (``PutItem``, ``Url5xxCount``)."""
    words = code_words()
    missing = sorted(
        name
        for span in doc.spans
        for name in _CAMEL.findall(span)
        if name not in NOT_OURS and any(part not in words for part in name.split("."))
    )
    assert not missing, f"{doc.path} names {missing}, which the code does not"


def _key_prefixes(rows: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """(pk, sk) up to their first placeholder: ``PLAYER#<id>`` is ``PLAYER#``."""
    return {(pk.split("<")[0], sk.split("<")[0].split(" ")[0]) for pk, sk in rows}


def test_the_data_models_entities_are_the_keys_modules() -> None:
    """Every item kind that ``keys.py`` lists is in data-model.md's table of entities, and no other."""
    source = (ROOT / "shared" / "scopa" / "adapters" / "dynamodb" / "keys.py").read_text("utf-8")
    in_code = re.findall(r"^\| [^|]+\| ``([^`]+)``\s*\| ``([^`]+)``", source, re.MULTILINE)
    text = document("docs/data-model.md").prose
    entities = text[text.index("## Entities and keys") : text.index("## Access patterns")]
    in_doc = [
        r
        for r in re.findall(r"^\| [^|]+\| `([^`]+)` \| `([^`]+)`", entities, re.MULTILINE)
        if r != ("pk", "sk")
    ]
    assert len(in_code) > 30
    assert _key_prefixes(in_doc) == _key_prefixes(in_code)


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


def test_the_number_of_lambda_functions_the_documents_give_is_the_codes() -> None:
    """A document that says "the six Lambda functions" counts the folders of ``functions/`` with a handler."""
    handlers = sorted(p for p in tracked_files() if re.fullmatch(r"functions/\w+/handler\.py", p))
    said = {
        (doc.path, word.lower())
        for doc in documents()
        for word in re.findall(r"\b(\w+) (?:Lambda )?functions\b", doc.prose, re.IGNORECASE)
        if word.lower() in _NUMBERS and not re.search(rf"{word} functions'", doc.prose)
    }
    assert said, "no document says how many functions there are"
    wrong = sorted((path, word) for path, word in said if _NUMBERS[word] != len(handlers))
    assert not wrong, f"{len(handlers)} functions ({handlers}), but: {wrong}"
