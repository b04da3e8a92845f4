// A running match seen by a spectator: wait for the next version, then reload the page.
const live = document.getElementById("live");
const WAIT_SECONDS = 20;

async function follow() {
  const id = encodeURIComponent(live.dataset.match);
  let version = Number(live.dataset.version);
  for (let attempt = 0; attempt < 1000 && live.dataset.status === "active"; attempt++) {
    try {
      const answer = await fetch(`/matches/${id}?after_version=${version}&wait=${WAIT_SECONDS}`, {
        headers: { Accept: "application/json" },
      });
      if (!answer.ok) throw new Error(String(answer.status));
      const match = await answer.json();
      if (match.version !== version) {
        location.reload();
        return;
      }
      version = match.version;
    } catch {
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
}

follow();
