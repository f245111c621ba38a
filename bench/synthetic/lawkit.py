"""A tiny builder for synthetic municipal norms: one spec gives the OCR-like text and its gold.

A law is written as a sequence of calls (raw lines, agrupadores, artigos, parágrafos, incisos,
alíneas, itens, quoted text, fecho). Rendering wraps each unit at a typewriter width, hyphenates
some long words at line ends, adds margin marks and junk lines, repeats letterheads/footers with
variation on every page, and can reorder pages. The gold (format of ../shared/gold/FORMAT.md)
comes from the spec, never from the pipeline.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from pathlib import Path

from bench.gen.book import SetDirs, print_pages, write_case
from bench.gen.noise import margin_mark
from bench.gen.source import id_segment
from bench.gen.wrapping import LAWKIT_BREAKING, fits_chars, wrap


@dataclass
class Law:
    stem: str
    norm: dict
    meta: dict
    width: int = 66
    hyphen_rate: float = 0.0        # chance a long word at a line end is split "publica-" / "ção"
    hyphen_mark: str = "-"
    mark_rate: float = 0.0          # chance a wrapped line gets a margin mark
    marks: tuple[str, ...] = ("!", "'", "|", '"!')
    junk_rate: float = 0.0          # chance of a junk line between two body lines
    junk: tuple[str, ...] = ()
    page_lines: int = 0             # 0: pages only where page() is called
    letterheads: list[list[str]] = field(default_factory=list)  # variants, one per page
    footers: list[list[str]] = field(default_factory=list)
    stamp: str | None = None        # e.g. "Fl. {:02d}" (formatted with page_no)
    formfeed: bool = True
    page_order: list[int] | str | None = None  # order the rendered pages appear in the file
    seed: int = 0
    notes: list[str] = field(default_factory=list)
    excluded_neighbors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._body: list[tuple[str, str]] = []   # (kind, line): kind "body" or "raw"
        self._breaks: list[int] = []             # explicit page breaks (index in _body)
        self.units: list[dict] = []
        self.groupings: list[dict] = []
        self._pending_groups: list[dict] = []
        self._art: str | None = None
        self._par: str | None = None
        self._inc: str | None = None
        self._ali: str | None = None
        self._last: dict | None = None
        self.closing: dict = {"text": "", "signatories": []}

    # ---- raw text (not part of any unit) ----
    def raw(self, *lines: str) -> Law:
        for ln in lines:
            self._body.append(("raw", ln))
        return self

    def page(self) -> Law:
        self._breaks.append(len(self._body))
        return self

    def group(self, kind: str, number: str, title: str, *printed: str, gid: str | None = None) -> Law:
        g = {"id": gid or f"{kind[:3]}{len(self.groupings) + 1}", "type": kind,
             "label": printed[0] if printed else "", "number": number, "title": title,
             "first_article": None}
        self.groupings.append(g)
        self._pending_groups.append(g)
        self.raw(*printed)
        return self

    # ---- units ----
    def _emit(self, label: str, text: str, sep: str = " ") -> None:
        first = f"{label}{sep}{text}" if label else text
        for ln in self._wrap(first):
            self._body.append(("body", ln))

    def _unit(self, uid: str, kind: str, number: str, text: str, label: str, sep: str,
              printed: list[str] | None = None) -> dict:
        u = {"id": uid, "type": kind, "number": number, "text": text}
        self.units.append(u)
        self._last = u
        if printed:  # explicit line breaks (to place a trap at a line start)
            assert " ".join(printed).replace(label, "", 1).split() == text.split(), (uid, printed)
            self._body += [("body", ln) for ln in printed]
        else:
            self._emit(label, text, sep)
        return u

    def art(self, number: str | int, text: str, label: str, sep: str = " ",
            printed: list[str] | None = None, **extra) -> Law:
        number = str(number)
        aid = id_segment("artigo", number)
        for g in self._pending_groups:
            g["first_article"] = number
        self._pending_groups = []
        self._art, self._par, self._inc, self._ali = aid, None, None, None
        u = self._unit(aid, "artigo", number, text, label, sep, printed)
        u.update(extra)
        return self

    def par(self, number: str | int, text: str, label: str, sep: str = " ",
            printed: list[str] | None = None) -> Law:
        number = str(number)
        pid = f"{self._art}_{id_segment('paragrafo', number)}"
        self._par, self._inc, self._ali = pid, None, None
        self._unit(pid, "paragrafo", number, text, label, sep, printed)
        return self

    def inc(self, numeral: str, text: str, label: str | None = None, sep: str = " ",
            printed: list[str] | None = None) -> Law:
        parent = self._par or f"{self._art}_cpt"
        iid = f"{parent}_{id_segment('inciso', numeral)}"
        self._inc, self._ali = iid, None
        self._unit(iid, "inciso", numeral, text, f"{numeral} -" if label is None else label, sep, printed)
        return self

    def ali(self, letter: str, text: str, label: str | None = None, sep: str = " ") -> Law:
        parent = self._inc or self._par or f"{self._art}_cpt"
        aid = f"{parent}_{id_segment('alinea', letter)}"
        self._ali = aid
        self._unit(aid, "alinea", letter, text, f"{letter})" if label is None else label, sep)
        return self

    def ite(self, number: int, text: str, label: str | None = None, sep: str = " ") -> Law:
        iid = f"{self._ali}_{id_segment('item', str(number))}"
        self._unit(iid, "item", str(number), text, f"{number}." if label is None else label, sep)
        return self

    def quote(self, *lines: str) -> Law:
        """Text quoted inside the last unit (an amendment's new wording): printed line by line,
        belongs to the last unit's text, never units of its own."""
        assert self._last is not None
        for ln in lines:
            self._last["text"] += " " + ln
            self._body.append(("body", ln))
        return self

    def fecho(self, lines: list[str], text: str, signatories: list[tuple[str, str]],
              printed_signatures: list[str]) -> Law:
        self.raw(*lines)
        self.raw(*printed_signatures)
        self.closing = {"text": text, "signatories": [{"name": n, "role": r} for n, r in signatories]}
        return self

    # ---- rendering ----
    def _wrap(self, text: str) -> list[str]:
        breaking = dataclasses.replace(LAWKIT_BREAKING, p_break=self.hyphen_rate or None,
                                       marks=(self.hyphen_mark,))
        lines = [ln.printed for ln in wrap(text.split(), fits_chars(self.width), breaking, self._rng)]
        if self.mark_rate:
            lines = [ln + margin_mark(self._rng, self.mark_rate, self.marks) for ln in lines[:-1]] + lines[-1:]
        return lines

    def _pages(self) -> list[list[str]]:
        chunks: list[list[tuple[str, str]]] = [[]]
        breaks = set(self._breaks)
        for i, item in enumerate(self._body):
            if i in breaks and chunks[-1]:
                chunks.append([])
            if self.page_lines and len(chunks[-1]) >= self.page_lines:
                chunks.append([])
            chunks[-1].append(item)
        pages = []
        for k, chunk in enumerate(chunks):
            lines: list[str] = []
            if self.letterheads:
                lines += self.letterheads[k % len(self.letterheads)]
            for j, (_kind, ln) in enumerate(chunk):
                lines.append(ln)
                if self.junk and j + 1 < len(chunk) and self._rng.random() < self.junk_rate:
                    lines.append(self._rng.choice(self.junk))
            if self.footers:
                lines += self.footers[k % len(self.footers)]
            if self.stamp:
                lines.append(self.stamp.format(k + 1))
            pages.append(lines)
        return pages

    def write(self, out_dir: Path) -> None:
        pages = self._pages()
        order = self.page_order or list(range(len(pages)))
        if order == "first_then_reversed":
            order = [0] + list(range(len(pages) - 1, 0, -1))
        assert sorted(order) == list(range(len(pages))), (self.stem, len(pages), order)
        text = print_pages([pages[i] for i in order], self.formfeed)
        assert not self._pending_groups, self.stem
        assert len({u["id"] for u in self.units}) == len(self.units), self.stem
        gold = {
            "source": f"{self.stem}.txt", "norm": self.norm, "groupings": self.groupings,
            "units": self.units, "closing": self.closing,
            "excluded_neighbors": self.excluded_neighbors,
            "notes": self.notes + ([f"pages in file order {order}"] if self.page_order else []),
        }
        write_case(SetDirs(out_dir), self.stem, self.meta, gold, text)
