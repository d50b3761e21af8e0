// Mystery boxes (GET /v1/boxes): each finished session earns 3–5. Opening one (POST /v1/boxes/{id}/open) shows a
// small reveal of its rarity and XP; "Open all" (POST /v1/boxes/open-all) opens the rest in one go. Opening is
// idempotent on the server, so a second tap on the same box pays nothing twice.

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast } from "./ui.js";

const SHOWN = 12;

/** The boxes section; `onReward(rewards)` lets Me update its XP figures. */
export function boxesSection(initial, onReward) {
  const section = h("section", { class: "card-panel boxes", "aria-labelledby": "boxes-heading" });
  const reveal = h("div", { class: "reveal-area", "aria-live": "polite" });
  const problems = h("div");

  function draw(list) {
    const unopened = list.boxes.filter((box) => !box.openedAt);
    const buttons = unopened.slice(0, SHOWN).map((box) => h("button", {
      type: "button", class: `box box-${box.rarity}`, dataset: { boxId: box.boxId },
      "aria-label": `Open a ${box.rarity} box`, onclick: () => open(box),
    }, h("span", { class: "box-icon", "aria-hidden": "true" }, "🎁"), h("span", {}, box.rarity)));
    section.replaceChildren(...[
      h("h2", { id: "boxes-heading" }, "Mystery boxes"),
      h("p", { class: "boxes-count", dataset: { unopened: list.unopened } },
        list.unopened === 0 ? "No unopened boxes. Finish a session to earn 3–5."
          : `${list.unopened} unopened ${list.unopened === 1 ? "box" : "boxes"}`),
      buttons.length ? h("div", { class: "box-row" }, buttons) : null,
      list.unopened > SHOWN ? h("p", { class: "hint" }, `and ${list.unopened - SHOWN} more`) : null,
      list.unopened > 1 ? h("p", {}, h("button", { type: "button", class: "primary open-all", onclick: openAll }, `Open all ${list.unopened}`)) : null,
      reveal, problems].filter(Boolean));
  }

  async function refresh() {
    draw(await api("GET", "/v1/boxes"));
  }

  function show(text, rarity) {
    reveal.replaceChildren(h("p", { class: `reveal reveal-${rarity}` }, h("span", { class: "reveal-icon", "aria-hidden": "true" }, "✨"), text));
  }

  async function open(box) {
    try {
      const opened = await api("POST", `/v1/boxes/${encodeURIComponent(box.boxId)}/open`);
      const xp = opened.box.xp ?? opened.rewards.xpGained;
      await refresh();
      show(`${/^[aeiou]/.test(opened.box.rarity) ? "An" : "A"} ${opened.box.rarity} box: +${xp} XP${opened.alreadyOpened ? " (already opened)" : ""}`, opened.box.rarity);
      if (opened.rewards.xpGained > 0) toast(`+${opened.rewards.xpGained} XP`);
      onReward(opened.rewards);
      (section.querySelector("button.box") ?? section.querySelector("h2")).focus?.();
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  async function openAll() {
    try {
      const opened = await api("POST", "/v1/boxes/open-all");
      await refresh();
      const xp = opened.opened.reduce((sum, box) => sum + (box.xp ?? 0), 0);
      show(`${opened.opened.length} boxes opened: +${xp} XP`, "common");
      if (opened.rewards.xpGained > 0) toast(`+${opened.rewards.xpGained} XP`);
      announce(`${opened.opened.length} boxes opened, ${xp} XP.`);
      onReward(opened.rewards);
    } catch (error) {
      problems.replaceChildren(errorBox(describe(error)));
    }
  }

  draw(initial);
  return section;
}
