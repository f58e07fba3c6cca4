"""The quick start of docs/knowledge.md runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "knowledge.md"


def test_the_quick_start_of_the_knowledge_page_runs_as_written():
    text = DOC.read_text(encoding="utf-8")
    start = text.index("```python") + len("```python")
    block = text[start:text.index("```", start)]
    test = doctest.DocTestParser().get_doctest(block, {}, "knowledge.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
