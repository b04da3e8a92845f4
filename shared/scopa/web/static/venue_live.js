// The venue pages' push (docs/venue.md): they follow the tournament's topic (docs/live.md). A round's
// write (a report, a confirmation, an organizer's entry) tells the topic's followers without moving the
// tournament's version, so here every update, of the same version too, is a signal to read again what
// the page shows; an older one is still ignored. While the socket is down, the page reads again every
// `pollSeconds`. Also the pages' Idempotency-Keys.
import { Live } from "./live.js";

class Signals extends Live {
  deliver(topic, version, data) {
    const entry = this.topics.get(topic);
    if (!entry || version < entry.version) return;
    entry.version = version;
    entry.onData(data, version);
  }
}

export function followTournament(id, version, changed, pollSeconds = 15) {
  const live = new Signals();
  live.follow(
    `tournament:${id}`,
    () => changed().catch(() => {}),
    async () => {
      await new Promise((r) => setTimeout(r, pollSeconds * 1000));
      await changed();
      return null;
    },
    version,
  );
  return live;
}

export function newKey() {
  // A random Idempotency-Key. Not crypto.randomUUID: a phone on the club's network reaching `make run`
  // over plain http is no secure context, where only getRandomValues is there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class Keys {
  // One key per request body until it is answered: sending the same body again after a lost answer
  // (the venue's network) reuses its key, so the service applies it once; an answer forgets it.
  constructor() {
    this.keys = new Map();
  }

  of(body) {
    const text = JSON.stringify(body);
    if (!this.keys.has(text)) this.keys.set(text, newKey());
    return this.keys.get(text);
  }

  answered(body) {
    this.keys.delete(JSON.stringify(body));
  }
}
