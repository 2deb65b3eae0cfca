"""Whole games played on the board in headless Chromium: by mouse clicks on the things a move
names, and by the keyboard alone; axe-core finds no serious or critical accessibility
violation on the lobby and on each game's page mid-play; screenshots at desktop and phone
widths."""

from __future__ import annotations

import base64
import json
import random
import time
from collections.abc import Iterator
from typing import Any, Final

import pytest
from selenium import webdriver
from selenium.common.exceptions import (
    ElementNotInteractableException,
    MoveTargetOutOfBoundsException,
    NoSuchElementException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.expected_conditions import url_contains
from selenium.webdriver.support.ui import Select, WebDriverWait

import birdgames
from birdgames import codec, sim
from tests.web.browser import axe_violations, chromium
from tests.web.support import running_server
from tests.web.test_browser import SCREENSHOTS, WAIT_SECONDS, _moved_on_from, _scores, _wait
from tests.web.test_persistence import call

pytestmark = pytest.mark.browser

GAMES: Final = ("perch_bop", "peacock", "rookery")
# The step from which the page is photographed and checked by axe (about mid-game).
MID_GAME: Final = {"perch_bop": 30, "peacock": 40, "rookery": 30}
DESKTOP: Final = (1400, 1000)
PHONE: Final = (390, 844)
# The tested seat makes at least this many kinds of move on the board in a game (each
# engine's seeded games here make 8 to 13; which ones depends on when the bot's moves arrive).
KINDS_PLAYED: Final = 5
# How often a plain move (end the turn or the migration, decline) is picked when the board
# offers others too: Peacock's migrations would wander for dozens of moves otherwise.
PLAIN_BIAS: Final = 0.3

# What the page offers now: whether a picked move waits for its Send, the complete moves it
# lists to choose from, the keys that can be picked on the board and the plain move buttons.
_OFFERS: Final = """
const keys = [...new Set([...document.querySelectorAll('[data-key].target')].map(
  (node) => node.getAttribute('data-key')))];
return {send: document.getElementById('send') !== null,
  confirm: document.getElementById('confirm-text')?.textContent || '',
  choices: document.querySelectorAll('#pick button.choice').length,
  targets: keys, picked: document.querySelectorAll('[data-key].selected').length,
  plain: document.querySelectorAll('button.plain-move').length,
  steps: document.body.dataset.steps, screen: document.body.dataset.screen,
  words: [...document.querySelectorAll('button.action')].slice(0, 3).map((b) => b.textContent)};
"""

# The page's tab stops in order (no positive tabindex is used, so DOM order), the index of
# the focused one and of the one `arguments[0]` selects (its first match).
_TAB_STOPS: Final = """
const stops = [...document.querySelectorAll(
  'a[href], button, input, select, textarea, summary, [tabindex]')].filter((node) =>
  !node.disabled && node.getAttribute('tabindex') !== '-1' && node.getClientRects().length > 0
  && !(node.closest('details:not([open])') && node.tagName !== 'SUMMARY'));
const wanted = document.querySelector(arguments[0]);
return [stops.indexOf(document.activeElement), stops.indexOf(wanted)];
"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("board") / "web.sqlite3") as address:
        yield address


@pytest.fixture(scope="module")
def driver() -> Iterator[webdriver.Chrome]:
    with chromium() as browser:
        browser.set_script_timeout(WAIT_SECONDS + 10)
        browser.set_window_size(*DESKTOP)
        yield browser


def _table_against_a_bot(base: str, name: str) -> tuple[str, str]:
    """Returns p0's link to a new table whose p1 is a random bot, and p0's token."""
    settings = {"game": name, "players": 2, "mode": "seats", "bots": [None, "random"], "seed": 5}
    links = call(base, "POST", "/api/tables", settings)[1]
    link = links["seats"][0]
    return base + link, link.rsplit("/", 1)[-1]


def _full_shot(driver: webdriver.Chrome, name: str) -> None:
    """Writes the whole page, below the fold too, as build/web-screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}
    )
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


# Words drawn on the board that cover each other, or run partly under a chip (a creature, a
# mark) they are not written on, by more than a sliver.
_CROSSED_WORDS: Final = """
const box = (node) => node.getBoundingClientRect();
const shown = (nodes) => nodes.map((node) => [node, box(node)])
  .filter(([, b]) => b.width > 0 && b.height > 0);
const words = shown([...document.querySelectorAll('.board svg text')]);
const chips = shown([...document.querySelectorAll(
  '.board svg .creature-face, .board svg .mark rect')]);
const overlap = (p, q) => [Math.min(p.right, q.right) - Math.max(p.left, q.left),
  Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)];
const inside = (p, q) => p.left >= q.left - 1 && p.right <= q.right + 1
  && p.top >= q.top - 1 && p.bottom <= q.bottom + 1;
const crossed = [];
words.forEach(([a, p], i) => {
  words.slice(i + 1).forEach(([b, q]) => {
    const [wide, high] = overlap(p, q);
    if (wide > 2 && high > 3) crossed.push(`${a.textContent} / ${b.textContent}`);
  });
  chips.forEach(([chip, q]) => {
    const [wide, high] = overlap(p, q);
    if (wide > 1 && high > 1 && !inside(p, q)) {
      crossed.push(`${a.textContent} / the chip of ${chip.parentNode.getAttribute('data-label')}`);
    }
  });
});
return crossed;
"""


