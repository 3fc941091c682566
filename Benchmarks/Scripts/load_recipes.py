#!/usr/bin/env python3
"""Issue 17's load benchmark ("thousands of pages per core"): N real WebSocket pages
against one `recipes` server on 127.0.0.1.

    swift build -c release --product recipes                 # once
    pip install websockets                                   # the asyncio WebSocket client
    python3 Benchmarks/Scripts/load_recipes.py               # N = 100, 1,000, 5,000
    python3 Benchmarks/Scripts/load_recipes.py --sizes 100 --changes 10 --json out.json

For each N it starts a fresh server (a private data folder, seeded as on a first run) and
- opens N pages the way the browser does (same-origin WebSocket, every view's `structure`
  awaited), at most 100 handshakes in flight, and counts refused or failed connections;
- memory per idle session: the server's RSS (VmRSS) once all N are open and quiet, minus
  its RSS with one page open, divided by N - 1;
- propagation: one page toggles a recipe's favorite `--changes` times; for each change, the
  time from sending it to the first `batch` frame at each of the N pages (the change
  reconfigures that recipe's row in every page's list), p50/p99/max over all N x changes;
- throughput: the frames all N pages received during those changes (and those plus the
  acknowledgements the pages sent back), divided by the server's CPU seconds over the same
  span (utime + stime from /proc), that is messages per second per busy core, beside the
  wall-clock rate and the server's CPU share.
- resume: every page drops its connection (each acknowledged its batches after each
  change, as the browser does, so the sessions keep no log); the server's RSS with N sessions waiting; then every
  page reconnects with its token and seqs, and the count that resumed their session.

Every phase is bounded in time (--phase-timeout). It is a benchmark, not a test: it prints
each figure beside issue 17's target and exits 0 either way (1 only when the server
could not be started or died).
"""

import argparse
import asyncio
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Network"))
sys.path.insert(0, str(ROOT / "Tests"))

try:
    import websockets
except ImportError:  # pragma: no cover - a message instead of a traceback
    sys.exit("load_recipes.py needs the websockets package: pip install websockets")

TARGETS = {
    "kb_per_idle_session": 40.0,        # RSS delta / N
    "propagation_p99_ms_at_1000": 100.0,  # a change reaches 1,000 pages
    "refused_at_5000": 0,               # 5,000 pages held, none refused
}

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def release_bin_path() -> str:
    out = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
        capture_output=True, text=True)
    return out.stdout.strip()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the command's closing parenthesis: state is field 0, utime 11, stime 12.
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return None
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


class Page:
    """One connected page: reads every frame, remembers when batches arrived."""

    def __init__(self, socket):
        self.socket = socket
        self.views = set()
        self.frames = 0
        self.batch_times = []
        self.structures_seen = asyncio.Event()
        self.expected_views = None
        self.reader = None
        self.session = None
        self.seq = {}
        self.acknowledged = {}
        self.acks = 0

    async def read(self):
        try:
            async for text in self.socket:
                self.frames += 1
                now = time.perf_counter()
                message = json.loads(text)
                kind = message.get("type")
                if kind == "session":
                    self.session = message
                    if message.get("resumed"):
                        self.structures_seen.set()
                elif kind == "structure":
                    self.views.add(message.get("view"))
                    self.seq[message["view"]] = message["seq"]
                    if self.expected_views is None or self.views >= self.expected_views:
                        self.structures_seen.set()
                elif kind == "batch":
                    self.batch_times.append(now)
                    self.seq[message["view"]] = message["seq"]
        except websockets.ConnectionClosed:
            pass

    async def acknowledge(self):
        """Acknowledges the last batch of each view, as the browser does after each batch:
        the server keeps batches for a page that may resume until it does. Sent between
        changes rather than from the reader, so that one Python process standing in for N
        browsers does not delay its own readings by N sends per change."""
        try:
            for view, seq in self.seq.items():
                if self.acknowledged.get(view) == seq:
                    continue
                await self.socket.send(json.dumps({"v": 1, "type": "ack", "view": view, "seq": seq}))
                self.acknowledged[view] = seq
                self.acks += 1
        except websockets.ConnectionClosed:
            pass


