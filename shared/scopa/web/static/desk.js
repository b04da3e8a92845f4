// The organizer's desk at the venue (docs/venue.md): the check-in code and its QR code (read with the
// organizer's token: the page itself never holds them), late entries and drops between rounds.
import { api, getToken, playerOf } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const id = $("desk").dataset.tournament;
const base = `/tournaments/${encodeURIComponent(id)}`;
const say = (text) => ($("desk-status").textContent = text);

async function showCode() {
  const found = await api("GET", `${base}/venue-code`);
  $("venue-code").textContent = found.code;
  $("venue-url").textContent = found.check_in_url;
  const svg = new DOMParser().parseFromString(found.qr_svg, "image/svg+xml").documentElement;
  $("venue-qr").replaceChildren(document.importNode(svg, true));
  $("venue-code-panel").hidden = false;
  $("late-panel").hidden = false;
}

async function act(call, done) {
  try {
    await call();
    sessionStorage.setItem("scopa.desk.flash", done);
    location.reload();
  } catch (err) {
    say(t("Could not do that: {reason}", { reason: err.message }));
  }
}

const late = $("late-form");
if (late)
  late.addEventListener("submit", (event) => {
    event.preventDefault();
    const player = playerOf(late.elements.player.value);
    act(() => api("POST", `${base}/entries`, { players: [player] }), t("Entered."));
  });
const drop = $("drop-form");
if (drop)
  drop.addEventListener("submit", (event) => {
    event.preventDefault();
    const entrant = encodeURIComponent(drop.elements.entrant.value);
    act(() => api("DELETE", `${base}/entries/${entrant}`), t("Withdrawn."));
  });

const flash = sessionStorage.getItem("scopa.desk.flash");
if (flash) {
  sessionStorage.removeItem("scopa.desk.flash");
  say(flash);
}
if (getToken())
  showCode().catch((err) => say(t("Only this tournament's organizers see the venue code: {reason}", { reason: err.message })));
else say(t("Sign in as an organizer of this tournament to see the venue code."));
