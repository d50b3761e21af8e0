// Me's statistics (GET /v1/stats): reviews and days practised, the share of reviews recalled, per topic what is
// known, due and recalled against its target, and the last sessions with their results.

import { h, knowledgeColor } from "./ui.js";

const percent = (value) => (value === undefined || value === null ? "–" : `${Math.round(value * 100)}\u00a0%`);
const MODES = { spaced: "Spaced", free: "Free practice", quiz: "Quiz" };

function topicRow(topic) {
  const known = Math.round(topic.progress * 100);
  const target = topic.targetRetention === undefined ? "" : ` (target ${percent(topic.targetRetention)})`;
  return h("tr", { dataset: { topicId: topic.topicId } },
    h("th", { scope: "row" }, topic.name),
    h("td", { class: "number", style: { color: knowledgeColor(known) } }, `${known}\u00a0%`),
    h("td", { class: "number" }, String(topic.due)),
    h("td", { class: "number", title: `${topic.reviews} reviews${target}` }, percent(topic.retention)));
}

function sessionItem(session) {
  const day = new Date(session.startedAt).toLocaleDateString(undefined, { day: "numeric", month: "short" });
  const result = session.mode === "free" ? `${session.answered} answered`
    : `${session.answered} answered, ${session.correct} correct, ${session.failed} failed`;
  return h("li", { dataset: { sessionId: session.id } }, `${MODES[session.mode] ?? session.mode} · ${day} · ${result}`);
}

/** The statistics section of Me. */
export function statisticsSection(stats) {
  return h("section", { class: "card-panel statistics", "aria-labelledby": "statistics-heading" },
    h("h2", { id: "statistics-heading" }, "Statistics"),
    h("dl", { class: "stats" },
      h("div", { class: "stat", dataset: { stat: "total-reviews" } }, h("dt", {}, "Reviews"), h("dd", {}, String(stats.totalReviews))),
      h("div", { class: "stat", dataset: { stat: "days-practised" } }, h("dt", {}, "Days practised"), h("dd", {}, String(stats.daysPractised))),
      h("div", { class: "stat", dataset: { stat: "retention" } }, h("dt", {}, "Recalled"), h("dd", {}, percent(stats.retention)))),
    stats.topics.length === 0 ? h("p", { class: "empty" }, "No topics studied yet.")
      : h("table", { class: "stats-topics" },
        h("caption", { class: "hint" }, "Per topic: the share of cards known, cards due now, and the share of reviews recalled."),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, "Topic"), h("th", { scope: "col", class: "number" }, "Known"),
          h("th", { scope: "col", class: "number" }, "Due"), h("th", { scope: "col", class: "number" }, "Recalled"))),
        h("tbody", {}, stats.topics.map(topicRow))),
    stats.recentSessions.length === 0 ? null
      : [h("h3", {}, "Recent sessions"), h("ul", { class: "recent-sessions" }, stats.recentSessions.map(sessionItem))]);
}
