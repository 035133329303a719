"""The lobby over HTTP on a real port: tables, invite links, public seats, server bots,
rematches, and what a person sees when a link is wrong."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from tests.server.conftest import HTTP, auth, running

from grimoire.core import registry
from grimoire.server import ServerConfig
from grimoire.server.lobby import derive
from grimoire.store import Store


def table(base: str, game: str = "wizard-armies", **body: Any) -> dict[str, Any]:
    r = HTTP.post(f"{base}/tables", json={"game": game, **body})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def token_in(url: str) -> str:
    return url.split("token=", 1)[1]


def finish(base: str, mid: str, tokens: dict[int, str], seed: int = 0,
           limit: int = 2000) -> dict[str, Any]:
    """Play the match's person seats at random until it ends (bots play themselves)."""
    rng = random.Random(seed)
    for _ in range(limit):
        view: dict[str, Any] = HTTP.get(f"{base}/matches/{mid}",
                                        headers=auth(next(iter(tokens.values())))).json()
        if view["outcome"] is not None:
            return view
        mine = [s for s in view["to_act"] if s in tokens]
        if not mine:
            time.sleep(0.02)  # a bot is thinking
            continue
        seat = mine[0]
        legal = HTTP.get(f"{base}/matches/{mid}/legal", headers=auth(tokens[seat])).json()
        r = HTTP.post(f"{base}/matches/{mid}/actions", headers=auth(tokens[seat]),
                      json={"action": rng.choice(legal["actions"]),
                            "expected_version": legal["version"]})
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the match did not end")


def test_an_invite_link_takes_its_seat_and_starts_the_match(base: str) -> None:
    """Ann creates a table with a seat for a friend: the invite link (absolute) shows the
    table, takes the seat under Ben's name, and the match starts with both names; each
    link is then its seat's play link."""
    t = table(base, seats=[{"kind": "you", "name": "Ann"}, {"kind": "person"}])
    assert t["status"] == "open" and t["match"] is None
    invite = next(i for i in t["invites"] if i["seat"] == 1)["url"]
    assert invite.startswith(base + f"/join/{t['id']}?token=")
    ben = token_in(invite)
    seen = HTTP.get(f"{base}/tables/{t['id']}", headers=auth(ben)).json()
    assert (seen["role"], seen["seat"], seen["taken"]) == ("invite", 1, False)
    assert "invites" not in seen and "manage_url" not in seen
    joined = HTTP.post(f"{base}/tables/{t['id']}/join", headers=auth(ben),
                       json={"name": "Ben"}).json()
    assert joined["status"] == "started" and joined["yours"]
    assert joined["play_url"] == f"{base}/matches/{t['id']}/play?token={ben}"
    view = HTTP.get(f"{base}/matches/{t['id']}", headers=auth(ben)).json()
    assert view["players"] == ["Ann", "Ben"] and view["seat"] == 1
    ann = HTTP.get(f"{base}/matches/{t['id']}", headers=auth(t["you"]["token"])).json()
    assert ann["seat"] == 0
    again = HTTP.post(f"{base}/tables/{t['id']}/join", headers=auth(ben), json={"name": "X"})
    assert again.status_code == 409 and again.json()["reason"] == "lobby/closed"
    assert HTTP.get(f"{base}/matches/{t['id']}").status_code == 401  # private: no peeking


def test_a_public_table_is_listed_and_anyone_takes_its_open_seat(base: str) -> None:
    t = table(base, "magery", seats=[{"kind": "you", "name": "Ann"}, {"kind": "person"}],
              public=True)
    lists = HTTP.get(f"{base}/lobby").json()
    [listed] = [x for x in lists["open"] if x["id"] == t["id"]]
    assert [s["name"] for s in listed["seats"]] == ["Ann", None]
    assert "invites" not in listed and "manage_url" not in listed
    taken = HTTP.post(f"{base}/tables/{t['id']}/seats/0", json={"name": "Eve"})
    assert taken.status_code == 409 and taken.json()["reason"] == "lobby/taken"
    sat = HTTP.post(f"{base}/tables/{t['id']}/seats/1", json={"name": "Cy"}).json()
    assert sat["status"] == "started" and sat["play_url"].endswith(sat["token"])
    lists = HTTP.get(f"{base}/lobby").json()
    assert not any(x["id"] == t["id"] for x in lists["open"])
    [live] = [x for x in lists["live"] if x["id"] == t["id"]]
    assert live["players"] == ["Ann", "Cy"] and live["watch_url"].startswith(base)
    watched = HTTP.get(f"{base}/matches/{t['id']}")  # public: anyone watches
    assert watched.status_code == 200 and watched.json()["seat"] is None
    assert HTTP.get(f"{base}/matches/{t['id']}/view").status_code == 200


