// The game page's and the board's words in another language: with a catalogue installed as
// Django's /jsi18n/ installs it (globalThis.django), what the modules write comes out of it —
// a move announced, a notice, the banner, the plural of a count by the catalogue's own rule.
// Each check fails if its string were written without i18n.js.
import { test } from "node:test";
import assert from "node:assert/strict";

// Russian's three plural forms, as Django's catalogue computes them.
const pluralidx = (n) => (n % 10 === 1 && n % 100 !== 11 ? 0
  : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);

const CATALOGUE = {
  "White played %(move)s.": "Белые сыграли %(move)s.",
  "Black played %(move)s.": "Чёрные сыграли %(move)s.",
  "Black declined the draw offer.": "Чёрные отклонили ничью.",
  "White wins by checkmate": "Белые победили матом",
  "Black wins — White resigned": "Чёрные победили — белые сдались",
  "Your move.": "Ваш ход.",
  "%(name)s (you)": "%(name)s (вы)",
  "Bot (level %(level)s)": "Бот (уровень %(level)s)",
  "%(n)s watching": ["%(n)s зритель", "%(n)s зрителя", "%(n)s зрителей"],
  "%(n)s day · correspondence": ["%(n)s день · по переписке", "%(n)s дня · по переписке",
    "%(n)s дней · по переписке"],
  blitz: "блиц",
  "A chat line has at most %(n)s character.": ["Не больше %(n)s символа.",
    "Не больше %(n)s символов.", "Не больше %(n)s символов."],
  "%(piece)s on %(square)s: %(marks)s.": "%(piece)s на %(square)s: %(marks)s.",
  "move (dot)": "ход (точка)",
  piece: "фигура",
  "tap %(undo)s to undo the jump.": "нажмите %(undo)s, чтобы отменить прыжок.",
  "Premove: %(move)s (played when your turn comes)": "Предход: %(move)s (будет сыгран в ваш ход)",
};

globalThis.django = {
  gettext: (msgid) => {
    const found = CATALOGUE[msgid];
    if (found === undefined) return msgid;
    return Array.isArray(found) ? found[0] : found;
  },
  ngettext: (singular, plural, n) => {
    const found = CATALOGUE[singular];
    if (found === undefined) return n === 1 ? singular : plural;
    return Array.isArray(found) ? found[pluralidx(n)] : found;
  },
  pgettext: (context, msgid) => globalThis.django.gettext(`${context}\x04${msgid}`),
};

const { announcement, hint, premoveText, spectatorsText } = await import(
  "../../static/js/game_model.js"
);
const { bannerHeadline, playerLabel, selectionText, turnText } = await import(
  "../../static/js/game_words.js"
);
const { drawDeclinedText } = await import("../../static/js/offers.js");
const { controlText } = await import("../../static/js/game_header.js");
const { checkLine, createChat } = await import("../../static/js/chat_model.js");

const CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const online = (spectators) => ({ state: { mode: "online", spectators } });

test("a move just played is announced in the page's language, each side its own sentence", () => {
  assert.equal(announcement(CHESS, { ply: 0, text: "e4" }), "Белые сыграли e4.");
  assert.equal(announcement(CHESS, { ply: 1, text: "e5" }), "Чёрные сыграли e5.");
});

test("the notices, the banner and the hint come from the catalogue", () => {
  assert.equal(drawDeclinedText("black", null), "Чёрные отклонили ничью.");
  assert.equal(bannerHeadline({ status: "finished", result: "1-0", termination: "checkmate" }),
    "Белые победили матом");
  assert.equal(bannerHeadline({ status: "finished", result: "0-1", termination: "resignation" }),
    "Чёрные победили — белые сдались");
  const viewer = { username: "alice", color: "white", both_sides: false };
  assert.equal(turnText({ status: "live", mode: "online", turn: "white" }, viewer, true),
    "Ваш ход.");
  assert.equal(playerLabel({ mode: "online", white: "alice" }, viewer, "white"), "alice (вы)");
  assert.equal(playerLabel({ mode: "bot", white: "alice", black: "Bot (level 2)", bot_level: 2 },
    viewer, "black"), "Бот (уровень 2)");
  // A sentence the catalogue lacks stays English.
  assert.equal(drawDeclinedText("white", null), "White declined the draw offer.");
});

test("the hint's pieces are translated and the sentence starts with a capital", () => {
  assert.equal(selectionText("", "c3", new Set(["quiet"])), "Фигура на c3: ход (точка).");
  const page = {
    state: { status: "live", mode: "online", turn: "white" }, viewing: null, sent: null,
    viewer: { username: "alice", color: "white", both_sides: false }, variant: null,
  };
  const chain = { inChain: true, targets: [], canStop: false, at: "c4", undoSquare: "a4" };
  assert.deepEqual(hint(page, { promoting: false, view: chain }),
    { chain: "нажмите a4, чтобы отменить прыжок. " });
  assert.equal(premoveText("e2-e4", null, () => ""), "Предход: e2-e4 (будет сыгран в ваш ход) ");
});

test("counts take the catalogue's plural form for their number", () => {
  assert.equal(spectatorsText(online(1)), "1 зритель");
  assert.equal(spectatorsText(online(3)), "3 зрителя");
  assert.equal(spectatorsText(online(5)), "5 зрителей");
  assert.equal(spectatorsText(online(21)), "21 зритель");
  assert.equal(spectatorsText(online(11)), "11 зрителей");
  assert.equal(controlText({ days: 2 }, "correspondence"), "2 дня · по переписке");
  assert.equal(controlText({ days: 7 }, "correspondence"), "7 дней · по переписке");
  assert.equal(controlText({ initial: 180, increment: 2 }, "blitz"), "3+2 · блиц");
  const chat = createChat({ on: true, can_write: true, max_chars: 3 });
  assert.equal(checkLine(chat, "hello").error, "Не больше 3 символов.");
});
