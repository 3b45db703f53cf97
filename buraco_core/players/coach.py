"""The coach: notes on legal moves that give points away, each with a stable code, the
values its message names, and the better move.

The coach sees what the mover's seat sees (it never tells a learner about hidden cards) and
compares the move with the moves the judge allows there. A note is a code, not a sentence:
the messages live in the catalogs, per language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from buraco_core.cards import Card
from buraco_core.judge import apply, check, legal_moves
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.players.levels import (
    Option,
    fits_meld,
    judge_options,
    keep_value,
    round_estimate,
)
from buraco_core.players.view import SeatView, view_of
from buraco_core.rules import RuleSet
from buraco_core.state import EndReason, MortoStatus, Phase, State


class NoteCode(StrEnum):
    WILD_DISCARDED = "wild_discarded"  # a wild on the lixo, with another card to discard
    FEEDS_OPPONENT = "feeds_opponent"  # the next opponent's meld takes the lixo with it
    WILD_DIRTIES_MELD = "wild_dirties_meld"  # a wild where the same cards stayed clean
    LIXO_LEFT = "lixo_left"  # a clean justified pickup left for a draw
    DIRECT_BEAT_MISSED = "direct_beat_missed"  # the last card discarded: it could be laid
    GO_OUT_MISSED = "go_out_missed"  # the side could go out, ahead
    MORTO_LEFT = "morto_left"  # the whole hand could go down and take the morto now
    LAST_CARD_TRAP = "last_card_trap"  # refused: the last card could not be discarded


@dataclass(frozen=True, slots=True)
class Note:
    code: NoteCode
    params: Mapping[str, Any] = field(default_factory=dict)
    better: Move | None = None


def coach(rules: RuleSet, state: State, move: Move) -> tuple[Note, ...]:
    """Notes on `move` by the player on turn. A legal move gets a note for each way it gives
    points away (none when it does not); an illegal one only where the coach can say what
    to do instead (the last-card trap): the judge's verdict says why it is refused."""
    if state.phase is Phase.ENDED:
        return ()
    view = view_of(rules, state, state.turn)
    dealt = view.determinize()
    moves = list(legal_moves(rules, dealt))
    # The same move with its cards in another order (as tapped) is the move listed: the
    # notes never depend on the order of the cards. A legal move the listing reaches only
    # in steps (three cards onto a meld) is judged as it is.
    listed = {_key(m): m for m in moves}
    move = listed.get(_key(move), move)
    if move not in listed.values() and not check(rules, dealt, move).ok:
        return _instead(rules, view, dealt, move, moves)
    notes: list[Note] = []
    if isinstance(move, Draw):
        notes.extend(_lixo_left(rules, view, dealt, moves))
    if isinstance(move, Discard):
        notes.extend(_discard_notes(rules, view, dealt, move, moves))
    if isinstance(move, Lay | Extend | TakeLixo):
        notes.extend(_wild_notes(rules, view, dealt, move, moves))
    if state.phase is Phase.PLAY and not _finishes_this_turn(rules, view, dealt, move):
        notes.extend(_go_out_missed(rules, view, dealt, move, moves))
        if not any(n.code is NoteCode.DIRECT_BEAT_MISSED for n in notes):
            notes.extend(_morto_left(rules, view, dealt, move, moves))
    return tuple(notes)


