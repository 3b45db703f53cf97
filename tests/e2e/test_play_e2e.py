"""The "Jogar" page in a real browser, at 1280x800 and at a 390x844 phone, in Portuguese:
a 2-player game started, a card drawn from the stock and one discarded by tapping them, the
computer played up to the learner's turn, the game resumed by reloading its link; an illegal
move (a discard before drawing) explained with the hand left as it was.
A round's end, stored, then "Próxima rodada" tapped at its bottom: the new round opens with
its heading at the screen's top. Screenshots of each step go to tests/artifacts/play_*.png."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from buraco_app.database import open_engine, sqlite_url
from buraco_app.game import (
    Game,
    GameStore,
    Setup,
    learner_turn,
    positions,
    round_record,
)
from buraco_core.judge import legal_moves
from buraco_core.moves import Extend
from buraco_core.rules import ruleset
from buraco_core.state import Phase, State
from tests.e2e.conftest import PHONE, Outside, new_page, settled_top, top_on_screen, wait_for_app
from tests.e2e.test_board_e2e import Taps, no_streamlit_english
from tests.played import a_deal_to_lay, played_round, played_until

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Viewport = tuple[str, dict[str, int]]
Shot = Callable[[Page, str], Path]
HAND = ".st-key-bthand-play_board button"  # the learner's hand: one button a card
STOCK = re.compile(r"^Monte \(\d+\)$")


class PlayTaps(Taps):
    """Taps, and a tap on any locator (the stock's name carries its count)."""

    def on(self, target: Locator) -> None:
        self._click(target)

    def radio_label(self, name: str) -> None:
        """A st.radio option, tapped on its label as a person does."""
        self._click(self.page.get_by_text(name, exact=True).first)


def hand(page: Page) -> list[str]:
    """The cards in the learner's hand, as the page shows them, in order."""
    return [str(label).strip() for label in page.locator(HAND).all_inner_texts()]


def hand_heading(page: Page, count: int) -> Locator:
    return page.get_by_text(f"Sua mão ({count} cartas)", exact=True)


def start_a_two_player_game(page: Page, taps: PlayTaps) -> None:
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("heading", name="Jogar contra o computador")).to_be_visible()
    taps.radio_label("2 (você contra um)")
    expect(page.get_by_role("radio", name="2 (você contra um)")).to_be_checked()
    taps.button("Começar")
    expect(hand_heading(page, 11)).to_be_visible()
    expect(page.locator(HAND)).to_have_count(11)
    assert re.search(r"[?&]game=[\w-]+", page.url), page.url


def a_started_game(
    open_page: OpenPage, size: dict[str, int], before_start: Callable[[Page], object] = id
) -> tuple[Page, Locator, PlayTaps]:
    """The Jogar page opened at `size`, a 2-player game started on it: the page, its main
    area and the taps."""
    page = open_page("play", size)
    taps = PlayTaps(page)
    before_start(page)
    start_a_two_player_game(page, taps)
    return page, page.locator("[data-testid='stMain']"), taps


def test_a_four_player_first_turn_shows_the_hand_on_a_phone(open_page: OpenPage) -> None:
    """At 4 players a phone's first turn shows the hand's first row unscrolled, with "Dica"
    and "+ Novo jogo" on the screen: the seats, the empty melds' line and "Dica" on a line of
    its own had put it below the fold (the first card at y=863 of 844)."""
    page = open_page("play", PHONE)
    taps = PlayTaps(page)
    expect(page.get_by_role("heading", name="Jogar contra o computador")).to_be_visible()
    # (4 players is the form's default: a tap on it changes nothing)
    expect(page.get_by_role("radio", name="4 (você e um parceiro contra dois)")).to_be_checked()
    taps.button("Começar")
    expect(hand_heading(page, 11)).to_be_visible()
    page.reload()  # (the game's link opened unscrolled: the form's tap left the page scrolled)
    wait_for_app(page)
    expect(hand_heading(page, 11)).to_be_visible()
    expect(page.get_by_text("Ninguém baixou ainda.", exact=True)).to_be_visible()
    for shown in (page.locator(HAND).first, page.get_by_role("button", name="Dica")):
        box = shown.bounding_box()
        assert box is not None and box["y"] >= 0, (box, PHONE)
        assert box["y"] + box["height"] <= PHONE["height"], (box, PHONE)


