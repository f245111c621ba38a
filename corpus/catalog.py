"""The catalog of a store: documents, norms, runs, per-run statuses and a full-text index of units.

SQLite by default (``<out>/catalog.sqlite``, WAL, FTS5 with accent folding); PostgreSQL given a
``postgresql://`` URL (``tsvector`` + GIN over a folded copy of the text, so accents fold there
too without the superuser-only ``unaccent`` extension), so that workers on several machines
share one catalog. Both speak the same small SQL (``INSERT ... ON CONFLICT DO UPDATE``), so re-running a
document updates its rows in place: ``documents`` and ``norms`` have one row per document key,
``units`` are replaced as a whole in the same transaction, ``document_runs`` has one row per
(run, document).

Tables:
  runs(run_id, manifest, out_dir, started_at, finished_at, summary_json)
  documents(doc_key, source, sha256, status, reason, json_path, ocr_path, meta_json, pages,
            confidence, run_id, updated_at, last_status, last_reason, last_run_id)
  norms(doc_key, uf, municipio, tipo, numero, ano, data, epigrafe, ementa, urn)
  units(id, doc_key, unit_id, article_id, type, label, text)      + units_fts / units.folded, tsv
      (one row per unit with text, plus the norm's ementa as a row of type ``ementa``, so that
      the ementa is searched with the articles)
  document_runs(run_id, doc_key, status, reason, stored, at)
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from models.norm import NormDocument, Unit
from pipeline.folding import fold

_COMMON_DDL = [
    """CREATE TABLE IF NOT EXISTS runs (
        run_id TEXT PRIMARY KEY, manifest TEXT, out_dir TEXT, started_at TEXT, finished_at TEXT,
        summary_json TEXT)""",
    """CREATE TABLE IF NOT EXISTS documents (
        doc_key TEXT PRIMARY KEY, source TEXT NOT NULL, sha256 TEXT, status TEXT NOT NULL,
        reason TEXT NOT NULL, json_path TEXT, ocr_path TEXT, meta_json TEXT, pages INTEGER,
        confidence DOUBLE PRECISION, run_id TEXT, updated_at TEXT,
        last_status TEXT, last_reason TEXT, last_run_id TEXT)""",
    "CREATE INDEX IF NOT EXISTS documents_json_path ON documents(json_path)",
    """CREATE TABLE IF NOT EXISTS norms (
        doc_key TEXT PRIMARY KEY, uf TEXT, municipio TEXT, tipo TEXT, numero TEXT, ano INTEGER,
        data TEXT, epigrafe TEXT, ementa TEXT, urn TEXT)""",
    """CREATE TABLE IF NOT EXISTS document_runs (
        run_id TEXT NOT NULL, doc_key TEXT NOT NULL, status TEXT NOT NULL, reason TEXT NOT NULL,
        stored INTEGER NOT NULL, at TEXT, PRIMARY KEY (run_id, doc_key))""",
]

_SQLITE_DDL = [
    """CREATE TABLE IF NOT EXISTS units (
        id INTEGER PRIMARY KEY AUTOINCREMENT, doc_key TEXT NOT NULL, unit_id TEXT NOT NULL,
        article_id TEXT, type TEXT, label TEXT, text TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS units_doc ON units(doc_key)",
    """CREATE VIRTUAL TABLE IF NOT EXISTS units_fts USING fts5(
        text, content='units', content_rowid='id', tokenize='unicode61 remove_diacritics 2')""",
    """CREATE TRIGGER IF NOT EXISTS units_ai AFTER INSERT ON units BEGIN
        INSERT INTO units_fts(rowid, text) VALUES (new.id, new.text); END""",
    """CREATE TRIGGER IF NOT EXISTS units_ad AFTER DELETE ON units BEGIN
        INSERT INTO units_fts(units_fts, rowid, text) VALUES ('delete', old.id, old.text); END""",
]

_PG_TSV = "tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce(folded, text))) STORED"

_PG_DDL = [
    f"""CREATE TABLE IF NOT EXISTS units (
        id BIGSERIAL PRIMARY KEY, doc_key TEXT NOT NULL, unit_id TEXT NOT NULL,
        article_id TEXT, type TEXT, label TEXT, text TEXT NOT NULL, folded TEXT, {_PG_TSV})""",
    "CREATE INDEX IF NOT EXISTS units_doc ON units(doc_key)",
    "CREATE INDEX IF NOT EXISTS units_tsv ON units USING GIN (tsv)",
]

