"""Drawing a position as the player on turn sees it, and moves in words.

The lixo shows as the variant shows it: every card in Aberto, only the top card and the count
in Fechado and STBL (`discard_pile_visible`).
"""

from __future__ import annotations

from collections.abc import Sequence

from buraco_app.cards_view import cards_html, meld_html
from buraco_app.i18n import t
from buraco_app.inline_cards import caption_md
from buraco_core.cards import Card
from buraco_core.melds import Meld, judged
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, Phase, State
from buraco_text import Lang


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def as_laid(cards: tuple[Card, ...], rules: RuleSet | None) -> tuple[Card, ...]:
    """Cards of a new meld in the order the judge lays them (low to high, a wild in the place
    it stands for); cards that make no meld, or no rules to judge them by, as given."""
    meld = judged(cards, rules).meld if rules is not None else None
    return meld.cards if meld is not None else cards


def move_text(
    move: Move,
    lang: Lang,
    theirs: bool = False,
    past: bool = False,
    top: Card | None = None,
    alone: bool = False,
    rules: RuleSet | None = None,
    lixo_count: int | None = None,
) -> str:
    """A move in plain words: "Acrescentar 4♠ ao jogo 1"; `past`, as a record of the round
    tells it ("acrescentou 4♠ ao jogo 1"); `theirs`, made by the other side, whose melds it
    names as theirs ("ao jogo 1 deles"), as the board labels them; `alone`, at a table of
    two, where the other side is one player ("ao jogo 1 dele", "do adversário": no pair);
    with `rules`, a meld laid is named as it will lie on the table ("Baixar 6♦ 7♦ 8♦" for
    7♦ 8♦ 6♦ tapped), as the board and the judge's own line show it. With `lixo_count`, a
    pickup (not in the past) says the lixo's cards: "Pegar o lixo (3 cartas) e baixar…"."""
    key = "move.done." if past else "move."
    one = "_alone" if alone else ""
    mine = f"_theirs{one}" if theirs else ""
    if isinstance(move, Draw):
        return t(f"{key}draw", lang)
    if isinstance(move, Discard):
        return t(f"{key}discard", lang, card=move.card.symbol)
    if isinstance(move, Lay):
        laid = (as_laid(g, rules) for g in move.melds)
        return t(f"{key}lay", lang, cards=" + ".join(cards_text(g) for g in laid))
    if isinstance(move, Extend):
        kind = f"extend_other{one}" if move.side is not None else f"extend{mine}"
        return t(f"{key}{kind}", lang, cards=cards_text(move.cards), meld=move.meld + 1)
    assert isinstance(move, TakeLixo)
    said = _take_lixo_text(move, key, mine, lang, top)
    head = t("move.take_lixo", lang)  # (every pickup's words start so, in both languages)
    if lixo_count is None or past or not said.startswith(head):
        return said
    return t("move.take_lixo_count", lang, count=lixo_count) + said.removeprefix(head)


def _take_lixo_text(move: TakeLixo, key: str, mine: str, lang: Lang, top: Card | None) -> str:
    # The lixo's top card, where the record or the table shows it (it is public): named, not
    # "a de cima".
    named = "_top" if top is not None else ""
    shown = top.symbol if top is not None else ""
    if move.new_meld:
        return t(f"{key}take_lixo_new{named}", lang, cards=cards_text(move.new_meld), top=shown)
    if move.extend is not None:
        # ("pôs o J♥ com A♥ no jogo 8", where "no jogo 8 + A♥" read as the A♥ elsewhere)
        extra = t("move.extend_with", lang, cards=cards_text(move.cards)) if move.cards else ""
        kind = f"take_lixo_extend{mine}{named}"
        return t(f"{key}{kind}", lang, meld=move.extend + 1, extra=extra, top=shown)
    return t(f"{key}take_lixo", lang)


