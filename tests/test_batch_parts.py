"""The parts of a batch that need no Prefect: the streaming window (``flows.window``) and the
summary (``corpus.summary``), on plain values."""

from __future__ import annotations

import json

import pytest

from corpus.manifest import ManifestProblem
from corpus.summary import (
    DocumentOutcome,
    documents_markdown,
    format_summary,
    metrics_table,
    summarize,
    without_detail,
    write_summary_json,
)

# ---------------------------------------------------------------------------------------------
# the window


def _run_window(weights: list[int], limit: int) -> tuple[list[tuple[str, int]], list[int]]:
    """Start items of the given weights; returns the event log and the weight in flight at each
    moment a start returned."""
    from flows.window import stream_window

    events: list[tuple[str, int]] = []
    open_weights: dict[int, int] = {}
    in_flight: list[int] = []

    def start(i: int) -> int:
        events.append(("start", i))
        open_weights[i] = weights[i]
        in_flight.append(sum(open_weights.values()))
        return i

    def finish(i: int) -> None:
        events.append(("finish", i))
        del open_weights[i]

    stream_window(range(len(weights)), start=start, finish=finish, weight=lambda i: weights[i], limit=limit)
    return events, in_flight


def test_the_window_finishes_every_item_once_in_order():
    events, _ = _run_window([3, 1, 4, 1, 5, 9, 2, 6], limit=8)
    assert [i for kind, i in events if kind == "start"] == list(range(8))
    assert [i for kind, i in events if kind == "finish"] == list(range(8))
    for i in range(8):  # finished after it was started
        assert events.index(("start", i)) < events.index(("finish", i))


def test_the_window_keeps_at_most_limit_pages_in_flight_after_each_start():
    weights = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
    events, _ = _run_window(weights, limit=8)
    open_weight = 0
    for kind, i in events:
        open_weight += weights[i] if kind == "start" else -weights[i]
        nxt = events.index((kind, i)) + 1
        if nxt < len(events) and events[nxt][0] == "start":
            assert open_weight <= 8  # before the next start, the window is back under its bound
    # and it does keep pages queued: a second document is started before the first is finished
    assert events[:2] == [("start", 0), ("start", 1)]


def test_a_document_heavier_than_the_window_is_finished_at_once():
    events, in_flight = _run_window([20, 1], limit=8)
    assert events == [("start", 0), ("finish", 0), ("start", 1), ("finish", 1)]
    assert in_flight == [20, 1]


def test_the_window_bounds_the_number_of_open_documents_too():
    """Documents with no page in flight (all cached, failed early) still leave the window: at
    most ``limit`` of them are open."""
    events, _ = _run_window([0] * 7, limit=3)
    opened = 0
    most = 0
    for kind, _i in events:
        opened += 1 if kind == "start" else -1
        most = max(most, opened)
    assert most == 4  # the fourth start pushes the oldest out before the fifth
    assert [i for kind, i in events if kind == "finish"] == list(range(7))


def test_an_empty_manifest_finishes_nothing():
    events, _ = _run_window([], limit=4)
    assert events == []


# ---------------------------------------------------------------------------------------------
# the summary


def _outcomes() -> list[DocumentOutcome]:
    return [
        DocumentOutcome(doc_key="a", source="a.pdf", status="extracted", reason="ok", pages=2, pages_ocr=2,
                        confidence=0.9, warnings=("article_renumbered",), json_path="/s/SP/a.json", line_no=1),
        DocumentOutcome(doc_key="b", source="b.pdf", status="partial", reason="no_fecho", pages=1, pages_cached=1,
                        confidence=0.8, warnings=("article_renumbered", "table_as_text"), json_path="/s/SP/b.json",
                        line_no=2),
        DocumentOutcome(doc_key="c", source="c|d.pdf", status="failed", reason="corrupt_pdf", json_path="/s/SP/c.json",
                        stored=False, line_no=3),
    ]


PROBLEMS = [ManifestProblem(4, "bad_json", "line 4: not JSON", None),
            ManifestProblem(5, "duplicate_entry", "line 5 repeats line 1", "a.pdf")]


