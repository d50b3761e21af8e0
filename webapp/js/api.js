// The public HTTP API (docs/api.md), and what opens it: the sign-in session's cookie (HttpOnly: the browser sends
// it, no script here reads it) or a pasted token. The token lives in localStorage only: it is never put in a URL,
// and a 401 forgets it (and the session's marker) and sends the learner back to sign in.

const TOKEN_KEY = "fcgen.token";
// Not a secret: only whether this browser signed in with a password, so the app knows to show the screens.
const SESSION_KEY = "fcgen.signedIn";

/** A failed request: the API's problem document (`detail` is one readable line) or a network failure. */
export class ApiError extends Error {
  constructor(status, code, detail, field, problem = null) {
    super(detail);
    this.status = status;
    this.code = code;
    this.field = field;
    /** The whole problem document (an import's 422 lists `errors` with line and column). */
    this.problem = problem;
  }
}

export const token = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (value) => localStorage.setItem(TOKEN_KEY, value),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/** Whether this browser signed in with a name and password (the session itself is the HttpOnly cookie). */
export const session = {
  active: () => localStorage.getItem(SESSION_KEY) === "1",
  set: () => localStorage.setItem(SESSION_KEY, "1"),
  clear: () => localStorage.removeItem(SESSION_KEY),
};

/** Signed in one way or the other. */
export const signedIn = () => Boolean(token.get()) || session.active();

/** Forgets both ways of signing in. */
export function forget() {
  token.clear();
  session.clear();
}

let onUnauthorized = () => {};

/** Called whenever the API answers 401: the token is gone, so is the session in the browser. */
export function whenUnauthorized(handler) {
  onUnauthorized = handler;
}

/**
 * A random key per logical request, so a retried review is recorded once (Idempotency-Key): a UUID v4 from 16
 * bytes of `crypto.getRandomValues`. Not `crypto.randomUUID`, which exists only in a secure context (https, or
 * http on localhost): on a phone opening `http://192.168.1.20:8080/` it is missing.
 */
export function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Calls the API. `body` is sent as JSON; the answer's JSON comes back. Every failure throws an ApiError with a
 * sentence a person can read.
 */
export async function api(method, path, { body, raw, contentType, headers = {}, bearer } = {}) {
  const response = await request(method, path, { body, raw, contentType, headers, bearer });
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
    const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field, json);
    if (response.status === 401 && bearer === undefined && !path.startsWith("/v1/sign")) {
      forget();
      onUnauthorized(error);
    }
    throw error;
  }
  return json;
}

/** The fetch behind api(): the bearer header, a JSON or raw body; a network failure as an ApiError. */
async function request(method, path, { body, raw, contentType, headers = {}, bearer, accept = "application/json" } = {}) {
  const secret = bearer ?? token.get();
  const init = { method, headers: { Accept: accept, ...headers } };
  if (secret) init.headers.Authorization = `Bearer ${secret}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  } else if (raw !== undefined) {
    init.headers["Content-Type"] = contentType;
    init.body = raw;
  }
  try {
    return await fetch(path, init);
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
}

/** A failed response as an ApiError (its problem document's detail). */
async function failure(response) {
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  const detail = json && typeof json.detail === "string" ? json.detail : `${response.status} ${response.statusText}`;
  const error = new ApiError(response.status, json?.code ?? "http", detail, json?.field, json);
  if (response.status === 401) {
    forget();
    onUnauthorized(error);
  }
  return error;
}

/**
 * Bytes a route answers (a picture, an export) with the bearer header, as a Blob and the file name its
 * Content-Disposition gives. A link cannot carry the header, so the app fetches and shows or saves a blob URL.
 */
export async function blob(path) {
  const response = await request("GET", path, { accept: "*/*" });
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
  return { blob: await response.blob(), name };
}

/**
 * Reads a server-sent event stream (text/event-stream) with the bearer header, calling `onEvent(name, data)` per
 * event with its JSON data, until the server ends it. EventSource cannot send an Authorization header, so this
 * parses the stream itself: lines `event:`, `data:` and `id:`, an empty line ends an event.
 */
export async function events(path, onEvent, { signal } = {}) {
  const secret = token.get();
  let response;
  try {
    const headers = { Accept: "text/event-stream" };
    if (secret) headers.Authorization = `Bearer ${secret}`;
    response = await fetch(path, { headers, signal });
  } catch (error) {
    if (signal?.aborted) return;
    throw new ApiError(0, "network", "The server cannot be reached. Check the connection and try again.");
  }
  if (!response.ok) throw await failure(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let name = "message";
  let data = [];
  const line = (text) => {
    if (text === "") {
      if (data.length > 0) onEvent(name, JSON.parse(data.join("\n")));
      name = "message";
      data = [];
    } else if (text.startsWith("event:")) {
      name = text.slice(6).trim();
    } else if (text.startsWith("data:")) {
      data.push(text.slice(5).replace(/^ /, ""));
    }
    // `id:` and `:` comments need nothing here: the app reads each stream once from its start.
  };
  for (;;) {
    let chunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal?.aborted) return;
      throw new ApiError(0, "network", "The connection to the server was lost while the generation ran.");
    }
    if (chunk.done) break;
    buffer += chunk.value;
    let end;
    while ((end = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const match = buffer.slice(end).startsWith("\r\n") ? 2 : 1;
      line(buffer.slice(0, end));
      buffer = buffer.slice(end + match);
    }
  }
  if (buffer) line(buffer);
  line("");
}

/** A sentence for any error, for the screen. */
export function describe(error) {
  if (error instanceof ApiError) {
    const retry = error.status === 429 ? " Wait a moment and try again." : "";
    return error.message.charAt(0).toUpperCase() + error.message.slice(1) + (/[.!?]$/.test(error.message) ? "" : ".") + retry;
  }
  return "Something went wrong in the app: " + (error?.message ?? String(error));
}
