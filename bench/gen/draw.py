"""Draw invented municipal law books from a seed: the laws of a set nobody has seen.

`draw_set(seed, n, knobs)` returns n books `(cfg, laws)` in the `.law` shape (source.py): a
target law of 1962-1999 from a real municipality, in one municipal typewritten style (label
forms such as 'Art. 5º -', 'ARTIGO 5º:-', 'Artigo 5o.', '§ 2º:-', 'PARÁGRAFO ÚNICO:-',
'II -', 'b) -', '3.'), with agrupadores (two-line or one-line CAPÍTULO, roman headings without
the word, TÍTULO > CAPÍTULO, SEÇÃO), incisos, alíneas, itens, tables, VETADO provisions, a fecho
and signatures; the end of the previous law and the start of the next on the shared pages; a
page layout (letterhead, book-page stamps), damage knobs, and sometimes pages scanned out of
order or twice. Everything comes from `random.Random(seed)`: one seed, one set.
Editing the banks or the order of the draws below changes what every seed draws: the drawn sets
(bench/sets/tune.json, report.json) were drawn by this file as of the commit that added them;
check `python -m bench.gen build report --mode gold` against the documents after any change.
"""
import copy
import random

from bench.gen.words import MONTHS, cardinal, date_figures, date_words
from pipeline.metadata import state_name
from pipeline.reading.numerals import int_to_roman

# Knobs of a drawn set (bench/sets/<name>.json "knobs" overrides any of them).
KNOBS = {
    "arts": [6, 20],            # articles of the target
    "p_groups": 0.55,           # the target has agrupadores
    "p_titulos": 0.12,          # ... TÍTULO above CAPÍTULO
    "p_secoes": 0.15,           # ... a CAPÍTULO split in SEÇÕES
    "p_par": 0.3,               # an article has parágrafos
    "p_incisos": 0.3,           # an article enumerates incisos
    "p_alineas": 0.2,           # an article (or an inciso) enumerates alíneas
    "p_itens": 0.25,            # an alínea enumerates itens
    "p_vetado": 0.04,           # a provision is VETADO
    "p_table": 0.15,            # the law has a table of values
    "p_prev": 0.8,              # the end of the previous law is on the first page
    "p_next": 0.7,              # the start of the next law is on the last page
    "p_shuffle": 0.2,           # two scanned pages swapped
    "p_dup": 0.08,              # one page scanned twice
    "p_formfeed": 0.5,          # pages separated by form feeds in the text
    "p_pstamp": 0.35,           # a book-page stamp in the margin
    "p_rubber": 0.15,           # a rubber stamp on a page
    "p_hand": 0.25,             # pen marks on a page
    "damage": [0.15, 0.7],      # range of the scan damage (0 clean .. 1 heavy)
    "years": [1962, 1999],
}

PLACES = [  # (municipality, UF); none of the seeds' or qa sets' municipalities
    ("Araraquara", "SP"), ("Botucatu", "SP"), ("Itapetininga", "SP"), ("Lins", "SP"),
    ("Mococa", "SP"), ("Avaré", "SP"), ("Penápolis", "SP"), ("Tupã", "SP"), ("Olímpia", "SP"),
    ("Barbacena", "MG"), ("Patos de Minas", "MG"), ("Ituiutaba", "MG"), ("Lavras", "MG"),
    ("Curvelo", "MG"), ("Muriaé", "MG"), ("Teófilo Otoni", "MG"), ("Araxá", "MG"),
    ("Guarapuava", "PR"), ("Apucarana", "PR"), ("Campo Mourão", "PR"), ("Paranavaí", "PR"),
    ("Umuarama", "PR"), ("Cruz Alta", "RS"), ("Alegrete", "RS"), ("Erechim", "RS"),
    ("Vacaria", "RS"), ("Santa Rosa", "RS"), ("Camaquã", "RS"), ("Lages", "SC"),
    ("Caçador", "SC"), ("Concórdia", "SC"), ("Tubarão", "SC"), ("Rio do Sul", "SC"),
    ("Jequié", "BA"), ("Alagoinhas", "BA"), ("Barreiras", "BA"), ("Juazeiro", "BA"),
    ("Caruaru", "PE"), ("Garanhuns", "PE"), ("Arcoverde", "PE"), ("Crato", "CE"),
    ("Iguatu", "CE"), ("Quixadá", "CE"), ("Parnaíba", "PI"), ("Picos", "PI"),
    ("Caxias", "MA"), ("Codó", "MA"), ("Mossoró", "RN"), ("Caicó", "RN"), ("Patos", "PB"),
    ("Sousa", "PB"), ("Arapiraca", "AL"), ("Lagarto", "SE"), ("Anápolis", "GO"),
    ("Rio Verde", "GO"), ("Jataí", "GO"), ("Corumbá", "MS"), ("Três Lagoas", "MS"),
    ("Rondonópolis", "MT"), ("Cáceres", "MT"), ("Colatina", "ES"), ("Linhares", "ES"),
    ("Resende", "RJ"), ("Itaperuna", "RJ"), ("Nova Friburgo", "RJ"), ("Marabá", "PA"),
    ("Castanhal", "PA"), ("Parintins", "AM"), ("Gurupi", "TO"), ("Ji-Paraná", "RO"),
]
FIRST = ["JOSÉ", "ANTÔNIO", "JOÃO", "FRANCISCO", "CARLOS", "PAULO", "PEDRO", "LUIZ", "MARCOS",
         "LUÍS", "GERALDO", "SEBASTIÃO", "MANOEL", "ADEMAR", "OSVALDO", "WALDEMAR", "NELSON",
         "MARIA", "ANA", "TEREZINHA", "LÚCIA", "HELENA", "APARECIDA", "DIRCEU", "ARLINDO",
         "ORLANDO", "EDSON", "JAIR", "RUBENS", "HÉLIO", "ODETE", "NEUSA", "VALDIR", "IVO"]
