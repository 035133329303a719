"""The observation: what the acting seat may know, as a fixed-shape array of bytes.

A game whose ``observe`` module has ``observation(view, seat)`` gives the seat's view as
a fixed number of small numbers, documented field by field in that module (Vicious
Circle's board as one-hot planes…); for any other game this encoder writes the seat's view
(``view(state, seat)``) as canonical JSON (``msgspec.json.encode``), which makes no claim
to be a good input for a network. Either is the payload of a ``uint8`` vector of
``HEAD + length`` bytes:

- byte 0: the observing seat;
- byte 1: how many steps of the current action it has chosen (0 to 8; 0 when not acting);
- bytes 2 and 3: the payload's length, big-endian;
- bytes 4 to 19: the codes of the steps chosen (:mod:`grimoire.envs.codec`), each plus
  one, as eight big-endian 16-bit numbers (0: none);
- from byte 20 (``HEAD``): the payload (the game's numbers, or the view's JSON then zeros
  to the fixed length).

Everything in it comes from the view and from the seat's own choices, so two states the
seat cannot tell apart give the same bytes. A view longer than ``length`` is refused
(``envs/observation-too-long``), never cut.

>>> from grimoire.testing import tally     # a game with no numbers of its own
>>> rules = tally.register()
>>> state = rules.setup(rules.Options(), ("Ann", "Ben"))
>>> obs = encode(rules, state, 1, (), 4096)
>>> obs.shape, int(obs[0]), bytes(obs[HEAD:HEAD + 1])
((4116,), 1, b'{')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from grimoire.core.errors import UsageError

DEPTH = 8
"""The most steps of one action the observation records."""
HEAD = 4 + 2 * DEPTH
"""Bytes before the view's JSON."""
LENGTH = 4096
"""The default room for the view's JSON, in bytes."""

_json = msgspec.json.Encoder()


def encode(rules: Any, state: Any, seat: int, path: Sequence[int],
           length: int | None = None) -> npt.NDArray[np.uint8]:
    """Seat ``seat``'s observation of ``state``, having chosen the codes ``path`` of the
    action it is choosing (``length``: the payload's room; by default the game's numbers,
    or :data:`LENGTH` bytes of JSON).

    >>> from grimoire import registry
    >>> rules = registry.get("wizard-armies")
    >>> encode(rules, rules.setup(rules.Options(), ("Light", "Dark")), 0, (3,)).shape
    (60,)
    """
    text = seen(rules, state, seat)
    if length is None:
        length = len(text) if getattr(rules, "observation", None) is not None else LENGTH
    return frame(text, seat, path, length, rules.name)


def seen(rules: Any, state: Any, seat: int, view: Any = None) -> bytes:
    """The payload of seat ``seat``'s observation of ``state`` (what :func:`frame` holds):
    the game's numbers for the seat's view (``rules.observation``), or the view as
    canonical JSON. ``view``: the seat's view of ``state``, when the caller has it.

    >>> from grimoire.testing import tally
    >>> rules = tally.register()
    >>> seen(rules, rules.setup(rules.Options(), ("Ann", "Ben")), 0)[:1]
    b'{'
    """
    if view is None:
        view = rules.view(state, seat)
    numbers = getattr(rules, "observation", None)
    if numbers is not None:
        return bytes(numbers(view, seat))
    return _json.encode(view)


def size(rules: Any, count: int, length: int = LENGTH) -> int:
    """The payload's fixed length for ``rules`` with ``count`` seats: the number of the
    game's numbers, or ``length`` bytes of JSON.

    >>> from grimoire import registry
    >>> from grimoire.testing import tally
    >>> size(registry.get("vicious-circle"), 2), size(tally.register(), 2)
    (301, 4096)
    """
    numbers = getattr(rules, "observation", None)
    if numbers is None:
        return length
    state = rules.setup(rules.Options(), tuple(f"Seat {i + 1}" for i in range(count)))
    return len(numbers(rules.view(state, 0), 0))


def frame(text: bytes, seat: int, path: Sequence[int], length: int = LENGTH,
          game: str = "") -> npt.NDArray[np.uint8]:
    """The observation holding a view's JSON ``text`` (:func:`seen`), for seat ``seat``
    having chosen ``path``.

    >>> frame(b"{}", 0, (5,), 8)[:8].tolist()
    [0, 1, 0, 2, 0, 6, 0, 0]
    """
    if len(text) > length:
        raise UsageError("envs/observation-too-long", f"{game or 'the game'}: seat {seat}'s "
                         f"view is {len(text)} bytes, more than the {length} the "
                         "observation holds; make the environment with a larger "
                         "observation_bytes")
    if len(path) > DEPTH:
        raise UsageError("envs/action-too-deep", f"an action of more than {DEPTH} steps")
    head = bytearray(HEAD)
    head[0] = seat
    head[1] = len(path)
    head[2], head[3] = divmod(len(text), 256)
    for i, code in enumerate(path):
        head[4 + 2 * i], head[5 + 2 * i] = divmod(code + 1, 256)
    head += text
    if len(text) < length:
        head += bytes(length - len(text))
    return np.frombuffer(head, dtype=np.uint8)  # writable: it holds the bytearray