_fold_text = fold.__wrapped__
"""``fold`` without its cache: unit texts are long and seen once (the cache is for lines)."""

EMENTA_UNIT_ID = "ementa"
"""The ``unit_id`` (and ``type``) of the row that indexes a norm's ementa."""


@dataclass(frozen=True)
class StoredDocument:
    doc_key: str
    source: str
    sha256: str | None
    status: str
    reason: str
    json_path: str | None
    ocr_path: str | None
    meta_json: str | None
    run_id: str | None


@dataclass(frozen=True)
class SearchHit:
    doc_key: str
    unit_id: str
    article_id: str | None
    type: str
    text: str
    json_path: str | None
    uf: str | None
    municipio: str | None
    tipo: str | None
    numero: str | None
    ano: int | None

    @property
    def norm_label(self) -> str:
        parts = [self.tipo or "Norma", f"nº {self.numero}" if self.numero else "s/n", f"/{self.ano}" if self.ano else ""]
        where = f"{self.municipio or '?'}-{self.uf or '?'}"
        return f"{parts[0]} {parts[1]}{parts[2]} ({where})"


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def iter_units(units: Iterable[Unit], article_id: str | None = None) -> Iterator[tuple[Unit, str | None]]:
    """Every unit of a tree with the id of the artigo it belongs to (None above artigos)."""
    for unit in units:
        own_article = unit.id if unit.type == "artigo" else article_id
        yield unit, own_article
        yield from iter_units(unit.children, own_article)


CONNECT_TIMEOUT_S = 10
"""Seconds to connect to a PostgreSQL catalog (libpq's connect_timeout), unless the URL says."""


