// A card's picture. Its bytes come from the copy kept on this device for offline study (offline.js, IndexedDB, by
// hash) when there is one, else from GET /v1/images/{hash}, fetched with the bearer header since an <img src> cannot
// carry it; either way shown as a data: URL, which the content security policy allows (img-src 'self' data:) where
// blob: is not. A hash names its bytes, so a picture read once is the same wherever a card shows it.

import { blob } from "./api.js";
import { h } from "./ui.js";
import { keptPicture } from "./offline.js";

// The pictures shown lately, as data: URL promises by hash, so flipping a card or showing its answer reads nothing
// again. A few only: each holds a whole picture.
const RECENT = 12;
const recent = new Map();

const dataURL = (bytes) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result);
  reader.onerror = () => reject(reader.error);
  reader.readAsDataURL(bytes);
});

/** The picture `image` (a card's `image` member) as a data: URL: the kept copy, else the API's. */
function source(image) {
  let url = recent.get(image.hash);
  if (!url) {
    url = keptPicture(image.hash).catch(() => null)
      .then((kept) => kept ?? blob(image.url).then(({ blob: bytes }) => dataURL(bytes)));
    url.catch(() => recent.delete(image.hash));
  }
  // Most recently shown last: the oldest leave first.
  recent.delete(image.hash);
  recent.set(image.hash, url);
  while (recent.size > RECENT) recent.delete(recent.keys().next().value);
  return url;
}

/** Sets `element`'s source to `image` once its bytes are there; says in `alt` why when they cannot be. */
function load(element, image, alt) {
  source(image).then((url) => {
    element.src = url;
    element.dataset.loaded = "yes";
  }, () => {
    element.dataset.loaded = "no";
    element.alt = `${alt} (${navigator.onLine ? "the picture could not be loaded" : "not saved on this device"})`;
  });
}

/** Runs `then` once `element` is on screen or near it (lazy loading, as loading="lazy" does for a src). */
function whenNear(element, then) {
  if (!("IntersectionObserver" in window)) return then();
  const watcher = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    watcher.disconnect();
    then();
  }, { rootMargin: "200px" });
  watcher.observe(element);
}

/** An <img> for `image` (a card's `image` member) with `alt`, as the deck lists it; its source arrives once the
 *  bytes have. */
export function picture(image, alt, className = "card-picture") {
  const element = h("img", { class: className, alt, width: 96, height: 96, dataset: { hash: image.hash } });
  load(element, image, alt);
  return element;
}

/**
 * A card's picture on a study face (the feed's and Learn's, online and offline: this one function for all), or
 * null for a card without one. Its box is reserved before the bytes arrive (app.css `.study-picture`: 4:3, sized
 * for a phone, the picture fitted inside), so nothing moves when it shows; the bytes are read only once the picture
 * nears the screen. `question` is the face's question as shown (a cloze card's deletions hidden), for `alt`.
 */
export function cardPicture(card, question) {
  if (!card?.image) return null;
  const alt = question ? `Picture for: ${question}` : "The card's picture";
  const element = h("img", {
    class: "study-picture", alt, width: 320, height: 240, loading: "lazy", decoding: "async",
    // Not the browser's image drag: a swipe that starts on the picture is the feed's gesture.
    draggable: "false", dataset: { hash: card.image.hash },
  });
  whenNear(element, () => load(element, card.image, alt));
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
