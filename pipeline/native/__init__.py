"""The structuring modules compiled with mypyc: the same program, about a third less CPU.

Structuring is pure Python: the decoder weighs thousands of label readings per law, each a few
dozen small steps, and the interpreter's overhead per step is most of its time. mypyc compiles
the annotated modules of :data:`NATIVE_MODULES` to C extension modules, in place beside their
sources (``pipeline/segmenting/decoder.cpython-311-....so`` beside ``decoder.py``), plus one shared
library, ``pipeline/_native__mypyc....so``. The build is optional: without a C compiler, or with
``LOCLEG_NATIVE=0`` set when building, the sources run as they are, and the outputs are the same
(``tests/test_native.py`` structures the same laws both ways and compares the documents).

A compiled module must never run in place of a source that changed after the build (Python would
import the extension and ignore the edited ``.py``, and the ruleset version, which digests the
sources, would name rules that are not the ones running). The build writes :data:`MANIFEST`, each
module's source digest; :func:`guard`, run when ``pipeline`` is imported, checks it, and where any
compiled module is stale, missing or unrecorded, or ``LOCLEG_PURE_PYTHON=1`` is set, makes every
module of the list load from its source (all or none: compiled modules call each other directly).

Build (``make native``, part of the README's set-up): ``python -m pipeline.native build``; it
does nothing when the compiled modules are current. ``python -m pipeline.native status`` tells
which code runs. Standard library only: this module runs before anything else of ``pipeline``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

NATIVE_MODULES: tuple[str, ...] = (
    "pipeline.folding",
    "pipeline.joining",
    "pipeline.headers",
    "pipeline.metadata",
    "pipeline.cleaning",
    "pipeline.alteracoes",
    "pipeline.segmentation",
    "pipeline.reading.channel",
    "pipeline.reading.grammar",
    "pipeline.reading.numerals",
    "pipeline.segmenting.closing",
    "pipeline.segmenting.decoder",
    "pipeline.segmenting.indentation",
    "pipeline.segmenting.laws",
    "pipeline.segmenting.lost",
    "pipeline.segmenting.numbering",
    "pipeline.segmenting.pages",
    "pipeline.segmenting.readings",
    "pipeline.segmenting.tree",
)
"""The modules compiled: the structuring stage's, whose cost is the interpreter's (OCR's cost is
Tesseract's, the flows' is I/O)."""

GROUP = "pipeline._native"  # the shared library's module name (mypyc adds '__mypyc')
ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "pipeline" / "_native.json"
PURE_ENV = "LOCLEG_PURE_PYTHON"  # '1': run the sources even where compiled modules are current
BUILD_ENV = "LOCLEG_NATIVE"  # '0': `build` compiles nothing (a machine with no C compiler, say)


def source_path(module: str, root: Path = ROOT) -> Path:
    """The ``.py`` file of ``module`` in the checkout at ``root``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def compiled_path(module: str, root: Path = ROOT) -> Path | None:
    """The extension module compiled from ``module`` for this interpreter, if one is there."""
    base = source_path(module, root).with_suffix("")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if path.exists():
            return path
    return None