class Catalog:
    """One catalog connection (SQLite file or PostgreSQL URL); methods are thread-safe."""

    def __init__(self, target: str | Path):
        self.target = str(target)
        self.is_postgres = self.target.startswith(("postgresql://", "postgres://"))
        self._lock = threading.RLock()
        if self.is_postgres:
            import psycopg

            # a server that does not answer is one error within seconds, not the system's TCP
            # timeout (minutes); a URL or PGCONNECT_TIMEOUT that sets one is obeyed
            timeout: dict[str, Any] = {}
            if "connect_timeout" not in self.target and not os.environ.get("PGCONNECT_TIMEOUT"):
                timeout["connect_timeout"] = CONNECT_TIMEOUT_S
            self._conn: Any = psycopg.connect(self.target, autocommit=False, **timeout)
        else:
            Path(self.target).parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.target, timeout=60, check_same_thread=False,
                                         isolation_level=None)
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA busy_timeout=60000")
        self._create_schema()

    # -- plumbing ---------------------------------------------------------------------------
    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.is_postgres else sql

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        with self._lock:
            cur = self._conn.cursor()
            try:
                if not self.is_postgres:
                    cur.execute("BEGIN IMMEDIATE")
                yield cur
                self._conn.commit() if self.is_postgres else cur.execute("COMMIT")
            except BaseException:
                self._conn.rollback() if self.is_postgres else cur.execute("ROLLBACK")
                raise
            finally:
                cur.close()

    def _exec(self, cur: Any, sql: str, params: tuple = ()) -> Any:
        cur.execute(self._sql(sql), params)
        return cur

    def _create_schema(self) -> None:
        with self._tx() as cur:
            if self.is_postgres:
                cur.execute("SELECT pg_advisory_xact_lock(4242017)")
            for ddl in _COMMON_DDL + (_PG_DDL if self.is_postgres else _SQLITE_DDL):
                cur.execute(ddl)
            if self.is_postgres:
                self._fold_pg_units(cur)

    def _fold_pg_units(self, cur: Any) -> None:
        """Bring a PostgreSQL catalog made before accent folding up to date (add ``folded``, index
        it instead of the raw text), and fold rows that have no folded text yet: all of them
        after that change, or rows written since by an older worker (found by a partial index)."""
        cur.execute("""SELECT 1 FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'units' AND column_name = 'folded'""")
        if cur.fetchone() is None:
            cur.execute("ALTER TABLE units ADD COLUMN folded TEXT")
            cur.execute("ALTER TABLE units DROP COLUMN IF EXISTS tsv")  # its index goes with it
            cur.execute(f"ALTER TABLE units ADD COLUMN {_PG_TSV}")
            cur.execute("CREATE INDEX IF NOT EXISTS units_tsv ON units USING GIN (tsv)")
        cur.execute("CREATE INDEX IF NOT EXISTS units_unfolded ON units(id) WHERE folded IS NULL")
        rows = cur.execute("SELECT id, text FROM units WHERE folded IS NULL").fetchall()
        if rows:
            cur.executemany("UPDATE units SET folded = %s WHERE id = %s", [(_fold_text(t), i) for i, t in rows])

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    # -- runs -------------------------------------------------------------------------------
    def begin_run(self, run_id: str, *, manifest: str, out_dir: str) -> None:
        with self._tx() as cur:
            self._exec(cur, """INSERT INTO runs(run_id, manifest, out_dir, started_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (run_id) DO NOTHING""", (run_id, manifest, out_dir, _now()))

    def finish_run(self, run_id: str, summary: dict) -> None:
        with self._tx() as cur:
            self._exec(cur, "UPDATE runs SET finished_at = ?, summary_json = ? WHERE run_id = ?",
                       (_now(), json.dumps(summary, ensure_ascii=False), run_id))

    # -- documents --------------------------------------------------------------------------
    def get_document(self, doc_key: str) -> StoredDocument | None:
        with self._tx() as cur:
            row = self._exec(cur, """SELECT doc_key, source, sha256, status, reason, json_path, ocr_path,
                meta_json, run_id FROM documents WHERE doc_key = ?""", (doc_key,)).fetchone()
        return StoredDocument(*row) if row else None

    def documents(self) -> list[StoredDocument]:
        with self._tx() as cur:
            rows = self._exec(cur, """SELECT doc_key, source, sha256, status, reason, json_path, ocr_path,
                meta_json, run_id FROM documents ORDER BY doc_key""").fetchall()
        return [StoredDocument(*row) for row in rows]

    def path_owner(self, json_path: str) -> str | None:
        with self._tx() as cur:
            row = self._exec(cur, "SELECT doc_key FROM documents WHERE json_path = ?", (json_path,)).fetchone()
        return row[0] if row else None

    def record_document(self, *, run_id: str, doc_key: str, source: str, result: NormDocument,
                        json_path: str | None, ocr_path: str | None, meta_json: str | None) -> None:
        """Upsert a stored result: document, norm and units rows, in one transaction."""
        info, norm = result.document, result.norm
        now = _now()
        with self._tx() as cur:
            self._exec(cur, """INSERT INTO documents(doc_key, source, sha256, status, reason, json_path,
                    ocr_path, meta_json, pages, confidence, run_id, updated_at, last_status, last_reason,
                    last_run_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (doc_key) DO UPDATE SET source = excluded.source, sha256 = excluded.sha256,
                    status = excluded.status, reason = excluded.reason, json_path = excluded.json_path,
                    ocr_path = excluded.ocr_path, meta_json = excluded.meta_json, pages = excluded.pages,
                    confidence = excluded.confidence, run_id = excluded.run_id,
                    updated_at = excluded.updated_at, last_status = excluded.last_status,
                    last_reason = excluded.last_reason, last_run_id = excluded.last_run_id""",
                (doc_key, source, info.sha256, info.status, info.reason, json_path, ocr_path, meta_json,
                 info.pages, info.confidence, run_id, now, info.status, info.reason, run_id))
            self._exec(cur, """INSERT INTO norms(doc_key, uf, municipio, tipo, numero, ano, data, epigrafe,
                    ementa, urn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (doc_key) DO UPDATE SET uf = excluded.uf, municipio = excluded.municipio,
                    tipo = excluded.tipo, numero = excluded.numero, ano = excluded.ano,
                    data = excluded.data, epigrafe = excluded.epigrafe, ementa = excluded.ementa,
                    urn = excluded.urn""",
                (doc_key, norm.uf, norm.municipio, norm.tipo, norm.numero, norm.ano,
                 norm.data.isoformat() if norm.data else None, result.epigrafe,
                 result.ementa or norm.ementa, norm.urn))
            self._exec(cur, "DELETE FROM units WHERE doc_key = ?", (doc_key,))
            ementa = result.ementa or norm.ementa
            rows: list[tuple[str, str, str | None, str, str | None, str]] = (
                [(doc_key, EMENTA_UNIT_ID, None, EMENTA_UNIT_ID, None, ementa)] if ementa and ementa.strip() else [])
            rows += [(doc_key, unit.id, article, unit.type, unit.label, unit.text)
                     for unit, article in iter_units(result.articulacao) if unit.text.strip()]
            if rows and self.is_postgres:
                cur.executemany("""INSERT INTO units(doc_key, unit_id, article_id, type, label, text, folded)
                    VALUES (%s, %s, %s, %s, %s, %s, %s)""", [(*row, _fold_text(row[-1])) for row in rows])
            elif rows:
                cur.executemany("""INSERT INTO units(doc_key, unit_id, article_id, type, label, text)
                    VALUES (?, ?, ?, ?, ?, ?)""", rows)
            self._record_attempt(cur, run_id, doc_key, info.status, info.reason, stored=True)

    def record_attempt(self, *, run_id: str, doc_key: str, status: str, reason: str) -> None:
        """A result that was not stored (worse than the stored one): history only."""
        with self._tx() as cur:
            self._exec(cur, """UPDATE documents SET last_status = ?, last_reason = ?, last_run_id = ?
                WHERE doc_key = ?""", (status, reason, run_id, doc_key))
            self._record_attempt(cur, run_id, doc_key, status, reason, stored=False)

    def _record_attempt(self, cur: Any, run_id: str, doc_key: str, status: str, reason: str,
                        *, stored: bool) -> None:
        self._exec(cur, """INSERT INTO document_runs(run_id, doc_key, status, reason, stored, at)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (run_id, doc_key) DO UPDATE SET status = excluded.status,
            reason = excluded.reason, stored = excluded.stored, at = excluded.at""",
            (run_id, doc_key, status, reason, int(stored), _now()))

    def count(self, table: str) -> int:
        if table not in ("runs", "documents", "norms", "units", "document_runs"):
            raise ValueError(table)
        with self._tx() as cur:
            return int(self._exec(cur, f"SELECT count(*) FROM {table}").fetchone()[0])

    # -- search -----------------------------------------------------------------------------
    def search(self, phrase: str, *, uf: str | None = None, limit: int = 20) -> list[SearchHit]:
        """Units (and ementas: ``unit_id`` ``ementa``) whose text matches ``phrase`` (see
        :func:`parse_query`); accents and case folded on both catalogs."""
        words = phrase.split()
        if not words:
            return []
        select = """SELECT u.doc_key, u.unit_id, u.article_id, u.type, u.text, d.json_path, n.uf,
                n.municipio, n.tipo, n.numero, n.ano
            FROM units u JOIN documents d ON d.doc_key = u.doc_key
            LEFT JOIN norms n ON n.doc_key = u.doc_key"""
        params: list[Any]
        groups = parse_query(phrase)
        if not groups:
            return []
        if self.is_postgres:
            where = " WHERE u.tsv @@ to_tsquery('simple', ?)"
            params = [_pg_tsquery(groups)]
            order = " ORDER BY ts_rank(u.tsv, to_tsquery('simple', ?)) DESC, u.doc_key, u.id"
            order_params = [_pg_tsquery(groups)]
        else:
            select = select.replace("FROM units u", "FROM units_fts f JOIN units u ON u.id = f.rowid")
            where = " WHERE units_fts MATCH ?"
            params = [_fts5_query(groups)]
            order = " ORDER BY f.rank, u.doc_key, u.id"
            order_params = []
        if uf:
            where += " AND upper(n.uf) = ?"
            params.append(uf.upper())
        sql = select + where + order + " LIMIT ?"
        with self._tx() as cur:
            rows = self._exec(cur, sql, tuple(params + order_params + [limit])).fetchall()
        return [SearchHit(*row) for row in rows]


