"""The browser scenario's navigation step: a screen still waiting on the network when the learner moves on never
draws over the newer screen when its answer comes (the shell's screenView()).

The Topics list's request is held in the page (window.fetch wrapped) while the learner goes on to Me; once Me has
drawn, the request is let go, and the step waits for the app's own "fcgen:rendered" event of the stale Topics
render before it looks: no timing guess either way."""

from selenium.webdriver.common.by import By

HOLD = """
window.__renders = [];
document.addEventListener("fcgen:rendered", (event) => window.__renders.push(event.detail));
const original = window.fetch;
let release;
const held = new Promise((resolve) => { release = resolve; });
window.__release = () => release();
window.__asked = false;
window.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.pathname !== "/v1/topics") return original(input, init);
  window.fetch = original;
  window.__asked = true;
  return held.then(() => original(input, init));
};
location.hash = "#/topics";
"""


IDLE = """
const done = arguments[arguments.length - 1];
import('/app/js/offline.js').then((offline) => offline.idle()).then(() => done(true), (error) => done(String(error)));
"""


def rendered(s, screen, current):
    return s.driver.execute_script(
        "return (window.__renders || []).some((r) => r.screen === arguments[0] && r.current === arguments[1])",
        screen, current)


def slow_screen_stays_behind(s):
    """Starts on Me (drawn); ends on Me, drawn by the newest render."""
    d = s.driver
    me_heading = s.heading()
    # The cards kept for offline study are read in the background (offline.js); such a refresh's own /v1/topics
    # must not be the request held here.
    if d.execute_async_script(IDLE) is not True:
        raise s.failure("the offline refresher did not settle")
    d.execute_script(HOLD)
    s.until("Topics asking for its list", lambda: d.execute_script("return window.__asked"))
    d.execute_script('location.hash = "#/me"')
    s.until("Me drawn again", lambda: rendered(s, "me", True))
    d.execute_script("window.__release()")
    s.until("the held Topics render settling", lambda: rendered(s, "topics", False))
    if s.heading() != me_heading or d.find_elements(By.CSS_SELECTOR, "main li.topic"):
        raise s.failure(f"Topics' late answer drew over Me: the heading says {s.heading()!r}")
    s.ok("a screen whose answer came late did not draw over the newer one")
