"""One generator for every evaluation set: a set is data (bench/sets/<name>.json).

    source.py   a law book as data: the `.law` markup (parse/dump) and the gold it implies
    draw.py     invented books from a seed (municipal typewritten styles, label forms,
                agrupadores, neighbours, page order, damage knobs); its Drawer is bench/amend's too
    typeset.py  book -> lines -> book pages (text)
    scan.py     book page -> damaged page image -> real Tesseract text
    noise.py    book page -> OCR-like noisy text (text mode, no images); every text set's noise
                models (characters misread, confusion pairs, margin marks, garbage lines)
    book.py     one case: typeset, scan or print, OCR, meta and gold files (modes); print_pages
                and write_case, how every set writes its files
    sets.py     a set config -> its books -> its cases (also bench/qa's textsim, bench/synthetic's
                lawkit and bench/amend's sets)
    wrapping.py one greedy line wrapper for every printer, each one's word breaking as data
    hyphenation.py  where a word may break: one function, each set's rules as data
    words.py    cardinals and dates in words, months (romans and ordinals: pipeline.reading.numerals)
    textsim.py  bench/qa and bench/qa3's @-directive books printed straight to OCR-like text
    validate.py gold checks and a perfect self-score;  check.py  where each unit sits in the text
    fingerprint.py  every set regenerated text-only and checksummed (proof that a refactor changed
                no byte)
Command line: `python -m bench.gen build|validate|check|setnotes SET` (see __main__.py);
bench/fresh.py draws a new set and scores the pipeline on it.
"""
