// Generation with live progress (admin): POST /v1/topics/{id}/generations answers 202 at once, then the
// generation's server-sent events (GET /v1/generations/{id}/events) bring one `batch` event per stored batch with
// its cards, and a last `done` or `failed`. Each batch row and its cards appear as they land.

import { api, describe, events } from "./api.js";
import { h, errorBox, announce, on } from "./ui.js";
import { listedText } from "./faces.js";

const DEPTHS = { foundational: "foundational", intermediate: "intermediate", advanced: "advanced", expert: "expert" };

function batchRow(event) {
  const { batch, cards } = event;
  return h("li", { class: "batch", dataset: { number: batch.number, outcome: batch.outcome } },
    h("p", { class: "batch-head" },
      h("strong", {}, `Batch ${batch.number}`), " · ", batch.aspect, " · ", DEPTHS[batch.depth] ?? batch.depth,
      " · ", h("span", { class: `outcome outcome-${batch.outcome}` }, batch.outcome),
      " · ", h("span", { class: "kept" }, `${batch.kept} kept`)),
    h("ul", { class: "batch-cards", "aria-label": `Cards of batch ${batch.number}` },
      cards.map((card) => h("li", { dataset: { cardId: card.id } },
        card.question ? listedText(card.question, { tag: "span", asks: card.clozeNumber }) : "(picture)",
        h("span", { class: "hint" }, " — ", listedText(card.answer, { tag: "span" }))))));
}

/**
 * The "Generate N batches" panel for one topic. `signal` stops reading the stream when the screen is left (the
 * generation itself goes on in the server).
 */
export function generatePanel(topic, signal) {
  const status = h("div", { class: "generation-status", role: "status" });
  const problems = h("div");
  const progress = h("progress", { max: 1, value: 0, "aria-label": "Batches generated", hidden: true });
  const list = h("ol", { class: "batches", "aria-label": "Batches as they arrive" });
  const count = h("input", { id: "batches", name: "batches", type: "number", min: 1, max: 100, value: 2, required: true, inputmode: "numeric" });
  const button = h("button", { type: "submit", class: "primary" }, "Generate");
  const form = h("form", { class: "generate-form" },
    h("label", { for: "batches" }, "Batches"), count, button);
  const panel = h("section", { class: "card-panel generate", "aria-labelledby": "generate-heading", dataset: { topicId: topic.id } },
    h("h2", { id: "generate-heading", tabindex: -1 }, `Generate cards for ${topic.name}`),
    form, problems, status, progress, list);

  // An offline server refuses a topic it has no recorded replies for (400 naming `topic` and the topics it knows):
  // the refusal is shown with the one way on, storing templated fallback cards anyway (never studied).
  let storeFallback = false;
  function offerFallback(error) {
    const anyway = h("button", { type: "button", class: "quiet", dataset: { action: "store-fallback" }, onclick: () => {
      storeFallback = true;
      form.requestSubmit();
    } }, "Store fallback cards anyway");
    problems.replaceChildren(errorBox(describe(error)), h("p", { class: "actions" }, anyway));
  }

  on(form, "submit", async (event) => {
    event.preventDefault();
    const batches = Number(count.value);
    if (!Number.isInteger(batches) || batches < 1 || batches > 100) {
      problems.replaceChildren(errorBox("Choose between 1 and 100 batches."));
      count.focus();
      return;
    }
    problems.replaceChildren();
    list.replaceChildren();
    button.disabled = true;
    status.textContent = "Asking the server…";
    try {
      const body = storeFallback ? { batches, storeFallback } : { batches };
      const generation = await api("POST", `/v1/topics/${topic.id}/generations`, { body });
      progress.max = generation.batchesRequested;
      progress.value = 0;
      progress.hidden = false;
      status.textContent = `Generation ${generation.status}: 0 of ${generation.batchesRequested} batches`;
      panel.dataset.state = "running";
      await events(`/v1/generations/${encodeURIComponent(generation.id)}/events`, (name, data) => {
        if (name === "batch") {
          list.append(batchRow(data));
          progress.value = data.batchesDone;
          status.textContent = `Running: ${data.batchesDone} of ${data.batchesRequested} batches, ${data.cardsStored} cards stored`;
          announce(`Batch ${data.batch.number} arrived with ${data.batch.kept} cards.`);
        } else if (name === "done") {
          panel.dataset.state = "done";
          progress.value = data.batchesDone;
          status.textContent = `Done: ${data.batchesDone} ${data.batchesDone === 1 ? "batch" : "batches"}, ${data.cardsStored} cards stored.`;
          announce(status.textContent);
        } else if (name === "failed") {
          panel.dataset.state = "failed";
          status.textContent = `Failed after ${data.batchesDone} of ${data.batchesRequested} batches (${data.cardsStored} cards stored).`;
          problems.replaceChildren(errorBox(`The generation failed: ${data.error?.detail ?? "no reason given"}.`));
        }
      }, { signal });
      if (panel.dataset.state === "running") {
        panel.dataset.state = "failed";
        problems.replaceChildren(errorBox("The server ended the progress stream before the generation finished."));
      }
    } catch (error) {
      panel.dataset.state = "failed";
      status.textContent = "";
      if (error.status === 400 && error.field === "topic" && !storeFallback) offerFallback(error);
      else problems.replaceChildren(errorBox(describe(error)));
    } finally {
      button.disabled = false;
    }
  });
  return panel;
}
