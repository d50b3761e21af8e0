// Me: level, the XP bar to the next level, XP today and streaks (GET /v1/me), then the game: daily challenges,
// mystery boxes, bookmarks, statistics, achievements, the activity calendar and the day's leaderboard; for a
// password session, "Sign out everywhere".

import { api, forget, session, token } from "./api.js";
import { h, toast } from "./ui.js";
import { boxesSection } from "./boxes.js";
import { calendarSection } from "./calendar.js";
import { statisticsSection } from "./statistics.js";
import { bookmarksSection } from "./bookmarks.js";
import { challengesSection, achievementsSection, leaderboardSection } from "./game.js";

export const title = "Me";

function levelSection(me) {
  const percent = Math.round(me.progress * 100);
  return h("section", { class: "card-panel level", "aria-labelledby": "level-heading" },
    h("h2", { id: "level-heading" }, h("span", { class: "level-number" }, `Level ${me.level}`)),
    h("div", {
      class: "xp-bar", role: "progressbar", "aria-label": "XP to the next level", "aria-valuemin": 0,
      "aria-valuemax": me.levelSpan, "aria-valuenow": me.xpIntoLevel,
      "aria-valuetext": `${me.xpIntoLevel} of ${me.levelSpan} XP, ${me.xpToNextLevel} to level ${me.level + 1}`,
    }, h("span", { class: "xp-fill", style: { width: `${percent}%` } })),
    h("p", { class: "hint" }, `${me.xpIntoLevel} / ${me.levelSpan} XP · ${me.xpToNextLevel} XP to level ${me.level + 1}`));
}

function statsList(me) {
  return h("dl", { class: "stats" },
    h("div", { class: "stat", dataset: { stat: "total-xp" } }, h("dt", {}, "Total XP"), h("dd", {}, String(me.totalXP))),
    h("div", { class: "stat", dataset: { stat: "xp-today" } }, h("dt", {}, "XP today"), h("dd", {}, String(me.xpToday))),
    h("div", { class: "stat" }, h("dt", {}, "Streak"), h("dd", {}, `${me.currentStreak} ${me.currentStreak === 1 ? "day" : "days"}`)),
    h("div", { class: "stat" }, h("dt", {}, "Longest streak"), h("dd", {}, `${me.longestStreak} ${me.longestStreak === 1 ? "day" : "days"}`)));
}

/** "Sign out everywhere": ends every sign-in session of the learner (POST /v1/signout-everywhere). */
function accountSection(go) {
  if (!session.active() || token.get()) return null;
  return h("section", { class: "card-panel", "aria-labelledby": "account-heading" },
    h("h2", { id: "account-heading" }, "Account"),
    h("p", { class: "hint" }, "Signed in with your password. Lost a phone? End every session, this one too."),
    h("button", {
      type: "button", id: "sign-out-everywhere",
      onclick: async () => {
        const ended = await api("POST", "/v1/signout-everywhere");
        forget();
        toast(`Signed out of ${ended.sessionsEnded} ${ended.sessionsEnded === 1 ? "session" : "sessions"}`);
        go("#/signin");
      },
    }, "Sign out everywhere"));
}

export async function render(_args, { show, go }) {
  const [me, challenges, boxes, achievements, calendar, board, statistics, bookmarks] = await Promise.all([
    api("GET", "/v1/me"), api("GET", "/v1/challenges"), api("GET", "/v1/boxes"), api("GET", "/v1/achievements"),
    api("GET", "/v1/calendar"), api("GET", "/v1/leaderboard"), api("GET", "/v1/stats"),
    api("GET", "/v1/bookmarks?limit=20"),
  ]);
  const level = h("div", {}, levelSection(me));
  const stats = h("div", {}, statsList(me));
  // A box's XP changes the level and totals: read them again rather than computing them here.
  const onReward = async () => {
    const fresh = await api("GET", "/v1/me");
    level.replaceChildren(levelSection(fresh));
    stats.replaceChildren(statsList(fresh));
  };
  show(
    h("h1", {}, me.name),
    level, stats,
    h("div", { class: "me-grid" },
      challengesSection(challenges),
      boxesSection(boxes, onReward),
      calendarSection(calendar),
      statisticsSection(statistics),
      bookmarksSection(bookmarks),
      leaderboardSection(board),
      achievementsSection(achievements)),
    accountSection(go),
    me.isAdmin ? h("p", { class: "hint" }, "You are an admin: you can create topics and generate cards.") : null);
}
