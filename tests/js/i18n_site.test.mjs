// The site's pages away from the game speak the page's language (static/js/i18n.js): the lobby's
// and the notices' challenges, the watch page and the TV, the tournament page, the rules pages'
// boards, the pieces' names and the time controls. A fake Django catalogue stands in for
// /jsi18n/: a few real Russian entries (to check placeholders and the Russian plural rule) and,
// for every other message, a pseudo-translation that writes its letters full-width. A string
// that bypassed gettext/ngettext/pgettext would come out in plain ASCII English, and the checks
// below would see it. The last test reads the DOM-wiring modules' sources for English written
// into the page without going through the catalogue.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  challengeText, colorLabel, declinedText, followingText, outgoingText, ratedLabel, withLink,
  yourTurnText,
} from "../../static/js/api.js";
import { controlLabel, speedLabel } from "../../static/js/timecontrol.js";
import * as tournament from "../../static/js/tournament_model.js";
import { pieceKindName, pieceName, promotionName } from "../../static/js/variant.js";
import {
  boardLabel, controlText, movesText, noGamesText, playerText, tvName, tvStatusText, tvWaitingText,
  watchingText,
} from "../../static/js/watch_model.js";

// Russian: one, few, many (the Plural-Forms of the ru catalogue).
const ruPlural = (n) => (n % 10 === 1 && n % 100 !== 11 ? 0
  : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2);

// Every ASCII letter outside a %(name)s placeholder, written full-width ("Join" -> "Ｊｏｉｎ").
const pseudo = (text) => text.replace(/%\([a-z_]+\)s|[A-Za-z]/g,
  (found) => (found.length > 1 ? found : String.fromCodePoint(found.codePointAt(0) + 0xfee0)));

const RU = new Map([
  ["%(n)s move", ["%(n)s ход", "%(n)s хода", "%(n)s ходов"]],
  ["%(n)s watching", ["%(n)s зритель", "%(n)s зрителя", "%(n)s зрителей"]],
  ["%(n)s day", ["%(n)s день", "%(n)s дня", "%(n)s дней"]],
  ["Arena · %(n)s minute", ["Арена · %(n)s минута", "Арена · %(n)s минуты", "Арена · %(n)s минут"]],
  ["You played %(move)s, taking %(n)s piece.", [
    "Вы сыграли %(move)s, взяв %(n)s фигуру.", "Вы сыграли %(move)s, взяв %(n)s фигуры.",
    "Вы сыграли %(move)s, взяв %(n)s фигур."]],
  ["%(challenger)s challenges you (%(details)s)", "%(challenger)s вызывает вас (%(details)s)"],
  ["Over: %(score)s · %(result)s", "Конец: %(score)s · %(result)s"],
  ["Round %(round)s of %(rounds)s", "Тур %(round)s из %(rounds)s"],
  ["%(user)s started a game: %(white)s – %(black)s. %(link)s",
    "%(user)s начал партию: %(white)s – %(black)s. %(link)s"],
  ["piece\u0004white rook", "белая ладья"],
  ["piece\u0004black rook", "чёрная ладья"],
  ["chess piece\u0004white king", "белый король"],
  ["draughts piece\u0004white king", "белая дамка"],
  ["draughts piece\u0004king", "дамка"],
  ["piece\u0004queen", "ферзь"],
  ["speed\u0004blitz", "блиц"],
  ["game\u0004rated", "рейтинговая"],
  ["tournament\u0004rated", "рейтинговый"],
  ["they play White", "соперник играет белыми"],
]);

globalThis.django = {
  gettext: (msgid) => RU.get(msgid) ?? pseudo(msgid),
  ngettext: (singular, plural, n) => {
    const forms = RU.get(singular);
    return forms ? forms[ruPlural(n)] : pseudo(n === 1 ? singular : plural);
  },
  pgettext: (context, msgid) => RU.get(`${context}\u0004${msgid}`) ?? pseudo(msgid),
};
// The page's language, for numbers; and the rules page's data, for rules.js to load.
globalThis.document = {
  documentElement: { lang: "ru" },
  getElementById: () => ({ textContent: JSON.stringify({ boards: [] }) }),
};

