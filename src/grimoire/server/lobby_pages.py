"""The pages for people around the play page: the lobby (``/``), a table's page (an
invite link ``/join/{id}?token=T``, the creator's ``/manage/{id}?token=M``) and the page
a person sees when a link is wrong.

Like the play page, each page holds no match data: its script reads the lobby's API
(``/games``, ``/games/{game}``, ``/lobby``, ``/tables``) with the token of its own
address, sets every text from the server as text (never as markup) and needs nothing
from the network beyond the server. Links are shown absolute (``location.origin``), ready
to copy and send.

>>> LOBBY_PAGE.startswith("<!doctype html>"), "/lobby" in LOBBY_PAGE
(True, True)
>>> "404" in error_page(404, "store/unknown-match", "no match 'x'")
True
"""

from __future__ import annotations

import html

STYLE = """
:root{color-scheme:light}
body{font-family:system-ui,sans-serif;margin:0;background:#faf7f0;color:#1b1b1b;
line-height:1.4}
header{padding:.6em 1em;background:#1f3447;color:#fff}
header h1{font-size:1.2em;margin:0}
header a{color:#fff}
main{padding:1em;max-width:60em;margin:0 auto}
h2{font-size:1.1em;margin:1.2em 0 .4em}
section{background:#fff;border:1px solid #bbb;border-radius:6px;padding:.5em 1em;
margin:0 0 1em}
label{display:inline-block;margin:.2em 0}
select,input,button{font-size:1em;padding:.3em .5em}
button{cursor:pointer}
.seat{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin:.3em 0}
.option{margin:.4em 0}
.option p,.hint{margin:.1em 0 .3em;font-size:.9em;color:#3d3d3d}
.links li{margin:.4em 0}
.links input{width:100%;max-width:36em;font-family:monospace;font-size:.85em}
ul{padding-left:1.2em}
#error,.error{color:#a1221b;font-weight:600}
a{color:#0b4f8a}
"""

_HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>%TITLE%</title>
<style>%STYLE%</style>
</head>
"""


def _head(title: str) -> str:
    return _HEAD.replace("%TITLE%", html.escape(title)).replace("%STYLE%", STYLE)


def error_page(status: int, reason: str, detail: str) -> str:
    """The page a person sees instead of raw JSON when a link is wrong or gone: what
    happened in words, the reason code, and the way back to the lobby."""
    words = {401: "This link is not valid", 403: "This link does not allow that",
             404: "There is nothing here", 429: "Too many requests"}.get(
        status, "Something went wrong")
    return (_head(f"grimoire: {words}") + "<body><header><h1>grimoire</h1></header><main>"
            f"<section><h2>{html.escape(words)} ({status})</h2>"
            f"<p class='error'>{html.escape(detail)}</p>"
            f"<p class='hint'>Reason: <code>{html.escape(reason)}</code></p>"
            "<p><a href='/'>Go to the lobby</a></p></section></main></body></html>")


LOBBY_PAGE = _head("grimoire: play a friend") + r"""<body>
<header><h1>grimoire: play a friend</h1></header>
<main>
<section aria-labelledby="new-title">
<h2 id="new-title">A new match</h2>
<form id="create">
<div><label for="game">Game</label> <select id="game" required></select></div>
<p id="about" class="hint"></p>
<div><label for="count">Players</label> <select id="count"></select></div>
<fieldset id="seats"><legend>Seats</legend></fieldset>
<details id="options"><summary>Options (each as its default unless you change it)</summary>
<div id="option-list"></div></details>
<div><label><input type="checkbox" id="public"> Public: listed here, anyone may watch
and take its open seats</label></div>
<div><button type="submit" id="create-button">Create the match</button></div>
<div id="error" role="alert"></div>
</form>
<div id="created" hidden>
<h2>Your match</h2>
<p id="created-status" role="status"></p>
<ul class="links" id="created-links"></ul>
</div>
</section>
<section aria-labelledby="open-title">
<h2 id="open-title">Open tables</h2>
<p class="hint">Public matches waiting for players: take a seat with your name.</p>
<ul id="open"></ul>
</section>
<section aria-labelledby="live-title">
<h2 id="live-title">Being played</h2>
<ul id="live"></ul>
</section>
<section aria-labelledby="finished-title">
<h2 id="finished-title">Finished</h2>
<ul id="finished"></ul>
</section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const STRENGTHS = ["random", "easy", "medium", "strong"];
let games = [], game = null;