def test_a_phones_first_draw_shows_the_card_drawn_in_the_hand(open_page: OpenPage) -> None:
    """At a 4-player round's start on a phone, after a tap on "Monte", the answer "Veio o
    2♥: está marcado em verde na sua mão" under the stock pushed the whole hand below the
    screen (its heading at y=840 of 844): the card the answer points to was a scroll away.
    Now the hand's first row is on the screen with the answer and the stock above it."""
    page = open_page("play", PHONE)
    taps = PlayTaps(page)
    main = page.locator("[data-testid='stMain']")
    taps.button("Começar")  # (4 players: the form's default)
    expect(hand_heading(page, 11)).to_be_visible()
    page.reload()  # (the game's link opened unscrolled, as a learner comes back to it)
    wait_for_app(page)
    taps = PlayTaps(page)  # (its watch of the page's runs, set again on the reloaded page)
    taps.on(main.get_by_role("button", name=STOCK))
    expect(hand_heading(page, 12)).to_be_visible()
    drew = main.locator("[data-testid='stAlert']").filter(has_text="Veio o ")
    expect(drew).to_contain_text("está marcado em verde na sua mão")
    first = page.locator(HAND).first
    settled_top(page, first)
    for shown in (first, drew, main.get_by_role("button", name=STOCK)):
        box = shown.bounding_box()
        assert box is not None and box["y"] >= 0, (box, PHONE)
        assert box["y"] + box["height"] <= PHONE["height"], (box, PHONE)


