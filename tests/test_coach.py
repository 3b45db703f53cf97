"""The coach: each kind of note on a position that shows it and on one that does not
[issue 14, the coach]. Positions are written by hand; only codes, params and the better
move are asserted, never message text."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from buraco_app.game import SavedNote
from buraco_app.play import note_text
from buraco_cli.main import main
from buraco_core.cards import parse_card, parse_cards
from buraco_core.judge import apply, check, legal_moves
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import move_from_data, position_from_data, position_to_data
from buraco_core.players import make_player, view_of
from buraco_core.players.coach import Note, NoteCode, coach
from buraco_core.players.levels import StrongPlayer
from buraco_core.rules import RuleSet, ruleset
from buraco_core.state import State, deal
from buraco_text import Lang, catalog, played_out_text, worded


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
    assert "pode pegar o lixo todo (10 cartas) e pôr o 9♥" in said(found[0])
    assert "may take the whole lixo (10 cards)" in said(found[0], "en")


@pytest.mark.parametrize(
    ("card", "case", "as_card", "pt"),
    [
        # Their 6♦ 7♦ 8♦ 2♣ (the 2♣ as the 9♦) takes the 4♦ with the 2♣ as the 5♦.
        ("4d", "other_end", "5d", "com o curinga 2♣ passando para a outra ponta, no lugar do 5♦:"),
        # The 9♦ takes the 2♣'s place, and the 2♣ goes on as the 10♦.
        ("9d", "wild_moved", "10d", "no lugar do curinga 2♣, que passa a valer o 10♦:"),
    ],
)
def test_a_discard_that_feeds_the_opponents_meld_by_moving_its_wild(
    card: str, case: str, as_card: str, pt: str
) -> None:
    """A wild at the end of a sequence may stand at either end, and a natural card that
    takes its place moves it on [000: “colocando-o no lugar de outra carta”]: “O 4♦ cabe no
    jogo 1 dos adversários” beside their “6♦ 7♦ 8♦ 2♣” read as a mistake, as it did for the
    side's own meld; the note says how the card fits there too (audit of Jogar)."""
    data = {
        **PLAY,
        "hands": [[card, "Kc", "4s", "Qs"], 11, 11, 11],
        "melds": [[], [["6d", "7d", "8d", "2c"]]],
        "lixo": {"top": "3c", "count": 4},
    }
    (found,) = notes("fechado", data, Discard(parse_card(card)))
    assert found.code is NoteCode.FEEDS_OPPONENT
    assert found.params["case"] == case and found.params["as_card"] == parse_card(as_card)
    assert said(found).startswith(
        f"O {parse_card(card).symbol} cabe no jogo 1 dos adversários, {pt}"
    )
    assert "the wild 2♣" in said(found, "en")
    # Jogar's reminder names the wild too, and at a table of two speaks of one opponent.
    params = {**found.params, "alone": True}
    assert "do adversário, " in worded("play.again.feeds_opponent", "pt", **params)
    assert "curinga 2♣" in worded("play.again.feeds_opponent", "pt", **params)


def test_a_one_card_lixo_is_not_called_the_whole_lixo() -> None:
    """The 9♥ discarded on an empty lixo: the next player takes that one card ("o lixo
    todo (1 carta)" read oddly at the table; audit of Jogar)."""
    data = {
        **PLAY,
        "hands": [["9h", "Kc", "4d", "5s"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
    }
    found = notes("fechado", data, Discard(parse_card("9h")))
    assert codes(found) == [NoteCode.FEEDS_OPPONENT] and found[0].params["count"] == 1
    assert "o próximo jogador pode pegar o lixo (1 carta) e pôr o 9♥" in said(found[0])
    assert "the next player may take the lixo (1 card) and put" in said(found[0], "en")


def test_wild_laid_where_the_meld_could_stay_clean() -> None:
    """5♥ 6♥ with the joker, holding the 7♥: the clean 5♥ 6♥ 7♥ keeps a canastra limpa
    (200 against 100) in reach [seed 003]. (A long hand: at the race's end the strong level
    puts the joker on too, see test_wild_spent_in_the_race_to_the_morto_is_not_scolded.)"""
    data = {**PLAY, "hands": [["5h", "6h", "7h", "JK", "Kc", "9d", "Qs", "4c", "7d"], 11, 11, 11]}
    found = notes("stbl", data, Lay((parse_cards("5h 6h JK"),)))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    better = found[0].better
    assert isinstance(better, Lay) and not any(c.is_wild_kind for c in better.melds[0])
    assert notes("stbl", data, Lay((parse_cards("5h 6h 7h"),))) == ()


def test_wild_note_does_not_depend_on_the_order_the_cards_were_tapped() -> None:
    """The page builds a move in tap order, and a 2 is shown inside its suit: 2♥ 3♣ 4♣ 5♣
    is the same lay as 3♣ 4♣ 5♣ 2♥, and gets the same note [seed 003: "não despeje os
    curingas em sequências curtas"]."""
    data = {**PLAY, "hands": [["2h", "3c", "4c", "5c", "Kd", "9s", "Qh", "7d", "Js"], 11, 11, 11]}
    as_tapped = notes("fechado", data, Lay((parse_cards("2h 3c 4c 5c"),)))
    as_listed = notes("fechado", data, Lay((parse_cards("3c 4c 5c 2h"),)))
    assert codes(as_tapped) == codes(as_listed) == [NoteCode.WILD_DIRTIES_MELD]
    assert as_tapped[0].better == Lay((parse_cards("3c 4c 5c"),))


def test_wild_note_names_the_card_that_is_the_wild_not_a_natural_two() -> None:
    """2♥ 3♥ with the joker: the joker is the meld's wild and the 2♥ sits in its natural
    place [003: "o 2 ... pode ser curinga ou carta natural na sequência, entre o ás e o 3";
    000: "Cada jogo deverá ter no máximo um curinga apenas"]. The note named the 2♥ as the
    wild that dirtied the meld (Jogar, Aberto), where the clean A♥ 2♥ 3♥ keeps that 2♥."""
    data = {**PLAY, "hands": [["JK", "Ah", "2h", "3h", "7c", "10d", "Js"], 11, 11, 11]}
    found = notes("aberto", data, Lay((parse_cards("2h 3h JK"),)))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    assert found[0].params["card"] == parse_card("JK")
    assert found[0].better == Lay((parse_cards("Ah 2h 3h"),))
    assert said(found[0]).startswith("O curinga JK suja um jogo")
    # A 2 that is the wild is named as before: 3♥ 4♥ 2♠.
    two = data | {"hands": [["2s", "3h", "4h", "5h", "7c", "10d", "Js"], 11, 11, 11]}
    found = notes("aberto", two, Lay((parse_cards("3h 4h 2s"),)))
    assert [n.params["card"] for n in found] == [parse_card("2s")]


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
    assert codes(found) == [NoteCode.LIXO_LEFT]
    params = {"count": 6, "card": parse_card("10s"), "case": "new", "held": "8♠ 9♠"}
    assert found[0].params.items() >= params.items()
    assert found[0].params["gain"] > 0  # (the strong level's playouts: see below)
    assert found[0].better == TakeLixo(new_meld=parse_cards("8s 9s"))
    no_spades = {**data, "hands": [["8d", "9c", "Kc", "4d", "Qh"], 11, 11, 11]}
    assert notes("fechado", no_spades, Draw()) == ()


# A round of the Jogar page (Fechado, 2 players, deal seed 359874179) up to the learner's
# draw at its move 45: a 6-card lixo whose K♥ goes cleanly onto the learner's K♦ K♦ K♠.
SIX_CARD_LIXO_ROUND = [
    {"type": "draw"},
    {"type": "discard", "card": "10h"},
    {"type": "draw"},
    {"type": "lay", "cards": ["6s", "7s", "8s"]},
    {"type": "lay", "cards": ["6d", "7d", "8d"]},
    {"type": "discard", "card": "10d"},
    {"type": "draw"},
    {"type": "discard", "card": "9s"},
    {"type": "take_lixo", "extend": 0},
    {"type": "discard", "card": "Ks"},
    {"type": "draw"},
    {"type": "discard", "card": "10s"},
    {"type": "take_lixo", "extend": 0},
    {"type": "discard", "card": "Ks"},
    {"type": "draw"},
    {"type": "discard", "card": "Kd"},
    {"type": "draw"},
    {"type": "discard", "card": "3c"},
    {"type": "draw"},
    {"type": "discard", "card": "Qc"},
    {"type": "draw"},
    {"type": "discard", "card": "As"},
    {"type": "take_lixo", "new_meld": ["Ac", "Ad"]},
    {"type": "lay", "cards": ["Kd", "Kd", "Ks"]},
    {"type": "discard", "card": "Qc"},
    {"type": "draw"},
    {"type": "discard", "card": "10d"},
    {"type": "draw"},
    {"type": "discard", "card": "Qs"},
    {"type": "draw"},
    {"type": "discard", "card": "10h"},
    {"type": "draw"},
    {"type": "lay", "cards": ["7c", "7c", "7d"]},
    {"type": "discard", "card": "9c"},
    {"type": "draw"},
    {"type": "lay", "cards": ["2h", "3h", "4h", "5h"]},
    {"type": "extend", "meld": 1, "cards": ["2s"]},
    {"type": "extend", "meld": 0, "cards": ["2c"]},
    {"type": "extend", "meld": 0, "cards": ["4s"]},
    {"type": "extend", "meld": 2, "cards": ["6h"]},
    {"type": "extend", "meld": 1, "cards": ["4d"]},
    {"type": "extend", "meld": 0, "cards": ["Js"]},
    {"type": "extend", "meld": 0, "cards": ["5s"]},
    {"type": "discard", "card": "Kh"},
]


def six_card_lixo() -> tuple[RuleSet, State]:
    """The position of SIX_CARD_LIXO_ROUND: the learner to draw."""
    rules = ruleset("fechado")
    state = deal(rules, 2, 359874179, 0, (False, False))
    for data in SIX_CARD_LIXO_ROUND:
        state = apply(rules, state, move_from_data(data))
    return rules, state


def test_lixo_left_is_not_called_weak_where_the_strong_level_draws_itself() -> None:
    """The strong level plays take-or-draw out on random deals: here it mostly takes the
    6-card lixo, but with seed 5 it draws. The coach, asked with that seed, does not call
    the draw weak ("Melhor: pegar o lixo" under a move the strong player made); with a seed
    where the strong level takes, the note and its better move stay."""
    rules, state = six_card_lixo()
    view = view_of(rules, state, 0)
    assert isinstance(make_player("strong").choose(rules, view, random.Random(5)), Draw)
    assert coach(rules, state, Draw(), seed=5) == ()
    assert isinstance(make_player("strong").choose(rules, view, random.Random(0)), TakeLixo)
    found = coach(rules, state, Draw(), seed=0)
    assert codes(found) == [NoteCode.LIXO_LEFT]
    assert found[0].better == TakeLixo(extend=1)


def test_a_lixo_left_where_the_strong_level_takes_it_gives_its_playouts_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Melhor: pegar o lixo" rests on the strong level's look-ahead, its rounds played out
    after the pickup and after the draw: the note now gives that figure (DESIGN: "a note
    that rests on simulation gives its figure"), the one the strong player decided by
    (six_card_lixo with seed 0: it takes the 6-card lixo [002, 003: a lixo worth taking])."""
    rules, state = six_card_lixo()
    view = view_of(rules, state, 0)
    strong = make_player("strong")
    assert isinstance(strong, StrongPlayer)
    dealt = view.determinize()
    weighed = strong.weighed_pickup(
        rules, view, dealt, list(legal_moves(rules, dealt)), random.Random(0)
    )
    assert weighed is not None
    taken, drawn = weighed[1]
    (found,) = coach(rules, state, Draw(), seed=0)
    assert found.code is NoteCode.LIXO_LEFT and found.better == TakeLixo(extend=1)
    assert found.params["gain"] == round(taken - drawn) >= 0 and found.params["deals"] == 40
    figure = played_out_text(found.params)
    assert figure.startswith("Jogando a rodada até o fim em 40 distribuições das cartas que")
    assert f"pegar o lixo deu em média {found.params['gain']} pontos a mais" in figure
    # buraco coach says it after the better move, as Jogar does.
    path = tmp_path / "draw.json"
    data = {
        "rules": "fechado",
        "position": position_to_data(rules, state),
        "move": {"type": "draw"},
    }
    path.write_text(json.dumps(data))
    assert main(["coach", str(path)]) == 0
    out = capsys.readouterr().out
    # (the file's hidden hands are dealt again from its seed: another figure, said the same way)
    said = "pegar o lixo deu em média"
    assert said in out and out.index("Melhor: pegar o lixo") < out.index(said)
    # A small lixo left (no better move named) has no figure: the strong level was not asked.
    assert (
        "gain"
        not in notes(
            "fechado",
            {
                "phase": "draw",
                "hands": [["8s", "9s", "Kc"], 11, 11, 11],
                "lixo": {"top": "10s", "count": 3},
            },
            Draw(),
        )[0].params
    )


def test_a_lixo_left_where_the_playouts_tie_names_no_better_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the strong level's rounds played out after the pickup and after the draw come
    out even (to the point), taking the 6-card lixo is no better than drawing: the note says
    it could be taken, as for a small lixo, and names no "better" move worth “0 pontos a
    mais” [002, 003: "um lixo grande vale mais para quem tem muitas sequências abertas"]."""
    from buraco_core.players import coach as coach_module

    rules, state = six_card_lixo()
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (12.3, 12.0))
    (found,) = coach(rules, state, Draw(), seed=0)
    assert found.code is NoteCode.LIXO_LEFT and found.better is None
    assert "gain" not in found.params
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (12.6, 12.0))
    (found,) = coach(rules, state, Draw(), seed=0)
    assert found.better == TakeLixo(extend=1) and found.params["gain"] == 1


def read(note: Note, lang: Lang = "pt") -> str:
    """The note as Jogar shows it: its message, the better move and any figure after it."""
    return note_text(SavedNote(note.code.value, dict(note.params), note.better), lang)


def test_a_lixo_left_ends_with_what_is_true_for_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """The note on a lixo left ended “com poucas cartas, comprar do monte também serve” /
    “with only a few cards, drawing from the stock does as well” on a 6-card lixo too: where
    the strong level's playouts came out even, and where it took the pile. A small pile
    keeps that trade-off; a bigger one says the playouts' figure instead: even, or the gain
    after “Melhor: pegar o lixo” [DESIGN: a note that rests on simulation gives its figure]."""
    from buraco_core.players import coach as coach_module

    small = {
        "phase": "draw",
        "hands": [["8s", "9s", "Kc", "4d", "Qh"], 11, 11, 11],
        "lixo": {"top": "10s", "count": 2},
    }
    (found,) = notes("fechado", small, Draw())
    assert read(found).endswith("com poucas cartas, comprar do monte também serve.")
    assert read(found, "en").endswith("with only a few cards, drawing from the stock does as well.")
    rules, state = six_card_lixo()
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (12.3, 12.0))
    (even,) = coach(rules, state, Draw(), seed=0)
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (47.0, 12.0))
    (taken,) = coach(rules, state, Draw(), seed=0)
    for big in (even, taken):
        assert "Dava para pegar o lixo (6 cartas)" in read(big)
        assert "poucas cartas" not in read(big) and "few cards" not in read(big, "en")
    assert read(even).endswith(
        "em 40 distribuições das cartas que você não vê, pegar o lixo e comprar do monte deram"
        " em média quase o mesmo (menos de 1 ponto de diferença)."
    )
    assert read(even, "en").endswith("scored about the same on average (less than a point apart).")
    assert read(taken).endswith("pegar o lixo deu em média 35 pontos a mais que comprar do monte.")