async def open_page(url: str, origin: str, expected_views, resume_from=None):
    if resume_from is not None:
        url += "?resume=" + resume_from.session["token"] + "".join(
            f"&seen={quote(view, safe='')}:{seq}" for view, seq in resume_from.seq.items())
    socket = await websockets.connect(
        url, origin=origin, max_size=8 << 20, open_timeout=30, ping_interval=None,
        compression=None)
    page = Page(socket)
    page.expected_views = expected_views
    page.reader = asyncio.create_task(page.read())
    return page


async def run_size(count: int, args, bin_path: str) -> dict:
    from network_support import Server  # noqa: E402 (needs the path set above)

    os.environ["DIFFABLE_BIN_PATH"] = bin_path
    data = tempfile.mkdtemp(prefix="diffable-load-")
    server = Server("recipes", "--data-dir", data, port=0).start()
    pid = server.process.pid
    result = {"pages": count}
    pages = []
    try:
        url, origin = server.ws_url, server.origin
        # One page first: the views' names, and the server's RSS with one session open.
        first = await open_page(url, origin, None)
        await asyncio.wait_for(first.structures_seen.wait(), args.phase_timeout)
        await asyncio.sleep(1.0)
        expected = set(first.views)
        first.expected_views = expected
        pages.append(first)
        await asyncio.sleep(0.5)
        base_rss = rss_kb(pid)

        # Open the rest, at most 100 handshakes at a time.
        refused = 0
        gate = asyncio.Semaphore(100)
        started = time.perf_counter()

        async def one():
            nonlocal refused
            async with gate:
                try:
                    page = await open_page(url, origin, expected)
                    await asyncio.wait_for(page.structures_seen.wait(), args.phase_timeout)
                    pages.append(page)
                except Exception:  # noqa: BLE001 - every failure counts as refused
                    refused += 1

        await asyncio.wait_for(
            asyncio.gather(*(one() for _ in range(count - 1))), args.phase_timeout * 4)
        result["open_seconds"] = round(time.perf_counter() - started, 2)
        result["refused"] = refused
        result["held"] = len(pages)
        await asyncio.sleep(2.0)
        if not server.is_running():
            raise RuntimeError("the server died while pages connected")
        idle_rss = rss_kb(pid)
        result["rss_mb_one_page"] = round(base_rss / 1024, 1)
        result["rss_mb_all_pages"] = round(idle_rss / 1024, 1)
        result["kb_per_idle_session"] = (
            round((idle_rss - base_rss) / max(1, len(pages) - 1), 1) if len(pages) > 1 else None)

        # Propagation: the first page toggles one recipe's favorite, again and again.
        latencies = []
        missing = 0
        frames_before = sum(page.frames for page in pages)
        acks_before = sum(page.acks for page in pages)
        cpu_before = cpu_seconds(pid)
        wall_before = time.perf_counter()
        for change in range(args.changes):
            for page in pages:
                page.batch_times.clear()
            sent = time.perf_counter()
            await first.socket.send(json.dumps(
                {"v": 1, "type": "app", "name": "toggleFavorite", "payload": {"id": args.recipe}}))
            deadline = sent + args.phase_timeout
            while time.perf_counter() < deadline:
                if all(page.batch_times for page in pages):
                    break
                await asyncio.sleep(0.002)
            for page in pages:
                if page.batch_times:
                    latencies.append((page.batch_times[0] - sent) * 1000)
                else:
                    missing += 1
            await asyncio.gather(*(page.acknowledge() for page in pages))
            await asyncio.sleep(0.05)
        wall = time.perf_counter() - wall_before
        cpu = cpu_seconds(pid) - cpu_before
        frames = sum(page.frames for page in pages) - frames_before
        acks = sum(page.acks for page in pages) - acks_before
        result["changes"] = args.changes
        result["propagation_ms"] = {
            "samples": len(latencies),
            "missing": missing,
            "p50": round(percentile(latencies, 0.50), 2) if latencies else None,
            "p99": round(percentile(latencies, 0.99), 2) if latencies else None,
            "max": round(max(latencies), 2) if latencies else None,
            "mean": round(statistics.fmean(latencies), 2) if latencies else None,
        }
        result["frames_received"] = frames
        result["server_cpu_seconds"] = round(cpu, 3)
        result["acks_sent"] = acks
        result["frames_per_cpu_second"] = round(frames / cpu) if cpu > 0 else None
        # Both directions: the frames sent and the acknowledgements read and applied.
        result["messages_per_cpu_second"] = round((frames + acks) / cpu) if cpu > 0 else None
        result["frames_per_wall_second"] = round(frames / wall) if wall > 0 else None
        result["server_cpu_share"] = round(cpu / wall, 2) if wall > 0 else None

        # Resume: every page drops its connection, the sessions wait, every page comes back.
        for page in pages:
            page.reader.cancel()
        await asyncio.gather(*(page.socket.close() for page in pages), return_exceptions=True)
        await asyncio.sleep(2.0)
        result["rss_mb_all_waiting"] = round(rss_kb(pid) / 1024, 1)
        returned = []
        started = time.perf_counter()

        async def back(old):
            async with gate:
                try:
                    page = await open_page(url, origin, expected, resume_from=old)
                    await asyncio.wait_for(page.structures_seen.wait(), args.phase_timeout)
                    returned.append(page)
                except Exception:  # noqa: BLE001 - counted below as not resumed
                    pass

        await asyncio.wait_for(
            asyncio.gather(*(back(page) for page in pages)), args.phase_timeout * 4)
        result["resume_seconds"] = round(time.perf_counter() - started, 2)
        result["resumed"] = sum(1 for page in returned if page.session and page.session.get("resumed"))
        pages = returned
        result["server_alive"] = server.is_running()
    finally:
        for page in pages:
            page.reader.cancel()
        await asyncio.gather(
            *(page.socket.close() for page in pages), return_exceptions=True)
        server.stop()
    return result


