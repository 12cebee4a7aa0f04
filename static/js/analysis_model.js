// The analysis board's model: pure functions, no DOM, no socket. It owns the tree of moves —
// the main line and its side lines, each node a position the server reached (its FEN and the
// move's text come from the server; nothing here decides a rule) — the walk through it (the
// keys and buttons), side lines added by playing, promoted and deleted, the side line a player
// saves to a game, the tree as PGN/PDN text with recursive variations, and what the engine's
// reports show: the eval bar's share, a score's text and the best move's arrow.
// analysis.js wires it to the board, the socket and the page.
import { moveNumber, opensMove } from "./game_model.js";

// --- the tree -------------------------------------------------------------------------------

/** Returns a tree holding the start position alone: {nodes, root, next}. Each node is {id,
 * parent, ply (moves played to reach it), fen, text, move: {path, captured, kind} | null,
 * children (ids, the main continuation first), glyph, comment, saved (the id of the side line
 * stored in a game that starts at this node, or null)}. */
export function createTree(startFen) {
  const root = {
    id: "0", parent: null, ply: 0, fen: startFen, text: "", move: null, children: [],
    glyph: "", comment: "", saved: null,
  };
  return { nodes: { 0: root }, root: "0", next: 1 };
}

function withNode(tree, node) {
  return { ...tree, nodes: { ...tree.nodes, [node.id]: node } };
}

/** Returns {tree, id}: the tree with `move` (the server's {text, path, captured, kind}) played
 * from node `parentId` to `fen` — the child already there when the same move was played before
 * (no duplicate side line) — and the id of that child. */
export function addMove(tree, parentId, move, fen, extra = {}) {
  const parent = tree.nodes[parentId];
  const same = parent.children.find((id) => tree.nodes[id].text === move.text);
  if (same) return { tree, id: same };
  const id = String(tree.next);
  const node = {
    id, parent: parentId, ply: parent.ply + 1, fen, text: move.text,
    move: { path: move.path || [], captured: move.captured || [], kind: move.kind || "" },
    children: [], glyph: extra.glyph || "", comment: extra.comment || "", saved: extra.saved ?? null,
  };
  let next = withNode({ ...tree, next: tree.next + 1 }, node);
  next = withNode(next, { ...parent, children: [...parent.children, id] });
  return { tree: next, id };
}

/** Returns the ids from the root to `id`, both included. */
export function pathTo(tree, id) {
  const path = [];
  for (let at = id; at !== null; at = tree.nodes[at].parent) path.unshift(at);
  return path;
}

/** Returns the main continuation from `id` (its first child, that one's, …), `id` included. */
export function lineFrom(tree, id) {
  const line = [id];
  let at = tree.nodes[id];
  while (at.children.length) {
    at = tree.nodes[at.children[0]];
    line.push(at.id);
  }
  return line;
}

/** Returns whether a node is on the main line (every node to it the first continuation). */
export function onMainLine(tree, id) {
  return pathTo(tree, id).every((at) => {
    const parent = tree.nodes[at].parent;
    return parent === null || tree.nodes[parent].children[0] === at;
  });
}

/** Returns the node the keys and buttons move to from `id`: `next` (the main continuation),
 * `prev` (the parent), `first` (the start), `last` (the end of the main continuation), `up` /
 * `down` (the previous or next side line at this move). Stays where nothing is there. */
export function step(tree, id, where) {
  const node = tree.nodes[id];
  const parent = node.parent === null ? null : tree.nodes[node.parent];
  if (where === "next") return node.children[0] ?? id;
  if (where === "prev") return node.parent ?? id;
  if (where === "first") return tree.root;
  if (where === "last") return lineFrom(tree, id).at(-1);
  if ((where === "up" || where === "down") && parent) {
    const index = parent.children.indexOf(id) + (where === "up" ? -1 : 1);
    return parent.children[index] ?? id;
  }
  return id;
}

/** Returns the tree with the side line through `id` made the one before it at its fork (at
 * the main line's fork: the main line). Unchanged on the main line. */
export function promote(tree, id) {
  const path = pathTo(tree, id);
  for (let k = path.length - 1; k > 0; k -= 1) {
    const parent = tree.nodes[path[k - 1]];
    const index = parent.children.indexOf(path[k]);
    if (index > 0) {
      const children = [...parent.children];
      [children[index - 1], children[index]] = [children[index], children[index - 1]];
      return withNode(tree, { ...parent, children });
    }
  }
  return tree;
}

/** Returns {tree, id}: the tree without node `id` and the moves after it, and its parent's id
 * (where the board goes). The start cannot be deleted. */
export function remove(tree, id) {
  const node = tree.nodes[id];
  if (node.parent === null) return { tree, id };
  const nodes = { ...tree.nodes };
  const drop = (at) => {
    nodes[at].children.forEach(drop);
    delete nodes[at];
  };
  drop(id);
  const parent = nodes[node.parent];
  nodes[node.parent] = { ...parent, children: parent.children.filter((c) => c !== id) };
  return { tree: { ...tree, nodes }, id: node.parent };
}

/** Returns the tree of a finished game: its main line (`moves`: {text, fen, path, captured,
 * kind}) and its stored side lines (the annotations with moves, {id, ply, parent, moves:
 * [{move, glyph, comment, fen}]}: on the main line's move `ply`, or on the move of index `ply`
 * of their parent side line), each side line's first node remembering its id (`saved`). */
