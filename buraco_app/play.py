"""The "Jogar" page: a match against the computer, the learner at seat 1 on the board.

Every tap goes through the judge (game.learner_move): an illegal move is explained and the
board stays; a legal one is saved at once, with the coach's notes. The computer players move
one move per tap of "Próxima jogada" (or up to the learner's turn), each move in words with
its reasons on request. After the round: the itemised score (the calculator's), the coach's
key moments, a move-by-move replay, links to the lessons, the round's record to download;
then the next round, the running totals as in the score sheet.

The game lives in the store (game.GameStore) and in the URL (?game=ID): a refresh, a closed
tab or a restarted server resumes it. It is the learner's (the lessons' learner, kept in the
browser's cookie): the form for a new match lists their unfinished ones to go on with.
"""

from __future__ import annotations

import html
import json
import secrets
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from typing import TypeVar
from weakref import WeakKeyDictionary

import streamlit as st
from sqlalchemy.engine import Engine

from buraco_app import board
from buraco_app.calculator import show_score
from buraco_app.database import engine_file, page_engine, read_only_cause, stand_in_engine
from buraco_app.game import (
    COACH_MODES,
    LEARNER,
    SIDE_NAMES,
    Game,
    GameMoved,
    GameStore,
    KeptHereStore,
    Loaded,
    SavedNote,
    Setup,
    Weighing,
    computer_move,
    finished_scores,
    hint_asked,
    learner_move,
    learner_turn,
    new_game,
    next_round,
    positions,
    round_record,
    standing,
    strong_hint,
    strong_weighing,
    take_back,
)
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import AsIs, error_cards, html_cards, md_cards
from buraco_app.pages import ask_for_the_top, ask_to_show, top_if_asked
from buraco_app.scenario_player import course, hand_seat, remembered_learner_id
from buraco_app.settings import (
    current_overrides,
    current_preset,
    current_rules,
    follow_rules,
    rules_bar,
    rules_summary,
)
from buraco_app.sheet_page import (
    error_text,
    open_id,
    place_text,
    read_only_notice,
    set_open_id,
    storage_cause,
    url_text,
)
from buraco_app.sheets import MatchNotFound, SheetError, StorageUnavailable, opened
from buraco_app.table_view import move_text, vulnerable_text
from buraco_app.verdict_view import bullet_list
from buraco_core.cards import Card
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError
from buraco_core.judge import go_out_verdict, legal_moves, play
from buraco_core.melds import extended
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.players import LEVELS
from buraco_core.rules import PRESETS, RuleSet
from buraco_core.scoring import MatchStanding, RoundScore, ScoreItem, SideScore
from buraco_core.state import EndReason, MortoStatus, Phase, State
from buraco_core.verdict import Reason, Verdict
from buraco_course import MoveTask
from buraco_text import (
    Lang,
    better_text,
    catalog,
    continues,
    first_reason,
    message,
    mid_sentence,
    played_out_text,
    trade_off_text,
    worded,
)

_T = TypeVar("_T")  # (what a write on the games' store returns: see written)

QP_GAME = "game"
OPEN_GAME_KEY = "play_open_game"
BOARD_KEY = "play_board"
FEEDBACK_KEY = "play_feedback"
LEAVE_ASK_KEY = "play_leave_ask"  # "Nova partida" tapped mid-match: asked to confirm

# The lesson that explains each mistake a round's key moments show: a coach note's code, or
# the first reason of an illegal try (their codes never overlap). A code not listed is
# looked up among the lessons' exercises (lesson_for_code).
REVIEW_LESSONS = {
    # the coach's notes
    "wild_discarded": "wild_cards",
    "feeds_opponent": "the_lixo",
    "wild_dirties_meld": "canastras",
    "wild_in_new_meld": "common_errors_and_tips",
    "wild_on_short_meld": "common_errors_and_tips",
    "bonus_lowered": "canastras",
    "lixo_left": "the_lixo",
    "fits_own_meld": "the_turn",
    "direct_beat_missed": "the_morto",
    "direct_go_out_missed": "going_out",
    "go_out_missed": "going_out",
    "morto_left": "the_morto",
    "last_card_trap": "going_out",
    # illegal tries: the turn's order and whose melds are whose
    "not_your_turn": "the_turn",
    "must_draw_first": "the_turn",
    "already_drew": "the_turn",
    "not_your_meld": "the_turn",
    "no_such_meld": "the_turn",
    # taking the lixo
    "lixo_empty": "the_lixo",
    "pickup_needs_justification": "the_lixo",
    "pickup_one_justification": "the_lixo",
    "pickup_cards_need_extend": "the_lixo",
    "pickup_top_card_not_used": "the_lixo",
    "pickup_needs_two_from_hand": "the_lixo",
    "wild_top_card_new_meld_only": "the_lixo",
    # melds
    "too_few_cards": "sequences_and_the_ace",
    "mixed_suits": "sequences_and_the_ace",
    "duplicate_rank": "sequences_and_the_ace",
    "gap": "sequences_and_the_ace",
    "wrap_around": "sequences_and_the_ace",
    "too_long": "sequences_and_the_ace",
    "only_wilds": "wild_cards",
    "two_wilds": "wild_cards",
    "wild_has_no_place": "wild_cards",
    "wild_two_beside_natural_two": "natural_two",
    "natural_two_stays": "natural_two",  # (its lesson says so: "o 2 não volta a ser curinga")
    "trincas_not_allowed": "trincas",
    "trinca_ranks_differ": "trincas",
    "trinca_suit_repeated": "trincas",
    "wild_in_trinca": "trincas",
    "vulnerable_min_meld": "variants_and_house_rules",
    # going out
    "cannot_go_out": "going_out",
    "go_out_must_discard": "going_out",
    "go_out_needs_clean_canastra": "going_out",
    "go_out_needs_canastra": "going_out",
    "go_out_needs_morto": "the_morto",
    "go_out_morto_waiting": "the_morto",
}


# The judge's events that retell a move the record's line already tells (why_lines).
RETOLD = frozenset({Code.LAID_MELD, Code.EXTENDED_MELD, Code.DISCARDED})
# And those a hint's line tells (the pickup: in the past tense, "Pegou o lixo…", they read
# as done).
TOOK_LIXO = frozenset({Code.TOOK_LIXO, Code.TOOK_LIXO_NEW_MELD, Code.TOOK_LIXO_EXTEND})
RETOLD_IN_HINT = RETOLD | TOOK_LIXO


@dataclass(frozen=True)
class Feedback:
    """The answer to the learner's last tap, shown once above the board."""

    move: Move
    verdict: Verdict
    notes: tuple[SavedNote, ...]
    at: int  # the move's index in the round (its notes are kept under it)


SAVE_ERROR_KEY = "play_save_error"
SIDEBAR_AT_OPEN_KEY = "play_sidebar_at_open"  # {game id: the sidebar's rules when it opened}
MOVED_ELSEWHERE = "moved"  # (SAVE_ERROR_KEY's value when the game moved on elsewhere)
TAPPED_MOVE_KEY = "play_tapped_move"  # a tap played a move: its run may open the round's end
STAND_IN_KEY = "play_stand_in"  # why the session's games are in the stand-in (see store)
# The database's own error where it may be read but not written, and Jogar's cause for it:
# its table never made there (the folder read-only before Jogar was played), all its games
# in the stand-in, said as where its table is there (play.read_only.*), not as the sheets'
# error, which spoke of “o placar e o progresso das lições” only.
READ_ONLY_CAUSES = {"storage_folder_read_only": "folder", "storage_file_read_only": "file"}
# A write refused as read-only where the store opened as a writable one (a SQLite URL with
# mode=ro, a PostgreSQL replica with Jogar's table there): the session then keeps its games
# here (game.KeptHereStore, see written), said as Jogar's (play.read_only.*); “Começar”
# said an error.
REFUSED_AS_READ_ONLY = {**READ_ONLY_CAUSES, "storage_read_only": "database"}
# The databases (their engines) that refused a write so, by its cause: the sessions that
# open Jogar later start where the first one went on (their games' links open as played).
REFUSED: WeakKeyDictionary[Engine, str] = WeakKeyDictionary()
TAKEN_BACK_KEY = "play_taken_back"  # (the game “Desfazer” left, the move it took back)
HOW_LEARNED_KEY = "play_how_learned"  # the games whose learner has made the taps (_how_learned)
SAVED_KEY = "play_saved"  # (the game this session's last saved tap was made on, the saved)
KEPT_KEY = "play_kept"  # (the store, the learner, their unfinished matches): see unfinished()
# The round's end opened by a tap far down the board (the learner's batida on a phone) kept
# the board's scroll: the end screen is shorter, and "A rodada acabou: você bateu" and the
# totals were ~500 px above the screen. Drawn once, on that tap's run: back to the top
# (pages.ask_for_the_top).
# A round's heading, which "Próxima rodada" (at the bottom of the round's end) brings to the
# screen's top: opened at the old scroll, a phone had "Rodada 2", the totals and the seats
# ~540 px above the screen. (Not the page's top: the totals pushed a 4-player hand below the
# fold. "Começar" needs neither: the form is short, the first round opens near the top.)
ROUND_MARK = "play-round"
PAGE_MARK = "play-page"  # the page's box: on a phone its taps are 44 px high (board.BOARD_CSS)
KEPT_MARK = "play-go-on-"  # a kept match's button (+ its id); its look: board.BOARD_CSS
LOADED_KEY = "play_loaded"  # the game this session last read or saved (game.Loaded)
REPLAY_KEY = "play_replay_open"  # the folded replay of the round: open?
REPLAY_STEP_KEY = "play_replay_step"  # (its slider's key, the move it showed), kept folded
RESTORED_KEY = "play_restored"  # the games this session has opened (restore_answer)
ALL_MOVES_KEY = "play_all_moves"  # the folded list of every move of the round: open?
# The learner's hint ("Dica"): the strong player's move for the position it was asked in,
# ((game id, round, moves made), move), kept so that a rerun never thinks again. Each
# position a hint was asked in is counted once, with the game (game.hint_asked: its round's
# `hints`, which the round's end says), so a reload asking it again adds none.
HINT_KEY = "play_hint_given"
HINT_ICON = ":material/lightbulb:"  # (Streamlit's own font: an emoji is a box where none is)


