"""CloudFormation's intrinsic functions over a table of what each resource's ``Ref`` and attributes are.

Only what CDK templates use: ``Ref``, ``Fn::GetAtt``, ``Fn::Join``, ``Fn::Sub``, ``Fn::Select``,
``Fn::Split``, ``Fn::If`` and the condition functions. An unknown function or an unresolved reference
raises :class:`Unresolved`, naming it, so a template the rehearsal cannot read fails loudly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


class Unresolved(RuntimeError):
    """A reference the table does not hold, or a function the rehearsal does not know."""


@dataclass
class Physical:
    """What a resource is once made: its ``Ref`` value and its ``Fn::GetAtt`` attributes."""

    ref: str
    attributes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Pseudo:
    """The pseudo parameters of one account and region."""

    account: str
    region: str
    stack_name: str
    partition: str = "aws"
    url_suffix: str = "amazonaws.com"

    def values(self) -> dict[str, str]:
        return {
            "AWS::AccountId": self.account,
            "AWS::Region": self.region,
            "AWS::Partition": self.partition,
            "AWS::URLSuffix": self.url_suffix,
            "AWS::StackName": self.stack_name,
            "AWS::StackId": f"arn:{self.partition}:cloudformation:{self.region}:{self.account}:stack/"
            f"{self.stack_name}/00000000-0000-0000-0000-000000000000",
            "AWS::NoValue": "",
        }


_SUB = re.compile(r"\$\{([^}!][^}]*)\}")
NO_VALUE = object()


def references(node: Any) -> set[str]:
    """The logical ids a template node refers to (``Ref``, ``Fn::GetAtt``, ``${Name}`` in ``Fn::Sub``)."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "Ref" and isinstance(value, str):
                found.add(value)
            elif key == "Fn::GetAtt":
                target = value[0] if isinstance(value, list) else str(value).split(".", 1)[0]
                found.add(target)
            elif key == "Fn::Sub":
                text = value[0] if isinstance(value, list) else value
                found |= {m.split(".", 1)[0] for m in _SUB.findall(text)}
                if isinstance(value, list):
                    found -= set(value[1])
                    found |= references(value[1])
            else:
                found |= references(value)
    elif isinstance(node, list):
        for item in node:
            found |= references(item)
    return {name for name in found if not name.startswith("AWS::")}


class Resolver:
    """Resolves template nodes against the resources made so far, the parameters and the conditions."""

    def __init__(
        self,
        pseudo: Pseudo,
        physical: Mapping[str, Physical],
        parameters: Mapping[str, str],
        conditions: Mapping[str, Any],
    ) -> None:
        self.pseudo = pseudo.values()
        self.physical = physical
        self.parameters = parameters
        self.conditions = conditions
        self._functions: dict[str, Callable[[Any], Any]] = {
            "Ref": self._ref,
            "Fn::GetAtt": self._get_att,
            "Fn::Join": self._join,
            "Fn::Sub": self._sub,
            "Fn::Select": self._select,
            "Fn::Split": self._split,
            "Fn::If": self._if,
            "Fn::Equals": lambda v: self.resolve(v[0]) == self.resolve(v[1]),
            "Fn::Not": lambda v: not self.resolve(v[0]),
            "Fn::And": lambda v: all(self.resolve(x) for x in v),
            "Fn::Or": lambda v: any(self.resolve(x) for x in v),
            "Condition": self.condition,
        }

    def resolve(self, node: Any) -> Any:
        """``node`` with every intrinsic function replaced by its value (``AWS::NoValue`` drops a key)."""
        if isinstance(node, dict):
            if len(node) == 1:
                ((key, value),) = node.items()
                if key in self._functions:
                    return self._functions[key](value)
                if key.startswith("Fn::"):
                    raise Unresolved(f"intrinsic function {key} is not supported by the rehearsal")
            out = {k: self.resolve(v) for k, v in node.items()}
            return {k: v for k, v in out.items() if v is not NO_VALUE}
        if isinstance(node, list):
            return [x for x in (self.resolve(v) for v in node) if x is not NO_VALUE]
        return node

    def condition(self, name: str) -> bool:
        if name not in self.conditions:
            raise Unresolved(f"condition {name!r} is not in the template")
        return bool(self.resolve(self.conditions[name]))

    def _ref(self, name: str) -> Any:
        if name == "AWS::NoValue":
            return NO_VALUE
        if name in self.pseudo:
            return self.pseudo[name]
        if name in self.parameters:
            return self.parameters[name]
        if name in self.physical:
            return self.physical[name].ref
        raise Unresolved(f"Ref {name!r}: no such resource or parameter (yet)")

    def _get_att(self, value: Any) -> str:
        lid, attribute = value if isinstance(value, list) else str(value).split(".", 1)
        attribute = self.resolve(attribute)
        if lid not in self.physical:
            raise Unresolved(f"Fn::GetAtt {lid}.{attribute}: no such resource (yet)")
        attributes = self.physical[lid].attributes
        if attribute not in attributes:
            raise Unresolved(f"Fn::GetAtt {lid}.{attribute}: the rehearsal does not know that attribute")
        return attributes[attribute]

    def _join(self, value: list[Any]) -> str:
        separator, parts = value
        return str(separator).join(str(self.resolve(p)) for p in self.resolve(parts))

    def _sub(self, value: Any) -> str:
        text, variables = (value[0], value[1]) if isinstance(value, list) else (value, {})
        local = {k: self.resolve(v) for k, v in variables.items()}

        def one(match: re.Match[str]) -> str:
            name = match.group(1)
            if name in local:
                return str(local[name])
            if "." in name and not name.startswith("AWS::"):
                lid, attribute = name.split(".", 1)
                return self._get_att([lid, attribute])
            return str(self._ref(name))

        return _SUB.sub(one, text).replace("${!", "${")

    def _select(self, value: list[Any]) -> Any:
        index, items = value
        return self.resolve(items)[int(self.resolve(index))]

    def _split(self, value: list[Any]) -> list[str]:
        separator, text = value
        return str(self.resolve(text)).split(separator)

    def _if(self, value: list[Any]) -> Any:
        name, then, otherwise = value
        return self.resolve(then if self.condition(name) else otherwise)
