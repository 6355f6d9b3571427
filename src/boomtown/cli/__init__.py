"""The ``boomtown`` command: ``rules``, ``simulate``, ``replay``, ``bench`` and ``serve``.

Every command works for every registered game through the engine contract
(:mod:`boomtown.engine`) alone; nothing here knows a game's internals.

- :mod:`boomtown.cli.main`: the click commands and the error boundary
- :mod:`boomtown.cli.rules`: describing a ruleset (identity, options, rules report)
- :mod:`boomtown.cli.simulate`: uniform random play and simulation summaries
- :mod:`boomtown.cli.replay`: reading records from files and printing replays
- :mod:`boomtown.cli.bench`: the speed benchmark
- :mod:`boomtown.cli.scores`: final totals, winners and score tables
- :mod:`boomtown.cli.table`: plain-text tables
"""
