"""Shared fixtures of the browser tests: a server per module, a headless Chromium per test,
and screenshots saved under artifacts/screenshots/."""

import subprocess
import time
import urllib.request
import sys
from pathlib import Path

# Tests/servers.py: the executables' folder and free ports, shared with the other suite.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from servers import bin_path, free_port, wait_for_text  # noqa: E402

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from demo_page import DemoPage, debug_state  # noqa: F401 (tests import it from here)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "screenshots"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "reduced_motion: run the test's browsers with prefers-reduced-motion: reduce")


class Server:
    """A server executable of this package, started on a free port and stopped afterwards."""

    def __init__(self, product: str, *arguments: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/ws"
        self.log_path = ROOT / "artifacts" / f"{product}-{self.port}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.product = product
        self.arguments = list(arguments)
        self.process = None

    def start(self):
        log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [str(bin_path() / self.product), "--port", str(self.port), *self.arguments],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 30
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.product} exited: {self.log_path.read_text()}")
            try:
                urllib.request.urlopen(self.url, timeout=1)
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.product} did not start: {self.log_path.read_text()}")

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def log(self) -> str:
        return self.log_path.read_text()

    def wait_for_log(self, text: str, count: int = 1, timeout: float = 15) -> str:
        """The log once it holds `text` `count` times."""
        return wait_for_text(self.log, text, count, timeout, lambda: (
            f"{self.log_path}:\n" + "\n".join(self.log().splitlines()[-12:])))


@pytest.fixture(scope="module")
def demo_server():
    server = Server("diffable-demo").start()
    yield server
    crashed = not server.is_running()
    server.stop()
    # Whatever a module sent it, the server must still be up at the end.
    assert not crashed, f"diffable-demo exited during the module:\n{server.log()[-2000:]}"


def make_driver(reduced_motion: bool = False, performance_log: bool = False):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # Chromium reads --force-prefers-reduced-motion as a plain switch: any value, "=false"
    # included, turns reduced motion on. The opposite needs a switch of its own.
    motion = "--force-prefers-reduced-motion" if reduced_motion else "--force-prefers-no-reduced-motion"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1280,900", motion):
        options.add_argument(argument)
    # The performance log carries DevTools' network events (test_requests.py reads them).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", **({"performance": "ALL"} if performance_log else {})})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def _wants_reduced_motion(request) -> bool:
    return request.node.get_closest_marker("reduced_motion") is not None


@pytest.fixture
def driver(request):
    browser = make_driver(_wants_reduced_motion(request))
    yield browser
    browser.quit()


@pytest.fixture
def second_driver(request):
    browser = make_driver(_wants_reduced_motion(request))
    yield browser
    browser.quit()


@pytest.fixture
def demo(driver, demo_server) -> DemoPage:
    """The demo page, loaded, connected and showing its rows, with the test's probes in it."""
    return DemoPage(driver, demo_server).open()


@pytest.fixture
def browsers():
    """Browsers a Recipes test opens (recipes_helpers.PageBrowsers); closing them fails the
    test on any console warning or error they logged."""
    from recipes_helpers import PageBrowsers
    opened = PageBrowsers()
    yield opened
    problems = opened.close()
    assert not problems, f"console warnings or errors: {problems}"


def screenshot(browser, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    browser.save_screenshot(str(path))
    return path
