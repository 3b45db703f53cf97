"""The table is the input: hand cards and places on the table are buttons.

Tap cards of the hand to pick them (a picked card lifts; tap it again to drop it), then tap
where they go: a meld (extend it), "Novo jogo" (lay), the lixo (take it, the picked cards
justifying it), "Descartar" (one card), the stock (draw). The lixo's top card is a button
too: pick it, then tap a meld to put it there. "Separar jogo" sets the picked cards aside so
that two or more melds go down in one move.

`build_move(state, pick, target)` turns a pick and a tap into a `Move` (pure, tested alone);
`show_board(...)` draws the table and calls `on_move(move)` from the tap's callback, so
whatever the caller saves there (a grade, progress) is already there when the page runs.
`on_move` says whether the move was played: after an illegal one the cards stay picked, so
the learner fixes the pick (a card more, a card less) instead of picking it all again.
`live_board(...)` is that board where the learner plays (Jogar, the lessons' exercises): a
pick reruns only the board (a Streamlit fragment), a move the whole page.
Every card and target is a real button with a readable name ("4♠", "Jogo 2: 3♠ 4♠ 5♠",
"Lixo (7 cartas)") for tests and screen readers: the hand's cards are the options of one
st.pills, in a toolbar named "Cartas da sua mão", a picked one pressed; each side's melds
are another, a toolbar named as the side's heading ("Jogos da sua dupla"). The look is CSS
on the elements' key classes (`st-key-<key>`): `BOARD_CSS`, injected once per run with the
card style sheet.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import streamlit as st

from buraco_app.cards_view import BLACK, FINGERTIP_SCREEN, JOKER_INK, JOKER_PAPER, RED, WILD_RING
from buraco_app.i18n import t
from buraco_app.inline_cards import MD_RED, MD_VIOLET, AsIs, show_text
from buraco_app.table_view import melds_title
from buraco_core.cards import Card
from buraco_core.melds import Meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo, hand_cards
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, State
from buraco_core.verdict import Reason, Verdict
from buraco_text import Lang, message

TargetKind = Literal["stock", "lixo", "new", "discard", "meld"]


@dataclass(frozen=True, slots=True)
class Pick:
    """What is picked: hand positions in tap order, the lixo's top card, groups set aside."""

    cards: tuple[int, ...] = ()
    top: bool = False
    groups: tuple[tuple[int, ...], ...] = ()

    def toggled(self, position: int) -> Pick:
        if position in self.cards:
            return replace(self, cards=tuple(p for p in self.cards if p != position))
        return replace(self, cards=(*self.cards, position))

    def set_aside(self) -> Pick:
        return Pick(top=self.top, groups=(*self.groups, self.cards)) if self.cards else self

    def undone(self) -> Pick:
        """Drop the last thing picked: a card, else the last group set aside, else the top."""
        if self.cards:
            return replace(self, cards=self.cards[:-1])
        if self.groups:
            return replace(self, cards=self.groups[-1], groups=self.groups[:-1])
        return replace(self, top=False)

    @property
    def empty(self) -> bool:
        return not (self.cards or self.top or self.groups)

    def within(self, size: int) -> Pick:
        """The pick with only the positions a hand of `size` cards has: a pick kept from an
        older hand (the game moved on in another tab) must not point past the hand's end."""
        cards = tuple(p for p in self.cards if p < size)
        groups = tuple(g for g in self.groups if all(p < size for p in g))
        return (
            self
            if (cards, groups) == (self.cards, self.groups)
            else replace(self, cards=cards, groups=groups)
        )


@dataclass(frozen=True, slots=True)
class Target:
    """A place on the table: `meld` is the meld's index on `side` (0: the mover's side)."""

    kind: TargetKind
    meld: int = 0
    other_side: bool = False


def build_move(state: State, pick: Pick, target: Target) -> Move | None:
    """The move a tap on `target` makes with `pick`; None when the pick does not fit it yet
    (no cards for a new meld, two cards to discard): the board says what to pick."""
    hand = state.hand
    cards = tuple(hand[p] for p in pick.cards)
    groups = tuple(tuple(hand[p] for p in g) for g in pick.groups)
    if target.kind == "stock":
        return Draw()
    if target.kind == "lixo":
        if pick.top or cards:
            return TakeLixo(new_meld=cards)
        return TakeLixo()
    if target.kind == "new":
        if pick.top:
            return TakeLixo(new_meld=cards) if cards else None
        new = tuple(g for g in (*groups, cards) if g)
        return Lay(new) if new else None
    if target.kind == "discard":
        return Discard(cards[0]) if len(cards) == 1 else None
    if pick.top:  # (onto one's own meld; across the table it is no move: need_of says so)
        return None if target.other_side else TakeLixo(extend=target.meld, cards=cards)
    if not cards:
        return None
    side = 1 - state.side_of(state.turn) if target.other_side else None
    return Extend(target.meld, cards, side=side)


def need_of(pick: Pick, target: Target) -> str:
    """What a tap that made no move (build_move's None) lacks, as the board's hint says it
    (`board.need.<this>`): mostly the cards for that place; the lixo's top card tapped onto
    a meld across the table, where it never goes (the hint had said "pick the cards for the
    meld", and with a card picked the card alone was tried there, the top card dropped)."""
    if target.kind == "meld" and target.other_side and pick.top:
        return "top_theirs"
    return target.kind


