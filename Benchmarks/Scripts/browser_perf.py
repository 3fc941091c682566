#!/usr/bin/env python3
"""Issue 16's browser benchmark ("the page within one frame"): the demo page in headless
Chromium with 10,000 and 100,000 entries in its list.

    swift build -c release --product diffable-demo          # once (or --configuration debug)
    python3 Benchmarks/Scripts/browser_perf.py               # table on stdout
    python3 Benchmarks/Scripts/browser_perf.py --json Benchmarks/Results/browser-DATE.json
    python3 Benchmarks/Scripts/browser_perf.py --quick --profile

For each size it measures
- batches (the demo's `churn`, 1% of the list changed, and `shuffle`): the page's main-thread
  time from a batch frame's arrival to the view's DOM updated (diffable-connection.js times
  it into window.diffableDebug.batchTimings; a `batch` listener of this script forces the
  style and layout that frame would do, so they count too) and the part of it spent placing
  the rows (diffableDebug.lastBatch.placeMs), the batch frame's bytes, every
  frame of the exchange (the cells asked for afterwards and the demo's own `lastBatch`
  report included), DevTools' main-thread totals for the whole exchange, and the server's
  apply time (diff + cells + JSON, the `applyMs` of the demo's `lastBatch` message);
- scrolling the whole list from its first row to its last, one scrollTop step per animation
  frame: requestAnimationFrame deltas, the document's element count and the cell nodes each
  frame, the view's render() time per call; and the same at a steady 40 px per frame;
- one `insert`'s batch bytes, to tell bytes that follow the change from bytes that follow
  the list.

It is a benchmark, not a test: it prints each figure beside issue 16's target and exits 0
either way (1 only when something broke). Benchmarks/README.md describes the method.
"""

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
sys.path.insert(0, str(ROOT / "Tests"))

SIZES = {10_000: "medium", 100_000: "big"}

TARGETS = {
    "batch_p95_ms": 8.0,       # a 1% batch on 100,000 items, main thread, p95
    "frame_p95_ms": 16.7,      # scrolling, requestAnimationFrame deltas, p95
    # Headless Chromium's rAF timestamps jitter by about ±0.15 ms around 16.67 ms (16.6,
    # 16.7, 16.8 on this machine): a p95 within this of 16.7 ms is a frame on time.
    "frame_jitter_ms": 0.5,
    "dom_nodes": 300,          # document.getElementsByTagName('*').length while scrolling
    "bytes_ratio": 1.5,        # per changed item, 100,000 against 10,000: proportional
}

# The benchmark's own probe: forces style and layout at the end of each batch (inside the
# timed span, so the batch's time covers them and the layout part is known), collects the
# demo's lastBatch reports, and times every render() of the view.
INSTALL = """
const view = window.diffableDebug.views.demo;
if (!window.__perf) {
  const perf = window.__perf = {layout: {}, reports: [], renders: null};
  view.addEventListener('batch', (event) => {
    const t = performance.now();
    void document.documentElement.offsetHeight;
    perf.layout[event.detail.seq] = performance.now() - t;
  });
  view.connection.onApp('lastBatch', (payload) => {
    perf.reports.push({seq: view.seq, applyMs: typeof payload.applyMs === 'number' ? payload.applyMs : null});
  });
  const render = view.render;
  view.render = function (opts) {
    if (!perf.renders) return render.call(this, opts);
    const t = performance.now();
    const result = render.call(this, opts);
    perf.renders.push(performance.now() - t);
    return result;
  };
}
"""

