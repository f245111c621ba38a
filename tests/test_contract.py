"""The JSON contract (issue 15): every code an emitter can write is in one table (models/codes.py)
and in the schema's enums; the typed ``pipeline.ocr``; the schema's ``$id``; the outputs of the
test corpora valid against the schema."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
import uuid
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from models import codes
from models.norm import (
    SCHEMA_ID,
    SCHEMA_VERSION,
    NormDocument,
    NormMeta,
    PipelineInfo,
    WarningItem,
    json_schema,
)
from models.ocr import DocumentText, OcrSettings
from pipeline.config import OcrConfig

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SOURCE_DIRS = ("pipeline", "corpus", "flows", "locleg")


def _defs() -> dict:
    return json_schema()["$defs"]


def _enum(prop: dict) -> list:
    """The enum of a property, of its string alternative when it is nullable."""
    if "enum" in prop:
        return prop["enum"]
    return next(alt["enum"] for alt in prop.get("anyOf", []) if "enum" in alt)


# --- one table, the schema's enums -------------------------------------------------------------


def test_the_schema_enums_are_the_code_table() -> None:
    defs = _defs()
    assert _enum(defs["WarningItem"]["properties"]["code"]) == list(codes.WARNING_CODES)
    assert _enum(defs["DocumentInfo"]["properties"]["reason"]) == list(codes.DOCUMENT_REASONS)
    assert defs["DocumentInfo"]["properties"]["reasons"]["items"]["enum"] == list(codes.STATUS_REASONS)
    assert _enum(defs["ErrorItem"]["properties"]["category"]) == list(codes.ERROR_CATEGORIES)
    assert set(_enum(defs["ErrorItem"]["properties"]["component"])) == {"fetch", "ocr", "ingest", "store"}
    # every error reason can end as a failed document's reason; 'ok' and the status reasons too
    assert {"ok", *codes.STATUS_REASONS, *codes.ERROR_REASONS} <= set(codes.DOCUMENT_REASONS)
    assert len(set(codes.WARNING_CODES)) == len(codes.WARNING_CODES)


def test_an_unlisted_code_is_refused_where_it_is_made() -> None:
    with pytest.raises(ValidationError):
        WarningItem(code="made_up", message="x")  # type: ignore[arg-type]
    doc = NormDocument.model_validate({"pipeline": {"version": "t", "ruleset_version": "t"}, "norm": {},
                                       "document": {"source": "x", "reason": "no_fecho"}})
    assert doc.document.reason == "no_fecho"
    with pytest.raises(ValidationError):
        NormDocument.model_validate({"pipeline": {"version": "t", "ruleset_version": "t"}, "norm": {},
                                     "document": {"source": "x", "reason": "fine"}})


def _source_files() -> list[Path]:
    return sorted(p for d in SOURCE_DIRS for p in (ROOT / d).rglob("*.py"))


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


ERROR_CALLS = {"LoclegError", "UsageError", "InputError", "FetchError", "OutputError", "OcrError", "cls",
               "failed_result", "DocumentInfo", "ManifestProblem", "PageError"}


def _emitted_codes() -> dict[str, set[tuple[str, str]]]:
    """Every code written in the source: (value, where) per kind. A code that is not a literal
    (an f-string, a name) is recorded as '<dynamic>' so the test names it."""
    found: dict[str, set[tuple[str, str]]] = {"warning": set(), "reason": set(), "category": set(),
                                               "component": set()}

    def note(kind: str, value: ast.expr, where: str) -> None:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found[kind].add((value.value, where))
        elif isinstance(value, ast.IfExp):
            note(kind, value.body, where)
            note(kind, value.orelse, where)
        elif isinstance(value, ast.BoolOp):  # reason or "bad_source"
            for part in value.values:
                note(kind, part, where)
        elif isinstance(value, (ast.Name, ast.Attribute, ast.Call)):
            pass  # a typed variable or function (issue.code, _component_of(error)): mypy checks it
        elif not (isinstance(value, ast.Constant) and value.value is None):
            found[kind].add(("<dynamic>", f"{where}: {ast.unparse(value)}"))

    for path in _source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name, where = _call_name(node), f"{rel}:{node.lineno}"
                if name == "Issue" and node.args:
                    note("warning", node.args[0], where)
                if name == "ManifestProblem" and len(node.args) > 1:
                    note("reason", node.args[1], where)
                for kw in node.keywords:
                    if kw.arg == "code" and name in ("WarningItem", "Issue"):
                        note("warning", kw.value, where)
                    elif kw.arg == "reason" and name in ERROR_CALLS:
                        note("reason", kw.value, where)
                    elif kw.arg in ("category", "component") and name in ("ErrorItem", "failed_result"):
                        note(kw.arg, kw.value, where)
            elif isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                for stmt in node.body:  # the error classes' default reason and category
                    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value:
                        if stmt.target.id in ("reason", "category"):
                            note("reason" if stmt.target.id == "reason" else "category", stmt.value,
                                 f"{rel}:{stmt.lineno}")
            elif isinstance(node, ast.FunctionDef) and node.name in ("decide_status", "status_of", "resolve_source"):
                for ret in ast.walk(node):  # ("needs_review", "no_text") and (None, "symlink_loop")
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        items = ret.value.elts
                        inner = items[0] if items and isinstance(items[0], ast.Tuple) else ret.value
                        values = [e for e in inner.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                        for value in values[1:] if node.name != "resolve_source" else values:
                            note("reason", value, f"{rel}:{ret.lineno}")
    return found


def test_every_code_an_emitter_writes_is_in_the_schema() -> None:
    """Read the source: every warning code, document reason, error category and component
    written anywhere in pipeline/, corpus/, flows/, locleg/ is a value of the schema's enums."""
    defs = _defs()
    allowed = {
        "warning": set(_enum(defs["WarningItem"]["properties"]["code"])),
        "reason": set(_enum(defs["DocumentInfo"]["properties"]["reason"])),
        "category": set(_enum(defs["ErrorItem"]["properties"]["category"])),
        "component": set(_enum(defs["ErrorItem"]["properties"]["component"])),
    }
    found = _emitted_codes()
    assert len({v for v, _ in found["warning"]}) >= 25 and len({v for v, _ in found["reason"]}) >= 40  # the scan sees them
    unlisted = sorted((kind, value, where) for kind, items in found.items() for value, where in items
                      if value not in allowed[kind])
    assert unlisted == []
    # the other direction: a listed warning code that nothing writes is a stale entry
    written = {v for v, _ in found["warning"]}
    assert set(codes.WARNING_CODES) - written == set()


