"""The coach: notes on legal moves that give points away, each with a stable code, the
values its message names, and the better move.

The coach sees what the mover's seat sees (it never tells a learner about hidden cards) and
compares the move with the moves the judge allows there. A note is a code, not a sentence:
the messages live in the catalogs, per language.

The coach and the computer players teach one game: a note never calls a move weak when the
`strong` level (levels.StrongPlayer, its habits without the look-ahead) would play it there
for the same reason. So each judgement call asks that policy:
- a wild laid where the same naturals had a clean way down is noted only if the strong
  habits, playing the clean move and then on through the turn, keep that meld clean; when
  they put a wild onto it anyway (to take the morto, to go out, or to empty a short hand in
  the race to the morto: what it measurably gains in this engine), the wild was the race's
  price, not a mistake;
- a discard is noted (a wild, or a card that fits the next opponents' meld: in Aberto,
  where anyone may take the open lixo, on a pile of `BIG_OPEN_LIXO` cards or more) only if
  the strong level's own discard rule picks another card, and the better discard named
  never feeds the opponents itself; in Fechado only where the judge lets the next player
  take the lixo onto that meld with the card alone (not where two hand cards must go with
  it, nor where the pickup would leave that player a last card they may not discard); a
  Fechado discard is also noted where it makes a new meld with two naturals the next
  player is seen to hold (taken with a lixo, not laid since), which takes the pile;
- going out is called missed only where the round's estimate favours the side, where the
  strong habits go out too (a meld move and the last discard count, as they do for it);
  the note gives that estimate. Its look-ahead may still play on (a close call): where the
  seeded strong player plays on there (the very move, or another), it is not noted; where
  it goes out, the way named is its own (the Dica's) if its estimate favours the side too;
- the last card discarded where laying it emptied the hand too (a batida indireta where
  a direta was there): taking the morto, it comes a turn late (and is paid if the
  opponents, who may go out, do so first); going out, the card's points are lost, noted
  only where laying it scores more (not a wild that dirties the canastra limpa);
- a small lixo left for a draw is a trade-off, not an error (the strong level weighs it by
  playing the round out, and often draws): a one-card lixo gets no note, a pile of up to
  `SMALL_LIXO` cards a note that says it could be taken, without a "better" move; a bigger
  one is noted only where the strong level itself takes it there, with the figures it takes
  it by (its rounds played out after the pickup and after the draw);
- a wild put into a short new meld where the lixo is closed (Fechado, STBL) and the side has no
  canastra yet is noted only where the seeded strong player's turn there (its move, then its
  habits on through the turn) puts no wild down: it does to take the morto, to go out, to
  empty a short hand in the race to the morto, and once the opponents hold their morto;
  where the wild was the lixo's top card and the strong player draws instead, the note
  gives the figures it draws by (its rounds played out after its pickup and after the
  draw), and names no better move where they come out even;
- a move that lowers a canastra's bonus (STBL: the high ace onto a 500 laid at once makes it
  a limpa) is noted, unless it takes the morto or goes out: the strong level never makes it.

"The strong level there" is one player: `StrongPlayer` at its default budget in the mover's
seat, seeded with `seed` (the Jogar page passes the seed its computer players get for that
move). Its take-or-draw plays the round out on a few dozen random deals, so where the two
come close another seed may choose the other way: the notes follow the one seeded player,
and the same position with the same seed always gets the same notes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from buraco_core.cards import Card
from buraco_core.judge import apply, check, go_out_verdict, legal_moves, round_score
from buraco_core.melds import Meld, extended
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo, hand_cards
from buraco_core.players.levels import (
    Option,
    StrongPlayer,
    fits_meld,
    judge_options,
    keep_value,
    lowers_bonus,
    round_estimate,
)
from buraco_core.players.view import SeatView, view_of
from buraco_core.rules import RuleSet
from buraco_core.state import EndReason, MortoStatus, Phase, State

# A lixo of this many cards or fewer is a small one: taking it or drawing is a judgement call.
SMALL_LIXO = 3
# A new meld of this many cards or fewer is a short one ("sequências curtas" [003]); at six
# the tip is another (“Evite usar curinga cedo numa sequência de seis cartas” [003]).
SHORT_MELD = 5
# An open lixo (Aberto) of this many cards, the discard included, is big: anyone may take
# it, and a card that fits the next opponents' meld goes down with it.
BIG_OPEN_LIXO = 5
# The strong level whose habits the notes must not contradict (no look-ahead: its meld and
# discard habits are what it plays; the look-ahead only weighs the draw and going out).
_STRONG = StrongPlayer(look_ahead=False)
# The strong level as the Jogar page's computers play it (its default budget, look-ahead on).
_STRONG_LOOKING = StrongPlayer()


class NoteCode(StrEnum):
    WILD_DISCARDED = "wild_discarded"  # a wild on the lixo, with another card to discard
    FEEDS_OPPONENT = "feeds_opponent"  # the next opponent's meld takes the lixo with it
    WILD_DIRTIES_MELD = "wild_dirties_meld"  # a wild where the same cards stayed clean
    WILD_IN_NEW_MELD = "wild_in_new_meld"  # closed lixo, no canastra yet: a wild in a new meld
    WILD_ON_SHORT_MELD = "wild_on_short_meld"  # the same, a wild added to a short clean meld
    BONUS_LOWERED = "bonus_lowered"  # STBL: the high ace onto a 500 laid at once (a limpa now)
    LIXO_LEFT = "lixo_left"  # a clean justified pickup left for a draw
    FITS_OWN_MELD = "fits_own_meld"  # a discard that one of the side's melds could take
    DIRECT_BEAT_MISSED = "direct_beat_missed"  # the last card discarded: it could be laid
    DIRECT_GO_OUT_MISSED = "direct_go_out_missed"  # gone out by a discard: laid, it scored
    GO_OUT_MISSED = "go_out_missed"  # the side could go out, ahead
    MORTO_LEFT = "morto_left"  # the whole hand could go down and take the morto now
    LAST_CARD_TRAP = "last_card_trap"  # refused: the last card could not be discarded


@dataclass(frozen=True, slots=True)
class Note:
    code: NoteCode
    params: Mapping[str, Any] = field(default_factory=dict)
    better: Move | None = None


def coach(rules: RuleSet, state: State, move: Move, seed: int | str = 0) -> tuple[Note, ...]:
    """Notes on `move` by the player on turn. A legal move gets a note for each way it gives
    points away (none when it does not); an illegal one only where the coach can say what
    to do instead (the last-card trap): the judge's verdict says why it is refused. `seed`
    seeds the strong level whose choices the notes never call weak (module docstring)."""
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
        notes.extend(_lixo_left(rules, view, dealt, moves, seed))
    if isinstance(move, Discard):
        notes.extend(_discard_notes(rules, view, dealt, move, moves, seed))
    if isinstance(move, Lay | Extend | TakeLixo):
        notes.extend(_wild_notes(rules, view, dealt, move, moves))
    if isinstance(move, Lay | Extend | TakeLixo) and not notes:  # (one note on one wild)
        notes.extend(_wild_in_new_meld(rules, view, dealt, move, seed))
    if isinstance(move, Extend):
        notes.extend(_bonus_lowered(rules, view, dealt, move, seed))
    if state.phase is Phase.PLAY and not _finishes_this_turn(rules, view, dealt, move):
        notes.extend(_go_out_missed(rules, view, dealt, move, moves, seed))
        if not any(n.code is NoteCode.DIRECT_BEAT_MISSED for n in notes):
            notes.extend(_morto_left(rules, view, dealt, move, moves))
    return _one_better(notes)


# The notes that say the turn had a bigger line than the move: going out, the morto now.
_LINE_MISSED = (
    NoteCode.GO_OUT_MISSED,
    NoteCode.MORTO_LEFT,
    NoteCode.DIRECT_BEAT_MISSED,
    NoteCode.DIRECT_GO_OUT_MISSED,
)


def _one_better(notes: Sequence[Note]) -> tuple[Note, ...]:
    """One better move a move: where the turn could go out or take the morto, that line is
    the better move, and another note on the same move keeps what it says but names none of
    its own ("discard the J♥", where the K♦ onto the side's kings and the J♥ discarded go
    out: two "Better:" lines, the first not the better one)."""
    line = next((n for n in notes if n.code in _LINE_MISSED), None)
    if line is None:
        return tuple(notes)
    return tuple(
        n if n.code in _LINE_MISSED or n.better in (None, line.better) else replace(n, better=None)
        for n in notes
    )


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
    morto (a direct beat) or go out (at once, or a meld move and the last discard), the line
    is not missed, only begun (the page lays one meld per tap)."""
    if not isinstance(move, Lay | Extend):
        return False
    after = apply(rules, dealt, move)
    if after.phase is not Phase.PLAY or after.turn != dealt.turn:
        return False
    moves = list(legal_moves(rules, after))
    options = judge_options(rules, after, moves, view.seat)
    return any(o.beat for o in options) or bool(_ways_out(rules, view, after, moves))


