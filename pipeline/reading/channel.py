"""The noisy channel between a printed label and Tesseract's reading of it.

A decoder that expects, say, article 10 asks :func:`prefix_cost` how much it would cost for the
printed label ``'Art. 10'`` to have come out of Tesseract as the start of this OCR line
(``'ARTI60 102:-'``). The answer is the cheapest alignment of the whole label against a prefix of
the line, with per-character costs ``-log P(read | printed)`` (relative to reading the character
right, so an exact match costs 0) learned from real Tesseract on rendered and damaged lines
(``bench/learn_confusions.py``, figures in ``docs/ocr-confusions.md``) and packaged as
``pipeline/data/ocr_confusions.json``:

- substitutions (``º`` read as ``2``, ``§`` as ``8``, ``1`` as ``l``), deletions and insertions
  of single characters (a space inserted or lost costs little);
- multi-character confusions (``II`` read as ``H``, ``rn`` as ``m``);
- dust: up to ``max_dust`` junk characters before the label (a speck read as ``.`` or ``'``).

:func:`boundary_ok` then says whether the consumed prefix ends where a label can end, so that
``'Artigos'`` is not read as ``'Art'`` nor ``'Art. 10'`` as ``'Art. 1'``.

Everything here is a pure function; the JSON is read once per process.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from importlib import resources
from types import MappingProxyType
from typing import Any

INF = float("inf")

_ORDINAL = frozenset("ºª°")
# a numeral and a label's separator right after a space: what is left of the label being read
_NUMERAL_AHEAD = re.compile(r"\s*[0-9IVXl|!]{1,4}[.)º°]?\s*[-–—.)](?:\s|$)")

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, eq=False)
class ConfusionModel:
    """Edit costs of the OCR channel (natural-log units; 0 = read as printed).

    substitutions[p][r]: printed ``p`` read as ``r``. deletions[p]: printed ``p`` not read.
    insertions[r]: ``r`` read where nothing was printed. dust[r]: ``r`` read before a label
    (leading junk). multi[p][r]: a printed string ``p`` read as ``r`` where one of them has
    more than one character (``'II'`` -> ``'H'``). Pairs absent from the tables cost the
    defaults: ``case`` when ``p`` and ``r`` differ only in case, ``accent`` when only in accents
    (``A``/``Á``, ``c``/``ç``, ``É``/``e``), else ``substitution``;
    ``space`` for a space inserted or deleted; ``dust_space`` for a space among the dust.
    ``boundary``: what a decoder should add when :func:`boundary_ok` is False (tuned on the
    training pages: the penalty that ranks printed labels first most often).
    Compared by identity (the costs are caches' keys).
    """

    substitutions: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    deletions: Mapping[str, float] = field(default_factory=dict)
    insertions: Mapping[str, float] = field(default_factory=dict)
    dust: Mapping[str, float] = field(default_factory=dict)
    multi: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    substitution: float = 5.0
    case: float = 3.0
    accent: float = 2.5
    deletion: float = 4.0
    insertion: float = 4.0
    dust_default: float = 3.0
    space: float = 0.5
    dust_space: float = 0.2
    boundary: float = 6.0
    name: str = "custom"
    made: Mapping[str, Any] = field(default_factory=dict, repr=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ConfusionModel:
        """The model of an ``ocr_confusions.json`` document."""
        costs, d = data["costs"], data["defaults"]
        return cls(
            substitutions=MappingProxyType({p: MappingProxyType(dict(r)) for p, r in costs["substitutions"].items()}),
            deletions=MappingProxyType(dict(costs["deletions"])),
            insertions=MappingProxyType(dict(costs["insertions"])),
            dust=MappingProxyType(dict(costs["dust"])),
            multi=MappingProxyType({p: MappingProxyType(dict(r)) for p, r in costs["multi"].items()}),
            substitution=float(d["substitution"]), case=float(d["case"]), accent=float(d.get("accent", 2.5)),
            deletion=float(d["deletion"]),
            insertion=float(d["insertion"]), dust_default=float(d["dust"]), space=float(d["space"]),
            dust_space=float(d["dust_space"]), boundary=float(d.get("boundary", 6.0)), name=str(data.get("name", "learned")),
            made=MappingProxyType(dict(data.get("made", {}))),
        )

    @classmethod
    def uniform(cls, cost: float = 1.0) -> ConfusionModel:
        """Plain Levenshtein: every edit (and every dust character, spaces included) costs ``cost``."""
        return cls(substitution=cost, case=cost, accent=cost, deletion=cost, insertion=cost, dust_default=cost,
                   space=cost, dust_space=cost, boundary=2 * cost, name=f"levenshtein({cost:g})")

    def substitution_cost(self, printed: str, read: str) -> float:
        """Cost of the printed character ``printed`` read as ``read`` (0 when equal)."""
        if printed == read:
            return 0.0
        got = self.substitutions.get(printed, _EMPTY).get(read)
        if got is not None:
            return got
        if printed.lower() == read.lower():
            return self.case
        return self.accent if _base(printed) == _base(read) else self.substitution

    def deletion_cost(self, printed: str) -> float:
        got = self.deletions.get(printed)
        if got is not None:
            return got
        return self.space if printed == " " else self.deletion

    def insertion_cost(self, read: str) -> float:
        got = self.insertions.get(read)
        if got is not None:
            return got
        return self.space if read == " " else self.insertion

    def dust_cost(self, read: str) -> float:
        if read == " ":
            return self.dust_space
        got = self.dust.get(read)
        return self.dust_default if got is None else got


@lru_cache(maxsize=1)
def default_model() -> ConfusionModel:
    """The learned model packaged as ``pipeline/data/ocr_confusions.json`` (read once)."""
    text = resources.files("pipeline.data").joinpath("ocr_confusions.json").read_text(encoding="utf-8")
    return ConfusionModel.from_dict(json.loads(text))


@lru_cache(maxsize=1024)
def _base(ch: str) -> str:
    """A character without accents, lower-cased (``'Á'`` -> ``'a'``, ``'ç'`` -> ``'c'``)."""
    decomposed = unicodedata.normalize("NFD", ch)
    return (decomposed[0] if decomposed else ch).lower()


# ---------------------------------------------------------------------------------------------
# the alignment
#
# D[i][j] = cheapest cost of reading expected[:i] as observed[:j] (dust included). Row 0 is the
# dust row; the answer is min_j D[m][j]. The generic version (_align_generic) handles every
# operation including multi-character confusions; the fast version runs the same recurrence
# column by column in code generated once per label (one local variable per row: CPython's list
# indexing is what a small DP spends its time on), and is used whenever no multi-character
# confusion of the label can occur in the observed text.


@lru_cache(maxsize=16384)
def _observed_costs(model: ConfusionModel, observed: str, max_dust: int) -> tuple[tuple[float, ...],
                                                                                   tuple[float, ...]]:
    """Insertion cost of each character of ``observed`` and the first DP row: the cost of reading
    ``observed[:j]`` as dust (INF beyond ``max_dust`` non-space characters)."""
    ins = tuple(_insertion_in(model, observed, j) for j in range(len(observed)))
    row0 = [0.0]
    junk = 0
    for c in observed:
        if c != " ":
            junk += 1
        row0.append(INF if junk > max_dust else row0[-1] + model.dust_cost(c))
    return ins, tuple(row0)


def _insertion_in(model: ConfusionModel, observed: str, j: int) -> float:
    """Insertion cost of ``observed[j]`` in its place: a speck standing apart between two words
    ('Parágrafo |1º', 'Art. ' 5º') is the same noise as the dust before a label and costs as
    dust; anything else costs the learned insertion."""
    c = observed[j]
    cost = model.insertion_cost(c)
    if c.isalnum() or c.isspace():
        return cost
    before = observed[j - 1] if j else " "
    after = observed[j + 1] if j + 1 < len(observed) else " "
    if before == " " or after == " ":
        return min(cost, model.dust_cost(c))
    return cost


@dataclass(frozen=True, eq=False)
class _Label:
    """What the DP needs of one expected label: deletion costs, the multi-character confusions
    (printed length, read string, cost) ending at each row, a memo of substitution columns, the
    generated DP (``run``: cost and end; ``run_row``: the whole last row), and the split into a head
    shared by many labels (``'Art. '`` of ``'Art. 10'``, ``'Art. 11'`` ...) and the rest."""

    text: str
    deletions: tuple[float, ...]
    multi: tuple[tuple[tuple[int, str, float], ...], ...]
    multi_reads: tuple[str, ...]
    columns: dict[str, tuple[float, ...]]
    run: Callable[..., tuple[float, int]]
    run_row: Callable[..., tuple[float, ...]]
    model: ConfusionModel
    head: str
    tail: str

    def miss(self, read: str) -> tuple[float, ...]:
        """Substitution costs of every character of the label read as ``read`` (memoised)."""
        col = self.columns.get(read)
        if col is None:
            col = tuple(self.model.substitution_cost(ch, read) for ch in self.text)
            self.columns[read] = col
        return col


@lru_cache(maxsize=4096)
def _label(model: ConfusionModel, expected: str) -> _Label:
    m = len(expected)
    dels = tuple(model.deletion_cost(ch) for ch in expected)
    multi = []
    for i in range(1, m + 1):
        here = []
        for k in (1, 2, 3):
            if i - k < 0:
                break
            for read, cost in model.multi.get(expected[i - k:i], _EMPTY).items():
                here.append((k, read, cost))
        multi.append(tuple(here))
    reads = tuple(sorted({r for row in multi for _, r, _ in row if r}))
    cut = expected.rfind(" ", 0, m - 1) + 1  # the head ends with the last inner space
    return _Label(expected, dels, tuple(multi), reads, {}, partial(_compile(m, row=False), dels),
                  partial(_compile(m, row=True), dels), model, expected[:cut], expected[cut:])


@cache
def _compile(m: int, *, row: bool) -> Callable[..., Any]:
    """The column-by-column DP for a label of ``m`` characters, as a generated function
    ``run(dels, observed, ins, row0, get, miss)`` returning ``(cost, end)``, or with ``row`` the
    last DP row (``dels``: the label's deletion costs, ``get(c)``: the memoised substitution
    column of read character ``c`` or None, ``miss(c)``: compute it; ``row0``: the DP row the
    label starts from). One function per length, whatever the label: compiling is the cost of a
    long law's thousands of distinct labels, running it is not."""
    if m == 0:
        return (lambda dels, observed, ins, row0, get, miss: tuple(row0)) if row else \
            (lambda dels, observed, ins, row0, get, miss: (min(row0), len(row0) - 1 - row0[::-1].index(min(row0))))
    src = ["def run(dels, observed, ins, row0, get, miss):",
           f"    {', '.join(f'e{i}' for i in range(1, m + 1))}, = dels", "    d0 = row0[0]"]
    src += [f"    d{i} = d{i - 1} + e{i}" for i in range(1, m + 1)]
    src += [f"    out = [d{m}]"] if row else [f"    best = d{m}", "    end = 0"]
    src += ["    j = 0", "    for c in observed:",
            "        col = get(c)", "        if col is None: col = miss(c)",
            f"        {', '.join(f's{i}' for i in range(1, m + 1))}, = col",
            "        ic = ins[j]", "        j += 1", "        a = d0", "        d0 = row0[j]"]
    for i in range(1, m + 1):
        diag, left = ("a", "b") if i % 2 else ("b", "a")
        src += [f"        {left} = d{i}", f"        v = {diag} + s{i}", f"        t = {left} + ic",
                "        if t < v: v = t", f"        t = d{i - 1} + e{i}", "        if t < v: v = t",
                f"        d{i} = v"]
    if row:
        src += [f"        out.append(d{m})", "    return tuple(out)"]
    else:
        # on a tie the longer reading wins: a misread character consumed rather than a label character lost
        src += [f"        if d{m} <= best:", f"            best = d{m}", "            end = j", "    return best, end"]
    scope: dict[str, Any] = {}
    exec(compile("\n".join(src), f"<channel DP, {m} rows>", "exec"), scope)  # noqa: S102 - numbers only
    return scope["run"]  # type: ignore[no-any-return]


@lru_cache(maxsize=65536)
def _head_row(model: ConfusionModel, head: str, observed: str, max_dust: int) -> tuple[float, ...]:
    """The DP row after the head of a label (shared by every label with that head on this line)."""
    label = _label(model, head)
    ins, row0 = _observed_costs(model, observed, max_dust)
    return label.run_row(observed, ins, row0, label.columns.get, label.miss)  # type: ignore[no-any-return]


def _align_generic(model: ConfusionModel, label: _Label, observed: str, max_dust: int) -> tuple[float, ...]:
    """The full recurrence, multi-character confusions included (row by row): the last row."""
    ins, row0 = _observed_costs(model, observed, max_dust)
    n = len(observed)
    table = [list(row0)]
    prev = table[0]
    cols = [label.miss(c) for c in observed]
    for i in range(len(label.text)):
        dele = label.deletions[i]
        extra: dict[int, float] = {}
        for k, read, cost in label.multi[i]:  # multi-character confusions ending at this row
            back = table[i + 1 - k]
            start = observed.find(read) if read else -1
            while start >= 0:
                j = start + len(read)
                v = back[start] + cost
                if v < extra.get(j, INF):
                    extra[j] = v
                start = observed.find(read, start + 1)
        cur = [prev[0] + dele]
        left = cur[0]
        for j in range(1, n + 1):
            v = prev[j - 1] + cols[j - 1][i]
            d = prev[j] + dele
            if d < v:
                v = d
            d = left + ins[j - 1]
            if d < v:
                v = d
            d = extra.get(j, INF)
            if d < v:
                v = d
            cur.append(v)
            left = v
        table.append(cur)
        prev = cur
    return tuple(prev)


@lru_cache(maxsize=65536)
def _last_row(model: ConfusionModel, expected: str, observed: str, max_dust: int) -> tuple[float, ...]:
    """D[len(expected)][j] for every j: the cost of reading all of ``expected`` as ``observed[:j]``."""
    label = _label(model, expected)
    if label.multi_reads and any(r in observed for r in label.multi_reads):
        return _align_generic(model, label, observed, max_dust)
    ins, row0 = _observed_costs(model, observed, max_dust)
    if label.head:  # no multi-character confusion can occur: split at the head, exactly
        row0 = _head_row(model, label.head, observed, max_dust)
        label = _label(model, label.tail)
    return label.run_row(observed, ins, row0, label.columns.get, label.miss)  # type: ignore[no-any-return]


@lru_cache(maxsize=65536)
def _align(model: ConfusionModel, expected: str, observed: str, max_dust: int) -> tuple[float, int]:
    row = _last_row(model, expected, observed, max_dust)
    best = min(row)
    return best, len(row) - 1 - row[::-1].index(best)  # on a tie the longer reading: a misread consumed


@lru_cache(maxsize=65536)
def _align_bounded(model: ConfusionModel, expected: str, observed: str, n: int, max_dust: int,
                   penalty: float) -> tuple[float, int]:
    row = _last_row(model, expected, observed[:n], max_dust)
    best, end = INF, 0
    for j, cost in enumerate(row):
        if not boundary_ok(observed, j):
            cost += penalty
        if cost <= best:
            best, end = cost, j
    return best, end


@lru_cache(maxsize=4096)
def _floor(model: ConfusionModel, printed: str) -> float:
    """The least a printed character can cost when it is not read as itself: substituted,
    deleted, or its share of a multi-character confusion it is part of."""
    low = min([model.deletion_cost(printed), model.substitution, *model.substitutions.get(printed, _EMPTY).values()])
    if printed.isalpha():
        low = min(low, model.case, model.accent)
    for p, reads in model.multi.items():
        if printed in p and reads:
            low = min(low, min(reads.values()) / len(p))
    return max(low, 0.0)


def lower_bound(expected: str, seen: frozenset[str] | set[str], *, model: ConfusionModel | None = None) -> float:
    """A cheap lower bound of :func:`prefix_cost` (with or without a boundary penalty):
    ``seen`` holds the characters of the part of the OCR line the alignment can reach (the
    first ``len(expected) + max_dust + 4`` characters, or more: a wider set only weakens the
    bound); every character of ``expected`` that is not among them costs at least its floor.
    Lets a caller skip the DP of labels that cannot be cheap."""
    m = model if model is not None else default_model()
    floors = _floors(m)
    missing = 0.0
    for c in expected:
        if c not in seen:
            low = floors.get(c)
            if low is None:
                low = floors[c] = _floor(m, c)
            missing += low
    return missing


@cache
def _floors(model: ConfusionModel) -> dict[str, float]:
    """:func:`_floor` of each printed character met so far, in a plain dict (a lookup per
    character of every label bounded, without the cache's key of model and character)."""
    return {}


def prefix_cost(expected: str, observed: str, *, model: ConfusionModel | None = None,
                max_dust: int = 3, boundary: float = 0.0) -> tuple[float, int]:
    """Cheapest cost of ALL of ``expected`` (a printed label: ``'Art. 10'``, ``'§ 2º'``, ``'III'``,
    ``'b)'``) having been read as a prefix of ``observed`` (an OCR line), after at most
    ``max_dust`` leading junk characters (spaces among them not counted).

    Returns ``(cost, end)``: ``observed[:end]`` is the consumed prefix, dust included. An exact
    match costs 0.0, a usual OCR confusion about 1, an unrelated character 4-6. Case-sensitive.
    Only the first ``len(expected) + max_dust + 4`` characters of ``observed`` can matter.

    With ``boundary`` > 0 the end is chosen knowing :func:`boundary_ok`: an end where no label
    can end pays ``boundary`` (included in the returned cost), so ``'ART. 11'`` against
    ``'ART. 1i. Fica'`` reads the ``i`` as the misread ``1`` instead of stopping before it
    (``model.boundary`` is the penalty tuned with the costs).
    """
    m = model if model is not None else default_model()
    n = len(expected) + max_dust + 4
    if observed.startswith(expected) and (boundary <= 0.0 or boundary_ok(observed, len(expected))):
        return 0.0, len(expected)  # the common case, and the cheapest possible answer
    if boundary > 0.0:
        return _align_bounded(m, expected, observed[:n + 1], n, max_dust, boundary)
    return _align(m, expected, observed[:n], max_dust)


def boundary_ok(observed: str, end: int) -> bool:
    """Whether ``observed[:end]`` ends where a label can end: at the end of the line, before a
    space or punctuation (``-`` ``–`` ``:`` ``.`` ``)`` ...) or an ordinal sign, or right after
    punctuation or an ordinal sign (``'b)os'``, ``'5ºFica'``). A letter or digit running on from
    a letter or digit is no boundary: ``'Artigos'`` is not ``'Art'``, ``'Art. 10'`` not ``'Art. 1'``.
    Consuming nothing of a non-empty line (the whole label deleted) is no boundary either, nor
    is the place before a numeral that ends in a label's separator: that is the label's own
    numeral ('| 1. advertência' is 'I.' after a speck, not '|' read as 'I')."""
    if end >= len(observed):
        return True
    if end <= 0:  # nothing read: the label was lost, it does not start this line
        return False
    if _NUMERAL_AHEAD.match(observed, end):
        return False
    nxt, last = observed[end], observed[end - 1]
    if nxt in _ORDINAL or not nxt.isalnum():
        return True
    # a label ending in punctuation may touch the text ('b)multa'); a consumed space may not: it
    # would be the label's last character lost ('ART. ' of 'ART. 1' before '1i.')
    return last in _ORDINAL or not (last.isalnum() or last.isspace())
