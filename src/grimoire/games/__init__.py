"""The built-in games. Each sub-package exports ``RULES`` and is registered through the
``grimoire.games`` entry-point group; no game imports another."""
