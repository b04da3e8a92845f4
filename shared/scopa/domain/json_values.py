"""Field types for values that come as JSON, read as JSON Schema types them.

The models that read requests (the API's bodies, a tournament's settings, the games' rule options) are
strict: a boolean is ``true`` or ``false`` (never ``0`` or ``"true"``), a number is never a string or a
boolean, a string never a number. The one coercion kept is JSON Schema's own: a number without a fraction
(``3.0``) is the ``integer`` 3, so an integer field is a :data:`JsonInt`.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any

from pydantic import BeforeValidator, Field


def _integral(value: Any) -> Any:
    """A JSON number with no fraction (``67788.0``) is the integer JSON Schema calls it; ``true`` is not."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: Reads ``3.0`` as 3 before a strict integer's check. Bounds of an optional integer go before it, in the
#: same ``Annotated`` (``Annotated[int, Field(ge=1), Integral] | None``): after it, pydantic writes them to
#: the document as "ge"/"le", which no JSON Schema reader knows.
Integral = BeforeValidator(_integral)

#: An integer that refuses booleans and strings but takes ``3.0``, as JSON Schema's ``integer`` does.
JsonInt = Annotated[int, Field(strict=True), Integral]

_RFC3339 = re.compile(r"\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)")


def _date_time(value: Any) -> Any:
    """An RFC 3339 date-time string (JSON Schema's ``date-time``), with its offset; not a number."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str) or not _RFC3339.fullmatch(value):
        raise ValueError("a date-time in RFC 3339 with its offset, for example 2026-12-01T18:00:00+01:00")
    return value


#: A date-time as JSON Schema's ``format: date-time`` states it (pydantic alone also reads unix times).
JsonDateTime = Annotated[datetime, Field(strict=False), BeforeValidator(_date_time)]
