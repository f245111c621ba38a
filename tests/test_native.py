"""The structuring modules compiled with mypyc (pipeline.native): the same documents as the
sources give, and never a compiled module built from another source than the one in the checkout."""

from __future__ import annotations

import importlib.machinery
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import native
from pipeline.cleaning import CleanConfig
from pipeline.segmenting.decoder import DecodeConfig
from pipeline.segmenting.numbering import SegmentConfig
from pipeline.structure import StructureConfig

ROOT = Path(__file__).resolve().parents[1]
# .ci/run sets it: there the set-up builds the compiled modules, and a build that fails must fail CI
REQUIRED = os.environ.get("LOCLEG_REQUIRE_NATIVE") == "1"


def _run(code: str, *, pure: bool = False, cwd: Path = ROOT, path: str = str(ROOT)) -> str:
    env = {**os.environ, "PYTHONPATH": path}
    env.pop(native.PURE_ENV, None)
    if pure:
        env[native.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# --- which modules are stale (pure) ---------------------------------------------------------

def test_nothing_compiled_is_nothing_stale():
    assert native.stale_modules({}, {"a": "1", "b": "2"}, {"a": False, "b": False}) == []


def test_a_build_of_the_current_sources_runs():
    assert native.stale_modules({"a": "1", "b": "2"}, {"a": "1", "b": "2"}, {"a": True, "b": True}) == []


def test_a_source_edited_after_the_build_is_stale():
    assert native.stale_modules({"a": "1", "b": "2"}, {"a": "1", "b": "3"}, {"a": True, "b": True}) == ["b"]


def test_a_partial_build_is_stale_where_a_module_was_not_compiled():
    assert native.stale_modules({"a": "1", "b": "2"}, {"a": "1", "b": "2"}, {"a": True, "b": False}) == ["b"]


def test_a_compiled_module_with_no_record_or_no_source_is_stale():
    assert native.stale_modules({"a": "1"}, {"a": "1", "b": "2", "c": None}, {"a": True, "b": True, "c": True}) \
        == ["b", "c"]


# --- the guard, on a package of its own -----------------------------------------------------

def _fake_build(tmp_path: Path, recorded: str | None) -> Path:
    """A package whose module has a 'compiled' extension beside its source (bytes no loader
    accepts: importing it fails, so a test sees which file Python took), and a manifest."""
    pkg = tmp_path / "fakepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    source = b'WHERE = "source"\n'
    (pkg / "mod.py").write_bytes(source)
    (pkg / f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"not an extension module")
    digest = native.source_digest(source) if recorded is None else recorded
    (tmp_path / "manifest.json").write_text(json.dumps(
        {"python": native._python_tag(), "modules": {"fakepkg.mod": digest}}))
    return tmp_path


def _guarded_import(root: Path, *, pure: bool = False) -> str:
    code = ("import sys; from pathlib import Path; from pipeline import native\n"
            f"root = Path({str(root)!r})\n"
            "state = native.guard(('fakepkg.mod',), root, root / 'manifest.json')\n"
            "try:\n"
            "    import fakepkg.mod as m; print(state, '|', m.WHERE)\n"
            "except ImportError as exc:\n"
            "    print(state, '|', 'extension taken:', type(exc).__name__)\n")
    return _run(code, pure=pure, path=f"{ROOT}{os.pathsep}{root}").strip()


def test_python_takes_the_extension_beside_a_source(tmp_path):
    # (why the guard exists: with a current manifest it leaves the import alone, and Python takes
    # the extension module, here one that cannot load)
    assert _guarded_import(_fake_build(tmp_path, None)) == "compiled | extension taken: ImportError"


def test_a_stale_build_runs_the_source(tmp_path):
    state, where = _guarded_import(_fake_build(tmp_path, "0" * 64)).split(" | ")
    assert where == "source"
    assert state.startswith("pure (compiled modules out of date: fakepkg.mod")


def test_pure_python_can_be_asked_for(tmp_path):
    assert _guarded_import(_fake_build(tmp_path, None), pure=True) == f"pure ({native.PURE_ENV}=1) | source"


# --- this checkout ------------------------------------------------------------------------------

_STATUS = ("import pipeline.native as n, pipeline.segmenting.decoder as d, pipeline.cleaning as c\n"
           "print(n.status()); print(n.running_compiled(d), n.running_compiled(c))")


def test_the_checkout_runs_what_its_status_says():
    state, loaded = _run(_STATUS).splitlines()
    assert loaded == ("True True" if state == "compiled" else "False False")
    if REQUIRED:
        assert state == "compiled", "the set-up's native build did not give current compiled modules"
    state, loaded = _run(_STATUS, pure=True).splitlines()
    assert loaded == "False False"
    assert state.startswith("pure")


_DUMP = """
import json, sys
from pathlib import Path
from models.norm import NormMeta
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text
out = {}
for name in sys.argv[1:]:
    txt = Path(name)
    meta = NormMeta.model_validate(json.loads(txt.with_name(txt.stem + '.meta.json').read_text()))
    out[name] = json.loads(structure_document(document_from_text(txt.read_text(encoding='utf-8')), meta).model_dump_json())
print(json.dumps(out, sort_keys=True))
"""


def test_compiled_and_pure_structure_every_law_alike():
    state = _run("import pipeline.native as n; print(n.status())").strip()
    if state != "compiled":
        assert not REQUIRED, state
        pytest.skip(f"no current native build here ({state}): `make native`")
    laws = sorted(str(p) for d in ("bench/qa", "bench/qa4", "bench/synthetic") for p in (ROOT / d).glob("*.txt"))[::3]
    seeds = ROOT.parent / "shared" / "seeds"
    laws += sorted(str(p) for p in seeds.glob("*.txt"))
    assert len(laws) >= 20
    code = "import sys; sys.argv = ['dump', *" + repr(laws) + "]\n" + _DUMP
    compiled, pure = json.loads(_run(code)), json.loads(_run(code, pure=True))
    assert compiled.keys() == pure.keys()
    for name in laws:
        assert compiled[name] == pure[name], name
    # (the ruleset version, in each document, digests the sources: the same in both)
    assert len({d["pipeline"]["ruleset_version"] for d in compiled.values()}) == 1


def test_configs_pickle_field_by_field():
    config = StructureConfig(clean=CleanConfig(furniture_min_repeats=4),
                             segment=SegmentConfig(decoder=DecodeConfig(min_evidence=2.0)), references=False)
    again = pickle.loads(pickle.dumps(config))
    assert again == config
    assert again.segment.decoder.min_evidence == 2.0 and again.clean.furniture_min_repeats == 4
