"""A match server for frontends (the ``grimoire-games[server]`` extra): ``grimoire serve``.

>>> from grimoire.server import ServerConfig, create_app
>>> "/" in {route.path for route in create_app(ServerConfig(db=":memory:")).routes}  # the lobby
True
"""

from grimoire.server.app import ServerConfig, create_app

__all__ = ["ServerConfig", "create_app"]
