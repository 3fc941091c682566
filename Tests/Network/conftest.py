"""Fixtures of the network tests: a fresh server per test, so one attack's damage (or its
memory) never shows up in another test's numbers. The helpers live in network_support.py."""

import pytest

from network_support import Server


@pytest.fixture
def recipes_server(tmp_path):
    """A `recipes` server on its own data directory (tmp_path/data), seeded on start."""
    server = Server("recipes", "--data-dir", str(tmp_path / "data"), log_dir=tmp_path).start()
    server.data_dir = tmp_path / "data"
    yield server
    server.stop()


@pytest.fixture
def demo_server(tmp_path):
    server = Server("diffable-demo", log_dir=tmp_path).start()
    yield server
    server.stop()
