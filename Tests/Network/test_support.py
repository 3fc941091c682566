"""The harness itself: a server's log line can reach the test after the reply it preceded
(a thread copies the pipe), so tests that read the log wait for the line; and the health
check tolerates a test machine's stall but not a server's."""

import os
import signal
import threading

import pytest

from network_support import assert_healthy


def test_waiting_for_output_sees_a_line_the_copier_brings_late(recipes_server):
    # As the copier does when it lags: the line lands in the output after the test asks.
    def land():
        with recipes_server._lock:
            recipes_server._lines.append("session 9 resumed\n")
    threading.Timer(0.3, land).start()
    assert "session 9 resumed" not in recipes_server.output()
    assert "session 9 resumed" in recipes_server.wait_for_output("session 9 resumed", timeout=5)


def test_waiting_for_output_that_never_comes_fails_with_the_log(recipes_server):
    with pytest.raises(AssertionError, match="0 of 1 'never printed' in 0.2 s; recipes on port"):
        recipes_server.wait_for_output("never printed", timeout=0.2)


def test_waiting_for_a_line_counts_its_repeats(recipes_server):
    with recipes_server._lock:
        recipes_server._lines.append("session 9 closed\n")
    assert recipes_server.wait_for_output("session 9 closed").count("session 9 closed") == 1
    with pytest.raises(AssertionError, match="1 of 2 'session 9 closed' in 0.2 s"):
        recipes_server.wait_for_output("session 9 closed", count=2, timeout=0.2)


def test_a_stalled_server_fails_every_health_attempt(recipes_server):
    # Stopped as a blocked event loop would be: no page is served, however often asked.
    os.kill(recipes_server.process.pid, signal.SIGSTOP)
    try:
        with pytest.raises(AssertionError, match="no normal client of 3 got its first structure"):
            assert_healthy(recipes_server, when="while stopped")
    finally:
        os.kill(recipes_server.process.pid, signal.SIGCONT)
    assert_healthy(recipes_server, when="once going again")
