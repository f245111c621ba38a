"""The process's loaded objects are frozen out of the collector once, after the first document."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_SCRIPT = """
import gc
from pipeline.heap import settle
from pipeline.structure import StructureConfig, structure_document
from pipeline.textpages import document_from_text

before = gc.get_freeze_count()
doc = document_from_text("LEI Nº 1, DE 2 DE MAIO DE 1990\\nArt. 1º Esta Lei entra em vigor.\\n")
structure_document(doc, config=StructureConfig(references=False))
after_first = gc.get_freeze_count()
structure_document(doc, config=StructureConfig(references=False))
print(before, after_first, gc.get_freeze_count(), settle())
"""


def test_first_document_freezes_the_loaded_heap_once() -> None:
    out = subprocess.run([sys.executable, "-c", _SCRIPT], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    before, after_first, after_second, again = int(out[0]), int(out[1]), int(out[2]), out[3]
    assert before == 0
    assert after_first > 1000  # the lexicon, the grammar and the rest loaded by the first document
    assert after_second == after_first  # once per process: a later document's objects stay collectable
    assert again == "False"
