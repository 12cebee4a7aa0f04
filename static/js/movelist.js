// The move list: the game's moves in canonical notation, numbered in pairs, with small icons of
// the pieces each chain or sweep took. A click (or the arrow keys, wired by the page) selects a
// ply to view read-only; "Back to live" ("Back to the end" in a finished game) returns. It draws
// the moves it is given, nothing more; their numbers and sides come from the page's model
// (game_model.js), in every FEN style.
import { gettext, ngettext } from "./i18n.js";
import { numberText, opensMove, tookPieces } from "./plies.js";
import { pieceArt, pieceName } from "./variant.js";

export { moveNumber } from "./plies.js";

// How the analysis marks a move in the list (the glyphs lichess and PGN readers know).
const JUDGEMENT_MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** Returns a judgement's title in the move list: "mistake", "blunder: Bxh6 was better". */
function judgementTitle(judgement, better) {
  const move = { move: better };
  const titles = {
    inaccuracy: better
      ? () => gettext("inaccuracy: %(move)s was better", move) : () => gettext("inaccuracy"),
    mistake: better
      ? () => gettext("mistake: %(move)s was better", move) : () => gettext("mistake"),
    blunder: better
      ? () => gettext("blunder: %(move)s was better", move) : () => gettext("blunder"),
  };
  if (titles[judgement]) return titles[judgement]();
  return better ? `${judgement}: ${better}` : judgement;
}

/**
 * Creates the move list inside `root`. `onSelect(index | null)`: the viewer chose the position
 * after move `index`, -1 for the initial position, or null for the live position.
 * Returns {update({moves, initialFen, viewing, finished})} where `viewing` is null when live
 * and `finished` says the game is over (there is no live position to go back to, only the end).
 */
