"""A match against the computer: the record that the "Jogar" page plays, saves and resumes.

The learner sits at seat 0 (seat 1 on the page), with a computer partner at seat 2 when four
play; the computer players choose from their seat's view (buraco_core.players). The record
holds only what cannot be worked out again: the setup, and per round the deal's seed, who
began, who was vulnerable, the moves, the coach's notes on the learner's moves and the
learner's illegal attempts ("stumbles"). Every position is the judge's replay of the moves
from the deal, so a game read back from the store is the game that was left.

`GameStore` keeps records in the score sheets' database (buraco_app/database.py), one row per
game in the table `games`; a game's link is `?game=<id>`. The table `learner_games` says whose
each game is (the learner of the lessons' progress, buraco_app/progress.py), so that the page
lists a learner's unfinished matches: a table of its own, made as every table of the store is,
rather than a new column, which a database made by an earlier version would lack.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Literal, TypeVar

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    MetaData,
    String,
    Table,
    bindparam,
    insert,
    select,
)
from sqlalchemy import update as sql_update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from buraco_app.database import prepare
from buraco_app.sheets import MatchNotFound, SheetError, SheetStore, check_match_id, new_match_id
from buraco_core.cards import Card
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.judge import legal_moves, play, round_score
from buraco_core.moves import Move
from buraco_core.notation import move_from_data, move_to_data
from buraco_core.players import DEFAULT_THINK_MS, LEVELS, make_player, view_of
from buraco_core.players.coach import Note, coach
from buraco_core.players.levels import StrongPlayer
from buraco_core.rules import PRESETS, RuleSet
from buraco_core.scoring import MatchStanding, RoundScore, match_standing
from buraco_core.state import Phase, State, deal
from buraco_core.verdict import Verdict

CoachMode = Literal["on", "end", "off"]
COACH_MODES: tuple[CoachMode, ...] = ("on", "end", "off")
LEARNER = 0  # the learner's seat; side 0 is the learner's side
SIDE_NAMES = ("A", "B")  # match_standing's names; the page shows "your side" / "theirs"
MAX_ROUNDS = 60  # a match far longer than any real one is refused on reading
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Setup:
    """How the game is played: the rules, 2 or 4 players, the computer's level, the coach."""

    preset: str
    options: dict[str, Any]
    players: int
    level: str
    coach: CoachMode = "on"
    seed: int = 0

    def rules(self) -> RuleSet:
        try:
            return _setup_rules(self.preset, tuple(sorted(self.options.items())))
        except TypeError:  # (an option's value that cannot be hashed: checked afresh)
            return PRESETS[self.preset].with_options(**self.options)


# A page's rerun asks a game for its rules some 90 times (every move in the lists, the
# board, the coach), each a RuleSet built and every option checked again: built once.
@lru_cache(maxsize=256)
def _setup_rules(preset: str, options: tuple[tuple[str, Any], ...]) -> RuleSet:
    return PRESETS[preset].with_options(**dict(options))


@dataclass(frozen=True, slots=True)
class SavedNote:
    """A coach note as kept in the record: its code, message values (cards as text), and
    the better move."""

    code: str
    params: dict[str, Any]
    better: Move | None


@dataclass(frozen=True, slots=True)
class Stumble:
    """An illegal move the learner tried (the board stayed as it was): before move `at`."""

    at: int
    move: Move
    codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundPlay:
    seed: int
    first: int
    vulnerable: tuple[bool, bool]
    moves: tuple[Move, ...] = ()
    notes: dict[int, tuple[SavedNote, ...]] = field(default_factory=dict)  # by move index
    stumbles: tuple[Stumble, ...] = ()
    # What the round's end counts, kept with the game (a reload, another device): the
    # positions the learner asked a hint in, and the learner's moves taken back.
    hints: int = 0
    taken_back: int = 0
    # The positions those hints were counted in (`hint_mark`), so that a hint asked again in
    # one, after a reload too, is not counted again (a game saved before: none).
    hinted: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Game:
    setup: Setup
    rounds: tuple[RoundPlay, ...]

    @property
    def rules(self) -> RuleSet:
        return self.setup.rules()

    @property
    def current(self) -> RoundPlay:
        return self.rounds[-1]