const W = (text) => pseudo(text); // what the catalogue makes of an untranslated message

/** Fails when `text` has English left in it: two ASCII letters in a row (the values put in
 * below are Cyrillic, figures or notation; a %(link)s stays for withLink to fill). */
function assertTranslated(text) {
  assert.doesNotMatch(text.replaceAll("%(link)s", ""), /[A-Za-z]{2,}/,
    `English left in ${JSON.stringify(text)}`);
}

test("ngettext follows the catalogue's plural rule, with the number in the page's form", () => {
  const moves = [2, 4, 10, 42, 44, 24].map(movesText);
  assert.deepEqual(moves, ["1 ход", "2 хода", "5 ходов", "21 ход", "22 хода", "12 ходов"]);
  assert.equal(movesText(0), W("No move yet"));
  assert.equal(watchingText(1), "1 зритель");
  assert.equal(watchingText(1500), `${new Intl.NumberFormat("ru").format(1500)} зрителей`);
  assert.equal(controlLabel("3 days"), "3 дня");
  assert.equal(controlLabel("11 days"), "11 дней");
  assert.equal(controlLabel("1 day"), "1 день");
  assert.equal(controlLabel("3+2"), "3+2");
  assert.equal(controlLabel("unlimited"), W("unlimited"));
  assert.equal(tournament.kindText({ system: "arena", minutes: 45, berserk: false, control: "3+2",
    rated: true, variant_name: "Шашки" }), "Шашки · Арена · 45 минут · 3+2 · рейтинговый");
});

test("challenges and the notices are worded in the page's language", () => {
  const challenge = { challenger: "Алиса", color: "white", rated: true, variant: "russian",
    variant_name: "Russian Checkers", control: "5+3" };
  // The page's own name for the game comes first: it is in the page's language.
  assert.equal(challengeText(challenge, { russian: "Русские шашки" }),
    "Алиса вызывает вас (Русские шашки, 5+3, рейтинговая, соперник играет белыми)");
  const rematch = challengeText({ ...challenge, rematch_of: "g1", color: "random", rated: false,
    control: "2 days" }, { russian: "Русские шашки" });
  assert.equal(rematch, W("%(challenger)s challenges you to a rematch (%(details)s)")
    .replace("%(challenger)s", "Алиса")
    .replace("%(details)s", `Русские шашки, 2 дня, ${W("casual")}, ${W("they play Random")}`));
  const outgoing = outgoingText({ to: "Борис", rated: true, variant: "russian", control: "unlimited" },
    { russian: "Русские шашки" });
  assertTranslated(outgoing);
  assert.match(outgoing, /Борис.*Русские шашки.*рейтинговая/);
  for (const text of [declinedText({ to: "Борис" }), yourTurnText("Борис"), yourTurnText(null),
    colorLabel("white"), colorLabel("black"), colorLabel("random"), ratedLabel(false)]) {
    assertTranslated(text);
  }
  assert.match(declinedText({ to: "Борис" }), /Борис/);
  const following = followingText({ user: "Вера", white: "Алиса", black: "Борис", game: "g2" });
  assert.equal(following, "Вера начал партию: Алиса – Борис. %(link)s");
  assert.deepEqual(withLink(following, "[ссылка]"),
    ["Вера начал партию: Алиса – Борис. ", "[ссылка]", ""]);
  assertTranslated(withLink(W("Invite link: %(link)s"), "→").join(""));
});

test("the time controls and speeds are named in the page's language", () => {
  assert.equal(speedLabel("blitz"), "блиц");
  for (const speed of ["ultrabullet", "bullet", "rapid", "classical", "correspondence", "unlimited"]) {
    assert.equal(speedLabel(speed), W(speed));
  }
  assert.equal(speedLabel("not-a-speed"), "not-a-speed"); // a machine value it does not know
});

