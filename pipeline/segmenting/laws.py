"""Laws in the document: the target norm's span, its neighbours, and pages of the target
printed among a neighbour's (split at epígrafes; a running title is no new norm)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz

from pipeline.folding import fold
from pipeline.headers import uppercase_share
from pipeline.metadata import Epigrafe, holds_signature, is_fecho_start, is_role_line, is_signature_start
from pipeline.segmenting.closing import IN_FORCE, fecho_like
from pipeline.segmenting.readings import Reading, article_header, is_article, printed_number
from pipeline.segmenting.tree import Issue

# --- 1. laws in the document ------------------------------------------------------------------


def _matches_meta(epi: Epigrafe | None, numero: str | None, ano: int | None) -> bool:
    if epi is None or numero is None:
        return False
    same_num = (epi.numero or "").lstrip("0") == str(numero).replace(".", "").lstrip("0")
    return same_num and (ano is None or epi.ano is None or epi.ano == ano)


# the end of an enacting clause: 'A SEGUINTE LEI:' ('LET:' as OCR left it), 'DECRETA:', 'RESOLVE:'
# (a speck after its colon read as a letter or two: 'sanciono a seguinte Lei: f'; not an amending
# formula's 'a seguinte redação:', 'as seguintes alterações:': issue 12); 'sanciono a seguinte'
# says it whole when OCR lost the word after it; 'sanciono a' and the norm's tipo and colon say
# it with 'seguinte' wrecked ('sanciono a pes ante Lei:')
ENACTING = re.compile(r"(?:\bSEGUINTE\s+(?!REDA[CÇ]|ALTERA[CÇ])[A-ZÇÃÉÕ]{3,12}|\b(?:DECRETA|RESOLVE|PROMULGA)"
                      r"|\b(?:SANCIONO|PROMULGO)\s+A\s+SEGUINTE"
                      r"|\b(?:SANCIONO|PROMULGO)\s+A\s+(?:\S{1,8}\s+){1,2}(?:LEI|RESOLU[CÇ][AÃ]O|DECRETO)\s*:)"
                      r"\s*(?:[:.]?\W{0,2}|[:.]\W{0,2}\s+\S{1,2})$", re.I)
# the start of a preâmbulo: who enacts ('A CÂMARA MUNICIPAL DE ...', 'O PREFEITO MUNICIPAL DE ...')
PREAMBLE_START = re.compile(
    r"^\W{0,3}(?:[AO]\s+C[AÂ]MARA|[AO]\s+PREFEIT|O\s+PRESIDENTE|[AO]\s+GOVERNADOR|O\s+VICE|"
    r"FA[ÇC]O\s+SABER|O\s+SENHOR|O\s+EXCELENT|O\s+POVO|O\s+DOUTOR|O\s+DR\.|O\s+SR\.|A\s+MESA|EU,)",
    re.I,
)
# Any authority as the subject of the preâmbulo ('O Plenário do CONSELHO MUNICIPAL ...', 'A
# DIRETORA ACADÊMICA DA FACULDADE ...'), known by the clause of competence that follows it
_AUTHORITY_START = re.compile(r"^\W{0,3}[AO]\s+[A-ZÀ-Ú][\wÀ-ú]{3,}")
# The authority by name, in capitals, and office ('CARLOS JANDREY, Prefeito de Ibirubá - RS, no
# uso de suas atribuições', 'ANÍBAL MOACIR DA SILVA, Prefeito Municipal de São Leopoldo.' / 'Faço
# saber ...': the FAMURS gazettes); a signature prints the name and the office on lines apart
_NAMED_AUTHORITY = re.compile(
    r"^\W{0,3}[A-ZÀ-Ý][A-ZÀ-Ý'.]+(?:\s+[A-ZÀ-Ý][A-ZÀ-Ý'.]*){1,7}\s*,\s*"
    r"(?i:prefeit[oa]|vice-?prefeit[oa]|presidente|governador[a]?)\b")
# the considerations that open a decree's preâmbulo where no authority is named before them
# ('CONSIDERANDO a necessidade de disciplinar ...' / 'DECRETA:', ce-dec60-2018): no ementa's text
_CONSIDERING = re.compile(r"^\W{0,3}CONSIDERANDO\b", re.I)
_COMPETENCE = re.compile(r"atribui[çc][õo]es|\bno\s+uso\s+d|\busando\s+d", re.I)
_COMPETENCE_REACH = 4  # lines from the subject to the clause of competence


def preamble_start(texts: Sequence[str]) -> int | None:
    """Where the preâmbulo begins in the lines between the epígrafe and the body: a known
    opening ('A CÂMARA MUNICIPAL', 'O PREFEITO', 'FAÇO SABER', 'JOÃO DA SILVA, Prefeito
    Municipal de ...'), else a subject opening with an
    article whose clause of competence ('no uso de suas atribuições') follows within a few
    lines. Without it the preâmbulo of a council's resolução or a faculty's portaria was glued to
    the ementa."""
    known = next((j for j, t in enumerate(texts) if PREAMBLE_START.match(t) or _NAMED_AUTHORITY.match(t)
                  or _CONSIDERING.match(t)), None)
    if known is not None:
        return known
    for j, t in enumerate(texts):
        if _AUTHORITY_START.match(t) and _COMPETENCE.search(" ".join(texts[j:j + _COMPETENCE_REACH])):
            return j
    return None


_QUOTE_OPENS = re.compile(r"^\W{0,2}[“\"«‘']")  # a line that opens with a quotation mark
_QUOTE_CLOSES = re.compile(r"[”\"»’']\W{0,3}$")  # ... that ends with one


def _quoted_formula(readings: Sequence[Reading], k: int, clause: Sequence[str]) -> bool:
    """Whether the enacting clause from line ``k`` is a formula an article quotes ('“O Presidente
    da Câmara Municipal:' / 'Faço saber que a Câmara Municipal aprovou e eu promulgo a seguinte
    Lei (ou Resolução).”', tabira-res11-1991's article on promulgation): a quotation mark opens it
    (or the line above) or closes it."""
    above = readings[k - 1].line.text if k else ""
    if not (_QUOTE_OPENS.match(clause[0]) or _QUOTE_OPENS.match(above) or _QUOTE_CLOSES.search(clause[-1])):
        return False
    # ... unless the law before closed above it (its closing or a signature between its last
    # article and the clause): a quotation mark there is dust ('“pais no Kunicípi', an ementa's line)
    for j in range(k - 1, max(-1, k - _CLOSED_REACH), -1):
        if is_article(readings[j]):
            return True
        if fecho_like(readings[j].line.text) or (j and _signature(readings[j - 1].line.text, readings[j].line.text)):
            return False
    return True


def _signature(name: str, role: str) -> bool:
    """A signature: a name in capitals over its office ('ARLINDO COSTA BARROS' / 'Presidente da
    Câmara'; not a quoted formula's '“O Presidente da Câmara Municipal:')."""
    return (is_role_line(role) and not _QUOTE_OPENS.match(role) and uppercase_share(name) >= 0.8
            and len(name.split()) >= 2)


_CLOSED_REACH = 12  # lines above an enacting clause searched for the closing of the law before it
_ENACTING_REACH = 6  # lines an enacting clause may take from its start to 'a seguinte Lei:'
_HEAD_REACH = 4  # lines of a lost epígrafe's ementa kept with the law it opens
_OWN_CLAUSE_REACH = 15  # lines from an epígrafe to its own enacting clause (its ementa between)
_CITED_IN_EMENTA = 2  # article labels an ementa may cite at its lines' starts ('ART. 5º, NO INCISO II, ...')


def _unmarked_starts(readings: Sequence[Reading]) -> list[int]:
    """Where a law whose epígrafe OCR lost begins: an enacting clause ('A CÂMARA MUNICIPAL DE
    ... promulga a seguinte Lei:') printed after articles of the law before it. A law is enacted
    once, before its articles, so an enacting clause after articles opens the next law, epígrafe
    or not. The law begins at its ementa: the lines in running case just above the clause, up to
    the closing or the signatures of the law before it."""
    out: list[int] = []
    articles = 0
    epigrafe: int | None = None  # the last epígrafe read, while no enacting clause has followed it
    for k, r in enumerate(readings):
        if r.epigrafe is not None:
            articles, epigrafe = 0, k
            continue
        if is_article(r):
            articles += 1
            continue
        # (the epígrafe's own clause, the first after it, after an ementa whose wrapped lines may start
        # with the articles it cites, 'ART. 5º, NO INCISO II, DO § 3º DO ART. 37, NO' (macapa-lei2265-2017):
        # those are no articles of a law before it)
        own = epigrafe is not None and k - epigrafe <= _OWN_CLAUSE_REACH and articles <= _CITED_IN_EMENTA
        if not articles and not own:
            continue
        if PREAMBLE_START.match(r.line.text):
            reach = readings[k:k + _ENACTING_REACH]
            end = next((j for j, x in enumerate(reach) if is_article(x)), len(reach))
            texts = [x.line.text for x in reach[:end]]
            enacting = next((j for j in range(len(texts)) if enacts(texts, j)), None)
            if enacting is None or _quoted_formula(readings, k, texts[:enacting + 1]):
                continue
            start = k
        else:
            wrecked = _wrecked_clause_start(readings, k)
            if wrecked is None:
                continue
            start = wrecked
        if own:
            articles, epigrafe = 0, None
            continue
        while (start > k - _HEAD_REACH and start > 0 and not is_article(readings[start - 1])
               and _ementa_like(readings[start - 1].line.text)):
            start -= 1
        out.append(start)
        articles = 0
    return out


def _opens_numbering(readings: Sequence[Reading], k: int) -> bool:
    """Whether the article after line ``k`` (within two lines) may read as article 1."""
    for r in readings[k + 1:k + 3]:
        h = article_header(r)
        if h is not None:
            return any(n == 1 for n, _cost in h.candidates)
    return False


def _wrecked_clause_start(readings: Sequence[Reading], k: int) -> int | None:
    """Where an enacting clause that ends at line ``k`` began, when OCR wrecked its first words
    ('—s O Prefeito Municipal de ...', '“vâmar Mnicipal ge la ovou e cu P efe. c Municipai,' /
    'sarciono a seguinte Lei:'): the clause ends there and the next article may read as 1 (a law
    numbers its articles afresh). It begins after the sentence above it (the ementa ends with a
    point) or after the closing, signatures or articles of the law before it."""
    if not _opens_numbering(readings, k):
        return None
    texts = [x.line.text for x in readings[max(0, k - 1):k + 1]]
    if not enacts(texts, len(texts) - 1):
        return None
    start = k
    while start > max(0, k - _ENACTING_REACH + 1):
        above = readings[start - 1]
        if is_article(above):
            return None  # a formula an article goes on to quote ('A promulgação se fará assim:')
        text = above.line.text.rstrip()
        if (above.epigrafe is not None or text.endswith(".") or is_role_line(text) or is_fecho_start(text)
                or not any(c.islower() for c in text)):
            break
        start -= 1
    # (a quotation mark opening the clause is dust here: the line above ends a sentence)
    return None if _QUOTE_CLOSES.search(readings[k].line.text) else start


# a word cut at a line's end by a hyphen ('a se-' / 'guinte Lei:')
_HYPHEN_WRAP = re.compile(r"(?<=[^\W\d_])[-‐‑]\s*$")


def enacts(texts: Sequence[str], j: int) -> bool:
    """Whether line ``j`` of ``texts`` ends an enacting clause, read with the line before it
    (the clause wraps: 'sanciono a seguinte' / 'Lei:', or cuts a word: 'sanciono a se-' /
    'guinte Lei:')."""
    if ENACTING.search(texts[j]) or _misread_enacting(texts[j]):
        return True
    if not j:
        return False
    before = texts[j - 1].rstrip()
    joined = (_HYPHEN_WRAP.sub("", before) + texts[j].lstrip()) if _HYPHEN_WRAP.search(before) \
        else f"{before} {texts[j]}"
    return bool(ENACTING.search(joined)) or _misread_enacting(joined)


# what an enacting clause ends with, before its colon ('... sanciono a seguinte Lei:')
_ENACTED = ("a seguinte lei", "a seguinte lei complementar", "a seguinte resolucao", "o seguinte decreto",
            "a seguinte emenda")
_ENACTED_END = re.compile(r"((?:\S+\s+){2,3}\S+)\s*:\W{0,2}$")
_ENACTED_AGREES = 85.0


def _misread_enacting(text: str) -> bool:
    """Whether ``text`` ends as an enacting clause does with a letter or two misread ('promulga a
    sequinte Lei:', 'sanciono a seguinle Lei:'): its last words before the colon read as one of
    the clause's endings, by the edit distance of their folded letters."""
    m = _ENACTED_END.search(text[-60:])
    if m is None:
        return False
    words = fold(m.group(1)).lower().split()
    return any(fuzz.ratio(" ".join(words[-len(end.split()):]), end) >= _ENACTED_AGREES for end in _ENACTED)


def _ementa_like(text: str) -> bool:
    """A line that may be a lost epígrafe's ementa: running case (signatures are in capitals),
    no role ('Presidente da Câmara') and no closing ('Câmara Municipal de X, aos ...')."""
    return (any(c.islower() for c in text) and not is_role_line(text) and not is_fecho_start(text))


def _ementa_agreement(readings: Sequence[Reading], span: tuple[int, int], ementa: str | None) -> float:
    """How well the lines before a span's first article read as the metadata's ementa (0-100)."""
    if not ementa:
        return 0.0
    a, b = span
    head = []
    for k in range(a, min(b, a + 12)):
        if is_article(readings[k]):
            break
        head.append(readings[k].line.text)
    text = fold(" ".join(head))
    want = fold(ementa)[:120]
    if len(text) < 20 or len(want) < 20:
        return 0.0
    return fuzz.partial_ratio(want, text)


_EMENTA_AGREES = 80.0  # a head reads as the metadata's ementa (OCR damage allowed)


def split_laws(
    readings: Sequence[Reading], *, numero: str | None, ano: int | None, ementa: str | None = None
) -> tuple[tuple[int, int], list[tuple[int, int]], list[Issue]]:
    """Spans of the target law and of the neighbours, by epígrafe (and by enacting clause where
    a law's epígrafe was lost).

    The span before the first start is the end of a previous law when it holds articles;
    otherwise it belongs to the target (letterhead, cover). The target is the span whose
    epígrafe matches the metadata; else the one whose head reads as the metadata's ementa;
    else, where the metadata names a número, a law whose epígrafe was lost rather than one whose
    epígrafe names another; else the one with most articles.
    """
    marked = [i for i, r in enumerate(readings) if r.epigrafe is not None]
    issues: list[Issue] = []
    unmarked = set(_unmarked_starts(readings))
    if not marked and not unmarked:
        return (0, len(readings)), [], issues
    starts = sorted(set(marked) | unmarked)
    bounds = [*starts, len(readings)]
    spans = [(bounds[k], bounds[k + 1]) for k in range(len(starts))]
    articles = [sum(is_article(readings[i]) for i in range(a, b)) for a, b in spans]
    # Of the spans whose epígrafe the record names, the one with most articles: a gazette prints
    # an act's heading twice (its section title 'LEI MUNICIPAL Nº 7.743', then the epígrafe
    # 'LEI MUNICIPAL Nº 7.743 /2023'), and the first span is the title alone.
    matching = [k for k, (a, _b) in enumerate(spans) if _matches_meta(readings[a].epigrafe, numero, ano)]
    target_k = max(matching, key=lambda k: (articles[k], -k)) if matching else None
    prelude = (0, starts[0])
    prelude_law = any(is_article(readings[i]) for i in range(*prelude))  # (articles before the first epígrafe)
    if target_k is None:
        agreement = [_ementa_agreement(readings, span, ementa) for span in spans]
        before = _ementa_agreement(readings, prelude, ementa) if prelude_law else 0.0
        if before >= _EMENTA_AGREES and before > max(agreement):
            # the law before the first epígrafe read is the record's, its own epígrafe lost to OCR
            # ('LEI N:º 63/84' unread): its head reads as the record's ementa, and no later head does
            issues.append(Issue("metadata_mismatch", "no epígrafe matches the metadata "
                                f"(número {numero}, ano {ano}); kept the law whose head reads as the record's "
                                "ementa, before the first epígrafe read"))
            return prelude, spans, issues
        lost = [k for k, (a, _b) in enumerate(spans) if a in unmarked and articles[k]]
        if max(agreement) >= _EMENTA_AGREES:
            target_k = max(range(len(spans)), key=lambda k: (agreement[k], articles[k], -k))
        elif lost and numero is not None:
            target_k = max(lost, key=lambda k: (articles[k], -k))
        else:
            # of laws with articles, one its epígrafe names before one whose epígrafe was lost:
            # ce-dec44-2013, a decree beside another town's autógrafo with more articles
            named = [k for k, (a, _b) in enumerate(spans)
                     if articles[k] and (epi := readings[a].epigrafe) is not None and epi.numero]
            target_k = max(named or range(len(spans)), key=lambda k: (articles[k], -k))
        if numero is not None:
            epi = readings[spans[target_k][0]].epigrafe
            what = (f"kept the main law '{epi.text}'" if epi is not None
                    else "kept the law whose epígrafe was lost (its enacting clause follows another law's articles)")
            issues.append(Issue(
                "metadata_mismatch",
                f"no epígrafe matches the metadata (número {numero}, ano {ano}); {what} and used the metadata values",
            ))
    neighbors = [s for k, s in enumerate(spans) if k != target_k]
    target = spans[target_k]
    if prelude_law:
        neighbors.insert(0, prelude)
    elif target_k == 0:
        target = (0, target[1])
    return target, neighbors, issues


def continues_target(readings: Sequence[Reading], span: list[int], target: list[int]) -> bool:
    """Whether a page chunk scanned before the target's epígrafe carries its later articles.

    Never when the target is an 'Artigo único' (nothing follows it), nor when both the chunk
    and the target close with a fecho of their own (a law has one).
    """
    if any((h := article_header(readings[k])) is not None and h.unico for k in target):
        return False
    if any(is_fecho_start(readings[k].line.text) for k in span) and any(
        is_fecho_start(readings[k].line.text) for k in target
    ):
        return False
    own = {n for k in target if (n := printed_number(readings[k]))}
    nums = [n for k in span if (n := printed_number(readings[k]))]
    return bool(nums) and bool(own) and min(nums) > 1 and not own.intersection(nums)


_FINAL_CLAUSE = re.compile(IN_FORCE + r"|revoga(?:m)?-se", re.I)


def _article_run(readings: Sequence[Reading], chunk: Sequence[int]) -> list[int]:
    """The printed article numbers of a chunk, or none when its last article is a final clause
    (the law it belongs to ends there: nothing of it runs on to the next page)."""
    arts = [(k, n) for k in chunk if (n := printed_number(readings[k]))]
    if arts and _FINAL_CLAUSE.search(readings[arts[-1][0]].line.text):
        return []
    return [n for _k, n in arts]


def closes(readings: Sequence[Reading], idx: Sequence[int]) -> bool:
    """Whether the lines ``idx`` hold a fecho, on one line or wrapped onto the next ('Palácio
    Municipal José Geraldo da Cruz, em Juazeiro do' / 'Norte, Estado do Ceará, aos 26 de ...')."""
    for p, k in enumerate(idx):
        text = readings[k].line.text
        if fecho_like(text):
            return True
        if p + 1 < len(idx) and len(text) < 90 and is_fecho_start(f"{text} {readings[idx[p + 1]].line.text}"):
            return True
    return False


def _signed_or_closed(readings: Sequence[Reading], chunk: Sequence[int]) -> bool:
    """Whether a chunk ends a law: its closing read; or its signature (a name, then a cargo), or
    its last article the final clause ('Art. 3º. Esta Lei entra em vigor ...'), where OCR wrecked
    the closing's place and date ('de julho de mil novecentos e oitefj' / '-aos-dezenove dias do
    mês'): no article of that law comes after either."""
    texts = [readings[k].line.text for k in chunk]
    if any(fecho_like(t) for t in texts) or holds_signature(texts):
        return True
    # (articles whose run _article_run refuses: the last one is the final clause)
    return any(printed_number(readings[k]) for k in chunk) and not _article_run(readings, chunk)


def claim_orphan_pages(
    readings: Sequence[Reading], span: list[int], target: list[int], boundaries: set[int]
) -> tuple[list[int], list[list[int]]]:
    """Pages printed after a neighbouring law's epígrafe whose articles fill the gaps of the
    target's numbering belong to the target (pages out of order around the next law), and so do
    pages that continue it (its next article numbers) when the target's own pages hold no fecho
    (its end was scanned after the next law's page) or when they follow the neighbour's own
    fecho (a law has no articles after its closing: the page is out of order)."""
    chunks: list[list[int]] = [[]]
    for k in span:
        if k in boundaries and chunks[-1]:
            chunks.append([])
        chunks[-1].append(k)
    # the target's own numbers: its printed ones that run in order (a misread one, 'Art: 10' for
    # 'Art. 1º', would claim the number of a later page's article)
    own = set(_rising(n for k in target if (n := printed_number(readings[k]))))
    if not own:
        return span, []
    # one printed number alone may be misread: it claims only the page that goes on right after it,
    # past the neighbour's own closing ('Artigo 2º' read, article 1's label lost; the page of
    # articles 3 to 8 after the next law's fecho)
    single = len(own) < 2
    closed = closes(readings, target)
    keep, moved = list(chunks[0]), []
    # a law is closed once: pages after the neighbour's own closing are not its articles
    neighbour_closed = _signed_or_closed(readings, chunks[0])
    last_kept = _article_run(readings, chunks[0])
    for chunk in chunks[1:]:
        # the page's own numbers: those that rise in order (a misread one, 'ART 2 SUA' for 12,
        # would say the page repeats the target's article 2)
        nums = _rising(n for k in chunk if (n := printed_number(readings[k])))
        fills = nums and min(nums) > min(own) and max(nums) < max(own)
        # (a page after the neighbour's own closing, the target still open, is the target's even
        # when its first labels went unread: no law has articles after its closing)
        continues = nums and (not closed or neighbour_closed) and max(own) < min(nums) and (
            min(nums) <= max(own) + 2 or (neighbour_closed and not closed))
        # the page right before carries the neighbour's article just before this page's first:
        # the neighbour's text runs on (a gazette's act, its annex's articles over two pages)
        # (not after its final clause: 'Art. 3º Esta Lei entra em vigor ...' ends a law)
        # (unless the page fills the target's gap exactly, its first number right after one the
        # target printed and its last right before another: 3 to 12 between the target's 2 and 13)
        runs_on = bool(nums and last_kept and last_kept[-1] == nums[0] - 1 and closed) and not (
            fills and nums[0] - 1 in own and nums[-1] + 1 in own)
        if single:
            fills, continues = False, bool(continues and neighbour_closed and nums[0] == max(own) + 1)
        if (fills or continues) and not own.intersection(nums) and not runs_on:
            moved.append(chunk)
            own.update(nums)
            closed = closed or any(fecho_like(readings[k].line.text) for k in chunk)
        else:
            keep.extend(chunk)
            neighbour_closed = neighbour_closed or _signed_or_closed(readings, chunk)
            last_kept = _article_run(readings, chunk) or last_kept
    return keep, moved


def _rising(numbers: Iterable[int]) -> list[int]:
    """The longest run of ``numbers`` that rises, in order (the first one found of that length)."""
    seq = list(numbers)
    tails: list[int] = []  # tails[L]: index of the smallest last number of a rising run of L + 1
    values: list[int] = []  # their numbers
    back: list[int] = []  # index of the number before each one in its run (-1: none)
    for i, n in enumerate(seq):
        at = bisect_left(values, n)
        back.append(tails[at - 1] if at else -1)
        if at == len(tails):
            tails.append(i)
            values.append(n)
        else:
            tails[at], values[at] = i, n
    run: list[int] = []
    k = tails[-1] if tails else -1
    while k >= 0:
        run.append(seq[k])
        k = back[k]
    return run[::-1]


def running_headers(readings: Sequence[Reading]) -> list[int]:
    """Positions of epígrafes that repeat an earlier one (same tipo, número, ano and date):
    a running title, not a new norm. The first occurrence stays the epígrafe. So is one of the
    same tipo (and year, where both read one) at a later page's top whose page goes on with the
    law (``_continues_law``): the law's own epígrafe as its pages' running head, its number
    written by hand and read differently on every page (aracaju-dec5360-2016: 'DECRETO N.º
    2.360', '... 2760', '... 5344' over 'Art. 10. O prazo ...', '§ 1º. A Administração ...');
    a gazette's next act opens with its ementa."""
    seen: set[tuple] = set()
    out: list[int] = []
    first: Epigrafe | None = None
    page_top = 0  # where the current page's lines start
    for k, r in enumerate(readings):
        if k == 0 or r.line.page_index != readings[k - 1].line.page_index:
            page_top = k
        epi = r.epigrafe
        if epi is None:
            continue
        key = (epi.tipo, epi.numero, epi.ano, epi.data)
        if key in seen or (
                first is not None and epi.tipo == first.tipo and (epi.ano is None or first.ano is None or epi.ano == first.ano)
                and r.line.page_index != readings[0].line.page_index and k - page_top < _HEAD_TOP
                and _continues_law(readings, k)):
            out.append(k)
        seen.add(key)
        first = first or epi
    return out


_HEAD_TOP = 5  # lines of a page above a running head (a folio, a letterhead's lines)


def _continues_law(readings: Sequence[Reading], k: int) -> bool:
    """Whether the two lines after the epígrafe at ``k`` go on with a law rather than open one:
    a parágrafo, an inciso, an alínea or an item, an article past the first, a sentence in lower
    case (an ementa, an enacting clause and a first article open with capitals), or the law's
    signatures (a name over a cargo: no act opens so)."""
    if any(is_signature_start([r.line.text for r in readings[at:at + 3]]) for at in (k + 1, k + 2)):
        return True  # (right under the heading, or under its date's line)
    after = k + 1
    if after < len(readings) and _DATE_TAIL.match(readings[after].line.text):
        after += 1  # the heading's own second line, its date ('DE 22 DE JUNHO DE 2016')
    for j, r in enumerate(readings[after:after + 2]):
        h = r.header
        if h is not None:
            if h.kind == "artigo":
                n = printed_number(r)
                return n is not None and n > 1
            return h.kind in ("paragrafo", "inciso", "alinea", "item")
        word = _FIRST_WORD.search(r.line.text) if not j else None
        if word is not None and word.group()[0].islower():
            return True  # (the first line only, its first word past a speck: an ementa wraps onto lines in
            # lower case, and a speck before it, 'j Autoriza a doação de imóvel.', opens none)
    return False


_FIRST_WORD = re.compile(r"[^\W\d_]{3,}")
_DATE_TAIL = re.compile(r"^\W{0,2}DE\b.{0,40}\b\d{4}\W{0,3}$")  # a heading's date on a line of its own