def _ways_out(
    rules: RuleSet, view: SeatView, state: State, moves: Sequence[Move]
) -> list[tuple[Move, State, Card | None]]:
    """The moves that go out this turn, each with the position the batida leaves and the
    card discarded after it, if any: a move that goes out, or a meld move that leaves one
    card, which the discard then takes out (the strong level's play_on counts that line as
    going out too)."""
    ways: list[tuple[Move, State, Card | None]] = []
    hand = len(state.hands[view.seat])
    for option in judge_options(rules, state, moves, view.seat):
        if _goes_out(option):
            ways.append((option.move, option.after, None))
        elif isinstance(option.move, Lay | Extend) and hand - option.cards_laid == 1:
            after = option.after
            if after.phase is not Phase.PLAY or after.turn != view.seat or option.beat:
                continue
            last = [m for m in legal_moves(rules, after) if isinstance(m, Discard)]
            ways.extend(
                (option.move, o.after, o.move.card)
                for o in judge_options(rules, after, last, view.seat)
                if _goes_out(o) and isinstance(o.move, Discard)
            )
    return ways


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


def _lixo_left(
    rules: RuleSet, view: SeatView, dealt: State, moves: Sequence[Move], seed: int | str
) -> list[Note]:
    """A clean pickup left for a draw. One card is not worth a note (the draw brings one
    too); a small pile is a trade-off (cards down now against a bigger hand), which the
    strong level weighs by playing the round out and often declines: the note then says
    it could be taken and names no better move. A bigger pile is called worth taking only
    where the strong level, in the seat with the same seed, takes it: its look-ahead may
    find the draw better (a 6-card lixo whose cards would stay in the hand)."""
    pickups = [m for m in moves if isinstance(m, TakeLixo)]
    if rules.pickup == "free" or not pickups or view.lixo_size <= 1:
        return []
    clean = [o for o in judge_options(rules, dealt, pickups, view.seat) if o.wilds_added <= 0]
    if not clean:
        return []
    best = max(clean, key=lambda o: (o.cards_laid, repr(o.move)))
    better = None if view.lixo_size <= SMALL_LIXO else best.move
    params = {"count": view.lixo_size, **_pickup_place(view, best.move, rules)}
    if better is not None:
        # The strong level's own weighing (DESIGN: a note that rests on simulation gives
        # its figure): how much better its rounds played out after the pickup than after
        # the draw; none where it draws itself.
        weighed = _strong_pickup(rules, view, seed)
        if weighed is None and isinstance(_strong_choice(rules, view, seed), Draw):
            return []
        if weighed is not None:
            taken, drawn = weighed
            if drawn > taken:  # (equals: the pickup, as the strong level takes the first)
                return []
            params["deals"] = _STRONG_LOOKING.deals  # (the figure: said with or without a gain)
            if round(taken - drawn) <= 0:  # a tie: a judgement call, no "better" of 0 points
                better = None
            else:
                params["gain"] = round(taken - drawn)
    return [Note(NoteCode.LIXO_LEFT, params, better)]


