"""Briscola, the platform's second game: cards, rules, state, engine, views, record and bots (pure, no I/O).

:class:`scopa.domain.games.briscola.game.BriscolaEngine` is its :class:`~scopa.domain.games.GameEngine`;
docs/briscola.md describes the rules, every option and the decisions.
"""
