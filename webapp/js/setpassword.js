// Set a password with an operator's reset link (`#/set-password?code=fcr_…`, made by `fcgen password-reset
// create`), also how a learner who had only a token chooses a first password. The code rides in the URL's
// fragment, which the browser never sends to a server; once read it leaves the address bar. POST
// /v1/account/password-reset sets the password, signs out every other browser of the learner and signs this one
// in (the HttpOnly session cookie), then the app opens on Topics.

import { api, describe, session, token } from "./api.js";
import { h, errorBox, on, toast } from "./ui.js";
import { newPasswordFields, passwordField } from "./password.js";

export const title = "Set your password";

export function render(_args, { go, show, query }) {
  const given = query?.get("code")?.trim() ?? "";
  // Out of the address bar and the history (no hashchange, so the screen stays): the code is a secret until used.
  if (given) history.replaceState(null, "", "#/set-password");
  const status = h("div", { id: "set-password-status" });
  // A link brings its code; without one the learner pastes the code the operator sent.
  const code = given ? null : passwordField("reset-code", "Reset code", { autocomplete: "off", placeholder: "fcr_…", required: true });
  const fields = newPasswordFields("set");
  const form = h("form", { class: "card-panel signin", id: "set-password-form", novalidate: true },
    code ? code.nodes : h("p", { class: "hint" }, "This link sets the password of one account, once; every other browser signed in to it is signed out."),
    fields.nodes,
    h("button", { type: "submit", class: "primary" }, "Set password and sign in"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    const secret = given || code.input.value.trim();
    const problem = secret ? fields.problem() : [code.input, "Enter the reset code your operator sent."];
    if (problem) {
      status.replaceChildren(errorBox(problem[1]));
      problem[0].focus();
      return;
    }
    status.replaceChildren(h("p", { class: "hint" }, "Setting your password…"));
    try {
      const signed = await api("POST", "/v1/account/password-reset", { body: { code: secret, newPassword: fields.fresh.input.value } });
      token.clear();
      session.set();
      toast(`Password set: signed in as ${signed.user.name}`);
      go("#/topics");
    } catch (error) {
      status.replaceChildren(errorBox("The password was not set: " + describe(error)));
      (error.field === "newPassword" ? fields.fresh.input : code?.input ?? fields.fresh.input).select();
    }
  });
  show(
    h("h1", {}, "Set your password"),
    form,
    h("p", {}, "Remember it? ", h("a", { href: "#/signin" }, "Sign in")));
  (code ? code.input : fields.fresh.input).focus();
}
