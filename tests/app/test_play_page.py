"""The "Jogar" page (issue 14): a round against the computer, every learner move judged (an
illegal one leaves the board), the computer's moves one by one, the round's score, the next
round, and the game resumed from its link."""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.database import open_engine, sqlite_url
from buraco_app.game import (
    COACH_MODES,
    SIDE_NAMES,
    Game,
    GameStore,
    SavedNote,
    Setup,
    Stumble,
    computer_move,
    finished_scores,
    game_from_data,
    game_to_data,
    hint_asked,
    learner_move,
    learner_turn,
    new_game,
    next_round,
    positions,
    standing,
    take_back,
)
from buraco_app.inline_cards import as_read
from buraco_app.play import (
    ALL_MOVES_KEY,
    REPLAY_KEY,
    REVIEW_LESSONS,
    done_text,
    ended_text,
    key_moments,
    move_line,
    note_text,
    since_my_turn,
    who,
    why_lines,
)
from buraco_app.settings import QUICK_KEY
from buraco_app.sheets import StorageUnavailable
from buraco_core.cards import parse_card, parse_cards
from buraco_core.judge import legal_moves, play
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.players import make_player, view_of
from buraco_core.players.coach import coach
from buraco_core.rules import RuleSet, ruleset
from buraco_core.state import EndReason, MortoStatus, Phase, State, deal
from buraco_text import Lang, first_reason, translate
from tests.app.conftest import (
    changed_melds,
    hand_cards,
    in_order,
    new_cards,
    picked_cards,
    read,
    tap_card,
    tap_meld_at,
    tap_shown,
)
from tests.played import a_deal_to_lay, played_on, played_round, played_until

Open = Callable[..., AppTest]


def store() -> GameStore:
    return GameStore(open_engine(sqlite_url()))  # the page's SQLite file (BURACO_DATA_DIR)


def game_id_of(at: AppTest) -> str:
    found = at.query_params["game"]
    return found if isinstance(found, str) else found[0]


def the_game(at: AppTest) -> Game:
    return store().load(game_id_of(at))


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


# A move of a list as drawn (static HTML): a computer's a fold, its line the summary, its
# reasons the body; the learner's own a box.
_MOVE = re.compile(
    r'<details class="bt-mv"><summary><span>(.*?)</span></summary><ul>(.*?)</ul></details>'
    r'|<div class="bt-mv bt-mine"><span>(.*?)</span></div>'
)


def move_items(at: AppTest) -> list[tuple[str, list[str]]]:
    """The page's move lists, top to bottom: each move's line (its HTML: the cards' colours)
    and its reasons (a computer's; the learner's own move has none, and no fold)."""
    found = []
    for shown in at.get("html"):
        for move in _MOVE.finditer(str(shown.value)):
            theirs, why, mine = move.groups()
            reasons = re.findall(r"<li>(.*?)</li>", why) if theirs is not None else []
            found.append((theirs if theirs is not None else mine, reasons))
    return found


def move_lines(at: AppTest) -> list[str]:
    """The lines of the page's move lists as a person reads them."""
    return [as_read(line) for line, _ in move_items(at)]


def every_move(at: AppTest) -> AppTest:
    """The folded list of every move of the round, opened (it is drawn only while open)."""
    at.session_state[ALL_MOVES_KEY] = True
    at.run()
    assert not at.exception, at.exception
    return at


def open_replay(at: AppTest, open_: bool = True) -> AppTest:
    """The round's end's folded replay, opened (or folded again): drawn only while open."""
    at.session_state[REPLAY_KEY] = open_
    at.run()
    assert not at.exception, at.exception
    return at


def started(open_app: Open, players: int = 2, level: str = "basic") -> AppTest:
    at = open_app("play", lang="en")
    at.radio(key="play_players").set_value(players).run()
    at.selectbox(key="play_level").set_value(level).run()
    at.segmented_control(key=QUICK_KEY).set_value("fechado").run()
    return click(at, "play_start")


def test_start_deals_the_learner_eleven_cards_and_keeps_the_game_in_the_link(
    open_app: Open,
) -> None:
    at = started(open_app, players=4)
    assert "game" in at.query_params
    game = the_game(at)
    assert game.setup.players == 4 and game.setup.level == "basic"
    assert len(hand_cards(at)) == 11
    assert positions(game)[-1].turn == 0  # the learner begins the first round


@pytest.mark.parametrize(("lang", "said"), [("pt", "Lixo (vazio)"), ("en", "Lixo (empty)")])
def test_on_the_first_turn_the_lixo_reads_empty_not_0_cards(
    open_app: Open, lang: str, said: str
) -> None:
    """Jogar's first turn, nothing discarded yet: the lixo's button read “Lixo (0 cartas)”.
    It reads “Lixo (vazio)”, once; the variants' tables (table_markdown) said it twice,
    “Lixo (0 cartas)” and “vazio” under it, and say it once too."""
    from buraco_app.table_view import table_markdown

    at = open_app("play", lang=lang)
    at.segmented_control(key=QUICK_KEY).set_value("fechado").run()
    click(at, "play_start")
    labels = [b.label for b in at.button]
    assert said in labels and not any("(0 " in label for label in labels), labels
    game = the_game(at)
    first = positions(game)[0]
    shown = table_markdown(game.rules, first, lang)  # type: ignore[arg-type]
    assert said in shown and "(0 " not in shown
    assert ("vazio" if lang == "pt" else "empty") not in shown.replace(said, "")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_coachs_first_choice_says_when_it_speaks_not_that_every_move_gets_a_word(
    open_app: Open, lang: str
) -> None:
    """The coach's first choice read “comenta cada jogada” / “comments on every move”, under
    an intro saying it comments on the moves that give points away: a newcomer, choosing
    it, played turn after turn without a word and wondered whether it was on. The choices
    say when it speaks: as the moves are made, at the round's end, or never."""
    at = open_app("play", lang=lang)
    assert (
        list(at.radio(key="play_coach").options)
        == {
            "pt": ["comenta na hora", "só no fim da rodada", "desligado"],
            "en": ["comments as you play", "only at the end of the round", "off"],
        }[lang]
    )
    intro = translate("play.intro", lang)  # (the intro says which moves: weak ones)
    assert "entregam pontos" in intro or "give points away" in intro


def test_an_illegal_move_is_explained_and_the_board_stays(open_app: Open) -> None:
    at = started(open_app)
    before = sorted(hand_cards(at))
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")  # discarding before drawing
    assert at.error and "draw" in str(at.error[0].value).lower()
    assert sorted(hand_cards(at)) == before
    # Said where the tap was: under the row of the stock, the lixo and "Descartar", above
    # the hand (above the board, or under the hand, a phone showed it off-screen).
    order = in_order(at.main)
    keys = [getattr(n, "key", "") or "" for n in order]
    hand = [i for i, k in enumerate(keys) if k.startswith("bthand")]
    assert keys.index("btt-play_board-discard") < order.index(at.error[0]) < min(hand)
    game = the_game(at)
    assert game.current.moves == ()
    assert [s.codes[0] for s in game.current.stumbles] == ["must_draw_first"]


def test_an_illegal_move_names_its_cards_in_their_colours(open_app: Open) -> None:
    """The error box writes its text in red: the card tried is in its own colour there, a
    black one grey (inline_cards.error_cards), so a 5♠ does not read as a 5♥."""
    at = started(open_app)
    card = hand_cards(at)[0]
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")  # before drawing: refused
    colour = "violet" if card == "JK" else "red" if card[-1] in "♥♦" else "gray"
    assert f":{colour}[{card}]" in str(at.error[0].value)


def test_an_illegal_new_meld_keeps_the_cards_picked(open_app: Open) -> None:
    """After "+ New meld" is refused the picked cards stay picked, to be fixed, not redone."""
    at = started(open_app)
    labels = sorted(hand_cards(at)[:2])
    for place in (0, 1):
        tap_shown(at, place)
    click(at, "btt-play_board-new")  # before drawing, and two cards: refused
    assert at.error
    assert sorted(picked_cards(at)) == labels
    assert the_game(at).current.moves == ()


def test_a_refused_moves_answer_goes_once_the_pick_changes_or_a_hint_is_asked(
    open_app: Open,
) -> None:
    """A refused move's red answer speaks of the pick it was made with: a card tapped since
    (the pick fixed) or a tap that asks for a hint takes it away. It stayed on the screen
    beside the yellow hint, or under a pick that had already fixed what it said."""
    at = started(open_app)
    cards = hand_cards(at)[:3]
    tap_shown(at, 0)
    tap_shown(at, 1)
    click(at, "btt-play_board-new")  # before drawing, and two cards: refused
    assert at.error and "Your move: Lay" in str(at.error[0].value)
    click(at, "btt-play_board-discard")  # two cards to discard: a hint, the pick unchanged
    assert at.warning and "Discard" in str(at.warning[0].value)
    assert not at.error, [e.value for e in at.error]
    click(at, "btt-play_board-new")  # refused again: said again
    assert at.error
    tap_shown(at, 2)  # a card more: the pick the answer spoke of is no longer there
    assert not at.error, [e.value for e in at.error]
    assert any("Picked: " in str(c.value) for c in at.caption)
    assert sorted(picked_cards(at)) == sorted(cards)


def test_cards_picked_before_drawing_stay_picked_after_the_draw(open_app: Open) -> None:
    """Pick the meld, find that one must draw first, draw: the pick is still there for
    "+ New meld" (the drawn card goes to the end of the hand; the picked ones stay put)."""
    at = started(open_app)
    labels = sorted(hand_cards(at)[:3])
    for place in (0, 1, 2):
        tap_shown(at, place)
    click(at, "btt-play_board-stock")
    assert [type(m).__name__ for m in the_game(at).current.moves] == ["Draw"]
    assert sorted(picked_cards(at)) == labels


def test_a_hint_on_what_to_pick_goes_once_the_move_is_made(open_app: Open) -> None:
    """A tap on "Discard" with nothing picked says, in yellow, how a discard is made. Then
    the stock tapped: the draw is made, and the hint is no longer there (it stayed under the
    hand, a warning beside "Your move: Draw from the stock", as if the draw had failed)."""
    at = started(open_app)
    click(at, "btt-play_board-discard")  # nothing picked: the board says what to pick
    assert at.warning and "Discard" in str(at.warning[0].value)
    click(at, "btt-play_board-stock")
    assert [type(m).__name__ for m in the_game(at).current.moves] == ["Draw"]
    assert not at.warning, [w.value for w in at.warning]
    assert any("Tap cards in your hand" in str(c.value) for c in at.caption)


def test_undo_takes_back_a_hint_on_what_to_pick_with_the_pick(open_app: Open) -> None:
    """Two cards picked, "Descartar" tapped: "pick one card only". "Undo" drops a card: the
    hint, about the pick before, goes with it; the pick as it now is is said instead."""
    at = started(open_app)
    click(at, "btt-play_board-stock")
    for place in (0, 1):
        tap_shown(at, place)
    click(at, "btt-play_board-discard")
    assert at.warning and "one card" in str(at.warning[0].value)
    click(at, "play_board_undo")
    assert not at.warning, [w.value for w in at.warning]
    assert any(str(c.value).startswith("Picked: ") for c in at.caption)


def test_two_equal_cards_of_the_hand_are_each_picked_on_their_own(open_app: Open) -> None:
    """Two decks: a hand may hold two 8♣. The hand is one widget, whose value the browser
    sends as its cards' labels: the two copies are labelled apart (both read 8♣), so a tap
    picks the copy tapped, and both tapped are both picked ("Picked: 8♣ 8♣"); labelled
    alike, either tap picked the last copy, and the pick never held the two."""
    open_app("play", lang="en")  # creates the data folder
    game = played_until(
        Setup("fechado", {}, 2, "basic", "on", 7),
        5,
        lambda s: learner_turn(s) and len(set(s.hand)) < len(s.hand),
    )
    at = open_app("play", lang="en", game=store().create(game))
    cards = hand_cards(at)
    twin = next(c for c in cards if cards.count(c) == 2)
    first = cards.index(twin)  # (the row is sorted: the copies side by side)
    tap_shown(at, first)
    assert picked_cards(at) == [twin]
    tap_shown(at, first + 1)
    assert picked_cards(at) == [twin, twin]
    assert any(f"Picked: {twin} {twin}." in read(str(c.value)) for c in at.caption)
    tap_shown(at, first)  # dropped again: the other copy stays picked
    assert picked_cards(at) == [twin]


def test_a_legal_move_is_played_and_saved(open_app: Open) -> None:
    at = started(open_app)
    click(at, "btt-play_board-stock")
    assert len(hand_cards(at)) == 12
    assert at.success and "Draw" in str(at.success[0].value)
    assert len(the_game(at).current.moves) == 1


def test_the_answer_to_a_draw_names_the_card_drawn(open_app: Open) -> None:
    """A phone showed “Your move: Draw from the stock” and the card drawn only in the hand
    and in a grey line under it, below the fold: the answer, where the tap was, names it."""
    at = started(open_app)
    before = hand_cards(at)
    click(at, "btt-play_board-stock")
    (drawn,) = (Counter(hand_cards(at)) - Counter(before)).elements()
    answer = read(str(at.success[0].value))
    assert answer.startswith("Your move: Draw from the stock"), answer
    assert f"You drew the {drawn}: it is marked green in your hand." in answer, answer


def test_the_card_drawn_is_said_once_in_the_answer_not_again_under_the_hand(
    open_app: Open,
) -> None:
    """Under the hand, a grey line said “Drew from the stock: 8♠ · 1 new card in your hand,
    marked green”, what the answer above it had just said (“You drew the 8♠: it is marked
    green in your hand”). Said once: the card stays outlined in the hand."""
    at = started(open_app)
    before = hand_cards(at)
    click(at, "btt-play_board-stock")
    (drawn,) = (Counter(hand_cards(at)) - Counter(before)).elements()
    assert f"You drew the {drawn}" in read(str(at.success[0].value))
    grey = " ".join(read(str(c.value)) for c in at.caption)
    assert "Drew from the stock" not in grey and "new card" not in grey, grey
    assert new_cards(at) == [drawn]


def _played_until_the_learner_has(setup: Setup, kinds: set[type[Move]]) -> Game:
    """A game played on as the page plays it (the learner's seat by a basic player) up to the
    learner's turn to draw, once the learner's moves so far, of those the board's how-to
    caption teaches (draw, lay, take the lixo), are `kinds`."""

    def done(game: Game, state: State) -> bool:
        states = positions(game)
        mine = {type(m) for s, m in zip(states, game.current.moves, strict=False) if s.turn == 0}
        return (
            learner_turn(state)
            and state.phase is Phase.DRAW
            and mine & {Draw, Lay, TakeLixo} == kinds
        )

    return played_on(new_game(setup), setup.seed, done)


@pytest.mark.parametrize(
    ("lang", "short", "full"),
    [
        ("en", "Tap cards in your hand, then where they go", "To draw, tap the stock."),
        ("pt", "Toque nas cartas da mão e depois onde vão", "Para comprar, toque no monte."),
    ],
)
def test_the_how_to_under_the_hand_is_one_line_once_the_learner_has_made_its_moves(
    open_app: Open, lang: Lang, short: str, full: str
) -> None:
    """Under the hand, at every turn, six grey lines on a phone said how to tap (pick, then
    where; draw; take the lixo; two melds at once), pushing the rest down. Once the learner
    has, in this match, drawn, laid a meld and taken the lixo, it is one line; the rest is a
    tap on it away (a native fold, no rerun). Till then, all of it."""

    def how_to(at: AppTest) -> str:
        (said,) = [str(c.value) for c in at.caption if full in str(c.value)]
        return said

    setup = Setup("fechado", {}, 2, "basic", "on", 0)
    open_app("play", lang=lang)  # creates the data folder
    start: set[type[Move]] = set()
    for kinds in (start, {Draw, Lay}):  # (no lixo taken yet: all of it, as at the start)
        game_id = store().create(_played_until_the_learner_has(setup, kinds))
        assert "<details" not in how_to(open_app("play", lang=lang, game=game_id))
    game_id = store().create(_played_until_the_learner_has(setup, {Draw, Lay, TakeLixo}))
    said = how_to(open_app("play", lang=lang, game=game_id))
    folded = re.fullmatch(r'<details class="bt-how"><summary>(.*)</summary>(.*)</details>', said)
    assert folded, said
    assert folded[1] == short
    assert full in html.unescape(folded[2]) and "“" in html.unescape(folded[2])  # all of it


def test_after_the_learners_discard_the_next_tap_is_under_its_answer(open_app: Open) -> None:
    """The discard passes the turn to the computer: “Turn of: Opponent (player 2)” and its
    buttons were drawn under the whole board, the hand included, below a phone's fold after
    every discard (“▶▶ Up to my turn” at y 934 of 844, playing a match). They now come right
    under the answer to the discard, above one's melds and the hand; and there they stay
    after “▶ Next move”, and on the page opened anew on the computer's turn."""
    at = started(open_app, players=4)
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    order = in_order(at.main)
    keys = [getattr(n, "key", "") or "" for n in order]
    # (green, or yellow with the coach's note: the deal is new each time)
    said = next(a for a in [*at.success, *at.warning] if "Your move: Discard" in str(a.value))
    answer = order.index(said)
    their_turn = next(i for i, n in enumerate(order) if n in at.info and "Turn of" in n.value)
    hand = min(i for i, k in enumerate(keys) if k.startswith("bthand"))
    assert answer < their_turn < keys.index("play_next_move") < hand
    assert keys.index("play_to_my_turn") < hand
    click(at, "play_next_move")  # (player 2 draws or takes the lixo: still player 2's turn)
    again = open_app("play", lang="en", game=game_id_of(at))  # a new session: no answer
    for page in (at, again):
        keys = _keys(page)
        hand = min(i for i, k in enumerate(keys) if k.startswith("bthand"))
        assert keys.index("play_next_move") < hand
        assert keys.count("play_to_my_turn") == 1 and keys.index("play_to_my_turn") < hand
    click(again, "play_to_my_turn")
    assert learner_turn(positions(the_game(again))[-1])


def test_a_discard_is_taken_back_and_the_position_played_again(open_app: Open) -> None:
    """“Take this move back” beside the computers' buttons after the learner's discard,
    before they move: the position before it comes back, the card in the hand, the turn
    still the learner's, the page saying which move went; another discard is then played
    from there. A draw cannot be taken back (the card was seen): no button after it."""
    at = started(open_app)
    click(at, "btt-play_board-stock")
    assert "play_take_back" not in _keys(at)  # (the card drawn was seen)
    hand = hand_cards(at)
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    (discarded,) = [m for m in the_game(at).current.moves if isinstance(m, Discard)]
    keys = _keys(at)  # (beside the computers' buttons, in their row)
    assert keys.index("play_take_back") == keys.index("play_to_my_turn") + 1
    click(at, "play_take_back")
    game = the_game(at)
    assert game.current.moves == (Draw(),)
    state = positions(game)[-1]
    assert state.phase is Phase.PLAY and learner_turn(state)
    assert sorted(hand_cards(at)) == sorted(hand) and discarded.card in state.hand
    said = [str(i.value) for i in at.info]
    assert any(s.startswith("Move taken back: Discard") for s in said), said
    assert "play_take_back" not in _keys(at) and "play_next_move" not in _keys(at)  # (a draw)
    tap_shown(at, 1)
    click(at, "btt-play_board-discard")
    assert [type(m) for m in the_game(at).current.moves] == [Draw, Discard]


def test_a_meld_and_the_discard_after_it_are_taken_back_one_by_one(open_app: Open) -> None:
    """After a meld laid and a discard: the discard taken back, then the meld (its cards
    back in the hand); then nothing more, the draw before them having shown its card."""
    game, melds = a_deal_to_lay(bool)
    at = open_app("play", lang="en", game=store().create(game))
    click(at, "btt-play_board-stock")
    for card in melds[0]:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    assert [type(m) for m in the_game(at).current.moves] == [Draw, Lay, Discard]
    click(at, "play_take_back")
    assert [type(m) for m in the_game(at).current.moves] == [Draw, Lay]
    keys = _keys(at)  # (offered again, for the meld, in the row of “+ New meld” and “Hint”)
    assert keys.index("play_take_back") == keys.index("play_hint") + 1
    assert keys.index("play_hint") == keys.index("btt-play_board-new") + 1
    click(at, "play_take_back")
    assert the_game(at).current.moves == (Draw(),)
    assert sorted(hand_cards(at)) == sorted(hand_cards(open_app("play", game=game_id_of(at))))
    assert len(hand_cards(at)) == 12 and "play_take_back" not in _keys(at)


def test_the_round_end_says_how_many_moves_were_taken_back(open_app: Open) -> None:
    """The card put on a meld before going out, taken back and put on again: the round's
    end says one move was taken back, as it says the hints asked (the key moments no longer
    show what was taken back)."""
    open_app("play", lang="pt")  # creates the data folder
    final = played_round(Setup("fechado", {}, 2, "basic", "off", 0), 6)
    *_, extend, last = final.current.moves  # (the learner's: a card on a meld, the batida)
    assert isinstance(extend, Extend) and isinstance(last, Discard)
    game = replace(final, rounds=(replace(final.current, moves=final.current.moves[:-2]),))
    at = open_app("play", lang="pt", game=store().create(game))
    for again in (False, True):
        for card in extend.cards:
            tap_card(at, card.symbol)
        tap_meld(at, 0, extend.meld)
        assert the_game(at).current.moves[-1] == extend
        if not again:
            click(at, "play_take_back")
    tap_card(at, last.card.symbol)
    click(at, "btt-play_board-discard")
    assert positions(the_game(at))[-1].phase is Phase.ENDED
    said = [c.value for c in at.caption]
    assert "Você desfez 1 jogada nesta rodada." in said, said