def hand_order(hand: Sequence[Card], by_rank: bool = False) -> list[int]:
    """Hand positions in display order: by suit then rank (or by rank then suit), jokers
    last. Positions, not cards, because a hand may hold two equal cards (two decks)."""

    def key(position: int) -> tuple[int, int, str]:
        card = hand[position]
        if card.suit is None:
            return (99, 99, "")
        suit = "shcd".index(card.suit.value)  # alternating colours, ♠ ♥ ♣ ♦, read easier
        return (card.rank, suit, "") if by_rank else (suit, card.rank, "")

    return sorted(range(len(hand)), key=key)


# --- what a move changed ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Changes:
    """What a legal move changed, to mark on the board drawn after it: the new cards and
    the changed melds outlined, and what happened (the verdict's events) said under it."""

    new_cards: tuple[int, ...] = ()  # positions in the new hand (the lixo came in, a draw)
    melds: frozenset[tuple[int, int]] = field(default_factory=frozenset)  # (side, index)
    events: tuple[Reason, ...] = ()  # the 2 went home, the morto arrived or waits...
    new_told: bool = False  # the answer to the move names the new cards: not counted again


def changes(before: State, after: State, verdict: Verdict, move: Move) -> Changes:
    """Where to mark the board; what happened is the judge's own account (`events`). A card
    in the hand is new unless it stayed from before the move: with two decks, a morto may
    bring a card the move just laid (an A♦ laid, another A♦ from the morto: new)."""
    kept = Counter(before.hands[before.turn]) - Counter(hand_cards(move))
    new_cards = new_in_hand(kept, after.hands[before.turn])
    melds = set()
    for side, (was, now) in enumerate(zip(before.sides, after.sides, strict=True)):
        for index, meld in enumerate(now.melds):
            if index >= len(was.melds) or was.melds[index] != meld:
                melds.add((side, index))
    return Changes(new_cards, frozenset(melds), verdict.events)


def new_in_hand(old: Counter[Card], hand: Sequence[Card]) -> tuple[int, ...]:
    """The positions in `hand` of the cards beyond the `old` ones (counted: with two decks
    a hand may hold two equal cards, one old and one new)."""
    left = Counter(old)
    new_cards = []
    for position, card in enumerate(hand):
        if left[card] > 0:
            left[card] -= 1
        else:
            new_cards.append(position)
    return tuple(new_cards)


# --- drawing ----------------------------------------------------------------------------------

