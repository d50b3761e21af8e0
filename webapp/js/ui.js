// Small DOM helpers: elements are built with text nodes only (card text is never parsed as HTML). Every learner
// action (a click, a key, a submit) runs through action(), so an error no screen caught is shown, never swallowed.

import { describe } from "./api.js";

/**
 * `h("p", {class: "x"}, "text", child)`: an element with attributes, listeners (`onclick: …`, run through
 * action()) and children.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), action(value));
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "style" && typeof value === "object") Object.assign(element.style, value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Says `text` to screen readers (the polite live region). */
export function announce(text) {
  const region = document.getElementById("announcer");
  region.textContent = "";
  // A fresh text node after a tick, so the same sentence twice is still read.
  setTimeout(() => (region.textContent = text), 30);
}

let toastTimer;
/** A short pop-up ("+12 XP"), also read by screen readers. */
export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), 2200);
}

/** An error box with a readable message (role=alert, so it is read at once). */
export function errorBox(message) {
  return h("p", { class: "error", role: "alert" }, message);
}

/**
 * Shows the learner an error no screen caught (a script error or a rejected promise in an action handler, or one
 * the window's `error` / `unhandledrejection` backstop saw): an error box under the screen's heading, replacing the
 * previous one, scrolled into view. The console keeps the stack (`log: false` when the browser logs it already).
 */
export function reportError(error, { log = true } = {}) {
  if (log) console.error(error);
  const main = document.getElementById("main");
  const box = errorBox(describe(error));
  box.classList.add("app-error");
  main.querySelector(".app-error")?.remove();
  const heading = main.querySelector(":scope > h1");
  if (heading) heading.after(box);
  else main.prepend(box);
  box.scrollIntoView({ block: "nearest" });
}

/**
 * `handler` as an event listener that cannot fail silently: a thrown error, or the rejection of the promise an
 * async handler returns, goes to reportError(). A handler that shows its own errors still does; this is what
 * catches the ones it did not expect.
 */
export function action(handler) {
  return function guarded(...args) {
    try {
      const result = handler.apply(this, args);
      if (result && typeof result.then === "function") result.then(undefined, (error) => reportError(error));
    } catch (error) {
      reportError(error);
    }
  };
}

/** `target.addEventListener(type, action(handler))`; returns the function that removes that listener again. */
export function on(target, type, handler, options) {
  const listener = action(handler);
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}

/** The knowledge colour of a percentage: red at 0 %, through amber, to green at 100 %. */
export function knowledgeColor(percent) {
  const hue = Math.round(Math.max(0, Math.min(100, percent)) * 1.2);
  return `hsl(${hue} 70% 42%)`;
}

let screens = 0;

/**
 * A new screen's view: its show() draws only while it is the newest screen. A screen waiting on the network when
 * the learner moves on would otherwise draw over the newer one when its answer comes.
 */
export function screenView() {
  const mine = ++screens;
  const current = () => mine === screens;
  return { current, show: (...children) => (current() ? show(...children) : null) };
}

/** Replaces the main landmark's content and moves focus to its heading (for screen readers and keyboards). */
function show(...children) {
  const main = document.getElementById("main");
  main.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  const heading = main.querySelector("h1");
  if (heading) {
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }
  return main;
}

/**
 * A study screen's keys: `set(handler)` makes a function from a key event to the action it starts (or null) the
 * current step's, so the action runs under on()'s guard and an error in it is shown; `remove()` lets go of them.
 * Keys typed into a field, with a modifier, or Enter on a link or button (that control's own) start nothing.
 */
export function stepKeys() {
  let handler = null;
  const remove = on(document, "keydown", (event) => {
    if (!handler || typing(event) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" && event.target instanceof Element && event.target.closest("a, button")) return;
    const act = handler(event);
    if (!act) return;
    event.preventDefault();
    return act();
  });
  return { set: (next) => { handler = next; }, remove };
}

/** True when a key event comes from a text field, where keys are typing, not shortcuts. */
export function typing(event) {
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}
