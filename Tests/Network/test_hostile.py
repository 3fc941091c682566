"""Hostile clients against the servers (issue 13, "Reliability").

Every test attacks a freshly started server over plain WebSockets or TCP on 127.0.0.1 and
ends with `assert_healthy`: the server still runs, a normal page gets its first
`structure` within 1 s, and its RSS stays within a bound (see network_support.py).

Run: python3 -m pytest -q Tests/Network/test_hostile.py
(binaries from $DIFFABLE_BIN_PATH, else `swift build --show-bin-path`; build `recipes` and
`diffable-demo` first).
"""

import json
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import websocket

from network_support import (
    HEALTH_TIMEOUT, Client, Closed, Server, app, assert_healthy, assert_prompt_structure,
    open_session, read_store, summarize,
)

# -- helpers


REPLY_NAMES = {"requestFailed", "saved", "deleted", "formResult"}


def is_reply(message) -> bool:
    """The answer to a recipes request: an app reply, or a protocol error."""
    return message["type"] == "error" or (
        message["type"] == "app" and message["name"] in REPLY_NAMES)


def recipe_count(server) -> int:
    """How many rows a new page's recipe list has."""
    client, structure = open_session(server, "recipes")
    client.close()
    return structure["sections"][0]["count"]


def first_recipe_id(server) -> int:
    return read_store(server.data_dir)["recipes"][0]["id"]


def assert_store_unchanged(server, before: dict, count_before: int):
    assert read_store(server.data_dir) == before, "a refused request changed recipes.json"
    assert recipe_count(server) == count_before, "a refused request changed the recipe list"


def raw_with(template: dict, literal: str) -> str:
    """`template` as JSON, with the string "@" replaced by a raw JSON literal (NaN, 1e999)
    that Python's json module will not write itself."""
    return json.dumps(template, separators=(",", ":")).replace('"@"', literal)


def command(name: str) -> dict:
    return app("command", {"command": name})


def make_big(client) -> int:
    """The demo's `big` command: section 2 gets 100,000 rows. Returns the view's seq once
    the batch (and the app's `lastBatch` report that follows it) has arrived."""
    client.send(command("big"))
    client.recv_until(lambda m: m["type"] == "app" and m["name"] == "lastBatch", timeout=60)
    return client.seq["demo"]


def answer_then_sentinel(client, view: str, index_path, timeout: float = 5):
    """Sends a one-row `cells` request and returns the messages read up to its answer.

    The server answers a connection's messages in order, so whatever came before the
    sentinel's `cells` is the answer to what was sent before it."""
    seq = client.seq[view]
    client.send({"v": 1, "type": "cells", "view": view, "seq": seq, "indexPaths": [index_path]})
    return client.collect_until(lambda m: m["type"] == "cells", timeout)


def closed_or_error(client, timeout: float = 5):
    """What the server did with something it can't use: ("error", code) or ("closed", None)."""
    try:
        message = client.recv_until(lambda m: m["type"] == "error", timeout)
        return "error", message["code"]
    except Closed:
        return "closed", None


# -- 1. app requests with numbers out of range


# JSON values for `id` that are not a recipe id (1 ... 2^31-1, whole): out of range, not
# integral, not numbers at all, or no value.
BAD_IDS = [1e300, -1e300, 9.3e18, 1.5, "3", None, True, False, "NaN", "Infinity", "-Infinity",
           "1e999", 0, -1, 2**31, 2**63, -(2**63) - 1, 2**64, 1e-300, "", [], {}]
# Raw JSON literals Python won't write: a server may refuse them as malformed JSON (an
# `error`) or as a bad field (`requestFailed`), but must not crash or act on them.
RAW_IDS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1E400", "-0.0e0",
           "123456789012345678901234567890"]


