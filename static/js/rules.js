// The rules pages' mini-boards: each example position with its legal moves, computed on the
// server (games/rules_page.py, games/rules/boards.py), played on the same board code as a game,
// drawn for the page's game (its variant descriptor; Chesskers' when none). Tap a piece to see
// its moves; play one to see its result (the check and the game's end come from the server too),
// then reset.
import { createPlayBoard } from "./board.js";

const data = JSON.parse(document.getElementById("rules-data").textContent);

/** Returns the sentence shown after a move: what was played, what it took, how it ended. */
export function resultText(move, outcome) {
  const took = move.captured.length;
  const taking = took ? `, taking ${took} piece${took > 1 ? "s" : ""}` : "";
  const mate = move.text.endsWith("#") ? ": checkmate" : "";
  const end = outcome ? ` ${outcome}` : "";
  return `You played ${move.text}${taking}${mate}.${end}`;
}

for (const example of data.boards) {
  const figure = document.querySelector(`[data-example="${example.id}"]`);
  if (!figure) continue;
  const holder = figure.querySelector(".rule-board");
  const result = figure.querySelector(".rule-result");
  const reset = figure.querySelector(".rule-reset");
  const board = createPlayBoard(holder, {
    label: `Example board: ${example.id}`,
    variant: data.variant,
    onMove(move) {
      const index = example.legal_moves.indexOf(move);
      result.textContent = resultText(move, example.outcome_after[index]);
      board.set({
        fen: example.after[index],
        lastMove: move,
        check: example.check_after[index],
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
