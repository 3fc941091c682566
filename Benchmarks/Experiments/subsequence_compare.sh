#!/usr/bin/env bash
# Times the longest-increasing-subsequence marking of two revisions in one process, on
# random orders and on lists in order but for 1% of values moved (1,000, 10,000 and 100,000
# values; medians of 201 interleaved runs; every run's marks checked equal). Each revision's
# `Sources/Diffable/Diff/LongestIncreasingSubsequence.swift` is compiled as is, its functions
# made static members of an enum (`Before`, `After`) so that both live in one program.
#
#   Benchmarks/Experiments/subsequence_compare.sh BEFORE_REV [AFTER_REV]
#
# AFTER_REV defaults to the working tree.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
before="${1:?usage: $0 BEFORE_REV [AFTER_REV]}"
after="${2:-}"
file=Sources/Diffable/Diff/LongestIncreasingSubsequence.swift
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

namespace() {  # wraps a revision's file in `enum $1 { ... }`
  echo "enum $1 {"
  sed -e 's/@inlinable//' -e 's/^internal func/static func/'
  echo "}"
}
git show "$before:$file" | namespace Before > "$work/before.swift"
if [[ -n "$after" ]]; then git show "$after:$file"; else cat "$file"; fi \
  | namespace After > "$work/after.swift"
cp Benchmarks/Experiments/subsequence_compare_main.swift "$work/main.swift"
swiftc -O "$work/before.swift" "$work/after.swift" "$work/main.swift" -o "$work/compare"
# The function takes its two buffers (8 bytes per value) from malloc on each call. Above
# 128 KiB glibc maps fresh pages for them and unmaps them on free, so at 100,000 values the
# runs would time page faults more than the function; an app's heap, like the benchmark
# binary's, keeps the memory.
MALLOC_MMAP_THRESHOLD_=268435456 MALLOC_TRIM_THRESHOLD_=1073741824 "$work/compare"