def source_digest(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()


def stale_modules(recorded: Mapping[str, str], current: Mapping[str, str | None],
                  compiled: Mapping[str, bool]) -> list[str]:
    """The modules whose compiled form must not run: compiled from another source than the
    current one (or with no record of its source), or not compiled while others are (a partial
    build). Pure: ``recorded`` the manifest's digests, ``current`` each source's digest (None: no
    source), ``compiled`` whether an extension module is there."""
    if not any(compiled.values()):
        return []
    return [m for m in current if not compiled.get(m) or current[m] is None or recorded.get(m) != current[m]]


def _manifest(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _recorded(path: Path) -> dict[str, str]:
    data = _manifest(path)
    modules = data.get("modules") if data.get("python") == _python_tag() else None
    return {str(k): str(v) for k, v in modules.items()} if isinstance(modules, dict) else {}


def _python_tag() -> str:
    return f"{sys.implementation.cache_tag}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def _build_state(modules: Sequence[str], root: Path, manifest: Path) -> tuple[bool, list[str], dict[str, str | None]]:
    """Whether any of ``modules`` is compiled, those whose compiled form must not run
    (:func:`stale_modules`), and each source's digest."""
    compiled = {m: compiled_path(m, root) is not None for m in modules}
    current = _current(modules, root)
    return any(compiled.values()), stale_modules(_recorded(manifest), current, compiled), current


def _current(modules: Sequence[str], root: Path) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for module in modules:
        try:
            out[module] = source_digest(source_path(module, root).read_bytes())
        except OSError:
            out[module] = None
    return out


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their ``.py`` files, whatever extension module lies beside."""

    def __init__(self, modules: Sequence[str], root: Path):
        self.modules, self.root = frozenset(modules), root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.modules:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))


_state = "pure"


def guard(modules: Sequence[str] = NATIVE_MODULES, root: Path = ROOT, manifest: Path = MANIFEST) -> str:
    """Decide, once per process, whether the compiled ``modules`` run (see the module's
    docstring); returns the state :func:`status` reports."""
    global _state
    if any(isinstance(f, _SourcesFirst) and f.modules == frozenset(modules) for f in sys.meta_path):
        return _state
    built, stale, _digests = _build_state(modules, root, manifest)
    if not built:
        _state = "pure (not built)"
        return _state
    if os.environ.get(PURE_ENV, "") == "1":
        _state = f"pure ({PURE_ENV}=1)"
    elif stale:
        _state = f"pure (compiled modules out of date: {', '.join(stale[:3])}{' ...' if len(stale) > 3 else ''}; " \
                 f"`make native` rebuilds them)"
    else:
        _state = "compiled"
        return _state
    sys.meta_path.insert(0, _SourcesFirst(modules, root))
    return _state


def status() -> str:
    """'compiled', or 'pure (...)' with the reason: which code structures documents here."""
    return _state


def pickled_by_fields(obj: Any) -> tuple[type, tuple[object, ...]]:
    """``__reduce__`` of a frozen dataclass: rebuilt from its fields. Compiled, a frozen dataclass
    does not unpickle otherwise (its state is set attribute by attribute, which frozen forbids)."""
    return type(obj), tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))


def running_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module."""
    return not str(getattr(module, "__file__", "")).endswith(".py")


def build(force: bool = False) -> int:
    """Compile :data:`NATIVE_MODULES` in place (mypyc, then the C compiler) and write the
    manifest; nothing when they are current. Returns a process exit code: 0 also when the build
    is switched off or fails (the sources run), with the reason printed."""
    if os.environ.get(BUILD_ENV, "") == "0":
        print(f"native build skipped ({BUILD_ENV}=0): structuring runs as pure Python")
        return 0
    built, stale, current = _build_state(NATIVE_MODULES, ROOT, MANIFEST)
    if not force and built and not stale:  # (stale holds the modules not compiled, once any is)
        print("native build: the compiled modules are current")
        return 0
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"native build skipped ({exc}): structuring runs as pure Python")
        return 0
    paths = [str(source_path(m).relative_to(ROOT)) for m in NATIVE_MODULES]
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        setup(name="br-locleg-native", ext_modules=mypycify(paths, opt_level="3", group_name=GROUP),
              script_args=["-q", "build_ext", "--inplace"])
    except (SystemExit, Exception) as exc:  # a compiler missing or failing: the sources run
        print(f"native build failed ({exc}): structuring runs as pure Python")
        MANIFEST.unlink(missing_ok=True)
        return 0
    finally:
        os.chdir(here)
    MANIFEST.write_text(json.dumps({"python": _python_tag(), "modules": current}, indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")
    print(f"native build: {len(paths)} modules compiled")
    return 0
