// The projector (docs/venue.md): one screen at a time, sized to the wall, turned every few seconds, so a
// long list pages itself and nobody scrolls; the round clock counts down to the round's deadline. It
// follows the tournament's push topic and, on each update, reads the page again and swaps its content
// (the same view the server draws), keeping the page it was on.
import { followTournament } from "./venue_live.js";
import { countdown, t } from "./strings.js";

let root = document.getElementById("projector");
const id = root.dataset.tournament;
const seconds = Number(root.dataset.seconds) || 12;
let pages = [];
let current = 0;

function capacity(screen, rows) {
  // How many rows of this screen fit below the header: by the first row's height, times the columns
  // a grid list lays out side by side.
  const first = rows[0];
  const top = screen.getBoundingClientRect().top;
  const head = screen.querySelector("thead");
  const used = top + (head ? head.getBoundingClientRect().height : 0) + screen.querySelector("h2").offsetHeight;
  const free = window.innerHeight - used - 24;
  const height = Math.max(1, first.getBoundingClientRect().height);
  const list = first.parentElement;
  const perColumn = Math.max(1, Math.floor(free / height));
  if (getComputedStyle(list).display !== "grid") return perColumn;
  // A list in columns reads down each column (A to Z), then on to the next: as many rows as fit.
  list.style.gridAutoFlow = "column";
  list.style.gridTemplateRows = `repeat(${perColumn}, auto)`;
  return perColumn * getComputedStyle(list).gridTemplateColumns.split(" ").length;
}

function layout() {
  // The screens as pages: [screen, its rows, first, end] for each slice of rows that fits.
  const screens = [...root.querySelectorAll("section.screen")];
  pages = [];
  for (const screen of screens) {
    screen.hidden = false;
    const rows = [...root.querySelectorAll(screen.dataset.rows)];
    rows.forEach((row) => (row.hidden = false));
    if (!rows.length) {
      pages.push([screen, rows, 0, 0]);
      screen.hidden = true;
      continue;
    }
    const size = capacity(screen, rows);
    for (let start = 0; start < rows.length; start += size) pages.push([screen, rows, start, start + size]);
    screen.hidden = true;
  }
  if (current >= pages.length) current = 0;
  show();
}

function show() {
  if (!pages.length) return;
  const [screen, rows, start, end] = pages[current];
  for (const other of root.querySelectorAll("section.screen")) other.hidden = other !== screen;
  rows.forEach((row, i) => (row.hidden = i < start || i >= end));
  const label = document.getElementById("page-of");
  label.textContent = pages.length > 1 ? `${current + 1} / ${pages.length}` : "";
  root.dataset.page = String(current);
  root.dataset.pages = String(pages.length);
}

function turn() {
  current = pages.length ? (current + 1) % pages.length : 0;
  show();
}

function tick() {
  const clock = document.getElementById("clock");
  const deadline = clock && clock.dataset.deadline;
  if (!deadline) return;
  const left = countdown(deadline);
  clock.textContent = left ? t("Round ends in {time}", { time: left }) : t("Time is up");
  clock.classList.toggle("late", !left);
}

async function refresh() {
  // Read the page again and swap the projector's content (its rows, clock and screens).
  const answer = await fetch(location.pathname + location.search, { headers: { Accept: "text/html" } });
  if (!answer.ok) return;
  const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = doc.getElementById("projector");
  if (!fresh) return;
  root.replaceWith(document.adoptNode(fresh));
  root = fresh;
  root.dataset.refreshed = String(Number(document.body.dataset.refreshes || 0) + 1);
  document.body.dataset.refreshes = root.dataset.refreshed;
  tick();
  layout();
}


layout();
tick();
setInterval(tick, 1000);
setInterval(turn, seconds * 1000);
window.addEventListener("resize", layout);
document.body.dataset.refreshes = "0";
followTournament(id, Number(root.dataset.version), refresh);