BATCH = """
const [command, pause, done] = arguments;
const view = window.diffableDebug.views.demo;
const debug = window.diffableDebug;
const perf = window.__perf;
const seq = view.seq;
const reports = perf.reports.length;
const chars = debug.stats.charsReceived;
const messages = debug.stats.messagesReceived;
const mismatches = debug.stats.mismatches;
const sent = performance.now();
const settled = () => !document.querySelector('.dcv-cell.dcv-placeholder, .dcv-cell.dcv-stale, .dcv-ghost');
const give_up = setTimeout(() => done({error: 'no batch within 120 s (seq ' + view.seq + ')'}), 120000);
let arrived = null;
const check = () => {
  if (debug.stats.mismatches !== mismatches) {
    clearTimeout(give_up);
    return done({error: 'mismatch: ' + JSON.stringify(debug.lastBatch)});
  }
  if (view.seq === seq || perf.reports.length === reports) return setTimeout(check, 2);
  if (arrived === null) arrived = performance.now();
  if (!settled()) return setTimeout(check, 2);
  const shown = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
    clearTimeout(give_up);
    const timing = debug.batchTimings.find((t) => t.view === 'demo' && t.seq === view.seq);
    const report = perf.reports.find((r) => r.seq === view.seq);
    const last = debug.lastBatch;
    const placed = last && last.view === 'demo' && last.seq === view.seq && typeof last.placeMs === 'number';
    done({
      placeMs: placed ? last.placeMs : null,
      seq: view.seq,
      ms: timing ? timing.ms : null,
      chars: timing ? timing.chars : null,
      layoutMs: perf.layout[view.seq],
      renders: timing ? timing.renders : null,
      viewportReads: timing ? timing.viewportReads : null,
      applyMs: report ? report.applyMs : null,
      cycleChars: debug.stats.charsReceived - chars,
      cycleMessages: debug.stats.messagesReceived - messages,
      settleMs: shown - sent,
    });
  }, pause)));
};
view.connection.sendApp('command', {command});
check();
"""

# Puts the top of the list section (or a fraction of the way down it) at the top of the
# view, and resolves once the rows there show their contents.
SCROLL_TO = """
const [fraction, done] = arguments;
const view = window.diffableDebug.views.demo;
const el = view.element;
const list = document.querySelector('.dcv-section[data-section-id="list"]');
const start = list.offsetTop;
const end = el.scrollHeight - el.clientHeight;
el.scrollTop = start + (end - start) * fraction;
const settled = () => !document.querySelector('.dcv-cell.dcv-placeholder, .dcv-cell.dcv-stale, .dcv-ghost');
const t0 = performance.now();
const check = () => {
  if (settled() || performance.now() - t0 > 20000) {
    return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => done(el.scrollTop), 300)));
  }
  setTimeout(check, 20);
};
requestAnimationFrame(() => requestAnimationFrame(check));
"""

# Scrolls from where the view is: `frames` steps of `step` px (step 0: to the end of the
# list in `frames` steps), one per animation frame, recording each frame's rAF timestamp,
# the document's element count and the cell nodes.
SCROLL = """
const [frames, step, done] = arguments;
const view = window.diffableDebug.views.demo;
const el = view.element;
const perf = window.__perf;
const start = el.scrollTop;
const end = el.scrollHeight - el.clientHeight;
const stride = step > 0 ? step : (end - start) / frames;
const stamps = [], nodes = [], viewNodes = [], cells = [];
perf.renders = [];
let k = 0;
const frame = (t) => {
  stamps.push(t);
  nodes.push(document.getElementsByTagName('*').length);
  viewNodes.push(el.getElementsByTagName('*').length);
  cells.push(document.getElementsByClassName('dcv-cell').length);
  if (k === frames) {
    const renders = perf.renders;
    perf.renders = null;
    return done({stamps, nodes, viewNodes, cells, renders, px: stride, from: start, to: el.scrollTop, end});
  }
  k++;
  el.scrollTop = Math.min(end, start + stride * k);
  requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""

METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def percentile(values, p):
    """The nearest-rank percentile (p in 0...100) of a list of numbers."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
            "max": max(values), "mean": statistics.fmean(values)}


