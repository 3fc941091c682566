#!/usr/bin/env bash
# Builds the DocC documentation of the library targets with the swift-docc-plugin, and fails
# on any warning:
#
#   scripts/docs.sh [TARGET...]
#
# TARGET defaults to every library: Diffable, DiffableDataSource, DiffableTesting,
# DiffableWeb and DiffableUIKitNames. The archives land in
# .build/plugins/Swift-DocC/outputs/TARGET.doccarchive.
# SwiftPM resolves the plugin itself (Package.swift lists it), so a fresh clone needs
# nothing else.
#
# Each target is generated on its own, so that its warnings are counted on their own. DocC
# runs with --warnings-as-errors, so it reports a warning as an error; every DocC diagnostic
# counts, and so does a compiler warning in this package's sources. Prints each diagnostic,
# then one summary line per target; exits non-zero if any target has a diagnostic or fails.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

case "${1:-}" in
  -h | --help)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
esac

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(Diffable DiffableDataSource DiffableTesting DiffableWeb DiffableUIKitNames)
fi

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

summary=()
failed=0
for target in "${targets[@]}"; do
  echo "== DocC: $target"
  log="$logs/$target.log"
  diagnostics="$PWD/.build/docc-diagnostics/$target.json"
  mkdir -p "$(dirname "$diagnostics")"
  rm -f "$diagnostics"
  # SwiftPM sandboxes plugins only on macOS; without it DocC runs the same there as on Linux.
  # The diagnostics file holds DocC's diagnostics alone: the console also carries SwiftPM's
  # warnings about dependencies (unhandled files in their checkouts), which are not ours.
  if swift package --disable-sandbox generate-documentation --target "$target" \
    --warnings-as-errors --diagnostics-file "$diagnostics" >"$log" 2>&1; then
    code=0
  else
    code=$?
  fi
  docc=0
  if [ -f "$diagnostics" ]; then
    docc="$({ grep -o '"severity":' "$diagnostics" || true; } | wc -l | tr -d ' ')"
  fi
  # The build before DocC runs compiles this package's sources; their warnings count too.
  compiler="$(grep -cE "^$PWD/Sources/[^:]+:[0-9]+:[0-9]+: warning: " "$log" || true)"
  # Every diagnostic with a location, DocC's and the compiler's, as FILE:LINE:COLUMN: …
  grep -E '^/[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$log" || true
  if [ "$docc" -ne 0 ]; then echo "DocC's diagnostics, as JSON: $diagnostics"; fi
  if [ "$code" -ne 0 ] && [ "$docc" -eq 0 ] && [ "$compiler" -eq 0 ]; then
    # A failure without a diagnostic (resolution, build or plugin): show the end of the log.
    tail -n 40 "$log"
  fi
  count=$((docc + compiler))
  if [ "$code" -ne 0 ] || [ "$count" -ne 0 ]; then
    failed=1
    summary+=("$target: $docc DocC warnings, $compiler compiler warnings, FAILED (exit $code)")
  else
    summary+=("$target: 0 DocC warnings, 0 compiler warnings -> .build/plugins/Swift-DocC/outputs/$target.doccarchive")
  fi
done

echo "== DocC summary"
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
  echo "docs.sh: documentation has warnings or failed to build" >&2
  exit 1
fi
echo "docs.sh: ${#targets[@]} targets, 0 warnings"
