"""The page a person plays a seat from (``GET /matches/{id}/play?token=T``).

The page holds no match data: its script reads the seat's view (with the board as an SVG
picture drawn from the seat's side) and its choice as a tree of steps
(``/choices``, docs/choices.md) through the same API as any client, with the token from
its own address, and listens on the seat's WebSocket to refresh when anyone acts. A
person answers one step at a time: a click on a piece or square of the board (the
picture's ``data-square``, lit when it is an option), on a card (``data-card``: its text
is shown, then its targets), or on one of the step's few other options; "back" undoes
one step; a step with one option below the first is answered at once. While another
seat acts, the page says who. It needs nothing from the network beyond the server. Text
from the server is set as text, never as markup; the board picture is the renderer's
SVG, whose every text is escaped.

>>> PLAY_PAGE.startswith("<!doctype html>")
True
"""

from __future__ import annotations

PLAY_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>grimoire: play</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#1b1b1b}
header{padding:.4em .8em;background:#1f3447;color:#fff;display:flex;flex-wrap:wrap;
gap:.2em 1em;align-items:baseline}
header h1{font-size:1.05em;margin:0}
header a{color:#fff}
#status{font-size:.95em}
main{display:flex;flex-wrap:wrap;gap:.8em;padding:.6em}
#board{flex:0 1 auto;background:#fff;border:1px solid #bbb;padding:.3em;min-width:0;
max-width:100%;box-sizing:border-box}
#board svg{display:block;width:100%;height:auto;max-height:70vh}
#board svg *:not([data-square]):not([data-card]){pointer-events:none}
#board .choice{cursor:pointer;stroke:#d35400;stroke-width:3px}
#board .choice:focus{outline:3px solid #1f3447;outline-offset:2px}
#board text.choice{stroke:none;fill:#a1221b}
#board .picked{stroke:#1e8449;stroke-width:4px}
#board .touch{stroke:#7d3c98;stroke-width:3px;stroke-dasharray:4 2}
#side{flex:1 1 300px;min-width:0;display:flex;flex-direction:column;gap:.5em}
#prompt{font-weight:bold}
#actions{display:flex;flex-wrap:wrap;gap:.3em}
#actions button,#back,#rematch{font-size:1em;padding:.4em .7em;cursor:pointer}
#info{font-size:.9em;background:#fff;border-left:4px solid #1f3447;padding:.3em .6em}
#info:empty{display:none}
ol#events{margin:0;padding:0 0 0 3em;max-height:35vh;overflow:auto;background:#fff;
border:1px solid #bbb;font-size:.9em}
#error{color:#a1221b;font-weight:600}
@media (max-width:700px){main{padding:.3em;gap:.4em}#board svg{max-height:52vh}
ol#events{max-height:25vh}}
</style>
</head>
<body>
<header><h1 id="title">grimoire</h1><div id="status" role="status">connecting…</div>
<a href="/">lobby</a></header>
<main>
<div id="board" aria-label="the board"></div>
<div id="side">
<div id="prompt" aria-live="polite"></div>
<div id="actions"></div>
<div><button id="back" type="button" hidden>back one step</button>
<button id="rematch" type="button" hidden>Rematch</button></div>
<div id="info"></div>
<div id="error" role="alert"></div>
<ol id="events"></ol>
</div>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get("token") || "";
const base = location.pathname.replace(/\\/play$/, "");
let version = -1, busy = false, again = false, acting = false, posted = 0;
let step = null, path = [], texts = {};
const bySquare = new Map(), byCard = new Map();

async function api(path, options) {
  const r = await fetch(base + path, Object.assign({cache: "no-store"}, options || {}, {
    headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"}}));
  const body = await r.json();
  return {status: r.status, body: body};
}

function names(players, seats) {
  return seats.map((s) => players[s]).join(", ");
}

function quoted(value) {
  return '"' + String(value).replace(/["\\\\]/g, "\\\\$&") + '"';
}

function marked(attr, value) {
  return Array.from($("board").querySelectorAll("[" + attr + "=" + quoted(value) + "]"));
}

function failed(got) {
  // Say why; a busy server (429, 5xx) is asked again shortly: never a page left dead.
  $("error").textContent = got.body.detail;
  if (got.status === 429 || got.status >= 500) setTimeout(refresh, 1000);
}

async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const got = await api("?picture=1&turned=1");
      if (got.status !== 200) { failed(got); return; }
      const v = got.body;
      version = v.version;
      document.title = v.game + ": " + v.players.join(" vs ");
      $("title").textContent = document.title;
      $("board").innerHTML = v.picture;
      const svg = $("board").querySelector("svg");
      if (svg) {  // a picture whose pieces and squares are controls: a group, not an image
        svg.setAttribute("role", "group");
        svg.setAttribute("aria-label", "the board");
      }
      const me = v.seat === null ? "a spectator" : v.players[v.seat];
      let status = "You are " + me + ". ";
      if (v.outcome) {
        status += v.outcome.winners.length ?
          "Won by " + names(v.players, v.outcome.winners) + " (" + v.outcome.reason + ")." :
          "Drawn (" + v.outcome.reason + ").";
      } else if (v.seat !== null && v.to_act.includes(v.seat)) {
        const others = v.to_act.filter((s) => s !== v.seat);
        status += "Your turn" + (others.length ? " (also acting: " +
          names(v.players, others) + ")" : "") + ".";
      } else {
        status += "Waiting for " + names(v.players, v.to_act) + " to act…";
      }
      $("status").textContent = status;
      $("rematch").hidden = !(v.outcome && v.seat !== null);
      step = null; path = [];
      if (!v.outcome && v.seat !== null && v.to_act.includes(v.seat)) {
        const asked = await api("/choices");
        const c = asked.body;
        if (asked.status !== 200) { failed(asked); return; }
        if (c.version !== version) { again = true; continue; }  // it moved on: look again
        if (c.step) {
          step = c.step;
          if (step.forced) {
            $("info").textContent = step.options[0].label + " (your only choice)";
            show();
            act(step.options[0].action);
            continue;
          }
        }
      }
      show();
      document.body.dataset.version = String(version);
      document.body.dataset.ready = "yes";
    } while (again);
  } finally {
    busy = false;
  }
}

function show() {
  for (const el of $("board").querySelectorAll(".choice, .picked, .touch")) {
    el.classList.remove("choice", "picked", "touch");
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
  bySquare.clear(); byCard.clear();
  const list = $("actions");
  list.replaceChildren();
  $("back").hidden = path.length === 0;
  $("prompt").textContent = step ? path.map((p) => p.label).concat([step.prompt])
    .join(" › ") : "";
  document.body.dataset.options = step ? String(step.options.length) : "0";
  document.body.dataset.step = step ? step.prompt : "";
  if (!step) return;
  for (const p of path) {
    if (p.square) marked("data-square", p.square).forEach((el) => el.classList.add("picked"));
  }
  step.options.forEach((o, i) => {
    let onBoard = false;
    if (o.square) {
      const els = marked("data-square", o.square);
      els.forEach((el) => lit(el, o));
      bySquare.set(o.square, i);
      onBoard = els.length > 0;
    }
    if (o.card) {
      marked("data-card", o.card).forEach((el) => lit(el, o));
      byCard.set(o.card, i);
    }
    if (!onBoard) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.label;
      if (o.text) b.title = o.text;
      b.dataset.index = String(i);
      b.addEventListener("click", () => pick(i));
      b.addEventListener("mouseenter", () => touch(o, true));
      b.addEventListener("mouseleave", () => touch(o, false));
      list.appendChild(b);
    }
  });
}

function lit(el, option) {
  // a choice on the board: clicked, or reached with Tab and taken with Enter or Space
  el.classList.add("choice");
  if (el.tagName === "text") return;  // its counter below takes the focus
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", option.label);
}

function touch(option, on) {
  const t = option.touches || {};
  const squares = [t.from, t.to].concat(t.targets || [], t.path || []).filter((s) => s);
  for (const s of squares) {
    marked("data-square", s).forEach((el) => el.classList.toggle("touch", on));
  }
}

function pick(i) {
  let o = step.options[i];
  if (o.text) $("info").textContent = (o.card || o.piece || o.label) + ": " + o.text;
  for (;;) {
    if (!o.then) { act(o.action); return; }
    path.push({step: step, label: o.label, square: o.square});
    step = o.then;
    if (step.options.length !== 1) break;
    o = step.options[0];
  }
  show();
}

$("back").addEventListener("click", () => {
  if (!path.length) return;
  step = path.pop().step;
  show();
});

$("board").addEventListener("keydown", (e) => {
  if ((e.key === "Enter" || e.key === " ") && e.target.classList &&
      e.target.classList.contains("choice")) {
    e.preventDefault();
    e.target.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  }
});

$("rematch").addEventListener("click", async () => {
  const got = await api("/rematch", {method: "POST"});
  if (got.status !== 200) {
    $("error").textContent = got.body.reason + ": " + got.body.detail;
    return;
  }
  location.href = got.body.status === "started" ? got.body.play_url : got.body.table_url;
});

$("board").addEventListener("click", (e) => {
  const el = e.target.closest("[data-square], [data-card]");
  if (!el) return;
  let i;
  if (el.dataset.square !== undefined) i = bySquare.get(el.dataset.square);
  if (i === undefined && el.dataset.card !== undefined) {
    i = byCard.get(el.dataset.card);
    if (i === undefined && texts[el.dataset.card]) {
      $("info").textContent = el.dataset.card + ": " + texts[el.dataset.card];
    }
  }
  if (i !== undefined && step) pick(i);
});

async function act(action) {
  if (acting) return;
  acting = true;
  $("error").textContent = "";
  const key = Array.from(crypto.getRandomValues(new Uint8Array(12)),
                         (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    const got = await api("/actions", {method: "POST", body: JSON.stringify(
      {action: action, expected_version: version, idempotency_key: key})});
    if (got.status === 200) {
      document.body.dataset.acted = String(++posted);
    } else if (got.status !== 409) {
      $("error").textContent = got.body.reason + ": " + got.body.detail;
    }
  } finally {
    acting = false;
  }
  refresh();
}

function listen() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(scheme + location.host + base + "/ws?since=0&token=" +
                           encodeURIComponent(token));
  ws.onmessage = (message) => {
    const data = JSON.parse(message.data);
    for (const e of data.events) {
      const li = document.createElement("li");
      li.value = e.seq + 1;
      li.textContent = e.text;
      $("events").appendChild(li);
    }
    $("events").scrollTop = $("events").scrollHeight;
    if (data.version !== version) refresh();
  };
  ws.onclose = () => { $("error").textContent = "disconnected: reload the page"; };
}

async function start() {
  const v = (await api("")).body;
  if (v && v.game) {
    const r = await fetch("/games/" + encodeURIComponent(v.game), {cache: "no-store"});
    if (r.ok) texts = (await r.json()).texts || {};
  }
  await refresh();
  listen();
}

start();
</script>
</body>
</html>
"""