async function json(path, options) {
  const r = await fetch(path, Object.assign({cache: "no-store", headers:
    {"Content-Type": "application/json"}}, options || {}));
  const body = await r.json();
  return {status: r.status, body: body};
}
function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}
function absolute(path) { return /^https?:/.test(path) ? path : location.origin + path; }

function linkItem(label, path, open) {
  const li = el("li");
  const id = "link-" + Math.random().toString(36).slice(2);
  li.append(el("label", label, {"for": id}), el("br"));
  const input = el("input", null, {id: id, readonly: "", value: absolute(path)});
  input.className = "link";
  const copy = el("button", "Copy", {type: "button"});
  copy.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(input.value); copy.textContent = "Copied"; }
    catch (e) { document.execCommand("copy"); copy.textContent = "Copied"; }
  });
  li.append(input, " ", copy);
  if (open) li.append(" ", el("a", "Open", {href: path}));
  return li;
}

async function loadGames() {
  games = (await json("/games")).body;
  const select = $("game");
  for (const g of games) select.append(el("option", g.title.split(":")[0], {value: g.name}));
  select.addEventListener("change", chooseGame);
  await chooseGame();
}

async function chooseGame() {
  const name = $("game").value;
  game = (await json("/games/" + encodeURIComponent(name))).body;
  $("about").textContent = game.title;
  const count = $("count");
  count.replaceChildren();
  for (const n of game.seats) count.append(el("option", String(n), {value: String(n)}));
  count.onchange = seats;
  seats();
  const list = $("option-list");
  list.replaceChildren();
  for (const o of game.options) {
    const div = el("div"); div.className = "option";
    const id = "opt-" + o.name;
    div.append(el("label", o.name.replace(/_/g, " "), {"for": id}), " ");
    let input;
    if (o.choices.length) {
      input = el("select", null, {id: id});
      for (const c of o.choices) {
        const text = String(c) + (c === o.default ? " (default)" : "");
        const opt = el("option", text, {value: JSON.stringify(c)});
        if (c === o.default) opt.selected = true;
        input.append(opt);
      }
      if (o.default === null) {
        const unset = el("option", "default", {value: "null"});
        unset.selected = true;
        input.prepend(unset);
      }
    } else {
      input = el("input", null, {id: id, value: JSON.stringify(o.default)});
    }
    input.dataset.option = o.name;
    input.dataset.default = JSON.stringify(o.default);
    div.append(input, el("p", o.text));
    list.append(div);
  }
}

function seats() {
  const n = Number($("count").value);
  const box = $("seats");
  box.replaceChildren(el("legend", "Seats"));
  for (let i = 0; i < n; i++) {
    const row = el("div"); row.className = "seat";
    const kind = el("select", null, {id: "kind-" + i, "aria-label": "Seat " + (i + 1)});
    kind.append(el("option", i === 0 ? "You" : "You (this seat)", {value: "you"}),
                el("option", "A person I invite", {value: "person"}));
    for (const s of STRENGTHS) kind.append(el("option", "Server bot: " + s, {value: "bot:" + s}));
    kind.value = i === 0 ? "you" : "person";
    const name = el("input", null, {id: "name-" + i, "aria-label": "Your name",
                                    placeholder: "your name"});
    name.value = i === 0 ? (localStorage.getItem("grimoire-name") || "") : "";
    const shown = () => { name.hidden = kind.value !== "you"; };
    kind.addEventListener("change", shown);
    shown();
    row.append(el("label", "Seat " + (i + 1), {"for": "kind-" + i}), kind, name);
    box.append(row);
  }
}

function chosenOptions() {
  const out = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    if (input.value === input.dataset.default || input.value === "null") continue;
    try { out[input.dataset.option] = JSON.parse(input.value); }
    catch (e) { out[input.dataset.option] = input.value; }
  }
  return out;
}

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("error").textContent = "";
  const n = Number($("count").value);
  const seatsOut = [];
  for (let i = 0; i < n; i++) {
    const kind = $("kind-" + i).value;
    if (kind === "you") {
      const name = $("name-" + i).value.trim();
      seatsOut.push({kind: "you", name: name});
      if (name) localStorage.setItem("grimoire-name", name);
    } else if (kind === "person") seatsOut.push({kind: "person"});
    else seatsOut.push({kind: "bot", bot: kind.slice(4)});
  }
  const got = await json("/tables", {method: "POST", body: JSON.stringify({
    game: $("game").value, seats: seatsOut, options: chosenOptions(),
    public: $("public").checked})});
  if (got.status !== 201) {
    $("error").textContent = got.body.reason + ": " + got.body.detail;
    return;
  }
  created(got.body);
  lists();
});

