"""The local table in a real browser: ``python bot.py`` without a token, run from a terminal,
serves the bot's channel on a simulated Discord; Chromium starts Koi-Koi against the CPU there
and plays three moves by clicking, as a newcomer would.

It drives the system's Chromium (Debian's ``chromium`` and ``chromium-driver``; ``.ci/run``
installs them) through Selenium. Every wait is for something to show on the page, with a
generous deadline: a slow machine only makes it slower.
"""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium binary: apt-get install chromium chromium-driver (.ci/run does it)",
)

START_DEADLINE = 600.0  # the first start draws every game's cards: ~20 s idle, minutes when loaded
# Anything else: a CPU's move, a click's answer, an image drawn. Alone beside two busy processes
# the whole test takes ~125 s; in the whole suite beside them (Chromium, the other test worker and
# the two spinners on 2 cores) one step once took more than 180 s: a wait, not a speed test.
DEADLINE = 600.0
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)
PLAY = re.compile(r"^(1[0-2]|[1-9])[a-d]\b")  # a move's first step: the card played ("3a Cherry…")
# The same move's next steps: the field card the drawn card takes, then Koi-Koi! or stop.
GOES_ON = re.compile(r"^take (1[0-2]|[1-9])[a-d]\b|🔥|✋")


class LocalTable:
    """``bot.py`` running with a terminal as its standard input, and the address it printed."""

    def __init__(self, process: subprocess.Popen[bytes], url: str, printed: list[str]) -> None:
        self.process, self.url, self.printed = process, url, printed


def read_until_url(process: subprocess.Popen[bytes], deadline: float) -> tuple[str, list[str]]:
    assert process.stdout is not None
    printed: list[str] = []
    buffer = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 1.0)
        if not ready:
            assert process.poll() is None, f"bot.py exited ({process.returncode}): {printed}"
            continue
        chunk = os.read(process.stdout.fileno(), 4096)
        assert chunk, f"bot.py closed its output: {printed}"
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        printed += [line.decode() for line in lines]
        for line in printed:
            if found := re.search(r"http://127\.0\.0\.1:\d+/#\S+", line):
                return found.group(0), printed
    raise AssertionError(f"no address printed in {START_DEADLINE:.0f} s: {printed}")


@pytest.fixture
def local_table(tmp_path: Path) -> Iterator[LocalTable]:
    """``python bot.py`` in a terminal, no token; Ctrl+C at the end must stop it cleanly."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL")}
    env["BROWSER"] = "true"  # "open it in the browser" runs `true <address>`: the test opens it
    terminal, terminal_end = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        stdin=terminal_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(terminal_end)
    try:
        url, printed = read_until_url(process, time.monotonic() + START_DEADLINE)
        yield LocalTable(process, url, printed)
        process.send_signal(signal.SIGINT)  # Ctrl+C
        _, err = process.communicate(timeout=DEADLINE)
        assert process.returncode == 0, err.decode()
        assert b"Traceback" not in err, err.decode()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(terminal)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    driver_path = shutil.which("chromedriver")
    assert driver_path, "chromium is installed but chromedriver is not: apt-get install chromium-driver"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(driver: Any, condition: Callable[[Any], Any], what: str, timeout: float = DEADLINE) -> Any:
    """Poll the page until ``condition`` returns something truthy (elements re-rendered under
    the test are looked up again)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    waiting = WebDriverWait(
        driver, timeout, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException)
    )
    return waiting.until(condition, message=f"waited {timeout:.0f} s for {what}")


def read(driver: Any, look: Callable[[Any], Any], what: str) -> Any:
    """What ``look`` returns, None included, read again if the page re-rendered the element
    under it (a stale element is a republished page, not an answer)."""
    return wait_for(driver, lambda d: (look(d),), what)[0]


def click_when(driver: Any, find: Callable[[Any], Any], what: str) -> None:
    """Click what ``find`` returns once it shows, finding it again if the page re-rendered it
    between the look and the click."""

    def attempt(d: Any) -> bool:
        target = find(d)
        if target is None:
            return False
        target.click()
        return True

    wait_for(driver, attempt, what)


def messages(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "#channel-message-list article.channel-message")


def board(driver: Any) -> Any:
    """The newest public post carrying the table image."""
    from selenium.webdriver.common.by import By

    boards = [
        m
        for m in messages(driver)
        if "Only you can see this" not in m.text and m.find_elements(By.CSS_SELECTOR, "img[alt='table.png']")
    ]
    return boards[-1] if boards else None


def hand(driver: Any) -> Any:
    """The newest message only this player sees (their live hand)."""
    private = [m for m in messages(driver) if "Only you can see this" in m.text]
    return private[-1] if private else None


