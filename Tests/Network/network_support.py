"""What the network tests share: a server process they start and watch (port, log, RSS),
a WebSocket client that speaks the wire protocol of Docs/WebProtocol.md, and the health
check every hostile test ends with.

Nothing here needs a browser; every connection goes to 127.0.0.1.
"""

import json
import os
import re
import subprocess
import threading
import time
import urllib.request
import sys
from pathlib import Path

# Tests/servers.py: the executables' folder and free ports, shared with the other suite.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from servers import bin_path, free_port, wait_for_text  # noqa: E402

import websocket

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "artifacts" / "network"

# A fresh page must get its first `structure` this fast (the spec's 1 second). A machine
# that is also compiling Swift on every core can set DIFFABLE_HEALTH_TIMEOUT higher.
HEALTH_TIMEOUT = float(os.environ.get("DIFFABLE_HEALTH_TIMEOUT", "1.0"))
# Pages asked in turn, the first served in time passing: a server that an attack keeps
# busy misses every time, while a CI machine that stalls the test for a second (2 cores,
# other jobs) rarely does so three times running.
HEALTH_ATTEMPTS = 3

# How far above its idle RSS a server may be after an attack. A debug server idles at
# 60-80 MB. What the server may hold by design is bounded per connection: a message is read
# up to 4 MiB (4 x the 1 MiB cap), a slow page's outbox holds 16 MiB, and a session of
# these apps is a few hundred KB. So even a few attacking connections at their caps stay
# well under 200 MB, while the failures these tests look for (a queue that grows with
# every message, 100,000-row windows copied per range, thousands of sessions' worth of
# buffers) run to hundreds of MB or GB within the tests' time.
RSS_ALLOWANCE_MB = 200

OPEN_LINE = re.compile(r"open http://[^\s/]+:(\d+)/")


def tail(text: str, lines: int = 30) -> str:
    return "\n".join(text.splitlines()[-lines:])


class Server:
    """A server executable of this package on 127.0.0.1, its output copied to a log file.

    `port=None` picks a free port here; `port=0` passes `--port 0` and learns the port from
    the "open http://127.0.0.1:PORT/" line the server prints.
    """

    def __init__(self, product: str, *arguments: str, port=None, log_dir=None):
        self.product = product
        self.arguments = list(arguments)
        self.requested_port = free_port() if port is None else port
        self.port = None
        self.process = None
        self.baseline_rss_mb = None
        self._lines = []
        self._lock = threading.Lock()
        # Tests pass their tmp_path (pytest keeps the last runs'); ad-hoc use logs to artifacts/.
        log_dir = Path(log_dir) if log_dir is not None else LOGS
        log_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%H%M%S") + f"-{time.monotonic_ns() % 1_000_000:06d}"
        self.log_path = log_dir / f"{product}-{stamp}.log"

    # -- addresses

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    # -- life cycle

    def start(self, timeout: float = 30):
        command = [str(bin_path() / self.product), "--port", str(self.requested_port), *self.arguments]
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        # A pipe, copied to the log by a thread: the output is ours to parse (the port).
        threading.Thread(target=self._copy_output, daemon=True).start()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                time.sleep(0.2)  # let the copier take the last lines
                raise RuntimeError(
                    f"{self.product} exited with {self.process.returncode} while starting:\n"
                    f"{tail(self.output())}")
            match = OPEN_LINE.search(self.output())
            if match and self._answers_http(int(match.group(1))):
                self.port = int(match.group(1))
                self.baseline_rss_mb = self.rss_mb()
                return self
            time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"{self.product} did not start in {timeout} s:\n{tail(self.output())}")

    def _copy_output(self):
        with open(self.log_path, "wb") as log:
            for line in iter(self.process.stdout.readline, b""):
                log.write(line)
                log.flush()
                with self._lock:
                    self._lines.append(line.decode("utf-8", "replace"))

    @staticmethod
    def _answers_http(port: int) -> bool:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            return True
        except OSError:
            return False

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self):
        if self.is_running():
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self):
        """kill -9: no chance to finish a write, as in a power cut of the process."""
        if self.is_running():
            self.process.kill()
        if self.process is not None:
            self.process.wait(timeout=10)

    # -- observation

    def output(self) -> str:
        with self._lock:
            return "".join(self._lines)

    def wait_for_output(self, text: str, count: int = 1, timeout: float = 10) -> str:
        """The output once it holds `text` `count` times (a thread copies the pipe here, so
        a line can arrive after the answer the test read)."""
        return wait_for_text(self.output, text, count, timeout, self.describe)

    def rss_mb(self) -> float:
        """Resident memory now, from /proc/PID/status (VmRSS, in kB)."""
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmRSS line")

    def describe(self) -> str:
        state = "running" if self.is_running() else f"exited with {self.process.returncode}"
        return f"{self.product} on port {self.port} ({state}); log {self.log_path}:\n{tail(self.output())}"


class Closed(Exception):
    """The server closed the connection (or reset it)."""


# How a dead connection shows: a close, a reset, or (once websocket-client has closed the
# socket under another thread) a bad descriptor. Timeouts arrive as WebSocketTimeoutException.
CLOSED_ERRORS = (websocket.WebSocketConnectionClosedException, OSError)