def test_play_a_turn_let_the_computer_play_and_resume(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    name, size = viewport
    page, main, taps = a_started_game(
        open_page, size, lambda p: screenshot(p, f"play_setup_{name}")
    )
    expect(main.get_by_text("2 jogadores · computador básico", exact=False)).to_be_visible()
    screenshot(page, f"play_started_{name}")
    # The hand's first row on the screen, unscrolled: at a phone's first turn it was below
    # the fold (the first card at y=875 of 844).
    first = page.locator(HAND).first.bounding_box()
    assert first is not None and first["y"] >= 0
    assert first["y"] + first["height"] <= size["height"], (first, size)

    # Draw: the stock's count drops by one, the hand gains a card, the move is said.
    stock = main.get_by_role("button", name=STOCK)
    before = int(re.findall(r"\d+", stock.inner_text())[0])
    taps.on(stock)
    expect(hand_heading(page, 12)).to_be_visible()
    expect(page.locator(HAND)).to_have_count(12)
    expect(main.get_by_role("button", name=f"Monte ({before - 1})", exact=True)).to_be_visible()
    expect(main.get_by_text("Sua jogada: ", exact=False)).to_be_visible()
    screenshot(page, f"play_drew_{name}")

    # Discard the first card of the hand: picked, then "Descartar"; it lands on the lixo.
    card = hand(page)[0]
    taps.on(page.locator(HAND).first)
    expect(main.get_by_text(f"Escolhida: {card}.", exact=False)).to_be_visible()
    screenshot(page, f"play_picked_{name}")
    taps.button("Descartar")
    expect(hand_heading(page, 11)).to_be_visible()
    expect(main.get_by_text("Vez de: Adversário (jogador 2), o computador.")).to_be_visible()
    screenshot(page, f"play_discarded_{name}")

    # The computer plays up to the learner's turn: its moves are listed, the stock is live.
    mine = hand(page)
    taps.button("▶▶ Até a minha vez")
    expect(main.get_by_text("Vez de: Adversário (jogador 2), o computador.")).to_have_count(0)
    # What the computer did is said where the tap was, on the screen as the tap left it: on
    # a phone it was listed only under the hand, ~1000 px down.
    did = main.locator("[data-testid='stAlert']").filter(has_text="Adversário (jogador 2): ")
    expect(did).to_have_count(1)
    expect(did).to_contain_text(re.compile(r"descartou o \S+"))
    top = settled_top(page, did)
    assert 0 <= top <= size["height"] - 60, (top, size)
    expect(main.get_by_text("Desde a sua última jogada")).to_be_visible()
    moves = main.locator("details.bt-mv").filter(has_text=re.compile(r"Adversário \(jogador 2\) "))
    expect(moves.first).to_be_visible()
    assert moves.count() >= 2  # at least a draw (or the lixo taken) and a discard
    # A move's reasons, folded under its line, opened by a tap (no rerun), and by the keyboard.
    why = moves.first.locator("li").first
    expect(why).to_be_hidden()
    moves.first.locator("summary").click()
    expect(why).to_be_visible()
    moves.first.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(why).to_be_hidden()
    expect(main.get_by_role("button", name=STOCK)).to_be_enabled()
    assert hand(page) == mine  # the computer's moves leave the learner's hand alone
    expect(hand_heading(page, 11)).to_be_visible()
    no_streamlit_english(page)
    screenshot(page, f"play_computer_played_{name}")

    # Every move of the round: the learner's own lines in the type of the computers' lines,
    # in line with them (they were a numbered list, larger, hung out of line).
    main.get_by_text("Todas as jogadas da rodada", exact=True).click()
    every = main.locator("[data-testid='stExpander']").filter(has_text="Todas as jogadas")
    my_lines = every.locator(".bt-mine span")
    expect(my_lines.first).to_have_text(re.compile(r"^1\. Você comprou do monte$"))
    theirs = every.locator("details.bt-mv summary span").first
    look = "(p) => [getComputedStyle(p).fontSize, Math.round(p.getBoundingClientRect().left)]"
    assert my_lines.first.evaluate(look) == theirs.evaluate(look)

    # A reload of the page's link (it carries ?game=ID) resumes the game: same hand, same
    # moves, in a new session.
    url = page.url
    stock_text = main.get_by_role("button", name=STOCK).inner_text()
    page.reload()
    wait_for_app(page)
    assert page.url == url
    expect(hand_heading(page, 11)).to_be_visible()
    expect(page.locator(HAND)).to_have_count(11)
    assert hand(page) == mine
    expect(main.get_by_role("button", name=stock_text, exact=True)).to_be_visible()
    expect(main.get_by_text("Desde a sua última jogada")).to_be_visible()
    expect(moves.first).to_be_visible()
    expect(main.get_by_role("button", name="Começar")).to_have_count(0)
    screenshot(page, f"play_resumed_{name}")


def test_a_discard_before_drawing_is_refused_and_the_hand_stays(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    name, size = viewport
    page, main, taps = a_started_game(open_page, size)
    before = hand(page)
    stock_text = main.get_by_role("button", name=STOCK).inner_text()
    taps.on(page.locator(HAND).first)
    taps.button("Descartar")
    error = main.locator("[data-testid='stAlertContentError']")
    expect(error).to_contain_text("Não pode. Primeiro compre do monte ou pegue o lixo.")
    expect(error).to_contain_text("Sua jogada: ")
    expect(hand_heading(page, 11)).to_be_visible()
    assert hand(page) == before
    expect(main.get_by_role("button", name=stock_text, exact=True)).to_be_visible()
    expect(main.get_by_text("Vez de:", exact=False)).to_have_count(0)  # still the learner's
    no_streamlit_english(page)
    screenshot(page, f"play_illegal_{name}")


# Counts the cards (buttons, or what holds them) put into or taken out of the hand's row.
ROW_CHANGES = """() => {
    window.__row = 0;
    const card = (n) => n.nodeType === 1 && (n.matches("button") || !!n.querySelector("button"));
    new MutationObserver((records) => {
        for (const r of records) {
            for (const n of [...r.addedNodes, ...r.removedNodes]) window.__row += card(n);
        }
    }).observe(document.querySelector(".st-key-bthand-play_board"), {
        childList: true, subtree: true,
    });
}"""


def test_cards_tapped_one_after_another_are_all_picked_and_the_row_stays(
    open_page: OpenPage, phone: dict[str, int], screenshot: Shot
) -> None:
    """Three cards tapped one after another on a phone are picked, and no card of the row is
    put in or taken out meanwhile. A picked card was a new button (its key changed), drawn
    beside the old one until the rerun ended: the row shifted by a card, and a tap during
    that rerun met the neighbour or the row's gap (2 taps of 3 lost at 350 ms apart under
    load, 1 in 6 at 50 ms on an idle server)."""
    page, main, taps = a_started_game(open_page, phone)
    page.evaluate(ROW_CHANGES)
    cards = hand(page)
    for n in (1, 4, 7):
        taps.on(page.locator(HAND).nth(n))
    picked = page.locator(f"{HAND}[aria-pressed='true']")
    expect(picked).to_have_count(3)
    assert sorted(picked.all_inner_texts()) == sorted(cards[n] for n in (1, 4, 7))
    expect(main.get_by_text(f"Escolhidas: {cards[1]} {cards[4]} {cards[7]}.")).to_be_visible()
    assert hand(page) == cards  # in place, in order
    assert page.evaluate("window.__row") == 0
    screenshot(page, "play_three_picked_phone")


# Counts the melds' widgets (their element containers, one a side) put into or taken out of
# the board.
MELD_CHANGES = """() => {
    window.__melds = 0;
    const meld = (n) => n.nodeType === 1 && n.matches("[class*='st-key-btm']");
    new MutationObserver((records) => {
        for (const r of records) {
            for (const n of [...r.addedNodes, ...r.removedNodes]) window.__melds += meld(n);
        }
    }).observe(document.querySelector("[data-testid='stMain']"), {childList: true, subtree: true});
}"""
MINE = ".st-key-btm-play_board-0 button"  # the learner's side's melds: one button a meld
THEIRS = ".st-key-btm-play_board-1 button"


def _extends_own_meld(state: State) -> Extend | None:
    """A card of the learner's hand that extends one of their side's melds, after the draw."""
    if not (learner_turn(state) and state.phase is Phase.PLAY):
        return None
    rules = ruleset("fechado")
    return next(
        (
            m
            for m in legal_moves(rules, state)
            if isinstance(m, Extend) and m.side is None and len(m.cards) == 1
        ),
        None,
    )


def test_a_meld_changed_by_a_move_stays_in_place_outlined(
    open_page: OpenPage, phone: dict[str, int], app_data_dir: Path, screenshot: Shot
) -> None:
    """A meld the learner's move changed is outlined green, in place: the side's melds are
    one widget, a meld a button in it. A meld was a button of its own, and a new one (its key
    changed) was drawn beside the old one until the rerun ended, the melds under it shifted
    by one, and so again when the next move took the outline off: a quick tap met the wrong
    meld. No melds' widget is put into or taken out of the board by the move that changes a
    meld, nor by the next; a tap leaves no meld pressed, and the same meld tapped again
    (after a hint: nothing was picked) is a tap again."""
    setup = Setup("fechado", {}, 4, "basic", "on", 11)
    game = played_until(setup, 3, lambda s: _extends_own_meld(s) is not None)
    state = positions(game)[-1]
    extend = _extends_own_meld(state)
    assert extend is not None
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = open_page(f"play?game={game_id}", phone)
    main = page.locator("[data-testid='stMain']")
    taps = PlayTaps(page)
    meld = main.locator(MINE).nth(extend.meld)
    expect(meld).to_have_css("border-top-width", "1px")
    expect(main.get_by_role("toolbar", name="Jogos da sua dupla")).to_be_visible()
    page.evaluate(MELD_CHANGES)
    taps.on(meld)  # nothing picked: a hint, and the meld is set back for the next tap
    expect(main.get_by_text("Escolha na mão as cartas que vão para o jogo")).to_be_visible()
    expect(main.locator(f"{MINE}[aria-pressed='true']")).to_have_count(0)
    card = extend.cards[0].symbol
    taps.on(page.locator(HAND).filter(has_text=re.compile(rf"^{re.escape(card)}$")).first)
    taps.on(meld)  # the same meld again: a tap again
    expect(meld).to_have_css("border-top-width", "3px")  # outlined: changed by the move
    expect(meld).to_contain_text(card)
    expect(main.locator(MINE)).to_have_count(len(state.sides[0].melds))
    expect(main.locator(f"{MINE}[aria-pressed='true']")).to_have_count(0)
    expect(hand_heading(page, len(state.hand) - 1)).to_be_visible()
    screenshot(page, "play_meld_changed_phone")
    taps.on(page.locator(HAND).first)
    taps.button("Descartar")
    expect(main.get_by_text("Vez de:", exact=False)).to_be_visible()
    expect(meld).to_have_css("border-top-width", "1px")
    assert page.evaluate("window.__melds") == 0


def a_finished_round(players: int) -> Game:
    """A new game whose first round was played to its end: far from the match's target."""
    return played_round(Setup("fechado", {}, players, "basic", "on", 11), 3)


@pytest.mark.parametrize("players", [4, 2])
def test_the_next_round_opens_with_its_heading_at_the_top(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot, app_data_dir: Path, players: int
) -> None:
    """The "Próxima rodada" button, tapped at the bottom of the round's end, opened the new
    round at the old scroll (~540 px down at 390x844): "Rodada 2", the totals and the seats
    above the screen. Now "Rodada 2" is at the screen's top, just under the header, with the
    seats and the whole hand under it."""
    name, size = viewport
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(a_finished_round(players))
    page = open_page(f"play?game={game_id}", size)
    main = page.locator("[data-testid='stMain']")
    taps = PlayTaps(page)
    expect(main.get_by_text("A rodada acabou", exact=False)).to_be_visible()
    next_round = main.get_by_role("button", name="Próxima rodada", exact=True)
    next_round.scroll_into_view_if_needed()
    assert top_on_screen(main.get_by_role("heading", name="Rodada 1")) < 0  # (far above)
    taps.on(next_round)
    heading = main.get_by_role("heading", name="Rodada 2")
    expect(heading).to_be_visible()
    # Under Streamlit's header (0-60 px), at the screen's top.
    assert 60 <= settled_top(page, heading) <= 90, top_on_screen(heading)
    last = page.locator(HAND).last.bounding_box()
    assert last is not None and last["y"] + last["height"] <= size["height"], (last, size)
    seats = top_on_screen(main.locator(".bt-seats"))
    assert 60 <= seats <= 200, seats  # the seats right under the heading
    no_streamlit_english(page)
    screenshot(page, f"play_next_round_{players}p_{name}")


def test_the_replay_opens_on_a_tap_and_steps_back(
    open_page: OpenPage, phone: dict[str, int], app_data_dir: Path
) -> None:
    """The round's replay is drawn when opened (folded, its board was built at every rerun
    of the round's end): a tap on it shows the slider at the last move and the board, and
    “◀ Jogada anterior” steps back one move."""
    game = a_finished_round(2)
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = open_page(f"play?game={game_id}", phone)
    main = page.locator("[data-testid='stMain']")
    taps = PlayTaps(page)
    replay = main.locator("[data-testid='stExpander']").filter(has_text="Rever a rodada")
    expect(replay).to_be_visible()
    expect(replay.locator(".bt-seats")).to_have_count(0)  # folded: not drawn
    replay.locator("summary").click()
    last = len(game.current.moves)
    expect(replay.get_by_text(re.compile(rf"^{last}\. "))).to_be_visible()
    expect(replay.locator(".bt-seats")).to_be_visible()  # the board, from the learner's chair
    taps.button("◀ Jogada anterior")
    expect(replay.get_by_text(re.compile(rf"^{last - 1}\. "))).to_be_visible()
    no_streamlit_english(page)


def test_the_rounds_record_downloads_under_a_portuguese_name(
    open_page: OpenPage, app_data_dir: Path
) -> None:
    """The round's record, saved from a Portuguese page, was “buraco-round-….json” in the
    learner's downloads: named in Portuguese, its round counted from 1. It holds the round
    as `buraco replay` reads it."""
    game = a_finished_round(2)
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = open_page(f"play?game={game_id}")
    button = page.get_by_role("button", name="⬇ Salvar a rodada num arquivo (JSON)")
    with page.expect_download() as saved:
        button.click()
    assert saved.value.suggested_filename == f"buraco-rodada-{game_id}-1.json"
    assert json.loads(Path(saved.value.path()).read_text("utf-8")) == json.loads(
        json.dumps(round_record(game, 0))
    )


def test_a_match_left_for_another_is_listed_in_a_new_tab(
    open_page: OpenPage, phone: dict[str, int], screenshot: Shot
) -> None:
    """A match left by "Nova partida" was reached again only by its saved link: a new tab at
    Jogar, without ?game, showed the form alone. The form lists this browser's learner's
    unfinished matches (the learner's cookie, as the lessons' progress knows them), one tap
    each to go on with it, above the form, on a phone's first screen."""
    page, main, taps = a_started_game(open_page, phone)
    game = re.findall(r"[?&]game=([\w-]+)", page.url)[0]
    taps.button("Nova partida")
    taps.button("Sim, começar outra")
    expect(main.get_by_role("button", name="Começar")).to_be_visible()
    tab = page.context.new_page()  # (the same browser: its cookies)
    tab.goto(page.url.split("?")[0])
    wait_for_app(tab)
    kept = tab.get_by_role("button", name=re.compile(r"^Continuar: Buraco Fechado · 2 jogadores"))
    expect(kept).to_have_count(1)
    box = kept.bounding_box()
    assert box is not None and box["y"] + box["height"] <= phone["height"]
    screenshot(tab, "play_kept_phone")
    PlayTaps(tab).on(kept)
    expect(tab.locator(HAND)).to_have_count(11)
    assert f"game={game}" in tab.url


def test_every_tap_of_a_match_is_a_fingers_height_on_a_touch_screen(
    finger: Callable[[str], Page], app_data_dir: Path
) -> None:
    """A match on a phone or a tablet is played by taps: the melds (to extend them), “+ Novo
    jogo”, the stock, the lixo, “Descartar”, the sort switch “Por valor”, the move list's
    lines, “Nova partida”; on the form, its choices and “Começar”. They were 28 px high (a
    meld 33, the switch 21, the form's choices 22), under the 44 px a fingertip hits without
    touching its neighbour; an exercise's board was 44 already. On a tablet (768x1024, touch)
    they stayed 28 (the form's choices 34) until the sizes followed the pointer, not the width."""
    game = played_until(
        Setup("fechado", {}, 4, "basic", "on", 11),
        3,
        lambda s: learner_turn(s) and sum(len(side.melds) for side in s.sides) >= 4,
    )
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = finger(f"play?game={game_id}")
    main = page.locator("[data-testid='stMain']")
    expect(main.locator(".bt-seats")).to_be_visible()
    taps = main.locator(
        "[class*='st-key-btt-'] button, [class*='st-key-btm-'] button,"
        " [class*='_by_rank'] label, [class*='st-key-play_'] button, summary"
    ).filter(visible=True)
    assert taps.count() >= 10
    for tap in taps.all():
        box = tap.bounding_box()
        assert box is not None and box["height"] >= 44, (tap.inner_text(), box)
    # And the form for a new match: its choices (22 px), the level's list, the rules bar's
    # variants and “Casa”, “Começar”.
    page = finger("play")
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("button", name="Começar")).to_be_visible()
    taps = main.locator(
        "[role='radiogroup'] label, [data-baseweb='select'] > div, [class*='st-key-play_'] button,"
        " [class*='st-key-rules_bar_'] button"
    ).filter(visible=True)
    assert taps.count() >= 10
    for tap in taps.all():
        box = tap.bounding_box()
        assert box is not None and box["height"] >= 44, (tap.inner_text(), box)


def test_a_choice_wrapped_on_a_phone_lies_right_under_its_first_row(
    open_page: OpenPage, phone: dict[str, int]
) -> None:
    """The new-match form on a phone: “Jogadores” and “Treinador” wrap onto a second row,
    which lay 60 px below the first (44 px a choice, 16 px of gap): with only the words in
    sight, a blank row as high as a line parted “4 (você e um parceiro contra dois)” from
    “2 (você contra um)”, as if two questions."""
    page = open_page("play", phone)
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("button", name="Começar")).to_be_visible()
    wrapped = 0
    for group in main.locator("[role='radiogroup']").all():
        boxes = [b for b in (c.bounding_box() for c in group.locator("label").all()) if b]
        for above, below in pairwise(boxes):
            if below["y"] > above["y"] + 1:  # the next row
                wrapped += 1
                assert below["y"] - (above["y"] + above["height"]) <= 2, (above, below)
    assert wrapped >= 2