def _check_mid_game(driver: webdriver.Chrome, name: str, how: str) -> None:
    """Photographs the page at desktop and phone widths; no two words on the board cover
    each other; at the phone's, nothing is wider than the screen and the moves come before
    the log; axe finds nothing serious at both."""
    _full_shot(driver, f"{name}-{how}-{DESKTOP[0]}")
    crossed = driver.execute_script(_CROSSED_WORDS)
    assert not crossed, f"words on the board cover each other: {crossed}"
    violations = axe_violations(driver)
    driver.set_window_size(*PHONE)
    try:
        time.sleep(0.2)
        # What the phone's screen shows: the board under the moves, which stay in sight.
        assert driver.save_screenshot(str(SCREENSHOTS / f"{name}-{how}-{PHONE[0]}-screen.png"))
        violations += axe_violations(driver)
        layout: Any = driver.execute_script(
            "const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;"
            "const page = document.documentElement;"
            "const over = [...document.querySelectorAll('body *')].filter((n) =>"
            " n.getBoundingClientRect().right > page.clientWidth + 1).slice(-3).map((n) =>"
            " n.tagName + '.' + n.className + ': ' + (n.textContent || '').slice(0, 60));"
            "return {wide: page.scrollWidth - page.clientWidth, over,"
            " board: top('.board'), moves: top('#moves'), log: top('.log')};"
        )
        # The whole page, each part where it lies (a screen as tall as the page: a capture
        # beyond the screen would leave the moves stuck at the first screen's bottom).
        height: int = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(PHONE[0], height + PHONE[1] // 4)
        time.sleep(0.2)
        assert driver.save_screenshot(str(SCREENSHOTS / f"{name}-{how}-{PHONE[0]}.png"))
    finally:
        driver.set_window_size(*DESKTOP)
    assert layout["wide"] <= 0, f"the page is {layout['wide']} px wider than a phone: {layout}"
    assert layout["board"] < layout["moves"] < layout["log"], layout
    assert not violations, violations


def _hover_tip(driver: webdriver.Chrome, tip: Any, index: int) -> str:
    """Hovers the `index`-th thing with a tip on the board; returns the tip shown, once it
    has checked that the tip starts with the thing's name. A push from the other seats may
    redraw the board under the pointer: then the thing is looked up again."""
    for _ in range(5):
        try:
            thing = driver.find_elements(By.CSS_SELECTOR, ".board [data-tip]")[index]
            label = thing.get_attribute("data-label") or ""
            ActionChains(driver, duration=0).move_to_element(thing).perform()
            WebDriverWait(driver, WAIT_SECONDS).until(lambda d: tip.is_displayed())
            text: str = tip.text
            thing.get_attribute("data-label")  # still the thing hovered: no redraw since
        except (StaleElementReferenceException, IndexError):
            time.sleep(0.05)
            continue
        assert text.startswith(label), (text, label)
        return text
    raise AssertionError(f"the board was redrawn under every hover of thing {index}")


def _check_tips_and_news(driver: webdriver.Chrome) -> None:
    """Hovering a thing on the board shows its name and rules text; so does tapping one that
    cannot be picked; the live region has told the bot's moves."""
    tip = driver.find_element(By.ID, "tip")
    told = []
    # Cards, tiles and creatures have rules text; a zone's habitat or a seat's token may not.
    for index in range(min(8, len(driver.find_elements(By.CSS_SELECTOR, ".board [data-tip]")))):
        told.append(_hover_tip(driver, tip, index))
    assert any("\n" in text and len(text) > 40 for text in told), told
    ActionChains(driver, duration=0).move_to_element(
        driver.find_element(By.TAG_NAME, "header")
    ).perform()
    quiet = driver.find_elements(By.CSS_SELECTOR, ".board [data-tip]:not(.target):not(.selected)")
    if quiet:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", quiet[-1])
        _by_mouse_element(driver, quiet[-1])
        WebDriverWait(driver, WAIT_SECONDS).until(lambda d: tip.is_displayed())
    news = (driver.find_element(By.ID, "announce").get_attribute("textContent") or "").split("\n")
    log = [line.text for line in driver.find_elements(By.CSS_SELECTOR, ".log li")]
    assert news[0], "the live region told nothing of the others' moves"
    for line in news:
        assert line in log and not line.startswith("p0 "), (line, log)


def _by_mouse_element(driver: webdriver.Chrome, element: Any) -> None:
    ActionChains(driver, duration=0).click(element).perform()


def _offers(driver: webdriver.Chrome) -> Any:
    return driver.execute_script(_OFFERS)


def _pick(offers: Any, rng: random.Random) -> tuple[str, str | int]:
    """Chooses what to do next: ("send", 0), ("choice", i), ("target", key) or ("plain", i)."""
    if offers["send"]:
        return ("send", 0)
    options: list[tuple[str, str | int]] = [("target", key) for key in offers["targets"]]
    options += [("choice", i) for i in range(offers["choices"])]
    plain = [("plain", i) for i in range(offers["plain"])] if not offers["picked"] else []
    assert options or plain, f"a seat to act is offered nothing: {offers}"
    if plain and (not options or rng.random() < PLAIN_BIAS):
        return rng.choice(plain)
    return rng.choice(options)


def _selector(what: tuple[str, str | int]) -> str:
    kind, which = what
    if kind == "send":
        return "#send"
    if kind == "choice":
        return f"#pick button.choice:nth-of-type({int(which) + 1})"
    if kind == "plain":
        return f"button.plain-move:nth-of-type({int(which) + 1})"
    return f'[data-key="{which}"].target'


def _by_mouse(driver: webdriver.Chrome, selector: str) -> None:
    ActionChains(driver, duration=0).click(driver.find_element(By.CSS_SELECTOR, selector)).perform()


def _by_keyboard(driver: webdriver.Chrome, selector: str) -> None:
    """Tabs (or shift-tabs) to the element, as a keyboard user would, then presses Enter.
    Keys sent while the page redraws for a pushed update may land before the redraw, so
    the focus is looked at again until the page's wait runs out."""
    seen: list[tuple[int, int]] = []  # the last five looks
    deadline = time.monotonic() + WAIT_SECONDS
    while len(seen) < 2 or time.monotonic() < deadline:
        if len(seen) >= 2:  # the usual press takes two looks: keys sent, then Enter
            time.sleep(0.05)
        now, wanted = driver.execute_script(_TAB_STOPS, selector)
        seen = [*seen[-4:], (now, wanted)]
        if wanted < 0:
            raise NoSuchElementException(selector)
        if now == wanted:
            ActionChains(driver).send_keys(Keys.ENTER).perform()
            return
        if now < 0 or wanted > now:
            ActionChains(driver).send_keys(
                Keys.TAB * (wanted - now if now >= 0 else wanted + 1)
            ).perform()
        else:
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB * (now - wanted)).key_up(
                Keys.SHIFT
            ).perform()
    raise AssertionError(f"Tab did not reach {selector}: (focused, wanted) last {seen}")


