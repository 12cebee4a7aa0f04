// A forum topic's Quote buttons: the post's words, each line marked ">" under a line naming its
// author and number, go to the end of the reply box, which takes the focus. The server draws
// such lines as a quotation (forum/templatetags/forum.py, post_body). One listener for the whole
// list, so the posts the page adds as they are written (forum_live.js) quote as the others do.
import { gettext } from "./i18n.js";

const box = document.querySelector("[data-testid=reply-text]");

function quoted(button) {
  const post = button.closest(".forum-post");
  const words = post.querySelector(".forum-text").innerText.trim();
  const head = gettext("%(player)s wrote (#%(number)s):", {
    player: button.dataset.author || gettext("a closed account"),
    number: button.dataset.quote,
  });
  return [head, ...words.split("\n")].map((line) => `> ${line}`).join("\n");
}

document.querySelector("[data-testid=forum-posts]")?.addEventListener("click", (event) => {
  const button = event.target.closest("[data-quote]");
  if (!button || !box) return;
  const before = box.value.trimEnd();
  box.value = `${before ? `${before}\n\n` : ""}${quoted(button)}\n\n`;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
});
