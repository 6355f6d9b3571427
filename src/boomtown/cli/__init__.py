"""The ``boomtown`` command: ``rules``, ``play``, ``simulate``, ``replay``, ``bench``, ``serve``.

Every command works for every registered game through the engine contract
(:mod:`boomtown.engine`) alone; nothing here knows a game's internals.

- :mod:`boomtown.cli.main`: the click commands and the error boundary
- :mod:`boomtown.cli.rules`: describing a ruleset (identity, options, rules report)
- :mod:`boomtown.cli.simulate`: uniform random play and simulation summaries
- :mod:`boomtown.cli.tournament`: ``simulate --bots``, seat-rotated tournaments between bots
- :mod:`boomtown.cli.play`: people and bots at one terminal (``play``)
- :mod:`boomtown.cli.replay`: reading records from files and printing replays
- :mod:`boomtown.cli.bench`: the speed benchmark
- :mod:`boomtown.cli.scores`: final totals, winners and score tables
- :mod:`boomtown.cli.table`: plain-text tables
"""
