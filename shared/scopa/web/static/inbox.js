// The inbox: invitations to the player (accept, decline), the player's own challenges and seeks
// (withdraw), each with the time left to answer; kept current by push (the `inbox:<player>` topic).
import { Live, every } from "./live.js";
import { api, getToken, me } from "./session.js";
import { countdown, t, when } from "./strings.js";
import { terms } from "./terms.js";

const $ = (id) => document.getElementById(id);
const style = new URLSearchParams(location.search).get("style") || "italian";

function say(text) {
  $("inbox-status").textContent = text;
}

function playUrl(matchId) {
  return `/web/play/${encodeURIComponent(matchId)}?style=${encodeURIComponent(style)}`;
}

function entry(item, who, actions) {
  const li = document.createElement("li");
  li.dataset.id = item.id;
  const name = document.createElement("strong");
  name.textContent = who;
  const what = document.createElement("span");
  what.textContent = terms(item);
  const left = document.createElement("span");
  left.className = "muted expires";
  left.dataset.expires = item.expires_at;
  left.title = when(item.expires_at);
  li.append(name, what, left);
  for (const [label, cls, act] of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = cls;
    button.textContent = label;
    button.addEventListener("click", act);
    li.append(button);
  }
  return li;
}

async function act(method, path, done, after) {
  try {
    const answer = await api(method, path);
    say(done);
    if (after) after(answer);
  } catch (err) {
    say(t("That did not work: {reason}", { reason: err.message }));
  }
}

function render(inbox) {
  const invitations = $("invitations");
  invitations.replaceChildren(
    ...inbox.invitations.map((inv) =>
      entry(inv, t("from {name}", { name: inv.from.name }), [
        [t("Accept"), "accept", () => act("POST", `/matches/${encodeURIComponent(inv.id)}/accept`,
          t("Accepted: to the table…"), () => location.assign(playUrl(inv.id)))],
        [t("Decline"), "secondary decline", () => act("POST", `/matches/${encodeURIComponent(inv.id)}/decline`,
          t("Declined."))],
      ]),
    ),
  );
  $("no-invitations").hidden = inbox.invitations.length > 0;
  const challenges = $("challenges");
  challenges.replaceChildren(
    ...inbox.challenges.map((ch) =>
      entry(ch, t("to {names}", { names: (ch.awaiting || []).join(", ") }), [
        [t("Withdraw"), "secondary withdraw", () => act("POST", `/matches/${encodeURIComponent(ch.id)}/withdraw`,
          t("Challenge withdrawn."))],
      ]),
    ),
  );
  $("no-challenges").hidden = inbox.challenges.length > 0;
  const seeks = $("my-seeks");
  seeks.replaceChildren(
    ...inbox.seeks.map((seek) =>
      entry(seek, t("in the lobby"), [
        [t("Withdraw"), "secondary withdraw", () => act("DELETE", `/lobby/seeks/${encodeURIComponent(seek.id)}`,
          t("Your seek was withdrawn."))],
      ]),
    ),
  );
  $("no-seeks").hidden = inbox.seeks.length > 0;
  tick();
}

function tick() {
  document.querySelectorAll(".expires").forEach((node) => {
    const left = countdown(node.dataset.expires);
    node.textContent = left ? t("expires in {left}", { left }) : t("expired");
  });
}

async function start() {
  if (!getToken()) {
    $("sign-in-first").hidden = false;
    return;
  }
  let profile;
  try {
    profile = await me();
  } catch {
    $("sign-in-first").hidden = false;
    return;
  }
  $("inbox").hidden = false;
  const read = () => api("GET", "/inbox");
  try {
    render(await read());
  } catch (err) {
    say(t("Could not load the inbox: {reason}", { reason: err.message }));
  }
  const live = new Live();
  live.onState = (up) => ($("live-state").textContent = up ? t("live") : t("reconnecting…"));
  live.follow(`inbox:${profile.id}`, render, every(10, read));
  setInterval(tick, 1000);
}

start();
