// The page's strings in its language: the page carries them (JSON in a meta tag) and scripts look them
// up by their English text, with {name} placeholders filled from `values`.
const block = document.querySelector('meta[name="scopa-strings"]');
const STRINGS = block ? JSON.parse(block.content) : {};

export function t(message, values = {}) {
  const text = STRINGS[message] ?? message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

export const lang = document.documentElement.lang || "en";

export function when(iso) {
  // A date and time in the page's language, the browser's time zone.
  return new Date(iso).toLocaleString(lang === "it" ? "it-IT" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  });
}

export function countdown(iso, now = Date.now()) {
  // "4 min 05 s", "2 h 10 min", "1 d 3 h" until `iso`; "" once it is past.
  const left = Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
  if (!left) return "";
  const d = Math.floor(left / 86400);
  const h = Math.floor((left % 86400) / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, "0");
  if (d) return t("{d} d {h} h", { d, h });
  if (h) return t("{h} h {m} min", { h, m });
  return t("{m} min {s} s", { m, s });
}
