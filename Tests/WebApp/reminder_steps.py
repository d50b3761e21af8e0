"""Me's daily reminder in the browser (issue 25 point 4): a time and zone saved and described, the calendar link
shown once and read from outside the browser as a calendar app reads it, "Enable notifications" offered on a
secure page (a loopback address is one), and "No reminder". The LAN scenario checks the other side: on plain HTTP
the buttons are left out and a line says why (on_insecure_page)."""
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# Straight to the server: a proxy from the environment has no business with a loopback address.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def press(s, css):
    """The button at `css`, pressed from the keyboard (at phone size the tab bar may cover it for a pointer)."""
    s.find(css).send_keys(Keys.ENTER)


def summary(s):
    return s.driver.execute_script("return document.querySelector('#reminder-summary')?.textContent ?? ''")


def on_me(s):
    d = s.driver
    s.find("section#reminders")
    time = s.find("#reminder-time")
    # A time field's typing depends on the browser's locale (12 or 24 hours): its value is what the form reads.
    d.execute_script("arguments[0].value = '07:30'", time)
    zone = s.find("#reminder-zone")
    zone.clear()
    # The reminder's zone is the learner's day's too (one setting): a zone always on UTC's day (no offset, no
    # summer time) keeps the scenario's later steps on the day they started in, whatever the hour it runs.
    zone.send_keys("Africa/Abidjan")
    press(s, "#reminder-form button[type=submit]")
    s.until("the reminder described", lambda: "Every day at 07:30 (Africa/Abidjan)" in summary(s))
    s.ok(f"reminder: {summary(s)}")

    if d.find_elements(By.CSS_SELECTOR, "#push-unavailable"):
        raise s.failure(f"a secure page says {s.find('#push-unavailable').text!r}")
    s.find("button#push-enable")
    s.ok("reminder: Enable notifications is offered on a secure page")

    press(s, "button#calendar-make")
    url = s.find("#calendar-url").text
    if "/v1/calendars/fcc_" not in url:
        raise s.failure(f"the calendar link is {url!r}")
    with DIRECT.open(urllib.request.Request(url), timeout=15) as response:
        kind = response.headers.get("Content-Type")
        feed = response.read().decode()
    if not kind.startswith("text/calendar") or "DTSTART;TZID=Africa/Abidjan:" not in feed or "T073000\r\n" not in feed:
        raise s.failure(f"the calendar link serves {kind}: {feed[:400]!r}")
    s.find("button#calendar-delete")
    s.fits("me-reminders")
    s.shot("me-reminders")
    s.ok("reminder: the calendar link, shown once, serves the daily event")

    press(s, "button#reminder-none")
    s.until("no reminder", lambda: summary(s) == "No daily reminder.")
    s.ok("reminder: turned off")


def on_insecure_page(s):
    """On plain HTTP (not a secure context) Me offers no notifications and says why."""
    d = s.driver
    d.execute_script('location.hash = "#/me"')
    line = s.find("#push-unavailable")
    if "secure connection" not in line.text or d.find_elements(By.CSS_SELECTOR, "button#push-enable"):
        raise s.failure(f"an insecure page's notifications part says {line.text!r}")
    s.ok(f"reminder: on plain HTTP, {line.text}")
