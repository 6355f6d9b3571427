"""The simulation lab: seat-rotated tournaments between bots, summaries, ratings, reports.

- :mod:`boomtown.sim.match`: one game between bots, as a JSON-ready result
- :mod:`boomtown.sim.tournament`: scheduling and running games (process pool or Ray)
- :mod:`boomtown.sim.stats`: win rates and means with intervals (by bot, turn position,
  starting asymmetry, score category), game length, ties, A/B differences, OpenSkill ratings
- :mod:`boomtown.sim.report`: the HTML report with matplotlib plots
- :mod:`boomtown.sim.features`: what the lab reads through each game's own hooks
  (``Ruleset.seat_setup`` and ``Ruleset.seat_features``; no game is imported here)
"""
