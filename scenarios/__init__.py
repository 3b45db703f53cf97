"""The course's scenarios as package data: `buraco_course.scenarios` (see pyproject.toml)."""
