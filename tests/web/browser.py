"""Headless Chromium through Selenium and Debian's chromedriver (nothing is downloaded), and
axe-core from npm to check a page's accessibility."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1200",
)


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(driver: webdriver.Chrome) -> list[str]:
    """Runs axe-core (from npm) on the page; returns its serious and critical violations."""
    assert AXE.is_file(), "axe-core is not installed: run `npm ci` (scripts/check.py does)"
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(AXE.read_text())
    result: Any = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' '))}))),"
        " (e) => done([{id: 'axe failed: ' + e, impact: 'critical', nodes: []}]));"
    )
    return [
        f"{v['id']} ({v['impact']}) at {v['nodes']}"
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def _find(*names: str) -> str:
    for name in names:
        found = shutil.which(name) or (name if Path(name).is_file() else None)
        if found:
            return found
    raise AssertionError(
        f"none of {', '.join(names)} is installed: run scripts/install_system_packages.sh"
    )


@contextmanager
def chromium() -> Iterator[webdriver.Chrome]:
    """Yields a fresh headless Chromium (its own profile folder); fails if it cannot start."""
    binary = _find("chromium", "/usr/bin/chromium", "chromium-browser")
    driver_path = _find("chromedriver", "/usr/bin/chromedriver")
    with tempfile.TemporaryDirectory(prefix="birdgames-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
        try:
            yield driver
        finally:
            driver.quit()
