// The playable table: the player's own seat view from the JSON API, moves as buttons, the opponent
// followed by long-polling. Only the player's token (from sessionStorage) is ever sent, as a header.
import { cardBack, cardImage, cardName } from "./cards.js";
import { ApiError, api, clearToken, getToken, me, setToken } from "./session.js";

const root = document.getElementById("play");
const matchId = root.dataset.match;
const style = root.dataset.style || "italian";
const $ = (id) => document.getElementById(id);
const WAIT_SECONDS = 20;
const KIND = { take: "takes", fifteen: "makes fifteen with", ace_sweep: "sweeps the table:" };

let current = null; // the latest answer about the match
let busy = false;
let timer = null;

function say(text) {
  $("status").textContent = text;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function names(list) {
  return list.map((code) => cardName(code, style)).join(", ");
}

function describeMove(move) {
  const played = cardName(move.card, style);
  if (!move.take.length) return `Lay ${played} on the table`;
  const verb = KIND[move.kind] || "takes";
  return `${played} ${verb} ${names(move.take)}${move.sweeps ? " (scopa)" : ""}`;
}

function invited(match) {
  return match.status === "pending" && !match.seats[match.your_seat].accepted;
}

function renderInvitation(box) {
  const text = document.createElement("p");
  text.textContent = "You are invited to this match.";
  box.appendChild(text);
  for (const [label, action] of [["Accept", "accept"], ["Decline", "decline"]]) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = action;
    button.className = action === "accept" ? "" : "secondary";
    button.textContent = label;
    button.addEventListener("click", () => respond(action));
    box.appendChild(button);
  }
}

async function respond(action) {
  try {
    render(await api("POST", `/matches/${encodeURIComponent(matchId)}/${action}`));
  } catch (err) {
    say(`Could not ${action}: ${err.message}`);
  }
  follow();
}

function renderMoves(match) {
  const box = $("moves");
  clear(box);
  const view = match.view;
  if (invited(match)) {
    renderInvitation(box);
    return;
  }
  if (match.status === "pending") {
    box.textContent = "Waiting for the other players to accept…";
    return;
  }
  if (match.status !== "active") return;
  if (!view.your_turn) {
    const waiting = document.createElement("p");
    waiting.className = "muted";
    waiting.textContent = `Waiting for ${match.seats[match.turn].name}…`;
    box.appendChild(waiting);
    return;
  }
  view.legal_moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-choice";
    button.dataset.index = String(i);
    button.setAttribute("aria-label", describeMove(move));
    button.appendChild(cardImage(move.card, style));
    if (move.take.length) {
      const arrow = document.createElement("span");
      arrow.className = "arrow";
      arrow.textContent = move.sweeps ? "sweeps" : "takes";
      arrow.setAttribute("aria-hidden", "true");
      button.appendChild(arrow);
      move.take.forEach((code) => button.appendChild(cardImage(code, style)));
    } else {
      const label = document.createElement("span");
      label.className = "arrow";
      label.textContent = "lay down";
      label.setAttribute("aria-hidden", "true");
      button.appendChild(label);
    }
    button.querySelectorAll("img").forEach((img) => (img.alt = ""));
    button.addEventListener("click", () => play(move));
    box.appendChild(button);
  });
}

function renderSeats(match) {
  const box = $("opponents");
  clear(box);
  const view = match.view;
  match.seats.forEach((seat, i) => {
    if (i === match.your_seat) return;
    const section = document.createElement("section");
    section.className = "seat" + (view.turn === i ? " to-move" : "");
    section.setAttribute("aria-label", seat.name);
    const h = document.createElement("h2");
    h.textContent = `${seat.name}${view.dealer === i ? " (dealer)" : ""}`;
    section.appendChild(h);
    const cards = document.createElement("div");
    cards.className = "cards";
    const shown = (view.revealed_hands || {})[String(i)];
    if (shown) shown.forEach((code) => cards.appendChild(cardImage(code, style)));
    else for (let n = 0; n < view.hand_sizes[i]; n++) cards.appendChild(cardBack(style));
    section.appendChild(cards);
    box.appendChild(section);
  });
}

function renderScores(match) {
  const view = match.view;
  const table = $("scores");
  clear(table);
  const head = table.createTHead().insertRow();
  ["Side", "Score", "Pile", "Scope"].forEach((t) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = t;
    head.appendChild(th);
  });
  const body = table.createTBody();
  view.scores.forEach((score, side) => {
    const row = body.insertRow();
    const who = match.seats.filter((s, i) => i % view.sides === side).map((s) => s.name);
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = who.join(" & ") + (view.side === side ? " (you)" : "");
    row.appendChild(th);
    [score, view.pile_sizes[side], view.scope[side]].forEach((v) => (row.insertCell().textContent = String(v)));
  });
}

