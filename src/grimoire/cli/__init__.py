"""The ``grimoire`` command: one module per command, each a thin layer over
:mod:`grimoire.tools`. Errors become exit codes in one place (:mod:`grimoire.cli.common`)."""
