"""Render the bundled sample corpus: ``python -m corpus.sample.render [--out DIR]``.

The laws in ``corpus/sample/laws/*.txt`` are fictional texts written for this project, set in real
municipalities. Each is rendered into a PDF under ``corpus/sample/pdf/`` (not committed): scans
are typewriter-like pages under a letterhead, slightly skewed, dusty and soft (fixed seeds, so
the files are the same on every machine); one law is a born-digital PDF with a text layer. The
manifest ``corpus/sample/manifest.jsonl`` (committed) lists them with their upstream metadata,
sources relative to the manifest.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from corpus.sample.scanner import (
    chars_per_line,
    lines_per_page,
    make_scanned_pdf,
    make_text_pdf,
    paginate,
    wrap_text,
)

HERE = Path(__file__).resolve().parent
LAWS = HERE / "laws"
DPI = 200


@dataclass(frozen=True)
class SampleLaw:
    """One law of the sample corpus: its text file, how it is rendered, and its metadata."""

    name: str
    kind: str  # "scan" or "text"
    letterhead: str
    meta: dict[str, object]
    skew: float = 0.0
    noise: float = 0.0
    blur: float = 0.6
    seed: int = 0
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def text_path(self) -> Path:
        return LAWS / f"{self.name}.txt"

    @property
    def source(self) -> str:
        return f"pdf/{self.name}.pdf"


SAMPLE: tuple[SampleLaw, ...] = (
    SampleLaw(
        "lei-1433-1998-cangucu", "scan", "PREFEITURA MUNICIPAL DE CANGUÇU - RS",
        {"municipio": "Canguçu", "uf": "RS", "tipo": "Lei Ordinária", "numero": "1433", "ano": 1998,
         "data": "1998-10-14", "ementa": "Institui o Programa Municipal de Arborização Urbana e dá outras providências.",
         "native_id": "cangucu-rs/lei-1433-1998"},
        skew=0.7, noise=0.0008, seed=11,
    ),
    SampleLaw(
        "decreto-57-2003-pirenopolis", "scan", "PREFEITURA MUNICIPAL DE PIRENÓPOLIS",
        {"municipio": "Pirenópolis", "uf": "GO", "tipo": "Decreto", "numero": "57", "ano": 2003,
         "data": "2003-06-02", "ementa": "Regulamenta o horário de funcionamento das feiras livres do Município.",
         "native_id": "pirenopolis-go/decreto-57-2003"},
        skew=-0.5, noise=0.0008, seed=23,
    ),
    SampleLaw(
        "lc-12-2006-garanhuns", "text", "",
        {"municipio": "Garanhuns", "uf": "PE", "tipo": "Lei Complementar", "numero": "12", "ano": 2006,
         "data": "2006-03-20",
         "ementa": "Dispõe sobre o parcelamento de débitos tributários com o Município e dá outras providências.",
         "native_id": "garanhuns-pe/lc-12-2006"},
    ),
    SampleLaw(
        "lei-309-1990-itapecerica", "scan", "CÂMARA MUNICIPAL DE ITAPECERICA",
        {"municipio": "Itapecerica", "uf": "MG", "tipo": "Lei Ordinária", "numero": "309", "ano": 1990,
         "data": "1990-06-26", "ementa": "Autoriza o Poder Executivo a conceder auxílio às associações de moradores.",
         "native_id": "itapecerica-mg/lei-309-1990"},
        skew=1.0, noise=0.0008, blur=0.6, seed=37,
    ),
    SampleLaw(
        "lei-88-1975-ouro-preto", "scan", "PREFEITURA MUNICIPAL DE OURO PRETO",
        {"municipio": "Ouro Preto", "uf": "MG", "tipo": "Lei Ordinária", "numero": "88", "ano": 1975,
         "data": "1975-09-09", "ementa": "Dá denominação a logradouro público.",
         "native_id": "ouro-preto-mg/lei-88-1975"},
        skew=-0.8, noise=0.001, blur=0.7, seed=53,
    ),
)


def layout(law: SampleLaw) -> list[list[str]]:
    """The law's text wrapped to the page width and cut into pages."""
    text = law.text_path.read_text(encoding="utf-8")
    lines = wrap_text(text, chars_per_line(dpi=DPI))
    return paginate(lines, lines_per_page(dpi=DPI, letterhead=bool(law.letterhead)))


def render_law(law: SampleLaw, out_dir: Path) -> Path:
    pages = layout(law)
    target = out_dir / f"{law.name}.pdf"
    if law.kind == "text":
        return make_text_pdf(target, pages)
    return make_scanned_pdf(target, pages, dpi=DPI, seed=law.seed, letterhead=law.letterhead,
                            skew=law.skew, noise=law.noise, blur=law.blur)


def manifest_lines(sample: tuple[SampleLaw, ...] = SAMPLE) -> list[str]:
    return [json.dumps({"source": law.source, **law.meta}, ensure_ascii=False) for law in sample]


def render_sample(out_dir: Path = HERE / "pdf", manifest: Path | None = HERE / "manifest.jsonl") -> list[Path]:
    """Render every sample law into ``out_dir`` and (re)write the manifest beside it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [render_law(law, out_dir) for law in SAMPLE]
    if manifest is not None:
        manifest.write_text("\n".join(manifest_lines()) + "\n", encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus.sample.render", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "pdf", help="directory of the PDFs")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    # the manifest names sources relative to itself, so it is only rewritten for the default place
    manifest = HERE / "manifest.jsonl" if args.out.resolve() == (HERE / "pdf").resolve() else None
    paths = render_sample(args.out, manifest)
    for path in paths:
        print(f"{path}  {path.stat().st_size // 1024} KiB")
    print(f"rendered {len(paths)} documents in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
