// Offline study: while online, the learner's next cards (due first, then new, from every topic's feed, faces as
// the server rendered them) are kept in IndexedDB; offline, Learn and the feed study them, and each answer goes to
// an outbox in IndexedDB with its Idempotency-Key and the time it was given. When the connection returns the outbox
// is sent in order, one answer at a time (`POST /v1/reviews` with `at`): a replay of a request whose answer was lost
// carries the same key and body, so the server records it and pays its XP once. An answer the server refuses for
// good (a 4xx but 408 and 429: the card was deleted, or reviewed later on another device) is dropped with a message;
// a network failure or a 5xx stays queued. Everything kept is tagged with the learner's id, and signing out
// forgets it. A kept card's picture (the feed's `image`) is kept too, as a Blob by its hash, fetched once and
// dropped when no kept card shows it, so offline study shows it (a data: URL, as the content security policy
// allows; the LAN origin has no service worker, so its cache is no place for it). docs/webapp.md, "Offline study".

import { api, ApiError, blob, describe, idempotencyKey, signedIn } from "./api.js";
import { toast } from "./ui.js";

const DATABASE = "fcgen-offline";
// How many cards are kept (of each topic, and in all): a day's study on a train, not the whole deck.
const PER_TOPIC = 50;
const KEPT = 200;
// Moving between screens refreshes the kept cards at most this often (ms), or at once when few are left.
const REFRESH_EVERY = 60_000;
const LOW = 20;

let opened = null;
let refreshing = null;
let flushing = null;
let checking = null;
let starting = null;
let refreshedAt = 0;

