// The app's service worker: the app shell (index.html, styles, scripts, icon, manifest) stays in the browser, so the
// installed app opens with no network. `fcgen serve` fills in SHELL (every file of the app) and VERSION (a digest of
// them) when it serves this file, so a new fcgen brings a fresh cache and the old one is dropped.
//
// Shell files are fetched from the network first (each is revalidated by its ETag, so an update shows at once) and
// come from the cache only when the network fails. The API (/v1/…) is never cached here: it is the server's answer
// or an error the app shows. Served from /sw.js so that its scope is the whole app.

const VERSION = "__FCGEN_VERSION__";
const SHELL = __FCGEN_SHELL__;
const CACHE = `fcgen-shell-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith("fcgen-shell-") && key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname !== "/" && !url.pathname.startsWith("/app/")) return;
  event.respondWith(networkThenCache(request, url.pathname === "/" ? "/" : request));
});

async function networkThenCache(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // KaTeX's files (not in SHELL) are kept as they are used, so maths typesets offline once it has been seen.
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

// Daily reminders (Web Push): the server's message is JSON { title, body, url, tag }; a tap opens (or focuses) the
// app at `url`.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(message.title || "fcgen", {
    body: message.body || "Cards are due.", tag: message.tag || "fcgen-reminder", icon: "/app/icon.svg",
    data: { url: message.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url.startsWith(self.location.origin));
    if (open) return open.navigate(target).then((client) => (client || open).focus());
    return self.clients.openWindow(target);
  }));
});