test("the watch page and the TV speak the page's language", () => {
  // A rating is written as players write it, without grouping.
  assert.equal(playerText("Алиса", { rating: 1623, provisional: true }), "Алиса 1623?");
  const game = { control: "3+2", speed: "blitz", rated: true };
  assert.equal(controlText(game), "3+2 · блиц · рейтинговая");
  assertTranslated(controlText({ control: "4 days", speed: "correspondence", rated: false }));
  assertTranslated(controlText({ control: "unlimited", speed: "unlimited", rated: false }));
  for (const text of [boardLabel("Шашки", "Алиса", "Борис"), noGamesText(true), noGamesText(false),
    tvName("Шашки"), tvWaitingText("Шашки"),
    tvStatusText({ status: "live", ply: 3, turn: "white" }),
    tvStatusText({ status: "live", ply: 4, turn: "black" })]) {
    assertTranslated(text);
  }
  assert.match(tvStatusText({ status: "live", ply: 3, turn: "white" }), /^2 хода /);
  assert.match(tvStatusText({ status: "finished", result: "1-0", termination: "checkmate" }),
    /^Конец: 1-0 · /);
});

test("the tournament page speaks the page's language", () => {
  const t = {
    system: "swiss", rounds: 7, round: 3, minutes: null, control: "3 days", rated: false,
    berserk: false, variant_name: "Шашки", status: "started",
    starts_at: "2030-01-01T18:00:00Z", ends_at: null, standings: [], me: null,
  };
  assert.equal(tournament.statusText(t, Date.parse("2030-01-01T18:30:00Z")), "Тур 3 из 7");
  const arena = { ...t, system: "arena", minutes: 60, berserk: true, rated: true,
    ends_at: "2030-01-01T19:00:00Z" };
  const now = Date.parse("2030-01-01T18:30:00Z");
  const texts = [
    tournament.kindText(t), tournament.kindText(arena, "Русские шашки"),
    tournament.statusText(arena, now), tournament.statusText({ ...arena, status: "created" }, now),
    tournament.statusText({ ...arena, status: "created" }, Date.parse("2030-01-01T17:00:00Z")),
    tournament.statusText({ ...arena, status: "finished" }, now),
    tournament.controls({ tournament: arena, viewer: "Алиса" }).joinText,
    tournament.controls({ tournament: { ...arena, me: { withdrawn: true } }, viewer: "Алиса" }).joinText,
    ...Object.values(tournament.tiebreakTitle(t)), ...Object.values(tournament.tiebreakTitle(arena)),
    tournament.standingName({ user: "Алиса", fire: true, withdrawn: true }),
    tournament.boardLabel({ white: "Алиса", black: "Борис" }),
    ...Object.values(tournament.ownGameWords()),
  ];
  for (const text of texts) assertTranslated(text);
  assert.match(tournament.kindText(arena, "Русские шашки"), /^Русские шашки · Арена · 60 минут · /);
  assert.match(tournament.kindText(t), /^Шашки · /);
  assert.match(tournament.ownGameWords().sentence, /%\(link\)s/);
  // An arena's scores are numbers in the page's form; a performance is a rating (not grouped).
  assert.equal(tournament.scoreText(arena, 1200), new Intl.NumberFormat("ru").format(1200));
  assert.equal(tournament.tiebreakText(arena, { tiebreak: 1850 }), "1850");
});

