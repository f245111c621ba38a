"""Post-OCR word correction with evidence: change a word only when a lexicon word explains it.

A word read by Tesseract is replaced only when all of this holds (otherwise it is left as read):

- it is a plain word (letters only, between optional punctuation) that no rule reserves for a
  later stage: numbers, anything with a digit, single letters, roman-numeral-like tokens
  (``'Iv'``, ``'HI'``, ``'TI'``), short all-caps tokens, unit-label words (``'Art'``), hyphenated
  line-end fragments and the first word of the line that continues them;
- Tesseract was not confident about it (``conf < config.max_conf``);
- it is not itself a word: not in the Portuguese frequency list (wordfreq ``pt``) above
  ``config.protect_zipf``, not in the legal vocabulary, not read confidently several times in the
  same document. One exception: an accent-less or wrongly accented form whose accented variant is
  far more frequent (``'sera'`` -> ``'será'``, ``'podera'`` -> ``'poderá'``);
- a lexicon word lies within a confusion-weighted edit distance (``edit_cost``: accents and the
  usual OCR confusions ``e``/``c``, ``l``/``i``, ``rn``/``m`` are cheap) and no other candidate is
  nearly as good (ties: no change);
- a capitalised word inside a sentence or an all-caps word that is not a word may be a name: only
  the document's own confidently-read words may replace it (``'Prefcito'`` -> ``'Prefeito'`` when
  ``'Prefeito'`` is read well elsewhere; ``'QUETROZ'`` stays).

Case pattern (UPPER, Title, lower) and surrounding punctuation are kept. Every change is a
:class:`Correction` (page, line, word, before, after, cost), so it can be counted and audited.

Everything here is pure; the frequency list (wordfreq's packaged data) is read once per process
by :func:`base_lexicon`.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from models.ocr import DocumentText, Line, PageText
from pipeline.folding import fold
from pipeline.reading.channel import ConfusionModel, default_model

# ---------------------------------------------------------------------------------------------
# data

LEGAL_WORDS: tuple[str, ...] = (
    # terms of municipal laws that a web frequency list ranks too low (or lacks)
    "alínea", "alíneas", "inciso", "incisos", "caput", "parágrafo", "parágrafos", "artigo", "artigos",
    "sanciona", "sanciono", "promulga", "promulgo", "decretou", "aprovou", "revogam", "revogadas",
    "revogados", "disposições", "transitórias", "vigência", "vigorar", "dotação", "dotações",
    "orçamentária", "orçamentárias", "suplementar", "suplementares", "logradouro", "logradouros",
    "munícipe", "munícipes", "intransferível", "intransferíveis", "permissionário", "permissionários",
    "concessionário", "concessionários", "emolumentos", "outrossim", "cadastramento", "tributário",
    "tributária", "alvará", "alvarás", "erário", "edilidade", "vereança", "vereador", "vereadores",
    "prefeito", "prefeita", "prefeitura", "secretaria", "secretário", "tesouraria", "exercício",
    "regulamentação", "regulamento", "fiscalização", "infração", "infrator", "infratores",
    "reincidência", "multa", "multas", "autarquia", "autárquica", "convênio", "convênios",
    "ementa", "epígrafe", "publicação", "vetado", "vetada", "ortn", "ufm", "upf", "ufir",
)
"""Added to the lexicon with :data:`LEGAL_FREQ`; also never changed themselves."""

LEGAL_FREQ = 1e-5

LABEL_WORDS = frozenset({"art", "arts", "artigo", "artigos", "par", "parágrafo", "paragrafo", "inciso",
                         "alínea", "alinea", "cap", "capítulo", "capitulo", "seção", "secao", "título",
                         "titulo", "livro", "parte", "item"})
"""Words that name units: the label reader downstream (``pipeline.reading``) knows their misreads
better than a lexicon (``'ARIIGO'``, ``'Arte'`` for ``'Art.'``)."""

# printed -> read, in edit-cost units (1.0 = an unrelated character); seen on typewritten pages
# read by Tesseract ``por`` (the channel's learned table covers labels; these are word-level)
WORD_CONFUSIONS: Mapping[tuple[str, str], float] = MappingProxyType({
    ("e", "c"): 0.45, ("c", "e"): 0.45, ("c", "t"): 0.5, ("t", "c"): 0.6, ("l", "i"): 0.5, ("i", "l"): 0.5,
    ("f", "r"): 0.6, ("r", "f"): 0.7, ("t", "r"): 0.7, ("n", "h"): 0.6, ("h", "n"): 0.6, ("g", "s"): 0.7,
    ("o", "q"): 0.6, ("u", "n"): 0.6, ("n", "u"): 0.6, ("a", "e"): 0.7, ("e", "a"): 0.7, ("o", "c"): 0.7,
    ("c", "o"): 0.7, ("i", "t"): 0.6, ("t", "i"): 0.6, ("f", "t"): 0.7, ("t", "f"): 0.7, ("b", "h"): 0.7,
    ("h", "b"): 0.7, ("r", "t"): 0.7, ("s", "g"): 0.8, ("o", "a"): 0.8, ("i", "j"): 0.7, ("v", "y"): 0.7,
    ("n", "ri"): 0.5, ("m", "rn"): 0.4, ("rn", "m"): 0.4, ("d", "cl"): 0.5, ("h", "li"): 0.5,
    ("m", "in"): 0.5, ("m", "ni"): 0.5, ("u", "ii"): 0.5, ("w", "vv"): 0.4, ("n", "ii"): 0.6,
    ("ri", "n"): 0.5, ("in", "m"): 0.6, ("li", "h"): 0.6, ("ni", "m"): 0.6, ("nc", "ric"): 0.6,
})

ACCENT_COST = 0.3
"""A diacritic lost, added or changed (``'sera'``/``'será'``, ``'préços'``/``'preços'``): the
commonest typewriter misread (a speck over a vowel, a faint accent)."""

_EDGE = re.compile(r"^([\W_]*)(.*?)([\W_]*)$", re.S)
_ROMANISH = re.compile(r"^[IVXLCDMHTJl1|!]+$")


@dataclass(frozen=True)
class CorrectionConfig:
    """Thresholds (tuned on the TUNE draws of ``bench/eval_correction.py``)."""

    max_conf: float = 0.93  # Tesseract confidence at or above which a word is trusted as read
    min_conf: float = 0.01  # ... and under which (0: Tesseract gave up) it is too garbled to guess from
    protect_zipf: float = 0.5  # a wordfreq word at or above this Zipf frequency is never changed
    target_zipf: float = 2.0  # a replacement from wordfreq needs at least this Zipf frequency
    accent_ratio: float = 20.0  # an in-lexicon word yields to its accented variant this much more frequent
    freq_weight: float = 0.12  # cost units per Zipf unit of the replacement's frequency
    margin: float = 0.3  # the best candidate must beat the second by this much (else: no change)
    max_cost_short: float = 0.6  # most edit cost for words of 4-5 letters
    max_cost: float = 1.2  # ... 6-8 letters
    max_cost_long: float = 1.8  # ... 9 letters or more
    min_len: int = 3  # shorter words are left alone (too many neighbours: 'dc', 'cu', 'ce')
    caps_accents: bool = False  # restore accents on ALL-CAPS words (typewriters often had none)
    doc_min_count: int = 2  # a document word: read this many times ...
    doc_min_conf: float = 0.9  # ... at this confidence or more
    doc_min_reads: int = 2  # ... or read the same this many times at any confidence (misreads rarely repeat)
    line_end_open: bool = True  # correct a line's last word also when no punctuation closes it (may be cut)


@dataclass(frozen=True)
class Lexicon:
    """Words and relative frequencies (lower case, accents kept) with the indexes correction
    needs: accent-folded form -> words, and folded candidate forms bucketed by length.

    ``document`` holds the document's own confidently-read words (lower case) and ``titles``
    those of them read capitalised (evidence that a capitalised misread may be corrected to them).
    """

    freq: Mapping[str, float]
    by_fold: Mapping[str, tuple[str, ...]]
    buckets: Mapping[int, tuple[str, ...]]
    targets: frozenset[str] = frozenset()
    prefixes: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    legal: frozenset[str] = frozenset()
    document: frozenset[str] = frozenset()
    titles: frozenset[str] = frozenset()
    extra_folds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def frequency(self, word: str) -> float:
        """Relative frequency of a lower-case word (0.0 when unknown); document words count as
        at least :data:`LEGAL_FREQ`."""
        f = self.freq.get(word, 0.0)
        if word in self.document or word in self.legal:
            return max(f, LEGAL_FREQ)
        return f

    def words_of(self, folded: str) -> tuple[str, ...]:
        """Words whose accent-folded form is ``folded``."""
        return self.by_fold.get(folded, ()) + self.extra_folds.get(folded, ())


@dataclass(frozen=True)
class Correction:
    """One word changed: where (0-based page, line, word), what was read, what replaced it."""

    page_index: int
    line_index: int
    word_index: int
    original: str
    replacement: str
    cost: float


# ---------------------------------------------------------------------------------------------
# lexicon


def _fold(word: str) -> str:
    return fold(word).lower()


fold_word = lru_cache(maxsize=65536)(_fold)
fold_word.__doc__ = """Lower case without diacritics (``'Câmára'`` -> ``'camara'``)."""


def zipf(freq: float) -> float:
    """Zipf frequency (log10 per billion words; 0 for unknown words)."""
    return math.log10(freq) + 9.0 if freq > 0 else 0.0


def build_lexicon(freq: Mapping[str, float], *, legal: Iterable[str] = LEGAL_WORDS,
                  foreign: Mapping[str, float] | None = None,
                  config: CorrectionConfig = CorrectionConfig()) -> Lexicon:
    """A lexicon from a word -> frequency table (lower case) and the legal vocabulary.

    Only alphabetic words enter; candidates (the length buckets) are those frequent enough to be
    offered as replacements (``config.target_zipf``), legal words always. A word at least as
    frequent in ``foreign`` (English) is no candidate: the web list of Portuguese carries
    'period', 'intranet', 'providence', which a law never meant."""
    legal_set = frozenset(w.lower() for w in legal)
    words = {w: f for w, f in freq.items() if w.isalpha()}
    for w in legal_set:
        words[w] = max(words.get(w, 0.0), LEGAL_FREQ)
    by_fold: dict[str, list[str]] = {}
    floor = 10 ** (config.target_zipf - 9.0)
    targets: set[str] = set()
    for w, f in words.items():
        fw = _fold(w)  # uncached: 260k words would only churn the cache
        by_fold.setdefault(fw, []).append(w)
        if (f >= floor or w in legal_set) and len(fw) >= config.min_len and (
                w in legal_set or foreign is None or foreign.get(w, 0.0) < f):
            targets.add(fw)
    buckets: dict[int, list[str]] = {}
    for fw in sorted(targets):
        buckets.setdefault(len(fw), []).append(fw)
    return Lexicon(
        freq=MappingProxyType(words),
        by_fold=MappingProxyType({k: (v[0],) if len(v) == 1 else tuple(sorted(v, key=lambda w: -words[w]))
                                  for k, v in by_fold.items()}),
        buckets=MappingProxyType({k: tuple(v) for k, v in buckets.items()}),
        targets=frozenset(targets), prefixes=tuple(sorted(targets)),
        suffixes=tuple(sorted(t[::-1] for t in targets)), legal=legal_set,
    )


@lru_cache(maxsize=1)
def base_lexicon() -> Lexicon:
    """wordfreq's Portuguese list (the 'large' one: ~260k words) plus the legal vocabulary,
    English words (wordfreq's small English list) kept out of the candidates; built once per
    process (about 1 s)."""
    import wordfreq  # reads its packaged data: the one read, cached here

    return build_lexicon(wordfreq.get_frequency_dict("pt", wordlist="large"),
                         foreign=wordfreq.get_frequency_dict("en", wordlist="small"))


def document_words(lines: Iterable[Line], *, config: CorrectionConfig = CorrectionConfig()
                   ) -> tuple[frozenset[str], frozenset[str]]:
    """The document's own words (lower case): alphabetic words read at ``doc_min_conf`` or more
    at least ``doc_min_count`` times, or read the same ``doc_min_reads`` times whatever the
    confidence; and those read capitalised confidently (evidence for names)."""
    counts: dict[str, int] = {}
    title: dict[str, int] = {}
    seen: dict[str, int] = {}
    for line in lines:
        for w in line.words:
            core = split_token(w.text)[1]
            if len(core) < config.min_len or not core.isalpha():
                continue
            low = core.lower()
            seen[low] = seen.get(low, 0) + 1
            if w.conf is None or w.conf < config.doc_min_conf:
                continue
            counts[low] = counts.get(low, 0) + 1
            if core[0].isupper():
                title[low] = title.get(low, 0) + 1
    words = frozenset(w for w, c in counts.items() if c >= config.doc_min_count) | frozenset(
        w for w, c in seen.items() if c >= config.doc_min_reads)
    return words, frozenset(w for w in words if title.get(w, 0) >= config.doc_min_count)


def with_document(lexicon: Lexicon, words: frozenset[str], titles: frozenset[str]) -> Lexicon:
    """The lexicon plus a document's own words (candidates and protected), sharing the base
    tables (cheap: built per document)."""
    extra: dict[str, list[str]] = {}
    for w in words:
        if w not in lexicon.freq:
            extra.setdefault(fold_word(w), []).append(w)
    buckets = dict(lexicon.buckets)
    new = sorted({fold_word(w) for w in words if len(w) >= 3} - lexicon.targets)
    for fw in new:
        buckets[len(fw)] = buckets.get(len(fw), ()) + (fw,)
    return Lexicon(freq=lexicon.freq, by_fold=lexicon.by_fold, buckets=MappingProxyType(buckets),
                   targets=lexicon.targets | frozenset(new), prefixes=lexicon.prefixes, suffixes=lexicon.suffixes,
                   legal=lexicon.legal, document=lexicon.document | words, titles=lexicon.titles | titles,
                   extra_folds=MappingProxyType({k: tuple(sorted(v)) for k, v in extra.items()}))


# ---------------------------------------------------------------------------------------------
# the edit cost


def _base(ch: str) -> str:
    return fold_word(ch) if ch.isalpha() else ch


@lru_cache(maxsize=65536)
def substitution_cost(printed: str, read: str, model: ConfusionModel | None = None) -> float:
    """Cost of the printed character ``printed`` read as ``read`` (lower case, 1.0 = unrelated):
    an accent difference is cheap, then the word-level confusions, then the learned channel."""
    if printed == read:
        return 0.0
    if _base(printed) == _base(read):
        return ACCENT_COST
    got = WORD_CONFUSIONS.get((printed, read))
    if got is not None:
        return got
    m = model if model is not None else default_model()
    learned = m.substitutions.get(printed, {}).get(read)
    if learned is not None:
        return max(0.4, min(1.0, learned / 6.0))
    return 1.0


def _indel(ch: str) -> float:
    """A character lost or added: a bare combining-like accent char ('´') or apostrophe is cheap."""
    return ACCENT_COST if ch in "'´`^~¨" else 1.0


_MULTI = tuple((p, r, c) for (p, r), c in WORD_CONFUSIONS.items() if len(p) > 1 or len(r) > 1)


@lru_cache(maxsize=65536)
def edit_cost(printed: str, read: str) -> float:
    """Confusion-weighted edit distance of the printed word ``printed`` read as ``read`` (both
    lower case): the cheapest alignment with :func:`substitution_cost`, unit insertions and
    deletions and the multi-character confusions of :data:`WORD_CONFUSIONS` (``'m'`` read
    ``'rn'``)."""
    n, m = len(printed), len(read)
    prev = [float(j) for j in range(m + 1)]
    rows = [prev]
    for i in range(1, n + 1):
        cur = [prev[0] + 1.0] + [0.0] * m
        p = printed[i - 1]
        for j in range(1, m + 1):
            r = read[j - 1]
            v = prev[j - 1] + substitution_cost(p, r)
            d = prev[j] + 1.0
            if d < v:
                v = d
            d = cur[j - 1] + _indel(r)
            if d < v:
                v = d
            cur[j] = v
        for pp, rr, c in _MULTI:
            lp, lr = len(pp), len(rr)
            if i >= lp and printed[i - lp:i] == pp:
                start = 0
                while True:
                    k = read.find(rr, start)
                    if k < 0:
                        break
                    j = k + lr
                    v = rows[i - lp][k] + c
                    if v < cur[j]:
                        cur[j] = v
                        # propagate along the row (an insertion after the multi-edit)
                        for jj in range(j + 1, m + 1):
                            w = cur[jj - 1] + _indel(read[jj - 1])
                            if w < cur[jj]:
                                cur[jj] = w
                            else:
                                break
                    start = k + 1
        rows.append(cur)
        prev = cur
    return prev[m]


# ---------------------------------------------------------------------------------------------
# one word


def split_token(token: str) -> tuple[str, str, str]:
    """Leading punctuation, core, trailing punctuation (``'“Prefcito,'`` -> ``'“'``,
    ``'Prefcito'``, ``','``)."""
    m = _EDGE.match(token)
    assert m is not None  # the pattern matches every string
    return m.group(1), m.group(2), m.group(3)


def apply_case(pattern: str, word: str) -> str:
    """``word`` in the case pattern of ``pattern``: UPPER, Title or lower."""
    if len(pattern) > 1 and pattern.isupper():
        return word.upper()
    if pattern[:1].isupper():
        return word[:1].upper() + word[1:].lower()
    return word.lower()


def is_reserved(core: str) -> bool:
    """Tokens no lexicon should touch: digits, single letters, roman-numeral-like and short
    all-caps tokens, unit-label words."""
    if len(core) < 2 or not core.isalpha():
        return True
    if core[0].isupper() and _ROMANISH.match(core):
        return True
    if core.isupper() and len(core) <= 3:
        return True
    return fold_word(core) in LABEL_WORDS


def _max_cost(n: int, config: CorrectionConfig) -> float:
    if n <= 3:
        return ACCENT_COST * 2
    if n <= 5:
        return config.max_cost_short
    if n <= 8:
        return config.max_cost
    return config.max_cost_long


def _candidates(low: str, lexicon: Lexicon) -> list[str]:
    """Lexicon words near ``low`` (lower case): its accent variants and the words whose folded
    form is within Levenshtein 1 (short words) or 2 of its folded form."""
    f = fold_word(low)
    k = 1 if len(f) <= 5 else 2
    found = set(lexicon.words_of(f))
    for n in range(max(1, len(f) - k), len(f) + k + 1):
        bucket = lexicon.buckets.get(n)
        if not bucket:
            continue
        for cand, _, _ in process.extract(f, bucket, scorer=Levenshtein.distance, score_cutoff=k, limit=None):
            found.update(lexicon.words_of(cand))
    found.discard(low)
    return sorted(found)


def _completes(cand: str, low: str) -> bool:
    """``cand`` is ``low`` with letters added at its end (``'períod'`` -> ``'period'`` is not,
    ``'Prefeitu'`` -> ``'Prefeito'`` neither, but both change what a cut word may have been)."""
    f, c = fold_word(low), fold_word(cand)
    if c == f:
        return False  # only accents differ: nothing added at the end
    return len(c) >= len(f) and (c.startswith(f[:-1]) or c.startswith(f))


def _heads(cand: str, low: str) -> bool:
    """``cand`` is ``low`` with letters added (or its first letter changed) at its start."""
    f, c = fold_word(low), fold_word(cand)
    return len(c) > len(f) and (c.endswith(f) or c.endswith(f[1:]))


def may_be_cut(core: str, lexicon: Lexicon, *, at_end: bool) -> bool:
    """Whether ``core`` could be the head (``at_end``: the last word of a line, the rest cut at
    the margin or lost with its hyphen) or the tail (the first word of a line) of a longer lexicon
    word: ``'Prefeitu'``, ``'períod'``; ``'lização'``, ``'zeiros'``."""
    f = fold_word(core)
    if len(f) < 3:
        return False
    table, key = (lexicon.prefixes, f) if at_end else (lexicon.suffixes, f[::-1])
    k = bisect.bisect_right(table, key)
    return k < len(table) and table[k].startswith(key)


def protected(core: str, lexicon: Lexicon, *, config: CorrectionConfig = CorrectionConfig()) -> bool:
    """Whether ``core`` is itself a word (never changed): a legal or document word, or in the
    frequency list at ``protect_zipf`` or more."""
    low = core.lower()
    if low in lexicon.legal or low in lexicon.document:
        return True
    return zipf(lexicon.freq.get(low, 0.0)) >= config.protect_zipf


def accent_variant(core: str, lexicon: Lexicon, *, config: CorrectionConfig = CorrectionConfig()) -> str | None:
    """The accented variant of an in-lexicon word that is far more frequent (``'sera'`` ->
    ``'será'``), or None. Words of 3 letters or fewer keep their reading (``'dá'``, ``'dê'``,
    ``'até'`` are words of laws as much as ``'da'``, ``'de'``, ``'ate'``)."""
    low = core.lower()
    if len(low) < 4 or (core.isupper() and not config.caps_accents):
        return None
    own = lexicon.frequency(low)
    variants = sorted((lexicon.frequency(w), w) for w in lexicon.words_of(fold_word(low)) if w != low)
    if not variants or variants[-1][0] < config.accent_ratio * max(own, 1e-12):
        return None
    if len(variants) > 1 and variants[-2][0] * config.accent_ratio > variants[-1][0]:
        return None  # 'estã': 'está' or 'esta', both words: no evidence for either
    return variants[-1][1]


def correct_word(word: str, lexicon: Lexicon, *, conf: float | None = None, name_like: bool = False,
                 line_end: bool = False, line_start: bool = False,
                 config: CorrectionConfig = CorrectionConfig()) -> tuple[str, float] | None:
    """The corrected token and its edit cost, or None to keep ``word`` as read.

    ``name_like``: the word may be a name (capitalised inside a sentence, or ALL-CAPS): only a
    document word read capitalised may replace it. ``line_end``: the last word of its line, which
    may be cut there: it is not completed into a longer word (nor corrected at all, unless
    punctuation closes it or ``config.line_end_open``). ``line_start``: the first word of its line,
    whose first letters may be lost in the margin or on the previous line: no letters are put
    before it (``'unicipal'`` stays, it may be ``'Mu-'`` + ``'nicipal'`` as well)."""
    if conf is not None and (conf >= config.max_conf or conf < config.min_conf):
        return None
    lead, core, trail = split_token(word)
    if is_reserved(core) or len(core) < config.min_len or trail.endswith("-"):
        return None
    if line_end and not trail and (not config.line_end_open or may_be_cut(core, lexicon, at_end=True)):
        return None
    if line_start and not lead and may_be_cut(core, lexicon, at_end=False):
        return None
    low = core.lower()
    if protected(core, lexicon, config=config):
        variant = accent_variant(core, lexicon, config=config)
        if variant is None or (core.isupper() and not config.caps_accents):
            return None
        return lead + apply_case(core, variant) + trail, ACCENT_COST
    scored: list[tuple[float, float, str]] = []
    for cand in _candidates(low, lexicon):
        if name_like and cand not in lexicon.titles:
            continue
        if core.isupper() and not config.caps_accents and fold_word(cand) != cand:
            cand_plain = fold_word(cand)
            if cand_plain == fold_word(low) and cand_plain != low:
                continue  # only an accent to add to a capitals word: leave it
        freq = lexicon.frequency(cand)
        if cand not in lexicon.document and cand not in lexicon.legal and zipf(freq) < config.target_zipf:
            continue
        cost = edit_cost(cand, low)
        if cost > _max_cost(len(low), config):
            continue
        scored.append((cost - config.freq_weight * zipf(freq), cost, cand))
    if not scored:
        return None
    scored.sort()
    best_score, best_cost, best = scored[0]
    if len(scored) > 1 and scored[1][0] - best_score < config.margin:
        return None  # two explanations nearly as good: no evidence for either
    if (line_end and not trail and _completes(best, low)) or (line_start and _heads(best, low)):
        return None  # the word may be cut at the margin: what it lacks is not ours to guess
    out = best
    if core.isupper() and not config.caps_accents:
        out = _keep_caps_accents(core, best)
    return lead + apply_case(core, out) + trail, best_cost


def _keep_caps_accents(core: str, word: str) -> str:
    """For ALL-CAPS words: the replacement's letters with the accents as read where only accents
    differ (typewriters wrote capitals without them)."""
    if len(core) != len(word):
        return fold_word(word) if not any(not c.isascii() for c in core) else word
    return "".join(c.lower() if fold_word(c) == fold_word(w) else w for c, w in zip(core, word, strict=True))


# ---------------------------------------------------------------------------------------------
# lines and documents

_HYPHENS = ("-", "=", "—", "–", "¬")
_SENTENCE_END = re.compile(r"[.:;!?)\-–—]$")


@dataclass(frozen=True)
class TokenContext:
    """What a word's neighbours say about it: a hyphenated fragment (the end of a line ending in
    ``-`` or the start of the next), possibly a name (capitalised inside a sentence, or ALL-CAPS),
    the last word of its line (possibly cut there)."""

    fragment: bool = False
    name_like: bool = False
    line_end: bool = False
    line_start: bool = False


def _sentence_start(prev: str | None) -> bool:
    """A capitalised word after this token (or at the start) may be capitalised as a sentence
    start, not as a name."""
    if prev is None:
        return True
    return bool(_SENTENCE_END.search(prev)) or any(c.isdigit() for c in prev) or prev in {"§", "º"}


def token_contexts(lines: Sequence[Line], is_word: Callable[[str], bool] | None = None
                   ) -> tuple[tuple[TokenContext, ...], ...]:
    """The :class:`TokenContext` of every word of a page's lines, in order.

    Fragments: the last word of a line ending in a hyphen and the first word of the next; with
    ``is_word`` (lower case, accents as read) also a line's last word and the next line's first
    when joined they make a word (the hyphen lost: ``'pro'`` + ``'venientes'``)."""
    rows: list[list[TokenContext]] = []
    prev_token: str | None = None
    prev_line_hyphen = False
    for line in lines:
        row = []
        n = len(line.words)
        wordy = [wi for wi, w in enumerate(line.words) if any(c.isalpha() for c in w.text)]
        first, last_w = (wordy[0], wordy[-1]) if wordy else (-1, -1)
        for wi, w in enumerate(line.words):
            token = w.text
            core = split_token(token)[1]
            row.append(TokenContext(
                fragment=(wi == 0 and prev_line_hyphen) or (wi == n - 1 and token.endswith(_HYPHENS)),
                name_like=bool(core) and core[:1].isupper() and (
                    (len(core) > 1 and core.isupper()) or not _sentence_start(prev_token)),
                line_end=wi == last_w, line_start=wi == first))
            prev_token = token
        if n:
            last = line.words[-1].text
            prev_line_hyphen = last.endswith(_HYPHENS) and split_token(last)[1].isalpha()
        rows.append(row)
    if is_word is not None:
        for a, b in zip(range(len(lines)), range(1, len(lines)), strict=False):
            if not rows[a] or not rows[b] or rows[b][0].fragment:
                continue
            head, tail = split_token(lines[a].words[-1].text), split_token(lines[b].words[0].text)
            if head[2] or tail[0] or not head[1].isalpha() or not tail[1].isalpha() or not tail[1][0].islower():
                continue
            h, t = head[1].lower(), tail[1].lower()
            if any(is_word(x) for x in (h + t, h[:-1] + t) if len(x) > len(t)):
                rows[a][-1] = dataclasses.replace(rows[a][-1], fragment=True)
                rows[b][0] = dataclasses.replace(rows[b][0], fragment=True)
    return tuple(tuple(r) for r in rows)


def is_word_of(lexicon: Lexicon) -> Callable[[str], bool]:
    """Whether a lower-case string is a word of ``lexicon`` (accents as read, or lost)."""
    def check(word: str) -> bool:
        return word in lexicon.freq or word in lexicon.document or fold_word(word) in lexicon.by_fold
    return check


def correct_lines(lines: Sequence[Line], lexicon: Lexicon, *, page_index: int = 0,
                  config: CorrectionConfig = CorrectionConfig()) -> tuple[tuple[Line, ...], tuple[Correction, ...]]:
    """Correct the words of one page's lines; the lines (words and text) as corrected and the
    corrections made. A line whose text is not its words joined (edited elsewhere) is left alone."""
    out_lines: list[Line] = []
    corrections: list[Correction] = []
    for li, (line, contexts) in enumerate(zip(lines, token_contexts(lines, is_word_of(lexicon)), strict=True)):
        if line.text != " ".join(w.text for w in line.words):
            out_lines.append(line)
            continue
        words = list(line.words)
        for wi, (w, ctx) in enumerate(zip(line.words, contexts, strict=True)):
            if ctx.fragment:
                continue
            got = correct_word(w.text, lexicon, conf=w.conf, name_like=ctx.name_like, line_end=ctx.line_end,
                               line_start=ctx.line_start, config=config)
            if got is not None and got[0] != w.text:
                words[wi] = w.model_copy(update={"text": got[0]})
                corrections.append(Correction(page_index, li, wi, w.text, got[0], round(got[1], 3)))
        changed = any(a is not b for a, b in zip(words, line.words, strict=True))
        out_lines.append(line.model_copy(update={"words": tuple(words), "text": " ".join(w.text for w in words)})
                         if changed else line)
    return tuple(out_lines), tuple(corrections)


def correct_document(doc: DocumentText, *, lexicon: Lexicon | None = None,
                     config: CorrectionConfig = CorrectionConfig()) -> tuple[DocumentText, tuple[Correction, ...]]:
    """Correct every OCR page of ``doc`` with the lexicon plus the document's own words; pages
    read from a text layer or given as text are left as they are."""
    base = lexicon if lexicon is not None else base_lexicon()
    ocr_lines = [ln for p in doc.pages if p.method == "ocr" for ln in p.lines]
    words, titles = document_words(ocr_lines, config=config)
    lex = with_document(base, words, titles)
    pages: list[PageText] = []
    corrections: list[Correction] = []
    for page in doc.pages:
        if page.method != "ocr":
            pages.append(page)
            continue
        lines, made = correct_lines(page.lines, lex, page_index=page.page_index, config=config)
        pages.append(page.model_copy(update={"lines": lines}) if made else page)
        corrections.extend(made)
    return doc.model_copy(update={"pages": tuple(pages)}), tuple(corrections)


def count_corrections(corrections: Sequence[Correction]) -> dict[int, int]:
    """Corrections per page index (what the page record's ``ocr.corrections`` would carry)."""
    out: dict[int, int] = {}
    for c in corrections:
        out[c.page_index] = out.get(c.page_index, 0) + 1
    return out


__all__ = [
    "Correction", "CorrectionConfig", "Lexicon", "base_lexicon", "build_lexicon", "correct_document",
    "correct_lines", "correct_word", "count_corrections", "document_words", "edit_cost", "may_be_cut", "token_contexts",
    "with_document",
]
