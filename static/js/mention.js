// @name in the forum's text boxes (a reply, a new topic, an edit): as a name is typed after "@",
// the players whose names start so are offered under the box (GET /api/users/?q=, a moment
// after the typing stops); ↓ and ↑ choose one, Enter or Tab (or a click) writes it whole with a
// space after, Escape closes the list. To a screen reader the box names its list (aria-controls)
// and the name chosen in it (aria-activedescendant), and a polite line says how many are
// offered. The server finds the names in a post (forum/tells.py MENTION): this is typing help.
import { api } from "./api.js";
import { gettext, ngettext } from "./i18n.js";

const SUGGEST_AFTER_MS = 200;
// A name being typed just before the caret: "@" at the start of a line or after a space or an
// opening mark (as the server reads them), then two characters or more of a name.
const TYPED = /(?:^|[\s(\[,;!?"'«])@([A-Za-z0-9][A-Za-z0-9_-]{1,19})$/;

/** Returns the name being typed before `caret` in `text` ({start: the "@"'s index, name}),
 * or null when the caret is not at the end of one. */
export function typedName(text, caret) {
  const found = TYPED.exec(text.slice(0, caret));
  if (!found) return null;
  return { start: caret - found[1].length - 1, name: found[1] };
}

/** Returns `text` with the name typed from `start` (its "@") to `caret` written as `name`,
 * a space after it, and where the caret goes: {text, caret}. */
export function withName(text, start, caret, name) {
  const after = text.slice(caret);
  const written = `@${name}${after.startsWith(" ") ? "" : " "}`;
  return {
    text: text.slice(0, start) + written + after,
    caret: start + written.length + (after.startsWith(" ") ? 1 : 0),
  };
}

let lists = 0; // ids of the page's lists

/** Offers the names as `box` is typed in. */
export function attachMentions(box) {
  const list = document.createElement("ul");
  lists += 1;
  list.id = `mention-list-${lists}`;
  list.className = "mention-list";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", gettext("Players"));
  list.dataset.testid = "mention-list";
  list.hidden = true;
  const said = document.createElement("span");
  said.className = "visually-hidden";
  said.setAttribute("aria-live", "polite");
  (box.closest("label") || box).after(list, said);
  box.setAttribute("aria-autocomplete", "list");
  box.setAttribute("aria-controls", list.id);

  let timer = null;
  let asked = null; // the name last asked for
  let typed = null; // {start, name} the list is for
  let active = -1;

  function options() {
    return [...list.children];
  }

  function close() {
    list.hidden = true;
    list.replaceChildren();
    said.textContent = "";
    box.removeAttribute("aria-activedescendant");
    typed = null;
    active = -1;
  }

  function choose(index) {
    active = index;
    options().forEach((option, at) => option.setAttribute("aria-selected", String(at === index)));
    if (index >= 0) box.setAttribute("aria-activedescendant", options()[index].id);
  }

  function pick(name) {
    const caret = box.selectionStart;
    const done = withName(box.value, typed.start, caret, name);
    box.value = done.text;
    box.setSelectionRange(done.caret, done.caret);
    close();
    box.focus();
  }

  function show(names) {
    if (!names.length) {
      close();
      return;
    }
    list.replaceChildren(...names.map((name, at) => {
      const option = document.createElement("li");
      option.id = `${list.id}-${at}`;
      option.setAttribute("role", "option");
      option.textContent = `@${name}`;
      option.dataset.name = name;
      return option;
    }));
    list.hidden = false;
    said.textContent = ngettext(
      "%(n)s player offered: arrows to choose, Enter to write it.",
      "%(n)s players offered: arrows to choose, Enter to write one.",
      names.length,
    );
    choose(0);
  }

  async function suggest() {
    const now = typedName(box.value, box.selectionStart);
    if (!now) {
      asked = null;
      close();
      return;
    }
    if (now.name === asked && !list.hidden) {
      typed = now;
      return;
    }
    asked = now.name;
    let found = [];
    try {
      found = await api("GET", `/api/users/?q=${encodeURIComponent(now.name)}`);
    } catch {
      found = []; // too many asked, or not the start of a name: nothing to offer
    }
    const still = typedName(box.value, box.selectionStart);
    if (!still || still.name !== now.name) return; // typed on meanwhile
    typed = still;
    show(found.map((player) => player.username));
  }

  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, SUGGEST_AFTER_MS);
  });
  box.addEventListener("keydown", (event) => {
    if (list.hidden) return;
    const count = options().length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      choose((active + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if ((event.key === "Enter" || event.key === "Tab") && active >= 0) {
      event.preventDefault();
      pick(options()[active].dataset.name);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  // A press on a name writes it; the box keeps the focus (mousedown, not click).
  list.addEventListener("mousedown", (event) => {
    const option = event.target.closest("[role=option]");
    if (!option) return;
    event.preventDefault();
    pick(option.dataset.name);
  });
  box.addEventListener("blur", () => setTimeout(close, 100));
}

if (typeof document !== "undefined") {
  for (const box of document.querySelectorAll("textarea[data-mentions]")) attachMentions(box);
}