LAST = ["SILVA", "SANTOS", "OLIVEIRA", "SOUZA", "PEREIRA", "COSTA", "RODRIGUES", "ALMEIDA",
        "NASCIMENTO", "LIMA", "ARAÚJO", "FERNANDES", "CARVALHO", "GOMES", "MARTINS", "ROCHA",
        "RIBEIRO", "ALVES", "MONTEIRO", "MENDES", "BARROS", "FREITAS", "BARBOSA", "PINTO",
        "MOURA", "CAVALCANTI", "DIAS", "CASTRO", "CAMPOS", "CARDOSO", "TEIXEIRA", "VIEIRA",
        "MACHADO", "BORGES", "AZEVEDO", "QUEIROZ", "PRADO", "FONSECA", "GUIMARÃES", "BRANDÃO"]

# Subjects of a target law: ementa object, the activity, who does it, the licence, the organ.
TOPICS = [
    {"ementa": "o comércio ambulante", "act": "o exercício do comércio ambulante",
     "who": "ambulante", "whos": "ambulantes", "lic": "licença", "thing": "a banca",
     "organ": "Secretaria Municipal da Fazenda", "places": "nas vias e logradouros públicos"},
    {"ementa": "as feiras livres", "act": "o funcionamento das feiras livres",
     "who": "feirante", "whos": "feirantes", "lic": "matrícula", "thing": "a barraca",
     "organ": "Secretaria Municipal de Abastecimento", "places": "nos locais designados"},
    {"ementa": "o serviço de transporte escolar", "act": "o transporte de escolares",
     "who": "permissionário", "whos": "permissionários", "lic": "autorização",
     "thing": "o veículo", "organ": "Secretaria Municipal de Educação",
     "places": "no território do Município"},
    {"ementa": "os cemitérios municipais", "act": "a administração dos cemitérios",
     "who": "concessionário", "whos": "concessionários", "lic": "concessão",
     "thing": "a sepultura", "organ": "Secretaria Municipal de Serviços Urbanos",
     "places": "nos cemitérios públicos"},
    {"ementa": "a limpeza pública e a coleta de lixo", "act": "a coleta do lixo domiciliar",
     "who": "munícipe", "whos": "munícipes", "lic": "inscrição", "thing": "o recipiente",
     "organ": "Departamento de Limpeza Pública", "places": "nas zonas urbana e suburbana"},
    {"ementa": "o serviço de táxi", "act": "a exploração do serviço de táxi",
     "who": "motorista", "whos": "motoristas", "lic": "licença de tráfego", "thing": "o veículo",
     "organ": "Divisão Municipal de Trânsito", "places": "nos pontos de estacionamento"},
    {"ementa": "a arborização urbana", "act": "o plantio e a poda de árvores",
     "who": "proprietário", "whos": "proprietários", "lic": "autorização",
     "thing": "a árvore", "organ": "Secretaria Municipal de Agricultura",
     "places": "nos passeios públicos"},
    {"ementa": "o uso do Mercado Municipal", "act": "a ocupação dos boxes do Mercado Municipal",
     "who": "locatário", "whos": "locatários", "lic": "permissão de uso", "thing": "o box",
     "organ": "Administração do Mercado", "places": "no Mercado Municipal"},
    {"ementa": "a publicidade ao ar livre", "act": "a exploração dos meios de publicidade",
     "who": "anunciante", "whos": "anunciantes", "lic": "licença", "thing": "o anúncio",
     "organ": "Secretaria Municipal de Obras", "places": "nas vias e logradouros públicos"},
    {"ementa": "o abate de animais e a inspeção de carnes", "act": "o abate de animais",
     "who": "marchante", "whos": "marchantes", "lic": "inscrição sanitária", "thing": "o animal",
     "organ": "Serviço de Inspeção Municipal", "places": "no Matadouro Municipal"},
    {"ementa": "a construção de muros e passeios", "act": "a construção de muros e passeios",
     "who": "proprietário", "whos": "proprietários", "lic": "licença de obras", "thing": "o passeio",
     "organ": "Secretaria Municipal de Obras e Viação", "places": "nos terrenos urbanos"},
    {"ementa": "o horário do comércio", "act": "a abertura e o fechamento do comércio",
     "who": "comerciante", "whos": "comerciantes", "lic": "licença especial",
     "thing": "o estabelecimento", "organ": "Secretaria Municipal da Fazenda",
     "places": "na sede do Município"},
    {"ementa": "a criação de animais na zona urbana", "act": "a criação de animais",
     "who": "criador", "whos": "criadores", "lic": "autorização", "thing": "o animal",
     "organ": "Serviço Municipal de Saúde", "places": "no perímetro urbano"},
    {"ementa": "o loteamento de terrenos urbanos", "act": "o parcelamento do solo urbano",
     "who": "loteador", "whos": "loteadores", "lic": "aprovação", "thing": "o lote",
     "organ": "Departamento Municipal de Obras", "places": "na zona urbana e de expansão"},
]
COUNCILS = ["Desportos", "Educação", "Saúde", "Turismo", "Cultura", "Defesa do Meio Ambiente",
            "Defesa Civil", "Trânsito", "Assistência Social", "Agricultura", "Habitação",
            "Entorpecentes"]
