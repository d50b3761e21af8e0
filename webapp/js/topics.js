// Topics: every topic with its cards and the learner's knowledge (known cards in %, red → green); admins create
// topics here (POST /v1/topics) and generate cards with live progress (#/topics/generate/ID).

import { api, describe } from "./api.js";
import { h, errorBox, knowledgeColor, announce, on } from "./ui.js";
import { generatePanel } from "./generate.js";

export const title = "Topics";

/** Topic details (the learner's progress), a few requests at a time. */
async function details(topics) {
  const out = new Map();
  const queue = [...topics];
  const worker = async () => {
    while (queue.length > 0) {
      const topic = queue.shift();
      out.set(topic.id, await api("GET", `/v1/topics/${topic.id}`));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

function row(topic, detail, admin) {
  const percent = detail?.progressPercent ?? 0;
  const color = knowledgeColor(percent);
  const name = h("h2", { class: "topic-name" }, topic.name);
  return h("li", { class: "topic", dataset: { topicId: topic.id } },
    name,
    h("p", { class: "topic-counts" },
      h("span", { class: "cards-count" }, `${topic.cards} ${topic.cards === 1 ? "card" : "cards"}`),
      detail ? ` · ${detail.due} due · ${detail.new} new · ${detail.known} known` : ""),
    h("div", {
      class: "meter", role: "meter", "aria-label": `Knowledge of ${topic.name}`, "aria-valuemin": 0,
      "aria-valuemax": 100, "aria-valuenow": percent, "aria-valuetext": `${percent} % known`,
    }, h("span", { class: "meter-fill", style: { width: `${percent}%`, background: color } })),
    h("p", { class: "percent", style: { color } }, `${percent} % known`),
    h("p", { class: "topic-actions" },
      h("a", { class: "button", href: `#/feed/${topic.id}`, "aria-label": `Feed of ${topic.name}` }, "Feed"),
      h("a", { class: "button primary", href: `#/learn/${topic.id}`, "aria-label": `Learn ${topic.name}` }, "Learn"),
      h("a", { class: "button", href: `#/decks/${topic.id}`, "aria-label": `Deck of ${topic.name}` }, "Deck"),
      admin ? h("a", { class: "button", href: `#/topics/generate/${topic.id}`, "aria-label": `Generate cards for ${topic.name}` }, "Generate") : null));
}

function createForm(go) {
  const status = h("div");
  const name = h("input", { id: "new-topic", name: "name", required: true, maxlength: 200, autocomplete: "off" });
  const form = h("form", { class: "card-panel create-topic", "aria-labelledby": "create-heading" },
    h("h2", { id: "create-heading" }, "New topic"),
    h("label", { for: "new-topic" }, "Name"),
    name,
    h("button", { type: "submit" }, "Create topic"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    try {
      const created = await api("POST", "/v1/topics", { body: { name: name.value } });
      announce(`Topic ${created.topic.name} created`);
      go(`#/topics/generate/${created.topic.id}`);
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      name.focus();
    }
  });
  return form;
}

export async function render(args, { go, show }) {
  show(h("h1", {}, "Topics"), h("p", { class: "hint", role: "status" }, "Loading topics…"));
  const [list, me] = await Promise.all([api("GET", "/v1/topics"), api("GET", "/v1/me")]);
  const progress = await details(list.topics);
  const items = list.topics.map((topic) => row(topic, progress.get(topic.id), me.isAdmin));
  const body = items.length > 0
    ? h("ul", { class: "topics", "aria-label": "Topics" }, items)
    : h("p", { class: "empty" }, me.isAdmin
      ? "No topics yet. Create one below, then generate its cards."
      : "No topics yet. Ask your operator to create one.");
  const generating = args[0] === "generate" ? list.topics.find((topic) => topic.id === Number(args[1])) : null;
  const stop = new AbortController();
  const panel = generating && me.isAdmin ? generatePanel(generating, stop.signal) : null;
  const days = me.currentStreak;
  const streak = h("p", { class: "streak", dataset: { streak: days } }, days > 0
    ? `${days}-day streak: study today to keep it.`
    : "No streak yet: study today to start one.");
  show(h("h1", {}, "Topics"), streak, panel, body, me.isAdmin ? createForm(go) : null);
  if (panel) panel.querySelector("input").focus();
  return () => stop.abort();
}
