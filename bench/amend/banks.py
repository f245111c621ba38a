"""Words of the amending laws: places, amended laws and the provisions they are rewritten with.

Everything here is data; bench/amend/draw.py picks from it with the law's own random stream.
Texts use `{slot}` fields filled by draw.py (`{organ}`, `{days}`, `{value}`, `{who}`, `{whos}`).
"""

PLACES = [  # (municipality, UF; the state's name is the IBGE list's); none of the seeds' or
    # bench/gen's banks
    ("Pindamonhangaba", "SP"), ("Guaratinguetá", "SP"), ("Bragança Paulista", "SP"),
    ("Votuporanga", "SP"), ("Itajubá", "MG"), ("Ubá", "MG"), ("Formiga", "MG"), ("Janaúba", "MG"),
    ("Toledo", "PR"), ("Irati", "PR"), ("Pato Branco", "PR"), ("Santo Ângelo", "RS"),
    ("Ijuí", "RS"), ("Canoinhas", "SC"), ("Videira", "SC"), ("Valença", "BA"), ("Serrinha", "BA"),
    ("Serra Talhada", "PE"), ("Sobral", "CE"), ("Russas", "CE"), ("Floriano", "PI"),
    ("Bacabal", "MA"), ("Currais Novos", "RN"), ("Cajazeiras", "PB"), ("Penedo", "AL"),
    ("Estância", "SE"), ("Catalão", "GO"), ("Ponta Porã", "MS"), ("Sinop", "MT"),
    ("Aracruz", "ES"), ("Barra do Piraí", "RJ"), ("Paragominas", "PA"),
]

FIRST = ["JOSÉ", "ANTÔNIO", "MARIA", "CARLOS", "LUIZ", "ANA", "PAULO", "HELENA", "RUBENS",
         "MARCOS", "SANDRA", "EDSON", "CLÁUDIA", "VALDIR", "REGINA", "JORGE"]
LAST = ["SILVA", "OLIVEIRA", "PEREIRA", "FERREIRA", "RIBEIRO", "MOREIRA", "TAVARES", "LOPES",
        "AZEVEDO", "CUNHA", "ANDRADE", "MEDEIROS", "PRADO", "SAMPAIO", "BRAGA", "FARIA"]

# The laws that get amended: what they are called, and the slots their provisions use.
SUBJECTS = [
    {"name": "que institui o Conselho Municipal de Saúde", "organ": "Conselho Municipal de Saúde",
     "who": "conselheiro", "whos": "conselheiros"},
    {"name": "que dispõe sobre o Estatuto dos Servidores Públicos do Município",
     "organ": "Secretaria Municipal de Administração", "who": "servidor", "whos": "servidores"},
    {"name": "que institui o Código Tributário Municipal", "organ": "Secretaria Municipal da Fazenda",
     "who": "contribuinte", "whos": "contribuintes"},
    {"name": "que dispõe sobre o Código de Posturas do Município",
     "organ": "Departamento de Fiscalização", "who": "infrator", "whos": "infratores"},
    {"name": "que cria o Fundo Municipal de Habitação", "organ": "Conselho Gestor do Fundo",
     "who": "beneficiário", "whos": "beneficiários"},
    {"name": "que dispõe sobre o transporte coletivo urbano",
     "organ": "Secretaria Municipal de Trânsito e Transportes", "who": "permissionário",
     "whos": "permissionários"},
    {"name": "que institui o Programa Municipal de Alimentação Escolar",
     "organ": "Secretaria Municipal de Educação", "who": "fornecedor", "whos": "fornecedores"},
    {"name": "que dispõe sobre o parcelamento do solo urbano",
     "organ": "Secretaria Municipal de Planejamento", "who": "loteador", "whos": "loteadores"},
    {"name": "que cria o Conselho Municipal dos Direitos da Criança e do Adolescente",
     "organ": "Conselho Municipal dos Direitos da Criança e do Adolescente",
     "who": "conselheiro tutelar", "whos": "conselheiros tutelares"},
    {"name": "que dispõe sobre a concessão de diárias", "organ": "Controladoria Geral do Município",
     "who": "servidor", "whos": "servidores"},
]

