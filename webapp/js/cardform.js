// The card editor of a deck: a new card (POST /v1/topics/{id}/cards, with "also store the reversed card") or an
// edit of one (PATCH /v1/cards/{id}; "also change its twin" when it has one). A broken card rule is the API's 422
// with `field` naming the member, shown beside the form and focused.

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast } from "./ui.js";

export function cardForm(topicId, onSaved) {
  let editing = null;
  const field = (id, label, tag = "textarea") => {
    const input = h(tag, { id: `card-${id}`, name: id, rows: 2 });
    return { input, row: h("p", { class: "field" }, h("label", { for: `card-${id}` }, label), input) };
  };
  const question = field("question", "Question");
  const answer = field("answer", "Answer");
  const explanation = field("explanation", "Explanation (optional)");
  const reverse = h("input", { type: "checkbox", id: "card-reverse", name: "reverse" });
  const reverseLabel = h("label", { for: "card-reverse" }, "Also store the reversed card");
  const heading = h("h2", { id: "card-form-heading", tabindex: -1 }, "New card");
  const submit = h("button", { type: "submit", class: "primary" }, "Add card");
  const cancel = h("button", { type: "button", class: "quiet", hidden: true }, "Cancel");
  const status = h("div");
  const form = h("form", { class: "card-panel card-form", "aria-labelledby": "card-form-heading" },
    heading, question.row, answer.row, explanation.row, h("p", { class: "check" }, reverse, reverseLabel),
    h("p", { class: "actions" }, submit, cancel), status);

  function reset() {
    editing = null;
    form.reset();
    heading.textContent = "New card";
    submit.textContent = "Add card";
    reverseLabel.textContent = "Also store the reversed card";
    cancel.hidden = true;
    reverse.disabled = false;
  }
  cancel.addEventListener("click", reset);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = { question: question.input.value, answer: answer.input.value };
    try {
      if (editing) {
        const body = { ...text, explanation: explanation.input.value.trim() ? explanation.input.value : null };
        if (editing.twinId) body.alsoTwin = reverse.checked;
        await api("PATCH", `/v1/cards/${editing.id}`, { body });
        toast("Card saved");
        announce("Card saved");
      } else {
        const body = { ...text, reverse: reverse.checked };
        if (explanation.input.value.trim()) body.explanation = explanation.input.value;
        const created = await api("POST", `/v1/topics/${topicId}/cards`, { body });
        toast(created.cards?.length > 1 ? "Card and its twin added" : "Card added");
        announce("Card added");
      }
      status.replaceChildren();
      reset();
      onSaved();
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      const target = { question, answer, explanation }[error.field]?.input ?? (error.field ? reverse : null);
      target?.focus();
    }
  });

  return {
    element: form,
    edit(card) {
      editing = card;
      question.input.value = card.question;
      answer.input.value = card.answer;
      explanation.input.value = card.explanation ?? "";
      reverse.checked = false;
      heading.textContent = `Edit card #${card.position}`;
      submit.textContent = "Save card";
      reverseLabel.textContent = card.twinId ? "Also change its reversed twin" : "No reversed twin";
      reverse.disabled = !card.twinId;
      cancel.hidden = false;
      heading.focus();
    },
  };
}
