// Learn without a connection: a local session over the cards kept for offline study (offline.js), one pass in the
// kept order (due cards first, then new ones). Space shows the answer, 1–4 rates it; each answer goes to the outbox
// with the time it was given and the card leaves the kept queue, so a reload goes on with the next one. No server
// session: no learning steps (a card rated Again does not come back until the next online session), no undo, skip,
// bury or suspend, no summary rewards; the XP is paid when the answers are sent. A card with a picture shows the
// picture kept beside it (offline.js) on the question and the answer, drawn as online study draws it (picture.js).

import { h, announce, stepKeys } from "./ui.js";
import { richText } from "./math.js";
import { studyFaces, optionList, answerCard, RATINGS } from "./faces.js";
import { cardPicture } from "./picture.js";
import { answer as keepAnswer, cards } from "./offline.js";

/** Draws offline Learn through `show`; returns the cleanup that lets go of its keys. */
export async function offlineLearn(show) {
  const keys = stepKeys();
  let answered = 0;

  const note = () => h("p", { class: "offline-note hint", role: "note" },
    "Offline: you are studying the cards saved on this device. Answers are kept here and sent when the connection returns.");

  async function next() {
    keys.set(null);
    const [card] = await cards();
    if (!card) {
      show(h("h1", {}, "Learn (offline)"), note(),
        h("p", { class: "empty offline-done", dataset: { answered } },
          answered ? `That was every saved card: ${answered} answered offline.` : "No cards are saved for offline study on this device. Open the app online once, and it keeps your next cards."));
      return;
    }
    question(card, (await cards()).length);
  }

  function frame(card, left, ...children) {
    show(
      h("h1", { class: "visually-hidden" }, "Learn (offline)"),
      note(),
      h("div", { class: "progress-line", dataset: { answered, offline: "yes" } },
        h("span", {}, `Offline · ${answered} answered · ${left} saved ${left === 1 ? "card" : "cards"} left`)),
      ...children);
  }

  function question(card, left) {
    const face = studyFaces(card, card.shown);
    const reveal = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Space", onclick: () => reply(card, left) }, "Show answer (Space)");
    frame(card, left,
      h("article", { class: "flashcard", "aria-roledescription": "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, `Question · ${card.topicName}`),
        cardPicture(card, face.question),
        richText(face.question, "div", { class: "question" }),
        optionList(face, false)),
      h("p", { class: "actions" }, reveal));
    reveal.focus();
    announce(`Question: ${face.question}`);
    keys.set((event) => (event.key === " " || event.key === "Enter" ? () => reply(card, left) : null));
  }

  function reply(card, left) {
    const face = studyFaces(card, card.shown);
    const buttons = RATINGS.map((rating) => h("button", {
      type: "button", class: `rate rate-${rating.word}`, "aria-keyshortcuts": rating.key, onclick: () => rate(card, rating),
    }, h("kbd", {}, rating.key), ` ${rating.label}`));
    frame(card, left,
      answerCard(card, face),
      h("div", { class: "ratings", role: "group", "aria-label": "How well did you know it?" }, buttons));
    buttons[2].focus();
    announce(`Answer: ${face.answer}. Rate 1 again, 2 hard, 3 good, 4 easy.`);
    keys.set((event) => {
      const rating = RATINGS.find((r) => r.key === event.key);
      return rating ? () => rate(card, rating) : null;
    });
  }

  async function rate(card, rating) {
    keys.set(null);
    await keepAnswer(card, rating.word);
    answered += 1;
    announce(`Kept: ${rating.label}. It is sent when the connection returns.`);
    await next();
  }

  await next();
  return keys.remove;
}