Term = tuple[tuple[str, ...], bool]
"""A search term: its words (several: a phrase) and whether the last one is a prefix."""


@dataclass(frozen=True)
class Near:
    """``NEAR(a b ..., N)``: every term, each within ``distance`` words of the others."""

    terms: tuple[Term, ...]
    distance: int = 10


NEAR_DEFAULT, NEAR_MAX, NEAR_TERMS_MAX = 10, 30, 4
"""FTS5's default distance; bounds that keep the PostgreSQL expansion small (see _pg_tsquery)."""

Item = Term | Near


def parse_query(query: str) -> list[list[Item]]:
    """The search syntax: ``OR`` between alternatives, a trailing ``*`` for a prefix
    (``tribut*``), ``"double quotes"`` for a phrase, ``NEAR(taxa lixo, 5)`` for terms within N
    words of each other (default 10, at most 30; 2 to 4 terms), other words all required. A query
    with none of these is one phrase, as before (``bandeirada noturna``). Returns OR-groups of
    AND-items; words are reduced to letters and digits, so nothing of the input reaches SQL as
    syntax."""
    import re

    query = query.replace("\x00", " ")  # the placeholder of a NEAR group below
    if not re.search(r'\bOR\b|\*|"|\bNEAR\(', query):
        words = tuple(_words(query))
        return [[(words, False)]] if words else []
    nears: list[Near] = []

    def take_near(m: re.Match[str]) -> str:
        inner, distance = m.group(1), NEAR_DEFAULT
        tail = re.search(r",\s*(\d{1,6})\s*$", inner)
        if tail:
            distance, inner = max(0, min(int(tail.group(1)), NEAR_MAX)), inner[:tail.start()]
        terms = [t for t in (_term(tok) for tok in _tokens(inner)) if t is not None][:NEAR_TERMS_MAX]
        nears.append(Near(tuple(terms), distance))
        return f" \x00{len(nears) - 1} "

    query = re.sub(r"\bNEAR\(([^()]*)\)", take_near, query)
    quoted = set(re.findall(r'"([^"]*)"', query))
    groups: list[list[Item]] = [[]]
    for token in _tokens(query):
        if token == "OR" and token not in quoted:
            groups.append([])
            continue
        if token.startswith("\x00"):
            near = nears[int(token[1:])]
            if len(near.terms) >= 2:
                groups[-1].append(near)
            elif near.terms:
                groups[-1].append(near.terms[0])
            continue
        term = _term(token)
        if term is not None:
            groups[-1].append(term)
    return [g for g in groups if g]


