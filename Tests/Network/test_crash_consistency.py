"""Crash consistency of the recipes store (issue 13, "Reliability").

The recipes server promises that a change is on disk before it is acknowledged (the store
writes a temporary file, flushes it and renames it over recipes.json, then publishes and
replies). So a `kill -9` at any moment may lose only changes the page was never told about.

Each kill cycle:
  1. start `recipes` on the test's data directory (after the first cycle this is the
     restart, which must succeed) and read recipes.json: the truth the cycle starts from;
  2. connect, check that the list shows the file's order, and send a random stream of
     adds, edits, deletes, favorite toggles and reorders, quickly, until the kill;
  3. kill -9 the server 0-300 ms after the first operation, and keep every reply the
     client received before the connection died;
  4. restart it on the same directory and check the file against the replies: every
     acknowledged change holds, unless an operation whose fate is unknown could have
     undone it, and there are no `.recipes.json.*.tmp` files left.

The server answers a connection's messages in order, one reply per request, so the n-th
reply answers the n-th request. Requests after the last answered one are "in doubt": the
kill may have come before or after each was saved, and the checks allow both outcomes
(nothing more). Requests before it have known outcomes; replaying those from the file the
cycle started with gives the state that must hold.

Modes:
  DIFFABLE_CRASH_KILLS  kill cycles; 20 by default (CI, under 10 s with a debug build).
                        The long mode is 200 or more: DIFFABLE_CRASH_KILLS=200 python3 -m
                        pytest -q -s Tests/Network/test_crash_consistency.py (about a
                        minute per 200 kills).
  DIFFABLE_CRASH_SEED   the random seed; printed by every run (and in every failure).
                        It fixes the operations and the kill delays; how far the server
                        got before each kill still depends on timing.

Run: python3 -m pytest -q -s Tests/Network/test_crash_consistency.py (-s shows the seed).
"""

import os
import random
import subprocess
import threading
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from network_support import (
    Closed, Server, app, assert_healthy, bin_path, free_port, open_session, read_store, tail,
)

SEED = int(os.environ.get("DIFFABLE_CRASH_SEED") or random.SystemRandom().randrange(1 << 32))
KILLS = int(os.environ.get("DIFFABLE_CRASH_KILLS", "20"))
KILL_WINDOW = 0.3  # seconds after the first operation
# The stream goes on until the kill, so every kill lands in it; this only bounds a cycle.
# Under RecipesSession.maximumPendingChanges (256): past it the server refuses a change at
# once, ahead of the replies still due, and this test matches replies in order.
MAX_OPERATIONS_PER_CYCLE = 200
WORDS = ["Soup", "Stew", "Tart", "Salad", "Curry", "Pie", "Risotto", "Gratin", "Ramen", "Tacos"]


# -- the store, as the file has it


@dataclass
class Store:
    order: list  # recipe ids, in the user's order
    titles: dict
    favorites: dict
    next_id: int

    @classmethod
    def read(cls, data_dir: Path) -> "Store":
        data = read_store(data_dir)
        assert data["version"] == 1, data["version"]
        recipes = data["recipes"]
        ids = [r["id"] for r in recipes]
        assert len(set(ids)) == len(ids), f"repeated ids in recipes.json: {ids}"
        return cls(order=ids, titles={r["id"]: r["title"] for r in recipes},
                   favorites={r["id"]: bool(r.get("isFavorite")) for r in recipes},
                   next_id=data["nextId"])

    def copy(self) -> "Store":
        return Store(list(self.order), dict(self.titles), dict(self.favorites), self.next_id)


# -- requests and their replies


@dataclass
class Operation:
    index: int
    kind: str  # add, edit, delete, favorite, reorder
    id: int = None  # the recipe an edit, delete or favorite is about
    title: str = None  # an add's or edit's title
    move: tuple = None  # a reorder's (from row, to row)
    reply: dict = None  # None while unanswered

    @property
    def accepted(self) -> bool:
        """Whether the reply acknowledges the change as saved."""
        reply = self.reply or {}
        name, payload = reply.get("name"), reply.get("payload") or {}
        if self.kind in ("add", "edit"):
            return name == "formResult" and payload.get("ok") is True
        if self.kind == "delete":
            return name == "deleted"
        return name == "saved"  # favorite, reorder

    def describe(self) -> str:
        detail = {"add": self.title, "edit": f"{self.id} -> {self.title!r}", "delete": self.id,
                  "favorite": self.id, "reorder": self.move}[self.kind]
        return f"#{self.index} {self.kind} {detail}"