test("the pieces are named in the page's language, a chess king apart from a draughts king", async () => {
  const { CHESSKERS } = await import("../../static/js/variant.js");
  assert.equal(pieceName("wR"), "белая ладья");
  assert.equal(pieceName("bR"), "чёрная ладья");
  assert.equal(pieceName("wK"), "белый король");
  const draughts = { board: {}, pieces: { M: { name: "man", art: "chesskers/Man" },
    K: { name: "king", art: "chesskers/King" } } };
  assert.equal(pieceName("wK", draughts), "белая дамка");
  assert.equal(pieceKindName("bK", draughts), "дамка");
  assert.equal(promotionName("q"), "ферзь");
  assert.equal(promotionName("K", draughts), "дамка");
  for (const code of Object.keys(CHESSKERS.pieces).flatMap((letter) => [`w${letter}`, `b${letter}`])) {
    assertTranslated(pieceName(code));
  }
  const mix = JSON.parse(readFileSync(new URL("./fixtures/variants/game-mix.json", import.meta.url)));
  const hybrid = JSON.parse(readFileSync(
    new URL("./fixtures/variants/byelorussian-cheskers.json", import.meta.url)));
  const parachute = JSON.parse(readFileSync(new URL("./fixtures/variants/parachute.json", import.meta.url)));
  const cheskers = JSON.parse(readFileSync(new URL("./fixtures/variants/cheskers.json", import.meta.url)));
  for (const variant of [mix, hybrid, parachute, cheskers, draughts]) {
    for (const letter of Object.keys(variant.pieces)) {
      assertTranslated(pieceName(`w${letter}`, variant));
      assertTranslated(pieceName(`b${letter}`, variant));
      assertTranslated(pieceKindName(`w${letter}`, variant));
    }
  }
  assertTranslated(pieceName("wZ", draughts)); // a letter the game has no piece for
});

test("the rules pages' boards say what was played in the page's language", async () => {
  const { resultText } = await import("../../static/js/rules.js");
  const move = (text, captured) => ({ text, captured });
  assert.equal(resultText(move("14x23", ["a"])), "Вы сыграли 14x23, взяв 1 фигуру.");
  assert.equal(resultText(move("18x27x36", ["a", "b"])), "Вы сыграли 18x27x36, взяв 2 фигуры.");
  assert.equal(resultText(move("1x5", ["a", "b", "c", "d", "e"]), "Белые выиграли."),
    "Вы сыграли 1x5, взяв 5 фигур. Белые выиграли.");
  for (const text of [resultText(move("16-19", [])), resultText(move("Кh6#", [])),
    resultText(move("Кh6#", ["a", "b"]))]) {
    assertTranslated(text);
  }
});

// The modules that write into the page: no English between quotes outside a gettext call.
const PAGE_MODULES = [
  "api.js", "gallery.js", "invite.js", "lobby.js", "notify.js", "policy.js", "profile.js", "rules.js",
  "socket.js", "timecontrol.js", "tournament.js", "tournament_model.js", "tv.js", "variant.js",
  "watch.js", "watch_model.js", "wire.js",
];
// Literals that are not words for people: header names, the default game's proper name.
const NOT_WORDS = new Set(["Content-Type", "Accept", "X-CSRFToken", "Chesskers"]);

/** Returns the literals of `source` a person could read that no gettext call takes. */
function unmarkedWords(source) {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1")
    // The literal arguments of gettext("…"), ngettext("…", "…", n), pgettext("…", "…").
    .replace(/\b[np]?gettext\(\s*(?:"(?:[^"\\]|\\.)*"\s*,\s*)*"(?:[^"\\]|\\.)*"/g, "");
  const literals = [...code.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)]
    .flatMap((found) => (found[1] ?? found[2].replace(/\$\{[^}]*\}/g, "\n")).split("\n"));
  return literals.filter((text) => {
    const trimmed = text.trim();
    if (NOT_WORDS.has(trimmed)) return false;
    // A capitalised word ("Accept", "Over:") or two plain words in a row ("no result").
    return /^[A-Z][a-z]+\W*$/.test(trimmed) || /(?<![-\w])[A-Za-z][a-z]+(?: [a-z]+)+(?![-\w])/.test(trimmed);
  });
}

test("the pages' modules write no English into the page outside the catalogue", () => {
  for (const name of PAGE_MODULES) {
    const source = readFileSync(new URL(`../../static/js/${name}`, import.meta.url), "utf8");
    assert.deepEqual(unmarkedWords(source), [], `static/js/${name}`);
  }
  // The check itself sees a word written as is, and lets one through gettext pass.
  assert.deepEqual(unmarkedWords('el("button", {}, "Accept all"); x.textContent = `Over: ${r}`;'),
    ["Accept all", "Over: "]);
  assert.deepEqual(unmarkedWords('el("b", {}, gettext("Accept all")); pgettext("side", "White");'), []);
});