BODIES = ["da Câmara Municipal", "da Secretaria Municipal de Educação", "do Poder Executivo",
          "das associações de moradores", "dos clubes de serviço", "da Ordem dos Advogados",
          "das entidades de classe", "do Sindicato Rural", "da Associação Comercial",
          "das escolas estaduais", "dos clubes esportivos", "da Paróquia local",
          "do Rotary Clube", "da Loja Maçônica", "do Lions Clube", "dos servidores municipais"]
DOCS = ["carteira de identidade", "prova de residência no Município", "atestado de saúde",
        "certidão negativa de débitos para com a Fazenda Municipal", "duas fotografias 3x4",
        "atestado de antecedentes", "título de eleitor", "comprovante de inscrição no INPS",
        "planta do local, em duas vias", "memorial descritivo", "certificado de vistoria",
        "prova de quitação do serviço militar", "carteira de saúde"]
DUTIES = ["manter em perfeito estado de conservação e limpeza {thing}",
          "tratar com urbanidade o público e os agentes da fiscalização",
          "exibir a {lic} sempre que solicitada", "cumprir os horários fixados pela Prefeitura",
          "não ceder nem transferir a terceiros a {lic}", "recolher os tributos nos prazos devidos",
          "comunicar à Prefeitura qualquer mudança de endereço",
          "observar as normas de higiene e segurança", "afixar em lugar visível a tabela de preços",
          "não perturbar o sossego público", "usar uniforme e crachá de identificação"]
PENALTIES = ["advertência por escrito", "multa de {a} ({aw}) a {b} ({bw}) {unit}",
             "apreensão d{thing_art} e das mercadorias", "suspensão da {lic} por até {d} ({dw}) dias",
             "cassação da {lic}"]
PARAGRAPHS = [
    "Na reincidência a multa será aplicada em dobro.",
    "O prazo de que trata este artigo poderá ser prorrogado uma única vez, por igual período.",
    "A {lic} é pessoal e intransferível e será renovada anualmente.",
    "Da decisão caberá recurso ao Prefeito, no prazo de {d} ({dw}) dias, contados da notificação.",
    "Os valores serão atualizados anualmente por decreto do Executivo.",
    "Excetuam-se do disposto neste artigo os casos de força maior, a juízo da {organ}.",
    "O regulamento disporá sobre os demais requisitos exigidos.",
    "A infração será apurada em processo administrativo, assegurada a defesa do interessado.",
    "Ficam isentos da taxa os portadores de deficiência física e os maiores de sessenta anos.",
    "A relação dos {whos} inscritos será publicada no mês de janeiro de cada ano.",
]
GENERIC_ARTS = [
    "Compete à {organ} a fiscalização do cumprimento desta Lei.",
    "A {lic} será requerida ao Prefeito Municipal pelo interessado e terá validade de {d} ({dw}) meses.",
    "Nenhum {who} poderá exercer a atividade sem a prévia {lic} da Prefeitura.",
    "É vedado ao {who} utilizar {thing} para fim diverso do autorizado.",
    "Os {whos} já estabelecidos terão o prazo de {d} ({dw}) dias para se adaptarem às disposições desta Lei.",
    "A Prefeitura manterá cadastro atualizado dos {whos}, do qual constarão o nome, o endereço e o número da {lic}.",
    "O pedido de renovação da {lic} será apresentado até trinta dias antes do seu vencimento.",
    "As infrações a esta Lei serão apuradas mediante auto lavrado pelo agente fiscal, com a assinatura do infrator ou de duas testemunhas.",
    "A Prefeitura poderá, a qualquer tempo, revogar a {lic} quando o interesse público o exigir.",
    "Fica proibido {act} {places} fora dos horários fixados em decreto do Executivo.",
    "O {who} responderá pelos danos que causar a terceiros ou ao patrimônio municipal.",
    "Os preços públicos devidos pela {lic} serão recolhidos à Tesouraria da Prefeitura até o dia {d} de cada mês.",
    "A fiscalização poderá requisitar o auxílio da força policial, quando necessário.",
    "Os casos omissos serão resolvidos pelo Prefeito Municipal, ouvida a {organ}.",
]
CHAPTERS = ["DAS DISPOSIÇÕES PRELIMINARES", "DA {LIC}", "DO CADASTRO", "DAS OBRIGAÇÕES",
            "DA FISCALIZAÇÃO", "DAS INFRAÇÕES E PENALIDADES", "DOS PREÇOS PÚBLICOS",
            "DO PROCEDIMENTO", "DOS RECURSOS", "DAS PROIBIÇÕES", "DISPOSIÇÕES GERAIS",
            "DAS DISPOSIÇÕES FINAIS"]
ART_FORMS = [("Art. ", " -"), ("ARTIGO ", ":-"), ("Artigo ", " -"), ("Art. ", "."),
             ("ART. ", " -"), ("Art. ", " -"), ("ARTIGO ", " -"), ("Art ", " -"), ("Artigo ", "."),
             ("Art. ", ".-"), ("ARTIGO ", " :-"), ("ART. ", ".")]
ORD_SIGNS = ["º", "º", "º", "o", ".º"]
UNICO = ["Parágrafo único -", "PARÁGRAFO ÚNICO:-", "Parágrafo Único -", "Parágrafo único.",
         "PARÁGRAFO ÚNICO -", "Parágrafo único:"]