# --- starting and replaying ------------------------------------------------------------------


def new_game(setup: Setup) -> Game:
    if setup.players not in (2, 4):
        raise BuracoInputError(InputCode.PLAYERS, "players", players=setup.players)
    if setup.level not in LEVELS:
        raise BuracoInputError(
            InputCode.NOT_ONE_OF, "level", value=setup.level, allowed=", ".join(LEVELS)
        )
    setup.rules()  # unknown options are refused here, not on the first move
    return Game(setup, (RoundPlay(setup.seed, 0, (False, False)),))


def positions(game: Game, number: int | None = None) -> tuple[State, ...]:
    """The round's positions: the deal, then the position after each move."""
    rnd = game.rounds[-1 if number is None else number]
    return _replayed(game.rules, game.setup.players, rnd)


# The page asks for the same round on every rerun, one move longer at most: the last replay
# of each deal is remembered, and a longer log goes on from it. A move the app judged itself
# (a tap's, the computer's) adds the position that judgment gave (_judged).
_REPLAYS: dict[tuple[object, ...], tuple[tuple[Move, ...], tuple[State, ...]]] = {}
_REPLAYS_KEPT = 64


def _deal_key(rules: RuleSet, players: int, rnd: RoundPlay) -> tuple[object, ...]:
    return (rules, players, rnd.seed, rnd.first, rnd.vulnerable)


def _replayed(rules: RuleSet, players: int, rnd: RoundPlay) -> tuple[State, ...]:
    key = _deal_key(rules, players, rnd)
    moves = rnd.moves
    done, states = _REPLAYS.get(key, ((), ()))
    if states and done is moves:  # (this very log: a rerun's, or a move judged here)
        return states
    if states and len(moves) < len(done) and done[: len(moves)] == moves:
        # A move taken back (take_back): the replay's start, kept as this log's replay.
        _REPLAYS[key] = (moves, states[: len(moves) + 1])
        return _REPLAYS[key][1]
    if not states or moves[: len(done)] != done:
        done, states = (), (deal(rules, players, rnd.seed, rnd.first, rnd.vulnerable),)
    grown = list(states)
    for move in moves[len(done) :]:
        _verdict, after = play(rules, grown[-1], move)
        if after is None:  # a record edited by hand: refused as unreadable input
            raise BuracoInputError(InputCode.NOT_ONE_OF, "moves", value=str(move), allowed="legal")
        grown.append(after)
    if len(_REPLAYS) >= _REPLAYS_KEPT:
        _REPLAYS.clear()
    _REPLAYS[key] = (moves, tuple(grown))
    return tuple(grown)


def _judged(game: Game, state: State, moved: Game, after: State) -> None:
    """`moved` is `game` with one move more, made from `state` and judged to lead to `after`:
    when `state` is the last position of `game`'s replay (that very object), the replay of
    `moved` is that one and `after`, and a rerun draws `moved` without judging the move
    again. Else nothing is kept: the replay plays the move as it would any other."""
    key = _deal_key(game.rules, game.setup.players, game.current)
    done, states = _REPLAYS.get(key, ((), ()))
    if states and done is game.current.moves and states[-1] is state:
        _REPLAYS[key] = (moved.current.moves, (*states, after))


def learner_turn(state: State) -> bool:
    return state.phase is not Phase.ENDED and state.turn == LEARNER


# --- moves ----------------------------------------------------------------------------------


def learner_move(game: Game, state: State, move: Move) -> tuple[Game, Verdict, tuple[Note, ...]]:
    """The learner's move, judged. Illegal: the game gains only the stumble (the board is
    unchanged). Legal: the move is added, with the coach's notes unless the coach is off."""
    rules = game.rules
    verdict, after = play(rules, state, move)
    rnd = game.current
    if after is None:
        stumble = Stumble(len(rnd.moves), move, tuple(verdict.codes))
        return _with_round(game, replace(rnd, stumbles=(*rnd.stumbles, stumble))), verdict, ()
    # (the coach never calls weak what a strong computer player in the seat would play:
    # the one seeded as `computer_move` seeds it)
    notes = coach(rules, state, move, _move_seed(rnd)) if game.setup.coach != "off" else ()
    saved = dict(rnd.notes)
    if notes:
        saved[len(rnd.moves)] = tuple(_saved(n) for n in notes)
    moved = _with_round(game, replace(rnd, moves=(*rnd.moves, move), notes=saved))
    _judged(game, state, moved, after)
    return moved, verdict, notes


