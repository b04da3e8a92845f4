// The playable table: the player's own seat view from the JSON API, kept current by push (live.js, with
// a long-poll fallback). A move is chosen by tapping a hand card and then the table cards it takes, or by
// the explicit move buttons (keyboard, screen readers). Only the player's token is ever sent, as a header.
import { cardBack, cardImage, cardName } from "./cards.js";
import * as briscola from "./briscola.js";
import { Live } from "./live.js";
import { ApiError, api, clearToken, getToken, me, setToken } from "./session.js";
import { countdown, t } from "./strings.js";

const root = document.getElementById("play");
const matchId = root.dataset.match;
const style = root.dataset.style || "italian";
const topic = `match:${matchId}`;
const $ = (id) => document.getElementById(id);
const WAIT_SECONDS = 20;
const STEP_MS = 700; // how long each of several new moves stays highlighted before the next
const CATEGORIES = ["scope", "bonus", "cards", "coins", "settebello", "primiera", "re_bello",
  "settebello_di_coppe", "napola", "grande", "piccola"];

let current = null; // the latest answer about the match
let busy = false;
let timer = null;
let live = null;
let picked = null; // {card, take: Set} while the player taps cards
let shownCount = null; // the deal whose count the player closed
let sequence = 0;
let movesUrl = null; // links.moves of the latest answer that had one: in AWS, the API function's URL for moves
let movesUrlDown = false; // that URL could not be reached once: moves go to the API's path from then on