INC_FORMS = ["{} -", "{} -", "{} –", "{})", "{}."]
ALI_FORMS = ["{})", "{}) -", "{} -", "{})"]
ITE_FORMS = ["{}.", "{})", "{} -"]
NEIGHBOUR_LAWS = [
    ("Denomina logradouro público.", "denomina a Rua {k}",
     ["Fica denominada Rua {name} a atual Rua {k} do Bairro {b}.",
      "A Prefeitura providenciará a colocação das placas indicativas."]),
    ("Autoriza a doação de imóvel.", "autoriza doação de imóvel",
     ["Fica o Poder Executivo autorizado a doar à {ent} o lote nº {k} da quadra {q}, com área de {a},00 m2.",
      "O imóvel reverterá ao patrimônio do Município se não lhe for dada a destinação prevista no prazo de dois anos."]),
    ("Declara de utilidade pública a entidade que menciona.", "declara de utilidade pública",
     ["Fica declarada de utilidade pública a {ent}, com sede nesta cidade.",
      "A entidade apresentará anualmente à Câmara o relatório de suas atividades."]),
    ("Autoriza a abertura de crédito especial.", "crédito especial",
     ["Fica o Poder Executivo autorizado a abrir crédito especial no valor de Cr$ {k}.000,00 ({kw} mil cruzeiros).",
      "O crédito será coberto com recursos provenientes do excesso de arrecadação do exercício."]),
]
ENTITIES = ["Associação de Pais e Amigos dos Excepcionais", "Sociedade São Vicente de Paulo",
            "Associação Comercial e Industrial", "Casa da Criança", "Liga Esportiva Municipal",
            "Associação dos Aposentados", "Escola de Samba Unidos da Vila", "Lar dos Velhos"]


def upper_first(t: str) -> str:
    return t[:1].upper() + t[1:]


# What every drawn law says of itself, whoever draws it (this file's books, bench/amend's
# amending laws): the formulas with {CITY}/{city}/{state} slots, the number and date as printed,
# the upstream record and the gold's norm block.
PREAMBLES = {
    "camara": "A CÂMARA MUNICIPAL DE {CITY}, Estado de {state}, aprovou e o seu Presidente, no uso de "
              "suas atribuições legais, promulga a seguinte Lei:",
    "prefeito_faco": "O PREFEITO MUNICIPAL DE {CITY}, Estado de {state}, faço saber que a Câmara "
                     "Municipal aprovou e eu sanciono a seguinte Lei:",
    "camara_sanciono": "A Câmara Municipal de {city} aprovou e eu, Prefeito Municipal, sanciono a "
                       "seguinte Lei:",
    "prefeito_decretou": "O Prefeito Municipal de {city}, no uso de suas atribuições, faz saber que a "
                         "Câmara Municipal decretou e ele sanciona a seguinte Lei:",
    "prefeito_faz": "O PREFEITO MUNICIPAL DE {CITY}, Estado de {state}, faz saber que a Câmara "
                    "Municipal aprovou e eu sanciono a seguinte Lei:",
}


def preamble_text(form: str, city: str, uf: str) -> str:
    """A preâmbulo of PREAMBLES for `city`."""
    return PREAMBLES[form].format(CITY=city.upper(), city=city, state=state_name(uf))


def printed_number(n: int) -> str:
    """A law's number as printed: '1.234' (a point from four figures on), '987'."""
    return f"{n:,}".replace(",", ".")


def epigrafe_text(head: str, number: str, day: int, month: int, year: int | str) -> str:
    """'LEI Nº 1.234, DE 5 DE MARÇO DE 1987' (`head`: 'LEI Nº', 'LEI COMPLEMENTAR Nº' ...)."""
    return f"{head} {number}, DE {day} DE {MONTHS[month - 1].upper()} DE {year}"


def fecho_text(house: str, city: str, day: int, month: int, year: int) -> str:
    """'Prefeitura Municipal de Lins, em 5 de março de 1987.'"""
    return f"{house} de {city}, em {date_figures(day, month, year)}."


def law_records(tipo: str, num: int, year: int, month: int, day: int, city: str, uf: str, ementa: str,
                native_id: str, *, norm_numero: str | None = None, meta_ementa: str | None = None) -> tuple:
    """(meta, norm): the upstream record of a drawn law and its gold's norm block."""
    iso = f"{year}-{month:02d}-{day:02d}"
    norm = {"tipo": tipo, "numero": norm_numero or str(num), "ano": year, "data": iso, "municipio": city,
            "uf": uf, "ementa": ementa}
    meta = {"municipio": city, "uf": uf, "tipo": tipo, "numero": str(num), "ano": year, "data": iso,
            "ementa": ementa if meta_ementa is None else meta_ementa, "native_id": native_id}
    return meta, norm


class Drawer:
    """The random choices of one law, from one `random.Random`: what every drawer draws alike
    (this file's books; bench/amend's amending laws subclass it)."""

    def __init__(self, rng: random.Random, knobs: dict):
        self.r = rng
        self.k = knobs

    def p(self, name: str) -> bool:
        return self.r.random() < self.k[name]

    def name(self, first: list = FIRST, last: list = LAST, p_particle: float | None = 0.3) -> str:
        """'JOSÉ DA SILVA COSTA': a first name, sometimes a particle (None: never, nothing drawn),
        two surnames."""
        r = self.r
        parts = [r.choice(first)]
        if p_particle is not None and r.random() < p_particle:
            parts.append(r.choice(["DE", "DOS", "DA"]))
        return " ".join(parts + [r.choice(last), r.choice(last)])

    def month_day(self) -> tuple[int, int]:
        return self.r.randint(1, 12), self.r.randint(1, 28)


