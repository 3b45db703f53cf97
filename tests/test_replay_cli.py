"""`buraco replay FILE|-` (issue 14): a round's record, as the "Jogar" page and `buraco
selfplay` export it, judged move by move; exit 1 at the first illegal move, 2 on bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from buraco_app.game import (
    Setup,
    round_record,
)
from buraco_cli.main import main
from buraco_core.players import make_player, play_round
from buraco_core.rules import ruleset
from tests.played import played_round


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "round.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["replay", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def selfplay_record(seed: int = 5, players: int = 2) -> dict[str, Any]:
    rules = ruleset("fechado")
    sides = (make_player("basic"), make_player("random"))
    return play_round(rules, sides, seed, players).to_data()


def page_record() -> dict[str, Any]:
    """A round played on the "Jogar" page's record (the learner's seat by a basic player)."""
    game = played_round(Setup("stbl", {"joker_points": 20}, 4, "basic", "on", 21), 1)
    return round_record(game, 0)


def test_a_recorded_round_replays_legal_to_its_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = selfplay_record()
    code, out, _ = run(capsys, tmp_path, record)
    assert code == 0
    lines = out.splitlines()
    assert sum(line.startswith("✓") for line in lines) == len(record["moves"])
    a, b = record["scores"]
    last_move = [line for line in lines if line.startswith("✓")][-1]
    who = last_move.split(": ")[0].split(". ")[1]  # the last move's player ("jogador 1")
    assert lines[-1] == f"Rodada encerrada: o {who} bateu. Lado A {a}, lado B {b}."


@pytest.mark.parametrize(
    ("players", "lang", "said"),
    [
        (4, "pt", "Lado A: jogadores 1 e 3; lado B: jogadores 2 e 4"),
        (2, "pt", "Lado A: jogador 1; lado B: jogador 2."),
        (4, "en", "Side A: players 1 and 3; side B: players 2 and 4"),
    ],
)
def test_a_replay_says_which_players_make_each_side(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int, lang: str, said: str
) -> None:
    """The moves name players ("jogador 3 bateu") and the totals sides ("Lado A 970"):
    nothing said that player 3 plays for side A [000, 001, 002, 003: partners sit opposite]."""
    code, out, _ = run(capsys, tmp_path, selfplay_record(players=players), "--lang", lang)
    assert code == 0 and out.splitlines()[1].startswith(said), out.splitlines()[:2]


def test_a_text_replay_marks_the_moments_of_the_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The morto taken or waiting, going out and the stock run out were in the JSON's
    events only: the text showed a discard like any other where a player went out. Each is
    now said under the move that made it [000, 001, 003: batida direta e indireta, o morto]."""
    record = selfplay_record()
    code, out, _ = run(capsys, tmp_path, record)
    lines = out.splitlines()
    assert code == 0 and lines[-2].startswith("       → Batida final! A rodada termina")
    moments = [line for line in lines if line.startswith("       → ")]
    data = json.loads(run(capsys, tmp_path, record, "--json")[1])
    said = {"direct_beat", "indirect_beat", "morto_picked_up", "went_out"}
    said |= {"morto_became_stock", "round_ended_stock_out"}
    events = [r for m in data["moves"] for r in m["reasons"] if r["code"] in said]
    assert len(moments) == len(events) >= 2  # (a batida, and the morto taken before it)
    assert [line.removeprefix("       → ") for line in moments] == [r["message"] for r in events]


