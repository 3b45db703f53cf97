"""The course: lessons and scenarios as data (models), read from the package's files
(loader), checked against the rules core (checker), and a learner's answers graded (grader).

The course builds on buraco_core; the core never imports it.
"""

from buraco_course.checker import check_curriculum, check_scenario
from buraco_course.grader import Grade, scenario_state
from buraco_course.loader import Curriculum, load_curriculum
from buraco_course.models import (
    PLAYS_ON,
    THEMES,
    ChooseTask,
    JudgeTask,
    Lesson,
    MatchTask,
    MoveTask,
    Scenario,
    ScoreTask,
    Text,
    Wrong,
)

__all__ = [
    "PLAYS_ON",
    "THEMES",
    "ChooseTask",
    "Curriculum",
    "Grade",
    "JudgeTask",
    "Lesson",
    "MatchTask",
    "MoveTask",
    "Scenario",
    "ScoreTask",
    "Text",
    "Wrong",
    "check_curriculum",
    "check_scenario",
    "load_curriculum",
    "scenario_state",
]
