// The tournament page's console. For a signed-in player: Enter / Withdraw and a link to their next game.
// For the tournament's organizers: open, start, pause, resume, advance; enter, withdraw and exclude
// entrants; pair the next round by hand and set forbidden pairs; correct a result with a reason; the
// audit trail. Every action is a call of the JSON API with the player's token (the server decides who may
// do what); after an organizer action the page is read again. The standings follow the tournament's
// push topic (a periodic read when the socket is down).
import { Live } from "./live.js";
import { api, getToken, me, playerOf } from "./session.js";
import { t, when } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = $("console");
const id = root.dataset.tournament;
const base = `/tournaments/${encodeURIComponent(id)}`;
const FLASH = "scopa.console.flash";
const POLL_SECONDS = 15;
const ASK_AGAIN_SECONDS = 15; // a paired player whose game is not made yet asks again after this
let profile = null;
let tournament = null;
let askAgain = 0;

function say(text) {
  $("console-status").textContent = text;
}

async function act(promise, done) {
  // Run an organizer action; on success read the page again with the outcome shown after the reload.
  // The organizer's buttons wait for the answer: a second click meanwhile (a double click on Advance)
  // would send the action again, and its answer would be lost in the reload.
  const waiting = [...document.querySelectorAll("#organizer-panel button:not(:disabled)")];
  waiting.forEach((button) => (button.disabled = true));
  try {
    await promise;
    sessionStorage.setItem(FLASH, done);
    readAgain();
  } catch (err) {
    waiting.forEach((button) => (button.disabled = false));
    say(t("Could not do that: {reason}", { reason: err.message }));
  }
}

function readAgain() {
  // The page as it is now (?fresh), not the copy a container keeps a few seconds for the followers of a
  // big tournament: an action that moved no version (a correction) shows at once. Without the #section
  // (a new fragment alone would only scroll), and reloaded when the address would not change.
  const url = new URL(location.href);
  url.hash = "";
  url.searchParams.set("fresh", "1");
  if (url.href === location.href) location.reload();
  else location.replace(url.href);
}

function forgetFresh() {
  // ?fresh is for the reload after an action: not kept in the address, so a link shared or bookmarked
  // from here reads the kept page like every follower's.
  const url = new URL(location.href);
  if (!url.searchParams.has("fresh")) return;
  url.searchParams.delete("fresh");
  history.replaceState(history.state, "", url.href);
}

async function importEntrants(form, dryRun) {
  // Check (a dry run) or import a pasted list: the answer's lines are listed under the form, each with
  // what became of it; an import that entered someone shows the entrants after a reload.
  const body = {
    text: form.elements.text.value,
    format: form.elements.format.value,
    create_guests: form.elements.create_guests.checked,
    dry_run: dryRun,
  };
  try {
    const answer = await api("POST", `${base}/entries/import`, body);
    const report = $("import-report");
    report.replaceChildren(
      ...answer.lines.map((line) => {
        const item = document.createElement("li");
        item.dataset.status = line.status;
        const why = line.reason || line.candidates.map((c) => c.id).join(", ");
        item.textContent = t("line {line}, {name}: {status}", { line: line.line, name: line.name, status: line.status }) + (why ? ` (${why})` : "");
        return item;
      }),
    );
    report.hidden = false;
    say(dryRun ? t("Checked: nothing was entered.") : t("Imported."));
  } catch (err) {
    say(t("Could not do that: {reason}", { reason: err.message }));
  }
}

// ------------------------------------------------------------------ the player's panel

async function showPlayer() {
  // GET .../me: the caller's entry and table, small whatever the field (not every entry and round).
  const panel = $("player-panel");
  const you = await api("GET", `${base}/me`);
  const mine = you.entry;
  const active = mine && mine.status === "active";
  const waiting = mine && mine.status === "requested";
  const open = tournament.status === "registration";
  $("enter").hidden = !(open && !active && !waiting);
  const withdrawable = ["registration", "running"].includes(tournament.status);
  $("withdraw-me").hidden = !((active || waiting) && withdrawable);
  $("you-state").textContent = waiting
    ? t("Your entry waits for the organizers' approval.")
    : active
      ? t("You are entered as {name}.", { name: mine.name })
      : open
        ? t("You are not entered yet.")
        : t("You are not playing in this tournament.");
  showCheckIn(open && (active || waiting) ? mine : null);
  panel.hidden = $("enter").hidden && !active && !waiting;
  showNextGame(active ? you : null);
}

function showCheckIn(entry) {
  // With a check-in, an entrant confirms in the window before the start; the rest are withdrawn then.
  const button = $("check-in");
  const opens = root.dataset.checkInOpens;
  button.hidden = true;
  if (!entry || !opens) return;
  const state = $("you-state");
  if (entry.checked_in_at) state.textContent += " " + t("You have checked in.");
  else if (Date.parse(opens) > Date.now())
    state.textContent += " " + t("Check-in opens at {time}.", { time: when(opens) });
  else {
    state.textContent += " " + t("Check in before the start, or you will be withdrawn.");
    button.hidden = false;
  }
}