def vulnerable_text(state: State, rules: RuleSet, lang: Lang, seat: int = 0) -> str:
    """Which side is vulnerable this round, told to the one at `seat` (Jogar's learner sits
    at 0), and what that asks of its first meld [003]; empty when neither is (or the house
    rule is off). Jogar and the exercises' board say it alike."""
    alone = "_alone" if state.players == 2 else ""
    points = rules.vulnerable_min_meld_points
    ours = state.side_of(seat)
    return " ".join(
        t(f"play.vulnerable_{whose}{alone}", lang, points=points)
        for whose, side in (("ours", state.sides[ours]), ("theirs", state.sides[1 - ours]))
        if side.vulnerable and points > 0
    )


def _melds_block(title: str, melds: Sequence[Meld], lang: Lang) -> list[str]:
    if not melds:
        # One line, as the board says it: a title and its "nenhum" as two paragraphs stood
        # a paragraph's gap apart, as loose as two sections.
        return [f"**{title}**: :gray[{t('table.no_melds', lang)}]"]
    return [f"**{title}**"] + [
        f"<div class='bt-meld-row'><span class='bt-meld-no'>{index + 1}</span>"
        f"{meld_html(meld, size='sm', lang=lang)}</div>"
        for index, meld in enumerate(melds)
    ]


def melds_title(state: State, theirs: bool) -> str:
    """The catalog key naming a side's melds: a side is a pair only with four players."""
    key = "table.their_melds" if theirs else "table.our_melds"
    return key if len(state.hands) == 4 else f"{key}_alone"


def table_markdown(rules: RuleSet, state: State, lang: Lang, seat: int | None = None) -> str:
    """The table from `seat`'s chair (default: the player on turn), as one Markdown block for
    st.markdown(..., unsafe_allow_html=True): our own HTML for the cards, captions as
    caption_md. One element, not fifteen."""
    seat = state.turn if seat is None else seat
    side = state.side_of(seat)
    other = 1 - side
    turn_key = "table.your_turn" if state.turn == seat else "table.turn_of"
    phase = {Phase.DRAW: "table.phase_draw", Phase.PLAY: "table.phase_play"}.get(
        state.phase, "table.phase_ended"
    )
    parts = [caption_md(f"{t(turn_key, lang, seat=state.turn + 1)} · {t(phase, lang)}")]
    parts += _melds_block(t(melds_title(state, False), lang), state.sides[side].melds, lang)
    parts += _melds_block(t(melds_title(state, True), lang), state.sides[other].melds, lang)

    # (An empty lixo: its heading says so, "Lixo (vazio)", and nothing under it.)
    parts.append(f"**{t('table.lixo', lang, count=len(state.lixo))}**")
    if state.lixo and rules.discard_pile_visible == "all":
        parts += [cards_html(state.lixo, size="sm"), caption_md(t("table.lixo_all", lang))]
    elif state.lixo:
        parts += [cards_html(state.lixo[-1:], size="sm"), caption_md(t("table.lixo_top", lang))]

    statuses = [
        t(f"table.morto.{s.morto.value}", lang)
        if s.morto is not MortoStatus.WAITING
        else t("table.morto.waiting", lang, seat=s.waiting.seat + 1 if s.waiting else "?")
        for s in state.sides
    ]
    others = " · ".join(
        t("table.hand_count", lang, seat=s + 1, count=len(state.hands[s]))  # seats from 1
        for s in range(state.players)
        if s != seat
    )
    parts.append(
        caption_md(
            t("table.counts", lang, stock=len(state.stock), mortos=len(state.mortos))
            + f" · {t('table.our_morto', lang)}: {statuses[side]}"
            + f" · {t('table.their_morto', lang)}: {statuses[other]}"
        )
    )
    parts.append(caption_md(others))
    parts.append(f"**{t('table.your_hand', lang, count=len(state.hands[seat]))}**")
    parts.append(cards_html(state.hands[seat]))
    return "\n\n".join(parts)
