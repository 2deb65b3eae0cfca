"""The web example's server, loaded from its file and run on a free localhost port."""

from __future__ import annotations

import os
import random
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import uvicorn

from tests.files import load_file

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "examples" / "web"
# BIRDGAMES_WEB_SERVER names another server file to test (an older version, say); its
# store.py and web_bots.py are still this checkout's.
SERVER_FILE = Path(os.environ.get("BIRDGAMES_WEB_SERVER", WEB / "server.py"))


def load_server() -> ModuleType:
    """Returns examples/web/server.py as a module (its folder goes on sys.path, as when it
    runs as a script, for store.py and web_bots.py)."""
    name = "birdgames_web_server"
    if name in sys.modules:
        return sys.modules[name]
    if str(WEB) not in sys.path:
        sys.path.append(str(WEB))
    return load_file(name, SERVER_FILE, register=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running_server(db: Path | None = None, entropy: random.Random | None = None) -> Iterator[str]:
    """Runs the web server in a thread on the database `db` (a fresh one by default); yields
    its base address. `entropy` replaces the OS's randomness (links, seeds and the bots'
    draws), so a game against a random bot can be played again move for move."""
    with tempfile.TemporaryDirectory() as folder:
        app: Any = load_server().create_app(db or Path(folder) / "web.sqlite3", entropy=entropy)
        port = free_port()
        server = uvicorn.Server(
            uvicorn.Config(
                app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
            )
        )
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            assert thread.is_alive(), "the server did not start"
            assert time.monotonic() < deadline, "the server did not start in 20 s"
            time.sleep(0.02)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            server.should_exit = True
            thread.join(10)
