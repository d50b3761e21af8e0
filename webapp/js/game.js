// Me's game sections: today's challenges with progress bars (GET /v1/challenges), achievements unlocked and
// locked with their progress (GET /v1/achievements), and the day's leaderboard with the learner's row marked
// (GET /v1/leaderboard).

import { h } from "./ui.js";

function bar(label, value, target) {
  const percent = target > 0 ? Math.min(100, Math.round((value / target) * 100)) : 100;
  return h("div", {
    class: "meter", role: "progressbar", "aria-label": label, "aria-valuemin": 0, "aria-valuemax": target,
    "aria-valuenow": Math.min(value, target), "aria-valuetext": `${Math.min(value, target)} of ${target}`,
  }, h("span", { class: "meter-fill challenge-fill", style: { width: `${percent}%` } }));
}

export function challengesSection(list) {
  return h("section", { class: "card-panel challenges", "aria-labelledby": "challenges-heading" },
    h("h2", { id: "challenges-heading" }, "Daily challenges"),
    h("ul", { class: "plain" }, list.challenges.map((challenge) => h("li", {
      class: `challenge${challenge.completed ? " completed" : ""}`, dataset: { kind: challenge.kind },
    },
    h("p", { class: "challenge-head" }, h("strong", {}, challenge.title), " ",
      h("span", { class: "hint" }, challenge.completed ? `✓ done · +${challenge.xp} XP` : `${challenge.progress} / ${challenge.target} · +${challenge.xp} XP`)),
    h("p", { class: "hint" }, challenge.description),
    bar(challenge.title, challenge.progress, challenge.target)))));
}

export function achievementsSection(list) {
  const items = [...list.achievements].sort((a, b) => Number(b.unlocked) - Number(a.unlocked));
  return h("section", { class: "card-panel achievements", "aria-labelledby": "achievements-heading" },
    h("h2", { id: "achievements-heading" }, "Achievements ", h("span", { class: "subtitle" }, `${list.unlocked} of ${list.total}`)),
    h("ul", { class: "achievement-grid" }, items.map((item) => h("li", {
      class: `achievement ${item.unlocked ? "unlocked" : "locked"} rarity-${item.rarity}`, dataset: { id: item.id },
    },
    h("span", { class: "achievement-emoji", "aria-hidden": "true" }, item.unlocked ? item.emoji : "🔒"),
    h("span", { class: "achievement-text" },
      h("strong", {}, item.title), h("span", { class: "visually-hidden" }, item.unlocked ? ", unlocked" : ", locked"),
      h("span", { class: "hint" }, ` ${item.description}`),
      item.unlocked
        ? h("span", { class: "hint" }, ` · unlocked ${item.unlockedAt ? item.unlockedAt.slice(0, 10) : ""}`)
        : bar(`${item.title} progress`, item.progress, item.target))))));
}

export function leaderboardSection(board) {
  const metric = { cards: "Cards", topics: "Topics", xp: "XP" }[board.metric] ?? board.metric;
  const rows = board.entries.map((entry) => h("tr", {
    class: entry.isCurrentLearner ? "me" : null, "aria-current": entry.isCurrentLearner ? "true" : null,
  },
  h("td", {}, String(entry.rank)),
  h("th", { scope: "row" }, entry.name, entry.isCurrentLearner ? h("span", { class: "you" }, " (you)") : null),
  h("td", {}, String(entry.value)), h("td", {}, String(entry.xp))));
  const mine = board.currentLearner;
  const outside = mine && !board.entries.some((entry) => entry.isCurrentLearner);
  return h("section", { class: "card-panel leaderboard", "aria-labelledby": "leaderboard-heading" },
    h("h2", { id: "leaderboard-heading" }, "Leaderboard ", h("span", { class: "subtitle" }, board.day)),
    board.entries.length === 0 ? h("p", { class: "empty" }, "Nobody has studied today yet.")
      : h("table", {},
        h("caption", { class: "visually-hidden" }, `Today's leaderboard by ${metric.toLowerCase()}`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Learner"), h("th", { scope: "col", title: board.metric === "cards" ? "Cards studied today, each counted once however often it was answered" : null }, metric), h("th", { scope: "col" }, "XP"))),
        h("tbody", {}, rows)),
    outside ? h("p", { class: "hint" }, `You are #${mine.rank} with ${mine.value}.`) : null);
}
