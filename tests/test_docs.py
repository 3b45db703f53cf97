"""The examples in the README and the packages' docstrings run as written."""

import doctest
import re
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


def test_readme_names_every_rule_option_in_order() -> None:
    """The README's list of option names (for links, scenario files and `--set`) is the
    core's: five options the command took were missing from it."""
    from buraco_core.rules import OPTIONS

    text = (ROOT / "README.md").read_text()
    listed = text[text.index("Option names (used in") :].split("\n\n", 1)[0]
    assert re.findall(r"`([a-z0-9_]+)`", listed) == [option.name for option in OPTIONS]
