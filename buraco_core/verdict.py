"""Verdicts: a yes/no with reasons, each a stable code, its source, and the values it names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from buraco_core.cards import Card


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a verdict is what it is. `code` is stable; messages live in buraco_text's catalogs.

    `sources` name seed files ("000") or options ("option:go_out_by"); `params` fill the
    message (cards stay Card values so each language prints them its own way).
    """

    code: str
    sources: tuple[str, ...]
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def source(self) -> str:
        """The sources as one readable string: `seeds 000, 003; option go_out_by`."""
        seeds = [s for s in self.sources if not s.startswith("option:")]
        options = [s.removeprefix("option:") for s in self.sources if s.startswith("option:")]
        parts = []
        if seeds:
            parts.append(("seed " if len(seeds) == 1 else "seeds ") + ", ".join(seeds))
        if options:
            parts.append(("option " if len(options) == 1 else "options ") + ", ".join(options))
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "is this legal?": `ok` and the reasons, blocking ones first."""

    ok: bool
    reasons: tuple[Reason, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.reasons)


def json_value(value: Any) -> Any:
    """Params as JSON: cards in ASCII notation, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list | tuple):
        return [json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    return value