def test_coach_command_seeds_the_strong_player_as_the_page_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco coach` asked the strong player seeded with 0, the Jogar page seeds it per
    move ("deal seed:moves so far"): where two seeds' players choose differently, the command
    and the page gave the same position different notes (the README says the coach never
    calls weak what the strong player, seeded as the page seeds it, plays). `--seed S` gives
    the core's notes for S: a whole number as a number (`--seed 0` is the default, as
    before), any other text as it is (the page's)."""
    rules, dealt = six_card_lixo()
    data = position_to_data(rules, dealt)
    state = position_from_data(rules, data)  # (as the file gives it: no moves before)
    path = tmp_path / "draw.json"
    path.write_text(json.dumps({"rules": "fechado", "position": data, "move": {"type": "draw"}}))

    def said(*seed: str) -> str:
        assert main(["coach", str(path), "--json", *seed]) == 0
        return capsys.readouterr().out

    def noted(*seed: str) -> list[str]:
        return [note["code"] for note in json.loads(said(*seed))["notes"]]

    # Seeds found by a search: the strong player takes the lixo with 0, draws with these.
    assert codes(coach(rules, state, Draw())) == [NoteCode.LIXO_LEFT]
    assert noted() == ["lixo_left"]
    assert said("--seed", "0") == said()  # (byte for byte)
    assert coach(rules, state, Draw(), seed=16) == ()
    assert noted("--seed", "16") == []
    page = "359874179:24"  # (the page's form: text, not a number)
    assert coach(rules, state, Draw(), seed=page) == ()
    assert noted("--seed", page) == []
    assert main(["coach", str(path), "--seed", page]) == 0
    assert "Treinador: nada a comentar" in capsys.readouterr().out
    # A whole number of more digits than any file's number: refused, said where.
    assert main(["coach", str(path), "--seed", "1" * 16]) == 2
    assert "--seed: número longo demais: no máximo 15 dígitos" in capsys.readouterr().err
    for lang, words in (("pt", "a semente do jogador forte"), ("en", "the seed of the strong")):
        with pytest.raises(SystemExit):
            main(["coach", "--help", "--lang", lang])
        assert f"--seed S {words}" in " ".join(capsys.readouterr().out.split())


def test_direct_beat_missed() -> None:
    """The last card fits the side's meld: laid, it takes the morto at once and the turn
    goes on (direct beat); discarded, the morto waits a whole round [seeds 000, 001, 003]."""
    data = {**PLAY, "hands": [["5h"], 11, 11, 11], "melds": [[["6h", "7h", "8h"]], []]}
    found = notes("fechado", data, Discard(parse_card("5h")))
    assert codes(found) == [NoteCode.DIRECT_BEAT_MISSED]
    assert found[0].better == Extend(0, parse_cards("5h"))
    loose = {**data, "hands": [["Kc"], 11, 11, 11]}
    assert notes("fechado", loose, Discard(parse_card("Kc"))) == ()


@pytest.mark.parametrize(
    ("players", "risk", "pt", "en"),
    [
        (4, False, "O 5♥ cabia no jogo 2 da sua dupla:", "The 5♥ fitted your side's meld 2:"),
        (2, False, "O 5♥ cabia no seu jogo 2:", "The 5♥ fitted your meld 2:"),
        (4, True, "O 5♥ cabia no jogo 2 da sua dupla:", "The 5♥ fitted your side's meld 2:"),
        (2, True, "O 5♥ cabia no seu jogo 2:", "The 5♥ fitted your meld 2:"),
    ],
)
def test_the_last_card_that_took_the_morto_is_said_to_fit_a_meld_by_its_number(
    players: int, risk: bool, pt: str, en: str
) -> None:
    """The note on a batida indireta where the last card had a meld said “cabia num jogo
    seu” / “fitted one of your melds”, leaving the learner to find which (at a table of
    four, maybe the partner's): it names the meld as the other notes do, the pair's at four,
    the player's own at two, and so does Jogar's reminder of it. A note saved before (no
    meld in it) keeps its old words, with no “{meld}” showing."""
    theirs = [["4c", "5c", "6c", "7c", "8c", "9c", "10c"]] if risk else []
    data = {
        **PLAY,
        "players": players,
        "hands": [["5h"], *[11] * (players - 1)],
        "melds": [[["Kd", "Ks", "Kc"], ["6h", "7h", "8h"]], theirs],
        "morto": ["available", "taken" if risk else "available"],
        "mortos": [11] if risk else [11, 11],
    }
    (found,) = notes("fechado", data, Discard(parse_card("5h")))
    assert found.code is NoteCode.DIRECT_BEAT_MISSED
    assert found.better == Extend(1, parse_cards("5h"))
    assert said(found).startswith(pt) and said(found, "en").startswith(en)
    assert ("não pego" in said(found)) is risk
    again = "De novo, " + pt[0].lower() + pt[1:-1] + " e trazia o morto agora."
    assert worded("play.again.direct_beat_missed", "pt", **found.params) == again
    assert en[:-1].lower() in worded("play.again.direct_beat_missed", "en", **found.params)
    saved = {"card": "5♥"}
    assert worded("cli.coach.note.direct_beat_missed", "pt", **saved).startswith(
        "O 5♥ cabia num jogo seu:"
    )


# --- batida direta and batida indireta: the last card laid or discarded [000, 001, 003] ------

# Morto taken, a canastra limpa down: the side may go out; the 5♥ fits its 6♥ 7♥ 8♥.
GOING_OUT = {
    **PLAY,
    "hands": [["5h"], 11, 11, 11],
    "melds": [[["4s", "5s", "6s", "7s", "8s", "9s", "10s"], ["6h", "7h", "8h"]], []],
    "morto": ["taken", "available"],
    "mortos": [11],
}


def test_batida_indireta_going_out_with_a_card_that_scored_laid() -> None:
    """Batida direta: the last card goes onto a meld ("utiliza a sua última carta da mão
    em algum jogo da mesa" [000]; "todas as cartas vão para jogos na mesa" [001]); batida
    indireta: it goes to the lixo [000]. Going out, both end the round with the batida's
    100, but a card on the table counts its points [000, 003] and one in the lixo nothing:
    discarding the 5♥ to go out gave 5 points away. Where the table reads [003] ("menos uma
    e descartando essa última": go_out_by discard), laying it was no way out: no note."""
    found = notes("fechado", GOING_OUT, Discard(parse_card("5h")))
    assert codes(found) == [NoteCode.DIRECT_GO_OUT_MISSED]
    assert found[0].params == {"card": parse_card("5h"), "meld": 2, "points": 5}
    assert found[0].better == Extend(1, parse_cards("5h"))
    assert "cabia no jogo 2 da sua dupla: baixando-o você batia do mesmo jeito" in said(found[0])
    assert "5 pontos a mais para a sua dupla; descartado (batida indireta)" in said(found[0])
    assert "5 more points for your side; discarded (indirect batida)" in said(found[0], "en")
    # Said of a discard already made: what laying it would have done, not "you went out".
    assert "laid there, you would have gone out just the same" in said(found[0], "en")
    assert notes("fechado", GOING_OUT, Extend(1, parse_cards("5h"))) == ()
    rules = ruleset("fechado").with_options(go_out_by="discard")
    position = position_from_data(rules, {"seed": 9, "players": 4, **GOING_OUT})
    assert coach(rules, position, Discard(parse_card("5h"))) == ()
    loose = {**GOING_OUT, "hands": [["Kc"], 11, 11, 11]}
    assert notes("fechado", loose, Discard(parse_card("Kc"))) == ()


def test_batida_indireta_going_out_with_the_card_that_made_a_canastra() -> None:
    """The last card was the seventh of a meld: laid, the side went out with a canastra
    limpa more (200 [000, 001, 002, 003]) and the card's 5 points."""
    data = {
        **GOING_OUT,
        "melds": [[GOING_OUT["melds"][0][0], ["6h", "7h", "8h", "9h", "10h", "Jh"]], []],
    }
    found = notes("fechado", data, Discard(parse_card("5h")))
    assert codes(found) == [NoteCode.DIRECT_GO_OUT_MISSED]
    assert found[0].params == {
        "card": parse_card("5h"),
        "meld": 2,
        "points": 205,
        "case": "canastra",
    }
    assert "e o fazia canastra" in said(found[0]) and "205 pontos a mais" in said(found[0])
    assert "made it a canastra" in said(found[0], "en")


def test_batida_indireta_going_out_is_right_where_the_wild_would_dirty_the_canastra() -> None:
    """The joker laid on the only canastra limpa turns it suja: 50 points of card, 100 of
    bonus lost [000, 003]. Discarding it to go out scores more: no note. With a short meld
    to take it instead, the 50 points were given away."""
    data = {**GOING_OUT, "hands": [["JK"], 11, 11, 11], "melds": [[GOING_OUT["melds"][0][0]], []]}
    assert notes("fechado", data, Discard(parse_card("JK"))) == ()
    found = notes("fechado", {**data, "melds": GOING_OUT["melds"]}, Discard(parse_card("JK")))
    assert codes(found) == [NoteCode.DIRECT_GO_OUT_MISSED]
    assert found[0].params["points"] == 50 and found[0].better == Extend(1, parse_cards("JK"))


def test_batida_indireta_risks_the_morto_where_the_opponents_may_go_out() -> None:
    """A morto taken by a batida indireta waits for the player's next turn [000, 001, 003];
    if the opponents go out before it, it is paid as if never taken [001]. Where the table
    shows they may (their morto taken, a canastra down), the note on the 5♥ discarded says
    so; where they may not, or the table does not pay an unused morto, it does not."""
    data = {
        **PLAY,
        "hands": [["5h"], 11, 11, 11],
        "melds": [[["6h", "7h", "8h"]], [["4c", "5c", "6c", "7c", "8c", "9c", "10c"]]],
        "morto": ["available", "taken"],
        "mortos": [11],
    }
    found = notes("fechado", data, Discard(parse_card("5h")))
    assert codes(found) == [NoteCode.DIRECT_BEAT_MISSED]
    assert found[0].params == {
        "card": parse_card("5h"),
        "meld": 1,
        "case": "risk_meld",
        "penalty": 100,
    }
    assert "se um deles bater antes, o seu morto conta como não pego (100 pontos a menos)" in said(
        found[0]
    )
    assert "if one of them goes out first, your morto counts as not taken" in said(found[0], "en")
    two = {**data, "players": 2, "hands": [["5h"], 11]}
    alone = notes("fechado", two, Discard(parse_card("5h")))
    assert "e o adversário já pegou o morto dele" in said(alone[0])
    no_canastra = {**data, "melds": [[["6h", "7h", "8h"]], [["4c", "5c", "6c"]]]}
    plain = {"card": parse_card("5h"), "meld": 1, "case": "meld"}
    assert notes("fechado", no_canastra, Discard(parse_card("5h")))[0].params == plain
    rules = ruleset("fechado").with_options(unused_indirect_morto_paid=False)
    position = position_from_data(rules, {"seed": 9, "players": 4, **data})
    assert coach(rules, position, Discard(parse_card("5h")))[0].params == plain


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


# A round of the Jogar page (Aberto, 2 players, deal seed 501), the learner following every
# hint, at its move 152: one card from going out, the opponent holding one card.
PLAYS_ON = {
    "players": 2,
    "turn": 0,
    "phase": "play",
    "hands": [["6s", "Jc"], ["2d"]],
    "melds": [
        [
            {"cards": ["JK", "9s", "10s", "Js", "Qs", "Ks", "As"], "built_up": True},
            {"cards": ["Jc", "2c", "Kc", "Ac"], "built_up": True},
            {"cards": ["2h", "3h", "4h", "5h", "6h"], "built_up": True},
            ["7c", "8c", "9c", "10c"],
            ["3d", "4d", "5d", "6d"],
            {"cards": ["2s", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"], "built_up": True},
            {"cards": ["2c", "Qd", "Kd", "Ad"], "built_up": True},
            {"cards": ["5d", "6d", "7d", "8d", "9d", "10d", "Jd", "Qd"], "built_up": True},
            ["5h", "6h", "7h"],
            ["7d", "8d", "9d"],
            ["Qc", "Kc", "Ac"],
            {"cards": ["3s", "4s", "5s", "6s", "JK"], "built_up": True},
            ["Js", "Qs", "2h"],
        ],
        [
            {"cards": ["8h", "9h", "10h", "Jh", "Qh"], "built_up": True},
            {"cards": ["2s", "3s", "4s", "5s", "JK", "7s"], "built_up": True},
            {"cards": ["7s", "8s", "9s", "10s", "JK"], "built_up": True},
            {"cards": ["3c", "4c", "5c", "6c", "7c"], "built_up": True},
        ],
    ],
    "lixo": ["4c", "5c", "3h", "10d", "3d", "9c", "Ad", "4h", "8c", "Kh"],
    "stock": ["7h", "Jd", "6c", "Qc", "10c", "4d", "Ks", "As", "2d", "8s", "3c", "Kd", "Ah"],
    "mortos": [],
    "morto": ["taken", "taken"],
    "vulnerable": [False, False],
}


def test_going_out_is_not_called_missed_where_the_strong_player_plays_on() -> None:
    """The estimate favours going out (6♠ onto the 3♠…JK meld, then J♣ out), but the strong
    player's look-ahead plays on and discards the J♣: the coach, seeded as the page seeds
    it, does not call that weak. Jogar's hint names the strong player's move, and the coach
    said “Dava para bater” right after the learner followed it."""
    rules = ruleset("aberto")
    state = position_from_data(rules, PLAYS_ON)
    move = Discard(parse_card("Jc"))
    seed = "501:151"  # (the page's: deal seed, moves so far)
    assert (
        make_player("strong").choose(rules, view_of(rules, state, 0), random.Random(seed)) == move
    )
    assert coach(rules, state, move, seed) == ()


# Fechado, 4 players (deal seed 21, its move 92): player 2, the morto taken and the canastra
# limpa 8♣…A♣ down, holds 6♣ A♦. The 6♣ onto the side's 6♣ 6♥ 6♠, then the A♦ discarded,
# goes out.
PLAYS_ON_ANOTHER_WAY = {
    "players": 4,
    "turn": 1,
    "phase": "play",
    "hands": [["6s"], ["6c", "Ad"], ["3h", "6d", "4c"], 10],
    "melds": [
        [
            ["Qd", "Qs", "Qs"],
            {"cards": ["7c", "7h", "7h", "7s"], "built_up": True},
            ["9s", "10s", "JK"],
            ["As", "2s", "3s"],
            ["JK", "Kc", "Ac"],
            {"cards": ["8h", "2s", "10h", "Jh"], "built_up": True},
            ["10c", "10d", "10d"],
            {"cards": ["9d", "9h", "9s", "2h"], "built_up": True},
        ],
        [
            ["Kd", "Kh", "Kh"],
            ["8h", "9h", "10h"],
            {"cards": ["4c", "4d", "4d", "4h", "4h", "2c"], "built_up": True},
            {"cards": ["8c", "9c", "10c", "Jc", "JK", "Kc", "Ac"], "built_up": True},
            ["6c", "6h", "6s"],
            {"cards": ["Jd", "Qd", "JK", "Ad"], "built_up": True},
            {"cards": ["3c", "3d", "3h", "3s"], "built_up": True},
            ["5s", "2c", "7s", "8s"],
            {"cards": ["Jd", "Jh", "Js", "Js"], "built_up": True},
        ],
    ],
    "lixo": [],
    "stock": 16,
    "mortos": [11],
    "morto": ["available", "taken"],
    "vulnerable": [False, False],
}


def test_going_out_is_not_called_missed_where_the_strong_player_plays_on_another_way() -> None:
    """Going out [001, 002, 003] is a call the strong player's look-ahead makes: where the
    estimate favours it (6♣ onto the 6♣ 6♥ 6♠, then A♦ out) but the seeded strong player
    plays on by discarding the A♦, the learner who plays on by discarding the 6♣ is not
    told “Dava para bater”: the Dica, which shows the strong player's move, plays on too.
    (The coach said it while the learner's move was not the strong player's own.)"""
    rules = ruleset("fechado")
    state = position_from_data(rules, {"seed": 9, **PLAYS_ON_ANOTHER_WAY})
    seed = "21:92"
    strong = make_player("strong").choose(rules, view_of(rules, state, 1), random.Random(seed))
    assert strong == Discard(parse_card("Ad"))
    assert coach(rules, state, Discard(parse_card("6c")), seed) == ()
    assert coach(rules, state, strong, seed) == ()


GOES_OUT_ANOTHER_WAY = {
    "players": 4,
    "turn": 3,
    "phase": "play",
    "hands": [["2c", "5s", "2s"], ["3c"], ["2d"], ["4c", "2c"]],
    "melds": [
        [
            {"cards": ["Ah", "2h", "3h", "4h", "5h", "6h", "7h"], "built_up": True},
            {"cards": ["7d", "8d", "9d", "10d"], "built_up": True},
            ["Qc", "Kc", "Ac"],
            {"cards": ["5c", "6c", "7c", "8c", "9c", "10c", "2s"], "built_up": True},
            {"cards": ["10d", "Jd", "Qd", "Kd"], "built_up": True},
            {"cards": ["2d", "3d", "4d", "5d", "6d", "7d", "8d"], "built_up": True},
            {"cards": ["7s", "8s", "9s", "10s", "Js"], "built_up": True},
        ],
        [
            ["Qs", "Ks", "As"],
            ["3s", "4s", "5s"],
            {"cards": ["8h", "9h", "10h", "Jh", "Qh", "Kh", "JK"], "built_up": True},
            {"cards": ["Ad", "2h", "3d", "4d", "5d", "6d"], "built_up": True},
            {
                "cards": ["3s", "4s", "JK", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks", "As"],
                "built_up": True,
            },
            ["9c", "10c", "Jc", "Qc"],
            {"cards": ["6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh", "Ah"], "built_up": True},
            {"cards": ["Ac", "JK", "3c", "4c", "5c", "6c", "7c", "8c"], "built_up": True},
            ["3h", "4h", "5h"],
            {"cards": ["JK", "Jd", "Qd", "Kd", "Ad"], "built_up": True},
        ],
    ],
    "lixo": [],
    "stock": ["9d", "Kc", "6s", "Jc"],
    "mortos": [],
    "morto": ["stock", "taken"],
    "vulnerable": [False, False],
}


def test_the_way_out_named_is_the_one_the_dica_plays() -> None:
    """Going out [001, 002, 003] two ways alike (Aberto: the 2♣ onto meld 8 or onto meld 9,
    then the 4♣ out): the note names the way the seeded strong player goes out, which the
    Dica shows, not the other (it named meld 9 where the Dica lays the 2♣ on meld 8)."""
    rules = ruleset("aberto")
    state = position_from_data(rules, GOES_OUT_ANOTHER_WAY)
    seed = "26:188"
    strong = make_player("strong").choose(rules, view_of(rules, state, 3), random.Random(seed))
    assert strong == Extend(7, parse_cards("2c"))
    (note,) = coach(rules, state, Discard(parse_card("4c")), seed)
    assert note.code is NoteCode.GO_OUT_MISSED
    assert note.better == strong
    assert note.params["then"] == parse_card("4c")
    assert note.params["ours"] > note.params["theirs"]


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


# A hand after the draw; the 9♥ fits the opponents' 6♥ 7♥ 8♥ (the coach's own files).
DISCARD_POSITION = {
    "players": 4,
    "phase": "play",
    "seed": 9,
    "hands": [["9h", "Kc", "4d", "5s"], 11, 11, 11],
    "melds": [[], [["6h", "7h", "8h"]]],
    "lixo": {"top": "3c", "count": 9},
}


def test_coach_command_prints_the_verdict_and_the_notes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco coach FILE`: the judge's input; with --json, legal, reasons and notes (code,
    message, better as a move or null) [issue 14, the command]; exit codes as judge."""
    position = DISCARD_POSITION
    path = tmp_path / "move.json"
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "9h"}}))
    assert main(["coach", str(path), "--json", "--lang", "en"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["reasons"]
    assert data["notes"] == [
        {
            "code": "feeds_opponent",
            "message": "The 9♥ fits the opponents' meld 1: the next player may take the whole "
            "lixo (10 cards) and put the 9♥ on that meld. Better: discard the K♣.",
            "better": {"type": "discard", "card": "Kc"},
        }
    ]
    assert main(["coach", str(path)]) == 0
    assert "Melhor: descartar o K♣." in capsys.readouterr().out
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "Qs"}}))
    assert main(["coach", str(path), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["notes"] == []


def test_coach_command_says_when_it_has_nothing_to_point_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A legal move the coach finds nothing in gets a line saying so (before, the output
    was the judge's alone, and a newcomer could not tell the coach had looked); an illegal
    move gets none (the verdict explains it), and --json keeps `notes: []`."""
    position = DISCARD_POSITION
    path = tmp_path / "move.json"
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "Kc"}}))
    assert main(["coach", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("✓ Jogada válida") and "!" not in out
    assert out.splitlines()[-1] == "  Treinador: nada a comentar nesta jogada."
    assert main(["coach", str(path), "--lang", "en"]) == 0
    assert capsys.readouterr().out.endswith("  Coach: nothing to point out about this move.\n")
    assert main(["coach", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == []
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "9h"}}))
    assert main(["coach", str(path)]) == 0
    assert "Treinador: nada" not in capsys.readouterr().out  # a note: no such line
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "Qs"}}))
    assert main(["coach", str(path)]) == 1
    assert "Treinador" not in capsys.readouterr().out


