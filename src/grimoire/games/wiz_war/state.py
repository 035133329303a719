"""Wiz-War state and options."""

from __future__ import annotations

import msgspec

from grimoire.games.wiz_war.events import Cast


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Variant options (all optional rules of the rulebook; off by default).

    - ``victory_points``: points to win (2; Extended Play: 3 or 4).
    - ``uncluttered_minds``: maintained spells do not count toward the hand size.
    - ``deadly_treasures``: a wizard both of whose treasures lie in other players' home
      bases dies (nobody scores).
    - ``counter_neutral``: who may answer a neutral spell with a counter (Negate Neutral,
      Null Powder...): ``"anyone"`` (every other living player, in turn order; the
      card's own reading) or ``"target"`` (only a wizard the spell is aimed at).
    - ``extra_cards``: cards from outside the first-game schools shuffled in, one copy
      each (``EXTRA_CARDS`` in the tables: the rulebook examples' Gnome Form, Golem Form
      and Dust Cloud).

    >>> Options().victory_points
    2
    """

    victory_points: int = 2
    uncluttered_minds: bool = False
    deadly_treasures: bool = False
    counter_neutral: str = "anyone"
    extra_cards: tuple[str, ...] = ()


class Spell(msgspec.Struct, frozen=True, gc=False):
    """A maintained spell: ``card`` cast by ``caster`` on ``target`` (see events for the
    target strings; ``q12`` is square 12, ``*`` the whole board), with ``tokens`` energy
    tokens left (0 for permanent spells). ``hits``: cracks on a created object or damage
    taken by a creature; ``carry``: the treasure a creature carries (-1); ``moves``: a
    creature's movement points left this turn."""

    card: int
    caster: int
    target: str
    tokens: int
    hits: int = 0
    carry: int = -1
    moves: int = 0


class Pending(msgspec.Struct, frozen=True, gc=False):
    """An attack on a wizard waiting for the target's counter spells.

    ``card`` is the attack card (-1 for a punch); ``kind`` is ``"punch"``, ``"spell"`` or
    ``"throw"``; ``damage`` before reductions, ``reduced`` so far; ``dtype``
    ``"physical"``/``"magical"``; ``mode`` the card's option (Zot! ``"stun"``).
    ``origin``: the square the attack comes from; ``rest``: further wizards the same
    attack hits, answered one after another.

    A neutral spell waiting for counters has ``kind`` ``"neutral"``, the spell in
    ``action`` and the seats still to answer in ``responders`` (``target`` is the first).
    """

    attacker: int
    target: int
    card: int
    kind: str
    damage: int
    dtype: str
    fire: bool = False
    energy: int = 1
    mode: str = ""
    reduced: int = 0
    origin: int = -1
    rest: tuple[int, ...] = ()
    responders: tuple[int, ...] = ()
    action: Cast | None = None


class State(msgspec.Struct, frozen=True, gc=False):
    """The whole truth of a game (views hide other hands and the deck order).

    Per-seat tuples are indexed by seat. ``pos`` is -1 for a dead wizard. ``treasures``:
    the square of each treasure (``2 * owner + k``), -1 while carried; ``bearer``: who
    carries it (-1). ``objects``: dropped items as (card, square). ``phase``: ``start``,
    ``move`` (Move and Cast), ``draw`` (Discard and Draw), ``respond`` (the target of
    ``pending`` may counter), ``over``. ``mp``: movement points left; ``boosted``,
    ``attacked``, ``moved``, ``stunned``: this turn's flags; ``picked``: a door opened by
    Pick Lock this phase (-1); ``origin``: the square an Astral Projection casts from this
    phase (-1); ``bend``: Around the Corner waits for the next spell.
    """

    players: int
    names: tuple[str, ...]
    options: Options
    phase: str
    active: int
    turns: tuple[int, ...]
    pos: tuple[int, ...]
    life: tuple[int, ...]
    kills: tuple[int, ...]
    stun: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    carried: tuple[tuple[int, ...], ...]
    spells: tuple[Spell, ...]
    objects: tuple[tuple[int, int], ...]
    treasures: tuple[int, ...]
    bearer: tuple[int, ...]
    edges: tuple[str, ...]
    cracks: tuple[int, ...]
    mp: int = 0
    boosted: bool = False
    attacked: bool = False
    moved: bool = False
    stunned: bool = False
    picked: int = -1
    origin: int = -1
    bend: bool = False
    pending: Pending | None = None
    winners: tuple[int, ...] = ()
    result: str = ""
