// A season's page: for the club's organizers, attach one of the club's tournaments and detach one. Calls
// of the JSON API with the player's token; after a change the page is read again (the server renders
// the standings).
import { api, getToken, me, waiting } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const FLASH = "scopa.season.flash";

function say(text) {
  $("season-status").textContent = text;
}

function reload(message) {
  sessionStorage.setItem(FLASH, message);
  location.reload();
}

async function act(buttons, action) {
  // One action at a time: the buttons wait for the answer; a failure enables them again.
  if (buttons.some((b) => b.disabled)) return;
  waiting(buttons, true);
  try {
    await action();
  } catch (err) {
    say(t("Could not change the season: {reason}", { reason: err.message }));
    waiting(buttons, false);
  }
}

async function start() {
  const flash = sessionStorage.getItem(FLASH);
  if (flash) {
    sessionStorage.removeItem(FLASH);
    say(flash);
  }
  const box = $("season-console");
  if (!box || !getToken()) return;
  const profile = await me().catch(() => null);
  if (!profile) return;
  const club = encodeURIComponent(box.dataset.club);
  const base = `/clubs/${club}/seasons/${encodeURIComponent(box.dataset.season)}/tournaments/`;
  const role = (await api("GET", `/clubs/${club}`)).your_role;
  if (!(profile.role === "admin" || role === "organizer")) return;
  const form = $("attach-form");
  const attach = form.querySelector("button[type=submit]");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act([attach], async () => {
      await api("PUT", base + encodeURIComponent(form.elements.tournament.value));
      reload(t("The tournament counts in the season."));
    });
  });
  document.querySelectorAll("#season-events li[data-tournament]").forEach((item) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary detach";
    button.textContent = t("Detach");
    button.addEventListener("click", () =>
      act([button], async () => {
        await api("DELETE", base + encodeURIComponent(item.dataset.tournament));
        reload(t("The tournament no longer counts."));
      }),
    );
    item.append(" ", button);
  });
  box.hidden = false;
}

start().catch((err) => say(t("Could not load: {reason}", { reason: err.message })));
