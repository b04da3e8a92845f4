// The account page: sign up (the token is shown once, to copy or download), sign in with a token,
// keep the token on this device or in this tab only, rotate it, sign out.
import { api, clearToken, download, forget, getToken, me, remembered, setToken } from "./session.js";
import { t } from "./strings.js";

const $ = (id) => document.getElementById(id);

function say(text) {
  $("account-status").textContent = text;
}

function showToken(token, profile) {
  // The only time the token is on the page: the answer of sign up or of a rotation.
  $("token-once").hidden = false;
  $("token-value").value = token;
  $("token-download").onclick = () =>
    download(`scopa-token-${profile.id}.txt`, `${t("Scopa token of {name}", { name: profile.name })}\n${token}\n`);
}

async function refresh() {
  forget();
  const signedIn = $("signed-in");
  const signedOut = $("signed-out");
  if (!getToken()) {
    signedIn.hidden = true;
    signedOut.hidden = false;
    return;
  }
  try {
    const profile = await me();
    $("me-name").textContent = profile.name;
    $("me-link").href = `/web/players/${encodeURIComponent(profile.id)}`;
    $("keep").checked = remembered();
    signedIn.hidden = false;
    signedOut.hidden = true;
    return profile;
  } catch (err) {
    if (err.status === 401) clearToken();
    say(t("The stored token no longer works."));
    signedIn.hidden = true;
    signedOut.hidden = false;
  }
}

$("signup-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = $("signup-form");
  try {
    const created = await api("POST", "/players", { name: form.elements.name.value.trim() });
    setToken(created.token, form.elements.remember.checked);
    form.reset();
    await refresh();
    showToken(created.token, created.player);
    say(t("Welcome, {name}. Save your token now: it is shown only once.", { name: created.player.name }));
  } catch (err) {
    say(t("Could not sign up: {reason}", { reason: err.message }));
  }
});

$("signin-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = $("signin-form");
  setToken(form.elements.token.value.trim(), form.elements.remember.checked);
  form.elements.token.value = "";
  const profile = await refresh();
  say(profile ? t("Signed in as {name}.", { name: profile.name }) : t("That token was refused."));
});

$("keep").addEventListener("change", () => {
  setToken(getToken(), $("keep").checked);
  say($("keep").checked ? t("You stay signed in on this device.") : t("You stay signed in in this tab only."));
});

$("rotate").addEventListener("click", async () => {
  if (!confirm(t("Make a new token? The old one stops working everywhere."))) return;
  try {
    const profile = await me();
    const answer = await api("POST", "/me/token");
    setToken(answer.token, remembered());
    await refresh();
    showToken(answer.token, profile);
    say(t("Your new token is below, shown only once. The old one no longer works."));
  } catch (err) {
    say(t("Could not make a new token: {reason}", { reason: err.message }));
  }
});

$("token-copy").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("token-value").value);
    say(t("Token copied."));
  } catch {
    $("token-value").select();
    say(t("Select the token and copy it."));
  }
});

$("token-done").addEventListener("click", () => {
  $("token-value").value = "";
  $("token-once").hidden = true;
});

$("sign-out").addEventListener("click", () => {
  clearToken();
  forget();
  $("token-value").value = "";
  $("token-once").hidden = true;
  refresh();
  say(t("Signed out."));
});

refresh();
