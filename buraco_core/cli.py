"""The `buraco` command: quick rule lookups from a terminal, JSON for scripts.

Exit codes: 0 yes (valid / legal / done), 1 no (invalid / illegal / a check failed),
2 bad input (the message on stderr names what was wrong and where).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from buraco_core.cards import parse_cards
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.explain import (
    ITEM_TEXT,
    PRESET_TITLES,
    Lang,
    check_lang,
    error_message,
    message,
    option_text,
    value_text,
)
from buraco_core.melds import MeldVerdict, judge_meld
from buraco_core.notation import meld_json, reason_json, round_from_data, rules_label, score_json
from buraco_core.rules import (
    OPTION_NAMES,
    PRESET_NAMES,
    PRESETS,
    RuleSet,
    option_sources,
    parse_option_assignment,
    ruleset,
)
from buraco_core.scoring import score_round

Handler = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    handler: Handler = args.handler
    try:
        code = handler(args)
    except BuracoInputError as exc:
        lang = getattr(args, "lang", "pt")
        shown = error_message(exc, "en" if str(lang).lower().startswith("en") else "pt")
        print(f"buraco: error: {shown}", file=sys.stderr)
        code = 2
    except BrokenPipeError:
        code = 0
    sys.stdout.flush()
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="buraco",
        description="Buraco rules at the table: melds, scores, rule sets. "
        "Cards: 4h, 10♠, Td, Qc, JK (case-insensitive).",
    )

    def show_help(_args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=show_help)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    meld = sub.add_parser("meld", help="is this a valid meld? why? what kind of canastra?")
    _rule_args(meld)
    meld.add_argument("cards", nargs="+", metavar="CARD", help="the cards, in any order")
    meld.set_defaults(handler=_meld)

    score = sub.add_parser("score", help="score a round from a JSON file (or - for stdin)")
    _rule_args(score)
    score.add_argument("file", metavar="FILE|-")
    score.set_defaults(handler=_score)

    rules = sub.add_parser("rules", help="the options of a rule set and where presets differ")
    rules.add_argument("name", nargs="?", metavar="NAME", help="aberto, fechado or stbl")
    rules.add_argument("--set", dest="options", action="append", default=[], metavar="OPT=VAL")
    rules.add_argument("--lang", default="pt", help="pt (default) or en")
    rules.add_argument("--json", action="store_true", help="print JSON")
    rules.set_defaults(handler=_rules)

    judge = sub.add_parser("judge", help="is this move legal here? reads a JSON file or -")
    judge.add_argument("file", metavar="FILE|-")
    judge.add_argument("--lang", default="pt", help="pt (default) or en")
    judge.add_argument("--json", action="store_true", help="print one JSON object")
    judge.add_argument(
        "--view", type=int, metavar="SEAT", help="print the position as this seat sees it"
    )
    judge.set_defaults(handler=_judge)

    scenarios = sub.add_parser("scenarios", help="list the lessons and scenarios; --check them")
    scenarios.add_argument("--check", action="store_true", help="check every scenario")
    scenarios.add_argument("--json", action="store_true", help="print one JSON object")
    scenarios.add_argument("--root", metavar="DIR", help="the folder with lessons/, scenarios/")
    scenarios.add_argument("--lang", default="pt", help="pt (default) or en")
    scenarios.set_defaults(handler=_scenarios)

    schema = sub.add_parser("schema", help="the JSON Schema of a position, a move, a judge file")
    schema.add_argument("what", choices=["position", "move", "judge"])
    schema.set_defaults(handler=_schema)
    return parser


def _rule_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", metavar="NAME", help="aberto, fechado (default) or stbl")
    parser.add_argument(
        "--set",
        dest="options",
        action="append",
        default=[],
        metavar="OPTION=VALUE",
        help="change one rule option (repeatable), e.g. --set joker_points=20",
    )
    parser.add_argument("--lang", default="pt", help="pt (default) or en")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def rules_from_args(
    args: argparse.Namespace, base: str | None = None, base_options: dict[str, Any] | None = None
) -> RuleSet:
    """The rule set: the command line's --rules and --set over a file's rules and options."""
    options = dict(base_options or {})
    options.update(parse_option_assignment(text) for text in args.options)
    return ruleset(args.rules or base or "fechado", **options)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def read_json(path: str) -> Any:
    """Read JSON from a file or stdin ("-"); a bad file is bad input naming the place."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        detail = exc.strerror or str(exc)
        raise BuracoInputError(InputCode.CANNOT_READ, f"file {path!r}", detail=detail) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = "stdin" if path == "-" else path
        raise BuracoInputError(
            InputCode.NOT_JSON, f"{where}:{exc.lineno}:{exc.colno}", detail=exc.msg
        ) from None


# --- meld ----------------------------------------------------------------------------------


