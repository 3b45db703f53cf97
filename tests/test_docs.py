"""The examples in the README and the package docstring run as written."""

import doctest
from pathlib import Path

import buraco_core

ROOT = Path(__file__).resolve().parent.parent


def test_readme_python_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def test_package_docstring_example_runs() -> None:
    result = doctest.testmod(buraco_core)
    assert result.attempted > 0 and result.failed == 0
