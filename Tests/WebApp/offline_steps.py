"""Offline study (browser_scenario.py --offline TOKEN), at phone size on localhost (a secure context, so the service
worker keeps the app shell): the app keeps the learner's next cards; with the network off (DevTools' Network
.emulateNetworkConditions) 10 cards are studied in Learn, the page is reloaded (the shell from the service worker,
the cards and the waiting answers from IndexedDB), 3 more in Learn and 2 in the feed; the line under the header
counts the waiting answers; a card with a picture (the test gives the first kept card one) is studied offline with
its picture shown from IndexedDB (an <img> that loaded: naturalWidth > 0), and the feed opens, after the reload, on
a card whose picture comes from IndexedDB too (the test pictured every card of a second topic); a 16th answer, to a card the server does not have, is put in the outbox too. With the
network back the outbox is sent by itself, the 16th is refused (404) and dropped, and the line clears; then the API
must hold exactly those 15 reviews, each dated when it was given offline (not when it was sent), and the XP the
app said they earned."""
import datetime
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import install_steps
import picture_steps

REFRESH = """
const done = arguments[arguments.length - 1];
import('/app/js/offline.js').then((offline) => offline.refreshQueue()).then(done, (error) => done(String(error)));
"""


# An answer to a card that does not exist, given through the app's own outbox.
GONE = """
const done = arguments[arguments.length - 1];
import('/app/js/offline.js').then((offline) => offline.answer({ id: 2147483647 }, 'good')).then(() => done(true), (error) => done(String(error)));
"""


def network(s, online):
    s.driver.execute_cdp_cmd("Network.enable", {})
    s.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    s.until(f"navigator.onLine {online}", lambda: s.driver.execute_script("return navigator.onLine") is online)


