#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Sources, present only with DIFFABLE_FUZZ=1) with
# AddressSanitizer, in release, and runs each for SECONDS (default 60):
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Each run starts from a copy of its committed seeds (Fuzz/Corpus/TARGET), so what a run
# discovers never grows the committed corpus, and uses Fuzz/Dictionaries/TARGET.dict when
# there is one. A crash, a timeout or running out of memory fails the script (exit 1) and
# leaves the input in artifacts/fuzz/TARGET/, whose path is printed. To replay one against
# the binaries this script built:
#
#   SWIFT_BACKTRACE=enable=no .build-fuzz/release/TARGET artifacts/fuzz/TARGET/crash-...
#
# Builds in .build-fuzz, apart from the plain build: every module is instrumented.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

all_targets=(
  fuzz-snapshot-decoding
  fuzz-section-snapshot-decoding
  fuzz-diff-replay
  fuzz-client-message
  fuzz-web-session
  fuzz-recipe-file
)

seconds=60
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  shift
fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for target in "${targets[@]}"; do
  if [[ ! " ${all_targets[*]} " =~ " $target " ]]; then
    echo "fuzz.sh: unknown target '$target' (targets: ${all_targets[*]})" >&2
    exit 2
  fi
done

# The longest input worth trying, per target: decoders and protocol frames need room for
# a few nested values; a diff script of a few hundred edits already fills its snapshots.
max_len() {
  case "$1" in
    fuzz-diff-replay) echo 512 ;;
    fuzz-web-session | fuzz-recipe-file) echo 8192 ;;
    *) echo 4096 ;;
  esac
}

export DIFFABLE_FUZZ=1
# The O(n) invariant checks after every snapshot mutation turn a silent corruption into a
# crash at the mutation that caused it.
export DIFFABLE_INTERNAL_CHECKS=1
scratch=.build-fuzz
# SwiftPM's --sanitize=fuzzer links libFuzzer's main (and leaves out the entry-point alias
# it adds to executables); the -Xswiftc flag is what instruments the Swift code for
# coverage, which SwiftPM's own flag does not pass on to the frontend.
build=(swift build -c release --scratch-path "$scratch"
  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)

echo "== build (${build[*]})"
start=$SECONDS
for target in "${targets[@]}"; do
  "${build[@]}" --product "$target"
done
bin="$("${build[@]}" --show-bin-path)"
echo "== built in $((SECONDS - start)) s"

# The Swift runtime's crash handler reads the crashed process's memory in ways ASan
# reports as errors of their own; libFuzzer prints the stack instead.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

work="$(mktemp -d -t diffable-fuzz.XXXXXX)"
trap 'rm -rf "$work"' EXIT
summary=()
failed=0
for target in "${targets[@]}"; do
  corpus="$work/$target"
  mkdir -p "$corpus" "artifacts/fuzz/$target"
  if [ -d "Fuzz/Corpus/$target" ]; then cp -R "Fuzz/Corpus/$target/." "$corpus/"; fi
  options=(
    -max_total_time="$seconds" -max_len="$(max_len "$target")" -rss_limit_mb=2048
    -timeout=20 -print_final_stats=1 -artifact_prefix="artifacts/fuzz/$target/"
  )
  [ -f "Fuzz/Dictionaries/$target.dict" ] && options+=(-dict="Fuzz/Dictionaries/$target.dict")
  log="$work/$target.log"
  echo "== $target: ${seconds} s"
  status=0
  "$bin/$target" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?
  grep -E '^#[0-9]+.*(NEW|REDUCE|pulse|DONE)' "$log" | tail -n 3 || true
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
  if [ "$status" -ne 0 ]; then
    failed=1
    crash="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)"
    cp "$log" "artifacts/fuzz/$target/fuzz.log"
    echo "fuzz.sh: $target failed (exit $status); log: artifacts/fuzz/$target/fuzz.log" >&2
    grep -E 'fuzz failure|Fatal error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' \
      "$log" | head -n 5 >&2 || true
    [ -n "$crash" ] && echo "fuzz.sh: crashing input: $crash" >&2
    summary+=("$target: FAILED after ${executions:-?} executions${crash:+ ($crash)}")
  else
    summary+=("$target: ${executions:-?} executions, no crash")
  fi
done

echo "== executions per target (${seconds} s each)"
printf '%s\n' "${summary[@]}"
exit "$failed"
