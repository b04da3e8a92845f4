// The tournament wizard: the form's choices as the settings model (docs/tournaments.md), posted to
// POST /tournaments with the organizer's token; the new tournament's page follows.
import { api, getToken, me, waiting } from "./session.js";
import { t } from "./strings.js";
import { gameOf } from "./terms.js";

const $ = (id) => document.getElementById(id);
const form = $("wizard");

function say(text) {
  $("wizard-status").textContent = text;
}

function showRounds() {
  // Only a Swiss names its rounds; the other formats derive them from the entrants. A double
  // elimination chooses its bracket reset, groups their size and how many of each go through, a
  // knockout (groups' too) whether the semi-finals' losers play for third place; an arena names its
  // length instead, and plays single games.
  const format = form.elements.format.value;
  const swiss = format === "swiss";
  const arena = format === "arena";
  $("rounds-field").hidden = !swiss;
  form.elements.rounds.required = swiss;
  $("reset-field").hidden = format !== "double_elimination";
  $("third-place-field").hidden = format !== "knockout" && format !== "groups_knockout";
  for (const id of ["group-size-field", "advance-field"]) $(id).hidden = format !== "groups_knockout";
  $("arena-field").hidden = !arena;
  form.elements.arena_minutes.required = arena;
  form.elements.games_per_match.disabled = arena;
}

export function settingsOf(data, game) {
  const settings = {
    format: data.get("format"),
    preset: data.get("preset"),
    games_per_match: Number(data.get("games_per_match")),
    seconds_per_move: Number(data.get("seconds_per_move")),
    entry_policy: data.get("entry_policy"),
    max_entrants: Number(data.get("max_entrants")),
  };
  if (game) settings.game = game;
  if (settings.format === "swiss") settings.rounds = Number(data.get("rounds"));
  if (settings.format === "double_elimination") settings.bracket_reset = data.get("bracket_reset") === "on";
  const knockout = settings.format === "knockout" || settings.format === "groups_knockout";
  if (knockout && data.get("third_place_match") === "on") settings.third_place_match = true;
  if (settings.format === "groups_knockout") {
    settings.group_size = Number(data.get("group_size"));
    settings.advance_per_group = Number(data.get("advance_per_group"));
  }
  if (settings.format === "arena") {
    // An arena: single games, ranked by score then performance (no tie-breaks to choose).
    settings.arena_minutes = Number(data.get("arena_minutes"));
    settings.games_per_match = 1;
  }
  if (data.get("target")) settings.target = Number(data.get("target"));
  if (data.get("round_seconds")) settings.round_seconds = Number(data.get("round_seconds"));
  const tiebreaks = data.getAll("tiebreak").filter(Boolean);
  if (tiebreaks.length && settings.format !== "arena") settings.tiebreaks = [...new Set(tiebreaks)];
  if (data.get("starts_at")) settings.starts_at = new Date(data.get("starts_at")).toISOString();
  if (data.get("approve_entries") === "on") settings.approve_entries = true;
  if (Number(data.get("check_in_minutes"))) settings.check_in_minutes = Number(data.get("check_in_minutes"));
  return settings;
}

form.elements.format.addEventListener("change", showRounds);
showRounds();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = {
    name: data.get("name").trim(),
    settings: settingsOf(data, gameOf(form)),
    open_registration: data.get("open_registration") === "on",
  };
  if (data.get("club_id")) body.club_id = data.get("club_id");
  waiting([$("create")], true);
  try {
    const created = await api("POST", "/tournaments", body);
    location.assign(`/web/tournaments/${encodeURIComponent(created.id)}`);
  } catch (err) {
    waiting([$("create")], false);
    say(t("Could not create the tournament: {reason}", { reason: err.message }));
  }
});
// Create comes disabled in the page and is enabled only now that the form answers: before this script
// ran, a click or Enter submitted the wizard natively, and the page reloaded with every choice in its
// address and the wizard empty again. Signed out, start() disables it again at once.
$("create").disabled = false;

async function start() {
  let profile = null;
  if (getToken()) {
    try {
      profile = await me();
    } catch {
      profile = null;
    }
  }
  if (!profile) {
    // Organizers create open events, a club's organizers the club's (the server checks which).
    $("wizard-sign-in").hidden = false;
    $("create").disabled = true;
  }
}

start();
