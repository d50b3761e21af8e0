// Sign in with a bearer token (`fcgen token create --user NAME`). The token is checked with GET /v1/me before it
// is kept in localStorage.

import { api, describe, token } from "./api.js";
import { h, errorBox, on } from "./ui.js";

export const title = "Sign in";

export function render(_args, { go, show }) {
  const status = h("div", { id: "signin-status" });
  const input = h("input", {
    id: "token", name: "token", type: "password", autocomplete: "current-password", required: true,
    spellcheck: "false", placeholder: "fcg_…", "aria-describedby": "token-help",
  });
  const form = h("form", { class: "card-panel signin", novalidate: true },
    h("label", { for: "token" }, "Access token"),
    input,
    h("p", { id: "token-help", class: "hint" }, "Ask your fcgen operator for a token (fcgen token create --user NAME). It stays in this browser."),
    h("button", { type: "submit", class: "primary" }, "Sign in"),
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
      token.set(secret);
      go("#/topics");
    } catch (error) {
      status.replaceChildren(errorBox("Sign-in failed: " + describe(error)));
      input.select();
    }
  });
  show(h("h1", {}, "Sign in to fcgen"), form);
  input.focus();
}