def test_a_person_plays_a_server_bot_to_the_end(base: str) -> None:
    """A seat held by a server bot plays itself (its search runs off the event loop):
    Ann's random actions and the bot's answers take the match to its end."""
    t = table(base, seats=[{"kind": "you", "name": "Ann"}, {"kind": "bot", "bot": "easy"}],
              public=True)
    assert t["status"] == "started"
    end = finish(base, t["id"], {0: t["you"]["token"]})
    assert end["players"] == ["Ann", "Bot 2 (easy)"]
    lists = HTTP.get(f"{base}/lobby").json()
    [done] = [x for x in lists["finished"] if x["id"] == t["id"]]
    assert done["outcome"] is not None and done["bots"] == [1]
    log = HTTP.get(f"{base}/matches/{t['id']}/log", headers=auth(t["you"]["token"]))
    acts = [json.loads(line)["event"] for line in log.text.splitlines()[1:]]
    bots = [e["type"] for e in acts if e.get("player") == 1]
    assert "muster" in bots and "deploy" in bots, bots


def test_bots_resume_after_a_restart(tmp_path: Any) -> None:
    """A bot's turn left hanging when the server stopped is played when it starts again."""
    db = str(tmp_path / "m.sqlite")
    with running(ServerConfig(db=db)) as base:
        t = table(base, seats=[{"kind": "you", "name": "Ann"},
                               {"kind": "bot", "bot": "random"}])
    with Store(db) as store:
        assert store.bots(t["id"]) == {1: "random"} and store.bot_matches() == [t["id"]]
    with running(ServerConfig(db=db)) as base:
        end = finish(base, t["id"], {0: t["you"]["token"]}, seed=2)
        assert end["outcome"] is not None


def test_a_rematch_has_the_same_players_and_starts_when_both_ask(base: str) -> None:
    t = table(base, seats=[{"kind": "you", "name": "Ann"}, {"kind": "person"}])
    ben = token_in(next(i for i in t["invites"] if i["seat"] == 1)["url"])
    HTTP.post(f"{base}/tables/{t['id']}/join", headers=auth(ben), json={"name": "Ben"})
    ann = t["you"]["token"]
    early = HTTP.post(f"{base}/matches/{t['id']}/rematch", headers=auth(ann))
    assert early.status_code == 400 and early.json()["reason"] == "match/live"
    finish(base, t["id"], {0: ann, 1: ben})
    first = HTTP.post(f"{base}/matches/{t['id']}/rematch", headers=auth(ann)).json()
    assert first["status"] == "open" and first["seat"] == 0
    second = HTTP.post(f"{base}/matches/{t['id']}/rematch", headers=auth(ben)).json()
    assert second["table"] == first["table"] and second["status"] == "started"
    view = HTTP.get(f"{base}/matches/{first['table']}", headers=auth(second["token"])).json()
    assert view["players"] == ["Ann", "Ben"] and view["seat"] == 1
    assert HTTP.get(f"{base}/matches/{first['table']}",
                    headers=auth(first["token"])).json()["seat"] == 0


def test_the_creator_manages_the_table(base: str) -> None:
    """The manage link shows the invites again and cancels a table still gathering;
    nobody else may cancel it."""
    t = table(base, seats=[{"kind": "person"}, {"kind": "person"}])
    manager = t["manage_token"]
    seen = HTTP.get(f"{base}/tables/{t['id']}", headers=auth(manager)).json()
    assert seen["role"] == "manager" and [i["url"] for i in seen["invites"]] == [
        i["url"] for i in t["invites"]]
    invite = token_in(t["invites"][0]["url"])
    assert invite == derive(manager, f"invite:{t['id']}:0")
    refused = HTTP.post(f"{base}/tables/{t['id']}/cancel", headers=auth(invite))
    assert refused.status_code == 403
    done = HTTP.post(f"{base}/tables/{t['id']}/cancel", headers=auth(manager)).json()
    assert done["status"] == "cancelled"
    late = HTTP.post(f"{base}/tables/{t['id']}/join", headers=auth(invite),
                     json={"name": "Ben"})
    assert late.json()["reason"] == "lobby/closed"


@pytest.mark.parametrize(("body", "reason"), [
    ({"game": "chess", "seats": [{"kind": "you", "name": "A"}]}, "game/unknown"),
    ({"game": "magery", "seats": [{"kind": "you", "name": "A"}]}, "lobby/seats"),
    ({"game": "magery", "seats": [{"kind": "you", "name": "A"}, {"kind": "you", "name": "B"}]},
     "lobby/seats"),
    ({"game": "magery", "seats": [{"kind": "you", "name": ""}, {"kind": "person"}]},
     "players/invalid"),
    ({"game": "magery", "seats": [{"kind": "you", "name": "A"}, {"kind": "bot", "bot": "god"}]},
     "lobby/bot"),
    ({"game": "magery", "seats": [{"kind": "person"}, {"kind": "person"}],
      "options": {"archmage": "nope"}}, "options/invalid"),
])
def test_a_table_that_cannot_be_is_refused_with_its_reason(base: str, body: dict[str, Any],
                                                           reason: str) -> None:
    r = HTTP.post(f"{base}/tables", json=body)
    assert r.status_code == 400 and r.json()["reason"] == reason


