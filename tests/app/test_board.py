"""The board is the input (issue 13): a tap on cards and a tap on a place make the move;
the board redraws with what it did; progress shows in the same rerun."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app import progress
from buraco_app.board import Pick, Target, build_move, changes, hand_order, seat_places
from buraco_core import parse_cards, ruleset
from buraco_core.judge import play
from buraco_core.moves import Discard, Draw, Extend, Lay, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.state import SideState, deal
from buraco_course import load_curriculum, scenario_state
from buraco_text import Lang
from tests.app.conftest import (
    changed_melds,
    hand_cards,
    meld_groups,
    meld_labels,
    picked_cards,
    tap_card,
    tap_meld,
)

Open = Callable[..., AppTest]


def tap(at: AppTest, *labels: str) -> AppTest:
    """Tap board buttons by what they say, else the hand's card of that name; a meld by its
    label's start ("Meld 1:", ending in ":")."""
    for label in labels:
        found = [
            b
            for b in at.button
            if not b.disabled
            and (b.label.startswith(label) if label.endswith(":") else b.label == label)
        ]
        if found:
            found[0].click().run()
        elif label.endswith(":"):
            tap_meld(at, label)
        else:
            assert label in hand_cards(at), f"no button or card {label!r} in {board_labels(at)}"
            tap_card(at, label)
        assert not at.exception, at.exception
    return at


def headline(at: AppTest) -> str:
    boxes = [*at.success, *at.warning, *at.error]
    return str(boxes[0].value) if boxes else ""


def board_labels(at: AppTest) -> list[str]:
    """What the board's melds and buttons say."""
    return meld_labels(at) + [b.label for b in at.button]


# --- a pick and a tap make a move (pure) ------------------------------------------------------

STATE = position_from_data(
    ruleset("fechado"),
    {
        "players": 2,
        "phase": "draw",
        "hands": [["4s", "5s", "6s", "Kd"], 11],
        "melds": [[["7s", "8s", "9s"]], [["Qc", "Kc", "Ac"]]],
        "lixo": ["3h", "3s"],
    },
)


def test_a_pick_and_a_place_make_the_move() -> None:
    c = STATE.hand
    assert build_move(STATE, Pick(), Target("stock")) == Draw()
    assert build_move(STATE, Pick((0, 1)), Target("lixo")) == TakeLixo(new_meld=(c[0], c[1]))
    assert build_move(STATE, Pick((1,), top=True), Target("meld", 0)) == TakeLixo(
        extend=0, cards=(c[1],)
    )
    assert build_move(STATE, Pick((2,)), Target("meld", 0)) == Extend(0, (c[2],))
    assert build_move(STATE, Pick((3,)), Target("meld", 0, other_side=True)) == Extend(
        0, (c[3],), side=1
    )
    assert build_move(STATE, Pick((3,)), Target("discard")) == Discard(c[3])
    assert build_move(STATE, Pick((0, 1, 2)), Target("new")) == Lay(((c[0], c[1], c[2]),))


def test_what_a_pick_lacks_is_no_move() -> None:
    assert build_move(STATE, Pick(), Target("new")) is None
    assert build_move(STATE, Pick((0, 1)), Target("discard")) is None
    assert build_move(STATE, Pick(), Target("meld", 0)) is None


def test_melds_set_aside_go_down_together() -> None:
    pick = Pick((0, 1)).set_aside().toggled(2)
    c = STATE.hand
    assert build_move(STATE, pick, Target("new")) == Lay(((c[0], c[1]), (c[2],)))
    assert pick.undone().undone() == Pick(cards=(0, 1))  # undo: the card, then the group


def test_a_card_tapped_twice_drops() -> None:
    assert Pick().toggled(3).toggled(3) == Pick()


def test_the_hand_sorted_by_suit_then_rank_or_by_rank() -> None:
    hand = parse_cards("Kd 4s JK 4h 2s")
    assert [hand[p].symbol for p in hand_order(hand)] == ["2♠", "4♠", "4♥", "K♦", "JK"]
    by_rank = [hand[p].symbol for p in hand_order(hand, by_rank=True)]
    assert by_rank == ["2♠", "4♠", "4♥", "K♦", "JK"] and hand_order(hand, True)[-1] == 2


