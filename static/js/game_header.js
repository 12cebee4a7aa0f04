// The game page's header: the game's name, rated or casual, whether it started from a position
// set up rather than the game's start, its control, and each player's
// rating in the game's category (the page data's, "?" while provisional). Pure.
import { gettext, ngettext } from "./i18n.js";

/**
 * Returns the game's header: {name, kind ("Rated" or "Casual"), position ("From a position",
 * or null from the game's usual start), control ("3+2 · blitz"), ratings: {white, black}
 * ("1512?" or null)}.
 */
export function gameHeader(page) {
  const s = page.state;
  const online = s.mode === "online";
  return {
    name: page.variant ? page.variant.name : "Chesskers",
    kind: online ? (s.rated ? gettext("Rated") : gettext("Casual")) : null,
    position: fromPosition(s, page.variant) ? gettext("From a position") : null,
    control: controlText(s.clock, s.speed),
    ratings: online && page.ratings ? page.ratings : { white: null, black: null },
  };
}

// Whether the game started elsewhere than its game's usual start (a challenge, a bot or a
// pass-and-play game from a FEN).
function fromPosition(state, variant) {
  return Boolean(variant && variant.start_fen && state.initial_fen
    && state.initial_fen !== variant.start_fen);
}

const QUARTERS = { 0: "", 15: "¼", 30: "½", 45: "¾" };

// The speeds' names (the state's `speed`), as the control line writes them.
const SPEEDS = {
  ultrabullet: () => gettext("ultrabullet"),
  bullet: () => gettext("bullet"),
  blitz: () => gettext("blitz"),
  rapid: () => gettext("rapid"),
  classical: () => gettext("classical"),
  correspondence: () => gettext("correspondence"),
  unlimited: () => gettext("unlimited"),
};

/** Returns a speed's name ("blitz") in the page's language; an unknown one as it is. */
export function speedName(speed) {
  return SPEEDS[speed] ? SPEEDS[speed]() : speed;
}

/** Returns a game's control as players write it: "3+2 · blitz", "¼+0 · ultrabullet", "3 days
 * · correspondence", or "Unlimited". */
export function controlText(clock, speed) {
  if (!clock) return gettext("Unlimited");
  if (clock.days) return ngettext("%(n)s day · correspondence", "%(n)s days · correspondence", clock.days);
  const whole = Math.floor(clock.initial / 60);
  const rest = clock.initial % 60;
  const minutes = rest in QUARTERS
    ? `${whole || ""}${QUARTERS[rest]}` || "0"
    : String(Math.round((clock.initial / 60) * 100) / 100);
  return `${minutes}+${clock.increment} · ${speedName(speed)}`;
}
