// The site's service worker (served at /sw.js, scope "/"; common/webapp.py). It caches one
// thing: the offline page with its own styles and pictures, shown when a page cannot be
// fetched because the network is down. Every page, API call and socket goes to the network as
// if there were no worker; nothing dynamic is ever cached.

const CACHE = "chesskers-offline-v1";
const OFFLINE_URL = "/offline/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const response = await fetch(OFFLINE_URL, { cache: "reload", credentials: "omit" });
      if (!response.ok) throw new Error(`The offline page answered ${response.status}.`);
      const html = await response.clone().text();
      // The page's stylesheets and pictures: its only subresources, all under /static/.
      const files = [...html.matchAll(/(?:href|src)="(\/static\/[^"]+)"/g)].map((m) => m[1]);
      await cache.put(OFFLINE_URL, response);
      await cache.addAll([...new Set(files)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // the network's, untouched
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_URL)) || Response.error()),
    );
    return;
  }
  // While offline, the offline page's own files come from the cache; online, from the network.
  const url = new URL(request.url);
  if (!self.navigator.onLine && url.origin === self.location.origin && url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});
