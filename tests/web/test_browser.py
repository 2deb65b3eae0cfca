"""One full game of each engine clicked through in real headless Chromium, in hotseat mode
and with one browser per seat; the page's final scores are the engine's."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TypedDict

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.expected_conditions import url_contains
from selenium.webdriver.support.ui import Select, WebDriverWait

import birdgames
from birdgames import sim
from tests.web.browser import axe_violations, chromium
from tests.web.support import ROOT, running_server

# The page and the browser do not change with the server's Python or build: the check command
# clicks through them once, on one Python; the server's HTTP and WebSocket tests run on all.
pytestmark = pytest.mark.browser

GAMES: Final = ("perch_bop", "peacock", "rookery")
SEED: Final = 3
# Screenshots of each game's page at this step of the hotseat game (about mid-game).
MID_GAME: Final = {"perch_bop": 36, "peacock": 50, "rookery": 30}
SCREENSHOTS: Final = ROOT / "build" / "web-screenshots"
WAIT_SECONDS: Final = 20.0
# A clicking seat ends its Peacock migration (K2.3) at even odds whenever it may: clicked
# uniformly, a migration runs to its move budget, up to 72 lifts and moves that show the
# page nothing new, half of a game's clicks.
ENDS_A_PHASE: Final = re.compile(r"^p\d+ ends their migration$")


class Page(TypedDict):
    """What the page shows: its body's data-* state, a few texts, and its buttons to click."""

    state: str  # the rest but the buttons, as JSON: compared between two looks, and reported
    steps: str
    screen: str
    busy: str
    seat: str
    error: str
    saved: str
    links: int
    choices: list[WebElement]  # the action buttons, in the order of the legal actions
    labels: list[str]  # their words
    ready: WebElement | None  # the hotseat's "show my seat" button


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web") / "web.sqlite3"


@pytest.fixture(scope="module")
def base(db: Path) -> Iterator[str]:
    with running_server(db) as address:
        yield address


@pytest.fixture(scope="module")
def browsers() -> Iterator[tuple[webdriver.Chrome, webdriver.Chrome]]:
    with chromium() as first, chromium() as second:
        # Past the page's own timer in _NEXT_PAGE, so a stuck page fails with its state.
        for driver in (first, second):
            driver.set_script_timeout(WAIT_SECONDS + 10)
        yield first, second


# One WebDriver round trip per change of the page, not a poll every few ms: the script answers
# at once when the page's state differs from the one last seen (or shows an error), else a
# MutationObserver answers at the first change that leaves it so, else a timer at the deadline.
# A page that is busy (waiting on the server) is not a change worth answering. The buttons come
# with the answer, which spares a find_element per click.
_NEXT_PAGE: Final = """
const [seen, ms, done] = arguments;
const look = () => {
  const d = document.body.dataset, text = (id) => document.getElementById(id)?.textContent || '';
  const page = {steps: d.steps || '', screen: d.screen || '', busy: d.busy || '',
    seat: d.seat || '', error: text('error'), saved: text('saved'),
    links: document.querySelectorAll('a.seat-link').length};
  const choices = [...document.querySelectorAll('button.action')];
  const state = JSON.stringify({...page, choices: choices.length});
  const labels = choices.map((button) => button.textContent);
  return {...page, state, choices, labels, ready: document.getElementById('ready')};
};
const answers = (page) => page.error !== '' || (page.busy === '' && page.state !== seen);
const first = look();
if (answers(first)) return done(first);
const observer = new MutationObserver(() => {
  const page = look();
  if (answers(page)) finish(page);
});
const timer = setTimeout(() => finish(look()), ms);
function finish(page) {
  observer.disconnect();
  clearTimeout(timer);
  done(page);
}
observer.observe(document.documentElement,
  {attributes: true, childList: true, characterData: true, subtree: true});
"""


def _next_page(driver: webdriver.Chrome, seen: Page | None, seconds: float) -> Page:
    """The page once its state differs from seen's (or it shows an error), or after seconds."""
    state = None if seen is None else seen["state"]
    page: Page = driver.execute_async_script(_NEXT_PAGE, state, round(seconds * 1000))
    return page


def _wait(driver: webdriver.Chrome, ready: Callable[[Page], bool]) -> Page:
    deadline = time.monotonic() + WAIT_SECONDS
    page: Page | None = None
    while True:
        page = _next_page(driver, page, max(deadline - time.monotonic(), 0.0))
        assert not page["error"], page["error"]
        if not page["busy"] and ready(page):
            return page
        assert time.monotonic() < deadline, f"the page did not get there: {page['state']}"


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
    if mode == "hotseat":
        # The home page then loads the table's page; a _wait begun on the home page could
        # be cut off by that load and never answer, so the new address is awaited first.
        WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.02).until(url_contains("/play/"))


def _click(driver: webdriver.Chrome, element: WebElement) -> None:
    """A real mouse click (moved onto the element, pressed, released) in the browser."""
    # W3C actions with no pointer-move duration cost the browser about a third of an element
    # click, which first runs a dozen interactability scripts; a click that misses still fails
    # the test, as the page then does not move on.
    ActionChains(driver, duration=0).click(element).perform()


