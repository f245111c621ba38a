"""Portuguese words the drawers need: cardinals and dates in words or figures, month names.

Roman numerals and ordinals in figures are the pipeline's (`pipeline.reading.numerals`); the
cardinals here are written out, where the pipeline has only the folded words it reads.
"""

UNITS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
         "onze", "doze", "treze", "quatorze", "quinze", "dezesseis", "dezessete", "dezoito",
         "dezenove"]
TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta",
        "noventa"]
HUNDREDS = ["", "cento", "duzentos", "trezentos", "quatrocentos", "quinhentos", "seiscentos",
            "setecentos", "oitocentos", "novecentos"]
MONTHS = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro"]
FEMININE = {"um": "uma", "dois": "duas", "duzentos": "duzentas", "trezentos": "trezentas",
            "quatrocentos": "quatrocentas", "quinhentos": "quinhentas",
            "seiscentos": "seiscentas", "setecentos": "setecentas", "oitocentos": "oitocentas",
            "novecentos": "novecentas"}


def cardinal(n: int, feminine: bool = False) -> str:
    """Portuguese cardinal in words, 0 <= n < 1_000_000 ('mil novecentos e oitenta e seis')."""
    if n < 20:
        w = UNITS[n]
    elif n < 100:
        w = TENS[n // 10] + ("" if n % 10 == 0 else " e " + UNITS[n % 10])
    elif n == 100:
        w = "cem"
    elif n < 1000:
        w = HUNDREDS[n // 100] + ("" if n % 100 == 0 else " e " + cardinal(n % 100))
    else:
        k, r = divmod(n, 1000)
        w = "mil" if k == 1 else cardinal(k) + " mil"
        if r:
            w += (" e " if r < 100 or r % 100 == 0 else " ") + cardinal(r)
    if feminine:
        w = " ".join(FEMININE.get(x, x) for x in w.split(" "))
    return w


def date_figures(day: int, month: int, year: int) -> str:
    """'26 de junho de 1986'."""
    return f"{day} de {MONTHS[month - 1]} de {year}"


def date_words(day: int, month: int, year: int) -> str:
    """'aos vinte e seis dias do mês de junho de mil novecentos e oitenta e seis'."""
    d = "ao primeiro dia" if day == 1 else f"aos {cardinal(day)} dias"
    return f"{d} do mês de {MONTHS[month - 1]} de {cardinal(year)}"
