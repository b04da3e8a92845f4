// Home page: "Play against a bot" in one click (a guest player is registered when nobody is signed in),
// in any game the page offers. Each game's own options are its fragment's fields (a <label data-game>
// per game, from the game's page plug-in): only the chosen game's are shown and sent, each as its
// data-field or else its name (one marked data-number as a number), so this file never names a game.
import { api, clearToken, forget, getToken, me, setToken, waiting } from "./session.js";
import { t } from "./strings.js";

const form = document.getElementById("quick-play");
const status = document.getElementById("play-status");
const who = document.getElementById("who");
const signOut = document.getElementById("sign-out");

async function player() {
  if (getToken()) {
    try {
      return await me();
    } catch (err) {
      if (err.status !== 401) throw err;
      clearToken();
    }
  }
  const guest = `${t("Guest")} ${Math.floor(1000 + Math.random() * 9000)}`;
  const created = await api("POST", "/players", { name: guest });
  setToken(created.token, false); // this tab; the account page keeps it on the device if asked
  return created.player;
}

async function showWho() {
  signOut.hidden = !getToken();
  if (!getToken()) return;
  try {
    const profile = await me();
    who.textContent = t("Signed in as {name}.", { name: profile.name });
  } catch {
    who.textContent = t("The stored token no longer works: you will play as a guest.");
    clearToken();
    signOut.hidden = true;
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = document.getElementById("play-bot");
  waiting([button], true);
  status.textContent = t("Starting a match…");
  try {
    const profile = await player();
    const data = new FormData(form);
    const body = { players: [profile.id, data.get("bot")], game: data.get("game") };
    for (const field of gameFields(body.game)) {
      body[field.dataset.field || field.name] = "number" in field.dataset ? Number(field.value) : field.value;
    }
    const match = await api("POST", "/matches", body);
    const style = new URLSearchParams(location.search).get("style") || "italian";
    location.assign(`/web/play/${encodeURIComponent(match.id)}?style=${encodeURIComponent(style)}`);
  } catch (err) {
    status.textContent = t("Could not start the match: {reason}", { reason: err.message });
    waiting([button], false);
  }
});
// The button comes disabled in the page and is enabled only now that the form answers: a click before
// this script ran (it runs after the page is parsed, and imports two more files) submitted the form
// natively, and the page reloaded with the choices in its address, no match started and nothing said.
document.getElementById("play-bot").disabled = false;

// One game is played to a points target, another as one game or the best of three: each its own fields.
const gameChoice = document.getElementById("game-choice");
function gameFields(game) {
  return [...form.querySelectorAll("[data-game]")]
    .filter((label) => label.dataset.game === game)
    .flatMap((label) => [...label.querySelectorAll("select[name], input[name]")]);
}
function showGameOptions() {
  for (const label of form.querySelectorAll("[data-game]")) {
    const chosen = label.dataset.game === gameChoice.value;
    label.hidden = !chosen;
    label.querySelectorAll("select, input").forEach((field) => (field.disabled = !chosen));
  }
}
gameChoice.addEventListener("change", showGameOptions);
showGameOptions();

signOut.addEventListener("click", () => {
  clearToken();
  forget();
  signOut.hidden = true;
  who.textContent = t("Signed out: you will play as a guest.");
});

showWho();
