// The game page's chat box, drawn from the chat model (chat_model.js): the title, the lines (each
// line's words as text, never as HTML, so a link or a tag in a line stays words), a report
// button on other people's lines, the box to type in and a player's phrases. It decides nothing:
// its buttons call the handlers game.js gives it.
import {
  chatTitle, emptyText, phrasesShown, reportable,
} from "./chat_model.js";
import { gettext, pgettext } from "./i18n.js";

// A report's reasons: the API's value and the words shown.
const REASONS = [
  ["abuse", () => gettext("Abuse")],
  ["spam", () => gettext("Spam")],
  ["cheat", () => gettext("Cheating")],
  ["other", () => pgettext("report reason", "Other")],
];

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Creates the chat box inside `root`. `on`: send(text) (a line typed or a phrase), report(index,
 * reason), toggleReport(index). Returns {render(chat, status, me), sent(text)}.
 */
export function createChatView(root, on) {
  root.replaceChildren();
  const title = element("h2", "chat-title");
  const list = element("ol", "chat-lines");
  list.dataset.testid = "chat-lines";
  list.setAttribute("aria-live", "polite");
  const empty = element("p", "muted chat-empty");
  const phrases = element("div", "chat-phrases");
  const form = element("form", "chat-form");
  form.autocomplete = "off";
  const input = element("input");
  input.name = "text";
  input.maxLength = 140;
  input.placeholder = gettext("Say something");
  input.setAttribute("aria-label", gettext("Chat line"));
  input.dataset.testid = "chat-input";
  const send = element("button", "button button-small", gettext("Send"));
  send.type = "submit";
  form.append(input, send);
  const error = element("p", "error-line");
  error.setAttribute("role", "alert");
  error.dataset.testid = "chat-error";
  root.append(title, list, empty, phrases, form, error);
  // The typed line stays in the box until the server sends it back: a refused line is not lost.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    on.send(input.value);
  });

  function reportForm(index) {
    const box = element("span", "chat-report-form");
    const select = element("select");
    select.setAttribute("aria-label", gettext("Why"));
    for (const [value, label] of REASONS) {
      const option = element("option", null, label());
      option.value = value;
      select.append(option);
    }
    const go = element("button", "button button-small", gettext("Report"));
    go.type = "button";
    go.dataset.testid = "chat-report-send";
    go.addEventListener("click", () => on.report(index, select.value));
    box.append(select, go);
    return box;
  }

  function lineItem(chat, line, index, me) {
    const item = element("li", `chat-line room-${line.room}`);
    item.dataset.user = line.user;
    const who = element("strong", "chat-user", line.user);
    const words = element("span", "chat-text", line.text); // text, never HTML
    item.append(who, ": ", words);
    if (chat.reported.has(index)) {
      item.append(" ", element("span", "muted", gettext("(reported)")));
    } else if (reportable(chat, line, me)) {
      const flag = element("button", "chat-flag", "⚑");
      flag.type = "button";
      flag.title = gettext("Report %(user)s's line to the moderators", { user: line.user });
      flag.setAttribute("aria-label", gettext("Report this line of %(user)s", { user: line.user }));
      flag.dataset.testid = "chat-report";
      flag.addEventListener("click", () => on.toggleReport(index));
      item.append(" ", flag);
      if (chat.reporting === index) item.append(reportForm(index));
    }
    return item;
  }

  return {
    render(chat, status, me) {
      root.hidden = !chat.on;
      if (!chat.on) return;
      title.textContent = chatTitle(chat, status);
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      list.replaceChildren(...chat.lines.map((line, index) => lineItem(chat, line, index, me)));
      if (atEnd) list.scrollTop = list.scrollHeight;
      empty.hidden = chat.lines.length > 0;
      empty.textContent = emptyText(chat, status);
      form.hidden = !chat.canWrite;
      phrases.replaceChildren(...phrasesShown(chat).map((phrase) => {
        const button = element("button", "button button-secondary button-small", phrase);
        button.type = "button";
        button.addEventListener("click", () => on.send(phrase));
        return button;
      }));
      error.textContent = chat.error || "";
    },
    /** Empties the box when the line it holds came back said (`text`, as the server has it). */
    sent(text) {
      if (input.value.trim() === text) input.value = "";
    },
  };
}