def test_the_round_end_counts_the_hints_and_moves_taken_back_after_a_reload(
    open_app: Open,
) -> None:
    """A hint asked and a card put on a meld taken back, then the page reloaded (a new
    session opens the game) before going out: the round's end still says one hint and one
    move taken back. They had been kept by the browser's session alone: after a reload it
    said neither (“Você pediu 1 dica” gone), as if the round had been played unaided."""
    open_app("play", lang="pt")  # creates the data folder
    final = played_round(Setup("fechado", {}, 2, "basic", "off", 0), 6)
    *_, extend, last = final.current.moves  # (the learner's: a card on a meld, the batida)
    game = replace(final, rounds=(replace(final.current, moves=final.current.moves[:-2]),))
    at = open_app("play", lang="pt", game=store().create(game))
    click(at, "play_hint")
    for card in extend.cards:
        tap_card(at, card.symbol)
    tap_meld(at, 0, extend.meld)
    click(at, "play_take_back")
    again = open_app("play", lang="pt", game=game_id_of(at))  # (a reload: a new session)
    for card in extend.cards:
        tap_card(again, card.symbol)
    tap_meld(again, 0, extend.meld)
    tap_card(again, last.card.symbol)
    click(again, "btt-play_board-discard")
    assert positions(the_game(again))[-1].phase is Phase.ENDED
    said = [c.value for c in again.caption]
    assert "Você pediu 1 dica nesta rodada." in said, said
    assert "Você desfez 1 jogada nesta rodada." in said, said


def test_a_hint_asked_again_after_a_reload_in_the_same_position_counts_once(
    open_app: Open,
) -> None:
    """“Dica” asked, the page reloaded (a new session on the same ?game=), “Dica” asked again
    in the same position: one hint. The positions already counted were kept by the browser's
    session alone, so the reload counted it again and the round's end said “Você pediu 2
    dicas” for one. A hint in a new position (after a card put on a meld) still counts: 2."""
    open_app("play", lang="pt")  # creates the data folder
    final = played_round(Setup("fechado", {}, 2, "basic", "off", 0), 6)
    *_, extend, last = final.current.moves  # (the learner's: a card on a meld, the batida)
    game = replace(final, rounds=(replace(final.current, moves=final.current.moves[:-2]),))
    at = open_app("play", lang="pt", game=store().create(game))
    click(at, "play_hint")
    assert the_game(at).current.hints == 1
    again = open_app("play", lang="pt", game=game_id_of(at))  # (a reload: a new session)
    click(again, "play_hint")
    assert the_game(again).current.hints == 1
    for card in extend.cards:
        tap_card(again, card.symbol)
    tap_meld(again, 0, extend.meld)
    click(again, "play_hint")
    assert the_game(again).current.hints == 2
    tap_card(again, last.card.symbol)
    click(again, "btt-play_board-discard")
    assert positions(the_game(again))[-1].phase is Phase.ENDED
    said = [c.value for c in again.caption]
    assert "Você pediu 2 dicas nesta rodada." in said, said


def test_a_game_saved_before_the_counts_were_kept_loads_and_saves_with_none(
    tmp_path: Path,
) -> None:
    """A stored game from before the round kept its hints and moves taken back (no such
    fields) reads with 0 of each, and a move saved on it is not refused as a game that
    moved on elsewhere (its record compared as read)."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    data = game_to_data(game)
    assert "hints" not in data["rounds"][0] and "taken_back" not in data["rounds"][0]
    kept = GameStore(open_engine(sqlite_url(tmp_path)))
    game_id = kept.create(game)
    read = kept.load(game_id)
    assert (read.current.hints, read.current.taken_back) == (0, 0)
    kept.save(game_id, hint_asked(read), read)
    assert kept.load(game_id).current.hints == 1


def _keys(at: AppTest) -> list[str]:
    return [getattr(n, "key", "") or "" for n in in_order(at.main)]


def test_a_hint_counts_once_a_position_also_after_a_move_taken_back_and_made_again() -> None:
    """game.hint_asked counts a position once, kept with the game (a stored game reads them
    back): a discard taken back and made again is the same position, another discard made
    instead is a new one, though the round has as many moves."""
    game = new_game(Setup("fechado", {}, 2, "basic", "off", 3))
    game = learner_move(game, positions(game)[-1], Draw())[0]
    drawn = positions(game)[-1]
    first, other = drawn.hand[0], next(c for c in drawn.hand if c != drawn.hand[0])
    game = hint_asked(game)
    assert game.current.hints == 1 and hint_asked(game) is game
    game = hint_asked(learner_move(game, drawn, Discard(first))[0])
    assert game.current.hints == 2
    back = take_back(game)
    assert back is not None and hint_asked(back) is back  # (the position after the draw)
    game = hint_asked(learner_move(back, drawn, Discard(other))[0])
    assert game.current.hints == 3  # (as many moves, another position)
    back = take_back(game)
    assert back is not None
    again = learner_move(back, drawn, Discard(first))[0]
    assert hint_asked(again) is again
    read = game_from_data(json.loads(json.dumps(game_to_data(again))))
    assert read.current.hinted == again.current.hinted and read.current.hints == 3
    assert hint_asked(read) is read


def test_take_back_is_only_for_the_learners_last_move_that_brought_no_card() -> None:
    """game.take_back: a discard before the computers move goes, with the coach's note on
    it; a refused try before it stays. None after a draw (the card was seen), and once a
    computer has moved."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    state = positions(game)[-1]
    game, verdict, _ = learner_move(game, state, Draw())
    assert verdict.ok and take_back(game) is None  # (the card drawn was seen)
    state = positions(game)[-1]
    wild = next((c for c in state.hand if c.is_wild_kind), None)
    card = wild or state.hand[0]
    game, _, _ = learner_move(game, state, Extend(0, (card,)))  # refused: no meld down
    game, verdict, notes = learner_move(game, state, Discard(card))
    assert verdict.ok and len(game.current.stumbles) == 1
    assert bool(game.current.notes) == bool(notes)  # (a wild discarded: the coach says so)
    back = take_back(game)
    assert back is not None
    assert back.current.moves == (Draw(),) and back.current.notes == {}
    assert back.current.stumbles == game.current.stumbles  # (tried before the discard)
    assert positions(back)[-1] == state
    after, _, _ = computer_move(game, positions(game)[-1])
    assert take_back(after) is None  # (a computer has moved since)


def _turn_said(at: AppTest) -> str:
    """What the seats' diagram says between the seats: whose turn, and where in it."""
    seats = next(str(h.value) for h in at.get("html") if "bt-seats" in str(h.value))
    return html.unescape(re.search(r'<div class="bt-seat-mid">(.*?)</div>', seats)[1])


@pytest.mark.parametrize("players", [2, 4])
def test_the_seats_diagram_says_whose_turn_it_is_yet_to_draw_or_having_drawn(
    open_app: Open, players: int
) -> None:
    """“has drawn” alone between the two seat boxes read as either one's: it names whose
    turn it is (at four, the other seat by its number: two opponents sit there)."""
    at = started(open_app, players=players)
    assert _turn_said(at) == "your turn: yet to draw"
    click(at, "btt-play_board-stock")
    assert _turn_said(at) == "your turn: after the draw"
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    number = " (player 2)" if players == 4 else ""
    assert _turn_said(at) == f"the opponent's turn{number}: yet to draw"
    click(at, "play_next_move")  # (player 2 draws or takes the lixo)
    assert _turn_said(at) == f"the opponent's turn{number}: after the draw"
    pt = open_app("play", lang="pt", game=game_id_of(at))
    assert _turn_said(pt) == f"vez do adversário{number.replace('player', 'jogador')}: já comprou"


def test_the_answer_to_a_move_draws_a_red_card_red(open_app: Open) -> None:
    """“Your move: Discard the 9♦” (and the coach's note above it) named the card in the
    box's own ink, a 9♦ as dark as a 9♣, where an exercise's answer and the move lists
    draw it red."""
    at = started(open_app)
    click(at, "btt-play_board-stock")
    card = next(c for c in hand_cards(at) if c[-1] in "♥♦")
    tap_card(at, card)
    click(at, "btt-play_board-discard")
    (said,) = [str(box.value) for box in [*at.success, *at.warning] if "Discard" in box.value]
    assert f":red[{card}]" in said, (card, said)


def test_the_computer_moves_one_by_one_with_its_reasons(open_app: Open) -> None:
    at = started(open_app)
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    assert any("Turn of: Opponent (player 2), the computer." in str(i.value) for i in at.info)
    click(at, "play_next_move")
    assert len(the_game(at).current.moves) == 3  # draw, discard, and the computer's one move
    # The record tells the move as done, by whom as the board says it.
    assert any(line.startswith("3. Opponent (player 2) ") for line in move_lines(at))
    click(at, "play_to_my_turn")
    state = positions(the_game(at))[-1]
    assert learner_turn(state) or state.phase is Phase.ENDED
    assert not at.button(key="btt-play_board-stock").disabled


# A line of the box in the middle of the table that says what the computers did.
_DID = re.compile(r"^(Opponent|Partner|Adversário|Parceiro) \((player|jogador) \d\): ")


def computers_did(at: AppTest) -> tuple[Any, list[str]] | None:
    """The box in the middle of the table that says what the computers did since the
    learner's last move, and its lines per player as read (None: no such box)."""
    for box in at.info:
        said = [read(line).replace("**", "") for line in str(box.value).split("\n")]
        lines = [line for line in said if _DID.match(line)]
        if lines:
            return box, [line.rstrip() for line in lines]
    return None


@pytest.mark.parametrize("players", [2, 4])
def test_what_the_computers_did_is_said_in_the_middle_of_the_table(
    open_app: Open, players: int
) -> None:
    """“▶▶ Up to my turn” is tapped in the middle of the table, and the computers' moves were
    listed under the hand and its caption, ~1000 px down a phone (a round of Jogar): nothing
    was said where the tap was. There, above one's melds and the hand, a line now says what
    each computer player did, its moves as the record tells them; so after a single “▶ Next
    move”, above the buttons; gone with the learner's next move. In Portuguese too."""
    at = started(open_app, players=players)
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    assert computers_did(at) is None  # (nobody has moved since the learner's discard)
    click(at, "play_next_move")
    box, lines = computers_did(at) or (None, [])
    assert len(lines) == 1 and lines[0].startswith("Opponent (player 2): "), lines
    keys = _keys(at)
    assert in_order(at.main).index(box) < keys.index("play_next_move")
    assert "Turn of: " in str(box.value)  # (one box: what was done, then whose turn it is)
    click(at, "play_to_my_turn")
    game = the_game(at)
    states = positions(game)
    assert learner_turn(states[-1])
    pt = open_app("play", lang="pt", game=game_id_of(at))  # (a new session: no answer)
    for page, lang in ((at, "en"), (pt, "pt")):
        done: dict[int, list[str]] = {}  # seat -> its moves as the record tells them
        for index in range(since_my_turn(states), len(states) - 1):
            before = states[index]
            move = done_text(game.current.moves[index], before, lang, game.rules)
            done.setdefault(before.turn, []).append(move)
        box, lines = computers_did(page) or (None, [])
        assert len(lines) == players - 1, lines
        for line, (seat, moves) in zip(lines, done.items(), strict=True):
            assert line.startswith(f"{who(seat, lang)}: {moves[0]}"), (line, moves)
            at_ = 0
            for move in moves:  # every move, in the order made
                at_ = line.index(move, at_) + len(move)
        order = in_order(page.main)
        keys = [getattr(n, "key", "") or "" for n in order]
        hand = min(i for i, k in enumerate(keys) if k.startswith("bthand"))
        assert keys.index("btt-play_board-stock") < order.index(box) < hand
    click(at, "btt-play_board-stock")  # the learner's next move: the answer to it there
    assert computers_did(at) is None


def test_the_computers_move_comes_with_the_position_it_led_to() -> None:
    """The computer's move is judged once on a tap: its position is the judge's, as it
    checked the move, and the page goes on from it (it had played the move again)."""
    game = new_game(Setup("fechado", {}, 4, "basic", "on", 7))
    game = learner_move(game, positions(game)[-1], Draw())[0]
    state = positions(game)[-1]
    game = learner_move(game, state, Discard(state.hands[0][0]))[0]
    for _ in range(3):
        state = positions(game)[-1]
        moved, move, after = computer_move(game, state)
        assert moved.current.moves == (*game.current.moves, move)
        assert after == play(game.rules, state, move)[1]
        game = moved


def test_a_move_judged_on_a_tap_is_not_judged_again_to_draw_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The position a tap's move led to (the learner's, each computer's) is the one its
    judgment gave: the run that draws it does not play the move again, where each computer
    move was judged three times a tap. A move made from a position that is not the round's
    own replay is played again, and the round is the same as a replay from the deal."""
    from buraco_app import game as games

    judged: list[Move] = []

    def counted(rules: Any, state: State, move: Move) -> Any:
        judged.append(move)
        return play(rules, state, move)

    game = new_game(Setup("fechado", {}, 4, "basic", "on", 7))
    state = positions(game)[-1]
    game = learner_move(game, state, Draw())[0]
    monkeypatch.setattr(games, "play", counted)
    state = positions(game)[-1]
    game = learner_move(game, state, Discard(state.hands[0][0]))[0]
    for _ in range(3):
        game, _move, after = computer_move(game, positions(game)[-1])
        assert positions(game)[-1] is after
    judged.clear()
    drawn = positions(game)
    assert judged == []  # (the learner's discard and three computers' moves: none again)
    stale = replace(drawn[-1])  # (an equal position, not the replay's own object)
    moved, move, after = computer_move(game, stale)
    judged.clear()
    assert positions(moved)[-1] == after and judged == [move]
    fresh = [deal(game.rules, 4, 7, 0, (False, False))]
    for made in moved.current.moves:
        fresh.append(play(game.rules, fresh[-1], made)[1])
    assert list(positions(moved)) == fresh


def _finished_round(setup: Setup) -> Game:
    """A game whose first round the learner's seat played to the end (a basic player's
    moves, judged and coached as the page does)."""
    return played_round(setup, 3)


def test_round_end_shows_the_itemised_score_and_goes_on_to_the_next_round(
    open_app: Open,
) -> None:
    at = open_app("play", lang="en")  # creates the data folder
    game_id = store().create(_finished_round(Setup("fechado", {}, 2, "random", "on", 11)))
    at = open_app("play", lang="en", game=game_id)
    final = positions(store().load(game_id))[-1]
    said = " ".join(str(s.value) for s in [*at.success, *at.info])
    assert "round is over" in said
    # Green for a round the learner's side won (or drew), not for one it lost.
    score = finished_scores(store().load(game_id))[-1]
    ahead = score.total(SIDE_NAMES[0]) >= score.total(SIDE_NAMES[1])
    assert any("round is over" in str(s.value) for s in at.success) == ahead
    if final.ended_by is EndReason.BATIDA:  # who went out is named, not "someone"
        assert "went out" in said and "someone" not in said
    assert at.metric  # each side's total, as the calculator shows them
    assert {m.label for m in at.metric} == {"You", "Opponent"}  # (two players: no "Us")
    assert at.get("download_button")
    at_pt = open_app("play", lang="pt", game=game_id)
    # Not “Baixar a rodada”: here baixar is laying a meld down.
    assert at_pt.download_button[0].label == "⬇ Salvar a rodada num arquivo (JSON)"
    click(at, "play_next_round")
    game = store().load(game_id)
    assert len(game.rounds) == 2 and game.current.first == 1  # the other player begins
    assert "Round 2" in [h.value for h in at.subheader]
    assert any(r.startswith("| 1 |") for m in at.markdown for r in str(m.value).splitlines())


def test_the_match_table_gives_each_rounds_points_and_the_totals(open_app: Open) -> None:
    """The table above the round read “2 | 530 | 1380”: the running totals, a row a round,
    beside a round 2 that scored 460 (its result said so just below): a newcomer read the
    totals as that round's points. Each row now holds its round's own points, as the round's
    result does, and a last row the totals [003: “Acumule as rodadas”]."""
    at = open_app("play", lang="en")  # creates the data folder
    game = _finished_round(Setup("fechado", {}, 2, "basic", "on", 11))
    game = played_on(next_round(game, standing(game)), 5, lambda _, s: s.phase is Phase.ENDED)
    game_id = store().create(game)
    first, second = (score.total(SIDE_NAMES[0]) for score in finished_scores(game))
    them = [score.total(SIDE_NAMES[1]) for score in finished_scores(game)]
    for lang, head, total in (("en", "Round", "Total"), ("pt", "Rodada", "Total")):
        at = open_app("play", lang=lang, game=game_id)
        table = next(str(m.value) for m in at.markdown if str(m.value).startswith(f"| {head}"))
        assert table.splitlines()[2:] == [
            f"| 1 | {first} | {them[0]} |",
            f"| 2 | {second} | {them[1]} |",
            f"| **{total}** | **{first + second}** | **{them[0] + them[1]}** |",
        ]
    # One round played: its row is the total, said once.
    at = open_app("play", lang="en", game=store().create(_finished_round(game.setup)))
    assert not [
        m for m in at.markdown if str(m.value).startswith("| Round") and "**Total**" in str(m.value)
    ]


def test_the_first_rounds_end_says_its_points_once(open_app: Open) -> None:
    """Round 1 over, a phone's screen opened on the match's table, “Rodada | Nós | Eles” and
    “1 | 470 | 190”, then the heading “Rodada 1” and its result, “Nós 470 · Eles 190”: the
    same round and points twice, one above the other. The result says them; the table comes
    back with round 2, where it holds more than the round just shown."""
    at = open_app("play", lang="en")  # creates the data folder
    game = _finished_round(Setup("fechado", {}, 4, "basic", "on", 11))
    game_id = store().create(game)
    for lang, head in (("en", "| Round"), ("pt", "| Rodada")):
        at = open_app("play", lang=lang, game=game_id)
        assert not [m for m in at.markdown if str(m.value).startswith(head)]
        assert {m.value for m in at.metric} == {
            str(finished_scores(game)[-1].total(side)) for side in SIDE_NAMES
        }
    click(at, "play_next_round")  # (round 2 under way: round 1 is in the table above it)
    assert any(str(m.value).startswith("| Rodada") for m in at.markdown)


def test_the_rounds_record_to_download_is_the_shown_games_own() -> None:
    """The record the round's end offers is made once per game shown (kept from rerun to
    rerun), and is always that game's round: another game, or the next round, its own."""
    import json

    from buraco_app.game import next_round, round_record, standing
    from buraco_app.play import record_json

    first, other = (_finished_round(Setup("fechado", {}, 2, "random", "on", s)) for s in (11, 12))
    for game in (first, other, first):
        expected = json.dumps(round_record(game, 0), ensure_ascii=False, indent=1)
        assert record_json(game, 0) == record_json(game, 0) == expected
    following = next_round(first, standing(first))
    assert json.loads(record_json(following, 1))["seed"] == following.rounds[1].seed


def test_a_moves_line_is_kept_for_its_position_and_language() -> None:
    """The move lists' lines are made once per move and language (kept from rerun to
    rerun): each is that move's own line, in the language asked, in two games at once."""
    from buraco_app.play import _move_line, move_line

    games = [_finished_round(Setup("fechado", {}, n, "random", "on", 11)) for n in (2, 4)]
    for lang in ("pt", "en", "pt"):
        for game in games:
            states = positions(game)
            for index in range(len(states) - 1):
                fresh = _move_line(game, states, index, lang)
                assert move_line(game, states, index, lang) == fresh
                assert fresh.startswith(f"{index + 1}. ")
    assert move_line(games[1], positions(games[1]), 0, "pt").startswith("1. Você ")
    assert move_line(games[1], positions(games[1]), 0, "en").startswith("1. You ")


def test_the_replay_steps_one_move_at_a_time_with_a_button_each_way(open_app: Open) -> None:
    """A slider is hard to move by one with a finger: "Previous move" and "Next move" do it,
    each greyed out at its end, and the move shown follows."""
    at = open_app("play", lang="en")  # creates the data folder
    game_id = store().create(_finished_round(Setup("fechado", {}, 2, "random", "on", 11)))
    at = open_app("play", lang="en", game=game_id)
    assert not at.slider  # folded: not drawn
    open_replay(at)
    last = len(store().load(game_id).current.moves)
    key = "play_step_1"
    assert at.slider(key=key).value == last
    assert at.button(key=f"{key}_1").disabled  # at the last move: nothing further
    click(at, f"{key}_-1")
    assert at.slider(key=key).value == last - 1
    assert not at.button(key=f"{key}_1").disabled
    assert any(str(m.value).startswith(f"**{last - 1}. ") for m in at.markdown)
    click(at, f"{key}_1")
    assert at.slider(key=key).value == last
    at.slider(key=key).set_value(1).run()
    click(at, f"{key}_-1")
    assert at.slider(key=key).value == 0  # the deal
    assert at.button(key=f"{key}_-1").disabled
    # The slider's 0 is no move: the board shown is the deal, and it says so.
    assert "**0. The cards as dealt, before the first move**" in [m.value for m in at.markdown]
    click(at, f"{key}_1")
    open_replay(at, False)  # folded, then opened again: at the move it showed
    assert not at.slider
    open_replay(at)
    assert at.slider(key=key).value == 1


