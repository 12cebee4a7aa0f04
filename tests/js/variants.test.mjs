// The variant descriptors of every game (tests/js/fixtures/variants/*.json): the contract the
// server's descriptors are checked against. The games are the registry's (fixtures/registry.json,
// generated from the engine and checked fresh). Each is checked against the games' own facts
// (docs/rules): board, square numbering, start position, pieces and their art.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";

import { createGeometry, parseSquare } from "../../static/js/geometry.js";
import { fenTurn, parsePlacement } from "../../static/js/placement.js";
import { CHESSKERS, pieceArt, pieceName } from "../../static/js/variant.js";

const DIR = new URL("./fixtures/variants/", import.meta.url);
const ROOT = new URL("../../", import.meta.url);
const VARIANTS = Object.fromEntries(
  readdirSync(DIR).filter((name) => name.endsWith(".json")).map((name) => {
    const descriptor = JSON.parse(readFileSync(new URL(name, DIR), "utf8"));
    return [descriptor.id, descriptor];
  }),
);

const REGISTRY = JSON.parse(readFileSync(new URL("./fixtures/registry.json", import.meta.url), "utf8"));
const idsOf = (family) => REGISTRY.filter((game) => game.family === family).map((game) => game.id);
const DRAUGHTS = idsOf("draughts");
const HYBRIDS = idsOf("hybrid");

/** Returns {colour: {letter: count}} for a placement. */
function census(pieces) {
  const count = { w: {}, b: {} };
  for (const code of pieces.values()) {
    count[code[0]][code.slice(1)] = (count[code[0]][code.slice(1)] || 0) + 1;
  }
  return count;
}

test("there is one descriptor for each game of the registry, named by its file", () => {
  assert.deepEqual(Object.keys(VARIANTS).sort(), REGISTRY.map((game) => game.id).sort());
  assert.ok(DRAUGHTS.length > 0 && HYBRIDS.length > 0);
  for (const name of readdirSync(DIR).filter((file) => file.endsWith(".json"))) {
    assert.equal(JSON.parse(readFileSync(new URL(name, DIR), "utf8")).id, name.slice(0, -5));
  }
  for (const id of DRAUGHTS) assert.equal(VARIANTS[id].family, "draughts", id);
  for (const id of HYBRIDS) assert.equal(VARIANTS[id].family, "hybrid", id);
});

test("Chesskers' descriptor is the board's default", () => {
  assert.deepEqual(JSON.parse(JSON.stringify(CHESSKERS)), (({ start_fen: _, ...rest }) => rest)(
    VARIANTS.chesskers,
  ));
});

test("every board is 5 to 12 squares a side with a known way of using its squares", () => {
  for (const v of Object.values(VARIANTS)) {
    const { files, ranks, playable, lines, labels } = v.board;
    assert.ok(files >= 5 && files <= 12 && ranks >= 5 && ranks <= 12, v.id);
    assert.ok(["dark", "light", "all", "points"].includes(playable), v.id);
    assert.equal(lines === null, playable !== "points", v.id);
    assert.ok(labels === null || typeof labels === "object", v.id);
    assert.ok(["chess", "pdn"].includes(v.fen), v.id);
  }
});

test("each game's board size and used squares are its own", () => {
  const shape = (id) => {
    const { files, ranks, playable } = VARIANTS[id].board;
    return `${files}x${ranks} ${playable}`;
  };
  for (const id of ["checkers", "anti-checkers", "czech", "corner", "one-way", "parachute",
    "russian", "thai", "brazilian", "cheskers"]) {
    assert.equal(shape(id), "8x8 dark", id);
  }
  for (const id of ["gothic", "turkish", "hawaiian", "dameo", "chesskers",
    "byelorussian-cheskers", "game-mix", "mix-chess"]) {
    assert.equal(shape(id), "8x8 all", id);
  }
  assert.equal(shape("portuguese"), "8x8 light");
  assert.equal(shape("italian"), "8x8 light");
  assert.equal(shape("international"), "10x10 dark");
  assert.equal(shape("canadian"), "12x12 dark");
  assert.equal(shape("alquerque"), "5x5 points");
});

test("the games written with numbers number every used square once, and only those", () => {
  const numbered = Object.values(VARIANTS).filter((v) => v.board.labels).map((v) => v.id);
  assert.deepEqual(numbered.sort(),
    ["anti-checkers", "canadian", "checkers", "international", "italian", "portuguese"]);
  for (const id of numbered) {
    const geometry = createGeometry(VARIANTS[id].board);
    const labels = VARIANTS[id].board.labels;
    assert.deepEqual(Object.keys(labels).sort(), [...geometry.used].sort(), id);
    const numbers = Object.values(labels).map(Number).sort((a, b) => a - b);
    assert.deepEqual(numbers, numbers.map((_, index) => index + 1), id);
  }
});

