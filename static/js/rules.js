// The rules page's mini-boards: each example position with its legal moves, computed on the
// server (games/rules_page.py), played on the same board code as a game. Tap a piece to see its
// moves; play one to see its result, then reset.
import { checkedKing, createPlayBoard } from "./board.js";

const data = JSON.parse(document.getElementById("rules-data").textContent);

for (const example of data) {
  const figure = document.querySelector(`[data-example="${example.id}"]`);
  if (!figure) continue;
  const holder = figure.querySelector(".rule-board");
  const result = figure.querySelector(".rule-result");
  const reset = figure.querySelector(".rule-reset");
  const board = createPlayBoard(holder, {
    label: `Example board: ${example.id}`,
    onMove(move) {
      const index = example.legal_moves.indexOf(move);
      const took = move.captured.length;
      const mate = move.text.endsWith("#") ? " Checkmate." : "";
      const tookText = took ? ` took ${took} piece${took > 1 ? "s" : ""}` : "";
      result.textContent = `${move.text}${tookText}.${mate}`;
      board.set({
        fen: example.after[index],
        lastMove: move,
        check: checkedKing(example.after[index], move.text),
        interactive: false,
      });
      reset.hidden = false;
    },
    onChange(action, view) {
      if (action.type === "advance") {
        result.textContent = view.canStop
          ? "Jump again, or tap the piece to stop here."
          : "Jump again.";
      } else if (action.type === "select" && view.targets.length) {
        result.textContent = "";
      }
    },
  });
  const start = () => {
    board.set({
      fen: example.fen,
      legalMoves: example.legal_moves,
      check: example.check,
      interactive: true,
    });
    result.textContent = "";
    reset.hidden = true;
  };
  reset.addEventListener("click", start);
  start();
}
