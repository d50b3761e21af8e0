// The card editor of a deck: a new card (POST /v1/topics/{id}/cards, with "also store the reversed card") or an
// edit of one (PATCH /v1/cards/{id}; "also change its twin" when it has one), and its picture (PUT or DELETE
// /v1/cards/{id}/image, after the text is saved). A broken card rule is the API's 422 with `field` naming the
// member, shown beside the form and focused; a refused picture (type, size) shows the API's sentence.
// A card's kind: a cloze card's answer is derived from its {{c1::…}} deletions (previewed here), a multiple-choice
// card's from its options (4 or 5 inputs, a radio marking the correct one; sent as `options` and `correct`, from 0).

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast, on } from "./ui.js";

// `onCancel`: called after Cancel empties the form (Learn returns to the card it was showing).
export function cardForm(topicId, onSaved, topics = [], onCancel = null) {
  let editing = null;
  const field = (id, label, tag = "textarea") => {
    const input = h(tag, { id: `card-${id}`, name: id, rows: 2 });
    return { input, row: h("p", { class: "field" }, h("label", { for: `card-${id}` }, label), input) };
  };
  const question = field("question", "Question");
  const answer = field("answer", "Answer");
  const kind = h("select", { id: "card-kind", name: "kind" },
    Object.entries(KINDS).map(([value, label]) => h("option", { value }, label)));
  const kindRow = h("p", { class: "field" }, h("label", { for: "card-kind" }, "Kind"), kind);
  const clozePreview = h("span", { class: "cloze-preview" });
  const clozeRow = h("p", { class: "hint cloze-hint", id: "card-cloze-hint", hidden: true },
    "Hide words with {{c1::word}} (a hint: {{c1::word::hint}}; c2, c3 … are cards of their own, each with its own schedule). Answer: ", clozePreview);
  const options = optionList();
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
    heading, kindRow, question.row, clozeRow, answer.row, options.element, explanation.row, imageRow, dropImageRow, topicRow,
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
    options.set(null);
    kindChanged();
  }

  // The answer of a cloze or multiple-choice card is derived: its input gives way to the hint or the options.
  function kindChanged() {
    const chosen = kind.value;
    answer.row.hidden = chosen === "cloze" || chosen === "mcq";
    clozeRow.hidden = chosen !== "cloze";
    options.element.hidden = chosen !== "mcq";
    if (chosen === "mcq") options.ensure();
    clozePreview.textContent = clozeAnswer(question.input.value) || "(no {{c1::…}} yet)";
  }
  on(kind, "change", kindChanged);
  on(question.input, "input", () => {
    if (kind.value === "cloze") clozePreview.textContent = clozeAnswer(question.input.value) || "(no {{c1::…}} yet)";
  });

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
  on(cancel, "click", () => {
    reset();
    onCancel?.();
  });

  on(form, "submit", async (event) => {
    event.preventDefault();
    const text = { question: question.input.value, kind: kind.value };
    if (kind.value === "mcq") Object.assign(text, options.body());
    else if (kind.value !== "cloze") text.answer = answer.input.value;
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
      const target = error.field === "options" || error.field === "correct" ? options.focusTarget(error.field)
        : error.field === "kind" ? kind
        : { question, answer, explanation }[error.field]?.input ?? (error.field ? reverse : null);
      target?.focus();
    }
  });

  kindChanged();
  return {
    element: form,
    edit(card) {
      editing = card;
      question.input.value = card.question;
      answer.input.value = card.answer;
      explanation.input.value = card.explanation ?? "";
      kind.value = card.kind;
      options.set(card.choices ?? null);
      kindChanged();
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

const KINDS = {
  question: "Question", definition: "Definition", truefalse: "True or false", fillblank: "Fill in the blank",
  math: "Maths", image: "Picture", cloze: "Cloze ({{c1::…}})", mcq: "Multiple choice",
};

/** The answer of cloze text: every `{{cN::text}}` / `{{cN::text::hint}}` shown as its text ("" without any). */
export function clozeAnswer(text) {
  const deletion = /\{\{c\d+::([\s\S]*?)(?:::[\s\S]*?)?\}\}/g;
  return deletion.test(text) ? text.replace(deletion, "$1").trim() : "";
}

/** A multiple-choice card's options: 4 or 5 text inputs, each with a radio for "correct", added and removed. */
function optionList() {
  const MIN = 4, MAX = 5;
  const rows = h("ol", { class: "mcq-options" });
  const add = h("button", { type: "button", class: "quiet", id: "card-add-option" }, "Add an option");
  const element = h("fieldset", { class: "field mcq-fieldset", hidden: true },
    h("legend", {}, "Options (mark the correct one)"), rows, h("p", { class: "actions" }, add));

  function renumber() {
    [...rows.children].forEach((row, index) => {
      const [radio, input, remove] = row.querySelectorAll("input[type=radio], input[type=text], button");
      radio.setAttribute("aria-label", `Option ${index + 1} is correct`);
      input.id = `card-option-${index}`;
      input.setAttribute("aria-label", `Option ${index + 1}`);
      remove.setAttribute("aria-label", `Remove option ${index + 1}`);
      remove.disabled = rows.children.length <= MIN;
    });
    add.disabled = rows.children.length >= MAX;
  }
  function addRow(text = "", correct = false) {
    const radio = h("input", { type: "radio", name: "card-correct", class: "option-correct" });
    radio.checked = correct;
    const input = h("input", { type: "text", class: "option-text", maxlength: 200 });
    input.value = text;
    const remove = h("button", { type: "button", class: "quiet remove-option" }, "Remove");
    const row = h("li", { class: "mcq-option" }, radio, input, remove);
    on(remove, "click", () => {
      row.remove();
      renumber();
      rows.querySelector("input[type=text]")?.focus();
    });
    rows.append(row);
    renumber();
    return input;
  }
  on(add, "click", () => addRow().focus());

  return {
    element,
    /** The card's stored options (or none: empty rows). */
    set(choices) {
      rows.replaceChildren();
      (choices?.options ?? []).forEach((text, index) => addRow(text, index === choices.correctIndex));
    },
    /** At least 4 rows to fill in. */
    ensure() {
      while (rows.children.length < MIN) addRow();
    },
    /** `{options, correct?}` for the API: the texts in order, the marked one's position from 0. */
    body() {
      const items = [...rows.children];
      const marked = items.findIndex((row) => row.querySelector("input[type=radio]").checked);
      const body = { options: items.map((row) => row.querySelector("input[type=text]").value) };
      if (marked >= 0) body.correct = marked;
      return body;
    },
    focusTarget(field) {
      return rows.querySelector(field === "correct" ? "input[type=radio]" : "input[type=text]");
    },
  };
}