function created(t) {
  $("created").hidden = false;
  const links = $("created-links");
  links.replaceChildren();
  if (t.you) {
    const path = (t.status === "started" ? "/matches/" + t.id + "/play?token="
      : "/join/" + t.id + "?token=") + encodeURIComponent(t.you.token);
    links.append(linkItem("Your seat (seat " + (t.you.seat + 1) + "): play from here", path,
                          true));
  }
  for (const inv of t.invites || []) {
    if (t.you && inv.seat === t.you.seat) continue;
    links.append(linkItem("Invite link for seat " + (inv.seat + 1) +
                          ": send it to the person who takes it", inv.url, false));
  }
  links.append(linkItem("Manage this match (keep this link to yourself)", t.manage_url, true));
  links.append(linkItem("Watch it", t.public ? t.watch_url : t.spectator_url, true));
  $("created-status").textContent = t.status === "started" ?
    "The match has started: every seat is held." :
    "Waiting for the invited players to take their seats.";
  document.body.dataset.created = t.id;
}

function seatText(s) { return s.open ? "open" : s.name; }

async function lists() {
  const got = (await json("/lobby")).body;
  const open = $("open");
  open.replaceChildren();
  for (const t of got.open) {
    const li = el("li");
    li.append(el("strong", t.title.split(":")[0]), " ");
    for (const o of t.options) li.append(el("span", " " + o.name + "=" + JSON.stringify(o.value)));
    const seatList = el("ul");
    for (const s of t.seats) {
      const item = el("li", "Seat " + (s.seat + 1) + ": " + seatText(s) + " ");
      if (s.open) {
        const id = "sit-" + t.id + "-" + s.seat;
        const name = el("input", null, {id: id, placeholder: "your name",
                                        "aria-label": "Your name for seat " + (s.seat + 1)});
        name.value = localStorage.getItem("grimoire-name") || "";
        const sit = el("button", "Take this seat", {type: "button"});
        sit.addEventListener("click", async () => {
          const got = await json("/tables/" + t.id + "/seats/" + s.seat, {method: "POST",
            body: JSON.stringify({name: name.value.trim()})});
          if (got.status !== 200) { $("error").textContent = got.body.reason + ": " +
            got.body.detail; return; }
          localStorage.setItem("grimoire-name", name.value.trim());
          location.href = got.body.play_url || ("/join/" + t.id + "?token=" + got.body.token);
        });
        item.append(name, " ", sit);
      }
      seatList.append(item);
    }
    li.append(seatList);
    open.append(li);
  }
  if (!got.open.length) open.append(el("li", "No open table now."));
  for (const [key, items] of [["live", got.live], ["finished", got.finished]]) {
    const list = $(key);
    list.replaceChildren();
    for (const m of items) {
      const li = el("li");
      li.append(el("strong", m.title.split(":")[0]), " " + m.players.join(" vs ") + " ");
      if (m.outcome) li.append(el("span", "(finished) "));
      else li.append(el("span", "(" + m.version + " events) "));
      li.append(el("a", key === "live" ? "Watch" : "Replay", {href: m.watch_url}));
      list.append(li);
    }
    if (!items.length) list.append(el("li", key === "live" ? "No public match is being played."
                                           : "No public match has finished yet."));
  }
  document.body.dataset.ready = "yes";
}

loadGames().then(lists);
setInterval(lists, 5000);
</script>
</body>
</html>
"""

TABLE_PAGE = _head("grimoire: a table") + r"""<body>
<header><h1 id="title">grimoire</h1></header>
<main>
<section aria-labelledby="table-title">
<h2 id="table-title">A table</h2>
<p id="status" role="status"></p>
<ul id="seats"></ul>
<ul id="options"></ul>
<form id="join" hidden>
<label for="name">Your name</label> <input id="name" required maxlength="64">
<button type="submit">Take my seat</button>
</form>
<ul class="links" id="links"></ul>
<p><button type="button" id="cancel" hidden>Cancel this table</button></p>
<div id="error" role="alert"></div>
<p><a href="/">The lobby</a></p>
</section>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get("token") || "";
const id = location.pathname.split("/").pop();
let timer = null;

