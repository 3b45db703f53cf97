"""The rules reference: every rule point in the project's own words, and a search that
understands how a player asks ("como pego o morto?", "o monte acabou", "coringa").

The points and the disputes ("Quem tem razão?") are data in reference.toml. Whatever differs
between presets is never written per preset: a point governed by an option holds one text per
value of that option, and the text a preset shows is picked by that preset's RuleSet value,
the same value the core judges with.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from buraco_core.errors import BuracoInputError, InputCode, from_validation
from buraco_core.rules import (
    OPTION_NAMES,
    PRESET_NAMES,
    PRESETS,
    PresetName,
    RuleSet,
    option_choices,
)
from buraco_text import Lang, idle_note


class Text(BaseModel):
    """A text in both languages."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pt: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def __call__(self, lang: Lang = "pt") -> str:
        return self.pt if lang == "pt" else self.en


def value_key(value: Any) -> str:
    """The key under which a point keeps the text for an option value: `true`/`false`, the
    value itself for a named choice, `number` (a template over `{value}`) for a number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "number"
    return str(value)


class RulePoint(BaseModel):
    """One rule point: what it says, where it comes from, what governs it, where it is taught."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    topic: str
    title: Text
    text: Text
    sources: tuple[str, ...] = Field(min_length=1)
    option: str | None = None
    values: Mapping[str, Text] = Field(default_factory=dict)
    # The point whose (true/false) option this rule is played under, where not every variant
    # plays it: a wild in a trinca holds where trincas are played (“trincas”), which Aberto
    # and STBL do not.
    needs: str | None = None
    lesson: str | None = None
    scenarios: tuple[str, ...] = ()
    words: str = ""  # how players also ask for it; searched, never shown

    def value_text(self, value: Any, lang: Lang = "pt") -> str:
        """What this point says under one value of its option."""
        text = self.values[value_key(value)](lang)
        return text.format(value=value) if isinstance(value, int) else text

    def at_table(self, rules: RuleSet, lang: Lang = "pt") -> str | None:
        """What the point says under these rules (None when no option governs it), and
        where a table changed the option to no effect, that it has none."""
        if self.option is None:
            return None
        said = self.value_text(getattr(rules, self.option), lang)
        idle = idle_note(rules, self.option, lang)
        return f"{said} {idle}" if idle else said

    def per_preset(self, lang: Lang = "pt") -> tuple[tuple[PresetName, str], ...]:
        """The point under each preset, read from the presets' RuleSets; empty when the
        point is the same everywhere."""
        if self.option is None:
            return ()
        return tuple(
            (p, self.value_text(getattr(PRESETS[p], self.option), lang)) for p in PRESET_NAMES
        )


class Reading(BaseModel):
    """What one side of a dispute says, in the project's words, with its sources."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sources: tuple[str, ...] = Field(min_length=1)
    text: Text
    value: str | None = None  # the option value (value_key) that follows this reading


class Dispute(BaseModel):
    """A point the sources disagree on, and the option a table settles it with."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    title: Text
    option: str
    points: tuple[str, ...] = Field(min_length=1)
    readings: tuple[Reading, ...] = Field(min_length=2)
    # The variants whose rule the sources dispute (all three unless said): going out in
    # Fechado is disputed, while every source asks a clean canastra in Aberto and STBL, who
    # therefore follow none of its readings.
    variants: tuple[PresetName, ...] = PRESET_NAMES
    # Only while the option is still to come: what the core does today, in every preset.
    today: Text | None = None

    def pending(self) -> bool:
        """True while the option that settles it is still to come."""
        return self.option not in OPTION_NAMES

    def options_for(self, reading: Reading) -> dict[str, Any]:
        """The option setting that follows a reading, as `RuleSet.with_options` and a link
        take it; empty while the option is still to come."""
        if self.pending() or reading.value is None:
            return {}
        choices = option_choices(self.option)
        if choices is None:
            return {self.option: int(reading.value)}
        found = [c for c in choices if value_key(c) == reading.value]
        if not found:
            raise BuracoInputError(
                InputCode.NOT_ONE_OF,
                f"dispute {self.id}: {self.option}",
                value=repr(reading.value),
                allowed=tuple(value_key(c) for c in choices),
            )
        return {self.option: found[0]}

    def reading_of(self, rules: RuleSet) -> Reading | None:
        """The reading these rules follow (None if they follow none of them)."""
        if self.pending():
            return None
        value = getattr(rules, self.option)
        return next((r for r in self.readings if self.options_for(r) == {self.option: value}), None)

    def per_preset(self) -> tuple[tuple[PresetName, Any, Reading | None], ...]:
        """Each preset's value of the option, read from its RuleSet, and the reading it
        follows (None outside the variants disputed); empty while the option is still to
        come."""
        if self.pending():
            return ()
        return tuple(
            (
                p,
                getattr(PRESETS[p], self.option),
                self.reading_of(PRESETS[p]) if p in self.variants else None,
            )
            for p in PRESET_NAMES
        )