def test_a_wrong_link_shows_a_page_for_a_person(base: str) -> None:
    """A person following a bad link reads a page saying so (with the way back to the
    lobby), not JSON."""
    t = table(base, seats=[{"kind": "you", "name": "Ann"}, {"kind": "person"}])
    for path in (f"/join/{t['id']}?token=forged", f"/matches/{t['id']}/play?token=forged",
                 f"/matches/{t['id']}/view?token=forged", "/join/nosuchtable?token=x"):
        r = HTTP.get(base + path)
        assert r.status_code in (401, 404), path
        assert r.headers["content-type"].startswith("text/html"), path
        assert "<a href='/'>" in r.text and "forged" not in r.text
    page = HTTP.get(f"{base}/join/{t['id']}?token={t['you']['token']}")
    assert page.status_code == 200 and "Take my seat" in page.text
    assert HTTP.get(f"{base}/").text.startswith("<!doctype html>")


def test_lobby_lists_hold_only_what_everyone_may_know(base: str) -> None:
    """The lobby's lists and a public table's page name games, players, versions and
    outcomes: no token, no seed, nothing of any seat's view."""
    t = table(base, "wiz-war", seats=[{"kind": "you", "name": "Ann"},
                                      {"kind": "bot", "bot": "random"}], public=True)
    for _ in range(100):
        view = HTTP.get(f"{base}/matches/{t['id']}", headers=auth(t["you"]["token"])).json()
        if view["version"] > 20:
            break
        time.sleep(0.02)
    lists = HTTP.get(f"{base}/lobby")
    text = lists.text
    assert t["you"]["token"] not in text and t["manage_token"] not in text
    [live] = [x for x in lists.json()["live"] if x["id"] == t["id"]]
    assert set(live) == {"id", "game", "title", "players", "version", "outcome", "bots",
                         "watch_url", "updated"}
    hands = view["view"]["hands"]
    assert not any(str(card) in json.dumps(live) for hand in hands for card in hand
                   if isinstance(card, int) and card > 99)
    public = HTTP.get(f"{base}/tables/{t['id']}").json()
    assert public["role"] == "public" and "invites" not in public
    assert registry.get("wiz-war").name == public["game"]


def test_a_person_playing_a_bot_is_told_only_what_their_seat_may_know(tmp_path: Any) -> None:
    """Against a server bot, everything Ann is sent (views, her choices) is made from her
    seat's view alone: the same in every state her seat cannot tell from the true one;
    and the bot's seat holds no token anyone could use."""
    import msgspec

    from grimoire.core.choices import choices
    from grimoire.core.replay import initial_state
    from grimoire.tools.render import Perspective

    db = str(tmp_path / "m.sqlite")
    rng = random.Random(9)
    seen: list[dict[str, Any]] = []
    with running(ServerConfig(db=db)) as base:
        t = table(base, "wiz-war", seats=[{"kind": "you", "name": "Ann"},
                                          {"kind": "bot", "bot": "random"}])
        ann = t["you"]["token"]
        for _ in range(60):
            view = HTTP.get(f"{base}/matches/{t['id']}", headers=auth(ann)).json()
            if view["outcome"] is not None:
                break
            if 0 not in view["to_act"]:
                time.sleep(0.02)
                continue
            tree = HTTP.get(f"{base}/matches/{t['id']}/choices", headers=auth(ann)).json()
            if tree["version"] != view["version"]:
                continue
            seen.append({"view": view, "tree": tree})
            legal = HTTP.get(f"{base}/matches/{t['id']}/legal", headers=auth(ann)).json()
            HTTP.post(f"{base}/matches/{t['id']}/actions", headers=auth(ann),
                      json={"action": rng.choice(legal["actions"]),
                            "expected_version": legal["version"]})
    with Store(db) as store:
        header = store.header(t["id"])
        events = [rec.event for rec in store.records(t["id"])]
        assert store.bots(t["id"]) == {1: "random"}
    rules = registry.get("wiz-war")
    states = [initial_state(rules, header)]
    for event in events:
        states.append(rules.evolve(states[-1], event))
    eye = Perspective(rules, 0, True)
    disguiser = random.Random(3)
    assert len(seen) >= 10
    for got in seen:
        state = states[got["view"]["version"]]
        assert got["view"]["view"] == json.loads(msgspec.json.encode(eye.see(state)))
        for _ in range(2):
            twin = rules.disguise(state, 0, disguiser)
            assert got["view"]["view"] == json.loads(msgspec.json.encode(eye.see(twin)))
            assert got["tree"]["step"] == json.loads(msgspec.json.encode(
                choices(rules, twin, 0)))