def _doc_table_codes(section: str) -> set[str]:
    text = (ROOT / "docs" / "output.md").read_text(encoding="utf-8")
    body = text.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    out: set[str] = set()
    for line in body.splitlines():
        if line.startswith("| `"):
            out.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return out


def test_docs_describe_every_code() -> None:
    assert _doc_table_codes("Warning codes") == set(codes.WARNING_CODES)
    assert set(codes.STATUS_REASONS) <= _doc_table_codes("Status and reasons")
    assert _doc_table_codes("Error reason codes") == set(codes.ERROR_REASONS)


# --- pipeline.ocr -------------------------------------------------------------------------------


def test_pipeline_ocr_is_a_typed_model_with_every_setting() -> None:
    assert set(OcrSettings.model_fields) == {f.name for f in dataclasses.fields(OcrConfig)}
    settings = OcrConfig(dpi=200, ocr="always").settings()
    assert settings.dpi == 200 and settings.ocr == "always" and settings.prepare is True
    ocr = _defs()["OcrSettings"]
    assert ocr["required"] == list(ocr["properties"])
    assert all(p.get("description") for p in ocr["properties"].values())
    assert {k: p["type"] for k, p in ocr["properties"].items() if "type" in p} == {
        "lang": "string", "dpi": "integer", "native": "boolean", "psm": "integer", "oem": "integer",
        "prepare": "boolean", "min_text_chars": "integer", "timeout_s": "number", "ocr": "string"}
    assert ocr["properties"]["ocr"]["enum"] == ["auto", "always", "never"]
    with pytest.raises(ValidationError):  # a string where a number is: refused, not kept
        OcrSettings.model_validate({**settings.model_dump(), "dpi": "three hundred"})


def test_a_file_written_before_2_0_0_reads_its_empty_settings_as_null() -> None:
    assert PipelineInfo.model_validate({"version": "t", "ruleset_version": "t", "ocr": {}}).ocr is None
    validator = jsonschema.Draft202012Validator(json_schema())
    doc = NormDocument(pipeline=PipelineInfo(version="t", ruleset_version="t"), norm=NormMeta(),
                       document={"source": "x"})  # type: ignore[arg-type]
    data = json.loads(doc.model_dump_json())
    assert data["pipeline"]["ocr"] is None
    validator.validate(data)
    data["pipeline"]["ocr"] = {"lang": "por", "dpi": "300"}  # the 1.x form: strings, keys missing
    assert not validator.is_valid(data)


# --- $id ----------------------------------------------------------------------------------------


def test_schema_id_is_the_documented_urn_of_the_major_version() -> None:
    major = SCHEMA_VERSION.split(".")[0]
    expected = f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'br-locleg-ingest/schema/norm-document/v{major}')}"
    schema = json_schema()
    assert schema["$id"] == SCHEMA_ID == expected
    assert "example" not in schema["$id"]
    assert SCHEMA_ID in (ROOT / "docs" / "output.md").read_text(encoding="utf-8")


# --- the outputs of the test corpora ------------------------------------------------------------


def _text_cases() -> list[tuple[str, Path, Path | None]]:
    cases = []
    for text in sorted((SHARED / "seeds").glob("*.txt")):
        meta = text.with_suffix(".meta.json")
        cases.append((f"seed-{text.stem}", text, meta if meta.exists() else None))
    if (SHARED / "real" / "cf88.txt").exists():
        cases.append(("cf88", SHARED / "real" / "cf88.txt", None))
    for name in ("synthetic", "qa", "qa3", "qa4", "qa5", "qa6"):
        for text in sorted((ROOT / "bench" / name).glob("*.txt")):
            meta = text.with_suffix(".meta.json")
            cases.append((f"{name}-{text.stem}", text, meta if meta.exists() else None))
    return cases