def test_on_a_phone_ones_own_melds_lie_above_ones_hand_as_at_a_table(
    open_page: OpenPage, phone: dict[str, int], app_data_dir: Path, screenshot: Shot
) -> None:
    """On a phone the board read the other side's melds, then one's own, then the stock and
    the lixo, then the hand: one's melds (tapped to extend them) were apart from the hand
    the cards come from. Now, top to bottom as a table from one's chair: the other side's
    melds across it, the stock, the lixo and “Descartar” in the middle, one's own melds and
    “+ Novo jogo”, the hand."""
    game = played_until(
        Setup("fechado", {}, 4, "basic", "on", 11),
        3,
        lambda s: learner_turn(s) and all(len(side.melds) >= 2 for side in s.sides),
    )
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = open_page(f"play?game={game_id}", phone)
    main = page.locator("[data-testid='stMain']")
    expect(main.locator(".bt-seats")).to_be_visible()

    def top(selector: str) -> float:
        box = main.locator(selector).first.bounding_box()
        assert box is not None, selector
        return box["y"]

    def bottom(selector: str) -> float:
        box = main.locator(selector).last.bounding_box()
        assert box is not None, selector
        return box["y"] + box["height"]

    theirs, mine = THEIRS, MINE
    middle = ".st-key-btt-play_board-stock button, .st-key-btt-play_board-discard button"
    assert bottom(theirs) < top(middle)
    assert bottom(middle) < top(mine)
    assert bottom(mine) < top(".st-key-btt-play_board-new button") < top(HAND)
    # One's last meld and the hand: only “+ Novo jogo” and the hand's heading between.
    assert top(HAND) - bottom(mine) < 200, (bottom(mine), top(HAND))
    screenshot(page, "play_table_order_phone")


