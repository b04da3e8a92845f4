// The organizer's results grid (docs/venue.md): keyboard first. One line, "7 11-7" then Enter, enters
// table 7's score (PUT .../score, confirmed at once and audited with the reason); several games follow
// one another ("7 11-7 9-11 11-4"); "7 f1" forfeits the first player ("f2" the second, "f0" both); words
// after the score are the reason, which a disputed table must be given. The grid shows each table's
// state, disputes highlighted, and follows the tournament's push topic.
import { Keys, followTournament } from "./venue_live.js";
import { api } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = $("results");
const id = root.dataset.tournament;
const number = root.dataset.round;
const base = `/tournaments/${encodeURIComponent(id)}`;
const rows = new Map([...document.querySelectorAll("#grid tbody tr")].map((r) => [Number(r.dataset.table), r]));
const states = new Map();
const keys = new Keys(); // Idempotency-Keys of the entries not answered yet
const say = (text, bad = false) => {
  $("results-status").textContent = text;
  $("results-status").classList.toggle("error", bad);
};

const shown = (games) => (games || []).map(([a, b]) => `${a}-${b}`).join(" ");

export function parse(line) {
  // "7 11-7 9-11 lost the sheet" -> {table: 7, games: [[11, 7], [9, 11]], reason: "lost the sheet"}
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || !/^\d+$/.test(words[0])) return null;
  const out = { table: Number(words[0]), games: [], forfeit: null, reason: "" };
  let i = 1;
  const forfeit = /^f([012])$/i.exec(words[1]);
  if (forfeit) {
    out.forfeit = { 0: "both", 1: "first", 2: "second" }[forfeit[1]];
    i = 2;
  } else {
    for (; i < words.length; i++) {
      const game = /^(\d+)[-:/](\d+)$/.exec(words[i]);
      if (!game) break;
      out.games.push([Number(game[1]), Number(game[2])]);
    }
    if (!out.games.length) return null;
  }
  out.reason = words.slice(i).join(" ");
  return out;
}

function show(x) {
  const row = rows.get(x.table);
  if (!row) return;
  const state = x.mode === "online" ? "online" : x.state || (x.result ? "confirmed" : "waiting");
  states.set(x.table, state);
  row.className = state;
  row.dataset.state = state;
  row.querySelector(".state-cell").textContent = t(state);
  const score = x.score;
  const result = x.result ? x.result.join("-") : "";
  row.querySelector(".score-cell").textContent = score ? `${shown(score)} (${result})` : result;
  const names = [x.first.name, x.second.name];
  row.querySelector(".reports-cell").textContent = (x.reports || [])
    .map((r) => `${names[r.side]}: ${shown(r.games)}`)
    .join(" · ");
}

function tally() {
  const counts = {};
  for (const s of states.values()) counts[s] = (counts[s] || 0) + 1;
  $("tally").textContent = t("{done} of {all} tables confirmed, {disputed} disputed", {
    done: counts.confirmed || 0,
    all: rows.size,
    disputed: counts.disputed || 0,
  });
  root.dataset.confirmed = String(counts.confirmed || 0);
}

async function load() {
  const rnd = await api("GET", `${base}/rounds/${number}`);
  rnd.tables.forEach(show);
  tally();
}

async function enter(line) {
  const found = parse(line);
  if (!found) return say(t("Type a table and a score, as \"7 11-7\"."), true), false;
  const row = rows.get(found.table);
  if (!row) return say(t("There is no table {n} in this round.", { n: found.table }), true), false;
  if (states.get(found.table) === "disputed" && !found.reason)
    return say(t("Table {n} is disputed: type the reason after the score.", { n: found.table }), true), false;
  const reason = found.reason || $("reason").value.trim() || t("entered at the desk");
  const body = found.forfeit ? { forfeit: found.forfeit, reason } : { games: found.games, reason };
  const path = `${base}/rounds/${number}/tables/${found.table}/score`;
  try {
    const x = await api("PUT", path, body, { "Idempotency-Key": keys.of({ path, body }) });
    keys.answered({ path, body });
    show(x);
    tally();
    document.querySelectorAll("#grid tr.last-entered").forEach((r) => r.classList.remove("last-entered"));
    row.classList.add("last-entered");
    say(t("Table {n}: {score}.", { n: found.table, score: found.forfeit ? t("forfeit") : shown(found.games) }));
    return true;
  } catch (err) {
    if (err.status) keys.answered({ path, body }); // refused: a new request next time
    say(t("Table {n}: {reason}", { n: found.table, reason: err.message }), true);
    return false;
  }
}

const closing = $("close-form");
if (closing)
  closing.addEventListener("submit", async (event) => {
    event.preventDefault();
    const absent = [...closing.querySelectorAll("input[name=absent]:checked")].map((box) => box.value);
    const reason = closing.elements.reason.value.trim();
    const body = { absent, reason };
    try {
      await api("POST", `${base}/rounds/${number}/close`, body, { "Idempotency-Key": keys.of({ close: body }) });
      keys.answered({ close: body });
      say(t("Round {n} is closed.", { n: number }));
      root.dataset.closed = "true";
      await load();
    } catch (err) {
      if (err.status) keys.answered({ close: body });
      say(t("Could not close the round: {reason}", { reason: err.message }), true);
    }
  });

const form = $("command-form");
if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("command");
    const line = input.value;
    input.value = ""; // the next table can be typed while this one is sent
    const done = await enter(line);
    if (!done && !input.value) input.value = line; // kept to be fixed
    root.dataset.entered = String(Number(root.dataset.entered || 0) + (done ? 1 : 0));
  });
  load().catch((err) => say(t("Could not read the round: {reason}", { reason: err.message }), true));
  followTournament(id, Number(root.dataset.version), load, 10);
}
