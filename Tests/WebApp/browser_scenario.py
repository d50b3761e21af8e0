#!/usr/bin/env python3
"""The web app in a real headless Chromium (Debian's chromium and chromium-driver, driven with selenium).

Run by WebAppBrowserTests (scripts/test) against a running `fcgen serve`:

    browser_scenario.py BASE_URL --size phone:TOKEN --size desktop:TOKEN --admin TOKEN --topic NAME --cards N \
        --shots DIR [--katex] [--reset phone:NAME:CODE --reset desktop:NAME:CODE]
    browser_scenario.py BASE_URL --lan TOKEN --topic NAME --shots DIR

For each size (phone 390x844, desktop 1440x900), one after the other in one Chromium (its viewport set per size,
everything it kept of the app cleared between them), with its own learner's token: a bad token shows a readable error;
sign in; the topic list shows the topic with its card count; the feed flips a card by keyboard (its picture shown
on both faces), moves on and records "understood"; a 10-card learn session (its first card's picture on both faces) by keyboard alone (Space, 1-4, U undoing the first answer) ends on a summary with XP; Me shows
the XP, the calendar's today changed, a mystery box opens with a reveal, challenges, achievements and the
leaderboard; a quiz with a wrong and an empty answer; then as the admin a new topic generates 2 batches shown as
they arrive, a card is added and a CSV with a bad row is refused with its line:column. No page is wider than the window, and the browser log holds no error except the deliberate 401. One
`ok …` line per step on stdout, screenshots of every screen in DIR; exit 0 only when everything held.

`--install TOKEN --phase online|offline --profile DIR` runs one phase of the installable-app scenario
(install_steps): installable, the shell cached, then with the server stopped the shell loads from the cache.

`--offline TOKEN` runs the offline-study scenario (offline_steps) at phone size on localhost: 15 answers given with
the network off, a reload among them, sent when it is back.

`--lan TOKEN` runs the short LAN scenario instead (lan_scenario): a phone opening the app at a name that is not
localhost (LAN_HOST, mapped to the server's address), so the page is not a secure context."""
import argparse
import json
import os
import pathlib
import random
import re
import shutil
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

import account_steps
import deck_steps
import game_steps
import install_steps
import lan_steps
import learn_steps
import nav_steps
import offline_steps
import picture_steps
import reminder_steps

SIZES = {"phone": (390, 844, True), "desktop": (1440, 900, False)}
# How long a wait, a script or a page load may take before it is a failure: FCTestSupport's TestPatience (five
# minutes). A hang guard, never a margin: every wait ends as soon as what it waits for happened, and a browser starved
# by a loaded 2-core machine must not fail a step that would pass (15 s, the old limit, is within its stalls).
PATIENCE = 300
# The LAN scenario's host name: Chromium resolves it to the server's address (--host-resolver-rules), so the page
# is served over plain HTTP from a name that is not localhost, as on a phone opening http://192.168.1.20:8080/.
LAN_HOST = "fcgen.test"
RATINGS = "3423134324"  # ten answers, every rating used


class Failure(Exception):
    pass


def executable(*names):
    for name in names:
        found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None)
        if found:
            return found
    return None


def chrome(options):
    """Starts chromedriver and Chromium on an explicit driver (selenium never tries to download one).

    The driver's port is picked here, below the kernel's ephemeral range: selenium's own pick binds port 0 and closes
    it before chromedriver binds it, and another test's server, which binds port 0, could take it in between. No
    port-0 bind is handed a port below that range; two browser tests drawing the same number make one driver fail to
    bind, and it is started again on another."""
    low = 32768
    try:
        low = int(pathlib.Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    attempts = 4
    for attempt in range(attempts):
        port = random.randint(max(1024, low - 12000), low - 1)
        try:
            return webdriver.Chrome(service=Service(executable_path=executable("chromedriver"), port=port),
                                    options=options)
        except WebDriverException as error:
            if attempt == attempts - 1:
                raise
            first_line = (str(error).splitlines() or [""])[0]
            print(f"chromedriver on port {port} did not start ({first_line}); trying another port", file=sys.stderr)


# What keeps a headless Chromium busy besides the page, switched off: its own network chatter (component and
# safe-browsing updates, translation, media router, metrics), and animations (prefers-reduced-motion: the app's
# toasts, batches and box reveals then show at once in their final place, as for a person who asked for that).
QUIET_FLAGS = ("--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-default-apps", "--no-default-browser-check", "--disable-breakpad", "--mute-audio",
               "--disable-client-side-phishing-detection", "--disable-domain-reliability", "--password-store=basic",
               "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
               "--force-prefers-reduced-motion")


def browser(width, height, mobile, extra=()):
    options = webdriver.ChromeOptions()
    options.binary_location = executable("chromium", "chromium-browser")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--no-first-run", "--disable-extensions", "--lang=en-US",
                 *QUIET_FLAGS, *extra):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = chrome(options)
    driver.set_script_timeout(PATIENCE)
    driver.set_page_load_timeout(PATIENCE)
    emulate(driver, width, height, mobile)
    return driver


