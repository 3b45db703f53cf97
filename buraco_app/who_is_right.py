"""“Quem tem razão?”: two players' claims at the table -> the disputed points they touch,
what each source says (in the project's words, the source named), what each preset does,
and a link that carries the table's choice. The page (app_pages/who_is_right.py) only asks
and calls these; the disputes and their readings are the rules reference's
(buraco_course/reference.toml), the values each preset takes are the core's."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlencode

import streamlit as st

from buraco_app.i18n import t
from buraco_app.inline_cards import NO_ICON, caption_md
from buraco_app.settings import rules_summary, url_params
from buraco_core.cards import Card, parse_cards
from buraco_core.errors import BuracoInputError
from buraco_core.melds import MIN_MELD
from buraco_core.rules import OPTIONS, PRESET_NAMES, PRESETS, PresetName, RuleSet
from buraco_course.reference import (
    Dispute,
    Reading,
    RulePoint,
    Text,
    disputes,
    fold,
    point,
    points,
    search_terms,
    value_key,
)
from buraco_text import (
    LANGS,
    Lang,
    and_list,
    option_description,
    option_name,
    preset_title,
    sources_text,
    translate,
    value_text,
    without_effect,
)

# --- the points a table argues over ----------------------------------------------------------


@cache
def table_points() -> tuple[Dispute, ...]:
    """Every point a table may argue over, each settled by an option: where the variants
    differ and no dispute covers their values (trincas, the lixo in view, taking the lixo, a
    wild on top of it), read from the presets, first; then the reference's disputes, where
    the sources disagree."""
    return (*_variant_points(), *disputes())


@cache
def _variant_points() -> tuple[Dispute, ...]:
    found = []
    for option in OPTIONS:
        values = list(dict.fromkeys(option.presets.values()))  # in the presets' order
        keys = {value_key(v) for v in values}
        covered = any(
            d.option == option.name and keys <= {r.value for r in d.readings} for d in disputes()
        )
        if not option.presets_differ or covered:
            continue
        said = next(p for p in points() if p.option == option.name)
        readings = tuple(
            Reading(sources=said.sources, text=said.values[value_key(v)], value=value_key(v))
            for v in values
        )
        key = f"who.question.{option.name}"
        title = Text(pt=translate(key, "pt"), en=translate(key, "en"))
        found.append(
            Dispute(
                id=option.name,
                title=title,
                option=option.name,
                points=(said.id,),
                readings=readings,
            )
        )
    return tuple(found)


def variants_differ(dispute: Dispute) -> bool:
    """True for a point where the sources agree and the variants differ (each reading is a
    variant's, not a source's)."""
    return dispute in _variant_points()


# --- finding the point in what players say ---------------------------------------------------

# Where an idea is found counts: the question itself and the words players use for the point
# name it; the option's name and sentence describe it; the readings only mention it.
_NAMES, _OPTION, _MENTIONS = 3.0, 2.0, 1.0


@cache
def _ideas() -> dict[str, dict[str, float]]:
    """Each point's ideas (accents, case, plurals and synonyms folded) and their weight."""
    found = {}
    for d in table_points():
        fields = [
            (_MENTIONS, [r.text(lang) for r in d.readings for lang in LANGS]),
            (
                _OPTION,
                [f(d.option, lang) for f in (option_name, option_description) for lang in LANGS],
            ),
            (_NAMES, [d.title(lang) for lang in LANGS]),
            (_NAMES, [translate(f"who.synonyms.{d.id}", lang) for lang in LANGS]),
        ]
        if variants_differ(d):
            # Each reading is a variant's: "só no Fechado" speaks of the trincas' readings.
            fields.append(
                (_MENTIONS, [preset_title(p, lang) for p in PRESET_NAMES for lang in LANGS])
            )
        ideas: dict[str, float] = {}
        for weight, texts in fields:
            for idea in search_terms(" ".join(texts)):
                ideas[idea] = max(ideas.get(idea, 0.0), weight)
        found[d.id] = ideas
    return found