def test_at_a_table_of_two_the_fed_meld_is_the_opponents_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With one opponent the meld a discard feeds is that player's, "do adversário", and
    it is they who may take the lixo; at four, the pair's and the next player's."""
    position = {
        "players": 2,
        "phase": "play",
        "seed": 9,
        "hands": [["9h", "Kc", "4d", "5s"], 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": {"top": "3c", "count": 9},
    }
    path = tmp_path / "move.json"
    path.write_text(json.dumps({"position": position, "move": {"type": "discard", "card": "9h"}}))
    assert main(["coach", str(path), "--json", "--lang", "en"]) == 0
    (note,) = json.loads(capsys.readouterr().out)["notes"]
    assert note["code"] == "feeds_opponent"
    assert note["message"].startswith(
        "The 9♥ fits the opponent's meld 1: they may take the whole lixo (10 cards)"
    )
    assert main(["coach", str(path)]) == 0
    out = capsys.readouterr().out
    assert "O 9♥ cabe no jogo 1 do adversário: ele pode pegar o lixo todo" in out
    assert "adversários" not in out


# --- the coach and the strong level teach one game [audit 13, B2 B3 B6] -----------------------


def said(note: Note, lang: Lang = "pt") -> str:
    """The note's message as the learner reads it (the catalog's text, its values filled)."""
    text = worded(f"cli.coach.note.{note.code.value}", lang, **note.params)
    assert text != f"cli.coach.note.{note.code.value}" and "{" not in text, text
    return text


def test_english_notes_on_a_move_made_say_what_the_better_move_would_have_done() -> None:
    """A note comes after the learner's move: what the better move would have done, as the
    Portuguese says it (“baixando-o você batia do mesmo jeito”). The English read as done:
    “laid, you went out just the same” of a batida that never happened, “You could go out
    now” after the move that did not [audit: English]."""
    en = catalog("en")
    hindsight = ("fits_own_meld", "direct_beat_missed", "direct_go_out_missed", "go_out_missed")
    keys = [k for k in en if k.startswith(tuple(f"cli.coach.note.{c}" for c in hindsight))]
    keys.append("cli.coach.note.morto_left")
    assert len(keys) == 31  # (the fits_own_meld cases, a canastra or its wild, 18 of them)
    for key in keys:
        assert "would have" in en[key] or "could have" in en[key], (key, en[key])
    # The top card that “made a new meld” with the hand's cards made none: the lixo was left.
    assert "the 9♦, would have made a new meld with" in worded(
        "cli.coach.note.lixo_left.new", "en", count=3, card=parse_card("9d"), held="9♣ 9♥"
    )


def coach_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str, data: Any, move: Any
) -> str:
    """What `buraco coach` prints for the position and the move (a judge file)."""
    path = tmp_path / "move.json"
    position = {"seed": 9, "players": 4, **data}
    path.write_text(json.dumps({"rules": preset, "position": position, "move": move}))
    assert main(["coach", str(path)]) == 0
    return capsys.readouterr().out


def test_buraco_coach_names_a_better_meld_as_it_will_lie(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`buraco coach` said “Melhor: baixar 7♦ 9♦ 2♣ e depois descartar o 5♦”: the 2♣ read
    as a natural 2 after the 9♦, no meld at all. The meld is named low to high with the wild
    where it stands [000: "6, 2, 8, 9. No caso acima, a carta 2 está substituindo a carta
    de valor 7"], as the page and `buraco judge` name it. (Seed 2: the strong player
    seeded so goes out there, so the missed batida is noted.)"""
    position = {
        "seed": 9,
        "players": 2,
        "turn": 0,
        "phase": "play",
        "hands": [["2c", "5d", "7d", "9d"], 5],
        "melds": [[["Qd", "Qd", "Qh", "Qh", "Qs", "Qs", "JK"], ["9c", "10c", "Jc"]], []],
        "morto": ["taken", "taken"],
        "mortos": [],
    }
    move = {"type": "extend", "meld": 1, "cards": ["2c"]}
    path = tmp_path / "move.json"
    path.write_text(json.dumps({"rules": "fechado", "position": position, "move": move}))
    assert main(["coach", str(path), "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Melhor: baixar 7♦ 2♣ 9♦ e depois descartar o 5♦ para bater." in out
    assert main(["coach", str(path), "--seed", "2", "--json", "--lang", "en"]) == 0
    (note,) = json.loads(capsys.readouterr().out)["notes"]
    assert note["message"].endswith("lay 7♦ 2♣ 9♦, then discard the 5♦ to go out.")


def test_wild_spent_in_the_race_to_the_morto_is_not_scolded() -> None:
    """The strong level puts a wild down to take the morto, to go out, or to empty a short
    hand in the race to the morto (measured: it pays in this engine): a learner who does
    the same, in one step where the strong level takes two, is not told the meld 'could
    stay clean' [003 'Pegue o morto cedo'; DESIGN: the coach compares with a stronger
    player]. With a long hand the strong level keeps the wild, and the note stands."""
    # 5♥ 6♥ JK with three cards left: the strong level lays 5♥ 6♥ 7♥, then the JK on it.
    short = {**PLAY, "hands": [["5h", "6h", "7h", "JK", "Kc", "9d"], 11, 11, 11]}
    assert notes("stbl", short, Lay((parse_cards("5h 6h JK"),))) == ()
    # The whole hand down with the 2♥ takes the morto at once (direct beat).
    beat = {**PLAY, "hands": [["3c", "4c", "5c", "2h"], 11, 11, 11]}
    assert notes("fechado", beat, Lay((parse_cards("2h 3c 4c 5c"),))) == ()
    # Morto taken, a canastra limpa down: 2♥ 3♣ 4♣ 5♣, then the K♦ discarded, goes out.
    out = {
        **PLAY,
        "hands": [["3c", "4c", "5c", "2h", "Kd"], 11, 11, 11],
        "melds": [[["4h", "5h", "6h", "7h", "8h", "9h", "10h"]], []],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    assert notes("fechado", out, Lay((parse_cards("2h 3c 4c 5c"),))) == ()
    long = {**short, "hands": [["5h", "6h", "7h", "JK", "Kc", "9d", "Qs", "4c", "7d"], 11, 11, 11]}
    found = notes("stbl", long, Lay((parse_cards("5h 6h JK"),)))
    assert codes(found) == [NoteCode.WILD_DIRTIES_MELD]
    assert "O curinga JK suja um jogo que podia ficar limpo" in said(found[0])
    assert "The wild JK dirties a meld" in said(found[0], "en")


def test_a_wild_in_a_short_new_meld_before_the_first_canastra() -> None:
    """“Não despeje os curingas no lixo nem em sequências curtas” [003]; lesson 14: “Não
    desperdice curinga, nem no lixo, nem em jogo curto”. Where the lixo is closed (Fechado,
    STBL) the strong level keeps its wilds out of new melds until its side has a canastra:
    5♥ 6♥ JK laid from a long hand is noted, with the strong player's move (the Dica's) as
    the better one. Not in Aberto (the strong level lays it there: it measured better), nor
    once the side has a canastra, nor where the strong level spends the wild too: to empty a
    short hand in the race to the morto, or once the opponents hold their morto."""
    lay = Lay((parse_cards("5h 6h JK"),))
    long = {**PLAY, "hands": [["5h", "6h", "JK", "Kc", "9d", "Qs", "4c", "7d", "8s"], 11, 11, 11]}
    for preset in ("fechado", "stbl"):
        found = notes(preset, long, lay)
        assert codes(found) == [NoteCode.WILD_IN_NEW_MELD]
        rules = ruleset(preset)
        state = position_from_data(rules, {"seed": 9, "players": 4, **long})
        dica = make_player("strong").choose(rules, view_of(rules, state, 0), random.Random(0))
        assert found[0].better == dica == Discard(parse_card("Kc"))
    assert read(found[0]) == (
        "O curinga JK foi para um jogo novo (5♥ 6♥ JK) antes de a sua dupla ter canastra: no"
        " Fechado e no STBL, jogo curto raramente vira canastra, e o curinga guardado na mão"
        " completa uma depois (canastra limpa vale 200, suja vale 100). Melhor: descartar o K♣."
    )
    assert read(found[0], "en") == (
        "The wild JK went into a new meld (5♥ 6♥ JK) before your side had a canastra: in"
        " Fechado and STBL a short meld seldom grows into a canastra, and the wild kept in your"
        " hand completes one later (a canastra limpa scores 200, a suja 100). Better: discard"
        " the K♣."
    )
    two = {**long, "players": 2, "hands": [long["hands"][0], 11]}
    (alone,) = notes("fechado", two, lay)
    assert "antes de você ter canastra" in read(alone)
    assert "before you had a canastra" in read(alone, "en")
    assert notes("aberto", long, lay) == ()
    canastra = {**long, "melds": [[["4c", "5c", "6c", "7c", "8c", "9c", "10c"]], []]}
    assert notes("fechado", canastra, lay) == ()
    short = {**PLAY, "hands": [["5h", "6h", "JK", "Kc", "9d"], 11, 11, 11]}
    assert notes("fechado", short, lay) == ()
    hurry = {**long, "morto": ["available", "taken"], "mortos": [11]}
    assert notes("fechado", hurry, lay) == ()
    # Six cards are no short meld (003's tip there is another: wait for the natural card).
    six = {**PLAY, "hands": [["5h", "6h", "7h", "8h", "10h", "JK", "Kc", "9d", "Qs"], 11, 11, 11]}
    assert notes("fechado", six, Lay((parse_cards("5h 6h 7h 8h JK 10h"),))) == ()


def test_a_wild_added_to_a_short_clean_meld_before_the_first_canastra() -> None:
    """“Não despeje os curingas no lixo nem em sequências curtas” [003]: the same tip where
    the wild goes onto a short clean meld already down, not into a new one. JK onto the
    side's 5♥ 6♥ 7♥ from a long hand makes a four-card meld dirty: noted, with the strong
    player's move (the Dica's) as the better one, pt and en, the meld counted from 1. Not
    in Aberto, nor once the side has a canastra, nor where the wild makes a six-card meld
    seven (a canastra suja: 003's other tip), nor where the strong level spends the wild too
    (a short hand in the race)."""
    hand = ["JK", "Kc", "9d", "Qs", "4c", "7d", "8s", "3c"]
    short = {**PLAY, "hands": [hand, 11, 11, 11], "melds": [[["5h", "6h", "7h"]], []]}
    onto = Extend(0, (parse_card("JK"),))
    for preset in ("fechado", "stbl"):
        found = notes(preset, short, onto)
        assert codes(found) == [NoteCode.WILD_ON_SHORT_MELD]
        rules = ruleset(preset)
        state = position_from_data(rules, {"seed": 9, "players": 4, **short})
        dica = make_player("strong").choose(rules, view_of(rules, state, 0), random.Random(0))
        assert found[0].better == dica
    assert read(found[0]).startswith(
        "O curinga JK foi para o jogo 1 (5♥ 6♥ 7♥ JK), ainda curto, antes de a sua dupla ter"
        " canastra: no Fechado e no STBL, jogo curto raramente vira canastra, e com o curinga"
        " ele fica sujo; guardado na mão, o curinga completa uma depois (canastra limpa vale"
        " 200, suja vale 100). Melhor: "
    )
    assert read(found[0], "en").startswith(
        "The wild JK went onto meld 1 (5♥ 6♥ 7♥ JK), still a short one, before your side had"
        " a canastra: in Fechado and STBL a short meld seldom grows into a canastra, and the"
        " wild makes it dirty; kept in your hand, the wild completes one later (a canastra"
        " limpa scores 200, a suja 100). Better: "
    )
    two = {**short, "players": 2, "hands": [hand, 11], "melds": [[["5h", "6h", "7h"]], []]}
    (alone,) = notes("fechado", two, onto)
    assert "foi para o seu jogo 1" in read(alone) and "antes de você ter canastra" in read(alone)
    assert "onto your meld 1" in read(alone, "en")
    assert notes("aberto", short, onto) == ()
    clubs = ["4c", "5c", "6c", "7c", "8c", "9c", "10c"]
    canastra = {**short, "melds": [[["5h", "6h", "7h"], clubs], []]}
    assert notes("fechado", canastra, onto) == ()
    six = {**short, "melds": [[["5h", "6h", "7h", "8h", "9h", "10h"]], []]}
    assert NoteCode.WILD_ON_SHORT_MELD not in codes(notes("fechado", six, onto))
    hurry = {**PLAY, "hands": [["JK", "Kc", "9d"], 11, 11, 11], "melds": [[["5h", "6h", "7h"]], []]}
    assert NoteCode.WILD_ON_SHORT_MELD not in codes(notes("fechado", hurry, onto))


def test_a_wild_in_a_lixo_pickups_new_meld_before_the_first_canastra() -> None:
    """The same habit at the draw [003, lesson 14]: taking a small closed lixo (a 7♥ on top)
    with 5♥ JK, the better move is the strong player's own, a draw; where it takes the lixo
    with a wild itself (a bigger pile), no note."""
    hand = ["5h", "JK", "Kc", "9d", "Qs", "4c", "7d", "8s", "3c", "10d", "Jd"]
    pickup = TakeLixo(new_meld=tuple(parse_cards("5h JK")))
    small = {"phase": "draw", "hands": [hand, 11, 11, 11], "lixo": {"top": "7h", "count": 2}}
    found = notes("fechado", small, pickup)
    assert codes(found) == [NoteCode.WILD_IN_NEW_MELD]
    assert found[0].params["meld_cards"] == "5♥ JK 7♥"
    assert read(found[0]).endswith("Melhor: comprar do monte.")
    big = {**small, "lixo": {"top": "7h", "count": 6}}
    assert notes("fechado", big, pickup) == ()
    assert "guardado na mão" in read(found[0])  # (the JK came from the hand: kept, it stays)


def test_a_wild_from_the_lixos_top_is_not_said_to_be_kept_in_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A position from a played round: the lixo's top card a joker, taken with 6♣ 7♣ into a
    new meld before the side's first canastra. The note said “o curinga guardado na mão
    completa uma depois”, of a wild that was never in the hand (the top card of a closed
    lixo goes into a meld); it says where the wild came from, and what it does to the meld.

    Its better move, the draw, is the strong level's, weighed by playing the round out after
    its pickup and after the draw (a near thing: another seed takes the lixo): the note
    ends with that figure, as a lixo left does (DESIGN: a note that rests on simulation
    gives its figure), and where the two come out even it names no better move."""
    from buraco_core.players import coach as coach_module

    ours = [["5s", "6s", "7s", "8s", "2h", "10s"], ["9c", "9d", "9h", "9s"], ["6c", "6h", "6s"]]
    ours += [
        ["6h", "7h", "8h", "9h", "10h", "2s"],
        ["Kc", "Kd", "Kd", "Kh", "Ks"],
        ["7h", "7s", "2c"],
    ]
    ours += [["Ad", "2d", "3d", "4d", "5d"], ["Ac", "Ac", "Ad", "As"]]
    theirs = [["10c", "Jc", "Qc", "Kc"], ["4c", "4h", "4s", "4s"], ["Js", "Qs", "Ks", "As"]]
    theirs += [["8c", "9c", "10c", "Jc", "Qc", "JK"], ["Jd", "Jh", "Jh", "Js", "2c"]]
    theirs += [["3c", "3h", "3h", "3s", "JK"], ["4d", "5d", "6d", "7d", "8d"]]
    data = {
        "phase": "draw",
        "hands": [["6c", "7c", "8d"], 1, 0, 3],
        "melds": [ours, theirs],
        "lixo": {"top": "JK", "count": 4},
        "morto": [{"status": "waiting", "seat": 2}, "taken"],
        "mortos": [],
    }
    (found,) = notes("fechado", data, TakeLixo(new_meld=tuple(parse_cards("6c 7c"))))
    assert found.code is NoteCode.WILD_IN_NEW_MELD and found.better == Draw()
    assert read(found) == (
        "O curinga JK, a carta de cima do lixo, foi para um jogo novo (6♣ 7♣ JK) antes de a"
        " sua dupla ter canastra: no Fechado e no STBL, jogo curto raramente vira canastra, e"
        " com o curinga ele já começa sujo (canastra limpa vale 200, suja vale 100)."
        " Melhor: comprar do monte. Jogando a rodada até o fim em 40 distribuições das cartas"
        " que você não vê, comprar do monte deu em média 55 pontos a mais que pegar o lixo."
    )
    assert found.params["deals"] == 40 and found.params["draw_gain"] == 55
    assert "kept in your hand" not in read(found, "en")
    assert "the lixo's top card" in read(found, "en")
    assert read(found, "en").endswith(
        "drawing scored 55 points more than taking the lixo, on average."
    )
    # The figures made even (under half a point apart): the draw is named no better.
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (12.0, 12.4))
    (even,) = notes("fechado", data, TakeLixo(new_meld=tuple(parse_cards("6c 7c"))))
    assert even.code is NoteCode.WILD_IN_NEW_MELD and even.better is None
    assert "draw_gain" not in even.params
    # (figures that would have the strong level take the lixo are not said beside its draw)
    monkeypatch.setattr(coach_module, "_strong_pickup", lambda *_: (13.0, 12.0))
    (other,) = notes("fechado", data, TakeLixo(new_meld=tuple(parse_cards("6c 7c"))))
    assert other.better == Draw() and "deals" not in other.params
    assert read(even).endswith(
        "pegar o lixo e comprar do monte deram em média quase o mesmo (menos de 1 ponto de"
        " diferença)."
    )


def test_a_lixo_left_names_the_meld_its_top_card_fitted(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ "A carta de cima tinha lugar num jogo" left the learner to find which: the note names
    the top card and the meld as the board shows it, counted from 1 with its cards ("no jogo
    2 da sua dupla (5♥ 6♥ 7♥)"), or the hand cards of the new meld; in the coach command's
    message too, its JSON fields unchanged [003 'Preste atenção ao lixo']."""
    data = {
        "phase": "draw",
        "hands": [["Kc", "4d", "Qh", "9c", "3s"], 11, 11, 11],
        "melds": [[["Js", "Qs", "Ks"], ["5h", "6h", "7h"]], []],
        "lixo": {"top": "8h", "count": 6},
    }
    found = notes("fechado", data, Draw())
    assert codes(found) == [NoteCode.LIXO_LEFT] and found[0].better == TakeLixo(extend=1)
    text = said(found[0])
    assert "a carta de cima, o 8♥, cabia no jogo 2 da sua dupla (5♥ 6♥ 7♥)" in text
    assert "its top card, the 8♥, fitted your side's meld 2 (5♥ 6♥ 7♥)" in said(found[0], "en")
    # (a 3-card lixo: at 2 players the strong level draws this 6-card one, so no note says
    # otherwise; the small one's note names the meld the same way)
    two = {**data, "players": 2, "hands": [data["hands"][0], 11], "lixo": {"top": "8h", "count": 3}}
    alone = notes("fechado", two, Draw())
    assert "cabia no seu jogo 2 (5♥ 6♥ 7♥)" in said(alone[0])
    new = {**data, "melds": [[], []], "hands": [["6h", "7h", "Kc", "4d", "Qh"], 11, 11, 11]}
    new["lixo"] = {"top": "8h", "count": 3}  # (as above: the strong level draws the 6 here)
    assert "o 8♥, fazia um jogo novo com 6♥ 7♥ da sua mão" in said(notes("fechado", new, Draw())[0])
    path = tmp_path / "move.json"
    position = {"seed": 9, "players": 4, **data}
    path.write_text(json.dumps({"position": position, "move": {"type": "draw"}}))
    assert main(["coach", str(path), "--json"]) == 0
    (note,) = json.loads(capsys.readouterr().out)["notes"]
    assert set(note) == {"code", "message", "better"} and note["code"] == "lixo_left"
    assert "cabia no jogo 2 da sua dupla (5♥ 6♥ 7♥)" in note["message"]


def test_a_one_card_lixo_left_for_a_draw_gets_no_note() -> None:
    """One card in the lixo: the draw brings a card too, and the strong level often draws
    there [audit 13, B3]. No 'Dava para pegar o lixo'."""
    data = {
        "phase": "draw",
        "hands": [["8s", "9s", "Kc", "4d", "Qh"], 11, 11, 11],
        "lixo": {"top": "10s", "count": 1},
    }
    assert notes("fechado", data, Draw()) == ()


def test_a_small_lixo_left_is_said_as_a_possibility_with_its_trade_off(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Two cards: taking or drawing is a judgement call (the strong level weighs it by
    playing the round out, and often draws). The note says the lixo could be taken and
    gives the trade-off, with no 'Melhor' move; a big pile keeps it [003 'Preste atenção
    ao lixo']."""
    data = {
        "phase": "draw",
        "hands": [["8s", "9s", "Kc", "4d", "Qh"], 11, 11, 11],
        "lixo": {"top": "10s", "count": 2},
    }
    found = notes("fechado", data, Draw())
    assert codes(found) == [NoteCode.LIXO_LEFT] and found[0].better is None
    text = said(found[0])
    assert "Dava para pegar o lixo (2 cartas)" in text
    printed = coach_says(tmp_path, capsys, "fechado", data, {"type": "draw"})
    assert "Dava para pegar o lixo (2 cartas)" in printed and "Melhor" not in printed
    assert "com poucas cartas, comprar do monte também serve" in printed
    big = {**data, "lixo": {"top": "10s", "count": 6}}
    printed = coach_says(tmp_path, capsys, "fechado", big, {"type": "draw"})
    assert "Dava para pegar o lixo (6 cartas)" in printed
    assert "Melhor: pegar o lixo e baixar o 10♠ com 8♠ 9♠." in printed  # (its top card named)


def test_aberto_discard_that_fits_their_meld_on_a_big_open_lixo() -> None:
    """Aberto: anyone may take the open lixo; on a pile of 8 the 10♦ goes down at once on
    the next opponents' J♦ Q♦ K♦ [000; audit 13, B6]. A safe card is named instead; a small
    pile gets no note."""
    data = {
        **PLAY,
        "hands": [["10d", "5s", "9h"], 11, 11, 11],
        "melds": [[["7c", "8c", "9c"]], [["Kd", "Qd", "Jd"]]],
        "lixo": ["3c", "Kc", "Ks", "8h", "8s", "Ah", "Ad"],
    }
    found = notes("aberto", data, Discard(parse_card("10d")))
    assert codes(found) == [NoteCode.FEEDS_OPPONENT]
    assert found[0].params == {"card": parse_card("10d"), "meld": 1, "count": 8}
    assert found[0].better == Discard(parse_card("9h"))
    text = said(found[0])
    assert "O 10♦ cabe no jogo 1 dos adversários" in text
    assert "pode pegar o lixo todo (8 cartas) e pôr o 10♦ nesse jogo" in text
    assert "fits the opponents' meld 1" in said(found[0], "en")
    assert notes("aberto", data, Discard(parse_card("9h"))) == ()
    small = {**data, "lixo": ["3c", "Kc"]}
    assert notes("aberto", small, Discard(parse_card("10d"))) == ()


def test_the_better_discard_after_a_wild_never_feeds_the_opponents() -> None:
    """The joker discarded: the 9♥ would go onto the opponents' 6♥ 7♥ 8♥ and take the
    10-card lixo, so the card named is the K♣ [003]. With only the 9♥ besides, the joker is
    still the worst gift, but no better discard is named."""
    data = {
        **PLAY,
        "hands": [["JK", "9h", "Kc"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": {"top": "3c", "count": 9},
    }
    found = notes("fechado", data, Discard(parse_card("JK")))
    assert codes(found) == [NoteCode.WILD_DISCARDED]
    assert found[0].better == Discard(parse_card("Kc"))
    assert "Descartar um curinga (JK)" in said(found[0])
    assert "Discarding a wild (JK)" in said(found[0], "en")
    only_9h = {**data, "hands": [["JK", "9h"], 11, 11, 11]}
    found = notes("fechado", only_9h, Discard(parse_card("JK")))
    assert codes(found) == [NoteCode.WILD_DISCARDED] and found[0].better is None


def test_no_discard_note_for_the_strong_levels_own_discard() -> None:
    """The strong level weighs what a card gives the next opponent against what it is worth
    keeping: it lets the 9♥ go onto their meld when the lixo is only that card and the rest
    of the hand is K♠ Q♠ J♠; and, with the next opponent down to one card (a wild alone
    starts no meld), it discards the 2♦ rather than feed them a 10-card lixo with the 9♣.
    The coach calls neither weak."""
    tiny = {
        **PLAY,
        "hands": [["9h", "Ks", "Qs", "Js"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": [],
    }
    assert notes("fechado", tiny, Discard(parse_card("9h"))) == ()
    wild = {
        **PLAY,
        "hands": [["2d", "9c"], 1, 11, 11],
        "melds": [[], [["9s", "9d", "9h"]]],
        "lixo": {"top": "3c", "count": 10},
    }
    assert notes("fechado", wild, Discard(parse_card("2d"))) == ()


def test_the_3h_onto_the_opponents_3c_3s_jk_is_noted_where_another_discard_was_better() -> None:
    """A finding from Jogar (four players, Fechado): the learner discarded the 3♥ with the
    opponents' 3♣ 3♠ JK on the table, and the coach said nothing. The 3♥ does feed them: a
    trinca takes a card of its rank, with at most one wild [000, 001, 003; lesson 13], and in
    Fechado the lixo is taken with its top card onto the side's own meld [002, 003; lesson
    7]; the next player is on the side that owns the meld. Where another card was the
    better discard, the note is there; its silence came from one of the filters below, each
    right by the rules and by the coach's contract (module docstring)."""
    rules = ruleset("fechado")
    trinca = [["3c", "3s", "JK"]]
    data = {
        **PLAY,
        "hands": [["3h", "Kc", "4d", "5s"], 11, 11, 11],
        "melds": [[], trinca],
        "lixo": {"top": "7d", "count": 6},
    }
    (found,) = notes("fechado", data, Discard(parse_card("3h")))
    assert found.code is NoteCode.FEEDS_OPPONENT
    assert found.params == {"card": parse_card("3h"), "meld": 1, "count": 7}
    assert found.better == Discard(parse_card("Kc"))
    assert "pode pegar o lixo todo (7 cartas) e pôr o 3♥ nesse jogo" in said(found)
    # The judge (as `buraco judge` says it): the next player takes the lixo onto that meld.
    state = position_from_data(rules, {"seed": 9, "players": 4, **data})
    after = apply(rules, state, Discard(parse_card("3h")))
    pickup = check(rules, after, TakeLixo(extend=0))
    assert pickup.ok and after.turn == 1 and "wild_in_trinca" in pickup.codes

    # 1. `best`: every other card feeds them too (the 7♣ onto their 8♣ 9♣ 10♣ J♣, the 8♦
    # onto their 4♦ 5♦ 6♦ 7♦), so there is no better discard to name, and no note. With the
    # K♠, which fits none of their melds, in the 8♦'s place the note names it.
    every = {
        **data,
        "hands": [["3h", "7c", "8d"], 11, 11, 11],
        "melds": [[], [*trinca, ["8c", "9c", "10c", "Jc"], ["4d", "5d", "6d", "7d"]]],
    }
    assert notes("fechado", every, Discard(parse_card("3h"))) == ()
    one_safe = {**every, "hands": [["3h", "7c", "Ks"], 11, 11, 11]}
    (found,) = notes("fechado", one_safe, Discard(parse_card("3h")))
    assert found.code is NoteCode.FEEDS_OPPONENT and found.better == Discard(parse_card("Ks"))

    # 2. `_strong_discards`: the lixo is only the 3♥ itself, and every other card is in a
    # pair (K♦ K♠, Q♥ Q♣, each a trinca in the making). The strong level weighs the one card
    # the opponents would take (and a card of theirs on the table) against breaking a pair,
    # and discards the 3♥ itself, whatever its seed: the coach does not call it weak. With
    # three cards under it, the pile is worth more than the pair, and the note is there.
    pairs = {**data, "hands": [["3h", "Kd", "Ks", "Qh", "Qc"], 11, 11, 11], "lixo": []}
    assert notes("fechado", pairs, Discard(parse_card("3h"))) == ()
    view = view_of(rules, position_from_data(rules, {"seed": 9, "players": 4, **pairs}), 0)
    discards = [m for m in legal_moves(rules, view.determinize()) if isinstance(m, Discard)]
    for seed in range(5):
        chosen = StrongPlayer().discard(rules, view, discards, random.Random(seed))
        assert chosen == Discard(parse_card("3h"))
    pile = {**pairs, "lixo": {"top": "7d", "count": 3}}
    (found,) = notes("fechado", pile, Discard(parse_card("3h")))
    assert found.code is NoteCode.FEEDS_OPPONENT and found.params["count"] == 4

    # 3. `_fed`: the judge refuses the pickup where it would leave the next player a last
    # card they may not discard (test_no_feed_to_an_opponent_who_may_not_take_the_lixo_with
    # _one_card), and nothing is fed where the discard goes out.


def test_going_out_in_two_steps_is_missed_when_the_wild_is_discarded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Morto taken, a canastra limpa down, hand 9♣ 2♦: the 2♦ onto A♣ A♥ A♠ and the 9♣
    discarded go out (the strong level does that) [001, 002, 003]. Discarding the 2♦ misses
    it; the coach says so, not 'discard the 9♣' (which fits their 9s and the 10-card lixo)."""
    data = {
        **PLAY,
        "hands": [["9c", "2d"], 11, 11, 11],
        "melds": [
            [["4s", "5s", "6s", "7s", "8s", "9s", "10s"], ["Ac", "Ah", "As"]],
            [["9s", "9d", "9h"]],
        ],
        "morto": ["taken", "available"],
        "mortos": [11],
        "lixo": {"top": "3c", "count": 10},
    }
    found = notes("fechado", data, Discard(parse_card("2d")))
    assert codes(found) == [NoteCode.WILD_DISCARDED, NoteCode.GO_OUT_MISSED]
    wild, out = found
    assert wild.better is None  # (the 9♣ is no better discard: it feeds them)
    assert out.better == Extend(1, parse_cards("2d"))
    assert "Dava para bater agora" in said(out)
    assert "You could have gone out here" in said(out, "en")
    # Both steps named: the 2♦ alone does not go out (audit of Jogar: "names only the first").
    assert out.params["then"] == parse_card("9c")
    shown = coach_says(tmp_path, capsys, "fechado", data, {"type": "discard", "card": "2d"})
    assert "e depois descartar o 9♣ para bater" in shown
    path = tmp_path / "move.json"
    assert main(["coach", str(path), "--json"]) == 0
    told = json.loads(capsys.readouterr().out)["notes"]
    assert [n.get("then") for n in told] == [None, {"type": "discard", "card": "9c"}]
    assert notes("fechado", data, Extend(1, parse_cards("2d"))) == ()


def test_discard_that_fits_the_sides_own_meld() -> None:
    """The 8♥ goes onto the side's own 5♥ 6♥ 7♥: added, it scores on the table and brings
    the canastra nearer; discarded, it is lost to the lixo [003, "Dicas": baixe o que puder
    antes do fim; 001: cards in the hand count against the side]. The K♣ fits nowhere; with
    two cards the line is a beat or going out, which the other notes weigh."""
    data = {
        **PLAY,
        "hands": [["8h", "Kc", "4d", "Qs"], 11, 11, 11],
        "melds": [[["5h", "6h", "7h"]], []],
    }
    found = notes("fechado", data, Discard(parse_card("8h")))
    assert codes(found) == [NoteCode.FITS_OWN_MELD]
    assert found[0].params == {"card": parse_card("8h"), "meld": 1}
    assert found[0].better == Extend(0, (parse_card("8h"),))
    assert "O 8♥ cabia no jogo 1 da sua dupla" in said(found[0])
    assert "The 8♥ fitted your side's meld 1" in said(found[0], "en")
    assert notes("fechado", data, Discard(parse_card("Kc"))) == ()
    short = {**data, "hands": [["8h", "Kc"], 11, 11, 11]}
    assert NoteCode.FITS_OWN_MELD not in codes(notes("fechado", short, Discard(parse_card("8h"))))


def test_a_card_for_a_meld_that_is_a_canastra_already_or_becomes_one() -> None:
    """A meld of 7 cards or more is a canastra [000: "Quando um jogo chegar a ter no mínimo 7
    cartas, ele terá o nome de Canastra"]: the 10♥ discarded where it fitted the side's
    canastra 3♥..9♥ was said to "deixar a canastra mais perto", though it was one; it now
    says the card would only add its points. The 9♥ onto 3♥..8♥ makes the canastra (a limpa:
    200 [000]), and the note says so (audit of Jogar)."""
    data = {
        **PLAY,
        "hands": [["10h", "Kc", "4d", "Qs"], 11, 11, 11],
        "melds": [[["3h", "4h", "5h", "6h", "7h", "8h", "9h"]], []],
    }
    (found,) = notes("fechado", data, Discard(parse_card("10h")))
    assert found.code is NoteCode.FITS_OWN_MELD and found.params["case"] == "canastra"
    assert "mais perto" not in said(found) and "closer" not in said(found, "en")
    assert "o jogo já é canastra, mas colocado nele ainda somava pontos na mesa" in said(found)
    assert "the meld is a canastra already" in said(found, "en")
    six = {**data, "melds": [[["3h", "4h", "5h", "6h", "7h", "8h"]], []]}
    six["hands"] = [["9h", "Kc", "4d", "Qs"], 11, 11, 11]
    (found,) = notes("fechado", six, Discard(parse_card("9h")))
    assert found.params == {
        "card": parse_card("9h"),
        "meld": 1,
        "case": "makes_canastra",
        "bonus": 200,
    }
    assert "colocado nele, completava a canastra, que vale 200 pontos de bônus" in said(found)
    assert "it would have completed the canastra, worth a 200-point bonus" in said(found, "en")


# A canastra de 500, ás a K limpa, laid at once (13 cards).
FIVE_HUNDRED = {
    **PLAY,
    "hands": [["Ah", "9c", "4d", "Qs", "7s"], 11, 11, 11],
    "melds": [
        [["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh"]],
        [],
    ],
}


def test_the_high_ace_is_not_said_to_fit_a_500_it_would_make_a_limpa() -> None:
    """STBL: a 500 or real must be laid at once [002: “cartas precisam ser baixadas de uma
    vez”]; the 500 with the high ace is a real built up, which scores as a limpa (200, not
    500). The A♥ discarded is not called a card the side's meld could take (the coach said
    “Melhor: acrescentar A♥ ao jogo 1”, 285 points given away). In Fechado the same ace
    makes the real (1000), and the note stands."""
    assert notes("stbl", FIVE_HUNDRED, Discard(parse_card("Ah"))) == ()
    (fits,) = notes("fechado", FIVE_HUNDRED, Discard(parse_card("Ah")))
    assert fits.code is NoteCode.FITS_OWN_MELD
    assert fits.better == Extend(0, (parse_card("Ah"),))


def test_the_high_ace_onto_a_500_laid_at_once_makes_it_a_limpa_in_stbl() -> None:
    """STBL [002: “canastra 500 ... cartas precisam ser baixadas de uma vez”; “canasta real
    ... as cartas devem ser baixadas de uma vez”]: the 500 with the high ace is a real built
    up, which scores as a limpa (200 where the 500 scored 500). The learner who lays the ace
    there is told so, the better move the strong player's (the Dica's), which keeps the 500.
    In Fechado the ace makes the real (1000): no note; nor onto a 500 built up (a limpa
    already: nothing lost)."""
    ace = Extend(0, (parse_card("Ah"),))
    rules = ruleset("stbl")
    state = position_from_data(rules, {"seed": 9, "players": 4, **FIVE_HUNDRED})
    dica = make_player("strong").choose(rules, view_of(rules, state, 0), random.Random(0))
    assert dica != ace
    (note,) = notes("stbl", FIVE_HUNDRED, ace)
    assert note.code is NoteCode.BONUS_LOWERED
    assert note.better == dica
    assert note.params == {"card": parse_card("Ah"), "meld": 1, "before": 500, "after": 200}
    assert said(note) == (
        "Com o A♥, o jogo 1 da sua dupla vai de ás a ás, mas nesta mesa a canastra real"
        " precisa ser baixada de uma vez: montada aos poucos, ela conta como limpa. A canastra"
        " de 500 (500 pontos de bônus) passa a valer 200."
    )
    assert said(note, "en") == (
        "With the A♥, your side's meld 1 runs from ace to ace, but at this table a real"
        " canastra must be laid all at once: built up, it counts as a limpa. The 500 canastra"
        " (500 bonus points) drops to 200."
    )
    assert notes("fechado", FIVE_HUNDRED, ace) == ()
    (built_up,) = FIVE_HUNDRED["melds"][0]
    built = {**FIVE_HUNDRED, "melds": [[{"cards": built_up, "built_up": True}], []]}
    assert notes("stbl", built, ace) == ()


def test_the_strong_level_keeps_no_high_ace_for_a_500_it_would_make_a_limpa() -> None:
    """STBL [002: “cartas precisam ser baixadas de uma vez”]: the high ace's only place is on
    the side's 500 laid at once, where it would make a limpa; so the strong level (and the
    Dica) discards it, 15 points fewer in the hand at the end, where it held it as a card
    the meld could take. In Fechado the ace makes the real: it lays it."""
    ace = parse_card("Ah")
    for preset, wanted in (("stbl", Discard(ace)), ("fechado", Extend(0, (ace,)))):
        rules = ruleset(preset)
        state = position_from_data(rules, {"seed": 9, "players": 4, **FIVE_HUNDRED})
        for seed in range(3):
            choice = make_player("strong").choose(
                rules, view_of(rules, state, 0), random.Random(seed)
            )
            assert choice == wanted, (preset, seed)


@pytest.mark.parametrize(
    ("card", "case", "as_card", "pt", "en"),
    [
        # 6♦ 7♦ 8♦ 2♣ (the 2♣ as the 9♦) takes the 4♦ with the 2♣ as the 5♦.
        (
            "4d",
            "other_end",
            "5d",
            "O 4♦ cabia no jogo 1 da sua dupla, com o curinga 2♣ passando para a outra ponta,"
            " no lugar do 5♦:",
            "The 4♦ fitted your side's meld 1, with the wild 2♣ moving to the other end, as"
            " the 5♦:",
        ),
        # The 9♦ takes the 2♣'s place, and the 2♣ goes on as the 10♦.
        (
            "9d",
            "wild_moved",
            "10d",
            "O 9♦ cabia no jogo 1 da sua dupla, no lugar do curinga 2♣, que passa a valer o 10♦:",
            "The 9♦ fitted your side's meld 1, in the place of the wild 2♣, which moves on to stand"
            " for the 10♦:",
        ),
    ],
)
def test_a_card_that_fits_the_own_meld_by_moving_its_wild(
    card: str, case: str, as_card: str, pt: str, en: str
) -> None:
    """A wild at the end of a sequence may stand at either end, and a natural card that
    takes its place moves it on to a free end [000: “colocando-o no lugar de outra carta”]:
    the note says how the card fits, since the meld's label (“6♦ 7♦ 8♦ 2♣”) shows the wild
    at one end only, and “O 4♦ cabia no seu jogo 1” beside it read as a mistake."""
    data = {
        **PLAY,
        "hands": [[card, "Kc", "4s", "Qs"], 11, 11, 11],
        "melds": [[["6d", "7d", "8d", "2c"]], []],
    }
    (found,) = notes("fechado", data, Discard(parse_card(card)))
    assert found.code is NoteCode.FITS_OWN_MELD
    assert found.params == {
        "card": parse_card(card),
        "meld": 1,
        "case": case,
        "wild": parse_card("2c"),
        "as_card": parse_card(as_card),
    }
    assert said(found).startswith(pt)
    assert said(found, "en").startswith(en)
    # Jogar's reminder when the round had the note before names the wild too.
    assert "curinga 2♣" in worded("play.again.fits_own_meld", "pt", **found.params)
    assert "wild 2♣" in worded("play.again.fits_own_meld", "en", **found.params)
    # (A card that leaves the wild where it stands says nothing of it: the 10♦.)
    data["hands"] = [["10d", "Kc", "4s", "Qs"], 11, 11, 11]
    (plain,) = notes("fechado", data, Discard(parse_card("10d")))
    assert "case" not in plain.params
    assert said(plain).startswith("O 10♦ cabia no jogo 1 da sua dupla:")


def test_at_a_table_of_two_the_card_for_the_own_meld_may_serve_the_one_opponent() -> None:
    """The same discard with one opponent: the lixo may serve "o adversário", not "os
    adversários" (a table of two has no pair across; Jogar said it in the plural)."""
    data = {
        **PLAY,
        "players": 2,
        "hands": [["8h", "Kc", "4d", "Qs"], 11],
        "melds": [[["5h", "6h", "7h"]], []],
    }
    (found,) = notes("fechado", data, Discard(parse_card("8h")))
    assert found.code is NoteCode.FITS_OWN_MELD
    assert said(found).endswith("vai para o lixo, onde pode servir ao adversário.")
    assert said(found, "en").endswith("goes to the lixo, where it may serve your opponent.")
    assert "adversários" not in said(found) and "opponents" not in said(found, "en")


@pytest.mark.parametrize(
    ("players", "pt", "en"),
    [
        (4, "o 8♥ cabia no jogo 1 da sua dupla", "the 8♥ fitted your side's meld 1"),
        (2, "o 8♥ cabia no seu jogo 1", "the 8♥ fitted your meld 1"),
    ],
)
@pytest.mark.parametrize("meld", [["5h", "6h", "7h"], ["2h", "3h", "4h", "5h", "6h", "7h"]])
def test_the_card_for_the_own_meld_is_said_to_fit_the_sides_meld_at_four(
    players: int, pt: str, en: str, meld: list[str]
) -> None:
    """At a table of four the melds are the pair's: the note said “cabia no seu jogo 1”
    where the other notes say “no jogo 1 da sua dupla” (a lixo left, a batida missed), and
    the reminder of it said so too. A table of two keeps “seu jogo”, in the reminder of a
    card that makes a canastra (2♥ to 7♥: 7 cards with the 8♥) as well."""
    data = {
        **PLAY,
        "players": players,
        "hands": [["8h", "Kc", "4d", "Qs"], *[11] * (players - 1)],
        "melds": [[meld], []],
    }
    (found,) = notes("fechado", data, Discard(parse_card("8h")))
    assert found.code is NoteCode.FITS_OWN_MELD
    assert pt in said(found).lower() and en in said(found, "en").lower()
    assert pt in worded("play.again.fits_own_meld", "pt", **found.params).lower()
    assert en in worded("play.again.fits_own_meld", "en", **found.params).lower()


def test_where_the_move_missed_going_out_no_other_note_names_another_better_move() -> None:
    """Morto taken, a canastra down, hand K♦ J♥: the K♦ onto the side's kings and the J♥
    discarded go out [001, 002, 003]. Discarding the K♦ feeds the opponents' diamonds too,
    and the note says so; but 'Better: discard the J♥' beside 'You could go out now' gave
    the learner two better moves, the first one not going out (audit: Jogar, forte)."""
    data = {
        **PLAY,
        "hands": [["Kd", "Jh"], 11, 11, 11],
        "melds": [
            [["4s", "5s", "6s", "7s", "8s", "9s", "10s"], ["Kc", "Kh", "Ks"]],
            [["9d", "10d", "Jd", "Qd"]],
        ],
        "morto": ["taken", "available"],
        "mortos": [11],
        "lixo": {"top": "3c", "count": 2},
    }
    found = notes("fechado", data, Discard(parse_card("Kd")))
    assert codes(found) == [NoteCode.FEEDS_OPPONENT, NoteCode.GO_OUT_MISSED]
    feeds, out = found
    assert feeds.params["card"] == parse_card("Kd")  # still said: the K♦ feeds them
    assert feeds.better is None
    assert out.better == Extend(1, parse_cards("Kd"))
    assert [n.better for n in found if n.better is not None] == [out.better]


# --- what the next player may take: the judge's answer, not a guess [audit: coach notes] -----


def test_no_feed_where_the_pickup_needs_two_cards_from_the_hand() -> None:
    """Stricter tables [003]: two hand cards must form a sequence with the top card, also
    when all three go onto a table meld. The 9♥ that fits the opponents' 6♥ 7♥ 8♥ does not
    let them take the lixo by itself, and what they hold is hidden: no "may take the lixo
    and put the 9♥ on that meld" (the judge refuses that pickup)."""
    rules = ruleset("fechado", pickup="top_card_two_from_hand")
    data = {
        "seed": 9,
        "players": 4,
        **PLAY,
        "hands": [["9h", "Kc", "4d", "5s"], 11, 11, 11],
        "melds": [[], [["6h", "7h", "8h"]]],
        "lixo": {"top": "3c", "count": 9},
    }
    state = position_from_data(rules, data)
    assert coach(rules, state, Discard(parse_card("9h"))) == ()
    # The same table with the usual pickup: the note stands.
    assert codes(notes("fechado", data, Discard(parse_card("9h")))) == [NoteCode.FEEDS_OPPONENT]


def test_no_feed_to_an_opponent_who_may_not_take_the_lixo_with_one_card() -> None:
    """The opponent holds one card, their morto taken, no canastra down: the 9♥ onto their
    meld would leave that card to discard, which would go out, which they may not yet [001,
    002, 003]; the judge refuses the pickup (the last-card trap). With a canastra they may go
    out, and the note stands."""
    data = {
        **PLAY,
        "players": 2,
        "hands": [["9h", "Kc", "4d", "5s"], 1],
        "melds": [[], [["6h", "7h", "8h"]]],
        "morto": ["available", "taken"],
        "mortos": [11],
    }
    assert notes("fechado", data, Discard(parse_card("9h"))) == ()
    canastra = ["4c", "5c", "6c", "7c", "8c", "9c", "10c"]
    out = {**data, "melds": [[], [["6h", "7h", "8h"], canastra]]}
    found = notes("fechado", out, Discard(parse_card("9h")))
    assert codes(found) == [NoteCode.FEEDS_OPPONENT]


def _after(preset: str, data: dict[str, Any], moves: list[Move]) -> Any:
    rules = ruleset(preset)
    state = position_from_data(rules, {"seed": 9, **data})
    for move in moves:
        state = apply(rules, state, move)
    return rules, state


def test_discard_that_makes_a_meld_with_cards_the_next_player_took_from_the_lixo() -> None:
    """Fechado, a table of two: the opponent took a lixo with both 8♣ under its top (seen
    going down, seen taken, not laid since). The 8♥ makes a trinca with them on top of the
    lixo, a new meld that takes the pile [002, 003]; the coach saw only the opponent's
    table melds and said nothing (a blunder the feeds_opponent note is for). The K♣ makes
    nothing with what they are seen to hold."""
    data = {
        "players": 2,
        **PLAY,
        "hands": [
            ["8c", "4h", "Kc", "9d", "8h", "Qs", "5d"],
            ["8c", "5h", "6h", "Js", "3d", "10c", "7d"],
        ],
    }
    took = [
        Discard(parse_card("8c")),
        Draw(),
        Discard(parse_card("8c")),
        Draw(),
        Discard(parse_card("4h")),
        TakeLixo(new_meld=parse_cards("5h 6h")),  # the 4♥ on top, both 8♣ to the hand
        Discard(parse_card("Js")),
        Draw(),
    ]
    rules, state = _after("fechado", data, took)
    (found,) = coach(rules, state, Discard(parse_card("8h")))
    assert found.code is NoteCode.FEEDS_OPPONENT
    assert found.params["held"] == "8♣ 8♣" and found.params["count"] == 2
    assert found.better == Discard(parse_card("9d"))
    assert said(found).startswith("O adversário tem na mão 8♣ 8♣ (vieram com o lixo")
    assert "ele pode pegar o lixo todo (2 cartas)" in said(found)
    assert said(found, "en").startswith("Your opponent holds 8♣ 8♣ (from a lixo they took)")
    assert coach(rules, state, Discard(parse_card("Kc"))) == ()
    # Aberto: anyone may take the open lixo anyway; a small pile is no gift of this kind.
    free = [*took[:5], TakeLixo(), Discard(parse_card("Js")), Draw()]
    rules, state = _after("aberto", data, free)
    assert coach(rules, state, Discard(parse_card("8h"))) == ()


def test_a_lixo_left_whose_top_card_fits_a_meld_with_a_wild_says_none_is_spent() -> None:
    """Jogar: “o K♣ cabia no jogo 5 da sua dupla (K♦ K♠ JK), sem curinga” read as if that
    meld had no wild, its JK in sight: what it meant is that no wild of the hand is spent."""
    data = {
        "phase": "draw",
        "hands": [["9c", "5s", "Qh", "4d", "7s"], 11, 11, 11],
        "melds": [[["Kd", "Ks", "JK"]], []],
        "lixo": {"top": "Kc", "count": 2},
    }
    (found,) = notes("fechado", data, Draw())
    assert found.code is NoteCode.LIXO_LEFT and found.params["case"] == "extend"
    assert "(K♦ K♠ JK), sem gastar curinga." in said(found)
    assert "(K♦ K♠ JK), without spending a wild." in said(found, "en")


@pytest.mark.parametrize(
    ("top", "held", "case", "as_card", "pt", "en"),
    [
        (
            "4d",
            "4s",
            "extend_other_end",
            "5d",
            "o 4♦, cabia no jogo 1 da sua dupla (6♦ 7♦ 8♦ 2♣), com o curinga 2♣ passando para a"
            " outra ponta, no lugar do 5♦.",
            "the 4♦, fitted your side's meld 1 (6♦ 7♦ 8♦ 2♣), with the wild 2♣ moving to the"
            " other end, as the 5♦.",
        ),
        (
            "9d",
            "4s",
            "extend_wild_moved",
            "10d",
            "o 9♦, cabia no jogo 1 da sua dupla (6♦ 7♦ 8♦ 2♣), no lugar do curinga 2♣, que passa"
            " a valer o 10♦.",
            "the 9♦, fitted your side's meld 1 (6♦ 7♦ 8♦ 2♣), in the place of the wild 2♣, which"
            " moves on to stand for the 10♦.",
        ),
        (
            "4d",
            "3d",
            "extend_with_other_end",
            "5d",
            "(6♦ 7♦ 8♦ 2♣) com 3♦ da sua mão, com o curinga 2♣ passando para a outra ponta, no"
            " lugar do 5♦.",
            "(6♦ 7♦ 8♦ 2♣) with 3♦ from your hand, with the wild 2♣ moving to the other end, as"
            " the 5♦.",
        ),
    ],
)
def test_a_lixo_left_whose_top_card_fits_by_moving_the_wild_says_how(
    top: str, held: str, case: str, as_card: str, pt: str, en: str
) -> None:
    """“Dava para pegar o lixo… cabia no jogo 1 (6♦ 7♦ 8♦ 2♣), sem curinga” beside a meld
    whose label shows the wild at one end read as a mistake: the 4♦ goes there only with the
    2♣ moving to the other end, the 9♦ only in the 2♣'s place [000: “colocando-o no lugar de
    outra carta”]. Said as a discard's note says it (fits_own_meld), Jogar's reminder too."""
    data = {
        "phase": "draw",
        "hands": [[held, "Kc", "Qh", "9c", "5s"], 11, 11, 11],
        "melds": [[["6d", "7d", "8d", "2c"]], []],
        "lixo": {"top": top, "count": 6},
    }
    (found,) = notes("fechado", data, Draw())
    assert found.code is NoteCode.LIXO_LEFT
    assert found.params["case"] == case
    wild = (parse_card("2c"), parse_card(as_card))
    assert (found.params["wild"], found.params["as_card"]) == wild
    assert pt in said(found) and "sem curinga" not in said(found)
    assert en in said(found, "en")
    assert "curinga 2♣" in worded("play.again.lixo_left", "pt", **found.params)
    alone = notes("fechado", {**data, "players": 2, "hands": [data["hands"][0], 11]}, Draw())
    assert "cabia no seu jogo 1 (6♦ 7♦ 8♦ 2♣)" in said(alone[0])
    assert "curinga 2♣" in said(alone[0])
