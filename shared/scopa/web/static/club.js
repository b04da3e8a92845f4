// The clubs list (found a club) and a club's page (join an open club; for its organizers: edit the club,
// add many members at once, make one an organizer, remove one). Calls of the JSON API with the player's token;
// after a change the page is read again. The player's own role comes with the club (`your_role`): the page
// never reads the member list for it (the server renders the list).
import { api, getToken, me, playerOf, waiting } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);
const FLASH = "scopa.club.flash";

function say(text) {
  $("club-status").textContent = text;
}

function reload(message) {
  sessionStorage.setItem(FLASH, message);
  location.reload();
}

function guarded(button, action, together = [button]) {
  // One action at a time per button (a form's: its submit button): a double click or a second Enter
  // while the first is under way would send it twice (two clubs founded). The button waits, disabled,
  // for the answer, and so do the buttons `together` with it (Approve and Refuse of one request, the
  // two actions on one member); a failure enables them again, a success reloads the page.
  return async (event) => {
    if (event && event.type === "submit") event.preventDefault();
    if (button.disabled) return;
    waiting(together, true);
    let done = false;
    try {
      done = (await action(event)) === true;
    } finally {
      if (!done) waiting(together, false);
    }
  };
}

function onSubmit(form, action) {
  form.addEventListener("submit", guarded(form.querySelector("button[type=submit]"), action));
}

async function clubsPage(profile) {
  if (!profile || !["organizer", "admin"].includes(profile.role)) return;
  const form = $("club-form");
  $("found-club").hidden = false;
  onSubmit(form, async () => {
    const body = {
      name: form.elements.name.value.trim(),
      description: form.elements.description.value.trim(),
      open: form.elements.open.checked,
    };
    try {
      const club = await api("POST", "/clubs", body);
      location.assign(`/web/clubs/${encodeURIComponent(club.id)}`);
      return true;
    } catch (err) {
      say(t("Could not found the club: {reason}", { reason: err.message }));
    }
  });
}

const PLAYER_ID = /^((p|b)_[0-9a-f]{6,}|bot-[a-z0-9-]+)$/;

async function resolve(lines) {
  // Each line to a player id: a profile link or an id as it is, a name by the exact name lookup (names
  // are not unique). The lines that resolve to no one player come back, each with why.
  const ids = [];
  const problems = [];
  for (const [i, line] of lines.entries()) {
    const given = playerOf(line);
    if (given !== line.trim() || PLAYER_ID.test(given)) {
      ids.push(given);
      continue;
    }
    const found = (await api("GET", `/players?name=${encodeURIComponent(line)}`)).players;
    if (found.length === 1) ids.push(found[0].id);
    else if (!found.length) problems.push(t("line {n}, {line}: no player has this name", { n: i + 1, line }));
    else {
      const candidates = found.map((p) => p.id).join(", ");
      problems.push(
        t("line {n}, {line}: {count} players have this name ({ids}): write the id instead", {
          n: i + 1,
          line,
          count: found.length,
          ids: candidates,
        }),
      );
    }
  }
  return { ids, problems };
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

function memberButtons(...choices) {
  // The buttons of one member or request ([label, class, action] each): one of them at a time.
  const buttons = choices.map(([label, cls]) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `secondary ${cls}`;
    button.textContent = label;
    return button;
  });
  buttons.forEach((button, i) => button.addEventListener("click", guarded(button, choices[i][2], buttons)));
  return buttons;
}

