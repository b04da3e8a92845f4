"""What runs on a developer's or operator's machine, never in Lambda: the ``scopa`` command, the local
server behind ``make run``, backups, sample events and the fake Lambda context. Not part of the layer."""