def test_a_pick_reruns_only_the_board_and_a_move_the_whole_page(
    browser: Browser, app_url: str, app_data_dir: Path, phone: dict[str, int], screenshot: Shot
) -> None:
    """Picking is the learner's most frequent tap: a card of the hand, the lixo's top card,
    “Separar jogo”, “Desfazer” rerun only the board (quicker on a phone), and the server
    sends nothing of the page outside it (its title, the round's moves).
    Every tap reran the whole page. A move (the draw) still reruns it all."""
    game = played_until(
        Setup("fechado", {}, 4, "basic", "on", 11),
        3,
        lambda s: learner_turn(s) and s.phase is Phase.DRAW and len(s.lixo) > 0,
    )
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    outside = Outside()
    page = new_page(browser, phone, outside)
    sent: list[bytes] = []  # what the server sent the page, frame by frame
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda frame: sent.append(frame if isinstance(frame, bytes) else frame.encode()),
        ),
    )
    page.goto(f"{app_url}/play?game={game_id}")
    wait_for_app(page)
    main = page.locator("[data-testid='stMain']")
    cards = len(positions(game)[-1].hand)
    expect(hand_heading(page, cards)).to_be_visible()
    taps = PlayTaps(page)

    def page_sent(words: str) -> bool:
        return any(words.encode() in frame for frame in sent)

    top = main.locator("[class*='st-key-btc-'][class*='-play_board-lixo'] button").last
    aside, undo = (
        main.get_by_role("button", name=n) for n in ("Separar jogo", "↶ Desfazer a última escolha")
    )
    for tap in (page.locator(HAND).first, top, aside, undo):
        sent.clear()
        taps.on(tap)
        assert page_sent("Escolhid"), tap  # the board, and what is picked ("Escolhida: 3♠")
        assert not page_sent("Jogar contra o computador"), tap  # the page's title
        assert not page_sent("Todas as jogadas da rodada"), tap
    expect(main.get_by_text("Separados para baixar junto:", exact=False)).to_have_count(0)
    expect(main.get_by_text("Escolhid", exact=False)).to_be_visible()
    screenshot(page, "play_picked_board_only_phone")
    sent.clear()
    taps.on(main.get_by_role("button", name=STOCK))
    expect(hand_heading(page, cards + 1)).to_be_visible()
    expect(main.get_by_text("Sua jogada: ", exact=False)).to_be_visible()
    assert page_sent("Jogar contra o computador")
    assert page_sent("Todas as jogadas da rodada")
    page.context.close()
    assert outside.urls == []


