"""The simulation lab: seat-rotated tournaments between bots, summaries, ratings, reports.

- :mod:`boomtown.sim.match`: one game between bots, as a JSON-ready result
- :mod:`boomtown.sim.tournament`: scheduling and running games (process pool or Ray)
- :mod:`boomtown.sim.stats`: win rates with intervals, score statistics, OpenSkill ratings
- :mod:`boomtown.sim.report`: the HTML report with matplotlib plots
- :mod:`boomtown.sim.features`: per-game seat features reported (Western Town: start card)
"""
