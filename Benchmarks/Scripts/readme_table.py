#!/usr/bin/env python3
"""Renders a `diffable-benchmarks --json` run as the Markdown table in README.md.

    python3 Benchmarks/Scripts/readme_table.py Benchmarks/Results/FILE.jsonl
"""
import json
import sys

BASELINE = {
    "diff": "two_dict", "sectioned": "two_dict", "apply": "diff",
    ("snapshot", "item-identifiers-100x"): "copy", ("outline", "visible-items"): "copy",
    ("snapshot", "append-100-pages"): "flat_build",
    "snapshot": "one_dict", "outline": "rebuild",
}
IDS = ["Int", "UUID", "String"]


def number(value):
    if value >= 100:
        return f"{value:.0f}"
    if value >= 0.01:
        return f"{value:.3g}"
    return f"{value:.2g}"


def ratio(value):
    if value < 0.001:
        return "<0.001×"
    return f"{value:.3g}×" if value < 10 else f"{value:.0f}×"


def main(path):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    keys = []
    for row in rows:
        key = (row["group"], row["scenario"], row["n"])
        if key not in keys:
            keys.append(key)
    print("| group | scenario | n | Int | UUID | String | baseline | targets |")
    print("|---|---|---:|---|---|---|---|---|")
    for group, scenario, n in keys:
        found = {r["ids"]: r for r in rows if (r["group"], r["scenario"], r["n"]) == (group, scenario, n)}
        if group == "memory":
            r = found["Int"]
            ok = all(t["met"] for t in r["targets"])
            print(f"| memory | {scenario} | {n:,} | {r['bytes_per_item']:.1f} B/item "
                  f"({r['overhead_bytes_per_item']:.1f} beyond the {r['identifier_bytes']}-byte ids) "
                  f"|  |  | allocated bytes | {'all ✓' if ok else '✗'} |")
            continue
        baseline = BASELINE.get((group, scenario), BASELINE[group])
        cells, missed, notes, targets = [], [], [], 0
        for ids in IDS:
            r = found.get(ids)
            if r is None:
                cells.append("")
                continue
            base = r.get(f"{baseline}_ms")
            cell = number(r["ours_ms"])
            if base:
                cell += f" ({ratio(r['ours_ms'] / base)})"
            cells.append(cell)
            for t in r["targets"]:
                targets += 1
                if not t["met"]:
                    missed.append(f"{ids} {t['target']} ✗")
                if t["target"] == "stdlib/ours":
                    notes.append(f"stdlib/ours {ids} {t['value']:.0f}")
        verdict = ("all ✓" if not missed else ", ".join(missed)) if targets else ""
        if group in ("diff", "sectioned"):
            verdict += "; moves minimal" if all(
                r["moves"] == r["minimal_moves"] for r in found.values()) else "; moves NOT minimal"
        if notes:
            verdict += "; " + ", ".join(notes)
        print(f"| {group} | {scenario} | {n:,} | {' | '.join(cells)} | {baseline} | {verdict} |")


if __name__ == "__main__":
    main(sys.argv[1])