def test_a_replayed_round_says_how_it_ended(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The last line said "Rodada encerrada" and the totals, never whether someone went out
    (and who) or the stock ran out, which a person reading the round wants first [000, 003:
    a round ends with a batida or with the stock run out]."""
    rules, sides = ruleset("fechado"), (make_player("random"), make_player("random"))
    records = [play_round(rules, sides, seed, 2).to_data() for seed in range(20)]
    ran_out = next(r for r in records if r["ended_by"] == "stock_out")
    code, out, _ = run(capsys, tmp_path, ran_out, "--lang", "en")
    a, b = ran_out["scores"]
    assert code == 0 and out.splitlines()[-1] == (
        f"Round over: the stock ran out. Side A {a}, side B {b}."
    )
    went_out = next(r for r in records if r["ended_by"] == "batida")
    code, out, _ = run(capsys, tmp_path, went_out, "--lang", "en")
    last_move = [line for line in out.splitlines() if line.startswith("✓")][-1]
    who = last_move.split(": ")[0].split(". ")[1]  # ("✓ 157. player 2: discard the Q♦")
    end = out.splitlines()[-1]
    assert code == 0 and end.startswith(f"Round over: {who} went out. Side A "), end


def test_a_text_replay_names_the_card_drawn_and_the_lixos_top_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A round can be followed from the text alone: a draw says the card it brought, and a
    pickup the lixo's top card it used (the move itself names neither)."""
    record = selfplay_record(seed=3, players=4)
    _, out, _ = run(capsys, tmp_path, record)
    draws = [line for line in out.splitlines() if "comprar do monte" in line]
    assert draws and all(line.rstrip().endswith(")") for line in draws), draws[:3]
    pickups = [line for line in out.splitlines() if "pegar o lixo" in line]
    assert pickups and all("baixar o " in line or " no jogo " in line for line in pickups), pickups[
        :3
    ]
    assert not any("carta de cima" in line for line in pickups)


def test_a_pickup_onto_a_meld_with_hand_cards_says_them_apart_from_the_top_card(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """“pegar o lixo e pôr o 10♣ J♣ no jogo 1” ran the hand's card into the top card, as
    if both came from the lixo; said as a new meld's pickup is: the top card “com” them."""
    record = {
        "rules": "fechado",
        "position": {
            "players": 2,
            "phase": "draw",
            "hands": [["Jc", "Qs", "4d", "5d", "9h"], 11],
            "melds": [[["7c", "8c", "9c"]], []],
            "lixo": ["3s", "10c"],
        },
        "moves": [{"type": "take_lixo", "extend": 0, "cards": ["Jc"]}],
    }
    code, out, _ = run(capsys, tmp_path, record)
    assert code == 0 and "1. jogador 1: pegar o lixo e pôr o 10♣ com J♣ no jogo 1\n" in out
    code, out, _ = run(capsys, tmp_path, record, "--lang", "en")
    assert "1. player 1: take the lixo and put the 10♣ with J♣ on meld 1\n" in out


def test_the_pages_export_replays_with_its_house_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = page_record()
    code, out, _ = run(capsys, tmp_path, record, "--json", "--lang", "en")
    data = json.loads(out)
    assert code == 0 and data["legal"] and data["illegal_at"] is None
    assert data["rules"] == {"preset": "stbl", "changed": {"joker_points": 20}}
    assert len(data["moves"]) == len(record["moves"]) and data["score"]


def test_replay_stops_at_the_first_illegal_move_with_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = selfplay_record()
    record["moves"][1] = {"type": "draw"}  # the round opens with a draw: a second one
    code, out, _ = run(capsys, tmp_path, record, "--lang", "en")
    assert code == 1
    moved, why, stopped = out.splitlines()[-3:]
    assert moved == "✗   2. player 1: draw from the stock"
    assert why.startswith("       • ") and "000" in why  # the reason, with its sources
    # Where to look in the file too: a person editing it by hand counts moves[] from 0.
    assert stopped == "Stopped at move 2 (moves[1] in the file): it is not allowed."
    code, out, _ = run(capsys, tmp_path, record, "--json")
    data = json.loads(out)
    assert code == 1 and data["illegal_at"] == 2 and len(data["moves"]) == 2
    assert data["moves"][-1]["reasons"][0]["code"] == "already_drew"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            "A jogada {n} está marcada para o jogador 1 (moves[{i}].seat: 0 no arquivo, onde "
            "os jogadores contam de 0), mas é a vez do jogador 2.",
        ),
        (
            "en",
            "Move {n} is marked for player 1 (moves[{i}].seat: 0 in the file, where players "
            "count from 0), but it is player 2's turn.",
        ),
    ],
)
def test_a_move_marked_for_another_seat_says_so_plainly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """A move whose own `seat` is not whose turn it is read "jogador 2: comprar do monte"
    and then "não é a vez do jogador 1": the reason now says which move (counting from 1)
    is marked for whom while it is another's turn, and the seat as the file has it, counted
    from 0; its code and params are as before (params gain case, field, index)."""
    record = selfplay_record()
    index = 1 + next(i for i, m in enumerate(record["moves"]) if m["type"] == "discard")
    record["moves"][index] = {"type": "draw", "seat": 0}  # player 2's first turn, as player 1
    said = said.format(n=index + 1, i=index)
    code, out, _ = run(capsys, tmp_path, record, "--lang", lang)
    assert code == 1
    moved, why = out.splitlines()[-3:-1]
    assert moved.startswith(f"✗ {index + 1:>3}. ") and " 2: " in moved, moved
    assert why.startswith(f"       • {said}  ("), why
    code, out, _ = run(capsys, tmp_path, record, "--json", "--lang", lang)
    reason = json.loads(out)["moves"][-1]["reasons"][0]
    assert code == 1 and reason["code"] == "not_your_turn" and reason["message"] == said
    assert reason["params"]["seat"] == 0 and reason["params"]["turn"] == 1
    assert reason["params"]["field"] == f"moves[{index}].seat" and reason["params"]["index"] == 0


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Não há jogo número {n} (moves[{i}].meld: {m} no arquivo, onde os jogos contam"),
        ("en", "There is no meld number {n} (moves[{i}].meld: {m} in the file, where melds count"),
    ],
)
def test_a_meld_past_the_sides_melds_is_said_as_the_record_numbers_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """A record's melds count from 0 and a person's from 1: `"meld": 1` with one meld on the
    table, written for the first, read “não há jogo número 2” alone; the reason now says the
    record's own value and that it counts from 0."""
    record = selfplay_record()
    index = 1 + next(i for i, m in enumerate(record["moves"]) if m["type"] == "draw")
    record["moves"][index] = {"type": "extend", "meld": 1, "cards": ["4h"]}  # no meld laid yet
    code, out, _ = run(capsys, tmp_path, record, "--lang", lang)
    assert code == 1
    said = said.format(n=2, i=index, m=1)
    assert out.splitlines()[-2].startswith(f"       • {said}"), out.splitlines()[-2]
    code, out, _ = run(capsys, tmp_path, record, "--json", "--lang", lang)
    reason = json.loads(out)["moves"][-1]["reasons"][0]
    assert code == 1 and reason["code"] == "no_such_meld" and said in reason["message"]
    assert reason["params"]["meld"] == 1 and reason["params"]["number"] == 2