@pytest.mark.parametrize("request_name", ["toggleFavorite", "deleteRecipe"])
def test_recipe_ids_out_of_range_are_refused(recipes_server, request_name):
    before, count = read_store(recipes_server.data_dir), recipe_count(recipes_server)
    client, _ = open_session(recipes_server, "recipes")
    for value in BAD_IDS:
        client.send(app(request_name, {"id": value}))
        reply = client.recv_until(is_reply)
        assert reply["type"] == "app" and reply["name"] == "requestFailed", (value, reply)
        assert reply["payload"]["request"] == request_name, (value, reply)
        assert reply["payload"].get("field") == "id", (value, reply)
        assert reply["payload"].get("message"), (value, reply)
    client.send(app(request_name, {}))
    missing = client.recv_until(is_reply)
    assert missing["name"] == "requestFailed" and missing["payload"].get("field") == "id", missing
    for literal in RAW_IDS:
        client.send(raw_with(app(request_name, {"id": "@"}), literal))
        reply = client.recv_until(is_reply)
        refused = reply["type"] == "error" and reply["code"] == "malformed"
        failed = reply["type"] == "app" and reply["name"] == "requestFailed" \
            and reply["payload"].get("field") == "id"
        assert refused or failed, (literal, reply)
    client.close()
    assert_store_unchanged(recipes_server, before, count)
    assert_healthy(recipes_server)


# -- 2. the add and edit forms with times and titles out of range


FORM_CASES = [
    ("prepMinutes", 1e18), ("cookMinutes", 2e17), ("prepMinutes", -1), ("cookMinutes", -1),
    ("prepMinutes", 1.5), ("cookMinutes", 1.5), ("prepMinutes", 99999999),
    ("cookMinutes", 99999999), ("prepMinutes", 10081), ("cookMinutes", 10081),
    ("prepMinutes", 9.3e18), ("cookMinutes", -1e300), ("prepMinutes", "5"),
    ("cookMinutes", True), ("title", "x" * 100_000), ("title", "y" * 201),
    ("title", "   "), ("title", ""), ("title", 42),
]


def form_payload(request_name: str, recipe_id: int, **changes) -> dict:
    payload = {"title": "Hostile soup", "prepMinutes": 5, "cookMinutes": 10}
    if request_name == "updateRecipe":
        payload["id"] = recipe_id
    payload.update(changes)
    return payload


@pytest.mark.parametrize("request_name", ["addRecipe", "updateRecipe"])
def test_form_fields_out_of_range_are_refused(recipes_server, request_name):
    before, count = read_store(recipes_server.data_dir), recipe_count(recipes_server)
    recipe_id = first_recipe_id(recipes_server)
    client, _ = open_session(recipes_server, "recipes")
    cases = list(FORM_CASES)
    if request_name == "updateRecipe":
        cases += [("id", 1e300), ("id", -1), ("id", 1.5), ("id", "1")]
    for field, value in cases:
        client.send(app(request_name, form_payload(request_name, recipe_id, **{field: value})))
        reply = client.recv_until(is_reply)
        shown = (field, value if not isinstance(value, str) else value[:20])
        assert reply["type"] == "app" and reply["name"] == "formResult", (shown, reply)
        assert reply["payload"]["ok"] is False, (shown, reply)
        assert reply["payload"].get("field") == field, (shown, reply["payload"])
        assert reply["payload"].get("message"), (shown, reply["payload"])
    client.close()
    assert_store_unchanged(recipes_server, before, count)
    assert_healthy(recipes_server)


def test_form_accepts_the_bounds(recipes_server):
    """The refusals above are about the bounds, not about everything: 0 and 10080 minutes
    and titles of 1 and 200 characters after trimming are accepted."""
    count = recipe_count(recipes_server)
    client, _ = open_session(recipes_server, "recipes")
    for payload in ({"title": "  " + "t" * 200 + "  ", "prepMinutes": 10080, "cookMinutes": 0},
                    {"title": " z ", "prepMinutes": 0, "cookMinutes": 10080}):
        client.send(app("addRecipe", payload))
        reply = client.recv_until(is_reply)
        assert reply["name"] == "formResult" and reply["payload"]["ok"] is True, reply
    client.close()
    stored = read_store(recipes_server.data_dir)["recipes"]
    assert [r["title"] for r in stored[-2:]] == ["t" * 200, "z"]
    assert recipe_count(recipes_server) == count + 2


