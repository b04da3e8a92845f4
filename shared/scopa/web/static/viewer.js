// The replay viewer: the Prev / Next links and the arrow keys swap in the next position without
// reloading the page (the links work without this script too).
const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

async function go(href, focusId) {
  const answer = await fetch(href, { headers: { Accept: "text/html" } });
  if (!answer.ok) {
    location.assign(href);
    return;
  }
  const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = doc.getElementById("replay");
  const old = document.getElementById("replay");
  if (!fresh || !old) {
    location.assign(href);
    return;
  }
  old.replaceWith(fresh);
  history.replaceState(null, "", href);
  bind();
  if (focusId) document.getElementById(focusId)?.focus();
}

function bind() {
  for (const id of Object.values(KEYS)) {
    const link = document.getElementById(id);
    link?.addEventListener("click", (event) => {
      event.preventDefault();
      if (link.getAttribute("aria-disabled") !== "true") go(link.href, id);
    });
  }
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const id = KEYS[event.key];
  const link = id && document.getElementById(id);
  if (!link || link.getAttribute("aria-disabled") === "true") return;
  event.preventDefault();
  go(link.href, null);
});

bind();