def test_a_round_cut_short_is_legal_and_says_whose_turn_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = selfplay_record()
    record["moves"] = record["moves"][:1]
    code, out, _ = run(capsys, tmp_path, record, "--lang", "en")
    assert code == 0
    # (Then, the record kept its stated end: that it does not reach it.)
    assert out.splitlines()[-2].startswith("Every move is legal; the round goes on: player")
    assert out.splitlines()[-1].startswith("But the record says the round is over")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seed": "x"}, "seed"),
        ({"moves": {"type": "draw"}}, "moves"),
        ({"moves": [{"type": "fly"}]}, "moves[0]"),
        ({"rules": "bridge"}, "rules"),
        ({"vulnerable": [True]}, "vulnerable"),
        ({"players": 3}, "players"),
        ({"dealer": 1}, "dealer"),
    ],
)
def test_bad_input_is_exit_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], where: str
) -> None:
    code, out, err = run(capsys, tmp_path, {**selfplay_record(), **change}, "--lang", "en")
    assert code == 2 and out == ""
    assert err.startswith("buraco: error:")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "round.json: moves[3].card (jogada 4): “9x” não é uma carta"),
        ("en", "round.json: moves[3].card (move 4): “9x” is not a card"),
    ],
)
def test_a_bad_move_in_a_hand_edited_record_names_it_as_the_text_numbers_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """A record edited by hand, its fourth move's card mistyped: the error named moves[3]
    alone, counted from 0, while the replay's text numbers moves from 1 ("✗   4. …"); it
    now names both, so the move is found either way."""
    record = selfplay_record()
    record["moves"][3] = {**record["moves"][3], "card": "9x"}
    code, out, err = run(capsys, tmp_path, record, "--lang", lang)
    assert code == 2 and out == ""
    assert said in err.splitlines()[0], err


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ('"meld": 100000000000000000000', "moves[3].meld (jogada 4): número longo demais"),
        ('"meld": 1e999', "moves[3].meld (jogada 4): número grande demais"),
        ('"card": "\\ud800"', "moves[3].card (jogada 4): traz meio caractere"),
    ],
)
def test_a_number_too_long_in_a_move_names_the_move_as_the_text_numbers_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, edit: str, said: str
) -> None:
    """A move's number of 21 digits (or 1e999, or half a character) was said at
    `moves[3].meld` alone, counted from 0, where every other error in a move names it both
    ways, as the README says: now `moves[3].meld (jogada 4)` too, found either way."""
    record = selfplay_record()
    move = record["moves"][3]
    record["moves"][3] = {k: v for k, v in move.items() if f'"{k}"' not in edit} | {"edited": 0}
    record = json.dumps(record).replace('"edited": 0', edit)
    code, out, err = run(capsys, tmp_path, record)
    assert code == 2 and out == ""
    assert said in err.splitlines()[0], err
    code, _, err = run(capsys, tmp_path, record, "--lang", "en")
    assert "(move 4):" in err.splitlines()[0], err


