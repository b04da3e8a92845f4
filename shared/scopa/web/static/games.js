// The games' scripts, by game name: the shared table (play.js) asks here how to draw a match and never
// branches on the game. A game's page plug-in ships `<name>.js` (web/games/<name>/static/), which the
// page shell includes before the page's own script and which calls `register(name, script)` once.
//
// A script may give any of these (a game without a script, or a missing part, gets the plain one below):
//   renderTable(match, ctx, highlight)  the table and the hand (ctx: {style, mine, play, redraw})
//   renderMoves(match, box, ctx)        a button per legal move, each calling ctx.play(move)
//   scoreHeaders(), scoreRow(match, side)   the score table's columns and one side's values
//   finished(match)                     the count to show between deals or games: {number, ...} or null
//   renderCount(match, done, style)     that count, into #count-h, #count-table, #count-leftovers
//   describe(match, move, style)        a played move in words; newMoves(before, after) the moves since
//   reasons()                           the match's end reasons in words, by reason code
//   reset()                             forget any half-chosen move (a new answer arrived)
import { cardImage, cardName } from "./cards.js";
import { clear } from "./table.js";
import { t } from "./strings.js";

const SCRIPTS = new Map();

export function register(name, script) {
  if (SCRIPTS.has(name) && SCRIPTS.get(name) !== script) throw new Error(`a script for '${name}' is registered`);
  SCRIPTS.set(name, script);
}

export function gameOf(match) {
  return match.game || (match.view && match.view.game) || "";
}

export function scriptFor(match) {
  // The game's script over the plain one: each part the game does not give is the plain one's.
  return { ...PLAIN, ...(SCRIPTS.get(gameOf(match)) || {}) };
}

function seatName(match, seat) {
  return seat === match.your_seat ? t("You") : match.seats[seat].name;
}

// A game one plays a card at a time: every legal move is {card}, the view has a hand and scores.
const PLAIN = {
  renderTable(match, ctx, highlight) {
    const view = match.view;
    const table = document.getElementById("table");
    const hand = document.getElementById("hand");
    clear(table);
    clear(hand);
    // the cards on the table: a list of codes, or of plays ({seat, card}) in a trick
    (view.table || (view.trick || []).map((p) => (typeof p === "string" ? p : p.card))).forEach((code) => {
      const img = cardImage(code, ctx.style);
      if (highlight && highlight.card === code) img.classList.add("last");
      table.appendChild(img);
    });
    const playable = new Set(ctx.mine ? (view.legal_moves || []).map((m) => m.card) : []);
    (view.hand || []).forEach((code) => {
      if (!playable.has(code)) {
        hand.appendChild(cardImage(code, ctx.style));
        return;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pick hand-card";
      button.dataset.card = code;
      button.tabIndex = -1; // the move buttons are the keyboard's way; taps are for pointers
      button.appendChild(cardImage(code, ctx.style));
      button.addEventListener("click", () => ctx.play((view.legal_moves || []).find((m) => m.card === code)));
      hand.appendChild(button);
    });
    document.getElementById("stock").textContent = "";
    document.getElementById("pick-hint").textContent = "";
  },
  renderMoves(match, box, ctx) {
    (match.view.legal_moves || []).forEach((move, i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move-choice";
      button.dataset.index = String(i);
      button.setAttribute("aria-label", t("Play {card}", { card: cardName(move.card, ctx.style) }));
      const img = cardImage(move.card, ctx.style);
      img.alt = "";
      button.appendChild(img);
      button.addEventListener("click", () => ctx.play(move));
      box.appendChild(button);
    });
  },
  scoreHeaders: () => [t("Side"), t("Score")],
  scoreRow: (match, side) => [match.view.scores[side]],
  finished: () => null,
  renderCount() {},
  describe(match, move, style) {
    return t("{who} played {card}.", { who: seatName(match, move.seat), card: cardName(move.card, style) });
  },
  newMoves: (before, after) => (after.view.last_move ? [after.view.last_move] : []),
  reasons: () => ({}),
  reset() {},
};
