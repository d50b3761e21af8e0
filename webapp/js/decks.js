// Decks (#/decks/ID): a topic's cards in deck order, a page at a time (GET /v1/topics/{id}/cards, cursor paging),
// with their pictures, their maths and cloze deletions shown as study shows them (faces.js `listedText`); searched
// and filtered by kind, the learner's flags, due and suspended (the same endpoint's q, kind, flag, due and
// suspended), the filter kept in the URL (#/decks/ID?q=…&kind=…) so a reload keeps it; admins add, edit and delete cards (POST /v1/topics/{id}/cards, PATCH and DELETE
// /v1/cards/{id}), move one up or down (POST /v1/cards/{id}/move), delete a selection at once (POST
// /v1/topics/{id}/cards/delete: one transaction) and import a CSV or Anki file (POST /v1/topics/{id}/import: all or
// nothing; a 422 lists each bad row's line:column). Anyone downloads the deck (GET /v1/topics/{id}/export),
// fetched with the token and saved from a blob URL.

import { api, blob, describe } from "./api.js";
import { h, errorBox, announce, toast, on } from "./ui.js";
import { cardForm } from "./cardform.js";
import { credit, picture } from "./picture.js";
import { listedText } from "./faces.js";
import { deckFilters } from "./deckfilters.js";

export const title = "Decks";
const PAGE = 20;

async function picker(show) {
  const list = await api("GET", "/v1/topics");
  show(h("h1", {}, "Decks"),
    list.topics.length === 0 ? h("p", { class: "empty" }, "No topics yet.")
      : h("ul", { class: "picker", "aria-label": "Choose a deck" },
        list.topics.map((topic) => h("li", {},
          h("a", { class: "button", href: `#/decks/${topic.id}` }, topic.name, h("span", { class: "hint" }, ` ${topic.cards} cards`))))));
}

// Import in two steps: a dry run first (nothing stored) shows how the file was read, its separator and first rows,
// then "Import N cards" stores it, all or nothing, read the same way.
function importForm(topicId, onImported) {
  const file = h("input", { type: "file", id: "import-file", name: "file", accept: ".csv,.tsv,.txt,text/csv,text/plain" });
  const separator = h("select", { id: "import-separator", name: "separator" },
    h("option", { value: "" }, "Detect from the file"), h("option", { value: "semicolon" }, "Semicolon ;"),
    h("option", { value: "comma" }, "Comma ,"), h("option", { value: "tab" }, "Tab"));
  const result = h("div", { class: "import-result" });
  const form = h("form", { class: "card-panel import", "aria-labelledby": "import-heading" },
    h("h2", { id: "import-heading" }, "Import a file"),
    h("label", { for: "import-file" }, "A CSV file or Anki notes in plain text"),
    h("p", { class: "hint" }, "CSV columns: question, answer, explanation, reversed, kind, separated by ; , or tab. You see the first rows before anything is stored; all or nothing: one bad row and nothing is stored."),
    file, h("label", { for: "import-separator" }, "CSV separator"), separator,
    h("p", {}, h("button", { type: "submit" }, "Preview")), result);
  const request = async (chosen, dryRun) => {
    const format = /\.txt$/i.test(chosen.name) ? "anki" : "csv";
    const query = new URLSearchParams({ format });
    if (format === "csv" && separator.value) query.set("separator", separator.value);
    if (dryRun) query.set("dryRun", "true");
    return api("POST", `/v1/topics/${topicId}/import?${query}`, {
      raw: await chosen.text(), contentType: format === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
    });
  };
  const failed = (chosen, error) => {
    const rows = error.problem?.errors ?? [];
    result.replaceChildren(...[errorBox(describe(error)),
      rows.length ? h("ul", { class: "import-errors", "aria-label": "Problems in the file" }, rows.map((row) =>
        h("li", {}, h("code", {}, `${chosen.name}:${row.line}:${row.column}`), ` ${row.message}`))) : null,
      error.problem?.errorsTotal > rows.length ? h("p", { class: "hint" }, `${error.problem.errorsTotal - rows.length} more not shown.`) : null].filter(Boolean));
  };
  on(form, "submit", async (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) {
      result.replaceChildren(errorBox("Choose a file first."));
      return;
    }
    let preview;
    try {
      preview = await request(chosen, true);
    } catch (error) {
      return failed(chosen, error);
    }
    const how = preview.separator ? `${preview.separator}-separated` : "Anki notes";
    const confirm = h("button", { type: "button", class: "primary", dataset: { action: "import-confirm" }, onclick: async () => {
      confirm.disabled = true;
      try {
        const done = await request(chosen, false);
        result.replaceChildren(h("p", { role: "status" }, `Imported ${done.cardsStored} cards (${done.twinsStored} twins, ${done.duplicatesSkipped} duplicates skipped).`));
        onImported();
      } catch (error) {
        failed(chosen, error);
      }
    } }, `Import ${preview.cardsStored} ${preview.cardsStored === 1 ? "card" : "cards"}`);
    result.replaceChildren(h("div", { class: "import-preview", dataset: { separator: preview.separator ?? "" } },
      h("p", { role: "status" }, `Read as ${how}: ${preview.cardsStored} cards (${preview.twinsStored} twins, ${preview.duplicatesSkipped} duplicates skipped). Nothing is stored yet. First rows:`),
      h("table", { class: "import-rows" },
        h("thead", {}, h("tr", {}, h("th", {}, "Question"), h("th", {}, "Answer"))),
        h("tbody", {}, preview.firstRows.map((row) => h("tr", {}, h("td", {}, row.question), h("td", {}, row.answer))))),
      h("p", { class: "actions" }, confirm)));
    confirm.focus();
  });
  return form;
}

