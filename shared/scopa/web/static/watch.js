// A running match seen by a spectator: pushed updates (live.js; a long-poll when the socket cannot open)
// swap in the page's fresh board; at the end the page reloads as the replay.
import { Live } from "./live.js";
import { t } from "./strings.js";

const live = () => document.getElementById("live");
const matchId = live().dataset.match;
const WAIT_SECONDS = 20;
let latest = 0;

async function refresh(match) {
  if (match.status === "finished") {
    location.reload();
    return;
  }
  const ticket = ++latest;
  const answer = await fetch(location.href, { headers: { Accept: "text/html" } });
  if (!answer.ok || ticket !== latest) return;
  const fresh = new DOMParser().parseFromString(await answer.text(), "text/html").getElementById("live");
  if (!fresh || ticket !== latest || Number(fresh.dataset.version) < Number(live().dataset.version)) return;
  const state = document.getElementById("live-state").textContent;
  live().replaceWith(fresh);
  document.getElementById("live-state").textContent = state;
}

async function poll(version) {
  const path = `/matches/${encodeURIComponent(matchId)}?after_version=${Math.max(version, 0)}&wait=${WAIT_SECONDS}`;
  const answer = await fetch(path, { headers: { Accept: "application/json" } });
  if (!answer.ok) throw new Error(String(answer.status));
  const match = await answer.json();
  return { version: match.version, data: match };
}

if (["active", "pending"].includes(live().dataset.status)) {
  const client = new Live();
  client.onState = (up) => (document.getElementById("live-state").textContent = up ? t("live") : t("reconnecting…"));
  client.follow(`match:${matchId}`, refresh, poll, Number(live().dataset.version));
}
