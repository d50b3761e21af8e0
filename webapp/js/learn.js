// Learn: choose topics and 10/25/50 cards (spaced, or free practice that changes no scheduling) → question (an mcq
// card: pick an option, graded and rated by the grade) →
// Space shows the answer → rate with 1–4 (U undoes the last answer, B buries, @ suspends) → the session summary
// (correct, failed, average rating, XP, level-ups) → learn again. Runs on /v1/sessions; level-ups come from /v1/me before and after, the boxes earned from
// /v1/boxes. A session left unfinished (a reload, another device) is offered to resume (GET /v1/sessions).
// An admin fixes the card on screen without leaving the session (E: the deck's editor; the edit shows at once).
// Offline, Learn is a local session over the cards kept on the device (offlinestudy.js).

import { api, describe } from "./api.js";
import { h, errorBox, announce, toast, on, stepKeys } from "./ui.js";
import { richText } from "./math.js";
import { studyFaces, answerCard, listedText, RATINGS } from "./faces.js";
import { cardForm } from "./cardform.js";
import { cardPicture } from "./picture.js";
import { isOffline } from "./offline.js";
import { offlineLearn } from "./offlinestudy.js";

export const title = "Learn";

// The keys that pick a multiple-choice card's options on its question, in order (1–4 rate only once the answer
// shows).
const LETTERS = ["1", "2", "3", "4", "5"];

/** A wait as a learner reads it: "10 min", "5 h", "3 d", "2 mo", "1.5 y" (whole units, a year to one decimal). */
export function interval(seconds) {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(seconds / 3600);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(seconds / 86400);
  if (days < 31) return `${days} d`;
  if (days < 365) return `${Math.round(days / 30.44)} mo`;
  const years = Math.round(days / 36.525) / 10;
  return `${years} y`;
}

