"""What the PostgreSQL tests of both suites (Tests/Network/test_postgres.py,
Tests/Browser/test_postgres.py) share: a private PostgreSQL server that scripts/postgres.sh
runs in a temporary folder on a free port, and the pytest fixture that gives one to a module
(or skips the module, saying what to install, where PostgreSQL is missing and can't be
installed).

One server per module; each test makes its own database on it (`create_database`), so no
test sees another's recipes.
"""

import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from servers import ROOT, free_port

SCRIPT = ROOT / "scripts" / "postgres.sh"
# scripts/postgres.sh exits with this when PostgreSQL is missing and it may not install it.
NOT_INSTALLED = 3
SKIP_MESSAGE = "PostgreSQL is not installed: apt-get install postgresql"


class PostgresMissing(Exception):
    """PostgreSQL is not installed, and this user can't install it."""


class PrivatePostgres:
    """One PostgreSQL server of the tests' own, on 127.0.0.1:`port`, its files in a
    temporary folder. `kill` and `restart` keep the folder and the port: the outage test
    brings back the same server, with what it had committed."""

    def __init__(self):
        # Under /tmp, not pytest's tmp_path: as root the server runs as `postgres`, and
        # pytest's folders are closed to other users.
        self.directory = Path(tempfile.mkdtemp(prefix="diffable-postgres-"))
        self.port = free_port()
        self.running = False
        self._bindir = None

    # -- life cycle

    def _script(self, *arguments, timeout=180) -> str:
        # 180 s: a first run as root may apt-get install PostgreSQL.
        result = subprocess.run([str(SCRIPT), *arguments], capture_output=True, text=True,
                                timeout=timeout)
        if result.returncode == NOT_INSTALLED:
            raise PostgresMissing(result.stderr.strip() or SKIP_MESSAGE)
        if result.returncode != 0:
            raise RuntimeError(f"scripts/postgres.sh {' '.join(arguments)} exited with "
                               f"{result.returncode}:\n{result.stdout}{result.stderr}")
        return result.stdout.strip()

    def start(self) -> "PrivatePostgres":
        self._script("start", str(self.directory), str(self.port))
        self.running = True
        return self

    def stop(self):
        """A clean shutdown (fast mode)."""
        self._script("stop", str(self.directory))
        self.running = False

    def kill(self):
        """An outage: immediate shutdown, every connection cut, no checkpoint."""
        self._script("kill", str(self.directory))
        self.running = False

    def restart(self) -> "PrivatePostgres":
        """Starts the server again on the same data and port (after `kill` or `stop`)."""
        return self.start()

    def close(self):
        """Stops the server and removes its files."""
        try:
            self.stop()
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)

    def log(self, lines: int = 30) -> str:
        path = self.directory / "log"
        text = path.read_text(errors="replace") if path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    # -- databases

    def url(self, dbname: str = "postgres") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{dbname}"

    def bindir(self) -> Path:
        """The folder of the psql and pg_dump of the server's version (Debian's /usr/bin/psql
        is a wrapper that picks a cluster; the tests name theirs by URL)."""
        if self._bindir is None:
            self._bindir = Path(self._script("bindir"))
        return self._bindir

    def psql(self, sql: str, dbname: str = "postgres") -> str:
        """Runs SQL; returns psql's unaligned, tuples-only output (one row a line)."""
        result = subprocess.run(
            [str(self.bindir() / "psql"), "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1",
             "-d", self.url(dbname), "-c", sql],
            capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise RuntimeError(f"psql {sql!r} on {dbname} failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def create_database(self, prefix: str = "recipes") -> str:
        """A new, empty database; returns its name."""
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        self.psql(f'CREATE DATABASE "{name}"')
        return name

    def dump(self, dbname: str) -> str:
        """Every row of the database as pg_dump writes it (COPY blocks): what a new
        connection sees committed, whatever the tables are called."""
        result = subprocess.run(
            [str(self.bindir() / "pg_dump"), "--data-only", "--no-owner", "-d", self.url(dbname)],
            capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"pg_dump of {dbname} failed: {result.stderr.strip()}")
        return result.stdout

    def tables(self, dbname: str) -> list:
        """The database's own tables, as schema.name, whatever schema the server chose."""
        out = self.psql("SELECT schemaname || '.' || tablename FROM pg_tables "
                        "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1", dbname)
        return out.splitlines() if out else []


def postgres_fixture(scope: str = "module"):
    """A pytest fixture giving a started PrivatePostgres, closed after its scope; where
    PostgreSQL is missing (and scripts/postgres.sh may not install it) the tests using it
    are skipped, saying what to install. In a test module: `postgres = postgres_fixture()`."""

    @pytest.fixture(scope=scope)
    def postgres():
        server = PrivatePostgres()
        try:
            server.start()
        except PostgresMissing as missing:
            shutil.rmtree(server.directory, ignore_errors=True)
            pytest.skip(str(missing))  # the script's message starts with SKIP_MESSAGE
        except Exception:
            server.close()
            raise
        yield server
        server.close()

    return postgres
