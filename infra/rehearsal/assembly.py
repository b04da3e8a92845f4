"""A cloud assembly (``cdk.out``) as the deploy tools read it: the manifest, a stack's template, assets."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class AssemblyError(RuntimeError):
    """The folder is not a cloud assembly, or it lacks what its manifest names."""


@dataclass(frozen=True)
class Assembly:
    """One stack of a cloud assembly: its name, template and file assets (by object key)."""

    folder: Path
    stack_name: str
    template: dict[str, Any]
    assets: dict[str, Path]  # S3 object key (``<hash>.zip``) -> the asset's folder

    @property
    def resources(self) -> dict[str, dict[str, Any]]:
        resources: dict[str, dict[str, Any]] = self.template.get("Resources", {})
        return resources

    def of_type(self, kind: str) -> dict[str, dict[str, Any]]:
        return {lid: r for lid, r in self.resources.items() if r.get("Type") == kind}

    def asset(self, object_key: str) -> Path:
        """The folder that a ``Code`` or ``Content`` property's ``S3Key`` names."""
        if object_key not in self.assets:
            raise AssemblyError(f"the template names asset {object_key!r}, which the assembly does not hold")
        return self.assets[object_key]


def read(folder: Path, stack: str | None = None) -> Assembly:
    """The stack ``stack`` (or the assembly's only stack) of the cloud assembly in ``folder``."""
    folder = folder.resolve()
    manifest_file = folder / "manifest.json"
    if not manifest_file.exists():
        raise AssemblyError(f"{folder} holds no manifest.json: synthesise first (make synth)")
    artifacts: dict[str, Any] = json.loads(manifest_file.read_text())["artifacts"]
    stacks = {n: a for n, a in artifacts.items() if a.get("type") == "aws:cloudformation:stack"}
    if stack is None:
        if len(stacks) != 1:
            raise AssemblyError(f"the assembly holds stacks {sorted(stacks)}: name one")
        stack = next(iter(stacks))
    if stack not in stacks:
        raise AssemblyError(f"no stack {stack!r} in the assembly (it holds {sorted(stacks)})")
    template = json.loads((folder / stacks[stack]["properties"]["templateFile"]).read_text())
    assets: dict[str, Path] = {}
    for dependency in stacks[stack].get("dependencies", []):
        artifact = artifacts.get(dependency, {})
        if artifact.get("type") != "cdk:asset-manifest":
            continue
        manifest = json.loads((folder / artifact["properties"]["file"]).read_text())
        for entry in manifest.get("files", {}).values():
            source = entry["source"]
            if source.get("packaging") != "zip":
                continue  # the template itself
            path = folder / source["path"]
            if not path.is_dir():
                raise AssemblyError(f"asset folder {path} is missing")
            for destination in entry["destinations"].values():
                assets[destination["objectKey"]] = path
    return Assembly(folder, stack, template, assets)
