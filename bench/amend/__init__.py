"""An evaluation set of amending laws (issue 12): laws that quote the new wording of other laws.

    banks.py    words: places, amended laws, provisions they are rewritten with
    draw.py     one law from a seed: own articles, quoted blocks (recipes cover every pattern)
    gold.py     its gold: own units (scored) and alterações (quoted provisions, own ids)
    render.py   printed paragraphs -> OCR-like text pages (federal or municipal layout)
    scan.py     printed paragraphs -> bench/gen typewritten pages -> image-only PDF
Command line: `python -m bench.amend --seed N --out DIR [--n 24] [--scans 11]`;
bench/eval_amend.py scores the pipeline on a set; README.md says what the set covers.
"""