# (The picked card's ring is drawn inside its border, so "10♦" keeps the width it needs.)
# Key prefixes: btc the lixo's cards, btm a side's melds, btt target, bthand the hand. The
# hand is one st.pills (a card an option, a tap its pick toggled: 12 buttons were a fifth of
# a rerun), its look that of the lixo's card buttons: the colour, a joker's paper and a new
# card's outline are marks in a card's label (`hand_labels`), the pick is the option pressed.
# Each side's melds are one st.pills too (a meld an option, a row as wide as the board; late
# in a round 11 of Jogar's 15 buttons were melds): a meld a move changed is bold in its
# label, drawn outlined green (`meld_labels`). A lixo card's colour goes in its key (r, b, j).
# A card's key stays when it is picked, which its button's type says (`_card_type`), and a
# widget's key stays whatever its options: a new key is a new element, drawn beside the old
# one until the rerun ends, and a quick second tap met the row shifted by a card or the
# melds by a meld (or a gap, and was lost). On a touch screen (cards_view.FINGERTIP_SCREEN:
# a phone's, a tablet's) every board's melds, targets and sort switch ({key}_by_rank) are a
# fingertip high (44 px), as is every other button, choice and expander of Jogar (its page's
# box, play.PAGE_MARK): they were 28 px (the switch 21), under the 44 a finger hits without
# touching the next.
# A choice's row wrapped on a phone lies right under the one above: 44 px high, its own
# 16 px gap left a blank row between them, read as two separate questions.
# A desktop's board (a mouse) keeps its short rows.
# Jogar's move lists are static HTML (`bt-mvs`, one element a list): each computer's move a
# native fold (<details>) drawn as Streamlit's expanders are (border, 14 px label, a chevron
# where theirs has its icon, the focus ring), the learner's own a box of the same look, and
# their cards in the colours md_cards gives a label (MD_RED, MD_VIOLET).
_HAND = '[class*="st-key-bthand"]'  # the hand: one st.pills, a card an option (_hand)
BOARD_CSS = f"""
[class*="st-key-btc"] button,{_HAND} button{{min-height:0;width:44px;height:60px;padding:0;
border:1px solid #8a8a8a;border-radius:7px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3);
transition:transform .1s}}
[class*="st-key-bt"] button:disabled{{opacity:1;cursor:default;color:{BLACK}}}
[class*="st-key-btc"] button p,{_HAND} button p{{font-size:18px;font-weight:700;
font-family:'DejaVu Sans',Arial,sans-serif;color:{BLACK}}}
[class*="st-key-btc"][class*="-r-"] button p,{_HAND} .stMarkdownColoredText{{color:{RED}!important}}
[class*="st-key-btc"][class*="-j-"] button,{_HAND} button:has(.stMarkdownColoredBackground){{
background:{JOKER_PAPER}!important}}
[class*="st-key-btc"][class*="-j-"] button p,
{_HAND} .stMarkdownColoredBackground .stMarkdownColoredText{{color:{JOKER_INK}!important}}
{_HAND} .stMarkdownColoredBackground{{background:none!important}}
{_HAND} [role="toolbar"]{{gap:.5rem}}
{_HAND} button:hover:not(:disabled){{background:#fff;border-color:#2e7d32}}
[class*="st-key-btc-"] button[kind="primary"],{_HAND} button[aria-pressed="true"]{{
transform:translateY(-9px);border:1px solid {WILD_RING}!important;
box-shadow:inset 0 0 0 2px {WILD_RING}!important;background:#fff3e0!important}}
[class*="st-key-btc-"] button[kind="tertiary"],{_HAND} button:has(strong){{
outline:3px solid #2e7d32;outline-offset:1px}}
[class*="st-key-btm"] [role="toolbar"]{{flex-direction:column;flex-wrap:nowrap;gap:1rem}}
[class*="st-key-btm"] button{{min-height:0;width:100%;justify-content:center;padding:2px 8px;
border-radius:.5rem;background:#fafafa!important;border:1px solid #bbb!important}}
[class*="st-key-btm"] button p{{font-size:17px;font-weight:600;color:{BLACK};text-align:center}}
[class*="st-key-btm"] button,[class*="st-key-btm"] button *{{white-space:normal;
text-overflow:clip}}
[class*="st-key-btm"] strong{{font-weight:inherit}}
[class*="st-key-btm-"] button:has(strong){{border:3px solid #2e7d32!important;
background:#e8f5e9!important}}
[class*="st-key-btt-"] button{{min-height:0;padding:2px 8px;border-style:dashed!important}}
[class*="st-key-btt-"] button p{{font-size:14px}}
{_HAND}{{padding-top:10px}}
.bt-mvs{{display:flex;flex-direction:column;gap:1rem}}
.bt-mvs>p{{margin:0}} .bt-mvs strong{{font-weight:600}}
.bt-mv{{border:1px solid rgba(47,45,43,.2);border-radius:8px;font-size:14px;line-height:1.6}}
.bt-mine{{padding:8px 12px 8px 36px}}
.bt-mv>summary{{list-style:none;display:flex;align-items:center;min-height:38px;
padding:4px 12px 4px 36px;position:relative;cursor:pointer;border-radius:8px}}
.bt-mv>summary::-webkit-details-marker{{display:none}}
.bt-mv>summary::before{{content:"";position:absolute;left:18px;top:50%;width:6px;
height:6px;border:solid currentColor;border-width:0 1.5px 1.5px 0;
transform:translate(-50%,-50%) rotate(-45deg)}}
.bt-mv[open]>summary{{background:#fcfcfb;border-radius:8px 8px 0 0}}
.bt-mv[open]>summary::before{{transform:translate(-50%,-75%) rotate(45deg)}}
.bt-mv>summary:hover{{background:rgba(187,187,165,.15)}}
.bt-mv>summary:focus-visible{{outline:none;box-shadow:0 0 0 .2rem rgba(46,125,50,.5)}}
.bt-mv>ul,.bt-mv>div{{margin:0;padding:16px;font-size:16px;border-top:1px solid rgba(47,45,43,.2)}}
.bt-mv>ul{{padding:16px 16px 13px 34.4px}} .bt-mv li{{margin:.2em 0;padding-left:.3em}}
.bt-how>summary{{list-style:none;display:flex;align-items:center;width:fit-content;
cursor:pointer}}
.bt-how>summary::-webkit-details-marker{{display:none}}
.bt-how>summary::before{{content:"";flex:none;width:6px;height:6px;margin:0 .7em 0 .2em;
border:solid currentColor;border-width:0 1.5px 1.5px 0;transform:rotate(-45deg)}}
.bt-how[open]>summary::before{{transform:rotate(45deg)}}
.bt-mvr{{color:{MD_RED}}} .bt-mvj{{color:{MD_VIOLET}}}
@media {FINGERTIP_SCREEN}{{[class*="st-key-btm"] button,[class*="st-key-btt-"] button,
[class*="_by_rank"] label,.st-key-play-page button,.st-key-play-page summary,
.st-key-play-page [role="radiogroup"] label,.st-key-play-page [data-baseweb="select"]>div{{
min-height:44px}}
[class*="_by_rank"] label,.st-key-play-page [role="radiogroup"] label{{align-items:center}}
.st-key-play-page [role="radiogroup"]{{row-gap:0}}}}
[class*="st-key-play-go-on-"] button,[class*="st-key-play-go-on-"] button div{{
justify-content:flex-start;text-align:left}}
.bt-seats{{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));grid-template-areas:
"across across across" "left mid right" "me me me";gap:3px;max-width:420px;margin:0 auto;
font-size:13px;line-height:1.25;text-align:center}}
.bt-seat{{border:1px solid #bbb;border-radius:6px;padding:2px 4px;background:#fafafa}}
.bt-seat.bt-turn{{border:2px solid #2e7d32;background:#e8f5e9}}
.bt-at-me{{grid-area:me}} .bt-at-across{{grid-area:across}} .bt-at-left{{grid-area:left}}
.bt-at-right{{grid-area:right}}
.bt-at-me,.bt-at-across{{justify-self:center;min-width:calc((100% - 6px) / 3)}}
.bt-seat-mid{{grid-area:mid;align-self:center;color:#555;font-style:italic}}
.bt-seats2 .bt-seat-mid{{grid-area:2/1/3/4}}
"""