@cache
def _rarity() -> dict[str, float]:
    """An idea few points hold says more ("trinca") than one most hold ("jogo")."""
    every = _ideas()
    counts: dict[str, int] = {}
    for ideas in every.values():
        for idea in ideas:
            counts[idea] = counts.get(idea, 0) + 1
    return {idea: math.log(1 + len(every) / n) for idea, n in counts.items()}


def points_for(*claims: str, limit: int = 3) -> list[Dispute]:
    """The points that what players say touches, best first: each idea of the claims that a
    point holds counts its weight there times its rarity, over the root of the point's size
    (one that names the idea and speaks of little is closer than one that mentions it among
    many; the root, so that a point with much to say still wins on what it names). Points
    scoring under half the best are left out: "the joker is worth 50" is about the joker,
    not also about the batida, which is worth 50 or 100 too."""
    said = set(search_terms(" ".join(claims)))
    every, rarity = _ideas(), _rarity()
    # A point named outright by a word ("batida") beats a number said that names another
    # ("vale 100 | vale 200": the canastras' question is “de 100 e 200”): where the players
    # named some point so, a number only mentions the points they did not name.
    named = {d.id for d in table_points() if _named(said - _numbers(said), d)}
    ranked = []
    for order, d in enumerate(table_points()):
        ideas = dict(every[d.id])
        if named and d.id not in named:
            ideas.update({i: min(ideas[i], _MENTIONS) for i in _numbers(said) if i in ideas})
        score = sum(ideas[i] * rarity[i] for i in said if i in ideas)
        if score:
            size = math.sqrt(sum((w * rarity[i]) ** 2 for i, w in ideas.items()))
            ranked.append((score / math.sqrt(size), -_said_whole(said, d), order, d))
    # Scores equal to two places tie on what was said (they differ by the length of a
    # point's texts): the point whose name the players said whole comes first. “Vale
    # trinca?” is the trincas point's question; trinca suits' point holds the same ideas.
    # A point that gives way (GIVES_WAY) scores at most as the best of those that do not,
    # and comes after it: still offered, never first.
    cap = max((r[0] for r in ranked if not _gives_way(said, r[3])), default=math.inf)
    ranked = [(min(s, cap) if _gives_way(said, d) else s, w, o, d) for s, w, o, d in ranked]
    ranked.sort(key=lambda r: (-round(r[0], 2), _gives_way(said, r[3]), r[1], r[2]))
    best = ranked[0][0] if ranked else 0.0
    return [d for score, _, _, d in ranked if score >= best / 2][:limit]


# A match is sure, its first point shown at once as THE answer, only when two things hold.
# The point names (in its question, the players' words for it or its option, not only in a
# reading) an idea the players said that says what a point is about: one at most a quarter of
# the points hold ("morto", "trinca", "curinga", "bater"; not "carta", "lixo", "pegar",
# "parceiro"). "A carta do lixo pode ser descartada de volta" shares only "carta" and "lixo"
# with "Pode-se bater baixando a última carta?", and that point is offered, not chosen. And
# the players said one of the point's names whole, more weighty than any other point's name
# they said whole (below): ideas scattered over several points score one of them first
# without being about it. "O morto é 100 pontos negativos" shares "100" and "pontos" with
# the batida's value, "morto" and "100" with the two mortos gone to the stock, and is about
# neither (the side that did not take its morto); "a compra tem que ser justificada" says
# the free pickup's "compra justificada" whole, yet scores the 2 on top of the lixo first.
_DISTINCTIVE_SHARE = 4


@cache
def _names() -> dict[str, tuple[frozenset[str], ...]]:
    """Each point's names, as sets of ideas: its question and each way players say it
    (catalog `who.synonyms.ID`), in both languages."""
    return {
        d.id: tuple(
            frozenset(search_terms(name))
            for lang in LANGS
            for name in [d.title(lang), *translate(f"who.synonyms.{d.id}", lang).split(";")]
            if search_terms(name)
        )
        for d in table_points()
    }


def _said_whole(said: set[str], dispute: Dispute) -> float:
    """How much the weightiest name of the point that the players said whole says: the
    rarity of its ideas, summed ("oito reis" says more than "quanto vale a canastra", whose
    "vale" most points hold); 0 where they said none of its names whole."""
    rarity = _rarity()
    return max(
        (sum(rarity[i] for i in name) for name in _names()[dispute.id] if name <= said),
        default=0.0,
    )


