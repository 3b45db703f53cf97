"""Reading the course: every lesson and scenario file, validated by the models.

The files travel with the package (`buraco_course.lessons`, `buraco_course.scenarios`, mapped
in pyproject.toml to the repository's top-level `lessons/` and `scenarios/`), so they are found
with `importlib.resources` in a checkout and in an installed package alike.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from buraco_core.errors import BuracoInputError, InputCode, from_validation
from buraco_course.models import Lesson, Scenario
from buraco_course.problems import Problem, problem


@dataclass(frozen=True)
class Curriculum:
    lessons: tuple[Lesson, ...]
    scenarios: dict[str, Scenario]
    errors: tuple[Problem, ...] = ()

    def lesson(self, lesson_id: str) -> Lesson:
        return next(lesson for lesson in self.lessons if lesson.id == lesson_id)

    def scenarios_of(self, lesson_id: str) -> list[Scenario]:
        return [self.scenarios[s] for s in self.lesson(lesson_id).scenarios if s in self.scenarios]


def _load(model: type[BaseModel], path: Traversable) -> Any:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:  # (Python's English, “'utf-8' codec can't decode…”, was said)
        raise BuracoInputError(InputCode.NOT_UTF8, str(path), at=exc.start) from None
    except OSError as exc:
        # (Python's English, “[Errno 2] No such file or directory: …”, was said: the number is
        # kept, for buraco_text to say it in the author's language.)
        raise BuracoInputError(InputCode.CANNOT_READ, str(path), errno=exc.errno) from None
    except tomllib.TOMLDecodeError as exc:
        raise _not_toml(str(path), str(exc)) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = from_validation(exc, "", model.model_fields)
        raise error.at(f"{path}: {error.path}") from None


def _not_toml(path: str, detail: str) -> BuracoInputError:
    """tomllib says what is wrong in English and where at its end, "(at line 2, column 11)":
    the place goes into the user's language (the what stays as tomllib wrote it)."""
    place = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", detail, re.DOTALL)
    if place:
        what, line, column = place.groups()
        return BuracoInputError(
            InputCode.NOT_TOML, path, detail=what, line=int(line), column=int(column), case="at"
        )
    if detail.endswith(" (at end of document)"):
        what = detail.removesuffix(" (at end of document)")
        return BuracoInputError(InputCode.NOT_TOML, path, detail=what, case="at_end")
    return BuracoInputError(InputCode.NOT_TOML, path, detail=detail)


def _toml_files(folder: Traversable) -> Iterator[Traversable]:
    """The .toml files under a folder, its subfolders included, in a stable order."""
    if not folder.is_dir():
        return
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.is_dir():
            yield from _toml_files(entry)
        elif entry.name.endswith(".toml"):
            yield entry


def load_curriculum(root: Path | None = None) -> Curriculum:
    """Read every lesson and scenario, from `root/lessons` and `root/scenarios` when a root
    is given, else from the package's own files; a file that does not validate becomes an
    error line naming the file and the field (the others still load)."""
    lessons_dir: Traversable = root / "lessons" if root else files("buraco_course.lessons")
    scenarios_dir: Traversable = root / "scenarios" if root else files("buraco_course.scenarios")
    errors: list[Problem] = []
    lessons: list[Lesson] = []
    for path in _toml_files(lessons_dir):
        try:
            lessons.append(_load(Lesson, path))
        except BuracoInputError as exc:
            errors.append(Problem("", error=exc))
    scenarios: dict[str, Scenario] = {}
    for path in _toml_files(scenarios_dir):
        try:
            scenario: Scenario = _load(Scenario, path)
        except BuracoInputError as exc:
            errors.append(Problem("", error=exc))
            continue
        if scenario.id in scenarios:
            errors.append(problem(f"{path}: id", "id_twice", id=scenario.id))
        scenarios[scenario.id] = scenario
    lessons.sort(key=lambda lesson: lesson.order)
    return Curriculum(tuple(lessons), scenarios, tuple(errors))
