// Controls that come into view where a finger may already be on its way: the game page's action
// buttons (an action become available in the room kept for it; Rematch and New opponent where
// the live actions were when a game ends). One that comes takes no tap for a moment: a tap whose
// pointer came down before it came, or within SETTLE_MS of it, does nothing, so that a quick
// tap meant for what was there (a resignation confirmed, a draw offered as the opponent's mate
// lands) offers no rematch. Meanwhile it says so: aria-disabled (what a screen reader and a test
// waiting to click read) and .is-arriving (board.css: it fades in). A key is never held back:
// the control that had the focus went, leaving it on none of them.
export const SETTLE_MS = 500;

/** Returns whether a tap whose pointer came down at `downAt` is for a control that came into
 * view at `cameAt` (null: it was there from the page's first drawing). */
export function takesTap(cameAt, downAt, settleMs = SETTLE_MS) {
  return cameAt === null || downAt >= cameAt + settleMs;
}

/**
 * Watches the controls in `container`: each drawing tells show(control, shown) whether it
 * shows `control`; one shown that the drawing before did not show has just come. `now` and
 * `later` are the clock and the timer (tests give their own). Returns {show}.
 */
export function createArrivals(container, {
  settleMs = SETTLE_MS, now = () => performance.now(), later = setTimeout,
} = {}) {
  const shown = new WeakMap(); // control → whether the last drawing showed it
  const came = new WeakMap(); // control → when it last came into view
  let downAt = -Infinity; // when a pointer last came down in the container

  function settled(control) {
    control.removeAttribute("aria-disabled");
    control.classList.remove("is-arriving");
  }

  container.addEventListener("pointerdown", () => {
    downAt = now();
  }, true);
  // Before any control's own listener: a tap a control is not to take goes nowhere.
  container.addEventListener("click", (event) => {
    if (event.detail === 0) return; // a key (Enter, Space), not a pointer
    const control = event.target.closest ? event.target.closest("a, button") : null;
    if (!control || !came.has(control) || takesTap(came.get(control), downAt, settleMs)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  return {
    /** Tells whether the drawing being made shows `control`. */
    show(control, showing) {
      const before = shown.get(control);
      shown.set(control, showing);
      if (!showing) {
        settled(control);
        return;
      }
      if (before !== false) return; // shown before, or the page's first drawing
      const at = now();
      came.set(control, at);
      control.setAttribute("aria-disabled", "true");
      control.classList.add("is-arriving");
      later(() => {
        if (came.get(control) === at && shown.get(control)) settled(control);
      }, settleMs);
    },
  };
}
