#!/usr/bin/env python3
"""Issue 17's cross-process latency: how long a change made in a page of one `recipes`
process takes to reach the pages of another `recipes` process on the same PostgreSQL
database (`recipes --database postgres://...`; a commit ends with NOTIFY, and every process
LISTENs and re-reads the table when it hears a newer revision).

    swift build -c release --product recipes                 # once
    pip install websockets                                   # the asyncio WebSocket client
    python3 Benchmarks/Scripts/cross_process_latency.py      # 50 changes, 1 page on B
    python3 Benchmarks/Scripts/cross_process_latency.py --pages 10 --changes 200 --runs 3 \\
        --json out.json
    python3 Benchmarks/Scripts/cross_process_latency.py --database postgres://u@host/db
    python3 Benchmarks/Scripts/cross_process_latency.py --bin-path .build/release

--bin-path is the folder of the `recipes` executable (default: $DIFFABLE_BIN_PATH, else
`swift build -c release --show-bin-path`); nothing is built here.

Each run starts a private PostgreSQL (scripts/postgres.sh, in a folder under /tmp, on a
free port; as root it installs Debian's postgresql if it is missing), unless --database
names one, and two `recipes` processes on it, A and B, each on a port of its own. It opens
two pages on A (the sender and a second page) and --pages pages on B, the way the browser
does (same-origin WebSocket, a `window` over the first 40 rows, every batch acknowledged).
Then, --warmup changes not counted and --changes counted, one at a time, the sender toggles
one recipe's favorite (--recipe). For each change, from sending it:
  - sender answered: the sender's `saved` reply (the commit, done by A);
  - same process: the second page on A receives the recipe list's batch reconfiguring that
    recipe's row, its cell showing the new heart (the baseline);
  - other process: every page on B has received that batch (one sample per change: the
    slowest page).
p50/p99/max/mean in milliseconds (nearest rank: with 50 changes, p99 is the maximum), as a
table on stdout and, with --json, the raw samples too. Each change must arrive within
--timeout seconds, or the script stops with exit status 1 naming what never came.

Every process it started (PostgreSQL, the two servers) is stopped and every folder it made
is removed on exit, on an error and on Ctrl-C or SIGTERM. With --database the rows of that
database are used as they are (seeded on first use) and the favorite is toggled
warmup + changes times (an even count leaves it as it was).

A benchmark, not a test: it exits 0 whatever the figures are.
"""

import argparse
import asyncio
import datetime
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
# load_recipes puts Tests/ and Tests/Network/ on sys.path and checks for websockets.
from load_recipes import ROOT, percentile, release_bin_path  # noqa: E402

import websockets  # noqa: E402
from servers import free_port  # noqa: E402  (Tests/servers.py)

POSTGRES_SH = ROOT / "scripts" / "postgres.sh"
OPEN_LINE = re.compile(r"open http://[^\s/]+:(\d+)/")
# scripts/postgres.sh exits with this when PostgreSQL is missing and it may not install it.
NOT_INSTALLED = 3
WINDOW_ROWS = 40


class Failure(Exception):
    """Something the measurement depends on did not happen: the message says what."""


def tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# -- PostgreSQL