REQUEST_KINDS = {"addRecipe": "add", "updateRecipe": "edit", "deleteRecipe": "delete",
                 "toggleFavorite": "favorite", "reorder": "reorder"}


def reply_kind(message: dict):
    """Which kind of request a message answers, or None when it answers none (structures,
    batches, cells, the detail pane...)."""
    if message["type"] == "error":
        return REQUEST_KINDS.get(message.get("inReplyTo"), "?")
    if message["type"] != "app":
        return None
    payload = message.get("payload") or {}
    if message["name"] == "formResult":
        return {"add": "add", "edit": "edit"}.get(payload.get("form"), "?")
    if message["name"] == "deleted":
        return "delete"
    if message["name"] in ("saved", "requestFailed"):
        return REQUEST_KINDS.get(payload.get("request"), "?")
    return None


class Conversation:
    """The operations sent on one connection, matched with their replies by a reader
    thread, in order."""

    def __init__(self, client):
        self.client = client
        self.operations = []
        self.answered = 0
        self.problems = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        try:
            while True:
                message = self.client.recv(timeout=30)
                kind = reply_kind(message)
                if kind is None:
                    continue
                with self.changed:
                    if self.answered >= len(self.operations):
                        self.problems.append(f"a reply nothing asked for: {message}")
                        continue
                    operation = self.operations[self.answered]
                    if kind != operation.kind:
                        self.problems.append(f"{operation.describe()} answered by {message}")
                    operation.reply = message
                    self.answered += 1
                    self.changed.notify_all()
        except Exception:  # noqa: BLE001 - the kill ends the connection, one way or another
            pass

    def send(self, operation: Operation, message: dict):
        with self.changed:
            # Listed before it is sent: its reply may come back at once.
            self.operations.append(operation)
        self.client.send(message)

    def wait_answered(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.answered == len(self.operations), timeout)

    def known_state(self, start: Store) -> Store:
        with self.changed:
            return replay(start, self.operations[:self.answered])


def replay(start: Store, answered: list) -> Store:
    """The store after the answered operations, applied in the order the server took them."""
    state = start.copy()
    for op in answered:
        if not op.accepted:
            continue  # refused or failed: nothing changed
        payload = op.reply["payload"]
        if op.kind == "add":
            new_id = payload["id"]
            assert new_id not in state.titles, f"{op.describe()} was given the id {new_id} again"
            state.order.append(new_id)
            state.titles[new_id], state.favorites[new_id] = op.title, False
            state.next_id = max(state.next_id, new_id + 1)
            continue
        if op.kind == "reorder":
            start_row, end_row = op.move
            assert max(start_row, end_row) < len(state.order), \
                f"{op.describe()} was accepted for a list of {len(state.order)} rows"
            state.order.insert(end_row, state.order.pop(start_row))
            continue
        assert payload.get("id") == op.id, f"{op.describe()} acknowledged for another id: {payload}"
        assert op.id in state.titles, f"{op.describe()} acknowledged for a recipe already gone"
        if op.kind == "edit":
            state.titles[op.id] = op.title
        elif op.kind == "delete":
            state.order.remove(op.id)
            del state.titles[op.id], state.favorites[op.id]
        elif op.kind == "favorite":
            state.favorites[op.id] = payload["isFavorite"]
    return state


# -- the random stream


def choose_kind(rng: random.Random, rows: int) -> str:
    # Keep the list between a handful of rows and a few hundred (one `cells` request shows
    # it all), whatever the number of cycles.
    weights = {"add": 25, "edit": 20, "delete": 20, "favorite": 20, "reorder": 15}
    if rows < 12:
        weights["delete"] = 0
    if rows > 200:
        weights["add"] = 5
    if rows < 2:
        weights["reorder"] = 0
    kinds = list(weights)
    return rng.choices(kinds, [weights[k] for k in kinds])[0]


def next_request(rng, kind, conversation, start: Store, cycle: int, index: int, pending_deletes: set):
    """An operation and its message. Targets come from what is known now (the file plus
    the replies so far), skipping recipes a delete was already sent for."""
    if kind == "reorder":
        # A reorder names rows at the view's current seq: let the replies catch up first,
        # so the rows (and the seq) are those the server has.
        conversation.wait_answered(timeout=0.5)
    known = conversation.known_state(start)
    title = f"c{cycle:03d}-{index:02d} {rng.choice(WORDS)}"
    op = Operation(index, kind)
    if kind == "add":
        op.title = title
        return op, app("addRecipe", {"title": title, "prepMinutes": rng.randint(0, 120),
                                     "cookMinutes": rng.randint(0, 240)})
    if kind == "reorder":
        rows = len(known.order)
        start_row, end_row = rng.sample(range(rows), 2)
        op.move = (start_row, end_row)
        return op, {"v": 1, "type": "reorder", "view": "recipes",
                    "seq": conversation.client.seq["recipes"],
                    "from": [0, start_row], "to": [0, end_row]}
    candidates = [i for i in known.order if i not in pending_deletes]
    if not candidates:  # every known recipe has a delete on its way: add one instead
        return next_request(rng, "add", conversation, start, cycle, index, pending_deletes)
    op.id = rng.choice(candidates)
    if kind == "edit":
        op.title = title
        return op, app("updateRecipe", {"id": op.id, "title": title, "prepMinutes": 5,
                                        "cookMinutes": 10})
    if kind == "delete":
        pending_deletes.add(op.id)
        return op, app("deleteRecipe", {"id": op.id})
    return op, app("toggleFavorite", {"id": op.id})