def store() -> GameStore:
    """The games' store: the app's database; where that cannot work (a damaged file, a
    data folder that cannot be written: StorageUnavailable), the server's stand-in
    (`database.stand_in_engine`) for the rest of the session, said at the page's top: a
    practice match is played all the same, kept while the server runs. Where the database
    may be read but not written (its folder or file), its games are read from it and new
    games and moves kept in the stand-in (game.KeptHereStore): a saved game opens by its
    link and plays on."""
    found = st.session_state.get("play_store")
    if isinstance(found, GameStore) and STAND_IN_KEY in st.session_state:
        return found  # (the session stays there: a database mended meanwhile lacks its games)
    try:
        engine = page_engine()
        if isinstance(found, GameStore) and found.engine is engine:
            return found
        made = opened(lambda: GameStore(engine))
        cause = read_only_cause(engine_file(engine)) or REFUSED.get(engine)
        if cause is not None:  # (read, not written: its games read, new ones kept here)
            saved = made
            with suppress(SheetError):  # (no temporary folder: a save says the file's error)
                made = opened(lambda: KeptHereStore(saved, stand_in_engine()))
                st.session_state[STAND_IN_KEY] = cause
    except StorageUnavailable as unavailable:
        try:
            made = opened(lambda: GameStore(stand_in_engine()))
        except SheetError:  # (no temporary folder either: the database's problem is said)
            raise unavailable from None
        st.session_state[STAND_IN_KEY] = unavailable
    st.session_state["play_store"] = made
    return made


def written(write: Callable[[GameStore], _T]) -> _T:
    """`write` made on the games' store; where the database refuses it as one that only
    reads, though it opened as one that writes (REFUSED_AS_READ_ONLY), made again on the
    store that keeps new games and moves here (game.KeptHereStore), this session's from then
    on, said at the top as where the store opened read-only."""
    try:
        return write(store())
    except StorageUnavailable as refused:
        found = st.session_state.get("play_store")
        cause = REFUSED_AS_READ_ONLY.get(refused.code)
        if cause is None or not isinstance(found, GameStore) or isinstance(found, KeptHereStore):
            raise
        try:
            kept = opened(lambda: KeptHereStore(found, stand_in_engine()))
        except SheetError:  # (no temporary folder: the database's refusal is said)
            raise refused from None
        REFUSED[found.engine] = cause
        st.session_state["play_store"] = kept
        st.session_state[STAND_IN_KEY] = cause
        return write(kept)


def _stand_in_notice(lang: Lang) -> None:
    """Why this session's matches are kept by the server only (see store), above the page.
    A session's first run opens the store here, before the page needs it, so that the
    notice is there from the start."""
    if "play_store" not in st.session_state:
        with suppress(SheetError):  # (said where the page uses the store)
            store()
    unavailable = st.session_state.get(STAND_IN_KEY)
    code = unavailable.code if isinstance(unavailable, SheetError) else ""
    cause = READ_ONLY_CAUSES.get(code, unavailable)
    if cause in ("folder", "file"):  # (the database only reads: said as Jogar's, once)
        st.warning(t(f"play.read_only.{cause}", lang))
    elif cause == "database":  # (a database server that only reads: its cause in words)
        st.warning(
            t("play.read_only.database", lang, cause=storage_cause("storage_read_only", lang))
        )
    elif isinstance(unavailable, SheetError):
        st.warning(stand_in_text(unavailable, lang))


def stand_in_text(unavailable: SheetError, lang: Lang) -> str:
    """Why Jogar keeps its matches in the server's stand-in, as Jogar's: played all the same,
    kept while the server runs, because of the cause the sheets' message says (the data
    folder, the file, the database server), and where, for whoever runs the server. It
    quoted the sheets' message, “O placar e o progresso das lições estão indisponíveis…”,
    which said nothing of the match being played."""
    cause = storage_cause(unavailable.code, lang)
    if cause is None:  # (a cause without its phrase: the sheets' message, as it was)
        return error_text(unavailable)
    return t("play.stand_in", lang, cause=cause) + place_text(unavailable, lang)


def open_game_id() -> str | None:
    """The game in the URL (a link, a refresh), else the one this session opened, put back
    in the URL: another page and back (the menu, the browser's back) left it out, and a
    refresh then, or a phone reopening the tab, showed the setup form, the game lost from
    the page, and "guarde o link desta página" gave a link without it."""
    game_id = open_id(QP_GAME, OPEN_GAME_KEY)
    if game_id is not None:
        set_open_id(QP_GAME, OPEN_GAME_KEY, game_id)
    return game_id


def set_open_game(game_id: str | None) -> None:
    board.clear_pick(BOARD_KEY)
    st.session_state.pop(LEAVE_ASK_KEY, None)
    st.session_state.pop(FEEDBACK_KEY, None)
    set_open_id(QP_GAME, OPEN_GAME_KEY, game_id)


def page(lang: Lang) -> None:
    with st.container(key=PAGE_MARK):
        st.title(t("play.title", lang))
        failed = st.session_state.pop(SAVE_ERROR_KEY, None)
        if failed == MOVED_ELSEWHERE:
            st.warning(t("play.moved_elsewhere", lang))
        elif failed:
            st.error(t("play.not_saved", lang, error=failed))
        _stand_in_notice(lang)
        if STAND_IN_KEY not in st.session_state:  # (there its notice said why already)
            read_only_notice(lang)
        try:
            _page(lang)
        except SheetError as exc:  # the store cannot work: said plainly, as on the sheet pages
            st.error(error_text(exc))
    top_if_asked()


def _page(lang: Lang) -> None:
    game_id = open_game_id()
    if game_id is None:
        _setup_form(lang)
        return
    try:
        # (Read whole only when saved since this session last read it: a move here, or in
        # another tab or device.)
        known = st.session_state.get(LOADED_KEY)
        loaded = store().load_since(game_id, known if isinstance(known, Loaded) else None)
        st.session_state[LOADED_KEY] = loaded
        game = loaded.game
    except MatchNotFound:  # no such game, or a link that cannot be one
        st.warning(t("play.not_found", lang, id=url_text(game_id)))
        _new_game_button(lang)
        return
    except SheetError:
        raise  # (a ValueError too) the store itself: page() says it
    except (BuracoInputError, KeyError, TypeError, ValueError):
        st.warning(t("play.unreadable", lang, id=url_text(game_id)))
        _new_game_button(lang)
        return
    _game(game_id, game, lang)


# --- setup ----------------------------------------------------------------------------------


def _setup_form(lang: Lang) -> None:
    learner = remembered_learner_id()
    if _kept_games(learner, lang):
        st.subheader(t("play.kept_new", lang))
    # The match's rules chosen here, as on the other table pages: a phone hides the sidebar.
    rules_bar()
    st.markdown(t("play.intro", lang))
    for key in ("play_players", "play_level", "play_coach"):
        relabel_after_language_change(key)  # (their labels are in the language)
    players = st.radio(
        t("play.players", lang),
        [4, 2],
        format_func=lambda n: t(f"play.players_{n}", lang),
        horizontal=True,
        key="play_players",
    )
    # The default as the store's value, not `index=`: a value handed back after a change of
    # language (above) and a default together make Streamlit log a warning.
    st.session_state.setdefault("play_level", "basic")
    level = st.selectbox(
        t("play.level", lang),
        LEVELS,
        format_func=lambda lv: t(f"play.level_{lv}", lang),
        help=t("play.level_help", lang),
        key="play_level",
        filter_mode=None,  # three levels; no typing, no English "No results"
        placeholder=t("screen.choose", lang),
    )
    mode = st.radio(
        t("play.coach", lang),
        COACH_MODES,
        format_func=lambda m: t(f"play.coach_{m}", lang),
        horizontal=True,
        key="play_coach",
    )
    # (the Placar's words: the same thing said, a match's rules chosen above)
    st.caption(t("sheet.rules_new", lang, rules=rules_summary(current_rules(), lang)))
    if st.button(t("play.start", lang), type="primary", key="play_start"):
        preset, options = current_preset(), dict(current_overrides())
        setup = Setup(preset, options, int(players), str(level), mode, secrets.randbelow(10**9))
        game_id = written(lambda games: games.create(new_game(setup), learner))
        st.session_state.pop(KEPT_KEY, None)
        set_open_game(game_id)
        st.rerun()


def _kept_games(learner: str, lang: Lang) -> bool:
    """The learner's unfinished matches, the last played first, each a line and a button to
    go on with it: a match left by "Nova partida" was found again only by its saved link.
    Whether any was listed."""
    try:
        kept = unfinished(learner)
    except SheetError as exc:  # said, as on the sheet pages; the form stays (a busy store)
        st.error(error_text(exc))
        return False
    if not kept:
        return False
    st.subheader(t("play.kept_title", lang))
    now = datetime.now(UTC)
    for found in kept:  # (one button a match: a line and a button apart were 2 lines more)
        label = t("play.kept_go_on", lang, match=kept_text(found, now, lang))
        if st.button(label, key=f"{KEPT_MARK}{found.game_id}", width="stretch"):
            set_open_game(found.game_id)
            st.rerun()
    return True


def unfinished(learner: str) -> list[Loaded]:
    """The learner's unfinished matches, read from the store once in a session (every rerun
    of the form, a choice on it, had read and decoded them: ~0.9 ms), and again once this
    session starts or saves a match. A match started or played in another tab or device is
    listed when the page is opened anew."""
    games = store()
    found = st.session_state.get(KEPT_KEY)
    if isinstance(found, tuple) and found[0] is games and found[1] == learner:
        return list(found[2])
    kept = games.unfinished(learner)
    st.session_state[KEPT_KEY] = (games, learner, tuple(kept))
    return kept


def kept_text(kept: Loaded, now: datetime, lang: Lang) -> str:
    """What a kept match is: its rules, players, level, round, score and when it was last
    played ("Buraco Fechado · 4 jogadores · computador básico · rodada 2: Nós 350 × 120 Eles
    · há 5 min")."""
    game, s = kept.game, kept.game.setup
    ours, theirs = side_names(s.players, lang)
    a, b = standing(game).totals
    return t(
        "play.kept_line",
        lang,
        rules=rules_summary(game.rules, lang),
        players=s.players,
        level=t(f"play.level_short_{s.level}", lang),
        round=len(game.rounds),
        ours=ours,
        theirs=theirs,
        a=a,
        b=b,
        when=when_text(kept.saved_at, now, lang),
    )


