// Private messages on any page: the count of unread ones beside the account menu and its
// *Inbox* (base.html's `[data-inbox-count]`), kept as the sockets tell it (hidden at none); the
// line a notice gives a message; whether a message belongs to the conversation a page shows.

/** Shows `count` unread messages in every badge of the page. */
export function showUnread(count) {
  for (const badge of document.querySelectorAll("[data-inbox-count]")) {
    badge.textContent = count ? String(count) : "";
    badge.hidden = !count;
  }
}

/** Returns the words that tell of a message: "alice: Good game!", its text cut at 80. */
export function messageLine(message) {
  const text = message.text.length > 80 ? `${message.text.slice(0, 80)}…` : message.text;
  return `${message.from}: ${text}`;
}

/** Returns whether `message` belongs to the conversation between `me` and `other` (names in
 * any case, as the server finds them). */
export function inConversation(message, me, other) {
  const lower = (name) => name.toLowerCase();
  return (lower(message.from) === lower(me) && lower(message.to) === lower(other))
    || (lower(message.from) === lower(other) && lower(message.to) === lower(me));
}
