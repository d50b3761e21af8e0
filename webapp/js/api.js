// The public HTTP API (docs/api.md), and the token that opens it. The token lives in localStorage only: it is
// never put in a URL, and a 401 forgets it and sends the learner back to sign in.

const TOKEN_KEY = "fcgen.token";

/** A failed request: the API's problem document (`detail` is one readable line) or a network failure. */
export class ApiError extends Error {
  constructor(status, code, detail, field) {
    super(detail);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const token = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (value) => localStorage.setItem(TOKEN_KEY, value),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

let onUnauthorized = () => {};

/** Called whenever the API answers 401: the token is gone, so is the session in the browser. */
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/** A random key per logical request, so a retried review is recorded once (Idempotency-Key). */
export function idempotencyKey() {
  return crypto.randomUUID();
}

/**
 * Calls the API. `body` is sent as JSON; the answer's JSON comes back. Every failure throws an ApiError with a
 * sentence a person can read.
 */
export async function api(method, path, { body, headers = {}, bearer } = {}) {
  const secret = bearer ?? token.get();
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (secret) init.headers.Authorization = `Bearer ${secret}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
    const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field);
    if (response.status === 401 && bearer === undefined) {
      token.clear();
      onUnauthorized(error);
    }
    throw error;
  }
  return json;
}

/** A sentence for any error, for the screen. */
export function describe(error) {
  if (error instanceof ApiError) {
    const retry = error.status === 429 ? " Wait a moment and try again." : "";
    return error.message.charAt(0).toUpperCase() + error.message.slice(1) + (/[.!?]$/.test(error.message) ? "" : ".") + retry;
  }
  return "Something went wrong in the app: " + (error?.message ?? String(error));
}
