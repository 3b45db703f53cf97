"""“Quem tem razão?”: what two players claim at the table -> the disputed points, what each
source says, what each variant does, and a link with the table's choice."""

import streamlit as st

from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON
from buraco_app.limits import MAX_SEARCH_TEXT, too_long
from buraco_app.pages import ask_for_the_top, link_within_session, page_link, top_if_asked
from buraco_app.rules_view import show_point
from buraco_app.settings import current_lang, current_rules, rules_bar
from buraco_app.table_view import cards_text
from buraco_app.who_is_right import draw_dispute, match, melds_said, table_points
from buraco_course.reference import search

FOUND_KEY = "who_dispute_found"
LIST_KEY = "who_dispute"  # every point, where the claims found none
CLAIMS_KEY = "who_claims_seen"  # the claims the chosen point was found for
NEAR_RULES = 2  # rules offered where no point is sure: a phone shows them without scrolling
ANSWER_MARK = "who_answer"  # the chosen point's answer

lang = current_lang()
rules = current_rules()
st.title(t("who.title"))
# The variant and the house options in reach: the answer says to change its option here.
rules_bar()
st.caption(t("who.intro"))
# Kept while another page is shown (persist_state): a player checks the lookup and comes back
# to the argument as typed.
claims = [
    st.text_input(
        t("who.claim", number=n),
        key=f"who_claim_{n}",
        placeholder=t(f"who.example_{n}"),
        persist_state="session",
    )
    for n in (1, 2)
]
# A claim is a sentence said at the table: a paste of pages is refused, not searched.
problems = [
    too_long(c, MAX_SEARCH_TEXT, t("who.claim", number=n)) for n, c in enumerate(claims, start=1)
]
for problem in filter(None, problems):
    st.error(problem, icon=NO_ICON)
claims = ["" if problem else claim for claim, problem in zip(claims, problems, strict=True)]
every = {d.id: d for d in table_points()}
said = any(c.strip() for c in claims)
found = match(*claims) if said else None
# A house rule no source covers is said so; a point is chosen for the players only when it
# surely is theirs, else the near ones are offered with none chosen.
for rule in found.house_rules if found else ():
    st.info(t("who.house", rule=t(f"who.house.{rule}")), icon="🏠")
# Cards written out in a claim (“4h 5h JK 7h 8h 9h 10h é limpa”): the meld lookup judges
# them, one tap away, with these rules (its meld view, whichever the session had open).
for cards in melds_said(*claims) if said else ():
    link_within_session("lookup")
    linked = {"view": "meld", "cards": cards_text(cards)}
    page_link("lookup", t("who.meld_link", cards=cards_text(cards)), linked)
# A rule the four sources agree on is answered with the rule, as the reference says it.
if found and found.agreed:
    # (Where a rule is played only under an option, not “in all three variants”.)
    needs = next((a.needs for a in found.agreed if a.needs), None)
    st.success(t(f"who.agreed_needs.{needs}" if needs else "who.agreed"), icon=NO_ICON)
    for agreed in found.agreed:
        show_point(agreed, rules, lang)
# (Named above: the near disputed points are only offered, none chosen.)
settled = bool(found and (found.house_rules or found.agreed))
if found and not found.points and not settled:
    st.info(t("who.nothing"), icon=NO_ICON)
elif found and found.points and not found.sure and not settled:
    st.info(t("who.unsure"), icon=NO_ICON)


def near_rules() -> None:
    """Words that surely name no point may still ask a rule the sources agree on ("quantas
    cartas cada um recebe?", "quem começa?"): the rules' nearest points, as the lookup's
    search finds them, before anything is called a house rule."""
    if not found or found.sure or settled:
        return
    offered = {p for d in found.points for p in d.points}
    near = [p for p in search(" ".join(found.read))[:NEAR_RULES] if p.id not in offered]
    if near:
        st.caption(t("who.in_rules"))
    for nearest in near:
        show_point(nearest, rules, lang)


# Where disputed points are offered, they come first (a phone shows them under the claims,
# one tap each), the near rules after the point tapped; where none is, before the list of
# every point.
if not (found and found.points):
    near_rules()
# A new argument chooses its own point: the one chosen for the last claims (by the match or
# by hand) is replaced, else it stays chosen while it is still among those offered. Set, not
# removed: the browser's radio shows a value set here, and would keep showing the old one.
if st.session_state.get(CLAIMS_KEY) != claims:
    sure = found is not None and found.sure and bool(found.points)
    st.session_state[FOUND_KEY] = found.points[0].id if found and sure else None
    st.session_state[LIST_KEY] = None if said else next(iter(every))
st.session_state[CLAIMS_KEY] = claims
if found and found.points:
    label = "who.found" if found.sure else "who.related" if settled else "who.maybe"
    relabel_after_language_change(FOUND_KEY)  # (points' titles are in the language)
    chosen: str | None = st.radio(  # (None: a value set so, no point chosen)
        t(label),
        [d.id for d in found.points],
        format_func=lambda i: every[i].title(lang),
        key=FOUND_KEY,  # (its value set above, when the claims changed)
        persist_state="session",  # (the point tapped, kept with the claims)
    )
elif not settled:
    # Nothing said: the list to browse, its first point shown. Words that match no point:
    # none chosen, as "pick one from the list" says (the first is no answer to them).
    relabel_after_language_change(LIST_KEY)
    chosen = st.radio(
        t("who.pick"),
        list(every),
        format_func=lambda i: every[i].title(lang),
        key=LIST_KEY,  # (as above)
        persist_state="session",
        # On a phone the answer is under the whole list, a screen or two below the point
        # tapped: it comes to the screen's top.
        on_change=ask_for_the_top,
        args=(ANSWER_MARK,),
    )
else:
    chosen = None
if chosen in every:
    with st.container(key=ANSWER_MARK):
        draw_dispute(every[chosen], rules, lang)
if found and found.points:
    near_rules()
top_if_asked()
