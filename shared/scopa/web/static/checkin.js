// The venue check-in (docs/venue.md): the entrant types the code on the wall (a scanned QR code opens
// this page with it filled in) and checks in with their own token.
import { api, getToken } from "./session.js";
import { t } from "./strings.js";

const form = document.getElementById("check-in-form");
const status = document.getElementById("check-in-status");
const id = form.dataset.tournament;

if (!getToken()) document.getElementById("sign-in-first").hidden = false;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const entry = await api("POST", `/tournaments/${encodeURIComponent(id)}/venue-check-in`, {
      code: form.elements.code.value,
    });
    status.textContent = t("You have checked in as {name}.", { name: entry.name });
    status.classList.remove("error");
  } catch (err) {
    status.textContent = t("Could not check in: {reason}", { reason: err.message });
    status.classList.add("error");
  } finally {
    button.disabled = false;
  }
});
