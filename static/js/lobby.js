// The lobby page: open seeks and challenges, kept live over /ws/lobby/.
import {
  api, challengeText, colorLabel, declinedText, el, goToGame, liveSocket, outgoingText, withLink,
} from "./api.js";
import { formatNumber, gettext, pgettext } from "./i18n.js";
import { buttonClock, controlLabel, formClock, speedLabel, wireClockForm } from "./timecontrol.js";
import { messageLine, showUnread } from "./inbox_badge.js";
import { pairingAsked } from "./new_opponent.js";
import { analysisHref } from "./placement.js";
import { wirePositionField } from "./position_field.js";
import { applyChallenge, changeList } from "./wire.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const me = data.username;
const variantNames = data.variants || {};
const seeksBody = document.getElementById("seeks");
const incomingList = document.getElementById("incoming");
const outgoingList = document.getElementById("outgoing");
const notice = document.getElementById("lobby-notice");
const BASE_TITLE = document.title;

// A rating with a "?" while it is provisional (deviation above 110); a rating is written
// without grouping, as players write it.
function ratingText(seek) {
  return `${formatNumber(seek.rating, { useGrouping: false })}${seek.provisional ? "?" : ""}`;
}

function say(text, kind = "error") {
  notice.textContent = text;
  notice.className = `notice ${kind}`;
  notice.hidden = !text;
}

async function act(method, url, body) {
  try {
    const result = await api(method, url, body);
    say("");
    return result;
  } catch (error) {
    say(error.message);
    return null;
  }
}


const seekFilter = document.getElementById("seek-filter");
let lastSeeks = [];

function renderSeeks(seeks) {
  lastSeeks = seeks;
  const speed = seekFilter?.value;
  const shown = speed ? seeks.filter((seek) => seek.speed === speed) : seeks;
  seeksBody.replaceChildren(
    ...shown.map((seek) => {
      const mine = seek.owner === me;
      // The seeker plays `color`; the acceptor gets the other side.
      const yours = colorLabel({ white: "black", black: "white", random: "random" }[seek.color]);
      let action;
      if (!me) action = el("a", { href: "/accounts/login/?next=/play/", class: "button button-small" }, gettext("Log in to play"));
      else if (mine)
        action = el("button", { class: "button button-secondary button-small", onclick: () => act("DELETE", `/api/seeks/${seek.id}/`) }, gettext("Cancel"));
      else
        action = el("button", {
          class: "button button-small",
          "data-testid": `accept-${seek.owner}`,
          onclick: async () => {
            const result = await act("POST", `/api/seeks/${seek.id}/accept/`);
            if (result) goToGame(result.game);
          },
        }, gettext("Play"));
      return el("tr", { "data-seek": seek.id, class: mine ? "is-mine" : "" },
        el("td", {}, el("a", { href: `/@/${seek.owner}` }, seek.owner), " ",
          el("span", { class: "rating", "data-testid": `rating-${seek.owner}` }, ratingText(seek))),
        // The labels name the cells where a narrow box shows a row as a card (site.css).
        el("td", { "data-label": gettext("They play") }, colorLabel(seek.color)),
        el("td", { "data-label": gettext("You play") }, mine ? "—" : yours),
        el("td", { "data-testid": `control-${seek.owner}` }, controlLabel(seek.control), " ",
          el("small", {}, speedLabel(seek.speed))),
        el("td", { "data-testid": `seek-game-${seek.owner}` },
          el("span", { class: "seek-game" }, variantNames[seek.variant] || seek.variant),
          ` · ${seek.rated ? pgettext("game", "Rated") : pgettext("game", "Casual")}`),
        el("td", { class: "cell-action" }, action));
    }),
  );
  document.getElementById("no-seeks").hidden = shown.length > 0;
  renderQuick();
}

let challenges = { incoming: [], outgoing: [] };

// A challenge from a position: the position on the analysis board, to look at before answering.
function positionLink(challenge) {
  return el("a", { href: analysisHref(challenge.variant, challenge.fen), target: "_blank",
    "data-testid": "challenge-position" }, gettext("See the position"));
}

function renderChallenges({ incoming, outgoing }) {
  challenges = { incoming, outgoing };
  if (!incomingList) return; // a visitor's lobby has no challenges box
  incomingList.replaceChildren(
    ...incoming.map((c) =>
      el("li", { "data-challenge": c.id },
        el("span", {}, challengeText(c, variantNames)),
        ...(c.fen ? [positionLink(c)] : []),
        el("button", { class: "button button-small", onclick: async () => {
          const result = await act("POST", `/api/challenges/${c.id}/accept/`);
          if (result) goToGame(result.game);
        } }, gettext("Accept")),
        el("button", { class: "button button-secondary button-small", onclick: () => act("POST", `/api/challenges/${c.id}/decline/`) }, gettext("Decline")))),
  );
  outgoingList.replaceChildren(
    ...outgoing.map((c) =>
      el("li", { "data-challenge": c.id },
        el("span", { "data-testid": "outgoing-text" }, ...(c.to ? [outgoingText(c, variantNames)]
          : withLink(gettext("Invite link: %(link)s"),
            el("a", { href: `/invite/${c.id}/` }, `${location.origin}/invite/${c.id}/`)))),
        el("button", { class: "button button-secondary button-small", onclick: () => act("POST", `/api/challenges/${c.id}/decline/`) }, gettext("Cancel")))),
  );
  document.getElementById("challenges-box").hidden = incoming.length + outgoing.length === 0;
  // The tab's title counts the challenges waiting for an answer, for a lobby in the back.
  document.title = incoming.length ? `(${incoming.length}) ${BASE_TITLE}` : BASE_TITLE;
}