def _tokens(text: str) -> list[str]:
    import shlex

    try:
        return shlex.split(text)
    except ValueError:
        return text.replace('"', " ").split()


def _term(token: str) -> Term | None:
    words = tuple(_words(token))
    return (words, token.endswith("*")) if words else None


def _words(text: str) -> list[str]:
    import re

    return re.findall(r"\w+", text)


def _fts5_query(groups: list[list[Item]]) -> str:
    def term(words: tuple[str, ...], prefix: bool) -> str:
        return '"' + " ".join(words) + '"' + ("*" if prefix else "")

    def item(it: Item) -> str:
        if isinstance(it, Near):
            return "NEAR(" + " ".join(term(*t) for t in it.terms) + f", {it.distance})"
        return term(*it)

    return " OR ".join("(" + " ".join(item(i) for i in g) + ")" for g in groups)


def _pg_tsquery(groups: list[list[Item]]) -> str:
    """The same query as a ``to_tsquery('simple', ...)`` over folded text. NEAR has no direct
    tsquery form (``a <N> b`` is *exactly* N apart): each pair of its terms is one of
    ``a <d> b`` or ``b <d> a`` for d = 1..N+1 (N words or fewer between them, either order)."""
    def term(words: tuple[str, ...], prefix: bool) -> str:
        parts = [f"'{fold(w).lower()}'" for w in words]
        if prefix:
            parts[-1] += ":*"
        return "(" + " <-> ".join(parts) + ")"

    def item(it: Item) -> str:
        if not isinstance(it, Near):
            return term(*it)
        pairs = []
        for i, a in enumerate(it.terms):
            for b in it.terms[i + 1:]:
                ta, tb = term(*a), term(*b)
                pairs.append("(" + " | ".join(f"{x} <{d}> {y}" for d in range(1, it.distance + 2)
                                              for x, y in ((ta, tb), (tb, ta))) + ")")
        return "(" + " & ".join(pairs) + ")"

    return " | ".join("(" + " & ".join(item(i) for i in g) + ")" for g in groups)


def default_catalog_target(out_dir: Path) -> Path:
    return Path(out_dir) / "catalog.sqlite"


def open_catalog(target: str | None, out_dir: Path) -> Catalog:
    """``target`` is a ``postgresql://`` URL, a SQLite file path, or None for ``<out>/catalog.sqlite``."""
    return Catalog(target if target else default_catalog_target(out_dir))