def check(results) -> list:
    lines = []
    for entry in results:
        n = entry["pages"]
        kb = entry.get("kb_per_idle_session")
        if kb is not None:
            ok = kb <= TARGETS["kb_per_idle_session"]
            lines.append(f"N={n}: {kb} KB per idle session (target <= 40): {'ok' if ok else 'MISS'}")
        if n == 1000:
            p99 = entry["propagation_ms"]["p99"]
            ok = p99 is not None and p99 <= TARGETS["propagation_p99_ms_at_1000"] \
                and entry["propagation_ms"]["missing"] == 0
            lines.append(f"N=1000: propagation p99 {p99} ms (target <= 100): {'ok' if ok else 'MISS'}")
        if "resumed" in entry:
            ok = entry["resumed"] == entry["held"]
            lines.append(f"N={n}: {entry['resumed']} of {entry['held']} pages resumed their "
                         f"session after a drop: {'ok' if ok else 'MISS'}")
        if n == 5000:
            ok = entry["refused"] == 0 and entry["held"] == 5000
            lines.append(
                f"N=5000: {entry['refused']} refused, {entry['held']} held (target 0 refused): "
                f"{'ok' if ok else 'MISS'}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--recipe", type=int, default=1, help="the id whose favorite toggles")
    parser.add_argument("--phase-timeout", type=float, default=30.0)
    parser.add_argument("--bin-path", help="the executables' folder (default: the release build)")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()

    bin_path = args.bin_path or os.environ.get("DIFFABLE_BIN_PATH") or release_bin_path()
    if not Path(bin_path, "recipes").exists():
        sys.exit(f"no recipes executable in {bin_path}: swift build -c release --product recipes")
    load_before = os.getloadavg()
    results = []
    for count in args.sizes:
        try:
            entry = asyncio.run(run_size(count, args, bin_path))
        except RuntimeError as error:
            print(f"N={count}: {error}", file=sys.stderr)
            return 1
        results.append(entry)
        print(json.dumps(entry), flush=True)
    summary = check(results)
    print("\n".join(summary))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "machine": {
                "cpus": os.cpu_count(), "platform": platform.platform(),
                "load_before": " ".join(f"{x:.2f}" for x in load_before),
                "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg()),
            },
            "bin_path": bin_path,
            "targets": TARGETS,
            "results": results,
            "summary": summary,
        }, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
