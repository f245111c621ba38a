"""The rule-set version is derived from the rules: it changes exactly when they do."""

from __future__ import annotations

import json
import re

from pipeline import ruleset
from pipeline.ruleset import code_digest, components, ruleset_version


def test_version_is_three_digests_and_stable():
    version = ruleset_version()
    assert re.fullmatch(r"g[0-9a-f]{10}\.d[0-9a-f]{10}\.c[0-9a-f]{10}", version)
    assert ruleset_version() == version
    assert set(components()) == {"grammar", "data", "code"}


def test_comments_and_docstrings_do_not_change_the_code_digest():
    plain = "def f(x):\n    return x + 1\n"
    commented = 'def f(x):\n    """Add one."""\n    # why: the next one\n    return x + 1  # trailing\n'
    assert code_digest(plain) == code_digest(commented)


def test_a_changed_pattern_or_cost_changes_the_code_digest():
    base = 'import re\n_ART = re.compile(r"Art\\.")\nCOST = 1.0\n'
    assert code_digest(base) != code_digest(base.replace("Art", "ART"))
    assert code_digest(base) != code_digest(base.replace("1.0", "1.5"))


def test_every_rule_module_exists_and_counts():
    for name in ruleset.RULE_MODULES:
        assert ruleset._module_source(name), name  # a renamed module must be renamed here too


def test_every_module_of_the_reading_and_segmenting_packages_is_a_rule_module():
    import pkgutil

    import pipeline.reading
    import pipeline.segmenting

    for package in (pipeline.reading, pipeline.segmenting):
        for info in pkgutil.iter_modules(package.__path__):
            assert f"{package.__name__}.{info.name}" in ruleset.RULE_MODULES, info.name


def test_the_emitted_document_carries_the_version():
    from pipeline.structure import structure_document
    from pipeline.textpages import document_from_text

    doc = structure_document(document_from_text("LEI Nº 1, DE 2 DE JANEIRO DE 1990\n\nArt. 1º Esta lei entra em vigor na data de sua publicação.\n"))
    assert doc.pipeline.ruleset_version == ruleset_version()


def test_a_no_op_rerun_reads_the_rule_digests_instead_of_parsing(tmp_path, monkeypatch) -> None:
    """corpus.current.ruleset_version keeps the rule modules' digests in the cache directory:
    the next process gets the same version without parsing them (0.2-0.25 CPU-s of a no-op rerun)."""
    from corpus import current
    from pipeline import ruleset

    monkeypatch.setenv("LOCLEG_CACHE_DIR", str(tmp_path))

    def fresh_process() -> None:
        ruleset._memo.clear()
        ruleset._used.clear()
        ruleset.components.cache_clear()

    fresh_process()
    version = current.ruleset_version()
    memo = json.loads((tmp_path / "ruleset-digests.json").read_text(encoding="utf-8"))
    assert len(memo) == len(set(ruleset.RULE_MODULES))
    fresh_process()
    monkeypatch.setattr(ruleset, "code_digest", lambda source: (_ for _ in ()).throw(AssertionError("parsed")))
    assert current.ruleset_version() == version
    # a damaged memo is ignored (everything parsed again), never trusted
    monkeypatch.undo()
    monkeypatch.setenv("LOCLEG_CACHE_DIR", str(tmp_path))
    (tmp_path / "ruleset-digests.json").write_text("{not json", encoding="utf-8")
    fresh_process()
    assert current.ruleset_version() == version
    # an entry is keyed by the exact source (and Python version): an edited module misses it
    assert ruleset._memo_key("x = 1\n") != ruleset._memo_key("x = 2\n")
