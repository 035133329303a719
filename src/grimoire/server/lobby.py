"""The lobby: tables gathering players, invite links, server bots, public lists, rematches.

A person creates a *table* (a game, its options, and each seat: themself, a person to
invite, or one of the server's bots at a chosen strength). They get a link to manage it
and one invite link per open seat; whoever opens an invite link takes that seat with a
name. Public tables are listed, and anyone may take an open seat of one by name. When
every seat is held the match starts, with the table's id: each person's token (the
invite token, or the one minted when they took a public seat) is their seat's token, the
bots play their seats on the server (:mod:`grimoire.server.bots`), and a public match is
listed live, then finished, and watched by anyone without a token.

No accounts: every power is a token, and the store keeps only their digests. Invite and
private spectator tokens derive from the manager's token (an HMAC), so the manage page
can show them again while the server holds none of them.

>>> Lobby.strengths()["medium"]
'mcts:iterations=150'
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any, Literal

import msgspec

from grimoire.core import registry
from grimoire.core.errors import GrimoireError, StoreError, UsageError
from grimoire.core.match import Match, check_players
from grimoire.core.options import changed, options_of
from grimoire.server.hub import TOKEN_BYTES, AccessError, Hub, digest
from grimoire.store import EventStore
from grimoire.store.tables import Seat, Table, Tables

STRENGTHS = {
    "random": "random",
    "easy": "mcts:iterations=30",
    "medium": "mcts:iterations=150",
    "strong": "mcts:iterations=600",
}
"""The server bots a seat may be given, by strength: their specs (``grimoire.bots``)."""


class SeatRequest(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One seat of a new table: ``you`` (the creator, with a ``name``), ``person`` (a
    seat to invite someone to; they name themself) or ``bot`` (a server bot of strength
    ``bot``: random, easy, medium or strong)."""

    kind: Literal["you", "person", "bot"]
    name: str | None = None
    bot: str | None = None


