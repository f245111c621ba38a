"""Page text: passages of real legal text, municipal-law scaffolding, wrapping.

Everything here is pure text: it produces *blocks* (a paragraph with a style)
and wraps blocks into printed lines given a width function.  The renderer
decides where the lines land on paper.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from bench.gen.hyphenation import SCANLAB, break_points
from bench.gen.words import MONTHS
from bench.gen.wrapping import SCANLAB_BREAKING
from bench.gen.wrapping import wrap as wrap_words
from pipeline.reading.numerals import ordinal_figure

CF88 = Path("/work/shared/real/cf88.txt")


# (municipality, state) pairs -- real municipalities, as letterheads print them.
TOWNS = [
    ("SÃO JOSÉ DO RIO PARDO", "SÃO PAULO"), ("ITAPECERICA DA SERRA", "SÃO PAULO"),
    ("CONCEIÇÃO DO MATO DENTRO", "MINAS GERAIS"), ("SÃO JOÃO DEL-REI", "MINAS GERAIS"),
    ("TRÊS CORAÇÕES", "MINAS GERAIS"), ("PATOS DE MINAS", "MINAS GERAIS"),
    ("CAMPO MOURÃO", "PARANÁ"), ("UNIÃO DA VITÓRIA", "PARANÁ"),
    ("SANTA CRUZ DO SUL", "RIO GRANDE DO SUL"), ("PASSO FUNDO", "RIO GRANDE DO SUL"),
    ("CAXIAS DO SUL", "RIO GRANDE DO SUL"), ("CRICIÚMA", "SANTA CATARINA"),
    ("JARAGUÁ DO SUL", "SANTA CATARINA"), ("FEIRA DE SANTANA", "BAHIA"),
    ("VITÓRIA DA CONQUISTA", "BAHIA"), ("JUAZEIRO DO NORTE", "CEARÁ"),
    ("SOBRAL", "CEARÁ"), ("CARUARU", "PERNAMBUCO"), ("GARANHUNS", "PERNAMBUCO"),
    ("CAMPINA GRANDE", "PARAÍBA"), ("MOSSORÓ", "RIO GRANDE DO NORTE"),
    ("IMPERATRIZ", "MARANHÃO"), ("PARNAÍBA", "PIAUÍ"), ("ANÁPOLIS", "GOIÁS"),
    ("RONDONÓPOLIS", "MATO GROSSO"), ("CORUMBÁ", "MATO GROSSO DO SUL"),
    ("SANTARÉM", "PARÁ"), ("CACHOEIRO DE ITAPEMIRIM", "ESPÍRITO SANTO"),
    ("NOVA FRIBURGO", "RIO DE JANEIRO"), ("PETRÓPOLIS", "RIO DE JANEIRO"),
    ("ARAPIRACA", "ALAGOAS"), ("ITABAIANA", "SERGIPE"), ("GURUPI", "TOCANTINS"),
]

FIRST = ["José", "João", "Antônio", "Francisco", "Sebastião", "Luiz", "Geraldo",
         "Benedito", "Joaquim", "Álvaro", "Otávio", "Maria", "Conceição", "Aparecida",
         "Hélio", "Osmar", "Valdemar", "Célio", "Ângelo", "Expedito"]
LAST = ["da Silva", "Pereira", "Gonçalves", "de Assunção", "Magalhães", "Conceição",
        "Guimarães", "Nogueira", "Brandão", "Araújo", "de Lima", "Junqueira",
        "Falcão", "Carvalho", "Tavares", "Simões", "Lourenço", "Vasconcelos"]
STREETS = ["Rua Coronel Joaquim Gonçalves", "Praça Dom Pedro II", "Rua XV de Novembro",
           "Avenida Getúlio Vargas", "Rua Marechal Deodoro", "Praça da Matriz"]

EMENTAS = [
    'Dispõe sobre a denominação de via pública como "Rua {name}" e dá outras providências.',
    "Autoriza o Poder Executivo a abrir crédito adicional especial no valor de Cr$ {money} e dá outras providências.",
    "Dispõe sobre o Código de Posturas do Município de {town_t} e dá outras providências.",
    "Institui o Plano Diretor de Desenvolvimento Urbano e dá outras providências.",
    "Dispõe sobre o Estatuto dos Servidores Públicos Municipais.",
    'Declara de utilidade pública a "Associação de Pais e Amigos dos Excepcionais - APAE" de {town_t}.',
    "Autoriza a doação de imóvel à Companhia de Habitação Popular – COHAB, e dá outras providências.",
    "Fixa os subsídios do Prefeito, do Vice-Prefeito e dos Vereadores para a legislatura seguinte.",
    "Dispõe sobre o parcelamento do solo urbano no Município e dá outras providências.",
    "Cria o Conselho Municipal de Saúde e dá outras providências.",
]
PREAMBLES = [
    "O PREFEITO MUNICIPAL DE {town}, Estado de {state_t}, no uso de suas atribuições legais, faz saber que a Câmara Municipal aprovou e ele sanciona e promulga a seguinte Lei:",
    "A CÂMARA MUNICIPAL DE {town} aprovou e eu, Prefeito Municipal, sanciono a seguinte Lei:",
    "O Prefeito Municipal de {town_t}, Estado de {state_t}, faço saber que a Câmara Municipal decretou e eu sanciono a seguinte Lei:",
]
CLOSERS = [
    "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.",
    "Revogam-se as disposições em contrário.",
    "Esta Lei entrará em vigor na data de sua publicação.",
]


def title_case(s: str) -> str:
    small = {"de", "da", "do", "das", "dos", "e", "del"}
    words = s.lower().split(" ")
    out = []
    for i, w in enumerate(words):
        if i and w in small:
            out.append(w)
        else:
            out.append("-".join(p[:1].upper() + p[1:] for p in w.split("-")))
    return " ".join(out)


@dataclass
class Block:
    text: str
    kind: str = "para"          # para | heading | center | ementa | sign | letterhead | right
    bold: bool = False
    space_before: float = 0.0   # in line heights
    keep: bool = False          # must appear (municipal frame)
    meta: dict = field(default_factory=dict)


@lru_cache(maxsize=1)
def cf88_lines() -> list[str]:
    lines = [ln.strip() for ln in CF88.read_text(encoding="utf-8").splitlines()]
    return [ln for ln in lines if ln][1:]      # drop the title line


_HEAD = re.compile(r"^(TÍTULO|CAPÍTULO|SEÇÃO|SUBSEÇÃO)\b")


def classify(line: str, prev_kind: str | None) -> Block:
    if _HEAD.match(line):
        return Block(line, "heading", bold=True, space_before=1.0)
    if line.isupper() and prev_kind == "heading":
        return Block(line, "heading", bold=True)
    if line.startswith("Art."):
        return Block(line, "para", space_before=0.5)
    return Block(line, "para")


def passage(rng, n_lines: int = 60) -> list[Block]:
    lines = cf88_lines()
    start = int(rng.integers(0, len(lines) - n_lines))
    # start at a provision boundary people would photocopy from: an article or heading
    while start > 0 and not (lines[start].startswith("Art.") or _HEAD.match(lines[start])):
        start -= 1
    blocks, prev = [], None
    for ln in lines[start:start + n_lines]:
        b = classify(ln, prev)
        prev = b.kind
        blocks.append(b)
    return blocks


def law_date(rng) -> tuple[int, int, int]:
    return int(rng.integers(1, 29)), int(rng.integers(1, 13)), int(rng.integers(1962, 2001))


def fmt_number(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def municipal_frame(rng) -> dict:
    """Letterhead, epígrafe, ementa, preamble ... fecho for a municipal law page."""
    town, state = TOWNS[int(rng.integers(len(TOWNS)))]
    d, m, y = law_date(rng)
    num = int(rng.integers(12, 2900))
    ordinal = "1º" if d == 1 else str(d)
    name = f"{FIRST[int(rng.integers(len(FIRST)))]} {LAST[int(rng.integers(len(LAST)))]}"
    mayor = f"{FIRST[int(rng.integers(len(FIRST)))]} {LAST[int(rng.integers(len(LAST)))]} {LAST[int(rng.integers(len(LAST)))]}"
    sec = f"{FIRST[int(rng.integers(len(FIRST)))]} {LAST[int(rng.integers(len(LAST)))]}"
    fill = dict(town=town, town_t=title_case(town), state_t=title_case(state), name=name,
                money=fmt_number(int(rng.integers(10, 900)) * 1000) + ",00")
    letter = [Block(f"PREFEITURA MUNICIPAL DE {town}", "letterhead", bold=True, keep=True),
              Block(f"ESTADO DE {state}" if rng.random() < 0.8 else f"Estado de {title_case(state)}",
                    "letterhead", keep=True)]
    if rng.random() < 0.4:
        letter.append(Block(f"{STREETS[int(rng.integers(len(STREETS)))]}, {int(rng.integers(10, 900))} – CEP "
                            f"{int(rng.integers(10, 99))}.{int(rng.integers(100, 999))}-000",
                            "letterhead", keep=True))
    kind = "LEI" if rng.random() < 0.85 else "LEI COMPLEMENTAR"
    epig = f"{kind} Nº {fmt_number(num)}, DE {ordinal} DE {MONTHS[m-1].upper()} DE {y}"
    head = [Block(epig, "center", bold=True, space_before=1.5, keep=True),
            Block(EMENTAS[int(rng.integers(len(EMENTAS)))].format(**fill), "ementa",
                  space_before=1.0, keep=True),
            Block(PREAMBLES[int(rng.integers(len(PREAMBLES)))].format(
                town=town, town_t=title_case(town), state_t=title_case(state)), "para",
                space_before=1.0, keep=True)]
    fd, fm = d, m
    fecho = [Block(CLOSERS[int(rng.integers(len(CLOSERS)))], "para", space_before=0.5, keep=True,
                   meta={"closer": True}),
             Block(f"Gabinete do Prefeito Municipal de {title_case(town)}, em {fd} de {MONTHS[fm-1]} de {y}.",
                   "para", space_before=1.0, keep=True, meta={"fecho": True}),
             Block(mayor.upper(), "sign", space_before=3.0, keep=True, meta={"signatory": True}),
             Block("Prefeito Municipal", "sign", keep=True)]
    if rng.random() < 0.35:
        fecho += [Block("Registrada e publicada nesta Secretaria, na data supra.", "para",
                        space_before=1.0, keep=True),
                  Block(sec.upper(), "sign", space_before=2.0, keep=True),
                  Block("Secretário Municipal de Administração", "sign", keep=True)]
    return dict(town=town, state=state, number=num, year=y, letterhead=letter, head=head,
                fecho=fecho, mayor=mayor)


def municipal_articles(rng, n: int) -> list[Block]:
    """Consecutive provisions from the constitution, renumbered as a small law."""
    src = [b for b in passage(rng, 80) if b.kind != "heading"]
    out, art = [], 0
    for b in src:
        t = b.text
        m = re.match(r"^Art\. \d+[º.]?\s*", t)
        if m:
            art += 1
            if art > n:
                break
            t = f"Art. {ordinal_figure(art)} " + t[m.end():]
        elif art == 0:
            continue
        out.append(Block(t, "para", space_before=0.5 if t.startswith("Art.") else 0.0))
    return out, art


# --------------------------------------------------------------------- wrapping

def hyphen_points(word: str) -> list[int]:
    """Rough Portuguese syllable breaks (positions to split before); trailing punctuation is
    not part of the word."""
    return break_points(word.rstrip(".,;:)"), SCANLAB)


def wrap(text: str, width, first_width=None, rng=None, p_hyphen: float = 0.5,
         justified: bool = False) -> list[str]:
    """Greedy wrap (bench/gen/wrapping.py, scanlab's recipe).  ``width(s)`` -> True if string s
    fits on a line (``first_width(s)`` on the first line, when given).

    A word that does not fit may be hyphenated (with probability p_hyphen, when an ``rng`` is
    given), else broken after its own hyphen when it is a compound.  Hyphen and line break stay
    in the output as printed.
    """
    breaking = dataclasses.replace(SCANLAB_BREAKING, p_break=p_hyphen if rng is not None else None)

    def fits(s: str, n: int) -> bool:
        return (first_width if n == 0 and first_width else width)(s)

    return [ln.printed for ln in wrap_words(text.split(), fits, breaking, rng)]
