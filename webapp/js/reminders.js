// Me → "Daily reminder": the local time (or none) and the learner's time zone, which is also their day for streaks
// and cards due (one zone: saving it here sets both; GET/PUT /v1/me/reminder); the secret calendar
// link for any calendar app (POST/DELETE /v1/me/reminder/calendar, its address shown once); and "Enable
// notifications" on this browser (Web Push: GET /v1/push/key, pushManager.subscribe, POST/DELETE
// /v1/me/push-subscriptions), offered only where the browser can take them, with a line saying why not otherwise.

import { api, describe } from "./api.js";
import { errorBox, h, on, toast } from "./ui.js";

/** The browser's own zone, and every zone it knows (for the list). */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const knownZones = () => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [browserZone()]);

/** Why this browser cannot take push notifications, or null when it can. */
export function pushUnavailable() {
  if (!window.isSecureContext) return "Notifications need a secure connection (https): ask whoever runs this server, or use the calendar link.";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "This browser cannot receive push notifications: use the calendar link instead.";
  }
  return null;
}

/** base64url text as the bytes `applicationServerKey` takes. */
function keyBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function timeForm(reminder, onSaved) {
  const status = h("div", { id: "reminder-status", "aria-live": "polite" });
  const time = h("input", { type: "time", id: "reminder-time", value: reminder.time ?? "", step: 60 });
  const zoneList = h("datalist", { id: "reminder-zones" }, ...knownZones().map((zone) => h("option", { value: zone })));
  const zone = h("input", {
    type: "text", id: "reminder-zone", list: "reminder-zones", autocomplete: "off", spellcheck: "false",
    value: reminder.time ? reminder.timeZone : browserZone(),
  });
  const save = async (body) => {
    try {
      const saved = await api("PUT", "/v1/me/reminder", { body });
      status.replaceChildren(h("p", { class: "hint", role: "status" }, "Saved."));
      onSaved(saved);
    } catch (error) {
      status.replaceChildren(errorBox("The reminder was not saved: " + describe(error)));
      ({ time, timeZone: zone }[error.field] ?? time).focus();
    }
  };
  const form = h("form", { id: "reminder-form", novalidate: true },
    h("label", { for: "reminder-time" }, "Remind me at"), time,
    // One zone per learner: the label says it is their day's too (streaks, XP today, cards due).
    h("label", { for: "reminder-zone", title: "Your day (streaks, XP today, cards due) follows it too" }, "Your time zone (your day's too)"),
    zone, zoneList,
    h("div", { class: "actions" },
      h("button", { type: "submit" }, "Save reminder"),
      h("button", {
        type: "button", class: "quiet", id: "reminder-none",
        onclick: () => save({ time: null }),
      }, "No reminder")),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    if (!time.value) {
      status.replaceChildren(errorBox("Pick a time, or choose “No reminder”."));
      time.focus();
      return;
    }
    await save({ time: time.value.slice(0, 5), timeZone: zone.value.trim() });
  });
  return form;
}

function calendarPart(reminder) {
  const shown = h("div", { id: "calendar-link", "aria-live": "polite" });
  const make = async () => {
    const made = await api("POST", "/v1/me/reminder/calendar");
    const url = made.url ?? new URL(made.path, location.origin).href;
    const copy = h("button", {
      type: "button", class: "quiet",
      onclick: async () => {
        await navigator.clipboard.writeText(url);
        toast("Calendar link copied");
      },
    }, "Copy");
    shown.replaceChildren(
      h("p", {}, "Your calendar link (copy it now: it is shown only once; a new one replaces it):"),
      h("p", {}, h("code", { id: "calendar-url" }, url), " ", copy),
      h("p", { class: "hint" }, "Add it to your calendar app as a subscription (“From URL”)."));
    drawButtons(true);
  };
  const remove = async () => {
    await api("DELETE", "/v1/me/reminder/calendar");
    shown.replaceChildren(h("p", { class: "hint" }, "Calendar link deleted: calendars subscribed to it get nothing more."));
    drawButtons(false);
  };
  const buttons = h("div", { class: "actions" });
  const drawButtons = (exists) => buttons.replaceChildren(...[
    h("button", { type: "button", id: "calendar-make", onclick: make }, exists ? "Replace calendar link" : "Make a calendar link"),
    exists ? h("button", { type: "button", class: "quiet", id: "calendar-delete", onclick: remove }, "Delete calendar link") : null,
  ].filter(Boolean));
  drawButtons(reminder.calendar);
  return h("div", {},
    h("h3", {}, "In your calendar"),
    h("p", { class: "hint" }, "A daily event at your reminder time, with an alarm, in any calendar app."),
    buttons, shown);
}

function notificationsPart() {
  const status = h("div", { id: "push-status", "aria-live": "polite" });
  const why = pushUnavailable();
  if (why) {
    return h("div", {}, h("h3", {}, "Notifications"), h("p", { class: "hint", id: "push-unavailable" }, why));
  }
  const enable = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      status.replaceChildren(errorBox("Notifications are blocked for this site: allow them in the browser's settings."));
      return;
    }
    try {
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await api("GET", "/v1/push/key");
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      await api("POST", "/v1/me/push-subscriptions", { body: subscription.toJSON() });
      status.replaceChildren(h("p", { class: "hint", role: "status" }, "Notifications are on for this browser."));
    } catch (error) {
      status.replaceChildren(errorBox("Notifications were not turned on: " + describe(error)));
    }
  };
  const disable = async () => {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await api("DELETE", "/v1/me/push-subscriptions", { body: { endpoint: subscription.endpoint } }).catch(() => {});
      await subscription.unsubscribe();
    }
    status.replaceChildren(h("p", { class: "hint", role: "status" }, "Notifications are off for this browser."));
  };
  return h("div", {},
    h("h3", {}, "Notifications"),
    h("p", { class: "hint" }, "A notification at your reminder time, on each browser you turn it on in."),
    h("div", { class: "actions" },
      h("button", { type: "button", id: "push-enable", onclick: enable }, "Enable notifications"),
      h("button", { type: "button", class: "quiet", id: "push-disable", onclick: disable }, "Turn off here")),
    status);
}

/** The "Daily reminder" panel of Me, from GET /v1/me/reminder. */
export function remindersSection(reminder) {
  const summary = h("p", { class: "hint", id: "reminder-summary" });
  const describeReminder = (r) => summary.replaceChildren(r.time
    ? `Every day at ${r.time} (${r.timeZone}), if cards are due and you have not studied yet.`
    : "No daily reminder.");
  describeReminder(reminder);
  return h("section", { class: "card-panel", id: "reminders", "aria-labelledby": "reminders-heading" },
    h("h2", { id: "reminders-heading" }, "Daily reminder"),
    summary,
    timeForm(reminder, describeReminder),
    notificationsPart(),
    calendarPart(reminder));
}
