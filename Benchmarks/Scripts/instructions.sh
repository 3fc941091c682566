#!/usr/bin/env bash
# Counts the instructions, data reads and simulated cache misses of one function in the
# benchmark binary, with valgrind's callgrind: a measure that does not move with where the
# compiler placed the code, where the release timings do (README, Performance, 2026-11-29).
# Compare two builds of the benchmark with it before trusting a timing difference of a few
# percent. The rows run with --once (one warm-up and one sample of each contender), so every
# binary does the same work whatever its speed under valgrind.
#
#   Benchmarks/Scripts/instructions.sh [--collect PATTERN] FILTER [BINARY ...]
#
# FILTER is a benchmark row filter (e.g. diff/all-replaced/Int/100000). PATTERN is a
# callgrind --toggle-collect pattern over mangled names (default: every specialization of
# BatchUpdate.init(from:to:), that is the diff alone). BINARY defaults to the release build.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail

collect='$s8Diffable11BatchUpdateV4from2to*'
if [[ "${1:-}" == "--collect" ]]; then
  collect="$2"
  shift 2
fi
if [[ $# -lt 1 ]]; then
  sed -n '2,14p' "$0"
  exit 2
fi
filter="$1"
shift
binaries=("$@")
if [[ ${#binaries[@]} -eq 0 ]]; then
  binaries=("$(dirname "$0")/../.build/release/diffable-benchmarks")
fi
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 1; }

out="$(mktemp)"
log="$(mktemp)"
trap 'rm -f "$out" "$log"' EXIT
printf '%-40s %15s %15s %12s\n' binary instructions data_reads D1_read_miss
for binary in "${binaries[@]}"; do
  # A binary built before --once existed rejects it: say so rather than print nothing.
  # valgrind's own messages are dropped; the binary's go to "$log".
  if ! valgrind --tool=callgrind --cache-sim=yes --callgrind-out-file="$out" \
    --log-file=/dev/null "--toggle-collect=$collect" \
    "$binary" --once --filter "$filter" > "$log" 2>&1; then
    echo "$binary failed under valgrind; its own output:" >&2
    head -3 "$log" >&2
    exit 1
  fi
  # The totals line of callgrind's output: "summary: Ir Dr Dw I1mr D1mr ...".
  read -r -a totals < <(grep '^summary:' "$out" | cut -d' ' -f2-)
  if [[ "${totals[0]:-0}" == 0 ]]; then
    echo "$binary: nothing matching $collect ran for the rows matching $filter" >&2
    exit 1
  fi
  printf '%-40s %15s %15s %12s\n' "$(basename "$binary")" "${totals[0]}" "${totals[1]}" "${totals[4]}"
done