def test_the_game_is_back_in_the_link_after_another_page(open_app: Open) -> None:
    """Another page and back (the menu, the browser's back button) drops ?game= from the
    address: the session still showed the game, but a refresh then, or a phone reopening
    the tab, showed the setup form. The game goes back into the address."""
    at = started(open_app)
    game_id = game_id_of(at)
    at.switch_page("app_pages/home.py").run()
    del at.query_params["game"]  # (what the browser's address holds after the menu)
    at.switch_page("app_pages/play.py").run()
    assert not at.exception, at.exception
    assert game_id_of(at) == game_id
    assert len(hand_cards(at)) == 11


def test_the_hand_sorted_by_rank_stays_so_after_another_page(
    open_app: Open, switch_to: Callable[[AppTest, str], AppTest]
) -> None:
    """A newcomer turned on “Por valor” over the hand, looked something up on another
    page and came back: the hand was by suit again and the switch off (undrawn on the
    other page, it lost its value). It stays as it was left, as the page switches do."""
    at = started(open_app)
    key = "play_board_by_rank"
    at.toggle(key=key).set_value(True).run()
    by_rank = hand_cards(at)
    switch_to(at, "lessons")
    switch_to(at, "play")
    assert not at.exception, at.exception
    assert at.toggle(key=key).value
    assert hand_cards(at) == by_rank


def test_a_game_resumes_from_its_link(open_app: Open) -> None:
    at = started(open_app)
    click(at, "btt-play_board-stock")
    game_id = game_id_of(at)
    hand = sorted(hand_cards(at))
    again = open_app("play", lang="en", game=game_id)  # a new session: a refresh, a restart
    assert sorted(hand_cards(again)) == hand
    assert len(the_game(again).current.moves) == 1


def test_an_unknown_game_link_offers_a_new_game(open_app: Open) -> None:
    at = open_app("play", lang="en", game="nosuchgame123")
    assert at.warning and "nosuchgame123" in str(at.warning[0].value)
    click(at, "play_new")
    assert at.button(key="play_start")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Não há partida “nosuchgame123” guardada. Comece uma nova."),
        ("en", "No match “nosuchgame123” is stored. Start a new one."),
    ],
)
def test_an_unknown_game_link_says_no_such_match_not_no_such_meld(
    open_app: Open, lang: str, said: str
) -> None:
    """A link to a match no longer kept said “Não há jogo “…” guardado. Comece um novo.”,
    where everywhere else Jogar says “partida” (“Nova partida”, “Suas partidas sem
    terminar”) and a jogo is a meld (“+ Novo jogo” on the same board); in English, “No game”
    beside “New match”. It is a match (partida) in both languages now."""
    at = open_app("play", lang=lang, game="nosuchgame123")
    assert [w.value for w in at.warning] == [said]


def test_a_match_in_progress_is_left_only_when_confirmed(open_app: Open) -> None:
    """One tap on "New match" mid-match would lose it from the page: it asks first, "No"
    goes on with the same match, "Yes" opens the setup form."""
    at = started(open_app)
    game_id = game_id_of(at)
    click(at, "play_new")
    assert at.warning and "Leave this match unfinished" in str(at.warning[0].value)
    assert game_id_of(at) == game_id and hand_cards(at)  # still on the board
    click(at, "play_new_no")
    assert not at.warning and game_id_of(at) == game_id
    click(at, "play_new")
    click(at, "play_new_yes")
    assert at.button(key="play_start")


def test_the_coach_notes_a_weak_move_unless_it_is_off() -> None:
    """A wild discarded with other cards to spare gets the coach's note, kept in the game
    (shown at once, or only among the round's key moments); with the coach off, none."""
    table = {"players": 4, "phase": "play", "hands": [["JK", "Kc", "9d", "4s"], 11, 11, 11]}
    state = position_from_data(ruleset("fechado"), table)
    wild = Discard(parse_card("JK"))
    for mode in COACH_MODES:
        game = new_game(Setup("fechado", {}, 4, "basic", mode, 1))
        after, verdict, found = learner_move(game, state, wild)
        assert verdict.ok
        saved = after.current.notes.get(0, ())
        if mode == "off":
            assert found == () and saved == ()
            continue
        assert [n.code for n in saved] == ["wild_discarded"]
        text = note_text(saved[0], "en")
        assert "JK" in text and "9♦" in text  # the wild, and the better discard
        assert "Better: discard the 9♦" in text  # mid-sentence, not "Better: Discard"
        assert REVIEW_LESSONS[saved[0].code] == "wild_cards"


def test_a_computer_draw_is_explained_without_the_card_drawn() -> None:
    """The computer's reasons say what its seat did, never a hidden card: a draw's event
    names the card drawn, so only the habit is shown."""
    rules = ruleset("fechado")
    state = new_game(Setup("fechado", {}, 2, "basic", "on", 4))
    start = positions(state)[0]
    lines = why_lines(rules, "basic", start, Draw(), "en")
    assert len(lines) == 1 and not any(card.symbol in lines[0] for card in start.stock)
    discard = Discard(start.hands[0][0])
    after = positions(learner_move(state, start, Draw())[0])[-1]
    assert "discarded" in " ".join(why_lines(rules, "basic", after, discard, "en")).lower()


def test_a_computers_draw_at_an_empty_lixo_says_the_lixo_was_empty() -> None:
    """The round's first draws: there was no lixo to weigh. "Não valia a pena pegar o lixo
    (ou não podia)" read as if the computer had judged a pile that was not there."""
    rules = ruleset("fechado")
    start = positions(new_game(Setup("fechado", {}, 4, "basic", "on", 4)))[0]
    assert not start.lixo
    assert why_lines(rules, "basic", start, Draw(), "pt") == [
        "O lixo estava vazio: comprou do monte."
    ]
    assert why_lines(rules, "basic", start, Draw(), "en") == [
        "The lixo was empty: drew from the stock."
    ]


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
def test_a_discard_from_a_hand_of_one_kind_is_said_to_be_no_choice(level: str) -> None:
    """Holding JK JK after the morto, “Dica” said “Descartar o JK – a carta mais segura: a que
    o próximo adversário menos pode usar …” (h1's hand at 390x844), and the next player took
    the lixo with it: with every card alike there is no card to choose, and the reason says
    so, for the computer's move and as advice, in both languages (a basic player's “nunca um
    curinga” was untrue there too)."""
    rules = ruleset("fechado")
    data = {"seed": 1, "players": 2, "turn": 0, "phase": "play", "hands": [["JK", "JK"], 11]}
    before = position_from_data(rules, data)
    move = Discard(parse_card("JK"))
    assert why_lines(rules, level, before, move, "pt") == [
        "Descartou o JK: as cartas da mão eram todas iguais, não havia escolha."
    ]
    assert why_lines(rules, level, before, move, "en", advice=True) == [
        "Discard the JK: every card in your hand is the same, there is no choice."
    ]
    # Two kinds of card: the level's own habit, as before.
    mixed = position_from_data(rules, data | {"hands": [["JK", "9c"], 11]})
    assert "iguais" not in " ".join(why_lines(rules, level, mixed, move, "pt"))


@pytest.mark.parametrize(
    ("meld", "card", "pt", "en"),
    [
        # 3♥..9♥ is a canastra already: the 10♥ only adds its points.
        (
            "3h 4h 5h 6h 7h 8h 9h",
            "10h",
            "Acrescentou cartas a uma canastra sua: mais pontos na mesa.",
            "Added cards to one of its canastras: more points on the table.",
        ),
        # The 9♥ makes 3♥..8♥ a canastra limpa (200 [000]).
        (
            "3h 4h 5h 6h 7h 8h",
            "9h",
            "Acrescentou cartas a um jogo seu e fechou a canastra: 200 pontos de bônus.",
            "Added cards to one of its melds and completed the canastra: a 200-point bonus.",
        ),
    ],
)
def test_a_computers_card_onto_a_canastra_is_not_said_to_be_on_the_way_to_one(
    meld: str, card: str, pt: str, en: str
) -> None:
    """A meld of 7 cards or more is a canastra [000: "Quando um jogo chegar a ter no mínimo
    7 cartas, ele terá o nome de Canastra"]: the computer's card added to one was explained
    “rumo à canastra”, and the card that completed one said no more than that; the hint,
    the same words as advice (audit of Jogar)."""
    rules = ruleset("fechado")
    data = {"seed": 1, "players": 2, "turn": 1, "phase": "play"}
    data |= {"hands": [11, [card, "Kc", "4d"]], "melds": [[], [meld.split()]]}
    before = position_from_data(rules, data)
    move = Extend(0, parse_cards(card))
    assert why_lines(rules, "strong", before, move, "pt") == [pt]
    assert why_lines(rules, "strong", before, move, "en") == [en]
    advice = why_lines(rules, "strong", before, move, "pt", advice=True)
    assert advice == [pt.replace("Acrescentou", "Acrescentar").replace("fechou", "fechar")]


def test_the_basic_levels_help_tells_its_wild_spent_on_a_big_lixo() -> None:
    """The level's help said a basic player "usa curinga só para fechar canastra ou esvaziar
    a mão": the learner then watched a basic partner take a 5-card lixo with Q♥ JK."""
    game = played_round(Setup("fechado", {}, 4, "basic", "off", 1), 1)
    before, move = positions(game)[23], game.current.moves[23]
    assert before.turn != 0 and move == TakeLixo(new_meld=tuple(parse_cards("Qh JK")))
    assert len(before.lixo) == 5
    help_pt = translate("play.level_help", "pt").split("\n\n")[1]
    assert "pegar um lixo grande" in help_pt, help_pt
    help_en = translate("play.level_help", "en").split("\n\n")[1]
    assert "take a big lixo" in help_en, help_en


def test_the_strong_levels_help_tells_it_keeps_its_wilds_before_a_canastra() -> None:
    """The strong level keeps its wilds out of new melds in Fechado and STBL until its side
    has a canastra ("Não despeje os curingas ... em sequências curtas" [003]; tests/
    test_players.py shows the habit): its help says so, where it said nothing of wilds and a
    learner would expect the 6♣ 7♣ JK a basic partner lays."""
    help_pt = translate("play.level_help", "pt").split("\n\n")[2]
    assert "não abre jogo novo com curinga enquanto a dupla não tem canastra" in help_pt
    help_en = translate("play.level_help", "en").split("\n\n")[2]
    assert "starts no new meld with a wild until its side has a canastra" in help_en


def test_a_computer_wild_laid_as_a_wild_is_explained() -> None:
    """A partner who lays 5♥ 6♥ 2♠ makes the meld dirty: the learner is told why (the cards
    go down now, for the morto and the batida) and what it costs, as the coach tells them
    when they do it [003 "Evite usar curinga cedo"]. A clean lay says nothing of wilds; a 2
    that goes into its natural place is no wild; the random level has no reason to give."""
    rules = ruleset("fechado")
    hand = ["5h", "6h", "7h", "2s", "3h", "4h", "Kc"]
    state = position_from_data(
        rules, {"players": 4, "turn": 2, "phase": "play", "hands": [11, 11, hand, 11]}
    )

    def lines(level: str, cards: str, lang: Lang = "pt") -> str:
        return " ".join(why_lines(rules, level, state, Lay((parse_cards(cards),)), lang))

    said = lines("strong", "5h 6h 2s")
    assert "Usou o curinga 2♠: o jogo fica sujo" in said and "rumo ao morto" in said
    assert "Used the wild 2♠: the meld turns dirty" in lines("basic", "5h 6h 2s", "en")
    assert "curinga" not in lines("strong", "5h 6h 7h")
    natural_two = position_from_data(
        rules, {"players": 4, "turn": 2, "phase": "play", "hands": [11, 11, ["2h", "3h", "4h"], 11]}
    )
    assert "curinga" not in " ".join(
        why_lines(rules, "strong", natural_two, Lay((parse_cards("2h 3h 4h"),)), "pt")
    )
    assert "curinga" not in lines("random", "5h 6h 2s")


@pytest.mark.parametrize("morto", ["taken", {"status": "waiting", "seat": 0, "cards": 11}])
def test_a_meld_laid_after_the_morto_is_taken_is_for_going_out(morto: Any) -> None:
    """A partner's meld laid with the side's morto already taken (or waiting for the
    partner) was said to bring “a canastra e o morto” nearer, and its wild to go down “rumo
    ao morto e à batida” / “towards the morto and going out”: only going out is ahead, and
    the reasons (and the hint's) say so. Before the morto, they still name it."""
    rules = ruleset("fechado")
    hand = ["5h", "6h", "2s", "Kc", "9d"]
    data = {"players": 4, "turn": 2, "phase": "play", "hands": [11, 11, hand, 11]}
    lay = Lay((parse_cards("5h 6h 2s"),))

    def said(morto_status: Any, lang: Lang, advice: bool) -> str:
        position = {**data, "morto": [morto_status, "available"], "mortos": [11]}
        state = position_from_data(rules, position)
        return " ".join(why_lines(rules, "strong", state, lay, lang, advice=advice))

    for advice in (False, True):
        pt, en = said(morto, "pt", advice), said(morto, "en", advice)
        assert "aproximam a canastra e a batida." in pt and "rumo à batida." in pt, pt
        assert "morto" not in pt, pt
        assert "bring the canastra and going out closer." in en, en
        assert "go down now, towards going out." in en and "morto" not in en, en
    before = said("available", "pt", False)
    assert "a canastra e o morto." in before and "rumo ao morto e à batida." in before


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_computer_free_pickup_in_aberto_is_explained_as_the_whole_lixo_to_the_hand(
    lang: Lang,
) -> None:
    """Taking the lixo in Aberto is free: “ele deverá comprar todas as outras que estão lá
    ... todas elas irão para a mão do jogador” [000], “sem justificada para compra do lixo”
    [000], and the top card goes to the hand with the rest. A computer's free pickup is not
    explained as a justified one (“a carta de cima entra num jogo”); a justified pickup
    still is."""
    rules = ruleset("aberto")
    state = position_from_data(
        rules,
        {"players": 2, "turn": 1, "hands": [11, ["5h", "6h", "Kc"]], "lixo": ["9d", "7h"]},
    )
    free = " ".join(why_lines(rules, "basic", state, TakeLixo(), lang))
    assert ("entra num jogo" not in free) and ("goes into a meld" not in free)
    assert ("todas as cartas" in free) if lang == "pt" else ("all its cards" in free)
    justified = " ".join(
        why_lines(rules, "basic", state, TakeLixo(new_meld=parse_cards("5h 6h")), lang)
    )
    assert ("entra num jogo" in justified) or ("goes into a meld" in justified)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_computer_taking_a_one_card_lixo_brings_no_other_cards(lang: Lang) -> None:
    """A lixo of one card taken onto a meld: no “other cards come into the hand” (audit of
    Jogar); the card goes into the meld."""
    rules = ruleset("fechado")
    state = position_from_data(
        rules,
        {"players": 2, "turn": 1, "hands": [11, ["5h", "6h", "Kc"]], "lixo": ["7h"]},
    )
    said = " ".join(why_lines(rules, "basic", state, TakeLixo(new_meld=parse_cards("5h 6h")), lang))
    assert ("outras cartas" not in said) and ("other cards" not in said)
    assert ("uma carta só" in said) if lang == "pt" else ("a single card" in said)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_computer_extending_at_a_table_of_two_names_no_pair(lang: Lang) -> None:
    """With two players each side is one player: the computer's reason for adding to its
    meld speaks of its own meld, not of a pair's (“um jogo da dupla”); at four, the pair's."""
    rules = ruleset("fechado")
    melds = {"melds": [[], [["4h", "5h", "6h"]]]}
    hands: dict[int, list[object]] = {
        2: [11, ["7h", "Kc", "Qd"]],
        4: [11, ["7h", "Kc", "Qd"], 11, 11],
    }
    said = {}
    for players in (2, 4):
        state = position_from_data(
            rules,
            {"players": players, "turn": 1, "phase": "play", "hands": hands[players], **melds},
        )
        said[players] = " ".join(
            why_lines(rules, "basic", state, Extend(0, parse_cards("7h")), lang)
        )
    pair = "da dupla" if lang == "pt" else "of the side"
    assert pair not in said[2] and pair in said[4], said


def test_a_move_that_cannot_be_saved_is_said_plainly(
    open_app: Open, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database that stops writing mid-game (issue 11: nothing breaks): the tap's save
    fails, the page says the move was not saved, no Streamlit error box, the game as saved."""
    at = started(open_app)

    def refuse(self: GameStore, game_id: str, game: Game, base: Game | None = None) -> None:
        raise StorageUnavailable("database", "storage_folder", "read-only")

    monkeypatch.setattr(GameStore, "save", refuse)
    click(at, "btt-play_board-stock")
    assert at.error and "was not saved" in str(at.error[0].value)
    assert the_game(at).current.moves == ()


def test_two_players_see_their_own_and_the_opponents_melds_not_a_sides(open_app: Open) -> None:
    """With two players nobody has a partner: the board says "your opponent's melds". (With
    no meld down yet, one line says so: "No melds yet".)"""
    open_app("play", lang="en")  # creates the data folder
    for players, wanted in ((2, "Your opponent's melds"), (4, "The other side's melds")):
        game = _with_melds_down(Setup("fechado", {}, players, "basic", "on", 7))
        at = open_app("play", lang="en", game=store().create(game))
        said = " ".join(str(m.value) for m in at.markdown)
        assert wanted in said and "No one has laid" not in said


def _ended(players: int, last_mover: int, how: EndReason = EndReason.BATIDA) -> list[State]:
    before = replace(deal(ruleset("fechado"), players, 5), turn=last_mover)
    return [before, replace(before, phase=Phase.ENDED, ended_by=how)]


def test_the_round_end_names_who_went_out_and_the_side() -> None:
    """Seats as around the table from 1, the learner player 1, partners opposite."""
    assert ended_text(_ended(4, 0), "pt") == "A rodada acabou: você (jogador 1) bateu."
    assert "seu parceiro (jogador 3) bateu, pela sua dupla" in ended_text(_ended(4, 2), "pt")
    assert "jogador 2, da outra dupla, bateu" in ended_text(_ended(4, 1), "pt")
    assert "jogador 4, da outra dupla" in ended_text(_ended(4, 3), "pt")
    assert "seu adversário (jogador 2) bateu" in ended_text(_ended(2, 1), "pt")
    assert "player 3" in ended_text(_ended(4, 2), "en")
    stock_out = ended_text(_ended(4, 1, EndReason.STOCK_OUT), "pt")
    assert "monte" in stock_out and "bateu" not in stock_out


def test_a_variant_chosen_mid_game_waits_for_the_next_game(open_app: Open) -> None:
    """The sidebar switched to Aberto during a Fechado game: the page says which rules this
    game plays (to its end) and that the choice applies from the next game, which uses it."""
    at = started(open_app, players=4)  # Fechado, the sidebar on Fechado too
    assert not at.info or not any("next match" in str(i.value) for i in at.info)
    at.selectbox(key="rules_preset").set_value("aberto").run()
    notice = " ".join(str(i.value) for i in at.info)
    assert "Aberto" in notice and "Fechado" in notice and "next match" in notice
    assert any("this match's rules: **Buraco Fechado**" in str(c.value) for c in at.caption)
    assert the_game(at).rules.preset == "fechado"
    click(at, "play_new")
    click(at, "play_new_yes")
    assert at.segmented_control(key=QUICK_KEY).value == "aberto"  # the new form's bar too
    click(at, "play_start")
    assert the_game(at).rules.preset == "aberto"
    assert not any("next match" in str(i.value) for i in at.info)


def test_the_key_moments_draw_red_cards_red(open_app: Open) -> None:
    """The round's key moments named their cards in black (“o 2♥ … descartar o K♦”), where
    the answers to the moves draw a red card red: now they do as well."""
    at = open_app("play", lang="pt")  # creates the data folder
    game = _finished_round(Setup("fechado", {}, 2, "random", "on", 11))
    note = SavedNote("wild_discarded", {"card": "2♥"}, Discard(parse_card("Kd")))
    game = replace(game, rounds=(replace(game.current, notes={4: (note,)}, stumbles=()),))
    at = open_app("play", lang="pt", game=store().create(game))
    (moments,) = [str(m.value) for m in at.markdown if str(m.value).startswith("- Jogada 5:")]
    assert ":red[2♥]" in moments and ":red[K♦]" in moments, moments


def test_key_moments_are_told_in_the_order_they_happened() -> None:
    """Illegal tries and the coach's notes make one story of the round, move by move (they
    were two lists: every note, then every try), and the lessons to review follow the
    course's order."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    note = SavedNote("wild_discarded", {"card": "2♣"}, None)
    late_try = Stumble(13, Draw(), ("must_draw_first",))
    rnd = replace(
        game.current,
        notes={10: (note,)},
        stumbles=(Stumble(0, Discard(parse_card("3s")), ("must_draw_first",)), late_try),
    )
    lines, lessons = key_moments(replace(game, rounds=(rnd,)), "pt")
    assert [line.split(":")[0] for line in lines] == ["Jogada 1", "Jogada 11", "Jogada 14"]
    assert lessons == ["wild_cards", "the_turn"]  # lessons 3 and 6, in that order


