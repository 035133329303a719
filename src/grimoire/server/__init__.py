"""A match server for frontends (the ``grimoire-games[server]`` extra): ``grimoire serve``.

>>> from grimoire.server import ServerConfig, create_app
>>> create_app(ServerConfig(db=":memory:")).routes[0].path  # the lobby
'/'
"""

from grimoire.server.app import ServerConfig, create_app

__all__ = ["ServerConfig", "create_app"]
