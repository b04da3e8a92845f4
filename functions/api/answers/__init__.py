"""The API's answers: one pydantic model per JSON answer, built from the services' domain objects.

Each JSON route declares its model as its return type, so the resolver validates and serialises what the
route returns against the very schema the OpenAPI document publishes (``tests/fuzz`` holds every answer
to it). Models are closed (``extra="forbid"``): a field that should stay inside the service (a token
hash, the state, a seed) cannot slip into an answer. The parts that belong to the game
(``scopa.domain.games``: a seat's ``view``, the ``rules``, a record's deals) stay open objects.

One module per resource; the services know nothing of them (:mod:`scopa.application` has no HTTP
notions), the routes build them with each model's ``of(...)``.
"""
