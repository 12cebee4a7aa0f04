// The browser's modules kept readable (docs/architecture.md "Layout"): no module of static/js
// over 500 lines, and no two importing each other, however indirectly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

const DIR = new URL("../../static/js/", import.meta.url);
const MAX_LINES = 500;
const MODULES = readdirSync(DIR).filter((name) => name.endsWith(".js")).sort();

/** Returns the modules of static/js that `name` imports (or re-exports from). */
function importsOf(name) {
  const text = readFileSync(new URL(name, DIR), "utf8");
  const found = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"\.\/([\w.-]+)"/gms)];
  return found.map((match) => match[1]);
}

/** Returns the modules on an import cycle, each cycle once (sorted names), in `graph`. */
export function cycles(graph) {
  const found = new Set();
  const walk = (name, trail) => {
    const at = trail.indexOf(name);
    if (at >= 0) {
      found.add(trail.slice(at).sort().join(" "));
      return;
    }
    for (const next of graph[name] || []) walk(next, [...trail, name]);
  };
  for (const name of Object.keys(graph)) walk(name, []);
  return [...found];
}

test("the browser's modules are found where the pages load them from", () => {
  assert.ok(MODULES.includes("game.js") && MODULES.includes("board.js"));
});

test("no module of static/js is over 500 lines", () => {
  const long = MODULES
    .map((name) => [name, readFileSync(new URL(name, DIR), "utf8").split("\n").length - 1])
    .filter(([, lines]) => lines > MAX_LINES);
  assert.deepEqual(long, []);
});

test("the modules of static/js import each other without a cycle", () => {
  const graph = Object.fromEntries(MODULES.map((name) => [name, importsOf(name)]));
  assert.ok(graph["game.js"].includes("game_model.js"), "imports are read");
  assert.deepEqual(cycles(graph), []);
});

test("a cycle is found where there is one", () => {
  assert.deepEqual(cycles({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }), ["a b c"]);
});
