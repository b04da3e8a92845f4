// The replay viewer: the Prev / Next links and the arrow keys swap in another position without
// reloading the page (the links work without this script too). Quick key presses add up: the
// position asked for last is the one shown.
const STEPS = { ArrowLeft: -1, ArrowRight: 1 };
const LINKS = ["first", "prev", "next", "last"];

const replay = () => document.getElementById("replay");
let target = Number(replay().dataset.step);
let latest = 0;

function hrefFor(step) {
  const url = new URL(location.href);
  url.searchParams.set("move", String(step));
  return url.toString();
}

async function show(step, focusId) {
  const last = Number(replay().dataset.last);
  target = Math.max(0, Math.min(last, step));
  const ticket = ++latest;
  const href = hrefFor(target);
  const answer = await fetch(href, { headers: { Accept: "text/html" } });
  if (ticket !== latest) return; // a later position was asked for meanwhile
  if (!answer.ok) {
    location.assign(href);
    return;
  }
  const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = doc.getElementById("replay");
  if (ticket !== latest) return;
  if (!fresh) {
    location.assign(href);
    return;
  }
  replay().replaceWith(fresh);
  history.replaceState(null, "", href);
  bind();
  if (focusId) document.getElementById(focusId)?.focus();
}

function bind() {
  for (const id of LINKS) {
    const link = document.getElementById(id);
    link?.addEventListener("click", (event) => {
      event.preventDefault();
      if (link.getAttribute("aria-disabled") === "true") return;
      show(Number(new URL(link.href).searchParams.get("move")), id);
    });
  }
}

document.addEventListener("keydown", (event) => {
  const where = event.target;
  if (where instanceof HTMLInputElement || where instanceof HTMLSelectElement) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  let step = null;
  if (event.key in STEPS) step = target + STEPS[event.key];
  else if (event.key === "Home") step = 0;
  else if (event.key === "End") step = Number(replay().dataset.last);
  if (step === null) return;
  event.preventDefault();
  show(step, null);
});

bind();