const CATEGORY_NAMES = () => ({
  scope: t("Scope"), bonus: t("Bonus"), cards: t("Cards"), coins: t("Coins"), settebello: t("Settebello"),
  primiera: t("Primiera"), re_bello: t("Re bello"), settebello_di_coppe: t("Settebello di coppe"),
  napola: t("Napola"), grande: t("Grande"), piccola: t("Piccola"),
});
const REASONS = () => ({
  target: t("reached the target score"),
  count_order: t("counted first to the target on a tie"),
  cappotto: t("cappotto: a lead with the other side at zero"),
  napola_all_coins: t("took all ten coins"),
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

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function names(list) {
  return list.map((code) => cardName(code, style)).join(", ");
}

function me_(match) {
  return match.seats[match.your_seat];
}

function sideOrder(match) {
  // Every score lists the player's own side first.
  const sides = match.view.sides || match.seats.length;
  const mine = match.view.side ?? (match.your_seat === null ? 0 : match.your_seat % sides);
  return [mine, ...[...Array(sides).keys()].filter((s) => s !== mine)];
}

function sideName(match, side) {
  const sides = match.view.sides || match.seats.length;
  if (match.your_seat !== null && side === match.your_seat % sides) return t("You");
  return match.seats.filter((s, i) => i % sides === side).map((s) => s.name).join(" & ");
}

function reasonText(reason) {
  return REASONS()[reason] || briscola.reasons()[reason] || reason.replaceAll("_", " ");
}

function describeMove(move) {
  const played = cardName(move.card, style);
  if (!move.take.length) return t("Lay {card} on the table", { card: played });
  if (move.sweeps) return t("{card} takes {cards} (scopa)", { card: played, cards: names(move.take) });
  return t("{card} takes {cards}", { card: played, cards: names(move.take) });
}

function describePlayed(match, move) {
  const who = move.seat === match.your_seat ? t("You") : match.seats[move.seat].name;
  const card = cardName(move.card, style);
  let text = move.take.length
    ? t("{who} played {card} and took {cards}.", { who, card, cards: names(move.take) })
    : t("{who} played {card}.", { who, card });
  if (move.scopa) text += " " + t("Scopa!");
  return text;
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
  if (briscola.isBriscola(match)) briscola.renderMoves(match, box, style, play);
  else renderScopaMoves(view.legal_moves, box);
  // A push can show the next turn before the answer to this player's move arrives: its moves wait,
  // disabled, for that answer (a tap now would be dropped by play()).
  if (busy) box.querySelectorAll("button").forEach((b) => (b.disabled = true));
}

function renderScopaMoves(moves, box) {
  moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-choice";
    button.dataset.index = String(i);
    button.setAttribute("aria-label", describeMove(move));
    button.appendChild(cardImage(move.card, style));
    const label = document.createElement("span");
    label.className = "arrow";
    label.textContent = !move.take.length ? t("lay down") : move.sweeps ? t("sweeps") : t("takes");
    label.setAttribute("aria-hidden", "true");
    button.appendChild(label);
    move.take.forEach((code) => button.appendChild(cardImage(code, style)));
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

function cell(row, text, header = false) {
  const c = document.createElement(header ? "th" : "td");
  if (header) c.scope = row.parentNode && row.parentNode.tagName === "THEAD" ? "col" : "row";
  c.textContent = String(text);
  row.appendChild(c);
  return c;
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
  const game = briscola.isBriscola(match);
  (game ? briscola.scoreHeaders() : [t("Side"), t("Score"), t("Pile"), t("Scope")]).forEach((text) => cell(head, text, true));
  const body = table.createTBody();
  order.forEach((side) => {
    const row = body.insertRow();
    row.dataset.side = String(side);
    cell(row, sideName(match, side), true);
    const values = game
      ? briscola.scoreRow(match, side)
      : [view.scores[side], (view.pile_sizes || [])[side] ?? "", (view.scope || [])[side] ?? ""];
    values.forEach((v) => cell(row, v));
  });
  // the short score always in view beside the cards (the table above is the full one)
  $("score-line").textContent = order.map((side) => `${sideName(match, side)} ${view.scores[side]}`).join(" · ");
}

function renderCount(match) {
  // Between deals: the count of the deal just finished, as Scopa apps show it, until the player closes it.
  const box = $("count");
  if (briscola.isBriscola(match)) {
    renderGameCount(match, box);
    return;
  }
  const done = match.view.finished_deal;
  if (!done || shownCount === done.deal) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("count-h").textContent = t("The count of deal {deal}", { deal: done.deal });
  const order = sideOrder(match);
  const table = $("count-table");
  clear(table);
  const head = table.createTHead().insertRow();
  cell(head, "", true);
  order.forEach((side) => cell(head, sideName(match, side), true));
  const body = table.createTBody();
  const count = done.count || {};
  const points = count.points || [];
  const raw = { cards: count.cards, coins: count.coins, primiera: count.primiera, scope: count.scope };
  const seen = new Set(CATEGORIES.filter((c) => points.some((p) => p && p[c])));
  ["cards", "coins", "settebello", "primiera", "scope"].forEach((c) => seen.add(c));
  const labels = CATEGORY_NAMES();
  CATEGORIES.filter((c) => seen.has(c)).forEach((category) => {
    const row = body.insertRow();
    row.dataset.category = category;
    cell(row, labels[category] || category, true);
    order.forEach((side) => {
      const got = (points[side] || {})[category] || 0;
      const value = raw[category] ? raw[category][side] : null;
      const text = value === null || value === undefined ? String(got) : `${value} → ${got}`;
      cell(row, text).className = got ? "won" : "";
    });
  });
  const total = body.insertRow();
  total.className = "total";
  cell(total, t("Points this deal"), true);
  order.forEach((side) => cell(total, (count.totals || [])[side] ?? ""));
  const scores = body.insertRow();
  cell(scores, t("Game score"), true);
  order.forEach((side) => cell(scores, (done.scores || match.view.scores)[side]));
  const left = done.leftovers;
  $("count-leftovers").textContent = left && left.cards && left.cards.length
    ? t("The cards left on the table went to {who}: {cards}.", {
      who: sideName(match, left.side), cards: names(left.cards) })
    : "";
}

function renderGameCount(match, box) {
  // Between Briscola games: the count of the game just finished, until the player closes it.
  const done = briscola.finishedGame(match);
  if (!done || shownCount === done.game || match.status !== "active") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  $("count-h").textContent = t("The count of game {game}", { game: done.game });
  $("count-close").textContent = t("Next game");
  const order = sideOrder(match);
  const table = $("count-table");
  clear(table);
  const head = table.createTHead().insertRow();
  cell(head, "", true);
  order.forEach((side) => cell(head, sideName(match, side), true));
  const body = table.createTBody();
  briscola.countRows(match, done).forEach(([label, values]) => {
    const row = body.insertRow();
    cell(row, label, true);
    order.forEach((side) => cell(row, values[side]));
  });
  $("count-leftovers").textContent = "";
}

function hideCount() {
  const done = current && (briscola.isBriscola(current) ? briscola.finishedGame(current) : current.view.finished_deal);
  if (done) shownCount = done.deal ?? done.game;
  $("count").hidden = true;
  focusMoves();
}

function cardButton(code, kind, onClick, pressed) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `pick ${kind}`;
  button.dataset.card = code;
  button.setAttribute("aria-pressed", pressed ? "true" : "false");
  button.tabIndex = -1; // the move buttons are the keyboard's way; taps are for pointers
  button.appendChild(cardImage(code, style));
  button.addEventListener("click", onClick);
  return button;
}

function renderCards(match, highlight) {
  const view = match.view;
  const mine = yourTurn(match) && !busy;
  if (briscola.isBriscola(match)) {
    briscola.renderTable(match, style, highlight, play, mine);
    return;
  }
  const playable = new Set(mine ? view.legal_moves.map((m) => m.card) : []);
  const hand = $("hand");
  const table = $("table");
  clear(hand);
  clear(table);
  (view.table || []).forEach((code) => {
    const lit = highlight && (highlight.card === code || highlight.take.includes(code));
    if (mine && picked) {
      const b = cardButton(code, "table-card", () => toggleTake(code), picked.take.has(code));
      if (lit) b.classList.add("last");
      table.appendChild(b);
    } else {
      const img = cardImage(code, style);
      if (lit) img.classList.add("last");
      table.appendChild(img);
    }
  });
  if (!(view.table || []).length) {
    const empty = document.createElement("span");
    empty.className = "muted";
    empty.textContent = view.status === "waiting" ? t("Nothing is dealt before every seat has accepted.") : t("empty");
    table.appendChild(empty);
  }
  (view.hand || []).forEach((code) => {
    if (playable.has(code)) hand.appendChild(cardButton(code, "hand-card", () => pick(code), picked && picked.card === code));
    else hand.appendChild(cardImage(code, style));
  });
  const stock = view.stock === undefined ? "" : t("deal {deal} · stock {stock}", { deal: view.deal, stock: view.stock });
  $("stock").textContent = stock ? `· ${stock}` : "";
  $("pick-hint").textContent = mine
    ? picked ? t("Now tap the table cards to take, or the card again to put it back.") : t("Tap a card of your hand, then the table cards it takes.")
    : "";
}

function pick(code) {
  if (!current || busy) return;
  if (picked && picked.card === code) {
    picked = null;
  } else {
    picked = { card: code, take: new Set() };
    const options = current.view.legal_moves.filter((m) => m.card === code);
    if (options.length === 1 && !options[0].take.length) {
      play(options[0]); // this card can only be laid down
      return;
    }
  }
  renderCards(current);
}

function toggleTake(code) {
  if (!picked || busy) return;
  if (picked.take.has(code)) picked.take.delete(code);
  else picked.take.add(code);
  const chosen = [...picked.take].sort().join(",");
  const move = current.view.legal_moves.find(
    (m) => m.card === picked.card && [...m.take].sort().join(",") === chosen,
  );
  if (move) play(move);
  else renderCards(current);
}

function showMoves(match, moves) {
  // The opponent's move and the bot's reply one after the other, each highlighted for a moment.
  const ticket = ++sequence;
  const steps = moves.length ? moves : [match.view.last_move].filter(Boolean);
  const last = steps[steps.length - 1] || null;
  const describe = briscola.isBriscola(match) ? (move) => briscola.describePlay(match, move, style) : (move) => describePlayed(match, move);
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

function newMoves(before, after) {
  const view = after.view;
  if (briscola.isBriscola(after)) return view.game ? briscola.newPlays(before, after) : [];
  if (!before || !view.deal_moves || before.view.deal !== view.deal) return view.last_move ? [view.last_move] : [];
  const had = (before.view.deal_moves || []).length;
  return view.deal_moves.slice(had);
}

function show(match) {
  const before = current;
  if (before && match.version < before.version) return;
  if (match.links && match.links.moves && !movesUrlDown) movesUrl = match.links.moves; // pushes carry none
  current = match;
  picked = null;
  const view = match.view || {};
  $("game").hidden = false;
  $("game").dataset.version = String(match.version);
  $("signin").hidden = true;
  renderSeats(match);
  renderScores(match);
  renderCount(match);
  showMoves(match, newMoves(before, match));
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
        " " + t("Why: {reason}.", { reason: reasonText(result.reason) }),
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
      picked = null;
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
