// The venue pages' push (docs/venue.md): they follow the tournament's topic (docs/live.md). A round's
// write (a report, a confirmation, an organizer's entry) tells the topic's followers without moving the
// tournament's version, so here every update, of the same version too, is a signal to read again what
// the page shows; an older one is still ignored. While the socket is down, the page reads again every
// `pollSeconds`.
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
