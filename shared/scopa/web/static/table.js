// What the shared table (play.js) and the games' scripts draw alike: the sides in the player's order,
// their names, table cells.
import { t } from "./strings.js";

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

export function sideOrder(match) {
  // Every score lists the player's own side first.
  const sides = match.view.sides || match.seats.length;
  const mine = match.view.side ?? (match.your_seat === null ? 0 : match.your_seat % sides);
  return [mine, ...[...Array(sides).keys()].filter((s) => s !== mine)];
}

export function sideName(match, side) {
  const sides = match.view.sides || match.seats.length;
  if (match.your_seat !== null && side === match.your_seat % sides) return t("You");
  return match.seats.filter((s, i) => i % sides === side).map((s) => s.name).join(" & ");
}

export function cell(row, text, header = false) {
  const c = document.createElement(header ? "th" : "td");
  if (header) c.scope = row.parentNode && row.parentNode.tagName === "THEAD" ? "col" : "row";
  c.textContent = String(text);
  row.appendChild(c);
  return c;
}
