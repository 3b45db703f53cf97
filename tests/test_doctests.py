"""The examples in the core's docstrings run and say what they print (Card, judge_meld,
check, apply, ...) [issue 9]. Run here rather than by --doctest-modules, which would also
import the tests' two conftest.py files as one module."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import buraco_core

MODULES = sorted(name for _, name, _ in pkgutil.iter_modules(buraco_core.__path__, "buraco_core."))


@pytest.mark.parametrize("name", ["buraco_core", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples failed"


def test_the_examples_cover_the_main_entry_points() -> None:
    finder = doctest.DocTestFinder()
    names = {
        test.name
        for name in MODULES
        for test in finder.find(importlib.import_module(name))
        if test.examples
    }
    wanted = {"Card", "judge_meld", "check", "apply"}
    assert wanted <= {n.rsplit(".", 1)[-1] for n in names}
