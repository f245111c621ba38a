"""python -m bench.gen: build, validate or inspect an evaluation set.

    python -m bench.gen build SET [--only 501,502] [--mode ocr|images|text|clean|gold]
    python -m bench.gen validate SET [--only ...]
    python -m bench.gen check SET ID [--all]
    python -m bench.gen setnotes SET ID notes.json      (hand-written sets)
SET is a name in bench/sets ('qa6', 'report') or the path of a set config.
"""
import argparse
import json
import sys
from pathlib import Path

from bench.gen.check import check_case
from bench.gen.sets import build_set, load_set, set_dirs
from bench.gen.source import set_notes
from bench.gen.validate import validate_dir


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.gen", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="write the cases of a set")
    b.add_argument("set")
    b.add_argument("--only", default="")
    b.add_argument("--mode", choices=["ocr", "images", "text", "clean", "gold"])
    v = sub.add_parser("validate", help="check the gold files of a set and self-score them")
    v.add_argument("set")
    v.add_argument("--only", default="")
    c = sub.add_parser("check", help="where each gold unit starts in the OCR text")
    c.add_argument("set")
    c.add_argument("id")
    c.add_argument("--all", action="store_true")
    n = sub.add_parser("setnotes", help="replace the notes of a hand-written book")
    n.add_argument("set")
    n.add_argument("id")
    n.add_argument("notes", type=Path)
    a = ap.parse_args(argv)
    spec = load_set(a.set)
    only = [x for x in getattr(a, "only", "").split(",") if x]
    if a.cmd == "build":
        build_set(spec, only, a.mode)
        return 0
    if a.cmd == "validate":
        return validate_dir(set_dirs(spec), only)
    if a.cmd == "check":
        check_case(set_dirs(spec), a.id, a.all)
        return 0
    src = Path(spec["dir"]) / spec.get("books", "src") / f"{a.id}.law"
    set_notes(src, json.loads(a.notes.read_text(encoding="utf-8")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
