"""Scopa and its variants (scopone, scopa d'assi, re bello, cirulla...): cards, rules, captures, scoring,
state, engine, views, record, storage and bots (pure, no I/O).

:class:`scopa.domain.games.scopa.game.ScopaEngine` is its :class:`~scopa.domain.games.base.GameEngine`;
docs/engine.md describes the rules and the decisions.
"""
