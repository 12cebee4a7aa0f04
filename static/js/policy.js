// The site's timing policy, as the server gives it in every page ("site-policy", base.html):
// how often a socket pings, how long a connection counts as present. Defined once, on the
// server (games/domain/policy.py); read on first use, so modules that import this one load without a
// page (the unit tests).

let policy = null;

/** Returns the page's policy: {ping_every_ms, stale_after_ms, abandon_after_ms}. */
export function sitePolicy() {
  if (policy === null) {
    policy = JSON.parse(document.getElementById("site-policy").textContent);
  }
  return policy;
}
