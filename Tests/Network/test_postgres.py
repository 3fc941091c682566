"""Recipes kept in PostgreSQL (`recipes --database postgres://…`), shared by several
`recipes` processes.

What the server promises, and these tests check over the wire (no browser):
  - a change committed by one process (add, edit, favorite, delete, undo, reorder) reaches
    every page of every other process as an animated `batch`, as from another tab of the
    same process: never as a fresh `structure`;
  - a change is acknowledged only once committed (pg_dump, or a process started afterwards,
    sees it), and ids never collide across processes;
  - when PostgreSQL goes away the processes stay up and refuse changes with a sentence,
    changing nothing; when it comes back they reconnect by themselves;
  - two processes starting on an empty database seed the samples once;
  - an unreachable database at start is a clean exit with a message, not a crash.

One private PostgreSQL server per module (Tests/postgres_support.py, skipped where it is not
installed); each test makes its own database on it and starts its own processes.

Run: DIFFABLE_BIN_PATH=$(swift build --show-bin-path) python3 -m pytest -q Tests/Network/test_postgres.py
"""

import subprocess
import threading
import time
import uuid
from collections import namedtuple
from pathlib import Path

import pytest
import websocket

# network_support puts Tests/ on sys.path: postgres_support is shared with the browser suite.
from network_support import Closed, Server, app, bin_path, free_port, open_session, read_store, summarize
from postgres_support import postgres_fixture

postgres = postgres_fixture()

# How long a change may take to reach another process's page: a commit, a NOTIFY, a read of
# the database and a diff, on a debug build that may share the machine with a compiler.
WAIT = 15
# How long after PostgreSQL comes back a change must work again ("within a few seconds").
RECONNECT = 10
# Rounds of two processes starting at once on an empty database (each round its own).
SEED_ROUNDS = 3

Database = namedtuple("Database", "name url")
# A row of the recipe list as a page shows it.
Row = namedtuple("Row", "id title favorite")

# The replies of the Recipes app (Sources/RecipesWeb/RecipesSession.swift): one per request.
ANSWERS = ("saved", "requestFailed", "formResult", "deleted")


def unique(title: str) -> str:
    return f"{title} {uuid.uuid4().hex[:6]}"


def row_of(cell: dict) -> Row:
    content = cell.get("content") or {}
    heart = any(a.get("kind") == "symbol" and a.get("name") == "heart.fill"
                for a in cell.get("accessories") or [])
    return Row(int(cell["id"]), content.get("text"), heart)


def is_answer(message: dict) -> bool:
    return (message["type"] == "app" and message["name"] in ANSWERS) or message["type"] == "error"


