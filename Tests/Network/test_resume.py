"""Sessions that outlive a dropped connection (Docs/WebProtocol.md, "Sessions"): a page
that comes back with its token and the seqs it applied gets what it missed and nothing
else; anything else gets a fresh session and is told why."""

import json
import secrets
import socket
import time
from urllib.parse import quote

import pytest

from network_support import Client, Closed, Server, app, assert_healthy, read_store

VIEWS = ("recipes", "sidebar")


def open_page(server, query="", origin=None):
    """A client that has read `session` and, for a fresh session, each view's structure.
    Returns (client, the session message)."""
    client = Client(server, query=query, origin=origin)
    session = client.recv_until(lambda m: m["type"] == "session")
    if not session["resumed"]:
        waiting = set(VIEWS)
        while waiting:
            waiting.discard(client.recv_until(lambda m: m["type"] == "structure")["view"])
    return client, session


def resume_query(token, seen):
    return "resume=" + token + "".join(
        f"&seen={quote(view, safe='')}:{seq}" for view, seq in seen.items())


def drop(client):
    """Ends the connection as a network failure does: no close frame, just a reset."""
    sock = client.ws.sock
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    sock.close()


def count_of(message, section=0):
    return message["sections"][section]["count"]


def add_recipe(client, title):
    client.send(app("addRecipe", {"title": title, "prepMinutes": 5, "cookMinutes": 10}))
    reply = client.recv_until(lambda m: m["type"] == "app" and m["name"] == "formResult")
    assert reply["payload"]["ok"] is True, reply
    return reply["payload"]["id"]


def test_a_page_dropped_mid_stream_resumes_with_exactly_what_it_missed(recipes_server):
    page, first = open_page(recipes_server)
    seen = dict(page.seq)
    rows = None
    for message in page.messages:
        if message["type"] == "structure" and message["view"] == "recipes":
            rows = count_of(message)
    # Another tab changes the list while this page's socket is reset.
    other, _ = open_page(recipes_server)
    add_recipe(other, "Before the drop")
    page.recv_until(lambda m: m["type"] == "batch" and m["view"] == "recipes")
    drop(page)
    for n in range(3):
        add_recipe(other, f"While away {n}")
    favorite = read_store(recipes_server.data_dir)["recipes"][0]["id"]
    other.send(app("toggleFavorite", {"id": favorite}))
    other.recv_until(lambda m: m["type"] == "app" and m["name"] == "saved")

    # The page applied the structure only (the batch it read was cut off by the drop).
    back, session = open_page(recipes_server, resume_query(first["token"], seen))
    assert session["resumed"] is True, session
    assert session["token"] != first["token"]
    assert session["views"]["recipes"] == "replay", session
    assert recipes_server.wait_for_output("resumed").count("resumed") == 1
    # Every batch from seen + 1, contiguous, ending at the other tab's count.
    batches = []
    seq = seen["recipes"]
    while True:
        message = back.recv_until(lambda m: m["type"] == "batch" and m["view"] == "recipes", 5)
        assert message["seq"] == seq + 1, (message["seq"], seq)
        seq = message["seq"]
        batches.append(message)
        rows += len(message["update"]["insertedItems"]) - len(message["update"]["deletedItems"])
        assert rows == count_of(message), "each batch takes the page to the counts it states"
        if count_of(message) == len(read_store(recipes_server.data_dir)["recipes"]):
            break
    assert len(batches) >= 4, "the drop lost batches"
    # What follows is live again: a change now arrives as the next seq.
    add_recipe(other, "After the resume")
    live = back.recv_until(lambda m: m["type"] == "batch" and m["view"] == "recipes")
    assert live["seq"] > seq
    back.close()
    other.close()
    assert_healthy(recipes_server, when="after a resumed session")


def test_a_restarted_server_starts_a_fresh_session_from_the_store(tmp_path):
    data = tmp_path / "data"
    server = Server("recipes", "--data-dir", str(data), log_dir=tmp_path).start()
    try:
        page, first = open_page(server)
        add_recipe(page, "Kept in the store")
        seen = dict(page.seq)
        page.close()
        port = server.port
        server.stop()
        server = Server("recipes", "--data-dir", str(data), port=port, log_dir=tmp_path).start()
        back, session = open_page(server, resume_query(first["token"], seen))
        assert session["resumed"] is False and session["refused"] == "expired", session
        structure = next(m for m in back.messages
                         if m["type"] == "structure" and m["view"] == "recipes")
        assert count_of(structure) == len(read_store(data)["recipes"])
        back.close()
    finally:
        server.stop()


