// The playable table: the player's own seat view from the JSON API, kept current by push (live.js, with
// a long-poll fallback). A move is chosen by tapping a hand card and then the table cards it takes, or by
// the explicit move buttons (keyboard, screen readers). Only the player's token is ever sent, as a header.
// What differs between games (the table, the moves, the score's columns, the count between deals) is the
// game's script's, found by the match's game (games.js): this file never names a game.
import { cardBack, cardImage } from "./cards.js";
import { scriptFor } from "./games.js";
import { Live } from "./live.js";
import { ApiError, api, clearToken, getToken, me, setToken } from "./session.js";
import { countdown, t } from "./strings.js";
import { cell, clear, sideName, sideOrder } from "./table.js";

const root = document.getElementById("play");
const matchId = root.dataset.match;
const style = root.dataset.style || "italian";
const topic = `match:${matchId}`;
const $ = (id) => document.getElementById(id);
const WAIT_SECONDS = 20;
const STEP_MS = 700; // how long each of several new moves stays highlighted before the next

let current = null; // the latest answer about the match
let busy = false;
let timer = null;
let live = null;
let shownCount = null; // the deal whose count the player closed
let sequence = 0;
let movesUrl = null; // links.moves of the latest answer that had one: in AWS, the API function's URL for moves
let movesUrlDown = false; // that URL could not be reached once: moves go to the API's path from then on

const REASONS = () => ({
  resigned: t("a player resigned"),
  timeout: t("a player ran out of time"),
  round_deadline: t("the round's deadline passed"),
  no_show: t("a player did not show up"),
  withdrawn: t("a player withdrew"),
  corrected: t("an organizer corrected the result"),
});

function say(text) {
  $("status").textContent = text;
}

function me_(match) {
  return match.seats[match.your_seat];
}

function reasonText(game, reason) {
  return REASONS()[reason] || game.reasons()[reason] || reason.replaceAll("_", " ");
}

function invited(match) {
  if (match.status !== "pending" || match.your_seat === null) return false;
  if (Array.isArray(match.awaiting)) {
    return match.awaiting.includes(me_(match).player_id) && match.awaiting_action !== "move";
  }
  return !me_(match).accepted;
}

function renderInvitation(box) {
  const text = document.createElement("p");
  text.textContent = t("You are invited to this match.");
  box.appendChild(text);
  for (const [label, action] of [[t("Accept"), "accept"], [t("Decline"), "decline"]]) {
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
    show(await api("POST", `/matches/${encodeURIComponent(matchId)}/${action}`));
  } catch (err) {
    say(t("Could not answer: {reason}", { reason: err.message }));
  }
}

function yourTurn(match) {
  return match.status === "active" && match.view && match.view.your_turn;
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
    const waiting = (match.awaiting || []).map((id) => match.seats.find((s) => s.player_id === id)?.name || id);
    box.textContent = waiting.length
      ? t("Waiting for {names} to accept…", { names: waiting.join(", ") })
      : t("Waiting for the other players to accept…");
    return;
  }
  if (match.status !== "active") return;
  if (!view.your_turn) {
    const waiting = document.createElement("p");
    waiting.className = "muted";
    waiting.textContent = t("Waiting for {name}…", { name: match.seats[match.turn].name });
    box.appendChild(waiting);
    return;
  }
  scriptFor(match).renderMoves(match, box, context(match));
  // A push can show the next turn before the answer to this player's move arrives: its moves wait,
  // disabled, for that answer (a tap now would be dropped by play()).
  if (busy) box.querySelectorAll("button").forEach((b) => (b.disabled = true));
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
    h.textContent = view.dealer === i ? t("{name} (dealer)", { name: seat.name }) : seat.name;
    section.appendChild(h);
    const cards = document.createElement("div");
    cards.className = "cards";
    const shown = (view.revealed_hands || {})[String(i)] || (view.open_hands || [])[i]; // open_hands: scoperta
    if (shown) shown.forEach((code) => cards.appendChild(cardImage(code, style)));
    else for (let n = 0; n < (view.hand_sizes || [])[i]; n++) cards.appendChild(cardBack(style, t("a face-down card")));
    section.appendChild(cards);
    box.appendChild(section);
  });
}

