"""The examples in the README and the packages' docstrings run as written."""

import doctest
import re
from pathlib import Path

import pytest

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


def test_readme_names_every_json_field_each_command_prints(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Each command's bullet in the README's section on `buraco` lists the fields its --json
    prints, a contract read outside the project: meld's `rank` (a trinca's), score's and
    coach's `rules`, and every field of judge's answer were printed but never named there."""
    import json

    from buraco_cli.main import main
    from tests.test_judge_cli import LEGAL

    text = (ROOT / "README.md").read_text()
    section = text[text.index("## The `buraco` command") : text.index("### Positions")]
    judged = tmp_path / "judge.json"
    judged.write_text(json.dumps(LEGAL), encoding="utf-8")
    scored = tmp_path / "round.json"
    scored.write_text('{"sides": [{"melds": [["4h", "5h", "6h"]]}]}', encoding="utf-8")
    main(["selfplay", "--rounds", "1", "--levels", "random,random", "--save", str(tmp_path / "r")])
    record = str(tmp_path / "r" / "round-001.json")
    capsys.readouterr()
    for command, *argv in (
        ("meld", "5h", "5s", "5d"),
        ("score", str(scored)),
        ("judge", str(judged)),
        ("coach", str(judged)),
        ("replay", record),
        ("selfplay", "--rounds", "1", "--levels", "random,random"),
    ):
        main([command, *argv, "--json"])
        printed = json.loads(capsys.readouterr().out)
        start = section.index(f"\n- `buraco {command} ")
        bullet = section[start : section.find("\n- `buraco ", start + 1)]
        missing = [field for field in printed if f"`{field}`" not in bullet]
        assert not missing, f"buraco {command} --json prints {missing}, not in its README bullet"
