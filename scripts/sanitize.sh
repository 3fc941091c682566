#!/usr/bin/env bash
# The Swift tests under a sanitizer:
#
#   scripts/sanitize.sh [address|thread] [FILTER...]
#
# address: AddressSanitizer with LeakSanitizer on (a leaked object is a failure: retain
#          cycles between a data source, its view and its cells are what this catches).
# thread:  ThreadSanitizer.
# Each FILTER becomes a `swift test --filter`. Each sanitizer builds in its own scratch path
# (.build-asan, .build-tsan), so neither throws away the other's or the plain build.
#
# Exits non-zero when a test fails or any sanitizer report is printed, even one the test
# runner's exit code would not show (a report from a child process, say), and when the run
# takes longer than SANITIZE_TIMEOUT seconds (default 2400; a run takes 10-20 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

mode="${1:-address}"
[ $# -gt 0 ] && shift
case "$mode" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  -h | --help)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "sanitize.sh: unknown sanitizer '$mode' (address or thread)" >&2
    exit 2
    ;;
esac

filters=()
for filter in "$@"; do filters+=(--filter "$filter"); done
# With no XCTest tests, the XCTest pass runs nothing, yet its runner leaks its own suite
# objects at exit (libXCTest's XCTMain; LeakSanitizer reports them). Skipping that empty pass
# needs no suppression that could also hide a leak of ours.
if ! grep -rqs --include='*.swift' '^import XCTest' Tests; then filters+=(--disable-xctest); fi

# Leaks are checked at exit; a suppression names only code that is not this package's
# (see scripts/lsan.supp, and scripts/tsan.supp for races). halt_on_error stays on for ASan
# (memory errors are never benign) and off for TSan, so one run lists every race.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="halt_on_error=0:suppressions=$PWD/scripts/tsan.supp:print_suppressions=0${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
# Swift's crash backtracer reads the crashed process's stacks with memcpy, which ASan checks
# and reports as an overflow; in CI a test that trapped under ASan then never finished
# backtracing and the whole job ran out of time. The trap's own message is enough here.
export SWIFT_BACKTRACE="enable=no"
limit="${SANITIZE_TIMEOUT:-2400}"

log="$(mktemp -t "sanitize-$mode.XXXXXX.log")"
echo "== swift test --sanitize=$mode --scratch-path $scratch ${filters[*]:-} (log: $log)"
start=$SECONDS
status=0
timeout --kill-after=30 "$limit" \
  swift test --sanitize="$mode" --scratch-path "$scratch" "${filters[@]}" 2>&1 | tee "$log" ||
  status=$?
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "sanitize.sh: swift test did not finish within $limit s (see $log)" >&2
  exit 1
fi
echo "== $((SECONDS - start)) s"

reports="$(grep -E -c \
  '^(==[0-9]+==)?ERROR: (AddressSanitizer|LeakSanitizer)|^WARNING: ThreadSanitizer|^SUMMARY: (AddressSanitizer|LeakSanitizer|ThreadSanitizer)' \
  "$log" || true)"
if [ "$reports" -gt 0 ]; then
  echo "sanitize.sh: $reports sanitizer report line(s) in $log:" >&2
  grep -E '^SUMMARY: ' "$log" >&2 || true
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "sanitize.sh: swift test exited $status (see $log)" >&2
  exit "$status"
fi
rm -f "$log"
echo "sanitize.sh: $mode: no sanitizer report"
