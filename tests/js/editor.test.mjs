// The board editor's FEN writer (placement.js composeFen): what it writes reads back as the
// placement, side to move and castling rights it was given, for every game of the registry
// (tests/js/fixtures/variants, one descriptor a game), and in each game's own style.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

import { composeFen, fenCastling, fenTurn, parsePlacement } from "../../static/js/placement.js";

const DIR = new URL("./fixtures/variants/", import.meta.url);
const VARIANTS = readdirSync(DIR).filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(new URL(name, DIR), "utf8")));
const REGISTRY = JSON.parse(
  readFileSync(new URL("./fixtures/registry.json", import.meta.url), "utf8"),
);
const byId = (id) => VARIANTS.find((variant) => variant.id === id);

const sorted = (pieces) => [...pieces].sort(([a], [b]) => a.localeCompare(b));

test("every game's start position is written back as the same placement, turn and rights", () => {
  assert.equal(VARIANTS.length, REGISTRY.length);
  for (const variant of VARIANTS) {
    const pieces = parsePlacement(variant.start_fen, variant);
    assert.ok(pieces.size > 0, variant.id);
    for (const turn of ["white", "black"]) {
      const fen = composeFen({ pieces, turn, castling: fenCastling(variant.start_fen) }, variant);
      assert.deepEqual(sorted(parsePlacement(fen, variant)), sorted(pieces), variant.id);
      assert.equal(fenTurn(fen), turn, variant.id);
      assert.equal(fenCastling(fen), fenCastling(variant.start_fen), variant.id);
      if (variant.fen === "chess") {
        // The chess style has one way to write a placement: the start's own text.
        assert.equal(fen.split(" ")[0], variant.start_fen.split(" ")[0], variant.id);
        assert.match(fen, / - 0 1$/);
      } else {
        assert.match(fen, /^[WB]:W[^:]*:B[^:]*:H0:F1$/, variant.id);
      }
    }
  }
});

test("a chess-style board is written rank by rank, empty squares counted, no rights as '-'", () => {
  const chesskers = byId("chesskers");
  const pieces = new Map([["e1", "wK"], ["a1", "wR"], ["e8", "bK"], ["h7", "bP"]]);
  assert.equal(
    composeFen({ pieces, turn: "black" }, chesskers),
    "4k3/7p/8/8/8/8/8/R3K3 b - - 0 1",
  );
  assert.equal(
    composeFen({ pieces, turn: "white", castling: "Q" }, chesskers),
    "4k3/7p/8/8/8/8/8/R3K3 w Q - 0 1",
  );
  assert.equal(composeFen({ pieces: new Map() }, chesskers), "8/8/8/8/8/8/8/8 w - - 0 1");
});

test("a numbered draughts board is written by the squares' numbers, a king with its K", () => {
  const international = byId("international");
  const pieces = new Map([["a1", "wM"], ["b2", "wK"], ["b10", "bM"]]);
  const fen = composeFen({ pieces, turn: "black" }, international);
  // Squares 41 (b2) and 46 (a1): the numbers of the game's notation, from White's far side.
  assert.equal(fen, "B:WK41,46:B1:H0:F1");
  assert.deepEqual(sorted(parsePlacement(fen, international)), sorted(pieces));
});

test("a board written by coordinates keeps them, and a parachutist its P", () => {
  const parachute = byId("parachute");
  const pieces = new Map([["b8", "wP"], ["a1", "bP"], ["c3", "wM"]]);
  const fen = composeFen({ pieces, turn: "white" }, parachute);
  assert.equal(fen, "W:WPb8,c3:BPa1:H0:F1");
  assert.deepEqual(sorted(parsePlacement(fen, parachute)), sorted(pieces));
  assert.equal(fenCastling(fen), "");
});
