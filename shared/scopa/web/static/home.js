// Home page: "Play against a bot" in one click (a guest player is registered when no token is stored).
import { api, clearToken, getToken, me, setToken } from "./session.js";

const form = document.getElementById("quick-play");
const status = document.getElementById("play-status");
const who = document.getElementById("who");
const tokenForm = document.getElementById("token-form");

async function player() {
  if (getToken()) {
    try {
      return await me();
    } catch (err) {
      if (err.status !== 401) throw err;
      clearToken();
    }
  }
  const guest = `Guest ${Math.floor(1000 + Math.random() * 9000)}`;
  const created = await api("POST", "/players", { name: guest });
  setToken(created.token);
  return created.player;
}

async function showWho() {
  if (!getToken()) return;
  try {
    const profile = await me();
    who.textContent = `Signed in as ${profile.name}.`;
  } catch {
    who.textContent = "The stored token no longer works: you will play as a guest.";
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = document.getElementById("play-bot");
  button.disabled = true;
  status.textContent = "Starting a match…";
  try {
    const profile = await player();
    const data = new FormData(form);
    const match = await api("POST", "/matches", {
      players: [profile.id, data.get("bot")],
      target: Number(data.get("target")),
    });
    const style = new URLSearchParams(location.search).get("style") || "italian";
    location.assign(`/web/play/${encodeURIComponent(match.id)}?style=${encodeURIComponent(style)}`);
  } catch (err) {
    status.textContent = `Could not start the match: ${err.message}`;
    button.disabled = false;
  }
});

tokenForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = tokenForm.elements.token;
  setToken(input.value.trim());
  input.value = "";
  try {
    const profile = await me();
    who.textContent = `Signed in as ${profile.name}.`;
  } catch (err) {
    clearToken();
    who.textContent = `That token was refused: ${err.message}`;
  }
});

document.getElementById("sign-out").addEventListener("click", () => {
  clearToken();
  who.textContent = "Signed out: you will play as a guest.";
});

showWho();
