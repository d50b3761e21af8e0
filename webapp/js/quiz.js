// Quiz: typed answers (POST /v1/sessions with mode "quiz", then …/answer with {"cardId", "answer"} → `verdict`
// correct | wrong | empty and the `expected` answer), then an evaluation page listing the wrong answers, the ones
// counted right on the learner's word, and the unanswered cards (an empty answer, or the cards left when the quiz is
// ended early). A wrong verdict offers "I was right" (…/override with {"position", "cardId"}): the quiz counts the
// answer right, it keeps the grader's verdict and earns no accuracy rewards.

import { api, describe } from "./api.js";
import { h, errorBox, announce, on } from "./ui.js";
import { richText } from "./math.js";
import { listedText } from "./faces.js";

export const title = "Quiz";

export async function render(args, { show }) {
  const preselected = new Set(args.map(Number));
  const list = await api("GET", "/v1/topics");

  function setup(message = null) {
    const status = h("div", {}, message ? errorBox(message) : null);
    const boxes = list.topics.map((topic) => h("li", {},
      h("input", { type: "checkbox", id: `quiz-topic-${topic.id}`, name: "topic", value: topic.id, checked: preselected.has(topic.id) || list.topics.length === 1 }),
      h("label", { for: `quiz-topic-${topic.id}` }, topic.name)));
    const sizes = [10, 25, 50].map((n) => h("span", { class: "choice" },
      h("input", { type: "radio", id: `quiz-size-${n}`, name: "size", value: n, checked: n === 10 }),
      h("label", { for: `quiz-size-${n}` }, `${n} questions`)));
    const form = h("form", { class: "card-panel quiz-setup" },
      h("fieldset", {}, h("legend", {}, "Topics"), list.topics.length ? h("ul", { class: "checks" }, boxes) : h("p", {}, "No topics yet.")),
      h("fieldset", {}, h("legend", {}, "Quiz size"), h("div", { class: "choices" }, sizes)),
      h("button", { type: "submit", class: "primary" }, "Start quiz"), status);
    on(form, "submit", (event) => {
      event.preventDefault();
      const topicIds = [...form.querySelectorAll('input[name="topic"]:checked')].map((box) => Number(box.value));
      if (topicIds.length === 0) return status.replaceChildren(errorBox("Choose at least one topic."));
      return start({ topicIds, limit: Number(form.querySelector('input[name="size"]:checked').value), mode: "quiz" });
    });
    show(h("h1", {}, "Quiz"), form);
  }

  async function start(choice) {
    let session;
    try {
      session = await api("POST", "/v1/sessions", { body: choice });
    } catch (error) {
      return setup(describe(error));
    }
    const run = { choice, session, wrong: [], overridden: [], unanswered: [], correct: 0 };
    if (!session.next) return evaluate(run);
    ask(run);
  }

  function ask(run) {
    const card = run.session.next;
    const input = h("input", { id: "quiz-answer", name: "answer", type: "text", autocomplete: "off", spellcheck: "false" });
    const status = h("div");
    const form = h("form", { class: "quiz-form" },
      h("label", { for: "quiz-answer" }, "Your answer"), input,
      h("p", { class: "actions" }, h("button", { type: "submit", class: "primary" }, "Check"),
        h("button", { type: "button", class: "quiet", onclick: () => evaluate(run, true) }, "End quiz")),
      status);
    on(form, "submit", (event) => {
      event.preventDefault();
      return check(run, card, input.value, status);
    });
    show(h("h1", { class: "visually-hidden" }, "Quiz"),
      h("div", { class: "progress-line" }, h("span", {}, `Question ${run.session.position + 1} of ${run.session.total}`),
        h("progress", { max: run.session.total, value: run.session.answered, "aria-label": "Quiz progress" })),
      h("article", { class: "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"), richText(card.question, "div", { class: "question" })),
      form);
    input.focus();
    announce(`Question: ${card.question}`);
  }

  async function check(run, card, answer, status) {
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/answer`, { body: { cardId: card.id, answer } });
    } catch (error) {
      return status.replaceChildren(errorBox(describe(error)));
    }
    const verdict = run.session.verdict;
    const expected = run.session.expected ?? card.answer;
    const entry = { card, answer, expected, position: run.session.position - 1 };
    if (verdict === "correct") run.correct += 1;
    else if (verdict === "wrong") run.wrong.push(entry);
    else run.unanswered.push(entry);
    showVerdict(run, entry, verdict);
  }

  // The verdict on the answer just given; a wrong one offers "I was right", which shows it again as overridden.
  function showVerdict(run, entry, verdict) {
    const { card, answer, expected } = entry;
    const next = h("button", { type: "button", class: "primary" }, run.session.next ? "Next question" : "See the evaluation");
    on(next, "click", () => (run.session.next ? ask(run) : evaluate(run)));
    const status = h("div");
    const claim = verdict === "wrong" ? h("button", { type: "button", class: "quiet", dataset: { action: "i-was-right" } }, "I was right") : null;
    if (claim) on(claim, "click", () => override(run, entry, status));
    const words = { correct: "Correct!", wrong: "Not quite.", empty: "No answer.", overridden: "Counted right on your word." }[verdict] ?? verdict;
    show(h("h1", { class: "visually-hidden" }, "Quiz"),
      h("article", { class: `flashcard verdict verdict-${verdict}`, "aria-label": "Verdict" },
        h("p", { class: "verdict-word" }, words),
        richText(card.question, "div", { class: "question small" }),
        answer ? h("p", {}, "You wrote: ", h("strong", {}, answer)) : null,
        h("p", {}, "Expected: "), richText(expected, "div", { class: "answer" }),
        verdict === "overridden" ? h("p", { class: "hint" }, "The grader said wrong; it counts as right, without accuracy rewards.") : null),
      h("p", { class: "actions" }, next, claim), status);
    next.focus();
    announce(`${words} Expected: ${expected}`);
  }

  async function override(run, entry, status) {
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/override`, { body: { position: entry.position, cardId: entry.card.id } });
    } catch (error) {
      return status.replaceChildren(errorBox(describe(error)));
    }
    run.wrong = run.wrong.filter((other) => other !== entry);
    run.overridden.push(entry);
    run.correct += 1;
    showVerdict(run, entry, "overridden");
  }

  async function evaluate(run, early = false) {
    let ended = null;
    try {
      ended = await api("POST", `/v1/sessions/${run.session.id}/end`);
    } catch (error) {
      if (error.code !== "session_ended") return show(h("h1", {}, "Evaluation"), errorBox(describe(error)));
    }
    const notReached = early ? run.session.total - run.session.answered : 0;
    const item = (entry, wrote) => h("li", {},
      listedText(entry.card.question, { tag: "div", attributes: { class: "deck-question" }, asks: entry.card.clozeNumber }),
      wrote ? h("p", {}, "You wrote: ", h("strong", {}, entry.answer)) : null,
      h("p", {}, "Answer: ", listedText(entry.expected, { tag: "span" })));
    const again = h("button", { type: "button", class: "primary", onclick: () => start(run.choice) }, "Quiz again");
    show(h("h1", {}, "Evaluation"),
      h("section", { class: "card-panel evaluation" },
        h("dl", { class: "stats" },
          h("div", { class: "stat", dataset: { stat: "correct" } }, h("dt", {}, "Correct"), h("dd", {}, `${run.correct} / ${run.session.total}`)),
          h("div", { class: "stat", dataset: { stat: "wrong" } }, h("dt", {}, "Wrong"), h("dd", {}, String(run.wrong.length))),
          run.overridden.length ? h("div", { class: "stat", dataset: { stat: "overridden" } }, h("dt", {}, "Right on your word"), h("dd", {}, String(run.overridden.length))) : null,
          h("div", { class: "stat", dataset: { stat: "unanswered" } }, h("dt", {}, "Unanswered"), h("dd", {}, String(run.unanswered.length + notReached))),
          h("div", { class: "stat", dataset: { stat: "xp" } }, h("dt", {}, "XP earned"), h("dd", {}, String(ended?.xpGained ?? 0))))),
      h("section", { class: "card-panel", "aria-labelledby": "wrong-heading" }, h("h2", { id: "wrong-heading" }, "Wrong"),
        run.wrong.length ? h("ul", { class: "plain wrong-list" }, run.wrong.map((entry) => item(entry, true))) : h("p", { class: "hint" }, "None.")),
      run.overridden.length ? h("section", { class: "card-panel", "aria-labelledby": "overridden-heading" },
        h("h2", { id: "overridden-heading" }, "Right on your word"),
        h("p", { class: "hint" }, "The grader said wrong; you said you were right. Counted right, without accuracy rewards."),
        h("ul", { class: "plain overridden-list" }, run.overridden.map((entry) => item(entry, true)))) : null,
      h("section", { class: "card-panel", "aria-labelledby": "unanswered-heading" }, h("h2", { id: "unanswered-heading" }, "Unanswered"),
        run.unanswered.length ? h("ul", { class: "plain unanswered-list" }, run.unanswered.map((entry) => item(entry, false))) : null,
        notReached ? h("p", { class: "hint" }, `${notReached} ${notReached === 1 ? "question" : "questions"} not reached.`) : null,
        !run.unanswered.length && !notReached ? h("p", { class: "hint" }, "None.") : null),
      h("p", { class: "actions" }, again, h("a", { class: "button", href: "#/quiz" }, "Change topics")));
    again.focus();
  }

  setup();
}