# -- 3. protocol messages with numbers out of range


def protocol_templates(seq: int) -> dict:
    """One valid, harmless message of each kind for the recipes view, and the paths of its
    numeric fields. (Harmless: were one accepted, a `detail` accessory or an unknown swipe
    action does nothing; the test fails on the missing `error` anyway.)"""
    base = {"v": 1, "view": "recipes", "seq": seq}
    path = ["seq", "indexPath.0", "indexPath.1"]
    return {
        "window": ({**base, "type": "window", "ranges": [{"section": 0, "start": 0, "end": 10}]},
                   ["seq", "ranges.0.section", "ranges.0.start", "ranges.0.end"]),
        "cells": ({**base, "type": "cells", "indexPaths": [[0, 0]]},
                  ["seq", "indexPaths.0.0", "indexPaths.0.1"]),
        "select": ({**base, "type": "select", "indexPath": [0, 0]}, path),
        "setExpanded": ({**base, "type": "setExpanded", "indexPath": [0, 0], "expanded": True}, path),
        "accessory": ({**base, "type": "accessory", "indexPath": [0, 0], "kind": "detail"}, path),
        "swipe": ({**base, "type": "swipe", "indexPath": [0, 0], "edge": "trailing",
                   "action": "NoSuchAction"}, path),
        "reorder": ({**base, "type": "reorder", "from": [0, 1], "to": [0, 0]},
                    ["seq", "from.0", "from.1", "to.0", "to.1"]),
        "ack": ({**base, "type": "ack"}, ["seq"]),
        "mismatch": ({**base, "type": "mismatch", "reason": "hostile test"}, ["seq"]),
    }


def with_value(message: dict, path: str, value) -> dict:
    """A deep copy of `message` with the field at a dotted path (`ranges.0.end`) replaced."""
    copy = json.loads(json.dumps(message))
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    target = copy
    for key in parents:
        target = target[key]
    target[last] = value
    return copy


PROTOCOL_BAD_NUMBERS = [1e300, -1e300, 9.3e18, 1.5, -1]
REFUSAL_CODES = {"malformed", "outOfRange", "stale", "tooLarge"}


def test_protocol_numbers_out_of_range_are_refused(recipes_server):
    client, structure = open_session(recipes_server, "recipes")
    problems = []
    for kind, (template, fields) in protocol_templates(structure["seq"]).items():
        for field in fields:
            for value in PROTOCOL_BAD_NUMBERS:
                client.send(with_value(template, field, value))
                answers = answer_then_sentinel(client, "recipes", [0, 0])[:-1]
                codes = [(m["type"], m.get("code"), m.get("inReplyTo")) for m in answers]
                if len(answers) != 1 or answers[0]["type"] != "error" \
                        or answers[0]["code"] not in REFUSAL_CODES:
                    problems.append(f"{kind} {field}={value}: {codes}")
    client.close()
    assert not problems, f"{len(problems)} refusals missing or wrong:\n" + "\n".join(problems[:40])
    assert_healthy(recipes_server)


# -- 4. a window whose ranges repeat 100,000 rows


BIG_RANGE = {"section": 2, "start": 0, "end": 100_000}
# Answering "at once": a debug build parses and refuses a message under 1 MiB in well
# under this; the unfixed server spent ~15 s on the 100-range window alone.
PROMPT_REPLY = 3.0