export function treeOfGame(startFen, moves, sideLines = []) {
  let tree = createTree(startFen);
  let at = tree.root;
  const main = [at];
  for (const move of moves) {
    ({ tree, id: at } = addMove(tree, at, move, move.fen));
    main.push(at);
  }
  const nodesOf = new Map(); // a side line's id -> the ids of its moves' nodes
  for (const line of [...sideLines].sort((a, b) => a.id - b.id)) {
    const before = line.parent === null
      ? main[line.ply]
      : tree.nodes[nodesOf.get(line.parent)?.[line.ply]]?.parent;
    if (before === undefined || before === null) continue;
    let node = before;
    const ids = [];
    line.moves.forEach((item, index) => {
      const extra = { glyph: item.glyph, comment: item.comment, saved: index ? null : line.id };
      ({ tree, id: node } = addMove(tree, node, { text: item.move }, item.fen, extra));
      ids.push(node);
    });
    nodesOf.set(line.id, ids);
  }
  return tree;
}

/** Returns the side line to store for node `id` of a game's tree, as the annotations API
 * takes it: {ply, moves, parent}: the moves from where its line leaves the main line (or a
 * stored side line: `parent`) to `id`. Null on the main line, or when the line branches from a
 * side line not stored yet (store that one first). */
export function sideLineToSave(tree, id) {
  const path = pathTo(tree, id);
  let fork = -1; // the last node of the path that is not its parent's first continuation
  for (let k = 1; k < path.length; k += 1) {
    if (tree.nodes[path[k - 1]].children[0] !== path[k]) fork = k;
  }
  if (fork < 0) return null;
  const moves = path.slice(fork).map((at) => tree.nodes[at].text);
  const from = tree.nodes[path[fork]];
  if (onMainLine(tree, from.parent)) return { ply: from.ply - 1, moves, parent: null };
  for (let k = fork - 1; k > 0; k -= 1) {
    const node = tree.nodes[path[k]];
    if (node.saved !== null) return { ply: from.ply - node.ply, moves, parent: node.saved };
    if (tree.nodes[node.parent].children[0] !== node.id) break; // another unsaved fork
  }
  return null;
}

// --- the tree as text ---------------------------------------------------------------------

/** Returns the tokens of the line starting at node `id`: numbered as the archive numbers moves,
 * each move's glyph and comment, and after a move the side lines at it, in parentheses. */
function lineTokens(tree, startFen, id, numbered) {
  const tokens = [];
  let force = numbered;
  for (const at of lineFrom(tree, id)) {
    const node = tree.nodes[at];
    const index = node.ply - 1;
    const { number } = moveNumber(startFen, index);
    if (opensMove(startFen, index)) tokens.push(`${number}.`);
    else if (force) tokens.push(`${number}...`);
    force = false;
    tokens.push(node.text + (node.glyph || ""));
    if (node.comment) {
      tokens.push(`{${node.comment}}`);
      force = true;
    }
    const parent = tree.nodes[node.parent];
    if (parent.children[0] === at) {
      for (const other of parent.children.slice(1)) {
        tokens.push(`(${lineTokens(tree, startFen, other, true).join(" ")})`);
        force = true;
      }
    }
  }
  return tokens;
}

/** Returns the tree as the archive's text (PGN, or PDN for the checkers family): the tags
 * (the game, and the start when it is not the usual one), the moves with recursive variations,
 * and `*`. */
export function treeText(tree, { variantName, usualStart }) {
  const startFen = tree.nodes[tree.root].fen;
  const tags = [["Variant", variantName]];
  if (startFen !== usualStart) tags.push(["SetUp", "1"], ["FEN", startFen]);
  tags.push(["Result", "*"]);
  const first = tree.nodes[tree.root].children[0];
  const moves = [];
  if (first !== undefined) {
    // The start's side lines follow the first move, as at any other move.
    moves.push(...lineTokens(tree, startFen, first, true));
  }
  moves.push("*");
  const head = tags.map(([name, value]) => `[${name} "${value.replace(/["\\]/g, "\\$&")}"]`);
  return `${head.join("\n")}\n\n${moves.join(" ")}\n`;
}

// --- the engine's view --------------------------------------------------------------------

/** Returns a score as people read it: "+0.35" (hundredths from White's side), "#3" (White
 * mates in 3), "-#2" (Black mates in 2). */
export function scoreText(score) {
  if (!score) return "";
  if ("mate" in score) return score.mate > 0 ? `#${score.mate}` : `-#${-score.mate}`;
  const pawns = score.cp / 100;
  return `${pawns > 0 ? "+" : ""}${pawns.toFixed(2)}`;
}

/** Returns White's share of the eval bar, 0 to 1: a half for an equal position, nearing the
 * end as White's advantage grows (a win: all of it). */
export function evalShare(score) {
  if (!score) return 0.5;
  if ("mate" in score) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.004 * score.cp));
}

/** Returns the squares of the legal move written `text` (the best line's first move), origin
 * first and every landing of a chain: what its arrow joins. Null when no legal move is
 * written so (a report of another position). */
export function arrowPath(legalMoves, text) {
  const move = (legalMoves || []).find((m) => m.text === text);
  return move ? move.path : null;
}

/** Returns the eval shown for a position: the latest report of its FEN, or null. */
export function evalFor(reports, fen) {
  return reports[fen] || null;
}
