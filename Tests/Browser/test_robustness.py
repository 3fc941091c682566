"""Bad input from a page or from any other client must leave the server, and every page
talking to it, working: the server answers with `error` messages and carries on."""

import json

import pytest
import websocket
from selenium.webdriver.common.by import By

OVER_LIMIT = "x" * (1 << 20)  # with the JSON around it, just over the 1 MiB cap


def recv_json(ws, timeout=5.0):
    ws.settimeout(timeout)
    return json.loads(ws.recv())


def recv_until(ws, predicate, timeout=5.0):
    """Reads messages until one satisfies predicate; returns it."""
    while True:
        message = recv_json(ws, timeout)
        if predicate(message):
            return message


def open_socket(server, **options):
    options.setdefault("origin", server.origin)
    ws = websocket.create_connection(server.ws_url, timeout=5, **options)
    # A new session starts with the view's structure.
    first = recv_until(ws, lambda m: m["type"] == "structure")
    assert first["view"] == "demo" and [s["count"] for s in first["sections"]] == [12, 7, 40]
    return ws, first


def report(ws):
    ws.send(json.dumps({"v": 1, "type": "app", "name": "command", "payload": {"command": "report"}}))
    return recv_until(ws, lambda m: m["type"] == "app" and m["name"] == "state")["payload"]["list"]


def assert_page_works(demo):
    """A command still changes the server's list and the DOM follows it."""
    before = demo.server_list()
    demo.click_command("insert")
    after = demo.server_list()
    assert len(after) == len(before) + 1
    demo.wait_list_matches(after)


def test_malformed_and_out_of_range_messages_from_the_page(demo):
    seq = demo.view_state()["seq"]
    demo.send_raw("garbage {")
    demo.send_raw(json.dumps({"v": 1, "type": "teleport", "view": "demo", "seq": seq}))
    demo.send_raw(json.dumps({"v": 1, "type": "select", "view": "demo", "seq": seq, "indexPath": [2, 9999]}))
    demo.send_raw(json.dumps({"v": 1, "type": "select", "view": "demo", "seq": seq, "indexPath": [7, 0]}))
    demo.send_raw(json.dumps({"v": 99, "type": "select", "view": "demo", "seq": seq, "indexPath": [2, 0]}))
    demo.send_raw(json.dumps({"v": 1, "type": "select", "view": "nowhere", "seq": seq, "indexPath": [2, 0]}))
    demo.send_raw(json.dumps({"v": 1, "type": "select", "view": "demo", "seq": seq + 50, "indexPath": [2, 0]}))
    demo.send_raw(json.dumps({"v": 1, "type": "cells", "view": "demo", "seq": seq, "indexPaths": "all"}))
    demo.send_raw("[1, 2, 3]")

    errors = demo.wait_for_errors(9)
    assert [(e["code"], e.get("inReplyTo")) for e in errors] == [
        ("malformed", None),
        ("unknownType", "teleport"),
        ("outOfRange", "select"),
        ("outOfRange", "select"),
        ("version", "select"),
        ("unknownView", "select"),
        ("stale", "select"),
        ("malformed", "cells"),
        ("malformed", None),
    ]
    assert errors[2]["view"] == "demo" and errors[2]["seq"] == seq
    stats = demo.stats()
    assert stats["errors"] == 9 and stats["malformed"] == 0 and stats["mismatches"] == 0
    # Nothing was selected by the refused selects; the page and the server agree.
    assert demo.view_state()["selected"] == []
    assert demo.view_state()["seq"] == seq
    assert_page_works(demo)
    assert demo.server_errors()[9:] == []

    # An unknown app command is the app's to refuse, which it does in an app message the
    # demo shows in its panel.
    demo.send_command("levitate")
    demo.wait_for(lambda p: p.js("return window.__e2e.appErrors.length") == 1,
                  "the demo app did not answer an unknown command")
    assert demo.js("return window.__e2e.appErrors[0].text") == "unknown command levitate"
    assert demo.driver.find_element(By.ID, "server-batch").text == "app error: unknown command levitate"


def test_the_page_survives_malformed_messages_from_the_server(demo):
    """The page's side of the same promise: frames it cannot use are counted and dropped."""
    connection = "window.diffableDebug.views.demo.connection"
    demo.js(f"""
      {connection}.receive('not json');
      {connection}.receive(JSON.stringify({{v: 1, type: 'batch', view: 'demo', seq: 'x'}}));
      {connection}.receive(JSON.stringify({{v: 1, type: 'cells', view: 'demo', seq: 1, cells: 7}}));
    """)
    assert demo.stats()["malformed"] == 3
    assert demo.stats()["mismatches"] == 0
    assert_page_works(demo)


def test_other_clients_cannot_take_the_server_down(demo, demo_server):
    """A tab stays usable while another client sends garbage and an oversized frame."""
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        websocket.create_connection(demo_server.ws_url, origin="http://evil.example", timeout=5)
    assert 400 <= refused.value.status_code < 500
    with pytest.raises(websocket.WebSocketBadStatusException):
        websocket.create_connection(demo_server.ws_url, suppress_origin=True, timeout=5)

    ws, _ = open_socket(demo_server)
    ws.send("\x00\xff garbage")
    error = recv_until(ws, lambda m: m["type"] == "error")
    assert error["code"] == "malformed"
    ws.send_binary(b"\x00\x01\x02")
    error = recv_until(ws, lambda m: m["type"] == "error")
    assert error["code"] == "malformed"
    # Still the same session, still working: it has its own list, untouched by the tab.
    ws.send(json.dumps({"v": 1, "type": "app", "name": "command", "payload": {"command": "delete"}}))
    assert len(report(ws)) == 39

    ws.send(json.dumps({"v": 1, "type": "app", "name": "command", "payload": {"command": OVER_LIMIT}}))
    outcome = oversized_outcome(ws)
    assert outcome in ("tooLarge", "closed"), outcome
    ws.close()

    assert demo_server.is_running()
    assert demo.server_list() == [f"entry-{n}" for n in range(1, 41)], \
        "another client's commands changed this tab's session"
    assert_page_works(demo)
    fresh, _ = open_socket(demo_server)
    assert report(fresh) == [f"entry-{n}" for n in range(1, 41)]
    fresh.close()
    assert demo.server_errors() == []


def oversized_outcome(ws):
    """What the server did with a frame over the cap: answered `tooLarge`, or closed."""
    try:
        while True:
            message = recv_json(ws)
            if message["type"] == "error":
                return message["code"]
    except (websocket.WebSocketConnectionClosedException, ConnectionError):
        return "closed"


def test_oversized_message_is_refused_and_the_connection_stays_open(demo_server):
    ws, _ = open_socket(demo_server)
    ws.send(json.dumps({"v": 1, "type": "app", "name": "command", "payload": {"command": OVER_LIMIT}}))
    assert oversized_outcome(ws) == "tooLarge"
    assert len(report(ws)) == 40
    ws.close()
