// A finished game's archive tools on its page: the address of the ply shown (`#N`, the
// position after N plies), the annotations panel, the evaluation graph and the Analyse button.
import { api } from "./api.js";
import {
  createAnnotationPanel, judgementText, nextJudged, notesByPly,
} from "./annotations.js";
import { createEvalGraph } from "./evalgraph.js";
import { createMoveTimes } from "./movetimes.js";
import { turnAt } from "./plies.js";
import { shownIndex } from "./game_model.js";
import { formatNumber, gettext, ngettext } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

/**
 * Wires the archive of the game page: `getPage()` returns the page's model (game_model.js: its
 * `state`, `archive` and `viewing`), `changeArchive(changes)` changes its archive, `data` is the
 * page data, `moveList` the move list, and `view(index)` shows the position after move `index`.
 * Returns {render(), plyFromHash()}.
 */
export function createArchive({ getPage, changeArchive, data, moveList, view }) {
  let annotationPanel = null;
  let evalGraph = null;
  let moveTimes = null;
  let timesAsked = false;

  /** Returns the move index the address asks for (#0 the start), or undefined. */
  function plyFromHash() {
    const match = /^#(\d+)$/.exec(window.location.hash);
    if (!match) return undefined;
    const moves = (getPage().state.moves || []).length;
    return Math.min(Number(match[1]), moves) - 1;
  }

  function panel(archive) {
    if (!annotationPanel) {
      annotationPanel = createAnnotationPanel($("#annotations"), {
        apiUrl: `${data.api_url}annotations/`,
        canAnnotate: archive.can_annotate,
        username: getPage().viewer.username,
        onChange(annotations) {
          changeArchive({ annotations });
          render();
        },
      });
    }
    return annotationPanel;
  }

  function renderAnalysis(archive, index) {
    const analysis = archive.analysis;
    if (!evalGraph) evalGraph = createEvalGraph($("#evalgraph"), { onSelect: (at) => view(at - 1) });
    evalGraph.update({ analysis, current: index + 1 });
    const analyse = $("[data-action='analyse']");
    analyse.hidden = !archive.can_analyse || analysis.state === "running"
      || analysis.state === "done";
    analyse.textContent = analysis.state === "failed" ? gettext("Analyse again") : gettext("Analyse");
    const progress = {
      none: () => "",
      running: () => ngettext("Analysing… %(done)s of %(n)s position",
        "Analysing… %(done)s of %(n)s positions", analysis.total || 0,
        { done: formatNumber(analysis.done || 0) }),
      done: () => gettext("Analysed"),
      failed: () => gettext("The analysis failed."),
    };
    $("#analysis-progress").textContent = progress[analysis.state]?.() || "";
    $("#learn-link").hidden = analysis.state !== "done";
    renderSummary(analysis, index);
  }

  // Each side's tally, as the server counted it, once the analysis is done; a count is a
  // button that shows that side's next such move.
  function renderSummary(analysis, index) {
    const table = $("#analysis-summary");
    table.hidden = analysis.state !== "done" || !analysis.summary;
    if (table.hidden) return;
    const rows = [
      ["inaccuracy", gettext("Inaccuracies")],
      ["mistake", gettext("Mistakes")],
      ["blunder", gettext("Blunders")],
      ["acpl", gettext("Average centipawn loss")],
    ].map(([key, label]) => {
      const row = document.createElement("tr");
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = label;
      row.append(head, ...["white", "black"].map((side) => {
        const cell = document.createElement("td");
        const value = analysis.summary[side][key];
        cell.dataset.testid = `summary-${side}-${key}`;
        if (key === "acpl" || !value) {
          cell.textContent = value === null ? "–" : formatNumber(value);
          return cell;
        }
        const jump = document.createElement("button");
        jump.type = "button";
        jump.className = "summary-jump";
        jump.textContent = formatNumber(value);
        jump.title = side === "white"
          ? gettext("Show White's next move of these") : gettext("Show Black's next move of these");
        jump.addEventListener("click", () => {
          const ply = nextJudged(analysis.plies, side, key, index);
          if (ply !== null) view(ply);
        });
        cell.append(jump);
        return cell;
      }));
      return row;
    });
    table.tBodies[0].replaceChildren(...rows);
  }

  function render() {
    const page = getPage();
    const archive = page.archive;
    if (!archive || page.state.status !== "finished") return;
    const moves = page.state.moves || [];
    const index = shownIndex(page);
    const address = `#${index + 1}`;
    if (window.location.hash !== address && (page.viewing !== null || window.location.hash)) {
      history.replaceState(null, "", address);
    }
    const notes = notesByPly(archive.annotations, archive.analysis);
    moveList.update({ notes });
    const move = index >= 0 ? moves[index] : null;
    panel(archive).update({
      annotations: archive.annotations,
      ply: move ? index : null,
      moveText: move ? move.text : "",
      judgement: move ? judgementText(notes.get(index)) : "",
    });
    renderAnalysis(archive, index);
    renderTimes(page, archive, moves, index);
    $("#archive-tools").hidden = false;
    $("#export-link").href = archive.export_url;
  }

  // The move times of a game with a Fischer clock. A page that saw the game end has none in
  // its page data: it asks for them once.
  function renderTimes(page, archive, moves, index) {
    const clock = page.state.clock;
    if (!clock || clock.initial === null || clock.initial === undefined) return;
    const times = archive.move_times || [];
    if (times.length < moves.length) {
      if (!timesAsked) {
        timesAsked = true;
        api("GET", `${data.api_url}move-times/`).then((answer) => {
          changeArchive({ move_times: answer.move_times });
          render();
        }).catch(() => {}); // the chart is extra: the game page works without it
      }
      return;
    }
    if (!moveTimes) moveTimes = createMoveTimes($("#movetimes"), { onSelect: (at) => view(at) });
    moveTimes.update({
      times, moves, current: index, whiteFirst: turnAt(page.state.initial_fen, 0) === "white",
    });
  }

  $("#archive-tools").addEventListener("click", async (event) => {
    const button = event.target.closest("[data-action='analyse']");
    if (!button || !getPage().archive) return;
    button.disabled = true;
    try {
      changeArchive({ analysis: await api("POST", `${data.api_url}analysis/`) });
    } catch (failure) {
      $("#analysis-progress").textContent = failure.message;
    } finally {
      button.disabled = false;
    }
    render();
  });

  window.addEventListener("hashchange", () => {
    const index = plyFromHash();
    if (index !== undefined && index !== shownIndex(getPage())) view(index);
  });

  return { render, plyFromHash };
}