class BookDrawer(Drawer):
    """One law book (the target law, its neighbours on the shared pages, the page layout)."""

    def __init__(self, rng: random.Random, knobs: dict):
        super().__init__(rng, knobs)
        self.unit = "UFM"  # the law's unit of value (drawn per book)

    # ---------------------------------------------------------------- labels
    def style(self) -> dict:
        r = self.r
        pre, sep = r.choice(ART_FORMS)
        return {"art": pre, "sep": sep, "ord": r.choice(ORD_SIGNS), "tens": r.choice(["", "", "º", "."]),
                "unico": r.choice(UNICO), "par": r.choice(["§ ", "§ ", "§ ", "Parágrafo "]),
                "inc": r.choice(INC_FORMS), "ali": r.choice(ALI_FORMS), "ite": r.choice(ITE_FORMS),
                "caps_heads": r.random() < 0.5}

    @staticmethod
    def ordinal(st: dict, n: int) -> str:
        if n < 10:
            return f"{n}{st['ord']}"
        return f"{n}{st['tens']}" if st["tens"] != "." or st["sep"] not in (".", ".-") else str(n)

    def art_label(self, st: dict, n: int) -> str:
        return f"{st['art']}{self.ordinal(st, n)}{st['sep']}"

    def par_label(self, st: dict, m: str) -> str:
        if m == "único":
            return st["unico"]
        return f"{st['par']}{self.ordinal(st, int(m))}{st['sep'] if st['sep'] != '.' else ' -'}"

    # ---------------------------------------------------------------- text
    def fill(self, t: str, topic: dict) -> str:
        r = self.r
        d = r.choice([5, 8, 10, 15, 20, 30, 60, 90, 120])
        a = r.choice([1, 2, 3, 5, 10])
        b = a * r.choice([2, 3, 5, 10])
        return t.format(d=d, dw=cardinal(d), a=a, aw=cardinal(a, True), b=b, bw=cardinal(b, True),
                        unit=self.unit, thing_art=topic["thing"],
                        LIC=topic["lic"].upper(), **topic)

    def unit_text(self, t: str) -> str:
        return "(VETADO)" if self.p("p_vetado") else t

    def children(self, st: dict, items: list, topic: dict, intro_kind: str) -> None:
        """The incisos (with alíneas/itens) or alíneas of an enumerating caput."""
        r = self.r
        pool = {"docs": DOCS, "duties": DUTIES, "pen": PENALTIES}[intro_kind]
        picks = r.sample(pool, min(len(pool), r.randint(2, 5)))
        if intro_kind == "pen":
            picks = [x for x in PENALTIES if x in picks]
        use_ali = intro_kind != "pen" and r.random() < self.k["p_alineas"] * 0.6
        for j, t in enumerate(picks):
            txt = self.fill(t, topic) + (";" if j < len(picks) - 1 else ".")
            if use_ali:
                c = chr(97 + j)
                items.append({"k": "L", "n": c, "label": st["ali"].format(c), "text": txt})
                continue
            R = int_to_roman(j + 1)
            sub = j == len(picks) - 1 and self.p("p_alineas") and intro_kind != "pen"
            if sub:
                txt = txt[:-1] + ", em especial:"
            items.append({"k": "I", "n": R, "label": st["inc"].format(R), "text": self.unit_text(txt)})
            if sub:
                n_ali = r.randint(2, 3)
                for a in range(n_ali):
                    c = chr(97 + a)
                    deep = a == 0 and self.p("p_itens")
                    body = r.choice(["nas zonas centrais", "junto às escolas e hospitais",
                                     "nos dias de feriado", "no período noturno",
                                     "nas praças e jardins", "em frente aos templos",
                                     "nos distritos", "durante as festividades"])
                    body += (", observado o seguinte:" if deep else
                             (";" if a < n_ali - 1 else "."))
                    items.append({"k": "L", "n": c, "label": st["ali"].format(c), "text": body})
                    if deep:
                        for t_ in range(r.randint(2, 3)):
                            items.append({"k": "T", "n": str(t_ + 1),
                                          "label": st["ite"].format(t_ + 1),
                                          "text": r.choice(["distância mínima de cem metros",
                                                            "horário das oito às dezoito horas",
                                                            "prévia comunicação à fiscalização",
                                                            "limite de dois volumes por pessoa",
                                                            "presença do responsável"]) + ";"})
                        items[-1]["text"] = items[-1]["text"][:-1] + "."

    def article(self, st: dict, n: int, topic: dict, items: list, used: set) -> None:
        r = self.r
        kind = r.random()
        intros = [x for x in ("docs", "duties", "pen") if x not in used]
        if kind < self.k["p_incisos"] and intros:
            intro = r.choice(intros)
            used.add(intro)
            caput = {"docs": "O pedido de {lic} será instruído com os seguintes documentos:",
                     "duties": "São obrigações do {who}:",
                     "pen": "A infração ao disposto nesta Lei sujeita o infrator às seguintes penalidades:"}[intro]
            items.append({"k": "A", "n": str(n), "label": self.art_label(st, n),
                          "text": self.fill(caput, topic)})
            self.children(st, items, topic, intro)
        else:
            free = [t for t in GENERIC_ARTS if t not in used] or GENERIC_ARTS
            t = r.choice(free)
            used.add(t)
            items.append({"k": "A", "n": str(n), "label": self.art_label(st, n),
                          "text": self.unit_text(self.fill(t, topic))})
        if self.p("p_par"):
            m = r.choice([1, 1, 2, 3])
            pars = r.sample(PARAGRAPHS, m)
            for j, t in enumerate(pars):
                num = "único" if m == 1 and r.random() < 0.8 else str(j + 1)
                items.append({"k": "P", "n": num, "label": self.par_label(st, num),
                              "text": self.unit_text(self.fill(t, topic))})

    # ---------------------------------------------------------------- a law
    def epigrafe(self, tipo: str, num: str, day: int, month: int, year: int) -> str:
        r = self.r
        head = {"Lei Ordinária": r.choice(["LEI Nº", "LEI N.º", "LEI MUNICIPAL Nº", "LEI No"]),
                "Lei Complementar": "LEI COMPLEMENTAR Nº"}[tipo]
        if r.random() < 0.2:
            return f"{head} {num}/{str(year)[2:]}"
        y = f"{year // 1000}.{year % 1000:03d}" if r.random() < 0.3 else str(year)
        return epigrafe_text(head, num, day, month, y)

    def preamble(self, city: str, uf: str, camara: bool) -> str:
        if camara:
            return preamble_text("camara", city, uf)
        return preamble_text(self.r.choice(["prefeito_faco", "camara_sanciono", "prefeito_decretou"]), city, uf)

    def fecho(self, city: str, day: int, month: int, year: int, camara: bool) -> str:
        house = "Câmara Municipal" if camara else "Prefeitura Municipal"
        if self.r.random() < 0.5:
            return f"{house} de {city}, {date_words(day, month, year)}."
        return fecho_text(house, city, day, month, year)

    def neighbour(self, num: int, city: str, uf: str, day: int, month: int, year: int,
                  camara: bool, sigs: list, where: str) -> dict:
        r = self.r
        em, what, arts = r.choice(NEIGHBOUR_LAWS)
        st = self.style()
        pnum = printed_number(num)
        epi = self.epigrafe("Lei Ordinária", pnum, day, month, year)
        items = [{"k": "EPI", "text": epi}, {"k": "EME", "text": em},
                 {"k": "PRE", "text": self.preamble(city, uf, camara)}]
        vals = {"k": str(r.randint(2, 40)), "name": self.name().title(), "b": r.choice(LAST).title(),
                "ent": r.choice(ENTITIES) + " de " + city, "q": r.randint(1, 60),
                "a": r.randint(200, 2000), "kw": ""}
        vals["kw"] = cardinal(int(vals["k"]))
        texts = [a.format(**vals) for a in arts] + [
            "Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário."]
        for j, t in enumerate(texts):
            items.append({"k": "A", "n": str(j + 1), "label": self.art_label(st, j + 1), "text": t})
            if where == "prev" and j == 0:
                items.append({"k": "BRK"})
        items.append({"k": "C", "text": self.fecho(city, day, month, year, camara)})
        items += [{"k": "S", "name": n, "role": ro} for n, ro in sigs]
        desc = (f"{epi} ({what}) - the {'end' if where == 'prev' else 'start'} of the "
                f"{'previous' if where == 'prev' else 'next'} law on the shared page; not part of the target")
        return {"role": "neighbor", "desc": desc, "items": items}

    def book(self, case_id: str, used_places: set) -> tuple:
        r, k = self.r, self.k
        free = [p for p in PLACES if p not in used_places] or PLACES
        city, uf = r.choice(free)
        used_places.add((city, uf))
        year = r.randint(*k["years"])
        month, day = self.month_day()
        tipo = "Lei Complementar" if r.random() < 0.1 else "Lei Ordinária"
        num = r.randint(60, 2400)
        pnum = printed_number(num)
        camara = r.random() < 0.3
        self.unit = r.choice(["UFM", "OTN", "UPF", "salários mínimos", "UFIR", "ORTN"])
        council = r.random() < 0.2
        topic = dict(r.choice(TOPICS))
        if council:
            c = r.choice(COUNCILS)
            topic = dict(topic, ementa=f"a criação do Conselho Municipal de {c}")
        ementa = r.choice(["Dispõe sobre", "Regulamenta", "Disciplina"]) + " " + topic["ementa"]
        ementa += r.choice([" e dá outras providências.", ".", " no Município."])
        if council:
            ementa = f"Cria o Conselho Municipal de {c} e dá outras providências."
        st = self.style()
        mayor, sec = self.name(), self.name()
        sigs = ([(mayor, "Presidente da Câmara"), (sec, "1º Secretário")] if camara else
                [(mayor, "Prefeito Municipal"), (sec, r.choice(["Secretário de Administração",
                                                               "Secretário Municipal", "Chefe de Gabinete"]))])
        epi = self.epigrafe(tipo, pnum, day, month, year)
        items = [{"k": "EPI", "text": epi}, {"k": "EME", "text": ementa},
                 {"k": "PRE", "text": self.preamble(city, uf, camara)}]
        n_arts = r.randint(*k["arts"])
        # agrupadores: chapter starts at articles
        groups: dict = {}
        if self.p("p_groups") and n_arts >= 5:
            n_ch = r.randint(2, min(6, n_arts // 2))
            starts = sorted([1] + r.sample(range(2, n_arts), n_ch - 1))
            gstyle = r.choice(["2", "1", "L", "roman"])
            titles = r.sample(CHAPTERS[1:-1], n_ch - 2) if n_ch > 2 else []
            titles = ["DAS DISPOSIÇÕES PRELIMINARES"] + titles + ["DAS DISPOSIÇÕES FINAIS"]
            titles = titles[:n_ch]
            titulo = self.p("p_titulos")
            for j, a in enumerate(starts):
                t = self.fill(titles[j], topic)
                rn = int_to_roman(j + 1)
                g = []
                if titulo and j in (0, n_ch // 2 + 0) and (j == 0 or n_ch > 2):
                    tn = int_to_roman(1 if j == 0 else 2)
                    g.append({"k": "G", "type": "titulo", "n": tn, "label": f"TÍTULO {tn}",
                              "title": "DAS NORMAS GERAIS" if j == 0 else "DAS NORMAS ESPECIAIS",
                              "style": "2"})
                if gstyle == "roman":
                    g.append({"k": "G", "type": "capitulo", "n": rn, "label": rn, "title": t, "style": "L"})
                else:
                    g.append({"k": "G", "type": "capitulo", "n": rn, "label": f"CAPÍTULO {rn}",
                              "title": t, "style": gstyle})
                groups[a] = g
            if self.p("p_secoes"):
                # split the longest chapter in two sections
                spans = list(zip(starts, starts[1:] + [n_arts + 1], strict=True))
                a0, a1 = max(spans, key=lambda s: s[1] - s[0])
                if a1 - a0 >= 3:
                    mid = r.randint(a0 + 1, a1 - 1)
                    sec_style = "2" if gstyle in ("2", "roman") else "1"
                    groups[a0].append({"k": "G", "type": "secao", "n": "I", "label": "SEÇÃO I",
                                       "title": "DISPOSIÇÕES GERAIS", "style": sec_style})
                    groups[mid] = [{"k": "G", "type": "secao", "n": "II", "label": "SEÇÃO II",
                                    "title": "DO PROCEDIMENTO", "style": sec_style}]
        used: set = set()
        table_at = r.randint(2, n_arts - 1) if self.p("p_table") and n_arts > 3 else None
        for a in range(1, n_arts + 1):
            items += groups.get(a, [])
            if a == 1:
                if council:
                    items.append({"k": "A", "n": "1", "label": self.art_label(st, 1),
                                  "text": f"Fica criado o Conselho Municipal de {c}, órgão consultivo e "
                                          f"de assessoramento do Poder Executivo."})
                else:
                    items.append({"k": "A", "n": "1", "label": self.art_label(st, 1),
                                  "text": upper_first(self.fill("{act} {places} obedecerá ao disposto nesta Lei e em seu regulamento.", topic))})
                continue
            if a == 2 and council:
                items.append({"k": "A", "n": "2", "label": self.art_label(st, 2),
                              "text": "O Conselho será composto pelos seguintes membros:"})
                bodies = r.sample(BODIES, r.randint(3, 6))
                for j, b in enumerate(bodies):
                    R = int_to_roman(j + 1)
                    nb = r.randint(1, 3)
                    items.append({"k": "I", "n": R, "label": st["inc"].format(R),
                                  "text": f"{nb} ({cardinal(nb)}) representante{'s' if nb > 1 else ''} {b}"
                                          + (";" if j < len(bodies) - 1 else ".")})
                continue
            if a == n_arts:
                end = r.choice(["Esta Lei entra em vigor na data de sua publicação, revogadas as disposições em contrário.",
                                "Esta Lei entrará em vigor na data de sua publicação.",
                                "Revogam-se as disposições em contrário."])
                items.append({"k": "A", "n": str(a), "label": self.art_label(st, a), "text": end})
                continue
            if a == table_at:
                items.append({"k": "A", "n": str(a), "label": self.art_label(st, a),
                              "text": self.fill("Os preços públicos devidos pela {lic} serão cobrados de acordo com a tabela seguinte:", topic)})
                for row in r.sample(["Por dia ; 0,5", "Por semana ; 2,0", "Por mês ; 6,0", "Por ano ; 50,0",
                                     "Por metro quadrado ; 1,5", "Renovação ; 3,0", "Transferência ; 4,0"], r.randint(2, 4)):
                    lab, val = row.split(" ; ")
                    items.append({"k": "TB", "cells": [lab, f"{val} {self.unit}"]})
                continue
            self.article(st, a, topic, items, used)
        items.append({"k": "C", "text": self.fecho(city, day, month, year, camara)})
        items += [{"k": "S", "name": n, "role": ro} for n, ro in sigs]
        laws = []
        if self.p("p_prev"):
            laws.append(self.neighbour(num - 1, city, uf, day, month, year, camara, sigs[:1], "prev"))
        laws.append({"role": "target", "desc": "", "items": items})
        if self.p("p_next"):
            laws.append(self.neighbour(num + 1, city, uf, day, month, year, camara, sigs[:1], "next"))
        meta, norm = law_records(tipo, num, year, month, day, city, uf, ementa, f"{uf.lower()}-{num}-{year}",
                                 norm_numero=pnum, meta_ementa=ementa.upper() if r.random() < 0.4 else ementa)
        iso = meta["data"]
        cfg = {"id": case_id, "seed": r.randint(0, 10**9), "meta": meta, "norm": norm,
               "formfeed": self.p("p_formfeed"), "layout": self.layout(city, uf, camara),
               "degrade": self.degrade(), "notes": [
                   f"DRAWN: {city}/{uf}, {tipo} {pnum} of {iso}, {n_arts} articles; labels "
                   f"'{self.art_label(st, 1)}', '{self.par_label(st, '1')}', '{st['unico']}', "
                   f"'{st['inc'].format('I')}', '{st['ali'].format('a')}', '{st['ite'].format(1)}'."]}
        return cfg, laws

    # ---------------------------------------------------------------- page and damage
    def layout(self, city: str, uf: str, camara: bool) -> dict:
        r = self.r
        dpi = r.choice([200, 240, 300, 300])
        head = ([f"CÂMARA MUNICIPAL DE {city.upper()}", f"~Estado de {state_name(uf)}"] if camara else
                r.choice([[f"PREFEITURA MUNICIPAL DE {city.upper()}", f"~Estado de {state_name(uf)}"],
                          [f"ESTADO DE {state_name(uf).upper()}", f"PREFEITURA MUNICIPAL DE {city.upper()}",
                           "~Gabinete do Prefeito"]]))
        lay = {"font": r.choice(["nimbus", "nimbus", "dejavu", "noto"]), "pt": r.choice([10, 11, 11, 12]),
               "dpi": dpi, "paper": r.choice(["a4", "oficio", "oficio", "legal"]),
               "chars": r.randint(60, 70), "pitch_pt": r.choice([13.5, 14.5, 15, 16]),
               "indent": r.choice([4, 6, 8, 10]), "para_gap": r.choice([0, 1, 1]),
               "top_in": round(r.uniform(1.7, 2.2), 2), "bottom_in": 0.9, "letterhead": head,
               "crest": r.random() < 0.4, "rule": r.choice([True, "double", False]),
               "first_page_no": r.randint(1, 240), "ink": r.randint(32, 48),
               "ink_var": r.randint(15, 28), "faint_p": round(r.uniform(0.005, 0.025), 3),
               "hyph": round(r.uniform(0.3, 0.8), 2), "nohyph": round(r.uniform(0.0, 0.1), 2),
               "justify": r.random() < 0.3, "law_gap": r.randint(2, 3), "sig_gap": 3}
        if r.random() < 0.5:
            lay["stamp"] = r.choice(["Fl. {n:02d}", "NM {n}", "Lº 7 - Fl. {n}", "C.M. {n}"])
            lay["stamp_box"] = r.random() < 0.3
        if self.p("p_pstamp"):
            lay["pstamp"] = {"fmt": r.choice(["NM {n}", "Fl. {n}", "{n}"]),
                             "side": r.choice(["right", "left"]), "y": [0.3, 0.8]}
        return lay

    def degrade(self) -> dict:
        r = self.r
        d = r.uniform(*self.k["damage"])
        return {"all": {"blur": round(0.3 + 0.5 * d, 2), "rot_range": [-0.3 - 1.2 * d, 0.3 + 1.2 * d],
                        "speckle": round(0.005 + 0.04 * d, 3), "uneven": round(0.2 + 0.3 * d, 2),
                        "noise": round(4 + 5 * d, 1), "paper": r.randint(236, 250),
                        "bg_var": r.randint(6, 14), "streaks": int(r.random() < d) * r.randint(1, 4),
                        "contrast": round(r.uniform(1.0, 1.25), 2)}}

    def scan_plan(self, cfg: dict, n_pages: int) -> None:
        """Scan order (swapped or repeated pages) and page extras, once the page count is known."""
        r, notes = self.r, cfg["notes"]
        order = list(range(n_pages))
        if n_pages >= 3 and self.p("p_shuffle"):
            i = r.randint(1, n_pages - 2)
            order[i], order[i + 1] = order[i + 1], order[i]
        if n_pages >= 2 and self.p("p_dup"):
            i = r.randrange(n_pages)
            order.insert(order.index(i) + 1, i)
        if order != list(range(n_pages)):
            cfg["scan_order"] = order
            notes.append(f"PAGE ORDER: the book pages are scanned in the order {order} (0 = first "
                         f"page that holds the target); the gold keeps the true order.")
        extras = []
        for k in range(n_pages):
            if self.p("p_rubber"):
                extras.append([k, "stamp", round(r.uniform(0.45, 0.6), 2), round(r.uniform(0.35, 0.8), 2),
                               ["CONFERE COM O", "ORIGINAL"], round(r.uniform(-12, 12), 1)])
            if self.p("p_hand"):
                extras.append([k, "hand", round(r.uniform(0.03, 0.08), 2), round(r.uniform(0.2, 0.9), 2),
                               r.choice(["tick", "bar", "circle", "arrow", "initials"])])
        if extras:
            cfg["extras"] = extras
        notes.append(f"{n_pages} book pages, {len(order)} scans; form feeds {'kept' if cfg['formfeed'] else 'removed'}.")


def draw_book(seed: int, index: int, knobs: dict | None = None, used_places: set | None = None) -> tuple:
    """Book `index` (1-based) of the set drawn from `seed`; the pages it needs are planned too."""
    from bench.gen.book import count_pages  # late import: book.py imports the scanner

    k = dict(KNOBS, **(knobs or {}))
    rng = random.Random(f"{seed}:{index}")
    drawer = BookDrawer(rng, k)
    cfg, laws = drawer.book(f"{index:03d}", used_places if used_places is not None else set())
    drawer.scan_plan(cfg, count_pages(copy.deepcopy(cfg), copy.deepcopy(laws)))
    return cfg, laws


def draw_set(seed: int, n: int, knobs: dict | None = None) -> list:
    """The n books of the set drawn from `seed` (municipalities distinct while they last)."""
    used: set = set()
    return [draw_book(seed, i, knobs, used) for i in range(1, n + 1)]