class Reference(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    topics: Mapping[str, Text]
    point: tuple[RulePoint, ...]
    dispute: tuple[Dispute, ...]


@cache
def _reference() -> Reference:
    raw = resources.files("buraco_course").joinpath("reference.toml").read_text(encoding="utf-8")
    try:
        return Reference.model_validate(tomllib.loads(raw))
    except ValidationError as exc:
        error = from_validation(exc, "")
        raise error.at(f"reference.toml: {error.path}") from None


def topics() -> Mapping[str, Text]:
    """Topic id -> its title, in the order of the reference."""
    return _reference().topics


def points() -> tuple[RulePoint, ...]:
    """Every rule point, in the order a player learns them."""
    return _reference().point


def point(point_id: str) -> RulePoint:
    found = next((p for p in points() if p.id == point_id), None)
    if found is None:
        raise BuracoInputError(InputCode.NO_SUCH_RULE_POINT, f"rule point {point_id!r}")
    return found


def disputes() -> tuple[Dispute, ...]:
    """The points the sources disagree on ("Quem tem razão?")."""
    return _reference().dispute


# --- search ----------------------------------------------------------------------------------

# Each group is one idea as players say it, in both languages; a word stands for its group.
_SYNONYMS: dict[str, str] = {
    "wild": "curinga coringa curingao coringao joker jk wild",
    "trinca": "trinca lavadeira",
    # (a pile, in a question, is the lixo: “take the pile”, “the discard pile”)
    "lixo": "lixo lixeira descarte descartar descarta descartou descarto discard discarded "
    "discarding pile pilha",
    "stock": "monte estoque stock",
    "go_out": "bater bate bato bati batida batendo bateu batem go goe going went gone",
    "run_out": "acabou acabar acaba acabaram acabe esgotou esgotar zerar zerou ran exhausted "
    "empty vazio vazia",
    "take": "pegar pego pega pegou pegam pegue pegando peguei take took taking taken pick "
    "picked pickup receber recebe get gets got getting",
    "draw": "comprar compro compra comprou draw drew drawing",
    "how_many": "quantas quantos many",
    "card": "carta card",
    "meld": "jogo sequencia baixar baixada baixo baixa baixando meld melding sequence lay laid "
    "run",  # (“a hearts run”; “run out” is running out: _RUN_OUT)
    "canastra": "canastra canasta",
    "clean": "limpa limpo clean",
    "dirty": "suja sujo dirty misturada",
    "points": "ponto pontuacao point score scoring contagem placar vale valem worth quanto much "
    "bonus qnto qto qnt",  # (quanto, as typed in a hurry)
    "ace": "ás ace",
    "two": "2 doi two",
    "three": "3 tre three",  # (“três” without its accent and its “plural”)
    "morto": "morto dead",
    # (“lado” is a side of the table, as the score sheet says it: “nosso lado”, “lado A”;
    # the wild 2's “ao lado”, beside, is read as _BESIDE)
    "partner": "parceiro parceira dupla lado partner side team",
    "penalty": "penalidade multa perde perder perco perdem penalty lose loses penalised "
    "penalized penalise penalize",
    "deal": "distribuicao distribuir distribui deal dealt dealer carteador embaralhar embaralha "
    "shuffle",
    "deck": "baralho deck",
    "turn": "vez turn",
    "round": "rodada round",
    "justified": "justificada justificado justificar justifica justified justify",
    "top": "topo cima top",
    "visible": "visivel aparece ver olhar olha olho espiar see visible show look peek",
    "vulnerable": "vulneravel vulnerabilidade vulnerable vulnerability",
    "target": "alvo meta target",
    "rounding": "arredonda arredondar arredondamento dezena rounding",
    "cut": "corte cortar corta cortou cortei cut cutting",
    "player": "jogador player pessoa people",
    "hand": "mao hand",
    "table": "mesa table",
    "first": "primeira primeiro first",
    "indirect": "indireta indireto indirect",  # (“bater indireto”, “batida indireta”)
    "direct": "direta direto direct",
    "end": "fim final termina terminar terminou end ends ended",
    "natural": "natural naturai normal normai comum ordinary",  # (“o 2 como carta normal”)
    # A suit named is a suit asked of: “o 2 de copas na sequência de copas”.
    "suit": "naipe suit copa espada ouro pau heart spade diamond club",
    "aberto": "aberto aberta open",  # (the variants, as English says them)
    "fechado": "fechado fechada closed",
    "must": "preciso precisa precisar obrigatorio obrigatoria must need needs required",
    "use": "usar uso usa usou usando use used using",
}
_CONCEPT: dict[str, str] = {
    word: concept for concept, words in _SYNONYMS.items() for word in words.split()
}
_LITTLE_WORDS = """
    o a os as um uma uns umas de do da dos das no na nos nas num numa em e ou que como se
    eu meu minha nosso nossa nossos nossas seu sua seus suas me com sem por para pra pro ao
    aos e ser foi tem ter posso pode podem quando qual quais onde quem porque isso esse essa
    este esta ja mais muito nao sim ele ela eles vai
    the an of to in on is are be do does did i my me can may how what when who which with
    for and or it its at by from if out this that there have has you your we our not without
    allowed allow permitido permitida
    q n vc voce pq tb tbm eh msm ta to ce oce agora now"""
_STOPWORDS = frozenset(_LITTLE_WORDS.split())
_WORD = re.compile(r"[\w-]+")
# Words shortened as typed in a hurry, read as the word (“qm pega o morto”, “whats a
# canastra”); “vc”, “q”, “pq” are little words as they are.
_SHORT = {"qm": "quem", "qnd": "quando", "qdo": "quando", "whats": "what", "agr": "agora"}
# An English contraction is read as the words it stands for (“what's” what, “can't” can not,
# “lixo's” lixo): split at its apostrophe, its “s” or “t” alone counted in the ranking as a
# word of the question.
_CONTRACTION = re.compile(r"(\w+)['’](s|t|re|ve|ll|m|d)\b")
# A Portuguese elision is its little word: “copo d'água” de água, “n'água” na água (the lone
# “d” counted in the ranking). (“tá”, “tô”, “cê”, said for está, estou, você, are little words.)
_ELISION = re.compile(r"\b([dn])['’](?=\w)")
_NOT = {"can": "can", "won": "will"}  # (can't, won't; don't is do not)
# “pick up” is taking: its “up” is not the one of “round up to ten”.
_PICK_UP = re.compile(r"\b(pick|picks|picked|picking)\s+up\b")
# “run out” is running out (“the stock runs out”), as “ran”; a run alone is a meld.
_RUN_OUT = re.compile(r"\b(?:run|runs|running)\s+out\b")
# “Ao lado”, “lado a lado” and “do lado do 2” are beside, as the wild 2 beside a natural 2
# is said (“um 2 ao lado do outro”); “lado” alone is a side of the table (“nosso lado”,
# “lado A”, “pontos do lado”), which found that rule first.
_BESIDE = re.compile(
    r"\b(?:ao\s+lados?|lado\s+a\s+lado|do\s+lado(?=\s+d[oe]\s+(?:um\s+|outro\s+)?(?:2|dois)\b))\b"
)
# "go" is going out only before "out": not in "can the ace go after the king?" nor in "may
# a card go back to the lixo?".
_GO = frozenset({"go", "goes", "going", "went", "gone"})
# "just" counts before what it limits ("just one card", "just the top card"), not in "the
# card I just took".
_JUST_BEFORE = frozenset({"one", "a", "an", "the"})


def fold(text: str) -> str:
    """Without accents, in lower case: "Ás" -> "as" (searches, and the who page's phrases)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return plain.lower().replace("_", " ")


def search_terms(text: str) -> tuple[str, ...]:
    """The ideas a text speaks of: accents and case ignored, plurals and synonyms folded,
    little words dropped. "Como pego o morto?" -> ("take", "morto"). The words as a
    search reads them (“what's” what, “d'água” de água): “Quem tem razão?” reads claims so."""
    return tuple(concept for concept, _ in _terms(text))


# Little words that still tell a search what is asked: "bater sem morto" asks what going out
# needs ("Bater exige o morto"), not whether the partner may go out while the morto waits;
# "pegar o lixo com uma carta só" asks of the hand, "pegar só uma carta do lixo" of the pile;
# "quando o 2 não é curinga" asks where a 2 is no wild ("O 2 natural: no seu lugar, não é
# curinga").
# (Claims on the "Quem tem razão?" page are matched without them: search_terms.)
_ASKING = frozenset({"sem", "without", "com", "with", "nao", "not"})


# The variants' names: said in a question, they tell at which table it is asked, not what
# (“posso baixar trinca no aberto” is the trinca's point, which says what each variant
# does); they weigh, but answer nothing, and alone still find where a variant is named
# (“o que é stbl”).
_VARIANTS = frozenset(PRESET_NAMES)


# The little words that ask for a person. Where a point is asked for with one (“quem
# começa”, “who takes the morto”), a question that says it is half answered by that point,
# as by a word its text only mentions: “who starts?” is who starts, not “the lixo starts
# empty”, whose title says “starts”. (“quando”, “when” ask for a moment that many points
# hold: “quando pego o morto” is no question of when a side may go out.)
_QUESTION_WORDS = frozenset({"quem", "who"})


# A Portuguese verb with its pronoun is the verb: “usá-la”, “pegá-lo” (usa, pega).
_CLITIC = re.compile(r"-(?:la|lo|las|los|se|lhe|lhes)$")


def _written(text: str) -> list[str]:
    """The words of a text in lower case, contractions read as their words."""

    def expanded(contraction: re.Match[str]) -> str:
        word, tail = contraction.groups()
        if tail == "t" and word.endswith("n"):
            return f"{_NOT.get(word, word[:-1])} not"
        return word  # (the rest, 's 're 've 'll 'm 'd, stands for a little word)

    lower = _PICK_UP.sub(r"\1", text.lower()).replace("cannot", "can not")
    lower = _RUN_OUT.sub("ran out", lower)
    lower = _BESIDE.sub("beside", lower)
    lower = _ELISION.sub(lambda elided: "de " if elided[1] == "d" else "na ", lower)
    return [_SHORT.get(word, word) for word in _WORD.findall(_CONTRACTION.sub(expanded, lower))]


def _terms(text: str, keep: frozenset[str] = frozenset()) -> list[tuple[str, str]]:
    """(idea, word as written) for each word that counts, the word without accent or plural;
    little words in `keep` count too; contractions read as their words."""
    terms: list[tuple[str, str]] = []
    for raw, after in pairwise([*_written(text), ""]):
        if raw == "ás":  # the ace; "as" without the accent is the article
            terms.append(("ace", "as"))
            continue
        word = _CLITIC.sub("", fold(raw))
        if (word in _GO and after != "out") or (
            word == "just" and after not in _JUST_BEFORE and not after.isdigit()
        ):
            continue
        if word in _GO:  # "going out" is the very word of "go out", as the player wrote it
            terms.append(("go_out", "go"))
            continue
        if not word or (word in _STOPWORDS and word not in keep):
            continue
        single = word[:-1] if len(word) > 3 and word.endswith("s") else word
        terms.append((_CONCEPT.get(word) or _CONCEPT.get(single) or single, single))
    return terms


def _little_words(text: str) -> frozenset[str]:
    """The little words of a text ("como", "how"), which `_terms` drops."""
    return frozenset(fold(raw) for raw in _written(text)) & _STOPWORDS


# Where a word is found counts: in the title it names the point, in the text it mentions it.
# The very word the player wrote counts a little more than a synonym of it.
_TITLE, _WORDS, _TEXT = 3.0, 2.0, 1.0
_SAME_WORD = 0.5


@dataclass(frozen=True)
class _Entry:
    point: RulePoint
    ideas: dict[str, float]
    words: dict[str, float]
    asked: frozenset[str]  # the little words of how players ask for it ("como bater")


# A rule's text says “vale” for allowed as often as for worth: “não vale trinca”, “`K A 2 3`
# não vale”, “Vale: o 2 curinga pode entrar…”, “Vale para canastras também”; it is a worth
# before a figure (“Ás vale 15”, “vale {value} pontos”, “Vale 500 ou real”). Read as a
# worth everywhere, it put “Um 2 curinga ao lado de um 2 natural” among the answers to
# “quanto vale o coringa?”. A question's “vale”, and the words players ask a point by, are
# still a worth (“vale trinca?” finds the trinca's point by its words).
_VALE_NOT_WORTH = re.compile(r"\bvalem?\b(?!\s+(?:\d|\{value\}))", re.IGNORECASE)


# A question's “vale” at its end or at its start asks whether something is allowed, as “pode?”
# does: “2 na trinca vale?”, “vale pegar o lixo?”. Read as a worth, it put what each card
# is worth before the wild in a trinca. Elsewhere, or with a word that asks a figure
# (“quanto vale o 2?”, “vale quanto?”, “q q vale a batida?”), it still asks a worth.
# A “vale como” (or “conta como”) anywhere asks whether a thing counts as another, not what it
# is worth: “o 2 vale como curinga na trinca?” put what each card is worth among the answers
# (“oito reis vale como canastra real” is the eight of a kind's point as it was).
_VALE_ALLOWED = re.compile(
    r"^\W*valem?\b|\bvalem?\W*$|\b(?:valem?|contam?)\b(?=\s+como\b)", re.IGNORECASE
)
_ASKS_A_FIGURE = re.compile(r"\b(?:quant[oa]s?|qnto|qto|qnt|q\s+q|que\s+que)\b", re.IGNORECASE)


def _as_asked(query: str) -> str:
    """The question with a “vale” that asks whether a thing is allowed left out (a little
    word, as “pode”). Not where the question names one thing only: “o 2 vale?”, “joker
    vale?” are as likely its worth."""
    if _ASKS_A_FIGURE.search(query):
        return query
    allowed = _VALE_ALLOWED.sub(" ", query)
    return allowed if len(_terms(allowed, _ASKING)) >= 2 else query


@cache
def _index() -> tuple[_Entry, ...]:
    entries = []
    for p in points():
        values = " ".join(v.pt + " " + v.en for v in p.values.values())
        told = _VALE_NOT_WORTH.sub("", f"{p.text.pt} {p.text.en} {values}")
        fields = [
            (_TEXT, told),
            (_WORDS, f"{p.words} {p.option or ''}"),
            (_TITLE, f"{p.title.pt} {p.title.en}"),
        ]
        entry = _Entry(p, {}, {}, _little_words(p.words))
        for weight, text in fields:
            for idea, word in _terms(text, _ASKING):
                entry.ideas[idea] = max(entry.ideas.get(idea, 0.0), weight)
                entry.words[word] = max(entry.words.get(word, 0.0), weight)
        entries.append(entry)
    return tuple(entries)


@cache
def _idea_counts() -> dict[str, int]:
    """How many points hold each idea."""
    counts: dict[str, int] = {}
    for entry in _index():
        for idea in entry.ideas:
            counts[idea] = counts.get(idea, 0) + 1
    return counts


@cache
def _rarity() -> dict[str, float]:
    """Rarer ideas weigh more: "morto" says more about a point than "carta"."""
    total = len(_index())
    return {idea: 1.0 + math.log(total / n) for idea, n in _idea_counts().items()}


@dataclass(frozen=True)
class _Match:
    point: RulePoint
    score: float
    hits: tuple[str, ...]  # the question's ideas the point holds


@cache
def _vocabulary() -> dict[str, str]:
    """The words that name the points (their titles, the words players use for them), as a
    search reads them (no accent, no plural), and their ideas: what a misspelt word may be.
    (Not their texts' words: “pra que serve o morto” is no “série”.)"""
    return {
        word: read[0][0]
        for entry in _index()
        for word, weight in entry.words.items()
        if weight >= _WORDS and (read := _terms(word, _ASKING))
    }


def _read(terms: list[tuple[str, str]]) -> dict[str, str]:
    """The question's ideas and the words written for them, a word that no point holds read
    as the name of a point a slip of a finger away: a letter missing, one more, another, two
    swapped (“morot” morto, “sujja” suja, “curnga” curinga); of four letters, only a letter
    missing (“jokr” joker, “pegr” pegar; not “peão” as “pego”); the likest, if several. Not
    “serve” as “seven”, two slips away."""
    from difflib import SequenceMatcher  # (only for a word the reference does not hold)

    known, read = _idea_counts(), dict[str, str]()
    for idea, word in terms:
        if idea not in known and len(word) >= 4:
            near = [
                w
                for w in _vocabulary()
                if _one_slip(word, w) and (len(word) >= 5 or len(w) > len(word))
            ]
            if near:
                best = max(near, key=lambda w: SequenceMatcher(None, word, w).ratio())
                idea, word = _vocabulary()[best], best
        read[idea] = word  # (an idea written twice: the last word, as dict() kept it)
    return read


# The keyboard of a phone or a computer, each row half a key to the right of the one above.
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_KEY = {key: (row, col) for row, keys in enumerate(_ROWS) for col, key in enumerate(keys)}


def _neighbours(a: str, b: str) -> bool:
    """Whether a finger aiming at one key may hit the other: beside it, or touching it in the
    row above or below (“pretos” is no slip of “preso”: t and s are far apart)."""
    if a not in _KEY or b not in _KEY:
        return False
    (row, col), (other_row, other_col) = _KEY[a], _KEY[b]
    return (
        (row == other_row and abs(col - other_col) == 1)
        or (other_row == row - 1 and other_col in (col, col + 1))
        or (other_row == row + 1 and other_col in (col - 1, col))
    )


def _one_slip(typed: str, word: str) -> bool:
    """Whether `typed` is `word` with one letter left out, swapped, added or changed by a
    finger on the keyboard."""
    if abs(len(typed) - len(word)) > 1 or typed == word:
        return False
    same = min(len(typed), len(word))
    start = next((i for i, (a, b) in enumerate(zip(typed, word, strict=False)) if a != b), same)
    a, b = typed[start:], word[start:]
    changed = len(a) == len(b) > 0 and a[1:] == b[1:] and _neighbours(a[0], b[0])
    # A letter too many is a key pressed twice or brushed beside its neighbour: “sujja”
    # suja, not “black” back.
    beside = typed[max(start - 1, 0) : start + 2].replace(a[:1], "", 1)
    added = a[1:] == b and any(c == a[0] or _neighbours(c, a[0]) for c in beside)
    return changed or added or a == b[1:] or (a[:2] == b[1::-1] and a[2:] == b[2:])


def _ranked(query: str) -> list[_Match]:
    """Every point that holds an idea of the question, best first."""
    query = _as_asked(query)
    terms = _read(_terms(query, _ASKING))  # idea -> the word written for it
    little = _little_words(query)
    rarity = _rarity()
    found: list[tuple[float, float, int, int, _Match]] = []
    for order, entry in enumerate(_index()):
        hits = tuple(idea for idea in terms if idea in entry.ideas)
        if any(idea not in _ASKING for idea in hits):  # ("sem" alone answers nothing)
            score = sum(
                entry.ideas[idea] * rarity[idea] + _SAME_WORD * entry.words.get(terms[idea], 0.0)
                for idea in hits
            )
            # Points that answer more of the question come first, then the best matches (a
            # little word such as "sem" only weighs, it answers nothing by itself). A word
            # only mentioned in a point's text answers half: “Os erros mais comuns” lists
            # “pôr dois curingas no mesmo jogo” among four errors, and “No máximo um curinga
            # por jogo” is that rule. Of two that match as well, the one players ask for in
            # the question's little words too: “como bater?” is “Bater exige o morto” (asked
            # “como bater”), before “O parceiro pode bater enquanto o morto espera?”.
            answered = sum(
                1.0 if entry.ideas[idea] > _TEXT else 0.5
                for idea in hits
                if idea not in _ASKING | _VARIANTS
            ) + 0.5 * len(little & entry.asked & _QUESTION_WORDS)
            phrased = len(little & entry.asked)
            match = _Match(entry.point, score, hits)
            # (the score to six places: the same weights added in another order still tie)
            found.append((-answered, -round(score, 6), -phrased, order, match))
    found.sort(key=lambda f: f[:4])
    return [f[4] for f in found]


def search(query: str, limit: int | None = None) -> list[RulePoint]:
    """The rule points that answer a question or a few words, best first. The query may be in
    Portuguese or English, with or without accents; an empty query finds nothing."""
    ranked = [m.point for m in _ranked(query)]
    return ranked if limit is None else ranked[:limit]


# What a lookup shows of a search: the first answer and at most two more (a phone at the
# table), each scoring at least CLOSE of the first's. The rest only share words with the
# question ("mais N regras com essas palavras").
MAX_CLOSE = 3
CLOSE = 0.6


@cache
def _generic() -> frozenset[str]:
    """Ideas found in half the points or more ("carta", "jogo"): a point that holds only
    these of a question's words says nothing of which rule is meant."""
    total = len(_index())
    return frozenset(idea for idea, n in _idea_counts().items() if 2 * n >= total)


@dataclass(frozen=True)
class Answers:
    """A search as a lookup shows it: `close` answer the question, best first (none when
    the reference holds only very common words of it, or none); `more` share words with it
    and no more, best first."""

    close: tuple[RulePoint, ...]
    more: tuple[RulePoint, ...]
    # The question's words no rule holds, as typed, where they are half of it or more or
    # nothing answers it (“3 pretos”: no rule speaks of a card's colour); the answers, if
    # any, are to the rest of it.
    unread: tuple[str, ...] = ()
    # Whether those words are the whole question (“xyzzy”): then saying that nothing
    # answers it says it all, and naming them again would say the same thing twice.
    only_unread: bool = False

    @property
    def all(self) -> tuple[RulePoint, ...]:
        return self.close + self.more


def answers(query: str) -> Answers:
    """The points that answer a question well, and the others its words find: the first
    that holds a word of it other than a very common one (the first of `search` whenever
    it holds one), then, in the order of `search`, up to MAX_CLOSE in all that hold one
    too and score at least CLOSE of it."""
    ranked = _ranked(query)
    plain = _generic() | _ASKING
    telling = [m for m in ranked if any(idea not in plain for idea in m.hits)]
    best = telling[0].score if telling else 0.0
    close = [m.point for m in telling if m.score >= CLOSE * best][:MAX_CLOSE]
    more = tuple(m.point for m in ranked if m.point not in close)
    asked = [
        idea for idea in _read(_terms(_as_asked(query), _ASKING)) if idea not in _ASKING | _VARIANTS
    ]
    unread = _unread(query)
    if close and 2 * len(unread) < len(asked):
        unread = ()  # (“e agr?”, “a gente”: a word or two aside, the question is answered)
    only = bool(unread) and set(unread) == set(_written(query))
    return Answers(tuple(close), more, unread, only)


def _unread(query: str) -> tuple[str, ...]:
    """The words of a question, as typed, that no rule holds (a slip read as the name it
    nearly is being held)."""
    known = _idea_counts()
    return tuple(
        dict.fromkeys(
            raw
            for raw in _written(query)
            if (ideas := _read(_terms(raw, _ASKING))) and all(i not in known for i in ideas)
        )
    )
