"""Scopa: the code the Lambda functions share, one package per layer.

* :mod:`scopa.domain`: the rules engine, bots, tournaments and ratings as pure code (no I/O, no clock).
* :mod:`scopa.application`: entities and their ports, the services, the application's errors.
* :mod:`scopa.adapters`: the ports on storage (DynamoDB for AWS, SQLite for a local club).
* :mod:`scopa.web`: the server-rendered pages.

Dependencies point inwards only: adapters and web know the application, the application knows the
domain, the domain knows nothing else. ``docs/architecture.md`` follows one request through the layers.
"""

__version__ = "0.1.0"
