"""What the Python suites (Tests/Browser, Tests/Network) share about this package's servers:
where the built executables are, and a free port to start one on."""

import functools
import os
import socket
import subprocess
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
