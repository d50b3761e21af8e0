// The feed (GET /v1/topics/{id}/feed): one card at a time. Tap or Space flips; swipe up / ↓ is the next card,
// swipe down / ↑ the previous; swipe right / → is "understood" (a `good` review), swipe left / ← bookmarks the
// card (PUT /v1/cards/{id}/bookmark; Me lists the bookmarks) and moves on; N is "not yet" (an `again` review, so the
// card comes back soon).
// More cards are fetched while three are still ahead, so the learner never waits on a spinner.
// Offline, the feed shows the topic's cards kept for offline study, and a reaction goes to the outbox (offline.js).
// A card's picture shows on both faces (picture.js: the kept copy offline, the API's online).

import { api, describe, idempotencyKey } from "./api.js";
import { h, errorBox, announce, toast, typing, on } from "./ui.js";
import { richText } from "./math.js";
import { studyFaces, optionList } from "./faces.js";
import { cardPicture } from "./picture.js";
import { answer as keepAnswer, cards as keptCards, isOffline } from "./offline.js";

export const title = "Feed";

/** The topics as the kept cards name them, for the picker and the heading offline. */
async function keptTopics() {
  const topics = new Map();
  for (const card of await keptCards()) {
    const topic = topics.get(card.topicId) ?? { id: card.topicId, name: card.topicName, cards: 0 };
    topic.cards += 1;
    topics.set(card.topicId, topic);
  }
  return [...topics.values()];
}

async function picker(show) {
  let list;
  try {
    list = await api("GET", "/v1/topics");
  } catch (error) {
    if (!isOffline(error)) throw error;
    list = { topics: await keptTopics() };
  }
  show(h("h1", {}, "Feed"),
    list.topics.length === 0 ? h("p", { class: "empty" }, "No topics yet.")
      : h("ul", { class: "picker", "aria-label": "Choose a topic" },
        list.topics.map((topic) => h("li", {},
          h("a", { class: "button", href: `#/feed/${topic.id}` }, topic.name, h("span", { class: "hint" }, ` ${topic.cards} cards`))))));
}

export async function render(args, { show }) {
  const topicId = Number(args[0]);
  if (!Number.isInteger(topicId) || topicId < 1) return picker(show);
  let detail;
  let offline = false;
  try {
    detail = await api("GET", `/v1/topics/${topicId}`);
  } catch (error) {
    if (!isOffline(error)) throw error;
    offline = true;
    detail = { topic: (await keptTopics()).find((topic) => topic.id === topicId) ?? { name: "Feed" } };
  }
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
    if (offline) {
      const fresh = (await keptCards(topicId)).filter((card) => !state.ids.has(card.id));
      for (const card of fresh) { state.ids.add(card.id); state.cards.push(card); }
      state.exhausted = true;
      return fresh.length;
    }
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
        cardPicture(card, shown.question),
        richText(shown.question, "div", { class: "question small" }),
        optionList(shown, true),
        h("p", { class: "face-label" }, "Answer"),
        richText(shown.answer, "div", { class: "answer" }),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null)
      : h("div", { class: "face front" },
        h("p", { class: "face-label" }, "Question"),
        cardPicture(card, shown.question),
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
    if (offline) {
      await keepAnswer(card, rating);
      state.reacted.set(card.id, rating);
      announce("Kept on this device; it is sent when the connection returns.");
      return move(1);
    }
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
