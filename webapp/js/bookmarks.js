// Me's bookmarks (GET /v1/bookmarks): the cards swiped left in the feed, newest first, each with its answer and a
// Remove button (DELETE /v1/cards/{id}/bookmark).

import { api, describe } from "./api.js";
import { h, errorBox, announce, on } from "./ui.js";
import { listedText } from "./faces.js";

/** The bookmarks section of Me for `list` (the API's answer). */
export function bookmarksSection(list) {
  const items = h("ul", { class: "bookmark-list", "aria-label": "Bookmarked cards" });
  const count = h("span", { class: "subtitle bookmarks-count", dataset: { total: list.total } }, ` ${list.total}`);
  const problems = h("div");

  function item(entry) {
    const card = entry.card;
    const remove = h("button", { type: "button", class: "quiet", "aria-label": `Remove the bookmark of: ${card.question || "a picture card"}` }, "Remove");
    const row = h("li", { dataset: { cardId: card.id } },
      card.question ? listedText(card.question, { attributes: { class: "deck-question" }, asks: card.clozeNumber })
        : h("p", { class: "deck-question" }, "(picture)"),
      listedText(card.answer),
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
