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
