"""Research interfaces for every registered game: PettingZoo, Gymnasium and OpenSpiel.

* :mod:`boomtown.rl.pettingzoo`: ``env(game, players, options)``, an AEC environment;
* :mod:`boomtown.rl.gymnasium`: ``BoomtownEnv``, one seat against opponents;
* :mod:`boomtown.rl.openspiel`: ``register_games()`` / ``load_game()``, OpenSpiel games;
* :mod:`boomtown.rl.encoding`: the fixed-length numeric encoding of ``view(seat)`` they share.

They need the optional libraries ``pettingzoo``, ``gymnasium``, ``open_spiel`` and ``numpy``
(the ``rl`` extra); this package imports none of them until a submodule is imported. Every
interface is built only on the engine contract, so a newly registered game works unchanged.
See ``docs/rl.md``.
"""
