// swift-format-ignore-file
/// The web app's files, `webapp/` as it was committed (written by `scripts/embed-webapp.py`; a test fails
/// while the two differ). Keys are URL paths: `/` is `index.html`, everything else is under `/app/`.
enum WebAssets {
    static let files: [String: WebAsset] = [
        "/app/app.css": WebAsset(
            contentType: "text/css; charset=utf-8", etag: "\"ca5e1b7ab0352ef3\"",
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
.feed-controls button.primary { grid-column: 1 / -1; grid-row: 1; }
@media (min-width: 720px) { .feed-controls { grid-template-columns: repeat(6, 1fr); } .feed-controls button.primary { grid-column: auto; grid-row: auto; } }
.bookmark-list { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
.bookmark-list li { border-top: 1px solid var(--line); padding-top: .4rem; }
.bookmark-list p { margin: 0 0 .2rem; overflow-wrap: anywhere; }
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

/* Generation with live progress. */
.generate-form { display: flex; flex-wrap: wrap; align-items: end; gap: .5rem; }
.generate-form label { width: 100%; }
input[type="number"] { font: inherit; width: 7rem; min-height: 44px; padding: .5rem .7rem; border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--fg); }
.generate progress { width: 100%; height: .6rem; accent-color: var(--accent); }
.batches { margin: 0; padding-left: 0; list-style: none; display: grid; gap: .5rem; }
.batch { border: 1px solid var(--line); border-radius: .6rem; padding: .5rem .7rem; }
.batch p { margin: 0 0 .3rem; }
.batch-cards { margin: 0; padding-left: 1.2rem; font-size: .92rem; }
.outcome { font-weight: 700; }
.outcome-strict { color: var(--good); } .outcome-repaired, .outcome-partial { color: var(--hard); } .outcome-fallback { color: var(--again); }
@media (prefers-reduced-motion: no-preference) { .batch { animation: land .3s ease-out; } @keyframes land { from { opacity: 0; transform: translateY(.5rem); } } }

/* Me: challenges, boxes, achievements, calendar, leaderboard. */
.me-grid { display: grid; gap: 0 1rem; margin-top: 1rem; align-items: start; }
@media (min-width: 720px) { .me-grid { grid-template-columns: 1fr 1fr; } .me-grid .calendar, .me-grid .achievements { grid-column: 1 / -1; } }
.plain { list-style: none; margin: 0; padding: 0; display: grid; gap: .7rem; }
.challenge p { margin: 0 0 .2rem; }
.challenge-fill { background: linear-gradient(90deg, #e6a100, #2f7d55); }
.challenge.completed .challenge-fill { background: var(--good); }
.box-row { display: flex; flex-wrap: wrap; gap: .5rem; }
.box { flex-direction: column; min-width: 4.5rem; text-transform: capitalize; }
.box-icon { font-size: 1.6rem; line-height: 1; }
.box-rare { border-color: #1a5fb4; } .box-epic { border-color: #8e44ad; } .box-legendary { border-color: #e6a100; }
.reveal { font-weight: 800; font-size: 1.15rem; margin: 0; padding: .6rem .8rem; border-radius: .6rem; background: color-mix(in srgb, #e6a100 18%, var(--panel)); text-transform: none; }
.reveal-icon { margin-right: .4rem; }
@media (prefers-reduced-motion: no-preference) { .reveal { animation: reveal .45s cubic-bezier(.2, 1.6, .4, 1); } @keyframes reveal { from { transform: scale(.6) rotate(-4deg); opacity: 0; } } }
.achievement-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
@media (min-width: 720px) { .achievement-grid { grid-template-columns: repeat(3, 1fr); } }
.achievement { display: flex; gap: .6rem; align-items: start; border: 1px solid var(--line); border-radius: .6rem; padding: .5rem .7rem; }
.achievement.locked { opacity: .75; }
.achievement-emoji { font-size: 1.5rem; line-height: 1.2; }
.achievement-text { display: grid; gap: .2rem; flex: 1; }
.heatmap { display: grid; grid-template-rows: repeat(7, auto); grid-auto-flow: column; grid-auto-columns: 1fr; gap: 2px; }
.day { display: block; aspect-ratio: 1; border-radius: 2px; background: color-mix(in srgb, var(--line) 60%, transparent); }
.day[data-level="1"] { background: #b7e1c5; } .day[data-level="2"] { background: #6cc08b; } .day[data-level="3"] { background: #2f9a5d; } .day[data-level="4"] { background: #1d6b3e; }
.legend { display: flex; align-items: center; gap: 3px; }
.legend .day { width: .8rem; }
.studied-days summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; }
.leaderboard table { width: 100%; border-collapse: collapse; }
.leaderboard th, .leaderboard td { text-align: left; padding: .35rem .4rem; border-bottom: 1px solid var(--line); }
.leaderboard tr.me { background: color-mix(in srgb, var(--accent) 16%, var(--panel)); font-weight: 700; }
.you { color: var(--accent); }

/* Decks. */
textarea { font: inherit; width: 100%; min-height: 3.2rem; padding: .5rem .7rem; border-radius: .5rem; border: 1px solid var(--line); background: var(--bg); color: var(--fg); resize: vertical; }
.field { display: grid; gap: .25rem; margin: 0; }
.deck { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: .5rem; }
.deck-card { background: var(--panel); border: 1px solid var(--line); border-radius: .7rem; padding: .6rem .8rem; }
.deck-card p { margin: 0 0 .2rem; overflow-wrap: anywhere; }
.deck-question { font-weight: 700; }
.deck-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
.deck-options { margin: 0 0 .2rem; padding-left: 1.4rem; }
.deck-options .correct { font-weight: 700; }
.mcq-options { list-style: none; padding: 0; margin: 0; display: grid; gap: .4rem; }
.mcq-option { display: flex; align-items: center; gap: .5rem; min-height: 44px; }
.mcq-option .option-text { flex: 1; min-width: 0; }
.mcq-option .option-correct { width: 1.3rem; height: 1.3rem; }
.cloze-preview { color: var(--fg); font-style: italic; }
.deck-card { display: grid; grid-template-columns: auto 1fr; column-gap: .6rem; }
.deck-card > * { grid-column: 2; }
.deck-card > .select-card { grid-column: 1; grid-row: 1 / span 2; width: 1.4rem; height: 1.4rem; margin: .2rem 0 0; }
.card-picture { grid-column: 2; max-width: 96px; height: auto; border-radius: .4rem; margin-bottom: .3rem; }
.selection-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; min-height: 44px; }
.stats-topics { width: 100%; border-collapse: collapse; }
.stats-topics th, .stats-topics td { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
.stats-topics td.number, .stats-topics th.number { text-align: right; font-variant-numeric: tabular-nums; }
.import-errors { margin: 0; padding-left: 1.2rem; color: var(--danger); }
.import-errors code { font-weight: 700; }
input[type="file"] { font: inherit; max-width: 100%; min-height: 44px; }
.top nav ul { flex-wrap: wrap; }

/* Quiz. */
.quiz-form { display: grid; gap: .4rem; margin-top: 1rem; }
.verdict-word { font-size: 1.4rem; font-weight: 800; margin: 0; }
.verdict-correct { border-color: var(--good); } .verdict-correct .verdict-word { color: var(--good); }
.verdict-wrong, .verdict-empty { border-color: var(--again); } .verdict-wrong .verdict-word, .verdict-empty .verdict-word { color: var(--again); }
.wrong-list li, .unanswered-list li { border-bottom: 1px solid var(--line); padding-bottom: .4rem; }
.wrong-list p, .unanswered-list p { margin: .2rem 0; }
.card-panel > * { min-width: 0; }
.error, label, .import-errors li { overflow-wrap: anywhere; }
.topic-actions { flex-wrap: wrap; }

"""#),
        "/app/icon.svg": WebAsset(
            contentType: "image/svg+xml", etag: "\"44caa52f571f0033\"",
            text: #"""
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="6" y="14" width="44" height="34" rx="6" fill="#2f6f4f"/><rect x="14" y="8" width="44" height="34" rx="6" fill="#3fa36b"/><path d="M26 25l6 6 12-12" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>

"""#),
        "/": WebAsset(
            contentType: "text/html; charset=utf-8", etag: "\"43a5be5079a886c5\"",
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
      <li><a href="#/quiz" data-screen="quiz">Quiz</a></li>
      <li><a href="#/decks" data-screen="decks">Decks</a></li>
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
            contentType: "text/javascript; charset=utf-8", etag: "\"9333e99954ee0c69\"",
            text: #"""
// The public HTTP API (docs/api.md), and the token that opens it. The token lives in localStorage only: it is
// never put in a URL, and a 401 forgets it and sends the learner back to sign in.

const TOKEN_KEY = "fcgen.token";

/** A failed request: the API's problem document (`detail` is one readable line) or a network failure. */
export class ApiError extends Error {
  constructor(status, code, detail, field, problem = null) {
    super(detail);
    this.status = status;
    this.code = code;
    this.field = field;
    /** The whole problem document (an import's 422 lists `errors` with line and column). */
    this.problem = problem;
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

/**
 * A random key per logical request, so a retried review is recorded once (Idempotency-Key): a UUID v4 from 16
 * bytes of `crypto.getRandomValues`. Not `crypto.randomUUID`, which exists only in a secure context (https, or
 * http on localhost): on a phone opening `http://192.168.1.20:8080/` it is missing.
 */
export function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Calls the API. `body` is sent as JSON; the answer's JSON comes back. Every failure throws an ApiError with a
 * sentence a person can read.
 */
export async function api(method, path, { body, raw, contentType, headers = {}, bearer } = {}) {
  const response = await request(method, path, { body, raw, contentType, headers, bearer });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
    const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field, json);
    if (response.status === 401 && bearer === undefined) {
      token.clear();
      onUnauthorized(error);
    }
    throw error;
  }
  return json;
}

/** The fetch behind api(): the bearer header, a JSON or raw body; a network failure as an ApiError. */
async function request(method, path, { body, raw, contentType, headers = {}, bearer, accept = "application/json" } = {}) {
  const secret = bearer ?? token.get();
  const init = { method, headers: { Accept: accept, ...headers } };
  if (secret) init.headers.Authorization = `Bearer ${secret}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  } else if (raw !== undefined) {
    init.headers["Content-Type"] = contentType;
    init.body = raw;
  }
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
}

/** A failed response as an ApiError (its problem document's detail). */
async function failure(response) {
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
  const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field, json);
  if (response.status === 401) {
    token.clear();
    onUnauthorized(error);
  }
  return error;
}

/**
 * Bytes a route answers (a picture, an export) with the bearer header, as a Blob and the file name its
 * Content-Disposition gives. A link cannot carry the header, so the app fetches and shows or saves a blob URL.
 */
export async function blob(path) {
  const response = await request("GET", path, { accept: "*/*" });
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
  return { blob: await response.blob(), name };
}

/**
 * Reads a server-sent event stream (text/event-stream) with the bearer header, calling `onEvent(name, data)` per
 * event with its JSON data, until the server ends it. EventSource cannot send an Authorization header, so this
 * parses the stream itself: lines `event:`, `data:` and `id:`, an empty line ends an event.
 */
export async function events(path, onEvent, { signal } = {}) {
  const secret = token.get();
  let response;
  try {
    response = await fetch(path, { headers: { Accept: "text/event-stream", Authorization: `Bearer ${secret}` }, signal });
  } catch (error) {
    if (signal?.aborted) return;
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
  if (!response.ok) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let name = "message";
  let data = [];
  const line = (text) => {
    if (text === "") {
      if (data.length > 0) onEvent(name, JSON.parse(data.join("\n")));
      name = "message";
      data = [];
    } else if (text.startsWith("event:")) {
      name = text.slice(6).trim();
    } else if (text.startsWith("data:")) {
      data.push(text.slice(5).replace(/^ /, ""));
    }
    // `id:` and `:` comments need nothing here: the app reads each stream once from its start.
  };
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal?.aborted) return;
      throw new ApiError(0, "network", "The connection to the server was lost while the generation ran.");
    }
    if (chunk.done) break;
    buffer += chunk.value;
    let end;
    while ((end = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const match = buffer.slice(end).startsWith("\r\n") ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + match);
    }
  }
  if (buffer) line(buffer);
  line("");
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
        "/app/js/bookmarks.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"42e93d463a0d306a\"",
            text: #"""
// Me's bookmarks (GET /v1/bookmarks): the cards swiped left in the feed, newest first, each with its answer and a
// Remove button (DELETE /v1/cards/{id}/bookmark).

import { api, describe } from "./api.js";
import { h, errorBox, announce, on } from "./ui.js";

/** The bookmarks section of Me for `list` (the API's answer). */
export function bookmarksSection(list) {
  const items = h("ul", { class: "bookmark-list", "aria-label": "Bookmarked cards" });
  const count = h("span", { class: "subtitle bookmarks-count", dataset: { total: list.total } }, ` ${list.total}`);
  const problems = h("div");

  function item(entry) {
    const card = entry.card;
    const remove = h("button", { type: "button", class: "quiet", "aria-label": `Remove the bookmark of: ${card.question || "a picture card"}` }, "Remove");
    const row = h("li", { dataset: { cardId: card.id } },
      h("p", { class: "deck-question" }, card.question || "(picture)"),
      h("p", {}, card.answer),
      h("p", { class: "actions" }, h("a", { class: "button quiet", href: `#/feed/${card.topicId}` }, "Open its feed"), " ", remove));
    on(remove, "click", async () => {
      try {
        await api("DELETE", `/v1/cards/${card.id}/bookmark`);
        row.remove();
        const total = Number(count.dataset.total) - 1;
        count.dataset.total = total;
        count.textContent = ` ${total}`;
        announce("Bookmark removed");
        if (!items.children.length) items.replaceWith(h("p", { class: "empty" }, "No bookmarks. Swipe a card left in the feed (or press ←) to keep it here."));
      } catch (error) {
        problems.replaceChildren(errorBox(describe(error)));
      }
    });
    return row;
  }

  items.append(...list.bookmarks.map(item));
  return h("section", { class: "card-panel bookmarks", "aria-labelledby": "bookmarks-heading" },
    h("h2", { id: "bookmarks-heading" }, "Bookmarks", count), problems,
    list.bookmarks.length ? items : h("p", { class: "empty" }, "No bookmarks. Swipe a card left in the feed (or press ←) to keep it here."),
    list.total > list.bookmarks.length ? h("p", { class: "hint" }, `The newest ${list.bookmarks.length} of ${list.total}.`) : null);
}

"""#),
        "/app/js/boxes.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"fcc96848a26d9991\"",
            text: #"""
// Mystery boxes (GET /v1/boxes): each finished session earns 3–5. Opening one (POST /v1/boxes/{id}/open) shows a
// small reveal of its rarity and XP; "Open all" (POST /v1/boxes/open-all) opens the rest in one go. Opening is
// idempotent on the server, so a second tap on the same box pays nothing twice.

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast } from "./ui.js";

const SHOWN = 12;

/** The boxes section; `onReward(rewards)` lets Me update its XP figures. */
export function boxesSection(initial, onReward) {
  const section = h("section", { class: "card-panel boxes", "aria-labelledby": "boxes-heading" });
  const reveal = h("div", { class: "reveal-area", "aria-live": "polite" });
  const problems = h("div");

  function draw(list) {
    const unopened = list.boxes.filter((box) => !box.openedAt);
    const buttons = unopened.slice(0, SHOWN).map((box) => h("button", {
      type: "button", class: `box box-${box.rarity}`, dataset: { boxId: box.boxId },
      "aria-label": `Open a ${box.rarity} box`, onclick: () => open(box),
    }, h("span", { class: "box-icon", "aria-hidden": "true" }, "🎁"), h("span", {}, box.rarity)));
    section.replaceChildren(...[
      h("h2", { id: "boxes-heading" }, "Mystery boxes"),
      h("p", { class: "boxes-count", dataset: { unopened: list.unopened } },
        list.unopened === 0 ? "No unopened boxes. Finish a session to earn 3–5."
          : `${list.unopened} unopened ${list.unopened === 1 ? "box" : "boxes"}`),
      buttons.length ? h("div", { class: "box-row" }, buttons) : null,
      list.unopened > SHOWN ? h("p", { class: "hint" }, `and ${list.unopened - SHOWN} more`) : null,
      list.unopened > 1 ? h("p", {}, h("button", { type: "button", class: "primary open-all", onclick: openAll }, `Open all ${list.unopened}`)) : null,
      reveal, problems].filter(Boolean));
  }

  async function refresh() {
    draw(await api("GET", "/v1/boxes"));
  }

  function show(text, rarity) {
    reveal.replaceChildren(h("p", { class: `reveal reveal-${rarity}` }, h("span", { class: "reveal-icon", "aria-hidden": "true" }, "✨"), text));
  }

  async function open(box) {
    try {
      const opened = await api("POST", `/v1/boxes/${encodeURIComponent(box.boxId)}/open`);
      const xp = opened.box.xp ?? opened.rewards.xpGained;
      await refresh();
      show(`${/^[aeiou]/.test(opened.box.rarity) ? "An" : "A"} ${opened.box.rarity} box: +${xp} XP${opened.alreadyOpened ? " (already opened)" : ""}`, opened.box.rarity);
      if (opened.rewards.xpGained > 0) toast(`+${opened.rewards.xpGained} XP`);
      onReward(opened.rewards);
      (section.querySelector("button.box") ?? section.querySelector("h2")).focus?.();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  async function openAll() {
    try {
      const opened = await api("POST", "/v1/boxes/open-all");
      await refresh();
      const xp = opened.opened.reduce((sum, box) => sum + (box.xp ?? 0), 0);
      show(`${opened.opened.length} boxes opened: +${xp} XP`, "common");
      if (opened.rewards.xpGained > 0) toast(`+${opened.rewards.xpGained} XP`);
      announce(`${opened.opened.length} boxes opened, ${xp} XP.`);
      onReward(opened.rewards);
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  draw(initial);
  return section;
}

"""#),
        "/app/js/calendar.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"596c94819932a5e6\"",
            text: #"""
// The activity calendar (GET /v1/calendar): the last 365 days as a heat map, one square per day shaded by its
// reviews against the busiest day (`maximum`), weeks as columns like a contribution graph. For screen readers the
// map is one image with a summary, and the studied days are listed in words beside it.

import { h } from "./ui.js";

/** 0 for no reviews, else 1–4 by the share of the busiest day. */
export function shade(reviews, maximum) {
  if (reviews <= 0 || maximum <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((reviews / maximum) * 4)));
}

export function calendarSection(calendar) {
  const first = new Date(`${calendar.from}T00:00:00Z`).getUTCDay(); // 0 Sunday: the first column's offset
  const cells = calendar.days.map((day, index) => h("span", {
    class: "day", dataset: { day: day.day, reviews: day.reviews, level: shade(day.reviews, calendar.maximum) },
    title: `${day.day}: ${day.reviews} ${day.reviews === 1 ? "review" : "reviews"}`,
    style: index === 0 ? { gridRowStart: String(first + 1) } : undefined,
  }));
  const studied = calendar.days.filter((day) => day.reviews > 0);
  const totals = calendar.totals;
  const summary = `${totals.reviews} reviews on ${totals.daysStudied} ${totals.daysStudied === 1 ? "day" : "days"} from ${calendar.from} to ${calendar.to}`;
  return h("section", { class: "card-panel calendar", "aria-labelledby": "calendar-heading" },
    h("h2", { id: "calendar-heading" }, "Activity"),
    h("p", { class: "hint" }, `${summary} · busiest day ${calendar.maximum} reviews`),
    h("div", { class: "heatmap", role: "img", "aria-label": `Activity calendar: ${summary}` }, cells),
    h("p", { class: "legend hint", "aria-hidden": "true" }, "Less ",
      [0, 1, 2, 3, 4].map((level) => h("span", { class: "day", dataset: { level } })), " More"),
    h("details", { class: "studied-days" },
      h("summary", {}, "Days studied"),
      studied.length ? h("ul", {}, studied.slice(-60).reverse().map((day) => h("li", {},
        `${day.day}: ${day.reviews} ${day.reviews === 1 ? "review" : "reviews"}, ${day.xp} XP`)))
        : h("p", {}, "None yet.")));
}

"""#),
        "/app/js/cardform.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"fcce552079c60f6d\"",
            text: #"""
// The card editor of a deck: a new card (POST /v1/topics/{id}/cards, with "also store the reversed card") or an
// edit of one (PATCH /v1/cards/{id}; "also change its twin" when it has one), and its picture (PUT or DELETE
// /v1/cards/{id}/image, after the text is saved). A broken card rule is the API's 422 with `field` naming the
// member, shown beside the form and focused; a refused picture (type, size) shows the API's sentence.
// A card's kind: a cloze card's answer is derived from its {{c1::…}} deletions (previewed here), a multiple-choice
// card's from its options (4 or 5 inputs, a radio marking the correct one; sent as `options` and `correct`, from 0).

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast, on } from "./ui.js";

export function cardForm(topicId, onSaved, topics = []) {
  let editing = null;
  const field = (id, label, tag = "textarea") => {
    const input = h(tag, { id: `card-${id}`, name: id, rows: 2 });
    return { input, row: h("p", { class: "field" }, h("label", { for: `card-${id}` }, label), input) };
  };
  const question = field("question", "Question");
  const answer = field("answer", "Answer");
  const kind = h("select", { id: "card-kind", name: "kind" },
    Object.entries(KINDS).map(([value, label]) => h("option", { value }, label)));
  const kindRow = h("p", { class: "field" }, h("label", { for: "card-kind" }, "Kind"), kind);
  const clozePreview = h("span", { class: "cloze-preview" });
  const clozeRow = h("p", { class: "hint cloze-hint", id: "card-cloze-hint", hidden: true },
    "Hide words with {{c1::word}} (a hint: {{c1::word::hint}}; c2, c3 … are asked separately). Answer: ", clozePreview);
  const options = optionList();
  const explanation = field("explanation", "Explanation (optional)");
  const image = h("input", { type: "file", id: "card-image", name: "image", accept: "image/png,image/jpeg,image/gif" });
  const imageRow = h("p", { class: "field" }, h("label", { for: "card-image" }, "Picture (PNG, JPEG or GIF, optional)"), image);
  const dropImage = h("input", { type: "checkbox", id: "card-drop-image", name: "dropImage" });
  const dropImageRow = h("p", { class: "check", hidden: true }, dropImage, h("label", { for: "card-drop-image" }, "Remove its picture"));
  // Editing only: the card's deck. Another topic moves it there (with its twin) after the text is saved.
  const topicSelect = h("select", { id: "card-topic", name: "topic" },
    topics.map((topic) => h("option", { value: topic.id, selected: topic.id === topicId }, topic.name)));
  const topicRow = h("p", { class: "field", hidden: true }, h("label", { for: "card-topic" }, "Topic"), topicSelect);
  const reverse = h("input", { type: "checkbox", id: "card-reverse", name: "reverse" });
  const reverseLabel = h("label", { for: "card-reverse" }, "Also store the reversed card");
  const heading = h("h2", { id: "card-form-heading", tabindex: -1 }, "New card");
  const submit = h("button", { type: "submit", class: "primary" }, "Add card");
  const cancel = h("button", { type: "button", class: "quiet", hidden: true }, "Cancel");
  const status = h("div");
  const form = h("form", { class: "card-panel card-form", "aria-labelledby": "card-form-heading" },
    heading, kindRow, question.row, clozeRow, answer.row, options.element, explanation.row, imageRow, dropImageRow, topicRow,
    h("p", { class: "check" }, reverse, reverseLabel),
    h("p", { class: "actions" }, submit, cancel), status);

  function reset() {
    editing = null;
    form.reset();
    heading.textContent = "New card";
    submit.textContent = "Add card";
    reverseLabel.textContent = "Also store the reversed card";
    cancel.hidden = true;
    reverse.disabled = false;
    dropImageRow.hidden = true;
    topicRow.hidden = true;
    options.set(null);
    kindChanged();
  }

  // The answer of a cloze or multiple-choice card is derived: its input gives way to the hint or the options.
  function kindChanged() {
    const chosen = kind.value;
    answer.row.hidden = chosen === "cloze" || chosen === "mcq";
    clozeRow.hidden = chosen !== "cloze";
    options.element.hidden = chosen !== "mcq";
    if (chosen === "mcq") options.ensure();
    clozePreview.textContent = clozeAnswer(question.input.value) || "(no {{c1::…}} yet)";
  }
  on(kind, "change", kindChanged);
  on(question.input, "input", () => {
    if (kind.value === "cloze") clozePreview.textContent = clozeAnswer(question.input.value) || "(no {{c1::…}} yet)";
  });

  // The picture goes after the text, so a refused picture leaves the saved text and says why.
  async function savePicture(cardId) {
    const chosen = image.files[0];
    if (chosen) {
      await api("PUT", `/v1/cards/${cardId}/image`, { raw: chosen, contentType: chosen.type || "application/octet-stream" });
      return "picture saved";
    }
    if (editing?.image && dropImage.checked) {
      await api("DELETE", `/v1/cards/${cardId}/image`);
      return "picture removed";
    }
    return null;
  }
  on(cancel, "click", reset);

  on(form, "submit", async (event) => {
    event.preventDefault();
    const text = { question: question.input.value, kind: kind.value };
    if (kind.value === "mcq") Object.assign(text, options.body());
    else if (kind.value !== "cloze") text.answer = answer.input.value;
    let saved = null;
    try {
      if (editing) {
        const body = { ...text, explanation: explanation.input.value.trim() ? explanation.input.value : null };
        if (editing.twinId) body.alsoTwin = reverse.checked;
        await api("PATCH", `/v1/cards/${editing.id}`, { body });
        saved = { id: editing.id, message: "Card saved" };
      } else {
        const body = { ...text, reverse: reverse.checked };
        if (explanation.input.value.trim()) body.explanation = explanation.input.value;
        const created = await api("POST", `/v1/topics/${topicId}/cards`, { body });
        saved = { id: created.cards[0].id, message: created.cards.length > 1 ? "Card and its twin added" : "Card added" };
      }
      saved.pending = "its picture";
      const pictured = await savePicture(saved.id);
      // Last, so a refused picture leaves the card in this deck, where the form still edits it.
      const target = Number(topicSelect.value);
      if (editing && target && target !== topicId) {
        saved.pending = "the move to the other topic";
        await api("POST", `/v1/cards/${saved.id}/move`, { body: { topicId: target } });
        saved.message = `Card saved and moved to ${topicSelect.selectedOptions[0].textContent}`;
      }
      toast(pictured ? `${saved.message}, ${pictured}` : saved.message);
      announce(saved.message);
      status.replaceChildren();
      reset();
      onSaved();
    } catch (error) {
      if (saved) {
        // The text is stored; the picture (or the move) was refused. Say so; an edit stays open to try again, a new
        // card's form empties (sending it again would add the card twice) and says where to add the picture.
        const added = !editing;
        if (added) reset();
        onSaved();
        const next = added ? " Edit the card to give it a picture." : "";
        status.replaceChildren(errorBox(`${saved.message}, but not ${saved.pending}: ${describe(error)}${next}`));
        (saved.pending === "its picture" ? image : topicSelect).focus();
        return;
      }
      status.replaceChildren(errorBox(describe(error)));
      const target = error.field === "options" || error.field === "correct" ? options.focusTarget(error.field)
        : error.field === "kind" ? kind
        : { question, answer, explanation }[error.field]?.input ?? (error.field ? reverse : null);
      target?.focus();
    }
  });

  kindChanged();
  return {
    element: form,
    edit(card) {
      editing = card;
      question.input.value = card.question;
      answer.input.value = card.answer;
      explanation.input.value = card.explanation ?? "";
      kind.value = card.kind;
      options.set(card.choices ?? null);
      kindChanged();
      reverse.checked = false;
      heading.textContent = `Edit card #${card.position}`;
      submit.textContent = "Save card";
      reverseLabel.textContent = card.twinId ? "Also change its reversed twin" : "No reversed twin";
      reverse.disabled = !card.twinId;
      image.value = "";
      dropImage.checked = false;
      dropImageRow.hidden = !card.image;
      topicSelect.value = String(topicId);
      topicRow.hidden = topics.length < 2;
      cancel.hidden = false;
      heading.focus();
    },
  };
}

const KINDS = {
  question: "Question", definition: "Definition", truefalse: "True or false", fillblank: "Fill in the blank",
  math: "Maths", image: "Picture", cloze: "Cloze ({{c1::…}})", mcq: "Multiple choice",
};

/** The answer of cloze text: every `{{cN::text}}` / `{{cN::text::hint}}` shown as its text ("" without any). */
export function clozeAnswer(text) {
  const deletion = /\{\{c\d+::([\s\S]*?)(?:::[\s\S]*?)?\}\}/g;
  return deletion.test(text) ? text.replace(deletion, "$1").trim() : "";
}

/** A multiple-choice card's options: 4 or 5 text inputs, each with a radio for "correct", added and removed. */
function optionList() {
  const MIN = 4, MAX = 5;
  const rows = h("ol", { class: "mcq-options" });
  const add = h("button", { type: "button", class: "quiet", id: "card-add-option" }, "Add an option");
  const element = h("fieldset", { class: "field mcq-fieldset", hidden: true },
    h("legend", {}, "Options (mark the correct one)"), rows, h("p", { class: "actions" }, add));

  function renumber() {
    [...rows.children].forEach((row, index) => {
      const [radio, input, remove] = row.querySelectorAll("input[type=radio], input[type=text], button");
      radio.setAttribute("aria-label", `Option ${index + 1} is correct`);
      input.id = `card-option-${index}`;
      input.setAttribute("aria-label", `Option ${index + 1}`);
      remove.setAttribute("aria-label", `Remove option ${index + 1}`);
      remove.disabled = rows.children.length <= MIN;
    });
    add.disabled = rows.children.length >= MAX;
  }
  function addRow(text = "", correct = false) {
    const radio = h("input", { type: "radio", name: "card-correct", class: "option-correct" });
    radio.checked = correct;
    const input = h("input", { type: "text", class: "option-text", maxlength: 200 });
    input.value = text;
    const remove = h("button", { type: "button", class: "quiet remove-option" }, "Remove");
    const row = h("li", { class: "mcq-option" }, radio, input, remove);
    on(remove, "click", () => {
      row.remove();
      renumber();
      rows.querySelector("input[type=text]")?.focus();
    });
    rows.append(row);
    renumber();
    return input;
  }
  on(add, "click", () => addRow().focus());

  return {
    element,
    /** The card's stored options (or none: empty rows). */
    set(choices) {
      rows.replaceChildren();
      (choices?.options ?? []).forEach((text, index) => addRow(text, index === choices.correctIndex));
    },
    /** At least 4 rows to fill in. */
    ensure() {
      while (rows.children.length < MIN) addRow();
    },
    /** `{options, correct?}` for the API: the texts in order, the marked one's position from 0. */
    body() {
      const items = [...rows.children];
      const marked = items.findIndex((row) => row.querySelector("input[type=radio]").checked);
      const body = { options: items.map((row) => row.querySelector("input[type=text]").value) };
      if (marked >= 0) body.correct = marked;
      return body;
    },
    focusTarget(field) {
      return rows.querySelector(field === "correct" ? "input[type=radio]" : "input[type=text]");
    },
  };
}

"""#),
        "/app/js/decks.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"a30280b50e2d1681\"",
            text: #"""
// Decks (#/decks/ID): a topic's cards in deck order, a page at a time (GET /v1/topics/{id}/cards, cursor paging),
// with their pictures; admins add, edit and delete cards (POST /v1/topics/{id}/cards, PATCH and DELETE
// /v1/cards/{id}), move one up or down (POST /v1/cards/{id}/move), delete a selection at once (POST
// /v1/topics/{id}/cards/delete: one transaction) and import a CSV or Anki file (POST /v1/topics/{id}/import: all or
// nothing; a 422 lists each bad row's line:column). Anyone downloads the deck (GET /v1/topics/{id}/export),
// fetched with the token and saved from a blob URL.

import { api, blob, describe } from "./api.js";
import { h, show, errorBox, announce, toast, on } from "./ui.js";
import { cardForm } from "./cardform.js";
import { credit, picture } from "./picture.js";

export const title = "Decks";
const PAGE = 20;

async function picker() {
  const list = await api("GET", "/v1/topics");
  show(h("h1", {}, "Decks"),
    list.topics.length === 0 ? h("p", { class: "empty" }, "No topics yet.")
      : h("ul", { class: "picker", "aria-label": "Choose a deck" },
        list.topics.map((topic) => h("li", {},
          h("a", { class: "button", href: `#/decks/${topic.id}` }, topic.name, h("span", { class: "hint" }, ` ${topic.cards} cards`))))));
}

function importForm(topicId, onImported) {
  const file = h("input", { type: "file", id: "import-file", name: "file", accept: ".csv,.txt,text/csv,text/plain" });
  const result = h("div", { class: "import-result" });
  const form = h("form", { class: "card-panel import", "aria-labelledby": "import-heading" },
    h("h2", { id: "import-heading" }, "Import a file"),
    h("label", { for: "import-file" }, "A CSV file or Anki notes in plain text"),
    h("p", { class: "hint" }, "CSV columns: question; answer; explanation; reversed; kind. All or nothing: one bad row and nothing is stored."),
    file, h("p", {}, h("button", { type: "submit" }, "Import")), result);
  on(form, "submit", async (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) {
      result.replaceChildren(errorBox("Choose a file first."));
      return;
    }
    const format = /\.txt$/i.test(chosen.name) ? "anki" : "csv";
    try {
      const done = await api("POST", `/v1/topics/${topicId}/import?format=${format}`, {
        raw: await chosen.text(), contentType: format === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      });
      result.replaceChildren(h("p", { role: "status" }, `Imported ${done.cardsStored} cards (${done.twinsStored} twins, ${done.duplicatesSkipped} duplicates skipped).`));
      onImported();
    } catch (error) {
      const rows = error.problem?.errors ?? [];
      result.replaceChildren(...[errorBox(describe(error)),
        rows.length ? h("ul", { class: "import-errors", "aria-label": "Problems in the file" }, rows.map((row) =>
          h("li", {}, h("code", {}, `${chosen.name}:${row.line}:${row.column}`), ` ${row.message}`))) : null,
        error.problem?.errorsTotal > rows.length ? h("p", { class: "hint" }, `${error.problem.errorsTotal - rows.length} more not shown.`) : null].filter(Boolean));
    }
  });
  return form;
}

function exportLinks(topic) {
  const status = h("span", { role: "status", class: "hint" });
  const save = async (format) => {
    try {
      const { blob: bytes, name } = await blob(`/v1/topics/${topic.id}/export?format=${format}`);
      const url = URL.createObjectURL(bytes);
      const link = h("a", { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      status.textContent = `Saved ${name}.`;
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
    }
  };
  return h("section", { class: "card-panel export", "aria-labelledby": "export-heading" },
    h("h2", { id: "export-heading" }, "Download"),
    h("p", { class: "actions" }, ["csv", "anki", "json"].map((format) => h("button", {
      type: "button", dataset: { format }, onclick: () => save(format),
    }, `Download ${format === "anki" ? "Anki" : format.toUpperCase()}`))),
    status);
}

export async function render(args) {
  const topicId = Number(args[0]);
  if (!Number.isInteger(topicId) || topicId < 1) return picker();
  const [detail, me] = await Promise.all([api("GET", `/v1/topics/${topicId}`), api("GET", "/v1/me")]);
  const topic = detail.topic;
  const list = h("ol", { class: "deck", "aria-label": `Cards of ${topic.name}` });
  const more = h("p");
  const problems = h("div");
  const subtitle = h("span", { class: "subtitle" }, ` · deck of ${topic.cards} cards`);
  let cursor = null;

  const selected = new Set();
  const deleteSelected = h("button", { type: "button", class: "delete-selected", disabled: true }, "Delete selected");
  const selection = h("p", { class: "selection-bar", role: "group", "aria-label": "Selected cards" },
    h("span", { class: "hint selection-count", "aria-live": "polite" }, "No card selected"), " ", deleteSelected);

  function selectionChanged() {
    const count = selected.size;
    selection.querySelector(".selection-count").textContent = count ? `${count} selected` : "No card selected";
    deleteSelected.disabled = count === 0;
    delete deleteSelected.dataset.armed;
    deleteSelected.textContent = count ? `Delete ${count} selected` : "Delete selected";
  }

  on(deleteSelected, "click", async () => {
    if (deleteSelected.dataset.armed !== "yes") {
      deleteSelected.dataset.armed = "yes";
      deleteSelected.textContent = `Confirm: delete ${selected.size} cards`;
      return;
    }
    try {
      const done = await api("POST", `/v1/topics/${topicId}/cards/delete`, { body: { ids: [...selected] } });
      const text = `${done.deleted.length} ${done.deleted.length === 1 ? "card" : "cards"} deleted`;
      toast(text);
      announce(text);
      await reload();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  });

  async function move(card, step, focusClass) {
    try {
      await api("POST", `/v1/cards/${card.id}/move`, { body: { position: card.position + step } });
      announce(`Card moved to position ${card.position + step}`);
      await reload(card.position + step);
      list.querySelector(`li[data-card-id="${card.id}"] .${focusClass}`)?.focus();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  function cardItem(card) {
    const remove = h("button", { type: "button", class: "quiet", "aria-label": `Delete card ${card.position}` }, "Delete");
    on(remove, "click", async () => {
      if (remove.dataset.armed !== "yes") {
        remove.dataset.armed = "yes";
        remove.textContent = "Confirm delete";
        return;
      }
      try {
        await api("DELETE", `/v1/cards/${card.id}`);
        toast("Card deleted");
        announce("Card deleted");
        await reload();
      } catch (error) {
        problems.replaceChildren(errorBox(describe(error)));
      }
    });
    const edit = h("button", { type: "button", class: "quiet", "aria-label": `Edit card ${card.position}`, onclick: () => editor.edit(card) }, "Edit");
    const up = h("button", {
      type: "button", class: "quiet move-up", "aria-label": `Move card ${card.position} up`, disabled: card.position === 1,
      onclick: () => move(card, -1, "move-up"),
    }, "↑");
    const down = h("button", {
      type: "button", class: "quiet move-down", "aria-label": `Move card ${card.position} down`,
      disabled: card.position >= topic.cards, onclick: () => move(card, 1, "move-down"),
    }, "↓");
    const pick = h("input", { type: "checkbox", class: "select-card", id: `select-${card.id}`, "aria-label": `Select card ${card.position}` });
    pick.checked = selected.has(card.id);
    on(pick, "change", () => {
      if (pick.checked) selected.add(card.id);
      else selected.delete(card.id);
      selectionChanged();
    });
    return h("li", { class: "deck-card", dataset: { cardId: card.id, position: card.position } },
      me.isAdmin ? pick : null,
      card.image ? picture(card.image, card.question ? `Picture for: ${card.question}` : `Picture of card ${card.position}`) : null,
      credit(card.image),
      h("p", { class: "deck-question" }, card.question || "(picture)"),
      h("p", { class: "deck-answer" }, card.answer),
      card.choices ? h("ol", { class: "deck-options", "aria-label": "Options" }, card.choices.options.map((option, index) =>
        index === card.choices.correctIndex ? h("li", { class: "correct" }, option, " ✓") : h("li", {}, option))) : null,
      card.explanation ? h("p", { class: "hint" }, card.explanation) : null,
      h("p", { class: "hint" }, `#${card.position} · ${card.kind}${card.twinId ? " · has a reversed twin" : ""}${card.progress ? ` · ${card.progress.reps} reviews` : ""}`),
      me.isAdmin ? h("p", { class: "deck-actions" }, up, down, edit, remove) : null);
  }

  async function page() {
    try {
      const query = `limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const result = await api("GET", `/v1/topics/${topicId}/cards?${query}`);
      list.append(...result.cards.map(cardItem));
      cursor = result.next ?? null;
      more.replaceChildren(cursor ? h("button", { type: "button", onclick: page }, "More cards") : h("span", { class: "hint" }, list.children.length ? "End of the deck." : "No cards yet."));
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  /** Reads the deck again from the start, as far as `through` (a position) when given, and drops the selection. */
  async function reload(through = 0) {
    cursor = null;
    list.replaceChildren();
    selected.clear();
    selectionChanged();
    const fresh = await api("GET", `/v1/topics/${topicId}`);
    topic.cards = fresh.topic.cards;
    subtitle.textContent = ` · deck of ${topic.cards} cards`;
    await page();
    while (cursor && list.children.length < through) await page();
  }

  const topics = me.isAdmin ? (await api("GET", "/v1/topics")).topics : [];
  const editor = cardForm(topicId, () => reload(), topics);
  show(h("h1", {}, topic.name, subtitle),
    me.isAdmin ? editor.element : null,
    me.isAdmin ? importForm(topicId, reload) : null,
    exportLinks(topic), problems,
    h("section", { "aria-labelledby": "cards-heading" }, h("h2", { id: "cards-heading" }, "Cards"),
      me.isAdmin ? selection : null, list, more));
  await page();
}

"""#),
        "/app/js/faces.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"2b306eae32158e2b\"",
            text: #"""
// A card as study shows it: the API's `shown` faces when it sends them (a cloze card's deletions hidden and its
// full text as the answer; an mcq card's options), else the stored question and answer.
import { h } from "./ui.js";

/** The question and answer to show for `card`, given the faces the API sent (`shown`, or undefined). */
export function studyFaces(card, shown) {
  return shown || { question: card.question, answer: card.answer };
}

/** An mcq card's options as an ordered list, the correct one marked once the answer shows; null for other cards. */
export function optionList(face, revealed) {
  if (!face.options) return null;
  return h("ol", { class: "options", "aria-label": "Options" },
    ...face.options.map((option, index) => h("li", {},
      revealed && index === face.correctOption ? `${option} ✓` : option)));
}

"""#),
        "/app/js/feed.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"efec85b43fcdf529\"",
            text: #"""
// The feed (GET /v1/topics/{id}/feed): one card at a time. Tap or Space flips; swipe up / ↓ is the next card,
// swipe down / ↑ the previous; swipe right / → is "understood" (a `good` review), swipe left / ← bookmarks the
// card (PUT /v1/cards/{id}/bookmark; Me lists the bookmarks) and moves on; N is "not yet" (an `again` review, so the
// card comes back soon).
// More cards are fetched while three are still ahead, so the learner never waits on a spinner.

import { api, describe, idempotencyKey } from "./api.js";
import { h, show, errorBox, announce, toast, typing, on } from "./ui.js";
import { richText } from "./math.js";
import { studyFaces, optionList } from "./faces.js";

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
    h("button", { type: "button", class: "bookmark", onclick: () => bookmark(), "aria-keyshortcuts": "ArrowLeft" }, "← Bookmark"),
    h("button", { type: "button", onclick: () => react("again"), "aria-keyshortcuts": "N" }, "Not yet"),
    h("button", { type: "button", class: "primary", onclick: flip, "aria-keyshortcuts": "Space" }, "Flip"),
    h("button", { type: "button", onclick: () => react("good"), "aria-keyshortcuts": "ArrowRight" }, "Understood →"),
    h("button", { type: "button", onclick: () => move(1), "aria-keyshortcuts": "ArrowDown" }, "Next ↓"));
  show(h("h1", {}, detail.topic.name, h("span", { class: "subtitle" }, " · feed")), problems, stage, controls, status,
    h("p", { class: "hint keys" }, "Keys: Space flips · ↓ next · ↑ previous · → understood · ← bookmark · N not yet"));

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
    const shown = studyFaces(card, card.shown);
    const face = state.flipped
      ? h("div", { class: "face back" },
        richText(shown.question, "div", { class: "question small" }),
        optionList(shown, true),
        h("p", { class: "face-label" }, "Answer"),
        richText(shown.answer, "div", { class: "answer" }),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null)
      : h("div", { class: "face front" },
        h("p", { class: "face-label" }, "Question"),
        richText(shown.question, "div", { class: "question" }),
        optionList(shown, false));
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
    announce(state.flipped ? `Answer: ${studyFaces(card, card.shown).answer}` : `Question: ${studyFaces(card, card.shown).question}`);
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
    announce(card ? `Question: ${studyFaces(card, card.shown).question}` : "End of the feed");
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

  async function bookmark() {
    const card = state.cards[state.index];
    if (!card) return;
    try {
      // PUT is idempotent: a second swipe, or a retry, keeps the one bookmark.
      await api("PUT", `/v1/cards/${card.id}/bookmark`);
      toast("Bookmarked");
      announce("Bookmarked. Me lists your bookmarks.");
      await move(1);
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  function attachGestures(element) {
    let start = null;
    on(element, "pointerdown", (event) => { start = { x: event.clientX, y: event.clientY }; });
    on(element, "pointerup", (event) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.max(Math.abs(dx), Math.abs(dy)) < 40) return flip();
      if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? react("good") : bookmark();
      return move(dy < 0 ? 1 : -1);
    });
  }

  function onKey(event) {
    if (typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions = { " ": flip, ArrowDown: () => move(1), j: () => move(1), ArrowUp: () => move(-1), k: () => move(-1), ArrowRight: () => react("good"), ArrowLeft: bookmark, n: () => react("again") };
    if (event.key === "Enter" && event.target instanceof HTMLElement && event.target.matches("a, button")) return;
    const action = actions[event.key] ?? (event.key === "Enter" ? flip : null);
    if (!action) return;
    event.preventDefault();
    return action();
  }

  await more();
  draw();
  return on(document, "keydown", onKey);
}

"""#),
        "/app/js/game.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"a97a54580ff6bee3\"",
            text: #"""
// Me's game sections: today's challenges with progress bars (GET /v1/challenges), achievements unlocked and
// locked with their progress (GET /v1/achievements), and the day's leaderboard with the learner's row marked
// (GET /v1/leaderboard).

import { h } from "./ui.js";

function bar(label, value, target) {
  const percent = target > 0 ? Math.min(100, Math.round((value / target) * 100)) : 100;
  return h("div", {
    class: "meter", role: "progressbar", "aria-label": label, "aria-valuemin": 0, "aria-valuemax": target,
    "aria-valuenow": Math.min(value, target), "aria-valuetext": `${Math.min(value, target)} of ${target}`,
  }, h("span", { class: "meter-fill challenge-fill", style: { width: `${percent}%` } }));
}

export function challengesSection(list) {
  return h("section", { class: "card-panel challenges", "aria-labelledby": "challenges-heading" },
    h("h2", { id: "challenges-heading" }, "Daily challenges"),
    h("ul", { class: "plain" }, list.challenges.map((challenge) => h("li", {
      class: `challenge${challenge.completed ? " completed" : ""}`, dataset: { kind: challenge.kind },
    },
    h("p", { class: "challenge-head" }, h("strong", {}, challenge.title), " ",
      h("span", { class: "hint" }, challenge.completed ? `✓ done · +${challenge.xp} XP` : `${challenge.progress} / ${challenge.target} · +${challenge.xp} XP`)),
    h("p", { class: "hint" }, challenge.description),
    bar(challenge.title, challenge.progress, challenge.target)))));
}

export function achievementsSection(list) {
  const items = [...list.achievements].sort((a, b) => Number(b.unlocked) - Number(a.unlocked));
  return h("section", { class: "card-panel achievements", "aria-labelledby": "achievements-heading" },
    h("h2", { id: "achievements-heading" }, "Achievements ", h("span", { class: "subtitle" }, `${list.unlocked} of ${list.total}`)),
    h("ul", { class: "achievement-grid" }, items.map((item) => h("li", {
      class: `achievement ${item.unlocked ? "unlocked" : "locked"} rarity-${item.rarity}`, dataset: { id: item.id },
    },
    h("span", { class: "achievement-emoji", "aria-hidden": "true" }, item.unlocked ? item.emoji : "🔒"),
    h("span", { class: "achievement-text" },
      h("strong", {}, item.title), h("span", { class: "visually-hidden" }, item.unlocked ? ", unlocked" : ", locked"),
      h("span", { class: "hint" }, ` ${item.description}`),
      item.unlocked
        ? h("span", { class: "hint" }, ` · unlocked ${item.unlockedAt ? item.unlockedAt.slice(0, 10) : ""}`)
        : bar(`${item.title} progress`, item.progress, item.target))))));
}

export function leaderboardSection(board) {
  const metric = { cards: "Cards", topics: "Topics", xp: "XP" }[board.metric] ?? board.metric;
  const rows = board.entries.map((entry) => h("tr", {
    class: entry.isCurrentLearner ? "me" : null, "aria-current": entry.isCurrentLearner ? "true" : null,
  },
  h("td", {}, String(entry.rank)),
  h("th", { scope: "row" }, entry.name, entry.isCurrentLearner ? h("span", { class: "you" }, " (you)") : null),
  h("td", {}, String(entry.value)), h("td", {}, String(entry.xp))));
  const mine = board.currentLearner;
  const outside = mine && !board.entries.some((entry) => entry.isCurrentLearner);
  return h("section", { class: "card-panel leaderboard", "aria-labelledby": "leaderboard-heading" },
    h("h2", { id: "leaderboard-heading" }, "Leaderboard ", h("span", { class: "subtitle" }, board.day)),
    board.entries.length === 0 ? h("p", { class: "empty" }, "Nobody has studied today yet.")
      : h("table", {},
        h("caption", { class: "visually-hidden" }, `Today's leaderboard by ${metric.toLowerCase()}`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Learner"), h("th", { scope: "col" }, metric), h("th", { scope: "col" }, "XP"))),
        h("tbody", {}, rows)),
    outside ? h("p", { class: "hint" }, `You are #${mine.rank} with ${mine.value}.`) : null);
}

"""#),
        "/app/js/generate.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"38c36d49e971aecb\"",
            text: #"""
// Generation with live progress (admin): POST /v1/topics/{id}/generations answers 202 at once, then the
// generation's server-sent events (GET /v1/generations/{id}/events) bring one `batch` event per stored batch with
// its cards, and a last `done` or `failed`. Each batch row and its cards appear as they land.

import { api, describe, events } from "./api.js";
import { h, errorBox, announce, on } from "./ui.js";

const DEPTHS = { foundational: "foundational", intermediate: "intermediate", advanced: "advanced", expert: "expert" };

function batchRow(event) {
  const { batch, cards } = event;
  return h("li", { class: "batch", dataset: { number: batch.number, outcome: batch.outcome } },
    h("p", { class: "batch-head" },
      h("strong", {}, `Batch ${batch.number}`), " · ", batch.aspect, " · ", DEPTHS[batch.depth] ?? batch.depth,
      " · ", h("span", { class: `outcome outcome-${batch.outcome}` }, batch.outcome),
      " · ", h("span", { class: "kept" }, `${batch.kept} kept`)),
    h("ul", { class: "batch-cards", "aria-label": `Cards of batch ${batch.number}` },
      cards.map((card) => h("li", { dataset: { cardId: card.id } }, card.question || "(picture)", h("span", { class: "hint" }, ` — ${card.answer}`)))));
}

/**
 * The "Generate N batches" panel for one topic. `signal` stops reading the stream when the screen is left (the
 * generation itself goes on in the server).
 */
export function generatePanel(topic, signal) {
  const status = h("div", { class: "generation-status", role: "status" });
  const problems = h("div");
  const progress = h("progress", { max: 1, value: 0, "aria-label": "Batches generated", hidden: true });
  const list = h("ol", { class: "batches", "aria-label": "Batches as they arrive" });
  const count = h("input", { id: "batches", name: "batches", type: "number", min: 1, max: 100, value: 2, required: true, inputmode: "numeric" });
  const button = h("button", { type: "submit", class: "primary" }, "Generate");
  const form = h("form", { class: "generate-form" },
    h("label", { for: "batches" }, "Batches"), count, button);
  const panel = h("section", { class: "card-panel generate", "aria-labelledby": "generate-heading", dataset: { topicId: topic.id } },
    h("h2", { id: "generate-heading", tabindex: -1 }, `Generate cards for ${topic.name}`),
    form, problems, status, progress, list);

  on(form, "submit", async (event) => {
    event.preventDefault();
    const batches = Number(count.value);
    if (!Number.isInteger(batches) || batches < 1 || batches > 100) {
      problems.replaceChildren(errorBox("Choose between 1 and 100 batches."));
      count.focus();
      return;
    }
    problems.replaceChildren();
    list.replaceChildren();
    button.disabled = true;
    status.textContent = "Asking the server…";
    try {
      const generation = await api("POST", `/v1/topics/${topic.id}/generations`, { body: { batches } });
      progress.max = generation.batchesRequested;
      progress.value = 0;
      progress.hidden = false;
      status.textContent = `Generation ${generation.status}: 0 of ${generation.batchesRequested} batches`;
      panel.dataset.state = "running";
      await events(`/v1/generations/${encodeURIComponent(generation.id)}/events`, (name, data) => {
        if (name === "batch") {
          list.append(batchRow(data));
          progress.value = data.batchesDone;
          status.textContent = `Running: ${data.batchesDone} of ${data.batchesRequested} batches, ${data.cardsStored} cards stored`;
          announce(`Batch ${data.batch.number} arrived with ${data.batch.kept} cards.`);
        } else if (name === "done") {
          panel.dataset.state = "done";
          progress.value = data.batchesDone;
          status.textContent = `Done: ${data.batchesDone} ${data.batchesDone === 1 ? "batch" : "batches"}, ${data.cardsStored} cards stored.`;
          announce(status.textContent);
        } else if (name === "failed") {
          panel.dataset.state = "failed";
          status.textContent = `Failed after ${data.batchesDone} of ${data.batchesRequested} batches (${data.cardsStored} cards stored).`;
          problems.replaceChildren(errorBox(`The generation failed: ${data.error?.detail ?? "no reason given"}.`));
        }
      }, { signal });
      if (panel.dataset.state === "running") {
        panel.dataset.state = "failed";
        problems.replaceChildren(errorBox("The server ended the progress stream before the generation finished."));
      }
    } catch (error) {
      panel.dataset.state = "failed";
      status.textContent = "";
      problems.replaceChildren(errorBox(describe(error)));
    } finally {
      button.disabled = false;
    }
  });
  return panel;
}

"""#),
        "/app/js/learn.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"2a38848a4b05c04b\"",
            text: #"""
// Learn: choose topics and 10/25/50 cards (spaced, or free practice that changes no scheduling) → question →
// Space shows the answer → rate with 1–4 (U undoes the last answer, B buries, @ suspends) → the session summary
// (correct, failed, average rating, XP, level-ups) → learn again. Runs on /v1/sessions; level-ups come from /v1/me before and after, the boxes earned from
// /v1/boxes.

import { api, describe } from "./api.js";
import { h, show, errorBox, announce, toast, typing, on } from "./ui.js";
import { richText } from "./math.js";
import { studyFaces, optionList } from "./faces.js";

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
  // The current step's keys: a function from a key event to the action it starts (or null), so the action runs
  // here, under on()'s guard, and an error in it is shown.
  let keyHandler = null;
  const setKeys = (handler) => { keyHandler = handler; };
  const onKey = (event) => {
    if (!keyHandler || typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Enter on a link or button is that control's own (a navigation link must not start a session).
    if (event.key === "Enter" && event.target instanceof Element && event.target.closest("a, button")) return;
    const act = keyHandler(event);
    if (!act) return;
    event.preventDefault();
    return act();
  };
  const removeKeys = on(document, "keydown", onKey);

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
    on(form, "submit", (event) => {
      event.preventDefault();
      const topicIds = [...form.querySelectorAll('input[name="topic"]:checked')].map((box) => Number(box.value));
      const limit = Number(form.querySelector('input[name="size"]:checked')?.value ?? 10);
      if (topicIds.length === 0) {
        status.replaceChildren(errorBox("Choose at least one topic."));
        return;
      }
      return start({ topicIds, limit, mode: free.checked ? "free" : "spaced" });
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
    const face = studyFaces(run.session.next, run.session.shown);
    const reveal = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Space", onclick: () => answer(run) }, "Show answer (Space)");
    const skip = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "S", onclick: () => skipCard(run) }, "Skip (S)");
    const bury = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "B", onclick: () => setAside(run, "bury") }, "Bury until tomorrow (B)");
    const suspend = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "@", onclick: () => setAside(run, "suspend") }, "Suspend (@)");
    const undo = run.ratings.length
      ? h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "U", onclick: () => undoLast(run) }, "Undo last answer (U)")
      : null;
    frame(run,
      h("article", { class: "flashcard", "aria-roledescription": "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"),
        richText(face.question, "div", { class: "question" }),
        optionList(face, false)),
      h("p", { class: "actions" }, reveal, skip, bury, suspend, undo));
    reveal.focus();
    announce(`Question: ${face.question}` + (face.options ? `. Options: ${face.options.join("; ")}` : ""));
    setKeys((event) => {
      if (event.key === " " || event.key === "Enter") return () => answer(run);
      if (event.key === "s") return () => skipCard(run);
      if (event.key === "b") return () => setAside(run, "bury");
      if (event.key === "@") return () => setAside(run, "suspend");
      if (event.key === "u" && run.ratings.length) return () => undoLast(run);
      return null;
    });
  }

  function answer(run) {
    const card = run.session.next;
    const face = studyFaces(run.session.next, run.session.shown);
    const status = h("div");
    const buttons = RATINGS.map((rating) => h("button", {
      type: "button", class: `rate rate-${rating.word}`, "aria-keyshortcuts": rating.key,
      onclick: () => rate(run, rating, status),
    }, h("kbd", {}, rating.key), ` ${rating.label}`));
    frame(run,
      h("article", { class: "flashcard flipped", "aria-roledescription": "flashcard", "aria-label": "Answer", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"),
        richText(face.question, "div", { class: "question small" }),
        optionList(face, true),
        h("p", { class: "face-label" }, "Answer"),
        richText(face.answer, "div", { class: "answer" }),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null),
      h("div", { class: "ratings", role: "group", "aria-label": "How well did you know it?" }, buttons),
      status);
    buttons[2].focus();
    announce(`Answer: ${face.answer}. Rate 1 again, 2 hard, 3 good, 4 easy.`);
    setKeys((event) => {
      const rating = RATINGS.find((r) => r.key === event.key);
      return rating ? () => rate(run, rating, status) : null;
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
        return again ? () => rate(run, again, status) : null;
      });
      return;
    }
    if (run.session.next) question(run);
    else return finish(run);
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

  // Takes the last answer back (its review and XP too): the undone card is asked again.
  async function undoLast(run) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/undo`);
      run.ratings.pop();
      if (run.session.undone.xpReturned > 0) toast(`−${run.session.undone.xpReturned} XP`);
      question(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  // Bury (until the learner's tomorrow) or suspend (until unsuspended) the current card; it leaves the session.
  async function setAside(run, how) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/${how}`, { body: { cardId: run.session.next.id } });
      toast(how === "bury" ? "Buried until tomorrow" : "Suspended");
      if (run.session.next) question(run);
      else await finish(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  async function finish(run, note = null) {
    setKeys(null);
    let ended, after, boxes;
    try {
      ended = await api("POST", `/v1/sessions/${run.session.id}/end`);
      [after, boxes] = await Promise.all([api("GET", "/v1/me"), api("GET", "/v1/boxes")]);
    } catch (error) {
      show(h("h1", {}, "Session summary"), errorBox(describe(error)));
      return;
    }
    const average = run.ratings.length ? (run.ratings.reduce((a, b) => a + b, 0) / run.ratings.length).toFixed(1) : "–";
    const levels = after.level - run.before.level;
    // The session's rewards: the mystery boxes its end earned (opened on Me).
    const earned = boxes.boxes.filter((box) => box.sessionId === run.session.id).length;
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
        earned > 0 ? h("p", { class: "rewards", dataset: { boxes: earned } }, `You earned ${earned} mystery ${earned === 1 ? "box" : "boxes"}: `,
          h("a", { href: "#/me" }, "open them on Me"), ".") : null,
        h("p", { class: "hint" }, `Level ${after.level} · ${after.xpIntoLevel} / ${after.levelSpan} XP`)),
      h("p", { class: "actions" }, again, h("a", { class: "button", href: "#/learn" }, "Change topics"), h("a", { class: "button", href: "#/me" }, "See my progress")));
    again.focus();
    setKeys((event) => (event.key === "Enter" ? () => start(run.choice) : null));
  }

  setup();
  return removeKeys;
}

"""#),
        "/app/js/main.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"81ee0e136252fdf0\"",
            text: #"""
// The app's shell: hash routes (#/topics, #/feed/3, #/learn, #/quiz, #/decks/3, #/me; never a token in the URL), the signed-in
// state, and the navigation. Each screen is a module whose render() returns an optional cleanup function.

import { token, whenUnauthorized, describe } from "./api.js";
import { show, errorBox, h, on, reportError } from "./ui.js";
import * as signin from "./signin.js";
import * as topics from "./topics.js";
import * as feed from "./feed.js";
import * as learn from "./learn.js";
import * as me from "./me.js";
import * as decks from "./decks.js";
import * as quiz from "./quiz.js";

const screens = { signin, topics, feed, learn, quiz, decks, me };
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

// The backstop behind action(): an error thrown where no handler caught it (a timer, a promise nobody awaited) is
// shown too. The browser has logged it already.
window.addEventListener("error", (event) => reportError(event.error ?? event.message, { log: false }));
window.addEventListener("unhandledrejection", (event) => reportError(event.reason, { log: false }));

whenUnauthorized(() => go("#/signin"));
on(document.getElementById("sign-out"), "click", () => {
  token.clear();
  go("#/signin");
});
on(window, "hashchange", route);
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
            contentType: "text/javascript; charset=utf-8", etag: "\"7e356021ef6602bf\"",
            text: #"""
// Me: level, the XP bar to the next level, XP today and streaks (GET /v1/me), then the game: daily challenges,
// mystery boxes, bookmarks, statistics, achievements, the activity calendar and the day's leaderboard.

import { api } from "./api.js";
import { h, show } from "./ui.js";
import { boxesSection } from "./boxes.js";
import { calendarSection } from "./calendar.js";
import { statisticsSection } from "./statistics.js";
import { bookmarksSection } from "./bookmarks.js";
import { challengesSection, achievementsSection, leaderboardSection } from "./game.js";

export const title = "Me";

function levelSection(me) {
  const percent = Math.round(me.progress * 100);
  return h("section", { class: "card-panel level", "aria-labelledby": "level-heading" },
    h("h2", { id: "level-heading" }, h("span", { class: "level-number" }, `Level ${me.level}`)),
    h("div", {
      class: "xp-bar", role: "progressbar", "aria-label": "XP to the next level", "aria-valuemin": 0,
      "aria-valuemax": me.levelSpan, "aria-valuenow": me.xpIntoLevel,
      "aria-valuetext": `${me.xpIntoLevel} of ${me.levelSpan} XP, ${me.xpToNextLevel} to level ${me.level + 1}`,
    }, h("span", { class: "xp-fill", style: { width: `${percent}%` } })),
    h("p", { class: "hint" }, `${me.xpIntoLevel} / ${me.levelSpan} XP · ${me.xpToNextLevel} XP to level ${me.level + 1}`));
}

function statsList(me) {
  return h("dl", { class: "stats" },
    h("div", { class: "stat", dataset: { stat: "total-xp" } }, h("dt", {}, "Total XP"), h("dd", {}, String(me.totalXP))),
    h("div", { class: "stat", dataset: { stat: "xp-today" } }, h("dt", {}, "XP today"), h("dd", {}, String(me.xpToday))),
    h("div", { class: "stat" }, h("dt", {}, "Streak"), h("dd", {}, `${me.currentStreak} ${me.currentStreak === 1 ? "day" : "days"}`)),
    h("div", { class: "stat" }, h("dt", {}, "Longest streak"), h("dd", {}, `${me.longestStreak} ${me.longestStreak === 1 ? "day" : "days"}`)));
}

export async function render() {
  const [me, challenges, boxes, achievements, calendar, board, statistics, bookmarks] = await Promise.all([
    api("GET", "/v1/me"), api("GET", "/v1/challenges"), api("GET", "/v1/boxes"), api("GET", "/v1/achievements"),
    api("GET", "/v1/calendar"), api("GET", "/v1/leaderboard"), api("GET", "/v1/stats"),
    api("GET", "/v1/bookmarks?limit=20"),
  ]);
  const level = h("div", {}, levelSection(me));
  const stats = h("div", {}, statsList(me));
  // A box's XP changes the level and totals: read them again rather than computing them here.
  const onReward = async () => {
    const fresh = await api("GET", "/v1/me");
    level.replaceChildren(levelSection(fresh));
    stats.replaceChildren(statsList(fresh));
  };
  show(
    h("h1", {}, me.name),
    level, stats,
    h("div", { class: "me-grid" },
      challengesSection(challenges),
      boxesSection(boxes, onReward),
      calendarSection(calendar),
      statisticsSection(statistics),
      bookmarksSection(bookmarks),
      leaderboardSection(board),
      achievementsSection(achievements)),
    me.isAdmin ? h("p", { class: "hint" }, "This token is an admin token: it can create topics and generate cards.") : null);
}

"""#),
        "/app/js/picture.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"54c28288f141c3b3\"",
            text: #"""
// A card's picture (GET /v1/images/{hash}): fetched with the bearer header, since an <img src> cannot carry it,
// and shown as a data: URL, which the content security policy allows (img-src 'self' data:) where blob: is not.

import { blob } from "./api.js";
import { h } from "./ui.js";

/** An <img> for `image` (a card's `image` member) with `alt`; its source arrives once the bytes have. */
export function picture(image, alt, className = "card-picture") {
  const element = h("img", { class: className, alt, width: 96, height: 96, dataset: { hash: image.hash } });
  blob(image.url)
    .then(({ blob: bytes }) => new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(bytes);
    }))
    .then((url) => {
      element.src = url;
      element.dataset.loaded = "yes";
    })
    .catch(() => {
      element.alt = `${alt} (the picture could not be loaded)`;
    });
  return element;
}

/** "Photo by NAME on Unsplash" for a picture an image resolver found (`image.credit`), linked as the provider
 *  asks; `null` for an uploaded or imported picture. Links are http(s) only (the server stores no other). */
export function credit(image) {
  const given = image?.credit;
  if (!given) return null;
  const link = (url, text) => /^https?:\/\//.test(url || "")
    ? h("a", { href: url, target: "_blank", rel: "noopener noreferrer" }, text)
    : text;
  const provider = given.provider === "unsplash" ? "Unsplash" : given.provider;
  return h("p", { class: "hint picture-credit" }, "Photo by ", link(given.authorUrl, given.authorName), " on ",
    link(given.photoUrl, provider));
}

"""#),
        "/app/js/quiz.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"f36e25d7fd942177\"",
            text: #"""
// Quiz: typed answers (POST /v1/sessions with mode "quiz", then …/answer with {"cardId", "answer"} → `verdict`
// correct | wrong | empty and the `expected` answer), then an evaluation page listing the wrong answers and the
// unanswered cards (an empty answer, or the cards left when the quiz is ended early).

import { api, describe } from "./api.js";
import { h, show, errorBox, announce, on } from "./ui.js";
import { richText } from "./math.js";

export const title = "Quiz";

export async function render(args) {
  const preselected = new Set(args.map(Number));
  const list = await api("GET", "/v1/topics");

  function setup(message = null) {
    const status = h("div", {}, message ? errorBox(message) : null);
    const boxes = list.topics.map((topic) => h("li", {},
      h("input", { type: "checkbox", id: `quiz-topic-${topic.id}`, name: "topic", value: topic.id, checked: preselected.has(topic.id) || list.topics.length === 1 }),
      h("label", { for: `quiz-topic-${topic.id}` }, topic.name)));
    const sizes = [10, 25, 50].map((n) => h("span", { class: "choice" },
      h("input", { type: "radio", id: `quiz-size-${n}`, name: "size", value: n, checked: n === 10 }),
      h("label", { for: `quiz-size-${n}` }, `${n} questions`)));
    const form = h("form", { class: "card-panel quiz-setup" },
      h("fieldset", {}, h("legend", {}, "Topics"), list.topics.length ? h("ul", { class: "checks" }, boxes) : h("p", {}, "No topics yet.")),
      h("fieldset", {}, h("legend", {}, "Quiz size"), h("div", { class: "choices" }, sizes)),
      h("button", { type: "submit", class: "primary" }, "Start quiz"), status);
    on(form, "submit", (event) => {
      event.preventDefault();
      const topicIds = [...form.querySelectorAll('input[name="topic"]:checked')].map((box) => Number(box.value));
      if (topicIds.length === 0) return status.replaceChildren(errorBox("Choose at least one topic."));
      return start({ topicIds, limit: Number(form.querySelector('input[name="size"]:checked').value), mode: "quiz" });
    });
    show(h("h1", {}, "Quiz"), form);
  }

  async function start(choice) {
    let session;
    try {
      session = await api("POST", "/v1/sessions", { body: choice });
    } catch (error) {
      return setup(describe(error));
    }
    const run = { choice, session, wrong: [], unanswered: [], correct: 0 };
    if (!session.next) return evaluate(run);
    ask(run);
  }

  function ask(run) {
    const card = run.session.next;
    const input = h("input", { id: "quiz-answer", name: "answer", type: "text", autocomplete: "off", spellcheck: "false" });
    const status = h("div");
    const form = h("form", { class: "quiz-form" },
      h("label", { for: "quiz-answer" }, "Your answer"), input,
      h("p", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Check"),
        h("button", { type: "button", class: "quiet", onclick: () => evaluate(run, true) }, "End quiz")),
      status);
    on(form, "submit", (event) => {
      event.preventDefault();
      return check(run, card, input.value, status);
    });
    show(h("h1", { class: "visually-hidden" }, "Quiz"),
      h("div", { class: "progress-line" }, h("span", {}, `Question ${run.session.position + 1} of ${run.session.total}`),
        h("progress", { max: run.session.total, value: run.session.answered, "aria-label": "Quiz progress" })),
      h("article", { class: "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"), richText(card.question, "div", { class: "question" })),
      form);
    input.focus();
    announce(`Question: ${card.question}`);
  }

  async function check(run, card, answer, status) {
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/answer`, { body: { cardId: card.id, answer } });
    } catch (error) {
      return status.replaceChildren(errorBox(describe(error)));
    }
    const verdict = run.session.verdict;
    const expected = run.session.expected ?? card.answer;
    if (verdict === "correct") run.correct += 1;
    else if (verdict === "wrong") run.wrong.push({ card, answer, expected });
    else run.unanswered.push({ card, expected });
    const next = h("button", { type: "button", class: "primary" }, run.session.next ? "Next question" : "See the evaluation");
    on(next, "click", () => (run.session.next ? ask(run) : evaluate(run)));
    const words = { correct: "Correct!", wrong: "Not quite.", empty: "No answer." }[verdict] ?? verdict;
    show(h("h1", { class: "visually-hidden" }, "Quiz"),
      h("article", { class: `flashcard verdict verdict-${verdict}`, "aria-label": "Verdict" },
        h("p", { class: "verdict-word" }, words),
        richText(card.question, "div", { class: "question small" }),
        answer ? h("p", {}, "You wrote: ", h("strong", {}, answer)) : null,
        h("p", {}, "Expected: "), richText(expected, "div", { class: "answer" })),
      h("p", { class: "actions" }, next));
    next.focus();
    announce(`${words} Expected: ${expected}`);
  }

  async function evaluate(run, early = false) {
    let ended = null;
    try {
      ended = await api("POST", `/v1/sessions/${run.session.id}/end`);
    } catch (error) {
      if (error.code !== "session_ended") return show(h("h1", {}, "Evaluation"), errorBox(describe(error)));
    }
    const notReached = early ? run.session.total - run.session.answered : 0;
    const item = (entry, wrong) => h("li", {},
      richText(entry.card.question, "div", { class: "deck-question" }),
      wrong ? h("p", {}, "You wrote: ", h("strong", {}, entry.answer)) : null,
      h("p", {}, "Answer: ", entry.expected));
    const again = h("button", { type: "button", class: "primary", onclick: () => start(run.choice) }, "Quiz again");
    show(h("h1", {}, "Evaluation"),
      h("section", { class: "card-panel evaluation" },
        h("dl", { class: "stats" },
          h("div", { class: "stat", dataset: { stat: "correct" } }, h("dt", {}, "Correct"), h("dd", {}, `${run.correct} / ${run.session.total}`)),
          h("div", { class: "stat", dataset: { stat: "wrong" } }, h("dt", {}, "Wrong"), h("dd", {}, String(run.wrong.length))),
          h("div", { class: "stat", dataset: { stat: "unanswered" } }, h("dt", {}, "Unanswered"), h("dd", {}, String(run.unanswered.length + notReached))),
          h("div", { class: "stat", dataset: { stat: "xp" } }, h("dt", {}, "XP earned"), h("dd", {}, String(ended?.xpGained ?? 0))))),
      h("section", { class: "card-panel", "aria-labelledby": "wrong-heading" }, h("h2", { id: "wrong-heading" }, "Wrong"),
        run.wrong.length ? h("ul", { class: "plain wrong-list" }, run.wrong.map((entry) => item(entry, true))) : h("p", { class: "hint" }, "None.")),
      h("section", { class: "card-panel", "aria-labelledby": "unanswered-heading" }, h("h2", { id: "unanswered-heading" }, "Unanswered"),
        run.unanswered.length ? h("ul", { class: "plain unanswered-list" }, run.unanswered.map((entry) => item(entry, false))) : null,
        notReached ? h("p", { class: "hint" }, `${notReached} ${notReached === 1 ? "question" : "questions"} not reached.`) : null,
        !run.unanswered.length && !notReached ? h("p", { class: "hint" }, "None.") : null),
      h("p", { class: "actions" }, again, h("a", { class: "button", href: "#/quiz" }, "Change topics")));
    again.focus();
  }

  setup();
}

"""#),
        "/app/js/signin.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"061246a72847a2b1\"",
            text: #"""
// Sign in with a bearer token (`fcgen token create --user NAME`). The token is checked with GET /v1/me before it
// is kept in localStorage.

import { api, describe, token } from "./api.js";
import { h, show, errorBox, on } from "./ui.js";

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
  on(form, "submit", async (event) => {
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
        "/app/js/statistics.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"946843f00a567238\"",
            text: #"""
// Me's statistics (GET /v1/stats): reviews and days practised, the share of reviews recalled, per topic what is
// known, due and recalled against its target, and the last sessions with their results.

import { h, knowledgeColor } from "./ui.js";

const percent = (value) => (value === undefined || value === null ? "–" : `${Math.round(value * 100)}\u00a0%`);
const MODES = { spaced: "Spaced", free: "Free practice", quiz: "Quiz" };

function topicRow(topic) {
  const known = Math.round(topic.progress * 100);
  const target = topic.targetRetention === undefined ? "" : ` (target ${percent(topic.targetRetention)})`;
  return h("tr", { dataset: { topicId: topic.topicId } },
    h("th", { scope: "row" }, topic.name),
    h("td", { class: "number", style: { color: knowledgeColor(known) } }, `${known}\u00a0%`),
    h("td", { class: "number" }, String(topic.due)),
    h("td", { class: "number", title: `${topic.reviews} reviews${target}` }, percent(topic.retention)));
}

function sessionItem(session) {
  const day = new Date(session.startedAt).toLocaleDateString(undefined, { day: "numeric", month: "short" });
  const result = session.mode === "free" ? `${session.answered} answered`
    : `${session.answered} answered, ${session.correct} correct, ${session.failed} failed`;
  return h("li", { dataset: { sessionId: session.id } }, `${MODES[session.mode] ?? session.mode} · ${day} · ${result}`);
}

/** The statistics section of Me. */
export function statisticsSection(stats) {
  return h("section", { class: "card-panel statistics", "aria-labelledby": "statistics-heading" },
    h("h2", { id: "statistics-heading" }, "Statistics"),
    h("dl", { class: "stats" },
      h("div", { class: "stat", dataset: { stat: "total-reviews" } }, h("dt", {}, "Reviews"), h("dd", {}, String(stats.totalReviews))),
      h("div", { class: "stat", dataset: { stat: "days-practised" } }, h("dt", {}, "Days practised"), h("dd", {}, String(stats.daysPractised))),
      h("div", { class: "stat", dataset: { stat: "retention" } }, h("dt", {}, "Recalled"), h("dd", {}, percent(stats.retention)))),
    stats.topics.length === 0 ? h("p", { class: "empty" }, "No topics studied yet.")
      : h("table", { class: "stats-topics" },
        h("caption", { class: "hint" }, "Per topic: the share of cards known, cards due now, and the share of reviews recalled."),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, "Topic"), h("th", { scope: "col", class: "number" }, "Known"),
          h("th", { scope: "col", class: "number" }, "Due"), h("th", { scope: "col", class: "number" }, "Recalled"))),
        h("tbody", {}, stats.topics.map(topicRow))),
    stats.recentSessions.length === 0 ? null
      : [h("h3", {}, "Recent sessions"), h("ul", { class: "recent-sessions" }, stats.recentSessions.map(sessionItem))]);
}

"""#),
        "/app/js/topics.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"c647dd7aac4e2298\"",
            text: #"""
// Topics: every topic with its cards and the learner's knowledge (known cards in %, red → green); admins create
// topics here (POST /v1/topics) and generate cards with live progress (#/topics/generate/ID).

import { api, describe } from "./api.js";
import { h, show, errorBox, knowledgeColor, announce, on } from "./ui.js";
import { generatePanel } from "./generate.js";

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

function row(topic, detail, admin) {
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
      h("a", { class: "button primary", href: `#/learn/${topic.id}`, "aria-label": `Learn ${topic.name}` }, "Learn"),
      h("a", { class: "button", href: `#/decks/${topic.id}`, "aria-label": `Deck of ${topic.name}` }, "Deck"),
      admin ? h("a", { class: "button", href: `#/topics/generate/${topic.id}`, "aria-label": `Generate cards for ${topic.name}` }, "Generate") : null));
}

function createForm(go) {
  const status = h("div");
  const name = h("input", { id: "new-topic", name: "name", required: true, maxlength: 200, autocomplete: "off" });
  const form = h("form", { class: "card-panel create-topic", "aria-labelledby": "create-heading" },
    h("h2", { id: "create-heading" }, "New topic"),
    h("label", { for: "new-topic" }, "Name"),
    name,
    h("button", { type: "submit" }, "Create topic"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("POST", "/v1/topics", { body: { name: name.value } });
      announce(`Topic ${created.topic.name} created`);
      go(`#/topics/generate/${created.topic.id}`);
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      name.focus();
    }
  });
  return form;
}