def _play_one_move(
    driver: webdriver.Chrome, seed: str, keyboard: bool, counts: dict[str, int]
) -> None:
    """Picks things on the board until a move is whole, checks its words, and sends it.

    Each pick draws from its own generator, seeded by `seed`, the game's step and the picks
    made so far in this move: a pick retried after a push redrew the page is the same pick,
    so the game played does not depend on how fast the page and the server were."""
    press = _by_keyboard if keyboard else _by_mouse
    steps = driver.execute_script("return document.body.dataset.steps")
    picked = 0
    for _ in range(40):
        offers = _offers(driver)
        if offers["steps"] != steps or offers["screen"] != "turn":
            return  # a pushed update moved the game on (a simultaneous phase ended)
        what = _pick(offers, random.Random(f"{seed}:{steps}:{picked}"))
        if what[0] == "send":
            assert offers["confirm"].startswith("p"), "the move's words show before it is sent"
        try:
            press(driver, _selector(what))
        except (
            NoSuchElementException,
            StaleElementReferenceException,
            ElementNotInteractableException,
            MoveTargetOutOfBoundsException,
        ):
            time.sleep(0.05)  # a push redrew the page under the pick; look again
            continue
        counts[what[0]] += 1
        picked += 1
        if what[0] != "target":
            return
    raise AssertionError(f"no move was made: {_offers(driver)}")


def _play_to_the_end(driver: webdriver.Chrome, name: str, keyboard: bool) -> dict[str, int]:
    """Plays p0 of a table against a random bot to the end; returns what was pressed."""
    how = "keyboard" if keyboard else "board"
    with running_server(entropy=random.Random(f"{name}{how}")) as own:
        return _play_table_to_the_end(driver, own, name, how)