class Page:
    """One page of a `recipes` process, over the wire. It reads as the browser's page does
    (every batch acknowledged), keeps the recipe list's row count, and finds messages by
    position in what it read, so an answer read early is never missed."""

    def __init__(self, server: Server):
        self.server = server
        self.client, structure = open_session(server, "recipes", timeout=WAIT)
        self.rows = structure["sections"][0]["count"]

    @property
    def messages(self) -> list:
        return self.client.messages

    def mark(self) -> int:
        """A position in what the page read: the start of a later `expect`."""
        return len(self.messages)

    def send(self, message):
        self.client.send(message)

    def _note(self, message):
        if message["type"] in ("structure", "batch") and message["view"] == "recipes":
            self.rows = message["sections"][0]["count"]
        if message["type"] == "batch":
            self.send({"v": 1, "type": "ack", "view": message["view"], "seq": message["seq"]})

    def expect_at(self, predicate, what: str, since=None, timeout: float = WAIT) -> int:
        """The position of the first message from `since` (by default: from now on) that
        satisfies `predicate`, reading more as needed."""
        start = self.mark() if since is None else since
        position = start
        deadline = time.monotonic() + timeout
        while True:
            while position < len(self.messages):
                if predicate(self.messages[position]):
                    return position
                position += 1
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{what}: not within {timeout} s; read "
                                     f"{summarize(self.messages[start:], 20)}\n{self.server.describe()}")
            try:
                self._note(self.client.recv(remaining))
            except websocket.WebSocketTimeoutException:
                pass
            except Closed as closed:
                raise AssertionError(f"{what}: the connection closed ({closed})\n"
                                     f"{self.server.describe()}") from None

    def expect(self, predicate, what: str, since=None, timeout: float = WAIT) -> dict:
        return self.messages[self.expect_at(predicate, what, since, timeout)]

    def drain(self, quiet: float = 0.3):
        """Reads until nothing came for `quiet` seconds, so the page's seq is current."""
        while True:
            try:
                self._note(self.client.recv(quiet))
            except websocket.WebSocketTimeoutException:
                return

    # -- requests

    def answer(self, what: str, since: int, timeout: float) -> dict:
        """The app's answer (`saved`, `deleted`, `formResult` or `requestFailed`) to the one
        request sent since `since`; a protocol `error` (refused, stale) fails the test."""
        answer = self.expect(is_answer, f"the answer to {what}", since, timeout)
        assert answer["type"] == "app", f"{what} was refused: {answer}"
        return answer

    def request(self, name: str, payload, timeout: float = WAIT) -> dict:
        since = self.mark()
        self.send(app(name, payload))
        return self.answer(f"{name} {payload}", since, timeout)

    def add(self, title: str) -> int:
        answer = self.request("addRecipe", {"title": title, "prepMinutes": 5, "cookMinutes": 10})
        assert answer["name"] == "formResult" and answer["payload"]["ok"] is True, answer
        return answer["payload"]["id"]

    def reorder(self, start: int, end: int, timeout: float = WAIT) -> dict:
        """Drags row `start` to row `end`, as the page's reorder message does; returns the
        app's answer (an accepted reorder has no protocol reply, only the app's `saved`)."""
        self.drain()  # the move names rows at the view's current seq
        since = self.mark()
        self.send({"v": 1, "type": "reorder", "view": "recipes", "seq": self.client.seq["recipes"],
                   "from": [0, start], "to": [0, end]})
        return self.answer(f"the reorder {start} -> {end}", since, timeout)

    def select(self, recipe_id: int):
        """Taps the recipe's row; returns once the detail pane shows it."""
        index = [r.id for r in self.shown()].index(recipe_id)
        since = self.mark()
        self.send({"v": 1, "type": "select", "view": "recipes", "seq": self.client.seq["recipes"],
                   "indexPath": [0, index]})
        self.expect(lambda m: is_detail(m, recipe_id), f"the detail of recipe {recipe_id}", since)

    # -- what the page shows

    def shown(self) -> list:
        """The recipe list top to bottom, as Rows, from one `cells` request for every row."""
        for _ in range(5):
            if self.rows == 0:
                return []
            seq = self.client.seq["recipes"]
            since = self.mark()
            self.send({"v": 1, "type": "cells", "view": "recipes", "seq": seq,
                       "indexPaths": [[0, row] for row in range(self.rows)]})
            answer = self.expect(
                lambda m: (m["type"] == "cells" and m["view"] == "recipes")
                or (m["type"] == "error" and m.get("inReplyTo") == "cells"),
                "the cells of every row", since)
            if answer["type"] == "cells" and answer["seq"] == self.client.seq["recipes"]:
                cells = sorted(answer["cells"], key=lambda c: c["indexPath"][1])
                return [row_of(c["cell"]) for c in cells]
            # A batch crossed the request on the wire: ask again at the new seq.
        raise AssertionError(f"no cells at a current seq; read {summarize(self.messages[-20:], 20)}")

    def wait_rows(self, count: int, what: str, timeout: float = WAIT):
        if self.rows != count:
            self.expect(lambda m: self.rows == count, what, timeout=timeout)

    def expect_batch(self, what: str, since: int, matches) -> dict:
        """The animated `batch` of the recipe list, read from `since`, whose update
        satisfies `matches`; the page must not have been sent a fresh structure instead."""
        batch = self.expect(lambda m: m["type"] == "batch" and m["view"] == "recipes"
                            and matches(m["update"]), what, since)
        restarts = [m for m in self.messages[since:] if m["type"] == "structure" and m["view"] == "recipes"]
        assert not restarts, f"{what}: the page was sent a fresh structure, not a batch"
        assert batch["animated"] is True, f"{what}: the batch is not animated: {batch['update']}"
        return batch

    def close(self):
        self.client.close()


def is_detail(message: dict, recipe_id: int, **fields) -> bool:
    """Whether a message is the detail pane's `detail` for that recipe, with those fields."""
    if message["type"] != "app" or message["name"] != "detail" or not message.get("payload"):
        return False
    payload = message["payload"]
    return payload.get("id") == recipe_id and all(payload.get(k) == v for k, v in fields.items())


def structural(update: dict) -> bool:
    return bool(update["insertedItems"] or update["deletedItems"] or update["movedItems"])


