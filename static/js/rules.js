// The rules pages' mini-boards: each example position with its legal moves, computed on the
// server (catalogue/pages.py, catalogue/rules/boards.py), played on the same board code as a game,
// drawn for the page's game (its variant descriptor; Chesskers' when none) and from the side of
// the player to move, as a puzzle is. Tap a piece to see its moves (a piece with none says so);
// play one to see its result (the check and the game's end come from the server too), then reset.
import { createPlayBoard } from "./board.js";
import { gettext, ngettext } from "./i18n.js";
import { analysisHref } from "./placement.js";

const data = JSON.parse(document.getElementById("rules-data").textContent);

/** Returns the sentence shown after a move: what was played, what it took, how it ended (the
 * server's sentence `outcome`, if any, after it). */
export function resultText(move, outcome) {
  const took = move.captured.length;
  const mate = move.text.endsWith("#");
  const params = { move: move.text };
  let played;
  if (took && mate) {
    played = ngettext("You played %(move)s, taking %(n)s piece: checkmate.",
      "You played %(move)s, taking %(n)s pieces: checkmate.", took, params);
  } else if (took) {
    played = ngettext("You played %(move)s, taking %(n)s piece.", "You played %(move)s, taking %(n)s pieces.",
      took, params);
  } else if (mate) {
    played = gettext("You played %(move)s: checkmate.", params);
  } else {
    played = gettext("You played %(move)s.", params);
  }
  return outcome ? `${played} ${outcome}` : played;
}

/**
 * Returns whether `square` holds a piece of the side to move from which none of the example's
 * legal moves (the server's) starts: tapping it shows no move, and the page says why.
 */
export function hasNoMove(board, example, square) {
  const code = square ? board.pieceAt(square) : null;
  if (!code || code[0] !== example.turn[0]) return false;
  return !example.legal_moves.some((move) => board.squareOf(move.path[0]) === square);
}

for (const example of data.boards) {
  const figure = document.querySelector(`[data-example="${example.id}"]`);
  if (!figure) continue;
  const holder = figure.querySelector(".rule-board");
  const result = figure.querySelector(".rule-result");
  const reset = figure.querySelector(".rule-reset");
  // The example's position on the analysis board: its FEN in the address, spaces as "_".
  const study = document.createElement("a");
  study.className = "rule-analyse";
  study.dataset.testid = "rule-analyse";
  study.href = analysisHref(data.variant ? data.variant.id : "chesskers", example.fen);
  study.textContent = gettext("Open on the analysis board");
  figure.append(study);
  let live = false;
  const board = createPlayBoard(holder, {
    label: gettext("Example board: %(name)s", { name: example.id }),
    variant: data.variant,
    orientation: example.turn,
    onMove(move) {
      live = false;
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
    onChange(action, view, square) {
      if (!live) return;
      if (action.type === "advance") {
        result.textContent = view.canStop
          ? gettext("Jump again, or tap the piece to stop here.")
          : gettext("Jump again.");
      } else if (action.type === "select" && view.targets.length) {
        result.textContent = "";
      } else if (!view.inChain && hasNoMove(board, example, square)) {
        result.textContent = gettext("That piece has no legal move here.");
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
    live = true;
  };
  reset.addEventListener("click", start);
  start();
}
