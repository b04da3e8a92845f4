"""The domain: the games, tournaments and ratings, as pure and deterministic code.

Nothing here does I/O or reads the clock. The games are peers under :mod:`scopa.domain.games` (its
registry is the one way the outer layers reach a game); tournaments and ratings are game-neutral.
"""