export function createMoveList(root, { onSelect, variant }) {
  const box = document.createElement("section");
  box.className = "movelist-box";
  box.setAttribute("aria-label", gettext("Moves"));
  const review = document.createElement("div");
  review.className = "review-bar";
  review.setAttribute("role", "status");
  const reviewText = document.createElement("span");
  const live = document.createElement("button");
  live.type = "button";
  live.className = "button";
  live.dataset.action = "live";
  live.textContent = gettext("Back to live");
  live.addEventListener("click", () => onSelect(null));
  review.append(reviewText, live);
  const list = document.createElement("div");
  list.className = "movelist";
  list.setAttribute("role", "group");
  list.setAttribute("aria-label", gettext("Move list"));
  const empty = document.createElement("p");
  empty.className = "movelist-empty";
  empty.textContent = gettext("No moves yet.");
  const nav = document.createElement("div");
  nav.className = "nav-buttons";
  const navs = [
    ["first", "«", gettext("First position")], ["prev", "‹", gettext("Previous move")],
    ["next", "›", gettext("Next move")], ["last", "»", gettext("Live position")],
  ];
  for (const [action, text, label] of navs) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.nav = action;
    button.textContent = text;
    button.setAttribute("aria-label", label);
    button.addEventListener("click", () => step(action));
    nav.append(button);
  }
  box.append(review, list, empty, nav);
  root.replaceChildren(box);

  // `notes`: the archive's marks per move index ({glyphs, commented, sideLines, judgement,
  // better}).
  let state = { moves: [], initialFen: "", viewing: null, notes: null, finished: false };

  function step(action) {
    const last = state.moves.length - 1;
    const at = state.viewing === null ? last : state.viewing;
    let next = at;
    if (action === "first") next = -1;
    if (action === "prev") next = Math.max(-1, at - 1);
    if (action === "next") next = Math.min(last, at + 1);
    if (action === "last") next = last;
    onSelect(next >= last ? null : next);
  }

  function update(next) {
    state = { ...state, ...next };
    const { moves, initialFen, viewing, finished } = state;
    live.textContent = finished ? gettext("Back to the end") : gettext("Back to live");
    nav.querySelector("[data-nav='last']").setAttribute("aria-label",
      finished ? gettext("Final position") : gettext("Live position"));
    list.replaceChildren();
    moves.forEach((move, index) => {
      const opens = opensMove(initialFen, index);
      if (opens || index === 0) {
        const no = document.createElement("span");
        no.className = "move-no";
        no.textContent = numberText(initialFen, index);
        list.append(no);
        if (!opens) list.append(document.createElement("span"));
      }
      list.append(moveButton(move, index, viewing));
    });
    empty.hidden = moves.length > 0;
    review.hidden = viewing === null;
    if (viewing !== null) {
      reviewText.textContent = viewing < 0
        ? gettext("Viewing the initial position.")
        : gettext("Viewing %(move)s.", { move: describe(initialFen, viewing, moves[viewing]) });
    }
    const current = list.querySelector("[aria-current='true']");
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
  }

  function moveButton(move, index, viewing) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.ply = String(index);
    const text = document.createElement("span");
    text.className = "move-text";
    text.append(...breakable(move.text));
    button.append(text);
    const isCurrent = viewing === null ? index === state.moves.length - 1 : index === viewing;
    button.setAttribute("aria-current", isCurrent ? "true" : "false");
    const took = tookPieces(state.initialFen, index, move);
    // The button's name: the move, then what it took and what notes it has, each after a comma.
    const label = [describe(state.initialFen, index, move)];
    if (took.length) {
      const icons = document.createElement("span");
      icons.className = "took";
      for (const code of took) {
        const pc = document.createElement("span");
        pc.className = "pc";
        pc.dataset.piece = code;
        pc.dataset.art = pieceArt(code, variant || undefined);
        icons.append(pc);
      }
      button.append(icons);
      const names = took.map((code) => pieceName(code, variant || undefined));
      label.push(gettext("took %(pieces)s", { pieces: names.join(", ") }));
    }
    label.push(...noteMarks(button, state.notes && state.notes.get(index)));
    button.setAttribute("aria-label", label.join(", "));
    button.addEventListener("click", () => {
      onSelect(index === state.moves.length - 1 ? null : index);
    });
    return button;
  }

  /** Adds a move's glyphs, comment mark and judgement; returns the words for its label. */
  function noteMarks(button, note) {
    const words = [];
    if (!note) return words;
    if (note.glyphs) {
      const glyphs = document.createElement("span");
      glyphs.className = "move-glyph";
      glyphs.textContent = note.glyphs;
      button.querySelector(".move-text").after(glyphs);
      words.push(gettext("annotated %(glyphs)s", { glyphs: note.glyphs }));
    }
    if (note.commented) {
      const mark = document.createElement("span");
      mark.className = "move-commented";
      mark.textContent = "✎";
      mark.setAttribute("aria-hidden", "true");
      button.append(mark);
      words.push(gettext("with a comment"));
    }
    if (note.sideLines) {
      const mark = document.createElement("span");
      mark.className = "move-side-lines";
      mark.dataset.testid = "move-side-lines";
      mark.textContent = "↳";
      mark.setAttribute("aria-hidden", "true");
      button.append(mark);
      words.push(ngettext("with %(n)s side line", "with %(n)s side lines", note.sideLines));
    }
    if (note.judgement) {
      const mark = document.createElement("span");
      mark.className = `move-judgement is-${note.judgement}`;
      mark.textContent = JUDGEMENT_MARKS[note.judgement] || "";
      mark.title = judgementTitle(note.judgement, note.better);
      button.append(mark);
      words.push(mark.title);
    }
    return words;
  }

  /** Returns a move's text as nodes that may wrap after a chain's `:` and nowhere else, so a
   * long chain never splits a square's name across lines. */
  function breakable(moveText) {
    const nodes = [];
    moveText.split(":").forEach((part, i) => {
      if (i > 0) nodes.push(":", document.createElement("wbr"));
      nodes.push(part);
    });
    return nodes;
  }

  function describe(initialFen, index, move) {
    return `${numberText(initialFen, index)} ${move ? move.text : ""}`.trim();
  }

  return { update, step, element: box };
}

