// Time controls in the lobby and the profile's challenge form: the custom form's clock, the
// quick pairing buttons' clocks, and how a seek's control reads. The server checks every figure (the API refuses one out of range).

import { ngettext, pgettext } from "./i18n.js";

/** Returns a speed category (the API's `speed`: "blitz", "correspondence") in words, in the
 * page's language; an unknown one as it is. */
export function speedLabel(speed) {
  const labels = {
    ultrabullet: () => pgettext("speed", "ultrabullet"),
    bullet: () => pgettext("speed", "bullet"),
    blitz: () => pgettext("speed", "blitz"),
    rapid: () => pgettext("speed", "rapid"),
    classical: () => pgettext("speed", "classical"),
    correspondence: () => pgettext("speed", "correspondence"),
    unlimited: () => pgettext("speed", "unlimited"),
  };
  return Object.hasOwn(labels, speed) ? labels[speed]() : speed;
}

/** Returns a control as the server labels it (the API's `control`: "3+2", "3 days",
 * "unlimited") in the page's language: the figures stay, the words are translated. */
export function controlLabel(control) {
  if (control === "unlimited") return pgettext("time control", "unlimited");
  const days = /^(\d+) days?$/.exec(control || "");
  if (days) return ngettext("%(n)s day", "%(n)s days", Number(days[1]));
  return control;
}

// The clock the custom form describes, as the API takes it (null: unlimited).
export function formClock() {
  const kind = document.getElementById("clock-kind")?.value ?? "unlimited";
  if (kind === "unlimited") return null;
  if (kind === "correspondence") return { days: Number(document.getElementById("clock-days").value) };
  const minutes = Number(document.getElementById("clock-minutes").value);
  return {
    initial: Math.round(minutes * 60),
    increment: Number(document.getElementById("clock-increment").value),
  };
}

// The clock of a quick pairing button (its data-initial, data-increment, data-days).
export function buttonClock(button) {
  const { initial, increment, days } = button.dataset;
  if (days) return { days: Number(days) };
  return { initial: Number(initial), increment: Number(increment) };
}

// Shows the custom form's fields for the kind chosen.
export function wireClockForm() {
  const kind = document.getElementById("clock-kind");
  if (!kind) return;
  const show = () => {
    for (const part of document.querySelectorAll("[data-clock-part]"))
      part.hidden = part.dataset.clockPart !== kind.value;
  };
  kind.addEventListener("change", show);
  show();
}