function render(match) {
  current = match;
  const view = match.view;
  $("game").hidden = false;
  $("game").dataset.version = String(match.version);
  $("signin").hidden = true;
  clear($("table"));
  view.table.forEach((code) => $("table").appendChild(cardImage(code, style)));
  $("stock").textContent = `· deal ${view.deal} · stock ${view.stock}`;
  clear($("hand"));
  view.hand.forEach((code) => $("hand").appendChild(cardImage(code, style)));
  renderSeats(match);
  renderScores(match);
  const last = view.last_move;
  $("last-move").textContent = last
    ? `Last move: ${match.seats[last.seat].name} played ${cardName(last.card, style)}` +
      (last.take.length ? ` and took ${names(last.take)}` : "") +
      (last.scopa ? ". Scopa!" : ".")
    : "";
  renderMoves(match);
  $("resign").hidden = match.status !== "active";
  if (match.status === "finished") {
    const won = match.result.winners.includes(match.seats[match.your_seat].player_id);
    say(`The match is over: you ${won ? "won" : "lost"} ${match.result.scores.join("-")} (${match.result.reason.replace("_", " ")}).`);
    $("game").dataset.finished = "true";
  } else if (match.status !== "active") {
    say(`The match is ${match.status}.`);
  } else {
    say(view.your_turn ? "Your turn: choose a move." : `${match.seats[match.turn].name} to play.`);
  }
  startClock(match);
}

function startClock(match) {
  clearInterval(timer);
  const clock = $("clock");
  if (match.status !== "active" || !match.deadline) {
    clock.textContent = "";
    return;
  }
  const deadline = Date.parse(match.deadline);
  const tick = () => {
    const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
    const d = Math.floor(left / 86400);
    const h = Math.floor((left % 86400) / 3600);
    const m = Math.floor((left % 3600) / 60);
    const s = String(left % 60).padStart(2, "0");
    const days = d === 1 ? "1 day" : `${d} days`;
    const text = d ? `${days} ${h} h ${m} min` : h ? `${h} h ${m} min` : `${m}:${s}`;
    clock.textContent = `${match.view.your_turn ? "Your" : "Their"} time to move: ${text}`;
  };
  tick();
  timer = setInterval(tick, 1000);
}

async function play(move) {
  if (busy || !current) return;
  busy = true;
  $("moves").querySelectorAll("button").forEach((b) => (b.disabled = true));
  say("Playing…");
  try {
    const answer = await api(
      "POST",
      `/matches/${encodeURIComponent(matchId)}/moves`,
      { card: move.card, take: move.take, version: current.version },
      { "Idempotency-Key": `${matchId}-v${current.version}` },
    );
    render(answer);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      render(await fetchMatch());
    } else {
      say(`That move was refused: ${err.message}`);
      renderMoves(current);
    }
  } finally {
    busy = false;
  }
  focusMoves();
  follow();
}

function focusMoves() {
  const first = $("moves").querySelector("button");
  if (first) first.focus();
}

async function fetchMatch(afterVersion) {
  const query = afterVersion === undefined ? "" : `?after_version=${afterVersion}&wait=${WAIT_SECONDS}`;
  return api("GET", `/matches/${encodeURIComponent(matchId)}${query}`);
}

let following = false;
async function follow() {
  // Long-poll while it is someone else's turn; stop on our turn or at the end.
  if (following) return;
  following = true;
  try {
    let failures = 0;
    const waiting = () =>
      (current.status === "active" && !current.view.your_turn) ||
      (current.status === "pending" && !invited(current));
    while (current && waiting() && failures < 30) {
      try {
        const answer = await fetchMatch(current.version);
        failures = 0;
        if (answer.version !== current.version) render(answer);
      } catch (err) {
        failures += 1;
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
    if (current && current.view.your_turn) focusMoves();
  } finally {
    following = false;
  }
}

async function start() {
  if (!getToken()) {
    $("signin").hidden = false;
    return;
  }
  try {
    const profile = await me();
    const match = await fetchMatch();
    if (match.your_seat === null) {
      say(`${profile.name} does not play in this match.`);
      $("game").hidden = false;
      return;
    }
    render(match);
    follow();
    focusMoves();
  } catch (err) {
    if (err.status === 401) {
      clearToken();
      $("signin").hidden = false;
    } else {
      $("game").hidden = false;
      say(`Could not load the match: ${err.message}`);
    }
  }
}

$("signin-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("signin-form").elements.token;
  setToken(input.value.trim());
  input.value = "";
  start();
});

$("resign").addEventListener("click", async () => {
  if (!current || !confirm("Resign this match?")) return;
  try {
    render(await api("POST", `/matches/${encodeURIComponent(matchId)}/resign`));
  } catch (err) {
    say(`Could not resign: ${err.message}`);
  }
});

start();
