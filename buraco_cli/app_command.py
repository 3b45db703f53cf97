"""`buraco app`: start the Streamlit app of this installation (a checkout or a `pip install .`).

The command does not import the app (the layers keep the command below it): it finds the
app's entry file, app.py, by the package's location, and becomes `streamlit run` on it, with
the settings of the app's .streamlit/config.toml given as options (the app is started from
any folder, where Streamlit itself would not find that file).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn


def app_root() -> Path | None:
    """The folder of app.py: the checkout's top, or the copy installed in buraco_app/site."""
    spec = importlib.util.find_spec("buraco_app")
    if spec is None or spec.origin is None:
        return None
    package = Path(spec.origin).parent
    for root in (package.parent, package / "site"):
        if (root / "app.py").is_file() and (root / "app_pages").is_dir():
            return root
    return None


def streamlit_options(root: Path) -> list[str]:
    """The app's .streamlit/config.toml as `streamlit run` options (--client.toolbarMode=...)."""
    config = root / ".streamlit" / "config.toml"
    if not config.is_file():
        return []
    options = []
    for section, values in tomllib.loads(config.read_text(encoding="utf-8")).items():
        for name, value in values.items():
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            options.append(f"--{section}.{name}={shown}")
    return options


def port_free(port: int) -> bool:
    """Whether a server could listen on this port now (another program may hold it, or it
    may need an administrator): asked before the server starts, which would say it in
    English only."""
    import socket

    with socket.socket() as probe:
        # As the server binds (but on Windows, where the option would let two servers share
        # a port): a port just released, its last connections still closing, is free.
        if os.name != "nt":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("", port))
        except OSError:
            return False
    return True


def run_app(root: Path, extra: Sequence[str]) -> NoReturn:
    """Become `streamlit run` on the app in `root` (this process is replaced, so Ctrl+C or a
    service manager's stop reaches the server itself); `extra` goes to it (--server.port=8600)."""
    command = [sys.executable, "-m", "streamlit", "run", str(root / "app.py")]
    sys.stdout.flush()
    os.execv(sys.executable, [*command, *streamlit_options(root), *extra])