def emulate(driver, width, height, mobile):
    """The page's viewport from now on: `width` x `height` CSS pixels, as a phone (mobile) or a desktop window."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def forget(driver, base):
    """Leaves the app and clears everything the browser kept of BASE (cookies, storage, caches, the service worker)
    and its HTTP cache: the next size starts as a browser that never saw the app, in the same Chromium (one
    Chromium for both sizes: starting it again cost a second browser's start-up and warm-up)."""
    driver.get("about:blank")
    origin = urllib.parse.urlunsplit(urllib.parse.urlsplit(base)._replace(path="", query="", fragment=""))
    driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})


# What a phone-first layout promises on every screen: the navigation one row of targets of at least 44 px (at the
# bottom on a phone), and a toast that covers no control of the screen.
LAYOUT_CHECK = """
const problems = [];
const nav = document.getElementById("nav");
if (nav && !nav.hidden) {
  const links = [...nav.querySelectorAll("a")];
  const rows = new Set(links.map((a) => Math.round(a.getBoundingClientRect().top)));
  if (rows.size > 1) problems.push(`the navigation wraps to ${rows.size} rows`);
  for (const a of links) {
    const r = a.getBoundingClientRect();
    if (r.height < 44 || r.width < 44) problems.push(`the ${a.textContent} tab is ${Math.round(r.width)}x${Math.round(r.height)} px`);
  }
  if (window.innerWidth < 720 && Math.round(nav.getBoundingClientRect().bottom) !== window.innerHeight)
    problems.push("the phone navigation is not at the bottom of the screen");
}
const toast = document.getElementById("toast");
if (toast && !toast.hidden) {
  const t = toast.getBoundingClientRect();
  for (const c of document.querySelectorAll("main button, main a.button, main input, main select, main textarea, #nav a, #sign-out")) {
    const r = c.getBoundingClientRect();
    if (r.width && r.height && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
      problems.push(`the toast covers ${(c.textContent || c.id || c.name).trim()}`);
  }
}
return problems;
"""