@pytest.mark.parametrize("repeats", [100, 28_000])
def test_window_of_repeated_huge_ranges_is_answered_at_once(demo_server, repeats):
    client, _ = open_session(demo_server, "demo")
    seq = make_big(client)
    text = json.dumps({"v": 1, "type": "window", "view": "demo", "seq": seq,
                       "ranges": [BIG_RANGE] * repeats}, separators=(",", ":"))
    assert len(text) < 1 << 20, "the window must stay under the 1 MiB cap, so it is parsed"

    started = time.monotonic()
    client.send(text)
    # While (or just after) the server handles it, another page is served at once.
    checked = time.monotonic()
    assert_prompt_structure(demo_server, "while it answers the window")
    # The health check's retries (the test machine stalled) are not the window's time.
    retried = max(0.0, time.monotonic() - checked - HEALTH_TIMEOUT)
    answers = answer_then_sentinel(client, "demo", [2, 0], timeout=PROMPT_REPLY * 5)
    elapsed = time.monotonic() - started - retried
    assert elapsed < PROMPT_REPLY, f"the window took {elapsed:.1f} s to answer"
    errors = [m for m in answers if m["type"] == "error"]
    assert len(errors) <= 1, summarize(answers)
    if errors:
        error = errors[0]
        assert error["code"] == "tooLarge", error
        assert "ranges" in (error.get("field") or "") + error["message"], error
    client.close()
    assert_healthy(demo_server)


# -- 5. floods


def test_flood_of_small_messages_from_one_socket(recipes_server):
    """50,000 small messages as fast as the socket takes them: acks (no answer) and every
    tenth a malformed one (answered with an `error`), read on another thread."""
    client, structure = open_session(recipes_server, "recipes")
    ack = json.dumps({"v": 1, "type": "ack", "view": "recipes", "seq": structure["seq"]},
                     separators=(",", ":"))
    total, errors = 50_000, []
    done = threading.Event()

    def read():
        try:
            while not done.is_set():
                message = client.recv(timeout=120)
                if message["type"] == "error":
                    errors.append(message)
                elif message["type"] == "cells":  # the sentinel's answer: all were read
                    break
        except (Closed, websocket.WebSocketTimeoutException):
            pass

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    closed = False
    deadline = time.monotonic() + 90
    try:
        for n in range(total):
            client.send("{garbage" if n % 10 == 9 else ack)
            if n == total // 2:
                # Mid-flood, other pages are still served.
                assert_healthy(recipes_server, when="in the middle of the flood")
            assert time.monotonic() < deadline, f"sending took over 90 s ({n} sent)"
        client.send({"v": 1, "type": "cells", "view": "recipes", "seq": structure["seq"],
                     "indexPaths": [[0, 0]]})
    except Closed:
        closed = True  # a server may cut a flooding connection off; that is fine too
    reader.join(timeout=90)
    done.set()
    assert not reader.is_alive(), "the server did not get through the flood in 90 s"
    if not closed and client.messages and client.messages[-1]["type"] == "cells":
        assert len(errors) == total // 10, f"{len(errors)} errors for {total // 10} malformed"
        assert {e["code"] for e in errors} == {"malformed"}
    client.close()
    assert_healthy(recipes_server)


def test_three_hundred_connections_at_once(recipes_server):
    def connect(_):
        try:
            client, _ = open_session(recipes_server, "recipes", timeout=20)
            return client
        except Exception as error:  # noqa: BLE001 - counted, reported below
            return error

    with ThreadPoolExecutor(max_workers=300) as pool:
        results = list(pool.map(connect, range(300), timeout=60))
    clients = [r for r in results if isinstance(r, Client)]
    failures = [r for r in results if not isinstance(r, Client)]
    try:
        assert_healthy(recipes_server, when="with 300 connections open")
    finally:
        for client in clients:
            client.close()
    assert not failures, f"{len(failures)} of 300 connections failed, first: {failures[0]!r}"
    assert_healthy(recipes_server)


