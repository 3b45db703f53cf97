"""What a course author must fix, said in the reader's language: `buraco scenarios --check`
prints these in Portuguese or English like every other message of the command."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from buraco_core.errors import BuracoInputError
from buraco_text import Lang, error_message, translate


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: where (a lesson or scenario and the field), what (a key of `course.problem`
    in the catalogs, with its values), or a file that did not load (its input error)."""

    where: str  # the field's path inside the lesson or scenario, e.g. "wrong[1]"
    key: str = ""
    values: tuple[tuple[str, str], ...] = ()
    subject: tuple[str, str] | None = None  # ("scenario" | "lesson", its id)
    error: BuracoInputError | None = None

    def text(self, lang: Lang) -> str:
        if self.error is not None:  # the error names its file and field itself
            return error_message(self.error, lang)
        what = translate(f"course.problem.{self.key}", lang, **dict(self.values))
        parts = [self.where, what] if self.where else [what]
        if self.subject is not None:
            kind, ident = self.subject
            parts.insert(0, translate(f"course.problem.{kind}", lang, id=ident))
        return ": ".join(parts)

    def __str__(self) -> str:  # for a developer reading a test failure
        return self.text("en")

    def about(self, kind: str, ident: str) -> Problem:
        """The same problem, said of a lesson or a scenario."""
        return Problem(self.where, self.key, self.values, (kind, ident), self.error)


def problem(where: str, key: str, **values: object) -> Problem:
    return Problem(where, key, tuple((name, _shown(value)) for name, value in values.items()))


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Iterable) and not isinstance(value, str):
        return ", ".join(map(str, value)) or "-"
    return str(value)