@pytest.mark.parametrize(
    ("lang", "why"),
    [
        ("pt", "Primeiro compre do monte ou pegue o lixo."),
        ("en", "Draw first, from the stock, or take the lixo."),
    ],
)
def test_an_illegal_try_among_the_key_moments_says_why_it_was_refused(lang: Lang, why: str) -> None:
    """The round's summary said “tentou “Baixar 5♣ 7♣ 9♣”, que não vale” and no more: a
    newcomer reading it at the round's end had lost the why the board had said at the tap."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    state = positions(game)[-1]
    tried, verdict, _notes = learner_move(game, state, Discard(state.hand[0]))  # before drawing
    assert not verdict.ok
    (line,), _ = key_moments(tried, lang)
    assert why in line, line


def test_a_batida_in_two_steps_is_told_with_both() -> None:
    """'Dava para bater agora … Melhor: acrescentar 2♦ ao jogo 2 e depois descartar o 9♣
    para bater.': the meld move alone does not go out, and a learner may not see the
    discard after it (audit of Jogar)."""
    note = SavedNote(
        "go_out_missed", {"ours": 695, "theirs": 490, "then": "9♣"}, Extend(1, parse_cards("2d"))
    )
    assert note_text(note, "pt").endswith("e depois descartar o 9♣ para bater.")
    assert note_text(note, "en").endswith(", then discard the 9♣ to go out.")
    alone = SavedNote("go_out_missed", {"ours": 695, "theirs": 490}, Discard(parse_card("9c")))
    assert "depois" not in note_text(alone, "pt")


def test_a_better_meld_is_named_as_it_will_lie_on_the_table() -> None:
    """'Melhor: baixar 7♦ 9♦ 2♣ e depois descartar o 5♦' read as a natural 2 after the 9♦,
    no meld at all: the better meld is named low to high with the wild in the place it
    stands for, as the hint and the judge's own line name it [000: "6, 2, 8, 9. No caso
    acima, a carta 2 está substituindo a carta de valor 7"] (audit of Jogar)."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    lay = Lay((parse_cards("7d 9d 2c"),))
    note = SavedNote("go_out_missed", {"ours": 570, "theirs": 334, "then": "5♦"}, lay)
    lines, _ = key_moments(
        replace(game, rounds=(replace(game.current, notes={92: (note,)}),)), "pt"
    )
    assert lines[0].endswith("Melhor: baixar 7♦ 2♣ 9♦ e depois descartar o 5♦ para bater.")
    assert note_text(note, "en", rules=game.rules).endswith(
        "lay 7♦ 2♣ 9♦, then discard the 5♦ to go out."
    )


def test_the_same_illegal_try_twice_is_one_key_moment() -> None:
    """The lixo tapped twice with a pick that does not justify it: one line, not two
    identical ones (audit of Jogar); another try at the same move stays its own line."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    pickup = TakeLixo(new_meld=tuple(parse_cards("8s 9s")))
    codes = ("pickup_needs_justification",)
    twice = (Stumble(41, pickup, codes), Stumble(41, pickup, codes))
    rnd = replace(game.current, stumbles=(*twice, Stumble(41, Draw(), ("must_draw_first",))))
    lines, _ = key_moments(replace(game, rounds=(rnd,)), "pt")
    assert [line.split(":")[0] for line in lines] == ["Jogada 42", "Jogada 42"]
    assert len(set(lines)) == 2


def test_a_small_lixo_left_is_not_a_key_moment() -> None:
    """ "Dava para pegar o lixo (2 cartas) … comprar do monte também serve" is a judgement
    call, said at the move: listed among the key moments it read as a mistake, four times a
    round (audit 14). A big lixo left (a better move named) stays a key moment."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    small = SavedNote("lixo_left", {"count": 2}, None)
    big = SavedNote("lixo_left", {"count": 6}, TakeLixo(new_meld=tuple(parse_cards("8s 9s"))))
    rnd = replace(game.current, notes={4: (small,), 9: (big,)})
    lines, lessons = key_moments(replace(game, rounds=(rnd,)), "pt")
    assert [line.split(":")[0] for line in lines] == ["Jogada 10"]
    assert lessons == ["the_lixo"]


def test_the_same_note_again_in_a_round_is_a_short_reminder() -> None:
    """The learner who left the lixo twice read the same long note twice, word for word,
    and again among the key moments (audit of Jogar). The first keeps the why; a repeat in
    the round is a one-line reminder that still says what was missed this time, and the
    better move. Another kind of note is said in full."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    place = {"card": "8♥", "case": "extend", "meld": 2, "meld_cards": "5♥ 6♥ 7♥", "alone": True}
    take = TakeLixo(extend=1)
    first = SavedNote("lixo_left", {"count": 6, **place}, take)
    wild = SavedNote("wild_discarded", {"card": "2♣"}, Discard(parse_card("9d")))
    second = SavedNote("lixo_left", {"count": 8, **place}, take)
    rnd = replace(game.current, notes={9: (second,), 2: (first,), 5: (wild,)})
    lines, _ = key_moments(replace(game, rounds=(rnd,)), "pt")
    assert lines[0].startswith("Jogada 3: Dava para pegar o lixo (6 cartas): a carta de cima")
    assert "cabia no seu jogo 2 (5♥ 6♥ 7♥), sem gastar curinga. Melhor:" in lines[0]
    assert lines[1].startswith("Jogada 6: Descartar um curinga (2♣)")
    assert lines[2] == (
        "Jogada 10: De novo, dava para pegar o lixo (8 cartas): o 8♥ cabia no seu jogo 2"
        " (5♥ 6♥ 7♥). Melhor: pegar o lixo e pôr a carta de cima no jogo 2."
    )
    again = note_text(second, "en", again=True)
    assert again.startswith("Again, you could have taken the lixo (8 cards): the 8♥ fitted")


def test_the_coachs_better_move_that_takes_the_lixo_names_its_top_card() -> None:
    """ "Melhor: pegar o lixo e pôr a carta de cima no jogo 2" left the learner to work out
    which card that had been, a few moves later among the key moments: it is named, as a
    hint names it."""
    game = played_round(Setup("fechado", {}, 2, "basic", "on", 3), 3)
    states = positions(game)
    at = next(i for i, s in enumerate(states[:-1]) if s.turn == 0 and len(s.lixo) > 1)
    top = states[at].lixo[-1].symbol
    place = {"card": top, "case": "extend", "meld": 2, "meld_cards": "5♥ 6♥ 7♥", "alone": True}
    note = SavedNote("lixo_left", {"count": 6, **place}, TakeLixo(extend=1))
    rnd = replace(game.current, notes={at: (note,)})
    lines, _ = key_moments(replace(game, rounds=(rnd,)), "pt")
    assert lines[0].endswith(f"Melhor: pegar o lixo e pôr o {top} no jogo 2."), lines
    said = note_text(note, "en", top=states[at].lixo[-1])
    assert said.endswith(f"Better: take the lixo and put the {top} on meld 2."), said


def test_a_note_repeated_all_round_is_listed_twice_among_the_key_moments() -> None:
    """A round of weak discards listed 17 key moments, nearly all “De novo, um descarte que
    deixa…” (audit of Jogar). The first note, one reminder, and the moves of the rest in it;
    another kind of note is listed as before."""
    game = new_game(Setup("fechado", {}, 2, "basic", "on", 3))
    fed = {"card": "7♣", "meld": 2, "count": 3, "alone": True}
    better = Discard(parse_card("9d"))
    notes = {at: (SavedNote("feeds_opponent", fed, better),) for at in (1, 5, 9, 13, 17)}
    notes[7] = (SavedNote("wild_discarded", {"card": "2♣"}, better),)
    lines, _ = key_moments(replace(game, rounds=(replace(game.current, notes=notes),)), "pt")
    assert [line.split(":")[0] for line in lines] == ["Jogada 2", "Jogada 6", "Jogada 8"]
    assert lines[1].startswith("Jogada 6: De novo, o 7♣ cabe no jogo 2 do adversário: ele")
    assert lines[1].endswith("(E mais 3 vezes nesta rodada: jogadas 10, 14, 18.)")
    assert "E mais" not in lines[0] + lines[2]


@pytest.mark.parametrize(
    ("lang", "params", "said"),
    [
        ("pt", {"meld": 3}, "De novo, o 10♥ cabe no jogo 3 dos adversários: o próximo jogador"),
        ("pt", {"meld": 1, "alone": True}, "De novo, o 10♥ cabe no jogo 1 do adversário: ele"),
        ("en", {"meld": 1, "alone": True}, "Again, the 10♥ fits the opponent's meld 1: they may"),
        ("en", {"case": "held", "held": "J♥ Q♥"}, "Again, the 10♥ makes a meld with J♥ Q♥, which"),
        ("pt", {"case": "held", "held": "J♥ Q♥", "alone": True}, "que o adversário tem na mão"),
    ],
)
def test_a_discard_that_feeds_the_opponents_again_says_which_meld(
    lang: Lang, params: dict[str, Any], said: str
) -> None:
    """A second discard of a round that let the next player take the lixo was reminded as
    “Again, a discard that lets the next player take the lixo (6 cards)”: which meld of
    theirs the 10♥ fitted, the learner had to find (playing a match). The reminder says the
    card and the meld (or the cards known in that player's hand), as the lixo's does."""
    note = SavedNote("feeds_opponent", {"card": "10♥", "count": 6, **params}, None)
    assert said in note_text(note, lang, again=True)


def test_the_coach_at_the_move_says_a_repeated_note_as_a_reminder(open_app: Open) -> None:
    """On the board too: the second "Dava para pegar o lixo" of a round, at the draw, is
    the short reminder under "Treinador:", not the long note again."""
    setup = Setup("fechado", {}, 2, "basic", "on", 3)
    rules = setup.rules()

    def lixo_worth_taking(game: Game, state: State) -> bool:
        if not (learner_turn(state) and state.phase is Phase.DRAW):
            return False
        seed = f"{game.current.seed}:{len(game.current.moves)}"  # (as the page seeds its coach)
        return [n.code.value for n in coach(rules, state, Draw(), seed)] == ["lixo_left"]

    game = played_on(new_game(setup), 1, lixo_worth_taking)
    earlier = SavedNote("lixo_left", {"count": 4}, None)  # said before in this round
    game = replace(game, rounds=(replace(game.current, notes={0: (earlier,)}),))
    at = open_app("play", lang="pt")  # creates the data folder
    at = open_app("play", lang="pt", game=store().create(game))
    click(at, "btt-play_board-stock")
    (said,) = [str(w.value) for w in at.warning]
    assert "  \n**Treinador:** De novo, dava para pegar o lixo (" in said  # (after the move)
    assert "Quanto maior o lixo" not in said


@pytest.mark.parametrize(
    ("code", "lesson"),
    [
        ("pickup_needs_justification", "the_lixo"),  # it pointed at "O 2 de volta ao seu lugar"
        ("not_your_meld", "the_turn"),  # it pointed at "Sequências e o Ás"
        ("trincas_not_allowed", "trincas"),
        ("go_out_needs_canastra", "going_out"),
        ("gap", "sequences_and_the_ace"),
        # (6♠ onto 2♠ 3♠ 4♠: it pointed at "Erros comuns", not the lesson that says so)
        ("natural_two_stays", "natural_two"),
    ],
)
def test_a_mistake_links_to_the_lesson_that_explains_it(code: str, lesson: str) -> None:
    from buraco_app.play import lesson_for_code

    assert lesson_for_code(code) == lesson


def test_every_review_lesson_exists_and_every_code_is_real() -> None:
    from buraco_app.scenario_player import course
    from buraco_core.codes import Code
    from buraco_core.players.coach import NoteCode

    lessons = {lesson.id for lesson in course().lessons}
    assert set(REVIEW_LESSONS.values()) <= lessons
    assert set(REVIEW_LESSONS) <= {c.value for c in Code} | {c.value for c in NoteCode}
    assert {c.value for c in NoteCode} <= set(REVIEW_LESSONS)  # every note has its lesson


def test_the_rounds_record_tells_moves_as_done_and_names_their_melds_as_theirs() -> None:
    """The move list is a record, in the past ("descartou o K♥", not the instruction
    "Descartar o K♥"); an opponent's meld is "o jogo 1 deles", as the board labels it, not
    "o jogo 1", the name of the learner's own first meld; a pickup names the lixo's top card
    it used (public: the whole table saw it), never the card a draw brought (hidden)."""
    from buraco_app.play import done_text, who
    from buraco_core.moves import Extend, TakeLixo

    def turn_of(seat: int) -> State:
        table = {"players": 4, "turn": seat, "hands": [11] * 4, "lixo": ["3c", "Kd"], "seed": 3}
        return position_from_data(ruleset("fechado"), table)

    assert f"{who(1, 'pt')} {done_text(Discard(parse_card('Kh')), turn_of(1), 'pt')}" == (
        "Adversário (jogador 2) descartou o K♥"
    )
    extend = Extend(0, (parse_card("Js"),))
    assert done_text(extend, turn_of(1), "pt") == "acrescentou J♠ ao jogo 1 deles"
    assert done_text(extend, turn_of(2), "pt") == "acrescentou J♠ ao jogo 1"  # the partner's
    assert (
        done_text(TakeLixo(extend=4), turn_of(3), "en")
        == "took the lixo and put the K♦ on their meld 5"
    )
    taken = TakeLixo(new_meld=(parse_card("Kc"), parse_card("Ks")))
    assert done_text(taken, turn_of(1), "pt") == "pegou o lixo e baixou o K♦ com K♣ K♠"
    assert f"{who(0, 'en')} {done_text(Draw(), turn_of(0), 'en')}" == "You drew from the stock"


def test_a_tap_in_a_tab_left_behind_does_not_overwrite_the_game(open_app: Open) -> None:
    """Two tabs on one game: the one drawn before the other moved on cannot save over it
    (its draw would have erased the other tab's moves); it says so and shows the game as
    it now is."""
    first = started(open_app)
    game_id = game_id_of(first)
    second = open_app("play", lang="en", game=game_id)  # a second tab, same game
    click(first, "btt-play_board-stock")
    tap_shown(first, 0)
    click(first, "btt-play_board-discard")
    moves = store().load(game_id).current.moves
    assert len(moves) == 2  # draw, discard: the computer is on turn
    second.button(key="btt-play_board-stock").click().run()  # drawn before those moves
    assert store().load(game_id).current.moves == moves  # nothing overwritten
    assert any("moved on in another tab" in str(w.value) for w in second.warning)
    second.run()
    assert not second.warning and not second.exception


def test_a_game_moved_on_in_another_tab_is_drawn_as_it_now_is_at_the_next_rerun(
    open_app: Open,
) -> None:
    """A page's rerun reads the game whole only when it was saved since the session last
    read it (a small query otherwise): moves made in another tab or device are still drawn
    at this tab's next rerun, whatever set it off (here the language)."""
    first = started(open_app)
    game_id = game_id_of(first)
    second = open_app("play", lang="en", game=game_id)  # a second tab, same game
    stock = second.button(key="btt-play_board-stock").label
    second.run()  # (its rerun: the game as it was, kept)
    assert second.button(key="btt-play_board-stock").label == stock
    click(first, "btt-play_board-stock")
    tap_shown(first, 0)
    click(first, "btt-play_board-discard")
    second.radio(key="lang").set_value("pt").run()
    assert any("Vez de: Adversário (jogador 2)" in str(i.value) for i in second.info)
    assert not [b for b in second.button if b.key == "btt-play_board-stock"]  # not its turn
    assert not second.warning and not second.exception


def test_a_tab_that_saved_a_move_still_draws_the_moves_another_tab_saved_since(
    open_app: Open,
) -> None:
    """A tap's page keeps the game it saved as read (its next rerun asks only when the game
    was last saved): once another tab or device saves a move after it, this tab's next
    rerun draws that move."""
    first = started(open_app)
    game_id = game_id_of(first)
    click(first, "btt-play_board-stock")  # (saved here, and kept)
    second = open_app("play", lang="en", game=game_id)  # a second tab, same game
    tap_shown(second, 0)
    click(second, "btt-play_board-discard")
    first.radio(key="lang").set_value("en").run()
    assert any("Turn of: Opponent (player 2)" in str(i.value) for i in first.info)
    assert not [b for b in first.button if b.key == "btt-play_board-discard"]  # not its turn
    assert not first.warning and not first.exception


def test_a_pick_kept_from_a_longer_hand_never_points_past_the_hand() -> None:
    """A pick of positions 9 and 10 on a hand that now holds 3 cards (the game moved on in
    another tab): the positions past the end are dropped, not a traceback."""
    from buraco_app.board import Pick

    pick = Pick(cards=(0, 9), groups=((1, 2), (3, 10)))
    assert pick.within(3) == Pick(cards=(0,), groups=((1, 2),))
    assert pick.within(11) is pick


def test_rules_chosen_since_the_start_are_said_beside_the_matchs_own(open_app: Open) -> None:
    """Aberto tapped in the form's rules bar, the sidebar then put on Fechado ("Em vigor:
    Buraco Fechado"): the learner could not tell which rules the hand followed. The game's
    caption says the match's rules are not the ones chosen now, which are for the next
    match, the why in its help; a box says the change once. Neither sends a phone to "the
    sidebar" it hides. The setup line says the coach's mode as the coach's."""
    at = open_app("play", lang="en")
    at.radio(key="play_players").set_value(2).run()
    at.segmented_control(key=QUICK_KEY).set_value("aberto").run()
    at.radio(key="play_coach").set_value("off").run()
    click(at, "play_start")
    assert the_game(at).rules.preset == "aberto"
    caption = at.caption[0]
    assert "this match's rules: Buraco Aberto, to 3000 points" in str(caption.value)
    assert "sidebar" not in str(caption.value) and not caption.proto.help
    assert str(caption.value).endswith(" · coach: off")
    at.selectbox(key="rules_preset").set_value("fechado").run()
    caption = at.caption[0]
    assert (
        "this match's rules: **Buraco Aberto**, to 3000 points (the rules chosen now, Buraco"
        " Fechado, are for your next match)"
    ) in str(caption.value)
    assert "keeps the rules it began with to its end" in str(caption.proto.help)
    # Where the rules are chosen, truthfully: not "the sidebar", which a phone hides (its
    # rules may come from a page's rules bar); the next match's, at the top of its form.
    (changed,) = at.info
    assert "The rules chosen now are **Buraco Fechado**" in str(changed.value)
    assert "the rules are at the top" in str(changed.value)
    assert "sidebar" not in str(changed.value) + str(caption.value)
    at.selectbox(key="rules_preset").set_value("aberto").run()  # the sidebar agrees again
    assert "sidebar" not in str(at.caption[0].value) and not at.caption[0].proto.help


def test_a_match_opened_by_a_link_without_rules_goes_on_under_its_own(open_app: Open) -> None:
    """A link to an Aberto match without ?rules= (typed, or cut short): the page said "(as
    escolhidas agora, Buraco Fechado, valem para a próxima partida)" though the learner had
    chosen nothing, and the sidebar said "Em vigor: Buraco Fechado". The session takes the
    match's rules; a link that names other rules keeps them, said beside the match's."""
    open_app("play", lang="pt")  # creates the data folder
    game_id = store().create(new_game(Setup("aberto", {}, 2, "basic", "off", 5)))
    at = open_app("play", lang="pt", game=game_id)
    caption = str(at.caption[0].value)
    assert "regras desta partida: Buraco Aberto, até 3000 pontos" in caption, caption
    assert "escolhidas" not in caption and not at.info
    assert at.selectbox(key="rules_preset").value == "aberto"
    assert at.query_params["rules"] in ("aberto", ["aberto"])
    at = open_app("play", lang="pt", game=game_id, rules="fechado")
    assert "(as escolhidas agora, Buraco Fechado," in str(at.caption[0].value)


def test_the_round_score_names_each_hand_by_its_seat() -> None:
    """“cartas na mão (1º jogador da dupla)” in a two-player game, which has no dupla: the
    page knows the seats, so a hand is “jogador 2”, and a partner's “jogador 3”."""
    from buraco_app.play import _named
    from buraco_core.scoring import RoundScore, ScoreItem, SideScore

    score = RoundScore(
        (
            SideScore("A", (ScoreItem("hand_cards", -10, {"hand": 1}),)),
            SideScore("B", (ScoreItem("hand_cards", -50, {"hand": 0}),)),
        )
    )
    ours, theirs = _named(score, 4, "pt").sides
    assert ours.name == "Nós" and dict(ours.items[0].params) == {"seat": 2}  # player 3
    assert dict(theirs.items[0].params) == {"seat": 1}  # player 2


def test_a_draw_drops_the_lixos_top_card_from_the_pick(open_app: Open) -> None:
    """The lixo's top card picked, then a draw: it stays picked no more (the next meld was
    read as a pickup, "You have already drawn"); hand cards picked before stay picked."""
    at = started(open_app)

    def lixo_top() -> list[Any]:
        return [b for b in at.button if (b.key or "").startswith("btc") and "-lixo" in b.key]

    for _ in range(5):  # (a computer player may take the lixo: play on until one lies there)
        click(at, "btt-play_board-stock")
        tap_shown(at, 0)
        click(at, "btt-play_board-discard")
        click(at, "play_to_my_turn")  # the learner's turn again
        if lixo_top():
            break
    lixo_top()[-1].click().run()
    tap_shown(at, 0)
    assert at.session_state["play_board_pick"].top
    click(at, "btt-play_board-stock")
    pick = at.session_state["play_board_pick"]
    assert not pick.top and len(pick.cards) == 1


def test_the_record_says_what_a_move_did_to_the_morto() -> None:
    """An indirect beat, and the morto picked up at the next turn: 11 cards appeared in the
    hand with no line saying why. The move list now says it [000, 001, 002, 003]."""
    from buraco_app.play import morto_text
    from buraco_core.state import MortoStatus

    def with_morto(state: State, side: int, status: MortoStatus) -> State:
        sides = list(state.sides)
        sides[side] = replace(sides[side], morto=status)
        return replace(state, sides=tuple(sides))

    start = deal(ruleset("fechado"), 4, 2)
    waiting = with_morto(start, 0, MortoStatus.WAITING)
    taken = with_morto(start, 0, MortoStatus.TAKEN)
    # (whose next turn, said: "the morto waits for the next turn" of a partner's beat read as
    # the next player's, an opponent's)
    assert morto_text(start, waiting, 0, "pt") == "bateu indireto: o morto espera a sua próxima vez"
    said = morto_text(start, with_morto(start, 0, MortoStatus.WAITING), 2, "en")
    assert said == "an indirect batida: the morto waits for their next turn"
    assert morto_text(waiting, taken, 0, "pt") == "pegou o morto que esperava"
    assert morto_text(start, taken, 2, "en") == "a direct batida: took the morto"  # the partner
    assert morto_text(start, start, 0, "pt") == ""
    assert morto_text(start, with_morto(start, 1, MortoStatus.TAKEN), 0, "pt") == ""  # theirs


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "o monte acabou: um dos mortos virou o monte (o outro fica para o primeiro"),
        ("en", "one of the mortos became the stock (the other goes to the first player"),
    ],
)
def test_the_record_says_when_a_morto_became_the_stock(lang: Lang, said: str) -> None:
    """The stock run out, a morto becomes the stock [000, 001, 003]: under “Desde a sua
    última jogada” the stock went from 1 card to 11 and the mortos on the table from 2 to 1
    with no word (the judge's event was on the discard, unsaid). The discard's line says it;
    with both mortos still there, neither side's yet; a morto taken by a beat is not called
    stock."""
    from buraco_app.play import morto_line

    rules = ruleset("fechado")
    empty = replace(deal(rules, 2, 3), stock=(), phase=Phase.PLAY)
    after = play(rules, empty, Discard(empty.hand[0]))[1]
    assert after is not None and len(after.stock) == 11
    assert said in morto_line([empty, after], 0, lang)
    dealt = replace(deal(rules, 2, 3), phase=Phase.PLAY)
    beat = replace(dealt, hands=(dealt.hand[:1], dealt.hands[1]))
    after = play(rules, beat, Discard(beat.hand[0]))[1]  # an indirect beat: the morto waits
    assert after is not None and len(after.mortos) == 1
    assert "stock" not in morto_line([beat, after], 0, "en")
    assert "monte" not in morto_line([beat, after], 0, "pt")


