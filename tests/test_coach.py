"""The coach: each kind of note on a position that shows it and on one that does not
[issue 14, the coach]. Positions are written by hand; only codes, params and the better
move are asserted, never message text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from buraco_cli.main import main
from buraco_core.cards import parse_card, parse_cards
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.players.coach import Note, NoteCode, coach
from buraco_core.rules import ruleset


def notes(preset: str, data: dict[str, Any], move: Move) -> tuple[Note, ...]:
    rules = ruleset(preset)
    return coach(rules, position_from_data(rules, {"seed": 9, "players": 4, **data}), move)


def codes(found: tuple[Note, ...]) -> list[NoteCode]:
    return [n.code for n in found]


PLAY = {"phase": "play"}


def test_wild_discarded() -> None:
    """A wild on the lixo is the next player's best card [seeds 000, 003]."""
    data = {**PLAY, "hands": [["JK", "Kc", "9d", "4s"], 11, 11, 11]}
    found = notes("fechado", data, Discard(parse_card("JK")))
    assert codes(found) == [NoteCode.WILD_DISCARDED]
    assert found[0].better == Discard(parse_card("9d"))  # the card that connects least
    assert notes("fechado", data, Discard(parse_card("Kc"))) == ()


def test_discard_that_feeds_the_next_opponent() -> None:
    """Fechado: the 9♥ goes onto the opponents' 6♥ 7♥ 8♥ and justifies taking the whole
    lixo [seeds 002, 003]; the K♣ does not."""
    data = {
        **PLAY,
        "hands": [["9h", "Kc", "4d", "5s"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": {"top": "3c", "count": 9},
    }
    found = notes("fechado", data, Discard(parse_card("9h")))
    assert codes(found) == [NoteCode.FEEDS_OPPONENT]
    assert found[0].params == {"card": parse_card("9h"), "meld": 1, "count": 10}
    assert found[0].better == Discard(parse_card("Kc"))
    assert notes("fechado", data, Discard(parse_card("Kc"))) == ()


def test_wild_laid_where_the_meld_could_stay_clean() -> None:
    """5♥ 6♥ with the joker, holding the 7♥: the clean 5♥ 6♥ 7♥ keeps a canastra limpa
    (200 against 100) in reach [seed 003]."""
    data = {**PLAY, "hands": [["5h", "6h", "7h", "JK", "Kc", "9d"], 11, 11, 11]}
    found = notes("stbl", data, Lay((parse_cards("5h 6h JK"),)))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    better = found[0].better
    assert isinstance(better, Lay) and not any(c.is_wild_kind for c in better.melds[0])
    assert notes("stbl", data, Lay((parse_cards("5h 6h 7h"),))) == ()


def test_wild_note_does_not_depend_on_the_order_the_cards_were_tapped() -> None:
    """The page builds a move in tap order, and a 2 is shown inside its suit: 2♥ 3♣ 4♣ 5♣
    is the same lay as 3♣ 4♣ 5♣ 2♥, and gets the same note [seed 003: "não despeje os
    curingas em sequências curtas"]."""
    data = {**PLAY, "hands": [["2h", "3c", "4c", "5c", "Kd", "9s"], 11, 11, 11]}
    as_tapped = notes("fechado", data, Lay((parse_cards("2h 3c 4c 5c"),)))
    as_listed = notes("fechado", data, Lay((parse_cards("3c 4c 5c 2h"),)))
    assert codes(as_tapped) == codes(as_listed) == [NoteCode.WILD_DIRTIES_MELD]
    assert as_tapped[0].better == Lay((parse_cards("3c 4c 5c"),))


def test_a_lone_wild_that_completes_the_canastra_gets_no_unrelated_better_move() -> None:
    """A joker alone onto 5♥..10♥ makes the side's first canastra, which Fechado needs to go
    out [000, 001]: no natural of the same meld was in hand, so there was no clean way to
    the same end, and J♣ onto another meld is no alternative to it."""
    data = {
        **PLAY,
        "hands": [["JK", "Jc", "9s"], 11, 11, 11],
        "melds": [[["5h", "6h", "7h", "8h", "9h", "10h"], ["7c", "8c", "9c", "10c"]], []],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    assert notes("fechado", data, Extend(0, parse_cards("JK"))) == ()
    # With the natural J♥ in hand, the same meld had a clean way: the note names it.
    with_jh = {**data, "hands": [["JK", "Jh", "9s"], 11, 11, 11]}
    found = notes("fechado", with_jh, Extend(0, parse_cards("JK")))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    assert found[0].better == Extend(0, parse_cards("Jh"))


def test_wild_spent_on_a_pickup_that_had_a_clean_way() -> None:
    """K♥ on top, K♦ K♠ 2♣ in hand: K♦ K♠ take the lixo clean; K♦ 2♣ spend the wild the
    source says to keep [seed 003, "evite usar curinga cedo"]."""
    data = {
        "phase": "draw",
        "hands": [["Kd", "Ks", "2c", "4d", "9h"], 11, 11, 11],
        "lixo": {"top": "Kh", "count": 5},
    }
    found = notes("fechado", data, TakeLixo(new_meld=parse_cards("Kd 2c")))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    assert found[0].better == TakeLixo(new_meld=parse_cards("Kd Ks"))
    assert notes("fechado", data, TakeLixo(new_meld=parse_cards("Kd Ks"))) == ()


def test_lixo_worth_taking_left_behind() -> None:
    """The 10♠ on top goes with the 8♠ 9♠ in hand into a clean meld, and the pile comes
    with it [seeds 002, 003]: drawing leaves it."""
    data = {
        "phase": "draw",
        "hands": [["8s", "9s", "Kc", "4d", "Qh"], 11, 11, 11],
        "lixo": {"top": "10s", "count": 6},
    }
    found = notes("fechado", data, Draw())
    assert codes(found) == [NoteCode.LIXO_LEFT] and found[0].params == {"count": 6}
    assert found[0].better == TakeLixo(new_meld=parse_cards("8s 9s"))
    no_spades = {**data, "hands": [["8d", "9c", "Kc", "4d", "Qh"], 11, 11, 11]}
    assert notes("fechado", no_spades, Draw()) == ()


def test_direct_beat_missed() -> None:
    """The last card fits the side's meld: laid, it takes the morto at once and the turn
    goes on (direct beat); discarded, the morto waits a whole round [seeds 000, 001, 003]."""
    data = {**PLAY, "hands": [["5h"], 11, 11, 11], "melds": [[["6h", "7h", "8h"]], []]}
    found = notes("fechado", data, Discard(parse_card("5h")))
    assert codes(found) == [NoteCode.DIRECT_BEAT_MISSED]
    assert found[0].better == Extend(0, parse_cards("5h"))
    loose = {**data, "hands": [["Kc"], 11, 11, 11]}
    assert notes("fechado", loose, Discard(parse_card("Kc"))) == ()


def test_going_out_missed_while_ahead() -> None:
    """Morto taken, a canastra on the table, the last three cards make a meld: laying them
    goes out (+100, and the opponents pay their hands) [seeds 001, 002, 003]."""
    data = {
        **PLAY,
        "hands": [["Jd", "Qd", "Kd"], 11, 11, 11],
        "melds": [[["4h", "5h", "6h", "7h", "8h", "9h", "10h"]], []],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    found = notes("fechado", data, Discard(parse_card("Kd")))
    assert codes(found) == [NoteCode.GO_OUT_MISSED]
    assert found[0].better == Lay((parse_cards("Jd Qd Kd"),))
    assert found[0].params["ours"] > found[0].params["theirs"]
    assert notes("fechado", data, Lay((parse_cards("Jd Qd Kd"),))) == ()


def test_going_out_missed_is_never_said_of_the_stock_running_out() -> None:
    """A discard that empties the last stock ends the round with no batida bonus [003]:
    that is no going out, and a move that does not do it misses nothing."""
    data = {
        **PLAY,
        "hands": [["Jc", "3d", "3h"], 11, 11, 11],
        "melds": [[["Jd", "Js", "Jh"]], []],
        "morto": ["taken", "taken"],
        "mortos": [],
        "stock": 0,
        "lixo": {"top": "4c", "count": 69},
    }
    assert NoteCode.GO_OUT_MISSED not in codes(notes("fechado", data, Extend(0, parse_cards("Jc"))))


def test_the_first_step_of_a_two_step_beat_is_not_a_miss() -> None:
    """The page lays one meld per tap: laying 4♥ 5♥ 6♥ with the 7♥ still to go on is the
    first step of the direct beat [000, 001, 003], and of going out once the morto is taken
    [001, 002, 003]; neither is called missed."""
    hand = {"hands": [["4h", "5h", "6h", "7h"], 11, 11, 11]}
    assert notes("fechado", {**PLAY, **hand}, Lay((parse_cards("4h 5h 6h"),))) == ()
    out = {
        **PLAY,
        **hand,
        "melds": [[["4c", "5c", "6c", "7c", "8c", "9c", "10c"]], []],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    assert notes("fechado", out, Lay((parse_cards("4h 5h 6h"),))) == ()
    # Discarding instead still ends the turn without the beat: that is missed.
    assert NoteCode.MORTO_LEFT in codes(
        notes("fechado", {**PLAY, **hand}, Discard(parse_card("7h")))
    )


def test_an_illegal_move_gets_no_note() -> None:
    """The judge's verdict explains an illegal move; the coach adds nothing."""
    data = {**PLAY, "hands": [["JK", "Kc"], 11, 11, 11]}
    assert notes("fechado", data, Discard(parse_card("Qs"))) == ()


def test_morto_left_in_the_hand() -> None:
    """The whole hand makes a meld: laid, the morto comes at once [seeds 000, 001, 003];
    discarding keeps the side waiting."""
    data = {**PLAY, "hands": [["5h", "6h", "7h"], 11, 11, 11]}
    found = notes("fechado", data, Discard(parse_card("7h")))
    assert codes(found) == [NoteCode.MORTO_LEFT]
    assert found[0].better == Lay((parse_cards("5h 6h 7h"),))
    assert notes("fechado", data, Lay((parse_cards("5h 6h 7h"),))) == ()


def test_last_card_trap_says_what_to_do_instead() -> None:
    """Laying all but one card before the side may go out leaves a card it could not
    discard: refused [seeds 001, 002, 003], and the coach names a discard to make instead."""
    data = {
        **PLAY,
        "hands": [["5h", "6h", "7h", "Kc"], 11, 11, 11],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    found = notes("fechado", data, Lay((parse_cards("5h 6h 7h"),)))
    assert codes(found) == [NoteCode.LAST_CARD_TRAP]
    assert isinstance(found[0].better, Discard)
    assert "go_out_needs_canastra" in found[0].params["missing"]
    with_canastra = {**data, "melds": [[["4s", "5s", "6s", "7s", "8s", "9s", "10s"]], []]}
    found = notes("fechado", with_canastra, Lay((parse_cards("5h 6h 7h"),)))
    assert NoteCode.LAST_CARD_TRAP not in codes(found)  # legal: it may go out next


def test_coach_command_prints_the_verdict_and_the_notes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco coach FILE`: the judge's input; with --json, legal, reasons and notes (code,
    message, better as a move or null) [issue 14, the command]; exit codes as judge."""
    position = {
        "players": 4,
        "phase": "play",
        "seed": 9,
        "hands": [["9h", "Kc", "4d", "5s"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": {"top": "3c", "count": 9},
    }
    path = tmp_path / "move.json"
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "9h"}}))
    assert main(["coach", str(path), "--json", "--lang", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["reasons"]
    assert data["notes"] == [
        {
            "code": "feeds_opponent",
            "message": "The 9♥ fits the opponents' meld 1: with it the next player may take the "
            "whole lixo (10 cards). Better: discard the K♣.",
            "better": {"type": "discard", "card": "Kc"},
        }
    ]
    assert main(["coach", str(path)]) == 0
    assert "Melhor: descartar o K♣." in capsys.readouterr().out
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "Qs"}}))
    assert main(["coach", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["notes"] == []
