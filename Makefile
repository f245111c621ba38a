# Two commands do everything on a fresh Debian machine:
#   make demo   -> installs what is missing, renders the sample corpus, runs the batch flow on it
#   make test   -> installs what is missing, runs the test suite
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
APT_PKGS := tesseract-ocr tesseract-ocr-por tesseract-ocr-script-latn poppler-utils fonts-urw-base35 fonts-dejavu-core fonts-noto-mono
OUT ?= out/sample

.PHONY: demo test setup system venv native sample eval eval-ocr bench startup server lint schema clean

demo: setup sample
	$(BIN)/locleg run corpus/sample/manifest.jsonl --out $(OUT) --summary-json $(OUT)/summary.json

test: setup
	$(BIN)/ruff check models pipeline corpus flows locleg tests bench
	$(BIN)/mypy models pipeline corpus flows locleg
	$(BIN)/pytest -q -n 2 --dist loadfile

setup: system venv native

# The structuring modules compiled with mypyc (pipeline/native): about a third less CPU, the same
# outputs. Does nothing when the compiled modules are current; LOCLEG_NATIVE=0 skips it (the
# sources run), as does a machine where the build fails (it says why).
native: venv
	$(BIN)/python -m pipeline.native build

# System packages (Tesseract with Portuguese, poppler). Skipped when already there.
system:
	@if ! command -v tesseract >/dev/null 2>&1 || ! tesseract --list-langs 2>/dev/null | grep -qx por \
	   || ! tesseract --list-langs 2>/dev/null | grep -qx Latin \
	   || [ ! -f /usr/share/fonts/opentype/urw-base35/NimbusMonoPS-Regular.otf ] \
	   || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] \
	   || [ ! -f /usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf ]; then \
	  echo "installing $(APT_PKGS)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PKGS); \
	fi
	@# PostgreSQL server binaries: the catalog tests start a throw-away server on loopback.
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && ! command -v initdb >/dev/null 2>&1; then \
	  echo "installing postgresql"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq postgresql; \
	fi

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -d $(VENV) || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip 'setuptools>=77'
	$(BIN)/pip install -q -e '.[dev]'
	touch $@

sample: venv
	$(BIN)/python -m corpus.sample.render

# Scores `locleg structure` of every gold file in ../shared/gold (and the 1988 Constitution), then
# the means over the synthetic laws (bench/synthetic) and the blind QA laws (bench/qa, bench/qa3; bench/qa4-qa6 read by real Tesseract).
eval: venv
	$(BIN)/python bench/eval_structure.py
	$(BIN)/python bench/eval_synthetic.py | tail -1
	$(BIN)/python bench/eval_synthetic.py --dir bench/qa | tail -1
	$(BIN)/python bench/eval_synthetic.py --dir bench/qa3 | tail -1
	$(BIN)/python bench/eval_synthetic.py --dir bench/qa4 | tail -1
	$(BIN)/python bench/eval_synthetic.py --dir bench/qa5 | tail -1
	$(BIN)/python bench/eval_synthetic.py --dir bench/qa6 | tail -1

# OCR evaluation (docs/ocr-quality.md): ours vs bare tesseract vs OCRmyPDF (own venv, made on
# first use) on generated damaged pages; e.g. EVAL_OCR_ARGS='--per-kind 3 --skip latin'.
eval-ocr: venv
	$(BIN)/python bench/eval_ocr.py $(EVAL_OCR_ARGS)

bench: venv
	$(BIN)/python bench/structure_speed.py

# Fixed overhead of a batch with and without a Prefect server (docs/flows.md, "Fixed overhead").
startup: venv sample
	$(BIN)/python bench/startup.py

# A lasting Prefect server on loopback (its database in out/prefect-home), for frequent or
# scheduled runs: no temporary server per run. Stays in the foreground; in the shell that runs
# locleg: export PREFECT_API_URL=http://127.0.0.1:$(PREFECT_PORT)/api
PREFECT_PORT ?= 4200
server: venv
	@echo "in the shell that runs locleg: export PREFECT_API_URL=http://127.0.0.1:$(PREFECT_PORT)/api"
	mkdir -p out/prefect-home
	PREFECT_HOME=$(CURDIR)/out/prefect-home $(BIN)/prefect server start --host 127.0.0.1 --port $(PREFECT_PORT)

lint: venv
	$(BIN)/ruff check models pipeline corpus flows locleg tests bench
	$(BIN)/mypy models pipeline corpus flows locleg

schema: venv
	$(BIN)/locleg schema > models/schema.json

clean:
	rm -rf out .pytest_cache build pipeline/_native.json
	find pipeline -name '*.so' -delete