def _morto_to_stock(players: int, took: int) -> list[State]:
    """A discard that runs the stock out when side `took` has taken its morto: the last
    morto, the other side's, becomes the stock."""
    rules = ruleset("fechado")
    dealt = deal(rules, players, 3)
    sides = list(dealt.sides)
    sides[took] = replace(sides[took], morto=MortoStatus.TAKEN)
    empty = replace(dealt, stock=(), phase=Phase.PLAY, sides=tuple(sides), mortos=dealt.mortos[1:])
    after = play(rules, empty, Discard(empty.hand[0]))[1]
    assert after is not None and len(after.stock) == 11 and not after.mortos
    return [empty, after]


@pytest.mark.parametrize(
    ("players", "took", "lang", "said"),
    [
        (4, 0, "pt", "o monte acabou: o morto da outra dupla virou o monte"),
        (4, 1, "pt", "o monte acabou: o morto da sua dupla virou o monte"),
        (2, 0, "pt", "o monte acabou: o morto do adversário virou o monte"),
        (2, 1, "en", "the stock ran out: your morto became the stock"),
        (4, 0, "en", "the stock ran out: the other side's morto became the stock"),
    ],
)
def test_the_record_says_whose_morto_became_the_stock(
    players: int, took: int, lang: Lang, said: str
) -> None:
    """One side took its morto, the stock runs out: the other's becomes the stock, and that
    side pays for the morto it never took [000, 001, 003]. The line said nothing (the last
    morto's refill was counted as a morto taken), and the -100 at the round's end came with
    no word on whose morto it was."""
    from buraco_app.play import morto_line

    assert morto_line(_morto_to_stock(players, took), 0, lang) == said


def test_the_record_says_whose_morto_had_become_the_stock_when_the_last_is_taken() -> None:
    """Both mortos waited, the stock ran out (one became the stock, neither side's yet);
    then a beat takes the last: the other side is left without one, said on the beat."""
    from buraco_app.play import morto_line

    rules = ruleset("fechado")
    dealt = deal(rules, 4, 3)
    one_left = replace(dealt, phase=Phase.PLAY, mortos=dealt.mortos[1:])
    beat = replace(one_left, hands=(one_left.hand[:1], *one_left.hands[1:]))
    after = play(rules, beat, Discard(beat.hand[0]))[1]  # an indirect beat takes the last
    assert after is not None and after.sides[1].morto is MortoStatus.STOCK
    assert morto_line([beat, after], 0, "pt") == (
        "bateu indireto: o morto espera a sua próxima vez"
        " · a outra dupla fica sem morto: o outro já tinha virado o monte"
    )


@pytest.mark.parametrize(
    ("seed", "lang", "line", "why"),
    [
        (
            13,
            "en",
            "the stock ran out: the other side's morto became the stock",
            "The other side's morto became the stock when the stock ran out (move {n}): they"
            " ended the round without taking a morto, and a side that does not take its morto"
            " pays 100 (texts 000, 001, 003).",
        ),
        (
            1,
            "pt",
            "o monte acabou: o morto da sua dupla virou o monte",
            "O morto da sua dupla virou o monte quando o monte acabou (jogada {n}): a dupla"
            " terminou a rodada sem pegar o morto, e quem não pega o morto paga 100 (textos"
            " 000, 001, 003).",
        ),
    ],
)
def test_the_round_end_says_why_a_side_pays_for_a_morto_that_became_the_stock(
    open_app: Open, seed: int, lang: Lang, line: str, why: str
) -> None:
    """A round of four that the stock ended, one side's morto turned stock: the move that
    ran the stock out says whose it was (under “Desde a sua última jogada”, and in the
    replay), and under the score, by “não pegou o morto -100”, why, with that move's number
    and the rule's sources [000, 001, 003]. Before, the stock went from 1 card to 11 with no
    word, and the score took 100."""
    open_app("play", lang=lang)  # creates the data folder
    setup = Setup("fechado", {}, 4, "random", "on", seed)
    game = played_round(setup, seed)
    states = positions(game)
    assert states[-1].ended_by is EndReason.STOCK_OUT
    # (the move that ran the stock out, and the last morto became the stock)
    n = max(i for i in range(1, len(states)) if states[i].stock and not states[i - 1].stock)
    playing = played_until(setup, seed, lambda s: len(s.log) >= n and learner_turn(s))
    at = open_app("play", lang=lang, game=store().create(playing))
    said = [text for text in move_lines(at) if text.startswith(f"{n}. ")]
    assert said and said[0].endswith(f" · {line}"), said
    at = open_replay(open_app("play", lang=lang, game=store().create(game)))
    at.slider(key="play_step_1").set_value(n).run()
    shown = [str(m.value) for m in at.markdown if str(m.value).startswith(f"**{n}. ")]
    assert shown and shown[0].endswith(f" · {line}**")
    assert why.format(n=n) in [str(c.value) for c in at.caption]


def test_the_move_list_says_when_a_waiting_morto_is_picked_up(open_app: Open) -> None:
    """An indirect batida: "the morto waits for the next turn". The player picks it up as
    the turn comes back, on the discard of the player before (the other side's): no line
    said so, and 11 cards appeared in a hand, the learner's own too, under "Since your last
    move". That discard's line now says who picks it up, in the list and in the replay."""
    at = open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {}, 2, "basic", "on", 1)
    game = played_until(setup, 3, lambda s: len(s.log) > 60 and learner_turn(s))
    states = positions(game)
    picked = {  # the move's number, as the list counts: who picks it up
        i: states[i - 1].sides[s].waiting.seat  # type: ignore[union-attr]
        for i in range(1, len(states))
        for s in (0, 1)
        if states[i - 1].sides[s].morto is MortoStatus.WAITING
        and states[i].sides[s].morto is MortoStatus.TAKEN
    }
    assert picked == {50: 0}  # (the learner's; the opponent's further on, below)
    at = every_move(open_app("play", lang="en", game=store().create(game)))
    said = [line for line, _ in move_items(at) if "the waiting morto" in line]
    # (the card in its colour, as on the board)
    red = '<span class="bt-mvr">4♦</span>'
    assert said == [f"50. Opponent (player 2) discarded the {red} · you pick up the waiting morto"]
    at = open_app("play", lang="en", game=store().create(played_round(setup, 3)))  # its end
    states = positions(store().load(game_id_of(at)))
    theirs = next(
        i
        for i in range(1, len(states))
        if states[i - 1].sides[1].morto is MortoStatus.WAITING
        and states[i].sides[1].morto is MortoStatus.TAKEN
    )
    open_replay(at).slider(key="play_step_1").set_value(theirs).run()
    shown = [str(m.value) for m in at.markdown if str(m.value).startswith(f"**{theirs}. ")]
    assert shown and shown[0].endswith(" · opponent (player 2) picks up the waiting morto**")


def test_the_replay_draws_its_cards_in_their_colours(open_app: Open) -> None:
    """The board draws red suits red; the replay's line under the slider ("12. Opponent
    (player 2) discarded the 4♦") drew every card black, as the move lists did. Coloured
    where drawn: the record's words (move_line, the command's replay) stay plain."""
    open_app("play", lang="en")  # creates the data folder
    game = played_round(Setup("fechado", {}, 2, "basic", "on", 1), 3)
    at = open_app("play", lang="en", game=store().create(game))
    states = positions(game)
    step = next(i for i in range(1, len(states) - 1) if "♦" in move_line(game, states, i - 1, "en"))
    open_replay(at).slider(key="play_step_1").set_value(step).run()
    shown = [str(m.value) for m in at.markdown if str(m.value).startswith(f"**{step}. ")]
    assert len(shown) == 1 and ":red[" in shown[0] and "♦]" in shown[0], shown
    assert read(shown[0]) == f"**{move_line(game, states, step - 1, 'en')}**"


def test_the_replays_last_step_says_the_round_ended_by_going_out(open_app: Open) -> None:
    """The replay opens at the round's last move: "207. Você descartou o 3♣", with no word
    that this discard went out and ended the round (the list of moves said it)."""
    open_app("play", lang="pt")  # creates the data folder
    game = played_round(Setup("fechado", {}, 2, "basic", "on", 6), 6)
    states = positions(game)
    assert states[-1].ended_by is EndReason.BATIDA
    at = open_app("play", lang="pt", game=store().create(game))
    last = len(states) - 1
    open_replay(at)
    shown = [str(m.value) for m in at.markdown if str(m.value).startswith(f"**{last}. ")]
    assert len(shown) == 1 and read(shown[0]).endswith(" · bateu e encerrou a rodada**"), shown


def _with_melds_down(setup: Setup) -> Game:
    """A game played on up to the learner's draw with melds on the table, the learner's
    side's own among them."""
    return played_until(
        setup,
        5,
        lambda s: learner_turn(s) and s.phase is Phase.DRAW and len(s.sides[0].melds) >= 2,
    )


def tap_meld(at: AppTest, side: int, index: int) -> AppTest:
    """Tap the board's meld `index` (from 0) of `side` (0 the learner's, 1 the other side's)."""
    tap_meld_at(at, "play_board", side, index)
    assert not at.exception, at.exception
    return at


def test_a_2_sent_home_by_the_learners_card_is_said_in_the_answer(open_app: Open) -> None:
    """4♦ onto 3♦ 2♦ 5♦ sends the 2♦ home: "O 2♦ voltou para a sua posição natural: o jogo
    agora está limpo" was only in the grey line under the hand, below a phone's fold, not
    in the answer where the learner looks after a tap. It is in the answer, once."""

    def extends_with_4d(state: State) -> bool:
        melds = [m.cards for m in state.sides[0].melds]
        return state.turn == 0 and state.phase is Phase.PLAY and parse_cards("3d 2d 5d") in melds

    game = played_until(Setup("fechado", {}, 4, "basic", "off", 41), 41, extends_with_4d)
    index = [m.cards for m in positions(game)[-1].sides[0].melds].index(parse_cards("3d 2d 5d"))
    open_app("play", lang="pt")  # creates the data folder
    at = open_app("play", lang="pt", game=store().create(game))
    tap_card(at, "4♦")
    tap_meld(at, 0, index)
    answer = read(str(at.success[0].value))
    assert answer.startswith(f"Sua jogada: Acrescentar 4♦ ao jogo {index + 1}"), answer
    home = "O 2♦ voltou para a sua posição natural: o jogo agora está limpo"
    assert home in answer, answer
    assert not [c for c in at.caption if home in read(str(c.value))]  # (said once)


def test_the_answer_to_a_tap_on_a_meld_is_said_under_that_sides_melds(open_app: Open) -> None:
    """With many melds down, a meld tapped high on a phone's screen had its answer drawn
    under the row of the stock and the lixo, off-screen below (audit of Jogar, 390x844: a
    meld extended at y=42, its answer at y=1023). It is said under the side's melds (one
    widget: not between two melds), naming the meld tapped; the answer to a tap on the
    stock, under that row again (above one's own melds, which lie under it as at a table);
    a meld laid with "+ Novo jogo", under that button, above the hand."""
    at = open_app("play", lang="en")  # creates the data folder
    game_id = store().create(_with_melds_down(Setup("fechado", {}, 2, "basic", "on", 7)))
    at = open_app("play", lang="en", game=game_id)
    tap_shown(at, 0)
    tap_meld(at, 0, 1)  # the learner's second meld, before drawing: refused
    assert at.error and "draw" in str(at.error[0].value).lower()
    assert "to meld 2" in str(at.error[0].value)  # (the meld tapped, named)

    def keys_around(alert: Any) -> tuple[str, str]:
        """The keys of the board's widgets just before and just after `alert`."""
        order = in_order(at.main)
        at_alert = order.index(alert)
        keys = [(i, getattr(n, "key", "") or "") for i, n in enumerate(order)]
        before = [k for i, k in keys if i < at_alert and k.startswith("bt")]
        after = [k for i, k in keys if i > at_alert and k.startswith("bt")]
        return before[-1], after[0]

    assert keys_around(at.error[0]) == ("btm-play_board-0", "btt-play_board-new")
    click(at, "btt-play_board-stock")
    assert keys_around(at.success[0]) == ("btt-play_board-discard", "btm-play_board-0")
    tap_shown(at, 2)  # a card more: two (the one picked is first, or second after the draw)
    click(at, "btt-play_board-new")  # one card is no meld: refused
    assert at.error
    assert keys_around(at.error[0]) == ("btt-play_board-aside", "bthand-play_board")


def _two_cards_onto_one_meld(setup: Setup) -> tuple[Game, int, str, str]:
    """A game at the learner's turn, drawn, with two cards of the hand that go one after the
    other onto the same meld of theirs, not the first: the game, the meld, the two cards."""
    from buraco_core.judge import check

    rules = setup.rules()

    def found(s: State) -> tuple[int, str, str] | None:
        if not (learner_turn(s) and s.phase is Phase.PLAY):
            return None
        for meld in range(1, len(s.sides[0].melds)):
            for first in s.hands[0]:
                after = play(rules, s, Extend(meld, (first,)))[1]
                for second in after.hands[0] if after is not None else ():
                    if check(rules, after, Extend(meld, (second,))).ok:
                        return meld, first.symbol, second.symbol
        return None

    game = played_until(setup, 7, lambda s: found(s) is not None)
    taps = found(positions(game)[-1])
    assert taps is not None
    return (game, *taps)


def test_a_tapped_meld_is_the_one_extended_and_takes_a_second_tap(open_app: Open) -> None:
    """A side's melds are one widget, a meld an option: a tap on a meld extends that meld,
    not another, and is set back, so the same meld tapped again is a tap again: after a hint
    (nothing picked), and for a second card onto it. Left chosen, the second tap on it only
    unchose it, without a word."""
    at = open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {}, 2, "basic", "on", 7)
    game, meld, first, second = _two_cards_onto_one_meld(setup)
    at = open_app("play", lang="en", game=store().create(game))
    name = f"Meld {meld + 1}:"
    tap_meld(at, 0, meld)  # nothing picked: the board says what to pick
    assert at.warning and "Pick the cards from your hand" in str(at.warning[0].value)
    for card in (first, second):
        tap_card(at, card)
        tap_meld(at, 0, meld)
        assert the_game(at).current.moves[-1] == Extend(meld, (parse_card(card),))
        (changed,) = changed_melds(at, "play_board")  # (outlined green: this meld only)
        assert changed.startswith(name) and card in read(changed), changed
        answer = " ".join(str(a.value) for a in [*at.success, *at.warning])  # (coach: a note)
        assert f"Your move: Add {card} to meld {meld + 1}" in read(answer), answer
    assert len(hand_cards(at)) == len(positions(game)[-1].hand) - 2


def test_the_lixos_top_card_tapped_then_a_meld_across_says_it_goes_on_ones_own(
    open_app: Open,
) -> None:
    """The lixo's top card picked, then the opponent's meld tapped: the board said "pick the
    cards from your hand that go onto the meld", and with a card picked it tried to add that
    card alone to the opponent's meld, the top card dropped from the move without a word. The
    top card only ever goes onto one's own meld (or a new one): the board says so, and makes
    no move."""
    at = open_app("play", lang="en")  # creates the data folder
    game = played_until(
        Setup("fechado", {}, 2, "basic", "on", 7),
        5,
        lambda s: learner_turn(s) and s.phase is Phase.DRAW and bool(s.sides[1].melds and s.lixo),
    )
    at = open_app("play", lang="en", game=store().create(game))
    top = [b for b in at.button if (b.key or "").startswith("btc") and "-lixo" in b.key]
    top[-1].click().run()
    tap_meld(at, 1, 0)  # the opponent's meld 1
    assert at.warning and "top card" in str(at.warning[0].value)
    assert "your own melds" in str(at.warning[0].value)
    tap_shown(at, 0)
    tap_meld(at, 1, 0)
    assert at.warning and "top card" in str(at.warning[0].value)
    assert not at.error
    assert the_game(at).current.stumbles == ()  # (no move was made of it)


def top_card_picked(open_app: Open, lang: Lang) -> AppTest:
    """A two-player match at the learner's draw, the other side with melds and a lixo, its
    top card tapped."""
    open_app("play", lang=lang)  # creates the data folder
    game = played_until(
        Setup("fechado", {}, 2, "basic", "on", 7),
        5,
        lambda s: learner_turn(s) and s.phase is Phase.DRAW and bool(s.sides[1].melds and s.lixo),
    )
    at = open_app("play", lang=lang, game=store().create(game))
    top = [b for b in at.button if (b.key or "").startswith("btc") and "-lixo" in b.key]
    top[-1].click().run()
    return at


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "Tap one of your melds to put the top card on it", "“Discard”"),
        ("pt", "Toque num jogo seu para pôr a carta de cima nele", "“Descartar”"),
    ],
)
def test_the_lixos_top_card_picked_says_where_it_can_go(
    open_app: Open, lang: Lang, said: str, not_said: str
) -> None:
    """The lixo's top card picked, the board said “Tap where they go: a meld, “New meld”,
    the lixo or “Discard””: the top card is never discarded, nor taken to the lixo alone
    (playing a match on a phone). It says: onto one of one's melds, or into a new meld with
    hand cards [002, 003: the top card must go into a meld in the same turn]."""
    at = top_card_picked(open_app, lang)
    picked = [str(c.value) for c in at.caption if said in str(c.value)]
    assert len(picked) == 1 and not_said not in picked[0]


def test_the_lixos_top_card_picked_alone_is_one_card_picked(open_app: Open) -> None:
    """“Escolhidas: a carta de cima do lixo.”: one card, said in the plural. As for one card
    of the hand, “Escolhida”."""
    at = top_card_picked(open_app, "pt")
    shown = [str(c.value) for c in at.caption]
    assert any(c.startswith("Escolhida: a carta de cima do lixo.") for c in shown), shown


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Escolhidas: {card} e a carta de cima do lixo."),
        ("en", "Picked: {card} and the lixo's top card."),
    ],
)
def test_hand_cards_picked_with_the_lixos_top_card_are_listed_with_an_and(
    open_app: Open, lang: Lang, said: str
) -> None:
    """ "Escolhidas: 10♣ Q♣ a carta de cima do lixo." ran the hand's cards into the top card
    (a taker picks the top card and the cards that make a meld with it)."""
    at = top_card_picked(open_app, lang)
    card = hand_cards(at)[0]
    tap_shown(at, 0)
    shown = [read(str(c.value)) for c in at.caption]
    assert any(c.startswith(said.format(card=card)) for c in shown), shown


def test_a_card_tapped_inside_an_open_lixo_says_the_lixo_is_taken_whole(open_app: Open) -> None:
    """Aberto shows the whole lixo. A card inside it, tapped (to take that card, as a
    newcomer would), did nothing at all: a greyed button, no word. The board now says that
    the lixo is taken whole, with its button, and only its top card is picked alone."""
    at = open_app("play", lang="en")  # creates the data folder
    game = played_until(
        Setup("aberto", {}, 2, "basic", "on", 7),
        5,
        lambda s: learner_turn(s) and s.phase is Phase.DRAW and len(s.lixo) >= 2,
    )
    at = open_app("play", lang="en", game=store().create(game))
    lixo = [b for b in at.button if (b.key or "").startswith("btc") and "-lixo" in b.key]
    assert len(lixo) == len(positions(game)[-1].lixo)
    lixo[0].click().run()  # the bottom card
    assert not at.exception
    assert at.warning and "taken whole" in str(at.warning[0].value)
    assert not at.error and the_game(at).current.stumbles == ()


