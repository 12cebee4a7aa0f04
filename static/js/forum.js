// A forum topic's Quote buttons: the post's words, each line marked ">" under a line naming its
// author and number, go to the end of the reply box, which takes the focus. The server draws
// such lines as a quotation (forum/templatetags/forum.py, post_body).
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

for (const button of document.querySelectorAll("[data-quote]")) {
  button.addEventListener("click", () => {
    if (!box) return;
    const before = box.value.trimEnd();
    box.value = `${before ? `${before}\n\n` : ""}${quoted(button)}\n\n`;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  });
}