def test_on_a_phone_take_back_stays_in_the_row_of_new_meld_and_hint(
    open_page: OpenPage, phone: dict[str, int], app_data_dir: Path, screenshot: Shot
) -> None:
    """A meld laid on a phone: “+ Novo jogo”, “Dica” and the take-back are one row. The
    take-back, “↶ Desfazer esta jogada”, wrapped onto a row of its own (y 801 of the row's
    749), a lone button that pushed the hand a row further down."""
    game, melds = a_deal_to_lay(bool)
    game_id = GameStore(open_engine(sqlite_url(app_data_dir))).create(game)
    page = open_page(f"play?game={game_id}", phone)
    taps = PlayTaps(page)
    taps.on(page.locator(".st-key-btt-play_board-stock button"))
    for card in melds[0]:
        taps.on(
            page.locator(HAND).filter(has_text=re.compile(rf"^{re.escape(card.symbol)}$")).first
        )
    taps.button("+ Novo jogo")
    back = page.locator(".st-key-play_take_back button:visible").first
    expect(back).to_be_visible()
    screenshot(page, "play_take_back_row_phone")
    rows = [
        box["y"]
        for box in (
            page.locator(".st-key-btt-play_board-new button").bounding_box(),
            page.locator(".st-key-play_hint button:visible").first.bounding_box(),
            back.bounding_box(),
        )
        if box is not None
    ]
    assert len(rows) == 3 and max(rows) - min(rows) < 2, rows