test("English, International and Canadian numbers run row by row from Black's side, left to right",
  () => {
    for (const id of ["checkers", "anti-checkers", "international", "canadian"]) {
      const labels = VARIANTS[id].board.labels;
      const order = Object.keys(labels).sort((a, b) => labels[a] - labels[b]);
      for (let k = 1; k < order.length; k += 1) {
        const [f0, r0] = parseSquare(order[k - 1]);
        const [f1, r1] = parseSquare(order[k]);
        assert.ok(r1 < r0 || (r1 === r0 && f1 > f0), `${id} ${order[k - 1]} ${order[k]}`);
      }
    }
    const intl = VARIANTS.international.board.labels;
    assert.deepEqual([intl.b10, intl.j10, intl.a1, intl.i1], ["1", "5", "46", "50"]);
    const can = VARIANTS.canadian.board.labels;
    assert.deepEqual([can.b12, can.l12, can.a11, can.a1, can.k1], ["1", "6", "7", "67", "72"]);
    const eng = VARIANTS.checkers.board.labels;
    assert.deepEqual([eng.b8, eng.h8, eng.a1, eng.g1], ["1", "4", "29", "32"]);
  });

test("Italian numbers from a8 left to right; Portuguese from h1 right to left, on h1-dark boards",
  () => {
    const ita = VARIANTS.italian.board.labels;
    assert.deepEqual([ita.a8, ita.g8, ita.b7, ita.h1], ["1", "4", "5", "32"]);
    const por = VARIANTS.portuguese.board.labels;
    assert.deepEqual([por.h1, por.b1, por.a2, por.a8], ["1", "4", "8", "32"]);
    for (const id of ["italian", "portuguese"]) {
      const geometry = createGeometry(VARIANTS[id].board);
      assert.ok(geometry.isUsed("h1") && !geometry.isUsed("a1"), id);
      assert.ok(geometry.isDark("h1") && !geometry.isDark("a1"), id);
    }
  });

test("Alquerque's lines join every pair of neighbouring points, diagonals only at even points",
  () => {
    const { lines } = VARIANTS.alquerque.board;
    const key = (a, b) => [a, b].sort().join("-");
    const have = new Set(lines.map(([a, b]) => key(a, b)));
    assert.equal(have.size, lines.length, "no line twice");
    const want = new Set();
    for (let f = 0; f < 5; f += 1) {
      for (let r = 0; r < 5; r += 1) {
        const at = (df, dr) => `${"abcde"[f + df]}${r + dr + 1}`;
        if (f < 4) want.add(key(at(0, 0), at(1, 0)));
        if (r < 4) want.add(key(at(0, 0), at(0, 1)));
        if ((f + r) % 2 === 0 && f < 4 && r < 4) want.add(key(at(0, 0), at(1, 1)));
        if ((f + r) % 2 === 0 && f < 4 && r > 0) want.add(key(at(0, 0), at(1, -1)));
      }
    }
    assert.deepEqual([...have].sort(), [...want].sort());
    assert.equal(lines.length, 56);
  });

test("every start position stands on used squares with each game's army", () => {
  const armies = {
    checkers: { M: 12 }, "anti-checkers": { M: 12 }, czech: { M: 12 }, corner: { M: 12 },
    "one-way": { M: 12 }, parachute: { M: 8, P: 4 }, gothic: { M: 16 }, turkish: { M: 16 },
    alquerque: { M: 12 }, hawaiian: { M: 32 }, international: { M: 20 }, russian: { M: 12 },
    canadian: { M: 30 }, thai: { M: 8 }, brazilian: { M: 12 }, portuguese: { M: 12 },
    italian: { M: 12 }, dameo: { M: 18 },
    chesskers: { P: 8, N: 2, B: 2, R: 2, Q: 1, K: 1 },
    cheskers: { P: 8, K: 2, B: 1, C: 1 },
    "byelorussian-cheskers": { K: 1, Q: 1, R: 1, B: 1, N: 1, P: 8, M: 11 },
    "game-mix": { K: 1, D: 1, S: 2, N: 2, L: 2, C: 4, P: 4 },
    "mix-chess": { K: 1, D: 1, S: 2, N: 2, L: 2, C: 4, P: 4 },
  };
  for (const v of Object.values(VARIANTS)) {
    const pieces = parsePlacement(v.start_fen, v);
    const geometry = createGeometry(v.board);
    for (const square of pieces.keys()) assert.ok(geometry.isUsed(square), `${v.id} ${square}`);
    const count = census(pieces);
    assert.deepEqual(count.w, armies[v.id], `${v.id} white`);
    assert.deepEqual(count.b, armies[v.id], `${v.id} black`);
    for (const code of pieces.values()) assert.ok(v.pieces[code.slice(1)], `${v.id} ${code}`);
  }
});

