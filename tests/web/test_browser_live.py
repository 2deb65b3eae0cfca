"""The page in headless Chromium against a live server: a game against bots to the end in
each engine, a page that rides out a server kill and restart, and a finished game's replay."""

from __future__ import annotations

import json
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

import birdgames
from birdgames import codec, sim
from tests.web.browser import chromium
from tests.web.support import free_port, running_server
from tests.web.test_browser import (
    SCREENSHOTS,
    WAIT_SECONDS,
    _click,
    _click_action,
    _moved_on_from,
    _open_sentences,
    _scores,
    _wait,
    choose,
)
from tests.web.test_persistence import call, kill_server, server_process

pytestmark = pytest.mark.browser

BOTS: Final = {"perch_bop": "random", "peacock": "greedy", "rookery": "ismcts"}


@pytest.fixture(scope="module")
def driver() -> Iterator[webdriver.Chrome]:
    with chromium() as browser:
        browser.set_script_timeout(WAIT_SECONDS + 10)
        yield browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("live") / "web.sqlite3") as address:
        yield address


_ENABLED_CHOICES: Final = """
const buttons = [...document.querySelectorAll('button.action:enabled')];
return [buttons, buttons.map((button) => button.textContent)];
"""


def _click_any(driver: webdriver.Chrome, rng: random.Random) -> None:
    """Clicks one of the choices shown now. A bot's moves may change them (a simultaneous
    phase that ends), so a stale or vanished button is looked up again, not an error. The
    wait is the page's, not a count of tries: a search bot on a busy machine may think for
    seconds before the choices come back."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        buttons, labels = driver.execute_script(_ENABLED_CHOICES)
        try:
            if buttons:
                button = buttons[choose(labels, rng)]
                if not button.is_displayed():
                    _open_sentences(driver)
                _click(driver, button)
                return
        except StaleElementReferenceException:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"no choice could be clicked for {WAIT_SECONDS:.0f} s")
        time.sleep(0.05)


def _shot(driver: webdriver.Chrome, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def _dataset(driver: webdriver.Chrome, key: str) -> str:
    value: Any = driver.execute_script(f"return document.body.dataset.{key} || ''")
    return str(value)


def _until(driver: webdriver.Chrome, what: str, seconds: float = WAIT_SECONDS) -> Any:
    """Waits for a JavaScript expression to be true on the page; returns its value."""
    return WebDriverWait(driver, seconds, poll_frequency=0.05).until(
        lambda d: d.execute_script(f"return {what}"), what
    )


@pytest.mark.parametrize("name", list(BOTS))
def test_a_game_against_a_bot_made_in_the_lobby_plays_to_the_end(
    name: str, base: str, driver: webdriver.Chrome
) -> None:
    """The lobby makes p1 a bot; p0's page clicks its moves, the bot's arrive over the
    WebSocket, and the final scores are the engine's replay of the record."""
    driver.get(base + "/")
    _wait(driver, lambda page: page["screen"] == "home")
    Select(driver.find_element(By.ID, "game")).select_by_value(name)
    players = min(birdgames.get_game(name).player_counts)
    Select(driver.find_element(By.ID, "players")).select_by_value(str(players))
    Select(driver.find_element(By.ID, "mode")).select_by_value("seats")
    driver.find_element(By.CSS_SELECTOR, "#bot-seats summary").click()
    kinds = driver.find_elements(By.CSS_SELECTOR, "select.bot-kind")
    Select(kinds[1]).select_by_value(BOTS[name])
    budget = driver.find_elements(By.CSS_SELECTOR, "input.bot-budget")[1]
    budget.clear()
    budget.send_keys("8")
    driver.find_element(By.ID, "create").click()
    _wait(driver, lambda page: page["links"] > 0)
    _shot(driver, f"{name}-lobby-with-a-bot")
    links = driver.find_elements(By.CSS_SELECTOR, "a.seat-link")
    assert len(links) == 1, "a bot seat gets no link"
    driver.get(str(links[0].get_attribute("href")))
    rng = random.Random(name)
    page = _wait(driver, lambda page: page["screen"] in ("turn", "over"))
    shot = False
    while page["screen"] != "over":
        steps = page["steps"]
        if not shot and int(steps) >= 10:
            _shot(driver, f"{name}-against-a-bot")
            shot = True
        _click_any(driver, rng)
        page = _wait(driver, _moved_on_from(steps))
    bots = driver.find_element(By.ID, "scores").text
    assert "bot" in bots
    record_link = driver.find_element(By.ID, "record-link").get_attribute("href")
    assert record_link is not None
    record = codec.loads(sim.Record, json.dumps(call(base, "GET", record_link[len(base) :])[1]))
    sim.verify(record, birdgames.get_game(name))
    assert _scores(driver) == list(record.scores)
    _shot(driver, f"{name}-against-a-bot-over")