function renderScores(match) {
  const view = match.view;
  const order = sideOrder(match);
  const table = $("scores");
  clear(table);
  if (!view.scores) {
    $("score-line").textContent = ""; // a pending match: nothing is dealt, nothing scored
    return;
  }
  const head = table.createTHead().insertRow();
  const game = scriptFor(match);
  game.scoreHeaders().forEach((text) => cell(head, text, true));
  const body = table.createTBody();
  order.forEach((side) => {
    const row = body.insertRow();
    row.dataset.side = String(side);
    cell(row, sideName(match, side), true);
    game.scoreRow(match, side).forEach((v) => cell(row, v));
  });
  // the short score always in view beside the cards (the table above is the full one)
  $("score-line").textContent = order.map((side) => `${sideName(match, side)} ${view.scores[side]}`).join(" · ");
}

function renderCount(match) {
  // Between deals (or games): the count of the one just finished, as the game shows it, until the player
  // closes it.
  const box = $("count");
  const game = scriptFor(match);
  const done = game.finished(match);
  if (!done || shownCount === done.number) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  game.renderCount(match, done, style);
}

function hideCount() {
  const done = current && scriptFor(current).finished(current);
  if (done) shownCount = done.number;
  $("count").hidden = true;
  focusMoves();
}

function context(match) {
  // What a game's script may ask of the table: the deck style, whether the player may move now, how to
  // play a move and how to draw the table again (after a tap that chose part of a move).
  return {
    style,
    mine: yourTurn(match) && !busy,
    play,
    busy: () => busy,
    current: () => current,
    redraw: () => renderCards(current),
  };
}

function renderCards(match, highlight) {
  scriptFor(match).renderTable(match, context(match), highlight);
}

function showMoves(match, moves) {
  // The opponent's move and the bot's reply one after the other, each highlighted for a moment.
  const ticket = ++sequence;
  const steps = moves.length ? moves : [match.view.last_move].filter(Boolean);
  const last = steps[steps.length - 1] || null;
  const describe = (move) => scriptFor(match).describe(match, move, style);
  const stepOne = (i) => {
    if (ticket !== sequence) return;
    const move = steps[i];
    $("last-move").textContent = move ? describe(move) : "";
    renderCards(match, i === steps.length - 1 ? last : move);
    if (i < steps.length - 1) setTimeout(() => stepOne(i + 1), STEP_MS);
  };
  if (!steps.length) {
    $("last-move").textContent = "";
    renderCards(match, null);
  } else stepOne(0);
}

function show(match) {
  const before = current;
  if (before && match.version < before.version) return;
  if (match.links && match.links.moves && !movesUrlDown) movesUrl = match.links.moves; // pushes carry none
  current = match;
  scriptFor(match).reset();
  const view = match.view || {};
  $("game").hidden = false;
  $("game").dataset.version = String(match.version);
  $("signin").hidden = true;
  renderSeats(match);
  renderScores(match);
  renderCount(match);
  showMoves(match, scriptFor(match).newMoves(before, match));
  renderMoves(match);
  $("resign").hidden = !(match.status === "active" || (match.status === "pending" && !invited(match)));
  $("resign").textContent = match.status === "pending" ? t("Withdraw") : t("Resign");
  if (match.status === "finished") {
    const result = match.result;
    const order = sideOrder(match);
    const won = result.winners.includes(me_(match).player_id);
    const scores = order.map((side) => result.scores[side]).join("-");
    say(
      (won ? t("The match is over: you won {scores}.", { scores }) : t("The match is over: you lost {scores}.", { scores })) +
        " " + t("Why: {reason}.", { reason: reasonText(scriptFor(match), result.reason) }),
    );
    $("game").dataset.finished = "true";
  } else if (match.status === "pending") {
    say(invited(match) ? t("You are invited to this match.") : t("Waiting for the other players to accept…"));
  } else if (match.status !== "active") {
    say(t("The match is {status}.", { status: t(match.status) }));
  } else {
    say(view.your_turn ? t("Your turn: choose a move.") : t("{name} to play.", { name: match.seats[match.turn].name }));
  }
  startClock(match);
  if (live) live.seen(topic, match.version);
  if (yourTurn(match) && (!before || !yourTurn(before))) focusMoves();
}

