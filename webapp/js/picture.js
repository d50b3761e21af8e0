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
