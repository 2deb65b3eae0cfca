"""One full game of each engine clicked through in real headless Chromium, in hotseat mode
and with one browser per seat; the page's final scores are the engine's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import birdgames
from birdgames import sim
from tests.web.browser import chromium
from tests.web.support import ROOT, running_server

# The page and the browser do not change with the server's Python or build: the check command
# clicks through them once, on the first Python; the server's HTTP and WebSocket tests run on all.
pytestmark = pytest.mark.browser

GAMES: Final = ("perch_bop", "peacock", "rookery")
SEED: Final = 3
# Screenshots of each game's page at this step of the hotseat game (about mid-game).
MID_GAME: Final = {"perch_bop": 36, "peacock": 50, "rookery": 60}
SCREENSHOTS: Final = ROOT / "build" / "web-screenshots"
WAIT_SECONDS: Final = 20.0

Page = dict[str, str]


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("saves")


@pytest.fixture(scope="module")
def base(saves: Path) -> Iterator[str]:
    with running_server(saves) as address:
        yield address


@pytest.fixture(scope="module")
def browsers() -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    with chromium() as first, chromium() as second:
        yield first, second


def _page(driver: webdriver.Chrome) -> Page:
    page: Page = driver.execute_script(
        "const d = document.body.dataset, e = document.getElementById('error');"
        "return {steps: d.steps || '', screen: d.screen || '', busy: d.busy || '',"
        " seat: d.seat || '', error: e ? e.textContent : ''};"
    )
    return page


def _wait(driver: webdriver.Chrome, ready: Callable[[Page], bool]) -> Page:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        page = _page(driver)
        assert not page["error"], page["error"]
        if not page["busy"] and ready(page):
            return page
        assert time.monotonic() < deadline, f"the page did not get there: {page}"
        time.sleep(0.01)


def _moved_on_from(steps: str) -> Callable[[Page], bool]:
    def ready(page: Page) -> bool:
        return page["steps"] != steps and page["screen"] in ("pass", "turn", "over")

    return ready


def _at_step(steps: int) -> Callable[[Page], bool]:
    def ready(page: Page) -> bool:
        return page["steps"] == str(steps)

    return ready


def _new_table(driver: webdriver.Chrome, base: str, name: str, mode: str) -> None:
    driver.get(base + "/")
    _wait(driver, lambda page: page["screen"] == "home")
    Select(driver.find_element(By.ID, "game")).select_by_value(name)
    players = min(birdgames.get_game(name).player_counts)
    Select(driver.find_element(By.ID, "players")).select_by_value(str(players))
    seed = driver.find_element(By.ID, "seed")
    seed.clear()
    seed.send_keys(str(SEED))
    Select(driver.find_element(By.ID, "mode")).select_by_value(mode)
    driver.find_element(By.ID, "create").click()


def _click_action(driver: webdriver.Chrome, rng: random.Random) -> int:
    buttons = driver.find_elements(By.CSS_SELECTOR, "button.action")
    assert buttons, "a seat to act is shown no action"
    index = rng.randrange(len(buttons))
    # A pushed update of the same step may redraw the choices between finding a button and
    # clicking it; the same step offers the same choices, so the click is made again.
    for _ in range(20):
        try:
            driver.find_elements(By.CSS_SELECTOR, "button.action")[index].click()
            return index
        except (StaleElementReferenceException, IndexError):
            time.sleep(0.05)
    raise AssertionError("the choices kept being redrawn")


def _scores(driver: webdriver.Chrome) -> list[int]:
    text = driver.find_element(By.ID, "scores").get_attribute("data-scores")
    assert text is not None
    return [int(score) for score in text.strip("[]").split(",")]


def _engine_scores(name: str, moves: list[tuple[int, int]]) -> tuple[int, ...]:
    """Replays the clicked choices (seat, index into its legal actions) in the engine."""
    game: Any = birdgames.get_game(name)
    match = sim.Match.start(game, game.default_config(min(game.player_counts)), SEED)
    for seat, index in moves:
        match, _ = match.play(match.legal_actions(seat)[index])
    assert match.is_terminal, "the page says the game is over but the engine does not"
    scores: tuple[int, ...] = game.scores(match.state)
    return scores


@pytest.mark.parametrize("name", GAMES)
def test_a_hotseat_game_clicked_to_the_end_scores_as_the_engine(
    name: str, base: str, saves: Path, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """Hotseat: pass screens between seats, one device, every move a click; mid-game a save
    to disk and an undo."""
    driver = browsers[0]
    rng = random.Random(name)
    _new_table(driver, base, name, "hotseat")
    moves: list[tuple[int, int]] = []
    shot = False
    page = _wait(driver, lambda page: page["screen"] in ("pass", "turn", "over"))
    while page["screen"] != "over":
        if page["screen"] == "pass":
            driver.find_element(By.ID, "ready").click()
            page = _wait(driver, lambda page: page["screen"] in ("turn", "over"))
            continue
        assert page["screen"] == "turn", page
        if not shot and int(page["steps"]) >= MID_GAME[name]:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
            shot = True
            # Mid-game, the table saves to disk and takes back the last step.
            driver.find_element(By.ID, "save").click()
            _wait(driver, lambda page: bool(driver.find_element(By.ID, "saved").text))
            assert (saves / f"{driver.find_element(By.ID, 'saved').text.split()[-1]}").is_file()
            driver.find_element(By.ID, "undo").click()
            moves.pop()
            page = _wait(driver, _moved_on_from(page["steps"]))
            assert int(page["steps"]) == len(moves)
            continue
        steps = page["steps"]
        moves.append((int(page["seat"]), _click_action(driver, rng)))
        page = _wait(driver, _moved_on_from(steps))
    assert shot, "the game ended before mid-game"
    assert _scores(driver) == list(_engine_scores(name, moves))


@pytest.mark.parametrize("name", GAMES)
def test_two_browsers_on_separate_seats_play_to_the_end_as_the_engine(
    name: str, base: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """One browser per seat, each on its secret link; updates arrive over the WebSocket."""
    first, second = browsers
    rng = random.Random(name + "seats")
    _new_table(first, base, name, "seats")
    links = [link.get_attribute("href") for link in _wait_for_links(first)]
    assert len(links) == 2
    first.get(str(links[0]))
    second.get(str(links[1]))
    drivers = (first, second)
    moves: list[tuple[int, int]] = []
    steps = 0
    while True:
        pages = [_wait(d, _at_step(steps)) for d in drivers]
        assert [page["seat"] for page in pages] == ["0", "1"]
        if pages[0]["screen"] == "over":
            assert pages[1]["screen"] == "over"
            break
        seat = next(s for s, page in enumerate(pages) if page["screen"] == "turn")
        moves.append((seat, _click_action(drivers[seat], rng)))
        steps += 1
    engine = list(_engine_scores(name, moves))
    assert _scores(first) == engine
    assert _scores(second) == engine


def _wait_for_links(driver: webdriver.Chrome) -> list[Any]:
    deadline = time.monotonic() + WAIT_SECONDS
    while not (links := driver.find_elements(By.CSS_SELECTOR, "a.seat-link")):
        assert time.monotonic() < deadline, "no seat links after creating a table"
        time.sleep(0.02)
    return links


def test_screenshot_folder_is_inside_the_ignored_build_folder() -> None:
    """The screenshots land in build/, which git ignores."""
    assert SCREENSHOTS.is_relative_to(ROOT / "build")
    assert "build/" in (ROOT / ".gitignore").read_text()
