"""The domain: cards, rules, the engine, bots, tournaments and ratings, as pure and deterministic code.

Nothing here does I/O or reads the clock. Start with :func:`scopa.domain.engine.new_game`,
:func:`~scopa.domain.engine.legal_moves` and :func:`~scopa.domain.engine.apply_move`; the seat views are
in :mod:`scopa.domain.views`, records and replay in :mod:`scopa.domain.record`, rule options in
:mod:`scopa.domain.rules`, the game-neutral interface in :mod:`scopa.domain.games`.
"""
