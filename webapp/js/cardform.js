// The card editor of a deck: a new card (POST /v1/topics/{id}/cards, with "also store the reversed card") or an
// edit of one (PATCH /v1/cards/{id}; "also change its twin" when it has one), and its picture (PUT or DELETE
// /v1/cards/{id}/image, after the text is saved). A broken card rule is the API's 422 with `field` naming the
// member, shown beside the form and focused; a refused picture (type, size) shows the API's sentence.

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast } from "./ui.js";

export function cardForm(topicId, onSaved, topics = []) {
  let editing = null;
  const field = (id, label, tag = "textarea") => {
    const input = h(tag, { id: `card-${id}`, name: id, rows: 2 });
    return { input, row: h("p", { class: "field" }, h("label", { for: `card-${id}` }, label), input) };
  };
  const question = field("question", "Question");
  const answer = field("answer", "Answer");
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
    heading, question.row, answer.row, explanation.row, imageRow, dropImageRow, topicRow,
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
  }

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
  cancel.addEventListener("click", reset);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = { question: question.input.value, answer: answer.input.value };
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
