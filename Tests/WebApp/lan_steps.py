"""The LAN scenario (browser_scenario.py --lan): the app opened as a phone on the home network opens it, at a name
that is not localhost over plain HTTP, so the page is not a secure context (no crypto.randomUUID there).

It signs in, sees the feed's first card with its picture, taps the feed's Understood and Not yet (both reviews must be recorded: the Swift test counts them
through the API afterwards), then breaks an action on purpose: with crypto.getRandomValues gone, the next
Understood throws before its request, and the learner must see a message instead of a silent button. Last, a
promise rejected and an error thrown outside any handler must be shown too (the window's backstops). Then Me must
offer no notifications on this page and say why (reminder_steps.on_insecure_page)."""
from selenium.webdriver.common.by import By

import offline_steps
import picture_steps
import reminder_steps

# The errors the scenario causes on purpose, as the browser log shows them.
FORCED_ACTION = "getRandomValues is not a function"
FORCED_REJECTION = "serialize a BigInt"


def button(s, label):
    """The feed's control whose text contains `label`."""
    return s.driver.find_element(By.XPATH, f"//div[contains(@class, 'feed-controls')]/button[contains(., '{label}')]")


def app_error(s):
    """The text of the app's box for errors no screen caught ("" while there is none)."""
    boxes = s.driver.find_elements(By.CSS_SELECTOR, "main .app-error")
    return boxes[0].text if boxes else ""


def card_id(s):
    return s.driver.find_element(By.CSS_SELECTOR, "article.flashcard").get_attribute("data-card-id")


def offline_without_worker(s, feed):
    """No service worker here, but IndexedDB: with the network off the feed opened again studies the kept cards
    (the first with its kept picture), and Understood waits in the outbox until the network is back. Returns the card the online feed shows after."""
    d = s.driver
    if d.execute_script("return 'serviceWorker' in navigator"):
        raise s.failure("a page that is not a secure context has service workers")
    kept = d.execute_async_script(offline_steps.REFRESH)
    if not isinstance(kept, int) or kept < 1:
        raise s.failure(f"the app kept {kept!r} cards for offline study")
    offline_steps.network(s, False)
    d.execute_script('location.hash = "#/topics"')
    s.find("main .error")
    d.execute_script(f'location.hash = "#{feed}"')
    s.find("article.flashcard[data-card-id] .question")
    shown = picture_steps.on(s, "article.flashcard .face.front", "the offline feed's card")
    s.ok(f"offline feed: the card's kept picture shown ({picture_steps.describe(shown)})")
    button(s, "Understood").click()
    s.until("the answer kept", lambda: offline_steps.waiting(s)[0] == 1)
    offline_steps.network(s, True)
    s.until("the answer sent", lambda: offline_steps.waiting(s)[0] == 0
            and d.find_element(By.ID, "outbox").get_attribute("data-sent") == "1")
    s.ok("offline without a service worker: Understood waited in the outbox and was sent when the network came back")
    d.execute_script('location.hash = "#/topics"')
    s.find("li.topic[data-topic-id]")
    d.execute_script(f'location.hash = "#{feed}"')
    s.find("article.flashcard[data-card-id] .question")
    return card_id(s)


def run(s, token, topic):
    d = s.driver
    d.get(s.base + "/")
    field = s.find("input#token")
    context = d.execute_script(
        "return {secure: window.isSecureContext, host: location.hostname, uuid: typeof crypto.randomUUID}")
    if context["secure"] is not False or context["uuid"] != "undefined":
        raise s.failure(f"the page at {d.current_url} should not be a secure context: {context}")
    s.ok(f"{context['host']} over plain HTTP is not a secure context (crypto.randomUUID is {context['uuid']})")

    field.send_keys(token, "\n")
    s.until("the topic list", lambda: topic in [e.text for e in d.find_elements(By.CSS_SELECTOR, "li.topic h2")])
    row = next(e for e in d.find_elements(By.CSS_SELECTOR, "li.topic") if e.find_element(By.TAG_NAME, "h2").text == topic)
    row.find_element(By.CSS_SELECTOR, "a[href^='#/feed/']").click()
    s.find("article.flashcard[data-card-id] .question")
    first = card_id(s)
    # The test gave the feed's first cards a picture: shown online at this origin too.
    shown = picture_steps.on(s, "article.flashcard .face.front", "the feed's first card")
    s.ok(f"feed: the card's picture shown online ({picture_steps.describe(shown)})")

    button(s, "Understood").click()
    toast = s.find("#toast:not([hidden])")
    if not toast.text.startswith("+") or "XP" not in toast.text:
        raise s.failure(f"Understood shows {toast.text!r}")
    s.until("the card after the understood one", lambda: card_id(s) != first)
    second = card_id(s)
    s.ok(f"feed: tapping Understood recorded card {first} ({toast.text})")

    button(s, "Not yet").click()
    s.until("the card after the not-yet one", lambda: card_id(s) != second)
    third = card_id(s)
    s.ok(f"feed: tapping Not yet recorded card {second}")
    shown = [e.text for e in d.find_elements(By.CSS_SELECTOR, "main .error") if e.is_displayed()]
    if shown:
        raise s.failure(f"the feed shows an error after two reviews: {shown}")
    third = offline_without_worker(s, d.current_url.split("#")[1])

    # A script error in an action: the key for the review cannot be made, so react() throws before its request.
    d.execute_script("crypto.getRandomValues = undefined;")
    button(s, "Understood").click()
    alert = s.find("main .app-error[role=alert]")
    if "Something went wrong in the app" not in alert.text or FORCED_ACTION not in alert.text:
        raise s.failure(f"the broken action says {alert.text!r}")
    if card_id(s) != third:
        raise s.failure("the feed moved on although the review failed")
    s.fits("feed with an error")
    s.shot("feed-script-error")
    s.ok(f"a script error on Understood is shown: {alert.text}")

    # The backstops, for errors outside any handler: an app promise rejected with nobody awaiting it (a request whose
    # body cannot be serialised), then an app function throwing from a timer (the key maker, still without
    # getRandomValues). WebDriver's own script would not do: the browser treats it as another origin's, so its
    # errors reach the page as "Script error." and its rejections not at all.
    d.execute_script("""import('/app/js/api.js').then(({ api }) => { api('POST', '/v1/reviews', { body: 1n }); });""")
    s.until("the rejection's message", lambda: FORCED_REJECTION in app_error(s))
    s.ok(f"a promise rejected outside any handler is shown: {app_error(s)}")
    d.execute_script("""import('/app/js/api.js').then(({ idempotencyKey }) => setTimeout(idempotencyKey));""")
    s.until("the timer error's message", lambda: FORCED_ACTION in app_error(s) and FORCED_REJECTION not in app_error(s))
    if len(d.find_elements(By.CSS_SELECTOR, "main .app-error")) != 1:
        raise s.failure("more than one app error box")
    s.ok(f"an error thrown from a timer is shown: {app_error(s)}")

    problems = []
    for entry in d.get_log("browser"):
        if entry["level"] not in ("SEVERE", "ERROR"):
            continue
        if any(forced in entry["message"] for forced in (FORCED_ACTION, FORCED_REJECTION, "ERR_INTERNET_DISCONNECTED")):
            continue
        problems.append(entry["message"])
    if problems:
        raise s.failure(f"console errors: {problems}")
    s.ok("no console errors but the forced ones")

    # Me's notifications part, on this page that is not a secure context.
    reminder_steps.on_insecure_page(s)
