// The player's token lives in sessionStorage (this tab only) and leaves only as an Authorization header.
const KEY = "scopa.token";

export function getToken() {
  return sessionStorage.getItem(KEY);
}

export function setToken(token) {
  sessionStorage.setItem(KEY, token);
}

export function clearToken() {
  sessionStorage.removeItem(KEY);
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

export async function me() {
  return api("GET", "/me");
}