def _pickup_place(view: SeatView, pickup: Move, rules: RuleSet) -> dict[str, Any]:
    """Where a pickup puts the lixo's top card, as the learner finds it on the table: onto
    the side's meld `meld` (counted from 1, `meld_cards` as it lies, `held` the hand cards
    that go along, if any; with `wild` and `as_card` where it fits only by moving the
    meld's wild, as a discard's note says it), or into a new meld with `held` from the hand."""
    assert isinstance(pickup, TakeLixo)
    place: dict[str, Any] = {"card": view.lixo_top}
    if pickup.new_meld:
        return {**place, "case": "new", "held": _symbols(pickup.new_meld)}
    assert pickup.extend is not None  # (a clean pickup is a justified one)
    meld = view.melds_of(view.side)[pickup.extend]
    place |= {"case": "extend", "meld": pickup.extend + 1}
    place["meld_cards"] = _symbols(s.card for s in meld.slots)
    if view.players == 2:
        place["alone"] = True  # (the side's meld is the learner's own: no pair)
    if pickup.cards:
        place["case"], place["held"] = "extend_with", _symbols(pickup.cards)
    top = view.lixo_top
    assert top is not None  # (a pickup takes a lixo that has cards)
    wild = _wild_moves(meld, (top, *pickup.cards), rules)
    if wild:  # ("extend_other_end": the case said with how the wild moves)
        place |= {**wild, "case": f"{place['case']}_{wild['case']}"}
    return place


