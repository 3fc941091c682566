"""axe-core in the browser tests: inject it into the page under test, run it, and report
the violations that matter in a form a failing assertion can print.

axe-core comes from a Python package on this machine, never from the network. The
`axe-selenium-python` package bundles axe-core 3.1 (2018), which predates WCAG 2.1 and 2.2
(no nested-interactive, aria-prohibited-attr or target-size rules); other packages bundle
newer builds (`axe-playwright-python` 4.12, `axe-core-python` 4.4) that are used, through
axe-selenium-python's `Axe`, when they are installed: the newest one found wins.
`DIFFABLE_AXE_SCRIPT=/path/to/axe.min.js` picks a file explicitly.
"""

import importlib.util
import os
import re
from functools import lru_cache
from pathlib import Path

from axe_selenium_python import Axe

# Where each package keeps its axe.min.js, relative to the package's folder.
_BUNDLES = [
    ("axe_playwright_python", "axe.min.js"),
    ("axe_core_python", "axe.min.js"),
    ("axe_selenium_python", "node_modules/axe-core/axe.min.js"),
]

# What the tests check: WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices
# (their impacts decide whether a test fails; see blocking()).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
BLOCKING = ("serious", "critical")


def _version(path: Path):
    head = path.read_text(encoding="utf8", errors="replace")[:200_000]
    found = re.findall(r'\.version="(\d+)\.(\d+)\.(\d+)"', head)
    return max((tuple(int(n) for n in v) for v in found), default=(0, 0, 0))


@lru_cache(maxsize=None)
def axe_script() -> tuple:
    """(path, version) of the axe.min.js the tests inject."""
    explicit = os.environ.get("DIFFABLE_AXE_SCRIPT")
    if explicit:
        path = Path(explicit)
        return path, _version(path)
    candidates = []
    for package, relative in _BUNDLES:
        spec = importlib.util.find_spec(package)
        if not spec or not spec.submodule_search_locations:
            continue
        path = Path(list(spec.submodule_search_locations)[0]) / relative
        if path.is_file():
            candidates.append((_version(path), path))
    if not candidates:
        raise RuntimeError("no axe-core found: pip install axe-selenium-python")
    version, path = max(candidates)
    return path, version


def axe_version() -> str:
    return ".".join(map(str, axe_script()[1]))


_RUN = """
const done = arguments[arguments.length - 1];
const context = arguments[0] || document;
// Only the tags this build of axe knows (3.x has no wcag21/wcag22 tags and refuses them).
const known = new Set();
for (const rule of axe.getRules()) for (const tag of rule.tags || []) known.add(tag);
const tags = arguments[1].filter((tag) => known.has(tag));
axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']})
  .then((results) => done({results, tags}))
  .catch((error) => done({error: String(error && error.stack || error)}));
"""


def run_axe(driver, context=None, tags=TAGS) -> dict:
    """Injects axe-core (again: a reload drops it) and runs it on the page, or on the
    elements the CSS selector `context` selects. Returns axe's results."""
    path, _ = axe_script()
    if not driver.execute_script("return !!window.axe"):
        Axe(driver, script_url=str(path)).inject()
    driver.set_script_timeout(60)
    answer = driver.execute_async_script(_RUN, context, list(tags))
    if "error" in answer:
        raise RuntimeError(f"axe-core {axe_version()} failed: {answer['error']}")
    return answer["results"]


def blocking(results) -> list:
    """The violations of serious or critical impact."""
    return [v for v in results["violations"] if v.get("impact") in BLOCKING]


def describe(violations) -> str:
    """One line per violation and one per offending node: id, impact, targets, why."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation.get('impact')}): {violation['help']}")
        for node in violation["nodes"][:8]:
            target = " ".join(str(t) for t in node["target"])
            summary = (node.get("failureSummary") or "").replace("\n", " ")[:300]
            lines.append(f"    {target}  — {summary}")
        if len(violation["nodes"]) > 8:
            lines.append(f"    … and {len(violation['nodes']) - 8} more")
    return "\n".join(lines)


def summary(results) -> dict:
    """{rule id: (impact, node count)} of every violation, for reports."""
    return {v["id"]: (v.get("impact"), len(v["nodes"])) for v in results["violations"]}