class Processes:
    """The `recipes` processes and pages a test opens. Pages close first (a server waits
    for its pages' close handshakes on SIGTERM); a process that died on its own fails the
    test."""

    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.servers = []
        self.pages = []

    def server(self, database: Database, name: str) -> Server:
        """A process on the database, not yet started. Each gets a data directory of its own,
        so a lock the file store would take there never couples the processes."""
        server = Server("recipes", "--database", database.url,
                        "--data-dir", str(self.tmp_path / f"data-{name}"),
                        port=0, log_dir=self.tmp_path / "logs")
        self.servers.append(server)
        return server

    def start(self, database: Database, name: str) -> Server:
        server = self.server(database, name)
        try:
            return server.start()
        except RuntimeError as error:
            pytest.fail(f"recipes {name} on {database.url} did not start: {error}")

    def start_together(self, database: Database, names) -> list:
        """Processes started at the same moment (one thread each, released together)."""
        servers = [self.server(database, name) for name in names]
        gate = threading.Barrier(len(servers))
        errors = []

        def run(server):
            gate.wait()
            try:
                server.start()
            except RuntimeError as error:
                errors.append(str(error))

        threads = [threading.Thread(target=run, args=(s,)) for s in servers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, "a process started together with another failed:\n" + "\n".join(errors)
        return servers

    def page(self, server: Server) -> Page:
        page = Page(server)
        self.pages.append(page)
        return page

    def close(self) -> list:
        for page in self.pages:
            page.close()
        died = [s.describe() for s in self.servers if s.process is not None and not s.is_running()]
        for server in self.servers:
            server.stop()
        return died


@pytest.fixture
def database(postgres) -> Database:
    name = postgres.create_database()
    return Database(name, postgres.url(name))


@pytest.fixture
def processes(tmp_path):
    opened = Processes(tmp_path)
    yield opened
    died = opened.close()
    assert not died, "a recipes process died during the test:\n" + "\n".join(died)


@pytest.fixture(scope="module")
def sample_rows(tmp_path_factory) -> list:
    """The sample recipes as a store seeds them: what a file-backed process writes on its
    first start (titles and favorites, in order)."""
    data_dir = tmp_path_factory.mktemp("samples") / "data"
    server = Server("recipes", "--data-dir", str(data_dir), port=0, log_dir=data_dir.parent).start()
    server.stop()
    return [(r["title"], bool(r.get("isFavorite"))) for r in read_store(data_dir)["recipes"]]


# -- the tests


def test_changes_in_one_process_reach_the_other_as_batches(database, processes):
    a = processes.page(processes.start(database, "a"))
    b = processes.page(processes.start(database, "b"))
    expected = b.shown()
    assert len(expected) >= 10, f"the database was not seeded: {expected}"
    assert a.shown() == expected, "the two processes show different lists"

    # Add: a row inserted at the end of B's list.
    title = unique("Shared Stew")
    since = b.mark()
    added = a.add(title)
    b.expect_batch("A's add in B", since,
                   lambda u: u["insertedItems"] == [[0, len(expected)]] and not u["deletedItems"])
    expected.append(Row(added, title, False))
    assert b.shown() == expected

    # Favorite: the same row reconfigured in B (no insert, delete or move), and B's detail
    # pane, which shows that recipe, follows.
    target = next(r for r in expected[:8] if not r.favorite)
    index = expected.index(target)
    b.select(target.id)
    since = b.mark()
    answer = a.request("toggleFavorite", {"id": target.id})
    assert answer["name"] == "saved" and answer["payload"]["isFavorite"] is True, answer
    b.expect_batch("A's favorite in B", since,
                   lambda u: [0, index] in u["reconfiguredItems"] and not structural(u))
    b.expect(lambda m: is_detail(m, target.id, isFavorite=True), "B's detail pane to show the heart", since)
    expected[index] = target._replace(favorite=True)
    assert b.shown() == expected

    # Edit: a reconfigure again, with the new title in B's row and detail pane.
    new_title = unique("Edited Elsewhere")
    since = b.mark()
    answer = a.request("updateRecipe", {"id": target.id, "title": new_title, "prepMinutes": 5,
                                        "cookMinutes": 10})
    assert answer["name"] == "formResult" and answer["payload"]["ok"] is True, answer
    b.expect_batch("A's edit in B", since,
                   lambda u: [0, index] in u["reconfiguredItems"] and not structural(u))
    b.expect(lambda m: is_detail(m, target.id, title=new_title), "B's detail pane to show the new title", since)
    expected[index] = Row(target.id, new_title, True)
    assert b.shown() == expected

    # Delete, then undo: the row leaves B's list and comes back to its place.
    victim_index = next(i for i, r in enumerate(expected[1:], 1) if r.id != target.id)
    victim = expected[victim_index]
    since = b.mark()
    answer = a.request("deleteRecipe", {"id": victim.id})
    assert answer["name"] == "deleted" and answer["payload"]["id"] == victim.id, answer
    b.expect_batch("A's delete in B", since,
                   lambda u: u["deletedItems"] == [[0, victim_index]] and not u["insertedItems"])
    assert b.shown() == expected[:victim_index] + expected[victim_index + 1:]
    since = b.mark()
    answer = a.request("undoDelete", {})
    assert answer["name"] == "saved" and answer["payload"]["id"] == victim.id, answer
    b.expect_batch("A's undo in B", since,
                   lambda u: u["insertedItems"] == [[0, victim_index]] and not u["deletedItems"])
    assert b.shown() == expected

    # Reorder: the first row dragged to the fourth place; B's rows move (no delete and insert).
    answer_since = b.mark()
    answer = a.reorder(0, 3)
    assert answer["name"] == "saved" and answer["payload"]["request"] == "reorder", answer
    b.expect_batch("A's reorder in B", answer_since,
                   lambda u: u["movedItems"] and not u["insertedItems"] and not u["deletedItems"])
    expected.insert(3, expected.pop(0))
    assert b.shown() == expected
    assert a.shown() == expected


def test_adds_from_both_processes_at_once_get_distinct_ids(database, processes):
    pages = [processes.page(processes.start(database, name)) for name in ("a", "b")]
    base = pages[0].shown()
    titles = {}  # page index -> the titles it adds, in order
    answers = {}
    errors = []

    def add_ten(index):
        page = pages[index]
        try:
            # All ten sent before any answer is read: the two processes' transactions overlap.
            since = page.mark()
            for title in titles[index]:
                page.send(app("addRecipe", {"title": title, "prepMinutes": 1, "cookMinutes": 2}))
            found = []
            for _ in titles[index]:
                since = page.expect_at(lambda m: m["type"] == "app" and m["name"] == "formResult",
                                       f"the answers to page {index}'s adds", since)
                found.append(page.messages[since])
                since += 1
            answers[index] = found
        except Exception as error:  # noqa: BLE001 - reported by the main thread
            errors.append(f"page {index}: {error}")

    for index in range(2):
        titles[index] = [unique(f"Parallel {'AB'[index]}{n}") for n in range(10)]
    threads = [threading.Thread(target=add_ten, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, "\n".join(errors)

    added = {}  # id -> title
    for index in range(2):
        for title, answer in zip(titles[index], answers[index]):
            assert answer["payload"]["ok"] is True, answer
            assert answer["payload"]["id"] not in added, f"id {answer['payload']['id']} was given twice"
            added[answer["payload"]["id"]] = title
    assert len(added) == 20

    # Both pages end on the same list: the old rows, then the twenty, in commit order.
    for page in pages:
        page.wait_rows(len(base) + 20, "every add in both pages")
    final = pages[0].shown()
    assert pages[1].shown() == final, "the two processes show different lists"
    assert final[:len(base)] == base
    assert {r.id: r.title for r in final[len(base):]} == added


def test_an_acknowledged_change_is_in_the_database(database, processes, postgres):
    a = processes.page(processes.start(database, "a"))
    expected = a.shown()
    assert postgres.tables(database.name), "the server made no tables in its database"

    # pg_dump opens a connection of its own: what it sees is committed.
    title = unique("Committed Curry")
    added = a.add(title)
    assert title in postgres.dump(database.name), "an acknowledged add is not in the database"
    expected.append(Row(added, title, False))

    target = next(r for r in expected if not r.favorite)
    answer = a.request("toggleFavorite", {"id": target.id})
    assert answer["name"] == "saved", answer
    expected[expected.index(target)] = target._replace(favorite=True)
    victim = expected[1] if expected[1].id != target.id else expected[2]
    assert a.request("deleteRecipe", {"id": victim.id})["name"] == "deleted"
    expected.remove(victim)
    assert a.reorder(0, 2)["name"] == "saved"
    expected.insert(2, expected.pop(0))

    # A process started now reads only the database (and must not seed it again).
    c = processes.page(processes.start(database, "c"))
    assert c.shown() == expected
    assert a.shown() == expected


def until_accepted(page: Page, name: str, payload, accepted, timeout: float) -> dict:
    """Asks again every half second until the answer is `accepted`; the last answer."""
    deadline = time.monotonic() + timeout
    while True:
        answer = page.request(name, payload)
        if accepted(answer) or time.monotonic() > deadline:
            return answer
        time.sleep(0.5)


def test_an_outage_of_the_database_refuses_changes_and_recovers(database, processes, postgres):
    a_server, b_server = processes.start(database, "a"), processes.start(database, "b")
    a, b = processes.page(a_server), processes.page(b_server)
    before = b.shown()
    target = next(r for r in before if not r.favorite)
    title = unique("Outage Omelette")

    postgres.kill()
    try:
        answer = a.request("toggleFavorite", {"id": target.id})
        assert answer["name"] == "requestFailed", answer
        message = answer["payload"].get("message", "")
        assert message.endswith(".") and len(message) > 10, f"not a sentence: {message!r}"
        answer = a.request("addRecipe", {"title": title, "prepMinutes": 5, "cookMinutes": 10})
        assert answer["name"] == "formResult" and answer["payload"]["ok"] is False, answer
        assert answer["payload"].get("message"), answer
        answer = b.reorder(0, 1)
        assert answer["name"] == "requestFailed" and answer["payload"]["request"] == "reorder", answer

        # Both stay up, their pages connected and showing the list as it was, and new pages
        # are served it too.
        assert a_server.is_running() and b_server.is_running()
        assert a.shown() == b.shown() == before
        for server in (a_server, b_server):
            assert processes.page(server).shown() == before, f"the list changed on port {server.port}"
    finally:
        postgres.restart()
    assert title not in postgres.dump(database.name), "a refused add reached the database"

    # Both reconnect by themselves: a change from A works again and reaches B...
    since_b = b.mark()
    answer = until_accepted(a, "toggleFavorite", {"id": target.id},
                            lambda m: m["name"] == "saved", RECONNECT)
    assert answer["name"] == "saved", f"no change worked {RECONNECT} s after the restart: {answer}"
    assert answer["payload"]["isFavorite"] is True, "a refused toggle was applied after all"
    index = before.index(target)
    b.expect_batch("A's favorite in B after the restart", since_b,
                   lambda u: [0, index] in u["reconfiguredItems"])
    assert b.shown()[index] == target._replace(favorite=True)

    # ...and one from B reaches A.
    since_a = a.mark()
    title = unique("Back Again Bread")
    answer = until_accepted(b, "addRecipe", {"title": title, "prepMinutes": 5, "cookMinutes": 10},
                            lambda m: m["name"] == "formResult" and m["payload"]["ok"], RECONNECT)
    assert answer["payload"]["ok"] is True, f"B could not add {RECONNECT} s after the restart: {answer}"
    a.expect_batch("B's add in A after the restart", since_a,
                   lambda u: u["insertedItems"] == [[0, len(before)]])
    assert a.shown()[-1] == Row(answer["payload"]["id"], title, False)


def test_two_processes_starting_at_once_seed_the_samples_once(postgres, tmp_path, sample_rows):
    for round_ in range(SEED_ROUNDS):
        name = postgres.create_database(f"seed{round_}")
        # Processes of their own per round, stopped at its end: only two run at a time.
        processes = Processes(tmp_path / f"round{round_}")
        try:
            servers = processes.start_together(Database(name, postgres.url(name)), ("a", "b"))
            lists = [processes.page(server).shown() for server in servers]
        finally:
            died = processes.close()
        assert not died, f"round {round_}: a process died:\n" + "\n".join(died)
        assert lists[0] == lists[1], f"round {round_}: the two processes show different lists"
        rows = lists[0]
        assert len(rows) == len(sample_rows), \
            f"round {round_}: {len(rows)} recipes, the samples are {len(sample_rows)}"
        assert [(r.title, r.favorite) for r in rows] == sample_rows, f"round {round_}: not the samples"
        assert len({r.id for r in rows}) == len(rows), f"round {round_}: repeated ids"


def test_an_unreachable_database_at_start_is_a_clean_exit(tmp_path):
    port = free_port()  # nothing listens there
    url = f"postgres://postgres@127.0.0.1:{port}/nowhere"
    command = [str(bin_path() / "recipes"), "--port", "0", "--database", url,
               "--data-dir", str(tmp_path / "data")]
    started = time.monotonic()
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=15)
    except subprocess.TimeoutExpired as running:
        pytest.fail(f"recipes kept running 15 s with an unreachable database:\n{running.stdout}{running.stderr}")
    output = result.stdout + result.stderr
    assert 0 < result.returncode < 128, \
        f"exit status {result.returncode} (negative: killed by a signal):\n{output}"
    assert "Fatal error" not in output and "Stack dump" not in output, f"a crash, not an exit:\n{output}"
    assert result.stderr.strip(), f"no message on stderr:\n{output}"
    assert str(port) in result.stderr, f"the message does not name the database {url}:\n{result.stderr}"
    print(f"\nunreachable database: exit {result.returncode} after {time.monotonic() - started:.1f} s: "
          f"{result.stderr.strip().splitlines()[-1]}")
