#!/usr/bin/env bash
# The long randomized run, not part of CI (it takes minutes): at least 1,000,000 random
# snapshot pairs diffed and replayed by the simulator, and at least 100,000 random applies
# through a data source onto a RecordingListView that checks every batch.
#
#   scripts/soak.sh [PAIRS_FACTOR] [APPLIES_FACTOR]
#
# One `swift test` run diffs 25,000 pairs and makes 800 applies; the factors multiply them
# (defaults 40 and 125: 1,000,000 pairs and 100,000 applies). Each suite prints its seeds;
# `DIFFABLE_SEED=<seed>` replays one.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi
pairs="${1:-40}"
applies="${2:-125}"
swift build --build-tests
echo "== $((pairs * 25000)) random snapshot pairs"
DIFFABLE_LONG_TESTS="$pairs" swift test --skip-build --filter BatchUpdateRandomizedTests
echo "== $((applies * 800)) random applies through a data source"
DIFFABLE_LONG_TESTS="$applies" swift test --skip-build --filter DataSourceRandomizedTests