def test_changes_mark_the_meld_and_the_new_cards() -> None:
    rules = ruleset("fechado")
    verdict, taken = play(rules, STATE, TakeLixo(new_meld=(STATE.hand[0], STATE.hand[1])))
    assert taken is not None
    marks = changes(STATE, taken, verdict, TakeLixo(new_meld=(STATE.hand[0], STATE.hand[1])))
    assert marks.melds == {(0, 1)}  # the new meld of side 1 (index 1), marked
    assert [taken.hand[p].symbol for p in marks.new_cards] == ["3♥"]  # the lixo came in
    assert [str(e.code) for e in marks.events] == ["took_lixo_new_meld"]  # the judge's account


def test_a_direct_beat_marks_every_morto_card_new_even_one_the_hand_just_laid() -> None:
    """Two decks: the hand lays J♦ Q♦ K♦ A♦ and the morto brings another A♦. All eleven
    morto cards are new and marked so (the A♦ was not: it was counted as the one laid)."""
    rules = ruleset("fechado")
    morto = ["Ad", "3c", "4c", "5c", "6h", "7h", "8h", "9s", "10s", "Js", "Qs"]
    state = position_from_data(
        rules,
        {
            "players": 4,
            "phase": "play",
            "hands": [["Jd", "Qd", "Kd", "Ad"], 11, 11, 11],
            "melds": [[["8d", "9d", "10d"]], []],
            "mortos": [morto, 11],
        },
    )
    move = Extend(0, tuple(parse_cards("Jd Qd Kd Ad")))
    verdict, after = play(rules, state, move)
    assert after is not None and "direct_beat" in verdict.codes
    marks = changes(state, after, verdict, move)
    assert sorted(after.hand[p].symbol for p in marks.new_cards) == sorted(
        card.symbol for card in parse_cards(" ".join(morto))
    )


def test_lesson_stars() -> None:
    r = progress.Result
    ids = ["a", "b", "c", "d"]
    assert progress.lesson_stars({"a": r.PERFECT, "b": r.PERFECT, "c": r.PERFECT}, ids) == 0
    every = dict.fromkeys(ids, r.SOLVED)
    assert progress.lesson_stars(every, ids) == 1
    assert progress.lesson_stars(every | {"a": r.PERFECT, "b": r.PERFECT}, ids) == 2
    assert progress.lesson_stars(dict.fromkeys(ids, r.PERFECT), ids) == 3


# --- exercises solved by tapping (AppTest) ----------------------------------------------------


@pytest.mark.parametrize(
    ("scenario", "taps"),
    [
        # extend: the 2♠ goes home (seeds 000, 001)
        ("two_goes_home_cleans_canastra", ["4♠", "Meld 1:"]),
        # take the lixo onto a meld: its top card 4♣ sends the 2♣ home (seeds 000, 001, 003)
        ("pickup_brings_the_two_home", ["4♣", "Meld 1:"]),
        # take the lixo with a new meld (seeds 002, 003)
        ("trinca_justifies_in_fechado", ["7♣", "7♠", "Lixo (8 cards)"]),
        # draw (seeds 000-003)
        ("draw_comes_first", ["Stock (57)"]),
        # discard the last card: indirect beat, the morto waits (seeds 001, 003)
        ("indirect_beat_morto_waits", ["K♦", "Discard"]),
        # lay: a new meld
        ("first_meld_three_in_a_row", ["6♣", "7♣", "8♣", "+ New meld"]),
        # two melds at once, a direct beat: the first set aside (seeds 001, 003)
        (
            "direct_beat_with_two_melds",
            ["7♣", "8♣", "9♣", "Set aside", "J♠", "Q♠", "K♠", "+ New meld"],
        ),
    ],
)
def test_solve_a_move_exercise_by_tapping(open_app: Open, scenario: str, taps: list[str]) -> None:
    at = open_app("practice", scenario=scenario, lang="en")
    start = scenario_state(load_curriculum().scenarios[scenario])
    if scenario == "draw_comes_first":
        taps = [f"Stock ({len(start.stock)})"]
    tap(at, *taps)
    assert headline(at).startswith("**Right!**"), headline(at)
    assert not at.error


