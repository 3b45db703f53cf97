"""The `buraco` command as installed, and `python -m buraco_cli`: Ctrl-C is said in one line
from the first moment, also while the command is still loading the rules and the texts (a
moment, longer on a slow or busy machine), never as a traceback."""

from __future__ import annotations

import signal
import sys


def main() -> int:
    try:
        from buraco_cli.main import main as command
    except KeyboardInterrupt:  # pressed while loading: said as main says it
        from buraco_cli.main import interrupted, lang_of

        return interrupted(lang_of(sys.argv[1:]))
    code = command()
    # The command has ended and said so: a Ctrl-C now (pressed twice, the second arriving
    # late on a busy machine) stops nothing but Python's own exit, where it printed a
    # traceback ("Exception ignored in: <module 'threading'>… KeyboardInterrupt").
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    return code
