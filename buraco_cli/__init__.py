"""The `buraco` command line: a front end over buraco_core (see main.py)."""