def _play_table_to_the_end(
    driver: webdriver.Chrome, base: str, name: str, how: str
) -> dict[str, int]:
    """`_play_to_the_end` on a server of its own, whose seeded draws make the bot's moves,
    and so (with p0's seeded picks) the whole game, the same from run to run."""
    keyboard = how == "keyboard"
    link, token = _table_against_a_bot(base, name)
    driver.get(link)
    seed = f"{name}{how}"
    counts = {"send": 0, "choice": 0, "target": 0, "plain": 0}
    checked = False
    page = _wait(driver, lambda page: page["screen"] in ("turn", "over"))
    while page["screen"] != "over":
        if not checked and int(page["steps"]) >= MID_GAME[name]:
            if not keyboard:
                _check_tips_and_news(driver)
                # Mid-pick: the things that can be picked next are highlighted too.
                offers = _offers(driver)
                if offers["targets"] and not offers["send"]:
                    _by_mouse(driver, _selector(("target", offers["targets"][0])))
                    counts["target"] += 1
            _check_mid_game(driver, name, how)
            checked = True
        _play_one_move(driver, seed, keyboard, counts)
        page = _wait(driver, _moved_on_from(page["steps"]))
    assert checked, "the game ended before mid-game"
    record = codec.loads(sim.Record, json.dumps(call(base, "GET", f"/api/play/{token}/record")[1]))
    sim.verify(record, birdgames.get_game(name))
    played = {action.kind for action in record.actions if getattr(action, "player", None) == 0}
    assert len(played) >= KINDS_PLAYED, played
    assert _scores(driver) == list(record.scores)
    text = driver.find_element(By.TAG_NAME, "main").text
    assert "hand: empty" not in text and "no birds in hand" not in text, text
    assert "Final score sheet" in text
    _full_shot(driver, f"{name}-{how}-over")
    if not keyboard:
        assert not axe_violations(driver), "the game-over page"
    return counts


def test_the_lobby_has_no_serious_accessibility_violation(
    base: str, driver: webdriver.Chrome
) -> None:
    """axe-core on the lobby, with every section open: nothing serious or critical."""
    driver.get(base + "/")
    _wait(driver, lambda page: page["screen"] == "home")
    driver.execute_script("document.querySelectorAll('details').forEach((d) => d.open = true)")
    _full_shot(driver, "lobby")
    assert not axe_violations(driver)


def test_the_lobby_sets_the_options_from_form_fields(base: str, driver: webdriver.Chrome) -> None:
    """Perch's expansions are checkboxes and its numbers number fields: the table made has
    the config they say."""
    driver.get(base + "/")
    _wait(driver, lambda page: page["screen"] == "home")
    Select(driver.find_element(By.ID, "game")).select_by_value("perch_bop")
    driver.find_element(By.CSS_SELECTOR, "#options").find_element(By.XPATH, "..").click()
    assert not driver.find_elements(By.TAG_NAME, "textarea"), "options are fields, not JSON"
    pond = driver.find_element(
        By.CSS_SELECTOR, '[data-key="expansions"] input[value="pond_emonium"]'
    )
    assert pond.is_selected()
    pond.click()
    dummies = driver.find_element(By.ID, "option-dummy_birds_first_round")
    dummies.clear()
    dummies.send_keys("3")
    _full_shot(driver, "lobby-perch-options")
    driver.find_element(By.ID, "create").click()
    WebDriverWait(driver, WAIT_SECONDS).until(url_contains("/play/"))
    token = driver.current_url.rsplit("/", 1)[-1]
    view = call(base, "GET", f"/api/play/{token}/state")[1]["view"]
    assert view["expansions"] == ["points_in_the_sky", "seeds_the_day"]
    assert view["bag"] == [0, 0, 0] and view["ponds"] is None


@pytest.mark.parametrize("name", GAMES)
def test_a_game_played_by_clicks_on_the_board_scores_as_the_engine(
    name: str, driver: webdriver.Chrome
) -> None:
    """p0 plays every move by clicking the things on the board it names (then Send, or one
    of the listed moves), never the sentence list; p1 is a bot. Mid-game the page passes
    axe-core at desktop and phone widths."""
    counts = _play_to_the_end(driver, name, keyboard=False)
    assert counts["target"] > 0 and counts["send"] > 0, counts


@pytest.mark.parametrize("name", GAMES)
def test_a_game_played_by_keyboard_alone_scores_as_the_engine(
    name: str, driver: webdriver.Chrome
) -> None:
    """p0 plays every move with Tab, Shift+Tab and Enter only; p1 is a bot."""
    counts = _play_to_the_end(driver, name, keyboard=True)
    assert counts["target"] > 0 and counts["send"] > 0, counts