_BOARD_STYLE = AsIs(f"<style>{BOARD_CSS}</style>")


def inject_css() -> None:
    """The board's style sheet (app.py adds it once per run, as the cards' one)."""
    st.html(_BOARD_STYLE)


def _card_type(picked: bool) -> Literal["primary", "secondary"]:
    """The lixo's top card's button type, which BOARD_CSS draws: picked (lifted, ringed)."""
    return "primary" if picked else "secondary"


def _ink(card: Card) -> str:
    if card.suit is None:
        return "j"
    return "r" if card.suit.red else "b"


def _label(card: Card) -> str:
    """A card in a button label or a text: coloured Markdown (red suits red)."""
    if card.suit is not None and card.suit.red:
        return f":red[{card.symbol}]"
    return card.symbol


def hand_labels(hand: Sequence[Card], new: Collection[int] = ()) -> list[str]:
    """Each card's label in the hand's widget, by position: red suits `:red[]`, a joker on
    its paper (`:violet-background[]`), a new card bold, which BOARD_CSS draws as today's
    card buttons. In ASCII, the card's last character an HTML entity: Streamlit searches
    every other option label for a leading emoji (0.2 ms a label, as much as a card's
    button), and the widget's value is its labels, so two equal cards (two decks) are
    written apart, by the entity's leading zeros (`&#9829;`, `&#09829;`: both read 7♥)."""
    labels = []
    seen: Counter[Card] = Counter()
    for position, card in enumerate(hand):
        symbol = card.symbol
        text = f"{symbol[:-1]}&#{'0' * seen[card]}{ord(symbol[-1])};"
        seen[card] += 1
        if card.suit is None:
            text = f":violet-background[:violet[{text}]]"
        elif card.suit.red:
            text = f":red[{text}]"
        labels.append(f"**{text}**" if position in new else text)
    return labels


def cards_label(cards: Sequence[Card]) -> str:
    return " ".join(_label(c) for c in cards)


def meld_label(meld: Meld, number: int, lang: Lang, theirs: bool = False, players: int = 4) -> str:
    """ "Jogo 2: 3♠ 4♠ 5♠" ("Jogo 2 deles: …" across the table, "Jogo 2 do adversário: …"
    with two players), the wild marked, low to high as it lies."""
    parts = []
    for slot in meld.slots:
        text = _label(slot.card)
        # (the wild's mark around its colour: a red 2 marked alone was drawn black)
        parts.append(f":orange-background[{text}]" if slot.wild else text)
    alone = "" if players == 4 else "_alone"  # (one opponent: no pair's "deles")
    name = t(f"board.their_meld{alone}" if theirs else "board.meld", lang, n=number)
    return name + " " + " ".join(parts)


def _pick_key(key: str) -> str:
    return f"{key}_pick"


def current_pick(key: str) -> Pick:
    pick = st.session_state.get(_pick_key(key))
    return pick if isinstance(pick, Pick) else Pick()


def clear_pick(key: str) -> None:
    st.session_state.pop(_pick_key(key), None)
    st.session_state.pop(f"{key}_need", None)
    st.session_state.pop(_refused_key(key), None)


def _refused_key(key: str) -> str:
    return f"{key}_refused"  # the last tap's move was refused, and nothing was tapped since


def refusal_stands(key: str) -> bool:
    """Whether the answer to a refused move still speaks of the board: a tap since that
    changed the pick or asked for a hint leaves it out of date (its red stayed beside the
    yellow hint, or under a pick that had fixed what it said)."""
    return bool(st.session_state.get(_refused_key(key)))


def _tapped_key(key: str) -> str:
    return f"{key}_tapped"  # the target of the last tap that made a move


def _set_pick(key: str, pick: Pick) -> None:
    """The pick changed: a hint on what to pick (`{key}_need`) spoke of the pick before, and
    goes (it stayed after "Desfazer", or under a draw just made, as if that had failed)."""
    st.session_state[_pick_key(key)] = pick
    st.session_state.pop(f"{key}_need", None)
    st.session_state.pop(_refused_key(key), None)


def _hand_key(key: str) -> str:
    return f"bthand-{key}"  # (the hand's widget, its value the picked positions shown)


def hand_mark(key: str) -> str:
    """The key of the board's hand, one button a card: its container's CSS class, for a
    page's scroll (pages.ask_to_show)."""
    return _hand_key(key)


def _toggled(key: str) -> None:
    """Cards of the hand tapped: each whose pick the widget's value changed (one a tap; more
    if taps came quicker than reruns), kept in tap order."""
    now = st.session_state[_hand_key(key)]
    pick = current_pick(key)
    for position in (*pick.cards, *now):
        if (position in now) != (position in pick.cards):
            pick = pick.toggled(position)
    _set_pick(key, pick)


def _melds_key(key: str, other: bool) -> str:
    return f"btm-{key}-{int(other)}"  # (a side's melds: 0 the mover's, 1 the other side's)


def _meld_tapped(
    key: str, state: State, other: bool, on_move: Callable[[Move], bool] | None
) -> None:
    """A meld of a side's widget tapped: the tap on that meld (`_tap`); the widget's value is
    the melds tapped since it was drawn, the last one last. None (a meld tapped again before
    the page redrew it unpressed) is no tap."""
    tapped = st.session_state[_melds_key(key, other)]
    if tapped and on_move is not None:
        _tap(key, state, Target("meld", tapped[-1], other), on_move)


