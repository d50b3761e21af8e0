// What the password forms share (Me's "Change password", the set-password screen of a reset link): a labelled
// field, and the checks of a new password typed twice, made here before the server makes them again
// (AccountRules: at least 8 characters).

import { h } from "./ui.js";

/** The least length of a new password, as the server's AccountRules. */
export const MIN_LENGTH = 8;

/** A labelled password input: `{ input, nodes }`. */
export function passwordField(id, label, attributes = {}) {
  const input = h("input", { id, name: id, type: "password", spellcheck: "false", ...attributes });
  return { input, nodes: [h("label", { for: id }, label), input] };
}

/** The new-password pair: the field, its hint, and the same again. */
export function newPasswordFields(prefix = "new") {
  const fresh = passwordField(`${prefix}-password`, "New password", {
    autocomplete: "new-password", minlength: String(MIN_LENGTH), required: true,
    "aria-describedby": `${prefix}-password-help`,
  });
  const repeat = passwordField(`${prefix}-password-again`, "New password again", {
    autocomplete: "new-password", minlength: String(MIN_LENGTH), required: true,
  });
  return {
    fresh, repeat,
    nodes: [...fresh.nodes, h("p", { id: `${prefix}-password-help`, class: "hint" }, `At least ${MIN_LENGTH} characters.`), ...repeat.nodes],
    /** `null` when the pair is fine; else `[input, sentence]` for the field to fix. */
    problem() {
      if (fresh.input.value.length < MIN_LENGTH) return [fresh.input, `The new password needs at least ${MIN_LENGTH} characters.`];
      if (repeat.input.value !== fresh.input.value) return [repeat.input, "The two new passwords differ: type the same one twice."];
      return null;
    },
  };
}