class PrivatePostgres:
    """scripts/postgres.sh's server in its own folder under /tmp (as root the server runs as
    `postgres`, which must be able to reach the folder: /tmp lets it through)."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(dir="/tmp", prefix="diffable-xproc-pg-"))
        self.port = free_port()
        self.url = None

    def _script(self, *arguments, timeout=180) -> str:
        # Its own session: a Ctrl-C at the terminal reaches this script, which stops the
        # server in order, and not the server directly.
        result = subprocess.run([str(POSTGRES_SH), *arguments], capture_output=True, text=True,
                                timeout=timeout, start_new_session=True)
        if result.returncode == NOT_INSTALLED:
            raise Failure(result.stderr.strip())
        if result.returncode != 0:
            raise Failure(f"scripts/postgres.sh {' '.join(arguments)} exited with "
                          f"{result.returncode}:\n{result.stdout}{result.stderr}")
        return result.stdout.strip()

    def start(self) -> "PrivatePostgres":
        self.url = self._script("start", str(self.directory), str(self.port)).splitlines()[-1]
        return self

    @staticmethod
    def version() -> str:
        """`postgres --version` of the binaries scripts/postgres.sh uses."""
        try:
            bindir = subprocess.run([str(POSTGRES_SH), "bindir"], capture_output=True, text=True,
                                    timeout=30, check=True).stdout.strip()
            out = subprocess.run([f"{bindir}/postgres", "--version"], capture_output=True,
                                 text=True, timeout=30)
            return out.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return "unknown"

    def close(self):
        try:
            self._script("stop", str(self.directory), timeout=90)
        except (Failure, subprocess.SubprocessError) as error:
            print(f"cross_process_latency: stopping PostgreSQL: {error}", file=sys.stderr)
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)


# -- the recipes processes


class Recipes:
    """One `recipes --database URL` process on 127.0.0.1, its output in a log file, in a
    session of its own (so that a Ctrl-C reaches only this script, which stops it after
    closing its pages)."""

    def __init__(self, name: str, bin_path: str, database: str, work: Path):
        self.name = name
        self.log_path = work / f"recipes-{name}.log"
        self.command = [str(Path(bin_path) / "recipes"), "--port", "0", "--database", database,
                        "--data-dir", str(work / f"data-{name}")]
        self.process = None
        self.port = None

    def start(self, timeout: float) -> "Recipes":
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(self.command, cwd=ROOT, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise Failure(f"recipes {self.name} exited with {self.process.returncode} "
                              f"while starting:\n{tail(self.log_path)}")
            match = OPEN_LINE.search(self.log_path.read_text(errors="replace"))
            if match and self._answers(int(match.group(1))):
                self.port = int(match.group(1))
                return self
            time.sleep(0.05)
        raise Failure(f"recipes {self.name} did not start in {timeout} s:\n{tail(self.log_path)}")

    @staticmethod
    def _answers(port: int) -> bool:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            return True
        except OSError:
            return False

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self):
        if self.running():
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def describe(self) -> str:
        state = "running" if self.running() else f"exited with {self.process.returncode}"
        return f"recipes {self.name} on port {self.port} ({state}):\n{tail(self.log_path)}"


# -- pages


def heart(cell: dict) -> bool:
    return any(a.get("kind") == "symbol" and a.get("name") == "heart.fill"
               for a in cell.get("accessories") or [])


class Page:
    """One page over the wire: acknowledges every batch as the browser does, and notes
    when the recipe list's batch that shows `recipe` with the expected heart arrives."""

    def __init__(self, label: str, socket, recipe: int, refused: asyncio.Event):
        self.label = label
        self.socket = socket
        self.recipe = recipe
        self.structure = asyncio.Event()
        self.rows = None
        self.expect = None          # the heart the next batch must show (None: any)
        self.arrived = asyncio.Event()
        self.arrived_at = None
        self.saved = asyncio.Event()
        self.saved_at = None
        self.saved_payload = None
        self.refused = refused      # shared by the pages: an `error` or `requestFailed` came
        self.batches = 0            # recipe-list batches since the last reset
        self.wrong = []             # batches that reconfigured the recipe with the wrong heart
        self.errors = []
        self.reader = asyncio.create_task(self.read())

    def reset(self, favorite: bool):
        self.expect = favorite
        self.arrived.clear()
        self.arrived_at = None
        self.saved.clear()
        self.saved_at = None
        self.saved_payload = None
        self.batches = 0

    async def read(self):
        try:
            async for text in self.socket:
                now = time.perf_counter()
                message = json.loads(text)
                kind = message.get("type")
                if kind == "structure" and message.get("view") == "recipes":
                    self.rows = message["sections"][0]["count"]
                    await self.send({"v": 1, "type": "window", "view": "recipes",
                                     "seq": message["seq"],
                                     "ranges": [{"section": 0, "start": 0,
                                                 "end": min(self.rows, WINDOW_ROWS)}]})
                    self.structure.set()
                elif kind == "batch":
                    if message.get("view") == "recipes":
                        self.batches += 1
                        self.note_batch(message, now)
                    await self.send({"v": 1, "type": "ack", "view": message["view"],
                                     "seq": message["seq"]})
                elif kind == "app" and message.get("name") == "saved":
                    self.saved_at = now
                    self.saved_payload = message.get("payload")
                    self.saved.set()
                elif kind == "error" or (kind == "app" and message.get("name") == "requestFailed"):
                    self.errors.append(message)
                    self.refused.set()
        except websockets.ConnectionClosed:
            pass

    def note_batch(self, message: dict, now: float):
        cells = [c["cell"] for c in message.get("cells") or []
                 if str(c.get("cell", {}).get("id")) == str(self.recipe)]
        if not cells:
            return
        if self.expect is not None and heart(cells[-1]) != self.expect:
            self.wrong.append(message)
            return
        if self.arrived_at is None:
            self.arrived_at = now
            self.arrived.set()

    async def send(self, message: dict):
        await self.socket.send(json.dumps(message, separators=(",", ":")))

    async def close(self):
        self.reader.cancel()
        try:
            await asyncio.wait_for(self.socket.close(), 5)
        except Exception:  # noqa: BLE001 - a dead socket is already closed
            pass


