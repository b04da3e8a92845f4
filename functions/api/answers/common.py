"""What every answer model shares: closed models, numbers kept as the domain gives them, a name by id."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, WithJsonSchema

# A JSON number kept as given: an int stays an int and a float a float (a plain ``float`` field would
# turn 1 into 1.0 and change the bytes of an answer the domain computes with ints or floats).
Number = Annotated[int | float, WithJsonSchema({"type": "number"})]


class Closed(BaseModel):
    """An answer with exactly its declared fields, built on first use (``defer_build``: a cold start does
    not build every answer's serializer, a request builds its own)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class Named(Closed):
    """An id with its display name."""

    id: str
    name: str
