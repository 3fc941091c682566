"""Idle connections are pinged from the server's event loop (`--ping-seconds`), not by a
task per connection; the pings are real WebSocket ping frames a page's browser answers."""

import subprocess
import time

import websocket

from network_support import Client, Server, bin_path


def frames_for(client, seconds: float) -> list:
    """Every frame's opcode read for `seconds`, control frames included."""
    opcodes = []
    deadline = time.monotonic() + seconds
    while (remaining := deadline - time.monotonic()) > 0:
        client.ws.settimeout(remaining)
        try:
            frame = client.ws.recv_data_frame(control_frame=True)
        except websocket.WebSocketTimeoutException:
            break
        opcodes.append(frame[0])
    return opcodes


def test_an_idle_connection_is_pinged_every_interval(tmp_path):
    server = Server("recipes", "--data-dir", str(tmp_path / "data"), "--ping-seconds", "1",
                    log_dir=tmp_path).start()
    try:
        client = Client(server)
        opcodes = frames_for(client, 3.6)
        pings = opcodes.count(websocket.ABNF.OPCODE_PING)
        # One a second from the first second on; a loaded machine may fire one late.
        assert 2 <= pings <= 4, opcodes
        # The connection stays usable: the page's pongs were accepted, and it is answered.
        client.send("garbage")
        assert client.recv_until(lambda m: m["type"] == "error")["code"] == "malformed"
        client.close()
        assert server.is_running()
    finally:
        server.stop()


def test_a_ping_interval_out_of_range_is_refused_by_name(tmp_path):
    for value in ("-1", "86401"):
        result = subprocess.run(
            [str(bin_path() / "recipes"), "--data-dir", str(tmp_path / "data"),
             f"--ping-seconds={value}"],
            capture_output=True, text=True, timeout=30)
        assert result.returncode != 0
        assert f"--ping-seconds {value}" in result.stderr, result.stderr
