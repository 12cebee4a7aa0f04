// The legal moves' compact form (docs/api.md, "legal_tree"), expanded back into the list the
// board and the move picker (paths.js) read. The game page's socket asks for the tree
// (`?legal=tree`): a chain's every prefix is a move, and the tree names each square once.

/**
 * Returns the legal-move list a `legal_tree` stands for: one {text, path, captured, promotion,
 * kind} per move stopping at a node, its path the squares from the root to that node (depth
 * first, a node's own moves before those beyond it).
 */
export function expandLegalTree(tree) {
  const moves = [];
  const walk = (children, path) => {
    for (const [square, node] of Object.entries(children)) {
      const here = [...path, square];
      for (const stop of node.moves || []) {
        moves.push({
          text: stop.text,
          path: here,
          captured: stop.captured || [],
          promotion: stop.promotion ?? null,
          kind: stop.kind,
        });
      }
      if (node.next) walk(node.next, here);
    }
  };
  walk(tree, []);
  return moves;
}

/** Returns a state with its legal moves as the list, whichever form the server sent. */
export function withLegalList(state) {
  if (!("legal_tree" in state)) return state;
  const { legal_tree: tree, ...rest } = state;
  return { ...rest, legal_moves: expandLegalTree(tree) };
}
