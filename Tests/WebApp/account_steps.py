"""Accounts in the browser (run after the token learner signed out): sign up with a name and a password (the
server runs with --signup open), land on the topics signed in by the HttpOnly session cookie (no script sees it, no
token is kept), sign out (the server ends the session), sign in again with the password, change the password on Me
(the session signed in elsewhere ends, this one stays), and sign out everywhere from Me; then the token learner
opens an operator's reset link, sets a first password and lands signed in (reset_link). Each ends signed out, on
the sign-in screen."""
import json
import urllib.error
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# Straight to the server: a proxy from the environment has no business with a loopback address.
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def outside(base, method, path, body=None, cookie=None):
    """A request from outside the browser (another device): (status, the session cookie it set or None)."""
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if cookie:
        headers["Cookie"] = cookie
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with DIRECT.open(request, timeout=15) as response:
            set_cookie = response.headers.get("Set-Cookie") or ""
            return response.status, set_cookie.split(";")[0] or None
    except urllib.error.HTTPError as error:
        return error.code, None


def status_text(s, css):
    """The text of the form's status line once it says something."""
    return s.until(f"{css} filled", lambda: s.driver.execute_script(
        f"return document.querySelector({json.dumps(css)})?.textContent ?? ''") or None)


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
    made = s.find("#new-token-secret").text
    if not made.startswith("fcg_"):
        raise s.failure(f"a new token shows {made!r}")
    # The secret is one long word: it breaks inside the screen rather than widening the page (a phone then zooms
    # the whole page out, and taps land beside what they aimed at).
    s.fits("me-new-token")
    s.until("the new token listed", lambda: len(d.find_elements(By.CSS_SELECTOR, "li.token-row")) == 1)
    row = d.find_element(By.CSS_SELECTOR, "li.token-row")
    if made[:8] not in row.text or made in row.text:
        raise s.failure(f"the token row shows {row.text!r}")
    row.find_element(By.TAG_NAME, "button").click()
    # The list is drawn again after the revoke: read the row afresh each time rather than hold a stale element.
    s.until("the token revoked", lambda: "revoked" in d.execute_script(
        "return document.querySelector('li.token-row')?.textContent ?? ''"))
    s.ok("account: a token made on Me, its secret shown once, then revoked")
    change_password(s, name, secret)
    button = s.find("button#sign-out-everywhere")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    s.find("form#signin-form")
    s.find("input#token")
    s.ok("account: signed out everywhere from Me")


def change_password(s, name, old):
    """Me's Change password: a wrong current password and a mistyped repeat are refused saying why; the right one
    changes it, ends the session another device started, keeps this one, and the new password signs in."""
    d = s.driver
    new = "staple battery horse"
    status, elsewhere = outside(s.base, "POST", "/v1/signin", {"name": name, "password": old})
    if status != 200 or not elsewhere:
        raise s.failure(f"signing in from another device answered {status}")
    form = s.find("form#password-form")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", form)
    current, fresh, again = (s.find(f"#{field}") for field in ("current-password", "new-password", "new-password-again"))
    current.send_keys("not my password")
    fresh.send_keys(new)
    again.send_keys(new + "!", Keys.ENTER)
    said = status_text(s, "#password-status")
    if "differ" not in said or d.switch_to.active_element != again:
        raise s.failure(f"a mistyped repeat says {said!r}")
    again.clear()
    again.send_keys(new, Keys.ENTER)
    s.until("the wrong current password refused", lambda: "current password is wrong" in (d.execute_script(
        "return document.querySelector('#password-status')?.textContent ?? ''")))
    if d.execute_script("return document.activeElement.id") != "current-password":
        raise s.failure("after a wrong current password the focus is not on it")
    current.clear()
    current.send_keys(old)
    fresh.clear()
    fresh.send_keys(new)
    again.clear()
    again.send_keys(new, Keys.ENTER)
    s.until("the password changed", lambda: "Password changed" in (d.execute_script(
        "return document.querySelector('#password-status')?.textContent ?? ''")))
    said = d.find_element(By.ID, "password-status").text
    if "1 other browser was signed out" not in said:
        raise s.failure(f"the change says {said!r}")
    # The revoke's toast ("Revoked fcg_…") may still show over the tokens' buttons: checked once it has gone.
    s.until("the revoke's toast gone", lambda: not d.find_element(By.ID, "toast").is_displayed())
    s.fits("me-password")
    s.shot("me-password")
    if outside(s.base, "GET", "/v1/me", cookie=elsewhere)[0] != 401:
        raise s.failure("the other device's session outlived the password change")
    if d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/v1/me').then((r) => done(r.status), () => done(0));""") != 200:
        raise s.failure("this browser's session ended with the password change")
    if outside(s.base, "POST", "/v1/signin", {"name": name, "password": new})[0] != 200:
        raise s.failure("the new password does not sign in")
    if outside(s.base, "POST", "/v1/signin", {"name": name, "password": old})[0] != 401:
        raise s.failure("the old password still signs in")
    s.ok("account: password changed on Me; the other device signed out, this browser not")


def reset_link(s, name, code):
    """An operator's reset link for a learner with a token only: the code leaves the address bar, a short or
    mistyped password is refused before sending, a good one signs the learner in on Topics; the link then is
    used up. Ends signed out."""
    d = s.driver
    d.get(f"{s.base}/#/set-password?code={code}")
    s.find("form#set-password-form")
    s.until("the code out of the address bar", lambda: code not in d.current_url)
    if d.find_elements(By.ID, "reset-code"):
        raise s.failure("a link with its code asks for the code")
    fresh, again = s.find("#set-password"), s.find("#set-password-again")
    if d.switch_to.active_element != fresh:
        raise s.failure("the new password field does not have the focus")
    s.fits("set-password")
    s.shot("set-password")
    fresh.send_keys("short", Keys.ENTER)
    said = status_text(s, "#set-password-status")
    if "at least 8 characters" not in said:
        raise s.failure(f"a short password says {said!r}")
    password = f"{name}'s first password"
    fresh.clear()
    fresh.send_keys(password)
    again.send_keys(password, Keys.ENTER)
    s.find("li.topic[data-topic-id]")
    if d.execute_script("return localStorage.getItem('fcgen.token')") is not None:
        raise s.failure("a reset sign-in kept a token")
    d.find_element(By.CSS_SELECTOR, "#nav a[data-screen=me]").click()
    s.until("Me as the learner", lambda: s.heading() == name)
    if outside(s.base, "POST", "/v1/signin", {"name": name, "password": password})[0] != 200:
        raise s.failure("the password the link set does not sign in")
    s.ok(f"account: a reset link set {name}'s password and signed in")

    # Used once: opened again, the link is refused with the server's sentence, and nobody is signed out by it.
    d.get(f"{s.base}/#/set-password?code={code}")
    s.find("form#set-password-form")
    s.find("#set-password").send_keys("another password")
    s.find("#set-password-again").send_keys("another password", Keys.ENTER)
    said = status_text(s, "#set-password-status .error")
    if "used already" not in said:
        raise s.failure(f"a used link says {said!r}")
    s.ok("account: a used reset link is refused")
    d.find_element(By.ID, "sign-out").send_keys(Keys.ENTER)
    s.find("input#token")