async def open_page(label: str, server: Recipes, recipe: int, timeout: float,
                    refused: asyncio.Event) -> Page:
    origin = f"http://127.0.0.1:{server.port}"
    socket = await websockets.connect(
        f"ws://127.0.0.1:{server.port}/ws", origin=origin, max_size=8 << 20,
        open_timeout=timeout, ping_interval=None, compression=None)
    page = Page(label, socket, recipe, refused)
    try:
        await asyncio.wait_for(page.structure.wait(), timeout)
    except asyncio.TimeoutError:
        raise Failure(f"{label}: no structure of the recipe list within {timeout} s") from None
    return page


def summary(samples) -> dict:
    return {
        "samples": len(samples),
        "p50": round(percentile(samples, 0.50), 2),
        "p99": round(percentile(samples, 0.99), 2),
        "max": round(max(samples), 2),
        "mean": round(statistics.fmean(samples), 2),
    }


async def measure(a: Recipes, b: Recipes, args) -> dict:
    pages = []
    problem = asyncio.Event()
    try:
        sender = await open_page("A sender", a, args.recipe, args.timeout, problem)
        pages.append(sender)
        second = await open_page("A second page", a, args.recipe, args.timeout, problem)
        pages.append(second)
        others = []
        for index in range(args.pages):
            page = await open_page(f"B page {index + 1}", b, args.recipe, args.timeout, problem)
            pages.append(page)
            others.append(page)
        if {page.rows for page in pages} != {sender.rows}:
            raise Failure("the processes show lists of different lengths: "
                          + ", ".join(f"{p.label} {p.rows}" for p in pages))
        await asyncio.sleep(0.5)  # the late messages of the start (each view's window)

        favorite = None  # learned from the first `saved`
        series = {"sender_saved": [], "same_process": [], "other_process": []}
        extra_batches = 0
        for change in range(args.warmup + args.changes):
            # The heart every page must show after this change; unknown before the first
            # answer, when a page takes the first cell that shows the recipe at all.
            expected = None if favorite is None else not favorite
            for page in pages:
                page.reset(expected)
            problem.clear()
            sent = time.perf_counter()
            await sender.send({"v": 1, "type": "app", "name": "toggleFavorite",
                               "payload": {"id": args.recipe}})
            arrived = asyncio.ensure_future(asyncio.gather(
                sender.saved.wait(), second.arrived.wait(), *(p.arrived.wait() for p in others)))
            refused = asyncio.ensure_future(problem.wait())
            try:
                await asyncio.wait([arrived, refused], timeout=args.timeout,
                                   return_when=asyncio.FIRST_COMPLETED)
                complete = arrived.done()
            finally:
                for task in (arrived, refused):
                    task.cancel()
                await asyncio.gather(arrived, refused, return_exceptions=True)
            if not complete:
                missing = ([] if sender.saved.is_set() else ["the sender's `saved` answer"]) + [
                    f"{p.label}'s batch" for p in [second, *others] if not p.arrived.is_set()]
                raise Failure(
                    f"change {change + 1}: "
                    + ("refused" if problem.is_set()
                       else f"still missing after {args.timeout} s: " + ", ".join(missing))
                    + "".join(f"; {p.label} was sent {p.errors[-3:]}" for p in pages if p.errors)
                    + "".join(f"; {p.label} got the recipe with the wrong heart"
                              for p in pages if p.wrong))
            answer = sender.saved_payload or {}
            if answer.get("id") != args.recipe or "isFavorite" not in answer:
                raise Failure(f"change {change + 1}: unexpected answer {answer}")
            if expected is not None and answer["isFavorite"] != expected:
                raise Failure(f"change {change + 1}: the favorite is {answer['isFavorite']}, "
                              f"expected {expected}: another writer on the database?")
            favorite = answer["isFavorite"]
            # Settle: a second batch for one change would show here.
            await asyncio.sleep(args.pause)
            extra_batches += sum(max(0, p.batches - 1) for p in [second, *others])
            if change < args.warmup:
                continue
            series["sender_saved"].append((sender.saved_at - sent) * 1000)
            series["same_process"].append((second.arrived_at - sent) * 1000)
            series["other_process"].append((max(p.arrived_at for p in others) - sent) * 1000)
        wrong = sum(len(p.wrong) for p in pages)
        if wrong:
            raise Failure(f"{wrong} batches showed the recipe with the wrong heart")
        for server in (a, b):
            if not server.running():
                raise Failure(f"a server died during the run: {server.describe()}")
        return {
            "changes": args.changes,
            "warmup": args.warmup,
            "pages_on_b": args.pages,
            "extra_batches": extra_batches,
            "ms": {name: summary(samples) for name, samples in series.items()},
            "samples_ms": {name: [round(s, 3) for s in samples] for name, samples in series.items()},
        }
    finally:
        await asyncio.gather(*(page.close() for page in pages), return_exceptions=True)


