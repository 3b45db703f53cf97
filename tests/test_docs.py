"""The examples in the README and the packages' docstrings run as written."""

import doctest
from pathlib import Path

import buraco_core
import buraco_text

ROOT = Path(__file__).resolve().parent.parent


def test_readme_python_examples_run() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def test_package_docstring_example_runs() -> None:
    result = doctest.testmod(buraco_core)
    assert result.attempted > 0 and result.failed == 0


def test_text_docstring_examples_run() -> None:
    result = doctest.testmod(buraco_text)
    assert result.attempted > 0 and result.failed == 0
