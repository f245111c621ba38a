"""Manifest parsing: bad lines with their numbers, duplicates, path rules (no Prefect)."""

from __future__ import annotations

import json
from pathlib import Path

from corpus.manifest import parse_manifest_lines, read_manifest


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_bad_json_line_is_reported_with_its_number_and_others_kept(tmp_path):
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4")
    (tmp_path / "b.pdf").write_bytes(b"%PDF-1.4")
    m = read_manifest(_write(tmp_path / "m.jsonl", [
        json.dumps({"source": "a.pdf", "uf": "SP", "numero": "12", "ano": 1990}),
        '{"source": "b.pdf", "uf": ',            # line 2: truncated JSON
        "",                                       # blank: ignored
        "# a comment",
        json.dumps({"source": "b.pdf"}),          # line 5
        json.dumps(["not", "an", "object"]),      # line 6
        json.dumps({"uf": "SP"}),                 # line 7: no source
        json.dumps({"source": "a.pdf", "ano": "mil novecentos"}),  # line 8: bad metadata
    ]))
    assert [e.line_no for e in m.entries] == [1, 5]
    assert m.entries[0].meta.uf == "SP" and m.entries[0].meta.ano == 1990
    assert m.entries[0].path == (tmp_path / "a.pdf").resolve()
    reasons = {p.line_no: p.reason for p in m.problems}
    assert reasons == {2: "manifest_bad_json", 6: "manifest_bad_json", 7: "manifest_no_source", 8: "bad_metadata"}
    assert "line 2" in next(p.message for p in m.problems if p.line_no == 2)


def test_duplicates_run_once_and_conflicts_are_reported(tmp_path):
    lines = [
        json.dumps({"source": "x.pdf", "numero": "1"}),
        json.dumps({"source": "./x.pdf", "numero": "1"}),     # same file, same metadata
        json.dumps({"source": "x.pdf", "numero": "2"}),       # same file, other metadata
        json.dumps({"source": "https://example.org/l.pdf"}),
        json.dumps({"source": "https://example.org/l.pdf"}),
    ]
    entries, problems = parse_manifest_lines(lines, base_dir=tmp_path)
    assert [e.line_no for e in entries] == [1, 4]
    assert [(p.line_no, p.reason) for p in problems] == [
        (2, "duplicate_entry"), (3, "duplicate_conflict"), (5, "duplicate_entry")]


def test_relative_sources_must_stay_under_the_manifest_directory(tmp_path):
    (tmp_path / "sub").mkdir()
    outside = tmp_path / "secret.pdf"
    outside.write_bytes(b"%PDF")
    (tmp_path / "sub" / "link.pdf").symlink_to(outside)
    lines = [
        json.dumps({"source": "../secret.pdf"}),
        json.dumps({"source": "link.pdf"}),                 # symlink leading out
        json.dumps({"source": str(outside)}),               # absolute: explicit permission
        json.dumps({"source": "file:///etc/passwd"}),
        json.dumps({"source": "ftp://example.org/x.pdf"}),
    ]
    entries, problems = parse_manifest_lines(lines, base_dir=tmp_path / "sub")
    refused = {e.line_no: e.problem.reason for e in entries if e.problem is not None}
    assert refused == {1: "path_outside_manifest", 2: "path_outside_manifest", 4: "unsupported_scheme",
                       5: "unsupported_scheme"}
    allowed = [e for e in entries if e.problem is None]
    assert [e.path for e in allowed] == [outside.resolve()]
    assert all(e.path is None for e in entries if e.problem is not None)  # nothing to read
    assert problems == []


def test_url_entries_keep_the_url_as_key(tmp_path):
    entries, _ = parse_manifest_lines([json.dumps({"source": "HTTP://example.org/a.pdf", "uf": "MG"})],
                                      base_dir=tmp_path)
    assert entries[0].is_url and entries[0].key == "HTTP://example.org/a.pdf" and entries[0].path is None


def test_all_acts_is_a_flag_of_the_line_not_metadata(tmp_path):
    from corpus.manifest import parse_manifest_lines

    (tmp_path / "diario.pdf").write_bytes(b"%PDF-1.4\n")
    entries, problems = parse_manifest_lines(
        ['{"source": "diario.pdf", "all_acts": true, "uf": "SP"}', '{"source": "x.pdf", "all_acts": "yes"}'],
        base_dir=tmp_path)
    assert [(e.source, e.all_acts, e.meta.uf) for e in entries] == [("diario.pdf", True, "SP")]
    assert [p.reason for p in problems] == ["bad_metadata"]