def test_slowloris(recipes_server):
    """200 sockets that send part of an upgrade request and then hang."""
    partial = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{recipes_server.port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n").encode()
    sockets = []
    try:
        for _ in range(200):
            s = socket.create_connection(("127.0.0.1", recipes_server.port), timeout=5)
            s.sendall(partial)
            sockets.append(s)
        assert_healthy(recipes_server, when="with 200 hanging requests")
        time.sleep(2)
        assert_healthy(recipes_server, when="with 200 requests hanging for 2 s")
    finally:
        for s in sockets:
            s.close()
    assert_healthy(recipes_server)


# -- 6. a page that never reads


TCP_ESTABLISHED = "01"


def server_side_state(server_port: int, client_port: int):
    """The TCP state (hex, as in /proc/net/tcp) of the server's end of a connection, or
    None when the kernel has no such socket any more. Read without touching our socket, so
    the client stays a client that does not read."""
    wanted_local, wanted_remote = f"0100007F:{server_port:04X}", f"0100007F:{client_port:04X}"
    with open("/proc/net/tcp") as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            if fields[1] == wanted_local and fields[2] == wanted_remote:
                return fields[3]
    return None


def drain_to_end(client, timeout: float, limit: int = 512 << 20) -> str:
    """Reads whatever is left until the connection ends; how it ended, or "open"."""
    deadline, total = time.monotonic() + timeout, 0
    sock = client.ws.sock
    while time.monotonic() < deadline and total < limit:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        try:
            data = sock.recv(1 << 20)
        except socket.timeout:
            return "open"
        except ConnectionError:
            return "reset"
        if not data:
            return "eof"
        total += len(data)
    return "open"


NON_READER_ALLOWANCE_MB = 300


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads the socket table of Linux /proc")
def test_a_page_that_never_reads_is_disconnected(demo_server):
    # A tiny receive buffer, so what the server sends piles up on its side, not in ours.
    client, _ = open_session(demo_server, "demo",
                             sockopt=((socket.SOL_SOCKET, socket.SO_RCVBUF, 4096),))
    seq = make_big(client)
    client_port = client.ws.sock.getsockname()[1]

    # From here on the client never reads. Each 1,000-row `cells` answer is ~0.5 MB; each
    # `big`/`small` swap is a ~1 MB batch plus a ~1 MB `lastBatch` app message, and app
    # messages can't be coalesced away. Far more than any sane outbox should hold.
    paths = [[2, i] for i in range(1_000)]
    cells = json.dumps({"v": 1, "type": "cells", "view": "demo", "seq": seq, "indexPaths": paths},
                       separators=(",", ":"))
    client.ws.sock.settimeout(10)
    sent = 0
    try:
        for n in range(300):
            client.send(cells)
            if n % 10 == 9:
                client.send(command("small" if n % 20 == 9 else "big"))
            sent += 1
    except (Closed, socket.timeout, websocket.WebSocketTimeoutException):
        pass  # the server stopped reading us, or closed: both are what a fix may do

    deadline, state, peak = time.monotonic() + 60, TCP_ESTABLISHED, 0.0
    checked_others = False
    while time.monotonic() < deadline:
        assert demo_server.is_running(), demo_server.describe()
        peak = max(peak, demo_server.rss_mb())
        assert peak < demo_server.baseline_rss_mb + NON_READER_ALLOWANCE_MB, (
            f"RSS {peak:.0f} MB with a page that does not read "
            f"(baseline {demo_server.baseline_rss_mb:.0f} MB, {sent} requests sent)")
        if not checked_others:
            assert_healthy(demo_server, NON_READER_ALLOWANCE_MB, when="beside a page that does not read")
            checked_others = True
        state = server_side_state(demo_server.port, client_port)
        if state != TCP_ESTABLISHED:
            break
        time.sleep(0.5)
    assert state != TCP_ESTABLISHED, (
        f"60 s on, the server still holds the connection of a page that reads nothing "
        f"(peak RSS {peak:.0f} MB, baseline {demo_server.baseline_rss_mb:.0f} MB); "
        f"{demo_server.describe()}")
    ending = drain_to_end(client, timeout=20)
    assert ending in ("eof", "reset"), f"the closed connection did not end: {ending}"
    client.close()
    assert_healthy(demo_server, NON_READER_ALLOWANCE_MB)


@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="reads the socket table of Linux /proc")
def test_a_silent_page_flooded_by_another_tabs_edits_is_disconnected(tmp_path):
    """A tab that neither reads nor sends, while another tab edits: its outbox fills with
    messages it cannot coalesce (the detail pane of the recipe it selected, 40 KB a time),
    and the server must drop the connection itself. No message of the silent tab's own
    arrives to notice it, so only closing the channel directly ends it."""
    # Pings off: a ping stuck behind the full socket closes the connection after two
    # intervals too, without saying why, and on a slow disk the edits can take that long.
    # Both fields at their 20,000-character cap fill the outbox in half as many edits.
    recipes_server = Server("recipes", "--data-dir", str(tmp_path / "data"), "--ping-seconds", "0",
                            log_dir=tmp_path).start()
    recipes_server.data_dir = tmp_path / "data"
    try:
        silent, structure = open_session(recipes_server, "recipes",
                                   sockopt=((socket.SOL_SOCKET, socket.SO_RCVBUF, 4096),))
        silent.send({"v": 1, "type": "select", "view": "recipes", "seq": structure["seq"],
                     "indexPath": [0, 0]})
        time.sleep(0.2)
        silent_port = silent.ws.sock.getsockname()[1]
        recipe_id = read_store(recipes_server.data_dir)["recipes"][0]["id"]

        editor, _ = open_session(recipes_server, "recipes")
        deadline, state, edits = time.monotonic() + 90, TCP_ESTABLISHED, 0
        while time.monotonic() < deadline and edits < 3_000:
            text = f"step {edits} " + "x" * 19_000
            editor.send(app("updateRecipe", {"id": recipe_id, "title": f"Edit {edits}",
                                             "ingredients": text, "directions": text}))
            reply = editor.recv_until(lambda m: m.get("type") == "app" and m.get("name") == "formResult",
                                      timeout=10)
            assert reply["payload"]["ok"] is True, reply
            edits += 1
            if edits % 50 == 0:
                state = server_side_state(recipes_server.port, silent_port)
                if state != TCP_ESTABLISHED:
                    break
        assert state != TCP_ESTABLISHED, (
            f"after {edits} edits the server still holds the silent tab's connection; "
            f"{recipes_server.describe()}")
        recipes_server.wait_for_output("not reading")
        editor.close()
        assert_healthy(recipes_server)
    finally:
        recipes_server.stop()


