"""Jogar's “Dica” / “Hint”: at the learner's turn, what the strong player would do now in the
learner's seat, and why, in the middle of the table; the learner still makes the move."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.database import open_engine, sqlite_url
from buraco_app.game import Game, GameStore, Setup, new_game, positions, strong_weighing
from buraco_core.cards import Card, parse_card, parse_cards
from buraco_core.judge import check
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import move_from_data, position_from_data
from buraco_core.players import DEFAULT_THINK_MS, make_player, view_of
from buraco_core.players.coach import NoteCode, coach
from buraco_core.rules import RuleSet, ruleset
from buraco_core.state import Phase, State
from buraco_text import Lang
from tests.app.conftest import hand_cards, in_order, read, tap_card, tap_shown
from tests.played import a_deal_to_lay, played_on, played_round

Open = Callable[..., AppTest]

SAYS = {"en": "The strong player would:", "pt": "O jogador forte faria:"}
WHY = {"en": "Why:", "pt": "Por quê:"}

# A round of the page (Fechado, 4 players, deal seed 1010) to the learner's turn at move 10:
# a 4-card lixo whose J♦ makes a meld with the learner's J♥ J♠. Seeded as the page seeds
# this move ("1010:9") the strong player draws; seeded 0 it takes the lixo, and the coach
# seeded so calls the draw weak: the hint must be the page's own strong player's. (The
# opponent at seat 1 discards the 7♦ here, not the 10♥ of the page's own round: there both
# seeds take the lixo since the strong level keeps its wilds out of short new melds.)
ROUND_1010 = [
    {"type": "draw"},
    {"type": "discard", "card": "Kd"},
    {"type": "draw"},
    {"type": "discard", "card": "7d"},
    {"type": "draw"},
    {"type": "discard", "card": "Ac"},
    {"type": "draw"},
    {"type": "lay", "cards": ["6c", "6h", "6h"]},
    {"type": "discard", "card": "Jd"},
]


def store() -> GameStore:
    return GameStore(open_engine(sqlite_url()))  # the page's SQLite file (BURACO_DATA_DIR)


def game_id_of(at: AppTest) -> str:
    found = at.query_params["game"]
    return found if isinstance(found, str) else found[0]


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def with_moves(setup: Setup, moves: list[Move]) -> Game:
    game = new_game(setup)
    return replace(game, rounds=(replace(game.current, moves=tuple(moves)),))


def strong_choice(rules: RuleSet, state: State, seed: int | str) -> Move:
    """The strong computer player's move in the learner's seat, at the page's budget."""
    player = make_player("strong", DEFAULT_THINK_MS)
    return player.choose(rules, view_of(rules, state, 0), random.Random(seed))


def hint_box(at: AppTest) -> Any | None:
    """The box that gives the hint (None: none on the page)."""
    found = [b for b in at.info if any(says in str(b.value) for says in SAYS.values())]
    assert len(found) <= 1
    return found[0] if found else None


def hint_said(at: AppTest) -> str:
    box = hint_box(at)
    assert box is not None, "no hint on the page"
    return read(str(box.value)).replace("**", "")


def has_hint_button(at: AppTest) -> bool:
    return any(b.key == "play_hint" for b in at.button)