def _named(said: set[str], dispute: Dispute) -> bool:
    """The point names (not only mentions) an idea the players said that few points hold."""
    every = _ideas()
    held = list(every.values())
    ideas = every[dispute.id]
    return any(
        ideas[i] >= _OPTION and sum(i in h for h in held) * _DISTINCTIVE_SHARE <= len(held)
        for i in said
        if i in ideas
    )


# A point about a wild in general gives way to the one about a 2 where the players speak of
# a 2 (search_terms' "two") and of its natural place (any of these ideas): "o 2 em cima do
# lixo é curinga, só pra jogo novo | não, o 2 vai pro lugar natural no meu jogo" argues
# whether a 2 in its natural place is a wild at all (two_on_top_of_lixo, [002] vs [003]),
# and was answered outright with the wild on top of the lixo, whose question those claims
# say whole. It is still offered, after the best of the others, and its name said whole no
# longer outweighs theirs. So where they ask of a 2 on the lixo at all: “is a 2 on the pile
# wild?” is the 2's question (“is a 2 on top of the lixo always a wild?”), and was answered
# at once with the wild on top, whose name “wild on the discard pile” it says whole too.
GIVES_WAY: dict[str, tuple[str, str]] = {
    "wild_top_card_new_meld_only": ("two", "natural lugar place posição lixo"),
}


def _gives_way(said: set[str], dispute: Dispute) -> bool:
    if dispute.id not in GIVES_WAY:
        return False
    subject, place = GIVES_WAY[dispute.id]
    return subject in said and bool(said & set(search_terms(place)))


def _numbers(said: set[str]) -> set[str]:
    return {i for i in said if i.isdigit()}


def _sure(said: set[str], dispute: Dispute) -> bool:
    names_an_idea = _named(said, dispute)
    # (A claim that says two points' names, as weighty, is about either: neither is chosen.)
    whole = _said_whole(said, dispute)
    return (
        names_an_idea
        and whole > 0
        and not _gives_way(said, dispute)
        and all(
            _said_whole(said, d) < whole
            for d in table_points()
            if d != dispute and not _gives_way(said, d)
        )
    )


# --- house rules: what some tables play and no source speaks of ------------------------------

# RULES.md, "House rules seen at other tables (not in the sources)". A claim about one is
# answered so ("none of the four sources speaks of it: agree before playing"), never with a
# disputed point that happens to share its words. Each is recognised by one of its phrases
# (catalog `who.house_phrases.ID`, both languages, compared without accents, case or
# punctuation) in claims that also speak of its subject (these ideas, any of them).
HOUSE_RULES: dict[str, str] = {
    "single_card_lixo": "lixo pile",
    "lixo_card_back": "lixo pile",
    "trincas_only_a_k_3": "trinca kind",
    # No source forbids discarding a wild, nor speaks of it: the judge allows it. (A wild on
    # top of the lixo, for whoever takes it, is a variant point: claims of taking it are that.)
    "wild_discard": "curinga",
}
HOUSE_UNLESS: dict[str, str] = {"wild_discard": "pegar topo cima top"}


def _plain(text: str) -> str:
    """The words of a text, accents, case and punctuation gone, space around each."""
    return " " + " ".join(re.findall(r"[a-z0-9]+", fold(text))) + " "


