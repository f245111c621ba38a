"""The rule-set version: derived from the rules themselves, so it changes exactly when they do.

A structured document records which rules read it (``pipeline.ruleset_version``). A hand-bumped
constant drifts (it stayed "2026.12.2" while the rules changed daily), so the version is a digest
of what decides the structure:

- the label grammar (:data:`pipeline.reading.grammar.GRAMMAR_DIGEST`: kinds, printed forms);
- the packaged data tables (``pipeline/data``: OCR confusion costs, text model, municipalities);
- the code of the rule modules, compared as syntax trees without docstrings, so a comment or a
  reworded docstring does not change the version but any changed pattern, cost or branch does.

The version reads ``g<grammar>.d<data>.c<code>`` (ten hex digits each); :func:`components`
gives the three parts.
"""

from __future__ import annotations

import ast
import hashlib
import sys
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources

from pipeline.native import source_path

# The modules whose code decides what a law's structure is (the unit kinds, cleaning, reading,
# segmenting, metadata, references). I/O, flows and exports are not rules: they change no unit.
RULE_MODULES: tuple[str, ...] = (
    "models.units",
    "pipeline.cleaning",
    "pipeline.correction",
    "pipeline.emission",
    "pipeline.folding",
    "pipeline.headers",
    "pipeline.joining",
    "pipeline.layout",
    "pipeline.alteracoes",
    "pipeline.acts",
    "pipeline.metadata",
    "pipeline.references",
    "pipeline.segmentation",
    "pipeline.status",
    "pipeline.structure",
    "pipeline.urn",
    "pipeline.reading.channel",
    "pipeline.reading.grammar",
    "pipeline.reading.numerals",
    "pipeline.reading.text_model",
    "pipeline.segmenting.closing",
    "pipeline.segmenting.contents",
    "pipeline.segmenting.decoder",
    "pipeline.segmenting.indentation",
    "pipeline.segmenting.laws",
    "pipeline.segmenting.lost",
    "pipeline.segmenting.numbering",
    "pipeline.segmenting.pages",
    "pipeline.segmenting.readings",
    "pipeline.segmenting.tree",
)


def _strip_docstrings(tree: ast.AST) -> ast.AST:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return tree


def code_digest(source: str) -> str:
    """Digest of Python source as a syntax tree without docstrings (comments and layout ignored)."""
    tree = _strip_docstrings(ast.parse(source))
    return hashlib.sha256(ast.dump(tree, include_attributes=False).encode()).hexdigest()


_memo: dict[str, str] = {}
"""Code digests already computed: key (:func:`_memo_key`) -> digest. Parsing the rule modules
costs 0.2-0.25 CPU-s, most of a no-op rerun's own work; ``corpus.current`` keeps this memo in the
cache directory between processes. A key is the source text itself (hashed, with the Python
version that parses it), so an entry can never be stale."""
_used: dict[str, str] = {}


def _memo_key(source: str) -> str:
    return hashlib.sha256(f"{sys.version_info[0]}.{sys.version_info[1]}\0{source}".encode()).hexdigest()


def _known_code_digest(source: str) -> str:
    key = _memo_key(source)
    digest = _memo.get(key)
    if digest is None:
        digest = _memo[key] = code_digest(source)
    _used[key] = digest
    return digest


def seed_digests(entries: Mapping[str, str]) -> None:
    """Digests computed by an earlier process (:func:`used_digests` of it)."""
    _memo.update({k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str)})


def used_digests() -> dict[str, str]:
    """The digests this process used: what an earlier process's memo should now hold."""
    return dict(_used)


def _module_source(name: str) -> str:
    # (read from the checkout, not through the module's spec: a module compiled by pipeline.native
    # runs from an extension module built from this source, its guard running the source wherever
    # the two differ)
    try:
        return source_path(name).read_text(encoding="utf-8")
    except OSError:
        return ""  # a module that is not there decides nothing


def _data_digest() -> str:
    h = hashlib.sha256()
    root = resources.files("pipeline.data")
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if entry.name.endswith((".json", ".csv")):
            h.update(entry.name.encode())
            h.update(entry.read_bytes())
    return h.hexdigest()


@lru_cache(maxsize=1)
def components() -> dict[str, str]:
    """The parts of the version: ``grammar``, ``data`` and ``code`` digests (ten hex digits)."""
    from pipeline.reading.grammar import GRAMMAR_DIGEST

    code = hashlib.sha256()
    for name in RULE_MODULES:
        code.update(name.encode())
        code.update(_known_code_digest(_module_source(name)).encode())
    return {"grammar": GRAMMAR_DIGEST[:10], "data": _data_digest()[:10], "code": code.hexdigest()[:10]}


OCR_MODULES: tuple[str, ...] = ("pipeline.ocr", "pipeline.imageprep", "pipeline.layout", "pipeline.tessapi")
"""The modules whose code decides what a page reads as (preparation, turning, margin re-reads)."""


@lru_cache(maxsize=1)
def ocr_recipe() -> str:
    """Ten hex digits of the OCR recipe's code: a cached page read by another recipe is read again."""
    code = hashlib.sha256()
    for name in OCR_MODULES:
        code.update(name.encode())
        code.update(code_digest(_module_source(name)).encode())
    return code.hexdigest()[:10]


def ruleset_version() -> str:
    """``g<grammar>.d<data>.c<code>``: equal for two runs exactly when their rules are equal."""
    parts = components()
    return f"g{parts['grammar']}.d{parts['data']}.c{parts['code']}"