def call(s, token, path):
    request = urllib.request.Request(s.base + path, headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def waiting(s):
    line = s.driver.find_element(By.ID, "outbox")
    return int(line.get_attribute("data-waiting") or 0), line.is_displayed(), line.text


# The kept cards as [topic id, whether it has a picture], in study order.
KEPT_PICTURES = """
const done = arguments[arguments.length - 1];
import('/app/js/offline.js').then((offline) => offline.cards())
  .then((cards) => done(cards.map((card) => [card.topicId, Boolean(card.image)])), (error) => done(String(error)));
"""


def picture_shown(s, face):
    """The width of the kept picture on `face` (Question or Answer) once it loaded; a failure if it never does."""
    return picture_steps.on(s, f"article.flashcard[aria-label={face}]", f"the kept picture on the {face.lower()}")["natural"]


def learn(s, count, studied, pictures=None):
    """Studies `count` cards in offline Learn (Space, then a rating), adding their ids to `studied`, and the ids
    of those shown with their picture to `pictures`."""
    d = s.driver
    for index in range(count):
        card = s.find("article.flashcard[aria-label=Question]")
        if not d.find_elements(By.CSS_SELECTOR, ".progress-line[data-offline=yes]"):
            raise s.failure("Learn is not the offline session")
        asked = card.get_attribute("data-card-id")
        if asked in studied:
            raise s.failure(f"card {asked} asked again offline")
        pictured = bool(card.find_elements(By.CSS_SELECTOR, "img.study-picture"))
        if pictured:
            width = picture_shown(s, "Question")
        s.keys(" ")
        s.find("article.flashcard[aria-label=Answer] .answer")
        if pictured:
            picture_shown(s, "Answer")
            if pictures is not None:
                pictures[asked] = width
            if len(pictures or {}) == 1:
                s.shot("learn-picture")
        s.keys("3" if index % 2 else "4")
        studied.append(asked)
        s.until(f"answer {len(studied)} kept", lambda: waiting(s)[0] == len(studied))


def run(s, token):
    d = s.driver
    d.get(s.base + "/")
    s.find("input#token").send_keys(token, Keys.ENTER)
    s.find("li.topic[data-topic-id]")
    # The first load happened before the service worker existed: a reload is the first one it controls.
    d.refresh()
    s.find("li.topic[data-topic-id]")
    state = d.execute_async_script(install_steps.SHELL_CACHED)
    if not state.get("controlled"):
        raise s.failure(f"the service worker does not control the page: {state}")
    kept = d.execute_async_script(REFRESH)
    if not isinstance(kept, int) or kept < 15:
        raise s.failure(f"the app kept {kept!r} cards for offline study, 15 are needed")
    s.ok(f"online, the app keeps {kept} cards for offline study")
    before = call(s, token, "/v1/me")["totalXP"]

    went_offline = now()
    network(s, False)
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=learn]").send_keys(Keys.ENTER)
    studied = []
    pictures = {}
    learn(s, 10, studied, pictures)
    if not pictures:
        raise s.failure(f"no card with a picture among the 10 studied offline: {studied}")
    s.ok(f"offline: a picture card studied in Learn, its kept picture shown on both faces "
         f"(card {', '.join(pictures)}, naturalWidth {max(pictures.values())})")
    count, shown, text = waiting(s)
    if not shown or not text.startswith("10 answers wait to be sent"):
        raise s.failure(f"after 10 offline answers the line says {text!r} (shown: {shown})")
    s.fits("offline learn")
    s.shot("learn")
    s.ok(f"offline: 10 cards studied in Learn; the line says {text!r}")

    d.refresh()
    s.find("article.flashcard[aria-label=Question]")
    if not d.execute_script("return Boolean(navigator.serviceWorker.controller)"):
        raise s.failure("reloaded offline, the page is not the service worker's")
    s.until("the waiting answers counted after the reload", lambda: waiting(s)[0] == 10 and waiting(s)[1])
    s.ok("offline: reloaded; the shell came from the service worker, 10 answers still wait")
    learn(s, 3, studied)

    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=feed]").send_keys(Keys.ENTER)
    s.find("ul.picker a.button")
    # The picker lists the topics of the kept cards with how many are left: one with two at least, whose first kept
    # card has a picture (the test gave one to each card of a topic), so the feed opens on a picture card.
    kept = d.execute_async_script(KEPT_PICTURES)
    first_pictured = {}
    for topic_id, pictured in kept:
        first_pictured.setdefault(topic_id, pictured)
    links = d.find_elements(By.CSS_SELECTOR, "ul.picker a.button")
    left = {link: int(link.find_element(By.CSS_SELECTOR, ".hint").text.split()[0]) for link in links}
    topic = next((link for link, count in left.items() if count >= 2
                  and first_pictured.get(int(link.get_attribute("href").rsplit("/", 1)[1]))), None)
    if topic is None:
        raise s.failure(f"the offline feed's picker lists {[link.text for link in links]}; kept {kept}")
    topic.send_keys(Keys.ENTER)
    s.find("article.flashcard[data-card-id] .question")
    shown = picture_steps.on(s, "article.flashcard .face.front", "the offline feed's first card")
    s.shot("feed-picture")
    s.ok(f"offline feed: a picture card shown with its kept picture, read from IndexedDB after the reload "
         f"({picture_steps.describe(shown)})")
    for key in (Keys.ARROW_RIGHT, "n"):
        card = s.find("article.flashcard[data-card-id]").get_attribute("data-card-id")
        if card in studied:
            raise s.failure(f"the offline feed shows card {card}, answered already")
        s.keys(key)
        studied.append(card)
        s.until(f"answer {len(studied)} kept", lambda: waiting(s)[0] == len(studied))
    count, shown, text = waiting(s)
    if count != 15 or not shown:
        raise s.failure(f"after 15 offline answers the line says {text!r}")
    s.fits("offline feed")
    s.shot("feed")
    s.ok(f"offline: 3 more in Learn and 2 in the feed; the line says {text!r}")

    # One more answer, to a card the server does not have (deleted while the learner was away): refused for good.
    d.execute_async_script(GONE)
    s.until("the 16th answer kept", lambda: waiting(s)[0] == 16)

    back_online = now()
    network(s, True)
    s.until("the outbox sent", lambda: waiting(s)[0] == 0 and not waiting(s)[1])
    line = d.find_element(By.ID, "outbox")
    sent, xp = int(line.get_attribute("data-sent") or 0), int(line.get_attribute("data-xp") or 0)
    dropped = int(line.get_attribute("data-dropped") or 0)
    if sent != 15 or xp <= 0 or dropped != 1:
        raise s.failure(f"the app sent {sent} answers for {xp} XP and dropped {dropped}")
    s.ok(f"online again: the 15 answers were sent by themselves for {xp} XP, the refused one dropped, and the line cleared")

    reviewed = {}
    for topic in call(s, token, "/v1/topics")["topics"]:
        for card in call(s, token, f"/v1/topics/{topic['id']}/cards?limit=200")["cards"]:
            if "progress" in card:
                reviewed[str(card["id"])] = card["progress"]
    if sorted(reviewed) != sorted(studied) or any(p["reps"] != 1 for p in reviewed.values()):
        raise s.failure(f"the API holds reviews of {sorted(reviewed)}, the app studied {sorted(studied)}")
    for card, progress in reviewed.items():
        at = datetime.datetime.fromisoformat(progress["lastReviewedAt"].replace("Z", "+00:00"))
        if not went_offline <= at <= back_online:
            raise s.failure(f"card {card} is dated {at}, not between {went_offline} and {back_online} (offline)")
    total = call(s, token, "/v1/me")["totalXP"]
    if total - before != xp:
        raise s.failure(f"the learner's XP went from {before} to {total}, the app reported {xp}")
    s.ok(f"the API holds exactly 15 reviews, each dated while offline, and {xp} XP")

    problems = [entry["message"] for entry in d.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")
                and "ERR_INTERNET_DISCONNECTED" not in entry["message"]
                and not ("/v1/reviews" in entry["message"] and "404" in entry["message"])]
    if problems:
        raise s.failure(f"console errors: {problems}")
    s.ok("no console errors but the offline requests' and the refused answer's 404")
