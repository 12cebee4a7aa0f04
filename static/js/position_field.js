// A form's start position (a FEN field named "fen", beside a "rated" box and a "variant"
// picker): the lobby's challenge and the tournaments page's form. A game from a position is
// casual, which the form shows by unticking *Rated* and locking it while a FEN is given; its
// note links the position on the analysis board. The server checks the position when the form
// is sent: this decides nothing.
import { analysisHref } from "./placement.js";

/** Wires `form`'s position field to its note (`note`, holding the link `link`); returns the
 * function that shows the field's state again (after the form is reset). */
export function wirePositionField(form, note, link) {
  const { fen, rated, variant } = form.elements;
  let ratedAsked = rated.checked; // given back when the position is cleared
  function show() {
    const given = fen.value.trim();
    if (given && !rated.disabled) ratedAsked = rated.checked;
    if (!given && rated.disabled) rated.checked = ratedAsked;
    rated.disabled = Boolean(given);
    if (given) rated.checked = false;
    note.hidden = !given;
    link.href = analysisHref(variant.value, given);
  }
  fen.addEventListener("input", show);
  variant.addEventListener("change", show);
  show();
  return show;
}
