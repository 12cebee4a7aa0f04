// The pages' appearance (accounts/appearance.py): the theme, the board's colours and its
// coordinates, shown on <html> as data-theme, data-board and data-coordinates, which the
// stylesheets read. The footer's switch (templates/_appearance.html) changes them at once,
// remembers them in cookies (so the server paints the next page in them, without a flash) and,
// signed in, in the account's settings. The settings page's own fields preview a change before
// it is saved. This module also registers the service worker (static/js/sw.js).

import { gettext } from "./i18n.js";

export const COOKIES = { theme: "theme", board_theme: "board_theme", coordinates: "coordinates" };
const COOKIE_AGE = 365 * 24 * 3600;
const DEFAULTS = { theme: "system", board_theme: "brown", coordinates: "on" };
const ATTRIBUTES = { theme: "theme", board_theme: "board", coordinates: "coordinates" };
// The browser's bar above the page, as the server writes it (accounts/appearance.py).
export const THEME_COLOURS = { light: "#ffffff", dark: "#24221f" };

/** Returns the cookie that remembers one choice ("coordinates" is "on" or "off"). */
export function cookieFor(name, value) {
  return `${COOKIES[name]}=${encodeURIComponent(value)}; path=/; max-age=${COOKIE_AGE}; samesite=lax`;
}

/** Returns [media, colour] for each <meta name="theme-color"> a theme wants. */
export function themeColours(theme) {
  if (theme in THEME_COLOURS) return [["", THEME_COLOURS[theme]]];
  return Object.entries(THEME_COLOURS).map(([name, colour]) => [`(prefers-color-scheme: ${name})`, colour]);
}

/** Returns the API's value for a choice: coordinates are true or false there. */
export function apiValue(name, value) {
  return name === "coordinates" ? value === "on" : value;
}

/** Saves one choice to the account's settings; kept alive if the page is left meanwhile. */
async function saveToAccount(name, value) {
  const response = await fetch("/api/account/settings/", {
    method: "PATCH",
    credentials: "same-origin",
    keepalive: true,
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-CSRFToken": readCookie("csrftoken") || "",
    },
    body: JSON.stringify({ [name]: apiValue(name, value) }),
  });
  if (!response.ok) throw new Error(`The server answered ${response.status}.`);
}

function readCookie(name) {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : null;
}

function current(name) {
  return document.documentElement.dataset[ATTRIBUTES[name]];
}

/** Shows a choice on the page at once. */
function apply(name, value) {
  document.documentElement.dataset[ATTRIBUTES[name]] = value;
  if (name === "theme") {
    document.querySelectorAll("meta[data-theme-color]").forEach((meta) => meta.remove());
    for (const [media, colour] of themeColours(value)) {
      const meta = document.createElement("meta");
      meta.name = "theme-color";
      meta.content = colour;
      if (media) meta.media = media;
      meta.dataset.themeColor = "";
      document.head.append(meta);
    }
  }
}

/** Shows a choice, remembers it in this browser and, signed in, in the account. */
async function choose(form, name, value) {
  apply(name, value);
  document.cookie = cookieFor(name, value);
  const status = form.querySelector(".appearance-status");
  if (form.dataset.account !== "yes") return;
  form.dataset.state = "saving"; // then "saved" or "failed": the account's copy
  try {
    await saveToAccount(name, value);
    form.dataset.state = "saved";
    if (status) status.textContent = "";
  } catch {
    form.dataset.state = "failed";
    if (status) {
      status.textContent = gettext("Kept in this browser only: your account could not be reached.");
    }
  }
}

function start() {
  // What the server painted (the account's choice when signed in) is what this browser keeps.
  // (No cookie is written for a visitor who has chosen nothing.)
  for (const name of Object.keys(COOKIES)) {
    const value = current(name);
    const kept = readCookie(COOKIES[name]);
    if (!value || kept === value || (kept === null && value === DEFAULTS[name])) continue;
    document.cookie = cookieFor(name, value);
  }
  const form = document.querySelector("form.appearance");
  if (form) {
    form.querySelector(".appearance-apply")?.setAttribute("hidden", "");
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("change", (event) => {
      const field = event.target;
      if (field.name in COOKIES) choose(form, field.name, field.value);
    });
    form.dataset.ready = "yes"; // changes now apply at once (before, the form posts them)
  }
  // The settings page: its fields preview the change; saving the form keeps it.
  const settings = document.querySelector('[data-testid="preferences-form"]');
  settings?.addEventListener("change", (event) => {
    const field = event.target;
    if (!(field.name in COOKIES)) return;
    const value = field.type === "checkbox" ? (field.checked ? "on" : "off") : field.value;
    apply(field.name, value);
  });
}

function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // No worker, no offline page: the site works as before.
  });
}

if (typeof document !== "undefined") {
  start();
  if (document.readyState === "complete") registerWorker();
  else window.addEventListener("load", registerWorker, { once: true });
}
