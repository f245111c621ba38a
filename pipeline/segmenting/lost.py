"""What is left of a label OCR lost: the shapes a careful reader recognises a unit start by when
its label is a scrap, debris or gone (``pipeline.segmenting.decoder`` weighs them against the
sequence), and the signs around them (a sentence's end, a vetoed sibling, the final clauses).
Pure functions of a line's text (and of the law's vocabulary where it matters)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz import fuzz

from pipeline.cleaning import stop_words, without_end_dust
from pipeline.folding import fold_lower
from pipeline.reading.grammar import forms_of

TOKEN = re.compile(r"\S+")
NUMERAL_LIKE = set("IVXLCDMivxlcdm1|!tTHYWKJ[]")
# a one-letter word read as a figure or sign: 'O regulamento' as '0 E', 'Os' as '0s', 'A presente'
# as '4 presente', 'À Comissão' as '& Comissão'
ZERO_FOR_O = re.compile(r"[04&](?=\s+[^\W\d_])|0(?=[a-zà-ú])")
# A label OCR destroyed: a scrap of at most four characters (a separator after it allowed), then
# the unit's text ('Jo: Pesa ...' for 'III - cassação ...', ': - advertência' for 'I - advertência');
# or a speck before a scrap closed as a label is ('|. €) nas zonas centrais.' for 'c) nas ...')
# (the unit's text opens with a word, a quote, or a quantity: '- 1 (um) representante' for 'IV - 1 (um) ...')
_LOST_LABEL = re.compile(r"^(?P<scrap>\S{1,4}?(?:\s+\S{0,2}[).])?)(?:\s*[-–—:.=]{1,2})?\s+"
                         r"(?=[^\W\d_]|[\"“'‘(«]|\d{1,4}\s?\([^\W\d_])")


def vocabulary(texts: Sequence[str]) -> frozenset[str]:
    """The words a law uses more than once (lower case), once at least inside a line: what OCR
    made of a label recurs at line starts only ('ARES' for each 'ART. 2º -' of a typewriter)."""
    every: list[str] = []
    inside: set[str] = set()
    for t in texts:
        words = [w.lower() for w in _WORD.findall(t)]
        every.extend(words)
        inside.update(words[1:])
    counts = Counter(every)
    return frozenset(w for w, c in counts.items() if c >= 2 and w in inside)


_WORD = re.compile(r"[^\W\d_]{2,}")
# 'Os proprietários', 'A multa'; 'Os Casos omissos' (OCR raised a letter of the second word)
_SENTENCE = r"[A-ZÀ-Ú][a-zà-ú]*\s+(?:[a-zà-ú]|[A-ZÀ-Ú][a-zà-ú]+\s+[a-zà-ú])"
_SENTENCE_START = re.compile("^" + _SENTENCE)
_SCRAP_BEFORE_SENTENCE = re.compile(r"^(?P<scrap>(?:\S{1,4}\s+){1,3}?)(?=" + _SENTENCE + ")")


def lost_label_of_paragraph(text: str, opens: bool, closed: bool) -> int | None:
    """Where the label of an article OCR lost ends on a line that opens a paragraph: 0 for a
    capitalised sentence right at the start (``opens``: after a heading, or after a short closed
    line), the end of a scrap of one or two tokens that are no words before the sentence ('DEC IL
    O pedido de licença', after a closed line). None otherwise."""
    if opens and _SENTENCE_START.match(text):
        return 0
    m = _SCRAP_BEFORE_SENTENCE.match(text)
    if m is None or not closed:
        return None
    tokens = m.group("scrap").split()
    if all(_scrap_token(t) and t.lower().strip(".,;:") not in stop_words() for t in tokens):
        return m.end()
    return None

# a line that ends a sentence, dust after the mark allowed ('Viação..,', 'desta Lei. j'), a whole
# unit's text in parentheses ('Art. 6º (VETADO)', '(REVOGADO)'), or a quotation (issue 12:
# 'desta Lei.” (NR)', 'valores.» (AC)', 'previstas (NR)', 'estas. UNR)')
VETOED_END = re.compile(r"\(\s*VETAD[OA]\s*\)\W{0,2}$")
# (Only searched for whether a line closes. The lookahead lets the search skip the places where
# no match can start, letters and spaces: a match that starts with spaces before 'NR' has another
# that starts at the 'N'; without it every place of the line was tried against every branch.)
CLOSED = re.compile(r"(?=[.;:(\[{|UCNAV])"
                    r"(?:[.;:][^\w\s]{0,3}(?:\s+\S)?|\([A-ZÀ-Ú]{4,}\)[^\w\s]{0,3}"
                    r"|(?:\(|[\[{|]|(?<![^\W\d_])[UC]?)\s*(?:NR|AC|VETADO)\s*[)\]}][^\w\s]{0,3})\s*$")


def lost_article_end(text: str) -> int | None:
    """Where an article label OCR destroyed ends ('ARES GI C' of 'ARES GI C A fiscalização',
    'Ares Ii' of 'Ares Ii Os preços', 'CO Act. 18 -' of 'CO Act. 18 - São'), or None.

    The longest run of at most four scrap tokens (two characters or fewer, or up to six that
    are no lower-case or capitalised word: 'ARES', 'ArFEU', '20') after which a unit's text
    starts (a capital letter, a parenthesis or a quote), its first token beginning with the
    keyword's 'A' (the second, after dust of two characters); a stop word opens a sentence,
    never a scrap ('dias, ao Secretário' continues one)."""
    tokens = list(TOKEN.finditer(text[:48]))
    first = tokens[0].group() if tokens else ""
    # (a letter alone before the keyword's scrap is dust even where it spells a word: 'É ARE OD A
    # infração' for 'Art. 3º - A infração')
    dust = len(first) == 1 and len(tokens) > 1 and tokens[1].group()[:1] in _KEYWORD_A and tokens[1].group().isupper()
    if not tokens or tokens[0].start() > 2 or (first.lower() in stop_words() and not dust):
        return None
    # the keyword's 'A' opens the first token, or the second after a speck of dust ('CO Act.');
    # or, whatever is left of the keyword, the scrap ends with a label's dash ('NTE do - A
    # infração': 'Art. 4º -', its 'A' lost and its numeral read as letters)
    at = 0 if len(first) > 2 or len(tokens) < 2 else 1  # the keyword's token
    word = tokens[at].group()
    if word.lower() in stop_words():
        return None
    keyword = word[:1] in _KEYWORD_A and len(word) >= 2
    end = None
    for k, t in enumerate(tokens[:5]):
        word = t.group()
        if k > at and (word[:1].isupper() or word[:1] in "(\"“'‘«"):
            end = tokens[k - 1].end()  # the text may start here (not at the keyword: '. Art')
        if k == 4 or not (_scrap_token(word) or (k == at and word[:1] in "AÁÀÂÃ" and len(word) <= 5)):
            break  # ('Ares' opens the scrap: the keyword's 'A' read, the rest a word's shape)
    if end is not None and not keyword and not _DASH_END.search(text, 0, end):
        return None
    return end


# the keyword's 'A', an accent read over it ('ár. & - As despesas' for 'Art. 2º - As despesas',
# Lei1169-2014)
_KEYWORD_A = "AaÁáÀàÂâÃã"
_DASH_END = re.compile(r"\s[-–—]{1,3}$")  # a label's separator, spaced as typewriters spaced it


# the final clauses, each of which opens an article of its own (LC 95, arts. 8 and 9): the vigência
# clause ('Esta' with its first letter lost or misread: 'nsta Lei entra em vigor', 'Fsta Lei', or
# worn further on a typewritten page: 'Soto Lei entrará em vigor', parauapebas-17-1989) and,
# behind debris of its label, the revocation clause, capitalised as a sentence opens ('FATE SO -
# Ficam revogadas as disposições em contrário'; an inciso that revokes goes on in lower case: 'II -
# fica revogado'). A line that opens with the revocation clause itself may go on the vigência
# article's text ('... na data de sua publicação.' / 'Revogam-se as disposições em contrário.').
_VIGENCIA = re.compile(r"^[\"“'‘«(]?\s*(?:\S?st[ae]|\S{1,2}t[aeo])[.,]?\s+(?:Lei|Decreto|Resolu[çc][ãa]o|Portaria|Emenda)\b[^.;]{0,40}?"
                       r"\bentra(?:rá)?\s+em(?:\s+|\s?[^\W\d]\s?)vigor", re.I)  # ('emivigor': a speck fused the words)
_VIGENCIA_FORMS = ("esta lei entra em vigor", "esta lei entrara em vigor", "este decreto entra em vigor",
                   "esta resolucao entra em vigor")
_VIGENCIA_MIN = 90.0  # one or two characters damaged ('entra m vigor'); 'Esta Lei entra na' stays below
_REVOCATION_FORMS = ("revogam-se", "revoga-se", "ficam revogadas", "ficam revogados", "fica revogada",
                     "fica revogado")
_REVOCATION_MIN = 80.0  # similarity (rapidfuzz ratio) of the clause's first words to a form: OCR
# damage ('Revogant-se', 'Revoqam-se', 'Fica revogads') passes, other words ('Revogação da
# licença', 'Ficam isentos', 'Fica proibido') stay below 70
_QUOTE_OPEN = re.compile(r"^[\"“'‘«(]?\s*")


def final_clause_at(text: str, at: int, *, revocation: bool = False) -> bool:
    """Whether a final clause opens ``text`` at ``at``, after what is left of a label before it:
    the vigência clause, or (behind debris, or where the caller knows a label stood: ``revocation``)
    the revocation clause, its words matched fuzzily."""
    return bool(_vigencia(text[at:]) or ((at > 0 or revocation) and _revocation(text[at:])))


def _vigencia(text: str) -> bool:
    """Whether ``text`` opens with the vigência clause: the pattern, or its words matched fuzzily
    where OCR damaged one past it ('Esta Lei entra m vigor')."""
    return bool(_VIGENCIA.match(text)) or (
        _VIGOR.search(text, 0, 40) is not None and _opens_with(text, "Ee", _VIGENCIA_FORMS, 32, _VIGENCIA_MIN))


def _revocation(text: str) -> bool:
    """Whether ``text`` opens with the revocation clause, capitalised as a sentence opens."""
    return _opens_with(text, "RF", _REVOCATION_FORMS, 24, _REVOCATION_MIN)


def _opens_with(text: str, initials: str, forms: Sequence[str], reach: int, minimum: float) -> bool:
    """Whether ``text`` (a quote before it aside) opens with one of a clause's ``forms``, its first
    ``reach`` characters matched fuzzily (rapidfuzz ratio at least ``minimum``, a character more or
    less), its first letter one of ``initials``."""
    rest = _QUOTE_OPEN.sub("", text, count=1)
    if not rest or rest[0] not in initials:
        return False
    head = fold_lower(rest[:reach])
    return any(fuzz.ratio(head[:size], form) >= minimum
               for form in forms for size in (len(form) - 1, len(form), len(form) + 1))


_LABEL_WORDS = frozenset({"art", "arts", "artigo", "paragrafo", "par"})
_COMMON_ZIPF = 3.0  # a capitalised word at least this frequent in Portuguese opens a sentence


_VETOED_LINE = re.compile(r"^(?=\S)(?:\S{1,8}\s*){1,3}?(?P<veto>\(\s*VETAD[OA]\s*\)\W{0,2}$)")


def vetoed_debris_end(text: str) -> int | None:
    """Where the debris of a lost label ends on a line that holds nothing else but '(VETADO)'
    ('Beto dib= (VETADO)' for 'Art. 11 - (VETADO)'): a vetoed unit's text is the veto alone, so
    what stands before it, up to three scraps, is its label. None for other lines."""
    m = _VETOED_LINE.match(text)
    return m.start("veto") if m is not None else None


def word_shaped(token: str) -> bool:
    """Whether ``token`` has a shape words are printed in: lower case, capitals, or capitalised.
    'PArte' and 'dE' are scraps whatever their letters spell ('Parte' and 'de' are stop words)."""
    return token.islower() or token.isupper() or token.istitle()


def label_debris_end(text: str, words: frozenset[str], *, member: bool = False, opening: bool = False) -> int | None:
    """Where the debris of a lost label ends at the start of ``text`` ('PN aq sp = E Compete' ->
    before 'E'; 'nom rc A matrícula' -> before 'A'; 'RT. 40. Nenhum' -> before 'Nenhum'), or None
    when the line opens with a word (nothing of a label is left to see, or it is running text).

    Up to five tokens are debris while none is a word the sentence could start with: a stop word,
    a word the law uses twice (``words``, label keywords aside), a lower-case word of four letters
    or more, or a capitalised one common in Portuguese (wordfreq). Where a list's ``member`` opens
    (the line above closed a sibling with ';'), a capitalised word right before one in lower case is
    debris however common: the sentence goes on in lower case after a ';' and a member's text opens
    so ('Paige apreensão do recipiente;' for 'III - apreensão'); a name the law uses twice is a word.
    Where the line ``opening`` a sentence (after a closed one) holds the label, the sentence opens with
    a capital and goes on in words: short words in lower case after the first token, right before the
    capitalised stop word the sentence opens with, are debris ('SE de e A autorização' for '§ 2º - A
    autorização'; not 'da' of '3º da Lei nº 1.980', a citation's words), and so is a first word,
    however common, before a scrap of letters no word is: capitalised ('Bud on é pessoal' for '§ 2º -
    A matrícula é pessoal') or in capitals (:func:`_caps_then_scrap`). Where no sentence opens so
    within reach, the line is read as any other line is."""
    tokens = list(TOKEN.finditer(text[:48]))
    for k, t in enumerate(tokens[:6]):
        core = _core(t)
        word = _word_at(tokens, k, words, member, opening) and not (opening and (
            (k and _short_lower(core) and _article_after(tokens, k))
            or (not k and core.istitle() and core.lower() not in stop_words() and k + 1 < len(tokens)
                and _core(tokens[k + 1]).isalpha() and not _word_at(tokens, k + 1, words, member, opening))))
        if word or (k and ZERO_FOR_O.match(text, t.start()) and t.end() - t.start() == 1):
            # (a '0' before a word is the sentence's 'O' read as a digit: 'BRR 7.º: 0 pedido')
            return t.start() if k else None
        if k == 5:
            break
    # (a line where no sentence opens under those rules within reach is read as any line is: 'CcONFERE
    # com o', a stamp where the label stood, its words running on to the next line)
    return label_debris_end(text, words, member=member) if opening else None


def _short_lower(core: str) -> bool:
    """A word of up to three letters in lower case ('de', 'e', 'so')."""
    return core.isalpha() and core.islower() and len(core) <= 3


def _article_after(tokens: Sequence[re.Match[str]], k: int) -> bool:
    """Whether the short words in lower case from token ``k`` on run up to a capitalised stop word
    that opens a sentence ('de e A autorização'; not 'da Lei nº', a citation's words)."""
    for t in tokens[k + 1:6]:
        core = _core(t)
        if not _short_lower(core):
            return core.istitle() and core.lower() in stop_words()
    return False


def _core(token: re.Match[str]) -> str:
    """A token without the marks around it; of a verb and its clitic pronoun, the verb ('Excetuam-se')."""
    core = token.group().strip(".,:;-–—_|'\"“”‘’«»()*=~!")
    head, hyphen, tail = core.partition("-")
    return head if hyphen and head.isalpha() and tail.isalpha() and tail.islower() and len(tail) <= 4 else core


def _word_at(tokens: Sequence[re.Match[str]], k: int, words: frozenset[str], member: bool, opening: bool) -> bool:
    """Whether token ``k`` is a word a sentence could start with (see :func:`label_debris_end`)."""
    core = _core(tokens[k])
    low = core.lower()
    return core.isalpha() and fold_lower(low) not in _LABEL_WORDS and word_shaped(core) \
        and not (opening and _caps_then_scrap(core, tokens, k)) and (
            low in stop_words() or low in words
            or (core.islower() and len(core) >= 4)
            or (len(core) >= 3 and core[0].isupper() and core[1:].islower() and common_word(low)
                and not _opens_after(tokens, k) and not (member and k == 0 and _lower_after(tokens, k))))


def _caps_then_scrap(core: str, tokens: Sequence[re.Match[str]], k: int) -> bool:
    """Whether ``core``, a word of two letters or more in capitals, opens the line before a token
    that is neither in capitals nor a word in lower case ('SE so — O prazo', 'SE 20. O' for '§ 3º —
    O prazo', '§ 2º. O'): a sentence printed in capitals goes on in capitals, one that opens with
    the word goes on in words; a scrap after it makes it a label's debris too."""
    if k or len(core) < 2 or not core.isupper() or k + 1 >= len(tokens):
        return False
    nxt = _core(tokens[k + 1])
    return not (nxt.isupper() or (nxt.isalpha() and nxt.islower() and len(nxt) >= 3))


def _lower_after(tokens: Sequence[re.Match[str]], k: int) -> bool:
    """Whether the token after token ``k`` is a word in lower case, no mark between them."""
    if k + 1 >= len(tokens) or tokens[k].group()[-1:] in ".,:;!?":
        return False
    nxt = tokens[k + 1].group()
    return nxt.isalpha() and nxt.islower() and len(nxt) >= 3


def _opens_after(tokens: Sequence[re.Match[str]], k: int) -> bool:
    """Whether a sentence opens right after token ``k``: the next token is a stop word in capitals
    with no mark between them ('Size O regulamento'). No sentence goes on so ('... O'), so the
    capitalised word before it is no sentence's first word, however common: a label's debris."""
    if k + 1 >= len(tokens) or tokens[k].group()[-1:] in ".:;!?":
        return False
    nxt = tokens[k + 1].group()
    return nxt[:1].isupper() and (len(nxt) == 1 or nxt[1:].islower()) and nxt.lower() in stop_words()


@lru_cache(maxsize=4096)
def common_word(word: str) -> bool:
    """Whether ``word`` (lower case) is a common Portuguese word (wordfreq)."""
    from pipeline.correction import base_lexicon, zipf  # wordfreq's list, read once per process

    return zipf(base_lexicon().frequency(word)) >= _COMMON_ZIPF


def _scrap_token(word: str) -> bool:
    if len(word) <= 2:
        return True
    if len(word) > 6:
        return False
    letters = word.isalpha()
    return not (letters and (word.islower() or (word[0].isupper() and word[1:].islower())))


def lost_label_end(text: str, words: frozenset[str] = frozenset(), *, first: bool = False) -> int | None:
    """Where a label lost to OCR ends on a line that starts with a scrap no word is, or None
    ('Jo: Pesa ...' -> 3; 'e 1,00 m', 'do Centro' and 'ZONA' are words). The ``first`` of a
    level has no sibling to agree with: only a scrap of separators or numeral-like strokes
    (': -', 'l.') can be its label. A scrap of word shape in capitals or mixed case ('Eye', 'UBE'),
    or of three letters in lower case ('fre' of 'III -'), is a word only when the law uses it
    elsewhere (``words``: its vocabulary, each seen twice); a longer one in lower case is a word:
    a sentence continued after ';' goes on in lower case."""
    m = _LOST_LABEL.match(text)
    if m is None:
        return None
    core = m.group("scrap").strip(".,:;-–—()[]|'\"*")
    dashed = bool(re.search(r"[-–—]", text[len(m.group("scrap")):m.end()]))
    # (a stop word in capitals before a word in lower case, 'Eu cumprir os horários': after a
    # sibling closed with ';' the sentence goes on in lower case, no word of it opens with a
    # capital; a capital there opens the next unit, its label's scrap read as a word)
    opened = core[:1].isupper() and core[1:].islower() and text[m.end():m.end() + 1].islower()
    # (a shape no word is printed in, 'dE', is a scrap whatever its letters spell)
    mixed = not word_shaped(core)
    if core and ((core.lower() in stop_words() and not dashed and not opened and not mixed) or (
            core.isalpha() and len(core) >= 3 and any(c in "aeiouáéíóúâêôãõAEIOUÁÉÍÓÚÂÊÔÃÕ" for c in core)
            and not set(core) <= NUMERAL_LIKE and (core.lower() in words or (core.islower() and len(core) > 3)))):
        return None
    if first and not set(core) <= NUMERAL_LIKE and not (len(core) <= 2 and mixed):
        return None  # (or two letters in mixed case, a shape no word has: 'dE comunicar' for 'I - comunicar')
    return m.end()


@lru_cache(maxsize=4096)
def lost_separator(kind: str, scrap: str) -> float:
    """What a lost label's scrap says of its kind: the cheapest form of ``kind`` whose separator
    (' -', ')', '.') survives in the scrap costs its form cost, one whose separator is lost 1 more
    (': -' is an inciso's 'I -' rather than an alínea's 'a)')."""
    return min(form.cost + (0.0 if sep in scrap else 1.0)
               for form in forms_of(kind) if not form.unico
               for sep in [form.template.rsplit("}", 1)[-1].strip()])


_SCRAP_START = re.compile(
    r"^[\W_]{0,2}(?P<tok>[^\s]{2,6})\s+(?P<next>[A-ZÀ-Ú][a-zà-ú]+|[A-ZÀ-Ú]\s+[a-zà-ú]{3,}|\([A-ZÀ-Ú]{4,}\))")


def scrap_label(text: str, prev_text: str) -> bool:
    """A line that starts with a scrap no word is ('SIDO', 'q.', 'AFEAL.') followed by a
    capitalised sentence (or a whole text in parentheses: 'S:30-= (VETADO)'), right after a
    sentence's end: the shape of a unit whose label OCR lost."""
    if not CLOSED.search(prev_text):
        return False
    m = _SCRAP_START.match(text)
    if m is None:
        return False
    tok = m.group("tok").strip(".,:;-–—")
    if tok.lower() in stop_words():
        # a stop word, then a capitalised scrap no word is, then the sentence ('Se Zoro A
        # regulamentação' for '§ 2º - A regulamentação'): 'Se' opens sentences, not before that
        second = _SCRAP_START.match(text[m.start("next"):])
        core = m.group("next")
        return second is not None and core.isalpha() and len(core) <= 6 and not common_word(core.lower())
    if not tok or (tok.isalpha() and tok[0].isupper() and tok[1:].islower()):
        return False  # a word ('Os', 'Fica', 'Nenhum') starts a sentence
    return not (tok.isalpha() and tok.islower() and len(tok) >= 3)


# a numeral with its ordinal sign ('3.º', '3º', '3o') at a line's start, after at most a scrap
# of four characters (what OCR left of a keyword: 'S-"3.º' for '§ 3.º')
_ORDINAL_START = re.compile(r"^\S{0,4}?\s?(?P<num>[1-9]\d{0,2})\s?\.?\s?(?:[º°ª]|o\b)")


def ordinal_start(text: str, numbers: Sequence[int], prev_text: str) -> int | None:
    """The numeral of a line that opens, after a sentence's end, with one of ``numbers`` (the next
    article's or parágrafo's) and its ordinal sign (else None): a unit's numeral whose keyword and
    separator OCR wrecked ('S-"3.º +08 valores' for '§ 3.º :- Os valores'), though nothing reads
    as a label. Specks after the sentence's mark ('dos. ! f') do not keep it open."""
    if not CLOSED.search(without_end_dust(prev_text)):
        return None
    m = _ORDINAL_START.match(text)
    return int(m.group("num")) if m is not None and int(m.group("num")) in numbers else None


# a list label closed by ')' behind one letter of dust ('A Tl) ndo ceder' for 'II) não ceder')
_LABEL_BEHIND_LETTER = re.compile(r"^\W{0,2}[^\W\d_]\s+(?:[IVXLTl1|]{1,5}|[a-z])\)\s+\S")


def label_behind_letter(text: str, prev_text: str) -> bool:
    """A line that opens, after a clause's end, with one letter and then a list label closed by
    ')' ('A Tl) ndo ceder'): a sibling whose label a speck before it hid from the readers."""
    return bool(CLOSED.search(without_end_dust(prev_text)) and _LABEL_BEHIND_LETTER.match(text))


def reads_as_text(rest: str, words: frozenset[str]) -> bool:
    """Whether the text after a label reads as a unit's text: a word the law uses (``words``),
    a common Portuguese word of four letters or more in lower case, '(VETADO)', or no letters
    at all (figures: '50,00;'). 'Des g- BAs 20', 'Zoe EL.', 'a e Fa! MA' are stamps and specks."""
    head = rest[:80]
    if not any(c.isalpha() for c in head) or _VETOED.search(head):
        return True
    return any(w.lower() in words or (w.islower() and len(w) >= 4 and common_word(w))
               for w in WORD3.findall(head))


WORD3 = re.compile(r"[^\W\d_]{3,}")  # a run of three letters or more
_VETOED = re.compile(r"VETAD[OA]", re.I)


def final_clause_after_label(text: str) -> int | None:
    """Where a final clause starts behind what is left of its label, up to four tokens ('3º -
    Esta Lei entra em vigor', 'o, 82) Soto Lei entrará em vigor'), or None; 0 when the line opens
    with it."""
    vigor = _VIGOR.search(text) is not None  # (no vigência clause anywhere without its 'vigor')
    for t in list(TOKEN.finditer(text[:48]))[:5]:
        at = t.start()
        if vigor and _vigencia(text[at:]):
            return at
        if at > 0 and text[at] in _REVOCATION_OPENS and _revocation(text[at:]):
            return at
    return None


_VIGOR = re.compile(r"vigor", re.I)
_REVOCATION_OPENS = frozenset("RF\"“'‘«(")  # what a revocation clause opens with, a quote before it