def _toggle_top(key: str) -> None:
    pick = current_pick(key)
    _set_pick(key, replace(pick, top=not pick.top))


def _need(key: str, need: str) -> None:
    st.session_state[f"{key}_need"] = need  # (said on the board: `board.need.<need>`)
    st.session_state.pop(_refused_key(key), None)


def _set_aside(key: str) -> None:
    _set_pick(key, current_pick(key).set_aside())


def _undo(key: str) -> None:
    _set_pick(key, current_pick(key).undone())


def _tap(key: str, state: State, target: Target, on_move: Callable[[Move], bool]) -> None:
    pick = current_pick(key).within(len(state.hand))
    move = build_move(state, pick, target)
    if move is None:
        _need(key, need_of(pick, target))
        return
    st.session_state[_tapped_key(key)] = target  # (the answer to this move is drawn there)
    rerun_page(key)  # (played or refused, the move is answered by the whole page)
    if on_move(move):
        if isinstance(move, Draw):
            # The picked cards stay in the hand, picked; the lixo's top card cannot be taken
            # after a draw, so it leaves the pick (the next meld is not read as a pickup).
            _set_pick(key, replace(current_pick(key), top=False))
        else:
            clear_pick(key)
    else:  # refused: the board and the pick stay, the verdict says what to change
        st.session_state.pop(f"{key}_need", None)
        st.session_state[_refused_key(key)] = True


def _page_key(key: str) -> str:
    return f"{key}_page"  # a tap on the live board changed more than the board


def rerun_page(key: str) -> None:
    """From a tap's callback on the live board (`live_board`): the tap changed more than the
    board (a move played or refused, the computers' turns), so the whole page reruns, not
    the board alone."""
    st.session_state[_page_key(key)] = True


def live_board(
    rules: RuleSet,
    state: State,
    key: str,
    lang: Lang,
    on_move: Callable[[Move], bool],
    marks: Changes | None = None,
    seat: int | None = None,
    answer: Callable[[], None] | None = None,
    refused: bool = False,
    how_learned: bool = False,
    hint: Callable[[], None] | None = None,
    keep_sort: bool = False,
) -> None:
    """`show_board` where the learner plays: a pick (a card of the hand, the lixo's top card,
    "Desfazer", "Separar jogo", a hint, the sort) reruns only the board, the learner's most
    frequent tap answered quickly; a move (a tap that calls `on_move`, or `rerun_page`)
    reruns the whole page, which shows what it changed. `refused`: the page outside the
    board shows a refused move's answer as standing, which the first tap that changes the
    pick makes out of date: the whole page reruns once, to grey it. `how_learned`: the
    learner has made the moves the how-to caption under the hand teaches (`taps_learned`):
    it is one line, the rest folded. `hint`: draws the page's hint button (Jogar's "Dica")
    beside "+ Novo jogo", in a row the board has anyway. `keep_sort`: the hand's sort switch
    keeps its value while another page is shown (a board whose key is the same each visit,
    Jogar's: an exercise's board, one key per exercise, would leave a key behind each)."""
    st.session_state.pop(_page_key(key), None)  # (the whole page runs already)
    _live_board(
        rules, state, key, lang, on_move, marks, seat, answer, refused, how_learned, hint, keep_sort
    )


@st.fragment
def _live_board(
    rules: RuleSet,
    state: State,
    key: str,
    lang: Lang,
    on_move: Callable[[Move], bool],
    marks: Changes | None,
    seat: int | None,
    answer: Callable[[], None] | None,
    refused: bool,
    how_learned: bool,
    hint: Callable[[], None] | None,
    keep_sort: bool,
) -> None:
    if st.session_state.pop(_page_key(key), False) or (refused and not refusal_stands(key)):
        st.rerun()  # (the page's whole run, this fragment's args made anew)
    show_board(rules, state, key, lang, on_move, marks, seat, answer, how_learned, hint, keep_sort)


