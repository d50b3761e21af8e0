// The deck screen's search and filters: a search box (GET /v1/topics/{id}/cards?q=, a case-insensitive substring of
// the question, answer or explanation) and selects for kind, the learner's flag, due and suspended. Each change
// reads the deck again from the start and writes the filter into the URL (#/decks/ID?q=…&kind=…, with
// history.replaceState: no new history entry, no second render), so a reload or a shared link keeps it.

import { h, on } from "./ui.js";

const KINDS = [["question", "Question"], ["definition", "Definition"], ["truefalse", "True/false"],
  ["fillblank", "Fill the blank"], ["math", "Maths"], ["image", "Picture"], ["cloze", "Cloze"], ["mcq", "Multiple choice"]];
const FLAGS = [["bookmarked", "Bookmarked"], ["buried", "Buried"], ["suspended", "Suspended"]];
const DUE = [["true", "Due today"], ["false", "Not due"]];
const SUSPENDED = [["false", "Not suspended"], ["true", "Suspended only"]];
/** The parameters, in the order the URL writes them. */
const NAMES = ["q", "kind", "flag", "due", "suspended"];

function select(name, label, any, options, value) {
  const id = `deck-filter-${name}`;
  const element = h("select", { id, name, dataset: { filter: name } }, h("option", { value: "" }, any),
    options.map(([key, text]) => h("option", { value: key }, text)));
  element.value = options.some(([key]) => key === value) ? value : "";
  return { element, field: h("div", { class: "deck-filter" }, h("label", { for: id }, label), element) };
}

/**
 * The filter form for deck `topicId`, starting from the route's `query` (URLSearchParams); `changed` runs after each
 * change. `params()` gives the API's parameters; `active()` whether any is set; `clearButton()` a button clearing all.
 */
export function deckFilters(topicId, query, changed) {
  const search = h("input", { type: "search", id: "deck-search", name: "q", maxlength: 200, autocomplete: "off",
    placeholder: "Words on the cards", value: query?.get("q") ?? "" });
  const selects = {
    kind: select("kind", "Kind", "Any kind", KINDS, query?.get("kind")),
    flag: select("flag", "Marked", "Any mark", FLAGS, query?.get("flag")),
    due: select("due", "Due", "Any", DUE, query?.get("due")),
    suspended: select("suspended", "Suspended", "Any", SUSPENDED, query?.get("suspended")),
  };
  const form = h("form", { class: "deck-filters", role: "search", "aria-label": "Search and filter the deck" },
    h("div", { class: "deck-filter deck-search" }, h("label", { for: "deck-search" }, "Search the deck"), search,
      h("button", { type: "submit" }, "Search")),
    Object.values(selects).map((entry) => entry.field));

  const params = () => {
    const out = new URLSearchParams();
    const text = search.value.trim();
    if (text) out.set("q", text);
    for (const name of NAMES.slice(1)) if (selects[name].element.value) out.set(name, selects[name].element.value);
    return out;
  };
  const apply = () => {
    const shown = params().toString();
    history.replaceState(history.state, "", `#/decks/${topicId}${shown ? `?${shown}` : ""}`);
    changed();
  };
  on(form, "submit", (event) => {
    event.preventDefault();
    apply();
  });
  for (const { element } of Object.values(selects)) on(element, "change", apply);
  // Clearing the box with its × (a "search" event) shows the whole deck again.
  on(search, "search", () => { if (!search.value) apply(); });

  return {
    element: form,
    params,
    active: () => [...params().keys()].length > 0,
    clearButton: () => h("button", { type: "button", class: "quiet", onclick: () => {
      search.value = "";
      for (const { element } of Object.values(selects)) element.value = "";
      apply();
      search.focus();
    } }, "Clear the filters"),
  };
}
