// swift-format-ignore-file
/// The web app's files, `webapp/` as it was committed (written by `scripts/embed-webapp.py`; a test fails
/// while the two differ). Keys are URL paths: `/` is `index.html`, everything else is under `/app/`.
enum WebAssets {
    static let files: [String: WebAsset] = [
        "/app/app.css": WebAsset(
            contentType: "text/css; charset=utf-8", etag: "\"c8025fabbdc33996\"",
            text: #"""
/* fcgen web app: one stylesheet, phone first (390 px), wider layouts from 720 px. */
:root {
  --bg: #f6f5f1; --fg: #1d1f1e; --muted: #5b615e; --panel: #ffffff; --line: #d9dcd6;
  --accent: #2f7d55; --accent-fg: #ffffff; --danger: #b3261e; --focus: #1a5fb4;
  --again: #b3261e; --hard: #a15c00; --good: #2f7d55; --easy: #1a5fb4;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #141615; --fg: #ecefec; --muted: #a9b0ac; --panel: #1f2321; --line: #343a37; --accent: #4fb381; --accent-fg: #0d1410; --focus: #8ab4f8; --danger: #ff8a80; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--fg); min-height: 100vh; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 0; background: var(--panel); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: .5rem; }

.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .6rem 1rem; background: var(--panel); border-bottom: 1px solid var(--line); }
.brand { font-weight: 800; font-size: 1.25rem; text-decoration: none; color: var(--accent); }
.top nav { order: 3; width: 100%; }
.top nav ul { display: flex; gap: .25rem; margin: 0; padding: 0; list-style: none; }
.top nav a { display: block; padding: .45rem .8rem; border-radius: 999px; text-decoration: none; color: var(--fg); font-weight: 600; }
.top nav a[aria-current="page"] { background: var(--accent); color: var(--accent-fg); }
#sign-out { margin-left: auto; }
@media (min-width: 720px) {
  .top nav { order: 0; width: auto; }
}

main { max-width: 960px; margin: 0 auto; padding: 1rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: .4rem 0 1rem; }
h1:focus { outline: none; }
h2 { font-size: 1.15rem; margin: 0 0 .4rem; }
.subtitle { color: var(--muted); font-weight: 400; font-size: 1rem; }
.hint { color: var(--muted); font-size: .92rem; }
.empty { color: var(--muted); }
.error { background: color-mix(in srgb, var(--danger) 12%, var(--panel)); color: var(--danger); border: 1px solid var(--danger); border-radius: .5rem; padding: .6rem .8rem; }

button, .button { font: inherit; font-weight: 600; display: inline-flex; align-items: center; justify-content: center; gap: .35rem; min-height: 44px; padding: .5rem 1rem; border-radius: .6rem; border: 1px solid var(--line); background: var(--panel); color: var(--fg); cursor: pointer; text-decoration: none; }
button.primary, .button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-fg); }
button.quiet { background: transparent; }
input[type="text"], input[type="password"], input:not([type]) { font: inherit; width: 100%; min-height: 44px; padding: .5rem .7rem; border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--fg); }
label { font-weight: 600; }
fieldset { border: 1px solid var(--line); border-radius: .6rem; margin: 0 0 1rem; }
legend { font-weight: 700; padding: 0 .3rem; }
kbd { font: .8em ui-monospace, monospace; border: 1px solid currentColor; border-radius: .25rem; padding: 0 .3rem; opacity: .8; }

.card-panel { background: var(--panel); border: 1px solid var(--line); border-radius: .9rem; padding: 1rem; margin-bottom: 1rem; display: grid; gap: .6rem; }
.signin { max-width: 28rem; }