def show_board(
    rules: RuleSet,
    state: State,
    key: str,
    lang: Lang,
    on_move: Callable[[Move], bool] | None = None,
    marks: Changes | None = None,
    seat: int | None = None,
    answer: Callable[[], None] | None = None,
    how_learned: bool = False,
    hint: Callable[[], None] | None = None,
    keep_sort: bool = False,
) -> None:
    """The table from `seat`'s chair (default: the player on turn). With `on_move` the cards
    and places are buttons that make a move (it returns whether the move was played);
    without, the same board, for reading only. `answer` draws the answer to the last tap
    where the tap was: under the melds of the side tapped (a meld extended, the lixo taken
    onto it: the answer names the meld), under "+ Novo jogo" (a meld laid), else under the
    row of the stock, the lixo and the discard (under the hand a phone showed it off-screen;
    so it did under that row after a tap on a meld high above it, with many melds on the
    table)."""
    seat = state.turn if seat is None else seat
    side = state.side_of(seat)
    live = on_move is not None and state.phase is not Phase.ENDED and seat == state.turn
    pick = current_pick(key).within(len(state.hand)) if live else Pick()
    marks = marks or Changes()

    def target(kind: TargetKind, meld: int = 0, other: bool = False) -> tuple[object, ...]:
        return (key, state, Target(kind, meld, other), on_move)

    tapped = st.session_state.get(_tapped_key(key)) if answer is not None else None
    # (Drawn once, always: a board not live has no "+ Novo jogo" to draw it under.)
    placed = ("meld", "new") if live else ("meld",)
    if not isinstance(tapped, Target) or tapped.kind not in placed:
        tapped = None
    elif tapped.kind == "meld" and tapped.meld >= len(
        state.sides[1 - side if tapped.other_side else side].melds
    ):
        tapped = None  # (no such meld now: the answer goes under the middle row)

    _seats(state, seat, lang)
    # No meld down yet (a round's start): one line, beside "+ Novo jogo", not two empty
    # sections, which put a phone's hand below the fold.
    nobody = (
        f":gray[{t('board.no_melds_yet', lang)}]" if not any(s.melds for s in state.sides) else ""
    )

    def melds_of(other: bool) -> None:
        melds_side = 1 - side if other else side
        melds = state.sides[melds_side].melds
        title = t(melds_title(state, other), lang)
        none = f": :gray[{t('table.no_melds', lang)}]" if not melds and (other or not live) else ""
        if not nobody:
            st.markdown(f"**{title}**{none}")
        elif not (other or live):  # (the computers' turn: the small grey line it is on one's own)
            st.caption(nobody)
        if melds:
            _melds(rules, state, melds_side, other, key, lang, on_move if live else None, marks)
        # The answer to a tap on a meld: under its side's melds, one widget (it cannot sit
        # under the meld itself), and it names the meld ("Acrescentar 4♠ ao jogo 2").
        here = tapped is not None and tapped.kind == "meld" and tapped.other_side == other
        if answer is not None and here:
            answer()
        if not other and live:
            with st.container(horizontal=True, gap="xsmall", vertical_alignment="center"):
                if nobody:  # (small: with "+ Novo jogo" and "Dica" on a phone's one line)
                    st.caption(nobody, width="content")
                st.button(
                    t("board.new_meld", lang),
                    key=f"btt-{key}-new",
                    on_click=_tap,
                    args=target("new"),
                    disabled=not live,
                )
                if pick.cards:
                    st.button(
                        t("board.set_aside", lang),
                        key=f"btt-{key}-aside",
                        on_click=_set_aside,
                        args=(key,),
                    )
                if hint is not None:  # (a row of its own pushed a phone's hand below the fold)
                    hint()
            if pick.groups:
                hand = state.hand
                st.caption(
                    t("board.aside", lang)
                    + " "
                    + " | ".join(cards_label([hand[p] for p in g]) for g in pick.groups)
                )
            if answer is not None and tapped == Target("new"):
                answer()

    # As at a table, seen from one's chair: the other side's melds across it, the stock and
    # the lixo in the middle, one's own melds in front of one, then the hand. On a phone
    # one's melds, tapped to extend them, sat above the middle row, away from the hand.
    # A hint on what to pick, said where the tap was, as a refused move's answer: under the
    # hand a phone had it off-screen; above the hand, after a tap on "Descartar" with many
    # melds of one's own between, it was too, and the tap seemed to do nothing.
    need = st.session_state.get(f"{key}_need") if live else None
    need_at = NEED_PLACES.get(need, "hand") if need else None
    melds_of(other=True)
    if need_at == "theirs":
        st.warning(t(f"board.need.{need}", lang))
    _middle(rules, state, seat, key, lang, live, pick, target)
    if need_at == "middle":
        st.warning(t(f"board.need.{need}", lang))
    if answer is not None and tapped is None:
        answer()
    melds_of(other=False)
    if need_at == "hand":  # ("+ Novo jogo", one's melds: just above the hand)
        st.warning(t(f"board.need.{need}", lang))
    justified = rules.pickup != "free"
    _hand(state, seat, key, lang, live, pick, marks, justified, how_learned, keep_sort)
    _marks_text(marks, lang)


# Where a hint on what to pick (`{key}_need`, `board.need.<need>`) is said: under the row
# of the stock, the lixo and "Descartar" for a tap there; under the other side's melds for
# the lixo's top card tapped onto one of theirs; else just above the hand.
NEED_PLACES = {
    "discard": "middle",
    "lixo_inside": "middle",
    "top_after_draw": "middle",
    "top_theirs": "theirs",
}


def seat_places(players: int, seat: int) -> dict[str, int]:
    """Where each seat sits as `seat` sees the table: "me" at the bottom, then in the order
    of play (counter-clockwise: the next player on the right), partner across."""
    if players == 2:
        return {"me": seat, "across": 1 - seat}
    return {
        "me": seat,
        "right": (seat + 1) % players,
        "across": (seat + 2) % players,
        "left": (seat + 3) % players,
    }


