// The tournament page (/tournaments/<id>/), wired: the model (tournament_model.js) holds the
// tournament as last told and says what the page shows; this module draws it, keeps it live over
// the tournament's socket, sends join and withdraw, and takes the viewer to each game of theirs
// as it starts.
import { api, el, goToGame, liveSocket, withLink } from "./api.js";
import { gettext } from "./i18n.js";
import { createBoard, drawPosition, parseFen } from "./board.js";
import * as model from "./tournament_model.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (selector) => document.querySelector(selector);
let page = model.createPage(data);
const boards = new Map(); // game id -> {card, board}

function render() {
  const t = page.tournament;
  // The game by the page's name for it (its descriptor, written in the page's language).
  $("#tournament-kind").textContent = model.kindText(t, data.variant?.name);
  renderStatus();
  renderControls();
  renderOwnGame();
  renderStandings();
  renderPodium();
  renderBoards();
}

// A thematic tournament's position, drawn once: every game of it starts there.
const positionHolder = $("[data-position-board]");
if (positionHolder && data.tournament.fen) {
  drawPosition(positionHolder, {
    variant: data.variant, fen: data.tournament.fen,
    label: gettext("%(game)s: the position every game starts from", { game: data.variant.name }),
  });
}

function renderStatus() {
  $("#tournament-status").textContent = model.statusText(page.tournament, Date.now());
}

function renderControls() {
  const shown = model.controls(page);
  $("#join").hidden = !shown.join;
  $("#join").textContent = shown.joinText;
  $("#withdraw").hidden = !shown.withdraw;
  $("#sign-in").hidden = !shown.signIn;
}

function renderOwnGame() {
  const game = model.ownGame(page);
  const box = $("#own-game");
  box.hidden = !game;
  if (game) {
    const words = model.ownGameWords();
    box.replaceChildren(...withLink(words.sentence,
      el("a", { href: game.href, "data-testid": "own-game-link" }, words.link)));
  }
}

function renderStandings() {
  const t = page.tournament;
  const title = model.tiebreakTitle(t);
  $("#tiebreak-title").textContent = title.short;
  $("#tiebreak-title").title = title.long;
  const rows = model.standingsRows(page);
  $("#no-players").hidden = rows.length > 0;
  $("#standings").replaceChildren(
    ...rows.map((row) => {
      if (row.gap) return el("tr", { class: "standings-gap" }, el("td", { colspan: 5 }, "…"));
      const name = model.standingName(row);
      return el("tr", { class: row.mine ? "is-mine" : null, "data-user": row.user },
        el("td", { class: "num" }, row.rank),
        el("td", {}, el("a", { href: `/@/${row.user}` }, name)),
        el("td", { class: "num", "data-testid": `score-${row.user}` }, model.scoreText(t, row.score)),
        el("td", { class: "num" }, row.games),
        el("td", { class: "num" }, model.tiebreakText(t, row)));
    }),
  );
}

function renderPodium() {
  const top = model.podium(page.tournament);
  $("#podium-box").hidden = top.length === 0;
  $("#podium").replaceChildren(
    ...top.map((row) => el("li", { class: `podium-${row.rank}` },
      el("strong", {}, row.user), ` ${model.scoreText(page.tournament, row.score)}`)),
  );
}

// The games in progress of the best placed players, each a small board of its position (drawn
// by the board view from the game's descriptor), linking to the game.
function renderBoards() {
  const playing = page.tournament.playing || [];
  $("#boards-box").hidden = playing.length === 0;
  const wanted = new Set(playing.map((game) => game.id));
  for (const [id, shown] of boards) {
    if (!wanted.has(id)) {
      shown.card.remove();
      boards.delete(id);
    }
  }
  for (const game of playing) {
    let shown = boards.get(game.id);
    if (!shown) {
      const holder = el("div", { class: "tournament-board" });
      const card = el("a", { class: "board-card", href: `/game/${game.id}/`, "data-game": game.id },
        holder, el("span", {}, `${game.white} – ${game.black}`));
      const board = createBoard(holder, { variant: data.variant, label: model.boardLabel(game) });
      shown = { card, board };
      boards.set(game.id, shown);
    }
    $("#boards").append(shown.card); // in the order given: the best placed first
    shown.board.update({ pieces: parseFen(game.fen, data.variant), interactive: false });
  }
}

async function act(path) {
  $("#tournament-error").textContent = "";
  try {
    const answer = await api("POST", `${data.api_url}${path}`);
    page = model.receiveTournament(page, { ...page.tournament, me: answer.me });
    render();
  } catch (error) {
    $("#tournament-error").textContent = error.message;
  }
}

$("#join").addEventListener("click", () => act("join/"));
$("#withdraw").addEventListener("click", () => act("withdraw/"));

liveSocket(data.ws_url, {
  onMessage(message) {
    if (message.type === "tournament") {
      page = model.receiveTournament(page, message);
      render();
    } else if (message.type === "game_started") {
      const result = model.receiveGameStarted(page, message);
      page = result.page;
      if (result.go) goToGame(result.go);
    }
  },
});

render();
setInterval(renderStatus, 1000);