def _key(move: Move) -> tuple[Any, ...]:
    """A move with its cards in a fixed order: the same move, however its cards were given."""

    def cards(group: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(sorted(group, key=lambda c: c.order))

    if isinstance(move, Lay):
        return ("lay", tuple(sorted((cards(g) for g in move.melds), key=repr)))
    if isinstance(move, Extend):
        return ("extend", move.meld, move.side, cards(move.cards))
    if isinstance(move, TakeLixo):
        return ("take_lixo", cards(move.new_meld), move.extend, cards(move.cards))
    return ("other", move)


def _finishes_this_turn(rules: RuleSet, view: SeatView, dealt: State, move: Move) -> bool:
    """After a lay or an extension the turn goes on: if the next move can still take the
    morto (a direct beat) or go out, the line is not missed, only begun (the page lays one
    meld per tap). One step is looked at: the two-step lines are the common ones."""
    if not isinstance(move, Lay | Extend):
        return False
    after = apply(rules, dealt, move)
    if after.phase is not Phase.PLAY or after.turn != dealt.turn:
        return False
    options = judge_options(rules, after, list(legal_moves(rules, after)), view.seat)
    return any(o.beat or _goes_out(o) for o in options)


def _goes_out(option: Option) -> bool:
    """The round ends because the side went out (a batida), not because the stock ran out."""
    return option.ended and option.after.ended_by is EndReason.BATIDA


def _instead(
    rules: RuleSet, view: SeatView, dealt: State, move: Move, moves: Sequence[Move]
) -> tuple[Note, ...]:
    """A lay that would leave one card the player could not discard (the side may not go
    out yet): keep two cards, or discard now."""
    verdict = check(rules, dealt, move)
    if "last_card_trap" not in verdict.codes:
        return ()
    own = view.melds_of(view.side)
    discards = [m for m in moves if isinstance(m, Discard)]
    best = min(discards, key=lambda d: (keep_value(d.card, view.hand, own, rules), repr(d)))
    missing = [code for code in verdict.codes if code != "last_card_trap"]
    return (Note(NoteCode.LAST_CARD_TRAP, {"missing": missing}, best),)


def _morto_left(
    rules: RuleSet, view: SeatView, dealt: State, move: Move, moves: Sequence[Move]
) -> list[Note]:
    others = [m for m in moves if isinstance(m, Lay | Extend) and m != move]
    beats = [o for o in judge_options(rules, dealt, others, view.seat) if o.beat]
    if not beats or judge_options(rules, dealt, [move], view.seat)[0].beat:
        return []
    best = max(beats, key=lambda o: (-o.wilds_added, o.cards_laid, repr(o.move)))
    return [Note(NoteCode.MORTO_LEFT, {"cards": len(view.hand)}, best.move)]


def _lixo_left(rules: RuleSet, view: SeatView, dealt: State, moves: Sequence[Move]) -> list[Note]:
    pickups = [m for m in moves if isinstance(m, TakeLixo)]
    if rules.pickup == "free" or not pickups:
        return []
    clean = [o for o in judge_options(rules, dealt, pickups, view.seat) if o.wilds_added <= 0]
    if not clean:
        return []
    best = max(clean, key=lambda o: (o.cards_laid, repr(o.move)))
    return [Note(NoteCode.LIXO_LEFT, {"count": view.lixo_size}, best.move)]


def _discard_notes(
    rules: RuleSet, view: SeatView, dealt: State, move: Discard, moves: Sequence[Move]
) -> list[Note]:
    notes = []
    own = view.melds_of(view.side)
    discards = [m for m in moves if isinstance(m, Discard) and not m.card.is_wild_kind]
    if move.card.is_wild_kind and discards:
        best = min(discards, key=lambda d: (keep_value(d.card, view.hand, own, rules), repr(d)))
        notes.append(Note(NoteCode.WILD_DISCARDED, {"card": move.card}, best))
    if rules.pickup != "free" and not move.card.is_wild_kind:
        theirs = view.melds_of(1 - view.side)
        used = [i for i, m in enumerate(theirs) if fits_meld(m, move.card, rules)]
        safe = [d for d in discards if not any(fits_meld(m, d.card, rules) for m in theirs)]
        if used and safe:
            best = min(safe, key=lambda d: (keep_value(d.card, view.hand, own, rules), repr(d)))
            notes.append(
                Note(
                    NoteCode.FEEDS_OPPONENT,
                    {"card": move.card, "meld": used[0] + 1, "count": view.lixo_size + 1},
                    best,
                )
            )
    side = view.sides[view.side]
    if len(view.hand) == 1 and side.morto is MortoStatus.AVAILABLE and view.morto_sizes:
        melds = [m for m in moves if isinstance(m, Lay | Extend)]
        beats = [o for o in judge_options(rules, dealt, melds, view.seat) if o.beat]
        if beats:
            notes.append(Note(NoteCode.DIRECT_BEAT_MISSED, {"card": move.card}, beats[0].move))
    return notes


def _wild_notes(
    rules: RuleSet,
    view: SeatView,
    dealt: State,
    move: Lay | Extend | TakeLixo,
    moves: Sequence[Move],
) -> list[Note]:
    """A wild laid where the same natural cards had a clean way down. A pickup is compared
    with the other pickups; a wild added alone, with the naturals that extend the same meld
    (any clean move would 'hold' no natural at all)."""
    mine = judge_options(rules, dealt, [move], view.seat)[0]
    if mine.wilds_added <= 0:
        return []
    naturals = [c for c in _cards(move) if not c.is_wild_kind]
    kind = TakeLixo if isinstance(move, TakeLixo) else Lay | Extend
    others = [m for m in moves if isinstance(m, kind) and m != move]
    if not naturals:
        others = [m for m in others if _same_meld(m, move)]
    clean = [
        o
        for o in judge_options(rules, dealt, others, view.seat)
        if o.wilds_added <= 0 and _holds_all(_cards(o.move), naturals)
    ]
    if not clean:
        return []
    best = max(clean, key=lambda o: (o.cards_laid, repr(o.move)))
    wild = next(c for c in _cards(move) if c.is_wild_kind)
    points = {"limpa": rules.canastra_limpa_points, "suja": rules.canastra_suja_points}
    return [Note(NoteCode.WILD_DIRTIES_MELD, {"card": wild, **points}, best.move)]


def _go_out_missed(
    rules: RuleSet, view: SeatView, dealt: State, move: Move, moves: Sequence[Move]
) -> list[Note]:
    ending = [
        o
        for o in judge_options(rules, dealt, [m for m in moves if m != move], view.seat)
        if _goes_out(o)  # (a stock-out ends the round too, with no batida: nothing missed)
    ]
    if not ending or judge_options(rules, dealt, [move], view.seat)[0].ended:
        return []
    best: Option = max(
        ending, key=lambda o: (round_estimate(rules, view, o.after)[0], repr(o.move))
    )
    ours, theirs = round_estimate(rules, view, best.after)
    if ours <= theirs:
        return []
    return [Note(NoteCode.GO_OUT_MISSED, {"ours": ours, "theirs": theirs}, best.move)]


def _cards(move: Move) -> tuple[Card, ...]:
    """The hand cards a lay, an extension or a pickup puts down."""
    if isinstance(move, Lay):
        return tuple(c for group in move.melds for c in group)
    if isinstance(move, TakeLixo):
        return move.new_meld or move.cards
    return move.cards if isinstance(move, Extend) else ()


def _same_meld(move: Move, other: Move) -> bool:
    """Both go onto the same table meld."""
    if isinstance(move, Extend) and isinstance(other, Extend):
        return (move.meld, move.side) == (other.meld, other.side)
    if isinstance(move, TakeLixo) and isinstance(other, TakeLixo):
        return move.extend is not None and move.extend == other.extend
    return False


def _holds_all(cards: Sequence[Card], wanted: Sequence[Card]) -> bool:
    rest = list(cards)
    for card in wanted:
        if card not in rest:
            return False
        rest.remove(card)
    return True