def _seats(state: State, seat: int, lang: Lang) -> None:
    """The seats around the table, each with its hand's count (seats count from 1), the
    one on turn outlined, the phase in the middle with whose turn it is: a small grid that
    fits a 390 px phone. The seat across and one's own are as wide as their words, not a
    third of the grid: there "parceiro (jogador 3)" broke in two lines, and with the rows
    under it pushed a phone's hand below the fold at a round's start."""
    cells = []
    roles = {}
    for place, who in seat_places(state.players, seat).items():
        roles[who] = "you" if place == "me" else "partner" if who % 2 == seat % 2 else "opponent"
        role = t(f"seats.{roles[who]}", lang)
        count = t("seats.cards", lang, count=len(state.hands[who]))
        turn = " bt-turn" if who == state.turn and state.phase is not Phase.ENDED else ""
        # "(player 3)" kept on one line: a narrow seat broke it as "(player / 3)".
        number = html.escape(t("seats.seat", lang, seat=who + 1)).replace(" ", "&nbsp;")
        cells.append(
            f'<div class="bt-seat bt-at-{place}{turn}"><b>{html.escape(role)}</b> '
            f"{number}<br>{html.escape(count)}</div>"
        )
    middle = f'<div class="bt-seat-mid">{html.escape(_turn_phase(state, roles, lang))}</div>'
    label = html.escape(t("seats.label", lang))
    # (two players: no seats at the sides, the middle row is the phase's alone, on one line)
    two = " bt-seats2" if state.players == 2 else ""
    group = f'class="bt-seats{two}" role="group" aria-label="{label}"'
    st.html(f"<div {group}>{''.join(cells)}{middle}</div>")


def _turn_phase(state: State, roles: dict[int, str], lang: Lang) -> str:
    """Whose turn it is and where in it: "sua vez: falta comprar", "vez do adversário: já
    comprou" (a bare "já comprou" between two seats read as either one's). At four, another
    seat is named by its number too: two opponents sit there."""
    if state.phase is Phase.ENDED:
        return t("table.phase_ended", lang)
    phase = t("table.phase_draw" if state.phase is Phase.DRAW else "table.phase_play", lang)
    role = roles[state.turn]
    number = ""
    if role != "you" and state.players == 4:
        number = " " + t("seats.seat", lang, seat=state.turn + 1)
    return t(f"seats.turn_{role}", lang, phase=phase, seat=number)


def _middle(
    rules: RuleSet,
    state: State,
    seat: int,
    key: str,
    lang: Lang,
    live: bool,
    pick: Pick,
    target: Callable[..., tuple[object, ...]],
) -> None:
    """The stock, the lixo (its top card a button to pick), the discard place, the mortos.
    A board for reading only names the stock and the lixo instead of offering them."""
    with st.container(horizontal=True, gap="xsmall", vertical_alignment="center"):
        stock = t("board.stock", lang, count=len(state.stock))
        lixo = t("table.lixo", lang, count=len(state.lixo))
        if live:
            st.button(stock, key=f"btt-{key}-stock", on_click=_tap, args=target("stock"))
            st.button(
                lixo,
                key=f"btt-{key}-lixo",
                on_click=_tap,
                args=target("lixo"),
                disabled=not state.lixo,
            )
        else:
            # (As wide as its words: the lixo's card stays beside them, as on a live board.)
            st.caption(f"{stock} · {lixo}", width="content")
        shown = state.lixo if rules.discard_pile_visible == "all" else state.lixo[-1:]
        drawn = state.phase is Phase.PLAY
        for offset, card in enumerate(shown):
            top = offset == len(shown) - 1
            # A card inside an open lixo (Aberto shows it all) is no pick: tapped, the board
            # says why (greyed out, a tap on it did nothing, without a word). Nor is the top
            # card after the draw: picked, it was offered for a meld the judge then refused.
            pickable = top and not drawn
            need = "lixo_inside" if not top else "top_after_draw"
            st.button(
                card.symbol,
                key=f"btc-{_ink(card)}-{key}-lixo{offset}",
                type=_card_type(picked=top and pick.top),
                on_click=_toggle_top if pickable else _need,
                args=(key,) if pickable else (key, need),
                disabled=not live,
                help=t("board.top_help", lang) if live and pickable else None,
            )
        if live:
            st.button(
                t("board.discard", lang),
                key=f"btt-{key}-discard",
                on_click=_tap,
                args=target("discard"),
            )
        # In the row: beside the buttons where there is room, else just under them (a line
        # of its own put a phone's hand below the fold at a round's start, at 4 players).
        mortos = t("board.mortos", lang, n=len(state.mortos))
        our = f"{t('table.our_morto', lang)}: {morto_status(state, seat, lang)} · {mortos}"
        st.caption(our, width="content")


def _melds(
    rules: RuleSet,
    state: State,
    melds_side: int,
    other: bool,
    key: str,
    lang: Lang,
    on_move: Callable[[Move], bool] | None,
    marks: Changes,
) -> None:
    """One side's melds, one widget (st.pills, a meld an option, a meld a row as wide as the
    board: BOARD_CSS), a toolbar named for a screen reader as the side's heading names it; a
    tap on a meld is `_tap` on it, with the cards picked. No meld stays pressed: the widget
    is set back before it is drawn, so the same meld tapped again is a tap again."""
    melds = state.sides[melds_side].melds
    widget = _melds_key(key, other)
    labels = meld_labels(
        rules, melds, lang, other, state.players, changed=marks.melds, side=melds_side
    )
    st.session_state[widget] = []
    st.pills(
        t(melds_title(state, other), lang),
        range(len(melds)),
        selection_mode="multi",  # (a toolbar of buttons: arrow keys move, and tap nothing)
        format_func=labels.__getitem__,
        key=widget,
        on_change=_meld_tapped,
        args=(key, state, other, on_move),
        disabled=on_move is None,
        label_visibility="collapsed",
        width="stretch",
    )


