#!/usr/bin/env python3
"""Compares builds of the demo page on the 1% batch at 100,000 rows, in alternating runs.

    swift build -c release --product diffable-demo
    for d in before after; do
      mkdir -p /tmp/ab/$d
      cp -r .build/release/diffable-demo .build/release/swift-diffable_DiffableWeb.resources /tmp/ab/$d
    done
    # edit the page's files under /tmp/ab/after/swift-diffable_DiffableWeb.resources/Resources
    python3 Benchmarks/Scripts/page_ab.py /tmp/ab/before /tmp/ab/after --rounds 3 --json F

A page change moves the 1% batch by a few tenths of a millisecond, less than one run of
`browser_perf.py` varies from the next on this 2-core machine, so a change is judged here:
each round starts every build once (a fresh server and browser each), in turn, so that load
from the machine falls on all of them alike; each start loads 100,000 rows, scrolls the
whole list as `browser_perf.py` does (so the page's code is as warm), then times `--batches`
1% batches (`churn`) after 5 uncounted ones. Printed: p50 / p95 (nearest rank) per round
and over all rounds, of the main-thread time and of its forced style and layout, and the
medians of DevTools' script and style times for each exchange.

--no-scroll times the batches right after the load instead; --pin puts the server on CPU 0
and Chromium's processes on CPU 1 (Linux), to tell the page's time from the time it waits
for a CPU the server holds. Benchmarks/README.md has the runs made with it.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_perf  # noqa: E402 (the benchmark's driver and page probe)

SIZE = 100_000


def pin(bench):
    """The server on CPU 0, every Chromium process (the driver's included) on CPU 1."""
    os.sched_setaffinity(bench.server.process.pid, {0})
    found = subprocess.run(["pgrep", "-f", "chrom"], capture_output=True, text=True).stdout.split()
    for pid in found:
        try:
            os.sched_setaffinity(int(pid), {1})
        except OSError:  # gone since pgrep listed it
            pass


def one_run(build, args):
    os.environ["DIFFABLE_BIN_PATH"] = str(build)
    bench = browser_perf.Bench(argparse.Namespace(profile=False, warmup=5, batches=args.batches))
    try:
        if args.pin:
            pin(bench)
        bench.command(browser_perf.SIZES[SIZE])
        bench.page.wait_for(lambda p: p.view_state()["sections"][2]["count"] == SIZE,
                            f"the list never had {SIZE:,} rows", timeout=60)
        time.sleep(args.idle)
        if not args.no_scroll:
            bench.scroll(SIZE, 600, 0, "whole-list scroll")
            bench.scroll(SIZE, 300, 40, "steady scroll")
        bench.scroll_to(0.5)
        for _ in range(5):
            bench.command("churn")
        return [bench.command("churn") for _ in range(args.batches)]
    finally:
        bench.close()


def line(label, runs):
    p = browser_perf.percentile
    ms = [r["ms"] for r in runs]
    layout = [r["layoutMs"] for r in runs]
    script = [r["ScriptDuration"] for r in runs]
    style = [r["RecalcStyleDuration"] for r in runs]
    return (f"{label:<24} n={len(runs):<4} main p50 {p(ms, 50):5.2f} p95 {p(ms, 95):5.2f} "
            f"max {max(ms):5.2f}   layout p50 {p(layout, 50):4.2f} p95 {p(layout, 95):4.2f}   "
            f"exchange script p50 {p(script, 50):4.2f} style p50 {p(style, 50):4.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("builds", nargs="+", type=Path,
                        help="folders each holding a diffable-demo and its resources")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", type=int, default=60,
                        help="counted batches per run (default 60)")
    parser.add_argument("--no-scroll", action="store_true",
                        help="time the batches right after the load")
    parser.add_argument("--idle", type=float, default=0, help="seconds to wait after the load")
    parser.add_argument("--pin", action="store_true", help="server on CPU 0, Chromium on CPU 1")
    parser.add_argument("--json", metavar="FILE", help="also write every batch's figures as JSON")
    args = parser.parse_args()
    builds = [b.resolve() for b in args.builds]
    for build in builds:
        if not (build / "diffable-demo").exists():
            sys.exit(f"no diffable-demo in {build}")
    results = {str(b): [] for b in builds}
    for round_index in range(args.rounds):
        for build in builds:
            runs = one_run(build, args)
            results[str(build)].append(runs)
            print(line(f"round {round_index + 1} {build.name}", runs), flush=True)
    for build in builds:
        print(line(f"all {build.name}", [r for runs in results[str(build)] for r in runs]))
    if args.json:
        Path(args.json).write_text(json.dumps({
            "batches": args.batches, "rounds": args.rounds, "scrolled_first": not args.no_scroll,
            "idle_s": args.idle, "pinned": args.pin, "load_after": os.getloadavg(), "results": results}) + "\n")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
