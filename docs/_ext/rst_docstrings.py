"""A griffe extension that reads grimoire's docstrings as the Markdown the site renders.

grimoire's docstrings are written for ``help()`` and doctest, with a few reStructuredText
habits: ``literal`` (double backticks, which Markdown reads as code too), doctest lines
(``>>>``), a paragraph ending in ``::`` before an indented block, and Sphinx roles
(:class:`~grimoire.core.match.Match`). Rather than rewrite every docstring, the site's
copy of each one is translated as it is loaded (the code's own ``__doc__`` is untouched):

- a run of doctest lines becomes a fenced ``pycon`` block;
- ``text::`` and the indented block after it become ``text:`` and a fenced block;
- a role becomes a cross-reference to the object it names, resolved in the docstring's
  own scope as Sphinx would (``~`` shows the last name only); a name that resolves to
  nothing in grimoire, or to a private name (which the reference leaves out), stays plain
  code, while a role naming a public object the reference does not show breaks the strict
  build (autorefs says so), so the reference keeps up with the docstrings.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|meth|mod|attr|data|exc|obj):`(?P<body>[^`]+)`")
FENCE = "```"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def doctest_fences(text: str) -> str:
    """Wrap each run of doctest lines (``>>>`` to the next blank line) in a fence.

    >>> doctest_fences("Try:\\n\\n>>> 1 + 1\\n2\\n\\nDone.").splitlines()
    ['Try:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    lines = text.splitlines()
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(FENCE):
            fenced = not fenced
        if not fenced and line.lstrip().startswith(">>>"):
            pad = " " * _indent(line)
            if out and out[-1].strip():
                out.append("")
            out.append(pad + FENCE + "pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(pad + FENCE)
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def literal_blocks(text: str) -> str:
    """RST's ``para::`` + indented block as ``para:`` + a fenced block.

    >>> print(literal_blocks("In a test::\\n\\n    assert x\\n\\nAfter."))
    In a test:
    <BLANKLINE>
    ```
    assert x
    ```
    <BLANKLINE>
    After.
    """
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.rstrip().endswith("::"):
            out.append(line)
            i += 1
            continue
        base = _indent(line)
        head = line.rstrip()[:-2].rstrip()
        out.append(head + ":" if head.strip() else "")
        i += 1
        block: list[str] = []
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > base):
            block.append(lines[i])
            i += 1
        while block and not block[-1].strip():
            block.pop()
        while block and not block[0].strip():
            block.pop(0)
        body = [b for b in block if b.strip()]
        if not body:
            continue
        cut = min(_indent(b) for b in body)
        pad = " " * base
        out += ["", pad + FENCE]
        out += [(pad + b[cut:]) if b.strip() else "" for b in block]
        out += [pad + FENCE, ""]
    return "\n".join(out)


def _resolve(obj: griffe.Object, name: str) -> str | None:
    """The full path ``name`` stands for in ``obj``'s scope, or None."""
    first, _, rest = name.partition(".")
    try:
        path = obj.resolve(first)
    except griffe.NameResolutionError:
        path = first
    full = f"{path}.{rest}" if rest else path
    if not full.startswith("grimoire") or any(p.startswith("_") for p in full.split(".")):
        return None  # outside grimoire, or private: the reference does not show it
    try:
        obj.modules_collection.get_member(full)
    except (KeyError, ValueError, AttributeError, griffe.AliasResolutionError,
            griffe.CyclicAliasError):
        return None
    return full


def roles(obj: griffe.Object, text: str) -> str:
    """Sphinx roles as cross-references (``[`Match`][grimoire.core.match.Match]``)."""

    def one(hit: re.Match[str]) -> str:
        body = hit.group("body").strip()
        titled = re.fullmatch(r"(?P<title>.+?)\s*<(?P<target>[^>]+)>", body)
        if titled:
            title, target = titled.group("title"), titled.group("target")
        else:
            target = body.lstrip("~").rstrip("()")
            title = target.rsplit(".", 1)[-1] if body.startswith("~") else target
        full = _resolve(obj, target.lstrip("."))
        return f"[`{title}`][{full}]" if full else f"`{title}`"

    return ROLE.sub(one, text)


def translate(obj: griffe.Object, text: str) -> str:
    """All three translations, in the order that keeps them apart."""
    return roles(obj, doctest_fences(literal_blocks(text)))


class RstDocstrings(griffe.Extension):
    """Translate every docstring of the package once it is wholly loaded."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        seen: set[int] = set()
        stack: list[griffe.Object] = [pkg]
        while stack:
            obj = stack.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if obj.docstring is not None:
                obj.docstring.value = translate(obj, obj.docstring.value)
            stack.extend(m for m in obj.members.values() if not m.is_alias)  # type: ignore[misc]