export async function render(args, { go }) {
  show(h("h1", {}, "Topics"), h("p", { class: "hint", role: "status" }, "Loading topics…"));
  const [list, me] = await Promise.all([api("GET", "/v1/topics"), api("GET", "/v1/me")]);
  const progress = await details(list.topics);
  const items = list.topics.map((topic) => row(topic, progress.get(topic.id), me.isAdmin));
  const body = items.length > 0
    ? h("ul", { class: "topics", "aria-label": "Topics" }, items)
    : h("p", { class: "empty" }, me.isAdmin
      ? "No topics yet. Create one below, then generate its cards."
      : "No topics yet. Ask your operator to create one.");
  const generating = args[0] === "generate" ? list.topics.find((topic) => topic.id === Number(args[1])) : null;
  const stop = new AbortController();
  const panel = generating && me.isAdmin ? generatePanel(generating, stop.signal) : null;
  show(h("h1", {}, "Topics"), panel, body, me.isAdmin ? createForm(go) : null);
  if (panel) panel.querySelector("input").focus();
  return () => stop.abort();
}

"""#),
        "/app/js/ui.js": WebAsset(
            contentType: "text/javascript; charset=utf-8", etag: "\"3c0a3c7651262a42\"",
            text: #"""
// Small DOM helpers: elements are built with text nodes only (card text is never parsed as HTML). Every learner
// action (a click, a key, a submit) runs through action(), so an error no screen caught is shown, never swallowed.

