"""Whole numbers as people type them: at the table ("-150", "−150", "1.200") and in a link or
a command (`joker_points=20`, `1_000`, `20.0`). One reader for the rules' options and the score
sheet, so a number means the same everywhere."""

from __future__ import annotations

import re
from typing import Any

# More digits than any score or option can have: answered as a number beyond every limit,
# without converting (Python refuses to convert thousands of digits, and it costs time).
MAX_DIGITS = 15
BEYOND: int = 10**MAX_DIGITS
# Thousands grouped the Brazilian way (1.200), the English way (1,200), or by spaces or _.
_GROUPED = re.compile(r"\d{1,3}(?:([.,\s_])\d{3})(?:\1\d{3})*")
_PLAIN = re.compile(r"\d+(?:\.0+)?")  # a zero fraction is still whole: 20.0


def whole_number(value: Any) -> int | None:
    """An int from a number or typed text; None if it is not a whole number.

    >>> [whole_number(v) for v in (7, 20.0, " -150 ", "\u2212150", "1.200", "1,200", "1_000")]
    [7, 20, -150, -150, 1200, 1200, 1000]
    >>> [whole_number(v) for v in (True, 2.5, "1.5", "1.20", "sete", "", None)]
    [None, None, None, None, None, None, None]
    """
    if isinstance(value, bool):  # true is not 1 point: a bad setting would be silently changed
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if not isinstance(value, str):
        return None
    text = value.strip().replace("\u2212", "-").replace("\u00a0", " ")
    sign = -1 if text.startswith("-") else 1
    digits = text[1:].strip() if text[:1] in "+-" else text
    if not digits.isascii():
        return None
    if _GROUPED.fullmatch(digits):
        digits = re.sub(r"\D", "", digits)
    elif _PLAIN.fullmatch(digits):
        digits = digits.split(".")[0]
    else:
        return None
    if len(digits.lstrip("0")) > MAX_DIGITS:
        return sign * BEYOND
    return sign * int(digits)
