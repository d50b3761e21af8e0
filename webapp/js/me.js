// Me: level, the XP bar to the next level, XP today and streaks (GET /v1/me). Challenges, boxes, achievements,
// statistics, the calendar and the leaderboard join this screen when the API has their routes.

import { api } from "./api.js";
import { h, show } from "./ui.js";

export const title = "Me";

export async function render() {
  const me = await api("GET", "/v1/me");
  const percent = Math.round(me.progress * 100);
  show(
    h("h1", {}, me.name),
    h("section", { class: "card-panel level", "aria-labelledby": "level-heading" },
      h("h2", { id: "level-heading" }, h("span", { class: "level-number" }, `Level ${me.level}`)),
      h("div", {
        class: "xp-bar", role: "progressbar", "aria-label": "XP to the next level", "aria-valuemin": 0,
        "aria-valuemax": me.levelSpan, "aria-valuenow": me.xpIntoLevel,
        "aria-valuetext": `${me.xpIntoLevel} of ${me.levelSpan} XP, ${me.xpToNextLevel} to level ${me.level + 1}`,
      }, h("span", { class: "xp-fill", style: { width: `${percent}%` } })),
      h("p", { class: "hint" }, `${me.xpIntoLevel} / ${me.levelSpan} XP · ${me.xpToNextLevel} XP to level ${me.level + 1}`)),
    h("dl", { class: "stats" },
      h("div", { class: "stat", dataset: { stat: "total-xp" } }, h("dt", {}, "Total XP"), h("dd", {}, String(me.totalXP))),
      h("div", { class: "stat", dataset: { stat: "xp-today" } }, h("dt", {}, "XP today"), h("dd", {}, String(me.xpToday))),
      h("div", { class: "stat" }, h("dt", {}, "Streak"), h("dd", {}, `${me.currentStreak} ${me.currentStreak === 1 ? "day" : "days"}`)),
      h("div", { class: "stat" }, h("dt", {}, "Longest streak"), h("dd", {}, `${me.longestStreak} ${me.longestStreak === 1 ? "day" : "days"}`))),
    me.isAdmin ? h("p", { class: "hint" }, "This token is an admin token: it can create topics.") : null);
}