def _meld(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    rules = rules_from_args(args)
    # "buraco meld '4h 5h 6h'" and "buraco meld 4h,5h,6h" are the same as separate words.
    cards = parse_cards(" ".join(args.cards))
    verdict = judge_meld(cards, rules)
    if args.json:
        data = meld_json(verdict, lang)
        data["rules"] = rules_label(rules)
        print_json(data)
    else:
        print(meld_text(verdict, rules, lang))
    return 0 if verdict.ok else 1


def meld_text(verdict: MeldVerdict, rules: RuleSet, lang: Lang) -> str:
    pt = lang == "pt"
    title = PRESET_TITLES[rules.preset]
    changed = rules.changed_options()
    if changed:
        title += " + " + ", ".join(f"{k}={v}" for k, v in changed.items())
    lines = []
    meld = verdict.meld
    if meld is None:
        lines.append(("✗ Jogo inválido" if pt else "✗ Not a valid meld") + f"  [{title}]")
    else:
        lines.append(("✓ Jogo válido" if pt else "✓ Valid meld") + f"  [{title}]")
        shown = " ".join(
            f"{s.card.symbol}={meld.stands_for(s.position).symbol}"
            if s.wild and meld.kind == "sequence"
            else s.card.symbol
            for s in meld.slots
        )
        lines.append("  " + shown)
    for reason in verdict.reasons:
        lines.append(f"  • {message(reason, lang)}  ({reason.source})")
    if meld is not None:
        bonus = meld.bonus(rules)
        points = f"  {'Pontos' if pt else 'Points'}: {verdict.points}"
        if bonus:
            points += f" + {bonus} ({'bônus' if pt else 'bonus'})"
        lines.append(points)
    return "\n".join(lines)


# --- score ---------------------------------------------------------------------------------


def _score(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    data = read_json(args.file)
    if not isinstance(data, dict):
        raise BuracoInputError(InputCode.EXPECTED_OBJECT, "round", fields=("sides",))
    file_rules = _rules_of_file(data)
    rules = rules_from_args(args, file_rules.preset, file_rules.changed_options())
    score = score_round(rules, round_from_data(rules, data))
    if args.json:
        print_json(score_json(score) | {"rules": rules_label(rules)})
        return 0
    for side in score.sides:
        print(f"{side.name}: {side.total}")
        for item in side.items:
            pt, en = ITEM_TEXT.get(item.code, (item.code, item.code))
            print(f"  {item.points:>6}  {pt if lang == 'pt' else en}")
    return 0


# --- judge ---------------------------------------------------------------------------------


def _rules_of_file(data: dict[str, Any]) -> RuleSet:
    base = data.get("rules", "fechado")
    if not isinstance(base, str):
        raise BuracoInputError(InputCode.UNKNOWN_RULES, "rules")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BuracoInputError(InputCode.EXPECTED_OBJECT, "options", fields=OPTION_NAMES)
    return ruleset(base, **options)


def _judge(args: argparse.Namespace) -> int:
    from buraco_core.judge import play, round_score
    from buraco_core.notation import move_from_data, position_from_data, position_to_data

    lang = check_lang(args.lang)
    data = read_json(args.file)
    if not isinstance(data, dict):
        fields = ("rules", "options", "position", "move")
        raise BuracoInputError(InputCode.EXPECTED_OBJECT, "judge", fields=fields)
    unknown = sorted(set(data) - {"rules", "options", "position", "move"})
    if unknown:
        fields = ("move", "options", "position", "rules")
        raise BuracoInputError(InputCode.UNKNOWN_FIELD, unknown[0], fields=fields)
    for field in ("position", "move"):
        if field not in data:
            raise BuracoInputError(InputCode.MISSING, field)
    rules = _rules_of_file(data)
    state = position_from_data(rules, data["position"])
    move = move_from_data(data["move"])
    verdict, after = play(rules, state, move)
    shown = after if after is not None else state
    if args.view is not None and not 0 <= args.view < shown.players:
        raise BuracoInputError(
            InputCode.NO_SUCH_SEAT, "--view", seat=args.view, players=shown.players
        )
    result: dict[str, Any] = {
        "legal": verdict.ok,
        "reasons": [reason_json(r, lang) for r in verdict.reasons],
        "events": [r.code.value for r in verdict.events],
        "position": position_to_data(rules, shown, args.view),
        "rules": rules_label(rules),
    }
    if after is not None and after.phase.value == "ended":
        result["score"] = score_json(round_score(rules, after))["sides"]
    if args.json:
        print_json(result)
    else:
        pt = lang == "pt"
        head = (
            ("✓ Jogada válida" if pt else "✓ Legal move")
            if verdict.ok
            else ("✗ Jogada inválida" if pt else "✗ Illegal move")
        )
        print(f"{head}  [{PRESET_TITLES[rules.preset]}]")
        for reason in verdict.reasons:
            print(f"  • {message(reason, lang)}  ({reason.source})")
        if after is not None:
            turn = "vez do jogador" if pt else "turn of player"
            print(f"  → {turn} {after.turn}, {after.phase.value}")
        for side in result.get("score", []):
            print(f"  {side['name']}: {side['total']}")
    return 0 if verdict.ok else 1


def _scenarios(args: argparse.Namespace) -> int:
    from buraco_core.curriculum import check_curriculum, load_curriculum

    lang = check_lang(args.lang)
    curriculum = load_curriculum(Path(args.root) if args.root else None)
    errors = check_curriculum(curriculum) if args.check else list(curriculum.errors)
    if args.json:
        print_json(
            {
                "scenarios": [
                    {
                        "id": s.id,
                        "lesson": s.lesson,
                        "themes": list(s.themes),
                        "rules": {"preset": s.rules, "options": s.options},
                        "task": s.task.kind,
                        "title": s.title.get(lang),
                    }
                    for s in curriculum.scenarios.values()
                ],
                "lessons": [
                    {
                        "id": lesson.id,
                        "order": lesson.order,
                        "title": lesson.title.get(lang),
                        "themes": list(lesson.themes),
                        "scenarios": list(lesson.scenarios),
                    }
                    for lesson in curriculum.lessons
                ],
                "errors": errors,
            }
        )
    else:
        for lesson in curriculum.lessons:
            print(f"{lesson.order:>2}. {lesson.title.get(lang)}  [{lesson.id}]")
            for scenario in curriculum.scenarios_of(lesson.id):
                print(f"      - {scenario.title.get(lang)}  [{scenario.id}, {scenario.rules}]")
        counted = f"{len(curriculum.lessons)} lessons, {len(curriculum.scenarios)} scenarios"
        print(counted + (", checked" if args.check and not errors else ""))
        for error in errors:
            print(f"error: {error}", file=sys.stderr)
    return 1 if errors else 0


def _schema(args: argparse.Namespace) -> int:
    from buraco_core.notation import move_schema, position_schema

    if args.what == "position":
        print_json(position_schema())
    elif args.what == "move":
        print_json(move_schema())
    else:
        # The parts' "$ref": "#/$defs/..." point at the document root: their $defs go there.
        position, move = position_schema(), move_schema()
        defs = {**position.pop("$defs", {}), **move.pop("$defs", {})}
        print_json(
            {
                "title": "JudgeFile",
                "type": "object",
                "required": ["position", "move"],
                "additionalProperties": False,
                "properties": {
                    "rules": {"enum": list(PRESET_NAMES), "default": "fechado"},
                    "options": {"type": "object", "description": "rule options by name"},
                    "position": position,
                    "move": move,
                },
                "$defs": defs,
            }
        )
    return 0


# --- rules ---------------------------------------------------------------------------------


def _rules(args: argparse.Namespace) -> int:
    lang = check_lang(args.lang)
    options = dict(parse_option_assignment(t) for t in args.options)
    chosen = ruleset(args.name, **options) if args.name else None
    differ = [n for n in OPTION_NAMES if len({getattr(PRESETS[p], n) for p in PRESET_NAMES}) > 1]
    if args.json:
        data: dict[str, Any] = {
            "options": [
                {
                    "name": name,
                    "description": option_text(name, lang),
                    "sources": list(option_sources(name)),
                    "presets": {p: getattr(PRESETS[p], name) for p in PRESET_NAMES},
                    **({"value": getattr(chosen, name)} if chosen else {}),
                }
                for name in OPTION_NAMES
            ],
            "presets_differ_in": differ,
        }
        if chosen:
            data["rules"] = rules_label(chosen)
        print_json(data)
        return 0
    if chosen:
        print(PRESET_TITLES[chosen.preset])
        for name in OPTION_NAMES:
            value = getattr(chosen, name)
            mark = "*" if name in chosen.changed_options() else " "
            print(f"{mark} {name} = {value}  ({value_text(value, lang)})")
            print(f"      {option_text(name, lang)}")
        return 0
    head = "Onde as variantes diferem" if lang == "pt" else "Where the variants differ"
    print(head)
    width = max(len(n) for n in differ)
    rows = [[value_text(getattr(PRESETS[p], n), lang) for p in PRESET_NAMES] for n in differ]
    col = 2 + max(len(c) for row in [list(PRESET_TITLES.values()), *rows] for c in row)
    print(" " * (width + 2) + "".join(f"{PRESET_TITLES[p]:<{col}}" for p in PRESET_NAMES))
    for name, row in zip(differ, rows, strict=True):
        print(f"{name:<{width}}  " + "".join(f"{cell:<{col}}" for cell in row))
    print()
    print(
        "buraco rules NAME"
        + (": todas as opções de uma variante" if lang == "pt" else ": every option of one variant")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