@cache
def _phrases(catalog: str, rules: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """How players say each rule: catalog `who.CATALOG.ID` in every language, plain."""
    return {
        rule: tuple(
            _plain(phrase)
            for lang in LANGS
            for phrase in translate(f"who.{catalog}.{rule}", lang).split(";")
            if phrase.strip()
        )
        for rule in rules
    }


def house_rules_for(*claims: str) -> list[str]:
    """The house rules (ids of HOUSE_RULES) that what players say is about."""
    return _phrased(HOUSE_RULES, "house_phrases", claims, HOUSE_UNLESS)


def _phrased(
    subjects: dict[str, str],
    catalog: str,
    claims: tuple[str, ...],
    unless: dict[str, str] | None = None,
) -> list[str]:
    """The ids whose subject (any of its ideas) the claims speak of, in one of its phrases
    (catalog `who.CATALOG.ID`), and none of the ideas `unless` names for it."""
    phrases = _phrases(catalog, tuple(subjects))
    text, said = _plain(" ".join(claims)), set(search_terms(" ".join(claims)))
    return [
        rule
        for rule, subject in subjects.items()
        if said & set(search_terms(subject))
        and not said & set(search_terms((unless or {}).get(rule, "")))
        and any(phrase in text for phrase in phrases[rule])
    ]


# --- agreed rules: what the four sources say alike ------------------------------------------

# Points of the rules reference that no source disputes and players still argue over ("dá
# pra baixar 3 curingas?", "o 2 volta pro lugar dele"). A claim about one is answered with
# the rule itself, never with a disputed point that happens to share its words (the 2 going
# home was answered with "a wild 2 beside a natural 2", three jokers with the same). Each is
# recognised as a house rule is: a phrase of catalog `who.agreed_phrases.ID` in claims that
# speak of its subject, unless they also speak of an idea of AGREED_UNLESS (a 2 from the lixo
# going to its place is the disputed two_on_top_of_lixo). Keys are ids of reference points
# no source disputes (morto_penalty has an option, at -100 in every preset and source). The
# morto's -100 is no disputed point: "quem não pega o morto perde 100" was answered, as if
# sure, with the two mortos gone to the stock; K-A-2 with "ás ao rei", the canastra de 500;
# "pode bater sem pegar o morto?" with the partner going out while the morto waits; "o ás
# pode ser depois do rei?" with the canastra de 500; "2 de copas no jogo de copas é
# curinga?" with the wild 2 beside a natural 2.
AGREED_RULES: dict[str, str] = {
    "one_wild_per_meld": "curinga",
    "dirty_turns_clean": "2",
    "joker_never_natural": "2 curinga",
    # (The ranks in English too: search_terms folds “ace” into “ás”, not “king” into “rei”.)
    "card_points": "ás rei dama valete carta king queen jack",
    "sequence": "sequência run",
    "melds_stay_apart": "jogo trinca",
    "own_side_melds": "jogo",
    "morto_who_takes": "morto",
    "morto_penalty": "morto",
    "go_out_needs_morto": "morto",
    # A wild in a trinca, one at most, as in any meld [000, 003]: “2 na trinca vale?” was
    # offered the trincas' disputed points, and told that no source speaks of it.
    "trinca_wild": "trinca kind",
    "no_wrap_around": "sequência ás rei 2 volta king",
    "ace_low_high": "ás rei 2 king",
    "natural_two": "2",
    # What tables argue and the sources settle alike: the canastra's 7 cards, the deal's 11,
    # melding from the first turn, the discard that ends the turn, the lixo taken whole.
    "canastra": "canastra",
    "deal": "carta distribuir",
    "turn_meld": "baixar",
    "turn_discard": "descartar baixar",
    "lixo_whole_pile": "lixo",
    # The direct batida's morto at once, the turn going on [000, 001, 003]: "bateu direto,
    # continua jogando | não, espera a próxima vez" was the partner while the morto waits.
    "direct_beat": "morto bater",
    # Who wins the match: the higher total once a side reaches the target [003], not the
    # side that went out or got there first (a tie at the top plays on, the project's
    # reading). "Empatou acima de 3000, quem bateu ganha" was offered "quem bate leva o
    # bônus de 100": the target's number alone is disputed (2000, 3500, 5000). A tie is
    # said without the target's number ("deu empate em 3100, joga mais uma?").
    "target_score": "partida ganha ganhar vence vencer match wins win 3000 alvo target"
    " empate empatou empatados empatadas empatamos empataram empatado empatada empatar tie tied",
}
# (The -100 where both mortos became the stock and no side took one, or of a morto an
# indirect batida left unused, is a disputed point; going out without the morto is another
# rule. One morto become the stock, the side that did not take it pays -100 [000, 001, 003]:
# “acabou o monte, quem não pegou o morto perde 100” is this rule, the both-mortos dispute
# only offered beside it.)
AGREED_UNLESS: dict[str, str] = {
    "one_wild_per_meld": "natural",  # (a wild 2 beside a natural 2 is disputed)
    # (A 2 on top of the lixo that would sit naturally is disputed; a trinca has no natural
    # place: “can a trinca have two of the same suit?” is the trinca's suits.)
    "natural_two": "lixo trinca",
    "dirty_turns_clean": "lixo",
    "sequence": "trinca",
    "trinca_wild": "naipe suit oito eight real",  # (the trinca's suits, eight of a kind)
    "card_points": "canastra trinca",  # ("canastra de ás vale 500?" is the canastra de 500)
    # (A morto taken and never used is the unused indirect-beat morto's: “do we lose 100 for
    # a morto we took but never played?”)
    "morto_penalty": "ninguém nenhum nenhuma dois duas both nobody neither indireto indireta"
    " indirect bater never nunca played jogou",
    # (The partner going out while the morto waits after an indirect beat is disputed.)
    "go_out_needs_morto": "parceiro espera esperando indireto indireta indirect waits waiting",
    # (The canastra's bonuses and the 13-card canastra are rule options; the vulnerable
    # side's first baixada is one; what shows of the lixo is a variant point.)
    "canastra": "limpa suja 500 real mil",
    "deal": "canastra",
    "turn_meld": "vulnerável 75",
    "turn_discard": "bater morto",
    "lixo_whole_pile": "ver olhar aparece mostra espalhar justificar",
    # (The partner going out meanwhile, and the morto of an indirect batida paid, are
    # disputed.)
    "direct_beat": "parceiro parceira partner paga pagar perde perder pay lose",
    # (How many points win is the disputed target: “até quantos pontos vai a partida?”;
    # what going out earns, the batida's bonus: “quem bate ganha 100”.)
    "target_score": "quantos 2000 3500 5000 how many 100",
}


def agreed_rules_for(*claims: str) -> list[RulePoint]:
    """The reference points the sources agree on that what players say is about."""
    found = _phrased(AGREED_RULES, "agreed_phrases", claims, AGREED_UNLESS)
    return [point(rule) for rule in found]


@dataclass(frozen=True)
class Match:
    """What claims are about: house rules no source covers, rules the sources agree on, the
    disputed points they touch (best first), and whether the first point is surely theirs
    (shown at once) or only offered."""

    house_rules: tuple[str, ...]
    points: tuple[Dispute, ...]
    sure: bool
    agreed: tuple[RulePoint, ...] = ()  # rules the sources agree on (none where a house rule)
    # The claims as read (read_claims), which the rules' search reads too.
    read: tuple[str, ...] = field(default=(), compare=False)


# "As" without its accent is the article ("as cartas"), but never after a masculine article:
# "quanto vale o as?", "trinca de as" are typed without the accent and mean the ace.
_UNACCENTED_ACE = re.compile(r"\b(o|um|do|no|ao|pelo|de|meu|seu)\s+as\b", re.IGNORECASE)


# A tie at the top said in its numbers, with no word for a tie or for the target: “deu 3050
# a 3050, quem bateu leva”, “3.100 x 3.100”, “3050 all”, “3050 each”. It is read as the tie
# it is (“empate em 3050”), which the target's rule answers (agreed_phrases.target_score);
# it was placed nowhere. Only from the least target text 003 names (2000): “350 a 350
# nessa rodada” is a round's, “1500 a 1500” a match halfway through.
_NUMBER = r"\d{1,3}(?:[.,]\d{3})+|\d+"
_TIED = re.compile(
    rf"\b(?P<n>{_NUMBER})\s*(?:a|x|×|to)\s*(?P=n)\b"
    rf"|\b(?P<m>{_NUMBER})\s+(?:all|each|apiece|cada|pra cada|para cada)\b",
    re.IGNORECASE,
)
_LEAST_TARGET = 2000


# Two totals at the top that differ, said in their numbers alike: “3100 a 3050, quem bateu
# leva”, “3.100 x 3.050”, “3100 to 3050”. That is the match's score where a side has reached
# the target, read so (“placar da partida”, agreed_phrases.target_score), which the target's
# rule answers: the higher total wins, not who went out [003]. It was placed nowhere.
# (Not a range: “de 2000 a 3000”, “from 2000 to 3000” are targets.)
_STANDING = re.compile(
    rf"(?<!\bde )(?<!\bfrom )\b(?P<a>{_NUMBER})\s*(?:a|x|×|to)\s*(?P<b>{_NUMBER})\b",
    re.IGNORECASE,
)


def _tie_said(claim: str) -> str:
    def read(tie: re.Match[str]) -> str:
        number = int(re.sub(r"\D", "", tie["n"] or tie["m"]))  # (“3.100” is 3100)
        return f"empate em {number}" if number >= _LEAST_TARGET else tie[0]

    def standing(score: re.Match[str]) -> str:
        a, b = (int(re.sub(r"\D", "", score[side])) for side in ("a", "b"))  # (“3.100”)
        return f"placar da partida {a} a {b}" if min(a, b) >= _LEAST_TARGET else score[0]

    return _STANDING.sub(standing, _TIED.sub(read, claim))


# Words a point names only in some phrases, in claims about its subject (search_terms'
# idea): elsewhere they are not read. “Lado” is the wild 2's “ao lado” (beside), in a claim
# about a 2 (“o 2 pode ficar ao lado do 2 natural?”); “do lado”, “lado A”, “nosso lado
# ganhou” speak of a side of the table, and were offered the wild 2 beside a natural 2,
# whose question alone holds the word (and the rules' search found its rule first).
ONLY_IN_PHRASES: dict[str, tuple[str, re.Pattern[str]]] = {
    "lado": (
        "two",
        re.compile(r" ao lados? | lado a lado | do lado d[oe] (?:um |outro )?(?:2|dois) "),
    ),
}


def read_claims(*claims: str) -> tuple[str, ...]:
    """The claims as the page reads them: an unaccented ace after its article as the ace, a
    tie at the top said in numbers as a tie, and a word of ONLY_IN_PHRASES left out where
    it is said outside its phrases or in claims that do not speak of its subject."""
    claims = tuple(_tie_said(_UNACCENTED_ACE.sub(r"\1 ás", claim)) for claim in claims)
    text, said = _plain(" ".join(claims)), set(search_terms(" ".join(claims)))
    for word, (subject, phrase) in ONLY_IN_PHRASES.items():
        if subject not in said or not phrase.search(text):
            loose = re.compile(rf"\b{word}s?\b", re.IGNORECASE)
            claims = tuple(loose.sub(" ", claim) for claim in claims)
    return claims


def match(*claims: str) -> Match:
    claims = read_claims(*claims)
    house = tuple(house_rules_for(*claims))
    agreed = () if house else tuple(agreed_rules_for(*claims))
    found = tuple(points_for(*claims))
    said = set(search_terms(" ".join(claims)))
    sure = not house and not agreed and bool(found) and _sure(said, found[0])
    return Match(house_rules=house, points=found, sure=sure, agreed=agreed, read=claims)


# A card as a claim writes it: "4h", "10♠", "Q♦", "JK" (the rank's letters in capitals: "as"
# is an article, "As" at a claim's start rarely the ace with two more cards beside it).
_CARD = re.compile(r"(?<![\w♣♦♥♠])(?:10|[2-9AJQKT])[cdhsCDHS♣♦♥♠]\ufe0f?(?![\w])|\bJK\b")
# A card mistyped ("5x"): the claim's cards are not offered, a meld without it judged instead.
_TYPO = re.compile(r"(?<![\w])(?:10|[2-9])[a-zA-Z]\w*")


def melds_said(*claims: str) -> list[tuple[Card, ...]]:
    """The melds a claim writes out in cards (“4h 5h JK 7h 8h 9h 10h é limpa”), each as the
    meld lookup would read it: the judge settles them, not a disputed point."""
    found = []
    for claim in claims:
        tokens = _CARD.findall(claim)
        typos = [w for w in _TYPO.findall(claim) if not _CARD.fullmatch(w)]
        if len(tokens) < MIN_MELD or typos:  # (fewer cards are no meld to judge)
            continue
        try:
            cards = parse_cards(" ".join(tokens))
        except BuracoInputError:
            continue
        if cards not in found:
            found.append(cards)
    return found


# What a reading says besides its option's value: the canastras' [003] variation is suja 150
# AND limpa 300 (the dispute's option is the limpa's alone). Its link set the limpa only, and
# a table at suja 100, limpa 300 was told it played “Variação: suja 150, limpa 300”.
ALONGSIDE: dict[str, dict[str, dict[str, int]]] = {
    "canastra_bonuses": {
        "200": {"canastra_suja_points": 100},
        "300": {"canastra_suja_points": 150},
    },
}


def reading_options(dispute: Dispute, reading: Reading) -> dict[str, object]:
    """The option settings a reading means: its option's, and what it says alongside."""
    alongside = ALONGSIDE.get(dispute.id, {}).get(str(reading.value), {})
    return {**dispute.options_for(reading), **alongside}


def table_reading(dispute: Dispute, rules: RuleSet) -> Reading | None:
    """The reading these rules follow, all it says (None if they follow none)."""
    found = dispute.reading_of(rules)
    if found is None:
        return None
    settings = reading_options(dispute, found)
    return found if all(getattr(rules, k) == v for k, v in settings.items()) else None


def rules_for(rules: RuleSet, dispute: Dispute, reading: Reading) -> RuleSet:
    """The table's rules with the dispute settled as this reading says."""
    return rules.with_options(**reading_options(dispute, reading))


def share_url(
    base: str | None, rules: RuleSet, lang: Lang, more: Mapping[str, str] | None = None
) -> str:
    """A link that opens the app with these rules (and language) and the page's `more`
    parameters; only the query where the page's own address is unknown."""
    query = urlencode(url_params(rules, lang) | dict(more or {}))
    return f"{base}?{query}" if base else f"?{query}"


def presets_following(dispute: Dispute, reading: Reading) -> list[PresetName]:
    return [p for p, _, follows in dispute.per_preset() if follows == reading]


SOURCE_IDS = ("000", "001", "002", "003")


# Options whose 0 turns the rule off (their descriptions say “0 = desligado”).
OFF_AT_ZERO = ("vulnerable_min_meld_points", "corte_44_points")


def _value(option: str, value: object, lang: Lang) -> str:
    """An option's value as a player reads it: “0 (desligado)”, not a bare 0, where 0 is off
    (“As três variantes jogam 0” said nothing at the table)."""
    if option in OFF_AT_ZERO and value == 0:
        return t("who.off", lang)
    return value_text(option, value, lang)


def option_line(dispute: Dispute, rules: RuleSet, lang: Lang) -> str:
    """The option that settles the point: its value at this table, each variant's (grouped
    where they agree), and where the table changes it."""
    option = dispute.option
    by_value: dict[str, list[str]] = {}
    for preset in PRESET_NAMES:
        value = _value(option, getattr(PRESETS[preset], option), lang)
        by_value.setdefault(value, []).append(preset_title(preset, lang))
    if len(by_value) == 1:
        variants = t("who.variants_same", lang, value=next(iter(by_value)))
    else:
        variants = "; ".join(
            t("who.variants_value", lang, presets=and_list(presets, lang), value=value)
            for value, presets in by_value.items()
        )
    return t(
        "who.option",
        lang,
        name=option_name(option, lang),
        value=_value(option, getattr(rules, option), lang) + idle_mark(option, rules, lang),
        variants=variants,
        house=t("rules_bar.house_none", lang),
    )


def outside_answer(dispute: Dispute, rules: RuleSet, lang: Lang) -> str | None:
    """At a table of a variant the dispute is not about (Dispute.variants: going out in
    Fechado, at an Aberto or STBL table), the rule there, as the point says it, and that the
    sources agree on it there; where the table changed the option, that it is its choice and
    what the sources agree on. None where the table's variant is disputed."""
    if rules.preset in dispute.variants:
        return None
    said = point(dispute.points[0])
    agreed = said.at_table(PRESETS[rules.preset], lang) or ""
    value = said.at_table(rules, lang) or ""
    changed = getattr(rules, dispute.option) != getattr(PRESETS[rules.preset], dispute.option)
    return t(
        "who.outside_house" if changed else "who.outside",
        lang,
        value=value,
        agreed=agreed,
        preset=preset_title(rules.preset, lang),
        sources=sources_text(said.sources, lang),
        variants=and_list([preset_title(p, lang) for p in dispute.variants], lang),
    )


def idle_answer(dispute: Dispute, rules: RuleSet, lang: Lang) -> str | None:
    """Where the table's rules leave the point without effect (no trincas, a free lixo, a
    wild on top with no condition, no minimum for a vulnerable side): that it does not
    arise here, and why; None where it does. (A 2 on top of the lixo at an Aberto table,
    where the lixo is free, was answered “Sim: com “Coringa ou Dois” no topo, o lixo só se
    pega para começar um jogo novo”.)"""
    by = rules.idled_by(dispute.option)
    # (How a closed lixo is justified, at a table where it is free: no reading is its own.)
    free = dispute.option == "pickup" and rules.pickup == "free"
    if free and not variants_differ(dispute) and dispute.reading_of(rules) is None:
        by = "pickup"
    if by is None or variants_differ(dispute):  # (each reading is a variant's)
        return None
    return t(f"who.idle.{by}", lang)


def idle_mark(option: str, rules: RuleSet, lang: Lang) -> str:
    """“ (sem efeito: sem trincas)” after the option's value where the table leaves it so."""
    note = without_effect(rules, option, lang)
    return f" {note}" if note else ""


def draw_dispute(dispute: Dispute, rules: RuleSet, lang: Lang) -> None:
    """One disputed point under the table's rules: the table's answer and the option that
    settles it, each reading with its sources, the presets that follow it, the reading of
    the user's table, and a link that plays it."""
    # A point disputed in another variant only: no reading is this table's (going out with a
    # dirty canastra at an Aberto table is no matter of text 003's reading for Fechado).
    outside = outside_answer(dispute, rules, lang) or idle_answer(dispute, rules, lang)
    at_table = None if outside else table_reading(dispute, rules)
    summary = rules_summary(rules, lang)
    settled_by = option_line(dispute, rules, lang)
    said = outside or (at_table.text(lang) if at_table is not None else None)
    if said is not None:
        # The answer first, in one box: on a phone the readings start a screen further down.
        answer = t("who.answer", lang, rules=summary, answer=said)
        st.success(f"{answer}\n\n{settled_by}", icon=NO_ICON)
    # The point (and the table's rules and option, where no reading is the table's): one
    # Markdown block (### as st.subheader).
    rules_line = (
        caption_md(t("who.rules", lang, rules=summary)) + f"\n\n{settled_by}\n\n"
        if said is None
        else ""
    )
    st.markdown(f"{rules_line}### {dispute.title(lang)}")
    by_variant = variants_differ(dispute)
    if by_variant:  # (the sources agree: each reading is a variant's, they say both)
        sources = sources_text(dispute.readings[0].sources, lang)
        st.markdown(caption_md(t("who.variants_differ", lang, sources=sources)))
    for index, reading in enumerate(dispute.readings):
        with st.container(border=True):
            # One Markdown block for the reading's texts (captions as caption_md): each
            # element costs a rerun as much as a line of work.
            mark = " ✓" if reading == at_table else ""
            parts = [
                f"**{t('who.reading', lang, number=index + 1)}**{mark}  \n{reading.text(lang)}"
            ]
            if not by_variant:
                sources = sources_text(reading.sources, lang)
                parts.append(caption_md(t("who.sources", lang, sources=sources)))
            following = presets_following(dispute, reading)
            if following:
                names = and_list([preset_title(p, lang) for p in following], lang)
                parts.append(t("who.presets_follow", lang, presets=names))
            if reading == at_table:
                parts.append(t("who.your_table", lang))
            parts.append(caption_md(t("who.share", lang)))
            st.markdown("\n\n".join(parts))
            chosen = rules_for(rules, dispute, reading)
            st.code(share_url(st.context.url, chosen, lang), language=None, wrap_lines=True)
    # The sources by number above (a line each at a table); what each one is, once, here.
    with st.expander(t("who.about_sources", lang)):
        st.markdown("\n".join(f"- **{sid}**: {t(f'source.{sid}', lang)}" for sid in SOURCE_IDS))