def test_a_hint_on_what_to_pick_is_said_above_the_hand_where_the_tap_was(open_app: Open) -> None:
    """A hint on what to pick ("To discard, pick exactly one card") was drawn under the hand,
    below every place a tap makes it: on a phone, after a tap inside the lixo or on a meld,
    it was below the screen (audit, 390x844: a 4-player Aberto lixo of 8 cards, the hint
    under a hand of 5 at y>844). It is said where a refused move is: under the row of the
    stock, the lixo and "Discard", above the hand."""
    at = started(open_app)
    click(at, "btt-play_board-discard")  # nothing picked
    order = in_order(at.main)
    keys = [getattr(n, "key", "") or "" for n in order]
    hand = [i for i, k in enumerate(keys) if k.startswith("bthand")]
    assert keys.index("btt-play_board-discard") < order.index(at.warning[0]) < min(hand)


def test_discard_tapped_with_two_cards_says_so_under_it_not_below_ones_melds(
    open_app: Open,
) -> None:
    """Late in a round on a phone (390x844, six melds of one's own), two cards picked and
    “Descartar” tapped: nothing seemed to happen. “Para descartar, escolha uma carta só” was
    drawn above the hand, under one's melds, ~400 px below the button, off the screen. A
    hint on what to pick after a tap in the row of the stock, the lixo and “Descartar” is
    said under that row, above one's melds, as a refused discard's answer is."""
    open_app("play", lang="en")  # creates the data folder
    game = played_until(
        Setup("fechado", {}, 2, "basic", "on", 7),
        5,
        lambda s: (
            learner_turn(s)
            and s.phase is Phase.PLAY
            and len(s.sides[0].melds) >= 2
            and len(s.hand) >= 2
        ),
    )
    at = open_app("play", lang="en", game=store().create(game))
    for place in (0, 1):
        tap_shown(at, place)
    click(at, "btt-play_board-discard")
    assert at.warning and "one card" in str(at.warning[0].value)
    order = in_order(at.main)
    keys = [getattr(n, "key", "") or "" for n in order]
    ours = keys.index("btm-play_board-0")  # one's melds
    assert keys.index("btt-play_board-discard") < order.index(at.warning[0]) < ours


def _before_the_learners_batida(players: int) -> tuple[Game, Discard]:
    """A game played on (the learner's seat by a basic player's moves) up to the learner's
    discard that goes out, and that discard."""
    for seed in range(1, 40):
        game = new_game(Setup("fechado", {}, players, "basic", "on", seed))
        player, rng = make_player("basic"), random.Random(seed)
        while (state := positions(game)[-1]).phase is not Phase.ENDED:
            if not learner_turn(state):
                game = computer_move(game, state)[0]
                continue
            move = player.choose(game.rules, view_of(game.rules, state, 0), rng)
            after = learner_move(game, state, move)[0]
            if isinstance(move, Discard) and positions(after)[-1].phase is Phase.ENDED:
                return game, move
            game = after
    raise AssertionError("no batida by a discard")


def scrolls(at: AppTest) -> list[Any]:
    return [h for h in at.html if "scrollTo" in h.proto.body or "scrollBy" in h.proto.body]


def test_the_round_ended_by_the_learners_tap_opens_at_its_top(open_app: Open) -> None:
    """The learner's batida, tapped far down the board on a phone, opened the round's end
    with the board's scroll kept: "the round is over: you went out" and the totals ~500 px
    above the screen (audit of Jogar, 390x844). The run right after the tap that ended the
    round scrolls the page to its top, once: not on the next run, nor on a link opened."""
    at = open_app("play", lang="en")  # creates the data folder
    game, batida = _before_the_learners_batida(4)
    game_id = store().create(game)
    at = open_app("play", lang="en", game=game_id)
    assert not scrolls(at)
    tap_card(at, batida.card.symbol)
    assert not scrolls(at)  # (a card picked: no move)
    click(at, "btt-play_board-discard")
    assert "you (player 1) went out" in " ".join(str(s.value) for s in at.success)
    assert len(scrolls(at)) == 1
    assert in_order(at.main)[-1] == scrolls(at)[0]  # (after everything: takes no place above)
    at.run()
    assert not scrolls(at)
    assert not scrolls(open_app("play", lang="en", game=game_id))


@pytest.mark.parametrize("players", [2, 4])
def test_after_going_out_oneself_the_next_round_opens_without_an_error(
    open_app: Open, players: int
) -> None:
    """A learner went out by a discard, read the round's end and tapped “Next round”: the
    new round's table showed “This app has encountered an error” under the stock (4
    players, 1280x800; the computer opens round 2). The answer to the batida, kept for the
    page, was drawn on the new round's table and looked for its position in the new round.
    The new round opens with no answer of the round before: the computer's turn, its
    buttons."""
    at = open_app("play", lang="en")  # creates the data folder
    game, batida = _before_the_learners_batida(players)
    game_id = store().create(game)
    at = open_app("play", lang="en", game=game_id)
    tap_card(at, batida.card.symbol)
    click(at, "btt-play_board-discard")
    assert "you (player 1) went out" in " ".join(str(s.value) for s in at.success)
    click(at, "play_next_round")
    assert "Round 2" in [h.value for h in at.subheader]
    assert not at.error and not at.warning  # (no answer of round 1's last move)
    assert "Turn of: Opponent (player 2), the computer." in [str(i.value) for i in at.info]


def test_at_a_rounds_start_little_comes_above_the_hand(open_app: Open) -> None:
    """On a phone (390x844) the first turn's hand began at y=875, below the fold: above it,
    the target on a line of its own and two empty meld sections (audit of Jogar). The target
    is in the game's caption, the mortos in the row of the stock and the lixo, and a short
    "No melds yet." beside "+ New meld" and "Hint" (on a line of their own, the mortos and
    "Hint" had put it at y=863 again); nothing else is drawn above the hand."""
    at = started(open_app, players=4)
    order = in_order(at.main)
    hand = next(
        i for i, n in enumerate(order) if (getattr(n, "key", "") or "").startswith("bthand")
    )
    above = [n for n in order[:hand] if type(n).__name__ != "Block"]
    assert [type(n).__name__ for n in above] == [
        *("Title", "Caption", "Subheader", "Html"),  # the game, its round, the seats
        *("Button", "Button", "Button", "Caption"),  # stock, lixo, discard · the mortos
        *("Caption", "Button", "Button"),  # no meld yet · + New meld · Hint (one's melds)
        *("Markdown", "Toggle"),  # your hand (11 cards) · by rank
    ]
    assert "Buraco Fechado, to 3000 points" in str(above[1].value)
    nobody, new_meld, hint = above[8], above[9], above[10]
    assert "No melds yet." in str(nobody.value)
    assert new_meld.key == "btt-play_board-new" and hint.key == "play_hint"
    assert order.index(hint) == order.index(new_meld) + 1 == order.index(nobody) + 2  # (one row)
    assert type(order[order.index(nobody) - 1]).__name__ == "Block"
    stock, mortos = above[4], above[7]  # (one row: the mortos beside the buttons, or just under)
    assert "mortos" in str(mortos.value) and order.index(mortos) == order.index(stock) + 3
    assert type(order[order.index(stock) - 1]).__name__ == "Block"


def _keyed(at: AppTest, key: str) -> Any:
    return next(n for n in in_order(at.main) if getattr(n, "key", None) == key)


@pytest.mark.parametrize("players", [4, 2])
def test_the_next_round_opens_with_its_heading_at_the_top(open_app: Open, players: int) -> None:
    """The "Next round" button, tapped at the bottom of the round's end, opened the new
    round at the old scroll (~540 px down on a 390x844 phone): "Round 2", the totals and the
    seats above the screen (audit of Jogar). The run after the tap scrolls the round's
    heading to the top of the screen (not the page's top: a 4-player hand would go below the
    fold), once."""
    at = open_app("play", lang="en")  # creates the data folder
    game_id = store().create(_finished_round(Setup("fechado", {}, players, "basic", "on", 11)))
    at = open_app("play", lang="en", game=game_id)
    assert not scrolls(at)
    click(at, "play_next_round")
    assert len(scrolls(at)) == 1
    assert ".st-key-play-round" in scrolls(at)[0].proto.body
    assert in_order(at.main)[-1] == scrolls(at)[0]  # (after everything: takes no place above)
    heading = _keyed(at, "play-round")
    assert [h.value for h in heading.subheader] == ["Round 2"]
    at.run()
    assert not scrolls(at)


def test_the_form_for_a_new_match_opens_at_the_top(open_app: Open) -> None:
    """The "New match" button (confirmed), at the bottom of the board, opens the form at the top
    (its title and intro above the screen, else). "Start" scrolls nothing: the form is short,
    and the first round opens with the game's caption, its heading and the hand in sight."""
    at = started(open_app)
    assert not scrolls(at)
    click(at, "play_new")
    assert not scrolls(at)  # (asked to confirm: the same page)
    click(at, "play_new_yes")
    assert at.button(key="play_start")
    assert len(scrolls(at)) == 1 and "st-key-" not in scrolls(at)[0].proto.body
    assert in_order(at.main)[-1] == scrolls(at)[0]
    at.run()
    assert not scrolls(at)


@pytest.mark.parametrize(
    ("players", "lang", "names"),
    [
        (4, "pt", ("Nós", "Eles")),
        (4, "en", ("Us", "Them")),
        (2, "pt", ("Você", "Adversário")),
        (2, "en", ("You", "Opponent")),
    ],
)
def test_a_two_player_game_names_the_players_not_sides(
    open_app: Open, players: int, lang: Lang, names: tuple[str, str]
) -> None:
    """“Nós” and “Eles” read oddly with no partner: with two players the score and the totals
    name the players, as the seats do (“você”, “adversário”); a table of pairs keeps them."""
    open_app("play", lang=lang)  # creates the data folder
    game_id = store().create(_finished_round(Setup("fechado", {}, players, "basic", "on", 11)))
    at = open_app("play", lang=lang, game=game_id)
    assert [m.label for m in at.metric] == list(names)
    said = " ".join(str(m.value) for m in at.markdown)
    assert f"| {names[0]} | " in said and f"| {names[1]} | " in said  # each table's heading
    at.button(key="play_next_round").click().run()
    said = " ".join(str(m.value) for m in at.markdown)
    assert f"| {names[0]} | {names[1]} |" in said  # the totals' heading row (from round 2)
    if players == 2:
        assert not any(w in said.split() for w in ("Nós", "Eles", "Us", "Them"))


@pytest.mark.parametrize(
    ("players", "ours", "lang", "said"),
    [
        (4, True, "pt", "Partida ganha pela sua dupla, com 3100 pontos!"),
        (4, False, "pt", "Os adversários ganharam a partida, com 3100 pontos."),
        (2, True, "pt", "Você ganhou a partida, com 3100 pontos!"),
        (2, False, "pt", "Seu adversário ganhou a partida, com 3100 pontos."),
        (2, True, "en", "You won the match, with 3100 points!"),
        (2, False, "en", "Your opponent won the match, with 3100 points."),
    ],
)
def test_the_match_is_won_by_a_side_or_by_a_player(
    players: int, ours: bool, lang: Lang, said: str
) -> None:
    from buraco_app.play import match_won_text

    assert match_won_text(ours, players, 3100, lang) == said


def test_the_match_won_is_said_at_the_top_of_its_last_round_end(open_app: Open) -> None:
    """The round that ends the match: who won it was said only at the bottom, beside "New
    match", under the score, the key moments and the replay (on a phone some 2,000 px down;
    the top said only who went out). It is now said under the round's end line, above the
    score, and "New match" is still at the bottom, instead of "Next round"."""
    at = open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {"target_score": 100}, 2, "basic", "on", 11)  # (one round)
    game_id = store().create(_finished_round(setup))
    at = open_app("play", lang="en", game=game_id)
    order = in_order(at.main)
    alerts = [*at.success, *at.info]
    ended = next(a for a in alerts if "round is over" in str(a.value))
    won = [a for a in alerts if "won the match" in str(a.value)]
    assert len(won) == 1
    assert order.index(ended) < order.index(won[0]) < order.index(at.metric[0])
    # Green only for a match the learner won.
    ours = standing(store().load(game_id)).winner == SIDE_NAMES[0]
    assert (won[0] in at.success) == ours and str(won[0].value).startswith("You won") == ours
    assert at.button(key="play_new") and not [b for b in at.button if b.key == "play_next_round"]


def test_a_two_player_record_and_board_name_the_opponents_melds_as_one_players() -> None:
    """“o jogo 1 deles” (plural: a pair's) with one opponent: in a 2-player game his meld is
    “o jogo 1 dele” in the record (he moved), and “Jogo 1 do adversário” on the board, under
    “Jogos do adversário”. A table of pairs keeps “deles”; English's “their” fits both."""
    from buraco_app.board import meld_label
    from buraco_app.play import done_text
    from buraco_app.table_view import move_text
    from buraco_core.melds import judge_meld

    def turn_of(seat: int, players: int) -> State:
        table = {"players": players, "turn": seat, "hands": [11] * players, "lixo": ["3c", "Kd"]}
        return position_from_data(ruleset("fechado"), {**table, "seed": 3})

    extend = Extend(0, (parse_card("Js"),))
    assert done_text(extend, turn_of(1, 2), "pt") == "acrescentou J♠ ao jogo 1 dele"
    assert done_text(extend, turn_of(1, 4), "pt") == "acrescentou J♠ ao jogo 1 deles"
    assert done_text(TakeLixo(extend=4), turn_of(1, 2), "pt") == (
        "pegou o lixo e pôs o K♦ no jogo 5 dele"
    )
    assert done_text(TakeLixo(extend=4, cards=(parse_card("Kc"),)), turn_of(1, 2), "pt") == (
        "pegou o lixo e pôs o K♦ com K♣ no jogo 5 dele"
    )
    assert done_text(TakeLixo(extend=4), turn_of(1, 2), "en") == (
        "took the lixo and put the K♦ on their meld 5"
    )
    on_theirs = Extend(0, (parse_card("Js"),), side=1)  # (the learner's try: refused)
    assert move_text(on_theirs, "pt", alone=True) == "Acrescentar J♠ ao jogo 1 do adversário"
    assert move_text(on_theirs, "pt") == "Acrescentar J♠ ao jogo 1 da outra dupla"
    meld = judge_meld(parse_cards("5s 6s 7s"), ruleset("fechado")).meld
    assert meld is not None
    assert meld_label(meld, 1, "pt", theirs=True, players=2).startswith("Jogo 1 do adversário:")
    assert meld_label(meld, 1, "pt", theirs=True, players=4).startswith("Jogo 1 deles:")
    assert meld_label(meld, 1, "en", theirs=True, players=2).startswith("Their meld 1:")


def _dealt_a_run() -> tuple[Game, list[str]]:
    """A new 2-player game whose learner holds three cards in a row of one suit: the game,
    and those cards low to high."""
    for seed in range(1, 200):
        game = new_game(Setup("fechado", {}, 2, "basic", "on", seed))
        held = {c.symbol for c in positions(game)[-1].hand}
        for suit in "♦♥♠♣":
            for rank in range(3, 9):
                run = [f"{rank}{suit}", f"{rank + 1}{suit}", f"{rank + 2}{suit}"]
                if set(run) <= held:
                    return game, run
    raise AssertionError("no deal with a run")


def test_the_move_tried_names_a_meld_as_it_will_lie_not_in_tap_order(open_app: Open) -> None:
    """7♦ 8♦ 6♦ tapped, then "New meld": "Your move: Lay 7♦ 8♦ 6♦", in tap order, beside the
    board's "Laid the meld 6♦ 7♦ 8♦". The move is said as the meld will lie, refused
    (before the draw) or played, and so is the round's record."""
    at = open_app("play", lang="en")  # creates the data folder
    game, (low, mid, high) = _dealt_a_run()
    at = open_app("play", lang="en", game=store().create(game))
    for symbol in (mid, high, low):
        tap_card(at, symbol)
    click(at, "btt-play_board-new")  # before the draw: refused, the cards stay picked
    inked = " ".join(f":red[{c}]" if c[-1] in "♥♦" else c for c in (low, mid, high))
    assert f"Your move: Lay {inked}" in str(at.error[0].value)
    click(at, "btt-play_board-stock")
    click(at, "btt-play_board-new")
    assert [str(s.value) for s in at.success] == [f"Your move: Lay {inked}"]  # red, as above
    every_move(at)
    red = '<span class="bt-mvr">{}</span>'
    inked = " ".join(red.format(c) if c[-1] in "♥♦" else c for c in (low, mid, high))
    assert f"2. You laid {inked}" in [line for line, _ in move_items(at)]


def test_a_meld_tried_is_named_as_the_judge_lays_it() -> None:
    """The order of the table (a wild in the place it stands for), in both languages; cards
    that make no meld stay as tapped (they lie nowhere)."""
    from buraco_app.table_view import move_text

    rules = ruleset("fechado")
    lay = Lay((parse_cards("8s JK 5s 6s"), parse_cards("Kh Kd Kc")))
    assert move_text(lay, "pt", rules=rules) == "Baixar 5♠ 6♠ JK 8♠ + K♣ K♦ K♥"
    assert move_text(lay, "en", rules=rules) == "Lay 5♠ 6♠ JK 8♠ + K♣ K♦ K♥"
    assert move_text(Lay((parse_cards("9h 4c 2d"),)), "pt", rules=rules) == "Baixar 9♥ 4♣ 2♦"


@pytest.mark.parametrize(
    ("lang", "said", "help"),
    [
        ("pt", "Regras da partida: **Fechado STBL** (escolha-as acima", "escolha-as no alto"),
        ("en", "The match's rules: **Fechado STBL** (choose them above", "choose them at the top"),
    ],
)
def test_a_match_is_started_under_the_rules_chosen_in_the_forms_rules_bar(
    open_app: Open, lang: str, said: str, help: str
) -> None:
    """On a phone the sidebar is hidden behind >>: Jogar's start form has the rules bar the
    Placar's and the table pages have, its words say the match's rules and point to it, not
    to the sidebar; STBL tapped there, the match is STBL, to its end. The match's help,
    once the rules chosen differ, says where the next match's are chosen."""
    at = open_app("play", lang=lang)
    assert at.segmented_control(key=QUICK_KEY).value == "fechado"
    at.segmented_control(key=QUICK_KEY).set_value("stbl").run()
    words = [str(c.value) for c in at.caption]
    assert any(said in w for w in words), words
    assert not [w for w in words if ">>" in w or "barra lateral" in w or "sidebar" in w]
    click(at, "play_start")
    assert the_game(at).rules.preset == "stbl"
    at.selectbox(key="rules_preset").set_value("aberto").run()
    assert the_game(at).rules.preset == "stbl"
    assert help in str(at.caption[0].proto.help)


@pytest.mark.parametrize(("players", "said"), [(4, "Your side is"), (2, "You are")])
def test_a_vulnerable_round_says_so_before_the_first_meld(
    open_app: Open, players: int, said: str
) -> None:
    """Vulnerability on [003]: from half the target a side's first meld of the round must
    total 75 card points. The round says who is vulnerable before the learner lays a meld
    (the refusal had been the first word on it); a round with nobody vulnerable says
    nothing."""
    at = open_app("play", lang="en")  # creates the data folder
    game = new_game(Setup("fechado", {"vulnerable_min_meld_points": 75}, players, "basic"))
    calm = store().create(game)
    rnd = replace(game.current, vulnerable=(True, True))
    game_id = store().create(replace(game, rounds=(rnd,)))
    at = open_app("play", lang="en", game=game_id)
    line = next(str(c.value) for c in at.caption if "vulnerable this round" in str(c.value))
    assert f"{said} vulnerable this round" in line
    assert "first baixada must total at least 75 card points" in line
    assert ("The other side" if players == 4 else "Your opponent is") in line
    at = open_app("play", lang="en", game=calm)
    assert not any("vulnerable this round" in str(c.value) for c in at.caption)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (2, "Ainda não dá para descartar: você está vulnerável, e a sua primeira baixada"),
        (4, "Ainda não dá para descartar: a dupla está vulnerável, e a primeira baixada"),
    ],
)
def test_a_discard_before_the_vulnerable_baixada_is_done_is_said_as_a_discard(
    players: int, said: str
) -> None:
    """Vulnerable, the learner lays 3♥ 4♥ 5♥ (15) and taps a discard: the turn may not end
    below 75 [003]. The refusal said “a sua primeira baixada precisa somar 75 pontos em
    cartas, e esta soma 15” to a discard, with no meld tried; it says the discard waits,
    what the turn's melds total, and to lay down more."""
    from tests.test_round_rules import VULNERABLE_HAND, apply, position

    rules = ruleset("stbl", vulnerable_min_meld_points=75)
    hands = [VULNERABLE_HAND, *[11] * (players - 1)]
    dealt = position(rules, players=players, hands=hands, vulnerable=[True, False])
    state = apply(rules, dealt, Draw())
    laid = play(rules, state, Lay((parse_cards("3h 4h 5h"),)))[1]
    assert laid is not None
    verdict = play(rules, laid, Discard(parse_card("9d")))[0]
    assert not verdict.ok
    text = first_reason(verdict.reasons, "pt")
    assert text.startswith(said), text
    assert "os jogos baixados nesta vez somam 15. Baixe mais antes de descartar." in text
    assert "esta soma" not in text


