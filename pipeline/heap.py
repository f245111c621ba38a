"""The process's long-lived objects kept out of the cyclic garbage collector's way.

Structuring a law allocates hundreds of thousands of short-lived objects (lines, readings, the
decoder's pieces and beam), so the collector runs often; each of its full collections walks
every tracked object of the process, and after the first document most of them are what was
loaded for good: spaCy's vocabulary, the lexicon, the gazetteer, the compiled label grammar.
Measured on the 60-page law of ``bench/structure_speed.py``, those walks were 10-15% of its
structuring time. :func:`settle` moves what exists once the first document is done into the
collector's permanent generation (``gc.freeze``), once per process: reference counting still
frees those objects when they are dropped; only a reference cycle among them, unreachable
later, is never collected (the price: bounded by what existed at that moment).
"""

from __future__ import annotations

import gc
import threading

_settled = False
_lock = threading.Lock()  # a flow structures documents from several threads


def settle() -> bool:
    """Collect what is garbage now, then freeze the rest out of the collector's generations.
    Once per process; returns whether this call did it."""
    global _settled
    with _lock:
        if _settled:
            return False
        _settled = True
        gc.collect()
        gc.freeze()
        return True
