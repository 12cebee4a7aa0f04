// The clocks beside the players. The server is the only timekeeper: every state carries each
// side's time left as of when it was sent and which clock runs. Between states the running one
// counts down here from the moment the state arrived (durations on this browser's monotonic
// clock, so a browser whose wall clock is off shows the same), tenths under 10 s; a side's
// clock runs only when the server says it does, never on the other side's turn.
import { formatDate, gettext } from "./i18n.js";
import { playSound } from "./sound.js";

const LOW_MS = 10_000; // below this a real-time clock warns
const DAY_MS = 86_400_000;

function pad(n) {
  return String(n).padStart(2, "0");
}

/** The time left as a clock shows it: 1:02:03, 4:05, 0:09.3, or 2d 5h for correspondence. */
export function clockText(ms, correspondence = false) {
  if (correspondence && ms >= 60 * 60 * 1000) {
    const days = Math.floor(ms / DAY_MS);
    const hours = Math.floor((ms % DAY_MS) / 3_600_000);
    const minutes = Math.floor((ms % 3_600_000) / 60_000);
    // Translators: a correspondence clock's time left, in days and hours ("2d 5h").
    if (days) return gettext("%(days)sd %(hours)sh", { days, hours });
    // Translators: a correspondence clock's time left, in hours and minutes ("5h 12m").
    return gettext("%(hours)sh %(minutes)sm", { hours, minutes });
  }
  if (ms < 10_000) {
    const tenths = Math.floor(ms / 100);
    return `0:${pad(Math.floor(tenths / 10))}.${tenths % 10}`;
  }
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(seconds % 60)}` : `${m}:${pad(seconds % 60)}`;
}

export function createClocks() {
  let base = null; // the state's clock, the time it arrived (performance.now()) and its status
  let ticking = null;
  const warned = new Set();

  function left(color) {
    if (!base) return 0;
    const ms = base.clock[color];
    return base.clock.running === color ? Math.max(0, ms - (performance.now() - base.at)) : ms;
  }

  function draw() {
    if (!base) return;
    const correspondence = base.clock.days !== null;
    const low = LOW_MS;
    for (const color of ["white", "black"]) {
      const el = document.querySelector(`[data-clock="${color}"]`);
      if (!el) continue;
      const ms = left(color);
      const running = base.clock.running === color;
      el.querySelector(".clock-time").textContent = clockText(ms, correspondence);
      el.classList.toggle("is-running", running);
      el.classList.toggle("is-low", !correspondence && ms < low && base.status === "live");
      el.classList.toggle("is-flagged", ms === 0 && base.termination === "timeout");
      if (running && !correspondence && ms < low && !warned.has(color)) {
        warned.add(color);
        if (base.mine === color) playSound("lowtime");
      }
    }
  }

  function mountIn(bar, color) {
    const el = document.createElement("span");
    el.className = "clock";
    el.dataset.clock = color;
    el.dataset.testid = `clock-${color}`;
    el.setAttribute("role", "timer");
    el.setAttribute("aria-label", color === "white" ? gettext("White's clock") : gettext("Black's clock"));
    const time = document.createElement("span");
    time.className = "clock-time";
    el.append(time);
    if (base.clock.running === color && base.clock.deadline) {
      const deadline = document.createElement("span");
      deadline.className = "clock-deadline";
      deadline.dataset.testid = `deadline-${color}`;
      // Translators: the deadline of a correspondence move, under its clock.
      deadline.textContent = gettext("by %(date)s", { date: formatDate(base.clock.deadline) });
      el.append(deadline);
    }
    bar.append(el);
  }

  /** Shows a state's clocks in the player bars (`[data-bar]` with `data-color`), for the
   * viewer playing `mine` (or null). Called whenever the bars are drawn again. */
  function show(state, mine) {
    clearInterval(ticking);
    ticking = null;
    if (!state.clock) {
      base = null;
      return;
    }
    const fresh = !base || base.clock !== state.clock;
    if (fresh) base = { clock: state.clock, at: performance.now() };
    Object.assign(base, { status: state.status, termination: state.termination, mine });
    for (const bar of document.querySelectorAll("[data-bar]")) mountIn(bar, bar.dataset.color);
    draw();
    if (state.status === "live" && state.clock.running) ticking = setInterval(draw, 100);
  }

  return { show, left };
}