def coach_said(at: AppTest) -> list[str]:
    return [str(w.value) for w in at.warning if "Coach:" in w.value or "Treinador:" in w.value]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_hint_is_the_strong_players_move_and_following_it_draws_no_coach_note(
    open_app: Open, lang: Lang
) -> None:
    """“Dica” names the move the strong computer player would make in the learner's seat,
    seeded as the page seeds it for this move (as the coach's strong player is): the learner
    taps it, and the coach has nothing to say. The hint is in the middle of the table, under
    the stock and the lixo; it goes once the move is made, the button back for the next."""
    open_app("play", lang=lang)  # (makes the data folder)
    setup = Setup("fechado", {}, 4, "basic", "on", 1010)
    game = with_moves(setup, [move_from_data(m) for m in ROUND_1010])
    rules, state = game.rules, positions(game)[-1]
    assert state.turn == 0 and state.phase is Phase.DRAW
    # (what the test rests on: another seed's strong player takes, and its coach calls the
    # draw weak)
    assert strong_choice(rules, state, "1010:9") == Draw()
    assert isinstance(strong_choice(rules, state, 0), TakeLixo)
    assert [n.code for n in coach(rules, state, Draw(), 0)] == [NoteCode.LIXO_LEFT]

    at = open_app("play", lang=lang, game=store().create(game))
    assert hint_box(at) is None and has_hint_button(at)
    click(at, "play_hint")
    said = hint_said(at)
    move = {"en": "draw from the stock", "pt": "comprar do monte"}[lang]
    assert said.startswith(f"{SAYS[lang]} {move}."), said
    # (The lixo can be taken: said so, beside the coach's "Dava para pegar o lixo" of another
    # seed; "não compensa agora, ou não dá" left it open.)
    why = {
        "en": "The lixo can be taken (4 cards), but it is not worth it now.",
        "pt": "Dá para pegar o lixo (4 cartas), mas agora não vale a pena.",
    }
    # The draw rests on the strong player's playouts: their figures close the why.
    weighing = strong_weighing(game, state)
    assert weighing is not None and weighing.move == Draw() and weighing.deals == 40
    gain = round(weighing.drawn - weighing.taken)
    figure = {
        "en": f"on 40 deals of the cards you cannot see, drawing scored {gain} points more"
        " than taking the lixo, on average.",
        "pt": f"em 40 distribuições das cartas que você não vê, comprar do monte deu em média"
        f" {gain} pontos a mais que pegar o lixo.",
    }
    assert f"\n{WHY[lang]} {why[lang]} " in said and said.endswith(figure[lang]), said
    assert not has_hint_button(at)  # (the hint in its place)
    order = in_order(at.main)
    keys = [getattr(n, "key", "") or "" for n in order]
    hand = min(i for i, k in enumerate(keys) if k.startswith("bthand"))
    assert keys.index("btt-play_board-discard") < order.index(hint_box(at)) < hand
    at.run()  # (a rerun: the hint stays)
    assert hint_said(at) == said

    click(at, "btt-play_board-stock")  # the hint followed
    assert coach_said(at) == []
    assert store().load(game_id_of(at)).current.notes == {}
    assert hint_box(at) is None and has_hint_button(at)  # (gone with the move)

    # The turn's next move: laying a meld, tapped as the hint says.
    state = positions(store().load(game_id_of(at)))[-1]
    lay = strong_choice(rules, state, "1010:10")
    assert isinstance(lay, Lay) and check(rules, state, lay).ok
    click(at, "play_hint")
    cards = " ".join(c.symbol for c in sorted(lay.melds[0], key=lambda c: c.order))
    assert cards == "4♦ 4♥ 4♠"
    assert hint_said(at).startswith(f"{SAYS[lang]} {'lay' if lang == 'en' else 'baixar'} {cards}.")
    for card in cards.split():
        tap_shown(at, hand_cards(at).index(card))
    click(at, "btt-play_board-new")
    game = store().load(game_id_of(at))
    assert game.current.moves[-1] == lay
    assert coach_said(at) == [] and game.current.notes == {}
    assert hint_box(at) is None and has_hint_button(at)


@pytest.mark.parametrize("asked", [True, False])
def test_drawing_as_the_hint_said_brings_no_coach_remark_against_it(
    open_app: Open, asked: bool
) -> None:
    """A newcomer asked “Dica” (“comprar do monte”: drawing scored more than taking the
    lixo, played out on 40 deals), drew, and got a yellow “Treinador: Dava para pegar o lixo
    (2 cartas)…”, then “De novo, dava para pegar o lixo…”: the coach seemed to scold the
    hint. That remark names no better move (a judgement call, never among the key moments);
    after the hint's own move it is not said. Without the hint asked it still is."""
    open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {}, 2, "basic", "on", 1)
    game = played_on(new_game(setup), 1, lambda g, _: len(g.current.moves) == 145)
    state = positions(game)[-1]  # (what the test rests on: a small lixo the hint leaves)
    assert state.phase is Phase.DRAW and len(state.lixo) == 2
    assert [n.code for n in coach(game.rules, state, Draw(), "1:145")] == [NoteCode.LIXO_LEFT]
    at = open_app("play", lang="en", game=store().create(game))
    if asked:
        click(at, "play_hint")
        assert hint_said(at).startswith("The strong player would: draw from the stock."), hint_said(
            at
        )
    click(at, "btt-play_board-stock")
    coach_says = coach_said(at)
    if asked:
        assert not coach_says, coach_says
        assert any("Your move: Draw from the stock" in str(s.value) for s in at.success)
    else:
        assert coach_says and "lixo" in coach_says[0]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_to_take_the_lixo_gives_the_figures_it_rests_on(lang: Lang) -> None:
    """The strong player's take-or-draw is played out on random deals of the hidden cards
    (DESIGN: advice that rests on simulation gives its figure): the hint says by how much
    its pickup came out ahead, as the coach's "Melhor: pegar o lixo" does; a hint that was
    not weighed (a meld to lay) says no figure [002, 003: a lixo worth taking]."""
    from buraco_app.play import hint_text

    setup = Setup("fechado", {}, 4, "basic", "on", 1010)
    game = with_moves(setup, [move_from_data(m) for m in ROUND_1010])
    state = positions(game)[-1]
    take = TakeLixo(new_meld=parse_cards("Jh Js"))  # (the J♦ on top, with the learner's J♥ J♠)
    assert check(game.rules, state, take).ok
    weighed = strong_weighing(game, state)
    assert weighed is not None
    weighing = replace(weighed, move=take, taken=30.4, drawn=-5.0)
    said = hint_text(game, state, take, lang, weighing)
    figure = {
        "pt": "Jogando a rodada até o fim em 40 distribuições das cartas que você não vê, pegar"
        " o lixo deu em média 35 pontos a mais que comprar do monte.",
        "en": "Playing the round out to its end on 40 deals of the cards you cannot see, taking"
        " the lixo scored 35 points more than drawing, on average.",
    }
    assert said.endswith(figure[lang]), said
    assert "40" not in hint_text(game, state, take, lang)  # (no weighing: no figure)
    # Where the two came out under half a point apart, it said “0 pontos a mais”.
    even = hint_text(game, state, take, lang, replace(weighing, taken=12.3, drawn=12.0))
    assert {
        "pt": "pegar o lixo e comprar do monte deram em média quase o mesmo",
        "en": "taking the lixo and drawing scored about the same on average",
    }[lang] in even, even
    assert " 0 " not in even, even


