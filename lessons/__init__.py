"""The course's lessons as package data: `buraco_course.lessons` (see pyproject.toml)."""
