// The lobby: open seeks, kept current by push (the `lobby` topic); offer a game; accept someone's.
// When another player accepts one of your seeks, the page takes you to the new match.
import { Live, every } from "./live.js";
import { api, getToken, me } from "./session.js";
import { countdown, t } from "./strings.js";
import { gameOf, terms, timeControl } from "./terms.js";

const $ = (id) => document.getElementById(id);
const style = new URLSearchParams(location.search).get("style") || "italian";
let profile = null;
let seeks = [];
let mine = new Set(); // ids of my seeks seen open

function say(text) {
  $("lobby-status").textContent = text;
}

function playUrl(matchId) {
  return `/web/play/${encodeURIComponent(matchId)}?style=${encodeURIComponent(style)}`;
}

function render() {
  const list = $("seeks");
  list.replaceChildren();
  $("no-seeks").hidden = seeks.length > 0;
  for (const seek of seeks) {
    const li = document.createElement("li");
    li.dataset.seek = seek.id;
    const who = document.createElement("strong");
    who.textContent = seek.by.name;
    const what = document.createElement("span");
    what.textContent = terms(seek);
    const left = document.createElement("span");
    left.className = "muted expires";
    left.dataset.expires = seek.expires_at;
    li.append(who, what, left);
    const own = profile && seek.by.player_id === profile.id;
    if (profile) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = own ? "secondary withdraw" : "accept";
      button.textContent = own ? t("Withdraw") : t("Play");
      button.setAttribute("aria-label", own ? t("Withdraw your seek") : t("Play {name}", { name: seek.by.name }));
      button.addEventListener("click", () => (own ? withdraw(seek) : accept(seek)));
      li.append(button);
    }
    list.append(li);
  }
  tick();
}

function tick() {
  document.querySelectorAll("#seeks .expires").forEach((node) => {
    const left = countdown(node.dataset.expires);
    node.textContent = left ? t("open for {left}", { left }) : t("expired");
  });
}

async function update(page) {
  seeks = page.items || [];
  render();
  if (!profile) return;
  const open = new Set(seeks.filter((s) => s.by.player_id === profile.id).map((s) => s.id));
  const gone = [...mine].filter((id) => !open.has(id));
  mine = open;
  for (const id of gone) await taken(id);
}

async function taken(id) {
  // One of my seeks left the lobby: the seek names the match that took it, if someone accepted it.
  const seek = await api("GET", `/lobby/seeks/${encodeURIComponent(id)}`);
  if (seek.status === "taken" && seek.match_id) {
    say(t("Your game was accepted: to the table…"));
    location.assign(playUrl(seek.match_id));
  }
}

async function accept(seek) {
  try {
    const match = await api("POST", `/lobby/seeks/${encodeURIComponent(seek.id)}/accept`);
    location.assign(playUrl(match.id));
  } catch (err) {
    say(t("Could not join: {reason}", { reason: err.message }));
  }
}

async function withdraw(seek) {
  try {
    await api("DELETE", `/lobby/seeks/${encodeURIComponent(seek.id)}`);
    mine.delete(seek.id);
    seeks = seeks.filter((s) => s.id !== seek.id);
    render();
    say(t("Your seek was withdrawn."));
  } catch (err) {
    say(t("Could not withdraw: {reason}", { reason: err.message }));
  }
}

$("seek-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData($("seek-form"));
  const body = { game: gameOf($("seek-form")), preset: data.get("preset"), rated: data.get("rated") === "on" };
  if (data.get("target")) body.target = Number(data.get("target"));
  const clock = timeControl(data.get("clock"));
  if (clock) body.time_control = clock;
  try {
    const seek = await api("POST", "/lobby/seeks", body);
    mine.add(seek.id);
    if (!seeks.some((s) => s.id === seek.id)) seeks = [seek, ...seeks];
    render();
    say(t("Your game is offered: waiting for someone to accept."));
  } catch (err) {
    say(t("Could not offer the game: {reason}", { reason: err.message }));
  }
});

async function start() {
  if (getToken()) {
    try {
      profile = await me();
      $("seek-panel").hidden = false;
      $("sign-in-first").hidden = true;
    } catch {
      profile = null;
    }
  }
  const read = () => api("GET", "/lobby/seeks");
  try {
    await update(await read());
  } catch (err) {
    say(t("Could not load the lobby: {reason}", { reason: err.message }));
  }
  if (profile) mine = new Set(seeks.filter((s) => s.by.player_id === profile.id).map((s) => s.id));
  const live = new Live();
  live.onState = (up) => ($("live-state").textContent = up ? t("live") : t("reconnecting…"));
  live.follow("lobby", (page) => update(page), every(10, read));
  setInterval(tick, 1000);
}

start();
