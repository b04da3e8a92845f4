// The one push client of the pages (docs/live.md): a WebSocket to the service, authenticated with the
// player's token when there is one, following topics; for each topic only versions newer than the highest
// seen reach the page. When the socket closes it reconnects with a growing, jittered delay; while it
// cannot open, each topic falls back to its poll function (a long-poll for a match); while it is up,
// nothing polls.
import { getToken } from "./session.js";

const FIRST_DELAY = 500;
const MAX_DELAY = 30000;

function socketUrl() {
  const meta = document.querySelector('meta[name="scopa-live"]');
  const where = (meta && meta.content) || "/live";
  if (/^wss?:\/\//.test(where)) return where;
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${where}`;
}

export class Live {
  constructor() {
    this.topics = new Map(); // topic -> {onData, poll, version, polling}
    this.socket = null;
    this.up = false;
    this.delay = FIRST_DELAY;
    this.stopped = false;
    this.onError = () => {};
    this.onState = () => {};
    this.connect();
  }

  // Follow `topic`: `onData(data, version)` gets every newer version; `poll(version)` is the fallback,
  // resolving to {version, data} (or null when nothing changed), called in a loop while the socket is down.
  follow(topic, onData, poll, version = -1) {
    this.topics.set(topic, { onData, poll, version, polling: false });
    if (this.up) this.send({ action: "subscribe", topic });
    else if (this.failed) this.startPolling(topic);
  }

  unfollow(topic) {
    this.topics.delete(topic);
    if (this.up) this.send({ action: "unsubscribe", topic });
  }

  // The page learned a version by itself (its own write's answer): older pushes are ignored.
  seen(topic, version) {
    const entry = this.topics.get(topic);
    if (entry && version > entry.version) entry.version = version;
  }

  deliver(topic, version, data) {
    const entry = this.topics.get(topic);
    if (!entry || version <= entry.version) return;
    entry.version = version;
    entry.onData(data, version);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  connect() {
    if (this.stopped) return;
    let socket;
    try {
      socket = new WebSocket(socketUrl());
    } catch {
      this.down();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      const token = getToken();
      if (token) this.send({ action: "auth", token });
      else this.opened();
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "authed") this.opened();
      else if (message.type === "update") this.deliver(message.topic, Number(message.version), message.data);
      else if (message.type === "error") {
        if (message.action === "auth") this.opened(); // follow what anyone may see
        this.onError(message);
      }
    });
    socket.addEventListener("close", () => {
      if (this.socket === socket) this.down();
    });
  }

  opened() {
    if (this.up) return;
    this.up = true;
    this.failed = false;
    this.delay = FIRST_DELAY;
    this.onState(true);
    for (const topic of this.topics.keys()) this.send({ action: "subscribe", topic });
  }

  down() {
    const wasUp = this.up;
    this.up = false;
    this.socket = null;
    this.failed = true;
    if (wasUp) this.onState(false);
    for (const topic of this.topics.keys()) this.startPolling(topic);
    if (this.stopped) return;
    const wait = this.delay * (0.75 + Math.random() * 0.5);
    this.delay = Math.min(MAX_DELAY, this.delay * 2);
    setTimeout(() => this.connect(), wait);
  }

  async startPolling(topic) {
    const entry = this.topics.get(topic);
    if (!entry || entry.polling || !entry.poll) return;
    entry.polling = true;
    try {
      while (!this.up && !this.stopped && this.topics.get(topic) === entry) {
        try {
          const found = await entry.poll(entry.version);
          if (found && !this.up) this.deliver(topic, Number(found.version), found.data);
        } catch {
          await new Promise((r) => setTimeout(r, 3000));
        }
      }
    } finally {
      entry.polling = false;
    }
  }

  close() {
    this.stopped = true;
    if (this.socket) this.socket.close();
  }
}

// Fallback for the lobby and the inbox: read the route again every `seconds` (their version is the time).
export function every(seconds, read) {
  let first = true;
  return async () => {
    if (!first) await new Promise((r) => setTimeout(r, seconds * 1000));
    first = false;
    return { version: Date.now(), data: await read() };
  };
}
