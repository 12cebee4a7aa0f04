// A topic's page, live: its socket (/ws/forum/<topic id>/) tells it of each reply, edit, removal
// and new title as it is made, and of the topic closed, opened again, pinned, unpinned or
// deleted by a moderator.
// A reply that belongs on this page is read from the server, drawn for this reader as the page
// draws its posts (forum/edges/views.py, topic_posts), and added at the end of the list; an
// edited or removed post shown here is drawn again; replies past this page are announced under
// the list with the way to the latest; the count of posts follows. A moderator's act is said
// under the posts, with the way on. The reply box is never touched: a half-written reply stays
// as it is. The socket carries numbers only; without it the page is what the server drew, and a
// reload shows the rest. A reader taken out of the team whose topic it is is told so. Every
// open page hears a change at the same moment, so each reads it at a random moment of the next
// two seconds, with whatever else it heard meanwhile (gather.js).
import { liveSocket } from "./api.js";
import { createGatherer } from "./gather.js";
import { gettext, ngettext } from "./i18n.js";

const list = document.querySelector("[data-testid=forum-posts]");
const notice = document.querySelector("[data-testid=topic-new-replies]");
const heading = document.querySelector("[data-testid=topic-heading]");
const state = document.querySelector("[data-testid=topic-state]");
const count = document.querySelector("[data-testid=topic-post-count]");
const pinned = document.querySelector("[data-testid=topic-pinned]");
// The socket's refusals (then closed by the server): trying again cannot help.
const REFUSED = new Set(["forbidden", "not_found"]);

/** Returns the posts numbered `from` to `to` as the server draws them for this reader. */
async function drawn(postsUrl, from, to) {
  const response = await fetch(`${postsUrl}?from=${from}&to=${to}`, {
    headers: { Accept: "text/html" },
  });
  if (!response.ok) return [];
  const holder = document.createElement("template");
  holder.innerHTML = await response.text();
  return [...holder.content.querySelectorAll("li.forum-post")];
}

/** Puts a post the server drew in its place: over the one it replaces, else at the end. */
function place(post) {
  const shown = document.getElementById(`p${post.dataset.post}`);
  if (shown) shown.replaceWith(post);
  else list.append(post);
}

function retitle(title) {
  const before = heading.textContent;
  if (!title || title === before) return;
  heading.textContent = title;
  if (document.title.startsWith(before)) {
    document.title = title + document.title.slice(before.length);
  }
  const field = document.querySelector("[data-testid=title-text]");
  if (field && document.activeElement !== field) field.value = title;
}

/** Says what a moderator did to the topic: `words`, then a link (`href`, `text`). */
function tellState(words, href, text) {
  const link = document.createElement("a");
  link.href = href;
  link.textContent = text;
  state.replaceChildren(words, " ", link);
  state.hidden = false;
}

function follow(data) {
  const perPage = Number(data.perPage);
  const lastHere = Number(data.page) * perPage; // the last number this page holds
  const drawnUpTo = Number(data.posts); // the topic's posts when the page was drawn
  let known = drawnUpTo; // ... and now, as far as the page has heard
  let work = Promise.resolve(); // one read at a time, in the order heard

  function queue(task) {
    work = work.then(task).catch(() => {}); // a read that failed: a reload shows it
  }

  const want = createGatherer((from, to) =>
    queue(async () => (await drawn(data.postsUrl, from, to)).forEach(place)),
  );

  function announce(posts) {
    const later = posts - Math.max(lastHere, drawnUpTo);
    const latest = `${data.topicUrl}?page=${Math.ceil(posts / perPage)}#p${posts}`;
    const link = document.createElement("a");
    link.href = latest;
    link.dataset.testid = "topic-new-replies-link";
    link.textContent = gettext("Read the latest");
    notice.replaceChildren(
      ngettext(
        "%(n)s new reply on a later page of the topic.",
        "%(n)s new replies on later pages of the topic.",
        later,
      ),
      " ",
      link,
    );
    notice.hidden = false;
  }

  function grown(posts) {
    if (!(posts > known)) return;
    const from = known + 1;
    known = posts;
    count.textContent = ngettext("%(posts)s post", "%(posts)s posts", posts, { posts });
    if (from <= lastHere) {
      const to = Math.min(posts, lastHere);
      want(Array.from({ length: to - from + 1 }, (_, index) => from + index));
    }
    if (posts > lastHere) announce(posts);
  }

  function redraw(number) {
    if (!document.getElementById(`p${number}`)) return; // not on this page
    want([number]);
  }

  const socket = liveSocket(`/ws/forum/${data.topic}/`, {
    onMessage: (message) => {
      if (message.type === "topic") {
        retitle(message.title);
        grown(message.posts); // what was written before the socket heard the topic
      } else if (message.type === "post") {
        grown(message.number);
      } else if (message.type === "edited" || message.type === "removed") {
        redraw(message.number);
      } else if (message.type === "title") {
        retitle(message.title);
      } else if (message.type === "pinned") {
        pinned.hidden = !message.pinned;
      } else if (message.type === "closed") {
        tellState(
          message.closed
            ? gettext("The topic is closed: no more replies.")
            : gettext("The topic is open again."),
          data.topicUrl,
          gettext("Reload the page"),
        );
      } else if (message.type === "deleted") {
        tellState(gettext("The topic was deleted."), message.forum, gettext("Back to the forum"));
        socket.close();
      } else if (message.type === "error" && REFUSED.has(message.code)) {
        // No longer the reader's to hear (out of the team whose topic it is), or gone: said
        // under the posts, and nothing more will come.
        tellState(message.error, data.forumsUrl, gettext("Back to the forum"));
        socket.close();
      }
    },
  });
}

if (list && list.dataset.topic) follow(list.dataset);
