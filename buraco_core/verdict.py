"""Verdicts: a yes/no with reasons, each a stable code, its source, and the values it names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_core.codes import CASE_SOURCES, EVENTS, PROJECT, Code


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a verdict is what it is. `code` is stable; messages live in buraco_text's catalogs.

    `params` fill the message (cards stay Card values so each language prints them its own
    way); the sources come with the code (`codes.py`).
    """

    code: Code
    params: Mapping[str, Any] = field(default_factory=dict)

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(self, code: Code, params: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", {} if params is None else params)

    @property
    def sources(self) -> tuple[str, ...]:
        """Seed files ("000"), options ("option:go_out_by") or "project" (codes.py); a
        case of the code may rest on others (`CASE_SOURCES`)."""
        case = self.params.get("case")
        if case is not None:
            return CASE_SOURCES.get((self.code, case), self.code.sources)
        return self.code.sources

    @property
    def source(self) -> str:
        """The sources as one readable string: `seeds 000, 003; option go_out_by`."""
        sources = self.sources
        seeds = [s for s in sources if not s.startswith("option:") and s != PROJECT]
        options = [s.removeprefix("option:") for s in sources if s.startswith("option:")]
        parts = ["the project's reading"] if PROJECT in sources else []
        if seeds:
            parts.append(("seed " if len(seeds) == 1 else "seeds ") + ", ".join(seeds))
        if options:
            parts.append(("option " if len(options) == 1 else "options ") + ", ".join(options))
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "is this legal?": `ok` and the reasons, blocking ones first. The
    reasons of a legal move tell what happened in order; `events` are those alone."""

    ok: bool
    reasons: tuple[Reason, ...] = ()

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(self, ok: bool, reasons: tuple[Reason, ...] = ()) -> None:
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "reasons", reasons)

    @property
    def events(self) -> tuple[Reason, ...]:
        """What the move made happen: drew, laid, a beat, the morto became the stock..."""
        return tuple(r for r in self.reasons if r.code in EVENTS)

    @property
    def codes(self) -> tuple[Code, ...]:
        return tuple(r.code for r in self.reasons)


def headline_order(reasons: Sequence[Reason]) -> tuple[Reason, ...]:
    """The reasons in the order a one-line answer says them. A justified pickup refused
    because the meld with the lixo's top card breaks a rule (two wilds, a gap) leads with
    that rule: "the top card makes no meld as placed" blames the top card, where the fault
    may be a hand card's (a 2♣ beside the JK on top: two wilds). Where the lixo is taken
    freely its own wording leads: it says how to take the lixo instead. The verdict's order,
    its contract, stays as it is."""
    first = reasons[0] if reasons else None
    if (
        first is None
        or first.code is not Code.PICKUP_TOP_CARD_NOT_USED
        or first.params.get("case") == "free"
    ):
        return tuple(reasons)
    return (*reasons[1:], first)