class Client:
    """One WebSocket session. Remembers each view's current `seq` from the `structure` and
    `batch` messages it reads, and every message it read."""

    def __init__(self, server: Server, origin=None, timeout: float = 5, query: str = "", **options):
        if origin is None and not options.get("suppress_origin"):
            origin = server.origin
        if origin is not None:
            options["origin"] = origin
        url = server.ws_url + ("?" + query if query else "")
        self.ws = websocket.create_connection(url, timeout=timeout, **options)
        self.seq = {}
        self.messages = []

    def send(self, message):
        """Sends a dict as compact JSON, a str as a text frame as it is, bytes as binary."""
        try:
            if isinstance(message, bytes):
                self.ws.send_binary(message)
            elif isinstance(message, str):
                self.ws.send(message)
            else:
                self.ws.send(json.dumps(message, separators=(",", ":")))
        except CLOSED_ERRORS as error:
            raise Closed(repr(error)) from error

    def recv(self, timeout: float) -> dict:
        self.ws.settimeout(max(timeout, 0.001))
        try:
            text = self.ws.recv()
        except CLOSED_ERRORS as error:
            raise Closed(repr(error)) from error
        if text == "" or text is None:  # websocket-client returns "" after a close frame
            raise Closed("close frame")
        message = json.loads(text)
        if message.get("type") in ("structure", "batch"):
            self.seq[message["view"]] = message["seq"]
        self.messages.append(message)
        return message

    def recv_until(self, predicate, timeout: float = 5) -> dict:
        """Reads until a message satisfies predicate; raises TimeoutError after `timeout`."""
        return self.collect_until(predicate, timeout)[-1]

    def collect_until(self, predicate, timeout: float = 5) -> list:
        """Every message read up to and including the first that satisfies predicate."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"nothing matched in {timeout} s; read {summarize(seen)}")
            try:
                message = self.recv(remaining)
            except websocket.WebSocketTimeoutException:
                raise TimeoutError(f"nothing matched in {timeout} s; read {summarize(seen)}")
            seen.append(message)
            if predicate(message):
                return seen

    def close(self):
        try:
            self.ws.close(timeout=1)
        except Exception:  # noqa: BLE001 - a dead socket is already closed
            pass


def summarize(messages, limit: int = 8) -> str:
    """A short list of message kinds for failure messages."""
    parts = []
    for m in messages[:limit]:
        kind = m.get("type")
        detail = m.get("name") or m.get("code") or m.get("view") or ""
        parts.append(f"{kind}:{detail}" if detail else str(kind))
    more = f" +{len(messages) - limit} more" if len(messages) > limit else ""
    return "[" + ", ".join(parts) + "]" + more


# The views a new session of each app starts with, each with a `structure`.
APP_VIEWS = {"recipes": ("recipes", "sidebar"), "demo": ("demo",)}


def open_session(server: Server, view: str, timeout: float = 5, **options):
    """A client that has read the first `structure` of every view of the app that has
    `view` (so no late structure is mistaken for an answer); returns (client, the
    structure of `view`)."""
    client = Client(server, timeout=timeout, **options)
    waiting = set(APP_VIEWS.get(view, (view,)))
    deadline = time.monotonic() + timeout
    structure = None
    while waiting:
        message = client.recv_until(lambda m: m["type"] == "structure",
                                    deadline - time.monotonic())
        waiting.discard(message["view"])
        if message["view"] == view:
            structure = message
    return client, structure


def first_structure_delay(server: Server, timeout: float) -> float:
    """Seconds from the start of a normal client's handshake to its first `structure`."""
    started = time.monotonic()
    client = Client(server, timeout=timeout)
    try:
        client.recv_until(lambda m: m["type"] == "structure",
                          timeout - (time.monotonic() - started))
    finally:
        client.close()
    return time.monotonic() - started


def assert_prompt_structure(server: Server, when: str):
    """One of HEALTH_ATTEMPTS pages, asked in turn, is served its first `structure` within
    HEALTH_TIMEOUT; fails, with every attempt's outcome, when none is."""
    outcomes = []
    for _ in range(HEALTH_ATTEMPTS):
        try:
            delay = first_structure_delay(server, HEALTH_TIMEOUT)
        except (TimeoutError, OSError, websocket.WebSocketException, Closed) as error:
            outcomes.append(repr(error))
            continue
        if delay < HEALTH_TIMEOUT:
            return
        outcomes.append(f"{delay:.2f} s")
    raise AssertionError(
        f"no normal client of {HEALTH_ATTEMPTS} got its first structure within "
        f"{HEALTH_TIMEOUT} s {when}: {outcomes}\n{server.describe()}")


def assert_healthy(server: Server, allowance_mb: float = RSS_ALLOWANCE_MB, when: str = "after the attack"):
    """The promise every hostile test checks: (a) the server still runs, (b) a normal page
    is served its first `structure` within HEALTH_TIMEOUT, (c) RSS stays within
    `allowance_mb` of what the server used when it had just started."""
    assert server.is_running(), f"the server died {when}: {server.describe()}"
    assert_prompt_structure(server, when)
    rss = server.rss_mb()
    limit = server.baseline_rss_mb + allowance_mb
    assert rss < limit, (
        f"RSS {rss:.0f} MB {when}, over the bound {limit:.0f} MB "
        f"(baseline {server.baseline_rss_mb:.0f} MB + {allowance_mb} MB)")


def app(name: str, payload) -> dict:
    return {"v": 1, "type": "app", "name": name, "payload": payload}


def read_store(data_dir: Path) -> dict:
    return json.loads((data_dir / "recipes.json").read_text())
