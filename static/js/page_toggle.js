// A game page's mode the viewer turns on and off (zen, blindfold): a class on <body>, a button
// whose aria-pressed follows it, an optional key, and the choice kept by this browser for the
// next games. A key typed in a box or on the board stays the box's or the board's.

/** Wires the mode `bodyClass`: `button` toggles it, so does `key` if given; the choice is kept
 * under `storageKey`. */
export function wireToggle({ storageKey, bodyClass, button, key = null }) {
  function stored() {
    try {
      return window.localStorage.getItem(storageKey) === "on";
    } catch {
      return false; // storage refused (a private window's policy): off, not remembered
    }
  }

  function show(on) {
    document.body.classList.toggle(bodyClass, on);
    button.setAttribute("aria-pressed", String(on));
  }

  function toggle() {
    const on = !document.body.classList.contains(bodyClass);
    show(on);
    try {
      window.localStorage.setItem(storageKey, on ? "on" : "off");
    } catch {
      // not remembered: this page still follows the choice
    }
  }

  show(stored());
  button.addEventListener("click", toggle);
  if (!key) return;
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, .cb-board, .cb-promo")) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.key !== key) return;
    event.preventDefault();
    toggle();
  });
}