def test_a_position_is_thought_out_once(open_app: Open, monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong player thinks up to a second or two: a rerun (a fold opened, a card picked)
    shows the hint it gave, without thinking again."""
    from buraco_app import play

    asked: list[int] = []

    def counted(game: Game, state: State) -> Move:
        asked.append(len(game.current.moves))
        return Draw()

    monkeypatch.setattr(play, "strong_hint", counted)
    at = open_app("play", lang="en")
    at.radio(key="play_players").set_value(2).run()
    click(at, "play_start")
    click(at, "play_hint")
    tap_shown(at, 0)
    at.run()
    assert hint_said(at).startswith("The strong player would: draw from the stock.")
    assert asked == [0]


def test_no_hint_on_the_computers_turn_nor_after_the_round_and_the_end_counts_them(
    open_app: Open,
) -> None:
    """With the coach off the hint still comes (the learner asked). Not at the computers'
    turn, nor once the round is over, whose end says how many were asked."""
    open_app("play", lang="pt")
    final = played_round(Setup("fechado", {}, 2, "basic", "off", 6), 6)
    last = final.current.moves[-1]  # (the learner's discard that goes out)
    assert isinstance(last, Discard)
    game = replace(final, rounds=(replace(final.current, moves=final.current.moves[:-1]),))
    assert positions(game)[-1].turn == 0
    at = open_app("play", lang="pt", game=store().create(game))
    click(at, "play_hint")
    assert hint_said(at).startswith(SAYS["pt"])
    tap_shown(at, hand_cards(at).index(last.card.symbol))
    click(at, "btt-play_board-discard")
    assert positions(store().load(game_id_of(at)))[-1].phase is Phase.ENDED
    assert not has_hint_button(at) and hint_box(at) is None
    assert any(c.value == "Você pediu 1 dica nesta rodada." for c in at.caption)

    at = open_app("play", lang="en")
    at.radio(key="play_players").set_value(2).run()
    at.radio(key="play_coach").set_value("off").run()
    click(at, "play_start")
    click(at, "play_hint")
    assert hint_said(at).startswith(SAYS["en"])
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")  # the computer's turn now
    assert any(b.key == "play_next_move" for b in at.button)
    assert not has_hint_button(at) and hint_box(at) is None


@pytest.mark.parametrize(
    ("lang", "why"),
    [
        ("pt", "O lixo está vazio: só resta comprar do monte."),
        ("en", "The lixo is empty: the stock is the only draw."),
    ],
)
def test_a_hint_at_an_empty_lixo_says_it_is_empty(open_app: Open, lang: Lang, why: str) -> None:
    """The round's first turn: the lixo is empty. The hint had said "Pegar o lixo não compensa
    agora, ou não dá", a hedge that left a newcomer looking for a reason in an empty pile."""
    at = open_app("play", lang=lang)
    at.radio(key="play_players").set_value(2).run()
    click(at, "play_start")
    click(at, "play_hint")
    said = hint_said(at)
    assert said.endswith(f"\n{WHY[lang]} {why}"), said


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_that_goes_out_or_beats_speaks_to_the_learner(lang: Lang) -> None:
    """The hint is advice to "você": its reasons had told the judge's account of a move done,
    "o morto espera a próxima vez deste jogador", "quem bateu ganha 100 pontos"."""
    from buraco_app.play import hint_text

    final = played_round(Setup("fechado", {}, 2, "basic", "off", 6), 6)
    last = final.current.moves[-1]  # (the learner's discard that goes out)
    game = replace(final, rounds=(replace(final.current, moves=final.current.moves[:-1]),))
    said = hint_text(game, positions(game)[-1], last, lang)
    want = {
        "pt": "Batida final: a rodada termina e você ganha 100 pontos de batida.",
        "en": "Going out (batida final): the round ends and you score 100 for it.",
    }
    assert said.endswith(want[lang]), said
    # A table of four, the learner's last card discarded for the morto (move 30 of this round)
    four = played_round(Setup("fechado", {}, 4, "basic", "off", 17), 17)
    at, states = 29, positions(four)
    move = four.current.moves[at]
    assert states[at].turn == 0 and len(states[at].hands[0]) == 1 and isinstance(move, Discard)
    game = replace(four, rounds=(replace(four.current, moves=four.current.moves[:at]),))
    said = hint_text(game, states[at], move, lang)
    want = {
        "pt": "Batida indireta: a última carta vai para o lixo, e o morto espera a sua "
        "próxima vez.",
        "en": "Indirect batida: your last card goes to the lixo, and the morto waits for your "
        "next turn.",
    }
    assert said.endswith(want[lang]), said


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_to_take_the_lixo_names_its_top_card(lang: Lang) -> None:
    """ "pegar o lixo e pôr a carta de cima no jogo 5" left the learner to find which card
    that was: the hint names it, as the computers' lines do ("pegou o lixo e pôs o 7♠…")."""
    from buraco_app.play import hint_text
    from buraco_core.judge import legal_moves
    from tests.played import played_until

    setup = Setup("fechado", {}, 4, "basic", "on", 900)

    def takes(state: State) -> list[TakeLixo]:
        if state.turn != 0 or state.phase is not Phase.DRAW or len(state.lixo) < 2:
            return []
        rules = setup.rules()
        return [m for m in legal_moves(rules, state) if isinstance(m, TakeLixo) and m.justified]

    game = played_until(setup, 0, lambda state: bool(takes(state)))
    state = positions(game)[-1]
    top = state.lixo[-1].symbol
    for take in takes(state):
        said = hint_text(game, state, take, lang)
        named = {
            "pt": f"pegar o lixo e {'baixar' if take.new_meld else 'pôr'} o {top}",
            "en": f"take the lixo and {'lay' if take.new_meld else 'put'} the {top}",
        }
        assert f"{SAYS[lang]}** {named[lang]}" in said, said


@pytest.mark.parametrize(
    ("hand", "melds", "move", "said"),
    [
        (
            ["5h", "Kc", "9d"],
            [["4h", "JK", "6h", "7h"]],
            Extend(0, parse_cards("5h")),
            {
                "pt": "A carta natural ficaria no lugar do curinga: o JK sairia do 5♥ e "
                "passaria a valer 8♥.",
                "en": "The natural card would take the wild's place: the JK would move from "
                "the 5♥ and stand for the 8♥.",
            },
        ),
        (
            ["3d", "Kc", "9d"],
            [["2d", "4d", "5d"]],
            Extend(0, parse_cards("3d")),
            {
                "pt": "O 2♦ voltaria para a sua posição natural: o jogo ficaria limpo.",
                "en": "The 2♦ would go back to its natural place: the meld would be clean.",
            },
        ),
        (
            ["3d", "JK", "9d"],
            [["2d", "4d", "5d"]],
            Extend(0, parse_cards("3d JK")),
            {
                "pt": "O 2♦ voltaria para a sua posição natural, mas o jogo continuaria sujo: "
                "o curinga passaria a ser o JK.",
                "en": "The 2♦ would go back to its natural place, but the meld would stay "
                "dirty: the JK would be its wild.",
            },
        ),
    ],
)
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_says_what_the_move_would_do_to_a_meld(
    hand: list[str], melds: list[list[str]], move: Move, said: dict[str, str], lang: Lang
) -> None:
    """The hint had told the judge's account of a move done, beside its advice: "o JK saiu do
    5♥ e agora vale 8♥", "o 2♦ voltou para a sua posição natural" of a move not made."""
    from buraco_app.play import why_lines

    rules = ruleset("fechado")
    table = {"players": 2, "phase": "play", "hands": [hand, 11], "melds": [melds, []]}
    lines = why_lines(rules, "strong", position_from_data(rules, table), move, lang, advice=True)
    assert said[lang] in lines, lines


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_to_discard_at_an_empty_stock_says_the_morto_would_become_it(lang: Lang) -> None:
    """Not "um morto que ninguém pegou virou o novo monte" before the discard is made."""
    from buraco_app.play import why_lines

    rules = ruleset("fechado")
    table = {
        "players": 2,
        "phase": "play",
        "hands": [["3d", "Kc", "9d"], 11],
        "stock": [],
        "mortos": [11, 11],
        "lixo": {"top": "Qs", "count": 72},
    }
    state = position_from_data(rules, table)
    lines = why_lines(rules, "strong", state, Discard(parse_card("Kc")), lang, advice=True)
    said = {
        "pt": "O monte acabou: com o seu descarte, um morto que ninguém pegou vira o novo monte.",
        "en": "The stock has run out: with your discard, a morto nobody took becomes the new "
        "stock.",
    }
    assert said[lang] in lines, lines


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_hint_to_draw_where_the_lixo_cannot_be_taken_says_so(lang: Lang) -> None:
    """ "Pegar o lixo não compensa agora, ou não dá": which? Its top card, the 9♦, cannot go
    down: the hint says the lixo cannot be taken, and the computers' reasons too. (Not "has
    nowhere to go": a K♠ that fits a meld may still not go down, where it would leave the
    hand a single card before a canastra.)"""
    from buraco_app.play import why_lines

    rules = ruleset("fechado")
    table = {"players": 2, "hands": [["5h", "6h", "Kc"], 11], "lixo": {"top": "9d", "count": 3}}
    state = position_from_data(rules, table)
    said = {
        "pt": "Não dá para pegar o lixo agora: a carta de cima, o 9♦, não pode ir para a mesa "
        "nesta vez.",
        "en": "The lixo cannot be taken now: its top card, the 9♦, cannot go down this turn.",
    }
    assert why_lines(rules, "strong", state, Draw(), lang, advice=True) == [said[lang]]
    done = {
        "pt": "O lixo não podia ser pego (a carta de cima não podia ir para a mesa): comprou do "
        "monte.",
        "en": "The lixo could not be taken (its top card could not go down): drew from the stock.",
    }
    assert why_lines(rules, "basic", state, Draw(), lang) == [done[lang]]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_random_computers_draw_is_not_said_to_weigh_the_lixo(lang: Lang) -> None:
    """The random level picks any legal move by lot: where it drew with a lixo it could take,
    its reason was “Dava para pegar o lixo, mas não valia a pena”, a judgement it never makes.
    The strong level's draw there keeps that reason."""
    from buraco_app.play import why_lines
    from buraco_core.judge import legal_moves

    game = with_moves(
        Setup("fechado", {}, 4, "basic", "on", 1010), [move_from_data(m) for m in ROUND_1010]
    )
    rules, state = game.rules, positions(game)[-1]
    assert any(isinstance(m, TakeLixo) for m in legal_moves(rules, state))  # (it could take)
    random_said = why_lines(rules, "random", state, Draw(), lang)
    strong_said = why_lines(rules, "strong", state, Draw(), lang)
    by_lot = {"en": "Random level: drew from the stock by lot", "pt": "Nível aleatório: comprou"}
    assert random_said[0].startswith(by_lot[lang]), random_said
    assert "worth" not in random_said[0] and "vale a pena" not in random_said[0]
    assert "worth" in strong_said[0] or "valia a pena" in strong_said[0], strong_said


def test_a_hint_asked_after_a_meld_taken_back_is_not_shown_for_another_meld(
    open_app: Open,
) -> None:
    """A hint is kept for the position it was asked in. With a meld taken back and another
    laid, the position has as many moves as the one the hint was asked in, but other melds:
    no hint there (it had been kept by the count of moves, and said the other position's)."""
    game, melds = a_deal_to_lay(lambda melds: bool(_apart(melds)), coach="off")
    first, second = _apart(melds)[0]
    at = open_app("play", lang="en", game=store().create(game))
    click(at, "btt-play_board-stock")
    for card in first:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    click(at, "play_hint")
    assert hint_box(at) is not None
    click(at, "play_take_back")
    for card in second:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    assert [m for m in positions(store().load(game_id_of(at)))[-1].sides[0].melds]
    assert hint_box(at) is None and has_hint_button(at)


def _apart(melds: list[tuple[Card, ...]]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The pairs of melds that share no card."""
    return [(a, b) for a in melds for b in melds if not set(a) & set(b)]
