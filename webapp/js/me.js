// Me: level, the XP bar to the next level, XP today and streaks (GET /v1/me), then the game: daily challenges,
// mystery boxes, bookmarks, statistics, achievements, the activity calendar and the day's leaderboard; the
// learner's daily reminder (a time, notifications, a calendar link); their tokens for apps and scripts; "Change password"; for a password session, "Sign out everywhere".

import { api, describe, forget, session, token } from "./api.js";
import { errorBox, h, on, toast } from "./ui.js";
import { newPasswordFields, passwordField } from "./password.js";
import { boxesSection } from "./boxes.js";
import { calendarSection } from "./calendar.js";
import { statisticsSection } from "./statistics.js";
import { bookmarksSection } from "./bookmarks.js";
import { remindersSection } from "./reminders.js";
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

/**
 * "Change password" (POST /v1/me/password): the current password, the new one twice; the learner's other
 * sign-in sessions end, this one stays. Signed in with a token, a learner who has no password yet leaves the
 * current one empty and sets a first password.
 */
function passwordSection() {
  const withToken = Boolean(token.get());
  const status = h("div", { id: "password-status" });
  const current = passwordField("current-password", "Current password", {
    autocomplete: "current-password", required: !withToken, "aria-describedby": withToken ? "current-password-help" : null,
  });
  const fields = newPasswordFields("new");
  const form = h("form", { class: "card-panel signin", id: "password-form", novalidate: true, "aria-labelledby": "password-heading" },
    h("h2", { id: "password-heading" }, "Change password"),
    current.nodes,
    withToken ? h("p", { id: "current-password-help", class: "hint" }, "Leave it empty if you have no password yet: this sets your first one.") : null,
    fields.nodes,
    h("button", { type: "submit" }, "Change password"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    const problem = !current.input.value && !withToken ? [current.input, "Enter your current password."] : fields.problem();
    if (problem) {
      status.replaceChildren(errorBox(problem[1]));
      problem[0].focus();
      return;
    }
    const body = { newPassword: fields.fresh.input.value };
    if (current.input.value) body.currentPassword = current.input.value;
    try {
      const changed = await api("POST", "/v1/me/password", { body });
      form.reset();
      const others = changed.sessionsEnded === 0 ? "no other browser was signed in"
        : `${changed.sessionsEnded} other ${changed.sessionsEnded === 1 ? "browser was" : "browsers were"} signed out`;
      status.replaceChildren(h("p", { class: "hint", role: "status" }, `Password changed: ${others}; this one stays signed in.`));
    } catch (error) {
      status.replaceChildren(errorBox("The password was not changed: " + describe(error)));
      const wrong = { currentPassword: current.input, newPassword: fields.fresh.input }[error.field] ?? current.input;
      wrong.select();
    }
  });
  return form;
}

/** One token as a list row: its prefix, when it was made, when it ends, and Revoke while it works. */
function tokenRow(token, onRevoke) {
  const made = new Date(token.createdAt).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
  const state = token.revokedAt ? "revoked"
    : token.expiresAt ? `expires ${new Date(token.expiresAt).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" })}`
      : "no expiry";
  return h("li", { class: "token-row", dataset: { tokenId: token.id } },
    h("code", {}, `${token.prefix}…`), ` made ${made}, ${state} `,
    token.revokedAt ? null : h("button", { type: "button", class: "quiet", onclick: () => onRevoke(token) }, "Revoke"));
}

/**
 * "Tokens for apps and scripts" (GET/POST /v1/me/tokens, DELETE /v1/me/tokens/{id}): a new token's secret is
 * shown here once, then only its prefix.
 */
function tokensSection(tokens) {
  const list = h("ul", { class: "tokens" });
  const fresh = h("div", { id: "new-token", "aria-live": "polite" });
  const draw = (all) => {
    list.replaceChildren(...all.map((token) => tokenRow(token, revoke)));
    if (all.length === 0) list.replaceChildren(h("li", { class: "hint" }, "No tokens yet."));
  };
  const reload = async () => draw((await api("GET", "/v1/me/tokens")).tokens);
  const revoke = async (token) => {
    await api("DELETE", `/v1/me/tokens/${token.id}`);
    toast(`Revoked ${token.prefix}…`);
    await reload();
  };
  draw(tokens.tokens);
  return h("section", { class: "card-panel", "aria-labelledby": "tokens-heading" },
    h("h2", { id: "tokens-heading" }, "Tokens for apps and scripts"),
    list,
    h("button", {
      type: "button", id: "create-token",
      onclick: async () => {
        const created = await api("POST", "/v1/me/tokens", { body: {} });
        fresh.replaceChildren(
          h("p", {}, "Your new token (copy it now: it is shown only once):"),
          h("p", {}, h("code", { id: "new-token-secret" }, created.secret)));
        await reload();
      },
    }, "Create a token"),
    fresh);
}

export async function render(_args, { show, go }) {
  const [me, challenges, boxes, achievements, calendar, board, statistics, bookmarks, tokens, reminder] = await Promise.all([
    api("GET", "/v1/me"), api("GET", "/v1/challenges"), api("GET", "/v1/boxes"), api("GET", "/v1/achievements"),
    api("GET", "/v1/calendar"), api("GET", "/v1/leaderboard"), api("GET", "/v1/stats"),
    api("GET", "/v1/bookmarks?limit=20"), api("GET", "/v1/me/tokens"), api("GET", "/v1/me/reminder"),
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
    tokensSection(tokens),
    passwordSection(),
    accountSection(go),
    remindersSection(reminder),
    me.isAdmin ? h("p", { class: "hint" }, "You are an admin: you can create topics and generate cards.") : null);
}
