"""Jogar: a round, and a match, against the computer, every move judged and coached."""

from buraco_app import play
from buraco_app.settings import current_lang

play.page(current_lang())