test("Black moves first in Checkers, Anti Checkers, Hawaiian and Cheskers; White elsewhere", () => {
  const black = Object.values(VARIANTS).filter((v) => fenTurn(v.start_fen) === "black");
  assert.deepEqual(black.map((v) => v.id).sort(),
    ["anti-checkers", "checkers", "cheskers", "hawaiian"]);
});

test("start squares are each game's: numbered, mirrored and parachutists", () => {
  const at = (id) => parsePlacement(VARIANTS[id].start_fen, VARIANTS[id]);
  assert.equal(at("international").get("a1"), "wM"); // 46
  assert.equal(at("international").get("j10"), "bM"); // 5
  assert.equal(at("international").get("a5"), undefined); // 26: empty
  assert.equal(at("canadian").get("k1"), "wM"); // 72
  assert.equal(at("portuguese").get("h1"), "wM"); // 1
  assert.equal(at("portuguese").get("a8"), "bM"); // 32
  assert.equal(at("italian").get("b1"), "wM"); // 29
  assert.equal(at("italian").get("a8"), "bM"); // 1
  assert.equal(at("checkers").get("a1"), "wM"); // 29
  assert.equal(at("parachute").get("b8"), "wP");
  assert.equal(at("parachute").get("a1"), "bP");
  assert.equal(at("alquerque").get("c3"), undefined);
  assert.equal(at("alquerque").get("d3"), "wM");
  assert.equal(at("alquerque").get("b3"), "bM");
  assert.equal(at("cheskers").get("g1"), "wC");
  assert.equal(at("byelorussian-cheskers").get("e1"), "wK");
  assert.equal(at("byelorussian-cheskers").get("a1"), "wM");
  assert.equal(at("game-mix").get("d8"), "bK");
  assert.equal(at("game-mix").get("e8"), "bD");
});

test("every piece has a name and art that exists and that board.css draws", () => {
  const css = readFileSync(new URL("static/css/board.css", ROOT), "utf8");
  for (const v of Object.values(VARIANTS)) {
    for (const [letter, piece] of Object.entries(v.pieces)) {
      assert.match(piece.name, /^[a-z]+$/, `${v.id} ${letter}`);
      for (const color of ["w", "b"]) {
        const art = pieceArt(color + letter, v);
        const file = `static/pieces/${art}.svg`;
        assert.ok(existsSync(new URL(file, ROOT)), `${v.id} ${letter}: ${file}`);
        const rule = `.pc[data-art="${art}"] { background-image: url("../pieces/${art}.svg"); }`;
        assert.ok(css.replace(/\{\n\s+/g, "{ ").includes(rule), `${v.id}: ${rule}`);
      }
    }
  }
});

test("pieces are named for assistive technology by colour and the game's name", () => {
  assert.equal(pieceName("wM", VARIANTS.international), "white man");
  assert.equal(pieceName("bK", VARIANTS.international), "black king");
  assert.equal(pieceName("bP", VARIANTS.parachute), "black parachutist");
  assert.equal(pieceName("wC", VARIANTS.cheskers), "white camel");
  assert.equal(pieceName("wP", VARIANTS.cheskers), "white pawn");
  assert.equal(pieceName("bM", VARIANTS["byelorussian-cheskers"]), "black draughtsman");
  assert.equal(pieceName("wD", VARIANTS["byelorussian-cheskers"]), "white damka");
  assert.equal(pieceName("wL", VARIANTS["game-mix"]), "white liner");
  assert.equal(pieceName("bS", VARIANTS["game-mix"]), "black silver");
  assert.equal(pieceName("wD", VARIANTS["game-mix"]), "white dama");
  assert.equal(pieceName("bC", VARIANTS["game-mix"]), "black checker");
  assert.equal(pieceName("wN"), "white knight");
  assert.equal(pieceArt("bM", VARIANTS.russian), "chesskers/bMan");
  assert.equal(pieceArt("wK", VARIANTS.chesskers), "cburnett/wK");
});