def when_text(then: datetime, now: datetime, lang: Lang) -> str:
    """How long ago, as said aloud ("há 5 min", "há 2 dias"): the server's clock is not the
    learner's, so no time of day. (SQLite gives back a time without its zone: UTC.)"""
    seconds = (now - (then if then.tzinfo else then.replace(tzinfo=UTC))).total_seconds()
    minutes = int(seconds // 60)
    if minutes < 1:
        return t("play.when_now", lang)
    if minutes < 60:
        return t("play.when_minutes", lang, n=minutes)
    if minutes < 24 * 60:
        return t("play.when_hours", lang, n=minutes // 60)
    return t("play.when_days", lang, n=minutes // (24 * 60))


def _new_game_button(lang: Lang, in_progress: bool = False) -> None:
    """Back to the setup form. A match in progress is left only on a second word: one tap
    would lose it from the page (it stays saved, at its link)."""
    if in_progress and not st.session_state.get(LEAVE_ASK_KEY):
        st.button(t("play.new_game", lang), key="play_new", on_click=_ask_leave, args=(True,))
        return
    if in_progress:
        st.warning(t("play.leave_ask", lang))
        with st.container(horizontal=True):
            leave = st.button(t("play.leave_yes", lang), key="play_new_yes", type="primary")
            st.button(
                t("play.leave_no", lang), key="play_new_no", on_click=_ask_leave, args=(False,)
            )
    else:
        leave = st.button(t("play.new_game", lang), key="play_new")
    if leave:
        set_open_game(None)
        ask_for_the_top()  # (the form, from a button at the bottom of a round's end)
        st.rerun()


def _ask_leave(ask: bool) -> None:
    st.session_state[LEAVE_ASK_KEY] = ask


# --- the game -------------------------------------------------------------------------------


def _save(game_id: str, game: Game, base: Game) -> bool:
    """Save from a tap's callback, which cannot draw: a store that fails is said on the run
    that follows (the game stays as last saved), never as Streamlit's own error box. `base`:
    the game the tap was made on; if the stored game moved on since (another tab or device),
    nothing is saved and the next run shows the game as it now is."""
    known = st.session_state.get(LOADED_KEY)  # (the base as read: see GameStore.save)
    read = known if isinstance(known, Loaded) and known.game is base else base
    try:
        # (kept as read: the next run asks only when it was saved, not for the whole game)
        st.session_state[LOADED_KEY] = written(lambda games: games.save(game_id, game, read))
        st.session_state.pop(KEPT_KEY, None)  # (its round, score or end: read them again)
    except GameMoved:
        st.session_state[SAVE_ERROR_KEY] = MOVED_ELSEWHERE
        board.clear_pick(BOARD_KEY)
        return False
    except SheetError as exc:
        st.session_state[SAVE_ERROR_KEY] = error_text(exc)
        return False
    st.session_state[SAVED_KEY] = (base, game)
    return True


def _answered(base: Game) -> Game | None:
    """The game saved by this session's tap on `base`, where a second tap comes with that
    very game: a tap on the page the first tap was made on, before the answer's page was
    drawn (Streamlit calls back with the arguments of the page tapped). A finger's double
    tap on "Até a minha vez" or "Próxima rodada", whose button the answer's page no longer
    has, had been refused as a move in another tab: "Esta partida andou em outra aba ou
    aparelho... o seu último toque não foi aplicado", with nothing else open."""
    saved = st.session_state.get(SAVED_KEY)
    return saved[1] if isinstance(saved, tuple) and saved[0] is base else None


def _learner_moved(game_id: str, game: Game, state: State, move: Move) -> bool:
    """The tap's move judged and saved; whether it was played (illegal: the pick stays)."""
    if _tapped_again(game, move) or _answered(game) is not None:
        return False  # (the answer to the first tap stays on the screen)
    after, verdict, notes = learner_move(game, state, move)
    changed = verdict.ok or after.current.stumbles != game.current.stumbles
    if changed and not _save(game_id, after, game):
        st.session_state.pop(FEEDBACK_KEY, None)
        return False
    saved = after.current.notes.get(len(game.current.moves), ()) if notes else ()
    hinted = _kept_hint(game_id, game)
    if hinted is not None and hinted[0] == move:
        # The learner did what “Dica” said (“comprar do monte”, weighed on 40 deals): a
        # judgement call against it (a small lixo left, no better move named) read as the
        # coach scolding the hint. Not said then (nor among the key moments, as ever).
        saved = tuple(n for n in saved if not judgement_call(n))
    st.session_state[FEEDBACK_KEY] = Feedback(move, verdict, saved, len(game.current.moves))
    st.session_state[TAPPED_MOVE_KEY] = verdict.ok
    return verdict.ok


def _tapped_again(game: Game, move: Move) -> bool:
    """A second tap on the stock (or on the lixo, the pick gone with the first) while the
    answer to the draw it just made is on the screen: a finger's double tap on a phone. It
    had been judged as a new try, "Não pode. Você já comprou nesta vez", which hid the card
    drawn and listed a mistake among the round's key moments."""
    shown = st.session_state.get(FEEDBACK_KEY)
    if not (isinstance(shown, Feedback) and shown.verdict.ok):
        return False
    if shown.at != len(game.current.moves) - 1:
        return False  # (the round moved on since)
    again_lixo = move == TakeLixo() and isinstance(shown.move, TakeLixo)
    return move == shown.move == Draw() or again_lixo


def _computer_moves(game_id: str, game: Game, state: State, to_my_turn: bool) -> None:
    answered = _answered(game)
    if answered is not None:  # a second tap: it goes on from where the first one left
        game, state = answered, positions(answered)[-1]
    base = game
    while state.phase is not Phase.ENDED and not learner_turn(state):
        game, _move, state = computer_move(game, state)
        if not to_my_turn:
            break
    if game is not base:  # (not when a second tap found the learner's turn)
        _save(game_id, game, base)
    board.rerun_page(BOARD_KEY)  # (its buttons are on the board: the moves go in the list)
    st.session_state.pop(FEEDBACK_KEY, None)
    st.session_state[TAPPED_MOVE_KEY] = True


def _next_round(game_id: str, game: Game) -> None:
    # The answer to the round's last move (the learner's batida) is no answer on the new
    # round's table: drawn there, it looked for its move among the new round's, and failed.
    st.session_state.pop(FEEDBACK_KEY, None)
    if _answered(game) is not None:
        return  # (a second tap: the next round is open)
    if _save(game_id, next_round(game, standing(game)), game):
        ask_for_the_top(ROUND_MARK)  # (not saved: the word on why is at the page's top)
    board.clear_pick(BOARD_KEY)


def _target_unsaid(rules: RuleSet) -> RuleSet:
    """The rules with the preset's match target, for a summary that says the match's own
    target after it (“…, to 500 points”): a match to 500 read “Buraco Aberto + match to
    500, to 500 points”."""
    preset = PRESETS[rules.preset].target_score
    return rules if rules.target_score == preset else rules.with_options(target_score=preset)


def _game(game_id: str, game: Game, lang: Lang) -> None:
    rules = game.rules
    states = positions(game)
    state = states[-1]
    scores = finished_scores(game)
    match = standing(game, scores)
    s = game.setup
    # A game keeps the rules it began with, to its last round. Where the sidebar's differ
    # (rules picked on the form), its "Em vigor: Buraco Fechado" beside an Aberto hand left
    # the learner unsure which rules the hand follows: the caption says so, in a few words
    # (a box there put a phone's hand below the fold), the why in its help.
    follow_rules(rules)  # (where the session chose none: the sidebar then says the game's)
    chosen = current_rules()
    summary = rules_summary(_target_unsaid(rules), lang)  # (the target is said after it)
    if chosen == rules:
        game_rules, why = t("play.game_rules", lang, rules=summary, target=match.target), None
    else:
        now = rules_summary(chosen, lang)
        # (Not "the sidebar": a phone hides it, and the rules may have been chosen in a
        # page's rules bar; the help says where the next match's are chosen.)
        game_rules = t(
            "play.game_rules_not_chosen", lang, rules=summary, target=match.target, chosen=now
        )
        why = t("play.game_rules_help", lang)
    st.caption(
        t("play.setup_line", lang, players=s.players, level=t(f"play.level_{s.level}", lang))
        + " · "
        + game_rules
        + " · "
        + t("play.coach_line", lang, mode=t(f"play.coach_{s.coach}", lang)),
        help=why,
    )
    # And a word when the sidebar has changed since the game opened here: the learner just
    # chose other rules, and the hand in front of them goes on with the old ones.
    opened_with = st.session_state.setdefault(SIDEBAR_AT_OPEN_KEY, {}).setdefault(game_id, chosen)
    if chosen != rules and chosen != opened_with:
        st.info(
            t(
                "play.rules_chosen_later",
                lang,
                chosen=rules_summary(chosen, lang),
                game=summary,
            )
        )
    # (round 1 over: its result below says the table's one row, "1 | 470 | 190", again)
    if not (state.phase is Phase.ENDED and len(match.rounds) == 1):
        _totals(match, s.players, lang)
    with st.container(key=ROUND_MARK):
        st.subheader(t("play.round", lang, n=len(game.rounds)))
    tapped = st.session_state.pop(TAPPED_MOVE_KEY, False)  # (one run only)
    if state.phase is Phase.ENDED:
        _round_end(game_id, game, states, scores[-1], match, lang)
        if tapped:  # this run's tap ended the round (drawn at the page's end, this run)
            ask_for_the_top()
        return
    vulnerable = vulnerable_text(state, rules, lang)
    if vulnerable:  # (else the first meld laid was refused for a rule no word had named)
        st.caption(vulnerable)
    restore_answer(game_id, game, states)
    feedback = st.session_state.get(FEEDBACK_KEY)
    marks = None
    if isinstance(feedback, Feedback) and feedback.verdict.ok and len(states) > 1:
        marks = board.changes(states[-2], state, feedback.verdict, feedback.move)  # the learner's
        events = tuple(e for e in marks.events if e.code not in SAID_IN_ANSWER)
        told = any(e.code in NEW_CARDS_TOLD for e in marks.events)
        marks = replace(marks, events=events, new_told=told)
        # A draw on a phone at a round's start: its answer, “Veio o 2♥: está marcado em
        # verde na sua mão”, under the stock pushed the hand below the screen (its heading at
        # y 840 of 844). The page scrolls just enough for the hand's first row to show.
        if tapped and told:
            ask_to_show(board.hand_mark(BOARD_KEY))
    elif learner_turn(state):
        marks = arrived(states)
    their_turn = not learner_turn(state)
    # What the computers did, said where the learner tapped for it, until their next move.
    since = "" if isinstance(feedback, Feedback) else since_text(game, states, lang)
    hinted = None if their_turn else _kept_hint(game_id, game)  # (asked in this position)
    undone = st.session_state.get(TAKEN_BACK_KEY)  # (the move “Desfazer” took back, if any)
    if not (isinstance(undone, tuple) and undone[0] is game):
        undone = None
    said = (
        isinstance(feedback, Feedback)
        or their_turn
        or bool(since)
        or hinted is not None
        or undone is not None
    )
    # The learner's "Dica" beside "+ Novo jogo"; once asked, its answer in the middle.
    asks = None if their_turn or hinted else partial(_hint_button, game_id, game, state, lang)
    # “Desfazer” in that row too, after the learner's move, or after a move taken back (the
    # one before it, a meld laid); after a discard, beside the computers' buttons. (A button
    # of its own under the answer, under one's melds after a meld extended and above them
    # after the discard, had the browser move the melds' widget: a quick tap met the wrong
    # meld.)
    answered = (
        isinstance(feedback, Feedback)
        and feedback.verdict.ok
        and feedback.at == len(game.current.moves) - 1
    )
    undoes = (answered or undone is not None) and take_back(game) is not None
    if undoes and not their_turn:
        asks = partial(_row_buttons, game_id, game, lang, asks)

    def answer() -> None:
        if isinstance(feedback, Feedback) and (
            feedback.verdict.ok or board.refusal_stands(BOARD_KEY)
        ):
            _feedback(feedback, game, lang)
        if undone is not None:
            _taken_back_text(undone[1], game, state, lang)
        # The computers' turn: its buttons in the middle of the table, under the answer to
        # the discard that passed the turn, and there again after each “Próxima jogada”.
        # Under the board, a phone had them below the fold after every discard (y 934 of 844).
        if their_turn:
            _their_turn(game_id, game, state, since, lang, undoes)
            return
        if since:
            st.info(since)
        if hinted is not None:
            _hint(game, state, *hinted, lang)

    with st.container(border=True):
        # (A pick reruns only the board: the answer to a move is in it, a refused one's
        # dropped there once the pick changes; a move reruns the whole page.)
        board.live_board(
            rules,
            state,
            BOARD_KEY,
            lang,
            on_move=lambda move: _learner_moved(game_id, game, state, move),
            marks=marks,
            seat=LEARNER,
            # Where the tap was: above the board, or under the hand, a phone showed the
            # verdict and the coach's note off-screen.
            answer=answer if said else None,
            how_learned=_how_learned(game_id, game),
            hint=asks,
            keep_sort=True,  # (one board, one key: "Por valor" kept after another page)
        )
    near_the_end = going_out_text(rules, state, lang)
    if near_the_end:
        st.caption(near_the_end)
    _since_my_turn(game, states, lang)
    # Lazy: drawn only while open. Folded, every move of the round and each one's reasons
    # were built at every tap (late in a round, most of the page's rerun).
    every = st.expander(t("play.all_moves", lang), key=ALL_MOVES_KEY, on_change="rerun")
    if every.open:
        with every:
            _move_list(game, states, 0, lang)
    _new_game_button(lang, in_progress=True)


def restore_answer(game_id: str, game: Game, states: Sequence[State]) -> None:
    """The answer to the learner's last move, where the round's last move is theirs, on the
    first run of a session that opens the game: a reload (or a phone reopening the tab)
    right after the learner's discard had the page come back with "Turn of: Opponent"
    alone, the coach's note on the discard gone and no “Take back”, though the
    move could still be taken back (game.take_back). Drawn as the tap's answer was, from the
    record: the judge's verdict, the coach's saved notes (not a judgement call: whether the
    learner followed a hint is not kept)."""
    opened = st.session_state.setdefault(RESTORED_KEY, set())
    if game_id in opened:
        return
    opened.add(game_id)
    moves = game.current.moves
    if isinstance(st.session_state.get(FEEDBACK_KEY), Feedback) or not moves:
        return
    before = states[-2]
    if before.turn != LEARNER or states[-1].phase is Phase.ENDED:
        return
    at = len(moves) - 1
    notes = tuple(n for n in game.current.notes.get(at, ()) if not judgement_call(n))
    verdict = play(game.rules, before, moves[-1])[0]
    st.session_state[FEEDBACK_KEY] = Feedback(moves[-1], verdict, notes, at)


def _hint_at(game_id: str, game: Game) -> tuple[str, int, tuple[Move, ...]]:
    """The position a hint is asked in: the game, its round, the moves made in it (the moves,
    not their count: after a move taken back, another move makes as many)."""
    return game_id, len(game.rounds), game.current.moves


def _ask_hint(game_id: str, game: Game, state: State) -> None:
    """The strong player's move for the learner, thought out once a position (a second tap,
    a rerun, the other language: the move kept)."""
    at = _hint_at(game_id, game)
    if _kept_hint(game_id, game) is None:
        # (at a draw the strong player weighs: its figures kept with its move, for the hint)
        weighing = strong_weighing(game, state)
        move = weighing.move if weighing is not None else strong_hint(game, state)
        st.session_state[HINT_KEY] = (at, move, weighing)
    counted = hint_asked(game)  # (kept with the game: the round's end counts it after a reload)
    # (counted before in this position: the game itself. Not saved: the page says why, and
    # a hint asked again counts.)
    if counted is not game and _save(game_id, counted, game):
        undone = st.session_state.get(TAKEN_BACK_KEY)
        if isinstance(undone, tuple) and undone[0] is game:  # (“Move taken back” stays)
            st.session_state[TAKEN_BACK_KEY] = (counted, undone[1])
    board.rerun_page(BOARD_KEY)  # (its answer is in the middle of the table, as a move's)


def _kept_hint(game_id: str, game: Game) -> tuple[Move, Weighing | None] | None:
    """The hint asked for in the game's position, if any (one asked before is no more): its
    move, and the figures its take-or-draw was chosen by, if it was weighed."""
    kept = st.session_state.get(HINT_KEY)
    if isinstance(kept, tuple) and kept[0] == _hint_at(game_id, game):
        hint: tuple[Move, Weighing | None] = kept[1:]
        return hint
    return None


def _hint_button(game_id: str, game: Game, state: State, lang: Lang) -> None:
    """The hint's button, beside "+ Novo jogo"; its answer comes in the middle (`_hint`)."""
    st.button(
        t("play.hint", lang),
        key="play_hint",
        on_click=_ask_hint,
        args=(game_id, game, state),
        help=t("play.hint_help", lang),
        icon=HINT_ICON,
    )


def _hint(game: Game, state: State, move: Move, weighing: Weighing | None, lang: Lang) -> None:
    """At the learner's turn, once asked: what the strong player would do now in the
    learner's seat, and why; the learner still makes the move. Gone once a move is made
    (the hint is kept for the position it was asked in)."""
    st.info(md_cards(hint_text(game, state, move, lang, weighing)), icon=HINT_ICON)


def hint_text(
    game: Game, state: State, move: Move, lang: Lang, weighing: Weighing | None = None
) -> str:
    """A hint in words (Markdown): the move as the learner would tap it ("baixar 5♣ 5♥ 5♠"),
    then the strong level's reasons for it, as a computer's move gives them; a take-or-draw
    the strong level weighed (`weighing`) with its figures, the reason it rests on (DESIGN:
    advice that rests on simulation gives its figure)."""
    alone = game.setup.players == 2
    top = lixo_top(state)  # (named: "pegar o lixo e pôr o 9♠ no jogo 5")
    said = mid_sentence(move_text(move, lang, top=top, alone=alone, rules=game.rules))
    reasons = why_lines(game.rules, "strong", state, move, lang, advice=True)
    if weighing is not None and weighing.move == move:
        took = weighing.taken >= weighing.drawn
        gain = round(abs(weighing.taken - weighing.drawn))
        key = "play.hint_played_out_take" if took else "play.hint_played_out_draw"
        if gain == 0:  # (under half a point apart: “0 pontos a mais” read as a riddle)
            key = "play.hint_played_out_even"
        reasons.append(t(key, lang, gain=gain, deals=weighing.deals))
    says, because = t("play.hint_says", lang), t("play.hint_because", lang)
    return f"**{says}** {said}.  \n**{because}** {' '.join(reasons)}"


def _how_learned(game_id: str, game: Game) -> bool:
    """Whether the learner has made the taps the how-to under the hand teaches in this match
    (board.taps_learned), now or before: their only meld taken back (“Desfazer jogada”), the
    how-to unfolded again, as to one who had never laid. Learned is learned (in this session:
    the match keeps no move taken back)."""
    learned = st.session_state.setdefault(HOW_LEARNED_KEY, set())
    if game_id not in learned and board.taps_learned(_learner_moves(game)):
        learned.add(game_id)
    return game_id in learned


def _learner_moves(game: Game) -> Iterator[Move]:
    """The learner's moves in the match so far, every round's."""
    for number, rnd in enumerate(game.rounds):
        for before, move in zip(positions(game, number), rnd.moves, strict=False):
            if before.turn == LEARNER:
                yield move


def _their_turn(
    game_id: str, game: Game, state: State, since: str, lang: Lang, undoes: bool = False
) -> None:
    """What the computers did so far (`since`: since_text), whose turn it is, and the
    buttons that let the computers play: one move, or all of them up to the learner's turn;
    and where `undoes`, “Desfazer” for the learner's discard that passed them the turn."""
    turn = t("play.their_turn", lang, who=who(state.turn, lang))
    st.info(f"{since}\n\n{turn}" if since else turn)
    with st.container(horizontal=True):
        st.button(
            t("play.next_move", lang),
            key="play_next_move",
            type="primary",
            on_click=_computer_moves,
            args=(game_id, game, state, False),
        )
        st.button(
            t("play.to_my_turn", lang),
            key="play_to_my_turn",
            on_click=_computer_moves,
            args=(game_id, game, state, True),
        )
        if undoes:
            _take_back_button(game_id, game, lang)


# With this many cards left in the learner's hand, the page says how to empty it (the morto,
# the batida): no button says "bater", and the hand ends by the moves a learner already makes.
FEW_CARDS = 4


def going_out_text(rules: RuleSet, state: State, lang: Lang) -> str:
    """How the learner's turn would empty the hand, at their turn with few cards left: for
    the morto (direct or indirect beat), or to go out and end the round, with what the judge
    says the side still lacks for that [000, 001, 003]. Empty otherwise (a waiting morto:
    the board says it waits)."""
    if not learner_turn(state) or len(state.hands[LEARNER]) > FEW_CARDS:
        return ""
    morto = state.sides[state.side_of(LEARNER)].morto
    if morto is MortoStatus.AVAILABLE:
        return t("play.how_morto", lang)
    if morto is MortoStatus.WAITING:
        return ""
    how = t(f"play.how_go_out{'_discard' if rules.go_out_by == 'discard' else ''}", lang)
    verdict = go_out_verdict(rules, state, state.side_of(LEARNER))
    if verdict.ok:
        alone = "_alone" if state.players == 2 else ""
        return f"{how} {t(f'play.go_out_now{alone}', lang)}"
    lacks = " ".join(message(r, lang) for r in verdict.reasons)
    return f"{how} {t('play.go_out_not_yet', lang, lacks=lacks)}"


def _totals(match: MatchStanding, players: int, lang: Lang) -> None:
    """The match so far, as a paper sheet keeps it: each round's points, then the totals
    (the target is in the caption above: on its own line, at a round's start it pushed a
    phone's hand down), from two rounds on. The running totals alone, a row a round, read
    as each round's points: “2 | 530” beside a round 2 scored 460."""
    if not match.rounds:
        return
    ours, theirs = side_names(players, lang)
    rows = [f"| {t('play.round_col', lang)} | {ours} | {theirs} |", "|--:|--:|--:|"]
    rows += [f"| {n} | {p[0]} | {p[1]} |" for n, p in enumerate(match.rounds, 1)]
    if len(match.rounds) > 1:
        total = match.totals
        rows.append(f"| **{t('play.total_row', lang)}** | **{total[0]}** | **{total[1]}** |")
    st.markdown("\n".join(rows))


def _feedback(feedback: Feedback, game: Game, lang: Lang) -> None:
    # (alone: "ao jogo 1 do adversário"; rules: a meld as it will lie, not in tap order)
    top = lixo_top(positions(game)[feedback.at])  # (the lixo's top card as the tap found it)
    verdict = feedback.verdict
    # (a pickup's cards said here, in its line: the grey line under the hand retold the
    # pickup, “Pegou o lixo (3 cartas) justificando…”, below “Sua jogada: Pegar o lixo…”)
    taken = next((dict(e.params)["count"] for e in verdict.events if e.code in TOOK_LIXO), None)
    alone = game.setup.players == 2
    tried = move_text(feedback.move, lang, top=top, alone=alone, rules=game.rules, lixo_count=taken)
    said = t("board.your_move", lang, move=tried)
    drew = drew_text(verdict, lang)
    if drew:  # (the card is marked in the hand, below a phone's fold: named where the tap was)
        said += f"  \n{drew}"
    for event in verdict.events:
        if event.code in SAID_UNDER_MOVE:
            said += f"  \n{message(event, lang)}"
    beat = beat_text(verdict, lang)
    if beat:  # (under the hand, below 11 new cards, a phone had it off-screen)
        said += f"  \n**{beat}**"
    if not verdict.ok:
        why = first_reason(verdict.reasons, lang)
        st.error(error_cards(f"**{t('board.illegal', lang, why=why)}**  \n{said}"))
        if len(verdict.reasons) > 1:
            with st.expander(t("board.why", lang)):
                lines = [message(r, lang) for r in verdict.reasons]
                st.markdown(bullet_list(lines, continues(verdict.reasons, lang)))
        return
    if game.setup.coach == "on" and feedback.notes:
        earlier = {
            n.code for at, notes in game.current.notes.items() if at < feedback.at for n in notes
        }
        # The move, then the coach's word on it, as a table talks (the coach's line stood
        # above the move it spoke of); a move with two notes is said once, above both.
        coach = t("play.coach_says", lang)
        for note in feedback.notes:
            text = note_text(note, lang, note.code in earlier, top, game.rules)
            said += f"  \n**{coach}** {text}"
        st.warning(md_cards(said))
    else:
        st.success(md_cards(said))


def _row_buttons(game_id: str, game: Game, lang: Lang, hint: Callable[[], None] | None) -> None:
    """The learner's buttons beside "+ Novo jogo": “Dica” (where it may be asked) and
    “Desfazer”."""
    if hint is not None:
        hint()
    _take_back_button(game_id, game, lang)


def _take_back_button(game_id: str, game: Game, lang: Lang) -> None:
    """“Desfazer jogada”: the learner's last move taken back (game.take_back), where it
    can be: a learner told by the coach that the discard feeds the opponent plays that
    position again."""
    st.button(
        t("play.take_back", lang),
        key="play_take_back",
        help=t("play.take_back_help", lang),
        on_click=_take_back,
        args=(game_id, game),
    )


def _take_back(game_id: str, game: Game) -> None:
    if _answered(game) is not None:
        return  # (a second tap: taken back already)
    _how_learned(game_id, game)  # (the move taken back may be the meld that taught the taps)
    back = take_back(game)
    if back is not None and _save(game_id, back, game):
        st.session_state[TAKEN_BACK_KEY] = (back, game.current.moves[-1])
        st.session_state.pop(FEEDBACK_KEY, None)
        board.clear_pick(BOARD_KEY)
    board.rerun_page(BOARD_KEY)  # (the list of moves and the coach's notes change too)


def _taken_back_text(move: Move, game: Game, state: State, lang: Lang) -> None:
    """“Jogada desfeita: …”, the move named as it was made from `state` (the position now)."""
    top = lixo_top(state)
    done = move_text(move, lang, top=top, alone=game.setup.players == 2, rules=game.rules)
    st.info(md_cards(t("play.taken_back", lang, move=done)))


# What the learner's move did to the table, said in the answer to it, where the learner
# looks after a tap: in the grey line under the hand alone, a phone had "O 2♦ voltou para a
# sua posição natural" below the fold.
SAID_UNDER_MOVE = frozenset({Code.TWO_MOVED_TO_NATURAL, Code.WILD_MOVED, Code.MORTO_BECAME_STOCK})
# The judge's events the answer to the learner's tap says itself (drew_text, beat_text, the
# above), not the grey line under the hand: said twice, a phone read "Comprou do monte: 8♠"
# there too; and "Descartou o 10♦: a vez passa" under "Sua jogada: Descartar o 10♦" and
# "Vez de: Adversário (jogador 2)", a third time; "Baixou o jogo 4♣ 4♥ 4♠" under "Sua
# jogada: Baixar 4♣ 4♥ 4♠" (the meld outlined green), as the move lists leave out what
# their line tells (RETOLD); “Pegou o lixo (3 cartas)…” under “Sua jogada: Pegar o lixo…”
# (its count is said in that line: TOOK_LIXO).
SAID_IN_ANSWER = (
    frozenset({Code.DREW, Code.DIRECT_BEAT, Code.INDIRECT_BEAT})
    | RETOLD
    | SAID_UNDER_MOVE
    | TOOK_LIXO
)
# Those whose words in the answer say the new cards are marked green (the card drawn, the
# morto of a direct beat): the line under the hand does not count them again.
NEW_CARDS_TOLD = frozenset({Code.DREW, Code.DIRECT_BEAT})


def beat_text(verdict: Verdict, lang: Lang) -> str:
    """What the learner's move did to the morto, said to them: a direct beat brought it into
    the hand, and the turn goes on without a draw; an indirect one leaves it waiting for
    their next turn [000, 001, 003]. The board had said it in a grey line under the hand:
    eleven new cards appeared and the word on them was below them, off a phone's screen.
    Empty for any other move."""
    codes = {event.code for event in verdict.events}
    if Code.DIRECT_BEAT in codes:
        return t("play.you_direct_beat", lang)
    if Code.INDIRECT_BEAT in codes:
        return t("play.you_indirect_beat", lang)
    return ""


def drew_text(verdict: Verdict, lang: Lang) -> str:
    """The card the learner's draw brought, said to them; empty for any other move."""
    for event in verdict.events:
        if event.code == Code.DREW:
            return t("play.you_drew", lang, card=dict(event.params)["card"])
    return ""


def note_text(
    note: SavedNote,
    lang: Lang,
    again: bool = False,
    top: Card | None = None,
    rules: RuleSet | None = None,
) -> str:
    """A coach note in words, with the better move. `again`: the round had the same note
    before, and the learner has read why; a short reminder of what was missed this time
    (the long note word for word again read as a wall of text), where there is one. `top`:
    the lixo's top card when the move was made, named in a better move that takes it
    ("Melhor: pegar o lixo e pôr o 9♠ no jogo 5", not "a carta de cima"). With `rules`, a
    meld to lay is named as it will lie, as the hint names it ("baixar 7♦ 2♣ 9♦", not
    "7♦ 9♦ 2♣", where the 2♣ read as a natural 2 after the 9♦)."""
    key = f"play.again.{note.code}"
    if not (again and key in catalog(lang)):
        key = f"cli.coach.note.{note.code}"
    text = worded(key, lang, **note.params)
    figure = played_out_text(note.params, lang)  # (a lixo left: the strong level's playouts)
    if note.better is None:
        trade_off = "" if again else trade_off_text(note.code, note.params, lang)
        return " ".join(part for part in (text, trade_off, figure) if part)
    better = mid_sentence(move_text(note.better, lang, top=top, rules=rules))  # ("Melhor: …")
    said = [text, better_text(better, note.params.get("then"), lang), figure]
    return " ".join(part for part in said if part)


def why_lines(
    rules: RuleSet, level: str, before: State, move: Move, lang: Lang, advice: bool = False
) -> list[str]:
    """Why a computer player made `move`: its level's habit for that kind of move, then what
    the judge says the move did (for a draw, nothing more: the card drawn is hidden).
    `advice`: the move not made yet, a hint to the learner: the habit said as advice
    ("Baixar um jogo: …", not "Baixou um jogo: …")."""
    kind = {Draw: "draw", TakeLixo: "take", Lay: "lay", Extend: "extend", Discard: "discard"}[
        type(move)
    ]
    bonus = 0  # (an extension that makes a canastra: its bonus)
    if isinstance(move, TakeLixo) and not move.justified:
        kind = "take_free"  # the whole lixo to the hand, the top card too [000]
    elif isinstance(move, TakeLixo) and len(before.lixo) == 1:
        kind = "take_one"  # (no other cards come with it)
    elif kind == "draw" and not before.lixo:
        kind = "draw_empty"  # (no pile to weigh: "not worth taking, or cannot" read as a riddle)
    elif kind == "draw":
        # Which of the two: "não vale a pena, ou não pode ser pego" beside the coach's "Dava
        # para pegar o lixo" read as the hint and the coach at odds.
        can = any(isinstance(m, TakeLixo) for m in legal_moves(rules, before))
        kind = "draw_skip" if can else "draw_cannot"
        if can and level == "random" and not advice:
            kind = "draw_random"  # (it weighs nothing: "não valia a pena" was not its reason)
    elif kind == "extend":
        kind, bonus = _extend_kind(rules, before, move)
        if before.players == 2:
            kind += "_alone"  # (its own meld: at a table of two there is no pair)
    # The side's morto taken (or waiting for its player, or none left): cards laid now go
    # towards going out, where "rumo ao morto" was said after the morto was in the hand.
    morto_ahead = before.sides[before.side_of(before.turn)].morto is MortoStatus.AVAILABLE
    if kind == "lay" and not morto_ahead:
        kind = "lay_to_go_out"
    if kind == "discard":
        # The last card is no choice among cards: its discard empties the hand (the morto,
        # or going out), where the level's habit told of the safest card, or "never a wild".
        # Every card alike (JK JK after the morto) is no choice either, where “a carta mais
        # segura” was said of a joker the next player then took the lixo with.
        hand = before.hands[before.turn]
        if len(hand) == 1:
            kind = "discard_last"
        elif len(set(hand)) == 1:
            kind = "discard_only"
        else:
            kind = f"discard_{level}"
    why = "play.hint_why." if advice else "play.why."
    top = lixo_top(before)
    shown = move.card if isinstance(move, Discard) and kind == "discard_only" else top
    habit = t(
        f"{why}{kind}",
        lang,
        card=shown.symbol if shown else "",
        count=len(before.lixo),
        bonus=bonus,
    )
    if isinstance(move, Draw):
        return [habit]  # its events name the card drawn: hidden from the learner
    verdict, after = play(rules, before, move)
    # The events that only retell the move are left out: the line above the reasons tells
    # it from the learner's chair ("ao jogo 1 deles"), where the judge's "ao jogo 1" read as
    # the learner's own meld 1.
    said = [e for e in verdict.events if e.code not in (RETOLD_IN_HINT if advice else RETOLD)]
    lines = [habit, *(_event_text(event, before, lang, advice) for event in said)]
    wild = None if level == "random" or after is None else _wild_spent(before, after)
    if wild is not None:
        wild_kind = "wild" if morto_ahead else "wild_to_go_out"
        lines.append(t(f"{why}{wild_kind}", lang, card=wild.symbol))
    return lines


def _extend_kind(rules: RuleSet, before: State, move: Move) -> tuple[str, int]:
    """An extension of the side's own meld, as its reason says it: "extend", on the way to a
    canastra; "extend_made", which makes the meld a canastra (with its bonus); or
    "extend_canastra", onto a meld that is one already, where "rumo à canastra" was untrue
    [000: "Quando um jogo chegar a ter no mínimo 7 cartas, ele terá o nome de Canastra"]."""
    assert isinstance(move, Extend)
    side = before.side_of(before.turn)
    melds = before.sides[side].melds
    if move.side not in (None, side) or not 0 <= move.meld < len(melds):
        return "extend", 0
    meld = melds[move.meld]
    if meld.canastra(rules) is not None:
        return "extend_canastra", 0
    grown = extended(meld, move.cards, rules).meld
    if grown is not None and grown.canastra(rules) is not None:
        return "extend_made", grown.bonus(rules)
    return "extend", 0


# The judge's events that a hint says to the learner, as what their move would do: the
# judge's words tell a move done ("o morto espera a próxima vez deste jogador", "o JK saiu
# do 5♥", "o 2♦ voltou para a sua posição natural").
SAID_TO_YOU = frozenset(
    {
        Code.DIRECT_BEAT,
        Code.INDIRECT_BEAT,
        Code.WENT_OUT,
        Code.WILD_MOVED,
        Code.TWO_MOVED_TO_NATURAL,
        Code.MORTO_BECAME_STOCK,
    }
)


def _event_text(event: Reason, before: State, lang: Lang, advice: bool) -> str:
    """An event of a move in words: the judge's, or in a hint, said to the learner."""
    if not (advice and event.code in SAID_TO_YOU):
        return message(event, lang)
    alone = "_alone" if event.code is Code.WENT_OUT and before.players == 2 else ""
    return worded(f"play.hint_why.{event.code}{alone}", lang, **event.params)


def _wild_spent(before: State, after: State) -> Card | None:
    """The wild a move put into one of its side's melds as a wild (the meld turns dirty), or
    None. The levels that choose do it to get cards down (levels.py): said, so that a learner
    who watches the partner do it hears why, as the coach's wild notes say what it costs.
    (The random level has no reason to tell.)"""
    side = before.side_of(before.turn)
    had = Counter(s.card for m in before.sides[side].melds for s in m.slots if s.wild)
    has = Counter(s.card for m in after.sides[side].melds for s in m.slots if s.wild)
    return next(iter(has - had), None)


def who(seat: int, lang: Lang) -> str:
    """The player at `seat` as the learner reads it: you, your partner, or an opponent."""
    if seat == LEARNER:
        return t("play.you", lang)
    key = "play.partner" if seat % 2 == LEARNER % 2 else "play.opponent"
    return t(key, lang, seat=seat + 1)


def morto_text(before: State, after: State, seat: int, lang: Lang) -> str:
    """What a move did to the mover's side's morto, which the move's words do not say: an
    indirect beat (the morto waits), a direct one (taken at once), the waiting morto picked
    up at the turn's start. Else empty. (Without it, 11 cards just appeared in a hand.)"""
    side = before.side_of(seat)
    was, now = before.sides[side].morto, after.sides[side].morto
    if was is now:
        return ""
    if now is MortoStatus.WAITING:  # (whose next turn: "a próxima vez" read as the next player's)
        return t("play.morto_waits_you" if seat == LEARNER else "play.morto_waits_theirs", lang)
    if now is MortoStatus.TAKEN:
        key = "play.morto_picked_up" if was is MortoStatus.WAITING else "play.morto_taken"
        return t(key, lang)
    return ""


def morto_line(states: Sequence[State], index: int, lang: Lang) -> str:
    """What move `index` of the round did to the mortos: to the mover's side's (morto_text),
    and the waiting morto that another side's player picks up as the move hands them the
    turn (the discard before their turn): named on that discard, where it happens (without
    it, 11 cards just appeared in the hand of the one who beat indirectly; the learner saw
    their own hand grow under "Since your last move" with no word on why). And a morto
    turned stock, the stock run out [000, 001, 003]: the stock had gone from 1 card to 11
    with no word."""
    before, after = states[index], states[index + 1]
    seat = before.turn
    said = [morto_text(before, after, seat, lang)]
    for was, now in zip(before.sides, after.sides, strict=True):
        waiting = was.waiting
        if (
            was.morto is MortoStatus.WAITING
            and waiting is not None
            and waiting.seat != seat
            and now.morto is MortoStatus.TAKEN
        ):
            if waiting.seat == LEARNER:
                said.append(t("play.morto_picked_up_you", lang))
            else:
                picker = mid_sentence(who(waiting.seat, lang))
                said.append(t("play.morto_picked_up_by", lang, who=picker))
    said.append(_stock_morto_text(before, after, lang))
    return " · ".join(x for x in said if x)


def _refilled(before: State, after: State) -> bool:
    """Whether the move from `before` to `after` ran the stock out and a morto became the
    stock: a morto left the table, and no side took it [000, 001, 003]. (A side's morto
    turned stock is not one taken: counted so, the last morto's refill went unsaid.)"""
    took = (MortoStatus.TAKEN, MortoStatus.WAITING)
    taken = sum(
        was.morto is MortoStatus.AVAILABLE and now.morto in took
        for was, now in zip(before.sides, after.sides, strict=True)
    )
    return len(after.mortos) < len(before.mortos) - taken


def _stock_morto_text(before: State, after: State, lang: Lang) -> str:
    """Whose morto a move turned into the stock, where the learner can tell: the side left
    without a morto, which pays for it at the round's end [000, 001, 003] (the line had said
    "um morto virou o novo monte", and the −100 came with no word on whose). With both sides
    still to take one, it is neither's yet: the other goes to the first to empty a hand.
    And the last morto taken by a beat after the other became the stock: the other side's
    was the one that did."""
    lost = [
        index
        for index, (was, now) in enumerate(zip(before.sides, after.sides, strict=True))
        if was.morto is not MortoStatus.STOCK and now.morto is MortoStatus.STOCK
    ]
    alone = "_alone" if after.players == 2 else ""
    if len(lost) == 2:
        return t(f"play.morto_stock_both{alone}", lang)
    whose = ("ours" if lost[0] == after.side_of(LEARNER) else "theirs") if lost else ""
    if _refilled(before, after):
        key = f"play.morto_stock_{whose}{alone}" if whose else f"play.morto_became_stock{alone}"
        return t(key, lang)
    return t(f"play.morto_was_stock_{whose}{alone}", lang) if whose else ""


def lixo_top(state: State) -> Card | None:
    """The lixo's top card, None where the lixo is empty (a move that takes it names it)."""
    return state.lixo[-1] if state.lixo else None


def done_text(move: Move, before: State, lang: Lang, rules: RuleSet | None = None) -> str:
    """A move of the round's record, told as done, its melds named from the learner's side
    ("acrescentou J♠ ao jogo 5 deles"), a pickup with the lixo's top card it used; with
    `rules`, a meld laid as it lies."""
    theirs = before.turn % 2 != LEARNER % 2
    alone = before.players == 2
    top = lixo_top(before)
    return move_text(move, lang, theirs=theirs, past=True, top=top, alone=alone, rules=rules)


def arrived(states: Sequence[State]) -> board.Changes | None:
    """The cards that came into the learner's hand since their last move, marked new as a
    draw's are: the waiting morto, which comes as their turn comes back [000, 001, 003]
    (the move list said so; its 11 cards were not told apart in the hand). None once the
    learner has moved this turn (their move's answer marks what it did)."""
    start = since_my_turn(states)
    if start == len(states) - 1:
        return None
    was, now = states[start].hands[LEARNER], states[-1].hands[LEARNER]
    new_cards = board.new_in_hand(Counter(was), now)
    return board.Changes(new_cards=new_cards) if new_cards else None


def since_my_turn(states: Sequence[State]) -> int:
    """The index of the first move since the learner's last one (the count of moves when
    the learner made the last)."""
    start = len(states) - 1
    while start > 0 and states[start - 1].turn != LEARNER:
        start -= 1
    return start


def _since_my_turn(game: Game, states: Sequence[State], lang: Lang) -> None:
    """The moves since the learner's last one: the computer players', one by one."""
    start = since_my_turn(states)
    if start < len(states) - 1:
        _move_list(game, states, start, lang, head=t("play.recent", lang))


# Texts remembered by the object they are made from, by identity (a game, a position: frozen,
# and deep to hash), and what else they depend on. The entry holds the object, so its id
# stays its own while it is kept; a full memo is emptied.
_Memo = dict[tuple[int, object], tuple[object, str]]


def _remembered(
    memo: _Memo, made_from: object, also: object, make: Callable[[], str], most: int
) -> str:
    kept = memo.get((id(made_from), also))
    if kept is not None and kept[0] is made_from:
        return kept[1]
    if len(memo) >= most:
        memo.clear()
    text = make()
    memo[(id(made_from), also)] = (made_from, text)
    return text


# The moves' lines, by the position each move led to (the replay's own object, made by that
# move alone: game.positions) and the language: a round's lists draw the same lines at every
# rerun, one to two dozen texts each.
_LINES: _Memo = {}


def move_line(game: Game, states: Sequence[State], index: int, lang: Lang) -> str:
    """Move `index` of the round as its record tells it: "12. Parceiro (jogador 3) baixou
    5♦ 6♦ 7♦", with what it did to the mortos."""
    made = partial(_move_line, game, states, index, lang)
    return _remembered(_LINES, states[index + 1], lang, made, most=512)


def _move_line(game: Game, states: Sequence[State], index: int, lang: Lang) -> str:
    before, move = states[index], game.current.moves[index]
    line = f"{index + 1}. {who(before.turn, lang)} {done_text(move, before, lang, game.rules)}"
    return " · ".join([line, *also_done(states, index, lang)])


def also_done(states: Sequence[State], index: int, lang: Lang) -> list[str]:
    """What move `index` did beyond the move's own words: to the mortos (morto_line), and
    the batida that ended the round (named where it was made)."""
    said = [morto_line(states, index, lang)]
    if states[index + 1].ended_by is EndReason.BATIDA:
        said.append(t("play.went_out_line", lang))
    return [x for x in said if x]


# What the computers did since the learner's last move (since_text), by the position their
# last move led to and the language: drawn at every rerun of the learner's turn.
_SINCE: _Memo = {}


def since_text(game: Game, states: Sequence[State], lang: Lang) -> str:
    """The computers' moves since the learner's last one, briefly, for the middle of the
    table, where "Até a minha vez" was tapped (the list with their reasons is under the
    hand, ~1000 px down a phone): a line per player who moved, in the order they played,
    their moves as the record tells them ("Adversário (jogador 2): comprou do monte ·
    descartou o A♠"), with what they did to the mortos. Markdown, its cards in their
    colours; empty when nobody has moved since."""

    def made() -> str:
        turns: list[tuple[int, list[str]]] = []  # (seat, what it did), a turn each
        for index in range(since_my_turn(states), len(states) - 1):
            before = states[index]
            did = [done_text(game.current.moves[index], before, lang, game.rules)]
            did += also_done(states, index, lang)
            if turns and turns[-1][0] == before.turn:
                turns[-1][1].extend(did)
            else:
                turns.append((before.turn, did))
        lines = (
            t("play.since_player", lang, who=who(seat, lang), moves=" · ".join(did))
            for seat, did in turns
        )
        return md_cards("  \n".join(lines))

    return _remembered(_SINCE, states[-1], lang, made, most=64)


def _move_list(game: Game, states: Sequence[State], start: int, lang: Lang, head: str = "") -> None:
    """The moves from `start` (under the bold `head`, if any), each its line, a computer's
    move a fold with its reasons: ONE element of static HTML (move_item), where each move was
    an expander or a box of its own (the list of a round in play: a tenth of its rerun)."""
    title = f"<p><strong>{html.escape(head)}</strong></p>" if head else ""
    items = (move_item(game, states, index, lang) for index in range(start, len(states) - 1))
    st.html(AsIs(f'<div class="bt-mvs">{title}{"".join(items)}</div>'))


# The move lists' items, by the position each move led to (as _LINES), the language and the
# computer's level (its habits are the reasons' first line).
_ITEMS: _Memo = {}


def move_item(game: Game, states: Sequence[State], index: int, lang: Lang) -> str:
    """Move `index` as a move list draws it (board.BOARD_CSS's bt-mv): its line, its cards
    in their colours as on the board; a computer's move a native fold (<details>: a tap, the
    keyboard or a screen reader opens it, without a rerun) whose body is why it was made
    (why_lines); the learner's own a box of the same look, with nothing to open."""
    made = partial(_move_item, game, states, index, lang)
    return _remembered(_ITEMS, states[index + 1], (lang, game.setup.level), made, most=512)


def _move_item(game: Game, states: Sequence[State], index: int, lang: Lang) -> str:
    line = html_cards(move_line(game, states, index, lang))
    before = states[index]
    if before.turn == LEARNER:
        return f'<div class="bt-mv bt-mine"><span>{line}</span></div>'
    move = game.current.moves[index]
    reasons = why_lines(game.rules, game.setup.level, before, move, lang)
    said = "".join(f"<li>{html_cards(reason)}</li>" for reason in reasons)
    return f'<details class="bt-mv"><summary><span>{line}</span></summary><ul>{said}</ul></details>'


# --- after the round ------------------------------------------------------------------------


def side_names(players: int, lang: Lang) -> tuple[str, str]:
    """The two sides as the learner reads them: "Nós" and "Eles" at a table of pairs; with
    two players, who have no partner, the players, as the seats name them ("Você" and
    "Adversário")."""
    alone = "" if players == 4 else "_alone"
    return t(f"play.side_ours{alone}", lang), t(f"play.side_theirs{alone}", lang)


def match_won_text(ours: bool, players: int, total: int, lang: Lang) -> str:
    """Who won the match: the learner's side or the other ("sua dupla", "os adversários");
    with two players, the learner or the one opponent."""
    alone = "" if players == 4 else "_alone"
    return t(f"play.match_won_{'ours' if ours else 'theirs'}{alone}", lang, total=total)


def _named(score: RoundScore, players: int, lang: Lang) -> RoundScore:
    """The round's score as the table reads it: its sides by `side_names`, and a hand by
    the seat that held it ("jogador 3"), not its place in the side ("1º jogador da dupla",
    which a two-player table has none of)."""
    names = side_names(players, lang)
    sides = tuple(
        SideScore(name, tuple(_by_seat(item, side) for item in s.items))
        for side, (name, s) in enumerate(zip(names, score.sides, strict=True))
    )
    return RoundScore(sides)


def _by_seat(item: ScoreItem, side: int) -> ScoreItem:
    hand = item.params.get("hand")
    if not isinstance(hand, int):
        return item
    params = {k: v for k, v in item.params.items() if k != "hand"}
    return replace(item, params={**params, "seat": hand_seat(side, hand)})


def _round_end(
    game_id: str,
    game: Game,
    states: Sequence[State],
    score: RoundScore,
    match: MatchStanding,
    lang: Lang,
) -> None:
    """The ended round: `score`, its score, and `match`, the match's standing after it (as
    `_game` worked them out: each round scored once a rerun)."""
    # Green for a round or a match the learner's side won; a lost one is no success.
    ahead = score.total(SIDE_NAMES[0]) >= score.total(SIDE_NAMES[1])
    (st.success if ahead else st.info)(ended_text(states, lang))
    if match.finished:  # (where the round's end opens: at the bottom a phone saw it last)
        ours = match.winner == SIDE_NAMES[0]
        won = match_won_text(ours, game.setup.players, max(match.totals), lang)
        (st.success if ours else st.info)(won)
    _how_it_ended(game, states, lang)
    show_score(_named(score, game.setup.players, lang), lang)
    for line in morto_penalty_lines(states, score, lang):
        st.caption(line)
    _key_moments(game, lang)
    hints = game.current.hints  # (kept with the game: a reload counts them all)
    if hints:
        st.caption(t("play.hints_asked", lang, n=hints))
    # (As the hints: the moves taken back, whose mistakes the key moments no longer show.)
    undone = game.current.taken_back
    if undone:
        st.caption(t("play.taken_back_count", lang, n=undone))
    _replay(game, states, lang)
    number = len(game.rounds) - 1
    st.download_button(
        t("play.export", lang),
        record_json(game, number),
        file_name=t("play.export_file", lang, id=game_id, n=number + 1),
        mime="application/json",
        help=t("play.export_help", lang),
        key="play_export",
        on_click="ignore",  # (a file saved changes nothing on the page: no rerun)
    )
    if match.finished:
        _new_game_button(lang)
        return
    st.button(
        t("play.next_round", lang),
        type="primary",
        key="play_next_round",
        on_click=_next_round,
        args=(game_id, game),
    )


# The rounds' records as their download holds them, by the game shown: a session keeps its
# game, the same object from rerun to rerun until a move is saved, and every rerun of the
# round's end (a fold opened, the language) had made the record again (1.4 ms a round of four).
_RECORDS: _Memo = {}


def record_json(game: Game, number: int) -> str:
    """Round `number`'s record as JSON (`round_record`, as buraco replay reads it)."""

    def made() -> str:
        return json.dumps(round_record(game, number), ensure_ascii=False, indent=1)

    return _remembered(_RECORDS, game, number, made, most=64)


def _how_it_ended(game: Game, states: Sequence[State], lang: Lang) -> None:
    """The moves since the learner's last one, where others ended the round: "Até a minha
    vez" opened the round's end on "o jogador 4, da outra dupla, bateu", and what was laid
    to go out, and before it, was only in the replay, at the bottom. Closed: on a phone the
    score stays near the top."""
    start = since_my_turn(states)
    count = len(states) - 1 - start
    if count == 0:
        return  # (the learner's own move ended it)
    label = html.escape(t("play.how_it_ended", lang, count=count))
    moves = range(start, len(states) - 1)
    lines = "<br>".join(html_cards(move_line(game, states, i, lang)) for i in moves)
    fold = f"<summary><span>{label}</span></summary><div>{lines}</div>"
    st.html(AsIs(f'<details class="bt-mv">{fold}</details>'))


def morto_penalty_lines(states: Sequence[State], score: RoundScore, lang: Lang) -> list[str]:
    """Why a side is scored "não pegou o morto" where the board had not said the morto was
    lost: it was waiting (an indirect beat, and the other side went out before that player's
    turn) [001], or it became the stock when the stock ran out [000, 001, 003] (the move list
    said so at that move; the score's -100 had no word). `states`: the round from its deal;
    `score`'s sides are the round's, in order: its items decide, as the options do."""
    final = states[-1]
    alone = "_alone" if final.players == 2 else ""
    paid = {  # what each side pays, as the rule says it: "paga 100" (the score's item is -100)
        index: -item.points
        for index, side in enumerate(score.sides)
        for item in side.items
        if item.code == "morto_not_taken"
    }
    stock = [i for i in paid if final.sides[i].morto is MortoStatus.STOCK]
    refills = [i + 1 for i in range(len(states) - 1) if _refilled(states[i], states[i + 1])]
    lines = []
    if len(stock) == 2 and len(refills) == 2:  # (both became the stock: one line, two moves)
        first, second = refills
        key = f"play.morto_paid_stock_both{alone}"
        lines.append(t(key, lang, first=first, second=second, points=paid[0]))
        stock = []
    for index, points in paid.items():
        whose = "ours" if index == final.side_of(LEARNER) else "theirs"
        at = _lost_at(states, index, refills) if index in stock else None
        if final.sides[index].morto is MortoStatus.WAITING:
            lines.append(t(f"play.morto_unused_{whose}{alone}", lang))
        elif at is not None:
            key = f"play.morto_paid_stock_{whose}{alone}"
            lines.append(t(key, lang, n=at, points=points))
    return lines


def _lost_at(states: Sequence[State], side: int, refills: Sequence[int]) -> int | None:
    """The move (numbered as the list counts) whose running out of the stock turned `side`'s
    morto into the stock: the last refill at or before the move that left the side without
    one (a beat may take the last morto after the other became the stock). None where the
    round's states do not show it (a round not from its deal)."""
    lost = next(
        (
            i + 1
            for i in range(len(states) - 1)
            if states[i + 1].sides[side].morto is MortoStatus.STOCK
        ),
        None,
    )
    return max((n for n in refills if lost is not None and n <= lost), default=None)


def ended_text(states: Sequence[State], lang: Lang) -> str:
    """How the round ended: the stock ran out, or who went out (the last move's player),
    named as the learner reads the table, with the side."""
    final = states[-1]
    if final.ended_by is EndReason.STOCK_OUT:
        return t("play.ended_stock_out", lang)
    seat = states[-2].turn if len(states) > 1 else final.turn
    if seat == LEARNER:
        key = "you"
    elif final.side_of(seat) == final.side_of(LEARNER):
        key = "partner"
    else:
        key = "opponent" if final.players == 4 else "opponent_alone"
    return t(f"play.ended_batida_{key}", lang, seat=seat + 1)


def _key_moments(game: Game, lang: Lang) -> None:
    """The coach's notes on the learner's moves and the illegal tries, and the lessons."""
    st.subheader(t("play.key_moments", lang))
    lines, lessons = key_moments(game, lang)
    if not lines:
        st.caption(t("play.no_moments", lang))
        return
    # (red cards red, as in the answers to the moves: drawn black, a 5♥ read as a 5♠)
    st.markdown(md_cards("\n".join(f"- {line}" for line in lines)))
    st.markdown(f"**{t('play.lessons', lang)}**")
    for lesson_id in lessons:
        lesson = course().lesson(lesson_id)
        st.page_link(
            "app_pages/lessons.py",
            label=f"{lesson.order}. {lesson.title.get(lang)}",
            icon="♥️",
            query_params={"lesson": lesson_id},
        )


def key_moments(game: Game, lang: Lang) -> tuple[list[str], list[str]]:
    """The round's key moments in the order they happened (a try before the move made
    instead, a move's notes after it), and the ids of the lessons that explain them, in the
    course's order."""
    rnd = game.current
    moments: list[tuple[int, int, str, str]] = []  # (move, 0 tried / 1 noted, text, lesson)
    noted = game.setup.coach != "off"
    # (the lixo's top card, named in a better move or a try that takes it; a try's reason)
    states = positions(game) if noted or rnd.stumbles else ()
    if noted:
        # Per kind of note: the first with its why, one reminder, and the moves of the rest
        # counted in that reminder (a round of weak discards had listed 17 of them).
        said: set[str] = set()  # the codes said in full
        reminder: dict[str, int] = {}  # code -> the index in `moments` of its reminder
        more: dict[str, list[int]] = {}  # code -> the moves (from 1) of the rest
        for at, notes in sorted(rnd.notes.items()):
            for note in notes:
                # A small lixo left is a judgement call (the note names no better move): said
                # at the move, not listed among the round's key moments.
                if judgement_call(note):
                    continue
                if note.code in reminder:
                    more.setdefault(note.code, []).append(at + 1)
                    continue
                again = note.code in said
                if again:
                    reminder[note.code] = len(moments)
                said.add(note.code)
                top = lixo_top(states[at]) if at < len(states) else None
                text = note_text(note, lang, again=again, top=top, rules=game.rules)
                moments.append((at, 1, text, lesson_for_code(note.code)))
        for code, moves in more.items():
            at, kind, text, lesson = moments[reminder[code]]
            also = t("play.again_more", lang, n=len(moves), moves=", ".join(map(str, moves)))
            moments[reminder[code]] = (at, kind, f"{text} {also}", lesson)
    tried: set[tuple[int, str]] = set()
    for stumble in rnd.stumbles:
        top = lixo_top(states[stumble.at]) if stumble.at < len(states) else None
        alone = game.setup.players == 2
        move = move_text(stumble.move, lang, top=top, alone=alone, rules=game.rules)
        text = t("play.stumble", lang, move=move)
        if stumble.at < len(states):  # why it was refused: the round's summary said only that
            verdict, _after = play(game.rules, states[stumble.at], stumble.move)
            text = " ".join(x for x in (text, first_reason(verdict.reasons, lang)) if x)
        if (stumble.at, text) in tried:
            continue  # the same try again (a second tap): one moment
        tried.add((stumble.at, text))
        first = stumble.codes[0] if stumble.codes else ""
        moments.append((stumble.at, 0, text, lesson_for_code(first)))
    moments.sort(key=lambda m: m[:2])  # (stable: a move's own notes keep their order)
    lines = [t("play.moment", lang, n=at + 1, text=text) for at, _, text, _ in moments]
    curriculum = course()
    lessons = sorted({m[3] for m in moments}, key=lambda i: curriculum.lesson(i).order)
    return lines, lessons


def judgement_call(note: SavedNote) -> bool:
    """A small lixo left for a draw: the note names no better move (a judgement call)."""
    return note.code == "lixo_left" and note.better is None


def lesson_for_code(code: str) -> str:
    """The lesson that explains `code`: REVIEW_LESSONS's, else the first lesson (in course
    order) with an exercise about it, else the lesson of common errors."""
    if code in REVIEW_LESSONS:
        return REVIEW_LESSONS[code]
    curriculum = course()
    for lesson in curriculum.lessons:
        for scenario in curriculum.scenarios_of(lesson.id):
            task = scenario.task
            codes = [c for w in scenario.wrong for c in w.codes]
            if isinstance(task, MoveTask):
                codes += task.success_codes
            if code in codes:
                return lesson.id
    return "common_errors_and_tips"


def _step_replay(key: str, by: int, last: int) -> None:
    """One move back or on in the replay (before the rerun, so the slider shows it)."""
    st.session_state[key] = min(max(st.session_state.get(key, last) + by, 0), last)


def _replay(game: Game, states: Sequence[State], lang: Lang) -> None:
    """The round again, one move at a time, from the learner's chair."""
    moves = game.current.moves
    key = f"play_step_{len(game.rounds)}"
    # Lazy: drawn only while open. Folded, its board (some 20 buttons) was built at every
    # rerun of the round's end, near half of it.
    folded = st.expander(t("play.replay", lang), key=REPLAY_KEY, on_change="rerun")
    if not folded.open:
        return
    # The slider's place is set in the store, not as its default: the buttons set it there
    # too, and Streamlit warns of a widget given both. Streamlit forgets a widget's value
    # while it is not drawn: the move shown is kept apart, for the replay opened again.
    kept = st.session_state.get(REPLAY_STEP_KEY)
    st.session_state.setdefault(key, kept[1] if kept and kept[0] == key else len(moves))
    with folded:
        # A slider is hard to move by one with a finger: a button each way does it.
        with st.container(horizontal=True, gap="small"):
            for label, by in (("play.replay_back", -1), ("play.replay_forward", 1)):
                st.button(
                    t(label, lang),
                    key=f"{key}_{by}",
                    on_click=_step_replay,
                    args=(key, by, len(moves)),
                    disabled=st.session_state[key] == (0 if by < 0 else len(moves)),
                )
        step = st.slider(t("play.replay_step", lang), 0, len(moves), key=key)
        st.session_state[REPLAY_STEP_KEY] = (key, step)  # (one key, whatever the round)
        if step:  # (the move's line as the lists tell it: the mortos, the batida that ended it)
            st.markdown(md_cards(f"**{move_line(game, states, step - 1, lang)}**"))
        else:  # (the slider's 0, which no move of the round is called)
            st.markdown(f"**{t('play.replay_deal', lang)}**")
        board.show_board(game.rules, states[step], "play_replay", lang, seat=LEARNER)