def one_run(args, bin_path: str, number: int) -> dict:
    postgres = None
    servers = []
    work = Path(tempfile.mkdtemp(prefix="diffable-xproc-"))
    try:
        if args.database:
            database = args.database
        else:
            postgres = PrivatePostgres()
            database = postgres.start().url
        servers.append(Recipes("A", bin_path, database, work).start(args.start_timeout))
        servers.append(Recipes("B", bin_path, database, work).start(args.start_timeout))
        result = asyncio.run(measure(servers[0], servers[1], args))
        result["run"] = number
        return result
    except Failure:
        for server in servers:
            print(f"--- {server.describe()}", file=sys.stderr)
        raise
    finally:
        for server in servers:
            server.stop()
        if postgres is not None:
            postgres.close()
        shutil.rmtree(work, ignore_errors=True)


ROWS = (("sender_saved", "sender answered (commit on A)"),
        ("same_process", "same process (2nd page on A)"),
        ("other_process", "other process (every page on B)"))


def table(runs) -> str:
    lines = [f"{'':34} {'p50':>8} {'p99':>8} {'max':>8} {'mean':>8}   ms"]
    for run in runs:
        if len(runs) > 1:
            lines.append(f"run {run['run']} ({run['changes']} changes, {run['pages_on_b']} "
                         f"page(s) on B, extra batches {run['extra_batches']})")
        for key, label in ROWS:
            s = run["ms"][key]
            lines.append(f"  {label:32} {s['p50']:8.2f} {s['p99']:8.2f} {s['max']:8.2f} {s['mean']:8.2f}")
    if len(runs) > 1:
        lines.append(f"median of the {len(runs)} runs")
        for key, label in ROWS:
            m = medians(runs)[key]
            lines.append(f"  {label:32} {m['p50']:8.2f} {m['p99']:8.2f} {m['max']:8.2f} {m['mean']:8.2f}")
    return "\n".join(lines)