def test_a_computers_reasons_do_not_retell_its_move_in_its_own_words() -> None:
    """An opponent adds 7♥ to their meld 1: the record's line says “acrescentou 7♥ ao jogo 1
    deles”, and under it the reasons said again “Acrescentou 7♥ ao jogo 1.”, which a learner
    read as their own meld 1. The reasons give the why, and what the line does not say."""
    rules = ruleset("fechado")
    state = position_from_data(
        rules,
        {
            "players": 4,
            "turn": 1,
            "phase": "play",
            "hands": [11, ["7h", "Kc", "Qd"], 11, 11],
            "melds": [[["4c", "5c", "6c"]], [["4h", "5h", "6h"]]],
        },
    )
    extend = Extend(0, parse_cards("7h"))
    from buraco_app.play import done_text

    assert done_text(extend, state, "pt") == "acrescentou 7♥ ao jogo 1 deles"
    reasons = why_lines(rules, "basic", state, extend, "pt")
    assert reasons == ["Acrescentou cartas a um jogo da dupla, rumo à canastra."]
    discard = why_lines(rules, "basic", state, Discard(parse_card("Kc")), "pt")
    assert not any("Descartou o K♣" in line for line in discard)


@pytest.mark.parametrize("level", ["basic", "strong"])
@pytest.mark.parametrize(
    ("morto", "lang", "event"),
    [
        ("available", "pt", "Batida indireta: a última carta foi para o lixo"),
        ("taken", "en", "Going out (batida final)! The round ends"),
    ],
)
def test_a_computers_last_discard_is_told_as_emptying_its_hand(
    level: str, morto: str, lang: Lang, event: str
) -> None:
    """A computer with one card left discards it: an indirect beat, or going out. Its
    reasons said its level's discard habit, as if it had played on choosing among cards:
    “Descartou a carta mais segura: a que o próximo adversário menos pode usar…”, or “…e
    nunca um curinga” (the last card may be one). They say the hand was emptied, then what
    that did [000, 001, 003]."""
    rules = ruleset("fechado")
    clean = [["5h", "6h", "7h", "8h", "9h", "10h", "Jh"]]
    state = position_from_data(
        rules,
        {
            "players": 2,
            "turn": 1,
            "phase": "play",
            "hands": [11, ["Kc"]],
            "melds": [[["4c", "5c", "6c"]], clean],
            "morto": ["available", morto],
        },
    )
    last = {
        "pt": "Descartou a última carta da mão, para ficar sem cartas.",
        "en": "Discarded the last card in the hand, to empty it.",
    }[lang]
    reasons = why_lines(rules, level, state, Discard(parse_card("Kc")), lang)
    assert reasons[0] == last
    assert any(event in line for line in reasons[1:]), reasons


def test_with_few_cards_left_the_page_says_how_to_empty_the_hand() -> None:
    """No button says “bater”: the hand ends by the moves the learner already makes. With
    few cards left at their turn, the page says how: for the morto, the direct and the
    indirect beat [000, 001, 003]; with the morto taken, going out, and what the judge says
    the side still lacks (Fechado STBL asks a clean canastra [003])."""
    from buraco_app.play import going_out_text

    rules = ruleset("stbl")

    def said(morto: str, melds: list[list[str]], hand: list[str], lang: Lang = "pt") -> str:
        state = position_from_data(
            rules,
            {
                "players": 2,
                "turn": 0,
                "phase": "play",
                "hands": [hand, 11],
                "melds": [melds, []],
                "morto": [morto, "available"],
            },
        )
        return going_out_text(rules, state, lang)

    assert "Para pegar o morto, fique sem cartas na mão" in said("available", [], ["3h", "Kc"])
    assert "batida direta" in said("available", [], ["3h", "Kc"])
    assert said("available", [], ["3h", "Kc", "4d", "5d", "6d"]) == ""  # not near the end
    dirty = [["5h", "6h", "7h", "8h", "9h", "10h", "2s"]]
    lacking = said("taken", dirty, ["3h", "Kc"])
    assert "Para bater e encerrar a rodada" in lacking
    assert "Ainda não dá: falta uma canastra limpa na sua mesa." in lacking
    clean = [["5h", "6h", "7h", "8h", "9h", "10h", "Jh"]]
    assert said("taken", clean, ["3h", "Kc"]).endswith("Você já pode bater.")
    assert said("taken", clean, ["3h"], "en").endswith("You may go out now.")
    # (“empty your hand: lay them all” had no “them” to lay: the cards are named)
    assert "empty your hand: lay all your cards (a direct batida" in said(
        "available", [], ["3h", "Kc"], "en"
    )
    assert "empty your hand: lay all your cards or discard" in said("taken", dirty, ["3h"], "en")


def test_the_page_says_how_to_empty_the_hand_when_few_cards_are_left(open_app: Open) -> None:
    """The line of `going_out_text` on the page itself, at the learner's turn with few cards
    left, and not at a round's start."""
    setup = Setup("fechado", {}, 2, "basic", "on", 7)
    game = played_until(setup, 7, lambda s: learner_turn(s) and len(s.hands[0]) <= 4)
    at = open_app("play", lang="pt")  # creates the data folder
    assert not any("empty your hand" in str(c.value) for c in started(open_app).caption)
    at = open_app("play", lang="pt", game=store().create(game))
    assert any("fique sem cartas na mão" in str(c.value) for c in at.caption)


def test_a_morto_left_waiting_by_the_other_sides_batida_is_said_as_not_taken() -> None:
    """[001]: “Se um jogador comprar o morto por batida indireta, e o adversário terminar a
    partida antes de chegar a sua vez, o morto deverá ser pago, como se não tivesse sido
    comprado.” The board had said “o morto espera a próxima vez”; the score then said “não
    pegou o morto −100” with no word on why. The round's end says it, for either side."""
    from buraco_app.play import morto_penalty_lines
    from buraco_core.judge import play, round_sides
    from buraco_core.scoring import score_round

    rules = ruleset("fechado")
    clean = [["5h", "6h", "7h", "8h", "9h", "10h", "Jh"]]
    before = position_from_data(
        rules,
        {
            "players": 2,
            "turn": 1,
            "phase": "play",
            "hands": [[], ["Kc"]],
            "melds": [[["4c", "5c", "6c"]], clean],
            "morto": [{"status": "waiting", "seat": 0, "cards": 11}, "taken"],
        },
    )
    final = play(rules, before, Discard(parse_card("Kc")))[1]
    assert final is not None and final.phase is Phase.ENDED

    def said(rules: RuleSet) -> list[str]:
        assert final is not None
        return morto_penalty_lines(
            [before, final], score_round(rules, round_sides(rules, final)), "pt"
        )

    assert said(rules) == [
        "O seu morto ainda esperava (batida indireta) quando o adversário bateu: não chegou a"
        " ser usado, e por isso conta como não pego (texto 001)."
    ]
    kept = ruleset("fechado").with_options(unused_indirect_morto_paid=False)
    assert said(kept) == []  # (counted as taken: nothing to say)


def test_both_mortos_turned_stock_are_said_once_as_paid_by_both() -> None:
    """The stock ran out twice and nobody took a morto: both sides pay [000], cited alone
    (it had cited 003 too, whose “Se nenhuma das duas pegou, ninguém perde” says the
    opposite; that reading is the option off): “pode
    acontecer de o monte acabar duas vezes, e os dois mortos serem utilizados, portanto ...
    as duas duplas serão penalizadas.” One line, with the two moves; none where the table
    does not charge it (both_mortos_stock_penalty off)."""
    from buraco_app.play import morto_line, morto_penalty_lines
    from buraco_core.judge import round_sides
    from buraco_core.scoring import score_round

    rules = ruleset("fechado")
    empty = replace(deal(rules, 4, 3), stock=(), phase=Phase.PLAY)
    once = play(rules, empty, Discard(empty.hand[0]))[1]
    assert once is not None
    again = replace(once, stock=(), phase=Phase.PLAY)
    twice = play(rules, again, Discard(again.hands[1][0]))[1]
    assert twice is not None and {s.morto for s in twice.sides} == {MortoStatus.STOCK}
    states = [empty, once, again, twice]
    assert morto_line(states, 2, "pt") == (
        "o monte acabou: o último morto virou o monte, e nenhuma dupla pegou o seu"
    )

    def said(rules: RuleSet, lang: Lang) -> list[str]:
        assert twice is not None
        return morto_penalty_lines(states, score_round(rules, round_sides(rules, twice)), lang)

    assert said(rules, "pt") == [
        "Os dois mortos viraram monte quando o monte acabou (jogadas 1 e 3), e nenhuma dupla"
        " pegou o seu: as duas pagam 100 (texto 000; pelo texto 003, ninguém perderia: é uma"
        " opção das regras)."
    ]
    assert said(rules, "en") == [
        "Both mortos became the stock when the stock ran out (moves 1 and 3), and neither"
        " side took theirs: both pay 100 (text 000; by text 003 neither would lose: a rule"
        " option)."
    ]
    assert said(rules.with_options(both_mortos_stock_penalty=False), "pt") == []
    # (states that do not show where the mortos became the stock: no move to name, no line)
    scored = score_round(rules, round_sides(rules, twice))
    assert morto_penalty_lines(states[3:], scored, "pt") == []


def test_a_double_tap_on_the_stock_is_one_draw_not_a_mistake(open_app: Open) -> None:
    """A finger's double tap on “Monte”: the second tap, made while “Sua jogada: Comprar do
    monte” is on the screen, was judged as a new try: “Não pode. Você já comprou nesta vez”
    hid the card drawn (marked green) and the round's end listed it as a mistake. Now it is
    the same draw, and the turn goes on."""
    at = started(open_app)
    click(at, "btt-play_board-stock")
    click(at, "btt-play_board-stock")
    assert not at.error, [e.value for e in at.error]
    assert any("Draw from the stock" in str(s.value) for s in at.success)
    assert new_cards(at)  # the new card, marked
    game = the_game(at)
    assert [type(m).__name__ for m in game.current.moves] == ["Draw"]
    assert game.current.stumbles == ()
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    assert not learner_turn(positions(the_game(at))[-1])


@pytest.mark.parametrize(
    ("alone", "pt", "en"),
    [
        (True, "cabia no seu jogo 2 (J♣ J♦ J♠)", "fitted your meld 2 (J♣ J♦ J♠)"),
        (False, "cabia no jogo 2 da sua dupla (J♣ J♦ J♠)", "fitted your side's meld 2 (J♣"),
    ],
)
def test_a_reminder_of_a_lixo_left_names_the_meld_as_the_learners(
    alone: bool, pt: str, en: str
) -> None:
    """The reminder of a lixo left onto a meld said “cabia no jogo 2”, which at a table of
    four reads as either side's meld 2; the full note says whose, and so does the reminder."""
    params: dict[str, Any] = {
        "case": "extend",
        "count": 4,
        "card": "J♥",
        "meld": 2,
        "meld_cards": "J♣ J♦ J♠",
    }
    if alone:
        params["alone"] = True
    note = SavedNote("lixo_left", params, None)
    assert pt in note_text(note, "pt", again=True)
    assert en in note_text(note, "en", again=True)


def _two_taps_on_one_page(game_id: str, button: str) -> None:
    """The page drawn once, then `button` tapped twice on it before it was drawn again: the
    second tap's callback comes with the game of the first (Streamlit keeps the callback of
    the page the tap was made on). A finger's double tap on “Até a minha vez” or “Próxima
    rodada”, whose button the first tap's page no longer has."""
    import streamlit as st

    from buraco_app import play
    from buraco_app.game import positions

    if not st.session_state.get("tapped"):
        st.session_state["tapped"] = True
        game = play.store().load(game_id)
        for _ in range(2):
            if button == "next_round":
                play._next_round(game_id, game)
            else:
                play._computer_moves(game_id, game, positions(game)[-1], button == "to_my_turn")
    st.query_params["game"] = game_id
    play.page("en")


@pytest.mark.parametrize("button", ["to_my_turn", "next_move", "next_round"])
def test_a_double_tap_is_no_move_in_another_tab(button: str) -> None:
    """A double tap on “▶▶ Até a minha vez” (or “Próxima rodada”, “Próxima jogada”) had
    its second tap refused as made on a game that moved on elsewhere: “This match moved on
    in another tab or device … your last tap was not applied”, seen on a phone with nothing
    else open. The second tap goes on from where the first left: up to the learner's turn
    (already there), one computer move more, the next round (already open)."""
    setup = Setup("fechado", {}, 2, "basic", "on", 5)
    if button == "next_round":
        game = played_round(setup, 5)
    else:
        game = played_until(setup, 5, lambda s: s.turn == 1 and s.phase is Phase.DRAW)
    game_id = store().create(game)
    at = AppTest.from_function(_two_taps_on_one_page, args=(game_id, button)).run()
    assert not at.exception, at.exception
    assert not any("another tab" in str(w.value) for w in at.warning), at.warning
    after = store().load(game_id)
    if button == "to_my_turn":
        assert learner_turn(positions(after)[-1])  # the computer played up to the learner
        assert any(b.key == "btt-play_board-stock" for b in at.button)
    elif button == "next_move":
        assert len(after.current.moves) == len(game.current.moves) + 2  # two taps, two steps
    else:
        assert len(after.rounds) == 2  # one round more, not two


def _two_cards_to_beat_with() -> tuple[Game, list[tuple[str, int]]]:
    """A four-player Aberto game at the learner's turn, drawn, the side's morto not yet
    taken, the hand two cards that go onto the side's melds (a direct beat): the game, and
    the cards with the melds they go onto, in order."""
    from buraco_core.judge import check, play

    setup = Setup("aberto", {}, 4, "basic", "on", 10)
    rules = setup.rules()

    def onto(state: State, card: Any) -> int | None:
        melds = range(len(state.sides[0].melds))
        return next((i for i in melds if check(rules, state, Extend(i, (card,))).ok), None)

    def empties(s: State) -> bool:
        if not (learner_turn(s) and s.phase is Phase.PLAY and len(s.hands[0]) == 2):
            return False
        first = onto(s, s.hands[0][0])
        if first is None or s.sides[0].morto is not MortoStatus.AVAILABLE:
            return False
        after = play(rules, s, Extend(first, (s.hands[0][0],)))[1]
        return after is not None and onto(after, s.hands[0][1]) is not None

    game = played_until(setup, 10, empties)
    state, taps = positions(game)[-1], []
    for card in state.hands[0]:
        meld = onto(state, card)
        assert meld is not None
        taps.append((card.symbol, meld))
        after = play(rules, state, Extend(meld, (card,)))[1]
        assert after is not None
        state = after
    return game, taps


def test_the_learners_direct_beat_is_said_in_the_answer_to_the_tap(open_app: Open) -> None:
    """The learner's last card laid on a meld (a direct beat [000, 001, 003]): the answer
    to the tap said only “Your move: Add 2♠ to meld 3”; eleven new cards appeared, and why,
    and that the turn goes on without a draw, was a grey line under them, off a phone's
    screen (390x844). The answer says it, once."""
    at = open_app("play", lang="en")  # creates the data folder
    game, taps = _two_cards_to_beat_with()
    at = open_app("play", lang="en", game=store().create(game))
    for symbol, meld in taps:
        tap_card(at, symbol)
        tap_meld(at, 0, meld)
    answer = " ".join(str(s.value) for s in at.success)
    assert "Direct batida: the morto is in your hand now" in answer, answer
    assert "without drawing" in answer
    told = " ".join(str(c.value) for c in at.caption) + " ".join(str(m.value) for m in at.markdown)
    assert "Direct batida" not in told  # (not again under the hand)
    assert len(hand_cards(at)) == 11


def test_a_round_ended_by_others_says_what_they_did_since_the_learners_move(
    open_app: Open,
) -> None:
    """“▶▶ Até a minha vez” opened the round's end on “A rodada acabou: o jogador 4, da
    outra dupla, bateu”, and what was laid to go out, and the moves before it, were only
    in the replay at the bottom (a round of Jogar on a phone). Under that line, closed, the
    moves since the learner's last, the batida the last of them."""
    at = open_app("play", lang="pt")  # creates the data folder

    def by_others(game: Game) -> bool:
        states = positions(game)
        return states[-2].turn != 0 and states[-1].ended_by is EndReason.BATIDA

    rounds = (played_round(Setup("aberto", {}, 4, "basic", "on", n), n) for n in range(1, 30))
    game = next(g for g in rounds if by_others(g))
    at = open_app("play", lang="pt", game=store().create(game))
    folds = [h for h in at.get("html") if str(h.value).startswith('<details class="bt-mv">')]
    told = [h for h in folds if "desde a sua última, até o fim da rodada</span>" in str(h.value)]
    assert len(told) == 1, [h.value for h in folds]
    assert " open" not in str(told[0].value)  # closed: on a phone the score stays near the top
    body = re.findall(r"<div>(.*)</div>", str(told[0].value))[0]
    lines = [as_read(line) for line in body.split("<br>")]
    assert lines[-1].startswith(f"{len(game.current.moves)}. "), lines  # the batida, last
    assert lines[-1].endswith("· bateu e encerrou a rodada"), lines
    order = in_order(at.main)
    assert order.index(told[0]) < order.index(at.metric[0])  # above the score


def test_a_pickup_onto_a_meld_with_cards_of_the_hand_says_they_go_there_together() -> None:
    """“pegou o lixo e pôs o J♥ no jogo 8 dele + A♥” (a round of Jogar): the A♥ read as
    something apart, to the hand perhaps. It went onto the meld with the top card."""
    from buraco_app.play import done_text
    from buraco_app.table_view import move_text

    table = {"players": 2, "turn": 1, "hands": [11] * 2, "lixo": ["3c", "Jh"], "seed": 3}
    before = position_from_data(ruleset("fechado"), table)
    pickup = TakeLixo(extend=7, cards=(parse_card("Ah"),))
    assert done_text(pickup, before, "pt") == "pegou o lixo e pôs o J♥ com A♥ no jogo 8 dele"
    assert done_text(pickup, before, "en") == "took the lixo and put the J♥ with A♥ on their meld 8"
    assert move_text(pickup, "pt") == "Pegar o lixo e pôr a carta de cima com A♥ no jogo 8"


def test_the_learners_own_lines_in_the_move_lists_are_lines_as_the_computers_are(
    open_app: Open,
) -> None:
    """The learner's own moves in the move lists were Markdown: "14. Você pegou o lixo…"
    drew a numbered list, hung out of line and in a larger type than the computers' lines
    (the labels of their expanders). Each is a box of its own, drawn as a computer's line
    is (`bt-mine`, `bt-mv`: a browser test measures it), with nothing to open."""
    at = open_app("play", lang="en")  # creates the data folder
    game = played_until(Setup("fechado", {}, 4, "basic", "on", 1), 1, lambda s: len(s.log) >= 24)
    at = every_move(open_app("play", lang="en", game=store().create(game)))
    states = positions(game)
    every = move_items(at)[-(len(states) - 1) :]  # (the list of every move: the last one)
    assert [as_read(line).split(".")[0] for line, _ in every] == [
        str(n) for n in range(1, len(states))
    ]
    mine = [as_read(line) for (line, why), s in zip(every, states, strict=False) if s.turn == 0]
    assert len(mine) >= 4 and all(re.match(r"^\d+\. You ", line) for line in mine), mine
    assert all(why for (_, why), s in zip(every, states, strict=False) if s.turn != 0)
    assert all(not why for (_, why), s in zip(every, states, strict=False) if s.turn == 0)
    listed = [str(m.value) for m in at.markdown if re.match(r"^\d+\. ", str(m.value))]
    assert listed == []  # (no line of any list starts a numbered list)


def test_a_move_list_is_one_element_each_computer_move_folded_with_its_reasons(
    open_app: Open,
) -> None:
    """Each move of a list was an element of its own, a computer's an expander opened by a
    rerun that worked out its reasons: a round in play drew a dozen, a tenth of each tap's
    rerun. A list is now one element (static HTML): each computer's move a native fold,
    closed, whose body says why it was made (why_lines, the same lines), opened by a tap, the
    keyboard or a screen reader without a rerun. "Every move of the round", folded, draws
    nothing of its list until opened."""
    at = open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {}, 4, "basic", "on", 1)
    game = played_until(setup, 1, lambda s: len(s.log) >= 24 and learner_turn(s))
    states = positions(game)
    at = open_app("play", lang="en", game=store().create(game))
    lists = [h for h in at.get("html") if str(h.value).startswith('<div class="bt-mvs">')]
    assert len(lists) == 1  # since the learner's last move; every move's list folded
    assert "<strong>Since your last move</strong>" in str(lists[0].value)
    assert [e.label for e in at.main.get("expander")] == ["Every move of the round"]
    start = since_my_turn(states)
    recent = move_items(at)
    assert len(recent) == len(states) - 1 - start >= 2
    for index, (line, why) in enumerate(recent, start):
        assert as_read(line) == move_line(game, states, index, "en")
        move = game.current.moves[index]
        assert [as_read(r) for r in why] == why_lines(
            game.rules, game.setup.level, states[index], move, "en"
        )
    assert '<details class="bt-mv" open' not in str(lists[0].value)  # folded
    every_move(at)
    assert len(move_items(at)) == len(recent) + len(states) - 1


