// An invite link's page, for the player who made it. Its lobby socket keeps them in the lobby
// (the link stands while they are there) and takes them to the game as soon as it is accepted.
import { goToGame, liveSocket } from "./api.js";
import { gettext } from "./i18n.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const status = document.getElementById("invite-status");

function tell(open) {
  status.textContent = open
    ? gettext("Waiting for someone to accept. Keep this page or the lobby open: leaving both withdraws the invitation.")
    : gettext("This invitation is no longer open.");
}

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