class NewTable(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """``POST /tables``: the game, its options (any not given keep their defaults), its
    seats, and whether it is ``public`` (listed in the lobby, watched by anyone)."""

    game: str
    seats: list[SeatRequest]
    options: dict[str, Any] = msgspec.field(default_factory=dict)
    public: bool = False


class Join(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """``POST /tables/{id}/join`` and ``…/seats/{n}``: the name to sit under."""

    name: str


def derive(manager: str, what: str) -> str:
    """A token derived from the manager's token (an invite, the spectators'): the manage
    page can show it again, and the store holds none of them.

    >>> derive("m", "invite:t:1") == derive("m", "invite:t:1") != derive("m", "invite:t:2")
    True
    """
    mac = hmac.new(manager.encode("utf-8", "surrogateescape"), what.encode(),
                   hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode().rstrip("=")


class Lobby:
    """The tables of one store and the hub that plays their matches. Every method returns
    plain data (JSON-ready) with link *paths*: the web layer makes them absolute. The
    methods read and write the store: call them in a worker thread; a table they start
    (``status`` ``"started"``) is brought to life by the caller with ``Hub.started``."""

    def __init__(self, store: EventStore, hub: Hub) -> None:
        self.store = store
        self.hub = hub
        self.tables = Tables(store)

    @staticmethod
    def strengths() -> dict[str, str]:
        """The bot strengths a seat may be given, and their specs."""
        return dict(STRENGTHS)

    # ------------------------------------------------------------------ creating

    def create(self, body: NewTable) -> dict[str, Any]:
        """A new table (``lobby/seats``, ``players/invalid``, ``options/invalid``,
        ``game/unknown`` when it cannot be); started at once when no seat is open."""
        rules = registry.get(body.game)
        if len(body.seats) not in rules.seats:
            raise UsageError("lobby/seats", f"{rules.name} is for "
                             f"{' or '.join(map(str, rules.seats))} players, not "
                             f"{len(body.seats)}")
        try:
            msgspec.convert(body.options, rules.Options)
        except msgspec.ValidationError as exc:
            raise UsageError("options/invalid", f"{body.options!r}: {exc}") from None
        you = [i for i, s in enumerate(body.seats) if s.kind == "you"]
        if len(you) > 1:
            raise UsageError("lobby/seats", "you take one seat at most")
        seats: list[Seat] = []
        for i, request in enumerate(body.seats):
            if request.kind == "bot":
                spec = STRENGTHS.get(request.bot or "medium")
                if spec is None:
                    raise UsageError("lobby/bot", f"a bot is {', '.join(STRENGTHS)}, not "
                                     f"{request.bot!r}")
                seats.append(Seat(seat=i, kind="bot", bot=spec,
                                  name=f"Bot {i + 1} ({request.bot or 'medium'})"))
            else:
                seats.append(Seat(seat=i, kind="person"))
        named = [s.name for s in seats if s.name]
        if you:
            name = body.seats[you[0]].name
            named.append(name if isinstance(name, str) else "")
        if named:  # the names known now (the invited name themselves when they join)
            check_players(tuple(named))
        manager = secrets.token_urlsafe(TOKEN_BYTES)
        table_id = self.tables.new_id()
        self.tables.open(
            game=rules.name, options=body.options, public=body.public,
            manager=digest(manager), seats=seats, table_id=table_id,
            invites=[digest(derive(manager, f"invite:{table_id}:{s.seat}"))
                     if s.kind == "person" else None for s in seats])
        if you:
            self.tables.take(table_id, you[0], named[-1],
                             digest(derive(manager, f"invite:{table_id}:{you[0]}")))
        state = self._start_if_full(table_id, manager)
        out = self.describe(state, manager=manager)
        out["manage_token"] = manager
        if you:
            out["you"] = {"seat": you[0], "token": derive(manager, f"invite:{table_id}:"
                                                                   f"{you[0]}")}
        return out

    def _start_if_full(self, table_id: str, manager: str | None = None) -> Table:
        """Start the table's match when every seat is held (once: a second caller finds
        it started)."""
        table = self.tables.get(table_id)
        if table.status != "open" or not table.full:
            return table
        rules = registry.get(table.game)
        seed = self.hub.new_seed()
        match = Match.new(rules, players=tuple(s.name for s in table.seats),
                          options=table.options, seed=seed)
        grants: list[tuple[int | None, bytes]] = list(self.tables.digests(table_id))
        if manager is not None:
            grants.append((None, digest(derive(manager, f"spectator:{table_id}"))))
        try:
            self.store.create(match.header, seed=seed, match_id=table_id, grants=grants,
                              bots={s.seat: s.bot for s in table.seats if s.kind == "bot"},
                              listed=table.public)
        except StoreError as exc:
            if exc.reason != "store/exists":
                raise
        return self.tables.get(table_id)  # the caller brings it to life (Hub.started)

    # ------------------------------------------------------------------ joining

    def by_token(self, table_id: str, token: str | None) -> tuple[str, int | None]:
        """Who ``token`` is at table ``table_id``: ``("manager", None)``, ``("invite",
        seat)`` (an invite, taken or not), ``("seat", seat)`` (a public seat's taker) or
        ``("public", None)`` (no token, a public table). ``access/token`` otherwise."""
        table = self.tables.get(table_id)
        if token:
            hashed = digest(token)
            if self.tables.managed(table_id, hashed):
                return "manager", None
            invited = self.tables.invited(hashed)
            if invited is not None and invited[0] == table_id:
                return "invite", invited[1]
            held = self.tables.holder(table_id, hashed)
            if held is not None:
                return "seat", held
            raise AccessError("access/token", "that link is not for this table")
        if table.public:
            return "public", None
        raise AccessError("access/token", "this table is private: open it with its link")

    def state(self, table_id: str, token: str | None) -> dict[str, Any]:
        """The table as ``token``'s holder may see it (its manager sees the invites)."""
        role, seat = self.by_token(table_id, token)
        table = self.tables.get(table_id)
        out = self.describe(table, manager=token if role == "manager" else None)
        out["role"] = role
        if seat is not None:
            out["seat"] = seat
            taken = seat < len(table.seats) and not table.seats[seat].open
            mine = taken and self.tables.holder(table_id, digest(token or "")) == seat
            out["taken"] = taken
            out["yours"] = mine
            if mine and table.status == "started":
                out["play_url"] = f"/matches/{table_id}/play?token={token}"
        return out

    def join(self, table_id: str, token: str | None, name: str) -> dict[str, Any]:
        """Take the seat ``token`` invites to, under ``name`` (``lobby/taken`` if someone
        took it, ``lobby/closed`` once the table is no longer gathering)."""
        role, seat = self.by_token(table_id, token)
        if role != "invite" or seat is None or token is None:
            raise AccessError("access/seat", "only an invite link takes a seat")
        check_players((name,))
        self.tables.take(table_id, seat, name, digest(token))
        self._start_if_full(table_id)
        return self.state(table_id, token)

    def sit(self, table_id: str, seat: int, name: str) -> dict[str, Any]:
        """Take open seat ``seat`` of a public table under ``name``: a new token for it
        (given once: the seat's link is the play page with it)."""
        table = self.tables.get(table_id)
        if not table.public:
            raise AccessError("access/token", "this table is private: open it with its link")
        check_players((name,))
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.tables.take(table_id, seat, name, digest(token))
        self._start_if_full(table_id)
        out = self.state(table_id, token)
        out["token"] = token
        return out

    def cancel(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Its manager closes a table still gathering."""
        role, _ = self.by_token(table_id, token)
        if role != "manager":
            raise AccessError("access/seat", "only the table's creator may cancel it")
        self.tables.cancel(table_id)
        return self.state(table_id, token)

    # ------------------------------------------------------------------ rematch

    def rematch(self, match_id: str, token: str | None) -> dict[str, Any]:
        """A rematch of a finished match with the same players, options and bots, for a
        seat's token: the same seat at the new table, with a new token. The first to ask
        makes the table; it starts when every person has asked (the bots always agree);
        a seat asking again gets a new token for it."""
        reader = self.hub.reader(match_id, token)
        if reader.seat is None:
            raise AccessError("access/seat", "a rematch is asked for by a seat")
        info = self.store.info(match_id)
        if info.status != "over":
            raise UsageError("match/live", "a rematch follows a finished match")
        header = self.store.header(match_id)
        bots = self.store.bots(match_id)
        new_id = self.tables.rematch(match_id)
        if new_id is None:
            seats = [Seat(seat=i, kind="bot", bot=bots[i], name=name) if i in bots
                     else Seat(seat=i, kind="person") for i, name in enumerate(header.players)]
            try:
                new_id = self.tables.open(
                    game=header.game, options=dict(header.options),
                    public=self.store.listed(match_id), manager=secrets.token_bytes(32),
                    seats=seats, invites=[None] * len(seats), rematch_of=match_id)
            except StoreError as exc:
                if exc.reason != "lobby/rematch-exists":
                    raise
                new_id = self.tables.rematch(match_id)
                assert new_id is not None
        mine = secrets.token_urlsafe(TOKEN_BYTES)
        if self.tables.get(new_id).status == "started":
            self.store.grant(new_id, reader.seat, digest(mine))  # another link, same seat
        else:
            self.tables.take(new_id, reader.seat, header.players[reader.seat],
                             digest(mine), again=True)
        table = self._start_if_full(new_id)
        return {"table": new_id, "status": table.status, "seat": reader.seat,
                "token": mine, "table_url": f"/join/{new_id}?token={mine}",
                "play_url": f"/matches/{new_id}/play?token={mine}"}

    # ------------------------------------------------------------------ lists

    def lists(self) -> dict[str, Any]:
        """The public tables gathering players, and the public matches live and
        finished: names, games and where they stand, nothing any seat keeps secret."""
        gathering = [self.describe(t) for t in self.tables.gathering()]
        out: dict[str, Any] = {"open": gathering}
        for status, key in (("live", "live"), ("over", "finished")):
            items = []
            for info in self.store.listed_matches(status=status):
                rules = registry.get(info.game)
                items.append({
                    "id": info.id, "game": info.game, "title": rules.title,
                    "players": list(info.players), "version": info.version,
                    "outcome": msgspec.to_builtins(info.outcome),
                    "bots": sorted(self.store.bots(info.id)),
                    "watch_url": f"/matches/{info.id}/view",
                    "updated": info.updated})
            out[key] = items
        return out

    def describe(self, table: Table, *, manager: str | None = None) -> dict[str, Any]:
        """A table as JSON: its game, options that differ from the defaults (with their
        meaning), seats (names of those taken, the bots' strength), status and links;
        with the ``manager``'s token, the invite links and the spectators' link too."""
        rules = registry.get(table.game)
        about = options_of(rules)
        out: dict[str, Any] = {
            "id": table.id, "game": table.game, "title": rules.title,
            "public": table.public, "status": table.status, "created": table.created,
            "options": [{"name": name, "value": value, "text": about[name].text}
                        for name, value in changed(rules, table.options)],
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name or None,
                       "open": s.open} for s in table.seats],
            "match": table.id if table.status == "started" else None,
            "rematch_of": table.rematch_of or None,
        }
        if table.public:
            out["watch_url"] = f"/matches/{table.id}/view"
        if manager is not None:
            out["manage_url"] = f"/manage/{table.id}?token={manager}"
            out["invites"] = [
                {"seat": s.seat, "url": f"/join/{table.id}?token="
                 f"{derive(manager, f'invite:{table.id}:{s.seat}')}", "name": s.name or None,
                 "open": s.open}
                for s in table.seats if s.kind == "person"]
            spectator = derive(manager, f"spectator:{table.id}")
            out["spectator_url"] = f"/matches/{table.id}/view?token={spectator}"
        return out


__all__ = ["STRENGTHS", "GrimoireError", "Join", "Lobby", "NewTable", "SeatRequest",
           "derive"]