def test_a_waiting_morto_that_comes_at_the_learners_turn_is_marked_new_in_the_hand(
    open_app: Open,
) -> None:
    """After the learner's indirect batida the morto waits, and comes into their hand as
    their turn comes back [000, 001, 003]: the move list said so, but its 11 cards were
    not outlined green in the hand, as the cards of a direct batida or a draw are. They are
    now, until the learner's first move of the turn (a link opened then shows them too)."""
    at = open_app("play", lang="en")  # creates the data folder
    setup = Setup("fechado", {}, 2, "basic", "on", 1)
    game = played_until(setup, 3, lambda s: len(s.log) >= 50 and learner_turn(s))
    states = positions(game)
    assert states[-2].sides[0].morto is MortoStatus.WAITING  # (picked up on move 50)
    assert states[-1].sides[0].morto is MortoStatus.TAKEN
    at = open_app("play", lang="en", game=store().create(game))
    new = new_cards(at)
    assert len(new) == 11, new
    assert "11 new cards in your hand, marked green" in " ".join(c.value for c in at.caption)
    click(at, "btt-play_board-stock")  # the learner's first move: the card drawn is new
    assert len(new_cards(at)) == 1


def kept_lines(at: AppTest) -> list[str]:
    """The lines of the list of unfinished matches, above the form."""
    return [b.label for b in at.button if (b.key or "").startswith("play-go-on-")]


def test_a_match_left_for_a_new_one_is_listed_on_the_form_to_go_on_with(open_app: Open) -> None:
    """A match left by "New match" could be reached again only by its saved link: a new tab
    at Play showed the form. The form lists the learner's unfinished matches (the learner of
    the lessons' progress, kept in this browser), the last played first, each with what it
    is and a button to go on with it; nothing when there are none."""
    at = open_app("play", lang="en")
    assert not [h for h in at.subheader if h.value == "Your unfinished matches"]
    at = started(open_app, players=4)
    learner = at.query_params["learner"]
    first = game_id_of(at)
    click(at, "btt-play_board-stock")
    click(at, "play_new")
    click(at, "play_new_yes")
    assert [h.value for h in at.subheader][:2] == ["Your unfinished matches", "New match"]
    assert kept_lines(at) == [
        "Go on: **Buraco Fechado** · 4 players · computer: basic · round 1: Us 0 × 0 Them"
        " · just now"
    ]
    at.radio(key="play_players").set_value(2).run()
    click(at, "play_start")  # a second match, left too: listed first
    second = game_id_of(at)
    click(at, "play_new")
    click(at, "play_new_yes")
    assert [b.key for b in at.button if (b.key or "").startswith("play-go-on-")] == [
        f"play-go-on-{second}",
        f"play-go-on-{first}",
    ]
    assert "2 players" in kept_lines(at)[0] and "You 0 × 0 Opponent" in kept_lines(at)[0]
    click(at, f"play-go-on-{first}")
    assert game_id_of(at) == first and len(hand_cards(at)) == 12  # (drawn: 12 cards)
    # Another session of the same learner (a new tab: the cookie, or the link) finds them;
    # another learner finds none of them.
    again = open_app("play", lang="en", learner=str(learner))
    assert len(kept_lines(again)) == 2
    other = open_app("play", lang="en", learner="someone-else-01")
    assert not [b for b in other.button if (b.key or "").startswith("play-go-on-")]


def test_a_match_started_in_another_tab_is_listed_when_the_page_is_opened_again(
    open_app: Open,
) -> None:
    """The form lists the learner's unfinished matches as the store had them when the page
    was opened, or when this tab last started or played one: a match started in another tab
    (another session of the same learner) is listed once the page is opened again, not by
    a rerun of this form, which reads them no more at every choice made on it."""
    at = open_app("play", lang="en")
    learner = str(at.query_params["learner"])
    assert kept_lines(at) == []
    other = open_app("play", lang="en", learner=learner)
    click(other, "play_start")  # another tab: a match started, left unfinished
    started_there = game_id_of(other)
    at.radio(key="play_players").set_value(2).run()  # a rerun of this form: as it was read
    assert kept_lines(at) == []
    again = open_app("play", lang="en", learner=learner)  # the page opened anew
    assert [b.key for b in again.button if (b.key or "").startswith("play-go-on-")] == [
        f"play-go-on-{started_there}"
    ]
    # This tab starts its own and leaves it: both are listed, its own first.
    click(at, "play_start")
    mine = game_id_of(at)
    click(at, "btt-play_board-stock")
    click(at, "play_new")
    click(at, "play_new_yes")
    assert [b.key for b in at.button if (b.key or "").startswith("play-go-on-")] == [
        f"play-go-on-{mine}",
        f"play-go-on-{started_there}",
    ]


@pytest.mark.parametrize(
    ("lang", "alone", "said"),
    [
        (
            "pt",
            True,
            "O adversário tem na mão 8♣ 8♦ (vieram com o lixo que ele pegou): o 8♠ faz"
            " jogo com elas, e ele pode pegar o lixo todo (2 cartas).",
        ),
        (
            "pt",
            False,
            "O próximo jogador tem na mão 8♣ 8♦ (vieram com o lixo que ele pegou): o 8♠"
            " faz jogo com elas, e ele pode pegar o lixo todo (2 cartas).",
        ),
        (
            "en",
            True,
            "Your opponent holds 8♣ 8♦ (from a lixo they took): the 8♠ makes a meld with"
            " those cards, and they may take the whole lixo (2 cards).",
        ),
    ],
)
def test_a_note_on_cards_the_next_player_holds_says_whose_meld_is_whose(
    lang: Lang, alone: bool, said: str
) -> None:
    """ "com o 8♠ eles fazem um jogo, e ele pode pegar o lixo": "eles" read as the opponents,
    not the two cards (in English, three "they"s for two things)."""
    from buraco_app.game import SavedNote
    from buraco_app.play import note_text

    params = {"case": "held", "card": "8♠", "held": "8♣ 8♦", "count": 2}
    note = SavedNote("feeds_opponent", {**params, **({"alone": True} if alone else {})}, None)
    assert note_text(note, lang) == said


def test_a_summary_says_a_trinca_option_has_no_effect_without_trincas() -> None:
    """The house options switched on in "Casa" for an STBL game: the game's line said
    "Fechado STBL + …, naipes da trinca: diferentes", read as trincas allowed in a variant
    that has none [000, 001]; it says the option does nothing there. In Fechado, and in a
    table that turned trincas on, it is said as it was."""
    from buraco_app.settings import rules_summary

    options = {"trinca_suits": "distinct", "eight_of_a_kind_real": True, "joker_points": 20}
    stbl = rules_summary(ruleset("stbl", **options), "pt")
    assert stbl == (
        "Fechado STBL + curinga 20, naipes da trinca: diferentes (sem efeito: sem trincas),"
        " oito iguais = real: sim (sem efeito: sem trincas)"
    )
    aberto = rules_summary(ruleset("aberto", **options), "en")
    assert "trinca suits: different (no effect: no trincas)" in aberto
    assert "sem efeito" not in rules_summary(ruleset("fechado", **options), "pt")
    with_trincas = ruleset("stbl", trincas=True, trinca_suits="distinct")
    assert "sem efeito" not in rules_summary(with_trincas, "pt")


def test_a_summary_says_a_lixo_top_option_has_no_effect_where_the_lixo_is_free() -> None:
    """Aberto takes the lixo with no condition [000]: “Buraco Aberto + curinga no lixo só
    para jogo novo: sim” read as a wild on top restricted, where the judge takes it freely;
    the 2's reading needs a wild on top restricted too [002, 003]."""
    from buraco_app.settings import rules_summary

    aberto = ruleset("aberto", wild_top_card_new_meld_only=True)
    assert rules_summary(aberto, "pt") == (
        "Buraco Aberto + curinga no lixo só para jogo novo: sim (sem efeito: lixo livre)"
    )
    free_wild = ruleset(
        "fechado", wild_top_card_new_meld_only=False, two_on_lixo_may_sit_natural=True
    )
    assert rules_summary(free_wild, "en").endswith("(no effect: a wild on top has no condition)")
    assert "sem efeito" not in rules_summary(ruleset("fechado", two_on_lixo_may_sit_natural=True))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "this match's rules: Buraco Aberto, to 500 points"),
        ("pt", "regras desta partida: Buraco Aberto, até 500 pontos"),
    ],
)
def test_a_match_to_fewer_points_says_its_target_once(
    open_app: Open, lang: Lang, said: str
) -> None:
    """A match to 500 (House: “match to” 500, then Start): the caption over the board read
    “this match's rules: Buraco Aberto + match to 500, to 500 points”, the target twice.
    It says the target once, after the rules; another house option is still named."""
    open_app("play", lang=lang)  # creates the data folder
    game_id = store().create(new_game(Setup("aberto", {"target_score": 500}, 2, "basic", "on", 5)))
    at = open_app("play", lang=lang, game=game_id, rules="aberto", target_score="500")
    caption = str(at.caption[0].value)
    assert said in caption, caption
    assert caption.count("500") == 1, caption
    options = {"target_score": 500, "batida_points": 50}
    game_id = store().create(new_game(Setup("aberto", options, 2, "basic", "on", 5)))
    at = open_app(
        "play", lang=lang, game=game_id, rules="aberto", target_score="500", batida_points="50"
    )
    caption = str(at.caption[0].value)
    assert caption.count("500") == 1 and "50," in caption, caption


def _a_wild_discarded_with_the_coachs_note() -> Game:
    """A 2-player STBL game whose learner drew, then discarded a wild, which the coach noted."""
    for seed in range(60):
        game = new_game(Setup("stbl", {}, 2, "basic", "on", seed))
        state = positions(game)[-1]
        if not learner_turn(state):
            continue
        game = learner_move(game, state, Draw())[0]
        state = positions(game)[-1]
        wild = [c for c in state.hand if c.is_wild_kind]
        if wild:
            game, verdict, notes = learner_move(game, state, Discard(wild[0]))
            if verdict.ok and notes:
                return game
    raise AssertionError("no deal of 60 to discard a wild")


def test_a_reload_after_the_learners_discard_keeps_the_coachs_note_and_take_back(
    open_app: Open,
) -> None:
    """A reload (or a phone reopening the tab) right after the learner's discard of a wild,
    the coach's note on it just said: the page came back with “Turn of: Opponent” alone,
    the note gone and no “Take this move back”, though the move could still be taken back.
    The answer to the learner's last move comes back as it was, with the take-back beside
    the computers' buttons; once taken back, the answer is not drawn again."""
    open_app("play", lang="en")  # creates the data folder
    game_id = store().create(_a_wild_discarded_with_the_coachs_note())
    at = open_app("play", lang="en", game=game_id)  # a new session: the reload
    said = [str(w.value) for w in at.warning]
    assert any(s.startswith("Your move: Discard the") and "**Coach:**" in s for s in said), said
    keys = _keys(at)
    assert keys.index("play_take_back") == keys.index("play_to_my_turn") + 1
    click(at, "play_take_back")
    assert the_game(at).current.moves == (Draw(),)
    assert not at.warning and not [s for s in at.success if "Your move" in str(s.value)]
    assert any(str(i.value).startswith("Move taken back: Discard") for i in at.info)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Agora escolha na mão as cartas do outro jogo e toque em “Novo jogo”"),
        ("en", "Now pick the other meld's cards in your hand and tap “New meld”"),
    ],
)
def test_after_a_meld_is_set_aside_the_hand_says_the_next_step(
    open_app: Open, lang: Lang, said: str
) -> None:
    """“Separar jogo” tapped, nothing picked yet: the line under the hand says what comes
    next (the other meld's cards, then “Novo jogo”, which lays both). It read the how-to of
    a turn's start again (draw, take the lixo...), six grey lines on a phone."""
    game, melds = a_deal_to_lay(lambda ms: any(not set(a) & set(b) for a in ms for b in ms))
    first, second = next((a, b) for a in melds for b in melds if not set(a) & set(b))
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    click(at, "btt-play_board-stock")
    for card in first:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-aside")
    captions = [str(c.value) for c in at.caption]
    assert any(said in c for c in captions), captions
    how = translate("board.how_justified", lang)
    assert not any(how in c for c in captions), captions
    for card in second:
        tap_card(at, card.symbol)
    # The second meld's cards picked: “Novo jogo” lays both, not the lixo or “Descartar”
    # (the pick's usual line offered those, which drop the melds set aside).
    captions = [str(c.value) for c in at.caption]
    told = translate("board.picked_aside", lang, n=len(second), cards="|").split("|")[1]
    assert any(c.endswith(told) for c in captions), (told, captions)
    everywhere = "“Descartar”" if lang == "pt" else "“Discard”"
    assert not any(everywhere in c for c in captions), captions
    click(at, "btt-play_board-new")
    laid = the_game(at).current.moves[-1]
    assert isinstance(laid, Lay) and len(laid.melds) == 2


@pytest.mark.parametrize(
    ("lang", "answer", "retold"),
    [("pt", "Sua jogada: Descartar", "Descartou o"), ("en", "Your move: Discard", "Discarded the")],
)
def test_the_learners_discard_is_said_once_not_again_under_the_hand(
    open_app: Open, lang: Lang, answer: str, retold: str
) -> None:
    """The discard's answer (“Sua jogada: Descartar o 10♦”) and “Vez de: Adversário” say
    what happened and that the turn passed; the grey line under the hand said it a third
    time, “Descartou o 10♦: a vez passa”, at the bottom of a phone's screen."""
    at = open_app("play", lang=lang)
    at.segmented_control(key=QUICK_KEY).set_value("fechado").run()
    click(at, "play_start")
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    said = [str(a.value) for a in [*at.success, *at.warning]]
    assert any(answer in s for s in said), said
    captions = [str(c.value) for c in at.caption]
    assert not any(retold in c for c in captions), captions


@pytest.mark.parametrize(
    ("lang", "answer", "retold"),
    [("pt", "Sua jogada: Baixar", "Baixou o jogo"), ("en", "Your move: Lay", "Laid the meld")],
)
def test_the_learners_meld_is_said_once_not_again_under_the_hand(
    open_app: Open, lang: Lang, answer: str, retold: str
) -> None:
    """The meld's answer (“Sua jogada: Baixar 4♣ 4♥ 4♠”) says what was laid, the meld is
    outlined green on the table; the grey line under the hand said it again, “Baixou o jogo
    4♣ 4♥ 4♠”, as it had the discard (test_the_learners_discard_is_said_once_…)."""
    game, melds = a_deal_to_lay(bool)
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    click(at, "btt-play_board-stock")
    for card in melds[0]:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    assert isinstance(the_game(at).current.moves[-1], Lay)
    said = [str(a.value) for a in [*at.success, *at.warning]]
    assert any(answer in s for s in said), said
    captions = [str(c.value) for c in at.caption]
    assert not any(retold in c for c in captions), captions


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_meld_taken_back_does_not_unlearn_the_taps(open_app: Open, lang: Lang) -> None:
    """The how-to under the hand folds under its first words once the learner has drawn,
    taken the lixo and laid a meld by taps. Their only meld laid, then “Desfazer jogada”:
    the how-to unfolded again, as to one who had never laid. Learned is learned."""

    def laid_none(game: Game, state: State) -> bool:
        mine = (m for b, m in zip(positions(game), game.current.moves, strict=False) if b.turn == 0)
        assert not any(isinstance(m, Lay) for m in mine), "the deal's learner laid before"
        if not learner_turn(state) or state.phase is not Phase.DRAW:
            return False
        return TakeLixo(new_meld=tuple(parse_cards("Jd Js"))) in legal_moves(game.rules, state)

    start = played_on(new_game(Setup("fechado", {}, 2, "basic", "on", 8)), 8, laid_none)
    took = learner_move(start, positions(start)[-1], TakeLixo(new_meld=parse_cards("Jd Js")))
    game = took[0]
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    folded = '<details class="bt-how">'

    def how() -> list[str]:
        return [
            str(c.value) for c in at.caption if translate("board.how_short", lang) in str(c.value)
        ]

    assert how() and not any(folded in c for c in how()), how()  # (no meld laid yet)
    for card in parse_cards("3s 4s 2c"):
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    assert isinstance(the_game(at).current.moves[-1], Lay)
    click(at, "play_take_back")
    assert isinstance(the_game(at).current.moves[-1], TakeLixo)
    assert how() and all(folded in c for c in how()), how()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_no_melds_yet_is_a_small_grey_line_on_the_computers_turn_too(
    open_app: Open, lang: Lang
) -> None:
    """“Ninguém baixou ainda.” is a small grey line beside “+ Novo jogo” on the learner's
    turn; on the computers' turn (the learner's discard made, nobody's meld down) it was
    drawn as the page's normal text."""
    at = open_app("play", lang=lang)
    at.segmented_control(key=QUICK_KEY).set_value("fechado").run()
    click(at, "play_start")
    click(at, "btt-play_board-stock")
    tap_shown(at, 0)
    click(at, "btt-play_board-discard")
    state = positions(the_game(at))[-1]
    assert not learner_turn(state) and not any(side.melds for side in state.sides)
    nobody = translate("board.no_melds_yet", lang)
    assert any(nobody in str(c.value) for c in at.caption), [c.value for c in at.caption]
    assert not any(nobody in str(m.value) for m in at.markdown), [m.value for m in at.markdown]


def _a_lixo_to_take() -> tuple[Game, TakeLixo]:
    """A 2-player Fechado game, the learner to draw, who may take a lixo of 3 cards or more
    with a new meld (the first such position of a basic player's game)."""

    def takes(state: State) -> list[Move]:
        return [m for m in legal_moves(ruleset("fechado"), state) if isinstance(m, TakeLixo)]

    def ready(state: State) -> bool:
        if not learner_turn(state) or state.phase is not Phase.DRAW or len(state.lixo) < 3:
            return False
        return any(isinstance(m, TakeLixo) and m.new_meld for m in takes(state))

    game = played_until(Setup("fechado", {}, 2, "basic", "on", 5), 5, ready)
    take = next(m for m in takes(positions(game)[-1]) if isinstance(m, TakeLixo) and m.new_meld)
    assert isinstance(take, TakeLixo)
    return game, take


@pytest.mark.parametrize(
    ("lang", "answer", "retold"),
    [
        ("pt", "Sua jogada: Pegar o lixo ({n} cartas) e", "Pegou o lixo"),
        ("en", "Your move: Take the lixo ({n} cards) and", "Took the"),
    ],
)
def test_the_learners_pickup_is_said_once_with_its_count(
    open_app: Open, lang: Lang, answer: str, retold: str
) -> None:
    """The pickup's answer (“Sua jogada: Pegar o lixo e baixar o 7♣ com 4♣ 6♣ JK”) said what
    was done; the grey line under the hand said it again, “Pegou o lixo (3 cartas)
    justificando com um jogo novo com o 7♣”. The lixo's count is said in the answer's line,
    “Pegar o lixo (3 cartas) e baixar…”, and not under the hand."""
    game, take = _a_lixo_to_take()
    count = len(positions(game)[-1].lixo)
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    for card in take.new_meld:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-lixo")
    assert isinstance(the_game(at).current.moves[-1], TakeLixo)
    said = [str(a.value) for a in [*at.success, *at.warning]]
    assert any(s.startswith(answer.format(n=count)) for s in said), said
    assert not any(retold in s for s in said), said
    captions = [str(c.value) for c in at.caption]
    assert not any(retold in c for c in captions), captions


@pytest.mark.parametrize(
    ("lang", "move", "coach"),
    [
        ("pt", "Sua jogada: Descartar o", "**Treinador:**"),
        ("en", "Your move: Discard the", "**Coach:**"),
    ],
)
def test_the_coach_speaks_after_the_move_it_comments_on(
    open_app: Open, lang: Lang, move: str, coach: str
) -> None:
    """The answer to a move the coach notes reads as a table talks: the move (“Sua jogada:
    Descartar o 2♠”), then the coach's word on it (“Treinador: Descartar um curinga…”). The
    coach's line stood above the move it spoke of."""
    noted = _a_wild_discarded_with_the_coachs_note()
    game = replace(noted, rounds=(replace(noted.current, moves=(), notes={}),))
    discarded = noted.current.moves[-1]
    assert isinstance(discarded, Discard)
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    click(at, "btt-play_board-stock")
    tap_card(at, discarded.card.symbol)
    click(at, "btt-play_board-discard")
    (said,) = [str(w.value) for w in at.warning]
    assert said.startswith(move) and said.index(coach) > said.index(move), said
    assert said.count(move) == 1, said


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_after_a_move_taken_back_the_hand_says_the_step_of_the_turn_not_the_draw(
    open_app: Open, lang: Lang
) -> None:
    """A meld laid, then “Desfazer esta jogada”: the learner has drawn and is mid-turn. The
    line under the hand read the turn's how-to from its start again (draw, take the lixo,
    two melds at once), six grey lines on a phone; it says the step the turn is at: lay
    (“Novo jogo”, a meld of one's own), then one card on “Descartar”."""
    game, melds = a_deal_to_lay(bool)
    open_app("play", lang=lang)  # creates the data folder
    at = open_app("play", lang=lang, game=store().create(game))
    click(at, "btt-play_board-stock")
    for card in melds[0]:
        tap_card(at, card.symbol)
    click(at, "btt-play_board-new")
    click(at, "play_take_back")
    assert the_game(at).current.moves == (Draw(),)
    captions = [html.unescape(str(c.value)) for c in at.caption]
    draw = translate("board.how_justified", lang)
    assert not any(draw in c for c in captions), captions
    assert any(translate("board.how_play", lang) in c for c in captions), captions