def test_a_page_rides_out_a_server_kill_and_restart(
    tmp_path: Path, driver: webdriver.Chrome
) -> None:
    """Killed, the server leaves the page saying so with its moves off; restarted on the
    same database, the page reconnects by itself and plays on; started on an empty
    database, the page says the game no longer exists and stops trying."""
    db, port = tmp_path / "web.sqlite3", free_port()
    settings = {"game": "rookery", "players": 2, "mode": "seats", "bots": [None, "random"]}
    with server_process(db, port) as (base, process):
        links = call(base, "POST", "/api/tables", settings)[1]
        driver.get(base + links["seats"][0])
        page = _wait(driver, lambda page: page["screen"] == "turn")
        rng = random.Random(7)
        for _ in range(2):
            steps = page["steps"]
            _click_action(driver, page, rng)
            page = _wait(driver, _moved_on_from(steps))
        kill_server(process)
    _until(driver, "document.body.dataset.connection === 'lost'")
    assert "Disconnected" in driver.find_element(By.ID, "banner").text
    buttons = driver.find_elements(By.CSS_SELECTOR, "button.action")
    assert buttons and not any(button.is_enabled() for button in buttons)
    _shot(driver, "rookery-disconnected")
    with server_process(db, port) as (base, process):
        _until(driver, "document.body.dataset.connection === 'live'", 40)
        page = _wait(driver, lambda page: page["screen"] == "turn")
        assert driver.find_element(By.ID, "banner").text == ""
        before = page["steps"]
        _click_action(driver, page, rng)
        _wait(driver, lambda page: page["steps"] != before)
        process.send_signal(signal.SIGTERM)
        process.wait(20)
    with server_process(tmp_path / "empty.sqlite3", port):
        _until(driver, "document.body.dataset.connection === 'gone'", 40)
        assert "no longer exists" in driver.find_element(By.ID, "main").text
        _shot(driver, "rookery-gone")
        time.sleep(3)
        assert _dataset(driver, "connection") == "gone"


def test_a_finished_game_replays_step_by_step_from_any_seat(
    base: str, driver: webdriver.Chrome
) -> None:
    """After the end any link opens the replay: back, forward and jump move through the
    steps, and the viewer picks a seat's view or the spectator's."""
    links = call(base, "POST", "/api/tables", {"game": "rookery", "players": 2, "mode": "seats"})[1]
    tokens = [link.rsplit("/", 1)[-1] for link in links["seats"]]
    while True:
        payload = call(base, "GET", f"/api/play/{tokens[0]}/state")[1]
        if payload["is_terminal"]:
            break
        seat = payload["to_act"][0]
        mine = call(base, "GET", f"/api/play/{tokens[seat]}/state")[1]
        assert call(base, "POST", f"/api/play/{tokens[seat]}/action",
                    mine["legal"][-1]["action"])[0] == 200  # fmt: skip
    total = payload["steps"]
    driver.get(f"{base}/play/{tokens[1]}?replay")
    _until(
        driver, "document.body.dataset.screen === 'replay' && document.body.dataset.steps === '0'"
    )
    _click(driver, driver.find_element(By.ID, "end"))
    _until(driver, f"document.body.dataset.steps === '{total}'")
    _click(driver, driver.find_element(By.ID, "back"))
    _until(driver, f"document.body.dataset.steps === '{total - 1}'")
    Select(driver.find_element(By.ID, "viewer")).select_by_value("0")
    _until(driver, "document.body.dataset.seat === '0'")
    assert _dataset(driver, "steps") == str(total - 1)
    driver.execute_script(
        "const jump = document.getElementById('jump');"
        "jump.value = 5; jump.dispatchEvent(new Event('change'));"
    )
    _until(driver, "document.body.dataset.steps === '5'")
    _click(driver, driver.find_element(By.ID, "forward"))
    _until(driver, "document.body.dataset.steps === '6'")
    _shot(driver, "rookery-replay")