$("check-in").addEventListener("click", async () => {
  try {
    await api("POST", `${base}/check-in`);
    say(t("You have checked in."));
    await showPlayer();
  } catch (err) {
    say(t("Could not check in: {reason}", { reason: err.message }));
  }
});

function showNextGame(you) {
  // The link to the caller's game still being played: in an arena it may be in an earlier wave than
  // the latest, since waves overlap.
  const link = $("next-game");
  link.hidden = true;
  if (!you || tournament.status !== "running") return;
  const table = you.table;
  if (table && table.result === null && table.games.length) {
    link.href = `/web/play/${encodeURIComponent(table.games[table.games.length - 1])}`;
    link.hidden = false;
  } else if (table && table.result === null && table.mode === "online") {
    // paired, the game not made yet (a big round's games are made a few hundred at a time): ask again
    clearTimeout(askAgain);
    askAgain = setTimeout(showPlayer, ASK_AGAIN_SECONDS * 1000);
  } else if (you.bye) {
    $("you-state").textContent = t("You have a bye this round.");
  }
}

$("enter").addEventListener("click", async () => {
  try {
    await api("POST", `${base}/entries`, {});
    say(t("You are in."));
    await showPlayer();
  } catch (err) {
    say(t("Could not enter: {reason}", { reason: err.message }));
  }
});

$("withdraw-me").addEventListener("click", async () => {
  try {
    await api("DELETE", `${base}/entries`);
    say(t("You withdrew."));
    await showPlayer();
  } catch (err) {
    say(t("Could not withdraw: {reason}", { reason: err.message }));
  }
});

// ------------------------------------------------------------------ the organizer's panel

async function canManage() {
  if (!profile) return false;
  if (tournament.club_id) {
    // The club answers the caller's own role: one read, however many members the club has.
    const club = await api("GET", `/clubs/${encodeURIComponent(tournament.club_id)}`);
    return club.your_role === "organizer";
  }
  return tournament.created_by === profile.id && ["organizer", "admin"].includes(profile.role);
}

const ACTIONS = {
  open: [() => api("POST", `${base}/open`), t("Registration is open.")],
  start: [() => api("POST", `${base}/start`), t("The tournament has started.")],
  pause: [() => api("POST", `${base}/pause`), t("Paused.")],
  resume: [() => api("POST", `${base}/resume`), t("Resumed.")],
  advance: [() => api("POST", `${base}/advance`), t("Advanced.")],
};

function wireOrganizer() {
  document.querySelectorAll("#actions button[data-action]").forEach((button) => {
    const [call, done] = ACTIONS[button.dataset.action];
    button.addEventListener("click", () => act(call(), done));
  });
  const enterForm = $("enter-form");
  if (enterForm)
    enterForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const player = playerOf(enterForm.elements.player.value);
      act(api("POST", `${base}/entries`, { players: [player] }), t("Entered."));
    });
  const importForm = $("import-form");
  if (importForm)
    importForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const dryRun = !(event.submitter && event.submitter.dataset.do === "import");
      importEntrants(importForm, dryRun);
    });
  document.querySelectorAll("#requests button[data-approve]").forEach((button) => {
    const entrant = encodeURIComponent(button.dataset.approve);
    const call = () => api("POST", `${base}/entries/${entrant}/approve`);
    button.addEventListener("click", () => act(call(), t("Approved.")));
  });
  document.querySelectorAll("#requests button[data-refuse]").forEach((button) => {
    const entrant = encodeURIComponent(button.dataset.refuse);
    const call = () => api("POST", `${base}/entries/${entrant}/refuse`);
    button.addEventListener("click", () => act(call(), t("Refused.")));
  });
  const entryForm = $("entry-form");
  if (entryForm)
    entryForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const entrant = encodeURIComponent(entryForm.elements.entrant.value);
      const reason = entryForm.elements.reason.value.trim();
      if (event.submitter && event.submitter.dataset.do === "exclude") {
        if (!reason) {
          say(t("Say why the entrant is excluded."));
          return;
        }
        act(api("POST", `${base}/entries/${entrant}/exclude`, { reason }), t("Excluded."));
      } else act(api("DELETE", `${base}/entries/${entrant}`), t("Withdrawn."));
    });
  const pairing = $("pairing-form");
  if (pairing)
    pairing.addEventListener("submit", (event) => {
      event.preventDefault();
      let body;
      const lines = pairing.elements.tables; // a big field: one table a line, a bye alone
      if (lines) {
        const rows = lines.value.split("\n").map((line) => line.split(/[\s,;]+/).filter(Boolean));
        const filled = rows.filter((row) => row.length);
        if (filled.some((row) => row.length > 2)) {
          say(t("Each line needs two entrant ids, or one for a bye."));
          return;
        }
        body = { tables: filled.filter((row) => row.length === 2), byes: filled.filter((row) => row.length === 1).flat() };
      } else {
        const seats = [...pairing.querySelectorAll("select[name=seat]")].map((s) => s.value);
        const tables = [];
        for (let i = 0; i + 1 < seats.length; i += 2) tables.push([seats[i], seats[i + 1]]);
        const bye = pairing.elements.bye;
        body = { tables, byes: bye ? [bye.value] : [] };
      }
      const number = pairing.dataset.round;
      act(api("PUT", `${base}/rounds/${number}/pairings`, body), t("Round {n} will be paired as you set it.", { n: number }));
    });
  const forbidden = $("forbidden-form");
  if (forbidden)
    forbidden.addEventListener("submit", (event) => {
      event.preventDefault();
      const pairs = forbidden.elements.pairs.value
        .split("\n")
        .map((line) => line.split(/[\s,;]+/).filter(Boolean).map(playerOf))
        .filter((pair) => pair.length);
      if (pairs.some((pair) => pair.length !== 2)) {
        say(t("Each line needs two player ids."));
        return;
      }
      const settings = { ...tournament.settings, forbidden_pairs: pairs };
      act(api("PUT", `${base}/settings`, settings), t("Forbidden pairs saved."));
    });
  const correct = $("correct-form");
  if (correct)
    correct.addEventListener("submit", (event) => {
      event.preventDefault();
      const [number, table] = correct.elements.table.value.split(":");
      const result = correct.elements.result.value.split(",").map(Number);
      const reason = correct.elements.reason.value.trim();
      const path = `${base}/rounds/${number}/tables/${table}/result`;
      act(api("POST", path, { result, reason }), t("Result corrected."));
    });
  $("audit-tool").addEventListener("toggle", showAudit, { once: true });
}