def computer_move(
    game: Game, state: State, think_ms: int = DEFAULT_THINK_MS
) -> tuple[Game, Move, State]:
    """The move of the computer player on turn, from its seat's view, and the position it
    led to (the judge's, as it checked the move: the caller need not play it again). Its
    randomness is seeded by the round and the move count, so a resumed game plays on the
    same way."""
    rules = game.rules
    rnd = game.current
    move = _chosen(game, state, game.setup.level, think_ms)
    after = play(rules, state, move)[1]
    if after is None:  # never happens; a safe move rather than a stop
        move = next(legal_moves(rules, state))
        after = play(rules, state, move)[1]
        assert after is not None  # (a legal move)
    moved = _with_round(game, replace(rnd, moves=(*rnd.moves, move)))
    _judged(game, state, moved, after)
    return moved, move, after


def take_back(game: Game) -> Game | None:
    """The game as it was before the learner's last move, where the round goes on, that move
    is its last (the computers have not moved since), and it brought no card into the hand
    (a meld laid, a card put on one, a discard): the learner plays that position again. The
    coach's notes on the move go with it, and so do the refused tries made after it. A card
    drawn, a lixo or a morto taken was seen, and stays seen: None, as where there is no such
    move."""
    rnd = game.current
    if not rnd.moves:
        return None
    *_, before, after = positions(game)
    if not learner_turn(before) or after.phase is Phase.ENDED:
        return None
    kept = Counter(after.hands[LEARNER])
    kept.subtract(before.hands[LEARNER])
    if any(count > 0 for count in kept.values()):
        return None  # (a card came into the hand)
    cut = len(rnd.moves) - 1
    notes = {at: said for at, said in rnd.notes.items() if at < cut}
    stumbles = tuple(s for s in rnd.stumbles if s.at <= cut)
    back = replace(
        rnd, moves=rnd.moves[:cut], notes=notes, stumbles=stumbles, taken_back=rnd.taken_back + 1
    )
    return _with_round(game, back)


def hint_asked(game: Game) -> Game:
    """The game with one more hint counted in its round, for the position it is in; the game
    itself where a hint was counted in that position already (asked again, after a reload
    or in another tab: one hint)."""
    rnd = game.current
    mark = hint_mark(rnd.moves)
    if mark in rnd.hinted:
        return game
    return _with_round(game, replace(rnd, hints=rnd.hints + 1, hinted=(*rnd.hinted, mark)))


def hint_mark(moves: Sequence[Move]) -> str:
    """A round's position as kept among its hints: the moves made to it, their count and a
    digest (the moves, not their count alone: after a move taken back, another move makes
    as many; the same move made again, the same position)."""
    made = json.dumps([move_to_data(m) for m in moves], sort_keys=True)
    return f"{len(moves)}:{hashlib.sha256(made.encode()).hexdigest()[:16]}"


def strong_hint(game: Game, state: State, think_ms: int = DEFAULT_THINK_MS) -> Move:
    """The move the `strong` level would make now in the seat on turn (the learner's, when
    the learner asks for a hint), from that seat's view, seeded as a computer player's move
    there and as the coach's strong player: so no coach note names a better move than the
    hint (a small lixo left for a draw gets its remark, which names none, only where the
    learner drew without the hint: play.judgement_call)."""
    return _chosen(game, state, "strong", think_ms)


@dataclass(frozen=True, slots=True)
class Weighing:
    """The strong level's take-or-draw as it chose it: its move, and its rounds played out
    on `deals` dealt positions after the pickup and after the draw (the side's mean score
    difference at the round's end), the figures a hint gives."""

    move: Move
    taken: float
    drawn: float
    deals: int


