// The player's token: in sessionStorage (this tab) unless the player chose "keep me signed in on this
// device" (localStorage). It leaves the browser only as an Authorization header.
const KEY = "scopa.token";

export function getToken() {
  return sessionStorage.getItem(KEY) || localStorage.getItem(KEY);
}

export function remembered() {
  return localStorage.getItem(KEY) !== null;
}

export function setToken(token, remember = remembered()) {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(KEY, token);
}

export function clearToken() {
  sessionStorage.removeItem(KEY);
  localStorage.removeItem(KEY);
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `HTTP ${status}`);
    this.status = status;
    this.code = body && body.code;
  }
}

export async function api(method, path, body, headers = {}) {
  const token = getToken();
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (token) init.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const answer = await fetch(path, init);
  const data = answer.status === 204 ? null : await answer.json().catch(() => null);
  if (!answer.ok) throw new ApiError(answer.status, data);
  return data;
}

let profile = null;
export async function me() {
  if (!profile || profile.token !== getToken()) {
    profile = { token: getToken(), answer: api("GET", "/me") };
    profile.answer.catch(() => (profile = null));
  }
  return profile.answer;
}

export function forget() {
  profile = null;
}

export function download(filename, text) {
  // Save `text` as a file (a Blob URL, revoked at once): the token file of the account page.
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function playerOf(text) {
  // A player id from an id or a profile link (".../web/players/p_...").
  const value = text.trim();
  const found = value.match(/\/web\/players\/([^/?#\s]+)/);
  return found ? decodeURIComponent(found[1]) : value;
}

export function waiting(buttons, on) {
  // Buttons waiting for their request's answer: disabled, and marked, so that a page the browser brings
  // back from its back/forward cache (left by that request's success) has them enabled again.
  for (const button of buttons) {
    button.disabled = on;
    if (on) button.dataset.waiting = "true";
    else delete button.dataset.waiting;
  }
}

window.addEventListener("pageshow", (event) => {
  if (event.persisted) waiting(document.querySelectorAll("button[data-waiting]"), false);
});
