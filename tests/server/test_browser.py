"""The browser table in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``; ``.ci/run`` installs them) driven by Selenium plays a whole game
of every game through the page, as a person would (clicking move buttons), against
the real server on a loopback port; a screenshot shows the table drawn.

Without Chromium the test is skipped on a developer's machine, and fails under CI
(``CI`` set), where it must run."""

from __future__ import annotations

import io
import os
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from labyrinth_gym.envs import game_names
from labyrinth_gym.server.app import create_app
from labyrinth_gym.server.bench import _Server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    if os.environ.get("CI"):
        raise RuntimeError("CI must run the browser test: install chromium chromium-driver")
    pytest.skip("no chromium / chromedriver here", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

OPTIONS = {  # small games, so that a whole one is quick
    "maze_party": '{"party": 2}',
    "labyrinth_cards": '{"num_players": 2}',
    "magic": '{"num_players": 2}',
    "arcane_labyrinth": "{}",
    "dungeon_crawler": '{"num_players": 2, "max_rounds": 4}',
    "mazerunner": '{"num_players": 4, "max_turns": 4}',
}


@pytest.fixture(scope="module")
def site():
    with _Server(create_app(search_simulations=2)) as base:
        yield base


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu",
                 "--disable-dev-shm-usage", "--window-size=1280,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def wait(predicate, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("the page did not get there in time")


def test_every_game_has_a_preset_here():
    assert set(OPTIONS) == set(game_names())


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
"""Where the README's pictures come from: this test writes one per game there when
LABYRINTH_GYM_SCREENSHOTS=1 (the picture of a game a few moves in)."""


def screenshot(browser, game):
    """The page, into docs/screenshots when LABYRINTH_GYM_SCREENSHOTS is set."""
    if os.environ.get("LABYRINTH_GYM_SCREENSHOTS"):
        time.sleep(0.3)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOTS / f"{game}.png"))


def start_game(browser, site, game, options=None):
    """The page with ``game`` started: a person at seat 0, heuristics elsewhere."""
    browser.get(site + "/")
    wait(lambda: len(Select(browser.find_element(By.ID, "game")).options) == len(OPTIONS))
    Select(browser.find_element(By.ID, "game")).select_by_value(game)
    box = browser.find_element(By.ID, "kwargs")
    box.clear()
    box.send_keys(options or OPTIONS[game])
    browser.execute_script("document.getElementById('kwargs').onchange()")
    wait(lambda: browser.find_element(By.ID, "seats").get_attribute("data-game") == game,
         timeout=60)
    time.sleep(0.2)
    browser.find_element(By.ID, "start").click()
    wait(lambda: browser.find_element(By.ID, "play").is_displayed())


def click_a_move(browser, rng):
    return browser.execute_script(
        "const b = document.querySelectorAll('#moves button:not([disabled])');"
        "if (!b.length) return null;"
        "const one = b[Math.floor(arguments[0] * b.length)]; one.click();"
        "return one.textContent;", float(rng.random()))


@pytest.mark.parametrize("game", game_names())
def test_a_person_plays_a_whole_game_through_the_page(site, browser, game):
    from PIL import Image

    browser.get(site + "/")
    wait(lambda: len(Select(browser.find_element(By.ID, "game")).options) == len(OPTIONS))
    Select(browser.find_element(By.ID, "game")).select_by_value(game)
    box = browser.find_element(By.ID, "kwargs")
    box.clear()
    box.send_keys(OPTIONS[game])
    browser.execute_script("document.getElementById('kwargs').onchange()")
    wait(lambda: browser.find_element(By.ID, "seats").get_attribute("data-game") == game,
         timeout=60)
    wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#seats select"))
    time.sleep(0.2)  # (the seat rows of these options)
    seats = browser.find_elements(By.CSS_SELECTOR, "#seats select")
    assert Select(seats[0]).first_selected_option.text == "human"
    for s in seats[1:]:
        assert Select(s).first_selected_option.text.endswith("/heuristic")
    browser.find_element(By.ID, "start").click()
    wait(lambda: browser.find_element(By.ID, "play").is_displayed())

    rng = np.random.default_rng(0)
    clicks = 0
    while True:
        result = browser.find_element(By.ID, "result").text
        if result:
            break
        # one of the move buttons now shown, picked and clicked at once (the page
        # redraws its buttons after every move)
        clicked = browser.execute_script(
            "const b = document.querySelectorAll('#moves button:not([disabled])');"
            "if (!b.length) return null;"
            "const one = b[Math.floor(arguments[0] * b.length)]; one.click();"
            "return one.textContent;", float(rng.random()))
        if clicked is None:
            time.sleep(0.02)
            continue
        clicks += 1
        if clicks == 6:
            screenshot(browser, game)
        assert clicks < 3000, "the game did not end"
    if clicks < 6:  # a short game: its end
        screenshot(browser, game)
    assert "returns" in result and clicks > 0
    # said from the person's side (seat 0), never "win: returns [-1, 1]"
    assert result.startswith(("You won", "You lost", "Everyone won", "Cut off")), result
    assert browser.find_element(By.ID, "prompt").text == "Game over"
    # the log reads as sentences from the person's seat, not raw event records
    lines = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    assert len(lines) > 3
    for line in lines[-20:]:
        assert line[0].isupper() and line[-1] in ".!" and not any(
            c in line for c in "{[="), line
    replay = browser.find_element(By.ID, "replay").get_attribute("href")
    assert "/v1/sessions/" in replay and replay.endswith("/replay")

    # the table is drawn: the SVG has shapes, and its picture is not a blank page
    svg = browser.find_element(By.ID, "table")
    assert len(svg.find_elements(By.CSS_SELECTOR, "rect, circle, line, text")) > 5
    picture = np.asarray(Image.open(io.BytesIO(svg.screenshot_as_png)).convert("RGB"))
    background = np.array([0xFF, 0xFD, 0xF8])
    drawn = (np.abs(picture.astype(int) - background).sum(axis=-1) > 30).mean()
    colours = len(np.unique(picture.reshape(-1, 3), axis=0))
    assert drawn > 0.02 and colours > 8, (drawn, colours)