def _open_sentences(driver: webdriver.Chrome) -> None:
    """Opens the list of every move in words (it stays open from then on)."""
    _click(driver, driver.find_element(By.CSS_SELECTOR, "details.sentences > summary"))


def _click_action(driver: webdriver.Chrome, page: Page, rng: random.Random) -> int:
    """Clicks one of the choices the page shows, picked by rng; returns its index."""
    assert page["choices"], "a seat to act is shown no action"
    index = choose(page["labels"], rng)
    button: WebElement | None = page["choices"][index]
    # A pushed update of the same step may redraw the choices between finding a button and
    # clicking it; the same step offers the same choices, so the button is found again.
    for _ in range(20):
        try:
            if button is None:
                button = driver.find_elements(By.CSS_SELECTOR, "button.action")[index]
            if not button.is_displayed():
                _open_sentences(driver)
            _click(driver, button)
            return index
        except (StaleElementReferenceException, IndexError):
            button = None
            time.sleep(0.05)
    raise AssertionError("the choices kept being redrawn")


def choose(labels: list[str], rng: random.Random) -> int:
    """The index of a choice to click: one that ends a phase at even odds, else any."""
    ends = [index for index, label in enumerate(labels) if ENDS_A_PHASE.match(label)]
    if ends and rng.random() < 0.5:
        return ends[0]
    return rng.randrange(len(labels))


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
    name: str, base: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """Hotseat: pass screens between seats, one device, every move a click; mid-game a save
    (listed with the table's saves) and an undo."""
    driver = browsers[0]
    rng = random.Random(name)
    _new_table(driver, base, name, "hotseat")
    moves: list[tuple[int, int]] = []
    shot = False
    passed = False  # whether axe-core has checked a pass screen
    # Peacock's migration shows each seat's moves left (K2.3); the other games have none.
    moves_left_seen = name != "peacock"
    ends_seen = name != "peacock"  # whether a choice to end a phase was offered
    page = _wait(driver, lambda page: page["screen"] in ("pass", "turn", "over"))
    while page["screen"] != "over":
        if page["screen"] == "pass":
            assert page["ready"] is not None, "a pass screen is shown no ready button"
            if not passed:
                assert not axe_violations(driver), "the pass screen"
                passed = True
            _click(driver, page["ready"])
            page = _wait(driver, lambda page: page["screen"] in ("turn", "over"))
            continue
        assert page["screen"] == "turn", page["state"]
        if not shot and int(page["steps"]) >= MID_GAME[name]:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            assert driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
            shot = True
            # Mid-game, the table saves to disk and takes back the last step.
            _click(driver, driver.find_element(By.ID, "save"))
            saved = _wait(driver, lambda page: bool(page["saved"]))["saved"]
            assert f"step {page['steps']}" in saved
            WebDriverWait(driver, WAIT_SECONDS).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, "#save-list li")
            )
            _click(driver, driver.find_element(By.ID, "undo"))
            moves.pop()
            page = _wait(driver, _moved_on_from(page["steps"]))
            assert int(page["steps"]) == len(moves)
            continue
        if not moves_left_seen:
            moves_left_seen = bool(
                re.search(r"\b\d+ moves? left\b", driver.find_element(By.TAG_NAME, "body").text)
            )
            if moves_left_seen:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                assert driver.save_screenshot(str(SCREENSHOTS / f"{name}-migration.png"))
        ends_seen = ends_seen or any(ENDS_A_PHASE.match(label) for label in page["labels"])
        steps = page["steps"]
        moves.append((int(page["seat"]), _click_action(driver, page, rng)))
        page = _wait(driver, _moved_on_from(steps))
    assert shot, "the game ended before mid-game"
    assert moves_left_seen, "no migration page showed its moves left"
    assert ends_seen, "no choice ended a migration by ENDS_A_PHASE's words"
    # Over, nothing can be taken back, and no hand is shown as an empty label.
    assert not driver.find_elements(By.ID, "undo")
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "hand: empty" not in text and "no birds in hand" not in text, text
    assert _scores(driver) == list(_engine_scores(name, moves))


@pytest.mark.parametrize("name", GAMES)
def test_two_browsers_on_separate_seats_play_to_the_end_as_the_engine(
    name: str, base: str, browsers: tuple[webdriver.Chrome, webdriver.Chrome]
) -> None:
    """One browser per seat, each on its secret link; updates arrive over the WebSocket."""
    first, second = browsers
    rng = random.Random(name + "seats")
    _new_table(first, base, name, "seats")
    _wait(first, lambda page: page["links"] > 0)
    links = [
        link.get_attribute("href") for link in first.find_elements(By.CSS_SELECTOR, "a.seat-link")
    ]
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
        moves.append((seat, _click_action(drivers[seat], pages[seat], rng)))
        steps += 1
    engine = list(_engine_scores(name, moves))
    assert _scores(first) == engine
    assert _scores(second) == engine


def test_screenshot_folder_is_inside_the_ignored_build_folder() -> None:
    """The screenshots land in build/, which git ignores."""
    assert SCREENSHOTS.is_relative_to(ROOT / "build")
    assert "build/" in (ROOT / ".gitignore").read_text()