.topics { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: .8rem; }
@media (min-width: 720px) { .topics { grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); } }
.topic { background: var(--panel); border: 1px solid var(--line); border-radius: .9rem; padding: 1rem; display: grid; gap: .35rem; }
.topic p { margin: 0; }
.topic-counts { color: var(--muted); }
.meter, .xp-bar { height: .75rem; border-radius: 999px; background: color-mix(in srgb, var(--line) 70%, transparent); overflow: hidden; }
.meter-fill, .xp-fill { display: block; height: 100%; border-radius: 999px; min-width: .25rem; }
.xp-fill { background: linear-gradient(90deg, #e6a100, #f5c542); }
.xp-bar { height: 1.1rem; }
.percent { font-weight: 700; }
.topic-actions { display: flex; gap: .5rem; margin-top: .3rem !important; }

.picker { list-style: none; padding: 0; display: grid; gap: .5rem; }
.picker .button { width: 100%; justify-content: space-between; }

.feed-stage { display: grid; }
.flashcard { background: var(--panel); border: 1px solid var(--line); border-radius: 1.1rem; padding: 1.4rem; min-height: 46vh; display: flex; flex-direction: column; justify-content: center; gap: .7rem; box-shadow: 0 8px 24px rgb(0 0 0 / .08); touch-action: none; user-select: none; position: relative; font-size: 1.25rem; }
.flashcard.flipped { border-color: var(--accent); }
.flashcard.end { align-items: center; text-align: center; font-size: 1.05rem; }
.flashcard.reacted-good { border-color: var(--good); }
.flashcard.reacted-again { border-color: var(--again); }
.face { display: grid; gap: .6rem; }
.face-label { margin: 0; font-size: .8rem; text-transform: uppercase; letter-spacing: .08em; color: var(--muted); }
.question.small { font-size: 1rem; color: var(--muted); }
.answer { font-weight: 700; }
.explanation { font-size: 1rem; color: var(--muted); }
.badge { position: absolute; top: .8rem; right: 1rem; margin: 0; font-size: .85rem; font-weight: 700; }
.tex { font-family: ui-monospace, monospace; font-size: .95em; }
.tex.typeset { font-family: inherit; }
.tex.display { display: block; text-align: center; margin: .4rem 0; }
.feed-controls { display: grid; grid-template-columns: repeat(2, 1fr); gap: .5rem; margin-top: .8rem; }
.feed-controls button:nth-child(3) { grid-column: 1 / -1; grid-row: 1; }
@media (min-width: 720px) { .feed-controls { grid-template-columns: repeat(5, 1fr); } .feed-controls button:nth-child(3) { grid-column: auto; grid-row: auto; } }
.feed-status { text-align: center; }
.keys { display: none; }
@media (min-width: 720px) { .keys { display: block; text-align: center; } }

.checks { list-style: none; padding: 0; margin: 0; display: grid; gap: .4rem; }
.checks li, .check, .choice { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
.choices { display: flex; flex-wrap: wrap; gap: 1rem; }
input[type="checkbox"], input[type="radio"] { width: 1.3rem; height: 1.3rem; accent-color: var(--accent); }
.progress-line { display: flex; align-items: center; gap: .8rem; margin: .4rem 0 .8rem; color: var(--muted); }
.progress-line progress { flex: 1; height: .6rem; accent-color: var(--accent); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
.ratings { display: grid; grid-template-columns: repeat(2, 1fr); gap: .5rem; margin-top: 1rem; }
@media (min-width: 720px) { .ratings { grid-template-columns: repeat(4, 1fr); } }
.rate { color: #fff; border: 0; }
.rate-again { background: var(--again); } .rate-hard { background: var(--hard); } .rate-good { background: var(--good); } .rate-easy { background: var(--easy); }

.stats { display: grid; grid-template-columns: repeat(2, 1fr); gap: .6rem; margin: 0; }
@media (min-width: 720px) { .stats { grid-template-columns: repeat(5, 1fr); } }
.stat { background: var(--panel); border: 1px solid var(--line); border-radius: .7rem; padding: .6rem .8rem; }
.stat dt { color: var(--muted); font-size: .85rem; }
.stat dd { margin: 0; font-size: 1.4rem; font-weight: 800; }
.level-number { font-size: 1.6rem; }
.level-up { font-weight: 800; color: var(--accent); font-size: 1.2rem; }

.toast { position: fixed; left: 50%; bottom: 1.5rem; transform: translateX(-50%); background: #e6a100; color: #1d1f1e; font-weight: 800; padding: .5rem 1.2rem; border-radius: 999px; box-shadow: 0 6px 18px rgb(0 0 0 / .2); }
@media (prefers-reduced-motion: no-preference) {
  .toast:not([hidden]) { animation: pop .25s ease-out; }
  @keyframes pop { from { transform: translate(-50%, 1rem); opacity: 0; } to { transform: translate(-50%, 0); opacity: 1; } }
}

"""#),
        "/app/icon.svg": WebAsset(
            contentType: "image/svg+xml", etag: "\"44caa52f571f0033\"",
            text: #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="6" y="14" width="44" height="34" rx="6" fill="#2f6f4f"/><rect x="14" y="8" width="44" height="34" rx="6" fill="#3fa36b"/><path d="M26 25l6 6 12-12" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>

"""#),
        "/": WebAsset(
            contentType: "text/html; charset=utf-8", etag: "\"9b2ecd7d29aad48d\"",
            text: #"""
<!doctype html>
<html lang="en" data-katex="off">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>fcgen</title>
<link rel="icon" href="/app/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app/app.css">
<script type="module" src="/app/js/main.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <a class="brand" href="#/topics" aria-label="fcgen home">fcgen</a>
  <nav aria-label="Main" id="nav" hidden>
    <ul>
      <li><a href="#/topics" data-screen="topics">Topics</a></li>
      <li><a href="#/feed" data-screen="feed">Feed</a></li>
      <li><a href="#/learn" data-screen="learn">Learn</a></li>
      <li><a href="#/me" data-screen="me">Me</a></li>
    </ul>
  </nav>
  <button type="button" id="sign-out" class="quiet" hidden>Sign out</button>
</header>
<main id="main" tabindex="-1">
  <noscript><p>The fcgen web app needs JavaScript.</p></noscript>
</main>
<div id="announcer" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>
<div id="toast" class="toast" role="status" aria-live="polite" hidden></div>
</body>
</html>

"""#),
        "/app/js/api.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"e33a149c4f43a3d1\"",
            text: #"""
// The public HTTP API (docs/api.md), and the token that opens it. The token lives in localStorage only: it is
// never put in a URL, and a 401 forgets it and sends the learner back to sign in.

const TOKEN_KEY = "fcgen.token";

/** A failed request: the API's problem document (`detail` is one readable line) or a network failure. */
export class ApiError extends Error {
  constructor(status, code, detail, field) {
    super(detail);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const token = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (value) => localStorage.setItem(TOKEN_KEY, value),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

let onUnauthorized = () => {};

/** Called whenever the API answers 401: the token is gone, so is the session in the browser. */
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/** A random key per logical request, so a retried review is recorded once (Idempotency-Key). */
export function idempotencyKey() {
  return crypto.randomUUID();
}

/**
 * Calls the API. `body` is sent as JSON; the answer's JSON comes back. Every failure throws an ApiError with a
 * sentence a person can read.
 */
export async function api(method, path, { body, headers = {}, bearer } = {}) {
  const secret = bearer ?? token.get();
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (secret) init.headers.Authorization = `Bearer ${secret}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
    const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field);
    if (response.status === 401 && bearer === undefined) {
      token.clear();
      onUnauthorized(error);
    }
    throw error;
  }
  return json;
}

/** A sentence for any error, for the screen. */
export function describe(error) {
  if (error instanceof ApiError) {
    const retry = error.status === 429 ? " Wait a moment and try again." : "";
    return error.message.charAt(0).toUpperCase() + error.message.slice(1) + (/[.!?]$/.test(error.message) ? "" : ".") + retry;
  }
  return "Something went wrong in the app: " + (error?.message ?? String(error));
}

"""#),
        "/app/js/feed.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"c6670885e69734b2\"",
            text: #"""
// The feed (GET /v1/topics/{id}/feed): one card at a time. Tap or Space flips; swipe up / ↓ is the next card,
// swipe down / ↑ the previous; swipe right / → is "understood" (a `good` review), swipe left / ← "not yet" (an
// `again` review, so the card comes back soon). The API has no bookmarks yet, so "not yet" is what left offers.
// More cards are fetched while three are still ahead, so the learner never waits on a spinner.

import { api, describe, idempotencyKey } from "./api.js";
import { h, show, errorBox, announce, toast, typing } from "./ui.js";
import { richText } from "./math.js";

export const title = "Feed";

async function picker() {
  const list = await api("GET", "/v1/topics");
  show(h("h1", {}, "Feed"),
    list.topics.length === 0 ? h("p", { class: "empty" }, "No topics yet.")
      : h("ul", { class: "picker", "aria-label": "Choose a topic" },
        list.topics.map((topic) => h("li", {},
          h("a", { class: "button", href: `#/feed/${topic.id}` }, topic.name, h("span", { class: "hint" }, ` ${topic.cards} cards`))))));
}

export async function render(args) {
  const topicId = Number(args[0]);
  if (!Number.isInteger(topicId) || topicId < 1) return picker();
  const detail = await api("GET", `/v1/topics/${topicId}`);
  const state = { cards: [], ids: new Set(), index: 0, flipped: false, exhausted: false, refilling: false, loading: null, reacted: new Map(), keys: new Map() };

  const stage = h("div", { class: "feed-stage" });
  const status = h("p", { class: "feed-status hint", role: "status" });
  const problems = h("div");
  const controls = h("div", { class: "feed-controls", role: "toolbar", "aria-label": "Card actions" },
    h("button", { type: "button", onclick: () => move(-1), "aria-keyshortcuts": "ArrowUp" }, "↑ Previous"),
    h("button", { type: "button", onclick: () => react("again"), "aria-keyshortcuts": "ArrowLeft" }, "← Not yet"),
    h("button", { type: "button", class: "primary", onclick: flip, "aria-keyshortcuts": "Space" }, "Flip"),
    h("button", { type: "button", onclick: () => react("good"), "aria-keyshortcuts": "ArrowRight" }, "Understood →"),
    h("button", { type: "button", onclick: () => move(1), "aria-keyshortcuts": "ArrowDown" }, "Next ↓"));
  show(h("h1", {}, detail.topic.name, h("span", { class: "subtitle" }, " · feed")), problems, stage, controls, status,
    h("p", { class: "hint keys" }, "Keys: Space flips · ↓ next · ↑ previous · → understood · ← not yet"));

  async function more() {
    if (state.loading || state.exhausted) return state.loading;
    const limit = Math.min(100, state.ids.size + 10);
    state.loading = api("GET", `/v1/topics/${topicId}/feed?limit=${limit}`).then((feed) => {
      const fresh = feed.cards.filter((card) => !state.ids.has(card.id));
      for (const card of fresh) { state.ids.add(card.id); state.cards.push(card); }
      state.exhausted = feed.exhausted && fresh.length === 0;
      state.refilling = feed.refilling;
      problems.replaceChildren();
      return fresh.length;
    }).catch((error) => {
      problems.replaceChildren(errorBox(describe(error)));
      return 0;
    }).finally(() => { state.loading = null; });
    return state.loading;
  }

  function draw() {
    const card = state.cards[state.index];
    if (!card) {
      stage.replaceChildren(h("div", { class: "flashcard end" },
        h("p", {}, state.refilling ? "More cards are being written for this topic. Check back in a minute."
          : "You have seen every card in this feed for now."),
        h("a", { class: "button primary", href: `#/learn/${topicId}` }, "Learn this topic")));
      status.textContent = "";
      return;
    }
    const reaction = state.reacted.get(card.id);
    const face = state.flipped
      ? h("div", { class: "face back" },
        richText(card.question, "div", { class: "question small" }),
        h("p", { class: "face-label" }, "Answer"),
        richText(card.answer, "div", { class: "answer" }),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null)
      : h("div", { class: "face front" },
        h("p", { class: "face-label" }, "Question"),
        richText(card.question, "div", { class: "question" }));
    const article = h("article", {
      class: `flashcard${state.flipped ? " flipped" : ""}${reaction ? ` reacted-${reaction}` : ""}`,
      "aria-roledescription": "flashcard", "aria-label": `Card ${state.index + 1}`, tabindex: 0,
      dataset: { cardId: card.id },
    }, face, reaction ? h("p", { class: "badge" }, reaction === "good" ? "Understood ✓" : "Not yet ↺") : null);
    attachGestures(article);
    stage.replaceChildren(article);
    status.textContent = `Card ${state.index + 1} of ${state.cards.length} loaded${state.refilling ? " · more on the way" : ""}`;
  }

  function flip() {
    const card = state.cards[state.index];
    if (!card) return;
    state.flipped = !state.flipped;
    draw();
    announce(state.flipped ? `Answer: ${card.answer}` : `Question: ${card.question}`);
  }

  async function move(step) {
    const next = state.index + step;
    if (next < 0) return;
    if (state.cards.length - next <= 3) {
      const pending = more();
      if (next >= state.cards.length) await pending;
    }
    if (next > state.cards.length) return;
    state.index = next;
    state.flipped = false;
    draw();
    const card = state.cards[state.index];
    announce(card ? `Question: ${card.question}` : "End of the feed");
  }

  async function react(rating) {
    const card = state.cards[state.index];
    if (!card || state.reacted.has(card.id)) return move(1);
    // One key per card and reaction: a retry after a dropped connection is the same request.
    const keyName = `${card.id}:${rating}`;
    if (!state.keys.has(keyName)) state.keys.set(keyName, idempotencyKey());
    try {
      const result = await api("POST", "/v1/reviews", {
        body: { cardId: card.id, rating }, headers: { "Idempotency-Key": state.keys.get(keyName) },
      });
      state.reacted.set(card.id, rating);
      const xp = result.review.xpGained;
      if (xp > 0) toast(`+${xp} XP`);
      announce(rating === "good" ? `Understood. ${xp} XP.` : "Marked not yet; it comes back soon.");
      await move(1);
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  function attachGestures(element) {
    let start = null;
    element.addEventListener("pointerdown", (event) => { start = { x: event.clientX, y: event.clientY }; });
    element.addEventListener("pointerup", (event) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 40) return flip();
      if (Math.abs(dx) > Math.abs(dy)) react(dx > 0 ? "good" : "again");
      else move(dy < 0 ? 1 : -1);
    });
  }

  function onKey(event) {
    if (typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = { " ": flip, ArrowDown: () => move(1), j: () => move(1), ArrowUp: () => move(-1), k: () => move(-1), ArrowRight: () => react("good"), ArrowLeft: () => react("again") };
    if (event.key === "Enter" && event.target instanceof HTMLElement && event.target.matches("a, button")) return;
    const action = actions[event.key] ?? (event.key === "Enter" ? flip : null);
    if (!action) return;
    event.preventDefault();
    action();
  }

  await more();
  draw();
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

"""#),
        "/app/js/learn.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"9a2585fb0d6d18ec\"",
            text: #"""
// Learn: choose topics and 10/25/50 cards (spaced, or free practice that changes no scheduling) → question →
// Space shows the answer → rate with 1–4 → the session summary (correct, failed, average rating, XP, level-ups)
// → learn again. Runs on /v1/sessions; level-ups come from /v1/me before and after.

import { api, describe } from "./api.js";
import { h, show, errorBox, announce, toast, typing } from "./ui.js";
import { richText } from "./math.js";

export const title = "Learn";

const RATINGS = [
  { key: "1", word: "again", label: "Again" },
  { key: "2", word: "hard", label: "Hard" },
  { key: "3", word: "good", label: "Good" },
  { key: "4", word: "easy", label: "Easy" },
];

export async function render(args) {
  const preselected = new Set(args.map(Number));
  const list = await api("GET", "/v1/topics");
  let keyHandler = null;
  const setKeys = (handler) => { keyHandler = handler; };
  const onKey = (event) => {
    if (!keyHandler || typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter on a link or button is that control's own (a navigation link must not start a session).
    if (event.key === "Enter" && event.target instanceof Element && event.target.closest("a, button")) return;
    if (keyHandler(event)) event.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  function setup(choice = { topicIds: [...preselected], limit: 10, mode: "spaced" }, message = null) {
    setKeys(null);
    const status = h("div", {}, message ? errorBox(message) : null);
    const boxes = list.topics.map((topic) => h("li", {},
      h("input", { type: "checkbox", id: `topic-${topic.id}`, name: "topic", value: topic.id, checked: choice.topicIds.includes(topic.id) || list.topics.length === 1 }),
      h("label", { for: `topic-${topic.id}` }, topic.name, h("span", { class: "hint" }, ` · ${topic.cards} cards`))));
    const sizes = [10, 25, 50].map((n) => h("span", { class: "choice" },
      h("input", { type: "radio", id: `size-${n}`, name: "size", value: n, checked: choice.limit === n }),
      h("label", { for: `size-${n}` }, `${n} cards`)));
    const free = h("input", { type: "checkbox", id: "free", name: "free", checked: choice.mode === "free" });
    const form = h("form", { class: "card-panel learn-setup" },
      h("fieldset", {}, h("legend", {}, "Topics"), list.topics.length ? h("ul", { class: "checks" }, boxes) : h("p", {}, "No topics yet.")),
      h("fieldset", {}, h("legend", {}, "Session size"), h("div", { class: "choices" }, sizes)),
      h("p", { class: "check" }, free, h("label", { for: "free" }, "Free practice"),
        h("span", { class: "hint", id: "free-help" }, " — any cards, shuffled; your schedule does not change")),
      h("button", { type: "submit", class: "primary" }, "Start learning"),
      status);
    free.setAttribute("aria-describedby", "free-help");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const topicIds = [...form.querySelectorAll('input[name="topic"]:checked')].map((box) => Number(box.value));
      const limit = Number(form.querySelector('input[name="size"]:checked')?.value ?? 10);
      if (topicIds.length === 0) {
        status.replaceChildren(errorBox("Choose at least one topic."));
        return;
      }
      start({ topicIds, limit, mode: free.checked ? "free" : "spaced" });
    });
    show(h("h1", {}, "Learn"), form);
  }

  async function start(choice) {
    show(h("h1", {}, "Learn"), h("p", { class: "hint", role: "status" }, "Starting…"));
    let before, session;
    try {
      before = await api("GET", "/v1/me");
      session = await api("POST", "/v1/sessions", { body: choice });
    } catch (error) {
      return setup(choice, describe(error));
    }
    const run = { choice, before, session, ratings: [] };
    if (!session.next) return finish(run, "There is nothing to study in these topics right now.");
    question(run);
  }

  function frame(run, ...children) {
    const { session } = run;
    const done = session.answered;
    show(
      h("h1", { class: "visually-hidden" }, "Learn"),
      h("div", { class: "progress-line" },
        h("span", {}, `Card ${Math.min(session.position + 1, session.total)} of ${session.total}`),
        h("progress", { max: session.total, value: done, "aria-label": "Session progress" })),
      ...children);
  }

  function question(run) {
    const card = run.session.next;
    const reveal = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Space", onclick: () => answer(run) }, "Show answer (Space)");
    const skip = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "S", onclick: () => skipCard(run) }, "Skip (S)");
    frame(run,
      h("article", { class: "flashcard", "aria-roledescription": "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"),
        richText(card.question, "div", { class: "question" })),
      h("p", { class: "actions" }, reveal, skip));
    reveal.focus();
    announce(`Question: ${card.question}`);
    setKeys((event) => {
      if (event.key === " " || event.key === "Enter") { answer(run); return true; }
      if (event.key === "s") { skipCard(run); return true; }
      return false;
    });
  }

  function answer(run) {
    const card = run.session.next;
    const status = h("div");
    const buttons = RATINGS.map((rating) => h("button", {
      type: "button", class: `rate rate-${rating.word}`, "aria-keyshortcuts": rating.key,
      onclick: () => rate(run, rating, status),
    }, h("kbd", {}, rating.key), ` ${rating.label}`));
    frame(run,
      h("article", { class: "flashcard flipped", "aria-roledescription": "flashcard", "aria-label": "Answer", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"),
        richText(card.question, "div", { class: "question small" }),
        h("p", { class: "face-label" }, "Answer"),
        richText(card.answer, "div", { class: "answer" }),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null),
      h("div", { class: "ratings", role: "group", "aria-label": "How well did you know it?" }, buttons),
      status);
    buttons[2].focus();
    announce(`Answer: ${card.answer}. Rate 1 again, 2 hard, 3 good, 4 easy.`);
    setKeys((event) => {
      const rating = RATINGS.find((r) => r.key === event.key);
      if (!rating) return false;
      rate(run, rating, status);
      return true;
    });
  }

  async function rate(run, rating, status) {
    setKeys(null);
    try {
      const body = { cardId: run.session.next.id, rating: rating.word };
      run.session = await api("POST", `/v1/sessions/${run.session.id}/answer`, { body });
      run.ratings.push(Number(rating.key));
      if (run.session.xpGained > 0) toast(`+${run.session.xpGained} XP`);
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      setKeys((event) => {
        const again = RATINGS.find((r) => r.key === event.key);
        if (again) rate(run, again, status);
        return Boolean(again);
      });
      return;
    }
    if (run.session.next) question(run);
    else finish(run);
  }

  async function skipCard(run) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/skip`, { body: { cardId: run.session.next.id } });
      question(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  async function finish(run, note = null) {
    setKeys(null);
    let ended, after;
    try {
      ended = await api("POST", `/v1/sessions/${run.session.id}/end`);
      after = await api("GET", "/v1/me");
    } catch (error) {
      show(h("h1", {}, "Session summary"), errorBox(describe(error)));
      return;
    }
    const average = run.ratings.length ? (run.ratings.reduce((a, b) => a + b, 0) / run.ratings.length).toFixed(1) : "–";
    const levels = after.level - run.before.level;
    const again = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Enter", onclick: () => start(run.choice) }, "Learn again");
    const stat = (label, value, name) => h("div", { class: "stat", dataset: { stat: name } }, h("dt", {}, label), h("dd", {}, String(value)));
    show(
      h("h1", {}, "Session summary"),
      note ? h("p", { class: "empty" }, note) : null,
      h("section", { class: "card-panel summary", "aria-live": "polite" },
        h("dl", { class: "stats" },
          stat("Cards", ended.answered, "answered"),
          stat("Correct", ended.correct, "correct"),
          stat("Failed", ended.failed, "failed"),
          stat("Average rating", average, "average"),
          stat("XP earned", ended.xpGained ?? 0, "xp")),
        levels > 0 ? h("p", { class: "level-up", role: "status" }, `Level up! You reached level ${after.level}.`) : null,
        h("p", { class: "hint" }, `Level ${after.level} · ${after.xpIntoLevel} / ${after.levelSpan} XP`)),
      h("p", { class: "actions" }, again, h("a", { class: "button", href: "#/learn" }, "Change topics"), h("a", { class: "button", href: "#/me" }, "See my progress")));
    again.focus();
    setKeys((event) => {
      if (event.key !== "Enter") return false;
      start(run.choice);
      return true;
    });
  }

  setup();
  return () => document.removeEventListener("keydown", onKey);
}

"""#),
        "/app/js/main.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"2b8ffe851dea100a\"",
            text: #"""
// The app's shell: hash routes (#/topics, #/feed/3, #/learn, #/me; never a token in the URL), the signed-in
// state, and the navigation. Each screen is a module whose render() returns an optional cleanup function.

import { token, whenUnauthorized, describe } from "./api.js";
import { show, errorBox, h } from "./ui.js";
import * as signin from "./signin.js";
import * as topics from "./topics.js";
import * as feed from "./feed.js";
import * as learn from "./learn.js";
import * as me from "./me.js";

const screens = { signin, topics, feed, learn, me };
let cleanup = null;

function parse(hash) {
  const [name, ...rest] = hash.replace(/^#\/?/, "").split("/");
  return { name: name || "topics", args: rest.filter(Boolean) };
}

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  let { name, args } = parse(location.hash);
  if (!token.get()) name = "signin";
  else if (name === "signin") name = "topics";
  const screen = screens[name];
  const signedIn = Boolean(token.get());
  document.getElementById("nav").hidden = !signedIn;
  document.getElementById("sign-out").hidden = !signedIn;
  for (const link of document.querySelectorAll("#nav a")) {
    if (link.dataset.screen === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (cleanup) cleanup();
  cleanup = null;
  if (!screen) {
    show(h("h1", {}, "Not found"), errorBox(`There is no screen called “${name}”.`));
    return;
  }
  document.title = `${screen.title} · fcgen`;
  try {
    cleanup = (await screen.render(args, { go })) ?? null;
  } catch (error) {
    show(h("h1", {}, screen.title), errorBox(describe(error)));
  }
}

whenUnauthorized(() => go("#/signin"));
document.getElementById("sign-out").addEventListener("click", () => {
  token.clear();
  go("#/signin");
});
window.addEventListener("hashchange", route);
route();

"""#),
        "/app/js/math.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"a8f250df9c747b91\"",
            text: #"""
// Card text with maths: `$…$`, `$$…$$`, `\(…\)` and `\[…\]` (as docs/cards.md defines them). When the server
// has KaTeX (Debian's libjs-katex, announced by `data-katex="on"` on <html>), formulas are typeset; otherwise the
// LaTeX is shown as written, in a monospace span. Text is only ever added as text nodes.

import { h } from "./ui.js";

const katexOn = () => document.documentElement.dataset.katex === "on";
let loading = null;

/** Loads KaTeX's script and stylesheet once (same origin, so the CSP allows them). */
function loadKatex() {
  if (!katexOn()) return Promise.resolve(null);
  if (window.katex) return Promise.resolve(window.katex);
  loading ??= new Promise((resolve) => {
    const css = h("link", { rel: "stylesheet", href: "/app/katex/katex.min.css" });
    const script = h("script", { src: "/app/katex/katex.min.js" });
    script.addEventListener("load", () => resolve(window.katex ?? null));
    script.addEventListener("error", () => resolve(null));
    document.head.append(css, script);
  });
  return loading;
}

// Display maths first, then inline; a `$` before a digit or a blank is a price, `\$` a literal dollar.
const pattern = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)|(?<![\\$])\$(?![\s\d$])((?:\\\$|[^$\n])+?)\$/g;

/** Splits `text` into text and formula pieces. */
export function pieces(text) {
  const out = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index) });
    const display = match[1] !== undefined || match[2] !== undefined;
    out.push({ tex: match[1] ?? match[2] ?? match[3] ?? match[4], display, source: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out.map((piece) => (piece.text !== undefined ? { text: piece.text.replaceAll("\\$", "$") } : piece));
}

/** An element holding `text` with its formulas (typeset when KaTeX is there). */
export function richText(text, tag = "div", attributes = {}) {
  const element = h(tag, attributes);
  const formulas = [];
  for (const piece of pieces(text ?? "")) {
    if (piece.text !== undefined) {
      element.append(document.createTextNode(piece.text));
    } else {
      const span = h("span", { class: piece.display ? "tex display" : "tex", "aria-label": piece.tex }, piece.source);
      element.append(span);
      formulas.push({ span, piece });
    }
  }
  if (formulas.length > 0) {
    loadKatex().then((katex) => {
      if (!katex) return;
      for (const { span, piece } of formulas) {
        try {
          // render() builds DOM nodes (styles set through the CSSOM), so no inline HTML is needed; a formula KaTeX
          // cannot read stays as written (its error rendering would need an inline style attribute).
          katex.render(piece.tex, span, { displayMode: piece.display, throwOnError: true, output: "htmlAndMathml" });
          span.classList.add("typeset");
        } catch {
          span.textContent = piece.source;
        }
      }
    });
  }
  return element;
}

"""#),
        "/app/js/me.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"b184a8b0f3aa94c7\"",
            text: #"""
// Me: level, the XP bar to the next level, XP today and streaks (GET /v1/me). Challenges, boxes, achievements,
// statistics, the calendar and the leaderboard join this screen when the API has their routes.

import { api } from "./api.js";
import { h, show } from "./ui.js";

export const title = "Me";

export async function render() {
  const me = await api("GET", "/v1/me");
  const percent = Math.round(me.progress * 100);
  show(
    h("h1", {}, me.name),
    h("section", { class: "card-panel level", "aria-labelledby": "level-heading" },
      h("h2", { id: "level-heading" }, h("span", { class: "level-number" }, `Level ${me.level}`)),
      h("div", {
        class: "xp-bar", role: "progressbar", "aria-label": "XP to the next level", "aria-valuemin": 0,
        "aria-valuemax": me.levelSpan, "aria-valuenow": me.xpIntoLevel,
        "aria-valuetext": `${me.xpIntoLevel} of ${me.levelSpan} XP, ${me.xpToNextLevel} to level ${me.level + 1}`,
      }, h("span", { class: "xp-fill", style: { width: `${percent}%` } })),
      h("p", { class: "hint" }, `${me.xpIntoLevel} / ${me.levelSpan} XP · ${me.xpToNextLevel} XP to level ${me.level + 1}`)),
    h("dl", { class: "stats" },
      h("div", { class: "stat", dataset: { stat: "total-xp" } }, h("dt", {}, "Total XP"), h("dd", {}, String(me.totalXP))),
      h("div", { class: "stat", dataset: { stat: "xp-today" } }, h("dt", {}, "XP today"), h("dd", {}, String(me.xpToday))),
      h("div", { class: "stat" }, h("dt", {}, "Streak"), h("dd", {}, `${me.currentStreak} ${me.currentStreak === 1 ? "day" : "days"}`)),
      h("div", { class: "stat" }, h("dt", {}, "Longest streak"), h("dd", {}, `${me.longestStreak} ${me.longestStreak === 1 ? "day" : "days"}`))),
    me.isAdmin ? h("p", { class: "hint" }, "This token is an admin token: it can create topics.") : null);
}

"""#),
        "/app/js/signin.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"78b24461db7faaf5\"",
            text: #"""
// Sign in with a bearer token (`fcgen token create --user NAME`). The token is checked with GET /v1/me before it
// is kept in localStorage.

import { api, describe, token } from "./api.js";
import { h, show, errorBox } from "./ui.js";

export const title = "Sign in";

export function render(_args, { go }) {
  const status = h("div", { id: "signin-status" });
  const input = h("input", {
    id: "token", name: "token", type: "password", autocomplete: "current-password", required: true,
    spellcheck: "false", placeholder: "fcg_…", "aria-describedby": "token-help",
  });
  const form = h("form", { class: "card-panel signin", novalidate: true },
    h("label", { for: "token" }, "Access token"),
    input,
    h("p", { id: "token-help", class: "hint" }, "Ask your fcgen operator for a token (fcgen token create --user NAME). It stays in this browser."),
    h("button", { type: "submit", class: "primary" }, "Sign in"),
    status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const secret = input.value.trim();
    if (!secret) {
      status.replaceChildren(errorBox("Enter your access token."));
      input.focus();
      return;
    }
    status.replaceChildren(h("p", { class: "hint" }, "Checking…"));
    try {
      await api("GET", "/v1/me", { bearer: secret });
      token.set(secret);
      go("#/topics");
    } catch (error) {
      status.replaceChildren(errorBox("Sign-in failed: " + describe(error)));
      input.select();
    }
  });
  show(h("h1", {}, "Sign in to fcgen"), form);
  input.focus();
}

"""#),
        "/app/js/topics.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"6b06995980a1eb69\"",
            text: #"""
// Topics: every topic with its cards and the learner's knowledge (known cards in %, red → green); admins create
// topics here (POST /v1/topics).

import { api, describe } from "./api.js";
import { h, show, errorBox, knowledgeColor, announce } from "./ui.js";

export const title = "Topics";

/** Topic details (the learner's progress), a few requests at a time. */
async function details(topics) {
  const out = new Map();
  const queue = [...topics];
  const worker = async () => {
    while (queue.length > 0) {
      const topic = queue.shift();
      out.set(topic.id, await api("GET", `/v1/topics/${topic.id}`));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

function row(topic, detail) {
  const percent = detail?.progressPercent ?? 0;
  const color = knowledgeColor(percent);
  const name = h("h2", { class: "topic-name" }, topic.name);
  return h("li", { class: "topic", dataset: { topicId: topic.id } },
    name,
    h("p", { class: "topic-counts" },
      h("span", { class: "cards-count" }, `${topic.cards} ${topic.cards === 1 ? "card" : "cards"}`),
      detail ? ` · ${detail.due} due · ${detail.known} known` : ""),
    h("div", {
      class: "meter", role: "meter", "aria-label": `Knowledge of ${topic.name}`, "aria-valuemin": 0,
      "aria-valuemax": 100, "aria-valuenow": percent, "aria-valuetext": `${percent} % known`,
    }, h("span", { class: "meter-fill", style: { width: `${percent}%`, background: color } })),
    h("p", { class: "percent", style: { color } }, `${percent} % known`),
    h("p", { class: "topic-actions" },
      h("a", { class: "button", href: `#/feed/${topic.id}`, "aria-label": `Feed of ${topic.name}` }, "Feed"),
      h("a", { class: "button primary", href: `#/learn/${topic.id}`, "aria-label": `Learn ${topic.name}` }, "Learn")));
}

function createForm(onCreated) {
  const status = h("div");
  const name = h("input", { id: "new-topic", name: "name", required: true, maxlength: 200, autocomplete: "off" });
  const form = h("form", { class: "card-panel create-topic", "aria-labelledby": "create-heading" },
    h("h2", { id: "create-heading" }, "New topic"),
    h("label", { for: "new-topic" }, "Name"),
    name,
    h("button", { type: "submit" }, "Create topic"),
    status);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("POST", "/v1/topics", { body: { name: name.value } });
      announce(`Topic ${created.topic.name} created`);
      onCreated();
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      name.focus();
    }
  });
  return form;
}

export async function render(_args, context) {
  show(h("h1", {}, "Topics"), h("p", { class: "hint", role: "status" }, "Loading topics…"));
  const [list, me] = await Promise.all([api("GET", "/v1/topics"), api("GET", "/v1/me")]);
  const progress = await details(list.topics);
  const items = list.topics.map((topic) => row(topic, progress.get(topic.id)));
  const body = items.length > 0
    ? h("ul", { class: "topics", "aria-label": "Topics" }, items)
    : h("p", { class: "empty" }, me.isAdmin
      ? "No topics yet. Create one below, then fill it with fcgen generate."
      : "No topics yet. Ask your operator to create one.");
  show(h("h1", {}, "Topics"), body, me.isAdmin ? createForm(() => render(_args, context)) : null);
}

"""#),
        "/app/js/ui.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"52fdb250538d1c7c\"",
            text: #"""
// Small DOM helpers: elements are built with text nodes only (card text is never parsed as HTML).

/** `h("p", {class: "x"}, "text", child)`: an element with attributes, properties (on…) and children. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style" && typeof value === "object") Object.assign(element.style, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Says `text` to screen readers (the polite live region). */
export function announce(text) {
  const region = document.getElementById("announcer");
  region.textContent = "";
  // A fresh text node after a tick, so the same sentence twice is still read.
  setTimeout(() => (region.textContent = text), 30);
}

let toastTimer;
/** A short pop-up ("+12 XP"), also read by screen readers. */
export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 2200);
}

/** An error box with a readable message (role=alert, so it is read at once). */
export function errorBox(message) {
  return h("p", { class: "error", role: "alert" }, message);
}

/** The knowledge colour of a percentage: red at 0 %, through amber, to green at 100 %. */
export function knowledgeColor(percent) {
  const hue = Math.round(Math.max(0, Math.min(100, percent)) * 1.2);
  return `hsl(${hue} 70% 42%)`;
}

/** Replaces the main landmark's content and moves focus to its heading (for screen readers and keyboards). */
export function show(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  const heading = main.querySelector("h1");
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
  return main;
}

/** True when a key event comes from a text field, where keys are typing, not shortcuts. */
export function typing(event) {
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

"""#),
    ]
}