class Scenario:
    def __init__(self, driver, size, base, shots, timeout=PATIENCE, width=None):
        self.driver = driver
        self.size = size
        self.width = width or SIZES[size][0]
        self.base = base
        self.shots = shots
        # Screens redraw parts of themselves (a box opened, a batch arrived): an element read while it is being
        # replaced is read again, not a failure.
        # Looked at every 50 ms, not selenium's 500: most waits are for a redraw that takes a few milliseconds, and
        # the scenario's ~300 waits spent most of its wall time asleep between two looks.
        self.wait = WebDriverWait(driver, timeout, poll_frequency=0.05,
                                  ignored_exceptions=[StaleElementReferenceException])

    def ok(self, text):
        print(f"ok {self.size}: {text}", flush=True)

    def shot(self, name):
        self.settled()
        self.driver.save_screenshot(str(self.shots / f"{name}-{self.size}.png"))

    def settled(self):
        """Waits until the page's fonts (KaTeX's among them) have loaded and two frames were drawn after: what the
        screenshot shows is then what a person sees. No animation is left to wait for (--force-prefers-reduced-motion)."""
        self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done())));""")

    def failure(self, text):
        return Failure(f"{self.size}: {text}; page says: {self.page_text()!r}")

    def find(self, css):
        try:
            return self.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, css)))
        except TimeoutException:
            raise Failure(f"{self.size}: nothing visible matches {css!r} on {self.driver.current_url}; "
                          f"page says: {self.page_text()!r}")

    def until(self, what, condition):
        try:
            return self.wait.until(lambda _: condition())
        except TimeoutException:
            raise Failure(f"{self.size}: {what} did not happen; page says: {self.page_text()!r}")

    def page_text(self):
        return self.driver.find_element(By.TAG_NAME, "main").text[:400]

    def keys(self, *keys):
        self.driver.switch_to.active_element.send_keys(*keys)

    def heading(self):
        return self.driver.find_element(By.CSS_SELECTOR, "main h1").text

    def fits(self, screen):
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        # On a mobile viewport the window grows to fit what overflows, so the size's own width is the limit too.
        inner = min(self.driver.execute_script("return window.innerWidth"), self.width)
        if width > inner:
            raise Failure(f"{self.size}: {screen} is {width}px wide in a {inner}px window")
        problems = self.driver.execute_script(LAYOUT_CHECK)
        if problems:
            raise Failure(f"{self.size}: {screen}: {'; '.join(problems)}")
        # A value the app forgot to format shows as JavaScript's words for nothing.
        leaked = re.findall(r"\b(null|undefined|NaN|\[object Object\])\b", self.driver.find_element(By.TAG_NAME, "body").text)
        if leaked:
            raise Failure(f"{self.size}: {screen} shows {leaked}: {self.page_text()!r}")

    def run(self, token, topic, cards, katex, admin, reset=None):
        d = self.driver
        d.get(self.base + "/")
        field = self.find("input#token")
        if d.find_element(By.ID, "sign-out").is_displayed() or d.find_element(By.ID, "nav").is_displayed():
            raise Failure(f"{self.size}: signed out, but the navigation or Sign out shows")
        if d.execute_script("return document.activeElement.id") != "account-name":
            raise Failure(f"{self.size}: the name field does not have the focus")
        self.fits("sign-in")
        self.shot("signin")
        field.send_keys("fcg_not-a-real-token", Keys.ENTER)
        error = self.find("main .error[role=alert]")
        if "unknown, expired or revoked" not in error.text:
            raise Failure(f"{self.size}: a bad token says {error.text!r}")
        if d.execute_script("return localStorage.getItem('fcgen.token')") is not None:
            raise Failure(f"{self.size}: a refused token was kept")
        self.shot("signin-error")
        self.ok(f"a bad token says: {error.text}")

        field.clear()
        field.send_keys(token, Keys.ENTER)
        row = self.find(f"li.topic[data-topic-id]")
        self.until("the topic list", lambda: topic in [e.text for e in d.find_elements(By.CSS_SELECTOR, "li.topic h2")])
        row = next(e for e in d.find_elements(By.CSS_SELECTOR, "li.topic") if e.find_element(By.TAG_NAME, "h2").text == topic)
        count = row.find_element(By.CSS_SELECTOR, ".cards-count").text
        if count != f"{cards} cards":
            raise Failure(f"{self.size}: the topic list says {count!r}, the API {cards} cards")
        counts = row.find_element(By.CSS_SELECTOR, ".topic-counts").text
        if not re.search(r"· \d+ due · \d+ new · \d+ known", counts):
            raise Failure(f"{self.size}: the topic's counts say {counts!r}, without its new cards")
        streak = d.find_element(By.CSS_SELECTOR, "p.streak")
        if not re.search(r"streak", streak.text, re.IGNORECASE):
            raise Failure(f"{self.size}: the streak line says {streak.text!r}")
        if token in d.current_url:
            raise Failure(f"{self.size}: the token is in the URL")
        self.fits("topics")
        self.shot("topics")
        self.ok(f"signed in; topics list {topic!r} with {count}")

        before = game_steps.today(self)
        nav_steps.slow_screen_stays_behind(self)
        game_steps.nav(self, "topics")
        self.until("the topic list again", lambda: topic in [e.text for e in d.find_elements(By.CSS_SELECTOR, "li.topic h2")])
        row = next(e for e in d.find_elements(By.CSS_SELECTOR, "li.topic") if e.find_element(By.TAG_NAME, "h2").text == topic)
        row.find_element(By.CSS_SELECTOR, "a[href^='#/feed/']").send_keys(Keys.ENTER)
        card = self.find("article.flashcard[data-card-id]")
        first = card.get_attribute("data-card-id")
        self.find("article.flashcard .question")
        # The test gave the topic's first card a picture: on both faces, loaded from the API.
        front = picture_steps.on(self, "article.flashcard .face.front", "the feed's question")
        self.shot("feed-question")
        self.keys(" ")
        self.find("article.flashcard.flipped .answer")
        picture_steps.on(self, "article.flashcard.flipped .face.back", "the feed's answer")
        self.ok(f"feed: the card's picture shown on the question and the answer ({picture_steps.describe(front)})")
        self.until("the flip announced", lambda: d.find_element(By.ID, "announcer").get_attribute("textContent").startswith("Answer:"))
        self.fits("feed")
        self.shot("feed-answer")
        self.ok("feed: Space flipped the card and the answer was announced")
        self.keys(Keys.ARROW_DOWN)
        self.until("the next card", lambda: d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") != first)
        second = d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id")
        self.keys(Keys.ARROW_UP)
        self.until("the previous card", lambda: d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") == first)
        self.keys(Keys.ARROW_RIGHT)
        toast = self.find("#toast:not([hidden])")
        if not re.fullmatch(r"\+\d+ XP", toast.text):
            raise Failure(f"{self.size}: understood shows {toast.text!r}")
        self.fits("feed with its toast")
        self.until("the card after the understood one", lambda: d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id") == second)
        self.shot("feed-understood")
        self.ok(f"feed: ↓ and ↑ moved between cards, → recorded understood ({toast.text})")
        bookmarked = deck_steps.bookmark_in_feed(self)

        d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=learn]").send_keys(Keys.ENTER)
        start = self.find("form.learn-setup button[type=submit]")
        boxes = d.find_elements(By.CSS_SELECTOR, "input[name=topic]")
        if not any(box.is_selected() for box in boxes):
            boxes[0].send_keys(" ")
        ten = d.find_element(By.ID, "size-10")
        if not ten.is_selected():
            raise Failure(f"{self.size}: 10 cards is not the default")
        self.fits("learn setup")
        self.shot("learn-setup")
        start.send_keys(Keys.ENTER)
        first_asked = None
        # Learning steps: a new card not passed (badger: rated again, hard or good) comes back later in the session,
        # marked "again", and the progress counts cards passed, not answers. First sights take RATINGS in turn; a
        # card that came back is rated easy (passed). The summary counts every answer given.
        given = []  # (rating, whether the card came back)
        undone = False

        def line():
            lines = d.find_elements(By.CSS_SELECTOR, ".progress-line")
            return lines[0] if lines else None

        def answered():
            # One look: the line may be drawn again between two.
            current = line()
            try:
                return current.get_attribute("data-answered") if current else None
            except StaleElementReferenceException:
                return None

        def shown_card():
            return d.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id")

        while True:
            self.find("article.flashcard[aria-label=Question], section.summary")
            if d.find_elements(By.CSS_SELECTOR, "section.summary"):
                break
            repeat = "again" in line().text
            seen = sum(1 for g in given if not g[1])
            if not repeat and seen >= len(RATINGS):
                raise Failure(f"{self.size}: an eleventh new card: {line().text!r}")
            rating = "4" if repeat else RATINGS[seen]
            if not given:
                self.until("card 1", lambda: "Card 1 of 10" in line().text)
                first_asked = shown_card()
                # The test gave the Learn topic's first card a picture: a new session asks it first.
                asked_picture = picture_steps.on(self, "article.flashcard[aria-label=Question]", "Learn's question")
                self.shot("learn-question")
            elif len(given) == 1 and not undone:
                # The first card was rated good: on badger's step, not passed, so the second card is card 1 too.
                self.until("card 1 still to pass", lambda: "Card 1 of 10" in line().text)
                # U takes the first answer back (its review, its XP, its come-back): the first card is asked again.
                self.keys("u")
                self.until("the undone card asked again", lambda: answered() == "0" and shown_card() == first_asked)
                self.ok("learn: U took the first answer back and asked its card again")
                undone = True
                given.clear()
                continue
            self.keys(" ")
            self.find("article.flashcard[aria-label=Answer] .answer")
            if not given and not undone:
                picture_steps.on(self, "article.flashcard[aria-label=Answer]", "Learn's answer")
                self.ok(f"learn: the card's picture shown on the question and the answer "
                        f"({picture_steps.describe(asked_picture)})")
                self.fits("learn")
                self.shot("learn-answer")
                # Each rating button says when the card comes back, as the scheduler will record it.
                shown = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".ratings .rate .interval")]
                if len(shown) != 4 or not all(re.fullmatch(r"\d+(\.\d)? (min|h|d|mo|y)", t) for t in shown):
                    raise Failure(f"{self.size}: the rating buttons show intervals {shown}")
                self.ok(f"learn: the rating buttons show when the card comes back: {shown}")
            self.keys(rating)
            given.append((rating, repeat))
            self.until(f"answer {len(given)} taken", lambda: d.find_elements(By.CSS_SELECTOR, "section.summary")
                       or answered() == str(len(given)))
        repeats = sum(1 for g in given if g[1])
        passed_at_once = sum(1 for r in RATINGS if r == "4")
        if len(given) != len(RATINGS) + repeats or repeats != len(RATINGS) - passed_at_once:
            raise Failure(f"{self.size}: {len(given)} answers, {repeats} to cards that came back")
        self.ok(f"learn: {repeats} cards came back until passed ({len(given)} answers for 10 cards)")
        self.spaced_answers = len(given)
        self.find("section.summary")
        stats = {e.get_attribute("data-stat"): e.find_element(By.TAG_NAME, "dd").text
                 for e in d.find_elements(By.CSS_SELECTOR, "section.summary .stat")}
        if stats.get("answered") != str(len(given)) or int(stats.get("xp", "0")) <= 0 or not stats.get("streak", "").endswith(("day", "days")):
            raise Failure(f"{self.size}: the summary says {stats}")
        rewards = d.find_element(By.CSS_SELECTOR, "section.summary .rewards")
        if not 3 <= int(rewards.get_attribute("data-boxes")) <= 5 or "mystery boxes" not in rewards.text:
            raise Failure(f"{self.size}: the summary's rewards say {rewards.text!r}")
        if int(stats["correct"]) + int(stats["failed"]) != len(given) or stats["failed"] != "1":
            raise Failure(f"{self.size}: one card was rated again, the summary says {stats}")
        average = sum(int(g[0]) for g in given) / len(given)
        if stats.get("average") != f"{average:.1f}":
            raise Failure(f"{self.size}: average rating {stats.get('average')}, expected {average:.1f}")
        missed = d.find_elements(By.CSS_SELECTOR, "section.missed ul.missed-cards li a")
        if len(missed) != 1 or not missed[0].get_attribute("href").split("#")[-1].startswith("/decks/"):
            raise Failure(f"{self.size}: one card was rated again, the summary lists {[m.text for m in missed]}")
        self.ok(f"learn: the summary lists the missed card {missed[0].text!r}, linked to its deck")
        self.fits("summary")
        self.shot("learn-summary")
        self.ok(f"learn: 10 cards by keyboard; summary {json.dumps(stats, sort_keys=True)}")

        again = d.switch_to.active_element
        if again.text != "Learn again":
            raise Failure(f"{self.size}: the focus after the summary is on {again.text!r}")
        learn_steps.resume_after_reload(self)

        d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=me]").send_keys(Keys.ENTER)
        total = self.find("[data-stat=total-xp] dd")
        self.find("[role=progressbar]")
        if int(total.text) < int(stats["xp"]):
            raise Failure(f"{self.size}: Me shows {total.text} XP after a session that earned {stats['xp']}")
        self.fits("me")
        self.shot("me")
        self.ok(f"me: {self.heading()} has {total.text} XP")
        # The feed's understood card and the session's answers (ten cards and those that came back) are today's reviews.
        game_steps.me_after_study(self, before, 1 + self.spaced_answers)
        deck_steps.bookmarks_on_me(self, bookmarked)
        reminder_steps.on_me(self)
        game_steps.quiz(self, topic)
        learn_steps.mcq_by_pick(self, "Solar system")
        deck_steps.search_and_filter(self, katex)

        if katex:
            typeset = d.execute_async_script("""
                const done = arguments[arguments.length - 1];
                import('/app/js/math.js').then(({ richText }) => {
                  const element = richText('Half: $\\\\frac{1}{2}$');
                  document.querySelector('main').append(element);
                  const poll = () => element.querySelector('.katex') ? done(true) : setTimeout(poll, 50);
                  poll();
                  setTimeout(() => done(false), 8000);
                });""")
            if not typeset:
                raise Failure(f"{self.size}: KaTeX did not typeset a formula")
            self.ok("maths typeset with KaTeX")

        d.find_element(By.ID, "sign-out").send_keys(Keys.ENTER)
        self.find("input#token")
        if d.execute_script("return localStorage.getItem('fcgen.token')") is not None:
            raise Failure(f"{self.size}: signing out left the token behind")
        self.ok("signed out")
        account_steps.password(self)
        if reset:
            account_steps.reset_link(self, *reset)
        game_steps.admin(self, admin, f"Volcanoes {self.size}", self.shots)

    def console_errors(self):
        problems = []
        for entry in self.driver.get_log("browser"):
            if entry["level"] not in ("SEVERE", "ERROR"):
                continue
            # The errors the scenario causes on purpose: the refused token's 401 from /v1/me, ...
            if entry.get("source") == "network" and "/v1/me" in entry["message"] and "401" in entry["message"]:
                continue
            # And the too-short password's refusal at sign-up (account_steps).
            if entry.get("source") == "network" and "/v1/signup" in entry["message"] and "400" in entry["message"]:
                continue
            # And the wrong current password on Me, and the reset link opened a second time (account_steps).
            if entry.get("source") == "network" and "/v1/me/password" in entry["message"] and "403" in entry["message"]:
                continue
            if (entry.get("source") == "network" and "/v1/account/password-reset" in entry["message"]
                    and "403" in entry["message"]):
                continue
            # And the bad CSV's refusal, which the deck shows as line:column.
            if entry.get("source") == "network" and "/import?" in entry["message"] and "422" in entry["message"]:
                continue
            # And the offline server's refusal of a topic without recorded replies, before "store fallback anyway".
            if entry.get("source") == "network" and "/generations" in entry["message"] and "400" in entry["message"]:
                continue
            problems.append(entry["message"])
        return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--size", action="append", help="NAME:TOKEN")
    parser.add_argument("--topic", required=True)
    parser.add_argument("--cards", type=int)
    parser.add_argument("--shots", required=True)
    parser.add_argument("--admin", help="an admin token: generation and the deck editor")
    parser.add_argument("--katex", action="store_true")
    parser.add_argument("--reset", action="append", default=[],
                        help="SIZE:NAME:CODE: that size's token learner NAME opens a reset link with CODE")
    parser.add_argument("--lan", metavar="TOKEN", help="run the LAN scenario (not a secure context) as this learner")
    parser.add_argument("--install", metavar="TOKEN", help="run the installable-app phase --phase as this learner")
    parser.add_argument("--offline", metavar="TOKEN", help="run the offline-study scenario as this learner")
    parser.add_argument("--phase", choices=("online", "offline"))
    parser.add_argument("--profile", help="the browser profile folder both install phases share")
    args = parser.parse_args()
    if args.install and not (args.phase and args.profile):
        parser.error("--install needs --phase and --profile")
    if not (args.lan or args.install or args.offline) and not (args.size and args.admin and args.cards is not None):
        parser.error("the scenario needs --size, --admin and --cards (or --lan TOKEN)")
    shots = pathlib.Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    missing = [name for name in ("chromium", "chromedriver") if not executable(name)]
    if missing:
        print(f"browser tests need {', '.join(missing)}: apt-get install chromium chromium-driver", file=sys.stderr)
        return 2
    started = time.monotonic()
    if args.lan:
        return lan(args.base, args.lan, args.topic, shots, started)
    if args.offline:
        return offline(args.base, args.offline, shots, started)
    if args.install:
        return install(args.base, args.install, args.phase, args.profile, shots, started)
    # One Chromium for every size, its window as large as the largest: each size sets its viewport (device metrics)
    # and starts from a browser that forgot the app.
    sizes = [item.split(":", 1) for item in args.size]
    resets = dict((item.split(":", 1)[0], tuple(item.split(":", 2)[1:])) for item in args.reset)
    driver = browser(max(SIZES[size][0] for size, _ in sizes), max(SIZES[size][1] for size, _ in sizes), False)
    try:
        for index, (size, token) in enumerate(sizes):
            width, height, mobile = SIZES[size]
            try:
                if index > 0:
                    forget(driver, args.base)
                emulate(driver, width, height, mobile)
                scenario = Scenario(driver, size, args.base, shots)
                scenario.run(token, args.topic, args.cards, args.katex, args.admin, resets.get(size))
                errors = scenario.console_errors()
                if errors:
                    raise Failure(f"{size}: console errors: {errors}")
                scenario.ok("no console errors")
            except Failure as failure:
                return reported(driver, shots, size, failure)
    finally:
        driver.quit()
    print(f"browser scenario passed: {', '.join(s.split(':')[0] for s in args.size)} "
          f"in {time.monotonic() - started:.1f} s", flush=True)
    return 0


def reported(driver, shots, label, failure):
    """Saves a screenshot and the browser's log for a failed scenario, prints the failure; returns the exit code."""
    try:
        driver.save_screenshot(str(shots / f"failure-{label}.png"))
        for entry in driver.get_log("browser"):
            print(f"browser log: {entry['level']} {entry['message']}", file=sys.stderr)
    except Exception:
        pass
    print(f"FAILED {failure}", file=sys.stderr)
    return 1


