// An invite link's page. For a game from a position it draws the position, for whoever opens
// the link. For the player who made it, its lobby socket keeps them in the lobby (the link
// stands while they are there) and takes them to the game as soon as it is accepted.
import { goToGame, liveSocket } from "./api.js";
import { drawPosition } from "./board.js";
import { gettext } from "./i18n.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const status = document.getElementById("invite-status");
const holder = document.querySelector("[data-invite-board]");

if (data.fen && holder) {
  drawPosition(holder, {
    variant: data.variant, fen: data.fen,
    label: gettext("%(game)s: the position the game starts from", { game: data.variant.name }),
  });
}

function tell(open) {
  status.textContent = open
    ? gettext("Waiting for someone to accept. Keep this page or the lobby open: leaving both withdraws the invitation.")
    : gettext("This invitation is no longer open.");
}

if (status) {
  liveSocket("/ws/lobby/", {
    onMessage(message) {
      if (message.type === "game_started") {
        goToGame(message.game);
      } else if (message.type === "challenges") {
        tell(message.outgoing.some((challenge) => challenge.id === data.challenge));
      } else if (message.type === "challenge" && message.challenge.id === data.challenge) {
        tell(message.challenge.state === "open");
      }
    },
  });
}