def strong_weighing(game: Game, state: State, think_ms: int = DEFAULT_THINK_MS) -> Weighing | None:
    """Where the strong level weighs taking the lixo against drawing (at the learner's draw):
    its move, `strong_hint`'s own (seeded alike), with the figures it chose by; None where
    it weighs none (`strong_hint` then decides by its habits)."""
    rules = game.rules
    player = StrongPlayer(think_ms)
    rng = random.Random(_move_seed(game.current))
    weighed = player.pickup_weighing(rules, view_of(rules, state, state.turn), rng)
    if weighed is None:
        return None
    (take, draw), (taken, drawn) = weighed
    # (the first of equals, the pickup, as the player itself chooses)
    return Weighing(take if taken >= drawn else draw, taken, drawn, player.deals)


def _chosen(game: Game, state: State, level: str, think_ms: int) -> Move:
    """The move of a player of `level` in the seat on turn, seeded by the round and the
    move count (`_move_seed`)."""
    rules = game.rules
    rng = random.Random(_move_seed(game.current))
    return make_player(level, think_ms).choose(rules, view_of(rules, state, state.turn), rng)


def _move_seed(rnd: RoundPlay) -> str:
    """The seed of a computer player's randomness for the round's next move."""
    return f"{rnd.seed}:{len(rnd.moves)}"


def _with_round(game: Game, rnd: RoundPlay) -> Game:
    return replace(game, rounds=(*game.rounds[:-1], rnd))


def _saved(note: Note) -> SavedNote:
    params = {k: _plain(v) for k, v in note.params.items()}
    return SavedNote(note.code.value, params, note.better)


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


# --- the match ------------------------------------------------------------------------------


def finished_scores(game: Game) -> list[RoundScore]:
    """The score of each finished round, in order."""
    scores = []
    for number, _rnd in enumerate(game.rounds):
        final = positions(game, number)[-1]
        if final.phase is Phase.ENDED:
            scores.append(round_score(game.rules, final))
    return scores


def standing(game: Game, scores: Sequence[RoundScore] | None = None) -> MatchStanding:
    """Running totals over the finished rounds (the same as the score sheet's)."""
    scores = finished_scores(game) if scores is None else scores
    rows = [[s.sides[0].total, s.sides[1].total] for s in scores]
    return match_standing(game.rules, SIDE_NAMES, rows)


def next_round(game: Game, match: MatchStanding) -> Game:
    """The next round of the match: the next seed, the next player begins, vulnerability as
    the standing says [003]."""
    number = len(game.rounds)
    vulnerable = (match.vulnerable[0], match.vulnerable[1])
    rnd = RoundPlay(game.setup.seed + number, number % game.setup.players, vulnerable)
    return replace(game, rounds=(*game.rounds, rnd))


# --- records as JSON ------------------------------------------------------------------------


def round_record(game: Game, number: int) -> dict[str, Any]:
    """A round as `buraco replay` reads it (the same fields as a self-play record)."""
    rnd = game.rounds[number]
    rules = game.rules
    return {
        "rules": rules.preset,
        "options": rules.changed_options(),
        "players": game.setup.players,
        "seed": rnd.seed,
        "first": rnd.first,
        "vulnerable": list(rnd.vulnerable),
        "moves": [move_to_data(m) for m in rnd.moves],
    }


def game_to_data(game: Game) -> dict[str, Any]:
    s = game.setup
    return {
        "setup": {
            "rules": s.preset,
            "options": s.options,
            "players": s.players,
            "level": s.level,
            "coach": s.coach,
            "seed": s.seed,
        },
        "rounds": [
            {
                "seed": r.seed,
                "first": r.first,
                "vulnerable": list(r.vulnerable),
                "moves": [move_to_data(m) for m in r.moves],
                "notes": {
                    str(at): [
                        {
                            "code": n.code,
                            "params": n.params,
                            "better": move_to_data(n.better) if n.better else None,
                        }
                        for n in notes
                    ]
                    for at, notes in r.notes.items()
                },
                "stumbles": [
                    {"at": x.at, "move": move_to_data(x.move), "codes": list(x.codes)}
                    for x in r.stumbles
                ],
                **_counts(r),
            }
            for r in game.rounds
        ],
    }


def _counts(rnd: RoundPlay) -> dict[str, Any]:
    """The round's counts of hints and moves taken back, and the positions its hints were
    counted in, where there are any: a game saved before they were kept reads back as it
    was stored (GameStore.save compares the two)."""
    counts: dict[str, Any] = {
        "hints": rnd.hints,
        "taken_back": rnd.taken_back,
        "hinted": list(rnd.hinted),
    }
    return {name: n for name, n in counts.items() if n}


