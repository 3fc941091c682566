"""Every request a page makes succeeds: the demo and the Recipes page load with no 404 (a
browser asks for an icon on its own; both pages name /favicon.svg, which DiffableWeb
serves), and their scripts come as JavaScript, which module scripts require."""

import json
import time

import pytest

from conftest import make_driver
from recipes_helpers import start_recipes_server


def responses(driver):
    """(url, status, MIME type) of every response, and the URL of every request that failed
    outright, from DevTools' network events in the performance log."""
    answered, failed, urls = [], [], {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.requestWillBeSent":
            urls[params["requestId"]] = params["request"]["url"]
        elif message["method"] == "Network.responseReceived":
            response = params["response"]
            answered.append((response["url"], response["status"], response["mimeType"]))
        elif message["method"] == "Network.loadingFailed" and not params.get("canceled"):
            failed.append(urls.get(params["requestId"], params["requestId"]) + " " + params.get("errorText", ""))
    return answered, failed


@pytest.fixture
def recipes_server(tmp_path):
    server = start_recipes_server(tmp_path / "recipes-data")
    yield server
    server.stop()


@pytest.mark.parametrize("which", ["demo", "recipes"])
def test_no_request_fails_and_the_icon_is_served(which, demo_server, recipes_server):
    server = demo_server if which == "demo" else recipes_server
    driver = make_driver(performance_log=True)
    try:
        driver.get(server.url)
        # The icon is asked for after the load; wait for it rather than for a fixed time.
        deadline = time.time() + 10
        answered, failed = [], []
        while time.time() < deadline:
            more, lost = responses(driver)
            answered += more
            failed += lost
            if any(url.endswith("/favicon.svg") for url, _, _ in answered):
                break
            time.sleep(0.1)
        icon = [(status, mime) for url, status, mime in answered if url.endswith("/favicon.svg")]
        assert icon == [(200, "image/svg+xml")], f"the page's icon: {icon}; responses {answered}"
        bad = [(url, status) for url, status, _ in answered if status >= 400]
        assert bad == [] and failed == [], f"failed requests: {bad} {failed}"
        scripts = [(url, mime) for url, _, mime in answered if url.endswith(".js")]
        assert scripts and all(mime in ("text/javascript", "application/javascript") for _, mime in scripts), scripts
        not_found = [e["message"] for e in driver.get_log("browser") if "404" in e["message"]]
        assert not_found == [], not_found
    finally:
        driver.quit()
