// A study's model: pure functions, no DOM, no socket. A chapter's tree comes from the server in
// the analysis board's shape (analysis_model.js); each change the server made to it — a move
// played, a line deleted or promoted, a move's note, the circles and arrows drawn on a
// position — is applied here in the order of the
// chapter's revisions, the same whether it came as the answer to this page's request or over
// the study's socket from another page. A change that does not follow the revision held means
// one was missed: the page reads the chapter again.

/** Returns the tree of a chapter as the server sends it ({next, nodes}) in the analysis
 * board's form ({nodes, root, next}). */
export function treeOfChapter(chapter) {
  return { nodes: { ...chapter.tree.nodes }, root: "0", next: chapter.tree.next };
}

/** Returns what to do with a change at `revision` when the page holds `held`: "apply" it,
 * "skip" it (already applied: this page's own answer after the socket's, or the reverse), or
 * "reload" the chapter (one or more were missed). */
export function changeFits(held, revision) {
  if (revision <= held) return "skip";
  return revision === held + 1 ? "apply" : "reload";
}

/** Returns the tree with the server's `change` applied (a new object; `tree` is unchanged). */
export function applyChange(tree, change) {
  const nodes = { ...tree.nodes };
  if (change.op === "play") {
    const node = change.node;
    if (nodes[node.id]) return tree;
    const parent = nodes[node.parent];
    nodes[node.id] = { ...node, children: [...node.children] };
    nodes[node.parent] = { ...parent, children: [...parent.children, node.id] };
    return { ...tree, nodes, next: Math.max(tree.next, Number(node.id) + 1) };
  }
  if (change.op === "delete") {
    const node = nodes[change.node];
    if (!node) return tree;
    const parent = nodes[node.parent];
    nodes[node.parent] = { ...parent, children: parent.children.filter((id) => id !== node.id) };
    for (const id of change.removed) delete nodes[id];
    return { ...tree, nodes };
  }
  if (change.op === "promote") {
    nodes[change.node] = { ...nodes[change.node], children: [...change.children] };
    return { ...tree, nodes };
  }
  if (change.op === "note") {
    nodes[change.node] = { ...nodes[change.node], glyph: change.glyph, comment: change.comment };
    return { ...tree, nodes };
  }
  if (change.op === "shapes") {
    if (!nodes[change.node]) return tree;
    nodes[change.node] = { ...nodes[change.node], shapes: [...change.shapes] };
    return { ...tree, nodes };
  }
  return tree;
}

/** Returns the node to show after a change: `current` if it is still in `tree`, else the
 * nearest of its ancestors still there (`before`: the tree before the change, which knows
 * them). */
export function stillShown(before, tree, current) {
  for (let at = current; at !== null && at !== undefined; at = before.nodes[at]?.parent) {
    if (tree.nodes[at]) return at;
  }
  return tree.root;
}

/** Returns the glyph a glyph button sets on a move that has `glyph`: the button's, or none
 * when the move already has it (a second tap takes it off). */
export function toggledGlyph(glyph, button) {
  return glyph === button ? "" : button;
}

/** Returns the node a page's address names (`#<id>`), if the tree has it, else the start. */
export function addressedNode(tree, hash) {
  const id = (hash || "").replace(/^#/, "");
  return tree.nodes[id] ? id : tree.root;
}
