"""The layers run one way (README, Layout): the core holds the game only and imports none
of the front ends; the course and the command never reach up into the app."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imported(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
    return found


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("buraco_core", {"buraco_course", "buraco_cli", "buraco_app", "streamlit"}),
        ("buraco_course", {"buraco_cli", "buraco_app", "streamlit"}),
        ("buraco_cli", {"buraco_app", "streamlit"}),
    ],
)
def test_a_layer_never_imports_the_layers_above_it(package: str, forbidden: set[str]) -> None:
    assert _imported(package) & forbidden == set()