def _symbols(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _discard_notes(
    rules: RuleSet,
    view: SeatView,
    dealt: State,
    move: Discard,
    moves: Sequence[Move],
    seed: int | str,
) -> list[Note]:
    notes = []
    own = view.melds_of(view.side)
    discards = [m for m in moves if isinstance(m, Discard) and not m.card.is_wild_kind]
    theirs = view.melds_of(1 - view.side)
    used = [i for i, m in enumerate(theirs) if fits_meld(m, move.card, rules)]
    if used and rules.pickup != "free":
        used = _fed(rules, dealt, move, used)
    # Fechado: the next player is seen to hold two cards that make a meld with it (they
    # came with a lixo that player took), a new meld that takes the pile.
    held = _held_pair(rules, view, dealt, move) if not used else None
    # The better discard never feeds the opponents itself: a card that fits none of their
    # melds nor makes one with what the next player is seen to hold, the one the hand needs
    # least (None: every other card feeds them).
    safe = [
        d
        for d in discards
        if not any(fits_meld(m, d.card, rules) for m in theirs)
        and _held_pair(rules, view, dealt, d) is None
    ]
    best = min(
        safe, key=lambda d: (keep_value(d.card, view.hand, own, rules), repr(d)), default=None
    )
    count = view.lixo_size + 1
    # With two cards or more left after it, a card that one of the side's own melds takes
    # is worth more there (points on the table, the canastra nearer) than in the lixo; with
    # fewer, the line is a beat or going out, which other notes weigh.
    extend = next((m for m in moves if isinstance(m, Extend) and m.cards == (move.card,)), None)
    # (Not where laying it lowers the canastra's bonus: the high ace onto a 500 laid at once,
    # where big canastras must be [STBL], makes it a limpa.)
    if extend is not None and lowers_bonus(judge_options(rules, dealt, [extend], view.seat)[0]):
        extend = None
    weak: Note | None = None
    if move.card.is_wild_kind and discards:
        weak = Note(NoteCode.WILD_DISCARDED, {"card": move.card}, best)
    elif extend is not None and len(view.hand) >= 3:
        own_meld: dict[str, Any] = {"card": move.card, "meld": extend.meld + 1}
        own_meld |= _wild_moves(own[extend.meld], (move.card,), rules)
        own_meld |= _canastra_case(own[extend.meld], move.card, own_meld.get("case"), rules)
        if view.players == 2:
            own_meld["alone"] = True  # (the lixo may serve one opponent, not a pair)
        weak = Note(NoteCode.FITS_OWN_MELD, own_meld, extend)
    # Fechado: the card is what lets the next player take the pile. Aberto: anyone may take
    # the open lixo; on a big one the card that fits their meld goes down with the pile.
    elif used and best is not None and (rules.pickup != "free" or count >= BIG_OPEN_LIXO):
        fed: dict[str, Any] = {"card": move.card, "meld": used[0] + 1, "count": count}
        fed |= _wild_moves(theirs[used[0]], (move.card,), rules)
        if view.players == 2:
            fed["alone"] = True  # (one opponent: their meld is one player's, not a pair's)
        weak = Note(NoteCode.FEEDS_OPPONENT, fed, best)
    elif held is not None and best is not None:
        fed = {"case": "held", "card": move.card, "held": _symbols(held), "count": count}
        if view.players == 2:
            fed["alone"] = True
        weak = Note(NoteCode.FEEDS_OPPONENT, fed, best)
    if weak is not None and not _strong_discards(rules, view, moves, move, seed):
        notes.append(weak)
    if len(view.hand) == 1:
        notes.extend(_direct_missed(rules, view, dealt, move, moves))
    return notes


def _direct_missed(
    rules: RuleSet, view: SeatView, dealt: State, move: Discard, moves: Sequence[Move]
) -> list[Note]:
    """The last card discarded (a batida indireta: "a última carta do jogador vai para a
    lixeira" [000]) where laying it emptied the hand too (a batida direta: "todas as cartas
    vão para jogos na mesa" [001]). Taking the morto, laid, it comes now and is played this
    turn; discarded, it waits for the next one [000, 001, 003], and is paid as if never
    taken if the opponents go out before then [001]: said where the table shows they may
    (their morto taken, the canastra they need down). Going out, laid, the card scores on
    the table, and may complete a canastra; discarded, it counts for nothing [000, 003]:
    said where that is worth more to the side (a wild laid may dirty a canastra limpa)."""
    melds = [m for m in moves if isinstance(m, Lay | Extend)]
    options = judge_options(rules, dealt, melds, view.seat)
    side = view.sides[view.side]
    if side.morto is MortoStatus.AVAILABLE and view.morto_sizes:
        beats = [o for o in options if o.beat]
        if not beats:
            return []
        beat = beats[0].move
        assert isinstance(beat, Extend)  # (one card in the hand: it goes onto a meld)
        # The meld named, as the learner finds it on the table (counted from 1); the case
        # says so ("meld"), and a note saved before it was named keeps its old wording.
        params: dict[str, Any] = {"card": move.card, "meld": beat.meld + 1, "case": "meld"}
        # (what the table shows of them: their morto taken, the canastra they need down; the
        # hidden hands may not let them)
        if rules.unused_indirect_morto_paid and go_out_verdict(rules, dealt, 1 - view.side).ok:
            params |= {"case": "risk_meld", "penalty": rules.morto_penalty}
        if view.players == 2:
            params["alone"] = True  # (the meld is the player's own, not a pair's)
        return [Note(NoteCode.DIRECT_BEAT_MISSED, params, beat)]
    mine = judge_options(rules, dealt, [move], view.seat)[0]
    outs = [o for o in options if _goes_out(o)]
    if not _goes_out(mine) or not outs:
        return []

    def scored(option: Option) -> int:
        return round_score(rules, option.after).sides[view.side].total

    best = max(outs, key=lambda o: (scored(o), repr(o.move)))
    gain = scored(best) - scored(mine)
    if gain <= 0 or not isinstance(best.move, Extend):
        return []
    params = {"card": move.card, "meld": best.move.meld + 1, "points": gain}
    if best.canastras_added > 0:
        params["case"] = "canastra"
    if view.players == 2:
        params["alone"] = True
    return [Note(NoteCode.DIRECT_GO_OUT_MISSED, params, best.move)]


def _canastra_case(meld: Meld, card: Card, case: str | None, rules: RuleSet) -> dict[str, Any]:
    """Where the card is no step towards a canastra: the meld is one already ("canastra":
    the card only scores its points), or the card makes it one ("makes_canastra", with the
    canastra's `bonus`) [000: "Quando um jogo chegar a ter no mínimo 7 cartas, ele terá o
    nome de Canastra"]; joined to the wild's case, if any ("canastra_other_end")."""
    grown = extended(meld, (card,), rules).meld
    if meld.canastra(rules) is not None:
        params: dict[str, Any] = {"case": "canastra"}
    elif grown is not None and grown.canastra(rules) is not None:
        params = {"case": "makes_canastra", "bonus": grown.bonus(rules)}
    else:
        return {}
    if case:
        params["case"] += f"_{case}"
    return params


def _wild_moves(meld: Meld, cards: tuple[Card, ...], rules: RuleSet) -> dict[str, Any]:
    """How the cards fit where they fit only by moving the meld's wild: to the other end
    (`6♦ 7♦ 8♦ 2♣` takes the 4♦ with the 2♣ as the 5♦), or on from the place a card takes
    (the 9♦ there, the 2♣ now the 10♦) [000]; nothing where the wild stays. The label of a
    meld shows its wild at one end only: the note says the wild moves, and to stand for what."""
    grown = extended(meld, cards, rules).meld
    before, after = meld.wild_as, grown.wild_as if grown is not None else None
    if grown is None or before is None or after is None or after == before:
        return {}
    slot = grown.wild_slot
    assert slot is not None  # (it stands for a card: it has a place)
    case = "other_end" if slot.position in meld.wild_options else "wild_moved"
    return {"case": case, "wild": slot.card, "as_card": after}


def _fed(rules: RuleSet, dealt: State, move: Discard, melds: Sequence[int]) -> list[int]:
    """Of the opponents' melds the discarded card fits, those the next player may take the
    lixo onto, as the judge says after the discard: the top card alone onto the meld, which
    depends only on what the table shows (no hidden card). Not where two cards of the hand
    must go with it (`top_card_two_from_hand`: unknown to the discarder), nor where the
    pickup would leave that player a last card they may not discard (the last-card trap)."""
    after = apply(rules, dealt, move)
    if after.phase is Phase.ENDED:
        return []
    return [i for i in melds if check(rules, after, TakeLixo(extend=i)).ok]


def _held_pair(
    rules: RuleSet, view: SeatView, dealt: State, move: Discard
) -> tuple[Card, Card] | None:
    """Two cards the next player is known to hold (taken with a lixo, not laid or discarded
    since) that make a new meld with the discarded card on top of the lixo, a pickup the
    judge allows that player. Naturals only: a known wild makes a meld with almost any card
    (every discard would be called a gift, and the taker spends the wild). None where anyone
    may take the lixo anyway (Aberto), or no such pair is known."""
    known = sorted(
        (c for c in view.known_held[(view.seat + 1) % view.players] if not c.is_wild_kind),
        key=lambda c: c.order,
    )
    if rules.pickup == "free" or len(known) < 2:
        return None
    after = apply(rules, dealt, move)
    if after.phase is Phase.ENDED:
        return None
    pairs = sorted({(a, b) for i, a in enumerate(known) for b in known[i + 1 :]}, key=repr)
    return next((p for p in pairs if check(rules, after, TakeLixo(new_meld=p)).ok), None)


def _strong_discards(
    rules: RuleSet, view: SeatView, moves: Sequence[Move], move: Discard, seed: int | str
) -> bool:
    """Is `move` the strong level's own discard here (its safe-discard rule, which weighs
    what the card gives the next opponent against what it is worth keeping)? Its dealt
    hands are drawn as the seeded strong player draws them (its discard is the first use
    of its randomness): the same position and seed always get the same notes."""
    discards = [m for m in moves if isinstance(m, Discard)]
    return _STRONG.discard(rules, view, discards, random.Random(seed)) == move


def _strong_choice(rules: RuleSet, view: SeatView, seed: int | str) -> Move:
    """The move the strong level, look-ahead and all, makes in the seat: the very call a
    computer player of that level makes on the Jogar page, with the same seed."""
    return _STRONG_LOOKING.choose(rules, view, random.Random(seed))


def _strong_pickup(rules: RuleSet, view: SeatView, seed: int | str) -> tuple[float, float] | None:
    """At the draw, the strong level's figures for its pickup and for the draw (its rounds
    played out after each), weighed as `_strong_choice` weighs them, the same seed drawn the
    same way; None where it weighs none."""
    weighed = _STRONG_LOOKING.pickup_weighing(rules, view, random.Random(seed))
    return None if weighed is None else (weighed[1][0], weighed[1][1])


def _wild_notes(
    rules: RuleSet,
    view: SeatView,
    dealt: State,
    move: Lay | Extend | TakeLixo,
    moves: Sequence[Move],
) -> list[Note]:
    """A wild laid where the same natural cards had a clean way down. A pickup is compared
    with the other pickups; a wild added alone, with the naturals that extend the same meld
    (any clean move would 'hold' no natural at all). A clean way counts only if the strong
    level, taking it, keeps that meld clean through the turn (`_wild_follows`)."""
    mine = judge_options(rules, dealt, [move], view.seat)[0]
    if mine.wilds_added <= 0:
        return []
    naturals = [c for c in hand_cards(move) if not c.is_wild_kind]
    kind = TakeLixo if isinstance(move, TakeLixo) else Lay | Extend
    others = [m for m in moves if isinstance(m, kind) and m != move]
    if not naturals:
        others = [m for m in others if _same_meld(m, move)]
    clean = [
        o
        for o in judge_options(rules, dealt, others, view.seat)
        if o.wilds_added <= 0
        and _holds_all(hand_cards(o.move), naturals)
        and not _wild_follows(rules, view, o)
    ]
    if not clean:
        return []
    best = max(clean, key=lambda o: (o.cards_laid, repr(o.move)))
    wild = _wild_laid(mine, view.side) or next(c for c in hand_cards(move) if c.is_wild_kind)
    points = {"limpa": rules.canastra_limpa_points, "suja": rules.canastra_suja_points}
    return [Note(NoteCode.WILD_DIRTIES_MELD, {"card": wild, **points}, best.move)]


def _wild_laid(option: Option, side: int) -> Card | None:
    """The card the move put down as a wild, as the judge placed it: in 2♥ 3♥ JK the joker,
    the 2♥ sitting in its natural place (the first 2 of the move is not always the wild)."""
    touched = _melds_made(option.before, option.move, side)

    def wilds(state: State) -> Counter[Card]:
        melds = state.sides[side].melds
        return Counter(s.card for i in touched if i < len(melds) for s in melds[i].slots if s.wild)

    return next(iter(wilds(option.after) - wilds(option.before)), None)


def _wild_follows(rules: RuleSet, view: SeatView, clean: Option) -> bool:
    """Would the strong level, after the clean move, put a wild onto the meld that move made
    or extended before the turn ends? Its habits play the turn on (no discard: the turn
    ends there). They do when the wild takes the morto, goes out, or empties a short hand
    in the race to the morto: then the 'clean' way spends a wild on that meld too, and the
    move judged only did in one step what the strong level does in two."""
    side = view.side
    touched = _melds_made(clean.before, clean.move, side)
    if not touched:
        return False

    def wilds(state: State) -> int:
        melds = state.sides[side].melds
        return sum(s.wild for i in touched if i < len(melds) for s in melds[i].slots)

    return wilds(_strong_turn(rules, view.seat, clean.after)) > wilds(clean.after)


def _strong_turn(rules: RuleSet, seat: int, state: State) -> State:
    """The position after the strong level's habits play the seat's turn on from `state`,
    its meld moves only (no discard: the turn ends there)."""
    rng = random.Random(0)  # (unused without discards: the strong level's meld habits are fixed)
    for _ in range(len(state.hands[seat]) + 1):  # each step lays a card or more
        if state.phase is not Phase.PLAY or state.turn != seat:
            break
        melds = [m for m in legal_moves(rules, state) if isinstance(m, Lay | Extend)]
        options = judge_options(rules, state, melds, seat)
        step = _STRONG.play_on(rules, view_of(rules, state, seat), options, (), rng)
        if step is None:
            break
        state = apply(rules, state, step)
    return state


def _wild_in_new_meld(
    rules: RuleSet, view: SeatView, dealt: State, move: Lay | Extend | TakeLixo, seed: int | str
) -> list[Note]:
    """A wild put into a short new meld (a lay, or a pickup's new meld), or added to a short
    clean meld of the side's (WILD_ON_SHORT_MELD), where the lixo is closed and the side has
    no canastra yet: there a short meld seldom grows into a canastra, and the wild kept
    completes one later [003: "Não despeje os curingas no lixo nem em sequências curtas";
    lesson 14]. The strong level keeps its wilds so (in Aberto the open lixo feeds melds
    fast, and it lays them). Not noted where the move takes the morto or goes out (or begins
    a turn that does), nor where the seeded strong player's turn puts a wild down too: the
    better move named is its own, the Dica's. (A wild that makes a six-card meld seven, a
    canastra suja, is 003's other tip, "se puder esperar uma natural": not noted.)"""
    side = view.sides[view.side]
    if rules.pickup == "free" or any(m.canastra(rules) is not None for m in side.melds):
        return []
    if isinstance(move, TakeLixo) and not move.new_meld:
        return []
    if isinstance(move, Extend) and move.side not in (None, view.side):
        return []
    mine = judge_options(rules, dealt, [move], view.seat)[0]
    if mine.wilds_added <= 0 or mine.beat or mine.ended:
        return []
    wild = _wild_laid(mine, view.side)
    if wild is None or _finishes_this_turn(rules, view, dealt, move):
        return []
    melds = mine.after.sides[view.side].melds
    made = next(
        (
            melds[i]
            for i in _melds_made(dealt, move, view.side)
            if any(s.wild for s in melds[i].slots)
        ),
        None,
    )
    if made is None or len(made.slots) > SHORT_MELD:
        return []
    # (Asked last, where a note would be made: the strong player's choice is slow.)
    strong = _strong_choice(rules, view, seed)
    if isinstance(strong, Lay | Extend | TakeLixo):
        after = _strong_turn(rules, view.seat, apply(rules, dealt, strong))
        if _wild_slots(after, view.side) > _wild_slots(dealt, view.side):
            return []
    params: dict[str, Any] = {"card": wild, "meld_cards": _symbols(s.card for s in made.slots)}
    params |= {"limpa": rules.canastra_limpa_points, "suja": rules.canastra_suja_points}
    better: Move | None = strong
    if isinstance(move, TakeLixo) and view.lixo_top == wild:
        # ("top": the wild was the lixo's top card, never in the hand; "the wild kept in
        # your hand completes one later" said what the learner could not have done.)
        params["case"] = "top"
        if isinstance(strong, Draw):
            # The draw rests on the strong level's rounds played out after its pickup and
            # after the draw: their figure is said, and a tie names no better move (DESIGN: a
            # note that rests on simulation gives its figure; the seed decided a near tie).
            weighed = _strong_pickup(rules, view, seed)
            if weighed is not None and weighed[1] > weighed[0]:  # (as it drew: drawn > taken)
                taken, drawn = weighed
                params["deals"] = _STRONG_LOOKING.deals
                if round(drawn - taken) > 0:
                    params["draw_gain"] = round(drawn - taken)
                else:
                    better = None
    if view.players == 2:
        params["alone"] = True  # (no pair: "before you had a canastra")
    if isinstance(move, Extend):
        params["meld"] = move.meld + 1
        return [Note(NoteCode.WILD_ON_SHORT_MELD, params, better)]
    return [Note(NoteCode.WILD_IN_NEW_MELD, params, better)]


def _bonus_lowered(
    rules: RuleSet, view: SeatView, dealt: State, move: Extend, seed: int | str
) -> list[Note]:
    """The high ace onto the side's canastra de 500 where big canastras must be laid at once
    (STBL) [002: "cartas precisam ser baixadas de uma vez"]: a real built up counts as a
    limpa, the 500's bonus lost for the ace's points. The strong level never does it (its
    meld habits skip a move that lowers a bonus), except to take the morto or go out, which
    is not noted; the better move is its own, the Dica's."""
    mine = judge_options(rules, dealt, [move], view.seat)[0]
    if not lowers_bonus(mine) or mine.beat or mine.ended:
        return []
    before, after = (s.sides[view.side].melds[move.meld] for s in (dealt, mine.after))
    params: dict[str, Any] = {"card": move.cards[0], "meld": move.meld + 1}
    params |= {"before": before.bonus(rules), "after": after.bonus(rules)}
    if view.players == 2:
        params["alone"] = True  # (the meld is the learner's own, not a pair's)
    return [Note(NoteCode.BONUS_LOWERED, params, _strong_choice(rules, view, seed))]


def _wild_slots(state: State, side: int) -> int:
    return sum(s.wild for m in state.sides[side].melds for s in m.slots)


def _melds_made(before: State, move: Move, side: int) -> tuple[int, ...]:
    """The indices of the side's melds that a lay, an extension or a pickup makes or adds to."""
    count = len(before.sides[side].melds)
    if isinstance(move, Lay):
        return tuple(range(count, count + len(move.melds)))
    if isinstance(move, Extend):
        return (move.meld,) if move.side in (None, side) else ()
    if isinstance(move, TakeLixo) and move.justified:
        return (count,) if move.new_meld else (move.extend,) if move.extend is not None else ()
    return ()


def _go_out_missed(
    rules: RuleSet, view: SeatView, dealt: State, move: Move, moves: Sequence[Move], seed: int | str
) -> list[Note]:
    # (A stock-out ends the round too, with no batida: that is no going out, nothing missed.)
    ending = _ways_out(rules, view, dealt, [m for m in moves if m != move])
    if not ending or judge_options(rules, dealt, [move], view.seat)[0].ended:
        return []
    better, out, then = max(
        ending, key=lambda w: (round_estimate(rules, view, w[1])[0], repr(w[0]))
    )
    ours, theirs = round_estimate(rules, view, out)
    if ours <= theirs:
        return []
    # (Its look-ahead may play on where the estimate favours going out: where the seeded
    # strong player plays on, with this move or another, going out was no better, and the
    # Dica, which shows its move, says so too. Asked last, where a note would be made: it is
    # slow.)
    strong = _key(_strong_choice(rules, view, seed))
    if strong not in {_key(w[0]) for w in ending}:
        return []
    # The better way named is the strong player's own (the Dica's) where its estimate favours
    # the side too; else the best one, whose figures the note gives.
    own = max(
        (w for w in ending if _key(w[0]) == strong),
        key=lambda w: (round_estimate(rules, view, w[1])[0], repr(w[0])),
    )
    own_ours, own_theirs = round_estimate(rules, view, own[1])
    if own_ours > own_theirs:
        better, then, ours, theirs = own[0], own[2], own_ours, own_theirs
    params: dict[str, Any] = {"ours": ours, "theirs": theirs}
    if then is not None:  # two steps: the better move, then this discard goes out
        params["then"] = then
    return [Note(NoteCode.GO_OUT_MISSED, params, better)]


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
