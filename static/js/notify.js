// Challenges on the site's pages away from the lobby (and from a game): a challenge made to
// you shows at the corner of the page, live, to accept or decline there; accepting, or a game
// of yours starting, takes you to the game. A notice can be put away (×) without answering it:
// the challenge still stands in the lobby; a put-away notice stays away on this page. A player
// you follow starting a game shows too, with a link to watch it, a private message to you,
// with a link to answer it (the unread count beside the account menu follows), a team's
// answer to your ask to join it, and a reply to a forum topic you started or a post naming you.
import {
  api, challengeText, declinedText, el, followingText, goToGame, liveSocket, withLink, yourTurnText,
} from "./api.js";
import { gettext } from "./i18n.js";
import { messageLine, showUnread } from "./inbox_badge.js";
import { applyChallenge } from "./wire.js";

const box = document.getElementById("challenge-notices");
const me = box.dataset.username;
// The games' names in the page's language, where the page gives them (id -> name); else a
// challenge is named by the name the server sent with it.
const names = JSON.parse(box.dataset.variantNames || "{}");
let challenges = { incoming: [], outgoing: [] };
const dismissed = new Set();  // the challenges whose notices the viewer put away

// The notices are fixed over the foot of the screen: while one shows, the page's foot makes
// room for them (site.css `body.has-notices`), as tall as they are, whatever comes and goes.
// A custom property set through the CSSOM, not a style attribute: the CSP allows the one only.
function makeRoom() {
  const shown = box.childElementCount > 0;
  document.body.classList.toggle("has-notices", shown);
  document.body.style.setProperty("--notices-height", `${shown ? box.offsetHeight : 0}px`);
}
new ResizeObserver(makeRoom).observe(box);

/** Returns the × that puts a notice away (the challenge itself is left standing). */
function dismissButton(card, onDismiss) {
  return el("button", {
    type: "button",
    class: "notice-dismiss",
    "aria-label": gettext("Dismiss this notice"),
    title: gettext("Dismiss (the challenge stays in the lobby)"),
    onclick: () => {
      onDismiss();
      card.remove();
    },
  }, "×");
}

async function answer(challenge, action, card) {
  for (const button of card.querySelectorAll("button")) button.disabled = true;
  try {
    const result = await api("POST", `/api/challenges/${challenge.id}/${action}/`);
    if (action === "accept") goToGame(result.game);
  } catch (error) {
    card.querySelector(".challenge-error").textContent = error.message;
    for (const button of card.querySelectorAll("button")) button.disabled = false;
  }
}

function render(incoming) {
  box.replaceChildren(
    ...incoming.filter((challenge) => !dismissed.has(challenge.id)).map((challenge) => {
      const card = el("div", { class: "challenge-card", role: "alert", "data-challenge": challenge.id });
      card.append(
        dismissButton(card, () => dismissed.add(challenge.id)),
        el("p", {}, challengeText(challenge, names)),
        el("div", { class: "challenge-actions" },
          el("button", { class: "button button-small", onclick: () => answer(challenge, "accept", card) }, gettext("Accept")),
          el("button", { class: "button button-secondary button-small", onclick: () => answer(challenge, "decline", card) }, gettext("Decline"))),
        el("p", { class: "challenge-error error-line", role: "alert" }),
      );
      return card;
    }),
  );
}

liveSocket("/ws/me/", {
  onMessage(message) {
    if (message.type === "challenges") {
      challenges = { incoming: message.incoming, outgoing: message.outgoing };
      render(challenges.incoming);
    } else if (message.type === "challenge") {
      challenges = applyChallenge(challenges, message.challenge, me);
      render(challenges.incoming);
      showDeclined(message.challenge);
    }
    else if (message.type === "game_started") goToGame(message.game);
    else if (message.type === "your_turn") showTurn(message);
    else if (message.type === "following_game") showFollowing(message);
    else if (message.type === "message") showMessage(message);
    else if (message.type === "inbox_read") showUnread(message.unread);
    else if (message.type === "team_answer") showTeamAnswer(message);
    else if (message.type === "forum_reply" || message.type === "forum_mention") showForumPost(message);
    if (["team_answer", "forum_reply", "forum_mention"].includes(message.type)) countNotice();
  },
});