def game_from_data(data: Any) -> Game:
    """A stored game; BuracoInputError (or KeyError, TypeError, ValueError) when it cannot
    be read: the page says so rather than guess."""
    s = data["setup"]
    coach_mode: CoachMode = next((m for m in COACH_MODES if m == s["coach"]), "on")
    setup = Setup(
        s["rules"], dict(s["options"]), int(s["players"]), s["level"], coach_mode, int(s["seed"])
    )
    rounds = []
    if not 1 <= len(data["rounds"]) <= MAX_ROUNDS:
        raise ValueError("rounds")
    for r in data["rounds"]:
        notes = {
            int(at): tuple(
                SavedNote(
                    n["code"],
                    dict(n["params"]),
                    move_from_data(n["better"]) if n["better"] else None,
                )
                for n in found
            )
            for at, found in r["notes"].items()
        }
        stumbles = tuple(
            Stumble(int(x["at"]), move_from_data(x["move"]), tuple(x["codes"]))
            for x in r["stumbles"]
        )
        rounds.append(
            RoundPlay(
                int(r["seed"]),
                int(r["first"]),
                (bool(r["vulnerable"][0]), bool(r["vulnerable"][1])),
                tuple(move_from_data(m) for m in r["moves"]),
                notes,
                stumbles,
                max(0, int(r.get("hints", 0))),  # (a game saved before they were kept: 0)
                max(0, int(r.get("taken_back", 0))),
                _hinted(r.get("hinted", [])),
            )
        )
    game = new_game(setup)
    return replace(game, rounds=tuple(rounds))


def _hinted(data: Any) -> tuple[str, ...]:
    """The positions a round's hints were counted in, as stored (a game saved before they
    were kept: none)."""
    if not isinstance(data, list) or not all(isinstance(m, str) for m in data):
        raise ValueError("hinted")
    return tuple(data)


# --- the store ------------------------------------------------------------------------------

