"""The ports on one SQLite file (standard library ``sqlite3``, WAL): the embedded store of ``make run``.

Same semantics as the DynamoDB adapter, held to it by ``tests/contract``: version-conditioned writes
lose with :class:`~scopa.application.ports.conflict.WriteConflict`, a transaction commits all or nothing,
lists order and page the same way. Not shipped in the Lambda layer.
"""