export async function render(args, { show }) {
  const preselected = new Set(args.map(Number));
  // No connection: a local session over the cards kept for offline study (offlinestudy.js).
  if (!navigator.onLine) return offlineLearn(show);
  let list, unfinished;
  try {
    [list, unfinished] = await Promise.all([api("GET", "/v1/topics"), api("GET", "/v1/sessions")]);
  } catch (error) {
    if (isOffline(error)) return offlineLearn(show);
    throw error;
  }
  // The newest learn session left open (a reload, another device): offered to resume; quizzes resume on Quiz.
  let resumable = unfinished.sessions.find((session) => session.mode !== "quiz" && session.next) ?? null;
  // The current step's keys (ui.js's stepKeys).
  const keys = stepKeys();
  const setKeys = keys.set;

  function setup(choice = { topicIds: [...preselected], limit: 10, mode: "spaced" }, message = null) {
    setKeys(null);
    const status = h("div", {}, message ? errorBox(message) : null);
    const boxes = list.topics.map((topic) => h("li", {},
      h("input", { type: "checkbox", id: `topic-${topic.id}`, name: "topic", value: topic.id, checked: choice.topicIds.includes(topic.id) || list.topics.length === 1 }),
      h("label", { for: `topic-${topic.id}` }, topic.name, h("span", { class: "hint" }, ` · ${topic.cards} cards`))));
    const sizes = [10, 25, 50].map((n) => h("span", { class: "choice" },
      h("input", { type: "radio", id: `size-${n}`, name: "size", value: n, checked: choice.limit === n }),
      h("label", { for: `size-${n}` }, `${n} cards`)));
    const free = h("input", { type: "checkbox", id: "free", name: "free", checked: choice.mode === "free" });
    const form = h("form", { class: "card-panel learn-setup" },
      h("fieldset", {}, h("legend", {}, "Topics"), list.topics.length ? h("ul", { class: "checks" }, boxes) : h("p", {}, "No topics yet.")),
      h("fieldset", {}, h("legend", {}, "Session size"), h("div", { class: "choices" }, sizes)),
      h("p", { class: "check" }, free, h("label", { for: "free" }, "Free practice"),
        h("span", { class: "hint", id: "free-help" }, " — any cards, shuffled; your schedule does not change")),
      h("button", { type: "submit", class: "primary" }, "Start learning"),
      status);
    free.setAttribute("aria-describedby", "free-help");
    on(form, "submit", (event) => {
      event.preventDefault();
      const topicIds = [...form.querySelectorAll('input[name="topic"]:checked')].map((box) => Number(box.value));
      const limit = Number(form.querySelector('input[name="size"]:checked')?.value ?? 10);
      if (topicIds.length === 0) {
        status.replaceChildren(errorBox("Choose at least one topic."));
        return;
      }
      return start({ topicIds, limit, mode: free.checked ? "free" : "spaced" });
    });
    show(h("h1", {}, "Learn"), resumePanel(), form);
  }

  // A session left unfinished (the page reloaded, or started on another device): take it up where it stopped,
  // or end it (its answers stay recorded) and start anew.
  function resumePanel() {
    if (!resumable) return null;
    const session = resumable;
    const names = list.topics.filter((topic) => session.topicIds.includes(topic.id)).map((topic) => topic.name);
    const left = session.remaining;
    const resumeButton = h("button", { type: "button", class: "primary", onclick: () => resume(session) }, "Resume");
    const endButton = h("button", { type: "button", onclick: () => endUnfinished(session) }, "End it");
    return h("section", { class: "card-panel resume", "aria-labelledby": "resume-heading", dataset: { sessionId: session.id } },
      h("h2", { id: "resume-heading" }, "Unfinished session"),
      h("p", {}, `${names.join(", ") || "Your topics"} · ${session.mode === "free" ? "free practice" : "spaced"} · ` +
        `${session.answered} answered, ${left} ${left === 1 ? "card" : "cards"} left`),
      h("p", { class: "actions" }, resumeButton, endButton));
  }

  async function resume(session) {
    let before, current;
    try {
      [before, current] = await Promise.all([api("GET", "/v1/me"), api("GET", `/v1/sessions/${session.id}`)]);
    } catch (error) {
      return setup(undefined, describe(error));
    }
    resumable = null;
    const choice = { topicIds: current.topicIds, limit: current.cards, mode: current.mode };
    const run = { choice, before, session: current, ratings: [], answers: [] };
    if (!current.next) return finish(run);
    question(run);
  }

  async function endUnfinished(session) {
    try {
      await api("POST", `/v1/sessions/${session.id}/end`);
    } catch (error) {
      return setup(undefined, describe(error));
    }
    resumable = null;
    toast("Session ended");
    setup();
  }

  async function start(choice) {
    show(h("h1", {}, "Learn"), h("p", { class: "hint", role: "status" }, "Starting…"));
    let before, session;
    try {
      before = await api("GET", "/v1/me");
      session = await api("POST", "/v1/sessions", { body: choice });
    } catch (error) {
      return setup(choice, describe(error));
    }
    const run = { choice, before, session, ratings: [], answers: [] };
    if (!session.next && session.fallbackCards > 0) return onlyFallback(run);
    if (!session.next) return finish(run, "There is nothing to study in these topics right now.");
    question(run);
  }

  // An empty session whose topics hold templated fallback cards (stored when no model reply could be used):
  // say so, and offer to study them anyway rather than a dead end.
  function onlyFallback(run) {
    const count = run.session.fallbackCards;
    const include = h("button", { type: "button", class: "primary", onclick: () => start({ ...run.choice, includeFallback: true }) },
      "Study them anyway");
    show(
      h("h1", {}, "Learn"),
      h("p", { class: "empty", dataset: { fallback: count } },
        `Nothing to study here but ${count} templated fallback ${count === 1 ? "card" : "cards"}: made when no model reply could be used, so they are left out of study unless you ask.`),
      h("p", { class: "actions" }, include, h("a", { class: "button", href: "#/learn" }, "Change topics")));
  }

  function frame(run, ...children) {
    const { session } = run;
    // Progress counts cards passed, not answers: a card that comes back (learning steps) is still to pass.
    const passed = session.cards - session.remaining;
    show(
      h("h1", { class: "visually-hidden" }, "Learn"),
      h("div", { class: "progress-line", dataset: { answered: session.answered } },
        h("span", {}, `Card ${Math.min(passed + 1, session.cards)} of ${session.cards}${session.nextIsRepeat ? " · again" : ""}`),
        h("progress", { max: session.cards, value: passed, "aria-label": "Session progress" })),
      ...children);
  }

  function question(run) {
    const card = run.session.next;
    const face = studyFaces(run.session.next, run.session.shown);
    const reveal = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Space", onclick: () => answer(run) }, "Show answer (Space)");
    const skip = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "S", onclick: () => skipCard(run) }, "Skip (S)");
    const bury = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "B", onclick: () => setAside(run, "bury") }, "Bury until tomorrow (B)");
    const suspend = h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "@", onclick: () => setAside(run, "suspend") }, "Suspend (@)");
    const undo = run.ratings.length
      ? h("button", { type: "button", class: "quiet", "aria-keyshortcuts": "U", onclick: () => undoLast(run) }, "Undo last answer (U)")
      : null;
    const edit = editButton(run, question);
    // A multiple-choice card is answered by picking an option (1, 2, … or a tap); Space still shows the answer.
    const picks = face.options ? face.options.map((option, index) => h("button", {
      type: "button", class: "option-pick", "aria-keyshortcuts": LETTERS[index], dataset: { option: index },
      onclick: () => pick(run, index),
    }, h("kbd", {}, LETTERS[index]), ` ${option}`)) : null;
    frame(run,
      h("article", { class: "flashcard", "aria-roledescription": "flashcard", "aria-label": "Question", dataset: { cardId: card.id } },
        h("p", { class: "face-label" }, "Question"),
        cardPicture(card, face.question),
        richText(face.question, "div", { class: "question" }),
        picks ? h("ol", { class: "option-picks", "aria-label": "Options" }, picks.map((pickButton) => h("li", {}, pickButton))) : null),
      h("p", { class: "actions" }, reveal, skip, bury, suspend, undo, edit));
    reveal.focus();
    announce(`Question: ${face.question}` + (face.options ? `. Options: ${face.options.join("; ")}` : ""));
    setKeys((event) => {
      if (event.key === " " || event.key === "Enter") return () => answer(run);
      if (event.key === "s") return () => skipCard(run);
      if (event.key === "b") return () => setAside(run, "bury");
      if (event.key === "@") return () => setAside(run, "suspend");
      if (event.key === "u" && run.ratings.length) return () => undoLast(run);
      if (event.key === "e" && edit) return () => editCard(run, question);
      const option = picks ? LETTERS.indexOf(event.key) : -1;
      if (option >= 0 && option < picks.length) return () => pick(run, option);
      return null;
    });
  }

  // A picked option is graded at once and rated by the grade (right: Good, wrong: Again), so the review the
  // server records is the one the learner earned; the answer face then shows the pick against the correct option.
  async function pick(run, index) {
    setKeys(null);
    const card = run.session.next;
    const face = studyFaces(card, run.session.shown);
    const right = index === face.correctOption;
    const rating = RATINGS[right ? 2 : 0];
    const answered = { ...run, session: { ...run.session } };
    const status = h("div");
    try {
      await record(run, card, face.question, rating);
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      frame(answered, h("p", {}, face.question), status);
      setKeys((event) => (event.key === "Enter" ? () => question(run) : null));
      return;
    }
    const next = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Enter", onclick: () => moveOn(run) }, "Next (Enter)");
    frame(answered,
      h("article", { class: "flashcard flipped", "aria-roledescription": "flashcard", "aria-label": "Answer", dataset: { cardId: card.id, graded: right ? "right" : "wrong" } },
        h("p", { class: "face-label" }, "Question"),
        cardPicture(card, face.question),
        richText(face.question, "div", { class: "question small" }),
        h("ol", { class: "option-picks graded", "aria-label": "Options" }, face.options.map((option, at) => h("li", {
          class: at === face.correctOption ? "correct" : at === index ? "picked" : null,
        }, `${LETTERS[at]}. ${option}`, at === face.correctOption ? " ✓" : at === index ? " ✗" : ""))),
        h("p", { class: "verdict", role: "status" }, right ? "Right: rated Good." : `Not quite: the answer is ${face.answer}. Rated Again.`),
        card.explanation ? richText(card.explanation, "div", { class: "explanation" }) : null),
      h("p", { class: "actions" }, next));
    next.focus();
    setKeys((event) => (event.key === "Enter" || event.key === " " ? () => moveOn(run) : null));
  }

  function moveOn(run) {
    if (run.session.next) question(run);
    else return finish(run);
  }

  // Records a rated answer to the session's current card and keeps what the summary needs.
  async function record(run, card, asked, rating) {
    run.session = await api("POST", `/v1/sessions/${run.session.id}/answer`, { body: { cardId: card.id, rating: rating.word } });
    run.ratings.push(Number(rating.key));
    run.answers.push({ id: card.id, topicId: card.topicId, question: asked, rating: rating.word });
    if (run.session.xpGained > 0) toast(`+${run.session.xpGained} XP`);
  }

  function answer(run) {
    const card = run.session.next;
    const face = studyFaces(run.session.next, run.session.shown);
    const status = h("div");
    const edit = editButton(run, answer);
    // Each button says when the card comes back (the server's scheduler, as the review will record it).
    const intervals = run.session.intervals ?? {};
    const buttons = RATINGS.map((rating) => h("button", {
      type: "button", class: `rate rate-${rating.word}`, "aria-keyshortcuts": rating.key,
      onclick: () => rate(run, rating, status),
    }, h("kbd", {}, rating.key), ` ${rating.label}`,
    intervals[rating.word] === undefined ? null : h("span", { class: "interval", dataset: { seconds: intervals[rating.word] } }, interval(intervals[rating.word]))));
    frame(run,
      answerCard(card, face),
      h("div", { class: "ratings", role: "group", "aria-label": "How well did you know it?" }, buttons),
      edit ? h("p", { class: "actions" }, edit) : null,
      status);
    buttons[2].focus();
    announce(`Answer: ${face.answer}. Rate 1 again, 2 hard, 3 good, 4 easy.`);
    setKeys((event) => {
      if (event.key === "e" && edit) return () => editCard(run, answer);
      const rating = RATINGS.find((r) => r.key === event.key);
      return rating ? () => rate(run, rating, status) : null;
    });
  }

  // "Edit card (E)" for an admin (cards are the deck's, shared by every learner); null for a learner.
  function editButton(run, back) {
    if (!run.before?.isAdmin) return null;
    return h("button", { type: "button", class: "quiet edit-card", "aria-keyshortcuts": "E", onclick: () => editCard(run, back) },
      "Edit card (E)");
  }

  // The deck's editor for the card on screen. Saved, the session is read again, so the edit shows at once on the
  // face the learner was on (`back`: question or answer); Cancel goes back to it unchanged.
  async function editCard(run, back) {
    setKeys(null);
    let detail, topics;
    try {
      [{ card: detail }, { topics }] = await Promise.all([
        api("GET", `/v1/cards/${run.session.next.id}`), api("GET", "/v1/topics"),
      ]);
    } catch (error) {
      toast(describe(error));
      return back(run);
    }
    const editor = cardForm(detail.topicId, async () => {
      run.session = await api("GET", `/v1/sessions/${run.session.id}`);
      // A card moved to a topic outside the session (or deleted) is no longer next: go on with what is.
      if (run.session.next) back(run);
      else finish(run);
    }, topics, () => back(run));
    frame(run, editor.element);
    editor.edit(detail);
    setKeys((event) => (event.key === "Escape" ? () => back(run) : null));
  }

  async function rate(run, rating, status) {
    setKeys(null);
    try {
      const card = run.session.next;
      await record(run, card, studyFaces(card, run.session.shown).question, rating);
    } catch (error) {
      status.replaceChildren(errorBox(describe(error)));
      setKeys((event) => {
        const again = RATINGS.find((r) => r.key === event.key);
        return again ? () => rate(run, again, status) : null;
      });
      return;
    }
    if (run.session.next) question(run);
    else return finish(run);
  }

  async function skipCard(run) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/skip`, { body: { cardId: run.session.next.id } });
      question(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  // Takes the last answer back (its review and XP too): the undone card is asked again.
  async function undoLast(run) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/undo`);
      run.ratings.pop();
      run.answers.pop();
      if (run.session.undone.xpReturned > 0) toast(`−${run.session.undone.xpReturned} XP`);
      question(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  // What a bury says: a cloze card's siblings (other deletions of the same text) leave with it (buriedSiblings).
  function buriedMessage(siblings = []) {
    const count = siblings?.length ?? 0;
    if (count === 0) return "Buried until tomorrow";
    return `Buried until tomorrow, with ${count} sibling ${count === 1 ? "card" : "cards"}`;
  }

  // Bury (until the learner's tomorrow) or suspend (until unsuspended) the current card; it leaves the session.
  async function setAside(run, how) {
    setKeys(null);
    try {
      run.session = await api("POST", `/v1/sessions/${run.session.id}/${how}`, { body: { cardId: run.session.next.id } });
      toast(how === "bury" ? buriedMessage(run.session.buriedSiblings) : "Suspended");
      if (run.session.next) question(run);
      else await finish(run);
    } catch (error) {
      show(h("h1", {}, "Learn"), errorBox(describe(error)));
    }
  }

  // The cards rated Again in this session, each a link to its deck to look at or fix.
  function missedList(run) {
    const missed = run.answers.filter((answer) => answer.rating === "again");
    if (missed.length === 0) return null;
    return h("section", { class: "card-panel missed", "aria-labelledby": "missed-heading" },
      h("h2", { id: "missed-heading" }, `Missed ${missed.length === 1 ? "card" : "cards"} (${missed.length})`),
      h("ul", { class: "missed-cards" }, missed.map((answer) => h("li", { dataset: { cardId: answer.id } },
        h("a", { href: `#/decks/${answer.topicId}` }, listedText(answer.question, { tag: "span" }))))));
  }

  async function finish(run, note = null) {
    setKeys(null);
    let ended, after, boxes;
    try {
      ended = await api("POST", `/v1/sessions/${run.session.id}/end`);
      [after, boxes] = await Promise.all([api("GET", "/v1/me"), api("GET", "/v1/boxes")]);
    } catch (error) {
      show(h("h1", {}, "Session summary"), errorBox(describe(error)));
      return;
    }
    const average = run.ratings.length ? (run.ratings.reduce((a, b) => a + b, 0) / run.ratings.length).toFixed(1) : "–";
    const levels = after.level - run.before.level;
    // The session's rewards: the mystery boxes its end earned (opened on Me).
    const earned = boxes.boxes.filter((box) => box.sessionId === run.session.id).length;
    const again = h("button", { type: "button", class: "primary", "aria-keyshortcuts": "Enter", onclick: () => start(run.choice) }, "Learn again");
    const stat = (label, value, name) => h("div", { class: "stat", dataset: { stat: name } }, h("dt", {}, label), h("dd", {}, String(value)));
    show(
      h("h1", {}, "Session summary"),
      note ? h("p", { class: "empty" }, note) : null,
      h("section", { class: "card-panel summary", "aria-live": "polite" },
        h("dl", { class: "stats" },
          stat("Cards", ended.answered, "answered"),
          stat("Correct", ended.correct, "correct"),
          stat("Failed", ended.failed, "failed"),
          stat("Average rating", average, "average"),
          stat("XP earned", ended.xpGained ?? 0, "xp"),
          stat("Streak", `${after.currentStreak} ${after.currentStreak === 1 ? "day" : "days"}`, "streak")),
        levels > 0 ? h("p", { class: "level-up", role: "status" }, `Level up! You reached level ${after.level}.`) : null,
        earned > 0 ? h("p", { class: "rewards", dataset: { boxes: earned } }, `You earned ${earned} mystery ${earned === 1 ? "box" : "boxes"}: `,
          h("a", { href: "#/me" }, "open them on Me"), ".") : null,
        h("p", { class: "hint" }, `Level ${after.level} · ${after.xpIntoLevel} / ${after.levelSpan} XP`)),
      missedList(run),
      h("p", { class: "actions" }, again, h("a", { class: "button", href: "#/learn" }, "Change topics"), h("a", { class: "button", href: "#/me" }, "See my progress")));
    again.focus();
    setKeys((event) => (event.key === "Enter" ? () => start(run.choice) : null));
  }

  setup();
  return keys.remove;
}