# -- 7. origins


def upgrade_status(server, origin):
    """The HTTP status of a WebSocket upgrade with this Origin (None: no header); 101 when
    the upgrade succeeded."""
    options = {"suppress_origin": True} if origin is None else {"origin": origin}
    try:
        websocket.create_connection(server.ws_url, timeout=5, **options).close()
        return 101
    except websocket.WebSocketBadStatusException as refused:
        return refused.status_code


def test_wrong_origins_are_refused_with_403(recipes_server):
    port = recipes_server.port
    refused = {origin: upgrade_status(recipes_server, origin)
               for origin in ["http://127.0.0.1:1", "http://evil.example", None, "null",
                              f"http://127.0.0.1:{port + 1}", f"http://evil.example:{port}"]}
    assert all(status == 403 for status in refused.values()), f"want 403 for each: {refused}"
    for own in (f"http://127.0.0.1:{port}", f"http://localhost:{port}"):
        assert upgrade_status(recipes_server, own) == 101, own
    assert_healthy(recipes_server)


def test_port_zero_accepts_only_the_port_it_got(tmp_path):
    server = Server("recipes", "--data-dir", str(tmp_path / "data"), port=0, log_dir=tmp_path).start()
    try:
        assert server.port not in (0, 1, 3000)
        statuses = {origin: upgrade_status(server, origin)
                    for origin in ["http://127.0.0.1:3000", "http://localhost:1"]}
        assert all(status == 403 for status in statuses.values()), f"want 403 for each: {statuses}"
        assert upgrade_status(server, server.origin) == 101
        assert upgrade_status(server, f"http://localhost:{server.port}") == 101
        assert_healthy(server)
    finally:
        server.stop()