def medians(runs) -> dict:
    return {key: {stat: round(statistics.median(run["ms"][key][stat] for run in runs), 2)
                  for stat in ("p50", "p99", "max", "mean")}
            for key, _ in ROWS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="a PostgreSQL URL to use instead of a private server")
    parser.add_argument("--pages", type=int, default=1, help="pages on process B (default 1)")
    parser.add_argument("--changes", type=int, default=50, help="counted changes (default 50)")
    parser.add_argument("--warmup", type=int, default=2, help="changes before, not counted (default 2)")
    parser.add_argument("--runs", type=int, default=1,
                        help="runs, each with its own PostgreSQL (unless --database) and processes")
    parser.add_argument("--recipe", type=int, default=1, help="the id whose favorite toggles (its row must be among the first 40)")
    parser.add_argument("--pause", type=float, default=0.1,
                        help="seconds between one change's arrival and the next change")
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds a change (or a page's first structure) may take")
    parser.add_argument("--start-timeout", type=float, default=30.0)
    parser.add_argument("--bin-path", help="the executables' folder (default: the release build)")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    if args.pages < 1 or args.changes < 1 or args.runs < 1 or args.warmup < 0:
        parser.error("--pages, --changes and --runs must be at least 1, --warmup at least 0")

    bin_path = args.bin_path or os.environ.get("DIFFABLE_BIN_PATH") or release_bin_path()
    binary = Path(bin_path, "recipes")
    if not binary.exists():
        sys.exit(f"no recipes executable in {bin_path}: swift build -c release --product recipes")

    # Ctrl-C, SIGTERM and SIGHUP unwind through every `finally` that cleans up. Our own
    # SIGINT handler too: asyncio.run's would only cancel the measuring task, and a
    # cancellation that meets a finished wait can be swallowed (Python 3.11's wait_for).
    def interrupted(signum, _frame):
        raise KeyboardInterrupt(signal.Signals(signum).name)
    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupted)

    load_before = os.getloadavg()
    started = datetime.datetime.now(datetime.timezone.utc)
    runs = []
    try:
        for number in range(1, args.runs + 1):
            runs.append(one_run(args, bin_path, number))
            print(f"run {number}: " + json.dumps(runs[-1]["ms"]), flush=True)
    except Failure as failure:
        print(f"cross_process_latency: {failure}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("cross_process_latency: interrupted; processes stopped, folders removed",
              file=sys.stderr)
        return 130
    print(table(runs))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "date": started.isoformat(timespec="seconds"),
            "machine": {
                "cpus": os.cpu_count(), "platform": platform.platform(),
                "load_before": " ".join(f"{x:.2f}" for x in load_before),
                "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()),
                "postgres": PrivatePostgres.version() if not args.database else "external",
            },
            "bin_path": bin_path,
            "binary_modified": datetime.datetime.fromtimestamp(
                binary.stat().st_mtime, datetime.timezone.utc).isoformat(timespec="seconds"),
            "settings": {key: getattr(args, key) for key in
                         ("pages", "changes", "warmup", "runs", "recipe", "pause", "timeout")},
            "database": "private (scripts/postgres.sh)" if not args.database else "given",
            "median_of_runs_ms": medians(runs),
            "runs": runs,
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
