// Translations for the ES modules: Django's JavaScript catalogue (/jsi18n/, loaded by base.html
// before any module) defines django.gettext and friends for the page's language. Without it (in
// node's tests, or a page that does not load it) every string stays as written, in English.
//
// `manage.py makemessages -d djangojs` finds the strings by these functions' names, so call them
// by name with a literal: gettext("Your turn"), ngettext("%(n)s ply", "%(n)s plies", n).

const catalogue = () => globalThis.django;

/** Fills %(name)s placeholders from `params` (a string left as is when there are none). */
export function format(text, params) {
  if (!params) return text;
  return text.replace(/%\(([a-z_]+)\)s/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Returns `msgid` in the page's language, its %(name)s placeholders filled from `params`. */
export function gettext(msgid, params) {
  const django = catalogue();
  return format(django ? django.gettext(msgid) : msgid, params);
}

/** Returns the singular or plural (by the language's rule for `n`), placeholders filled;
 * `n` is also offered as %(n)s. */
export function ngettext(singular, plural, n, params) {
  const django = catalogue();
  const text = django ? django.ngettext(singular, plural, n) : n === 1 ? singular : plural;
  return format(text, { n: formatNumber(n), ...params });
}

/** Returns `msgid` as meant in `context` (the same English word translated two ways). */
export function pgettext(context, msgid, params) {
  const django = catalogue();
  return format(django ? django.pgettext(context, msgid) : msgid, params);
}

/** The page's language (the <html lang> Django wrote), for Intl's dates and numbers. */
export function language() {
  return globalThis.document?.documentElement?.lang || "en";
}

/** Returns `n` written as the page's language writes numbers (1,500 / 1 500 / 1.500). */
export function formatNumber(n, options) {
  return new Intl.NumberFormat(language(), options).format(n);
}

/** Returns a date (a Date or ISO string) and, unless `dateOnly`, its time, in the page's
 * language. */
export function formatDate(value, { dateOnly = false } = {}) {
  const date = value instanceof Date ? value : new Date(value);
  const options = dateOnly ? { dateStyle: "medium" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(language(), options).format(date);
}
