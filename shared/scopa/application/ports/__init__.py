"""One port per aggregate, each entity defined beside the port that stores it.

Every adapter implements these protocols with the same semantics (``tests/contract`` holds them to it):
a write conditioned on a version or on absence raises :class:`~.conflict.WriteConflict` when it loses,
a transaction commits all or nothing, and list pages are ordered and resumed by opaque cursors.
"""