def test_a_legal_move_redraws_the_board_the_two_went_home(open_app: Open) -> None:
    """The meld the move changed is outlined green (its label bold, which the CSS draws) in
    the same widget: its melds' widget stays (a new element was drawn beside the old one
    until the rerun ended, and a quick tap met the melds shifted by one)."""
    at = open_app("practice", scenario="two_goes_home_cleans_canastra", lang="en")
    assert "Meld 1: 3♠ :orange-background[2♠] 5♠" in board_labels(at)  # the 2 is a wild
    assert changed_melds(at) == []
    keys = [g.key for g in meld_groups(at)]
    tap(at, "4♠", "Meld 1:")
    assert meld_labels(at)[0] == "Meld 1: 2♠ 3♠ 4♠ 5♠"  # now in its place, not marked wild
    assert changed_melds(at) == ["Meld 1: 2♠ 3♠ 4♠ 5♠"]  # marked as changed
    assert [g.key for g in meld_groups(at)] == keys  # the same widget
    assert "4♠" not in hand_cards(at)  # the card left the hand
    said = " ".join(c.value for c in at.caption)
    assert "moved back to its natural place: the meld is now clean" in said


def test_a_red_wild_in_a_meld_is_drawn_red_on_its_orange_mark(open_app: Open) -> None:
    """A wild is marked with an orange background; a red one (2♦, 2♥) lost its red there and
    read as a black 2 (♣ or ♠) among the meld's cards."""
    at = open_app("practice", scenario="last_card_trap_dirty_canastra", lang="en")
    meld = next(label for label in board_labels(at) if label.startswith("Meld 1:"))
    assert meld.startswith("Meld 1: 5♠ 6♠ 7♠ :orange-background[:red[2♦]] 9♠"), meld


def test_the_hand_switch_sorts_by_rank(open_app: Open) -> None:
    at = open_app("practice", scenario="draw_comes_first", lang="en")
    assert hand_cards(at)[:4] == ["8♠", "Q♠", "K♠", "A♥"]  # by suit: ♠ ♥ ♣ ♦, each low to high
    at.toggle(key="sc_draw_comes_first_board_by_rank").set_value(True).run()
    assert hand_cards(at)[:3] == ["A♥", "3♥", "4♣"]


def test_an_illegal_move_keeps_the_board_and_names_the_cards(open_app: Open) -> None:
    at = open_app("practice", scenario="two_goes_home_cleans_canastra", lang="en")
    before = board_labels(at)
    tap(at, "K♣", "K♥", "+ New meld")
    assert at.error and "K♣" in at.error[0].value and "K♥" in at.error[0].value
    assert not at.success  # one headline: never a red box beside a "legal" one
    # The same board (the K♣ K♥ still picked, so "Set aside" is offered too).
    after = [b for b in board_labels(at) if b != "Set aside"]
    assert after[: len(before) - 3] == before[: len(before) - 3]
    tap(at, "↺ Try again")
    assert not at.error


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "sem descartar: nesta mesa só se bate descartando"),
        ("en", "without a discard: at this table you go out only by discarding"),
    ],
)
def test_a_refused_beat_says_why_in_the_headline(open_app: Open, lang: str, said: str) -> None:
    """ "Esta jogada acabaria com as cartas da mão sem descartar:" is a lead-in: the headline
    goes on with what is missing, never stops at the colon with the why hidden behind "por
    quê?" (option go_out_by: only by discarding [003])."""
    at = open_app("practice", scenario="keep_a_card_to_discard", lang=lang)
    tap(at, "J♥", "Q♥", "K♥", "Jogo 2:" if lang == "pt" else "Meld 2:")
    shown = str(at.error[0].value)
    assert said in shown, shown
    assert not shown.rstrip("*").endswith(":")


def test_the_why_list_puts_what_is_missing_under_the_lead_in(open_app: Open) -> None:
    """Under "por quê?" the reasons are a list: the lead-in "… sem descartar:" is not
    a bullet that stops at its colon, with what is missing as the next bullet; that sits
    under it, as the headline joins them (audit 14) [003: going out only by discarding]."""
    at = open_app("practice", scenario="keep_a_card_to_discard", lang="pt")
    tap(at, "J♥", "Q♥", "K♥", "Jogo 2:")
    listed = next(m.value for m in at.markdown if "sem descartar:" in m.value)
    lines = listed.splitlines()
    lead = next(i for i, line in enumerate(lines) if "sem descartar:" in line)
    assert lines[lead].startswith("- ")
    assert lines[lead + 1].startswith("    - "), listed  # what is missing, under the lead-in


