"""The installable app (browser_scenario.py --install TOKEN --profile DIR --phase online|offline), at phone size:

- online: Chromium's own installability check (DevTools' Page.getInstallabilityErrors) finds nothing wrong, the
  service worker takes control and has the whole shell in its cache, and the app signs in;
- offline (a second browser on the same profile, after the server has stopped): the app shell still loads from the
  service worker, with the navigation of a signed-in learner, and says the server cannot be reached."""
from selenium.webdriver.common.by import By

SHELL_CACHED = """
const done = arguments[arguments.length - 1];
(async () => {
  const registration = await navigator.serviceWorker.ready;
  // `ready` resolves once the worker is active, which can be before its activate handler's clients.claim() has made
  // it this page's controller: wait for that event rather than read `controller` too early.
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
      if (navigator.serviceWorker.controller) resolve();
    });
  }
  const keys = await caches.keys();
  const cache = await caches.open(keys.find((key) => key.startsWith("fcgen-shell-")));
  const cached = (await cache.keys()).map((request) => new URL(request.url).pathname);
  done({ scope: new URL(registration.scope).pathname, controlled: Boolean(navigator.serviceWorker.controller), cached });
})().catch((error) => done({ error: String(error) }));
"""


def online(s, token):
    d = s.driver
    d.get(s.base + "/")
    s.find("input#token").send_keys(token + "\n")
    s.find("li.topic[data-topic-id]")
    errors = d.execute_cdp_cmd("Page.getInstallabilityErrors", {}).get("installabilityErrors", [])
    if errors:
        raise s.failure(f"Chromium says the app is not installable: {errors}")
    s.ok("Chromium's installability check passes")
    state = d.execute_async_script(SHELL_CACHED)
    if "error" in state or state["scope"] != "/":
        raise s.failure(f"the service worker: {state}")
    # The first page load happened before the worker existed: a reload is the first one it controls.
    d.refresh()
    s.find("li.topic[data-topic-id]")
    state = d.execute_async_script(SHELL_CACHED)
    shell = ["/", "/app/app.css", "/app/js/main.js", "/app/js/api.js", "/app/manifest.webmanifest", "/app/icon.svg"]
    missing = [path for path in shell if path not in state.get("cached", [])]
    if not state.get("controlled") or missing:
        raise s.failure(f"the service worker controls the page: {state.get('controlled')}; not cached: {missing}")
    s.shot("online")
    s.ok(f"the service worker controls the app and keeps {len(state['cached'])} files of its shell")


def offline(s):
    d = s.driver
    d.get(s.base + "/")
    error = s.find("main .error")
    brand = d.find_element(By.CSS_SELECTOR, "header .brand")
    if not d.find_element(By.ID, "nav").is_displayed() or brand.text != "fcgen":
        raise s.failure("offline, the app shell did not load")
    if "cannot be reached" not in error.text:
        raise s.failure(f"offline, the app says {error.text!r}")
    if not d.execute_script("return Boolean(navigator.serviceWorker.controller)"):
        raise s.failure("offline, the page is not the service worker's")
    s.fits("offline")
    s.shot("offline")
    s.ok(f"with the server gone the shell loads from the service worker and says: {error.text}")
