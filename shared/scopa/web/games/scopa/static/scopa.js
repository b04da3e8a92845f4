// The Scopa parts of the playable table (play.js draws the rest): the table cards and the hand, a move
// chosen by tapping a hand card and then the table cards it takes (or by a move button each), the score
// with piles and scope, and the count of a finished deal. Registered with the games' scripts (games.js).
import { cardImage, cardName } from "./cards.js";
import { register } from "./games.js";
import { cell, clear, sideName, sideOrder } from "./table.js";
import { t } from "./strings.js";

const CATEGORIES = ["scope", "bonus", "cards", "coins", "settebello", "primiera", "re_bello",
  "settebello_di_coppe", "napola", "grande", "piccola"];
const CATEGORY_NAMES = () => ({
  scope: t("Scope"), bonus: t("Bonus"), cards: t("Cards"), coins: t("Coins"), settebello: t("Settebello"),
  primiera: t("Primiera"), re_bello: t("Re bello"), settebello_di_coppe: t("Settebello di coppe"),
  napola: t("Napola"), grande: t("Grande"), piccola: t("Piccola"),
});

let picked = null; // {card, take: Set} while the player taps cards

function names(list, style) {
  return list.map((code) => cardName(code, style)).join(", ");
}

function describeMove(move, style) {
  const played = cardName(move.card, style);
  if (!move.take.length) return t("Lay {card} on the table", { card: played });
  if (move.sweeps) return t("{card} takes {cards} (scopa)", { card: played, cards: names(move.take, style) });
  return t("{card} takes {cards}", { card: played, cards: names(move.take, style) });
}

function cardButton(code, kind, onClick, pressed, style) {
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

function pick(code, ctx) {
  const match = ctx.current();
  if (!match || ctx.busy()) return;
  if (picked && picked.card === code) {
    picked = null;
  } else {
    picked = { card: code, take: new Set() };
    const options = match.view.legal_moves.filter((m) => m.card === code);
    if (options.length === 1 && !options[0].take.length) {
      ctx.play(options[0]); // this card can only be laid down
      return;
    }
  }
  ctx.redraw();
}

function toggleTake(code, ctx) {
  if (!picked || ctx.busy()) return;
  if (picked.take.has(code)) picked.take.delete(code);
  else picked.take.add(code);
  const chosen = [...picked.take].sort().join(",");
  const move = ctx.current().view.legal_moves.find(
    (m) => m.card === picked.card && [...m.take].sort().join(",") === chosen,
  );
  if (move) ctx.play(move);
  else ctx.redraw();
}

function renderTable(match, ctx, highlight) {
  const view = match.view;
  const { mine, style } = ctx;
  const playable = new Set(mine ? view.legal_moves.map((m) => m.card) : []);
  const hand = document.getElementById("hand");
  const table = document.getElementById("table");
  clear(hand);
  clear(table);
  (view.table || []).forEach((code) => {
    const lit = highlight && (highlight.card === code || highlight.take.includes(code));
    if (mine && picked) {
      const b = cardButton(code, "table-card", () => toggleTake(code, ctx), picked.take.has(code), style);
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
    if (playable.has(code)) {
      hand.appendChild(cardButton(code, "hand-card", () => pick(code, ctx), picked && picked.card === code, style));
    } else hand.appendChild(cardImage(code, style));
  });
  const stock = view.stock === undefined ? "" : t("deal {deal} · stock {stock}", { deal: view.deal, stock: view.stock });
  document.getElementById("stock").textContent = stock ? `· ${stock}` : "";
  document.getElementById("pick-hint").textContent = mine
    ? picked ? t("Now tap the table cards to take, or the card again to put it back.") : t("Tap a card of your hand, then the table cards it takes.")
    : "";
}

function renderMoves(match, box, ctx) {
  match.view.legal_moves.forEach((move, i) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move-choice";
    button.dataset.index = String(i);
    button.setAttribute("aria-label", describeMove(move, ctx.style));
    button.appendChild(cardImage(move.card, ctx.style));
    const label = document.createElement("span");
    label.className = "arrow";
    label.textContent = !move.take.length ? t("lay down") : move.sweeps ? t("sweeps") : t("takes");
    label.setAttribute("aria-hidden", "true");
    button.appendChild(label);
    move.take.forEach((code) => button.appendChild(cardImage(code, ctx.style)));
    button.querySelectorAll("img").forEach((img) => (img.alt = ""));
    button.addEventListener("click", () => ctx.play(move));
    box.appendChild(button);
  });
}

function finished(match) {
  const done = match.view.finished_deal;
  return done ? { ...done, number: done.deal } : null;
}

function renderCount(match, done, style) {
  // The count of the deal just finished, as Scopa apps show it.
  document.getElementById("count-h").textContent = t("The count of deal {deal}", { deal: done.deal });
  const order = sideOrder(match);
  const table = document.getElementById("count-table");
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
  document.getElementById("count-leftovers").textContent = left && left.cards && left.cards.length
    ? t("The cards left on the table went to {who}: {cards}.", {
      who: sideName(match, left.side), cards: names(left.cards, style) })
    : "";
}

function describe(match, move, style) {
  const who = move.seat === match.your_seat ? t("You") : match.seats[move.seat].name;
  const card = cardName(move.card, style);
  let text = move.take.length
    ? t("{who} played {card} and took {cards}.", { who, card, cards: names(move.take, style) })
    : t("{who} played {card}.", { who, card });
  if (move.scopa) text += " " + t("Scopa!");
  return text;
}

function newMoves(before, after) {
  const view = after.view;
  if (!before || !view.deal_moves || before.view.deal !== view.deal) return view.last_move ? [view.last_move] : [];
  const had = (before.view.deal_moves || []).length;
  return view.deal_moves.slice(had);
}

register("scopa", {
  renderTable,
  renderMoves,
  scoreHeaders: () => [t("Side"), t("Score"), t("Pile"), t("Scope")],
  scoreRow: (match, side) => {
    const view = match.view;
    return [view.scores[side], (view.pile_sizes || [])[side] ?? "", (view.scope || [])[side] ?? ""];
  },
  finished,
  renderCount,
  describe,
  newMoves,
  reasons: () => ({
    target: t("reached the target score"),
    count_order: t("counted first to the target on a tie"),
    cappotto: t("cappotto: a lead with the other side at zero"),
    napola_all_coins: t("took all ten coins"),
  }),
  reset: () => (picked = null),
});