def test_an_illegal_move_keeps_the_cards_picked_to_fix_the_pick(open_app: Open) -> None:
    """The learner fixes a refused pick (a card more, a card less) rather than pick it all
    again: the picked cards stay lifted and named under the hand."""
    at = open_app("practice", scenario="first_meld_three_in_a_row", lang="en")
    tap(at, "6♣", "7♣", "+ New meld")  # two cards: not a meld
    assert at.error and "at least 3 cards" in at.error[0].value
    assert sorted(picked_cards(at)) == ["6♣", "7♣"]  # (drawn as picked)
    assert any("Picked: 6♣ 7♣." in c.value for c in at.caption)
    tap(at, "8♣", "+ New meld")  # one card more: now the meld goes down
    assert headline(at).startswith("**Right!**"), headline(at)


@pytest.mark.parametrize(
    ("lang", "fix", "said"),
    [
        (
            "en",
            "8♣",
            "Answer to the earlier pick (lay 6♣ 7♣): Not allowed. A new meld needs at least 3",
        ),
        (
            "pt",
            "↶ Desfazer a última escolha",
            "Resposta para a escolha anterior (baixar 6♣ 7♣): Não pode.",
        ),
    ],
)
def test_a_refused_answer_is_greyed_once_the_pick_changes(
    open_app: Open, lang: Lang, fix: str, said: str
) -> None:
    """The red “Não pode” belongs to the cards then picked: a card tapped since (or one
    dropped) and it read as the answer to the new pick. Now one grey line, said as the
    earlier pick's; the try stays counted (the solution is offered after a try)."""
    at = open_app("practice", scenario="first_meld_three_in_a_row", lang=lang)
    tap(at, "6♣", "7♣", "+ New meld" if lang == "en" else "+ Novo jogo")
    assert at.error
    tap(at, fix)
    assert not at.error and not at.success
    assert [c.value for c in at.caption if said in c.value], [c.value for c in at.caption]
    assert not at.button(key="sc_first_meld_three_in_a_row_solution").disabled
    assert not [b for b in at.button if (b.key or "").endswith("_retry")]


@pytest.mark.parametrize(
    ("scenario", "said"),
    [
        ("draw_comes_first", "To take the lixo, its top card must go into a meld"),
        ("aberto_lixo_instead_of_stock", "to take the lixo, tap it"),
    ],
)
def test_the_board_says_how_the_lixo_is_taken_at_this_table(
    open_app: Open, scenario: str, said: str
) -> None:
    """Fechado: the lixo is taken only with its top card in a meld [002, 003], so tapping
    the lixo alone is refused: the help says how (cards with it, or the top card then a
    meld). Aberto: the whole lixo, no condition [000]: a tap on it."""
    at = open_app("practice", scenario=scenario, lang="en")
    assert any(said in str(c.value) for c in at.caption), [c.value for c in at.caption]


def test_undo_the_last_pick(open_app: Open) -> None:
    """The button drops the last card picked, and says so: called “Desfazer” alone, after a
    refused meld it read as undoing the move, and a tap took back one card only."""
    at = open_app("practice", scenario="first_meld_three_in_a_row", lang="en")
    tap(at, "6♣", "7♣", "K♠")
    tap(at, "↶ Undo the last pick")
    assert any("Picked: 6♣ 7♣." in c.value for c in at.caption)