class Bench:
    def __init__(self, args):
        self.args = args
        from conftest import Server, make_driver  # noqa: E402 (Tests/Browser)
        from demo_page import DemoPage  # noqa: E402
        self.server = Server("diffable-demo").start()
        self.driver = None
        try:
            self.driver = make_driver()
            self.driver.set_script_timeout(600)
            self.page = DemoPage(self.driver, self.server).open()
            self.driver.execute_script(INSTALL)
        except BaseException:
            # Nothing is left running when the browser or the page fails to start.
            if self.driver is not None:
                self.driver.quit()
            self.server.stop()
            raise
        # DevTools' counters in the main thread's CPU time (wall time where that is missing).
        try:
            self.driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
            self.time_domain = "threadTicks"
        except Exception:  # noqa: BLE001 (any refusal: fall back)
            self.driver.execute_cdp_cmd("Performance.enable", {})
            self.time_domain = "timeTicks"
        self.profiles = {}

    def close(self):
        try:
            self.driver.quit()
        finally:
            crashed = not self.server.is_running()
            self.server.stop()
        if crashed:
            raise RuntimeError(f"diffable-demo exited:\n{self.server.log()[-2000:]}")

    def metrics(self):
        values = self.driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
        return {m["name"]: m["value"] for m in values if m["name"] in METRICS}

    def js_async(self, script, *args):
        return self.driver.execute_async_script(script, *args)

    def command(self, command):
        """One command that makes one batch; its figures, with DevTools' totals added."""
        before = self.metrics()
        result = self.js_async(BATCH, command, 100)
        if "error" in result:
            raise RuntimeError(f"{command}: {result['error']}")
        after = self.metrics()
        for name in METRICS:
            result[name] = (after[name] - before[name]) * 1000
        return result

    def scroll_to(self, fraction):
        self.js_async(SCROLL_TO, fraction)

    def start_profile(self):
        if not self.args.profile:
            return
        self.driver.execute_cdp_cmd("Profiler.enable", {})
        self.driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 100})
        self.driver.execute_cdp_cmd("Profiler.start", {})

    def stop_profile(self, name):
        if not self.args.profile:
            return
        profile = self.driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
        self.profiles[name] = self_times(profile)

    # --- the scenarios ------------------------------------------------------------------------

    def batches(self, size, command, count):
        self.scroll_to(0.5)
        for _ in range(self.args.warmup):
            self.command(command)
        self.start_profile()
        runs = [self.command(command) for _ in range(count)]
        self.stop_profile(f"{command} at {size:,}")
        return {
            "command": command,
            "main_thread_ms": summary([r["ms"] for r in runs]),
            "layout_ms": summary([r["layoutMs"] for r in runs]),
            "placement_ms": summary([r["placeMs"] for r in runs]),
            "script_ms": summary([r["ms"] - r["layoutMs"] for r in runs]),
            "batch_bytes": summary([r["chars"] for r in runs]),
            "cycle_bytes": summary([r["cycleChars"] for r in runs]),
            "cycle_messages": summary([r["cycleMessages"] for r in runs]),
            "server_apply_ms": summary([r["applyMs"] for r in runs]),
            "settle_ms": summary([r["settleMs"] for r in runs]),
            "renders": summary([r["renders"] for r in runs]),
            "viewport_reads": summary([r["viewportReads"] for r in runs]),
            "devtools_ms": {name: summary([r[name] for r in runs]) for name in METRICS},
            "runs": runs,
        }

    def scroll(self, size, frames, step, name):
        self.scroll_to(0 if step == 0 else 0.5)
        before = self.metrics()
        self.start_profile()
        result = self.js_async(SCROLL, frames, step)
        self.stop_profile(f"{name} at {size:,}")
        after = self.metrics()
        stamps = result["stamps"]
        deltas = [b - a for a, b in zip(stamps, stamps[1:])]
        interval = statistics.median(deltas)
        return {
            "frames": len(deltas),
            "px_per_frame": result["px"],
            "scrolled_px": result["to"] - result["from"],
            "reached_end": abs(result["to"] - result["end"]) < 2,
            "frame_ms": summary(deltas),
            "long_frames": sum(1 for d in deltas if d > 1.5 * interval),
            "dom_nodes": summary(result["nodes"]),
            "view_nodes": summary(result["viewNodes"]),
            "cell_nodes": summary(result["cells"]),
            "render_ms": summary(result["renders"]),
            "devtools_ms_per_frame": {name: (after[name] - before[name]) * 1000 / len(deltas) for name in METRICS},
        }

    def inserts(self, count):
        self.scroll_to(0.5)
        runs = [self.command("insert") for _ in range(count)]
        return {"batch_bytes": summary([r["chars"] for r in runs]),
                "main_thread_ms": summary([r["ms"] for r in runs])}

    def run(self):
        args = self.args
        results = {}
        for size in args.sizes:
            print(f"· {size:,} entries", file=sys.stderr, flush=True)
            self.command(SIZES[size])
            self.page.wait_for(lambda p: p.view_state()["sections"][2]["count"] == size,
                               f"the list never had {size:,} rows", timeout=60)
            entry = results[size] = {}
            print("  scrolling", file=sys.stderr, flush=True)
            entry["scroll_whole_list"] = self.scroll(size, args.scroll_frames, 0, "whole-list scroll")
            entry["scroll_steady"] = self.scroll(size, args.steady_frames, 40, "steady scroll")
            print("  batches", file=sys.stderr, flush=True)
            entry["churn"] = self.batches(size, "churn", args.batches)
            entry["shuffle"] = self.batches(size, "shuffle", args.batches)
            entry["insert"] = self.inserts(args.inserts)
            # Back to its size, for the next: churn and insert added entries.
            self.command("small")
        return results


