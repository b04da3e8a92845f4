// A table's phone page (docs/venue.md): the state of the table's in-person result; a seated player
// reports the score (games) or confirms the opponent's report. The server decides who may: the page only
// offers what makes sense for the signed-in player. A report carries an Idempotency-Key kept until it is
// answered, so a retry on a flaky venue network is never applied twice. Follows the tournament's push topic.
import { followTournament, newKey } from "./venue_live.js";
import { api, getToken, me } from "./session.js";
import { t, when } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = $("report");
const id = root.dataset.tournament;
const number = root.dataset.round;
const tableNo = Number(root.dataset.table);
const games = Number(root.dataset.games);
const base = `/tournaments/${encodeURIComponent(id)}`;
const tablePath = `${base}/rounds/${number}/tables/${tableNo}`;
let mySide = null; // "first" | "second" | null
let names = ["", ""]; // the two sides' names
let pendingKey = null; // the Idempotency-Key of the report being sent, with its body
const say = (text, bad = false) => {
  $("report-status").textContent = text;
  $("report-status").classList.toggle("error", bad);
};

function shown(list) {
  return list.map(([a, b]) => `${a}-${b}`).join(", ");
}

function render(x) {
  const online = x.mode === "online";
  const state = online ? "online" : x.state || (x.result ? "confirmed" : "waiting");
  const badge = $("state");
  badge.textContent = t(state);
  badge.className = `state state-${state}`;
  root.dataset.state = state;
  const score = x.score;
  $("score-line").hidden = !score;
  if (score) $("score").textContent = shown(score);
  const reports = x.reports || [];
  $("reports").replaceChildren(
    ...reports.map((r) => {
      const li = document.createElement("li");
      const who = names[r.side];
      li.textContent = t("{who} reported {score}", { who, score: shown(r.games) }) + ` · ${when(r.at)}`;
      return li;
    }),
  );
  const open = !online && state !== "confirmed" && !x.result;
  const game = $("online-game");
  game.hidden = !(online && x.games.length);
  if (online && x.games.length) game.href = `/web/matches/${encodeURIComponent(x.games[x.games.length - 1])}`;
  $("report-form").hidden = !(mySide && open);
  const mine = mySide === "first" ? 0 : 1;
  const byOpponent = reports.some((r) => r.side !== mine) && !reports.some((r) => r.side === mine);
  $("confirm").hidden = !(mySide && state === "reported" && byOpponent);
}

async function load() {
  const rnd = await api("GET", `${base}/rounds/${number}`);
  const x = rnd.tables.find((table) => table.table === tableNo);
  if (!x) return say(t("This table is not in the round."), true);
  names = [x.first.name, x.second.name];
  render(x);
  return x;
}

async function whoAmI(x) {
  if (!getToken()) return null;
  let profile;
  try {
    profile = await me();
  } catch {
    return null;
  }
  if ([x.first.id].includes(profile.id)) return "first";
  if ([x.second.id].includes(profile.id)) return "second";
  const entries = (await api("GET", `${base}/entries`)).entries; // a pair's entrant id is not a player id
  const mine = entries.find((e) => e.players.includes(profile.id));
  if (mine && mine.id === x.first.id) return "first";
  if (mine && mine.id === x.second.id) return "second";
  return null;
}

function typedGames() {
  const form = $("report-form");
  const out = [];
  for (let g = 0; g < games; g++) {
    const a = form.elements[`g${g}a`].value;
    const b = form.elements[`g${g}b`].value;
    if (a === "" && b === "") continue;
    out.push([Number(a), Number(b)]);
  }
  return out;
}

$("report-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = { games: typedGames() };
  const text = JSON.stringify(body);
  if (!pendingKey || pendingKey.text !== text) pendingKey = { key: newKey(), text };
  const button = event.submitter || $("report-form").querySelector("button");
  button.disabled = true;
  try {
    const x = await api("POST", `${tablePath}/reports`, body, { "Idempotency-Key": pendingKey.key });
    pendingKey = null;
    say(t("Reported {score}.", { score: shown(body.games) }));
    render(x);
  } catch (err) {
    if (err.status && err.status < 500) pendingKey = null;
    say(t("Could not report: {reason}", { reason: err.message }), true);
  } finally {
    button.disabled = false;
  }
});

$("confirm").addEventListener("click", async () => {
  $("confirm").disabled = true;
  try {
    const x = await api("POST", `${tablePath}/confirm`);
    say(t("Confirmed."));
    render(x);
  } catch (err) {
    say(t("Could not confirm: {reason}", { reason: err.message }), true);
  } finally {
    $("confirm").disabled = false;
  }
});

async function start() {
  const x = await load();
  if (!x) return;
  mySide = await whoAmI(x);
  $("not-seated").hidden = Boolean(mySide);
  render(x);
  followTournament(id, Number(root.dataset.version), load, 10);
}

start().catch((err) => say(t("Could not load the table: {reason}", { reason: err.message }), true));