async function json(path, options) {
  const r = await fetch(path, Object.assign({cache: "no-store", headers:
    {"Content-Type": "application/json", "Authorization": "Bearer " + token}}, options || {}));
  return {status: r.status, body: await r.json()};
}
function el(tag, text, attrs) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}
function linkItem(label, path, open) {
  const li = el("li");
  const full = /^https?:/.test(path) ? path : location.origin + path;
  const input = el("input", null, {readonly: "", value: full, "aria-label": label});
  const copy = el("button", "Copy", {type: "button"});
  copy.addEventListener("click", async () => {
    input.select();
    try { await navigator.clipboard.writeText(input.value); } catch (e) {
      document.execCommand("copy"); }
    copy.textContent = "Copied";
  });
  li.append(el("span", label), el("br"), input, " ", copy);
  if (open) li.append(" ", el("a", "Open", {href: path}));
  return li;
}

async function load() {
  const got = await json("/tables/" + encodeURIComponent(id));
  if (got.status !== 200) {
    $("error").textContent = got.body.detail + " (" + got.body.reason + ")";
    $("status").textContent = "";
    document.body.dataset.ready = "yes";
    return;
  }
  const t = got.body;
  document.title = "grimoire: " + t.title.split(":")[0];
  $("title").textContent = "grimoire: " + t.title.split(":")[0];
  $("table-title").textContent = t.title;
  const seats = $("seats");
  seats.replaceChildren();
  for (const s of t.seats) {
    seats.append(el("li", "Seat " + (s.seat + 1) + ": " + (s.open ? "open" : s.name) +
                          (t.seat === s.seat ? " (yours)" : "")));
  }
  const options = $("options");
  options.replaceChildren();
  for (const o of t.options) options.append(el("li", o.name.replace(/_/g, " ") + ": " +
                                               JSON.stringify(o.value) + " — " + o.text));
  const links = $("links");
  links.replaceChildren();
  $("join").hidden = !(t.role === "invite" && !t.taken && t.status === "open");
  $("cancel").hidden = !(t.role === "manager" && t.status === "open");
  if (t.status === "cancelled") $("status").textContent = "This table was cancelled.";
  else if (t.status === "started") $("status").textContent = "The match has started.";
  else if (t.role === "invite" && t.taken && !t.yours)
    $("status").textContent = "Someone has taken this seat already.";
  else if (t.role === "invite" && !t.taken)
    $("status").textContent = "You are invited to seat " + (t.seat + 1) + ": give your name.";
  else $("status").textContent = "Waiting for every seat to be taken…";
  if (t.play_url) {
    links.append(linkItem("Your seat: play from here", t.play_url, true));
    if (t.role !== "manager") { location.replace(t.play_url); return; }
  }
  if (t.role === "manager") {
    for (const inv of t.invites) {
      links.append(linkItem("Seat " + (inv.seat + 1) + (inv.open ? " (open): invite link" :
        " (" + inv.name + "): their link"), inv.url, false));
    }
    links.append(linkItem("Watch the match", t.public ? t.watch_url : t.spectator_url, true));
  } else if (t.watch_url && t.status === "started") {
    links.append(linkItem("Watch the match", t.watch_url, true));
  }
  document.body.dataset.status = t.status;
  document.body.dataset.ready = "yes";
  if (t.status === "open" && !timer) timer = setInterval(load, 1500);
  if (t.status !== "open" && timer) { clearInterval(timer); timer = null; }
}

$("join").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("error").textContent = "";
  const name = $("name").value.trim();
  const got = await json("/tables/" + encodeURIComponent(id) + "/join", {method: "POST",
    body: JSON.stringify({name: name})});
  if (got.status !== 200) {
    $("error").textContent = got.body.detail + " (" + got.body.reason + ")";
    return;
  }
  localStorage.setItem("grimoire-name", name);
  load();
});
$("cancel").addEventListener("click", async () => {
  const got = await json("/tables/" + encodeURIComponent(id) + "/cancel", {method: "POST"});
  if (got.status !== 200) $("error").textContent = got.body.detail;
  load();
});
$("name").value = localStorage.getItem("grimoire-name") || "";
load();
</script>
</body>
</html>
"""

__all__ = ["LOBBY_PAGE", "TABLE_PAGE", "error_page"]