def test_the_setup_page_shows_no_table_and_the_last_game_chosen_wins(site, browser):
    browser.get(site + "/")
    wait(lambda: len(Select(browser.find_element(By.ID, "game")).options) == len(OPTIONS))
    # the play area (table, log, replay link) is hidden until a game starts
    assert not browser.find_element(By.ID, "play").is_displayed()
    assert not browser.find_element(By.ID, "replay").is_displayed()
    # switching games quickly: the seat list is the last game's, whatever order the
    # server's answers come in
    browser.execute_script(
        "const g = document.getElementById('game');"
        "for (const name of ['mazerunner', 'labyrinth_cards', 'maze_party']) {"
        "  g.value = name; g.onchange(); }")
    wait(lambda: browser.find_element(By.ID, "seats").get_attribute("data-game")
         == "maze_party", timeout=60)
    time.sleep(1.0)  # (any slower, older answer would have arrived by now)
    seats = browser.find_elements(By.CSS_SELECTOR, "#seats select")
    party = browser.execute_script(
        "return fetch('/v1/games/maze_party/seats?kwargs=' + encodeURIComponent("
        "document.getElementById('kwargs').value)).then(r => r.json())")
    assert len(seats) == party["seats"]


def test_the_table_fits_a_phone(site, browser):
    browser.set_window_size(390, 844)
    try:
        browser.get(site + "/")
        wait(lambda: len(Select(browser.find_element(By.ID, "game")).options))
        Select(browser.find_element(By.ID, "game")).select_by_value("labyrinth_cards")
        wait(lambda: browser.find_element(By.ID, "seats").get_attribute("data-game")
             == "labyrinth_cards", timeout=60)
        browser.find_element(By.ID, "start").click()
        wait(lambda: browser.find_element(By.ID, "play").is_displayed())
        width = browser.execute_script(
            "return document.getElementById('table').getBoundingClientRect().width")
        viewport = browser.execute_script("return document.documentElement.clientWidth")
        assert 0 < width <= viewport
    finally:
        browser.set_window_size(1280, 1000)


@pytest.mark.parametrize("game, options, cell", [
    ("labyrinth_cards", '{"num_players": 2}', r"row \d+ col \d+"),
    ("dungeon_crawler", '{"num_players": 2, "max_rounds": 4}', r"square \d+,\d+"),
])
def test_a_click_on_the_board_plays_the_move_naming_that_cell(site, browser, game,
                                                               options, cell):
    import re

    start_game(browser, site, game, options)
    rng = np.random.default_rng(1)
    for _ in range(400):  # moves until the board offers cells to click
        targets = browser.find_elements(By.CSS_SELECTOR, "#table [data-target]")
        if targets and not browser.find_element(By.ID, "result").text:
            break
        click_a_move(browser, rng)
        time.sleep(0.05)
    else:
        pytest.fail("the board never offered a cell")
    target = targets[0].get_attribute("data-target")
    assert re.fullmatch(cell, target)
    before = len(browser.find_elements(By.CSS_SELECTOR, "#log li"))
    names = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#moves button")]
    naming = [n for n in names if re.search(re.escape(target) + r"(?!\d)", n)]
    assert naming  # the cell is one a legal move names
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", targets[0])
    if len(naming) == 1:  # played at once: the log grew
        wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#log li")) > before)
    else:  # several moves there (turns of a card): only they are offered
        wait(lambda: "moves at" in browser.find_element(By.ID, "prompt").text)
        shown = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#moves button")
                 if b.is_displayed()]
        assert sorted(shown) == sorted(naming)


def test_magic_shows_a_cards_text_on_hover_and_the_turn_step(site, browser):
    from labyrinth_gym.envs.magic.engine.cards import card_pool

    start_game(browser, site, "magic", '{"num_players": 2}')
    status = browser.find_element(By.CSS_SELECTOR, "#table .status").text
    assert status.startswith("turn ") and "turn" in status
    prompt = browser.find_element(By.ID, "prompt").text
    assert prompt.startswith("Your move") or prompt.startswith("Waiting")
    card = wait(lambda: browser.find_elements(By.CSS_SELECTOR, "#table [data-card]"))[0]
    name = card.get_attribute("data-card")
    browser.execute_script(
        "arguments[0].dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))", card)
    wait(lambda: browser.find_element(By.ID, "card-name").text)
    printed = card_pool()[name]
    assert browser.find_element(By.ID, "card-name").text.startswith(name)
    assert printed.type_line in browser.find_element(By.ID, "card-type").text
    # the text is the card data package's, read at run time by the server
    text = browser.find_element(By.ID, "card-text").text
    assert " ".join(text.split()) == " ".join(printed.text.split())


def test_every_game_has_its_screenshot_in_the_readme():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for game in game_names():
        assert (SCREENSHOTS / f"{game}.png").is_file(), game
        assert f"docs/screenshots/{game}.png" in readme, game