def test_a_record_without_seed_or_position_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Either starts a round: the error names both, and where the record's format is told
    (`buraco schema replay`), as judge, score and coach do for theirs."""
    record = selfplay_record()
    del record["seed"]
    code, _, err = run(capsys, tmp_path, record)
    assert code == 2
    assert err.splitlines()[0].endswith(
        ": seed: campo obrigatório ausente: o registro começa pela distribuição de seed (com "
        "players, first e vulnerable) ou por uma position já distribuída"
    )
    assert err.splitlines()[1:] == ["O formato do arquivo, campo a campo: buraco schema replay"]
    code, _, err = run(capsys, tmp_path, {**selfplay_record(), "moves": 5}, "--lang", "en")
    assert code == 2 and err.splitlines()[1:] == [
        "The file's format, field by field: buraco schema replay"
    ]


def test_a_record_whose_stated_end_differs_from_its_replay_is_a_failed_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco replay` checks a recorded round: a record that claims another score or ending
    than its moves give ends with exit 1 and says what it claims; JSON says matches_record."""
    record = selfplay_record()
    code, out, _ = run(capsys, tmp_path, record)
    assert code == 0 and "registro" not in out
    record |= {"scores": [1, 2], "ended_by": "stock_out"}
    code, out, _ = run(capsys, tmp_path, record)
    assert code == 1
    assert out.splitlines()[-1] == (
        "Mas o registro diz outra coisa: lado A 1, lado B 2; terminou com o monte esgotado."
    )
    code, out, _ = run(capsys, tmp_path, record, "--json")
    assert code == 1 and json.loads(out)["matches_record"] is False
    code, _, err = run(capsys, tmp_path, {**record, "scores": [1]})
    assert code == 2 and "scores: esperava 2 itens" in err
    # Not a list: what came is said, as for `vulnerable` (it was “esperava 2 itens”).
    code, _, err = run(capsys, tmp_path, {**record, "scores": "x"})
    assert code == 2 and "scores: esperava uma lista, veio “x”" in err


def test_a_records_level_of_another_kind_is_named_by_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`"levels": ["basic", -1]` was “levels: esperava uma lista, veio ["basic", -1]”, which
    is a list: the level at fault is named, and what it is."""
    record = selfplay_record()
    code, _, err = run(capsys, tmp_path, {**record, "levels": ["basic", -1]})
    assert code == 2 and "levels[1]: esperava um texto entre aspas, veio -1" in err
    code, _, err = run(capsys, tmp_path, {**record, "levels": "basic"})
    assert code == 2 and "levels: esperava uma lista, veio “basic”" in err


def test_a_record_that_states_an_end_its_moves_do_not_reach_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A self-play record cut short (its `ended_by` and `scores` kept, its moves stopping
    mid-round) replays legal, exit 0 as documented, but no longer reads as a round that
    merely goes on: the text says the record claims an end its moves do not reach, and JSON
    adds `record_cut_short` (every other field kept)."""
    record = selfplay_record()
    cut = {**record, "moves": record["moves"][:6]}
    a, b = record["scores"]
    code, out, _ = run(capsys, tmp_path, cut)
    assert code == 0
    lines = out.splitlines()
    assert lines[-2].startswith("Todas as jogadas valem; a rodada segue")
    ending = "terminou com uma batida" if record["ended_by"] == "batida" else "terminou com o"
    assert lines[-1].startswith(
        f"Mas o registro diz que a rodada acabou: lado A {a}, lado B {b}; {ending}"
    )
    assert lines[-1].endswith("As jogadas dele param no meio da rodada, antes desse fim.")
    code, out, _ = run(capsys, tmp_path, cut, "--lang", "en")
    assert code == 0
    assert out.splitlines()[-1].startswith(f"But the record says the round is over: side A {a}")
    assert out.splitlines()[-1].endswith("Its moves stop mid-round, before that end.")
    code, out, _ = run(capsys, tmp_path, cut, "--json")
    data = json.loads(out)
    assert code == 0 and data["record_cut_short"] is True and data["matches_record"] is None
    assert {"legal", "illegal_at", "moves", "ended_by", "score", "rules"} <= set(data)
    # The whole record, a record that states no end, one that says it has not ended: not so.
    for whole in (record, {k: v for k, v in cut.items() if k not in ("scores", "ended_by")}):
        code, out, _ = run(capsys, tmp_path, whole)
        assert code == 0 and "registro" not in out
        code, out, _ = run(capsys, tmp_path, whole, "--json")
        assert json.loads(out)["record_cut_short"] is False
    code, out, _ = run(capsys, tmp_path, {**cut, "scores": None, "ended_by": None})
    assert code == 0 and "registro" not in out