def test_allowed_origin_option(tmp_path):
    server = Server("recipes", "--data-dir", str(tmp_path / "data"),
                    "--allowed-origin", "https://app.example.com", log_dir=tmp_path).start()
    try:
        for accepted in ("https://app.example.com", "https://app.example.com:443", server.origin):
            assert upgrade_status(server, accepted) == 101, accepted
        statuses = {origin: upgrade_status(server, origin)
                    for origin in ["http://app.example.com", "https://app.example.com:8443",
                                   "https://evil.example.com", "https://app.example.com.evil.example"]}
        assert all(status == 403 for status in statuses.values()), f"want 403 for each: {statuses}"
        assert_healthy(server)
    finally:
        server.stop()


# -- 8. frames that are not protocol messages


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_binary_malformed_deep_and_oversized_frames(recipes_server):
    outcomes = {}
    client, _ = open_session(recipes_server, "recipes")

    def attempt(name, frame, accept=("malformed",)):
        nonlocal client
        try:
            client.send(frame)
            outcome = closed_or_error(client)
        except Closed:
            outcome = ("closed", None)
        outcomes[name] = outcome
        if outcome[0] == "closed":
            client.close()
            client, _ = open_session(recipes_server, "recipes")
        else:
            assert outcome[1] in accept, (name, outcome)

    attempt("binary", b"\x00\x01\x02\xff")
    attempt("binary JSON", json.dumps(command("report")).encode())
    attempt("not JSON", "garbage {")
    attempt("truncated", '{"v":1,"type":"app","name":"toggleFavorite","payload":{"id":')
    attempt("array", "[1, 2, 3]")
    attempt("NaN literal", '{"v":1,"type":"ack","view":"recipes","seq":NaN}')
    attempt("empty", "")
    attempt("deep array", deep(100_000))
    attempt("deep object", '{"a":' * 100_000 + "1" + "}" * 100_000)
    attempt("deep app payload", '{"v":1,"type":"app","name":"addRecipe","payload":'
            + deep(100_000) + "}", accept=("malformed",))
    attempt("deep window ranges", '{"v":1,"type":"window","view":"recipes","seq":0,"ranges":'
            + deep(100_000) + "}", accept=("malformed", "stale"))
    attempt("over 1 MiB", json.dumps(app("addRecipe", {"title": "x" * (1 << 20)})),
            accept=("tooLarge",))
    attempt("over 4 MiB", json.dumps(app("addRecipe", {"title": "x" * (5 << 20)})),
            accept=("tooLarge",))
    client.close()
    assert_healthy(recipes_server)


def test_invalid_utf8_text_frame(recipes_server):
    """RFC 6455 wants such a connection failed (1007); a server that decodes the bytes as
    replacement characters and answers is harmless too. Either way it carries on."""
    client, _ = open_session(recipes_server, "recipes")
    try:
        client.ws.send(b'{"v":1,"type":"app","name":"\xff\xfe"}', opcode=websocket.ABNF.OPCODE_TEXT)
        answer = client.recv_until(lambda m: m["type"] == "error" or is_reply(m))
        assert answer["type"] == "error" or answer["name"] == "requestFailed", answer
    except Closed:
        pass
    client.close()
    assert_healthy(recipes_server)