metadata = MetaData()


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game as read from the store, and when it had last been saved (a page's open game;
    each of a learner's unfinished matches)."""

    game_id: str
    saved_at: datetime
    game: Game


games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("data", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# When a game was last saved, asked at every rerun of Jogar (GameStore.load_since) and at
# each save; and the game with it, or alone: built once, as building a query costs more than
# running it.
_SAVED_AT = select(games.c.updated_at).where(games.c.id == bindparam("game_id"))
_SAVED_GAME = select(games.c.updated_at, games.c.data).where(games.c.id == bindparam("game_id"))
_STORED = select(games.c.data).where(games.c.id == bindparam("game_id")).with_for_update()
# A move saved on the game as the page read it: written only if no one saved since, its new
# time read back, in one statement where a check, the write and the read were three.
_SAVED_IF_UNCHANGED = (
    sql_update(games)
    .where(games.c.id == bindparam("game_id"), games.c.updated_at == bindparam("known_at"))
    .values(
        data=bindparam("new_data", type_=games.c.data.type),
        updated_at=bindparam("new_at", type_=games.c.updated_at.type),
    )
    .returning(games.c.updated_at)
)

# Whose each game is: the learner's id (progress.py), for the games started on the page.
learner_games = Table(
    "learner_games",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("learner", String(40), nullable=False, index=True),
)
LOOKED_AT = 30  # a learner's latest games read for the list of unfinished ones


class GameNotFound(MatchNotFound):
    pass


class GameMoved(SheetError):
    """The stored game is not the one a move was made on: it moved on elsewhere."""


class GameStore:
    """Games in the score sheets' database: one row per game, rewritten after each move
    (one transaction, retried like the sheets' writes)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        prepare(engine)
        self._writer = engine.execution_options(buraco_write=True)
        SheetStore._retry(lambda: metadata.create_all(engine), (DBAPIError,))

    def create(self, game: Game, learner: str | None = None) -> str:
        """Store a new game, with `learner` as whose it is (in the same transaction)."""
        game_id = new_match_id()
        now = datetime.now(UTC)
        row = {"id": game_id, "data": game_to_data(game), "created_at": now, "updated_at": now}

        def write(conn: Connection) -> None:
            conn.execute(insert(games).values(**row))
            if learner is not None:
                conn.execute(insert(learner_games).values(game=game_id, learner=learner))

        self._write(write)
        return game_id

    def unfinished(self, learner: str, limit: int = 5) -> list[Loaded]:
        """The learner's matches not yet won by a side, the last played first (among their
        LOOKED_AT latest games; one that cannot be read is left out)."""
        query = (
            select(games.c.id, games.c.data, games.c.updated_at)
            .join(learner_games, learner_games.c.game == games.c.id)
            .where(learner_games.c.learner == learner)
            # (the id breaks a tie, two games saved in one tick of the clock: the same list,
            # in the same order, on every rerun; the database may return ties either way)
            .order_by(games.c.updated_at.desc(), games.c.id.desc())
            .limit(LOOKED_AT)
        )

        def read() -> list[Any]:
            with self.engine.connect() as conn, conn.begin():
                return list(conn.execute(query))

        found = []
        for row in SheetStore._retry(read, (OperationalError,)):
            try:
                game = game_from_data(row.data)
                if standing(game).finished:
                    continue
            except (BuracoInputError, KeyError, TypeError, ValueError):
                continue
            found.append(Loaded(row.id, row.updated_at, game))
            if len(found) == limit:
                break
        return found

    def save(self, game_id: str, game: Game, base: Game | Loaded | None = None) -> Loaded:
        """Store the game. With `base`, the game the move was made on: refused (GameMoved)
        when the stored game is no longer that one, say moved on from another tab or
        device, so a page drawn before that cannot overwrite its moves. A Loaded base (as
        this page read or saved it) that the store has not saved since is that game without
        reading the record back: written in one statement on that condition. Returns the
        game as `load_since` would read it back (its time as the database keeps it), so
        that the page that saved it need not read and decode it again."""
        game_id = check_match_id(game_id)
        values = {"data": game_to_data(game), "updated_at": datetime.now(UTC)}
        known = base if isinstance(base, Loaded) and base.game_id == game_id else None
        base_game = base.game if isinstance(base, Loaded) else base

        def moved_on(conn: Connection) -> bool:
            if base_game is None:
                return False
            stored = conn.execute(_STORED, {"game_id": game_id}).scalar()
            expected = json.loads(json.dumps(game_to_data(base_game)))
            return stored is not None and stored != expected

        def write(conn: Connection) -> datetime:
            # (Saved by no one since: the record is the base's. UPDATE … RETURNING needs
            # SQLite 3.35, which an older system's Python may lack: the record read and
            # compared below answers the same, more slowly.)
            if known is not None and conn.dialect.update_returning:
                params = {
                    "game_id": game_id,
                    "known_at": known.saved_at,
                    "new_data": values["data"],
                    "new_at": values["updated_at"],
                }
                saved: datetime | None = conn.execute(_SAVED_IF_UNCHANGED, params).scalar()
                if saved is not None:
                    return saved
            if moved_on(conn):
                raise GameMoved("game", "game_moved", f"game {game_id!r} moved on")
            done = conn.execute(sql_update(games).where(games.c.id == game_id).values(**values))
            if done.rowcount == 0:
                raise GameNotFound("game", "game_unknown", f"no game {game_id!r}", id=game_id)
            # (read back: a database keeps a time its own way, SQLite without its zone)
            saved_at: datetime = conn.execute(_SAVED_AT, {"game_id": game_id}).scalar_one()
            return saved_at

        return Loaded(game_id, self._write(write), game)

    def load(self, game_id: str) -> Game:
        """The game; GameNotFound when there is none, BuracoInputError (and the other
        reading errors of `game_from_data`) when its record cannot be read."""
        game_id = check_match_id(game_id)

        def read() -> Any:
            with self.engine.connect() as conn, conn.begin():
                return conn.execute(select(games.c.data).where(games.c.id == game_id)).scalar()

        # (Retried as the sheets' reads are; what a retry cannot cure ends as a SheetError,
        # which the page words, never a database's traceback.)
        data = SheetStore._retry(read, (OperationalError,))
        if data is None:
            raise GameNotFound("game", "game_unknown", f"no game {game_id!r}", id=game_id)
        return game_from_data(data)

    def load_since(self, game_id: str, known: Loaded | None) -> Loaded:
        """The game as `load` reads it, with when it was last saved; `known` itself when it
        is that game and it was not saved since: one small query instead of the whole game
        read and decoded, for a page that redraws the same game on every rerun."""
        game_id = check_match_id(game_id)
        query = _SAVED_AT if known is not None and known.game_id == game_id else _SAVED_GAME

        def read() -> Any:
            with self.engine.connect() as conn, conn.begin():
                return conn.execute(query, {"game_id": game_id}).first()

        row = SheetStore._retry(read, (OperationalError,))
        if row is None:
            raise GameNotFound("game", "game_unknown", f"no game {game_id!r}", id=game_id)
        if known is not None and known.game_id == game_id:
            if row.updated_at == known.saved_at:
                return known
            return self.load_since(game_id, None)  # (saved since: read whole)
        return Loaded(game_id, row.updated_at, game_from_data(row.data))

    def _write(self, fn: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self._writer.begin() as conn:
                return fn(conn)

        return SheetStore._retry(run, (IntegrityError, OperationalError))


class KeptHereStore(GameStore):
    """Games where the app's database may be read but not written (a data folder or file
    the server may only read): the games saved in it (`saved`) read from it, new games and
    moves kept in `kept` (the server's stand-in, `database.stand_in_engine`), while the
    server runs. A saved game is copied there, under its own id, at its first move here: its
    link opens it as it goes on; the database keeps it as it was."""

    def __init__(self, saved: GameStore, kept: Engine) -> None:
        super().__init__(kept)
        self.saved = saved

    def load(self, game_id: str) -> Game:
        try:
            return super().load(game_id)
        except GameNotFound:
            return self.saved.load(game_id)

    def load_since(self, game_id: str, known: Loaded | None) -> Loaded:
        try:
            return super().load_since(game_id, known)
        except GameNotFound:
            return self.saved.load_since(game_id, known)

    def save(self, game_id: str, game: Game, base: Game | Loaded | None = None) -> Loaded:
        self._copied(check_match_id(game_id))
        return super().save(game_id, game, base)

    def unfinished(self, learner: str, limit: int = 5) -> list[Loaded]:
        """The learner's unfinished matches of both, a saved one played on here as it is
        here (or not at all, where it ended here)."""
        here = super().unfinished(learner, limit)
        saved = self.saved.unfinished(learner, limit)
        ids = [s.game_id for s in saved]
        with self.engine.connect() as conn, conn.begin():
            copied = set(conn.execute(select(games.c.id).where(games.c.id.in_(ids))).scalars())
        found = [*here, *(s for s in saved if s.game_id not in copied)]
        found.sort(key=lambda s: (_utc(s.saved_at), s.game_id), reverse=True)
        return found[:limit]

    def _copied(self, game_id: str) -> None:
        """The saved game `game_id` copied here as it is stored (its time too, so that a
        move made on it as read is saved as one made on what is stored), whose it is with
        it; nothing where it is here already. GameNotFound where it is in neither."""
        with self.engine.connect() as conn, conn.begin():
            if conn.execute(_SAVED_AT, {"game_id": game_id}).first() is not None:
                return

        def read() -> tuple[Any, str | None]:
            with self.saved.engine.connect() as conn, conn.begin():
                found = conn.execute(select(games).where(games.c.id == game_id)).first()
                learner = conn.execute(
                    select(learner_games.c.learner).where(learner_games.c.game == game_id)
                ).scalar()
                return found, learner

        row, whose = SheetStore._retry(read, (OperationalError,))
        if row is None:
            raise GameNotFound("game", "game_unknown", f"no game {game_id!r}", id=game_id)

        def write(conn: Connection) -> None:
            if conn.execute(_SAVED_AT, {"game_id": game_id}).first() is not None:
                return  # (copied meanwhile, from another session)
            conn.execute(insert(games).values(**row._mapping))
            if whose is not None:
                conn.execute(insert(learner_games).values(game=game_id, learner=whose))

        self._write(write)


def _utc(moment: datetime) -> datetime:
    """A time as SQLite gives it back (without its zone: UTC) comparable with one with."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
