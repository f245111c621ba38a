"""The rule-set version is derived from the rules: it changes exactly when they do."""

from __future__ import annotations

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
