// The clubs list (found a club) and a club's page (join an open club; for its organizers: edit the club,
// add many members at once, make one an organizer, remove one). Calls of the JSON API with the player's token;
// after a change the page is read again.
import { api, clubMembers, getToken, me } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const FLASH = "scopa.club.flash";

function say(text) {
  $("club-status").textContent = text;
}

function playerOf(text) {
  // A player id from an id or a profile link (".../web/players/p_...").
  const value = text.trim();
  const found = value.match(/\/web\/players\/([^/?#\s]+)/);
  return found ? decodeURIComponent(found[1]) : value;
}

function reload(message) {
  sessionStorage.setItem(FLASH, message);
  location.reload();
}

async function clubsPage(profile) {
  if (!profile || !["organizer", "admin"].includes(profile.role)) return;
  const form = $("club-form");
  $("found-club").hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      name: form.elements.name.value.trim(),
      description: form.elements.description.value.trim(),
      open: form.elements.open.checked,
    };
    try {
      const club = await api("POST", "/clubs", body);
      location.assign(`/web/clubs/${encodeURIComponent(club.id)}`);
    } catch (err) {
      say(t("Could not found the club: {reason}", { reason: err.message }));
    }
  });
}

async function addMembers(clubId, lines, role) {
  // One call a player, in order; the names of those added and the lines refused, with why.
  const added = [];
  const refused = [];
  for (const line of lines) {
    try {
      const member = await api("POST", `/clubs/${clubId}/members`, { player_id: playerOf(line), role });
      added.push(member.name);
    } catch (err) {
      refused.push(`${line} (${err.message})`);
    }
  }
  return { added, refused };
}

function memberButton(label, cls, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = `secondary ${cls}`;
  button.textContent = label;
  button.addEventListener("click", onClick);
  return button;
}

async function clubPage(box, profile) {
  const clubId = encodeURIComponent(box.dataset.club);
  if (!profile) return;
  const members = await clubMembers(box.dataset.club);
  const mine = members.find((m) => m.player_id === profile.id);
  if (!mine && box.dataset.open === "true") {
    $("join-row").hidden = false;
    $("join").addEventListener("click", async () => {
      try {
        await api("POST", `/clubs/${clubId}/members`, { player_id: profile.id });
        reload(t("You joined the club."));
      } catch (err) {
        say(t("Could not join: {reason}", { reason: err.message }));
      }
    });
  }
  if (!(profile.role === "admin" || (mine && mine.role === "organizer"))) return;
  $("organizer-panel").hidden = false;
  const edit = $("edit-form");
  edit.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = {
      name: edit.elements.name.value.trim(),
      description: edit.elements.description.value.trim(),
      open: edit.elements.open.checked,
    };
    try {
      await api("PATCH", `/clubs/${clubId}`, body);
      reload(t("The club is saved."));
    } catch (err) {
      say(t("Could not save the club: {reason}", { reason: err.message }));
    }
  });
  const form = $("members-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const lines = form.elements.players.value.split("\n").map((l) => l.trim()).filter(Boolean);
    const { added, refused } = await addMembers(clubId, lines, form.elements.role.value);
    const message = refused.length
      ? t("Added: {added}. Not added: {refused}", { added: added.join(", ") || "—", refused: refused.join("; ") })
      : t("Added: {added}.", { added: added.join(", ") });
    if (refused.length) {
      say(message);
      form.elements.players.value = refused.map((r) => r.split(" (")[0]).join("\n");
    } else reload(message);
  });
  document.querySelectorAll("#members .manage").forEach((cell) => (cell.hidden = false));
  document.querySelectorAll("#members tbody tr").forEach((row) => {
    const player = encodeURIComponent(row.dataset.player);
    const name = row.querySelector("th").textContent.trim();
    const cell = row.querySelector("td.manage");
    const organizer = row.dataset.role === "organizer";
    const role = organizer ? "member" : "organizer";
    const label = organizer ? t("Make member") : t("Make organizer");
    cell.append(
      memberButton(label, "role", async () => {
        try {
          await api("POST", `/clubs/${clubId}/members`, { player_id: row.dataset.player, role });
          reload(t("{name} is now {role}.", { name, role: t(role) }));
        } catch (err) {
          say(t("Could not change the role: {reason}", { reason: err.message }));
        }
      }),
      memberButton(t("Remove"), "remove", async () => {
        try {
          await api("DELETE", `/clubs/${clubId}/members/${player}`);
          reload(t("{name} was removed.", { name }));
        } catch (err) {
          say(t("Could not remove: {reason}", { reason: err.message }));
        }
      }),
    );
  });
}

async function start() {
  const flash = sessionStorage.getItem(FLASH);
  if (flash) {
    sessionStorage.removeItem(FLASH);
    say(flash);
  }
  let profile = null;
  if (getToken()) {
    try {
      profile = await me();
    } catch {
      profile = null;
    }
  }
  const box = $("club-console");
  if (box) await clubPage(box, profile);
  else await clubsPage(profile);
}

start().catch((err) => say(t("Could not load: {reason}", { reason: err.message })));
