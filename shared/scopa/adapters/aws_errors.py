"""What the adapters log of a failed AWS call: its error code, never its message (which may echo input)."""

from __future__ import annotations


def error_code(exc: Exception) -> str:
    """The AWS error code of a botocore error, else the exception's class name."""
    response = getattr(exc, "response", None)
    if isinstance(response, dict):
        return str(response.get("Error", {}).get("Code", type(exc).__name__))
    return type(exc).__name__
