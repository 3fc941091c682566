"""What the Python suites (Tests/Browser, Tests/Network) share about this package's servers:
where the built executables are, a free port to start one on, and waiting for its log."""

import functools
import os
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=None)
def bin_path() -> Path:
    """The folder of the built executables: $DIFFABLE_BIN_PATH, or SwiftPM's debug one."""
    configured = os.environ.get("DIFFABLE_BIN_PATH")
    if configured:
        return Path(configured)
    out = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return Path(out.stdout.strip())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_text(read, text: str, count: int, timeout: float, describe) -> str:
    """What `read()` returns once it holds `text` `count` times, polled until `timeout`;
    fails with `describe()` (where the log is, its last lines). A server's log is waited
    for, not read once: what it does on its own (a session let go, a connection closed) has
    no reply to wait on, and a line can reach the test after the reply it preceded."""
    deadline = time.monotonic() + timeout
    while (found := read()).count(text) < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"{found.count(text)} of {count} {text!r} in {timeout} s; {describe()}")
        time.sleep(0.02)
    return found
