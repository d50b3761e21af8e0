// A card as study shows it: the API's `shown` faces when it sends them (a cloze card's deletions hidden and its
// full text as the answer; an mcq card's options), else the stored question and answer.
import { h } from "./ui.js";
import { richText } from "./math.js";
import { cardPicture } from "./picture.js";

/** The question and answer to show for `card`, given the faces the API sent (`shown`, or undefined). */
export function studyFaces(card, shown) {
  return shown || { question: card.question, answer: card.answer };
}

/** The four ratings, their keys and words (the API's `rating`). */
export const RATINGS = [
  { key: "1", word: "again", label: "Again" },
  { key: "2", word: "hard", label: "Hard" },
  { key: "3", word: "good", label: "Good" },
  { key: "4", word: "easy", label: "Easy" },
];

/** A card's answer face: its picture, the question small, an mcq card's options with the correct one marked, the
 *  answer and the explanation. */
export function answerCard(card, face) {
  return h("article", { class: "flashcard flipped", "aria-roledescription": "flashcard", "aria-label": "Answer", dataset: { cardId: card.id } },
    h("p", { class: "face-label" }, "Question"),
    cardPicture(card, face.question),
    richText(face.question, "div", { class: "question small" }),
    optionList(face, true),
    h("p", { class: "face-label" }, "Answer"),
    richText(face.answer, "div", { class: "answer" }),
    card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null);
}

/** An mcq card's options as an ordered list, the correct one marked once the answer shows; null for other cards. */
export function optionList(face, revealed) {
  if (!face.options) return null;
  return h("ol", { class: "options", "aria-label": "Options" },
    ...face.options.map((option, index) => h("li", {},
      revealed && index === face.correctOption ? `${option} ✓` : option)));
}

// `{{c1::answer}}` or `{{c1::answer::hint}}`, as FCCore's ClozeText reads them (no nesting).
const clozePattern = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/**
 * A card's text wherever cards are listed (the deck, generation rows, Me's bookmarks, a session summary's missed
 * cards): its maths as study shows it (`richText`), and a cloze text's deletions shown and marked instead of its
 * `{{c1::…}}` markup: each deletion's text highlighted, the number it belongs to noted after it, and the number
 * `asks` (the card's `clozeNumber`) marked as the one this card asks.
 */
export function listedText(text, { tag = "p", attributes = {}, asks = null } = {}) {
  const element = h(tag, attributes);
  let last = 0;
  for (const match of (text ?? "").matchAll(clozePattern)) {
    if (match.index > last) element.append(richText(text.slice(last, match.index), "span"));
    const number = Number(match[1]);
    const asked = number === asks;
    element.append(h("mark", { class: asked ? "cloze asked" : "cloze", dataset: { cloze: number } },
      richText(match[2], "span"),
      h("sup", { class: "cloze-number", title: asked ? `Deletion ${number}: this card asks it` : `Deletion ${number}` },
        `c${number}`)));
    last = match.index + match[0].length;
  }
  if (last < (text ?? "").length) element.append(richText(text.slice(last), "span"));
  return element;
}
