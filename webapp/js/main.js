// The app's shell: hash routes (#/topics, #/feed/3, #/learn, #/quiz, #/decks/3, #/me; never a token in the URL), the signed-in
// state, and the navigation. Each screen is a module whose render(args, { go, show }) returns an optional cleanup
// function; it draws through the show() it is given, which does nothing once a newer screen has started.

import { api, forget, session, signedIn, token, whenUnauthorized, describe } from "./api.js";
import { screenView, errorBox, h, on, reportError } from "./ui.js";
import * as signin from "./signin.js";
import * as setpassword from "./setpassword.js";
import * as topics from "./topics.js";
import * as feed from "./feed.js";
import * as learn from "./learn.js";
import * as me from "./me.js";
import * as decks from "./decks.js";
import * as quiz from "./quiz.js";
import * as offline from "./offline.js";

const screens = { signin, signup: signin, "set-password": setpassword, topics, feed, learn, quiz, decks, me };
// What opens without signing in: signing up, and a reset link's set-password screen (for anyone, signed in or not:
// a learner with a token sets a first password there).
const openScreens = new Set(["signup", "set-password"]);
let cleanup = null;

// `#/signup?invite=fci_…` (an invite link), `#/set-password?code=fcr_…` (a reset link): the part after `?` is the
// screen's query.
function parse(hash) {
  const [path, search = ""] = hash.replace(/^#\/?/, "").split("?");
  const [name, ...rest] = path.split("/");
  return { name: name || "topics", args: rest.filter(Boolean), query: new URLSearchParams(search) };
}

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  let { name, args, query } = parse(location.hash);
  const isSignedIn = signedIn();
  if (!isSignedIn && !openScreens.has(name)) name = "signin";
  else if (isSignedIn && (name === "signin" || name === "signup")) name = "topics";
  const screen = screens[name];
  document.getElementById("nav").hidden = !isSignedIn;
  document.getElementById("sign-out").hidden = !isSignedIn;
  for (const link of document.querySelectorAll("#nav a")) {
    if (link.dataset.screen === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (cleanup) cleanup();
  cleanup = null;
  const view = screenView();
  if (!screen) {
    view.show(h("h1", {}, "Not found"), errorBox(`There is no screen called “${name}”.`));
    return;
  }
  document.title = `${screen.title} · fcgen`;
  try {
    const done = (await screen.render(args, { go, show: view.show, query, screen: name })) ?? null;
    // A screen that finished after the learner moved on lets go of what it set up (keys, timers) at once.
    if (view.current()) cleanup = done;
    else if (done) done();
  } catch (error) {
    view.show(h("h1", {}, screen.title), errorBox(describe(error)));
  }
  // Each screen's render, once settled, says so (and whether it was still the newest): the browser tests wait on it.
  document.dispatchEvent(new CustomEvent("fcgen:rendered", { detail: { screen: name, current: view.current() } }));
  // Online, each screen change sends what waits and keeps the cards for offline study fresh (offline.js).
  if (isSignedIn) offline.refreshSoon();
}

// The backstop behind action(): an error thrown where no handler caught it (a timer, a promise nobody awaited) is
// shown too. The browser has logged it already.
window.addEventListener("error", (event) => reportError(event.error ?? event.message, { log: false }));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason, { log: false }));

whenUnauthorized(() => go("#/signin"));
on(document.getElementById("sign-out"), "click", async () => {
  // A password session ends on the server too; a pasted token is only forgotten here (it stays valid).
  // Answers given offline are sent first if they can be; then this device forgets the learner's kept cards.
  await offline.forgetAll().catch((error) => console.warn("offline study data was not cleared:", error));
  if (session.active() && !token.get()) await api("POST", "/v1/signout").catch(() => {});
  forget();
  go("#/signin");
});
on(window, "hashchange", route);
route();
offline.start();

// The installed app's offline shell (sw.js). Service workers exist only in a secure context (https, or localhost):
// a phone opening http://192.168.1.20:8080/ gets the app without it, as before.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("the offline shell is unavailable:", error));
}