def meld_labels(
    rules: RuleSet,
    melds: Sequence[Meld],
    lang: Lang,
    theirs: bool,
    players: int,
    changed: Collection[tuple[int, int]] = (),
    side: int = 0,
) -> list[str]:
    """Each meld's label in its side's widget: `meld_label` and its canastra's kind, bold
    where the move just made changed it, which BOARD_CSS outlines green."""
    labels = []
    for index, meld in enumerate(melds):
        label = meld_label(meld, index + 1, lang, theirs, players)
        kind = meld.canastra(rules)
        if kind:
            label += f" · {t('board.canastra', lang, kind=kind)}"
        labels.append(f"**{label}**" if (side, index) in changed else label)
    return labels


def morto_status(state: State, seat: int, lang: Lang) -> str:
    """Where `seat`'s side's morto is, told to the one at `seat`: waiting for them after
    their indirect beat is "esperando por você", not "esperando o jogador 1" (the learner
    is player 1, a number the seats say once, small)."""
    side = state.sides[state.side_of(seat)]
    if side.waiting is None:
        return t(f"table.morto.{side.morto.value}", lang)
    if side.waiting.seat == seat:
        return t("board.morto_waiting_you", lang)
    return t("table.morto.waiting", lang, seat=side.waiting.seat + 1)


def taps_learned(moves: Iterable[Move]) -> bool:
    """Whether `moves` (a learner's, by taps) hold what the how-to caption under the hand
    teaches: a draw from the stock, a meld laid and the lixo taken."""
    return {Draw, Lay, TakeLixo} <= {type(move) for move in moves}


def _hand(
    state: State,
    seat: int,
    key: str,
    lang: Lang,
    live: bool,
    pick: Pick,
    marks: Changes,
    justified: bool,
    how_learned: bool,
    keep_sort: bool,
) -> None:
    hand = state.hands[seat]
    head = st.container(horizontal=True, vertical_alignment="center")
    head.markdown(f"**{t('table.your_hand', lang, count=len(hand))}**")
    # (kept while another page is shown, as the pages' switches are: a learner back on
    # Jogar from a lookup found the hand by suit again)
    kept: Literal["session"] | None = "session" if keep_sort else None
    by_rank = head.toggle(t("board.by_rank", lang), key=f"{key}_by_rank", persist_state=kept)
    set_aside = {p for g in pick.groups for p in g}
    shown = [p for p in hand_order(hand, by_rank) if p not in set_aside]
    labels = hand_labels(hand, marks.new_cards)
    widget = _hand_key(key)
    # The pick is the board's (a tap on a place clears it, "Desfazer" drops a card): the
    # widget shows it, set before the widget is drawn, as Streamlit allows.
    st.session_state[widget] = [p for p in pick.cards if p in shown]
    st.pills(
        t("board.hand_cards", lang),  # (not the heading's words: a page finds those once)
        shown,
        selection_mode="multi",
        format_func=labels.__getitem__,
        key=widget,
        on_change=_toggled,
        args=(key,),
        disabled=not live,
        label_visibility="collapsed",
    )
    if not live:
        return
    if pick.cards or pick.top:
        picked = cards_label([hand[p] for p in pick.cards])
        if pick.top:  # ("10♣ Q♣ e a carta de cima do lixo": run together, it read as one)
            top = t("board.top_picked", lang)
            # (the top card goes onto one's meld or into a new one: not to the discard;
            # alone, one card picked: "Escolhida", as for one card of the hand)
            said = "board.picked_top" if picked else "board.picked_top_alone"
            picked = t("board.top_picked_with", lang, cards=picked) if picked else top
            st.caption(t(said, lang, cards=picked))
        elif pick.groups:  # (melds set aside: "Novo jogo" lays them all, not the lixo...)
            st.caption(t("board.picked_aside", lang, cards=picked, n=len(pick.cards)))
        else:  # (one card alone: "Escolhida: 3♠. Toque onde vai")
            st.caption(t("board.picked", lang, cards=picked, n=len(pick.cards)))
    elif pick.groups:  # (a meld set aside: the next step, not the how-to from the start)
        st.caption(t("board.aside_next", lang))
    elif not st.session_state.get(f"{key}_need"):  # (a hint above says what to pick)
        # (where the lixo is justified, tapping it alone is refused: say how it is taken;
        # once drawn, mid-turn, the step the turn is at: lay, then discard. The how-to from
        # the draw on came back after a move taken back, six grey lines on a phone.)
        how = t("board.how_justified" if justified else "board.how", lang)
        if state.phase is Phase.PLAY:
            how = t("board.how_play", lang)
        if how_learned:  # (six grey lines on a phone at every turn: one, the rest a tap away)
            short = html.escape(t("board.how_short", lang))
            fold = f'<details class="bt-how"><summary>{short}</summary>{html.escape(how)}</details>'
            st.caption(fold, unsafe_allow_html=True)
        else:
            st.caption(how)
    if not pick.empty:
        st.button("↶ " + t("board.undo", lang), key=f"{key}_undo", on_click=_undo, args=(key,))


def _marks_text(marks: Changes, lang: Lang) -> None:
    lines = [message(event, lang).rstrip(".") for event in marks.events]
    if marks.new_cards and not marks.new_told:
        lines.append(t("board.mark.new_cards", lang, n=len(marks.new_cards)))
    if lines:
        show_text(" · ".join(lines), caption=True)