def test_the_summary_counts_outcomes_and_manifest_problems():
    summary = summarize(_outcomes(), run_id="r1", seconds=2.0, cache={"hits": 1}, store="/s", problems=PROBLEMS,
                        extra={"manifest": "m.jsonl"})
    assert summary["documents"] == 4  # three outcomes and the bad line; the duplicate is only listed
    assert summary["by_status"] == {"extracted": 1, "partial": 1, "needs_review": 0, "failed": 2}
    assert summary["by_reason"] == {"bad_json": 1, "corrupt_pdf": 1, "no_fecho": 1, "ok": 1}
    assert (summary["pages"], summary["pages_ocr"], summary["pages_cached"]) == (3, 2, 1)
    assert summary["mean_confidence"] == 0.85 and summary["pages_per_second"] == 1.5
    assert summary["warnings"] == {"article_renumbered": 2, "table_as_text": 1}
    assert summary["kept_previous"] == 1  # not stored, an older JSON kept
    assert summary["manifest_errors"] == [{"line": 4, "reason": "bad_json", "message": "line 4: not JSON"}]
    assert [d["reason"] for d in summary["duplicates"]] == ["duplicate_entry"]
    assert [d["source"] for d in summary["documents_detail"]] == ["a.pdf", "b.pdf", "c|d.pdf"]
    assert summary["manifest"] == "m.jsonl" and summary["cache"] == {"hits": 1} and summary["run_id"] == "r1"
    assert "documents_detail" not in without_detail(summary) and without_detail(summary)["documents"] == 4


def test_an_empty_run_has_no_mean_and_no_rate():
    summary = summarize([], run_id="r", seconds=0.0, cache={}, store="/s")
    assert summary["documents"] == 0 and summary["mean_confidence"] is None
    assert summary["pages_per_second"] is None


def test_the_summary_as_text_lists_counts_warnings_and_reasons_not_ok():
    import re

    text = format_summary(summarize(_outcomes(), run_id="r", seconds=2.0, cache={}, store="/s", problems=PROBLEMS))
    lines = text.splitlines()
    table = lines[:-2]
    rows = [tuple(re.split(r"\s{2,}", ln.strip())) for ln in table]
    assert rows[:5] == [("documents", "4"), ("extracted", "1"), ("partial", "1"), ("needs_review", "0"), ("failed", "2")]
    assert ("mean confidence", "0.850") in rows and ("seconds", "2.0") in rows
    assert ("kept previous (failed, not --force)", "1") in rows
    reasons = rows.index(("reasons (not ok)",))
    assert rows[reasons + 1:] == [("bad_json", "1"), ("corrupt_pdf", "1"), ("no_fecho", "1")]  # not "ok"
    assert len({len(ln) - len(row[1]) for ln, row in zip(table, rows, strict=True) if len(row) == 2}) == 1  # one column
    assert lines[-2:] == ["manifest line 4: not JSON (bad_json)", "manifest line 5 repeats line 1 (duplicate_entry, skipped)"]


def test_the_tables_of_a_summary():
    summary = summarize(_outcomes(), run_id="r", seconds=2.0, cache={}, store="/s", problems=PROBLEMS)
    table = metrics_table(summary)
    assert table[0] == {"metric": "documents", "value": 4}
    assert {"metric": "status failed", "value": 2} in table and {"metric": "reason bad_json", "value": 1} in table
    assert {"metric": "warning article_renumbered", "value": 2} in table
    markdown = documents_markdown(summary)
    rows = [ln for ln in markdown.splitlines() if ln.startswith("| ") and "---" not in ln][1:]
    assert len(rows) == 4  # three documents and the bad manifest line
    assert "c\\|d.pdf" in rows[2]  # a pipe in a source does not break the table
    assert "[a.json](file:///s/SP/a.json)" in rows[0]
    assert rows[3].startswith("| 4 | (manifest) | failed | bad_json")


def test_the_summary_json_goes_to_a_file_or_to_stdout(tmp_path, capsys):
    summary = summarize(_outcomes(), run_id="r", seconds=1.0, cache={}, store="/s")
    write_summary_json(tmp_path / "s.json", summary)
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8")) == summary
    write_summary_json("-", summary)
    assert json.loads(capsys.readouterr().out) == summary
    write_summary_json(None, summary)  # no --summary-json: nothing written
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(("by_reason", "by_status", "strict", "code"), [
    ({"ok": 2}, {"extracted": 2}, True, 0),
    ({"ok": 1, "no_fecho": 1}, {"extracted": 1, "partial": 1}, False, 0),
    ({"ok": 1, "no_fecho": 1}, {"extracted": 1, "partial": 1}, True, 1),
    ({"ok": 1, "store_failed": 1}, {"extracted": 1, "failed": 1}, False, 74),
])
def test_the_exit_code_of_a_batch(by_reason, by_status, strict, code):
    from locleg.batch import exit_code

    assert exit_code({"documents": 2, "by_reason": by_reason, "by_status": by_status}, strict) == code