def shown_order(client, rows: int) -> list:
    """The recipe ids the list shows, top to bottom (`id` of a cell is the item's id)."""
    client.send({"v": 1, "type": "cells", "view": "recipes", "seq": client.seq["recipes"],
                 "indexPaths": [[0, row] for row in range(rows)]})
    answer = client.recv_until(lambda m: m["type"] == "cells" and m["view"] == "recipes", 10)
    return [int(c["cell"]["id"]) for c in sorted(answer["cells"], key=lambda c: c["indexPath"][1])]


# -- checking the file after a restart


def check_file(found: Store, start: Store, operations: list) -> list:
    """What is wrong with the file found after the restart, given the cycle's start and
    its operations with the replies they got. Sound: each check allows every outcome of
    the operations in doubt."""
    answered = [op for op in operations if op.reply is not None]
    in_doubt = operations[len(answered):]
    assert all(op.reply is None for op in in_doubt)
    known = replay(start, answered)
    doubt_deletes = {op.id for op in in_doubt if op.kind == "delete"}
    doubt_toggles = {op.id for op in in_doubt if op.kind == "favorite"}
    doubt_titles = defaultdict(set)
    for op in in_doubt:
        if op.kind == "edit":
            doubt_titles[op.id].add(op.title)
    doubt_adds = {op.title for op in in_doubt if op.kind == "add"}
    acked_deletes = [op for op in answered if op.kind == "delete" and op.accepted]

    problems = []
    for recipe_id in known.order:
        title = known.titles[recipe_id]
        if recipe_id not in found.titles:
            if recipe_id not in doubt_deletes:
                problems.append(f"recipe {recipe_id} {title!r} is missing (its add or state was "
                                f"acknowledged and no delete of it was in doubt)")
            continue
        if found.titles[recipe_id] != title and found.titles[recipe_id] not in doubt_titles[recipe_id]:
            problems.append(f"recipe {recipe_id} has title {found.titles[recipe_id]!r}; the last "
                            f"acknowledged one is {title!r}")
        if recipe_id not in doubt_toggles and found.favorites[recipe_id] != known.favorites[recipe_id]:
            problems.append(f"recipe {recipe_id} has isFavorite {found.favorites[recipe_id]}; "
                            f"acknowledged {known.favorites[recipe_id]}")
    for op in acked_deletes:
        if op.id in found.titles:
            problems.append(f"acknowledged delete {op.describe()}, but recipe {op.id} is in the file")
    for recipe_id in found.order:
        if recipe_id in known.titles:
            continue
        title = found.titles[recipe_id]
        if title not in doubt_adds or recipe_id < known.next_id:
            problems.append(f"recipe {recipe_id} {title!r} is in the file but was never added "
                            f"(nor is it an add in doubt)")
        doubt_adds.discard(title)  # each add makes one recipe
    # Adds append and deletes remove: only reorders change the relative order of recipes.
    if not any(op.kind == "reorder" for op in in_doubt):
        expected = [i for i in known.order if i in found.titles]
        actual = [i for i in found.order if i in known.titles]
        if actual != expected:
            problems.append(f"order {actual} differs from the acknowledged {expected}")
    if found.next_id < known.next_id:
        problems.append(f"nextId {found.next_id} is below {known.next_id}, an id was acknowledged")
    return problems


def temporary_files(data_dir: Path) -> list:
    return sorted(p.name for p in data_dir.iterdir() if p.name.endswith(".tmp"))


# -- the tests


def start_recipes(data_dir: Path, what: str) -> Server:
    try:
        # Logs beside the data directory, in the test's tmp_path: one per (re)start.
        return Server("recipes", "--data-dir", str(data_dir), log_dir=data_dir.parent / "logs").start()
    except RuntimeError as error:
        pytest.fail(f"{what} failed (seed {SEED}): {error}")


