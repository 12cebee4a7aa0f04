// A conversation's page (/inbox/<name>/): its messages, the newest at the foot; older ones on
// demand; the box to write in (Enter sends, Shift+Enter starts a line). A message arrives live
// from the page's /ws/me/ socket, which notify.js holds and hands on as a `chesskers:message`
// event; one of theirs seen here is marked read at once. The server says what may be sent and
// why not (GET/POST/DELETE /api/inbox/<name>/, POST …/read/).
import { api, el } from "./api.js";
import { formatDate, gettext } from "./i18n.js";
import { inConversation } from "./inbox_badge.js";

const data = JSON.parse(document.getElementById("page-data").textContent);
const $ = (id) => document.getElementById(id);
const url = `/api/inbox/${encodeURIComponent(data.with)}/`;
const list = $("conversation-messages");
const shown = new Set(); // the ids on the page: a message sent here also comes back live
let owed = data.unread > 0; // messages of theirs shown here and not yet marked read
document.body.dataset.conversationWith = data.with; // notify.js shows no notice for these

function item(message) {
  const mine = message.from === data.me;
  return el("li", {
    class: `conversation-message${mine ? " is-mine" : ""}`,
    dataset: { id: String(message.id), testid: "conversation-message", from: message.from },
  },
  el("p", { class: "conversation-text" }, message.text),
  el("time", { class: "muted", datetime: message.at }, formatDate(message.at)));
}

function add(messages, { older = false } = {}) {
  const fresh = messages.filter((message) => !shown.has(message.id));
  for (const message of fresh) shown.add(message.id);
  const items = fresh.map(item);
  if (older) list.prepend(...items);
  else list.append(...items);
  $("conversation-empty").hidden = shown.size > 0;
  if (!older && items.length) items.at(-1).scrollIntoView({ block: "nearest" });
}

function status(text) {
  $("conversation-status").textContent = text;
}

async function markRead() {
  if (!owed || document.visibilityState !== "visible") return;
  owed = false;
  try {
    const answer = await api("POST", `${url}read/`);
    document.dispatchEvent(new CustomEvent("chesskers:inbox-read", { detail: answer }));
  } catch {
    owed = true; // marked read the next time the page is seen
  }
}

add(data.messages);
$("conversation-older").hidden = !data.more;
markRead();

$("conversation-older").addEventListener("click", async () => {
  const first = Math.min(...shown);
  try {
    const answer = await api("GET", `${url}?before=${first}`);
    add(answer.messages, { older: true });
    $("conversation-older").hidden = !answer.more;
  } catch (error) {
    status(error.message);
  }
});

const form = $("conversation-form");
const box = $("conversation-text");
async function send() {
  const text = box.value.trim();
  if (!text) return;
  form.querySelector("button").disabled = true;
  try {
    add([await api("POST", url, { text })]);
    box.value = "";
    status("");
  } catch (error) {
    status(error.message);
  } finally {
    form.querySelector("button").disabled = false;
    box.focus();
  }
}
form?.addEventListener("submit", (event) => {
  event.preventDefault();
  send();
});
box?.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    send();
  }
});

$("conversation-delete").addEventListener("click", async (event) => {
  const button = event.currentTarget;
  if (button.dataset.confirm !== "yes") {
    button.dataset.confirm = "yes";
    button.textContent = gettext("Delete it? Tap again");
    return;
  }
  try {
    await api("DELETE", url);
    location.href = "/inbox/";
  } catch (error) {
    status(error.message);
  }
});

document.addEventListener("chesskers:message", (event) => {
  const message = event.detail.message;
  if (!inConversation(message, data.me, data.with)) return;
  add([message]);
  if (message.from !== data.me) {
    owed = true;
    markRead();
  }
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") markRead();
});