def _warning_and_reason_check(data: dict, validator: jsonschema.Draft202012Validator, name: str) -> None:
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, f"{name}: {errors[0].json_path}: {errors[0].message}"
    assert {w["code"] for w in data["warnings"]} <= set(codes.WARNING_CODES)
    assert data["document"]["reason"] in codes.DOCUMENT_REASONS


@pytest.mark.slow
def test_outputs_of_the_text_corpora_validate() -> None:
    """The gold seeds, the 1988 Constitution (../shared) and the bench's text sets, structured
    from their text: every output valid, every code in the enums."""
    from pipeline.structure import structure_document
    from pipeline.textpages import document_from_text

    validator = jsonschema.Draft202012Validator(json_schema())
    cases = _text_cases()
    assert len(cases) >= 90  # the bench's sets are in the repository
    seen: set[str] = set()
    for name, text, meta_path in cases:
        meta = NormMeta.model_validate_json(meta_path.read_text(encoding="utf-8")) if meta_path else None
        doc = structure_document(document_from_text(text.read_text(encoding="utf-8"), source=text.name), meta)
        data = json.loads(doc.model_dump_json())
        _warning_and_reason_check(data, validator, name)
        seen.update(w["code"] for w in data["warnings"])
    assert len(seen) >= 8  # the sets raise many kinds of warning, all of them checked


REAL_WORLD = SHARED / "real-world"
REAL_TEXT = Path("/work/data/realdocs/text")  # bench/real_eval.py's cache of their OCR (DocumentText)


@pytest.mark.slow
@pytest.mark.skipif(not REAL_WORLD.is_dir(), reason="../shared/real-world not present")
def test_outputs_of_the_real_world_documents_validate() -> None:
    """The five real documents of ../shared/real-world, structured from the project's own reading
    of them (bench/real_eval.py caches it; used only while its sha256 is the PDF's)."""
    from pipeline.ocr import file_sha256
    from pipeline.structure import structure_document

    validator = jsonschema.Draft202012Validator(json_schema())
    read = 0
    for pdf in sorted(REAL_WORLD.glob("*.pdf")):
        cached = REAL_TEXT / f"{pdf.stem}.json"
        if not cached.is_file():
            continue
        text = DocumentText.model_validate_json(cached.read_text(encoding="utf-8"))
        if text.sha256 != file_sha256(pdf):
            continue
        doc = structure_document(text, None)
        doc = doc.model_copy(update={"pipeline": doc.pipeline.model_copy(update={"ocr": OcrConfig().settings()})})
        _warning_and_reason_check(json.loads(doc.model_dump_json()), validator, pdf.name)
        read += 1
    if read == 0:
        pytest.skip(f"no reading of ../shared/real-world cached in {REAL_TEXT} (bench/real_eval.py makes it)")


@pytest.mark.parametrize("reason", ["missing_file", "corrupt_pdf", "store_failed", "stored_ocr_unreadable",
                                    "path_outside_manifest"])
def test_a_failed_document_validates(reason: codes.ErrorReason) -> None:
    from corpus.store import failed_result

    doc = failed_result(source="x.pdf", meta=NormMeta(uf="SP"), reason=reason, message="m", category="fetch",
                        component="fetch")
    jsonschema.Draft202012Validator(json_schema()).validate(json.loads(doc.model_dump_json()))


def test_upstream_uf_and_urn_leave_in_the_schema_s_form() -> None:
    """An upstream record's 'sp' and its own URN string used to reach the output as they were,
    against the schema's patterns (a failed document carries the record unchanged)."""
    from corpus.store import failed_result
    from locleg.api import structure

    validator = jsonschema.Draft202012Validator(json_schema())
    assert NormMeta.model_validate({"uf": " sp "}).uf == "SP" and NormMeta.model_validate({"uf": ""}).uf is None
    doc = structure("LEI Nº 1, DE 2 DE JANEIRO DE 2000\n\nArt. 1º Fica criado o programa.\n",
                    meta={"uf": "sp", "municipio": "Santos"})
    validator.validate(json.loads(doc.model_dump_json()))
    failed = failed_result(source="x.pdf", meta=NormMeta.model_validate(
        {"uf": "sp", "municipio": "Santos", "tipo": "Lei", "numero": "7", "ano": 1999, "urn": "lei 7/1999"}),
        reason="missing_file", message="m")
    assert failed.norm.urn == "urn:lex:br;sao.paulo;santos:municipal:lei:1999;7"
    validator.validate(json.loads(failed.model_dump_json()))


def test_the_gazette_record_is_described_too() -> None:
    """``locleg ingest --all-acts`` writes an ActsDocument: its properties are described as well."""
    from models.norm import ActsDocument

    schema = ActsDocument.model_json_schema(mode="serialization")
    for model in (schema, schema["$defs"]["ActEntry"]):
        assert all(p.get("description") for p in model["properties"].values()), model.get("title")