function startClock(match) {
  clearInterval(timer);
  const clock = $("clock");
  // A clock only when one was asked for (`timed`): none in a casual game against a bot.
  if (match.status !== "active" || !match.deadline || match.timed !== true) {
    clock.textContent = "";
    clock.hidden = true;
    return;
  }
  clock.hidden = false;
  const tick = () => {
    const left = countdown(match.deadline) || "0 s";
    clock.textContent = match.view.your_turn
      ? t("Your time to move: {left}", { left })
      : t("Their time to move: {left}", { left });
  };
  tick();
  timer = setInterval(tick, 1000);
}

async function play(move) {
  if (busy || !current) return;
  busy = true;
  $("moves").querySelectorAll("button").forEach((b) => (b.disabled = true));
  say(t("Playing…"));
  try {
    const answer = await postMove(
      { card: move.card, take: move.take || [], version: current.version },
      { "Idempotency-Key": `${matchId}-v${current.version}` },
    );
    busy = false;
    show(answer);
    if (current !== answer) {
      renderCards(current); // a push had shown a later version: enable its moves now
      renderMoves(current);
    }
  } catch (err) {
    busy = false;
    if (err instanceof ApiError && err.status === 409) {
      show(await fetchMatch());
    } else {
      say(t("That move was refused: {reason}", { reason: err.message }));
      scriptFor(current).reset();
      renderCards(current);
      renderMoves(current);
    }
  } finally {
    busy = false;
  }
}

async function postMove(body, headers) {
  // To the match's move link when an answer gave one (a URL that serves moves only), else to the API's
  // path; there too when the link cannot be reached (the same Idempotency-Key makes the retry safe).
  if (movesUrl) {
    try {
      return await api("POST", movesUrl, body, headers);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      movesUrl = null;
      movesUrlDown = true;
    }
  }
  return api("POST", `/matches/${encodeURIComponent(matchId)}/moves`, body, headers);
}

function focusMoves() {
  const first = $("moves").querySelector("button");
  if (first && $("count").hidden) first.focus();
}

async function fetchMatch(afterVersion) {
  const query = afterVersion === undefined ? "" : `?after_version=${afterVersion}&wait=${WAIT_SECONDS}`;
  return api("GET", `/matches/${encodeURIComponent(matchId)}${query}`);
}

async function longPoll(version) {
  // The fallback while the socket cannot open: wait for the next version (a player's own moves do not
  // need it, but an opponent's and the end of the match do).
  if (current && !["active", "pending"].includes(current.status)) {
    await new Promise((r) => setTimeout(r, 30000));
    return null;
  }
  const answer = await fetchMatch(Math.max(version, 0));
  return { version: answer.version, data: answer };
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
      say(t("{name} does not play in this match.", { name: profile.name }));
      $("game").hidden = false;
      return;
    }
    show(match);
    live = live || new Live();
    // only this seat's own view: an anonymous (spectator) view is never drawn as the player's table
    live.follow(topic, (data) => data.your_seat === match.your_seat && show(data), longPoll, match.version);
    focusMoves();
  } catch (err) {
    if (err.status === 401) {
      clearToken();
      $("signin").hidden = false;
    } else {
      $("game").hidden = false;
      say(t("Could not load the match: {reason}", { reason: err.message }));
    }
  }
}

$("signin-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = $("signin-form");
  setToken(form.elements.token.value.trim(), form.elements.remember.checked);
  form.elements.token.value = "";
  start();
});

$("count-close").addEventListener("click", hideCount);

$("resign").addEventListener("click", async () => {
  if (!current) return;
  const pending = current.status === "pending";
  if (!confirm(pending ? t("Withdraw this challenge?") : t("Resign this match?"))) return;
  try {
    show(await api("POST", `/matches/${encodeURIComponent(matchId)}/${pending ? "withdraw" : "resign"}`));
  } catch (err) {
    say(t("Could not resign: {reason}", { reason: err.message }));
  }
});

start();
