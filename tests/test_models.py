"""The data contract: committed schema, validation of emitted JSON, the validate command."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from models.norm import NormMeta, json_schema
from pipeline.structure import structure_document
from pipeline.textpages import document_from_text

ROOT = Path(__file__).resolve().parents[1]

LAW = """LEI Nº 12, DE 4 DE MARÇO DE 1991
Dispõe sobre a feira livre.
A CÂMARA MUNICIPAL DE BAGÉ aprovou e eu sanciono a seguinte Lei:
Art. 1º A feira livre funcionará aos sábados.
Parágrafo único. O horário será fixado por decreto.
Art. 2º Esta Lei entra em vigor na data de sua publicação.
Prefeitura Municipal de Bagé, 4 de março de 1991.
"""


def test_committed_schema_is_the_generated_one() -> None:
    committed = json.loads((ROOT / "models" / "schema.json").read_text(encoding="utf-8"))
    assert committed == json_schema(), "run `make schema` after changing models/"


def test_emitted_json_validates_against_the_schema() -> None:
    result = structure_document(document_from_text(LAW))
    data = json.loads(result.model_dump_json())
    jsonschema.Draft202012Validator(json_schema()).validate(data)
    assert data["schema_version"] and data["pipeline"]["ruleset_version"]


def _locleg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "locleg", *args], capture_output=True, text=True, cwd=ROOT)


def test_validate_command(tmp_path: Path) -> None:
    law = tmp_path / "law.txt"
    law.write_text(LAW, encoding="utf-8")
    out = tmp_path / "law.json"
    done = _locleg("structure", str(law), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert _locleg("validate", str(out)).returncode == 0
    broken = json.loads(out.read_text(encoding="utf-8"))
    broken["document"]["status"] = "fine"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken), encoding="utf-8")
    done = _locleg("validate", str(bad))
    assert done.returncode == 1 and "document/status" in done.stderr


def test_structure_of_a_missing_file_is_not_found(tmp_path: Path) -> None:
    done = _locleg("structure", str(tmp_path / "nope.txt"))
    assert done.returncode == 66 and "Traceback" not in done.stderr


@pytest.mark.parametrize("value", ["22/06/1994", "22.06.1994", "22-06-1994", "22/06/1994 00:00:00", "1994-06-22"])
def test_upstream_dates_in_brazilian_form_are_read(value: str) -> None:
    assert NormMeta.model_validate({"data": value}).data == dt.date(1994, 6, 22)


def test_an_impossible_upstream_date_is_refused() -> None:
    with pytest.raises(ValidationError):
        NormMeta.model_validate({"data": "31/02/1994"})


def test_every_property_is_described_required_and_codes_are_enums() -> None:
    """Issue 15: the contract says what every key means; codes are enums, ids/UF/URN patterns."""
    schema = json_schema()
    undescribed = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            props = node.get("properties")
            if isinstance(props, dict):
                undescribed.extend(f"{path}.{k}" for k, v in props.items() if not v.get("description"))
                assert node.get("required") == list(props), path
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for value in node:
                walk(value, path)

    walk(schema, "")
    assert undescribed == []
    defs = schema["$defs"]
    for model, field in (("Unit", "type"), ("Reference", "kind"), ("DocumentInfo", "status"),
                         ("DocumentInfo", "method"), ("AppendedText", "kind")):
        assert defs[model]["properties"][field].get("enum"), (model, field)
    assert defs["DocumentInfo"]["properties"]["reasons"]["items"]["enum"]
    assert defs["Unit"]["properties"]["id"]["pattern"]
    assert schema["$id"].startswith("urn:uuid:")  # its derivation: tests/test_contract.py
