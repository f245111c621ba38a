"""The catalog on a real PostgreSQL server (Debian's ``postgresql`` package), started by the fixture
on loopback in a throw-away data directory: several workers, one catalog."""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
from procs import stop_group
from scans import make_text_pdf

from corpus.catalog import Catalog
from corpus.store import Store
from models.norm import DocumentInfo, NormDocument, NormMeta, PipelineInfo, Unit


def _pg_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).resolve().parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def pg_url():
    bindir = _pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries not installed (apt install postgresql; .ci/run does)")
    root = Path(tempfile.mkdtemp(prefix="locleg-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # postgres refuses to run as root: run it as the package's user
        shutil.chown(root, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", _free_port()
    subprocess.run([*as_user, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "locleg",
                    "--no-sync", "-E", "UTF8"], check=True, capture_output=True, timeout=120)
    proc = subprocess.Popen([*as_user, str(bindir / "postgres"), "-D", str(data), "-p", str(port),
                             "-h", "127.0.0.1", "-k", str(root), "-c", "fsync=off",
                             "-c", "full_page_writes=off", "-c", "synchronous_commit=off"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"postgresql://locleg@127.0.0.1:{port}/postgres"
    try:
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                psycopg.connect(url, connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("PostgreSQL did not start")
                time.sleep(0.2)
        yield url
    finally:
        stop_group(proc, signal.SIGINT, timeout=30)  # fast shutdown
        shutil.rmtree(root, ignore_errors=True)


def _result(numero: str, text: str, uf: str = "SP") -> NormDocument:
    return NormDocument(
        pipeline=PipelineInfo(version="t", ruleset_version="t"),
        norm=NormMeta(tipo="Lei", numero=numero, ano=2001, municipio="Campinas", uf=uf),
        document=DocumentInfo(source=f"{numero}.pdf", pages=1, status="extracted"),
        articulacao=[Unit(id="art1", type="artigo", number="1", text=text),
                     Unit(id="art2", type="artigo", number="2", text="Esta Lei entra em vigor na data de sua publicação.")],
    )


def test_workers_share_one_postgres_catalog_without_duplicates(pg_url, tmp_path):
    out = tmp_path / "store"

    def worker(w: int) -> None:
        store = Store(out, Catalog(pg_url))  # its own connection, as on another machine
        try:
            for i in range(10):
                n = str(i % 6)  # workers overlap on six documents
                store.save(run_id=f"run-{w}", doc_key=f"doc-{n}", source=f"{n}.pdf",
                           result=_result(n, f"A bandeirada noturna do táxi {n} custa {w} reais."))
        finally:
            store.catalog.close()

    threads = [threading.Thread(target=worker, args=(w,)) for w in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cat = Catalog(pg_url)
    try:
        assert cat.count("documents") == 6 and cat.count("norms") == 6
        assert cat.count("units") == 12  # two per document, replaced not appended
        assert cat.count("document_runs") == 18  # one per (run, document)
        hits = cat.search("bandeirada noturna")
        assert sorted(h.doc_key for h in hits) == [f"doc-{i}" for i in range(6)]
        assert {h.unit_id for h in hits} == {"art1"} and {h.article_id for h in hits} == {"art1"}
        assert cat.search("noturna bandeirada") == []
        assert cat.search("bandeirada noturna", uf="RJ") == []
        assert cat.search("bandeir*") and cat.search("inexistente OR noturna")  # issue 15: prefix, OR
        assert cat.search("inexistente OR nada") == [] and cat.search("'); DROP TABLE units; -- *") == []
    finally:
        cat.close()
    assert len(list(out.rglob("*.json"))) == 6


@pytest.mark.usefixtures("prefect_harness")
def test_locleg_run_with_a_postgres_catalog(pg_url, tmp_path, capsys):
    from locleg.cli import main

    make_text_pdf(tmp_path / "lei.pdf", [["LEI Nº 77, DE 5 DE MAIO DE 2001", "",
                                          "Art. 1º Fica proibido o uso de fogos de artifício nas praças.",
                                          "Art. 2º Esta Lei entra em vigor na data de sua publicação."]])
    (tmp_path / "m.jsonl").write_text(json.dumps({"source": "lei.pdf", "uf": "MG", "numero": "77", "ano": 2001})
                                      + "\n", encoding="utf-8")
    args = ["run", str(tmp_path / "m.jsonl"), "--out", str(tmp_path / "out"), "--catalog", pg_url,
            "--cache", str(tmp_path / "cache"), "--no-progress"]
    assert main(args) == 0 and main(args) == 0
    assert not (tmp_path / "out" / "catalog.sqlite").exists()
    cat = Catalog(pg_url)
    try:
        rows = [d for d in cat.documents() if d.doc_key.endswith("lei.pdf")]
        assert len(rows) == 1 and rows[0].status != "failed"
    finally:
        cat.close()
    capsys.readouterr()
    assert main(["search", "fogos de artifício", "--out", str(tmp_path / "out"), "--catalog", pg_url]) == 0
    assert "art1" in capsys.readouterr().out


def _fresh_database(pg_url: str, name: str) -> str:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return pg_url.rsplit("/", 1)[0] + "/" + name


def test_search_ementa_accents_and_near_on_postgres(pg_url):
    """Issue 15: the same cases as on SQLite (tests/search_cases.py): the ementa is a searchable
    row, accents fold (a folded column computed with pipeline.folding.fold: no unaccent
    extension, no superuser), NEAR within N words in either order."""
    from search_cases import check_search, save_search_corpus

    cat = Catalog(_fresh_database(pg_url, "locleg_search"))
    try:
        save_search_corpus(cat)
        check_search(cat)
    finally:
        cat.close()


def test_a_catalog_made_before_folding_is_folded_when_opened(pg_url):
    """A PostgreSQL catalog created by the earlier schema (tsv over the raw text, no folded
    column) is brought up to date on first open, its rows folded; a row written later by an
    older worker (no folded value) is folded at the next open."""
    import psycopg

    from corpus.catalog import _COMMON_DDL

    url = _fresh_database(pg_url, "locleg_old")
    old_row = """INSERT INTO units(doc_key, unit_id, article_id, type, text) VALUES ('old', %s, %s, 'artigo', %s)"""
    with psycopg.connect(url, autocommit=True) as conn:
        for ddl in _COMMON_DDL:
            conn.execute(ddl)
        conn.execute("""CREATE TABLE units (
            id BIGSERIAL PRIMARY KEY, doc_key TEXT NOT NULL, unit_id TEXT NOT NULL,
            article_id TEXT, type TEXT, label TEXT, text TEXT NOT NULL,
            tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED)""")
        conn.execute("CREATE INDEX units_tsv ON units USING GIN (tsv)")
        conn.execute("INSERT INTO documents(doc_key, source, status, reason) VALUES ('old', 'old.pdf', 'extracted', 'ok')")
        conn.execute(old_row, ("art1", "art1", "Esta Lei entra em vigor na data de sua publicação."))
        found = conn.execute("SELECT count(*) FROM units WHERE tsv @@ to_tsquery('simple', 'publicacao')").fetchone()
        assert found == (0,)  # the earlier schema did not fold
    cat = Catalog(url)
    try:
        assert [h.unit_id for h in cat.search("publicacao")] == ["art1"]
    finally:
        cat.close()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(old_row, ("art2", "art2", "Revogam-se as disposições em contrário."))
    cat = Catalog(url)
    try:
        assert [h.unit_id for h in cat.search("disposicoes em contrario")] == ["art2"]
        assert [h.unit_id for h in cat.search("publicacao")] == ["art1"]  # folded once, still there
    finally:
        cat.close()