async function clubPage(box, profile) {
  const clubId = encodeURIComponent(box.dataset.club);
  if (!profile) return;
  const role = (await api("GET", `/clubs/${clubId}`)).your_role;
  if (!role && box.dataset.open === "true") {
    $("join-row").hidden = false;
    $("join").addEventListener("click", guarded($("join"), async () => {
      try {
        await api("POST", `/clubs/${clubId}/members`, { player_id: profile.id });
        reload(t("You joined the club."));
        return true;
      } catch (err) {
        say(t("Could not join: {reason}", { reason: err.message }));
      }
    }));
  }
  if (!role && box.dataset.open !== "true" && profile.role !== "admin") await askToJoin(clubId);
  if (!(profile.role === "admin" || role === "organizer")) return;
  // The panel shows only once all its forms answer: a form shown before its handler would submit
  // natively (the page reloads with the lines in its address, and nothing is said).
  await showJoinRequests(clubId);
  const edit = $("edit-form");
  onSubmit(edit, async () => {
    // Only the fields the organizer changed, with the version the form shows: an edit made meanwhile by
    // another organizer is refused (409), and the page shows the club as it is now instead.
    const shown = edit.elements;
    const body = { version: Number(box.dataset.version) };
    const name = shown.name.value.trim();
    const description = shown.description.value.trim();
    if (name !== shown.name.defaultValue) body.name = name;
    if (description !== shown.description.defaultValue) body.description = description;
    if (shown.open.checked !== shown.open.defaultChecked) body.open = shown.open.checked;
    try {
      await api("PATCH", `/clubs/${clubId}`, body);
      reload(t("The club is saved."));
      return true;
    } catch (err) {
      const changed = t("Someone else changed this club; here it is now. Make your change again.");
      if (err.code !== "club_changed") say(t("Could not save the club: {reason}", { reason: err.message }));
      else {
        reload(changed);
        return true;
      }
    }
  });
  const form = $("members-form");
  onSubmit(form, async () => {
    const lines = form.elements.players.value.split("\n").map((l) => l.trim()).filter(Boolean);
    const { ids, problems } = await resolve(lines);
    if (problems.length) {
      // Nobody is added until every line names one player: the box stays as it is.
      say(t("Nobody was added: {problems}.", { problems: problems.join("; ") }));
      return;
    }
    const { added, refused } = await addMembers(clubId, ids, form.elements.role.value);
    const message = refused.length
      ? t("Added: {added}. Not added: {refused}", { added: added.join(", ") || "—", refused: refused.join("; ") })
      : t("Added: {added}.", { added: added.join(", ") });
    if (refused.length) {
      say(message);
      form.elements.players.value = refused.map((r) => r.split(" (")[0]).join("\n");
      return false;
    }
    reload(message);
    return true;
  });
  document.querySelectorAll("#members .manage").forEach((cell) => (cell.hidden = false));
  document.querySelectorAll("#members tbody tr").forEach((row) => {
    const player = encodeURIComponent(row.dataset.player);
    const name = row.querySelector("th").textContent.trim();
    const cell = row.querySelector("td.manage");
    const organizer = row.dataset.role === "organizer";
    const role = organizer ? "member" : "organizer";
    const label = organizer ? t("Make member") : t("Make organizer");
    const [roleButton, removeButton] = memberButtons(
      [label, "role", async () => {
        try {
          await api("POST", `/clubs/${clubId}/members`, { player_id: row.dataset.player, role });
          reload(t("{name} is now {role}.", { name, role: t(role) }));
          return true;
        } catch (err) {
          say(t("Could not change the role: {reason}", { reason: err.message }));
        }
      }],
      [t("Remove"), "remove", async () => {
        try {
          await api("DELETE", `/clubs/${clubId}/members/${player}`);
          reload(t("{name} was removed.", { name }));
          return true;
        } catch (err) {
          say(t("Could not remove: {reason}", { reason: err.message }));
        }
      }],
    );
    cell.append(roleButton, removeButton);
  });
  seasonForm(clubId);
  $("organizer-panel").hidden = false;
}

function seasonForm(clubId) {
  // A new season: its name, dates and points per place (a comma-separated list); then its page, where
  // the organizers attach the club's tournaments.
  const form = $("season-form");
  onSubmit(form, async () => {
    const shown = form.elements;
    const rules = {};
    const points = shown.points.value.split(",").map((p) => p.trim()).filter((p) => p !== "");
    if (points.length) rules.points = points.map(Number);
    if (shown.best_of.value) rules.best_of = Number(shown.best_of.value);
    const body = {
      name: shown.name.value.trim(),
      starts_on: shown.starts_on.value,
      ends_on: shown.ends_on.value,
      rules,
    };
    try {
      const season = await api("POST", `/clubs/${clubId}/seasons`, body);
      location.assign(`/web/clubs/${clubId}/seasons/${encodeURIComponent(season.id)}`);
      return true;
    } catch (err) {
      say(t("Could not start the season: {reason}", { reason: err.message }));
    }
  });
}

async function askToJoin(clubId) {
  // A club its organizers fill: the player asks to join and sees where the request stands.
  const own = (await api("GET", `/clubs/${clubId}/join-requests`)).requests[0];
  $("ask-row").hidden = false;
  $("ask").hidden = own && own.status === "pending";
  $("ask-state").textContent = !own
    ? t("The organizers add the members.")
    : own.status === "pending"
      ? t("Your request to join waits for the organizers.")
      : t("Your request to join was refused.");
  $("ask").addEventListener("click", guarded($("ask"), async () => {
    try {
      await api("POST", `/clubs/${clubId}/join-requests`);
      reload(t("You asked to join the club."));
      return true;
    } catch (err) {
      say(t("Could not ask to join: {reason}", { reason: err.message }));
    }
  }));
}

async function showJoinRequests(clubId) {
  // The pending requests, each with Approve / Refuse.
  const pending = (await api("GET", `/clubs/${clubId}/join-requests?limit=100`)).requests.filter(
    (r) => r.status === "pending",
  );
  const list = $("join-requests");
  $("requests-box").hidden = !pending.length;
  for (const request of pending) {
    const item = document.createElement("li");
    item.dataset.player = request.player_id;
    const link = document.createElement("a");
    link.href = `/web/players/${encodeURIComponent(request.player_id)}`;
    link.textContent = request.name;
    const path = `/clubs/${clubId}/join-requests/${encodeURIComponent(request.player_id)}`;
    const name = request.name;
    const decide = (verb, done) => async () => {
      try {
        await api("POST", `${path}/${verb}`);
        reload(done());
        return true;
      } catch (err) {
        say(t("Could not decide: {reason}", { reason: err.message }));
      }
    };
    const approved = () => t("{name} is now a member.", { name });
    const refused = () => t("{name} was refused.", { name });
    const [approve, refuse] = memberButtons(
      [t("Approve"), "approve", decide("approve", approved)],
      [t("Refuse"), "refuse", decide("refuse", refused)],
    );
    item.append(link, " ", approve, " ", refuse);
    list.append(item);
  }
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