// A challenge of mine that was declined: said once, where the lobby's words go.
function toldOfChallenge(challenge) {
  if (challenge.challenger === me && challenge.state === "declined" && challenge.to) {
    say(declinedText(challenge), "info");
  }
}

const handlers = {
  seeks: (message) => renderSeeks(message.seeks),
  seeks_changed: (message) => renderSeeks(changeList(lastSeeks, message.added, message.removed)),
  challenges: (message) => {
    renderChallenges(message);
    // The connection's lists are sent once it hears everything (as the game page's flag).
    document.body.dataset.live = "open";
  },
  challenge: (message) => {
    renderChallenges(applyChallenge(challenges, message.challenge, me));
    toldOfChallenge(message.challenge);
  },
  game_started: (message) => goToGame(message.game),
  // A private message to me: told where the lobby's words go, its count beside the menu.
  message: ({ message, unread }) => {
    if (message.to !== me) return;
    showUnread(unread);
    say(messageLine(message), "info");
  },
  inbox_read: (message) => showUnread(message.unread),
  error: (message) => say(message.error),
  pong: () => {},
};

renderSeeks(data.seeks);
renderChallenges(data.challenges);
liveSocket("/ws/lobby/", {
  onMessage: (message) => handlers[message.type]?.(message),
  onStatus: (status) => {
    document.body.classList.toggle("is-offline", status === "offline");
    if (status === "offline") document.body.dataset.live = "closed";
  },
});

seekFilter?.addEventListener("change", () => renderSeeks(lastSeeks));
wireClockForm();

for (const button of document.querySelectorAll("[data-seek-color]")) {
  button.addEventListener("click", () =>
    act("POST", "/api/seeks/", {
      color: button.dataset.seekColor,
      rated: document.getElementById("seek-rated").checked,
      variant: document.getElementById("seek-variant").value,
      clock: formClock(),
    }));
}

// Quick pairing: accept a standing seek of that game and control if there is one, else post one.
// While the viewer's own seek of it stands, the button says so and cancels it: one seek each,
// never a second on a second click.
function quickSeek(button) {
  const clock = JSON.stringify(buttonClock(button));
  const variant = document.getElementById("seek-variant").value;
  return lastSeeks.find((seek) => seek.owner === me && seek.variant === variant
    && JSON.stringify(seek.clock) === clock);
}

function renderQuick() {
  for (const button of document.querySelectorAll("[data-quick]")) {
    const mine = me ? quickSeek(button) : null;
    button.classList.toggle("is-searching", Boolean(mine));
    button.setAttribute("aria-pressed", String(Boolean(mine)));
    const label = button.querySelector("[data-searching]");
    if (label) label.hidden = !mine;
  }
}

for (const button of document.querySelectorAll("[data-quick]")) {
  button.addEventListener("click", async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const mine = quickSeek(button);
      if (mine) {
        await act("DELETE", `/api/seeks/${mine.id}/`);
        return;
      }
      await pairLike({
        variant: document.getElementById("seek-variant").value,
        clock: buttonClock(button),
        rated: document.getElementById("seek-rated").checked,
      });
    } finally {
      button.disabled = false;
    }
  });
}

// Pairs the viewer for a game of `variant` and `clock`: an opponent's standing seek of it is
// accepted (with `sameMode`, only one as rated as asked), else a seek of it is posted, unless
// the viewer's own already stands.
async function pairLike({ variant, clock, rated }, { sameMode = false } = {}) {
  const like = (seek) => seek.variant === variant
    && JSON.stringify(seek.clock) === JSON.stringify(clock) && (!sameMode || seek.rated === rated);
  if (lastSeeks.some((seek) => seek.owner === me && like(seek))) return;
  const same = lastSeeks.find((seek) => seek.owner !== me && like(seek));
  if (same) {
    const result = await act("POST", `/api/seeks/${same.id}/accept/`);
    if (result) goToGame(result.game);
    return;
  }
  await act("POST", "/api/seeks/", { color: "random", rated, variant, clock });
}

// *New opponent* on a finished game's page comes here with the seek in the address: paired
// once, the address then cleaned so that a reload seeks nothing more.
const asked = me ? pairingAsked(location.search) : null;
if (asked) {
  history.replaceState(null, "", location.pathname);
  const picker = document.getElementById("seek-variant");
  if (picker && [...picker.options].some((option) => option.value === asked.variant)) {
    picker.value = asked.variant;
  }
  pairLike(asked, { sameMode: true }).then(renderQuick);
}
document.getElementById("seek-variant")?.addEventListener("change", renderQuick);

const challengeForm = document.getElementById("challenge-form");

// A start position given (the editor's or the analysis board's *Challenge a friend*, or typed).
const showPosition = challengeForm && wirePositionField(challengeForm,
  document.getElementById("challenge-position-note"), document.getElementById("challenge-position-link"));

challengeForm?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = new FormData(challengeForm);
  const to = String(form.get("to") || "").trim();
  const fen = String(form.get("fen") || "").trim();
  const result = await act("POST", "/api/challenges/", {
    to: to || null,
    color: form.get("color"),
    rated: !fen && form.get("rated") === "on",
    variant: form.get("variant"),
    clock: formClock(),
    fen: fen || null,
  });
  if (result) {
    say(to ? gettext("Challenge sent to %(user)s.", { user: result.to })
      : gettext("Invite link: %(link)s", { link: result.url }), "info");
    challengeForm.reset();
    showPosition();
  }
});