// A challenge of the viewer's that its player declined: said once, in a notice of its own.
function showDeclined(challenge) {
  if (challenge.challenger !== me || challenge.state !== "declined" || !challenge.to) return;
  const card = el("div", { class: "challenge-card", role: "status", "data-testid": "challenge-declined" },
    el("p", {}, declinedText(challenge)));
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

// A correspondence game became yours to move: a notice with a link to it.
function showTurn(message) {
  box.querySelector(`[data-turn="${message.game}"]`)?.remove();
  const card = el("div", { class: "challenge-card", role: "status", "data-turn": message.game, "data-testid": "your-turn-notice" },
    el("p", {}, el("a", { href: `/game/${message.game}/` }, yourTurnText(message.opponent))));
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

document.addEventListener("chesskers:inbox-read", (event) => showUnread(event.detail.unread));

// A private message, the viewer's or to them: handed to the page (a conversation's page shows
// it: inbox.js); one to them counts as unread and, unless its conversation is open here, shows
// a notice with its start and a link to answer.
function showMessage({ message, unread }) {
  document.dispatchEvent(new CustomEvent("chesskers:message", { detail: { message } }));
  if (message.to !== me) return;
  if (unread !== undefined) showUnread(unread);
  if (document.body.dataset.conversationWith?.toLowerCase() === message.from.toLowerCase()) return;
  const card = el("div", { class: "challenge-card", role: "status", "data-testid": "message-notice" },
    el("p", {}, messageLine(message)),
    el("a", { href: `/inbox/${encodeURIComponent(message.from)}/` }, gettext("Answer")));
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

// A team's leader answered the viewer's ask to join: in, with a link to the team, or turned down.
function showTeamAnswer(message) {
  const team = message.name;
  const said = message.accepted
    ? el("p", {}, ...withLink(gettext("You are in %(team)s now. %(link)s", { team }),
      el("a", { href: `/team/${message.team}/` }, gettext("Open the team"))))
    : el("p", {}, gettext("%(team)s turned down your ask to join.", { team }));
  const card = el("div", { class: "challenge-card", role: "status", "data-testid": "team-notice" }, said);
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

// A player you follow started a game (not one of yours): a notice once per game, to watch it.
function showFollowing(message) {
  if (message.white === me || message.black === me) return;
  if (box.querySelector(`[data-following-game="${message.game}"]`)) return;
  const card = el("div", { class: "challenge-card", role: "status", "data-following-game": message.game,
    "data-testid": "following-notice" },
  el("p", {}, ...withLink(followingText(message),
    el("a", { href: `/game/${message.game}/` }, gettext("Watch")))));
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

// Someone replied to a forum topic the viewer started, or named them in a post: a notice with a
// link to the post.
function showForumPost(message) {
  const params = { player: message.from, title: message.title };
  const said = message.type === "forum_reply"
    ? gettext("%(player)s replied to “%(title)s”. %(link)s", params)
    : gettext("%(player)s mentioned you in “%(title)s”. %(link)s", params);
  const link = el("a", { href: message.url },
    message.type === "forum_reply" ? gettext("Read the reply") : gettext("Read the post"));
  const card = el("div", { class: "challenge-card", role: "status", "data-testid": "forum-notice" },
    el("p", {}, ...withLink(said, link)));
  card.prepend(dismissButton(card, () => {}));
  box.append(card);
}

// A notice kept for the viewer (community.notices) arrived: one more unread beside the bell
// and the menu's *Notices* (base.html's `[data-notice-count]`), until the notices page is read.
function countNotice() {
  for (const badge of document.querySelectorAll("[data-notice-count]")) {
    badge.textContent = String((Number(badge.textContent) || 0) + 1);
    badge.hidden = false;
  }
}
