// A player's page: challenge them (a pending match they accept or decline from their inbox).
import { api, getToken, me } from "./session.js";
import { t } from "./strings.js";
import { gameOf, timeControl } from "./terms.js";

const box = document.getElementById("challenge");
const form = document.getElementById("challenge-form");
const status = document.getElementById("challenge-status");
const opponent = box.dataset.player;

async function start() {
  if (!getToken()) return;
  try {
    const profile = await me();
    document.getElementById("challenge-hint").hidden = true;
    if (profile.id === opponent) {
      box.hidden = true;
      return;
    }
    form.hidden = false;
  } catch {
    /* not signed in: the hint stays */
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = {
    opponent,
    game: gameOf(form),
    preset: data.get("preset"),
    rated: data.get("rated") === "on",
    expires_in: Number(data.get("expires_in")),
  };
  if (data.get("target")) body.target = Number(data.get("target"));
  const clock = timeControl(data.get("clock"));
  if (clock) body.time_control = clock;
  try {
    const match = await api("POST", "/challenges", body);
    status.textContent = t("Challenge sent: waiting for an answer…");
    const style = new URLSearchParams(location.search).get("style") || "italian";
    location.assign(`/web/play/${encodeURIComponent(match.id)}?style=${encodeURIComponent(style)}`);
  } catch (err) {
    status.textContent = t("Could not send the challenge: {reason}", { reason: err.message });
  }
});

start();