# Caput of a quoted article (the new wording of the amended norm's article).
QUOTED_CAPUT = [
    "Compete {ao_organ} fiscalizar o cumprimento desta Lei, aplicando as sanções nela previstas.",
    "O {who} que descumprir o disposto nesta Lei ficará sujeito a multa de {value} Unidades Fiscais do Município.",
    "O prazo para a apresentação do requerimento será de {days} dias, contados da publicação do edital.",
    "Os {whos} serão nomeados por ato do Prefeito Municipal, para mandato de dois anos, permitida uma recondução.",
    "{O_organ} reunir-se-á ordinariamente uma vez por mês e, extraordinariamente, sempre que convocado por seu Presidente.",
    "Fica o Poder Executivo autorizado a firmar convênios com entidades públicas e privadas para a execução desta Lei.",
    "A inscrição dos {whos} será feita mediante requerimento dirigido {ao_organ}, instruído com os seguintes documentos:",
    "As despesas decorrentes desta Lei correrão por conta das dotações próprias do orçamento vigente, suplementadas se necessário.",
    "Constituem infrações administrativas, puníveis na forma deste artigo:",
    "O valor da gratificação corresponderá a {pct}% (por cento) do vencimento básico do {who}.",
    "A licença será concedida pelo prazo máximo de {days} dias, prorrogável uma única vez por igual período.",
    "{O_organ} publicará, anualmente, relatório das atividades desenvolvidas, com a prestação de contas dos recursos aplicados.",
    "É vedada a concessão do benefício ao {who} que estiver em débito com a Fazenda Municipal.",
    "O recurso deverá ser interposto no prazo de {days} dias, contados da ciência da decisão, perante {o_organ}.",
]
QUOTED_PAR = [
    "O disposto neste artigo não se aplica aos {whos} inscritos antes da vigência desta Lei.",
    "Em caso de reincidência, a multa será aplicada em dobro.",
    "O prazo de que trata o caput poderá ser prorrogado, a critério {do_organ}, mediante justificativa.",
    "A falta de qualquer dos documentos exigidos implicará o indeferimento do pedido.",
    "Os valores de que trata este artigo serão atualizados anualmente por decreto do Poder Executivo.",
    "O mandato dos membros {do_organ} será exercido gratuitamente e considerado serviço público relevante.",
    "A decisão será publicada no órgão oficial de imprensa do Município.",
    "O {who} será notificado pessoalmente ou por via postal com aviso de recebimento.",
    "Ato do Poder Executivo regulamentará os procedimentos previstos neste artigo no prazo de {days} dias.",
]
QUOTED_INC = [
    "cópia da carteira de identidade e do cadastro de pessoas físicas",
    "comprovante de residência no Município há pelo menos dois anos",
    "certidão negativa de débitos municipais",
    "declaração de bens e valores",
    "deixar de renovar a inscrição no prazo legal",
    "exercer a atividade sem a licença exigida",
    "dois representantes da Secretaria Municipal de Saúde",
    "um representante da Câmara Municipal",
    "três representantes dos usuários, eleitos em assembleia",
    "advertência, na primeira infração",
    "multa, na reincidência",
    "cassação da licença, na terceira infração",
    "atestado de antecedentes criminais",
    "planta do imóvel aprovada pela Prefeitura",
]
QUOTED_ALI = [
    "no caso de pessoa física, o cadastro de pessoas físicas",
    "no caso de pessoa jurídica, o contrato social registrado",
    "os documentos dos sócios",
    "a comprovação de regularidade fiscal",
    "o alvará de funcionamento em vigor",
]
CHAPTER_TITLES = ["DAS PENALIDADES", "DO PROCESSO ADMINISTRATIVO", "DOS RECURSOS",
                  "DA FISCALIZAÇÃO", "DAS DISPOSIÇÕES TRANSITÓRIAS", "DO PROGRAMA DE INCENTIVO"]

# Own provisions of the amending law that stand AFTER the quotations (swallowing them is caught).
OWN_AFTER = [
    "O Poder Executivo regulamentará esta Lei no prazo de {days} dias, contados de sua publicação.",
    "O Poder Executivo fará publicar, no prazo de {days} dias, o texto consolidado da Lei alterada.",
    "As despesas decorrentes da execução desta Lei correrão por conta de dotações orçamentárias próprias.",
    "Os efeitos desta Lei aplicam-se aos processos em curso na data de sua publicação.",
]
OWN_PARS = [
    "O texto consolidado será publicado no órgão oficial de imprensa do Município.",
    "Até a regulamentação de que trata o caput, aplicam-se as normas vigentes.",
    "A regulamentação observará os princípios da publicidade e da eficiência.",
]
VIGENCIA = [
    "Esta Lei entra em vigor na data de sua publicação.",
    "Esta Lei entrará em vigor na data de sua publicação, revogadas as disposições em contrário.",
    "Esta Lei entra em vigor na data de sua publicação, produzindo efeitos a partir de 1º de janeiro do ano seguinte.",
]
REVOGA = ["Revogam-se as disposições em contrário.", "Ficam revogadas as disposições em contrário."]
