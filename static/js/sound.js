// The game page's sounds, made with the Web Audio API (no sound files to fetch): a soft tap for
// a move, a knock for each piece a move takes (a chain or a sweep knocks once per piece, so you
// hear how many went), and a two-note chime when the game ends. On unless the viewer turns them
// off; the choice is kept in this browser (localStorage).
//
// Browsers let a page make sound only once the viewer has touched the site: the audio context
// is made as the page loads (Chromium lets it run at once when the viewer came by a link of this
// site) and woken at the first tap or key press otherwise; a move that arrives before that is
// silent.

const KEY = "chesskers-sound";
const MOST_KNOCKS = 6; // a longer chain still knocks six times, not one per piece

let context = null;

function storedOn() {
  try {
    return window.localStorage.getItem(KEY) !== "off";
  } catch {
    return true; // storage refused (a private window's policy): sounds on, not remembered
  }
}

let on = storedOn();

function ensureContext() {
  if (!context) {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (Audio) context = new Audio();
  }
  return context;
}

function wake() {
  if (on && ensureContext() && context.state === "suspended") context.resume().catch(() => {});
}

if (on) ensureContext();
for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, wake, { capture: true, passive: true });
}

/** One tone: `frequency` Hz of `wave`, starting `delay` s from now, fading over `length` s. */
function tone(frequency, { wave = "sine", delay = 0, length = 0.08, volume = 0.25 } = {}) {
  const start = context.currentTime + delay;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.02);
}

const SOUNDS = {
  move: () => tone(620, { wave: "triangle", length: 0.07 }),
  check: () => {
    tone(620, { wave: "triangle", length: 0.07 });
    tone(930, { wave: "triangle", delay: 0.06, length: 0.09, volume: 0.18 });
  },
  capture: (count) => {
    const knocks = Math.max(1, Math.min(count, MOST_KNOCKS));
    for (let i = 0; i < knocks; i += 1) {
      tone(180 + 25 * i, { wave: "square", delay: 0.07 * i, length: 0.09, volume: 0.12 });
    }
  },
  lowtime: () => tone(880, { wave: "sine", length: 0.12, volume: 0.15 }),
  end: () => {
    // after the last move's own sound
    tone(523, { delay: 0.25, length: 0.22, volume: 0.2 });
    tone(784, { delay: 0.41, length: 0.35, volume: 0.2 });
  },
};

/** Plays a sound by name ("move", "check", "capture" of `count` pieces, "lowtime", "end"). */
export function playSound(name, count = 0) {
  if (!on || !context || context.state !== "running") return;
  SOUNDS[name](count);
}

/** The sound of a move from the state's move list. */
export function moveSound(move) {
  if (!move) return;
  const captured = (move.captured || []).length;
  if (captured) playSound("capture", captured);
  else if (/[+#]$/.test(move.text)) playSound("check");
  else playSound("move");
}

export function soundOn() {
  return on;
}

/** Turns sounds on or off here and in this browser's later visits. */
export function setSound(value) {
  on = Boolean(value);
  try {
    window.localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // not remembered: this page still follows the choice
  }
  if (on) wake();
}
