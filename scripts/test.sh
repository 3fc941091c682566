#!/usr/bin/env bash
# Every test of the project: the Swift tests, then the end-to-end browser tests
# (Tests/Browser: pytest + selenium driving Debian's headless Chromium against the demo and
# sample servers), then the network tests (Tests/Network: hostile clients, kill -9, and two
# recipes processes on one PostgreSQL). Installs what the tests need (Chromium, its driver,
# PostgreSQL, the Python packages) when it is missing and this runs as root; otherwise says
# exactly what to install. `swift test` alone still runs every Swift test.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  export PATH="/opt/swift/usr/bin:$PATH"
fi

# A private PostgreSQL (scripts/postgres.sh: initdb into a temporary folder, 127.0.0.1 only;
# installed when missing and root) for the `recipes --database` tests: the Swift ones read
# its address from DIFFABLE_TEST_POSTGRES_URL; the Python ones start their own.
echo "== a private PostgreSQL for the storage tests"
pg_dir=$(mktemp -d /tmp/diffable-postgres.XXXXXX)
chmod 755 "$pg_dir"
trap 'scripts/postgres.sh stop "$pg_dir" >/dev/null 2>&1 || true; rm -rf "$pg_dir"' EXIT
pg_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if pg_url=$(scripts/postgres.sh start "$pg_dir" "$pg_port"); then
  export DIFFABLE_TEST_POSTGRES_URL="$pg_url"
  echo "PostgreSQL for the tests at $pg_url"
else
  status=$?
  [ "$status" -eq 3 ] || exit "$status"
  echo "PostgreSQL is not installed: the Swift PostgreSQL tests are skipped (apt-get install postgresql)."
fi

echo "== swift test"
swift test

echo "== browser test prerequisites"
missing_apt=()
command -v chromium >/dev/null 2>&1 || missing_apt+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing_apt+=(chromium-driver)
# PostgreSQL for the recipes --database tests (Tests/*/test_postgres.py, run by
# scripts/postgres.sh from its binaries).
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1 ||
  missing_apt+=(postgresql)
missing_pip=()
python3 -c "import selenium" 2>/dev/null || missing_pip+=(selenium)
python3 -c "import pytest" 2>/dev/null || missing_pip+=(pytest)
python3 -c "import websocket" 2>/dev/null || missing_pip+=(websocket-client)
# axe-core for the accessibility checks, bundled in the packages (nothing downloads at run
# time): axe-selenium-python injects it; axe-core-python carries axe 4, whose WCAG 2.1 and
# 2.2 rules axe-selenium-python's own axe 3.1 lacks (Tests/Browser/axe_support.py uses the newest).
python3 -c "import axe_selenium_python" 2>/dev/null || missing_pip+=(axe-selenium-python)
python3 -c "import axe_core_python" 2>/dev/null || missing_pip+=(axe-core-python)
if [ ${#missing_apt[@]} -gt 0 ] || [ ${#missing_pip[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    if [ ${#missing_apt[@]} -gt 0 ]; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_apt[@]}"
    fi
    if [ ${#missing_pip[@]} -gt 0 ]; then
      python3 -m pip install -q "${missing_pip[@]}"
    fi
  else
    echo "The browser tests need: ${missing_apt[*]:-} ${missing_pip[*]:-}" >&2
    [ ${#missing_apt[@]} -gt 0 ] && echo "  sudo apt-get install ${missing_apt[*]}" >&2
    [ ${#missing_pip[@]} -gt 0 ] && echo "  python3 -m pip install ${missing_pip[*]}" >&2
    echo "(swift test passed; run this script again once they are installed.)" >&2
    exit 1
  fi
fi

echo "== build the servers the browser tests start"
swift build --product diffable-demo
if grep -q '"recipes"' Package.swift; then swift build --product recipes; fi
export DIFFABLE_BIN_PATH="$(swift build --show-bin-path)"

echo "== browser tests"
python3 -m pytest -q Tests/Browser

# No browser: hostile clients against the real servers (the server stays up, a normal page
# is served within a second, memory stays bounded) and kill -9 during a stream of changes
# (nothing acknowledged is lost). DIFFABLE_CRASH_KILLS=200 is the long mode.
echo "== hostile-network and crash-consistency tests"
python3 -m pytest -q Tests/Network