@pytest.mark.parametrize("query, refused", [
    (lambda token: "resume=" + secrets.token_hex(16), "expired"),      # forged
    (lambda token: "resume=" + token.upper(), "malformed"),
    (lambda token: "resume=" + token + "&seen=recipes:-1", "malformed"),
    (lambda token: "resume=" + token + "&seen=recipes:1e9", "malformed"),
    (lambda token: "resume=" + token + "&pad=" + "x" * 9000, "malformed"),
])
def test_a_forged_or_malformed_token_gets_a_fresh_session(recipes_server, query, refused):
    page, first = open_page(recipes_server)
    page.close()
    recipes_server.wait_for_output("session 1 closed")  # detached: the real token resumes
    client, session = open_page(recipes_server, query(first["token"]))
    assert session["resumed"] is False and session.get("refused") == refused, session
    assert "views" not in session
    client.close()
    # The real token still works: nothing above touched the session.
    back, session = open_page(recipes_server, resume_query(first["token"], {}))
    assert session["resumed"] is True, session
    back.close()
    assert_healthy(recipes_server)


def test_a_token_is_bound_to_its_origin_and_to_one_page(tmp_path):
    proxy = "https://recipes.example.com"
    server = Server("recipes", "--data-dir", str(tmp_path / "data"), "--allowed-origin", proxy,
                    log_dir=tmp_path).start()
    try:
        page, first = open_page(server)
        token = first["token"]
        # While the page is connected its token resumes nothing (a duplicated tab).
        twin, session = open_page(server, resume_query(token, {}))
        assert session["resumed"] is False and session["refused"] == "inUse", session
        twin.close()
        page.close()
        server.wait_for_output("session 1 closed")  # detached: its token can resume
        # Another allowed origin cannot take it over.
        stranger, session = open_page(server, resume_query(token, {}), origin=proxy)
        assert session["resumed"] is False and session["refused"] == "origin", session
        stranger.close()
        back, session = open_page(server, resume_query(token, dict(page.seq)))
        assert session["resumed"] is True, session
        back.close()
    finally:
        server.stop()


def test_after_the_grace_period_the_token_is_refused(tmp_path):
    server = Server("recipes", "--data-dir", str(tmp_path / "data"),
                    "--session-grace-seconds", "1", log_dir=tmp_path).start()
    try:
        page, first = open_page(server)
        assert first["graceSeconds"] == 1
        seen = dict(page.seq)
        page.close()
        server.wait_for_output("ended (not resumed in time)")
        back, session = open_page(server, resume_query(first["token"], seen))
        assert session["resumed"] is False and session["refused"] == "expired", session
        back.close()
    finally:
        server.stop()


def test_a_half_open_connection_does_not_cost_the_page_its_session(recipes_server):
    """The page saw its socket die, the server did not (no FIN after a network change):
    the page, naming itself as before, takes its session back; the old connection is
    closed by the server."""
    page_id = secrets.token_hex(16)
    page, first = open_page(recipes_server, "page=" + page_id)
    seen = dict(page.seq)
    # The old socket stays open on the server's side; the page just connects again.
    back, session = open_page(recipes_server,
                              "page=" + page_id + "&" + resume_query(first["token"], seen))
    assert session["resumed"] is True, session
    with pytest.raises(Closed):
        page.recv_until(lambda m: False, 3)  # the server closed the old connection
    back.close()


def test_a_drop_before_the_session_message_arrives_costs_nothing(recipes_server):
    page, first = open_page(recipes_server)
    seen = dict(page.seq)
    drop(page)
    recipes_server.wait_for_output("session 1 closed")
    # Resumed, but cut off before reading anything: the page never got the new token.
    lost = Client(recipes_server, query=resume_query(first["token"], seen))
    drop(lost)
    recipes_server.wait_for_output("session 1 closed", count=2)
    back, session = open_page(recipes_server, resume_query(first["token"], seen))
    assert session["resumed"] is True, session
    back.close()


def test_many_dropped_pages_leave_the_server_healthy(recipes_server):
    """Pages that connect and vanish leave sessions behind for the grace period: the server
    stays up and within its memory allowance (the cap on waiting sessions is tested in
    SessionResumeTests)."""
    for _ in range(200):
        page, _ = open_page(recipes_server)
        drop(page)
    assert_healthy(recipes_server, when="after 200 dropped pages")