def run_cycle(server: Server, rng: random.Random, start: Store, cycle: int) -> list:
    """One stream of requests cut by kill -9; returns the operations with their replies."""
    client, structure = open_session(server, "recipes", timeout=10)
    rows = structure["sections"][0]["count"]
    assert rows == len(start.order), f"the list has {rows} rows, the file {len(start.order)}"
    # Reorders name rows, so the rows must be the file's order (the list shows All).
    assert shown_order(client, rows) == start.order, "the list does not show the file's order"

    conversation = Conversation(client)
    # The clock starts with the first request; the kill comes whatever the stream is doing.
    killer = threading.Timer(rng.uniform(0, KILL_WINDOW), server.kill)
    pending_deletes = set()
    try:
        for index in range(MAX_OPERATIONS_PER_CYCLE):
            rows_now = len(conversation.known_state(start).order)
            kind = choose_kind(rng, rows_now)
            op, message = next_request(rng, kind, conversation, start, cycle, index, pending_deletes)
            if index == 0:
                killer.start()
            if not server.is_running():
                break
            conversation.send(op, message)
            time.sleep(rng.uniform(0, 0.008))
    except Closed:
        pass  # killed while sending
    killer.join()  # started with the first request; waits for the kill if the stream ended first
    conversation.reader.join(timeout=10)
    client.close()
    assert not conversation.problems, "replies out of step: " + "; ".join(conversation.problems[:5])
    return conversation.operations


def interrupted_writes(data_dir: Path) -> int:
    """Temporary files a kill left behind: how many writes it cut short (for the summary)."""
    return len(temporary_files(data_dir))


def test_kill_9_during_a_stream_of_changes_loses_nothing_acknowledged(tmp_path):
    print(f"\ncrash consistency: seed {SEED} (DIFFABLE_CRASH_SEED), {KILLS} kill cycles")
    rng = random.Random(SEED)
    data_dir = tmp_path / "data"
    server = start_recipes(data_dir, "the first start")
    totals = defaultdict(int)
    try:
        for cycle in range(KILLS):
            start = Store.read(data_dir)
            operations = run_cycle(server, rng, start, cycle)
            assert not server.is_running()
            totals["kills that cut a write short"] += interrupted_writes(data_dir) > 0
            server = start_recipes(data_dir, f"the restart after kill {cycle}")
            context = f"seed {SEED}, cycle {cycle}, log {server.log_path}"
            leftovers = temporary_files(data_dir)
            assert not leftovers, f"temporary files left after the restart: {leftovers} ({context})"
            problems = check_file(Store.read(data_dir), start, operations)
            assert not problems, (
                f"{len(problems)} problems ({context}):\n" + "\n".join(problems[:20])
                + "\noperations:\n" + "\n".join(
                    f"  {op.describe()}: {'in doubt' if op.reply is None else op.reply.get('name') or op.reply.get('code')}"
                    for op in operations))
            totals["sent"] += len(operations)
            totals["acknowledged"] += sum(op.accepted for op in operations)
            totals["in doubt"] += sum(op.reply is None for op in operations)
            totals["reorders acknowledged"] += sum(op.accepted and op.kind == "reorder" for op in operations)
    finally:
        server.stop()
    print(f"crash consistency: seed {SEED}: {dict(totals)}")
    # A run in which nothing was ever acknowledged (or nothing ever in doubt) tested little.
    assert totals["acknowledged"] > 0 and totals["in doubt"] > 0, dict(totals)


def test_a_second_server_on_the_same_data_directory_is_refused(tmp_path):
    data_dir = tmp_path / "data"
    first = start_recipes(data_dir, "the first server")
    try:
        before = read_store(data_dir)
        command = [str(bin_path() / "recipes"), "--port", str(free_port()), "--data-dir", str(data_dir)]
        try:
            second = subprocess.run(command, capture_output=True, text=True, timeout=30)
        except subprocess.TimeoutExpired as still_running:
            pytest.fail(f"a second server on the same data directory kept running: "
                        f"{tail(str(still_running.stdout or ''))}")
        output = second.stdout + second.stderr
        assert second.returncode != 0, f"the second server exited with 0:\n{tail(output)}"
        assert "in use" in output, f"no 'in use' in the second server's output:\n{tail(output)}"
        assert first.is_running()
        assert read_store(data_dir) == before
        assert_healthy(first, when="after a second server tried its data directory")
    finally:
        first.stop()


def set_immutable(path: Path, on: bool) -> bool:
    try:
        result = subprocess.run(["chattr", "+i" if on else "-i", str(path)],
                                capture_output=True, text=True, timeout=10)
    except FileNotFoundError:
        return False
    return result.returncode == 0