import { describe } from "./api.js";

/**
 * `h("p", {class: "x"}, "text", child)`: an element with attributes, listeners (`onclick: …`, run through
 * action()) and children.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), action(value));
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

/**
 * Shows the learner an error no screen caught (a script error or a rejected promise in an action handler, or one
 * the window's `error` / `unhandledrejection` backstop saw): an error box under the screen's heading, replacing the
 * previous one, scrolled into view. The console keeps the stack (`log: false` when the browser logs it already).
 */
export function reportError(error, { log = true } = {}) {
  if (log) console.error(error);
  const main = document.getElementById("main");
  const box = errorBox(describe(error));
  box.classList.add("app-error");
  main.querySelector(".app-error")?.remove();
  const heading = main.querySelector(":scope > h1");
  if (heading) heading.after(box);
  else main.prepend(box);
  box.scrollIntoView({ block: "nearest" });
}

/**
 * `handler` as an event listener that cannot fail silently: a thrown error, or the rejection of the promise an
 * async handler returns, goes to reportError(). A handler that shows its own errors still does; this is what
 * catches the ones it did not expect.
 */
export function action(handler) {
  return function guarded(...args) {
    try {
      const result = handler.apply(this, args);
      if (result && typeof result.then === "function") result.then(undefined, (error) => reportError(error));
    } catch (error) {
      reportError(error);
    }
  };
}

/** `target.addEventListener(type, action(handler))`; returns the function that removes that listener again. */
export function on(target, type, handler, options) {
  const listener = action(handler);
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
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