def buttons(message: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    found = message.find_elements(By.CSS_SELECTOR, "button.component-button")
    return [b for b in found if b.get_attribute("aria-disabled") != "true" and b.is_enabled()]


def step_buttons(message: Any, step: re.Pattern[str]) -> list[Any]:
    return [b for b in buttons(message) if step.search(b.text.strip())]


def click_until(driver: Any, find: Callable[[], Any], done: Callable[[], bool], what: str) -> None:
    """Click what ``find`` returns until ``done``. A click the preview refused (the page had been
    republished since it was read) changed nothing and is made again on the fresh page."""
    from selenium.webdriver.common.by import By

    refused = "Action was not completed."

    def attempt(_: Any) -> bool:
        if done():
            return True
        target = find()
        if target is None:
            return False
        status = driver.find_element(By.ID, "action-status")
        driver.execute_script("arguments[0].textContent = ''", status)  # this click's answer only
        target.click()
        wait_for(
            driver,
            lambda d: done() or d.find_element(By.ID, "action-status").text == refused,
            f"the answer to {what}",
        )
        return done()

    wait_for(driver, attempt, what)


def hand_changed(driver: Any, before: str) -> bool:
    """Whether this player's live hand now reads otherwise than ``before``."""
    return hand(driver) is not None and hand(driver).text != before


def suggestion(value: str, driver: Any) -> Any:
    """The autocomplete suggestion of ``value`` on the page."""
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, f".command-suggestion[data-value='{value}']")


def offered(driver: Any, step: re.Pattern[str]) -> Any:
    """The first button of ``step`` in this player's newest private message, or None."""
    mine = hand(driver)
    found = step_buttons(mine, step) if mine is not None else []
    return found[0] if found else None


def play_one_move(driver: Any) -> None:
    """Open the hand if it is not open, click a card, then the same move's next steps (the field
    card the drawn card takes, Koi-Koi or stop) until none is offered: one move, however fast the
    CPU answers."""

    def open_hand_button() -> Any:
        for message in reversed(messages(driver)):
            found = [b for b in buttons(message) if b.text.strip().lower().endswith("my hand")]
            if found:
                return found[-1]
        return None

    wait_for(driver, lambda d: offered(d, PLAY) or open_hand_button(), "the turn to come")
    if offered(driver, PLAY) is None:
        click_until(driver, open_hand_button, lambda: offered(driver, PLAY) is not None, "My hand")
    step = PLAY
    while read(driver, partial(offered, step=step), "the hand's buttons") is not None:
        before = read(driver, lambda d: hand(d).text, "the hand")
        click_until(
            driver,
            partial(offered, driver, step),
            partial(hand_changed, driver, before),
            f"a {'card' if step is PLAY else 'next step'} button in the hand",
        )
        step = GOES_ON


def start_koikoi_against_the_cpu(driver: Any) -> None:
    from selenium.webdriver.common.by import By

    wait_for(
        driver,
        lambda d: "Welcome to Tsuki" in d.find_element(By.ID, "channel-message-list").text,
        "the welcome",
    )

    def type_the_command(d: Any) -> bool:
        composer = d.find_element(By.ID, "channel-composer-input")
        composer.click()
        composer.clear()  # typed again from the start if the page re-rendered it mid-word
        composer.send_keys("/koikoi start")
        return True

    wait_for(driver, type_the_command, "the composer")

    def command_picked(d: Any) -> bool:  # typed whole, the command may be picked already
        if d.find_elements(By.CSS_SELECTOR, ".command-suggestion[data-value='opponent']"):
            return True
        commands = [
            s for s in d.find_elements(By.CSS_SELECTOR, ".command-entry") if "/koikoi start" in s.text
        ]
        if commands:
            commands[0].click()
        return False  # looked again: its options show once the pick has landed

    wait_for(driver, command_picked, "the /koikoi start suggestion")
    for value in ("opponent", "cpu"):
        click_when(driver, partial(suggestion, value), value)
    wait_for(
        driver, lambda d: d.find_element(By.CSS_SELECTOR, ".command-pill[data-option='opponent']"), "opponent"
    )
    click_when(driver, lambda d: d.find_element(By.ID, "send-message"), "the send button")


def test_a_newcomer_plays_koikoi_against_the_cpu_in_chromium(local_table: LocalTable, browser: Any) -> None:
    assert any("simulated Discord" in line for line in local_table.printed), local_table.printed
    browser.get(local_table.url)
    start_koikoi_against_the_cpu(browser)
    first = wait_for(browser, lambda d: board(d) and board(d).text, "the first board post with its image")
    boards_seen = [first]
    for move in range(3):
        play_one_move(browser)
        changed = wait_for(
            browser,
            lambda d: board(d) is not None and board(d).text not in boards_seen and board(d).text,
            f"the board to change after move {move + 1}",
        )
        boards_seen.append(changed)
    assert "Player 1" in boards_seen[-1], "the board names the player"
    assert len(set(boards_seen)) == 4, "the board changed after each of the three moves"
