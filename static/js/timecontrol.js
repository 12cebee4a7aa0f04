// Time controls in the lobby and the profile's challenge form: the custom form's clock, the
// quick pairing buttons' clocks, and how a seek's control reads. The server checks every figure (the API refuses one out of range).

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
