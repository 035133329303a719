"""The page a person plays a seat from (``GET /matches/{id}/play?token=T``).

The page holds no match data: its script reads the seat's view (with the board as an SVG
picture) and legal actions (each told in one sentence) through the same API as any
client, with the token from its own address, acts by a click, and listens on the seat's
WebSocket to refresh when anyone acts. It needs nothing from the network beyond the
server. Text from the server is set as text, never as markup; the board picture is the
renderer's SVG, whose every text is escaped.

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
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#222}
header{padding:.6em 1em;background:#2c3e50;color:#fff}
header h1{font-size:1.1em;margin:0}
#status{font-size:.9em;margin-top:.3em}
main{display:flex;flex-wrap:wrap;gap:1em;padding:1em}
#board{flex:0 0 auto;background:#fff;border:1px solid #ccc;padding:.5em;min-width:300px}
#board svg{max-width:100%;height:auto}
#side{flex:1 1 320px;min-width:280px;display:flex;flex-direction:column;gap:.5em}
#actions{display:flex;flex-direction:column;gap:.2em;max-height:45vh;overflow:auto}
#actions button{text-align:left;font-size:.95em;padding:.3em .5em;cursor:pointer}
#filter{font-size:1em;padding:.2em}
ol#events{margin:0;padding:0 0 0 3.5em;max-height:35vh;overflow:auto;background:#fff;
border:1px solid #ccc;font-size:.9em}
#error{color:#b03a2e}
</style>
</head>
<body>
<header><h1 id="title">grimoire</h1><div id="status">connecting…</div></header>
<main>
<div id="board" aria-live="polite"></div>
<div id="side">
<input id="filter" type="search" placeholder="filter your actions" aria-label="filter">
<div id="actions"></div>
<div id="error" role="alert"></div>
<ol id="events"></ol>
</div>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get("token") || "";
const base = location.pathname.replace(/\\/play$/, "");
let version = -1, busy = false, again = false;

async function api(path, options) {
  const r = await fetch(base + path, Object.assign({cache: "no-store"}, options || {}, {
    headers: {"Authorization": "Bearer " + token, "Content-Type": "application/json"}}));
  const body = await r.json();
  return {status: r.status, body: body};
}

function names(players, seats) {
  return seats.map((s) => players[s]).join(", ");
}

async function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  try {
    do {
      again = false;
      const got = await api("?picture=1");
      if (got.status !== 200) { $("error").textContent = got.body.detail; return; }
      const v = got.body;
      version = v.version;
      document.title = v.game + ": " + v.players.join(" vs ");
      $("title").textContent = document.title;
      $("board").innerHTML = v.picture;
      const me = v.seat === null ? "a spectator" : v.players[v.seat];
      let status = "You are " + me + ". ";
      if (v.outcome) {
        status += v.outcome.winners.length ?
          "Won by " + names(v.players, v.outcome.winners) + " (" + v.outcome.reason + ")." :
          "Drawn (" + v.outcome.reason + ").";
      } else {
        status += "To act: " + names(v.players, v.to_act) + ".";
      }
      $("status").textContent = status;
      const list = $("actions");
      list.replaceChildren();
      if (!v.outcome && v.seat !== null && v.to_act.includes(v.seat)) {
        const legal = (await api("/legal?describe=1")).body;
        legal.actions.forEach((action, i) => {
          const b = document.createElement("button");
          b.textContent = legal.described[i];
          b.dataset.index = String(i);
          b.addEventListener("click", () => act(action, legal.version));
          list.appendChild(b);
        });
        filter();
      }
      document.body.dataset.version = String(version);
      document.body.dataset.actions = String(list.children.length);
      document.body.dataset.ready = "yes";
    } while (again);
  } finally {
    busy = false;
  }
}

async function act(action, at) {
  $("error").textContent = "";
  const key = Array.from(crypto.getRandomValues(new Uint8Array(12)),
                         (b) => b.toString(16).padStart(2, "0")).join("");
  const got = await api("/actions", {method: "POST", body: JSON.stringify(
    {action: action, expected_version: at, idempotency_key: key})});
  if (got.status !== 200 && got.status !== 409) {
    $("error").textContent = got.body.reason + ": " + got.body.detail;
  }
  refresh();
}

function filter() {
  const words = $("filter").value.toLowerCase();
  for (const b of $("actions").children) {
    b.hidden = words !== "" && !b.textContent.toLowerCase().includes(words);
  }
}
$("filter").addEventListener("input", filter);

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

refresh().then(listen);
</script>
</body>
</html>
"""