function exportLinks(topic) {
  const status = h("span", { role: "status", class: "hint" });
  const save = async (format) => {
    try {
      const { blob: bytes, name } = await blob(`/v1/topics/${topic.id}/export?format=${format}`);
      const url = URL.createObjectURL(bytes);
      const link = h("a", { href: url, download: name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      status.textContent = `Saved ${name}.`;
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
    }
  };
  return h("section", { class: "card-panel export", "aria-labelledby": "export-heading" },
    h("h2", { id: "export-heading" }, "Download"),
    h("p", { class: "actions" }, ["csv", "anki", "json"].map((format) => h("button", {
      type: "button", dataset: { format }, onclick: () => save(format),
    }, `Download ${format === "anki" ? "Anki" : format.toUpperCase()}`))),
    status);
}

export async function render(args, { show, query }) {
  const topicId = Number(args[0]);
  if (!Number.isInteger(topicId) || topicId < 1) return picker(show);
  const [detail, me] = await Promise.all([api("GET", `/v1/topics/${topicId}`), api("GET", "/v1/me")]);
  const topic = detail.topic;
  const list = h("ol", { class: "deck", "aria-label": `Cards of ${topic.name}` });
  const more = h("p");
  const problems = h("div");
  const subtitle = h("span", { class: "subtitle" }, ` · deck of ${topic.cards} cards`);
  let cursor = null;
  // A new filter reads the deck again from its first page (a cursor is only good for the filter it was made under).
  const filters = deckFilters(topicId, query, () => reload());

  const selected = new Set();
  const deleteSelected = h("button", { type: "button", class: "delete-selected", disabled: true }, "Delete selected");
  const selection = h("p", { class: "selection-bar", role: "group", "aria-label": "Selected cards" },
    h("span", { class: "hint selection-count", "aria-live": "polite" }, "No card selected"), " ", deleteSelected);

  function selectionChanged() {
    const count = selected.size;
    selection.querySelector(".selection-count").textContent = count ? `${count} selected` : "No card selected";
    deleteSelected.disabled = count === 0;
    delete deleteSelected.dataset.armed;
    deleteSelected.textContent = count ? `Delete ${count} selected` : "Delete selected";
  }

  on(deleteSelected, "click", async () => {
    if (deleteSelected.dataset.armed !== "yes") {
      deleteSelected.dataset.armed = "yes";
      deleteSelected.textContent = `Confirm: delete ${selected.size} cards`;
      return;
    }
    try {
      const done = await api("POST", `/v1/topics/${topicId}/cards/delete`, { body: { ids: [...selected] } });
      const text = `${done.deleted.length} ${done.deleted.length === 1 ? "card" : "cards"} deleted`;
      toast(text);
      announce(text);
      await reload();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  });

  async function move(card, step, focusClass) {
    try {
      await api("POST", `/v1/cards/${card.id}/move`, { body: { position: card.position + step } });
      announce(`Card moved to position ${card.position + step}`);
      await reload(card.position + step);
      list.querySelector(`li[data-card-id="${card.id}"] .${focusClass}`)?.focus();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  function cardItem(card) {
    const remove = h("button", { type: "button", class: "quiet", "aria-label": `Delete card ${card.position}` }, "Delete");
    on(remove, "click", async () => {
      if (remove.dataset.armed !== "yes") {
        remove.dataset.armed = "yes";
        remove.textContent = "Confirm delete";
        return;
      }
      try {
        const done = await api("DELETE", `/v1/cards/${card.id}`);
        // A cloze card goes with its siblings (one card per deletion number): say so.
        const siblings = done.deleted.length - 1;
        const text = siblings > 0 ? `Card deleted, with ${siblings} cloze ${siblings === 1 ? "sibling" : "siblings"}` : "Card deleted";
        toast(text);
        announce(text);
        await reload();
      } catch (error) {
        problems.replaceChildren(errorBox(describe(error)));
      }
    });
    const edit = h("button", { type: "button", class: "quiet", "aria-label": `Edit card ${card.position}`, onclick: () => editor.edit(card) }, "Edit");
    const up = h("button", {
      type: "button", class: "quiet move-up", "aria-label": `Move card ${card.position} up`, disabled: card.position === 1,
      onclick: () => move(card, -1, "move-up"),
    }, "↑");
    const down = h("button", {
      type: "button", class: "quiet move-down", "aria-label": `Move card ${card.position} down`,
      disabled: card.position >= topic.cards, onclick: () => move(card, 1, "move-down"),
    }, "↓");
    const pick = h("input", { type: "checkbox", class: "select-card", id: `select-${card.id}`, "aria-label": `Select card ${card.position}` });
    pick.checked = selected.has(card.id);
    on(pick, "change", () => {
      if (pick.checked) selected.add(card.id);
      else selected.delete(card.id);
      selectionChanged();
    });
    return h("li", { class: "deck-card", dataset: { cardId: card.id, position: card.position } },
      me.isAdmin ? pick : null,
      card.image ? picture(card.image, card.question ? `Picture for: ${card.question}` : `Picture of card ${card.position}`) : null,
      credit(card.image),
      card.question ? listedText(card.question, { attributes: { class: "deck-question" }, asks: card.clozeNumber })
        : h("p", { class: "deck-question" }, "(picture)"),
      listedText(card.answer, { attributes: { class: "deck-answer" } }),
      card.choices ? h("ol", { class: "deck-options", "aria-label": "Options" }, card.choices.options.map((option, index) =>
        optionItem(option, index === card.choices.correctIndex))) : null,
      card.explanation ? listedText(card.explanation, { attributes: { class: "hint" } }) : null,
      h("p", { class: "hint" }, `#${card.position} · ${card.kind}${clozeNote(card)}${card.twinId ? " · has a reversed twin" : ""}${card.progress ? ` · ${card.progress.reps} reviews` : ""}`),
      me.isAdmin ? h("p", { class: "deck-actions" }, up, down, edit, remove) : null);
  }

  async function page() {
    try {
      const params = filters.params();
      params.set("limit", PAGE);
      if (cursor) params.set("cursor", cursor);
      const result = await api("GET", `/v1/topics/${topicId}/cards?${params}`);
      list.append(...result.cards.map(cardItem));
      cursor = result.next ?? null;
      const end = filters.active() ? h("p", { class: "empty", role: "status" }, "No cards match these filters. ", filters.clearButton())
        : h("span", { class: "hint" }, "No cards yet.");
      more.replaceChildren(cursor ? h("button", { type: "button", onclick: page }, "More cards")
        : list.children.length ? h("span", { class: "hint" }, filters.active() ? "End of the matching cards." : "End of the deck.") : end);
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  /** Reads the deck again from the start, as far as `through` (a position) when given, and drops the selection. */
  async function reload(through = 0) {
    cursor = null;
    list.replaceChildren();
    selected.clear();
    selectionChanged();
    const fresh = await api("GET", `/v1/topics/${topicId}`);
    topic.cards = fresh.topic.cards;
    subtitle.textContent = ` · deck of ${topic.cards} cards`;
    await page();
    while (cursor && list.children.length < through) await page();
  }

  const topics = me.isAdmin ? (await api("GET", "/v1/topics")).topics : [];
  const editor = cardForm(topicId, () => reload(), topics);
  show(h("h1", {}, topic.name, subtitle),
    me.isAdmin ? editor.element : null,
    me.isAdmin ? importForm(topicId, reload) : null,
    exportLinks(topic), problems,
    h("section", { "aria-labelledby": "cards-heading" }, h("h2", { id: "cards-heading" }, "Cards"),
      filters.element, me.isAdmin ? selection : null, list, more));
  await page();
}

/** An mcq card's option in the deck, the correct one marked. */
function optionItem(text, correct) {
  const item = listedText(text, { tag: "li", attributes: correct ? { class: "correct" } : {} });
  if (correct) item.append(" ✓");
  return item;
}

/** Which deletion a cloze card asks, and for a sibling whose text it shares (edit, move and delete act on them all). */
function clozeNote(card) {
  if (!card.clozeNumber) return "";
  return ` · asks c${card.clozeNumber}` + (card.clozeOf ? ` (sibling of card ${card.clozeOf}: shares its text)` : "");
}
