// Sign in with a name and a password, or sign up (`#/signup`, with an invite code from an invite link
// `#/signup?invite=fci_…` filled in), or use a bearer token (`fcgen token create --user NAME`). A password sign-in
// leaves the session in an HttpOnly cookie the browser keeps; a token is checked with GET /v1/me before it is kept
// in localStorage.

import { api, describe, session, token } from "./api.js";
import { h, errorBox, on } from "./ui.js";

export const title = "Sign in";

/** A labelled input. */
function field(id, label, attributes = {}) {
  const input = h("input", { id, name: id, required: true, spellcheck: "false", ...attributes });
  return { input, nodes: [h("label", { for: id }, label), input] };
}

/** The name and password form: sign in, or (signUp) make an account, with an invite code when given. */
function accountForm({ signUp, invite, go }) {
  const status = h("div", { id: "account-status" });
  const name = field("account-name", "Name", { autocomplete: "username", maxlength: "64", autocapitalize: "none" });
  const password = field("account-password", "Password", {
    type: "password", autocomplete: signUp ? "new-password" : "current-password", minlength: signUp ? "8" : null,
    "aria-describedby": signUp ? "password-help" : null,
  });
  const code = signUp ? field("account-invite", "Invite code", { value: invite ?? "", required: false, placeholder: "fci_…" }) : null;
  const form = h("form", { class: "card-panel signin", id: signUp ? "signup-form" : "signin-form", novalidate: true },
    name.nodes, password.nodes,
    signUp ? h("p", { id: "password-help", class: "hint" }, "At least 8 characters.") : null,
    code ? code.nodes : null,
    code ? h("p", { class: "hint" }, "Your fcgen operator sends invites (fcgen invite create); leave it empty if this server is open to all.") : null,
    h("button", { type: "submit", class: "primary" }, signUp ? "Create account" : "Sign in"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    if (!name.input.value.trim() || !password.input.value) {
      status.replaceChildren(errorBox("Enter your name and password."));
      (name.input.value.trim() ? password.input : name.input).focus();
      return;
    }
    status.replaceChildren(h("p", { class: "hint" }, signUp ? "Creating your account…" : "Signing in…"));
    const body = { name: name.input.value.trim(), password: password.input.value };
    if (code && code.input.value.trim()) body.invite = code.input.value.trim();
    try {
      await api("POST", signUp ? "/v1/signup" : "/v1/signin", { body });
      token.clear();
      session.set();
      go("#/topics");
    } catch (error) {
      status.replaceChildren(errorBox((signUp ? "Sign-up failed: " : "Sign-in failed: ") + describe(error)));
      const wrong = { name: name.input, invite: code?.input }[error.field] ?? password.input;
      wrong.select();
    }
  });
  return { form, first: name.input };
}

/** The token form ("use a token"), for learners whose operator gave them one. */
function tokenForm(go) {
  const status = h("div", { id: "signin-status" });
  const input = h("input", {
    id: "token", name: "token", type: "password", autocomplete: "off", required: true,
    spellcheck: "false", placeholder: "fcg_…", "aria-describedby": "token-help",
  });
  const form = h("form", { class: "card-panel signin", id: "token-form", novalidate: true },
    h("label", { for: "token" }, "Access token"),
    input,
    h("p", { id: "token-help", class: "hint" }, "Apps and scripts use tokens (fcgen token create --user NAME). It stays in this browser."),
    h("button", { type: "submit" }, "Use this token"),
    status);
  on(form, "submit", async (event) => {
    event.preventDefault();
    const secret = input.value.trim();
    if (!secret) {
      status.replaceChildren(errorBox("Enter your access token."));
      input.focus();
      return;
    }
    status.replaceChildren(h("p", { class: "hint" }, "Checking…"));
    try {
      await api("GET", "/v1/me", { bearer: secret });
      session.clear();
      token.set(secret);
      go("#/topics");
    } catch (error) {
      status.replaceChildren(errorBox("Sign-in failed: " + describe(error)));
      input.select();
    }
  });
  return form;
}

export function render(_args, { go, show, query, screen }) {
  const signUp = screen === "signup";
  const account = accountForm({ signUp, invite: query?.get("invite"), go });
  const other = signUp
    ? h("p", {}, "Have an account? ", h("a", { href: "#/signin" }, "Sign in"))
    : h("p", {}, "New here? ", h("a", { href: "#/signup", id: "to-signup" }, "Create an account"));
  show(
    h("h1", {}, signUp ? "Create your fcgen account" : "Sign in to fcgen"),
    account.form, other,
    h("h2", {}, "Use a token"),
    tokenForm(go));
  account.first.focus();
}
