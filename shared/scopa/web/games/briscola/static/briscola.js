// The Briscola parts of the playable table (play.js draws the rest): the turned-up trump and the stock,
// the trick with who played what, the hand (one tap plays a card), a move button per legal card, the
// games won and the card points, and the count of a finished game. Everything comes from the player's
// own seat view: the other hands and the stock are never in it. Registered with the games' scripts
// (games.js), which play.js consults by the match's game.
import { cardImage, cardName } from "./cards.js";
import { register } from "./games.js";
import { cell, clear, sideName, sideOrder } from "./table.js";
import { t } from "./strings.js";

// A second deck's cards are written with an upper-case suit: they look like the first deck's.
const face = (code) => code[0] + code[1].toLowerCase();

export function briscolaCardName(code, style) {
  return cardName(face(code), style);
}

function image(code, style) {
  const img = cardImage(face(code), style);
  img.dataset.card = code;
  return img;
}

function seatName(match, seat) {
  return seat === match.your_seat ? t("You") : match.seats[seat].name;
}

function sides(match) {
  return match.view.sides || match.seats.length;
}

export function sidePoints(match) {
  // The card points won so far this game, per side (the view counts them per seat).
  const view = match.view;
  const out = Array(sides(match)).fill(0);
  (view.points || []).forEach((p, seat) => (out[seat % out.length] += p));
  return out;
}

export function plays(view) {
  // Every card played this game in order: {seat, card, took} (took: the trick's winner, on its last card).
  const out = [];
  (view.tricks || []).forEach((trick) => {
    trick.cards.forEach((card, i) => {
      const last = i === trick.cards.length - 1;
      out.push({ seat: (trick.leader + i) % view.players, card, took: last ? trick.winner : null });
    });
  });
  (view.trick || []).forEach((p) => out.push({ seat: p.seat, card: p.card, took: null }));
  return out;
}

export function newPlays(before, after) {
  const now = plays(after.view);
  if (!before || !before.view || before.view.game_number !== after.view.game_number) return now.slice(-1);
  return now.slice(plays(before.view).length);
}

export function describePlay(match, play, style) {
  const who = seatName(match, play.seat);
  let text = t("{who} played {card}.", { who, card: briscolaCardName(play.card, style) });
  if (play.took !== null && play.took !== undefined) {
    text += " " + (play.took === match.your_seat ? t("You took the trick.") : t("{name} took the trick.", { name: match.seats[play.took].name }));
  }
  return text;
}

function figure(node, caption) {
  const fig = document.createElement("figure");
  fig.className = "played";
  fig.appendChild(node);
  const cap = document.createElement("figcaption");
  cap.textContent = caption;
  fig.appendChild(cap);
  return fig;
}

function renderTable(match, ctx, highlight) {
  const { style, mine } = ctx;
  // The trump card, then the trick under way (or, between tricks, nothing), then the hand.
  const view = match.view;
  const table = document.getElementById("table");
  const hand = document.getElementById("hand");
  while (table.firstChild) table.removeChild(table.firstChild);
  while (hand.firstChild) hand.removeChild(hand.firstChild);
  if (view.trump_card) {
    const trump = figure(image(view.trump_card, style), view.trump_drawn_by === null || view.trump_drawn_by === undefined
      ? t("trump (last card of the stock)")
      : t("trump, drawn by {name}", { name: seatName(match, view.trump_drawn_by) }));
    trump.id = "trump";
    trump.classList.add("trump");
    table.appendChild(trump);
  }
  const trick = document.createElement("div");
  trick.id = "trick";
  trick.className = "cards";
  (view.trick || []).forEach((p) => {
    const img = image(p.card, style);
    if (highlight && highlight.card === p.card) img.classList.add("last");
    trick.appendChild(figure(img, seatName(match, p.seat)));
  });
  if (!(view.trick || []).length) {
    const empty = document.createElement("span");
    empty.className = "muted";
    empty.textContent = view.status === "finished" ? "" : t("No card played in this trick yet.");
    trick.appendChild(empty);
  }
  table.appendChild(trick);
  const playable = new Set(mine ? (view.legal_moves || []).map((m) => m.card) : []);
  (view.hand || []).forEach((code) => {
    if (!playable.has(code)) {
      hand.appendChild(image(code, style));
      return;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pick hand-card";
    button.dataset.card = code;
    button.tabIndex = -1; // the move buttons are the keyboard's way; taps are for pointers
    button.appendChild(image(code, style));
    button.addEventListener("click", () => ctx.play({ card: code }));
    hand.appendChild(button);
  });
  const trumpSuit = view.trump_suit ? SUIT_NAMES()[view.trump_suit] : "";
  $stock().textContent = "· " + t("game {game} · stock {stock} · trump {suit}", {
    game: view.game_number, stock: view.stock, suit: trumpSuit });
  document.getElementById("pick-hint").textContent = mine ? t("Tap a card to play it: any card may be played.") : "";
}

const SUIT_NAMES = () => ({ coins: t("coins"), cups: t("cups"), swords: t("swords"), clubs: t("clubs") });
const $stock = () => document.getElementById("stock");

function renderMoves(match, box, ctx) {
  const { style } = ctx;
  match.view.legal_moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-choice";
    button.dataset.index = String(i);
    button.dataset.card = move.card;
    button.setAttribute("aria-label", t("Play {card}", { card: briscolaCardName(move.card, style) }));
    const img = image(move.card, style);
    img.alt = "";
    button.appendChild(img);
    button.addEventListener("click", () => ctx.play(move));
    box.appendChild(button);
  });
}

export function scoreHeaders() {
  return [t("Side"), t("Games won"), t("Card points")];
}

export function scoreRow(match, side) {
  const points = sidePoints(match);
  return [match.view.scores[side], points[side]];
}

export function finishedGame(match) {
  // The last finished game of the match: {game, points, winner}; null before the first ends.
  const history = match.view.game_history || [];
  if (!history.length) return null;
  const [points, winner] = history[history.length - 1];
  return { game: history.length, points, winner };
}

export function countRows(match, done) {
  // The count of a finished game: card points per side, who won it, the games won after it.
  const rows = [[t("Card points"), done.points]];
  const n = done.points.length;
  rows.push([t("Result"), [...Array(n).keys()].map((side) => (done.winner < 0 ? t("draw") : side === done.winner ? t("won") : t("lost")))]);
  rows.push([t("Games won"), match.view.scores]);
  return rows;
}

export function reasons() {
  return {
    best_of: t("won more games"),
    points: t("reached the points target"),
  };
}

function renderCount(match, done) {
  // Between games: the count of the game just finished, until the player closes it.
  document.getElementById("count-h").textContent = t("The count of game {game}", { game: done.game });
  document.getElementById("count-close").textContent = t("Next game");
  const order = sideOrder(match);
  const table = document.getElementById("count-table");
  clear(table);
  const head = table.createTHead().insertRow();
  cell(head, "", true);
  order.forEach((side) => cell(head, sideName(match, side), true));
  const body = table.createTBody();
  countRows(match, done).forEach(([label, values]) => {
    const row = body.insertRow();
    cell(row, label, true);
    order.forEach((side) => cell(row, values[side]));
  });
  document.getElementById("count-leftovers").textContent = "";
}

register("briscola", {
  renderTable,
  renderMoves,
  scoreHeaders,
  scoreRow,
  finished(match) {
    const done = finishedGame(match);
    return done && match.status === "active" ? { ...done, number: done.game } : null;
  },
  renderCount,
  describe: describePlay,
  newMoves: (before, after) => (after.view.game ? newPlays(before, after) : []),
  reasons,
});