def self_times(profile):
    """A CPU profile's self time per function (ms), most first."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    totals = {}
    samples, deltas = profile.get("samples", []), profile.get("timeDeltas", [])
    for k, node_id in enumerate(samples):
        # timeDeltas[k] is the time since the previous sample: sample k ran for the next one.
        ms = (deltas[k + 1] if k + 1 < len(deltas) else 0) / 1000
        frame = nodes[node_id]["callFrame"]
        url = frame.get("url", "").rsplit("/", 1)[-1]
        name = frame.get("functionName") or "(anonymous)"
        key = f"{name} {url}:{frame.get('lineNumber', -1) + 1}" if url else name
        totals[key] = totals.get(key, 0) + ms
    return sorted(totals.items(), key=lambda item: -item[1])


# --- report -------------------------------------------------------------------------------------


def fmt(value, digits=1):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, int) or value >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


def checks(results):
    """Issue 16's targets: (target, value text, met)."""
    rows = []
    big, small = results.get(100_000), results.get(10_000)
    if big:
        p95 = big["churn"]["main_thread_ms"]["p95"]
        rows.append(("1% batch on 100,000 items: main thread p95 ≤ 8 ms", f"{p95:.1f} ms",
                     p95 <= TARGETS["batch_p95_ms"]))
    for size, entry in results.items():
        for key, label in (("scroll_whole_list", "whole list"), ("scroll_steady", "40 px/frame")):
            scroll = entry[key]
            p95 = scroll["frame_ms"]["p95"]
            rows.append((f"scroll frames p95 ≤ 16.7 ms ({label}, {size:,}; +0.5 ms rAF jitter)",
                         f"{p95:.1f} ms, {scroll['long_frames']} long",
                         p95 <= TARGETS["frame_p95_ms"] + TARGETS["frame_jitter_ms"]))
        worst = max(entry[key]["dom_nodes"]["max"] for key in ("scroll_whole_list", "scroll_steady"))
        cells = max(entry[key]["cell_nodes"]["max"] for key in ("scroll_whole_list", "scroll_steady"))
        rows.append((f"DOM ≤ 300 nodes while scrolling (document elements, max, {size:,})",
                     f"{worst} ({cells} cell nodes)", worst <= TARGETS["dom_nodes"]))
    if big and small:
        per_item = [results[n]["churn"]["batch_bytes"]["p50"] / (n // 100) for n in (10_000, 100_000)]
        ratio = per_item[1] / per_item[0]
        rows.append(("wire bytes ∝ change: 1% batch bytes per changed item, 100k / 10k ≤ 1.5×",
                     f"{per_item[0]:.1f} → {per_item[1]:.1f} B ({ratio:.2f}×)", ratio <= TARGETS["bytes_ratio"]))
        inserts = [results[n]["insert"]["batch_bytes"]["p50"] for n in (10_000, 100_000)]
        ratio = inserts[1] / inserts[0]
        rows.append(("wire bytes ∝ change: one insert's batch bytes, 100k / 10k ≤ 1.5×",
                     f"{inserts[0]:,.0f} → {inserts[1]:,.0f} B ({ratio:.2f}×)", ratio <= TARGETS["bytes_ratio"]))
    return rows


def print_report(report):
    machine = report["machine"]
    print(f"browser_perf {report['date']}: Chromium {machine['chromium']}, diffable-demo "
          f"{report['configuration']}, {machine['cpus']} CPUs, load average before "
          f"{machine['load_before']}, after {machine['load_after']}")
    results = report["results"]
    print()
    print("Batches: main thread from the frame's arrival to the DOM updated (style and layout "
          f"forced inside), {report['batches']} batches each")
    header = ("size", "batch", "p50 ms", "p95 ms", "max", "layout p50", "placement p50", "server apply p50/p95",
              "batch bytes p50", "exchange bytes p50", "DevTools task p50 (script/layout/style)", "to content p50",
              "render()s / layout reads max")
    lines = [header]
    for size, entry in results.items():
        for key, label in (("churn", "1%"), ("shuffle", "shuffle")):
            b = entry[key]
            d = b["devtools_ms"]
            apply = b["server_apply_ms"]
            lines.append((
                f"{size:,}", label, fmt(b["main_thread_ms"]["p50"]), fmt(b["main_thread_ms"]["p95"]),
                fmt(b["main_thread_ms"]["max"]), fmt(b["layout_ms"]["p50"]),
                fmt(b["placement_ms"]["p50"]) if b.get("placement_ms") else "–",
                f"{fmt(apply['p50'])} / {fmt(apply['p95'])}" if apply else "–",
                fmt(b["batch_bytes"]["p50"]), fmt(b["cycle_bytes"]["p50"]),
                f"{fmt(d['TaskDuration']['p50'])} ({fmt(d['ScriptDuration']['p50'])}/"
                f"{fmt(d['LayoutDuration']['p50'])}/{fmt(d['RecalcStyleDuration']['p50'])})",
                f"{fmt(b['settle_ms']['p50'])} ms",
                f"{b['renders']['max']} / {b['viewport_reads']['max']}" if b["renders"] else "–"))
        ins = entry["insert"]
        lines.append((f"{size:,}", "1 insert", fmt(ins["main_thread_ms"]["p50"]), fmt(ins["main_thread_ms"]["p95"]),
                       fmt(ins["main_thread_ms"]["max"]), "", "", "", fmt(ins["batch_bytes"]["p50"]), "", "", "", ""))
    table(lines)
    print()
    print("Scrolling: one scrollTop step per animation frame")
    header = ("size", "scroll", "frames", "px/frame", "frame p50", "p95", "worst", "long (>1.5×)",
              "DOM nodes p50/max", "in the view max", "cell nodes max", "render() p50/p95 ms", "DevTools ms/frame (script/layout/style)")
    lines = [header]
    for size, entry in results.items():
        for key, label in (("scroll_whole_list", "whole list"), ("scroll_steady", "steady")):
            s = entry[key]
            d = s["devtools_ms_per_frame"]
            lines.append((
                f"{size:,}", label, str(s["frames"]), fmt(s["px_per_frame"], 0),
                fmt(s["frame_ms"]["p50"]), fmt(s["frame_ms"]["p95"]), fmt(s["frame_ms"]["max"]),
                str(s["long_frames"]), f"{s['dom_nodes']['p50']} / {s['dom_nodes']['max']}",
                str(s["view_nodes"]["max"]),
                str(s["cell_nodes"]["max"]),
                f"{fmt(s['render_ms']['p50'], 2)} / {fmt(s['render_ms']['p95'], 2)}" if s["render_ms"] else "–",
                f"{fmt(d['TaskDuration'], 2)} ({fmt(d['ScriptDuration'], 2)}/{fmt(d['LayoutDuration'], 2)}/"
                f"{fmt(d['RecalcStyleDuration'], 2)})"))
    table(lines)
    print()
    print("Targets (issue 16)")
    rows = report["targets"]
    table([("target", "measured", "")] + [(t, v, "ok" if met else "MISS") for t, v, met in rows])
    missed = [t for t, _, met in rows if not met]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} targets met" + (f"; missed: {'; '.join(missed)}" if missed else ""))
    for name, entries in report.get("profiles", {}).items():
        total = sum(ms for key, ms in entries if key != "(idle)")
        print(f"\nProfile, {name}: self time, {total:.0f} ms not idle")
        for key, ms in [e for e in entries if e[0] != "(idle)"][:12]:
            print(f"  {ms:8.1f} ms  {100 * ms / total:4.1f}%  {key}")


def table(lines):
    widths = [max(len(str(line[k])) for line in lines) for k in range(len(lines[0]))]
    for n, line in enumerate(lines):
        print("  ".join(str(cell).rjust(width) if k > 1 else str(cell).ljust(width)
                        for k, (cell, width) in enumerate(zip(line, widths))).rstrip())
        if n == 0:
            print("  ".join("-" * width for width in widths))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--configuration", choices=("release", "debug"), default="release",
                        help="the diffable-demo build to start (default release; build it first)")
    parser.add_argument("--bin-path", help="the folder of a built diffable-demo (overrides --configuration)")
    parser.add_argument("--sizes", type=int, nargs="+", choices=sorted(SIZES), default=sorted(SIZES))
    # 60: a nearest-rank p95 of 20 batches is their second slowest, one stray batch away from
    # the slowest; of 60 it is the 57th, so one or two waits for a CPU no longer decide it.
    parser.add_argument("--batches", type=int, default=60, help="batches per scenario (default 60)")
    parser.add_argument("--warmup", type=int, default=3, help="batches run first and not counted (default 3)")
    parser.add_argument("--inserts", type=int, default=9, help="single inserts per size (default 9)")
    parser.add_argument("--scroll-frames", type=int, default=600,
                        help="frames to scroll the whole list in (default 600: 10 s at 60 Hz)")
    parser.add_argument("--steady-frames", type=int, default=300, help="frames of the 40 px/frame scroll")
    parser.add_argument("--quick", action="store_true", help="5 batches, 1 warm-up, 3 inserts, 300 + 150 frames")
    parser.add_argument("--profile", action="store_true",
                        help="also take a JavaScript CPU profile of each scenario and print its top functions")
    args = parser.parse_args()
    if args.quick:
        args.batches, args.warmup, args.inserts, args.scroll_frames, args.steady_frames = 5, 1, 3, 300, 150

    if args.bin_path:
        bin_path = Path(args.bin_path)
    else:
        bin_path = Path(subprocess.run(
            ["swift", "build", "-c", args.configuration, "--show-bin-path"], cwd=ROOT, check=True,
            capture_output=True, text=True).stdout.strip())
    if not (bin_path / "diffable-demo").exists():
        sys.exit(f"no diffable-demo in {bin_path}: run `swift build -c {args.configuration} --product diffable-demo` first")
    os.environ["DIFFABLE_BIN_PATH"] = str(bin_path)

    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    bench = Bench(args)
    try:
        chromium = bench.driver.capabilities.get("browserVersion", "?")
        results = bench.run()
        profiles = bench.profiles
        time_domain = bench.time_domain
    finally:
        bench.close()
    report = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "configuration": args.configuration if not args.bin_path else str(bin_path),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "chromium": chromium,
                    "load_before": load_before, "load_after": " ".join(f"{x:.2f}" for x in os.getloadavg())},
        "batches": args.batches,
        "devtools_time_domain": time_domain,
        "targets_defined": TARGETS,
        "results": results,
    }
    report["targets"] = checks(results)
    if profiles:
        report["profiles"] = {name: [[key, round(ms, 2)] for key, ms in entries[:40]] for name, entries in profiles.items()}
    print_report(report)
    if args.json:
        out = dict(report)
        out["results"] = {str(size): entry for size, entry in results.items()}
        out["targets"] = [{"target": t, "value": v, "met": met} for t, v, met in report["targets"]]
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
