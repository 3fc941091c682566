#!/usr/bin/env python3
"""What pages that send most of a message and never its end make a server hold.

    swift build -c release --product diffable-demo        # once
    python3 Benchmarks/Scripts/inbound_memory.py           # 50 pages, 4,000,000-byte frames
    python3 Benchmarks/Scripts/inbound_memory.py --connections 200 --frame-bytes 1000000
    python3 Benchmarks/Scripts/inbound_memory.py --empty-frames 100000   # many empty frames

It starts a fresh `diffable-demo` server, opens N WebSocket connections with raw sockets
(same origin, as a page), and on each sends a masked text frame's header for
`--frame-bytes` bytes of payload followed by all of it but the last byte: the server must
keep what it read until the frame completes, or close the connection. With
`--empty-frames N` it sends instead the start of a fragmented message and N empty
continuation frames, which cost the server more than their 6 bytes each. It then prints the
server's RSS (VmRSS) before and after, the growth per connection, and how many of the
connections the server closed. It is a measurement, not a test: it exits 0 either way (1
only when the server could not be started).
"""

import argparse
import base64
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def wait_for_port(port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


def upgrade(port: int) -> socket.socket:
    page = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    page.sendall(
        (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
         f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = page.recv(4096)
        if not chunk:
            raise RuntimeError("the server closed the connection during the upgrade")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"not upgraded: {head[:40]!r}")
    return page


def partial_frame(size: int) -> bytes:
    """A masked text frame's header for `size` bytes and all but the last of them."""
    header = bytes([0x81, 0x80 | 127]) + size.to_bytes(8, "big") + b"\0\0\0\0"
    # With a zero mask the payload is sent as is: spaces, valid UTF-8 were it to complete.
    return header + b" " * (size - 1)


def empty_fragments(count: int) -> bytes:
    """The start of a fragmented text message and `count` empty continuation frames (6 bytes
    each on the wire), never its end."""
    start = bytes([0x01, 0x80 | 1]) + b"\0\0\0\0" + b" "
    return start + (bytes([0x00, 0x80]) + b"\0\0\0\0") * count


def is_closed(page: socket.socket) -> bool:
    """Whether the server closed `page` (what it sent before, such as the page's first
    messages, is read and dropped)."""
    page.setblocking(False)
    try:
        while True:
            chunk = page.recv(1 << 16)
            if not chunk:
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        page.setblocking(True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build/release/diffable-demo"))
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--frame-bytes", type=int, default=4_000_000)
    parser.add_argument("--settle-seconds", type=float, default=3.0)
    parser.add_argument(
        "--empty-frames", type=int, default=0,
        help="send this many empty continuation frames of a message instead of one large frame")
    args = parser.parse_args()

    port = free_port()
    server = subprocess.Popen(
        [args.binary, "--port", str(port)], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        if not wait_for_port(port, 30):
            print("the server did not start", file=sys.stderr)
            return 1
        first = upgrade(port)
        time.sleep(args.settle_seconds)
        before = rss_kb(server.pid)
        pages = [first]
        payload = (empty_fragments(args.empty_frames) if args.empty_frames
                   else partial_frame(args.frame_bytes))
        for _ in range(args.connections):
            page = upgrade(port)
            try:
                page.sendall(payload)
            except OSError:
                pass  # closed by the server while sending: counted below
            pages.append(page)
        time.sleep(args.settle_seconds)
        after = rss_kb(server.pid)
        closed = sum(is_closed(page) for page in pages[1:])
        if args.empty_frames:
            print(f"connections: {args.connections}, each {args.empty_frames:,} empty "
                  f"continuation frames ({len(payload):,} bytes)")
        else:
            print(f"connections: {args.connections}, each {args.frame_bytes - 1:,} bytes of a "
                  f"{args.frame_bytes:,}-byte frame")
        print(f"server RSS: {before / 1024:.1f} MB before, {after / 1024:.1f} MB after, "
              f"{(after - before) / max(1, args.connections):,.0f} KB per connection")
        print(f"closed by the server: {closed} of {args.connections}")
        for page in pages:
            page.close()
        return 0
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    sys.exit(main())
