// The activity calendar (GET /v1/calendar): the last 365 days as a heat map, one square per day shaded by its
// reviews against the busiest day (`maximum`), weeks as columns like a contribution graph. For screen readers the
// map is one image with a summary, and the studied days are listed in words beside it.

import { h } from "./ui.js";

/** 0 for no reviews, else 1–4 by the share of the busiest day. */
export function shade(reviews, maximum) {
  if (reviews <= 0 || maximum <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((reviews / maximum) * 4)));
}

/** "12 reviews of 9 cards": answers, and the distinct cards the leaderboard counts (each once a day). */
function reviewsOfCards(day) {
  const reviews = `${day.reviews} ${day.reviews === 1 ? "review" : "reviews"}`;
  return day.reviews === 0 ? reviews : `${reviews} of ${day.cards} ${day.cards === 1 ? "card" : "cards"}`;
}

export function calendarSection(calendar) {
  const first = new Date(`${calendar.from}T00:00:00Z`).getUTCDay(); // 0 Sunday: the first column's offset
  const cells = calendar.days.map((day, index) => h("span", {
    class: "day", dataset: { day: day.day, reviews: day.reviews, level: shade(day.reviews, calendar.maximum) },
    title: `${day.day}: ${reviewsOfCards(day)}`,
    style: index === 0 ? { gridRowStart: String(first + 1) } : undefined,
  }));
  const studied = calendar.days.filter((day) => day.reviews > 0);
  const totals = calendar.totals;
  const summary = `${totals.reviews} reviews on ${totals.daysStudied} ${totals.daysStudied === 1 ? "day" : "days"} from ${calendar.from} to ${calendar.to}`;
  return h("section", { class: "card-panel calendar", "aria-labelledby": "calendar-heading" },
    h("h2", { id: "calendar-heading" }, "Activity"),
    h("p", { class: "hint" }, `${summary} · busiest day ${calendar.maximum} reviews`),
    h("div", { class: "heatmap", role: "img", "aria-label": `Activity calendar: ${summary}` }, cells),
    h("p", { class: "legend hint", "aria-hidden": "true" }, "Less ",
      [0, 1, 2, 3, 4].map((level) => h("span", { class: "day", dataset: { level } })), " More"),
    h("details", { class: "studied-days" },
      h("summary", {}, "Days studied"),
      studied.length ? h("ul", {}, studied.slice(-60).reverse().map((day) => h("li", {},
        `${day.day}: ${reviewsOfCards(day)}, ${day.xp} XP`)))
        : h("p", {}, "None yet.")));
}