function database() {
  opened ??= new Promise((resolve, reject) => {
    // Version 2 added the pictures; a version-1 database keeps its kept cards and waiting answers.
    const request = indexedDB.open(DATABASE, 2);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion < 1) {
        request.result.createObjectStore("kept", { keyPath: "name" });
        request.result.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      }
      if (event.oldVersion < 2) request.result.createObjectStore("pictures", { keyPath: "hash" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

/** Runs `work(stores)` in one transaction over `names`; resolves with what it returned once the transaction is done. */
async function transaction(names, mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(names, mode);
    const stores = Object.fromEntries(names.map((name) => [name, tx.objectStore(name)]));
    let result;
    Promise.resolve(work(stores)).then((value) => { result = value; }, reject);
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const done = (request) => new Promise((resolve, reject) => {
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});

/** Whether `error` (or the browser) says there is no connection: the moment to study from the kept cards. */
export function isOffline(error) {
  return !navigator.onLine || (error instanceof ApiError && error.status === 0);
}

/** The kept queue: `{ learnerId, cards, savedAt }`, or null when nothing was kept. */
async function kept() {
  return (await transaction(["kept"], "readonly", ({ kept }) => done(kept.get("queue")))) ?? null;
}

/** The kept cards, in study order (`topicId` given: that topic's only). */
export async function cards(topicId = null) {
  const queue = await kept();
  const all = queue?.cards ?? [];
  return topicId === null ? all : all.filter((card) => card.topicId === topicId);
}

/** The answers of learner `learnerId` still to send, oldest first. */
async function waiting(learnerId) {
  const all = await transaction(["outbox"], "readonly", ({ outbox }) => done(outbox.getAll()));
  return all.filter((entry) => entry.learnerId === learnerId);
}

/**
 * Reads the learner's next cards from every topic's feed and keeps them (replacing what was kept, in one write at
 * the end, so a refresh cut off by the network keeps the older queue). Cards with an answer still waiting are left
 * out. Resolves with how many cards are kept; a failed refresh changes nothing and resolves with null.
 */
export function refreshQueue() {
  refreshing ??= (async () => {
    try {
      const me = await api("GET", "/v1/me");
      const { topics } = await api("GET", "/v1/topics");
      const answered = new Set((await waiting(me.id)).map((entry) => entry.cardId));
      const list = [];
      for (const topic of topics) {
        if (list.length >= KEPT) break;
        const feed = await api("GET", `/v1/topics/${topic.id}/feed?limit=${PER_TOPIC}`);
        for (const card of feed.cards) {
          if (!answered.has(card.id)) list.push({ ...card, topicId: topic.id, topicName: topic.name });
        }
      }
      const queue = { name: "queue", learnerId: me.id, cards: list.slice(0, KEPT), savedAt: new Date().toISOString() };
      const fetched = await newPictures(queue.cards);
      const shown = new Set(queue.cards.map((card) => card.image?.hash).filter(Boolean));
      await transaction(["kept", "pictures"], "readwrite", async ({ kept, pictures }) => {
        kept.put(queue);
        for (const picture of fetched) pictures.put(picture);
        for (const hash of await done(pictures.getAllKeys())) if (!shown.has(hash)) pictures.delete(hash);
      });
      refreshedAt = Date.now();
      await showWaiting();
      return queue.cards.length;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * The pictures of `cards` not kept yet, fetched (`GET /v1/images/{hash}`) as `{ hash, blob }`; a picture that
 * cannot be fetched is left out (its card is still kept, and studied without it).
 */
async function newPictures(cards) {
  const have = new Set(await transaction(["pictures"], "readonly", ({ pictures }) => done(pictures.getAllKeys())));
  const wanted = new Map();
  for (const card of cards) if (card.image && !have.has(card.image.hash)) wanted.set(card.image.hash, card.image.url);
  const fetched = [];
  for (const [hash, url] of wanted) {
    try {
      fetched.push({ hash, blob: (await blob(url)).blob });
    } catch {
      // Studied without its picture.
    }
  }
  return fetched;
}

/** The kept picture with this hash as a data: URL, or null when it is not kept. */
export async function keptPicture(hash) {
  const kept = await transaction(["pictures"], "readonly", ({ pictures }) => done(pictures.get(hash)));
  if (!kept) return null;
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(kept.blob);
  });
}

/**
 * On a screen change, when online: sends answers still waiting (a 5xx left them), and refreshes the kept cards
 * when they are older than a minute or few.
 */
export function refreshSoon() {
  if (!navigator.onLine || !signedIn() || checking || refreshing || flushing) return checking;
  checking = (async () => {
    if (Number(document.getElementById("outbox").dataset.waiting ?? 0) > 0) await flush();
    const left = (await cards()).length;
    if (Date.now() - refreshedAt > REFRESH_EVERY || left < LOW) await refreshQueue();
  })().finally(() => { checking = null; });
  return checking;
}

/** Resolves once no refresh or sending runs (the browser tests wait on it before they hold a request). */
export async function idle() {
  while (starting || checking || refreshing || flushing) {
    await Promise.allSettled([starting, checking, refreshing, flushing]);
  }
}

/**
 * Keeps an answer to `card` given offline: into the outbox with a new Idempotency-Key and the time it was given,
 * and the card out of the kept queue (so a reload does not ask it again), in one transaction. Then tries to send.
 */
export async function answer(card, rating) {
  const entry = { key: idempotencyKey(), cardId: card.id, rating, at: new Date().toISOString() };
  await transaction(["kept", "outbox"], "readwrite", async ({ kept, outbox }) => {
    const queue = await done(kept.get("queue"));
    entry.learnerId = queue?.learnerId ?? null;
    outbox.add(entry);
    if (queue) kept.put({ ...queue, cards: queue.cards.filter((kept) => kept.id !== card.id) });
  });
  await showWaiting();
  flush();
}

/** Whether an answer refused with `status` may succeed later (so it stays queued): no answer, 408, 429, 5xx. */
const retriable = (status) => status === 0 || status === 408 || status === 429 || status >= 500;

/**
 * Sends the outbox in order, one answer at a time, until it is empty or the network fails. One run at a time;
 * resolves with `{ sent, xp }`.
 */
export function flush() {
  flushing ??= (async () => {
    let sent = 0;
    let xp = 0;
    try {
      const queue = await kept();
      if (!queue) return { sent, xp };
      for (;;) {
        const [entry] = await waiting(queue.learnerId);
        if (!entry) break;
        try {
          const reply = await api("POST", "/v1/reviews", {
            body: { cardId: entry.cardId, rating: entry.rating, at: entry.at }, headers: { "Idempotency-Key": entry.key },
          });
          sent += 1;
          xp += reply.review.xpGained;
        } catch (error) {
          if (!(error instanceof ApiError) || retriable(error.status) || error.status === 401) break;
          const line = document.getElementById("outbox");
          line.dataset.dropped = Number(line.dataset.dropped ?? 0) + 1;
          toast(`An answer given offline was not recorded: ${describe(error)}`);
        }
        await transaction(["outbox"], "readwrite", ({ outbox }) => done(outbox.delete(entry.seq)));
        await showWaiting();
      }
    } finally {
      flushing = null;
      await showWaiting();
    }
    if (sent > 0) {
      const line = document.getElementById("outbox");
      line.dataset.sent = Number(line.dataset.sent ?? 0) + sent;
      line.dataset.xp = Number(line.dataset.xp ?? 0) + xp;
      toast(`${sent} offline ${sent === 1 ? "answer" : "answers"} sent · +${xp} XP`);
      refreshQueue();
    }
    return { sent, xp };
  })();
  return flushing;
}

/** The line under the header: how many answers wait to be sent (hidden when none). */
export async function showWaiting() {
  const line = document.getElementById("outbox");
  const queue = await kept().catch(() => null);
  const count = queue ? (await waiting(queue.learnerId)).length : 0;
  line.dataset.waiting = count;
  line.hidden = count === 0;
  line.textContent = `${count} ${count === 1 ? "answer waits" : "answers wait"} to be sent` +
    (navigator.onLine ? "." : ": you are offline; they go when the connection returns.");
}

/** Signing out: sends what it can, then forgets the kept cards and every waiting answer on this device. */
export async function forgetAll() {
  if (navigator.onLine) await flush().catch(() => {});
  // A refresh still running would write the kept cards back after they were cleared.
  await idle();
  await transaction(["kept", "outbox", "pictures"], "readwrite", ({ kept, outbox, pictures }) => {
    kept.clear();
    outbox.clear();
    pictures.clear();
  });
  refreshedAt = 0;
  await showWaiting();
}

/** Starts the outbox's sender and the queue's refresher: now, and whenever the connection returns. */
export function start() {
  const resume = async () => {
    await showWaiting();
    if (!navigator.onLine || !signedIn()) return;
    // A run begun while offline (an answer given just before the connection returned) stops at its first failed
    // request; joining it would leave the outbox waiting until the next screen change, so send after it ends.
    await flushing?.catch(() => {});
    await flush();
    await refreshQueue();
  };
  window.addEventListener("online", () => void resume());
  window.addEventListener("offline", () => void showWaiting());
  starting = resume().finally(() => { starting = null; });
  return starting;
}
