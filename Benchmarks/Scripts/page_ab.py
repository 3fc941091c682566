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

--no-scroll times the batches right after the load instead, and --idle S waits S seconds
right after the load (before the scroll, if any), to tell a cold page from a warm one. --pin puts
every thread of this run's server on CPU 0, and every thread of its chromedriver and the
Chromium it starts on CPU 1 (Linux; other processes are left alone), to tell the page's
time from the time it waits for a CPU the server holds (on the 2-core machine of 2026-11-30
it made the slow batches slower: Chromium's other threads then share the renderer's CPU).
Benchmarks/README.md has the runs made with it.
"""

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import browser_perf  # noqa: E402 (the benchmark's driver and page probe)

SIZE = 100_000


def descendants(pid):
    """`pid` and every process below it, from /proc."""
    children = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (ValueError, OSError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


def pin_process(pid, cpus):
    """Every thread of `pid` (sched_setaffinity on a pid sets its main thread only)."""
    try:
        threads = [int(t.name) for t in Path(f"/proc/{pid}/task").iterdir()]
    except OSError:  # gone
        return
    for thread in threads:
        try:
            os.sched_setaffinity(thread, cpus)
        except OSError:  # ended since
            pass


def pin(bench):
    """The server's threads on CPU 0; every thread of this run's chromedriver and the
    Chromium it started on CPU 1 (no other Chromium on the machine)."""
    pin_process(bench.server.process.pid, {0})
    for pid in descendants(bench.driver.service.process.pid):
        pin_process(pid, {1})


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
        runs = [bench.command("churn") for _ in range(args.batches)]
    except BaseException:
        try:
            bench.close()
        except Exception:  # noqa: BLE001 (the first failure is the one to report)
            pass
        raise
    bench.close()
    return runs


def line(label, runs):
    p = browser_perf.percentile

    def values(key):
        # A batch the page kept no timing for has None here (browser_perf's summary skips it).
        return [r[key] for r in runs if r.get(key) is not None] or [float("nan")]

    ms, layout = values("ms"), values("layoutMs")
    script, style = values("ScriptDuration"), values("RecalcStyleDuration")
    return (f"{label:<24} n={len(ms):<4} main p50 {p(ms, 50):5.2f} p95 {p(ms, 95):5.2f} "
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
    if args.rounds < 1 or args.batches < 1:
        sys.exit("--rounds and --batches must be at least 1")
    builds = [b.resolve() for b in args.builds]
    for build in builds:
        if not (build / "diffable-demo").exists():
            sys.exit(f"no diffable-demo in {build}")
    # Keyed by position as well as path, so that one folder given twice (an A/A check) stays
    # two builds.
    names = [f"{index + 1}:{build}" for index, build in enumerate(builds)]
    report = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "builds": names, "batches": args.batches, "rounds": args.rounds,
        "scrolled_first": not args.no_scroll, "idle_s": args.idle, "pinned": args.pin,
        "load_before": os.getloadavg(), "results": {name: [] for name in names},
    }
    for round_index in range(args.rounds):
        for name, build in zip(names, builds):
            runs = one_run(build, args)
            report["results"][name].append(runs)
            print(line(f"round {round_index + 1} {name.split(':')[0]} {build.name}", runs), flush=True)
            if args.json:  # after every run, so that a failure later keeps what was measured
                report["load_after"] = os.getloadavg()
                Path(args.json).write_text(json.dumps(report) + "\n")
    for name, build in zip(names, builds):
        runs = [r for rounds in report["results"][name] for r in rounds]
        print(line(f"all {name.split(':')[0]} {build.name}", runs))
    if args.json:
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