async function showAudit() {
  const list = $("audit");
  const trail = (await api("GET", `${base}/audit?limit=50`)).audit;
  list.replaceChildren(
    ...trail.map((a) => {
      const li = document.createElement("li");
      const detail = a.details && a.details.reason ? `: ${a.details.reason}` : "";
      li.textContent = `${when(a.at)} · ${a.action.replaceAll("_", " ")}${detail}`;
      return li;
    }),
  );
  if (!trail.length) list.textContent = t("Nothing yet.");
}

// ------------------------------------------------------------------ live standings

async function refreshStandings() {
  const answer = await api("GET", `${base}/standings`);
  const body = document.querySelector("#standings tbody");
  if (!body) return;
  const partial = Boolean(document.querySelector("#standings").dataset.more); // the first lines only
  const rows = new Map([...body.rows].map((row) => [row.dataset.entrant, row]));
  for (const line of answer.standings) {
    const row = rows.get(line.entrant);
    if (!row && partial) continue; // not shown: the next reload (at the next round) shows the new order
    if (!row) return location.reload(); // a new entrant: the page's tables change shape
    row.querySelector(".rank").textContent = line.rank;
    row.querySelector(".points").textContent = String(line.points);
    row.cells[3].textContent = line.played;
    row.cells[4].textContent = `${line.wins}-${line.draws}-${line.losses}`;
    row.querySelectorAll("td.tb").forEach((cell) => {
      const value = line.tiebreaks[cell.dataset.tiebreak] ?? 0;
      cell.textContent = cell.dataset.tiebreak === "lot" ? value.toFixed(4) : String(Number(value.toPrecision(6)));
    });
    body.append(row); // in the new order
  }
}

function reloadSoon() {
  // A big tournament's followers reload at a random moment over a few seconds, not all at once.
  const spread = Number(root.dataset.reloadSpread || 0);
  if (!spread) return location.reload();
  setTimeout(() => location.reload(), Math.random() * spread * 1000);
}

function follow() {
  const live = new Live();
  let version = Number(root.dataset.version);
  live.follow(
    `tournament:${id}`,
    async (data, v) => {
      if (v <= version) return;
      version = v;
      const statusChanged = data.status !== tournament.status || data.current_round !== tournament.current_round;
      tournament = data;
      if (statusChanged && !organizing) return reloadSoon();
      // A big tournament's page shows its first lines only and reloads at the next round: its followers
      // do not each read the whole standings at every change.
      if (organizing || !Number(root.dataset.reloadSpread || 0)) await refreshStandings();
      if (profile) await showPlayer();
    },
    async () => {
      // The socket is down: read the tournament every 15 s (its version orders the answers).
      await new Promise((r) => setTimeout(r, POLL_SECONDS * 1000));
      const data = await api("GET", base);
      return { version: data.version, data };
    },
    version,
  );
}

let organizing = false;

async function start() {
  forgetFresh();
  const flash = sessionStorage.getItem(FLASH);
  if (flash) {
    sessionStorage.removeItem(FLASH);
    say(flash);
  }
  tournament = await api("GET", base);
  if (getToken()) {
    try {
      profile = await me();
    } catch {
      profile = null;
    }
  }
  if (profile) {
    await showPlayer();
    if (await canManage()) {
      organizing = true;
      $("organizer-panel").hidden = false;
      wireOrganizer();
    }
  }
  follow();
}

start().catch((err) => say(t("Could not load the console: {reason}", { reason: err.message })));
