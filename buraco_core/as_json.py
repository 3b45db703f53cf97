"""The core's values as JSON: reasons, meld verdicts, scores, rule sets.

Apart from notation (which reads files with pydantic) so that `buraco meld` starts fast;
notation re-exports these, the one place for data formats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from buraco_core.cards import Card
from buraco_core.melds import MeldVerdict
from buraco_core.rules import RuleSet
from buraco_core.verdict import Reason

if TYPE_CHECKING:
    from buraco_core.scoring import RoundScore


def json_value(value: Any) -> Any:
    """Params as JSON: cards in ASCII notation, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, list | tuple):
        return [json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): json_value(v) for k, v in value.items()}
    return value


Describe = Callable[[Reason], str]  # a reason in words: the front end's (buraco_text.message)


def reason_json(reason: Reason, describe: Describe) -> dict[str, Any]:
    return {
        "code": reason.code,
        "source": reason.source,
        "message": describe(reason),
        "params": json_value(dict(reason.params)),
    }


def meld_json(verdict: MeldVerdict, describe: Describe) -> dict[str, Any]:
    meld = verdict.meld
    wild_as: str | None = None
    if meld is not None and meld.wild is not None:
        wild_as = str(meld.wild_as) if meld.kind == "sequence" else None
    return {
        "valid": verdict.ok,
        "kind": meld.kind if meld else None,
        "suit": meld.suit.value if meld and meld.suit else None,
        "rank": None if meld is None or meld.rank is None else str(meld.slots[0].card)[:-1],
        "arrangement": [str(c) for c in meld.cards] if meld else [],
        "wild": str(meld.wild) if meld and meld.wild else None,
        "wild_as": wild_as,
        "wild_as_options": (
            [str(meld.stands_for(p)) for p in meld.wild_options]
            if meld and meld.kind == "sequence" and meld.wild
            else []
        ),
        "natural_two": str(meld.natural_two) if meld and meld.natural_two else None,
        "clean": meld.clean if meld else None,
        "canastra": verdict.canastra,
        "points": verdict.points,
        "reasons": [reason_json(r, describe) for r in verdict.reasons],
    }


def score_json(score: RoundScore) -> dict[str, Any]:
    return {
        "sides": [
            {
                "name": side.name,
                "items": [
                    {
                        "code": item.code,
                        "points": item.points,
                        "params": json_value(dict(item.params)),
                    }
                    for item in side.items
                ],
                "total": side.total,
            }
            for side in score.sides
        ]
    }


def rules_label(rules: RuleSet) -> dict[str, Any]:
    return {"preset": rules.preset, "changed": rules.changed_options()}