def test_a_place_without_the_cards_says_what_to_pick(open_app: Open) -> None:
    at = open_app("practice", scenario="first_meld_three_in_a_row", lang="en")
    tap(at, "+ New meld")
    assert at.warning and "New meld" in at.warning[0].value
    assert not at.error and not at.success


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "You have already drawn this turn: the lixo is taken only instead of the draw"),
        ("pt", "Você já comprou nesta vez: o lixo só se pega no lugar da compra"),
    ],
)
def test_the_lixos_top_card_after_the_draw_says_the_draw_is_made(
    open_app: Open, lang: Lang, said: str
) -> None:
    """After the draw, a tap on the lixo's top card picked it and said “Tap one of your
    melds to put the top card on it”: the meld tapped was then refused (one draw per turn
    [000, 001, 003]), and “Discard” asked to “pick exactly one card”, one being picked.
    The tap now says the draw is made, and picks nothing."""
    at = open_app("practice", scenario="first_meld_three_in_a_row", lang=lang)
    tap(at, "K♦")  # (the lixo's top card: this hand holds no K♦)
    assert at.warning and said in at.warning[0].value
    top = "the lixo's top card" if lang == "en" else "a carta de cima do lixo"
    assert not picked_cards(at) and not any(top in str(c.value) for c in at.caption)
    assert not at.error and not at.success


def test_progress_updates_in_the_same_rerun_as_the_verdict(open_app: Open) -> None:
    course = load_curriculum()
    lesson = course.lesson("natural_two")
    step = lesson.scenarios.index("two_goes_home_cleans_canastra") + 1
    at = open_app("lessons", lesson="natural_two", lang="en")
    at.session_state[f"lesson_{lesson.id}_step"] = step
    at.run()
    total = len(lesson.scenarios)
    assert str(at.get("progress")[0].proto.text) == f"0 of {total} exercises solved"
    tap(at, "4♠", "Meld 1:")
    assert str(at.get("progress")[0].proto.text) == f"1 of {total} exercises solved"
    assert "★" in at.caption[0].value or any("★" in c.value for c in at.caption)


def test_a_checked_answer_updates_the_progress_in_the_same_rerun(open_app: Open) -> None:
    """Tasks answered with widgets and "Check" too: the bar counts the answer at once."""
    course = load_curriculum()
    scenario = course.scenarios["fechado_pickup_needs_top_card"]  # a yes/no task
    lesson = course.lesson(scenario.lesson)
    at = open_app("lessons", lesson=lesson.id, lang="en")
    at.session_state[f"lesson_{lesson.id}_step"] = lesson.scenarios.index(scenario.id) + 1
    at.run()
    total = len(lesson.scenarios)
    at.radio(key=f"sc_{scenario.id}_legal").set_value("no").run()
    at.button(key=f"sc_{scenario.id}_check").click().run()
    assert at.success
    assert str(at.get("progress")[0].proto.text) == f"1 of {total} exercises solved"


def test_the_seats_sit_in_the_order_of_play_partner_across() -> None:
    """Seats around the table from the viewer's chair: the next to play on the right."""
    assert seat_places(4, 1) == {"me": 1, "right": 2, "across": 3, "left": 0}
    assert seat_places(2, 0) == {"me": 0, "across": 1}


def test_the_seats_diagram_counts_the_other_hands_from_1(open_app: Open) -> None:
    at = open_app("practice", scenario="draw_comes_first", lang="en")
    seats = next(h.proto.body for h in at.get("html") if "bt-seats" in h.proto.body)
    start = scenario_state(load_curriculum().scenarios["draw_comes_first"])
    for other in range(start.players):
        if other != start.turn:
            assert f"(player&nbsp;{other + 1})<br>{len(start.hands[other])} cards" in seats
    assert "<b>you</b> " + f"(player&nbsp;{start.turn + 1})" in seats  # (never wraps)


@pytest.mark.parametrize(
    ("lang", "you", "partner"),
    [
        ("pt", "esperando por você (vem para a sua mão", "esperando o jogador 3"),
        ("en", "waiting for you (it comes into your hand", "waiting for player 3"),
    ],
)
def test_a_morto_waiting_for_the_one_at_the_board_is_theirs(
    lang: Lang, you: str, partner: str
) -> None:
    """After the learner's indirect beat the board said “seu morto: esperando o jogador 1”:
    the learner is player 1, which the seats say once, small. It says “esperando por
    você”; a morto waiting for the partner names the partner's seat, as before."""
    from buraco_app.board import morto_status
    from buraco_core.state import MortoStatus, WaitingMorto

    state = deal(ruleset("aberto"), 4, 3)
    for seat, said in ((0, you), (2, partner)):
        side = SideState(morto=MortoStatus.WAITING, waiting=WaitingMorto(seat, ()))
        waiting = replace(state, sides=(side, state.sides[1]))
        assert said in morto_status(waiting, 0, lang)
