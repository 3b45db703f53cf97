"""The `buraco` command as installed, and `python -m buraco_cli`: Ctrl-C is said in one line
from the first moment, also while the command is still loading the rules and the texts (a
moment, longer on a slow or busy machine), never as a traceback."""

from __future__ import annotations

import sys


def main() -> int:
    try:
        from buraco_cli.main import main as command
    except KeyboardInterrupt:  # pressed while loading: said as main says it
        from buraco_cli.main import interrupted, lang_of

        return interrupted(lang_of(sys.argv[1:]))
    return command()