def test_a_record_with_a_position_says_its_deal_fields_are_not_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record with both a dealt `position` and a `seed` replayed from the position and said
    nothing: whoever added the seed (to deal the position's hidden cards?) never learnt it
    went unused. The round still starts from the position (as the replay schema says), and
    a notice on stderr names the fields not read; JSON adds `unread_fields`."""
    record = selfplay_record()
    dealt = {
        **record,
        "position": {"players": 2, "hands": [11, 11]},
        "moves": record["moves"][:1],
    }
    code, out, err = run(capsys, tmp_path, dealt)
    path = tmp_path / "round.json"
    assert code == 0 and out.splitlines()[0].startswith("Rodada")
    assert err == (
        f"buraco: aviso: {path}: seed, players, first, vulnerable: estes campos não são lidos: a "
        "rodada começa da position do registro, não de uma distribuição (as cartas escondidas da "
        "position, se houver, saem de position.seed)\n"
    )
    code, out, err = run(capsys, tmp_path, {**dealt, "players": 4}, "--json", "--lang", "en")
    assert code == 0 and err.startswith(f"buraco: note: {path}: seed, players, first,")
    assert json.loads(out)["unread_fields"] == ["seed", "players", "first", "vulnerable"]
    only_seed = {k: v for k, v in dealt.items() if k not in ("players", "first", "vulnerable")}
    code, _, err = run(capsys, tmp_path, only_seed)
    assert code == 0 and f"{path}: seed: este campo não é lido:" in err
    # A record that gives only one start says nothing more.
    code, out, err = run(capsys, tmp_path, record, "--json")
    assert code == 0 and err == "" and json.loads(out)["unread_fields"] == []


def test_a_move_by_a_seat_not_at_the_table_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record of two players whose move names seat 3 was replayed as an illegal move of
    “jogador 4”, who is not at the table; bad input naming the move both ways."""
    record = {"rules": "fechado", "seed": 1, "players": 2, "moves": [{"type": "draw", "seat": 3}]}
    code, _, err = run(capsys, tmp_path, record, "--lang", "en")
    assert code == 2
    assert "moves[0].seat (move 1): seat 3 does not exist with 2 players" in err


def test_a_legal_extend_is_told_without_the_files_index(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The file's own index (“moves[7].meld: 0 no arquivo…”) is said beside an illegal move's
    reason, where it helps find the mistake; a legal extend's event reads as the round's
    story, “Acrescentou 6♠ ao jogo 1.”, its params as before (no case, field or index)."""
    record = selfplay_record()
    code, out, _ = run(capsys, tmp_path, record, "--json")
    extends = [
        reason
        for line in json.loads(out)["moves"]
        for reason in line["reasons"]
        if reason["code"] == "extended_meld"
    ]
    assert code == 0 and extends, "the record extends no meld: pick another seed"
    for reason in extends:
        assert "no arquivo" not in reason["message"], reason["message"]
        assert not {"case", "field", "index"} & set(reason["params"]), reason["params"]


def test_the_folder_selfplay_saved_given_to_replay_names_a_record_in_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco replay rodadas`, the folder `selfplay --save rodadas` had just filled, was
    “é uma pasta, não um arquivo”, leaving a newcomer to guess the file: it now says how many
    records the folder holds and gives the command for the first (a folder without records
    is said as before)."""
    folder = tmp_path / "rodadas"
    argv = ["selfplay", "--rounds", "2", "--players", "2", "--levels", "random,random"]
    assert main([*argv, "--save", str(folder)]) == 0
    capsys.readouterr()
    code = main(["replay", str(folder)])
    out, err = capsys.readouterr()
    assert code == 2 and not out
    assert err == (
        f"buraco: erro: {folder}: não foi possível ler: é uma pasta, com 2 registros de rodadas:"
        f" dê um deles, como em buraco replay {folder / 'round-001.json'}\n"
    )
    code = main(["replay", str(folder), "--lang", "en"])
    assert code == 2 and "it is a folder, holding 2 round records" in capsys.readouterr().err
    code = main(["replay", str(tmp_path)])  # (no record in it: a folder, as before)
    assert code == 2 and "é uma pasta, não um arquivo" in capsys.readouterr().err
