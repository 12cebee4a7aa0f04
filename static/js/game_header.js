// The game page's header: the game's name, rated or casual, its control, and each player's
// rating in the game's category (the page data's, "?" while provisional). Pure.

/**
 * Returns the game's header: {name, kind ("Rated" or "Casual"), control ("3+2 · blitz"),
 * ratings: {white, black} ("1512?" or null)}.
 */
export function gameHeader(page) {
  const s = page.state;
  const online = s.mode === "online";
  return {
    name: page.variant ? page.variant.name : "Chesskers",
    kind: online ? (s.rated ? "Rated" : "Casual") : null,
    control: controlText(s.clock, s.speed),
    ratings: online && page.ratings ? page.ratings : { white: null, black: null },
  };
}

const QUARTERS = { 0: "", 15: "¼", 30: "½", 45: "¾" };

/** Returns a game's control as players write it: "3+2 · blitz", "¼+0 · ultrabullet", "3 days
 * · correspondence", or "Unlimited". */
export function controlText(clock, speed) {
  if (!clock) return "Unlimited";
  if (clock.days) return `${clock.days} day${clock.days === 1 ? "" : "s"} · correspondence`;
  const whole = Math.floor(clock.initial / 60);
  const rest = clock.initial % 60;
  const minutes = rest in QUARTERS
    ? `${whole || ""}${QUARTERS[rest]}` || "0"
    : String(Math.round((clock.initial / 60) * 100) / 100);
  return `${minutes}+${clock.increment} · ${speed}`;
}
