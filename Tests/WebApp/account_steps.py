"""Accounts in the browser (run after the token learner signed out): sign up with a name and a password (the
server runs with --signup open), land on the topics signed in by the HttpOnly session cookie (no script sees it, no
token is kept), sign out (the server ends the session), sign in again with the password, and sign out everywhere
from Me. Ends signed out, on the sign-in screen."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def password(s):
    d = s.driver
    name = f"pat-{s.size}"
    secret = "correct horse battery"
    s.find("a#to-signup").click()
    s.find("form#signup-form")
    s.fits("sign-up")
    s.shot("signup")
    s.find("#account-name").send_keys(name)
    s.find("#account-password").send_keys("short", Keys.ENTER)
    error = s.find("#account-status .error[role=alert]")
    if "at least 8 characters" not in error.text:
        raise s.failure(f"a short password says {error.text!r}")
    field = s.find("#account-password")
    field.clear()
    field.send_keys(secret, Keys.ENTER)
    s.find("li.topic[data-topic-id]")
    if d.execute_script("return localStorage.getItem('fcgen.token')") is not None:
        raise s.failure("a password sign-up kept a token")
    if "fcgen_session" in d.execute_script("return document.cookie"):
        raise s.failure("the session cookie is readable by scripts (not HttpOnly)")
    s.ok(f"account: signed up as {name}; the session cookie is HttpOnly")

    d.find_element(By.ID, "sign-out").send_keys(Keys.ENTER)
    s.find("form#signin-form")
    # The server ended the session: asking with the browser's cookie jar now is 401.
    status = d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/v1/me').then((r) => done(r.status), () => done(0));""")
    if status != 401:
        raise s.failure(f"after signing out, /v1/me answered {status}")
    s.ok("account: signed out; the server ended the session")

    s.find("#account-name").send_keys(name)
    s.find("#account-password").send_keys(secret, Keys.ENTER)
    s.find("li.topic[data-topic-id]")
    s.ok("account: signed in again with the password")
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=me]").click()
    create = s.find("button#create-token")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", create)
    create.click()
    secret = s.find("#new-token-secret").text
    if not secret.startswith("fcg_"):
        raise s.failure(f"a new token shows {secret!r}")
    # The secret is one long word: it breaks inside the screen rather than widening the page (a phone then zooms
    # the whole page out, and taps land beside what they aimed at).
    s.fits("me-new-token")
    s.until("the new token listed", lambda: len(d.find_elements(By.CSS_SELECTOR, "li.token-row")) == 1)
    row = d.find_element(By.CSS_SELECTOR, "li.token-row")
    if secret[:8] not in row.text or secret in row.text:
        raise s.failure(f"the token row shows {row.text!r}")
    row.find_element(By.TAG_NAME, "button").click()
    # The list is drawn again after the revoke: read the row afresh each time rather than hold a stale element.
    s.until("the token revoked", lambda: "revoked" in d.execute_script(
        "return document.querySelector('li.token-row')?.textContent ?? ''"))
    s.ok("account: a token made on Me, its secret shown once, then revoked")
    button = s.find("button#sign-out-everywhere")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    s.find("form#signin-form")
    s.find("input#token")
    s.ok("account: signed out everywhere from Me")