def test_a_read_only_data_directory_refuses_changes(tmp_path):
    """The test runs as root, which ignores permission bits; an immutable directory
    (chattr +i) refuses even root a new file or a rename into it."""
    data_dir = tmp_path / "data"
    server = start_recipes(data_dir, "the server")  # this first start writes recipes.json
    try:
        client, structure = open_session(server, "recipes")
        rows = structure["sections"][0]["count"]
        before = read_store(data_dir)
        if not set_immutable(data_dir, True):
            pytest.skip("chattr +i is not available or not allowed here")
        try:
            try:
                (data_dir / "probe").write_text("x")
                (data_dir / "probe").unlink()
                pytest.skip("the immutable flag does not stop writes on this file system")
            except PermissionError:
                pass
            client.send(app("addRecipe", {"title": "Read-only soup", "prepMinutes": 5,
                                          "cookMinutes": 10}))
            reply = client.recv_until(lambda m: m["type"] == "app" and m["name"] == "formResult")
            assert reply["payload"]["ok"] is False, reply
            assert "Can't save" in reply["payload"].get("message", ""), reply
            favorite_id = before["recipes"][0]["id"]
            client.send(app("toggleFavorite", {"id": favorite_id}))
            reply = client.recv_until(lambda m: m["type"] == "app"
                                      and m["name"] in ("saved", "requestFailed"))
            assert reply["name"] == "requestFailed", reply
            assert "Can't save" in reply["payload"].get("message", ""), reply
            client.close()
            fresh, fresh_structure = open_session(server, "recipes")
            assert fresh_structure["sections"][0]["count"] == rows, "the refused add shows in a new list"
            fresh.close()
            assert read_store(data_dir) == before
            assert temporary_files(data_dir) == []
        finally:
            set_immutable(data_dir, False)
        assert_healthy(server, when="after saves failed")
    finally:
        server.stop()


def test_the_checks_catch_lost_and_invented_changes():
    """The file checks are not vacuous: a file that lost an acknowledged change, or has
    one nobody made, is caught; a file with any outcome of the in-doubt requests passes.
    (No server: replies are written out here as the server sends them.)"""
    start = Store(order=[1, 2, 3], titles={1: "One", 2: "Two", 3: "Three"},
                  favorites={1: False, 2: False, 3: False}, next_id=4)

    def answered(index, kind, reply, **fields):
        return Operation(index, kind, reply=reply, **fields)

    operations = [
        answered(0, "add", app("formResult", {"form": "add", "ok": True, "id": 4}), title="Four"),
        answered(1, "delete", app("deleted", {"id": 2, "title": "Two"}), id=2),
        answered(2, "favorite", app("saved", {"request": "toggleFavorite", "id": 3,
                                              "isFavorite": True}), id=3),
        answered(3, "reorder", app("saved", {"request": "reorder"}), move=(0, 2)),  # 1 3 4 -> 3 4 1
        answered(4, "edit", app("formResult", {"form": "edit", "ok": False}), id=1, title="Nope"),
        Operation(5, "edit", id=4, title="Four, edited"),  # in doubt from here on
        Operation(6, "add", title="Five"),
    ]

    def file_with(order, titles=None, favorites=None, next_id=6):
        titles = {**{3: "Three", 4: "Four", 1: "One", 5: "Five"}, **(titles or {})}
        favorites = {**{1: False, 2: False, 3: True, 4: False, 5: False}, **(favorites or {})}
        return Store(order, {i: titles[i] for i in order}, {i: favorites[i] for i in order}, next_id)

    # Every outcome of the in-doubt edit and add is fine.
    assert check_file(file_with([3, 4, 1], next_id=5), start, operations) == []
    assert check_file(file_with([3, 4, 1, 5], titles={4: "Four, edited"}), start, operations) == []
    # Lost or invented changes are not.
    for broken in (file_with([3, 1]),                                 # the acknowledged add is gone
                   file_with([3, 4, 1, 2], titles={2: "Two"}),        # the acknowledged delete
                   file_with([3, 4, 1], favorites={3: False}),        # the acknowledged favorite
                   file_with([1, 3, 4]),                              # the acknowledged reorder
                   file_with([3, 4, 1], titles={1: "Nope"}),          # a refused edit
                   file_with([3, 4, 1], titles={4: "Fore"}),          # a title nobody sent
                   file_with([3, 4, 1, 5], titles={5: "Six"}),        # a recipe nobody added
                   file_with([3, 4, 1], next_id=4)):                  # nextId went back
        assert check_file(broken, start, operations) != [], broken