def lan(base, token, topic, shots, started):
    """The LAN scenario at phone size: BASE's host swapped for LAN_HOST, which Chromium maps to BASE's address."""
    url = urllib.parse.urlsplit(base)
    lan_base = urllib.parse.urlunsplit(url._replace(netloc=f"{LAN_HOST}:{url.port}"))
    # No proxy: a proxy from the environment would get the made-up name instead of Chromium's own resolver.
    flags = (f"--host-resolver-rules=MAP {LAN_HOST} {url.hostname}", "--no-proxy-server")
    return on_phone("lan", lan_base, shots, started, lambda s: lan_steps.run(s, token, topic), flags)


def offline(base, token, shots, started):
    """The offline-study scenario at phone size, in a browser of its own."""
    return on_phone("offline", base, shots, started, lambda s: offline_steps.run(s, token))


def on_phone(label, base, shots, started, steps, flags=()):
    """Runs `steps(scenario)` at phone size in a Chromium of its own (started with `flags`), reported as `label`."""
    width, height, mobile = SIZES["phone"]
    driver = browser(width, height, mobile, flags)
    try:
        steps(Scenario(driver, label, base, shots, width=width))
    except Failure as failure:
        return reported(driver, shots, label, failure)
    finally:
        driver.quit()
    print(f"browser scenario passed: {label} in {time.monotonic() - started:.1f} s", flush=True)
    return 0


def install(base, token, phase, profile, shots, started):
    """One phase of the installable-app scenario at phone size, on a profile kept between the phases."""
    width, height, mobile = SIZES["phone"]
    driver = browser(width, height, mobile, (f"--user-data-dir={profile}",))
    try:
        scenario = Scenario(driver, "install", base, shots, width=width)
        if phase == "online":
            install_steps.online(scenario, token)
        else:
            install_steps.offline(scenario)
    except Failure as failure:
        return reported(driver, shots, f"install-{phase}", failure)
    finally:
        driver.quit()
    print(f"browser scenario passed: install {phase} in {time.monotonic() - started:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
