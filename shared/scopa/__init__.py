"""Scopa: the rules engine and the domain code of the tournament and ranking service.

The engine is pure Python: no AWS, no clock, no I/O. Start with :func:`scopa.engine.new_game`,
:func:`scopa.engine.legal_moves` and :func:`scopa.engine.apply_move`; views for each seat are in
:mod:`scopa.views`, records and replay in :mod:`scopa.record`, rule options in :mod:`scopa.rules`.
"""

__version__ = "0.1.0"
