"""IAM's evaluation of identity policies, over a role's statements as the template writes them.

moto checks a caller's actions but, for most services, not the resource (it asks every DynamoDB
statement about ``*``), so the rehearsal evaluates each call itself: an explicit ``Deny`` wins, then any
``Allow`` whose action and resource patterns match; otherwise the call is denied, as in AWS. Actions
match without regard to case, resources with it; ``*`` and ``?`` are the wildcards. A statement with a
``Condition`` is evaluated only for the one context key the rehearsal knows, ``dynamodb:LeadingKeys`` (the
partition key of a single-item DynamoDB call) under ``ForAllValues:StringLike``; any other condition never
allows, and the report names it. The :class:`Grants` of a role also remember which of their (action,
resource) pairs some call used, so the report can list what is granted and never called.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any


@cache
def _pattern(text: str, ignore_case: bool) -> re.Pattern[str]:
    body = "".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in text)
    return re.compile(f"^{body}$", re.IGNORECASE if ignore_case else 0)


def matches(pattern: str, value: str, *, ignore_case: bool = False) -> bool:
    return bool(_pattern(pattern, ignore_case).match(value))


def _listed(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else [str(v) for v in value or []]


_LEADING_KEYS_OPERATOR = "ForAllValues:StringLike"


def _leading_keys(condition: Any) -> tuple[str, ...] | None:
    """The patterns of a condition that only limits ``dynamodb:LeadingKeys`` (else None)."""
    if not isinstance(condition, dict) or len(condition) != 1:
        return None
    operator, tests = next(iter(condition.items()))
    if (
        operator != _LEADING_KEYS_OPERATOR
        or not isinstance(tests, dict)
        or set(tests) != {"dynamodb:LeadingKeys"}
    ):
        return None
    return tuple(_listed(tests["dynamodb:LeadingKeys"]))


@dataclass(frozen=True)
class Statement:
    """One statement of a policy, its patterns already resolved to strings."""

    effect: str
    actions: tuple[str, ...]
    resources: tuple[str, ...]
    not_actions: tuple[str, ...] = ()
    not_resources: tuple[str, ...] = ()
    has_condition: bool = False
    policy: str = ""
    #: The partition-key patterns of a ``dynamodb:LeadingKeys`` condition (None: no such condition, or
    #: one the rehearsal cannot evaluate).
    leading_keys: tuple[str, ...] | None = None

    @classmethod
    def of(cls, raw: dict[str, Any], policy: str) -> Statement:
        return cls(
            effect=str(raw["Effect"]),
            actions=tuple(_listed(raw.get("Action"))),
            resources=tuple(_listed(raw.get("Resource"))),
            not_actions=tuple(_listed(raw.get("NotAction"))),
            not_resources=tuple(_listed(raw.get("NotResource"))),
            has_condition=bool(raw.get("Condition")),
            policy=policy,
            leading_keys=_leading_keys(raw.get("Condition")),
        )

    def condition_holds(self, leading_keys: tuple[str, ...]) -> bool:
        """Whether the statement's condition allows a call on these partition keys (none: no condition)."""
        if not self.has_condition:
            return True
        if self.leading_keys is None or not leading_keys:
            return False
        return all(any(matches(p, key) for p in self.leading_keys) for key in leading_keys)

    def covers_action(self, action: str) -> bool:
        if self.not_actions:
            return not any(matches(p, action, ignore_case=True) for p in self.not_actions)
        return any(matches(p, action, ignore_case=True) for p in self.actions)

    def covers_resource(self, resource: str) -> bool:
        if self.not_resources:
            return not any(matches(p, resource) for p in self.not_resources)
        return any(matches(p, resource) for p in self.resources)

    def covers(self, action: str, resource: str) -> bool:
        return self.covers_action(action) and self.covers_resource(resource)


@dataclass(frozen=True)
class Decision:
    allowed: bool
    reason: str  # "allowed by <policy>", "explicitly denied by <policy>", "no statement allows it"


@dataclass
class Grants:
    """A role's identity statements, and which of their (action, resource) pairs calls have used."""

    role: str
    statements: list[Statement] = field(default_factory=list)
    used: set[tuple[int, str, str]] = field(default_factory=set)  # (statement, action, resource pattern)

    def add(self, document: dict[str, Any], policy: str) -> None:
        raw = document.get("Statement", [])
        for statement in [raw] if isinstance(raw, dict) else raw:
            self.statements.append(Statement.of(statement, policy))

    def decide(self, action: str, resource: str, leading_keys: tuple[str, ...] = ()) -> Decision:
        """IAM's answer for ``action`` on ``resource`` (``leading_keys``: the partition keys a DynamoDB call
        touches, when it names them); an allowed call marks the pairs it used."""
        for statement in self.statements:
            if statement.effect == "Deny" and statement.covers(action, resource):
                return Decision(False, f"explicitly denied by {statement.policy}")
        allowing = [
            (i, s)
            for i, s in enumerate(self.statements)
            if s.effect == "Allow" and s.covers(action, resource) and s.condition_holds(leading_keys)
        ]
        for i, statement in allowing:
            for granted_action in statement.actions or ("*",):
                if not matches(granted_action, action, ignore_case=True):
                    continue
                for granted_resource in statement.resources or ("*",):
                    if matches(granted_resource, resource):
                        self.used.add((i, granted_action, granted_resource))
        if allowing:
            return Decision(True, f"allowed by {allowing[0][1].policy}")
        return Decision(False, "no statement allows it")

    def unused(self) -> list[tuple[str, str]]:
        """Every (action, resource) an Allow grants that no call used, in the template's order."""
        left: list[tuple[str, str]] = []
        for i, statement in enumerate(self.statements):
            if statement.effect != "Allow":
                continue
            for action in statement.actions or ("*",):
                for resource in statement.resources or ("*",):
                    if (i, action, resource) not in self.used:
                        left.append((action, resource))
        return left

    def conditional(self) -> list[Statement]:
        """The statements whose condition the rehearsal cannot evaluate."""
        return [s for s in self.statements if s.has_condition and s.leading_keys is None]
